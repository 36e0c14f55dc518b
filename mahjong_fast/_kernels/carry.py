"""The carry table of the ``carry`` strategy, derived once and shared by both twins."""
from __future__ import annotations

from .._layout import MAX_COPIES


def carry_table() -> dict[int, int]:
    """The carry table: 3-digit head -> amount to subtract from it.

    A head ``abc`` holds the counts of three consecutive ranks, ``a > 0`` for
    the lowest tile left in the run.  Heads with no key cannot be stripped
    and the run does not split.  Derived, not transcribed: the ``a`` copies
    open one pung or none and ``a - 3p`` chows, the fewest chows that fit.
    """
    table = {}
    for a in range(1, MAX_COPIES + 1):
        for b in range(MAX_COPIES + 1):
            for c in range(MAX_COPIES + 1):
                fits = [a - 3 * p for p in (1, 0) if 0 <= a - 3 * p <= min(b, c)]
                if fits:
                    table[100 * a + 10 * b + c] = 100 * a + 11 * fits[0]
    return table
