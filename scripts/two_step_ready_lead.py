"""The improvements of a ready discard read from the hands two tiles from complete, against the kernel.

    python scripts/two_step_ready_lead.py [--hands 300] [--rules riichi] [--complete]

At tenpai a draw t improves discard d when some discard e of the drawn hand H - d + t leaves a ready
hand Z = H - d - e + t waiting on more unseen copies than H - d.  Z's waits x are the tiles with
M + t + x complete, M = H - d - e (12 tiles): a relation symmetric in the draw and the wait.  This
reads every improvement of the bench hands' ready discards from the two-tile completions {t, x} of
the hands M (by brute force through ``shanten``), checks them against ``discard_analysis(two_step=
True)`` (nothing visible) and counts the work (docs/efficiency.md, the eighth pass).  Exits 1 on a
difference.
"""
from __future__ import annotations

import argparse
import sys
from collections import Counter, defaultdict
from typing import Callable

import mahjong_fast as mf
from mahjong_fast._bench.hands import hands14

N_KINDS = 34
COPIES = 4


def tiles(counts: list[int]) -> list[int]:
    """The tiles of ``counts``, sorted."""
    return [t for t in range(N_KINDS) for _ in range(counts[t])]


def less(counts: list[int], tile: int) -> list[int]:
    """``counts`` less one ``tile``."""
    return [k - (t == tile) for t, k in enumerate(counts)]


def two_tiles(
    less_two: list[int],
    shanten: Callable[[list[int]], int],
    completions: dict[tuple[int, ...], set[tuple[int, int]]],
    work: Counter[str],
) -> set[tuple[int, int]]:
    """The pairs {t, x} (t <= x) with ``less_two`` + t + x complete, kept in ``completions``."""
    key = tuple(less_two)
    if key not in completions:
        work["hands two from complete (M)"] += 1
        found = set()
        for t in range(N_KINDS):
            if less_two[t] < COPIES:
                less_two[t] += 1
                if shanten(less_two) == 0:
                    work["ready M + t"] += 1
                    for x in range(t, N_KINDS):
                        if less_two[x] < COPIES:
                            less_two[x] += 1
                            if shanten(less_two) == -1:
                                found.add((t, x))
                            less_two[x] -= 1
                less_two[t] -= 1
        work["completions {t, x}"] += len(found)
        completions[key] = found
    return completions[key]


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=300)
    parser.add_argument("--rules", default=None)
    parser.add_argument("--complete", action="store_true", help="only the complete hands")
    args = parser.parse_args(argv)
    rules = args.rules

    def shanten(counts: list[int]) -> int:
        return int(mf.shanten(tiles(counts), rules=rules))

    work: Counter[str] = Counter()
    differences = 0
    for hand in hands14()[: args.hands]:
        if args.complete and mf.shanten(list(hand), rules=rules) != -1:
            continue
        held = [0] * N_KINDS
        for t in hand:
            held[t] += 1
        rows = {int(row.tile): row for row in mf.discard_analysis(list(hand), two_step=True, rules=rules)}
        completions: dict[tuple[int, ...], set[tuple[int, int]]] = {}

        for d in range(N_KINDS):
            if not held[d] or rows[d].shanten != 0:
                continue
            work["ready discards"] += 1
            left = less(held, d)
            unseen = [COPIES - k for k in left]
            waits = rows[d].useful.mask
            wait_total = rows[d].useful.total
            improving: dict[int, int] = {}
            for e in range(N_KINDS):
                if not left[e]:
                    continue
                less_two = less(left, e)
                waits_after: defaultdict[int, set[int]] = defaultdict(set)
                for t, x in two_tiles(less_two, shanten, completions, work):
                    waits_after[t].add(x)
                    waits_after[x].add(t)
                for t, after in waits_after.items():
                    if (waits >> t) & 1 or unseen[t] <= 0:
                        continue
                    # unseen copies for Z = M + t: one t fewer, and e counts as unseen again
                    total = sum(unseen[x] - (x == t) + (x == e) for x in after if less_two[x] + (x == t) < COPIES)
                    if total > wait_total:
                        improving[t] = unseen[t]
            work["improving (discard, draw)"] += len(improving)
            kernel = {int(t): n for t, n in (rows[d].improvements or {}).items()}
            if kernel != improving:
                differences += 1
                print("difference:", hand, d, kernel, improving)
    print(dict(work), "differences", differences)
    return 1 if differences else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
