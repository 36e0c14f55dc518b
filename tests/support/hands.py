"""Random hands for the tests, as 34 counts (at most four copies of a tile), and mpsz text.

The generators are those of ``mahjong_fast._bench.hands``, the one source of generated hands
(the benchmark, ``bench/`` and ``scripts/fuzz.py`` draw from it too).  Every generator takes a
``random.Random`` so that each test draws a fixed, reproducible sample from its own seed.  Here
only what the tests add: ``counts_of``, a reader of mpsz text independent of the package's
parser, and ``place``.
"""
from __future__ import annotations

from collections.abc import Sequence

from mahjong_fast._bench.hands import (
    WALL,
    biased_hand,
    complete_hand,
    concealed_beside,
    heavy_hand,
    joker_hand,
    meld_hand,
    melds_and_limits,
    mixed_hand,
    mixed_hands,
    near_miss,
    orphan_hand,
    quad_hand,
    random_hand,
    tile_counts,
    tiles_of,
    winning_hand,
)
from mahjong_fast._layout import N_KINDS, SUIT_LETTERS, SUIT_SIZE

__all__ = [
    "SUIT_OFFSETS",
    "WALL",
    "biased_hand",
    "complete_hand",
    "concealed_beside",
    "counts_of",
    "heavy_hand",
    "joker_hand",
    "meld_hand",
    "melds_and_limits",
    "mixed_hand",
    "mixed_hands",
    "near_miss",
    "orphan_hand",
    "place",
    "quad_hand",
    "random_hand",
    "tile_counts",
    "tiles_of",
    "winning_hand",
]

SUIT_OFFSETS = {letter: SUIT_SIZE * k for k, letter in enumerate(SUIT_LETTERS)}


def counts_of(text: str) -> bytes:
    """34 counts of mpsz text such as ``"123m456p11z"`` (``0`` is a red five; no validation).

    The tests read their hands with this instead of the package's parser, so a
    parser fault cannot hide a kernel fault.
    """
    counts = bytearray(N_KINDS)
    digits: list[int] = []
    for ch in text:
        if ch.isdigit():
            digits.append(int(ch) or 5)
        else:
            for d in digits:
                counts[SUIT_OFFSETS[ch] + d - 1] += 1
            digits = []
    return bytes(counts)


def place(config: Sequence[int], offset: int) -> bytes:
    """34 counts holding ``config`` from index ``offset`` on, zero elsewhere."""
    counts = bytearray(N_KINDS)
    counts[offset : offset + len(config)] = bytes(config)
    return bytes(counts)
