"""The naive hu-type classifier and random whole hands, for the hu-type tests.

``naive_hu`` enumerates every split of the concealed counts and applies
DESIGN.md's rules literally; it accepts counts above 4 (a joker standing for a
fifth copy).  It shares no code with the kernels.
"""
from __future__ import annotations

import random
from collections.abc import Sequence
from functools import cache

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

CHOW, PUNG, KONG, CONCEALED_KONG = range(4)
MeldSpec = tuple[int, int]  # (kind, tile)

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


def meld_counts(melds: Sequence[MeldSpec]) -> list[int]:
    c = [0] * N_KINDS
    for kind, tile in melds:
        if kind == CHOW:
            for t in (tile, tile + 1, tile + 2):
                c[t] += 1
        else:
            c[tile] += 3 if kind == PUNG else 4
    return c


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


# --- hands ---------------------------------------------------------------------

_POOLS = (
    list(range(N_KINDS)),
    list(range(FIRST_HONOR, N_KINDS)),
    *[list(range(g * SUIT_SIZE, (g + 1) * SUIT_SIZE)) for g in range(N_SUITS)],
    *[list(range(g * SUIT_SIZE, (g + 1) * SUIT_SIZE)) + list(range(FIRST_HONOR, N_KINDS))
      for g in range(N_SUITS)],
)


def random_melds(rng: random.Random, n: int, pool: list[int], whole: list[int]) -> list[MeldSpec]:
    """``n`` declared melds from ``pool`` that keep every kind at four copies or fewer."""
    melds: list[MeldSpec] = []
    while len(melds) < n:
        kind = rng.choice((CHOW, CHOW, PUNG, PUNG, KONG, CONCEALED_KONG))
        tile = rng.choice(pool)
        if kind == CHOW and (tile >= FIRST_HONOR or tile % SUIT_SIZE > SUIT_SIZE - 3):
            continue
        add = meld_counts([(kind, tile)])
        if any(a + b > 4 for a, b in zip(whole, add)):
            continue
        melds.append((kind, tile))
        for t in range(N_KINDS):
            whole[t] += add[t]
    return melds


def concealed_win(rng: random.Random, n_melds: int, pool: list[int], whole: list[int]) -> list[int] | None:
    """A concealed part of 14 - 3 * n_melds tiles, winning-biased, from ``pool``."""
    size = 14 - 3 * n_melds
    c = [0] * N_KINDS
    style = rng.random()
    if n_melds == 0 and style < 0.12:  # seven pairs, quads likely
        kinds = rng.sample(pool, min(len(pool), 7))
        while sum(c) < 14:
            t = rng.choice(kinds)
            if c[t] + whole[t] + 2 <= 4:
                c[t] += 2
            elif all(c[k] + whole[k] + 2 > 4 for k in kinds):
                return None
    elif n_melds == 0 and style < 0.17:  # thirteen orphans
        for t in ORPHANS:
            c[t] = 1
        c[rng.choice(ORPHANS)] += 1
    elif style < 0.8:  # pair plus melds
        tries = 0
        while sum(c) < size and tries < 60:
            tries += 1
            t = rng.choice(pool)
            if sum(c) == 0:
                add = {t: 2}
            elif t < FIRST_HONOR and t % SUIT_SIZE <= SUIT_SIZE - 3 and rng.random() < 0.6:
                add = {t: 1, t + 1: 1, t + 2: 1}
            else:
                add = {t: 3}
            if all(c[k] + whole[k] + v <= 4 for k, v in add.items()):
                for k, v in add.items():
                    c[k] += v
        if sum(c) != size:
            return None
    else:  # random tiles
        while sum(c) < size:
            t = rng.choice(pool)
            if c[t] + whole[t] < 4:
                c[t] += 1
    if rng.random() < 0.15:  # a near miss
        out = rng.choice([t for t in range(N_KINDS) if c[t]])
        into = rng.choice(pool)
        if c[into] + whole[into] < 4:
            c[out] -= 1
            c[into] += 1
    return c


def random_case(rng: random.Random) -> tuple[list[int], list[MeldSpec], bool]:
    """Concealed counts, declared melds and self_drawn of a random whole hand."""
    while True:
        pool = rng.choice(_POOLS)
        n_melds = rng.choice((0, 0, 0, 1, 2, 3, 4))
        whole = [0] * N_KINDS
        melds = random_melds(rng, n_melds, pool, whole)
        c = concealed_win(rng, n_melds, pool, whole)
        if c is not None:
            return c, melds, rng.random() < 0.5
