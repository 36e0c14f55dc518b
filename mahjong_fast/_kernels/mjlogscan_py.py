"""The straight paths of Tenhou records: an mjlog record's draws and discards first (pure Python twin
of ``mjlogscan.pyx``).

A round of Tenhou's mjlog XML is mostly draw and discard tags, ``<T12/>`` (seat 0 draws tile 12:
``T U V W`` draw, ``D E F G`` discard, by seat; the number an index136 tile).  ``run`` takes them from
``text[pos:end]`` one after the other (blanks ``" \\t\\n\\r"`` between them), as ``logs._mjlog`` would,
while the state allows: a draw of a tile still in the wall by a seat holding 3n+1 tiles, a discard of a
tile held by a seat holding 3n+2.  Where each tile is, ``places`` (a ``bytearray`` of ``PLACES``, one a
round) says: ``places[tile]`` is ``IN_WALL`` (0), the seat holding it plus one (1-4), or ``GIVEN_UP``
(5: out of the wall and of every hand: discarded, called, melded, a dora indicator), and
``places[HOLDING + seat]`` how many tiles the seat holds.  A draw puts the tile in the seat's hand, sets
``drawn[seat]`` and appends ``plays[0][seat * 136 + tile]`` to ``events`` (and its line, ``plays[3]`` of
the same index, to ``lines``); a discard gives the tile up, appends ``plays[2]`` (the drawn tile:
tsumogiri) or ``plays[1]`` of the same index (and its line, ``plays[5]`` or ``plays[4]``), sets
``drawn[seat]`` to None and ``last`` to ``[seat, tile]``.  It returns the end of the last tag it took
(``pos`` when none): the next tag is one it does not take (another tag, a seat beyond ``n``, a number
of more than 3 digits, or a play the state rules out), for the caller to apply or to tell what is
wrong.  Same answers as the compiled ``mjlogscan``.

With ``calls``, ``(names, pons, declared, scores)`` of the round (the 136 tiles' names, each seat's pons
by kind, its riichi: 0, 1 declared, 2 accepted, the scores), ``run`` takes the chi, pon and riichi tags too
(``call_or_riichi``).

``deal`` reads an INIT tag's round set-up, ``deal6`` a tenhou.net/6 round's.

The other straight paths of Tenhou records: ``turns``, the plain draws and discards of a tenhou.net/6
round; ``numbers``, an attribute's value written plainly; ``tag``, any tag written plainly; ``json6``, a
tenhou.net/6 record's JSON written plainly.
"""
from __future__ import annotations

import re
from collections import deque
from typing import Any

from .mjlog_flags import GIVEN_UP, HOLDING, IN_WALL, JSON_DEPTH, PLACES

_PLAY = re.compile(r"[ \t\n\r]*<([TUVWDEFG])([0-9]{1,3})/>")
_SEAT = {"T": 0, "U": 1, "V": 2, "W": 3, "D": 4, "E": 5, "F": 6, "G": 7}
"""Draws by seat, then discards by seat (seat + 4)."""
"""``places[tile]``: ``IN_WALL``, the seat holding it plus one, or ``GIVEN_UP``; ``places[HOLDING + seat]``:
how many tiles the seat holds."""


def run(text: str, pos: int, end: int, n: int, places: bytearray, drawn: list[int | None],
        plays: tuple[list[Any], ...], events: list[Any], lines: list[str], last: list[int],
        calls: tuple[tuple[str, ...], list[dict[int, list[int]]], list[int], list[int]] | None = None) -> int:
    """Apply the draw and discard tags of ``text[pos:end]`` (and with ``calls``, the chi, pon and riichi
    tags) while the state allows; the end of the last one applied (``pos`` when none)."""
    if type(places) is not bytearray:
        raise TypeError(f"Argument 'places' has incorrect type (expected bytearray, got {type(places).__name__})")
    if not (0 < n <= 4 and len(places) >= PLACES and len(drawn) >= n and len(last) == 2 and len(plays) == 6
            and all(len(p) >= 136 * n for p in plays)):
        raise ValueError("places must hold 140 bytes, drawn cover the n seats, last be [seat, tile] and plays 6 "
                         "tables of 136 a seat")
    if calls is not None and not (len(calls) == 4 and type(calls[0]) is tuple and len(calls[0]) >= 136
                                  and type(calls[1]) is list and len(calls[1]) >= n and type(calls[2]) is list
                                  and len(calls[2]) >= n and type(calls[3]) is list):
        raise ValueError("calls must be (names of the 136 tiles, pons, declared, scores) covering the n seats")
    tsumo, dahai, tsumogiri, tsumo_lines, dahai_lines, tsumogiri_lines = plays
    match = _PLAY.match
    append, append_line = events.append, lines.append
    while True:
        m = match(text, pos, end)
        if m is None:
            if calls is None:
                return pos
            taken = call_or_riichi(text, pos, end, n, places, drawn, last, calls, events, lines)
            if taken < 0:
                return pos
            pos = taken
            continue
        who = _SEAT[m[1]]
        tile = int(m[2])
        if tile >= 136:
            return pos
        if who < 4:
            if who >= n:
                return pos
            if places[tile] != IN_WALL or places[HOLDING + who] % 3 != 1:
                return pos
            places[tile] = who + 1
            places[HOLDING + who] += 1
            drawn[who] = tile
            append(tsumo[who * 136 + tile])
            append_line(tsumo_lines[who * 136 + tile])
        else:
            who -= 4
            if who >= n:
                return pos
            if places[tile] != who + 1 or places[HOLDING + who] % 3 != 2:
                return pos
            places[tile] = GIVEN_UP
            places[HOLDING + who] -= 1
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
          lines: list[str], state: tuple[list[dict[str, list[str]]], list[bool], list[int], list[int | None]]
          | None = None) -> tuple[int, bool, str | None]:
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

    With ``state``, ``(pons, riichi, scores, pending)`` of the round (each seat's pons by kind, its riichi
    accepted, the scores, and ``pending[0]``: the seat whose riichi is to be accepted, else None), it
    also makes what ``logs._tenhou6`` makes of a riichi discard (``r`` and its code: ``reach`` before the
    discard, the stick accepted before the next draw or call: ``reach_accepted``) and of a discard another
    seat's next take calls (read already: a chi or pon of the tile from that seat, pon before chi, its two
    other tiles held: the ``chi``/``pon`` event, then that seat discards); it stops before a discard a kan
    takes and before a riichi discard after which the next seat has no take (its stick may be down with
    no draw: four riichi).
    """
    if not (0 < n <= 4 and len(takes) >= n and len(discards) >= n and len(hands) >= n and len(plays) == 6
            and all(len(p) >= n for p in plays)):
        raise ValueError("takes, discards and hands must cover the n seats and plays hold 6 tables a seat")
    pending = None
    if state is not None:
        if not (len(state) == 4 and all(type(part) is list and len(part) >= n for part in state[:3])
                and type(state[3]) is list and len(state[3]) == 1):
            raise ValueError("state must be (pons, riichi, scores, [riichi to accept]) covering the n seats")
        pending = state[3]
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
            if pending is not None and pending[0] is not None:
                _accept6(pending, state, n, events, lines)  # type: ignore[arg-type]
            counts[kind] = count + 1
            hands[actor].append(name)
            events.append(tsumo[actor][name])
            lines.append(tsumo_lines[actor][name])
            draw, drawn = False, name
        moves = discards[actor]
        if not moves:
            return actor, draw, drawn
        move = moves[0]
        riichi = False
        if move.__class__ is int:
            code = move
        elif pending is not None and _riichi_code(move):
            riichi, code = True, int(move[1:])
        else:
            return actor, draw, drawn
        tile = drawn if code == 60 else names.get(code)
        hand = hands[actor]
        if tile is None or tile not in hand:
            return actor, draw, drawn
        caller = -1
        for s in range(n):
            seat_takes = takes[s]
            if s != actor and seat_takes and seat_takes[0].__class__ is str:
                call = calls.get(seat_takes[0])
                if call.__class__ is not tuple or len(call) < 4:
                    return actor, draw, drawn
                if call[2] != tile:
                    continue
                if pending is None:
                    return actor, draw, drawn
                if _source6(s, call[0], call[1], n) == actor and (caller < 0 or call[0] != "c"):
                    caller = s
        found = None
        if caller >= 0:
            found = _call_of(calls[takes[caller][0]], tile, hands[caller])
            if found is None:
                return actor, draw, drawn
        elif riichi and not takes[(actor + 1) % n]:
            return actor, draw, drawn  # its stick may be down with no draw after (four riichi): the caller's
        moves.popleft()
        if riichi:
            events.append({"type": "reach", "actor": actor})
            lines.append(f'{{"type":"reach","actor":{actor}}}')
        hand.remove(tile)
        if code == 60:
            events.append(tsumogiri[actor][tile])
            lines.append(tsumogiri_lines[actor][tile])
        else:
            events.append(dahai[actor][tile])
            lines.append(dahai_lines[actor][tile])
        if riichi:
            pending[0] = actor  # type: ignore[index]
        if found is not None:
            if pending[0] is not None:  # type: ignore[index]
                _accept6(pending, state, n, events, lines)  # type: ignore[arg-type]
            takes[caller].popleft()
            _chi_or_pon6(found, caller, actor, tile, hands[caller], state[0], kinds, events, lines)  # type: ignore[index]
            actor, draw = caller, False
        else:
            actor, draw = (actor + 1) % n, True
        drawn = None


def _riichi_code(move: object) -> bool:
    """``move`` is a riichi discard written plainly: ``r`` and a code of two digits, 10-69."""
    return type(move) is str and len(move) == 3 and move[0] == "r" and "1" <= move[1] <= "6" and "0" <= move[2] <= "9"


def _source6(seat: int, letter: object, place: object, n: int) -> int:
    """The seat a chi, pon or daiminkan takes from by the letter's place (left, opposite, right), else -1
    (as ``logs._tenhou6`` reads it)."""
    if type(place) is not int or not 0 <= place <= 3:
        return -1
    if letter == "c":
        return (seat - 1) % n if place == 0 else -1
    side = {"p": {0: 1, 1: 2, 2: 3}, "m": {0: 1, 1: 2, 3: 3}}.get(letter, {}).get(place)  # type: ignore[call-overload]
    if side is None or (n == 3 and side == 2):
        return -1
    return (seat - side) % n if side != 3 else (seat + 1) % n


def _call_of(call: tuple[Any, ...], tile: str, hand: list[str]) -> tuple[str, list[str]] | None:
    """``(kind, consumed)`` of a chi or pon of ``tile`` (``call`` as read: letter, place, called, tiles)
    whose two other tiles ``hand`` holds, else None (a kan, another count of tiles, a tile not held)."""
    kind = {"c": "chi", "p": "pon"}.get(call[0])
    tiles = call[3]
    if kind is None or type(tiles) is not tuple or len(tiles) != 3 or tile not in tiles:
        return None
    consumed = list(tiles)
    consumed.remove(tile)
    rest = list(hand)
    for t in consumed:
        if t not in rest:
            return None
        rest.remove(t)
    return kind, consumed


def _chi_or_pon6(found: tuple[str, list[str]], caller: int, target: int, tile: str, hand: list[str],
                 pons: list[dict[str, list[str]]], kinds: dict[str, str], events: list[Any], lines: list[str]) -> None:
    """Apply the chi or pon ``found`` (``_call_of``): its tiles out of the caller's hand, the pon kept."""
    kind, consumed = found
    for t in consumed:
        hand.remove(t)
    if kind == "pon":
        pons[caller][kinds[tile]] = [tile] + consumed
    events.append({"type": kind, "actor": caller, "target": target, "pai": tile, "consumed": consumed})
    lines.append(f'{{"type":"{kind}","actor":{caller},"target":{target},"pai":"{tile}",'
                 f'"consumed":{_names_line(consumed)}}}')


def _accept6(pending: list[int | None], state: tuple[Any, ...], n: int, events: list[Any], lines: list[str]) -> None:
    """The riichi of seat ``pending[0]`` accepted: its stick down, its score 1000 less."""
    who = pending[0]
    pending[0] = None
    state[1][who] = True
    scores = state[2]
    scores[who] -= 1000
    deltas = [0] * n
    deltas[who] = -1000  # type: ignore[index]
    events.append({"type": "reach_accepted", "actor": who, "deltas": deltas, "scores": list(scores)})
    lines.append(f'{{"type":"reach_accepted","actor":{who},"deltas":[{",".join(map(str, deltas))}],'
                 f'"scores":[{",".join(map(str, scores))}]}}')


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


# --- the chi, pon and riichi tags on the straight path (compiled: mjlogscan_tags.pxi) ----------------

_BLANKS = re.compile(r"[ \t\n\r]*")
_WINDS = ("E", "S", "W", "N")


def _attr(attrs: dict[str, str], key: str, count: int, low: int, high: int) -> list[int] | None:
    """The attribute's numbers written plainly (``numbers``), else None."""
    value = attrs.get(key)
    return None if value is None else numbers(value, count, low, high)


def deal(attrs: dict[str, str], n: int, names: tuple[str, ...]) -> tuple[Any, ...] | None:
    """The round an INIT tag's attributes set up (as ``logs._mjlog`` reads them when nothing is wrong):
    ``(seed, scores, dealer, places, start_kyoku event, its line)`` (``places``: see ``run``), the
    ``seed`` (6 numbers, the round 0-15, the dora indicator 0-135), ``ten`` (``n`` scores or more, by
    100), ``oya`` and ``n`` hands (``hai0``...: 13 tiles 0-135 each) written plainly, no tile dealt
    twice; else None, for ``logs._mjlog`` to read or to tell what is wrong."""
    if not (0 < n <= 4 and len(names) >= 136):
        raise ValueError("n must be 1-4 and names those of the 136 tiles")
    seed, ten = _attr(attrs, "seed", 6, 0, 10**9), _attr(attrs, "ten", -1, -10**9, 10**9)
    oya = _attr(attrs, "oya", 1, 0, n - 1)
    if seed is None or ten is None or oya is None or len(ten) < n or seed[0] >= 16 or seed[5] >= 136:
        return None
    hands = [_attr(attrs, f"hai{s}", 13, 0, 135) for s in range(n)]
    if None in hands:
        return None
    places = bytearray(PLACES)
    for s, hand in enumerate(hands):
        for t in hand:  # type: ignore[union-attr]
            if places[t] != IN_WALL:
                return None
            places[t] = s + 1
        places[HOLDING + s] = 13
    if places[seed[5]] != IN_WALL:
        return None
    places[seed[5]] = GIVEN_UP
    tehais = [[names[t] for t in sorted(h)] for h in hands]  # type: ignore[arg-type]
    scores = [v * 100 for v in ten[:n]]
    index, honba, kyotaku, dealer = seed[0], seed[1], seed[2], oya[0]
    wind, marker, kyoku = _WINDS[index // 4], names[seed[5]], index % 4 + 1
    event = {"type": "start_kyoku", "bakaze": wind, "dora_marker": marker, "kyoku": kyoku, "honba": honba,
             "kyotaku": kyotaku, "oya": dealer, "scores": scores, "tehais": tehais}
    line = (f'{{"type":"start_kyoku","bakaze":"{wind}","dora_marker":"{marker}","kyoku":{kyoku},'
            f'"honba":{honba},"kyotaku":{kyotaku},"oya":{dealer},"scores":[{",".join(map(str, scores))}],'
            f'"tehais":[{",".join(map(_names_line, tehais))}]}}')
    return seed, scores, dealer, places, event, line


def _names_line(names: list[str]) -> str:
    return '["' + '","'.join(names) + '"]'


def call_or_riichi(text: str, pos: int, end: int, n: int, places: bytearray, drawn: list[int | None],
                   last: list[int], calls: tuple[Any, ...], events: list[Any], lines: list[str]) -> int:
    """The end of the ``<N .../>`` chi or pon, or ``<REACH .../>``, at ``text[pos:]`` (after blanks
    ``" \t\n\r"``), written plainly (``tag``) and applied as ``logs._mjlog`` applies it when nothing is
    wrong; -1 for anything else (another tag, a kan, a bad code, a call the state rules out), which
    ``logs._mjlog`` applies or tells what is wrong."""
    start = _BLANKS.match(text, pos).end()  # type: ignore[union-attr]
    found = tag(text, start) if text.startswith(("<N", "<R"), start) else None  # not read: an INIT, a win
    if found is None:
        return -1
    (name, number, _), attrs, _, tag_end = found
    if tag_end > end or number:
        return -1
    if name == "N":
        taken = _chi_or_pon(attrs, n, places, drawn, last, calls, events, lines)
    elif name == "REACH":
        taken = _riichi(attrs, n, calls, events, lines)
    else:
        return -1
    return tag_end if taken else -1


def _one(attrs: dict[str, str], key: str, low: int, high: int) -> int:
    """The attribute's one number written plainly, ``low``-``high``, else -1 (``low`` is never below 0)."""
    value = attrs.get(key)
    found = None if value is None else numbers(value, 1, low, high)
    return -1 if found is None else found[0]


def _chi_or_pon(attrs: dict[str, str], n: int, places: bytearray, drawn: list[int | None], last: list[int],
                calls: tuple[Any, ...], events: list[Any], lines: list[str]) -> bool:
    who, m = _one(attrs, "who", 0, n - 1), _one(attrs, "m", 0, 0xFFFF)
    if who < 0 or m < 0:
        return False
    rel = m & 3
    if m & 0x4:  # chi: the lowest kind of the run, which of the three was called, each tile's copy
        t, called = divmod(m >> 10, 3)
        if t >= 21 or rel != 3 or n == 3:
            return False
        low = (t // 7) * 9 + t % 7
        ids = [(low + k) * 4 + (m >> (3 + 2 * k) & 3) for k in range(3)]
        target, letters = (who + 3) % 4, "chi"
    elif m & 0x18 == 0x8:  # pon: the kind, which copy is left out, the called one
        kind, called = divmod(m >> 9, 3)
        other = m >> 5 & 3
        if kind >= 34 or rel == 0 or (n == 3 and rel == 2):
            return False
        ids = [kind * 4 + c for c in range(4) if c != other]
        target, letters = ((who + rel - (rel == 3)) % 3 if n == 3 else (who + rel) % 4), "pon"
    else:
        return False
    tile = ids[called]
    consumed = ids[:called] + ids[called + 1:]
    if (not (last[0] == target and last[1] == tile) or places[HOLDING + who] % 3 != 1
            or not all(places[t] == who + 1 for t in consumed)):
        return False
    for t in consumed:
        places[t] = GIVEN_UP
    places[HOLDING + who] -= 2
    if letters == "pon":
        calls[1][who][tile // 4] = ids
    last[0] = last[1] = -1
    drawn[who] = None
    names = calls[0]
    pai, eaten = names[tile], [names[t] for t in consumed]
    events.append({"type": letters, "actor": who, "target": target, "pai": pai, "consumed": eaten})
    lines.append(f'{{"type":"{letters}","actor":{who},"target":{target},"pai":"{pai}",'
                 f'"consumed":{_names_line(eaten)}}}')
    return True


def _riichi(attrs: dict[str, str], n: int, calls: tuple[Any, ...], events: list[Any], lines: list[str]) -> bool:
    who, step = _one(attrs, "who", 0, n - 1), _one(attrs, "step", 1, 2)
    declared, scores = calls[2], calls[3]
    if who < 0 or step < 0 or declared[who] != step - 1:
        return False
    if step == 1:
        declared[who] = 1
        events.append({"type": "reach", "actor": who})
        lines.append(f'{{"type":"reach","actor":{who}}}')
        return True
    ten = attrs.get("ten")
    values = None if ten is None else numbers(ten, -1, -10**9, 10**9)
    if values is None or len(values) < n:
        return False
    scores[:] = [v * 100 for v in values[:n]]
    declared[who] = 2
    deltas = [0] * n
    deltas[who] = -1000
    events.append({"type": "reach_accepted", "actor": who, "deltas": deltas, "scores": list(scores)})
    lines.append(f'{{"type":"reach_accepted","actor":{who},"deltas":[{",".join(map(str, deltas))}],'
                 f'"scores":[{",".join(map(str, scores))}]}}')
    return True


def _tile_names(codes: object, names: dict[int, str]) -> list[str] | None:
    """The names of a list of tile codes, else None (a code that is no tile, or no list)."""
    if type(codes) is not list:
        return None
    out = [names.get(code) if type(code) is int else None for code in codes]
    return None if None in out else out  # type: ignore[return-value]


def deal6(kyoku: list[Any], n: int, names: dict[int, str], kinds: dict[str, str], index: int | None = None,
          honba: int = 0, sticks: int = 0) -> tuple[Any, ...] | None:
    """A tenhou.net/6 round's set-up (as ``logs._tenhou6`` reads it when nothing is wrong): ``(scores, dora,
    ura, hands, counts)``, the first ``n`` scores (ints), the dora (one or more) and ura indicators' names,
    the ``n`` hands' (13 tiles each; each seat's takes and discards lists) and how many of each kind
    (``kinds``) the indicators and hands hold, four at most; else None, for ``logs._tenhou6`` to read or
    to tell what is wrong.  Given the round's ``index`` (0-15, its dealer one of the ``n`` seats), its
    ``honba`` and riichi ``sticks``, also its ``start_kyoku`` event and line and each seat's takes and
    discards as deques."""
    if not (0 < n <= 4 and len(kyoku) >= 4 + 3 * n):
        raise ValueError("n must be 1-4 and the round hold its n seats")
    if type(kyoku[1]) is not list:
        return None
    scores = kyoku[1][:n]
    if len(scores) != n or not all(type(v) is int for v in scores):
        return None
    dora, ura = _tile_names(kyoku[2], names), _tile_names(kyoku[3], names)
    if not dora or ura is None:
        return None
    hands = [_tile_names(kyoku[4 + 3 * s], names) for s in range(n)]
    if any(h is None or len(h) != 13 or type(kyoku[5 + 3 * s]) is not list or type(kyoku[6 + 3 * s]) is not list
           for s, h in enumerate(hands)):
        return None
    counts: dict[str, int] = {}
    for name in dora + [t for h in hands for t in h]:  # type: ignore[union-attr]
        kind = kinds[name]
        counts[kind] = counts.get(kind, 0) + 1
        if counts[kind] > 4:
            return None
    if index is None:
        return scores, dora, ura, hands, counts
    if type(index) is not int or not 0 <= index < 16 or index % 4 >= n:
        return None
    oya = index % 4
    wind, marker, number = _WINDS[index // 4], dora[0], oya + 1
    event = {"type": "start_kyoku", "bakaze": wind, "dora_marker": marker, "kyoku": number, "honba": honba,
             "kyotaku": sticks, "oya": oya, "scores": list(scores), "tehais": hands}
    line = (f'{{"type":"start_kyoku","bakaze":"{wind}","dora_marker":"{marker}","kyoku":{number},'
            f'"honba":{honba},"kyotaku":{sticks},"oya":{oya},"scores":[{",".join(map(str, scores))}],'
            f'"tehais":[{",".join([_names_line(tiles) for tiles in hands])}]}}')  # type: ignore[arg-type]
    return (scores, dora, ura, hands, counts, event, line, [deque(kyoku[5 + 3 * s]) for s in range(n)],
            [deque(kyoku[6 + 3 * s]) for s in range(n)])


def _deltas6(deltas: object, n: int) -> list[int] | None:
    """The first ``n`` score changes of a result (all of them ints), else None."""
    if type(deltas) is not list or len(deltas) < n or not all(type(v) is int for v in deltas):
        return None
    return deltas[:n]


def _ints_line(values: list[int]) -> str:
    return "[" + ",".join(map(str, values)) + "]"


def finish6(result: object, n: int, ura: list[str], riichi: list[bool], dora: list[str], events: list[Any],
            lines: list[str]) -> bool:
    """A tenhou.net/6 round's result as ``logs._tenhou6`` makes it when nothing is wrong: ``["和了", deltas,
    [winner, from, ...], ...]`` a ``hora`` per win (its first ``n`` score changes; ``ura`` as its ura markers
    when the winner's ``riichi`` is accepted), any other name a ``ryukyoku`` (its score changes, or none),
    then ``end_kyoku``; True.  False, nothing added, for anything else (no result, a bad one, dora
    indicators left unturned), which ``logs._tenhou6`` tells."""
    if not (0 < n <= 4 and len(riichi) >= n):
        raise ValueError("n must be 1-4 and riichi cover the n seats")
    if dora or type(result) is not list or not result or type(result[0]) is not str:
        return False
    if result[0] == "和了":
        if len(result) < 3 or len(result) % 2 == 0:
            return False
        made = []
        for k in range(1, len(result), 2):
            info, deltas = result[k + 1], _deltas6(result[k], n)
            if (deltas is None or type(info) is not list or len(info) < 2 or type(info[0]) is not int
                    or type(info[1]) is not int or not 0 <= info[0] < n or not 0 <= info[1] < n):
                return False
            made.append((info[0], info[1], deltas))
        for who, target, deltas in made:
            hand_ura = ura if riichi[who] else []
            events.append({"type": "hora", "actor": who, "target": target, "deltas": deltas, "ura_markers": hand_ura})
            lines.append(f'{{"type":"hora","actor":{who},"target":{target},"deltas":{_ints_line(deltas)},'
                         f'"ura_markers":{_names_line(hand_ura) if hand_ura else "[]"}}}')
    else:
        found = _deltas6(result[1], n) if len(result) > 1 else [0] * n
        if found is None:
            return False
        events.append({"type": "ryukyoku", "deltas": found})
        lines.append(f'{{"type":"ryukyoku","deltas":{_ints_line(found)}}}')
    events.append({"type": "end_kyoku"})
    lines.append('{"type":"end_kyoku"}')
    return True


_JSON_SPACE = re.compile(r"[ \t\n\r]*").match
_JSON_PLAIN = re.compile(r'"([^"\\\x00-\x1f]*)"|(-?(?:0|[1-9][0-9]{0,17}))(?![0-9.eE])|(true|false|null)')
_JSON_WORDS: dict[str | Any, Any] = {"true": True, "false": False, "null": None}


def json6(text: str, pos: int) -> tuple[Any, int] | None:
    """``(value, end)`` of the JSON value at ``text[pos]`` as ``json``'s ``raw_decode`` reads it, when written
    plainly: strings with no escape nor control character, integers of 1-18 digits, ``true``, ``false``, ``null``,
    lists and objects (no key twice) of them at most ``JSON_DEPTH`` deep, blanks ``" \\t\\n\\r"`` between; else
    None (a float, an escape, a blank at ``pos``, bad JSON...): the json module reads it and tells what is wrong."""
    return _json_value(text, pos, 0) if 0 <= pos < len(text) else None


def _json_value(text: str, pos: int, depth: int) -> tuple[Any, int] | None:
    opening = text[pos]
    if opening != "[" and opening != "{":
        m = _JSON_PLAIN.match(text, pos)
        if m is None:
            return None
        string, number, word = m.groups()
        return (string if string is not None else int(number) if number is not None else _JSON_WORDS[word]), m.end()
    if depth >= JSON_DEPTH:
        return None
    close, items, members = "]" if opening == "[" else "}", [], {}  # type: str, list[Any], dict[str, Any]
    pos = _JSON_SPACE(text, pos + 1).end()  # type: ignore[union-attr]
    if text.startswith(close, pos):
        return (items if opening == "[" else members), pos + 1
    while pos < len(text):
        key = None
        if opening == "{":  # a key, a colon
            m = _JSON_PLAIN.match(text, pos)
            if m is None or m.group(1) is None or not text.startswith(":", _JSON_SPACE(text, m.end()).end()):  # type: ignore[union-attr]
                return None
            key, pos = m.group(1), _JSON_SPACE(text, _JSON_SPACE(text, m.end()).end() + 1).end()  # type: ignore[union-attr]
            if pos >= len(text):
                return None
        found = _json_value(text, pos, depth + 1)
        if found is None or key in members:  # a key given twice: the json module tells it
            return None
        if key is None:
            items.append(found[0])
        else:
            members[key] = found[0]
        pos = _JSON_SPACE(text, found[1]).end()  # type: ignore[union-attr]
        if text.startswith(close, pos):
            return (items if opening == "[" else members), pos + 1
        if not text.startswith(",", pos):
            return None
        pos = _JSON_SPACE(text, pos + 1).end()  # type: ignore[union-attr]
    return None
