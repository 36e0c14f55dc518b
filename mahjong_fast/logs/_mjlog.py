"""Tenhou's mjlog XML records (``<mjloggm>``) as mjai events, read as their text comes.

``MjlogRecord(pieces)`` reads the header (the rules, the players' names) at
once, then ``rounds()`` each round's events, a round at a time; the meld codes
of the ``N`` tags are decoded here (``_MjlogRound.meld``, docs/logs.md).

The XML is read without an XML library: a record is a flat run of tags, and
anything else (a ``<!DOCTYPE``, an entity, text between tags, an unknown tag,
a cut inside a tag) is a ``ValueError`` naming the file and the tag.

>>> record = MjlogRecord(['<mjloggm ver="2.3"><GO type="169"/><UN n0="A" n1="B" n2="C" n3="D"/>',
...                       '<TAIKYOKU oya="0"/></mjloggm>'])
>>> [line[:50] for lines, _ in record.rounds() for line in lines], record.rules.players
(['{"type":"start_game","names":["A","B","C","D"],"ru'], 4)
"""
from __future__ import annotations

import re
from collections import deque
from collections.abc import Iterable, Iterator
from typing import Any
from urllib.parse import unquote

from .._dispatch import mjlogscan
from .._kernels.mjlog_flags import GIVEN_UP, HOLDING, IN_WALL, PLACES
from ._record import (
    FOUR_PLAYER,
    ID_NAMES,
    RED_ID_NAMES,
    RecordError,
    RecordRules,
    Round,
    add_event,
    round_label,
    rules_of_type,
    shared_plays,
    start_kyoku,
)

_TAG = re.compile(r'<([A-Za-z]+)([0-9]*)((?:\s+[A-Za-z][A-Za-z0-9]*="[^"<>&]*")*)\s*/>')
_ATTR = re.compile(r'([A-Za-z][A-Za-z0-9]*)="([^"]*)"')
_GAP = re.compile(r"\s*")
_HEAD = re.compile(r'<mjloggm(?:\s+[A-Za-z]+="[^"<>]*")*\s*>')
_DRAW = {"T": 0, "U": 1, "V": 2, "W": 3}
_DISCARD = {"D": 0, "E": 1, "F": 2, "G": 3}
_IGNORED = frozenset(("SHUFFLE", "TAIKYOKU", "BYE"))


Tag = tuple[str, str, str]
"""A tag as read: its name, the number after it (a draw's or discard's tile) and its attributes' text."""


def _pieces_to_gt(pieces: Iterable[str]) -> Iterator[str]:
    """The text of ``pieces`` again, cut after a ``>``: every piece given but the last ends with one."""
    parts: list[str] = []
    for piece in pieces:
        cut = piece.rfind(">") + 1
        if not cut:
            parts.append(piece)  # inside a tag (or not a tag at all): kept until a ">" comes
            continue
        parts.append(piece[:cut])
        yield "".join(parts)
        parts = [piece[cut:]] if cut < len(piece) else []
    if parts:
        yield "".join(parts)


def _mjlog_bodies(pieces: Iterable[str]) -> Iterator[str]:
    """The text inside ``<mjloggm ...>...</mjloggm>`` of a record's text given in pieces, a piece at a time
    (each cut after a ``>``, so that no tag spans two): the text is read as it comes.

    A DTD, a declaration or a comment (``<!``, ``<?``) is refused where it comes, before the tags of its
    piece are read; so are a record that does not open with ``<mjloggm ...>``, text after ``</mjloggm>``
    and a record cut before it.
    """
    state = 0  # 0: before <mjloggm ...>, 1: the tags, 2: after </mjloggm>
    for text in _pieces_to_gt(pieces):
        if ("!" in text and "<!" in text) or ("?" in text and "<?" in text):  # a rare letter first: one memchr
            raise RecordError("a DTD, a declaration or a comment: refused (a record holds only tags)")
        if state == 2:
            if text.strip():
                raise RecordError(f"text after </mjloggm>: {_shown(text, _GAP.match(text).end())}")  # type: ignore[union-attr]
            continue
        pos = 0
        if state == 0:
            pos = _GAP.match(text).end()  # type: ignore[union-attr]
            head = _HEAD.match(text, pos)
            if head is None:
                raise RecordError(f"tag {_shown(text, pos)}: not an mjlog record (it must open with <mjloggm ...>)")
            pos, state = head.end(), 1
        end = text.find("</mjloggm>", pos)
        yield text[pos:] if end < 0 else text[pos:end]
        if end >= 0:
            state = 2
            after = text[end + 10:]
            if after.strip():
                raise RecordError(f"text after </mjloggm>: {_shown(after, _GAP.match(after).end())}")  # type: ignore[union-attr]
    if state == 0:
        raise RecordError("tag '': not an mjlog record (it must open with <mjloggm ...>)")
    if state == 1:
        raise RecordError("the record is cut: it ends without </mjloggm>")


def _next_tag(body: str, pos: int) -> tuple[Tag | None, int, int]:
    """The tag at ``body[pos:]`` (after blanks), where it starts and where it ends; None at the end of ``body``."""
    pos = _GAP.match(body, pos).end()  # type: ignore[union-attr]
    if pos >= len(body):
        return None, pos, pos
    m = _TAG.match(body, pos)
    if m is None:
        raise RecordError(f"tag {_shown(body, pos)}: not a complete tag (the record is cut or malformed)")
    return m.groups(), pos, m.end()  # type: ignore[return-value]


def _raw(tag: Tag) -> str:
    return f"<{tag[0]}{tag[1]}{tag[2]}/>"


def _attrs(tag: Tag) -> dict[str, str]:
    return dict(_ATTR.findall(tag[2]))


def _shown(text: str, pos: int) -> str:
    shown = text[pos:pos + 60]
    return repr(shown + ("..." if len(text) > pos + 60 else ""))


_plain_numbers = mjlogscan.numbers


def _ints(tag: str, attrs: dict[str, str], key: str, n: int | None = None, low: int = -10**9,
          high: int = 10**9) -> list[int]:
    value = attrs.get(key)
    if value is not None:  # written plainly and in range: read by the kernel (compiled: fast)
        out = _plain_numbers(value, -1 if n is None else n, low, high)
        if out is not None:
            return out
    return _read_ints(tag, value, key, n, low, high)


def _read_ints(tag: str, value: str | None, key: str, n: int | None, low: int, high: int) -> list[int]:
    """``_ints`` of a value not written plainly (or out of range, or missing): by ``int``, or what is wrong."""
    if value is None:
        raise RecordError(f"tag {tag}: no {key!r}")
    try:
        out = list(map(int, value.split(","))) if value else []
    except ValueError:
        raise RecordError(f"tag {tag}: {key}={value!r} is not a list of integers") from None
    if (n is not None and len(out) != n) or (out and (min(out) < low or max(out) > high)):
        raise RecordError(f"tag {tag}: bad {key}={value!r}")
    return out


def _seat(tag: str, attrs: dict[str, str], key: str, players: int) -> int:
    return _ints(tag, attrs, key, 1, 0, players - 1)[0]


class MjlogRecord:
    """An mjlog record read as its text comes (``pieces``): the header (the rules, the players' names)
    at once, then ``rounds()``: each round's mjai events, a round at a time.

    Only the tags of one piece and the events of one round are held: a round's events are bounded by
    its wall (each draw takes a tile out of it, each discard or call gives up a tile held; a seat
    declares riichi once, and a round has at most one win per seat but one).
    """

    def __init__(self, pieces: Iterable[str]) -> None:
        self.bodies = _mjlog_bodies(pieces)
        self.rules = FOUR_PLAYER
        self.game_type: int | None = None
        self.names: list[str] | None = None
        self.rest: tuple[str, int] | None = None  # the text and the place of the first INIT
        self.agari: deque[tuple[dict[str, str], int]] | None = None
        """When set (``wins``), each AGARI tag's attributes and its round's dealer go there as the rounds are read."""
        plain = mjlogscan.tag
        for body in self.bodies:
            pos = 0
            while True:
                found = plain(body, pos)  # a tag written plainly (SHUFFLE's long seed too), read in one pass
                if found is None:
                    tag, start, pos = _next_tag(body, pos)
                    if tag is None:
                        break
                    attrs = None
                else:
                    tag, attrs, start, pos = found
                name = tag[0]
                if name == "INIT":
                    if self.game_type is None:
                        raise RecordError(f"tag {_raw(tag)}: a round before the <GO> tag that gives the rules")
                    self.rest = body, start
                    return
                if name == "GO":
                    self.game_type = _ints(_raw(tag), _attrs(tag) if attrs is None else attrs, "type", 1, 0, 0xFF)[0]
                    self.rules = rules_of_type(self.game_type)
                elif name == "UN":
                    attrs = _attrs(tag) if attrs is None else attrs
                    self.names = [unquote(attrs.get(f"n{i}", "")) for i in range(4)][:self.rules.players]
                elif name not in _IGNORED or tag[1]:
                    raise RecordError(f"tag {_raw(tag)}: unknown tag (not one of an mjlog record's header)")

    def rounds(self) -> Iterator[tuple[list[str], list[dict[str, Any]]]]:
        """Each round's lines and events (the first with ``start_game``, the last with ``end_game`` when the
        game ends)."""
        if self.game_type is None:
            return
        events: list[dict[str, Any]] = []
        lines: list[str] = []
        add_event(events, lines, _start_game(self.rules, self.game_type, self.names))
        if self.rest is None:
            yield lines, events
            return
        (body, pos), self.rest = self.rest, None
        following: tuple[Tag, dict[str, str] | None, int] | None = None
        while True:
            if following is not None:  # the INIT tag the round before stopped at, read there
                init, read_attrs, pos = following
                attrs = _attrs(init) if read_attrs is None else read_attrs
            else:
                found = mjlogscan.tag(body, pos)  # the INIT tag written plainly, its attributes read; else by _next_tag
                if found is None:
                    init, _, pos = _next_tag(body, pos)  # type: ignore[assignment]
                    attrs = _attrs(init)
                else:
                    init, attrs, _, pos = found
            kyoku = _MjlogRound(self.rules, init, attrs, events, lines, self.agari)
            while True:
                pos = kyoku.play(body, pos)
                if pos < len(body):
                    break  # the next INIT
                body, pos = next(self.bodies, ""), 0
                if not body:
                    break
            kyoku.end()
            yield lines, events
            if not body:
                return
            following = kyoku.following
            events, lines = [], []


def _start_game(rules: RecordRules, game_type: int, names: list[str] | None) -> dict[str, Any]:
    return {"type": "start_game", "names": names or [str(i) for i in range(rules.players)],
            "rules": rules.rules, "aka_flag": rules.red_fives, "kuitan": rules.open_tanyao,
            "tenhou_type": game_type}


class _MjlogRound:
    """One INIT tag and the tags up to the next, given as they come (``play``): its events, in Mortal's order.

    A new dora indicator Mortal turns over before Tenhou's DORA tag comes (an ankan's, just before the
    tag) is an event whose ``dora_marker`` the tag fills in (``Round.owed``).
    """

    def __init__(self, rules: RecordRules, init: Tag, attrs: dict[str, str], events: list[dict[str, Any]],
                 lines: list[str], agari: deque[tuple[dict[str, str], int]] | None) -> None:
        self.rules = rules
        self.events = events
        self.lines = lines
        self.agari_tags = agari
        self.names = RED_ID_NAMES if rules.red_fives else ID_NAMES
        self.n = n = rules.players
        self.places: bytearray
        """Where each tile is (``mjlogscan_py.run``): in the wall, in a seat's hand or given up; and how many
        tiles each seat holds."""
        dealt = mjlogscan.deal(attrs, n, self.names)  # the INIT tag written plainly, making sense; else read here
        if dealt is None:
            self.deal(init, attrs, events, lines)
        else:
            seed, self.scores, self.oya, self.places, event, line = dealt
            self.label = round_label(seed[0], seed[1])
            events.append(event)
            lines.append(line)
        self.round = Round(events, lines, [], n, owed=[])
        self.scores = list(self.scores)  # changed by the riichi sticks; the start_kyoku event keeps its own
        self.drawn: list[int | None] = [None] * n
        self.pons: list[dict[int, list[int]]] = [{} for _ in range(n)]
        self.last = [-1, -1]  # the seat and tile of the last discard, while it may be called
        self.declared = [0] * n  # riichi: 1 declared, 2 accepted
        self.wins = 0
        self.game_over = False
        self.finished = False
        self.following: tuple[Tag, dict[str, str] | None, int] | None = None
        """The next round's INIT tag where ``play`` stopped: the tag, its attributes when read (plainly) and its end."""

    def deal(self, init: Tag, attrs: dict[str, str], events: list[dict[str, Any]], lines: list[str]) -> None:
        """Read the INIT tag's round set-up (``mjlogscan.deal`` did not), or tell what is wrong."""
        n = self.n
        raw = _raw(init)
        seed = _ints(raw, attrs, "seed", 6, 0)
        self.label = label = round_label(seed[0], seed[1])
        try:
            scores = [v * 100 for v in _ints(raw, attrs, "ten", None)[:n]]
            if len(scores) != n:
                raise RecordError(f"tag {raw}: 'ten' must give {n} scores")
            hands = [_ints(raw, attrs, f"hai{i}", 13, 0, 135) for i in range(n)]
            self.places = places = bytearray(PLACES)
            for who, hand in enumerate(hands):
                for tile in hand:
                    if places[tile] != IN_WALL:
                        raise RecordError(f"tag {raw}: a tile dealt twice")
                    places[tile] = who + 1
                places[HOLDING + who] = 13
            if not 0 <= seed[5] < 136 or places[seed[5]] != IN_WALL:
                raise RecordError(f"tag {raw}: a tile dealt twice")
            places[seed[5]] = GIVEN_UP
            self.oya = oya = _seat(raw, attrs, "oya", n)
            names = self.names  # the hands' tiles are 0-135 (read above)
            start_kyoku(events, lines, label, seed[0], seed[1], seed[2], oya, scores, names[seed[5]],
                        [list(map(names.__getitem__, sorted(h))) for h in hands])
        except RecordError as exc:
            raise RecordError(f"{label}, {exc}") from None
        self.scores = scores

    def name(self, tag: str, tile: int) -> str:
        if not 0 <= tile < 136:
            raise RecordError(f"tag {tag}: no tile {tile}")
        return self.names[tile]

    def play(self, body: str, pos: int) -> int:
        """Apply the round's tags in ``body`` from ``pos`` up to the next INIT; where it starts (or the
        length of ``body``)."""
        try:
            return self.tags_of_play(body, pos)
        except RecordError as exc:
            raise RecordError(f"{self.label}, {exc}") from None

    def end(self) -> None:
        """Close the round: ``end_kyoku`` when it reached its result, ``end_game`` when the game ends."""
        try:
            self.round.end(self.finished)
        except RecordError as exc:
            raise RecordError(f"{self.label}, {exc}") from None
        if self.game_over:
            add_event(self.events, self.lines, {"type": "end_game"})

    def take_from_wall(self, tag: str, tile: int, place: int = GIVEN_UP) -> None:
        """Take ``tile`` (0-135) out of the wall to ``place``: a seat's hand (the seat plus one) or given up."""
        if self.places[tile] != IN_WALL:
            raise RecordError(f"tag {tag}: tile {tile} comes out of the wall twice")
        self.places[tile] = place

    def give_up(self, tag: str, who: int, tile: int) -> None:
        """Take ``tile`` (0-135) out of seat ``who``'s hand."""
        places = self.places
        if places[tile] != who + 1:
            raise RecordError(f"tag {tag}: seat {who} does not hold tile {tile}")
        places[tile] = GIVEN_UP
        places[HOLDING + who] -= 1

    def tags_of_play(self, body: str, pos: int) -> int:
        """Apply the tags of ``body`` from ``pos`` up to the next INIT; where it starts (or the length of ``body``).

        The draws and discards of every turn take a straight path (``mjlogscan.run``): a tile not yet
        out of the wall drawn by a seat due to draw, a tile held discarded by a seat due to discard, a
        chi or pon of the last discard, a riichi declared or accepted in turn; any other tag goes to
        ``tag``, which says what is wrong: read by ``mjlogscan.tag`` when written plainly (as Tenhou
        writes them), else by the regular expressions of ``_next_tag``, which tell what is malformed.
        """
        n, places, drawn, last = self.n, self.places, self.drawn, self.last
        plays = shared_plays(self.names)
        events, lines = self.events, self.lines
        rnd = self.round
        finished = self.finished
        end = len(body)
        scan, plain = mjlogscan.run, mjlogscan.tag
        while True:
            if not finished and not rnd.at_discard and not rnd.at_tsumo:
                pos = scan(body, pos, end, n, places, drawn, plays, events, lines, last,
                           (self.names, self.pons, self.declared, self.scores))
            found = plain(body, pos)  # a tag written plainly, its attributes read; else by _next_tag
            if found is None:
                tag, start, pos = _next_tag(body, pos)
                if tag is None:
                    self.finished = finished
                    return pos
                attrs = None
            else:
                tag, attrs, start, pos = found
            name, number = tag[0], tag[1]
            if name == "INIT" and not number:
                self.finished = finished
                self.following = tag, attrs, pos
                return start
            if name == "GO":
                raise RecordError(f"tag {_raw(tag)}: a second <GO> inside the game")
            if finished and name not in ("AGARI", "UN", "BYE"):
                raise RecordError(f"tag {_raw(tag)}: after the round's result")
            finished = self.tag(name, number, _attrs(tag) if attrs is None else attrs, _raw(tag)) or finished

    def tag(self, name: str, number: str, attrs: dict[str, str], raw: str) -> bool:
        """Apply one tag; True when it is the round's result."""
        rnd = self.round
        if number:
            tile = int(number)
            if name in _DRAW and _DRAW[name] < self.n:
                who = _DRAW[name]
                holding = self.places[HOLDING + who]
                if holding % 3 != 1:
                    raise RecordError(f"tag {raw}: seat {who} draws holding {holding} tiles")
                self.name(raw, tile)
                self.take_from_wall(raw, tile, who + 1)
                self.places[HOLDING + who] = holding + 1
                self.drawn[who] = tile
                rnd.tsumo(who, self.names[tile])
                return False
            if name in _DISCARD and _DISCARD[name] < self.n:
                who = _DISCARD[name]
                self.name(raw, tile)
                holding = self.places[HOLDING + who]
                if holding % 3 != 2:
                    raise RecordError(f"tag {raw}: seat {who} discards holding {holding} tiles")
                self.give_up(raw, who, tile)
                rnd.dahai(who, self.names[tile], tile == self.drawn[who])
                self.drawn[who] = None
                self.last[:] = who, tile
                return False
            raise RecordError(f"tag {raw}: unknown tag")
        if name == "N":
            self.meld(raw, _seat(raw, attrs, "who", self.n), _ints(raw, attrs, "m", 1, 0, 0xFFFF)[0])
        elif name == "REACH":
            who = _seat(raw, attrs, "who", self.n)
            step = _ints(raw, attrs, "step", 1, 1, 2)[0]
            if self.declared[who] != step - 1:
                raise RecordError(f"tag {raw}: seat {who} " + ("declares riichi twice" if step == 1 else
                                                              "has no riichi declared to accept"))
            self.declared[who] = step
            if step == 1:
                rnd.reach(who)
            else:
                if "ten" in attrs:
                    self.scores = [v * 100 for v in _ints(raw, attrs, "ten")[:self.n]]
                else:
                    self.scores[who] -= 1000
                rnd.reach_accepted(who, list(self.scores))
        elif name == "DORA":  # turned over by Round, where Mortal does: now, or before (owed)
            tile = _ints(raw, attrs, "hai", 1, 0, 135)[0]
            self.take_from_wall(raw, tile)
            if rnd.owed:
                rnd.fill_owed(self.names[tile])
            else:
                rnd.dora.append(self.names[tile])
        elif name == "AGARI":
            self.agari(attrs, raw)
            return True
        elif name == "RYUUKYOKU":
            rnd.ryukyoku(self.deltas(attrs, raw))
            self.owari(attrs)
            return True
        elif name not in ("UN", "BYE"):
            raise RecordError(f"tag {raw}: unknown tag")
        return False

    def deltas(self, attrs: dict[str, str], raw: str) -> list[int]:
        if "sc" not in attrs:
            return [0] * self.n
        sc = _ints(raw, attrs, "sc")
        if len(sc) < 2 * self.n:
            raise RecordError(f"tag {raw}: 'sc' must give {self.n} scores and changes")
        return [v * 100 for v in sc[1:2 * self.n:2]]

    def owari(self, attrs: dict[str, str]) -> None:
        if "owari" in attrs:
            self.game_over = True

    def agari(self, attrs: dict[str, str], raw: str) -> None:
        self.wins += 1
        if self.wins >= self.n:
            raise RecordError(f"tag {raw}: a win by every seat")
        who = _seat(raw, attrs, "who", self.n)
        if self.agari_tags is not None:
            self.agari_tags.append((attrs, self.oya))
        target = _seat(raw, attrs, "fromWho", self.n)
        ura = [self.name(raw, t) for t in _ints(raw, attrs, "doraHaiUra")] if "doraHaiUra" in attrs else []
        self.round.hora(who, target, self.deltas(attrs, raw), ura)
        self.owari(attrs)

    def meld(self, raw: str, who: int, m: int) -> None:
        """Decode Tenhou's meld code ``m`` (see docs/logs.md) into its mjai event."""
        rnd, n, name = self.round, self.n, self.names
        rel = m & 3
        if m & 0x4:  # chi: the lowest kind of the run, which of the three was called, each tile's copy
            t, called = divmod(m >> 10, 3)
            if t >= 21 or rel != 3 or n == 3:
                raise RecordError(f"tag {raw}: bad meld code (chi)")
            low = (t // 7) * 9 + t % 7
            ids = [(low + k) * 4 + (m >> (3 + 2 * k) & 3) for k in range(3)]
            self.call(raw, who, "chi", ids[called], ids[:called] + ids[called + 1:], (who + 3) % 4)
        elif m & 0x18:  # pon (0x8) or kakan (0x10): the kind, which copy is left out (or added), the called one
            kind, called = divmod(m >> 9, 3)
            other = m >> 5 & 3
            if kind >= 34 or rel == 0 or m & 0x18 == 0x18:
                raise RecordError(f"tag {raw}: bad meld code (pon/kakan)")
            ids = [kind * 4 + c for c in range(4) if c != other]
            if m & 0x8:
                self.call(raw, who, "pon", ids[called], ids[:called] + ids[called + 1:], self.seat_from(who, rel, raw))
            else:
                added = kind * 4 + other
                if sorted(self.pons[who].get(kind, ())) != ids:
                    raise RecordError(f"tag {raw}: seat {who} adds to a pon it does not have")
                self.give_up(raw, who, added)
                del self.pons[who][kind]
                rnd.kakan(who, name[added], [name[t] for t in ids])
                self.drawn[who] = None
        elif m & 0x20:  # kita (three players): the north taken out of the hand
            tile = m >> 8
            if n != 3 or not 120 <= tile < 124 or m & 0xDF != 0:
                raise RecordError(f"tag {raw}: bad meld code (kita)")
            self.give_up(raw, who, tile)
            rnd.nukidora(who, name[tile])
            self.drawn[who] = None
        else:  # a kan from the hand (ankan) or on a discard (daiminkan)
            tile = m >> 8
            if tile >= 136 or m & 0xFC:
                raise RecordError(f"tag {raw}: bad meld code (kan)")
            ids = [tile // 4 * 4 + c for c in range(4)]
            if rel == 0:
                for t in ids:
                    self.give_up(raw, who, t)
                rnd.ankan(who, [name[t] for t in ids])
                self.drawn[who] = None
            else:
                self.call(raw, who, "daiminkan", tile, [t for t in ids if t != tile], self.seat_from(who, rel, raw))

    def seat_from(self, who: int, rel: int, raw: str) -> int:
        if self.n == 3:
            if rel == 2:
                raise RecordError(f"tag {raw}: bad meld code (no seat opposite at three players)")
            return (who + rel - (rel == 3)) % 3
        return (who + rel) % 4

    def call(self, raw: str, who: int, kind: str, tile: int, consumed: list[int], target: int) -> None:
        if self.last != [target, tile]:
            raise RecordError(f"tag {raw}: seat {who} calls tile {tile}, which seat {target} did not just discard")
        holding = self.places[HOLDING + who]
        if holding % 3 != 1:
            raise RecordError(f"tag {raw}: seat {who} calls holding {holding} tiles")
        for t in consumed:
            self.give_up(raw, who, t)
        if kind == "pon":
            self.pons[who][tile // 4] = sorted(consumed + [tile])
        self.last[:] = -1, -1
        self.drawn[who] = None
        self.round.call(kind, who, target, self.names[tile], [self.names[t] for t in consumed])

