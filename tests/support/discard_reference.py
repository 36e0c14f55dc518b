"""A brute-force reference for ``logs.analyze``: every discard judged with ``mf.shanten`` alone.

For a hand ``H`` (3n+2 concealed tiles) and ``seen`` (what the seat sees plus its
own melds): for each held tile ``t``, the shanten of ``H - t`` and the unseen
copies (4 - (H - t) - seen) of every draw that lowers it.  Then the row's
columns as docs/logs.md defines them.  Slow and plain on purpose.
"""
from __future__ import annotations

from typing import Any

from .mjai_games import riichi_shanten

MAX_COPIES = 4


def judge_discards(hand: bytes, seen: bytes) -> dict[int, tuple[int, int]]:
    """``{tile: (shanten after discarding it, unseen useful count after)}`` for every held tile."""
    out = {}
    for t, n in enumerate(hand):
        if not n:
            continue
        left = bytearray(hand)
        left[t] -= 1
        after = riichi_shanten(bytes(left))
        useful = 0
        for d in range(len(hand)):
            unseen = MAX_COPIES - left[d] - seen[d]
            if unseen <= 0:
                continue
            left[d] += 1
            if riichi_shanten(bytes(left)) < after:
                useful += unseen
            left[d] -= 1
        out[t] = (after, useful)
    return out


def row(hand: bytes, seen: bytes, tile: int) -> dict[str, Any]:
    """The judged columns of one discard of ``tile`` from ``hand``."""
    judged = judge_discards(hand, seen)
    lowest = min(s for s, _ in judged.values())
    best_useful = max(u for s, u in judged.values() if s == lowest)
    after, useful = judged[tile]
    kept = after == lowest
    return {
        "shanten_before": riichi_shanten(hand),
        "shanten_after": after,
        "best": kept and useful == best_useful,
        "useful": useful,
        "best_useful": best_useful,
        "lost": best_useful - useful if kept else best_useful,
    }
