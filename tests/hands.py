"""Random hands for the tests, as 34 counts (at most four copies of a tile)."""
from __future__ import annotations

import random


def winning_hand(rng: random.Random, melds: int = 4) -> list[int]:
    """A random standard-form hand of 3 * melds + 2 tiles, at most four copies."""
    while True:
        counts = [0] * 34
        pair = rng.randrange(34)
        counts[pair] += 2
        for _ in range(melds):
            if rng.random() < 0.6:
                t = rng.choice([t for t in range(27) if t % 9 <= 6])
                for x in (t, t + 1, t + 2):
                    counts[x] += 1
            else:
                counts[rng.randrange(34)] += 3
        if max(counts) <= 4:
            return counts


def random_hand(rng: random.Random, n: int = 14) -> list[int]:
    counts = [0] * 34
    for t in rng.sample(range(136), n):
        counts[t // 4] += 1
    return counts


def near_miss(rng: random.Random, counts: list[int]) -> list[int]:
    """``counts`` with one tile swapped for another kind (still at most four copies)."""
    counts = counts[:]
    out = rng.choice([t for t in range(34) if counts[t]])
    counts[out] -= 1
    into = rng.choice([t for t in range(34) if counts[t] < 4 and t != out])
    counts[into] += 1
    return counts


def tiles_of(counts: list[int]) -> list[int]:
    """The index34 tiles of 34 counts, in order."""
    return [t for t in range(34) for _ in range(counts[t])]
