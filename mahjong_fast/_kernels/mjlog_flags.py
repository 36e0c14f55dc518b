"""The numbers of the Tenhou-record scanners, shared by ``mjlogscan``, its twin and ``logs._mjlog``.

The build writes ``mjlog_flags.pxd`` from this file for C (``mahjong_fast._c_numbers``).
An mjlog round keeps where each of its 136 tiles is in one ``bytearray`` of ``PLACES``:
``places[tile]`` is ``IN_WALL``, the seat holding it plus one (1-4), or ``GIVEN_UP``, and
``places[HOLDING + seat]`` is how many tiles that seat holds.
"""
from __future__ import annotations

IN_WALL = 0
"""The tile is still in the wall."""
GIVEN_UP = 5
"""The tile is out of the wall and of every hand: discarded, called, melded, a dora indicator."""
HOLDING = 136
"""``places[HOLDING + seat]``: the number of tiles the seat holds."""
PLACES = 140
"""The length of a round's ``places``: 136 tiles, then 4 seats' counts."""
JSON_DEPTH = 64
"""A tenhou.net/6 record's JSON nested deeper is declined by the straight path: the ``json`` module
says what it makes of it."""
