"""Whether one part of a hand splits into melds: the per-suit recursion of the pure twins.

A part is the counts of one suit (nine ranks, chows allowed) or of the honors
(seven kinds, no chows).  ``split_kind`` answers ``MELDS`` when the part splits
into melds only (the empty part included), ``PAIR`` when into melds and exactly
one pair, else 0; which one is asked follows from the part's size mod 3.  The
compiled ``table`` kernel builds its per-suit table by the same rule (see
docs/table.md).
"""
from __future__ import annotations

from functools import cache

MELDS = 1
"""The part splits into melds (chows and pungs) only."""
PAIR = 2
"""The part splits into melds plus exactly one pair."""


@cache
def split_kind(part: tuple[int, ...], chows: bool = True) -> int:
    """``MELDS``, ``PAIR`` or 0 for a part of counts 0-4 (``chows``: a suit, not honors)."""
    total = sum(part)
    if total == 0:
        return MELDS
    if total % 3 == 1:
        return 0
    i = next(k for k, v in enumerate(part) if v)
    k = part[i]
    rest = list(part)
    # At the lowest kind held, a pair there leaves melds only; otherwise its k copies open a
    # pung if k >= 3 (three chows from it are the pungs of it and the next two kinds), else
    # k chows: every meld holding a copy of it starts there.
    if total % 3 == 2 and k >= 2:
        rest[i] -= 2
        if split_kind(tuple(rest), chows) == MELDS:
            return PAIR
        rest[i] += 2
    want = MELDS if total % 3 == 0 else PAIR
    if k >= 3:
        rest[i] -= 3
    elif chows and i + 2 < len(part) and part[i + 1] >= k and part[i + 2] >= k:
        rest[i] -= k
        rest[i + 1] -= k
        rest[i + 2] -= k
    else:
        return 0
    return want if split_kind(tuple(rest), chows) == want else 0
