"""A naive hu-type classifier under a rule set, its joker brute force, and winning-biased hands.

``naive_hu_rules`` applies docs/hutypes.md literally: every shape the rules
allow, tried in priority order, by plain enumeration (every split of the
concealed tiles, every knitted set written out as text).  ``best_over_jokers``
tries every placement of the jokers.  Nothing here shares code with the
kernels; the standard-form splits come from ``support.hu_types.all_splits``.
"""
from __future__ import annotations

import itertools
import random
from collections.abc import Sequence

import mahjong_fast as mf
from mahjong_fast._classify import HuType
from mahjong_fast._layout import FIRST_HONOR, N_KINDS, N_SUITS, ORPHANS, SUIT_SIZE
from mahjong_fast._rules import Rules

from support.hu_types import CHOW, CONCEALED_KONG, KONG, PUNG, all_splits, meld_counts

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


# --- hands ---------------------------------------------------------------------

def _meld_fits(kind: int, tile: int, whole: list[int], rules: Rules) -> bool:
    if kind == CHOW and (tile >= FIRST_HONOR or tile % SUIT_SIZE > SUIT_SIZE - 3 or not rules.chows):
        return False
    add = meld_counts([(kind, tile)])
    return all(whole[t] + add[t] <= rules.limits[t] for t in range(N_KINDS))


def random_rules_case(rng: random.Random, rules: Rules) -> tuple[list[int], list[MeldSpec], bool]:
    """Concealed counts, declared melds and self_drawn of a random whole hand whose tiles exist
    under ``rules``: biased toward the forms the rules know (knitted ones included) and toward
    the suit limit, with near misses."""
    while True:
        suits = rng.sample(range(N_SUITS), rng.choice((1, 2, 2, 3)) if rules.max_suits < N_SUITS else 3)
        pool = [t for g in suits for t in range(g * SUIT_SIZE, (g + 1) * SUIT_SIZE)]
        if rules.honours and rng.random() < 0.5:
            pool += list(range(FIRST_HONOR, N_KINDS))
        pool = [t for t in pool if rules.limits[t]]
        if rng.random() < 0.05:  # any tile at all
            pool = [t for t in range(N_KINDS) if rules.limits[t]]
        style = rng.random()
        n_melds = 0 if style < 0.4 else rng.choice((0, 1, 1, 2, 3, 4))
        whole = [0] * N_KINDS
        melds: list[MeldSpec] = []
        if style < 0.1 and rules.knitted or style < 0.02:  # 组合龙, possibly with one declared meld
            n_melds = rng.choice((0, 1))
        for _ in range(50):
            if len(melds) == n_melds:
                break
            kind, tile = rng.choice((CHOW, PUNG, PUNG, KONG, CONCEALED_KONG)), rng.choice(pool)
            if _meld_fits(kind, tile, whole, rules):
                melds.append((kind, tile))
                for t, n in enumerate(meld_counts([(kind, tile)])):
                    whole[t] += n
        c = _concealed(rng, style, len(melds), pool, whole, rules)
        if c is None:
            continue
        if rng.random() < 0.12:  # a near miss
            out = rng.choice([t for t in range(N_KINDS) if c[t]])
            into = rng.choice(pool)
            if c[into] + whole[into] < rules.limits[into]:
                c[out] -= 1
                c[into] += 1
        if all(c[t] + whole[t] <= rules.limits[t] for t in range(N_KINDS)) and sum(c) + 3 * len(melds) == 14:
            return c, melds, rng.random() < 0.5


def _concealed(rng: random.Random, style: float, n_melds: int, pool: list[int], whole: list[int],
               rules: Rules) -> list[int] | None:
    size = 14 - 3 * n_melds
    c = [0] * N_KINDS

    def room(t: int, n: int) -> bool:
        return c[t] + whole[t] + n <= rules.limits[t]

    if style < 0.1 and rules.knitted or style < 0.02:
        knit = rng.choice(KNITTED_SETS)
        for t in knit:
            c[t] += 1
        rest = size - 9
        if rest < 2:
            return None
        pair = rng.choice([t for t in range(N_KINDS) if rules.limits[t]])
        if not room(pair, 2):
            return None
        c[pair] += 2
        if rest == 5:
            t = rng.choice(pool)
            add = [t, t + 1, t + 2] if t < FIRST_HONOR and t % SUIT_SIZE < 7 and rng.random() < 0.5 else [t] * 3
            for a in add:
                if not room(a, 1):
                    return None
                c[a] += 1
        return c
    if n_melds == 0 and style < 0.2 and rules.knitted:  # 全不靠 / 七星不靠
        knit = rng.choice(KNITTED_SETS)
        honours = list(range(FIRST_HONOR, N_KINDS))
        n_honours = 7 if rng.random() < 0.3 else rng.randint(5, 7)
        for t in rng.sample(honours, n_honours) + rng.sample(knit, 14 - n_honours):
            c[t] += 1
        return c
    if n_melds == 0 and style < 0.3:  # seven pairs, sets of four likely
        kinds = rng.sample(pool, min(len(pool), rng.choice((4, 5, 6, 7))))
        for _ in range(40):
            if sum(c) == 14:
                return c
            t = rng.choice(kinds)
            if room(t, 2):
                c[t] += 2
        return None
    if n_melds == 0 and style < 0.34 and rules.thirteen_orphans:
        for t in ORPHANS:
            c[t] = 1
        c[rng.choice(ORPHANS)] += 1
        return c
    if style < 0.85:  # a pair plus melds
        for _ in range(80):
            if sum(c) == size:
                return c
            t = rng.choice(pool)
            if sum(c) == 0:
                add = {t: 2}
            elif t < FIRST_HONOR and t % SUIT_SIZE <= SUIT_SIZE - 3 and rng.random() < 0.6:
                add = {t: 1, t + 1: 1, t + 2: 1}
            else:
                add = {t: 3}
            if sum(c) + sum(add.values()) <= size and all(room(k, v) for k, v in add.items()):
                for k, v in add.items():
                    c[k] += v
        return None
    for _ in range(80):  # random tiles
        if sum(c) == size:
            return c
        t = rng.choice(pool)
        if room(t, 1):
            c[t] += 1
    return None
