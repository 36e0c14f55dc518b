"""A naive hu-type classifier under a rule set, its joker brute force, and winning-biased hands.

``naive_hu_rules`` applies docs/hutypes.md literally: every shape the rules
allow, tried in priority order, by plain enumeration (every split of the
concealed tiles, every knitted set written out as text).  ``best_over_jokers``
tries every placement of the jokers; the random hands are
``mahjong_fast._bench.hu_hands.random_rules_case``.  Nothing here shares code with the
kernels; the standard-form splits come from ``support.hu_types.all_splits``.
"""
from __future__ import annotations

import itertools
from collections.abc import Sequence

import mahjong_fast as mf
from mahjong_fast._bench.hu_hands import random_rules_case
from mahjong_fast._classify import HuType
from mahjong_fast._layout import FIRST_HONOR, N_KINDS, N_SUITS, ORPHANS, SUIT_SIZE
from mahjong_fast._rules import Rules

from support.hu_types import CHOW, CONCEALED_KONG, all_splits, meld_counts

__all__ = [
    "KNITTED_SETS",
    "MeldSpec",
    "best_over_jokers",
    "naive_hu_rules",
    "random_rules_case",
    "suit_count",
]

MeldSpec = tuple[int, int]  # (kind, tile)
H = HuType

KNITTED_SETS: list[tuple[int, ...]] = [
    tuple(t for t in range(N_KINDS) if mf.to_counts(f"{a}m{b}p{c}s")[t])
    for a, b, c in itertools.permutations(("147", "258", "369"))
]
"""The six knitted sets, spelled out as text: 147m258p369s and its suit permutations."""

PRIORITY = (H.SHI_SAN_YAO, H.QI_XING_BU_KAO, H.QUAN_BU_KAO, H.ZU_HE_LONG, H.HAO_HUA_QI_DUI,
            H.QI_DA_DUI, H.QI_XIAO_DUI, H.DUI_DUI_HU, H.PING_HU)
"""The shape priority of docs/hutypes.md, best first."""
SUIT_RANK = {H.ZI_YI_SE: 3, H.QING_YI_SE: 2, H.HUN_YI_SE: 1}


def suit_count(whole: Sequence[int]) -> int:
    return sum(1 for g in range(N_SUITS) if any(whole[g * SUIT_SIZE:(g + 1) * SUIT_SIZE]))


def _shape(c: tuple[int, ...], melds: Sequence[MeldSpec], rules: Rules) -> HuType:
    size = sum(c)
    if not melds and size == 14:
        if rules.thirteen_orphans and {t for t in range(N_KINDS) if c[t]} == set(ORPHANS):
            return H.SHI_SAN_YAO
        if rules.knitted and max(c) == 1:
            for knit in KNITTED_SETS:
                if all(t in knit for t in range(FIRST_HONOR) if c[t]):
                    return H.QI_XING_BU_KAO if all(c[FIRST_HONOR:]) else H.QUAN_BU_KAO
    if rules.knitted and len(melds) <= 1:
        for knit in KNITTED_SETS:
            if all(c[t] for t in knit):
                rest = tuple(n - (t in knit) for t, n in enumerate(c))
                if all_splits(rest):
                    return H.ZU_HE_LONG
    if not melds and size == 14 and all(n % 2 == 0 for n in c):
        fours = sum(n // 4 for n in c)
        if rules.seven_pairs == "four_as_two":
            return H.HAO_HUA_QI_DUI if fours >= 2 else H.QI_DA_DUI if fours == 1 else H.QI_XIAO_DUI
        if rules.seven_pairs == "distinct" and max(c) == 2:
            return H.QI_XIAO_DUI
    splits = all_splits(c)
    if not splits:
        return H(0)
    if all(k != CHOW for k, _ in melds) and any(all(kind == "pung" for kind, _ in ms) for _, ms in splits):
        return H.DUI_DUI_HU
    return H.PING_HU


def naive_hu_rules(counts: Sequence[int], melds: Sequence[MeldSpec], self_drawn: bool, rules: Rules) -> int:
    """The hu type of concealed ``counts`` (any size of count) plus ``melds`` under ``rules``."""
    c = tuple(counts)
    whole = [a + b for a, b in zip(c, meld_counts(melds))]
    if suit_count(whole) > rules.max_suits:
        return 0
    shape = _shape(c, melds, rules)
    if not shape:
        return 0
    result = int(shape)
    suits = suit_count(whole)
    if suits == 0:
        result |= H.ZI_YI_SE
    elif suits == 1:
        result |= H.HUN_YI_SE if any(whole[FIRST_HONOR:]) else H.QING_YI_SE
    if all(k == CONCEALED_KONG for k, _ in melds):
        result |= H.MEN_QING
    if len(melds) == 4 and not self_drawn and all(k != CONCEALED_KONG for k, _ in melds):
        result |= H.QUAN_QIU_REN
    return result


def _rank(value: int) -> tuple[int, int]:
    hu = H(value)
    shape = PRIORITY.index(hu.shape)
    suit = max((SUIT_RANK[f] for f in SUIT_RANK if hu & f), default=0)
    return (-shape, suit)


def best_over_jokers(counts: Sequence[int], wild: Sequence[int], melds: Sequence[MeldSpec],
                     self_drawn: bool, fifth: bool, rules: Rules) -> int:
    """The best naive hu type over every way of replacing the jokers by tiles the rules have."""
    real = [0 if wild[t] else n for t, n in enumerate(counts)]
    jokers = sum(counts) - sum(real)
    in_melds = meld_counts(melds)
    kinds = [t for t in range(N_KINDS) if rules.limits[t]]
    best = 0
    for placed in itertools.combinations_with_replacement(kinds, jokers):
        c = list(real)
        for t in placed:
            c[t] += 1
        if not fifth and any(c[t] + in_melds[t] > rules.limits[t] for t in range(N_KINDS)):
            continue
        value = naive_hu_rules(c, melds, self_drawn, rules)
        if value and (not best or _rank(value) > _rank(best)):
            best = value
    return best
