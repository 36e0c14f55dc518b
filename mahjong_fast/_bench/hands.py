"""The one source of generated hands: the benchmark's fixed sets and the random draws of the tests.

The benchmark (``mahjong-fast bench``, ``bench/``) times the sets drawn here once from
``SEED``: ``hands14``, ``hands13``, ``wins14``, ``melded``, ``wild_hands`` and ``visible``.
The tests (``tests/support``), the kernel microbenchmarks (``bench/bench_hands.py``) and
``scripts/fuzz.py`` draw from the generators below, each given a ``random.Random`` so a test's
sample is fixed by its own seed.  Every hand holds at most four copies of a tile unless a
generator says otherwise; counts are 34 values in index34 order.

>>> tile_counts([0, 0, 33])[:2], tile_counts([0, 0, 33])[33]
([2, 0], 1)
>>> len(hands14()), len(hands14()[0])
(1000, 14)
"""
from __future__ import annotations

import itertools
import random
from collections.abc import Callable, Iterable, Sequence
from functools import cache
from typing import TYPE_CHECKING

from .._layout import FIRST_HONOR, MAX_COPIES, N_KINDS, ORPHANS, SUIT_SIZE

if TYPE_CHECKING:
    pass

SEED = 20240601
N_HANDS = 1_000
VISIBLE = 20
"""Tiles seen outside the hand in the ``visible=`` rows."""
RED = FIRST_HONOR + 6  # 7z, 红中: the joker of the wild rows
CHOW_STARTS = tuple(t for t in range(FIRST_HONOR) if t % SUIT_SIZE <= SUIT_SIZE - 3)
WALL = tuple(t for t in range(N_KINDS) for _ in range(MAX_COPIES))
"""The 136 tiles of a set, as index34 kinds."""
KNITTED_SETS = tuple(
    tuple(sorted(SUIT_SIZE * suit + start + step for suit, start in enumerate(starts) for step in (0, 3, 6)))
    for starts in itertools.permutations(range(3))
)
"""The six knitted sets (147m258p369s and its suit permutations), in that order."""

Meld = tuple[str, int]
"""``("chow", first tile)`` or ``("pung", tile)``."""
Melded = tuple[tuple[int, ...], tuple[Meld, ...]]
"""Concealed tiles beside declared melds."""
MeldSpec = tuple[int, int]
"""A declared meld of the hu-type kernel: ``(kind, tile)``, kind one of CHOW, PUNG, KONG, CONCEALED_KONG."""
CHOW, PUNG, KONG, CONCEALED_KONG = range(4)


def tile_counts(tiles: Iterable[int]) -> list[int]:
    """34 counts of index34 tiles (no limit on copies).

    >>> tile_counts([5, 5, 5])[5]
    3
    """
    counts = [0] * N_KINDS
    for t in tiles:
        counts[t] += 1
    return counts


def tiles_of(counts: Sequence[int]) -> list[int]:
    """The index34 tiles of 34 counts, in order.

    >>> tiles_of(tile_counts([9, 0, 9]))
    [0, 9, 9]
    """
    return [t for t in range(N_KINDS) for _ in range(counts[t])]


def meld_tiles(meld: Meld) -> list[int]:
    """The three tiles of ``("chow", t)`` or ``("pung", t)``."""
    kind, t = meld
    return [t, t + 1, t + 2] if kind == "chow" else [t] * 3


def meld_counts(melds: Sequence[MeldSpec]) -> list[int]:
    """34 counts of the hu-type kernel's declared melds (a kong counts four)."""
    c = [0] * N_KINDS
    for kind, tile in melds:
        if kind == CHOW:
            for t in (tile, tile + 1, tile + 2):
                c[t] += 1
        else:
            c[tile] += 3 if kind == PUNG else 4
    return c


# ---------------------------------------------------------------- the benchmark's sets


def random_meld(rng: random.Random) -> Meld:
    if rng.random() < 0.65:
        return "chow", rng.choice(CHOW_STARTS)
    return "pung", rng.randrange(N_KINDS)


def standard_win(rng: random.Random) -> list[int]:
    """14 tiles as a pair and four random melds (65% chows; copies unchecked)."""
    tiles = [rng.randrange(N_KINDS)] * 2
    for _ in range(4):
        tiles += meld_tiles(random_meld(rng))
    return tiles


RANDOM_DRAW = 15
"""A kind of ``hand14``: 14 tiles drawn from the 136."""
NEAR_MISS = 10
"""A kind of ``hand14``: a standard win with one tile replaced."""


def hand14(rng: random.Random, k: int) -> list[int]:
    """The ``k``-th kind of 14 tiles, of 20 in turn: standard wins, seven pairs, thirteen orphans,
    near misses (one tile of a win swapped) and plain random draws (copies unchecked)."""
    kind = k % 20
    if kind < 8:
        tiles = standard_win(rng)
    elif kind == 8:
        tiles = [t for t in rng.sample(range(N_KINDS), 7) for _ in range(2)]
    elif kind == 9:
        tiles = list(ORPHANS) + [rng.choice(ORPHANS)]
    elif kind < 15:
        tiles = standard_win(rng)
        tiles[rng.randrange(14)] = rng.randrange(N_KINDS)
    else:
        tiles = [t // 4 for t in rng.sample(range(4 * N_KINDS), 14)]
    return tiles


def _valid(tiles: Sequence[int]) -> bool:
    """No four copies: riichi and Chinese rules disagree on seven pairs there."""
    return max(tile_counts(tiles)) <= MAX_COPIES - 1


def _draw(rng: random.Random, make: Callable[[random.Random, int], list[int]], n: int) -> list[list[int]]:
    hands: list[list[int]] = []
    while len(hands) < n:
        tiles = make(rng, len(hands))
        if _valid(tiles):
            hands.append(sorted(tiles))
    return hands


def _hand13(rng: random.Random, k: int) -> list[int]:
    if k % 5 < 3:  # ready: a win less one tile
        tiles = hand14(rng, rng.choice((0, 3, 6, 8, 9)))
        del tiles[rng.randrange(14)]
        return tiles
    return hand14(rng, rng.choice((10, 15)))[:13]


@cache
def hands14() -> tuple[tuple[int, ...], ...]:
    """The 1,000 hands of 14 tiles (index34, sorted)."""
    return tuple(map(tuple, _draw(random.Random(SEED), hand14, N_HANDS)))


@cache
def hands13() -> tuple[tuple[int, ...], ...]:
    """The 1,000 hands of 13 tiles (index34, sorted)."""
    return tuple(map(tuple, _draw(random.Random(SEED + 13), _hand13, N_HANDS)))


@cache
def wins14() -> tuple[tuple[int, ...], ...]:
    """1,000 winning hands of 14 tiles: standard form, seven pairs, thirteen orphans."""
    return tuple(map(tuple, _draw(random.Random(SEED + 14), lambda rng, k: hand14(rng, k % 10), N_HANDS)))


@cache
def melded(declared: int, size: int) -> tuple[Melded, ...]:
    """1,000 hands of ``size`` concealed tiles beside ``declared`` melds (kind, first tile).

    Built from a standard win whose first melds are declared; a 3n+2 hand is
    that win (every other one with a tile swapped), a 3n+1 hand drops a tile.
    """
    rng = random.Random(SEED + 100 * declared + size)
    hands: list[Melded] = []
    while len(hands) < N_HANDS:
        melds = tuple(random_meld(rng) for _ in range(4))
        concealed = [rng.randrange(N_KINDS)] * 2 + [t for m in melds[declared:] for t in meld_tiles(m)]
        if size % 3 == 1:
            del concealed[rng.randrange(len(concealed))]
        elif len(hands) % 2:
            concealed[rng.randrange(len(concealed))] = rng.randrange(N_KINDS)
        whole = concealed + [t for m in melds[:declared] for t in meld_tiles(m)]
        if len(concealed) == size and _valid(whole):
            hands.append((tuple(sorted(concealed)), melds[:declared]))
    return tuple(hands)


@cache
def wild_hands(size: int) -> tuple[tuple[int, ...], ...]:
    """1,000 hands of ``size`` tiles holding one or two jokers (7z) in place of other tiles."""
    base = hands14() if size == 14 else hands13()
    rng = random.Random(SEED + 7)
    hands = []
    for k, drawn in enumerate(base):
        tiles = [t for t in drawn if t != RED]
        while len(tiles) < size:
            tiles.append(rng.randrange(FIRST_HONOR))
        for i in rng.sample(range(size), 1 + k % 2):
            tiles[i] = RED
        if _valid(tiles):
            hands.append(tuple(sorted(tiles)))
    return tuple(hands)


@cache
def visible(size: int) -> tuple[tuple[int, ...], ...]:
    """For each hand of ``size`` tiles, ``VISIBLE`` tiles drawn from the wall outside it (index34, sorted)."""
    rng = random.Random(SEED + 20 + size)
    seen = []
    for hand in hands14() if size == 14 else hands13():
        counts = tile_counts(hand)
        wall = [t for t in range(N_KINDS) for _ in range(MAX_COPIES - counts[t])]
        seen.append(tuple(sorted(rng.sample(wall, VISIBLE))))
    return tuple(seen)


def to_ids136(tiles: Sequence[int]) -> list[int]:
    """index34 tiles as distinct 136-ids (tile * 4 + copy)."""
    seen = [0] * N_KINDS
    ids = []
    for t in tiles:
        ids.append(t * 4 + seen[t])
        seen[t] += 1
    return ids


# ---------------------------------------------------------------- the kernel microbenchmarks (bench/)


def winning_counts(rng: random.Random) -> list[int]:
    """14 tiles as four random melds and a pair."""
    return tile_counts(standard_win(rng))


def random_counts(rng: random.Random, n: int) -> list[int]:
    """``n`` tiles (at most 14) drawn from the 136 of a set."""
    return tile_counts(hand14(rng, RANDOM_DRAW)[:n])


def near_miss_counts(rng: random.Random) -> list[int]:
    """A winning hand with one tile replaced by a random one."""
    return tile_counts(hand14(rng, NEAR_MISS))


def ready_counts(rng: random.Random) -> list[int]:
    """Four random melds and a pair, less one tile: ready, usually on one to three tiles."""
    counts = winning_counts(rng)
    counts[rng.choice([t for t in range(N_KINDS) if counts[t]])] -= 1
    return counts


def draw(make: Callable[[random.Random], list[int]], keep: Callable[[list[int]], bool]) -> list[list[int]]:
    """``N_HANDS`` hands from ``make`` that ``keep`` accepts, at most four copies each."""
    rng = random.Random(SEED)
    hands: list[list[int]] = []
    while len(hands) < N_HANDS:
        counts = make(rng)
        if max(counts) <= MAX_COPIES and keep(counts):
            hands.append(counts)
    return hands


def wall_hands(n: int, size: int, seed: int) -> list[list[int]]:
    """``n`` hands of ``size`` tiles drawn from the 136, each sorted (index34)."""
    rng = random.Random(seed)
    return [sorted(rng.sample(WALL, size)) for _ in range(n)]


# ---------------------------------------------------------------- the tests: complete hands and near misses


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


def _fill(c: list[int], n: int, pick: Callable[[], int]) -> list[int]:
    """``c`` with ``n`` more tiles, each kind ``pick()`` gives, drawn again while it holds four."""
    while n:
        t = pick()
        if c[t] < MAX_COPIES:
            c[t] += 1
            n -= 1
    return c


def heavy_hand(rng: random.Random, n: int, pool: Sequence[int] = range(N_KINDS)) -> list[int]:
    """Few kinds, so triplets and fours are common."""
    kinds = rng.sample(list(pool), min(len(pool), rng.randint(max(4, (n + 3) // 4), 9)))
    return _fill([0] * N_KINDS, n, lambda: rng.choice(kinds))


def orphan_hand(rng: random.Random, n: int) -> list[int]:
    """Mostly terminals and honors."""
    return _fill([0] * N_KINDS, n, lambda: rng.choice(ORPHANS) if rng.random() < 0.85 else rng.randrange(N_KINDS))


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
    return _fill(c, n - 4 * fours, lambda: rng.choice(pool))


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
