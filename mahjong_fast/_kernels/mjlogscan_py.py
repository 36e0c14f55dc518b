"""The straight paths of Tenhou records: an mjlog record's draws and discards first (pure Python twin
of ``mjlogscan.pyx``).

A round of Tenhou's mjlog XML is mostly draw and discard tags, ``<T12/>`` (seat 0 draws tile 12:
``T U V W`` draw, ``D E F G`` discard, by seat; the number an index136 tile).  ``run`` takes them from
``text[pos:end]`` one after the other (blanks ``" \\t\\n\\r"`` between them), as ``logs._mjlog`` would,
while the state allows: a draw of a tile not yet out of the wall (``out``) by a seat holding 3n+1
tiles (``held[seat]``, a set of tile ids), a discard of a tile held by a seat holding 3n+2.  A draw
adds the tile to ``out`` and the seat's hand, sets ``drawn[seat]`` and appends ``plays[0][seat * 136
+ tile]`` to ``events`` (and its line, ``plays[3]`` of the same index, to ``lines``); a discard takes the
tile out of the hand, appends ``plays[2]`` (the drawn tile: tsumogiri) or ``plays[1]`` of the same index
(and its line, ``plays[5]`` or ``plays[4]``), sets ``drawn[seat]`` to None and ``last`` to ``[seat,
tile]``.  It returns the end of the last tag it took (``pos`` when none): the next tag is one it does
not take (another tag, a seat beyond ``n``, a number of more than 3 digits, or a play the state rules
out), for the caller to apply or to tell what is wrong.  Same answers as the compiled ``mjlogscan``.

The other straight paths of Tenhou records: ``turns``, the plain draws and discards of a tenhou.net/6
round; ``numbers``, an attribute's value written plainly; ``tag``, any tag written plainly.
"""
from __future__ import annotations

import re
from typing import Any

_PLAY = re.compile(r"[ \t\n\r]*<([TUVWDEFG])([0-9]{1,3})/>")
_SEAT = {"T": 0, "U": 1, "V": 2, "W": 3, "D": 4, "E": 5, "F": 6, "G": 7}
"""Draws by seat, then discards by seat (seat + 4)."""


def run(text: str, pos: int, end: int, n: int, held: list[set[int]], out: set[int], drawn: list[int | None],
        plays: tuple[list[Any], ...], events: list[Any], lines: list[str], last: list[int]) -> int:
    """Apply the draw and discard tags of ``text[pos:end]`` while the state allows; the end of the last one
    applied (``pos`` when none)."""
    if not (0 < n <= 4 and len(held) >= n and len(drawn) >= n and len(last) == 2 and len(plays) == 6
            and all(len(p) >= 136 * n for p in plays) and all(type(h) is set for h in held[:n])):
        raise ValueError("held (sets) and drawn must cover the n seats, last be [seat, tile] and plays 6 tables "
                         "of 136 a seat")
    tsumo, dahai, tsumogiri, tsumo_lines, dahai_lines, tsumogiri_lines = plays
    match = _PLAY.match
    append, append_line = events.append, lines.append
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
            append_line(tsumo_lines[who * 136 + tile])
        else:
            who -= 4
            if who >= n:
                return pos
            hand = held[who]
            if tile not in hand or len(hand) % 3 != 2:
                return pos
            hand.discard(tile)
            if tile == drawn[who]:
                append(tsumogiri[who * 136 + tile])
                append_line(tsumogiri_lines[who * 136 + tile])
            else:
                append(dahai[who * 136 + tile])
                append_line(dahai_lines[who * 136 + tile])
            drawn[who] = None
            last[0] = who
            last[1] = tile
        pos = m.end()


def turns(actor: int, draw: bool, drawn: str | None, n: int, takes: list[Any], discards: list[Any],
          hands: list[list[str]], counts: dict[str, int], kinds: dict[str, str], names: dict[int, str],
          calls: dict[str, tuple[Any, ...]], plays: tuple[list[dict[str, Any]], ...], events: list[Any],
          lines: list[str]) -> tuple[int, bool, str | None]:
    """The straight path of a tenhou.net/6 round's turns: from seat ``actor`` to move (``draw``: it draws
    first; ``drawn`` the tile it drew), each seat in turn draws its next take and makes its next discard,
    while the state allows: a take that is a tile (``names``: code to name) of which fewer than four are
    out (``counts``, by ``kinds``: name to kind), a discard that is a tile held (``hands[seat]``, a list of
    names) or 60 after a draw, and no other seat's next take a call (text) that may take it: each one
    pending must be one already read (``calls``: its text to ``(letter, place, called tile, tiles)``)
    of another tile, so that no seat calls the discard.  ``takes`` and ``discards`` are
    each seat's deques, changed in place; a draw appends ``plays[0][seat][name]`` to ``events``, a discard
    ``plays[2]`` (60: the drawn tile) or ``plays[1]``, and each its line (``plays[3]``, ``plays[5]`` or
    ``plays[4]``) to ``lines``.  Returns where it stops, ``(actor, draw, drawn)``,
    before the first move it does not make, for the caller to make or to tell what is wrong.  Same
    answers as the compiled ``mjlogscan``.
    """
    if not (0 < n <= 4 and len(takes) >= n and len(discards) >= n and len(hands) >= n and len(plays) == 6
            and all(len(p) >= n for p in plays)):
        raise ValueError("takes, discards and hands must cover the n seats and plays hold 6 tables a seat")
    tsumo, dahai, tsumogiri, tsumo_lines, dahai_lines, tsumogiri_lines = plays
    while True:
        if draw:
            mine = takes[actor]
            if not mine:
                return actor, draw, drawn
            take = mine[0]
            name = names.get(take) if take.__class__ is int else None
            if name is None:
                return actor, draw, drawn
            kind = kinds[name]
            count = counts.get(kind, 0)
            if count >= 4:
                return actor, draw, drawn
            mine.popleft()
            counts[kind] = count + 1
            hands[actor].append(name)
            events.append(tsumo[actor][name])
            lines.append(tsumo_lines[actor][name])
            draw, drawn = False, name
        moves = discards[actor]
        if not moves:
            return actor, draw, drawn
        move = moves[0]
        if move.__class__ is not int:
            return actor, draw, drawn
        tile = drawn if move == 60 else names.get(move)
        hand = hands[actor]
        if tile is None or tile not in hand:
            return actor, draw, drawn
        for s in range(n):
            seat_takes = takes[s]
            if s != actor and seat_takes and seat_takes[0].__class__ is str:
                call = calls.get(seat_takes[0])
                if call.__class__ is not tuple or len(call) < 3 or call[2] == tile:
                    return actor, draw, drawn
        moves.popleft()
        hand.remove(tile)
        if move == 60:
            events.append(tsumogiri[actor][tile])
            lines.append(tsumogiri_lines[actor][tile])
        else:
            events.append(dahai[actor][tile])
            lines.append(dahai_lines[actor][tile])
        actor, draw, drawn = (actor + 1) % n, True, None


_NUMBERS = re.compile(r"-?[0-9]{1,9}(?:,-?[0-9]{1,9})*")


def numbers(value: str, n: int, low: int, high: int) -> list[int] | None:
    """The integers of an attribute's value written plainly, ``"1,-2,30"`` (an optional ``-`` and 1-9
    ASCII digits each, commas between), when there are ``n`` of them (any number when ``n`` is -1), each
    ``low``-``high``; None for any other value (empty, spaces, ``+``, too many, out of range...), which
    the caller reads by ``int`` (and tells what is wrong)."""
    if _NUMBERS.fullmatch(value) is None:
        return None
    out = list(map(int, value.split(",")))
    if (n >= 0 and len(out) != n) or min(out) < low or max(out) > high:
        return None
    return out


_TAG = re.compile(r'[ \t\n\r\f\v]*(<([A-Za-z]+)([0-9]*)((?:[ \t\n\r\f\v]+[A-Za-z][A-Za-z0-9]*="[^"<>&]*")*)'
                  r'[ \t\n\r\f\v]*/>)')
_ATTR = re.compile(r'([A-Za-z][A-Za-z0-9]*)="([^"]*)"')


def tag(text: str, pos: int) -> tuple[tuple[str, str, str], dict[str, str], int, int] | None:
    """The tag at ``text[pos:]`` after blanks (``" \\t\\n\\r\\f\\v"``), written plainly: ``<NAME12 a="1" b="x"/>``
    (ASCII letters, then digits, then attributes with values free of ``"<>&``, blanks only of those six).
    ``((name, number, the attributes' text), {attribute: value}, where it starts, where it ends)``;
    None for anything else (the end of the text, another blank, a malformed tag), which the caller
    reads by its regular expressions (and tells what is wrong)."""
    m = _TAG.match(text, pos) if pos >= 0 else None
    if m is None:
        return None
    return (m[2], m[3], m[4]), dict(_ATTR.findall(m[4])), m.start(1), m.end()
