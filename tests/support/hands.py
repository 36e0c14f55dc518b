"""Random hands for the tests, as 34 counts (at most four copies of a tile), and mpsz text.

The generators are those of ``mahjong_fast._bench.hands``, the one source of generated hands
(the benchmark, ``bench/`` and ``scripts/fuzz.py`` draw from it too).  Every generator takes a
``random.Random`` so that each test draws a fixed, reproducible sample from its own seed.  Here
only what the tests add: ``counts_of``, a reader of mpsz text independent of the package's
parser, and ``place``.
"""
from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from hypothesis import strategies as st

from mahjong_fast import Hand, Meld
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
from mahjong_fast._layout import FIRST_HONOR, N_KINDS, SUIT_LETTERS, SUIT_SIZE
from mahjong_fast._tile_names import MJAI_RED_NAMES

__all__ = [
    "SUIT_OFFSETS",
    "WALL",
    "biased_hand",
    "complete_hand",
    "concealed_beside",
    "counts_of",
    "hands_with_melds",
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

FIVES = (4, SUIT_SIZE + 4, 2 * SUIT_SIZE + 4)
"""The kinds of the three fives, in the order of ``MJAI_RED_NAMES``."""
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


@st.composite
def hands_with_melds(draw: Any, max_melds: int = 4, red: bool = False) -> Hand:
    """A hypothesis strategy: a legal ``Hand`` of up to 14 concealed tiles beside up to ``max_melds``
    melds (chows, pungs, open and concealed kongs), no kind more than four times; with ``red``, red
    fives among the concealed tiles (as mjai names) and in the melds."""
    counts = [0] * N_KINDS
    melds = []
    for _ in range(draw(st.integers(0, max_melds))):
        kind = draw(st.sampled_from(("chow", "pung", "kong")))
        tile = draw(st.integers(0, N_KINDS - 1))
        if kind == "chow" and (tile >= FIRST_HONOR or tile % SUIT_SIZE > SUIT_SIZE - 3):
            continue
        reds = draw(st.integers(0, sum(t in FIVES for t in Meld(kind, tile).tiles))) if red else 0
        meld = Meld.kong(tile, draw(st.booleans()), reds) if kind == "kong" else Meld(kind, tile, red=reds)
        if all(counts[t] + meld.tiles.count(t) <= 4 for t in set(meld.tiles)):
            for t in meld.tiles:
                counts[t] += 1
            melds.append(meld)
    tiles: list[int | str] = []
    for t in draw(st.lists(st.integers(0, N_KINDS - 1), max_size=14)):
        if counts[t] < 4:
            counts[t] += 1
            tiles.append(MJAI_RED_NAMES[FIVES.index(t)] if red and t in FIVES and draw(st.booleans()) else t)
    return Hand(tiles, melds)
