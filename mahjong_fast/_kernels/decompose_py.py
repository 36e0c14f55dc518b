"""Every pair + melds split of a standard-form concealed part: the pure-Python twin.

``decompose_counts(counts)`` lists each distinct ``(pair, melds)`` split of 34
counts, sorted, with the melds of a split sorted as ``("chow" | "pung", first
tile)``; empty when the tiles are not 3n+2 or do not split.  ``counts`` is read
by ``_counts.read_counts``: ``TypeError`` for another type, ``ValueError``
naming the value for a wrong length or a count outside 0-4.  Same answers as
the compiled ``decompose`` kernel; the enumeration: docs/decompose.md.
"""
from __future__ import annotations

from .._counts import read_counts
from .._layout import FIRST_HONOR, N_KINDS, N_SUITS, SUIT_SIZE

MeldTuple = tuple[str, int]
Split = tuple[int, tuple[MeldTuple, ...]]

_CHOW: tuple[MeldTuple, ...] = tuple(("chow", t) for t in range(N_KINDS))
_PUNG: tuple[MeldTuple, ...] = tuple(("pung", t) for t in range(N_KINDS))


def _melds(c: list[int], i: int, chows: list[int], pungs: list[int],
           pair: int, out: list[Split]) -> None:
    while i < N_KINDS and c[i] == 0:
        i += 1
    if i == N_KINDS:
        out.append((pair, tuple([_CHOW[t] for t in chows] + [_PUNG[t] for t in pungs])))
        return
    n = c[i]
    for p in ((1, 0) if n >= 3 else (0,)):
        k = n - 3 * p
        if k:
            if (i >= FIRST_HONOR or i % SUIT_SIZE > SUIT_SIZE - 3
                    or c[i + 1] < k or c[i + 2] < k):
                continue
            c[i + 1] -= k
            c[i + 2] -= k
            chows.extend([i] * k)
        if p:
            pungs.append(i)
        c[i] = 0
        _melds(c, i + 1, chows, pungs, pair, out)
        c[i] = n
        if p:
            pungs.pop()
        if k:
            del chows[len(chows) - k:]
            c[i + 1] += k
            c[i + 2] += k


def decompose_counts(counts: object) -> list[Split]:
    """Every distinct split of a standard-form concealed part into pair + melds.

    Parameters
    ----------
    counts : bytes
        34 tile counts (0-4) in index34 order, or any value ``read_counts`` accepts.

    Returns
    -------
    list of (int, tuple of (str, int))
        ``(pair, melds)`` for each split, sorted; ``melds`` holds n
        ``("chow" | "pung", first tile index34)`` tuples, sorted.  Empty when
        the tiles are not 3n+2 or do not split.

    Raises
    ------
    TypeError
        If ``counts`` is not bytes, a buffer or a list/tuple of ints.
    ValueError
        If ``counts`` does not hold exactly 34 values, or a count is outside 0-4.
    """
    data = read_counts(counts, "counts")
    if sum(data) % 3 != 2:
        return []
    # The pair sits in the only group (suit or honors) whose size is 2 mod 3.
    mods = [sum(data[lo:lo + SUIT_SIZE]) % 3 for lo in range(0, FIRST_HONOR, SUIT_SIZE)]
    mods.append(sum(data[FIRST_HONOR:]) % 3)
    if 1 in mods:
        return []
    group = mods.index(2)
    lo = group * SUIT_SIZE
    c = list(data)
    out: list[Split] = []
    for pair in range(lo, N_KINDS if group == N_SUITS else lo + SUIT_SIZE):
        if c[pair] >= 2:
            c[pair] -= 2
            _melds(c, 0, [], [], pair, out)
            c[pair] += 2
    out.sort()
    return out
