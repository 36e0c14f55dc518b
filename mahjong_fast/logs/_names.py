"""mjai's tile names, read once into a table: ``TILE_OF[name] == (index34, red)``.

The names and their reading are the tiles layer's (``_tile_names.MJAI_NAMES``,
``read_mjai_tile``); this table only spares the replay a call per tile.
"""
from __future__ import annotations

from .._tile_lists import read_mjai_tile
from .._tile_names import MJAI_NAMES, MJAI_RED_NAMES

__all__ = ["MJAI_NAMES", "TILE_OF"]

TILE_OF: dict[str, tuple[int, bool]] = {
    name: (int(tile), red) for name in MJAI_NAMES + MJAI_RED_NAMES for tile, red in [read_mjai_tile(name)]
}
"""Each mjai tile name (``5mr`` the red ``5m``): its index34 and whether it is red."""
