"""Random whole hands for the hu-type tests: concealed counts, declared melds and self_drawn.

``random_case`` draws hands of the default rules, winning-biased, over pools of suits and
honours; ``random_rules_case`` draws hands whose tiles a rule set has, biased toward the forms it
knows (knitted ones included) and toward its suit limit.  Declared melds are ``MeldSpec``
``(kind, tile)`` pairs of the hu-type kernel.

>>> counts, melds, self_drawn = random_case(random.Random(1))
>>> sum(counts) + 3 * len(melds)
14
"""
from __future__ import annotations

import random
from typing import TYPE_CHECKING

from .._layout import FIRST_HONOR, N_KINDS, N_SUITS, ORPHANS, SUIT_SIZE
from .hands import CHOW, CONCEALED_KONG, KNITTED_SETS, KONG, PUNG, MeldSpec, meld_counts

if TYPE_CHECKING:
    from .._rules import Rules

_POOLS = (
    list(range(N_KINDS)),
    list(range(FIRST_HONOR, N_KINDS)),
    *[list(range(g * SUIT_SIZE, (g + 1) * SUIT_SIZE)) for g in range(N_SUITS)],
    *[list(range(g * SUIT_SIZE, (g + 1) * SUIT_SIZE)) + list(range(FIRST_HONOR, N_KINDS))
      for g in range(N_SUITS)],
)


def _part(rng: random.Random, pool: list[int], first: bool) -> dict[int, int]:
    """A part of a concealed hand from ``pool``, as counts to add: the pair first, then a chow
    (60% where one starts) or a pung."""
    t = rng.choice(pool)
    if first:
        return {t: 2}
    if t < FIRST_HONOR and t % SUIT_SIZE <= SUIT_SIZE - 3 and rng.random() < 0.6:
        return {t: 1, t + 1: 1, t + 2: 1}
    return {t: 3}


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
            add = _part(rng, pool, sum(c) == 0)
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
            tiles = [t, t + 1, t + 2] if t < FIRST_HONOR and t % SUIT_SIZE < 7 and rng.random() < 0.5 else [t] * 3
            for a in tiles:
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
            add = _part(rng, pool, sum(c) == 0)
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
