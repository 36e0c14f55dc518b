"""An independent, deliberately naive standard-form checker: the yardstick of the kernel tests.

Backtracking over the 34 index34 counts in the manner of seed 003 (``isWinn``):
at each index try a pair, a chow and a pung, and move on only when the index
is empty.  It shares no code and no shortcut with the kernels (no mod-3
pruning, no pivot argument, no tables).  Seed 003's own version only accepts
four melds (14 tiles) and mixes seven pairs into the recursion; here the
number of melds follows the tile count and only the standard form is checked.
"""
from __future__ import annotations

from collections.abc import Sequence

N_TILES = 34
Meld = tuple[str, int]
Decomposition = tuple[int, tuple[Meld, ...]]


def _chow_starts_at(index: int) -> bool:
    return index < 27 and index % 9 <= 6


def _search(
    c: list[int], index: int, pair: int, melds: list[Meld], out: set[Decomposition] | None
) -> bool:
    """Backtrack from ``index``; with ``out`` collect every split instead of stopping at one."""
    while index < N_TILES and c[index] == 0:
        index += 1
    if index == N_TILES:
        if pair < 0:
            return False
        if out is not None:
            out.add((pair, tuple(sorted(melds))))
        return True
    found = False
    if pair < 0 and c[index] >= 2:
        c[index] -= 2
        found = _search(c, index, index, melds, out)
        c[index] += 2
        if found and out is None:
            return True
    if _chow_starts_at(index) and c[index + 1] and c[index + 2]:
        for k in (index, index + 1, index + 2):
            c[k] -= 1
        melds.append(("chow", index))
        found = _search(c, index, pair, melds, out) or found
        melds.pop()
        for k in (index, index + 1, index + 2):
            c[k] += 1
        if found and out is None:
            return True
    if c[index] >= 3:
        c[index] -= 3
        melds.append(("pung", index))
        found = _search(c, index, pair, melds, out) or found
        melds.pop()
        c[index] += 3
    return found


def _counts(counts: Sequence[int] | bytes) -> list[int]:
    c = list(counts)
    if len(c) != N_TILES or not all(0 <= n <= 4 for n in c):
        raise ValueError(f"expected 34 counts 0-4, got {c!r}")
    return c


def naive_is_standard_win(counts: Sequence[int] | bytes) -> bool:
    """Whether 3n+2 tiles (n = 0..4) split into n melds and one pair."""
    c = _counts(counts)
    if sum(c) not in (2, 5, 8, 11, 14):
        return False
    return _search(c, 0, -1, [], None)


def naive_decompositions(counts: Sequence[int] | bytes) -> set[Decomposition]:
    """Every distinct split: ``(pair, sorted tuple of (kind, first tile))``, kind "chow" or "pung"."""
    c = _counts(counts)
    out: set[Decomposition] = set()
    if sum(c) in (2, 5, 8, 11, 14):
        _search(c, 0, -1, [], out)
    return out


def naive_seven_pairs(counts: Sequence[int] | bytes) -> bool:
    """Seven pairs, Chinese rules: 14 tiles, all counts even (a four is two pairs)."""
    c = _counts(counts)
    return sum(c) == 14 and all(n % 2 == 0 for n in c)


def naive_thirteen_orphans(counts: Sequence[int] | bytes) -> bool:
    """Thirteen orphans: 14 tiles, each terminal and honor present, nothing else."""
    c = _counts(counts)
    orphans = {0, 8, 9, 17, 18, 26, *range(27, 34)}
    return sum(c) == 14 and all((c[i] > 0) == (i in orphans) for i in range(N_TILES))
