"""mjai's tile names, read once into a table: ``TILE_OF[name] == (index34, red)``.

STAND-IN until ``_tiles.MJAI_NAMES``/``read_mjai_tile`` land on main (issue 14,
item 1): this is the only place the logs package spells mjai names.
"""
from __future__ import annotations

from .._layout import FIRST_HONOR, N_KINDS, N_SUITS, SUIT_LETTERS, SUIT_SIZE

_HONOURS = "ESWNPFC"
MJAI_NAMES = tuple(
    f"{i % SUIT_SIZE + 1}{SUIT_LETTERS[i // SUIT_SIZE]}" if i < FIRST_HONOR else _HONOURS[i - FIRST_HONOR]
    for i in range(N_KINDS)
)
"""mjai's name of each kind, in index34 order (``5mr`` is the red ``5m``)."""
RED_FIVES = tuple(suit * SUIT_SIZE + 4 for suit in range(N_SUITS))
"""The index34 of each five that has a red copy."""

TILE_OF: dict[str, tuple[int, bool]] = {name: (i, False) for i, name in enumerate(MJAI_NAMES)}
TILE_OF.update({MJAI_NAMES[i] + "r": (i, True) for i in RED_FIVES})
