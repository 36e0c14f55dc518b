"""Pure-Python twin of ``_table``: the ``table`` strategy without the table.

Each suit's nine counts are answered by a recursion memoised on the 9-tuple
(``functools.lru_cache``) instead of the compiled module's full 5**9 table, so
only the suit shapes actually met are ever stored.  The recursion is the same
rule the compiled build uses: at the lowest tile present take a pung if there
are three or more copies, else open as many chows as there are copies; with a
pair, try the pair at that tile first.

``is_win``, ``shanten`` and ``waits`` have no fast path here: they are the
public wrappers themselves.
"""
from __future__ import annotations

from functools import lru_cache
from typing import Sequence, Tuple

from .win_py import _as_counts

MELDS = 1
PAIR = 2
TABLE_SIZE = 0
"""Bytes held by a built table (the twin keeps none)."""

_Suit = Tuple[int, int, int, int, int, int, int, int, int]


def table_built() -> bool:
    """Always False: the twin keeps no table."""
    return False


def ensure_table() -> None:
    """Nothing to build: the twin memoises suits as it meets them."""


def suit_kind(suit: Sequence[int]) -> int:
    """``MELDS`` (1) if nine counts (0-4) split into melds only, ``PAIR`` (2) if
    into melds and one pair, else 0."""
    if len(suit) != 9:
        raise ValueError(f"a suit has 9 counts, got {len(suit)}")
    for k, v in enumerate(suit):
        if not 0 <= v <= 4:
            raise ValueError(f"count {v} at index {k} is not in 0-4")
    return _suit_kind(tuple(suit))  # type: ignore[arg-type]


@lru_cache(maxsize=None)
def _suit_kind(suit: _Suit) -> int:
    total = sum(suit)
    if total == 0:
        return MELDS
    if total % 3 == 1:
        return 0
    i = next(k for k, v in enumerate(suit) if v)
    k = suit[i]
    rest = list(suit)
    if total % 3 == 2 and k >= 2:
        rest[i] -= 2
        if _suit_kind(tuple(rest)) == MELDS:  # type: ignore[arg-type]
            return PAIR
        rest[i] += 2
    want = MELDS if total % 3 == 0 else PAIR
    if k >= 3:
        rest[i] -= 3
    elif i < 7 and suit[i + 1] >= k and suit[i + 2] >= k:
        rest[i] -= k
        rest[i + 1] -= k
        rest[i + 2] -= k
    else:
        return 0
    return want if _suit_kind(tuple(rest)) == want else 0  # type: ignore[arg-type]


def win_table(counts: bytes) -> bool:
    """Whether 34 counts form a standard hand (n melds + a pair), by per-suit lookup.

    ``counts`` is a ``bytes`` (or any C-contiguous buffer) of 34 counts;
    ValueError for another length.  A count above 4, more than 14 tiles or a
    total other than 3n+2 answers False, as ``_win.win_cluster`` does.
    """
    data = _as_counts(counts)
    if max(data) > 4 or sum(data) > 14:
        return False
    pairs = 0
    for s in range(0, 27, 9):
        kind = _suit_kind(tuple(data[s : s + 9]))  # type: ignore[arg-type]
        if kind == 0:
            return False
        pairs += kind == PAIR
    for v in data[27:]:
        if v == 2:
            pairs += 1
        elif v not in (0, 3):
            return False
    return pairs == 1
