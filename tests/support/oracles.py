"""Independent, deliberately naive checkers: the yardsticks of the kernel tests.

None of them shares code or a shortcut with the kernels (no mod-3 pruning, no
pivot argument, no tables); they are slow and obviously right.  Counts are 34
values in index34 order.

* ``naive_is_standard_win`` / ``naive_decompositions``: backtracking over the
  34 counts in the manner of the backtracking blog post (at each index try a
  pair, a chow and a pung; move on only when the index is empty), with the
  number of melds following the tile count.
* ``naive_splits``: every split by brute force over meld multisets.
* ``naive_melds`` / ``naive_standard`` / ``naive_suit_kind``: per-suit
  recursion at the lowest tile, for the table kernel.
* ``naive_win`` (any form, counts 0-4) and ``free_win`` (any form, any counts,
  for jokers standing in as fifth copies).
"""
from __future__ import annotations

import functools
from collections.abc import Iterator, Sequence

from mahjong_fast._layout import FIRST_HONOR, N_KINDS, SUIT_SIZE

Meld = tuple[str, int]
Decomposition = tuple[int, tuple[Meld, ...]]
STANDARD_TOTALS = (2, 5, 8, 11, 14)
# Written out rather than imported: an oracle shares no fact with the package it checks.
ORPHANS = (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33)
CHOW_STARTS = tuple(t for t in range(FIRST_HONOR) if t % SUIT_SIZE <= SUIT_SIZE - 3)
CANDIDATES = tuple([("chow", t) for t in CHOW_STARTS] + [("pung", t) for t in range(N_KINDS)])


def _chow_starts_at(index: int) -> bool:
    return index < FIRST_HONOR and index % SUIT_SIZE <= SUIT_SIZE - 3


def _search(
    c: list[int], index: int, pair: int, melds: list[Meld], out: set[Decomposition] | None
) -> bool:
    """Backtrack from ``index``; with ``out`` collect every split instead of stopping at one."""
    while index < N_KINDS and c[index] == 0:
        index += 1
    if index == N_KINDS:
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
    if len(c) != N_KINDS or not all(0 <= n <= 4 for n in c):
        raise ValueError(f"expected {N_KINDS} counts 0-4, got {c!r}")
    return c


def naive_is_standard_win(counts: Sequence[int] | bytes) -> bool:
    """Whether 3n+2 tiles (n = 0..4) split into n melds and one pair."""
    c = _counts(counts)
    if sum(c) not in STANDARD_TOTALS:
        return False
    return _search(c, 0, -1, [], None)


def naive_decompositions(counts: Sequence[int] | bytes) -> set[Decomposition]:
    """Every distinct split: ``(pair, sorted tuple of (kind, first tile))``, kind "chow" or "pung"."""
    c = _counts(counts)
    out: set[Decomposition] = set()
    if sum(c) in STANDARD_TOTALS:
        _search(c, 0, -1, [], out)
    return out


def naive_seven_pairs(counts: Sequence[int] | bytes) -> bool:
    """Seven pairs, Chinese rules: 14 tiles, all counts even (a four is two pairs)."""
    c = _counts(counts)
    return sum(c) == 14 and all(n % 2 == 0 for n in c)


def naive_thirteen_orphans(counts: Sequence[int] | bytes) -> bool:
    """Thirteen orphans: 14 tiles, each terminal and honor present, nothing else."""
    c = _counts(counts)
    return sum(c) == 14 and all((c[i] > 0) == (i in ORPHANS) for i in range(N_KINDS))


def naive_win(counts: Sequence[int] | bytes) -> bool:
    """Any form, counts 0-4: standard, or at 14 tiles seven pairs / thirteen orphans."""
    return naive_is_standard_win(counts) or naive_seven_pairs(counts) or naive_thirteen_orphans(counts)


# ---------------------------------------------------------------- splits by meld multisets


def meld_tiles(meld: Meld) -> tuple[int, int, int]:
    """The three tiles of ``("chow", t)`` or ``("pung", t)``."""
    kind, t = meld
    return (t, t + 1, t + 2) if kind == "chow" else (t, t, t)


def naive_splits(counts: Sequence[int] | bytes) -> list[Decomposition]:
    """Every (pair, sorted melds) split, by brute force over meld multisets, sorted.

    Independent of the kernels' lowest-tile recursion: for each pair it tries
    every multiset of candidate melds (candidates taken in non-decreasing list
    order) and keeps those that use up the tiles exactly.
    """
    counts = list(counts)
    total = sum(counts)
    if total % 3 != 2:
        return []
    n = (total - 2) // 3
    found: set[Decomposition] = set()
    for pair in range(N_KINDS):
        if counts[pair] < 2:
            continue
        rest = counts[:]
        rest[pair] -= 2
        cands = [m for m in CANDIDATES if all(rest[t] for t in meld_tiles(m))]
        for melds in _meld_multisets(rest, cands, 0, n, []):
            found.add((pair, melds))
    return sorted(found)


def _meld_multisets(
    rest: list[int], cands: list[Meld], start: int, left: int, chosen: list[Meld]
) -> Iterator[tuple[Meld, ...]]:
    """Every multiset of ``left`` more melds from ``cands[start:]`` that uses up ``rest``."""
    if left == 0:
        if not any(rest):
            yield tuple(sorted(chosen))
        return
    for j in range(start, len(cands)):
        tiles = meld_tiles(cands[j])
        for t in tiles:
            rest[t] -= 1
        if min(rest[t] for t in tiles) >= 0:
            chosen.append(cands[j])
            yield from _meld_multisets(rest, cands, j, left - 1, chosen)
            chosen.pop()
        for t in tiles:
            rest[t] += 1


# ---------------------------------------------------------------- per suit, for the table kernel


@functools.cache
def naive_melds(suit: tuple[int, ...]) -> bool:
    """Whether suited counts split into melds, trying every pung and chow at the lowest tile."""
    if not any(suit):
        return True
    i = next(k for k, v in enumerate(suit) if v)
    rest = list(suit)
    if rest[i] >= 3:
        rest[i] -= 3
        if naive_melds(tuple(rest)):
            return True
        rest[i] += 3
    if i % SUIT_SIZE <= SUIT_SIZE - 3 and i + 2 < len(rest) and rest[i + 1] and rest[i + 2]:
        rest[i] -= 1
        rest[i + 1] -= 1
        rest[i + 2] -= 1
        return naive_melds(tuple(rest))
    return False


def naive_standard(counts: Sequence[int] | bytes) -> bool:
    """n melds + one pair, by trying every pair; honors take no chows; False past 4 or 14."""
    counts = list(counts)
    if max(counts) > 4 or sum(counts) > 14 or sum(counts) % 3 != 2:
        return False
    for p in range(N_KINDS):
        if counts[p] >= 2:
            rest = counts[:]
            rest[p] -= 2
            suits = (rest[s : s + SUIT_SIZE] for s in range(0, FIRST_HONOR, SUIT_SIZE))
            if all(naive_melds(tuple(s)) for s in suits) and all(v in (0, 3) for v in rest[FIRST_HONOR:]):
                return True
    return False


def naive_suit_kind(suit: Sequence[int]) -> int:
    """0 nothing, 1 melds only, 2 melds and one pair (the table kernel's ``MELDS``/``PAIR``)."""
    total = sum(suit)
    if total % 3 == 0:
        return int(naive_melds(tuple(suit)))
    if total % 3 == 2:
        for p in range(SUIT_SIZE):
            if suit[p] >= 2:
                rest = list(suit)
                rest[p] -= 2
                if naive_melds(tuple(rest)):
                    return 2
    return 0


# ---------------------------------------------------------------- any counts, for jokers


@functools.cache
def _melds_only(part: tuple[int, ...], chows: bool) -> bool:
    i = next((j for j, v in enumerate(part) if v), None)
    if i is None:
        return True
    rest = list(part)
    if rest[i] >= 3:
        rest[i] -= 3
        if _melds_only(tuple(rest), chows):
            return True
        rest[i] += 3
    if chows and i + 2 < len(part) and rest[i + 1] and rest[i + 2]:
        rest[i] -= 1
        rest[i + 1] -= 1
        rest[i + 2] -= 1
        return _melds_only(tuple(rest), chows)
    return False


def free_win(c: Sequence[int]) -> bool:
    """Any form for counts of any size (a joker may be a fifth or sixth copy)."""
    total = sum(c)
    if total % 3 != 2:
        return False
    groups = [(lo, lo + SUIT_SIZE) for lo in range(0, FIRST_HONOR, SUIT_SIZE)] + [(FIRST_HONOR, N_KINDS)]
    for pair in range(N_KINDS):
        if c[pair] >= 2:
            h = list(c)
            h[pair] -= 2
            if all(_melds_only(tuple(h[lo:hi]), lo < FIRST_HONOR) for lo, hi in groups):
                return True
    if total != 14:
        return False
    if all(v % 2 == 0 for v in c):
        return True
    return all(c[t] >= 1 for t in ORPHANS) and sum(c[t] for t in ORPHANS) == 14
