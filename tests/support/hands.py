"""Random hands for the tests, as 34 counts (at most four copies of a tile), and mpsz text.

Every generator takes a ``random.Random`` so that each test draws a fixed,
reproducible sample from its own seed.
"""
from __future__ import annotations

import random
from collections.abc import Iterable, Sequence

from mahjong_fast._layout import FIRST_HONOR, N_KINDS, SUIT_LETTERS, SUIT_SIZE

from .oracles import CHOW_STARTS, ORPHANS, meld_tiles

SUIT_OFFSETS = {letter: SUIT_SIZE * k for k, letter in enumerate(SUIT_LETTERS)}
WALL = tuple(t for t in range(N_KINDS) for _ in range(4))
"""The 136 tiles of a set, as index34 kinds."""


def counts_of(text: str) -> bytes:
    """34 counts of mpsz text such as ``"123m456p11z"`` (``0`` is a red five; no validation).

    The tests read their hands with this instead of the package's parser, so a
    parser fault cannot hide a kernel fault.
    """
    counts = bytearray(N_KINDS)
    digits: list[int] = []
    for ch in text:
        if ch.isdigit():
            digits.append(int(ch) or 5)
        else:
            for d in digits:
                counts[SUIT_OFFSETS[ch] + d - 1] += 1
            digits = []
    return bytes(counts)


def tiles_of(counts: Sequence[int]) -> list[int]:
    """The index34 tiles of 34 counts, in order."""
    return [t for t in range(N_KINDS) for _ in range(counts[t])]


def counts_from_tiles(tiles: Iterable[int]) -> list[int]:
    """34 counts of index34 tiles."""
    counts = [0] * N_KINDS
    for t in tiles:
        counts[t] += 1
    return counts


def place(config: Sequence[int], offset: int) -> bytes:
    """34 counts holding ``config`` from index ``offset`` on, zero elsewhere."""
    counts = bytearray(N_KINDS)
    counts[offset : offset + len(config)] = bytes(config)
    return bytes(counts)


# ---------------------------------------------------------------- complete hands and near misses


def winning_hand(rng: random.Random, melds: int = 4) -> list[int]:
    """A random standard-form hand of 3 * melds + 2 tiles (60% chows), at most four copies."""
    while True:
        counts = [0] * N_KINDS
        counts[rng.randrange(N_KINDS)] += 2
        for _ in range(melds):
            if rng.random() < 0.6:
                t = rng.choice(CHOW_STARTS)
                for x in (t, t + 1, t + 2):
                    counts[x] += 1
            else:
                counts[rng.randrange(N_KINDS)] += 3
        if max(counts) <= 4:
            return counts


def complete_hand(rng: random.Random, melds: int, used: Sequence[int] | None = None) -> list[int]:
    """A random complete standard hand of ``melds`` melds and a pair; with ``used`` (declared
    copies) the result never pushes a tile past four together with them."""
    base = list(used) if used else [0] * N_KINDS
    while True:
        c = list(base)
        for _ in range(melds):
            if rng.random() < 0.6:
                s = rng.randrange(3) * SUIT_SIZE + rng.randrange(SUIT_SIZE - 2)
                for t in (s, s + 1, s + 2):
                    c[t] += 1
            else:
                c[rng.randrange(N_KINDS)] += 3
        c[rng.randrange(N_KINDS)] += 2
        if max(c) <= 4:
            return [a - b for a, b in zip(c, base)]


def meld_hand(rng: random.Random, n_melds: int, tiles: Sequence[int]) -> bytes:
    """A random pair + ``n_melds`` melds drawn over the kinds ``tiles`` (at most 4 copies)."""
    pungs = [("pung", t) for t in tiles]
    chows = [("chow", t) for t in tiles if t in CHOW_STARTS and t + 2 in tiles]
    while True:
        counts = [0] * N_KINDS
        counts[rng.choice(tiles)] += 2
        for _ in range(n_melds):
            meld = rng.choice(pungs + chows if rng.random() < 0.5 else chows or pungs)
            for t in meld_tiles(meld):
                counts[t] += 1
        if max(counts) <= 4:
            return bytes(counts)


def near_miss(rng: random.Random, counts: list[int]) -> list[int]:
    """``counts`` with one tile swapped for another kind (still at most four copies)."""
    counts = counts[:]
    out = rng.choice([t for t in range(N_KINDS) if counts[t]])
    counts[out] -= 1
    into = rng.choice([t for t in range(N_KINDS) if counts[t] < 4 and t != out])
    counts[into] += 1
    return counts


def biased_hand(rng: random.Random) -> bytes:
    """A hand biased toward wins and near-misses: melds + pair, then often one tile moved."""
    while True:
        counts = [0] * N_KINDS
        roll = rng.random()
        if roll < 0.04:
            for t in rng.sample(range(N_KINDS), 7):
                counts[t] += 2
            if rng.random() < 0.5:  # a four in seven pairs
                t = rng.choice([t for t in range(N_KINDS) if counts[t] == 2])
                u = rng.choice([u for u in range(N_KINDS) if counts[u] == 2 and u != t])
                counts[t], counts[u] = 4, 0
        elif roll < 0.06:
            for t in ORPHANS:
                counts[t] = 1
            counts[rng.choice(ORPHANS)] += 1
        else:
            melds = rng.choice((0, 1, 2, 3, 4, 4, 4, 4))
            for _ in range(melds):
                if rng.random() < 0.55:
                    start = rng.choice(range(3)) * SUIT_SIZE + rng.randrange(SUIT_SIZE - 2)
                    tiles: tuple[int, ...] = (start, start + 1, start + 2)
                else:
                    t = rng.randrange(N_KINDS) if rng.random() < 0.7 else rng.randrange(FIRST_HONOR, N_KINDS)
                    tiles = (t, t, t)
                for t in tiles:
                    counts[t] += 1
            counts[rng.randrange(N_KINDS) if rng.random() < 0.7 else rng.randrange(FIRST_HONOR, N_KINDS)] += 2
        if rng.random() < 0.6:  # move one tile: a near-miss, sometimes another win
            held = [t for t in range(N_KINDS) if counts[t]]
            counts[rng.choice(held)] -= 1
            counts[rng.randrange(N_KINDS) if rng.random() < 0.7 else rng.randrange(FIRST_HONOR, N_KINDS)] += 1
        if max(counts) <= 4 and sum(counts) > 0:
            return bytes(counts)


def mixed_hands(seed: int, n: int) -> list[bytes]:
    """``n`` hands in turn: a win, a near miss, a random draw, a 14-tile win with suits permuted."""
    rng = random.Random(seed)
    hands = []
    for k in range(n):
        kind = k % 4
        melds = rng.choice((0, 1, 2, 3, 4, 4, 4))
        if kind == 0:
            hand = winning_hand(rng, melds)
        elif kind == 1:
            hand = near_miss(rng, winning_hand(rng, melds))
        elif kind == 2:
            hand = random_hand(rng, rng.choice((2, 5, 8, 11, 13, 14, 14)))
        else:
            hand = winning_hand(rng, 4)
            rng.shuffle(hand)  # same counts, suits permuted: big and odd codes
            hand = hand[:FIRST_HONOR] + sorted(hand[FIRST_HONOR:], reverse=True)
            if sum(hand) != 14 or max(hand) > 4:
                hand = random_hand(rng)
        hands.append(bytes(hand))
    return hands


# ---------------------------------------------------------------- random draws


def random_hand(rng: random.Random, n: int = 14) -> list[int]:
    """``n`` tiles drawn from the 136 of a set."""
    counts = [0] * N_KINDS
    for t in rng.sample(range(len(WALL)), n):
        counts[WALL[t]] += 1
    return counts


def heavy_hand(rng: random.Random, n: int, pool: Sequence[int] = range(N_KINDS)) -> list[int]:
    """Few kinds, so triplets and fours are common."""
    kinds = rng.sample(list(pool), min(len(pool), rng.randint(max(4, (n + 3) // 4), 9)))
    c = [0] * N_KINDS
    while n:
        t = rng.choice(kinds)
        if c[t] < 4:
            c[t] += 1
            n -= 1
    return c


def orphan_hand(rng: random.Random, n: int) -> list[int]:
    """Mostly terminals and honors."""
    c = [0] * N_KINDS
    while n:
        t = rng.choice(ORPHANS) if rng.random() < 0.85 else rng.randrange(N_KINDS)
        if c[t] < 4:
            c[t] += 1
            n -= 1
    return c


def quad_hand(rng: random.Random, n: int) -> list[int]:
    """One to three fours among a few kinds of one suit (or the honors): where a joker as a
    fifth copy matters."""
    c = [0] * N_KINDS
    suit = rng.randrange(4)
    span = SUIT_SIZE if suit < 3 else N_KINDS - FIRST_HONOR
    kinds = [SUIT_SIZE * suit + i for i in rng.sample(range(span), rng.randint(3, 5))]
    fours = min(n // 4, rng.randint(1, 3))
    for t in kinds[:fours]:
        c[t] = 4
    pool = kinds[fours:] + rng.sample(range(N_KINDS), 2)
    n -= 4 * fours
    while n:
        t = rng.choice(pool)
        if c[t] < 4:
            c[t] += 1
            n -= 1
    return c


def mixed_hand(rng: random.Random, n: int) -> list[int]:
    """Wall-random, four-heavy, orphan-heavy, or near a complete hand."""
    kind = rng.randrange(4)
    if kind == 0:
        return random_hand(rng, n)
    if kind == 1:
        return heavy_hand(rng, n)
    if kind == 2:
        return orphan_hand(rng, n)
    c = complete_hand(rng, (n - 2) // 3 + (n % 3 == 1))
    while sum(c) > n:
        t = rng.choice([i for i in range(N_KINDS) if c[i]])
        c[t] -= 1
    while sum(c) < n:
        t = rng.randrange(N_KINDS)
        if c[t] < 4:
            c[t] += 1
    return c


# ---------------------------------------------------------------- declared melds and jokers


def melds_and_limits(rng: random.Random, declared: int) -> tuple[list[int], bytes]:
    """Counts of ``declared`` random melds (chow, pung or kong) and the limits they leave."""
    while True:
        used = [0] * N_KINDS
        for _ in range(declared):
            r = rng.random()
            if r < 0.5:
                s = rng.randrange(3) * SUIT_SIZE + rng.randrange(SUIT_SIZE - 2)
                for t in (s, s + 1, s + 2):
                    used[t] += 1
            else:
                used[rng.randrange(N_KINDS)] += 4 if r > 0.85 else 3
        if max(used) <= 4:
            return used, bytes(4 - u for u in used)


def concealed_beside(rng: random.Random, used: Sequence[int], n: int, near: bool) -> list[int]:
    """``n`` concealed tiles compatible with the declared ``used`` copies."""
    if near:
        for _ in range(50):
            c = complete_hand(rng, (n - 1) // 3, used)
            if sum(c) == n + 1:
                t = rng.choice([i for i in range(N_KINDS) if c[i]])
                c[t] -= 1
                return c
    wall = [t for t in range(N_KINDS) for _ in range(4 - used[t])]
    c = [0] * N_KINDS
    for t in rng.sample(wall, n):
        c[t] += 1
    return c


def joker_hand(rng: random.Random, jokers: int, total: int) -> list[int]:
    """Real tiles of a hand of ``total`` tiles holding ``jokers`` jokers; often near a win."""
    if rng.random() < 0.6:
        c = complete_hand(rng, total // 3) if total % 3 == 2 else mixed_hand(rng, total + 1)
        for _ in range(sum(c) - (total - jokers)):
            c[rng.choice([t for t in range(N_KINDS) if c[t]])] -= 1
        if rng.random() < 0.3:  # perturb one tile
            t = rng.choice([t for t in range(N_KINDS) if c[t]])
            u = rng.randrange(N_KINDS)
            if c[u] < 4:
                c[t] -= 1
                c[u] += 1
        return c
    return mixed_hand(rng, total - jokers)
