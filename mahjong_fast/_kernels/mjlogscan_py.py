"""The straight path of an mjlog record's draws and discards (pure Python twin of ``mjlogscan.pyx``).

A round of Tenhou's mjlog XML is mostly draw and discard tags, ``<T12/>`` (seat 0 draws tile 12:
``T U V W`` draw, ``D E F G`` discard, by seat; the number an index136 tile).  ``run`` takes them from
``text[pos:end]`` one after the other (blanks ``" \\t\\n\\r"`` between them), as ``logs._tenhou`` would,
while the state allows: a draw of a tile not yet out of the wall (``out``) by a seat holding 3n+1
tiles (``held[seat]``, a set of tile ids), a discard of a tile held by a seat holding 3n+2.  A draw
adds the tile to ``out`` and the seat's hand, sets ``drawn[seat]`` and appends ``plays[0][seat * 136
+ tile]`` to ``events``; a discard takes the tile out of the hand, appends ``plays[2]`` (the drawn tile:
tsumogiri) or ``plays[1]`` of the same index, sets ``drawn[seat]`` to None and ``last`` to ``[seat,
tile]``.  It returns the end of the last tag it took (``pos`` when none): the next tag is one it does
not take (another tag, a seat beyond ``n``, a number of more than 3 digits, or a play the state rules
out), for the caller to apply or to tell what is wrong.  Same answers as the compiled ``mjlogscan``.
"""
from __future__ import annotations

import re
from typing import Any

_PLAY = re.compile(r"[ \t\n\r]*<([TUVWDEFG])([0-9]{1,3})/>")
_SEAT = {"T": 0, "U": 1, "V": 2, "W": 3, "D": 4, "E": 5, "F": 6, "G": 7}
"""Draws by seat, then discards by seat (seat + 4)."""


def run(text: str, pos: int, end: int, n: int, held: list[set[int]], out: set[int], drawn: list[int | None],
        plays: tuple[list[Any], list[Any], list[Any]], events: list[Any], last: list[int]) -> int:
    """Apply the draw and discard tags of ``text[pos:end]`` while the state allows; the end of the last one
    applied (``pos`` when none)."""
    if not (0 < n <= 4 and len(held) >= n and len(drawn) >= n and len(last) == 2 and len(plays) == 3
            and all(len(p) >= 136 * n for p in plays) and all(type(h) is set for h in held[:n])):
        raise ValueError("held (sets) and drawn must cover the n seats, last be [seat, tile] and plays 136 a seat")
    tsumo, dahai, tsumogiri = plays
    match = _PLAY.match
    append = events.append
    while True:
        m = match(text, pos, end)
        if m is None:
            return pos
        who = _SEAT[m[1]]
        tile = int(m[2])
        if tile >= 136:
            return pos
        if who < 4:
            if who >= n:
                return pos
            hand = held[who]
            if tile in out or len(hand) % 3 != 1:
                return pos
            out.add(tile)
            hand.add(tile)
            drawn[who] = tile
            append(tsumo[who * 136 + tile])
        else:
            who -= 4
            if who >= n:
                return pos
            hand = held[who]
            if tile not in hand or len(hand) % 3 != 2:
                return pos
            hand.discard(tile)
            append((tsumogiri if tile == drawn[who] else dahai)[who * 136 + tile])
            drawn[who] = None
            last[0] = who
            last[1] = tile
        pos = m.end()
