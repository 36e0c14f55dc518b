"""Reading game logs: a path (plain or gzip), a file, or lines; mjai (one event a line) or a Tenhou record.

A source is told apart by its content, not its name: gzip by its magic bytes,
then mjlog XML (``<mjloggm>``) and tenhou.net/6 JSON (``{"log": [...]}``) are
turned into mjai events (``_tenhou``: ``_mjlog``, ``_tenhou6``), and anything else is read as mjai.

Every failure is a ``ValueError`` that names the source, the line number and
the line (shortened): a truncated or corrupt gzip stream, bytes that are not
UTF-8, a line that is not a JSON object, an unknown event type or an event the
table's state rules out.  Nothing is skipped, blank lines included.

Reading is streamed and capped, whatever a source expands to (the source's text is
read by ``_text``: ``CHUNK`` bytes at a time, no more than ``MAX_LOG`` once
decompressed nor ``MAX_LINE`` in a line).  An mjai log read from a path or a file is
kept as the text's chunks (``Chunks``) and split and parsed as the readers
consume it (``LazyLines``, ``stream_events``): reading one holds its text and a
small constant, never a list of all its lines or events.  The errors stay
those of a log parsed whole first: when the state rules an event out, the rest
is parsed, and a later line that is not JSON is the one told.  JSON is read by ``_json.loads``: no NaN,
no Infinity, no key given twice, no error of nesting other than a ValueError.
"""
from __future__ import annotations

import json
from collections.abc import Iterable, Iterator
from typing import Any, Union

from ._json import loads
from ._record import FOUR_PLAYER, RecordError, RecordRules
from ._seat import Seat
from ._state import Inconsistent, Table
from ._tenhou import kind_and_first, open_record, record_kind
from ._tenhou6 import First
from ._text import CHUNK, Chunks, LazyLines, Source, error, read_text, split_lines

MAX_TENHOU_JSON = 1 << 21
"""The most a tenhou.net/6 record may hold, in bytes (2 MiB; a real one is 10-50 KB): its JSON is read
whole, unlike an mjai log or an mjlog record, which are read as they go."""


BATCH_LINES = 1024
"""How many lines of a Tenhou record ``Converted.batches`` gathers (whole rounds) before handing them on, about
what an mjai log's chunk holds (some 1,300): ``analyze`` switching between converting and judging after every
round ran the same instructions 5% slower.  A round that raises still raises before the rounds gathered are
judged, and the error is the same: a state error reads the rest of the record first (``inconsistent``)."""


class Converted(LazyLines):
    """A Tenhou record's mjai lines and events, converted a round at a time as they are consumed: a record
    is never held as a list of all its events (``batches`` holds ``BATCH_LINES`` and a round), nor of all its tags.

    ``rounds()`` gives each round's lines and events; ``batches()`` the lines of whole rounds (``BATCH_LINES``
    or more, and the rest), and then ``converted[i]`` is the event of line ``i + 1`` (of the batch at hand).
    A malformed tag or round raises its ``ValueError`` (naming the source) when it is reached.

    >>> record = ('<mjloggm ver="2.3"><GO type="169"/><UN n0="A" n1="B" n2="C" n3="D"/><TAIKYOKU oya="0"/>'
    ...           '</mjloggm>')
    >>> converted = Converted("<lines>", open_record("mjlog", [record]))
    >>> converted.rules.players, [line[:40] for line in converted]
    (4, ['{"type":"start_game","names":["A","B","C'])
    """

    def __init__(self, name: str, record: Any) -> None:
        self.name = name
        self.record = record
        self.rules: RecordRules = record.rules
        self._rounds: Iterator[tuple[list[str], list[dict[str, Any]]]] | None = record.rounds()
        self._events: list[dict[str, Any]] = []
        self._base = 0  # the lines before the round at hand

    def rounds(self) -> Iterator[tuple[list[str], list[dict[str, Any]]]]:
        """Each round's lines and events, converted as they are asked for (read once)."""
        rounds, self._rounds = self._rounds, None
        if rounds is None:
            raise RuntimeError("the lines of a log are read once")
        try:
            yield from rounds
        except RecordError as exc:
            raise ValueError(f"{self.name}, {exc}") from None

    def batches(self) -> Iterator[list[str]]:
        """The lines, whole rounds at a time: rounds gathered up to ``BATCH_LINES`` lines or more."""
        lines: list[str] = []
        events: list[dict[str, Any]] = []
        for round_lines, round_events in self.rounds():
            lines += round_lines
            events += round_events
            if len(lines) >= BATCH_LINES:
                self._base += len(self._events)
                self._events = events
                yield lines
                lines, events = [], []
        if lines:
            self._base += len(self._events)
            self._events = events
            yield lines

    def __getitem__(self, index: int) -> dict[str, Any]:
        return self._events[index - self._base]


Lines = Union[list[str], LazyLines]
"""A log's lines: a list, or (a path or a file read as mjai) ``LazyLines``, or a Tenhou record's ``Converted``."""
Events = Union[list[dict[str, Any]], Converted]
"""A log's events, when they are not read from its lines: a list, or a Tenhou record's ``Converted``."""
Record = tuple[str, Lines, "Events | None", RecordRules]
"""``(name, lines, events, rules)`` of a source: ``events`` None for an mjai log (its lines not yet parsed);
for a Tenhou record, ``lines`` and ``events`` are one ``Converted``."""


def read_source(source: Source) -> Record:
    """Read a source of any form: mjai lines as they are, a Tenhou record converted to mjai events."""
    return record_of(*read_text(source))


def _head(chunks: Chunks) -> str:
    """The text up to the end of its first line that is not blank (or all of it)."""
    head = ""
    for piece in chunks:
        head += piece
        start = len(head) - len(head.lstrip())
        if "\n" in head[start:]:
            break
    return head


def joined(text: Chunks | list[str]) -> str:
    """The whole text of a source already read: its ``Chunks`` joined, or its lines."""
    return "".join(text) if isinstance(text, Chunks) else "\n".join(text)


def record_of(name: str, text: Chunks | list[str]) -> Record:
    """``read_source`` of a source already read (``read_text``): its name and its text or lines."""
    if isinstance(text, Chunks):  # read from a path or a file: an mjai log is split as it is read
        head = _head(text)
        kind, found = kind_and_first(head)  # the record's text starts with head
        if kind == "mjai" and head.lstrip("\ufeff \t\r\n").startswith("{") and not _is_json(
                head.split("\n", 1)[0]):  # a first line that is no JSON object: maybe Tenhou's JSON, laid out
            if sum(map(len, text)) > MAX_TENHOU_JSON:
                raise error(name, 1, "not a JSON object on one line (an mjai event), and longer than a "
                                      f"tenhou.net/6 record laid out on lines may be (MAX_TENHOU_JSON, "
                                      f"{MAX_TENHOU_JSON} bytes)")
            kind, found = kind_and_first(joined(text))
        if kind != "mjai":
            return _converted(name, _drain(text), kind, sum(map(len, text)), found)
        if text.other_breaks:
            lines = split_lines(joined(text))
            return name, lines, None, _mjai_rules(lines)
        return name, LazyLines(text), None, _mjai_rules(head.split("\n", 1)[:1])
    first = text[0].lstrip("\ufeff \t") if text else ""
    if not first.startswith(("<", "{")) or (first.startswith("{") and record_kind(first) == "mjai"
                                             and _is_json(first)):
        return name, text, None, _mjai_rules(text)
    if first.startswith("<"):  # an mjlog record given as its lines
        return _converted(name, _line_pieces(text), "mjlog", 0)
    size = sum(len(line) + 1 for line in text)
    if size > MAX_TENHOU_JSON:
        if record_kind(first) == "mjai" and not _is_json(first):
            raise error(name, 1, "not a JSON object on one line (an mjai event), and longer than a "
                                  f"tenhou.net/6 record laid out on lines may be (MAX_TENHOU_JSON, "
                                  f"{MAX_TENHOU_JSON} bytes)")
        return _converted(name, _line_pieces(text), "tenhou6", size)
    whole = "\n".join(text)  # a tenhou.net/6 record given as its lines (or a log whose first line is bad)
    kind, found = kind_and_first(whole)
    if kind == "mjai":
        return name, text, None, FOUR_PLAYER
    return _converted(name, [whole], kind, size, found)


def _converted(name: str, pieces: Iterable[str], kind: str, size: int, first: First = None) -> Record:
    """The ``Record`` of a Tenhou record of ``kind`` whose text (``size`` characters) comes in ``pieces``
    (tenhou.net/6: ``first``, its first object read already, if any)."""
    if kind == "tenhou6" and size > MAX_TENHOU_JSON:
        raise ValueError(f"{name}: a tenhou.net/6 record longer than MAX_TENHOU_JSON ({MAX_TENHOU_JSON} bytes; "
                         "its JSON is read whole)")
    try:
        converted = Converted(name, open_record(kind, pieces, first))
    except RecordError as exc:
        raise ValueError(f"{name}, {exc}") from None
    return name, converted, converted, converted.rules


def _drain(chunks: Chunks) -> Iterator[str]:
    """The pieces of ``chunks``, each let go as it is given."""
    chunks.reverse()
    while chunks:
        yield chunks.pop()


def _line_pieces(lines: list[str]) -> Iterator[str]:
    """The text of ``lines``, a line (or ``CHUNK`` characters of a longer one) at a time."""
    for line in lines:
        for start in range(0, len(line), CHUNK):
            yield line[start:start + CHUNK]
        yield "\n"


def _is_json(line: str) -> bool:
    try:
        loads(line)
    except ValueError:
        return False
    return True


def _mjai_rules(lines: list[str]) -> RecordRules:
    """The rules an mjai log's ``start_game`` names (``rules``, ``aka_flag``, ``kuitan``, as ``convert``
    writes them), else Tenhou's four-player game with red fives."""
    if lines and ('"rules"' in lines[0] or '"kuitan"' in lines[0] or '"aka_flag"' in lines[0]) and _is_json(
            lines[0]):
        first = loads(lines[0])
        if isinstance(first, dict) and first.get("type") == "start_game":
            three = first.get("rules") == "riichi3"
            return RecordRules("riichi3" if three else "riichi", 3 if three else 4,
                               first.get("aka_flag") is not False, first.get("kuitan") is not False)
    return FOUR_PLAYER


def parse_line(name: str, lineno: int, line: str) -> dict[str, Any]:
    """The JSON object on ``line``; a ``ValueError`` naming it when it is not one."""
    try:
        event = loads(line)
    except json.JSONDecodeError as exc:
        why = "empty line" if not line.strip() else f"not JSON ({exc.msg} at column {exc.colno})"
        raise error(name, lineno, why, line) from None
    except ValueError as exc:  # refused by loads: NaN, a number out of range, a key twice, nesting
        raise error(name, lineno, f"not JSON a log holds ({exc})", line) from None
    if type(event) is not dict:
        raise error(name, lineno, "not a JSON object", line)
    return event


SHARED_MAX = 1 << 13
"""How many lines ``read_event`` remembers (a few hundred distinct ones make most of a real log)."""
SHARED_LINE = 100
"""The longest line it remembers."""
_SCALARS = frozenset((str, int, float, bool, type(None)))
_shared: dict[str, dict[str, Any]] = {}


def read_event(name: str, lineno: int, line: str) -> dict[str, Any]:
    """``parse_line``, remembering the object of a short line that holds no list or object.

    A log is mostly the same few hundred short lines (``tsumo`` and ``dahai`` of each seat and tile),
    so a line seen before whose object holds no list or object gives the object parsed then: the
    event returned may be shared and must not be modified (``replay`` hands out copies).
    """
    event = _shared.get(line)
    if event is None:
        event = parse_line(name, lineno, line)
        if len(line) <= SHARED_LINE and len(_shared) < SHARED_MAX and all(
                v.__class__ in _SCALARS for v in event.values()):
            _shared[line] = event
    return event


Stream = Iterator[tuple[int, str, dict[str, Any]]]
"""A log's events in order, each ``(line number, line, event)``."""


def stream_events(name: str, lines: Lines, events: Events | None) -> Stream:
    """Each line's number, the line and its event, a line parsed (or a Tenhou record's round converted)
    as it comes (see ``read_event``: the event may be shared and must not be modified); a line that is
    not a JSON object raises its ``ValueError`` when it is reached."""
    if isinstance(events, Converted):
        i = 0
        for round_lines, round_events in events.rounds():
            for line, event in zip(round_lines, round_events):
                i += 1
                yield i, line, event
        return
    if events is not None:
        for i, (line, event) in enumerate(zip(lines, events), 1):
            yield i, line, event
        return
    get = _shared.get
    for i, line in enumerate(lines, 1):
        known = get(line)
        yield i, line, read_event(name, i, line) if known is None else known


def inconsistent(name: str, lineno: int, why: str, line: str, rest: Iterator[Any]) -> ValueError:
    """The ``ValueError`` of an event the state rules out, unless a later line is no JSON object: the
    rest of the stream is read first and raises that line's, as when every line is parsed first."""
    for _ in rest:
        pass
    return error(name, lineno, why, line)


def to_mjai(source: Source) -> Iterator[dict[str, Any]]:
    """The mjai events of a log in any form: a Tenhou record (mjlog XML, plain or gzip, or tenhou.net/6
    JSON) converted, an mjai log as it is.  Malformed input raises ``ValueError`` naming the source and
    the line, round or tag.

    >>> record = ('<mjloggm ver="2.3"><GO type="169"/><UN n0="A" n1="B" n2="C" n3="D"/><TAIKYOKU oya="0"/>'
    ...           '</mjloggm>')
    >>> [e["type"] for e in to_mjai([record])]
    ['start_game']
    """
    name, lines, events, rules = read_source(source)
    if events is not None:
        for _, _, event in stream_events(name, lines, events):
            yield dict(event)
        return
    for event, _ in _replay(name, stream_events(name, lines, None)):  # an mjai log: checked as replay does
        yield event


def record_rules(source: Source) -> RecordRules:
    """The rules a log was played under: a Tenhou record's game type (players, red fives, open tanyao);
    Tenhou's four-player game with red fives for an mjai log (``rules`` "riichi3" in its ``start_game``:
    three players).

    >>> record_rules(['<mjloggm ver="2.3"><GO type="185"/></mjloggm>'])   # 0xB9: three players
    RecordRules(rules='riichi3', players=3, red_fives=True, open_tanyao=True)
    """
    return read_source(source)[3]


def replay(source: Source) -> Iterator[tuple[dict[str, Any], tuple[Seat, ...]]]:
    """Replay a log (mjai, or a Tenhou record as its mjai events); yield ``(event, seats)`` after each event.

    ``seats`` holds the four ``Seat``s in seat order (three in a three-player
    game: a Tenhou sanma record, or an mjai log whose ``start_game`` says
    ``"rules": "riichi3"``; each ``nukidora`` sets a north aside as the seat's
    ``kita``), each with ``hand`` (a
    ``Hand``: concealed tiles and melds), ``visible`` (34 counts: all it sees
    outside its own hand and melds: every discard, the other seats' melds, the
    dora indicators), ``riichi`` and ``furiten`` (computed only when asked).  The seats are updated in
    place by the next
    event: read what you need before asking for it.  A malformed or
    inconsistent log raises ``ValueError`` naming the source, the line and the
    event.

    Parameters
    ----------
    source
        A path (.json, .jsonl, .json.gz), an open file (text or binary), or
        the log's lines (``str`` or ``bytes``).

    Yields
    ------
    tuple[dict, tuple[Seat, ...]]
        The event as read, and the seats after it.

    Raises
    ------
    ValueError
        A malformed or inconsistent log: an unknown event, a tile a seat does
        not hold, a line that is not a JSON object, ...
    TypeError
        A source of the wrong type.

    Examples
    --------
    >>> import json
    >>> from mahjong_fast import logs
    >>> deal = [f"1m 2m 3m 4p 5p 6p 7s 8s 9s {h}".split() for h in ("E E C C", "S S F F", "W W P P", "N N N 1s")]
    >>> lines = [json.dumps(e) for e in [
    ...     {"type": "start_kyoku", "bakaze": "E", "kyoku": 1, "honba": 0, "kyotaku": 0, "oya": 0,
    ...      "dora_marker": "1p", "scores": [25000] * 4, "tehais": deal},
    ...     {"type": "tsumo", "actor": 0, "pai": "S"},
    ...     {"type": "dahai", "actor": 0, "pai": "S", "tsumogiri": True},
    ...     {"type": "pon", "actor": 1, "target": 0, "pai": "S", "consumed": ["S", "S"]},
    ...     {"type": "dahai", "actor": 1, "pai": "F", "tsumogiri": False}]]
    >>> for event, seats in logs.replay(lines):
    ...     print(event["type"], seats[1].hand)
    start_kyoku 123m456p789s2266z
    tsumo 123m456p789s2266z
    dahai 123m456p789s2266z
    pon 123m456p789s66z [222z]
    dahai 123m456p789s6z [222z]
    >>> list(logs.replay(lines[:1] + ['{"type": "dahai", "actor": 0, "pai": "9m", "tsumogiri": false}']))
    Traceback (most recent call last):
    ...
    ValueError: <lines>, line 2: seat 0 holds 13 concealed tiles: it cannot discard: ...
    """
    name, lines, events, _ = read_source(source)
    yield from _replay(name, stream_events(name, lines, events))


def _replay(name: str, stream: Stream) -> Iterator[tuple[dict[str, Any], tuple[Seat, ...]]]:
    table = Table()
    for lineno, line, event in stream:
        try:
            table.apply(event)
        except Inconsistent as exc:
            raise inconsistent(name, lineno, str(exc), line, stream) from None
        yield dict(event), table.seats
