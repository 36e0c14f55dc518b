"""The ``table`` strategy in pure Python: the twin of the compiled ``table`` kernel.

``win_table(counts)`` answers whether 34 counts form a standard hand (n melds
and one pair): every suit splits (``suits_py.split_kind``, memoised on the
suit's nine counts instead of the compiled 5**9 table), every honor count is 0,
2 or 3, and exactly one group holds the pair.  ``counts`` is read by
``_counts.read_counts``: ``TypeError`` for another type, ``ValueError`` for a
wrong length or a count outside 0-4; more than 14 tiles answers False.
``suit_kind(suit)`` answers one suit.  The twin keeps no table: ``ensure_table``
does nothing and ``table_built`` is always False.  See docs/table.md.
"""
from __future__ import annotations

from collections.abc import Sequence

from .._counts import read_counts
from .._layout import FIRST_HONOR, MAX_COPIES, MAX_HAND, N_SUITS, SUIT_SIZE
from .suits_py import MELDS, PAIR, split_kind

__all__ = ["MELDS", "PAIR", "TABLE_SIZE", "ensure_table", "suit_kind", "table_built", "win_table"]

TABLE_SIZE = 0
"""Bytes held by a built table (the twin keeps none)."""


def table_built() -> bool:
    """Always False: the twin keeps no table."""
    return False


def ensure_table() -> None:
    """Nothing to build: the twin memoises suits as it meets them."""


def suit_kind(suit: Sequence[int]) -> int:
    """``MELDS`` (1) if nine counts (0-4) split into melds only, ``PAIR`` (2) if
    into melds and one pair, else 0."""
    if len(suit) != SUIT_SIZE:
        raise ValueError(f"a suit has {SUIT_SIZE} counts, got {len(suit)}")
    for k, v in enumerate(suit):
        if not 0 <= v <= MAX_COPIES:
            raise ValueError(f"count {v} at index {k} is not in 0-{MAX_COPIES}")
    return split_kind(tuple(suit))


def win_table(counts: object) -> bool:
    """Whether 34 counts form a standard hand (n melds + a pair), by per-suit lookup."""
    data = read_counts(counts, "counts")
    if sum(data) > MAX_HAND:
        return False
    pairs = 0
    for lo in range(0, N_SUITS * SUIT_SIZE, SUIT_SIZE):
        kind = split_kind(tuple(data[lo : lo + SUIT_SIZE]))
        if kind == 0:
            return False
        pairs += kind == PAIR
    for v in data[FIRST_HONOR:]:
        if v == 2:
            pairs += 1
        elif v not in (0, 3):
            return False
    return pairs == 1
