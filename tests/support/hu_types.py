"""The naive hu-type classifier and random whole hands, for the hu-type tests.

``naive_hu`` enumerates every split of the concealed counts and applies
DESIGN.md's rules literally; it accepts counts above 4 (a joker standing for a
fifth copy).  It shares no code with the kernels.  The random whole hands are
``mahjong_fast._bench.hu_hands.random_case``.
"""
from __future__ import annotations

from collections.abc import Sequence
from functools import cache

from mahjong_fast._bench.hands import CHOW, CONCEALED_KONG, KONG, PUNG, MeldSpec, meld_counts
from mahjong_fast._bench.hu_hands import random_case
from mahjong_fast._classify import HuType
from mahjong_fast._dispatch import NO_EXTENSIONS
from mahjong_fast._layout import FIRST_HONOR, N_KINDS, N_SUITS, ORPHANS, SUIT_SIZE

__all__ = [
    "CHOW",
    "CONCEALED_KONG",
    "HUTYPE_KERNELS",
    "KONG",
    "PUNG",
    "all_splits",
    "meld_bytes",
    "meld_counts",
    "naive_hu",
    "random_case",
]

HUTYPE_KERNELS = {"c-extension": "mahjong_fast._kernels.hutype",
                  "pure-python": "mahjong_fast._kernels.hutype_py"}
"""The hu-type kernel module of each implementation this run tests."""
if NO_EXTENSIONS:
    del HUTYPE_KERNELS["c-extension"]


# --- the naive reference ----------------------------------------------------

@cache
def all_splits(counts: tuple[int, ...]) -> frozenset[tuple[int, tuple[tuple[str, int], ...]]]:
    """Every (pair, sorted melds) split of the counts, by trying each meld at the lowest tile."""
    found: set[tuple[int, tuple[tuple[str, int], ...]]] = set()

    def search(c: list[int], pair: int, melds: list[tuple[str, int]]) -> None:
        i = next((t for t in range(N_KINDS) if c[t]), -1)
        if i < 0:
            if pair >= 0:
                found.add((pair, tuple(sorted(melds))))
            return
        if pair < 0 and c[i] >= 2:
            c[i] -= 2
            search(c, i, melds)
            c[i] += 2
        if c[i] >= 3:
            c[i] -= 3
            search(c, pair, melds + [("pung", i)])
            c[i] += 3
        if i < FIRST_HONOR and i % SUIT_SIZE <= SUIT_SIZE - 3 and c[i + 1] and c[i + 2]:
            for t in (i, i + 1, i + 2):
                c[t] -= 1
            search(c, pair, melds + [("chow", i)])
            for t in (i, i + 1, i + 2):
                c[t] += 1

    search(list(counts), -1, [])
    return frozenset(found)


def naive_hu(counts: Sequence[int], melds: Sequence[MeldSpec], self_drawn: bool) -> int:
    """DESIGN.md's hu type of concealed ``counts`` (any size of count) plus ``melds``."""
    c = tuple(counts)
    shape = 0
    if not melds:
        if all(c[t] >= 1 for t in ORPHANS) and sum(c[t] for t in ORPHANS) == 14 == sum(c):
            shape = HuType.SHI_SAN_YAO
        elif all(n % 2 == 0 for n in c):
            fours = sum(n // 4 for n in c)
            shape = (HuType.HAO_HUA_QI_DUI if fours >= 2
                     else HuType.QI_DA_DUI if fours == 1 else HuType.QI_XIAO_DUI)
    if not shape:
        splits = all_splits(c)
        if not splits:
            return 0
        if all(k != CHOW for k, _ in melds) and any(
            all(kind == "pung" for kind, _ in ms) for _, ms in splits
        ):
            shape = HuType.DUI_DUI_HU
        else:
            shape = HuType.PING_HU
    whole = [a + b for a, b in zip(c, meld_counts(melds))]
    suits = sum(1 for g in range(N_SUITS) if any(whole[g * SUIT_SIZE:(g + 1) * SUIT_SIZE]))
    honors = any(whole[FIRST_HONOR:])
    result = int(shape)
    if suits == 0:
        result |= HuType.ZI_YI_SE
    elif suits == 1:
        result |= HuType.HUN_YI_SE if honors else HuType.QING_YI_SE
    if all(k == CONCEALED_KONG for k, _ in melds):
        result |= HuType.MEN_QING
    if len(melds) == 4 and not self_drawn and all(k != CONCEALED_KONG for k, _ in melds):
        result |= HuType.QUAN_QIU_REN
    return result


def meld_bytes(melds: Sequence[MeldSpec]) -> bytes:
    return bytes(kind << 6 | tile for kind, tile in melds)
