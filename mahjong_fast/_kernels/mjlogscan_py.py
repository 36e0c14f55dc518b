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

With ``calls``, ``(names, pons, declared, scores)`` of the round (the 136 tiles' names, each seat's pons
by kind, its riichi: 0, 1 declared, 2 accepted, the scores), ``run`` takes the chi, pon and riichi tags too
(``call_or_riichi``).

``deal`` reads an INIT tag's round set-up, ``deal6`` a tenhou.net/6 round's.

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
        plays: tuple[list[Any], ...], events: list[Any], lines: list[str], last: list[int],
        calls: tuple[tuple[str, ...], list[dict[int, list[int]]], list[int], list[int]] | None = None) -> int:
    """Apply the draw and discard tags of ``text[pos:end]`` (and with ``calls``, the chi, pon and riichi
    tags) while the state allows; the end of the last one applied (``pos`` when none)."""
    if not (0 < n <= 4 and len(held) >= n and len(drawn) >= n and len(last) == 2 and len(plays) == 6
            and all(len(p) >= 136 * n for p in plays) and all(type(h) is set for h in held[:n])):
        raise ValueError("held (sets) and drawn must cover the n seats, last be [seat, tile] and plays 6 tables "
                         "of 136 a seat")
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
            taken = call_or_riichi(text, pos, end, n, held, drawn, last, calls, events, lines)
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


# --- the chi, pon and riichi tags on the straight path (compiled: mjlogscan_tags.pxi) ----------------

_BLANKS = re.compile(r"[ \t\n\r]*")
_WINDS = ("E", "S", "W", "N")


def _attr(attrs: dict[str, str], key: str, count: int, low: int, high: int) -> list[int] | None:
    """The attribute's numbers written plainly (``numbers``), else None."""
    value = attrs.get(key)
    return None if value is None else numbers(value, count, low, high)


def deal(attrs: dict[str, str], n: int, names: tuple[str, ...]) -> tuple[Any, ...] | None:
    """The round an INIT tag's attributes set up (as ``logs._mjlog`` reads them when nothing is wrong):
    ``(seed, scores, dealer, held, out, start_kyoku event, its line)``, the ``seed`` (6 numbers, the round
    0-15, the dora indicator 0-135), ``ten`` (``n`` scores or more, by 100), ``oya`` and ``n`` hands
    (``hai0``...: 13 tiles 0-135 each) written plainly, no tile dealt twice; else None, for
    ``logs._mjlog`` to read or to tell what is wrong."""
    if not (0 < n <= 4 and len(names) >= 136):
        raise ValueError("n must be 1-4 and names those of the 136 tiles")
    seed, ten = _attr(attrs, "seed", 6, 0, 10**9), _attr(attrs, "ten", -1, -10**9, 10**9)
    oya = _attr(attrs, "oya", 1, 0, n - 1)
    if seed is None or ten is None or oya is None or len(ten) < n or seed[0] >= 16 or seed[5] >= 136:
        return None
    hands = [_attr(attrs, f"hai{s}", 13, 0, 135) for s in range(n)]
    if None in hands:
        return None
    out = {seed[5]}.union(*hands)  # type: ignore[arg-type]
    if len(out) != 13 * n + 1:
        return None
    held = [set(h) for h in hands]  # type: ignore[arg-type]
    tehais = [[names[t] for t in sorted(h)] for h in hands]  # type: ignore[arg-type]
    scores = [v * 100 for v in ten[:n]]
    index, honba, kyotaku, dealer = seed[0], seed[1], seed[2], oya[0]
    wind, marker, kyoku = _WINDS[index // 4], names[seed[5]], index % 4 + 1
    event = {"type": "start_kyoku", "bakaze": wind, "dora_marker": marker, "kyoku": kyoku, "honba": honba,
             "kyotaku": kyotaku, "oya": dealer, "scores": scores, "tehais": tehais}
    line = (f'{{"type":"start_kyoku","bakaze":"{wind}","dora_marker":"{marker}","kyoku":{kyoku},'
            f'"honba":{honba},"kyotaku":{kyotaku},"oya":{dealer},"scores":[{",".join(map(str, scores))}],'
            f'"tehais":[{",".join(map(_names_line, tehais))}]}}')
    return seed, scores, dealer, held, out, event, line


def _names_line(names: list[str]) -> str:
    return '["' + '","'.join(names) + '"]'


def call_or_riichi(text: str, pos: int, end: int, n: int, held: list[set[int]], drawn: list[int | None],
                   last: list[int], calls: tuple[Any, ...], events: list[Any], lines: list[str]) -> int:
    """The end of the ``<N .../>`` chi or pon, or ``<REACH .../>``, at ``text[pos:]`` (after blanks
    ``" \t\n\r"``), written plainly (``tag``) and applied as ``logs._mjlog`` applies it when nothing is
    wrong; -1 for anything else (another tag, a kan, a bad code, a call the state rules out), which
    ``logs._mjlog`` applies or tells what is wrong."""
    start = _BLANKS.match(text, pos).end()  # type: ignore[union-attr]
    found = tag(text, start) if text.startswith("<", start) else None
    if found is None:
        return -1
    (name, number, _), attrs, _, tag_end = found
    if tag_end > end or number:
        return -1
    if name == "N":
        taken = _chi_or_pon(attrs, n, held, drawn, last, calls, events, lines)
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


def _chi_or_pon(attrs: dict[str, str], n: int, held: list[set[int]], drawn: list[int | None], last: list[int],
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
    hand = held[who]
    if not (last[0] == target and last[1] == tile) or len(hand) % 3 != 1 or not all(t in hand for t in consumed):
        return False
    hand.difference_update(consumed)
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


def deal6(kyoku: list[Any], n: int, names: dict[int, str], kinds: dict[str, str]) -> tuple[Any, ...] | None:
    """A tenhou.net/6 round's set-up (as ``logs._tenhou6`` reads it when nothing is wrong): ``(scores, dora,
    ura, hands, counts)``, the first ``n`` scores (ints), the dora (one or more) and ura indicators' names,
    the ``n`` hands' (13 tiles each; each seat's takes and discards lists) and how many of each kind
    (``kinds``) the indicators and hands hold, four at most; else None, for ``logs._tenhou6`` to read or
    to tell what is wrong."""
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
    return scores, dora, ura, hands, counts
