"""Random hands for the kernel benchmarks, as 34 counts (at most four copies)."""
from __future__ import annotations

import random


def winning_counts(rng: random.Random) -> list[int]:
    """14 tiles as four random melds (60% chows) and a pair."""
    while True:
        counts = [0] * 34
        for _ in range(4):
            if rng.random() < 0.6:
                start = 9 * rng.randrange(3) + rng.randrange(7)
                for t in (start, start + 1, start + 2):
                    counts[t] += 1
            else:
                counts[rng.randrange(34)] += 3
        counts[rng.randrange(34)] += 2
        if max(counts) <= 4:
            return counts


def random_counts(rng: random.Random, n: int) -> list[int]:
    """``n`` tiles drawn from the 136 of a set."""
    counts = [0] * 34
    for tile in rng.sample(range(136), n):
        counts[tile // 4] += 1
    return counts
