"""Tile layout: the facts about the 34 tile kinds that every layer shares.

index34 order (DESIGN.md, "Tile conventions"): 0-8 characters 1m-9m, 9-17 dots
1p-9p, 18-26 bamboo 1s-9s, 27-30 winds E S W N, 31-33 dragons white green red.
The build writes ``_layout.pxd`` from this file for C (``_c_numbers``).
"""
from __future__ import annotations

N_KINDS = 34
"""Number of tile kinds; a counts array has this many entries."""
SUIT_SIZE = 9
"""Ranks in a suit."""
N_SUITS = 3
"""Suited groups: characters (m), dots (p), bamboo (s)."""
FIRST_HONOR = N_SUITS * SUIT_SIZE
"""index34 of the first honour (east wind): 27."""
N_HONORS = N_KINDS - FIRST_HONOR
"""Winds and dragons: 7."""
MAX_COPIES = 4
"""Copies of each kind in a set; a count above this is not a hand."""
MAX_HAND = 14
"""Tiles in a complete hand, a kong counting three."""
MAX_MELDS = 4
"""Declared melds a hand can hold: four melds and the pair make a complete hand."""
SUIT_LETTERS = "mpsz"
"""The mpsz letter of each group, honours last."""
ORPHANS = (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33)
"""Terminals and honours, the thirteen kinds of thirteen orphans (十三幺)."""
N_ORPHANS = len(ORPHANS)
"""Kinds in thirteen orphans: 13."""
HONORS = tuple(range(FIRST_HONOR, N_KINDS))
"""The seven honour kinds."""
