"""Every pair + melds split of a standard-form concealed part (pure Python).

The twin of the compiled ``_decompose`` kernel, with identical results.  For
each possible pair it recurses over the lowest non-empty tile ``i``: every meld
that still holds a copy of ``i`` must start at ``i``, so the copies of ``i`` are
consumed in one step as ``p`` pungs (0 or 1) plus ``c[i] - 3p`` chows.  Each
multiset of melds is reached exactly once.  Honors never form chows and a chow
never starts above 7 in its suit.
"""
from __future__ import annotations

from typing import List, Sequence, Tuple, Union

MeldTuple = Tuple[str, int]
Split = Tuple[int, Tuple[MeldTuple, ...]]

_N_TILES = 34
_N_SUITED = 27
_CHOW: Tuple[MeldTuple, ...] = tuple(("chow", t) for t in range(_N_TILES))
_PUNG: Tuple[MeldTuple, ...] = tuple(("pung", t) for t in range(_N_TILES))


def _melds(c: List[int], i: int, chows: List[int], pungs: List[int],
           pair: int, out: List[Split]) -> None:
    while i < _N_TILES and c[i] == 0:
        i += 1
    if i == _N_TILES:
        out.append((pair, tuple([_CHOW[t] for t in chows] + [_PUNG[t] for t in pungs])))
        return
    n = c[i]
    for p in ((1, 0) if n >= 3 else (0,)):
        k = n - 3 * p
        if k:
            if i >= _N_SUITED or i % 9 > 6 or c[i + 1] < k or c[i + 2] < k:
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


def decompose_counts(counts: Union[bytes, Sequence[int]]) -> List[Split]:
    """Every distinct split of a standard-form concealed part into pair + melds.

    Parameters
    ----------
    counts : bytes
        34 tile counts (0-4) in index34 order; any other buffer of 34 values
        or sequence of 34 ints is converted with ``bytes()``.

    Returns
    -------
    list of (int, tuple of (str, int))
        ``(pair, melds)`` for each split, sorted; ``melds`` holds n
        ``("chow" | "pung", first tile index34)`` tuples, sorted.  Empty when
        the tiles are not 3n+2 or do not split.

    Raises
    ------
    ValueError
        If ``counts`` does not hold exactly 34 values.
    """
    if not isinstance(counts, bytes):
        counts = bytes(counts)
    if len(counts) != _N_TILES:
        raise ValueError(f"counts must hold 34 values, got {len(counts)}")
    total = sum(counts)
    if total % 3 != 2 or max(counts) > 4:
        return []
    # Each suit (and the honors) splits on its own: the pair sits in the only
    # group whose size is 2 mod 3, and every other group must be 0 mod 3.
    mods = [sum(counts[g * 9:g * 9 + 9]) % 3 for g in range(3)] + [sum(counts[27:]) % 3]
    if 1 in mods:
        return []
    group = mods.index(2)
    c = list(counts)
    out: List[Split] = []
    for pair in range(group * 9, _N_TILES if group == 3 else group * 9 + 9):
        if c[pair] >= 2:
            c[pair] -= 2
            _melds(c, 0, [], [], pair, out)
            c[pair] += 2
    out.sort()
    return out
