"""The straight paths of Tenhou records beyond the draws and discards, compiled and pure: an mjlog
round's INIT set-up (``mjlogscan.deal``), chi, pon and riichi tags (``mjlogscan.run`` with ``calls``)
and a tenhou.net/6 round's set-up (``mjlogscan.deal6``) give the events, lines and errors of the general
path (``logs._mjlog``, ``logs._tenhou6`` with the kernel declining every such tag), on the real records
and on records damaged at random where those tags are.
"""
from __future__ import annotations

import gzip
import importlib
import json
import random
import re
from pathlib import Path
from typing import Any

import pytest

from mahjong_fast._kernels.mjlog_flags import GIVEN_UP, HOLDING, PLACES
from mahjong_fast.logs import _mjlog, _reader, _tenhou6
from mahjong_fast.logs._json import raw_decode
from mahjong_fast.logs._reader import read_source, stream_events
from mahjong_fast.logs._record import ID_NAMES, RED_ID_NAMES

from support.impls import NO_EXTENSIONS

DATA = Path(__file__).resolve().parents[1] / "data" / "tenhou"
MJLOGS = sorted((DATA / "mjlog").glob("*.mjlog"))
JSONS = sorted((DATA / "json").glob("*.json"))
_TAGS = re.compile(r"<(N|REACH|INIT)\b[^>]*/>")
_NUMBER = re.compile(r"-?[0-9]+")


def _scans() -> list[Any]:
    names = ["mahjong_fast._kernels.mjlogscan_py"] + ([] if NO_EXTENSIONS else ["mahjong_fast._kernels.mjlogscan"])
    return [importlib.import_module(name) for name in names]


class _General:
    """A kernel that declines the new straight paths: every INIT, chi, pon and riichi tag and every
    tenhou.net/6 set-up, riichi, chi and pon goes the general way."""

    def __init__(self, scan: Any) -> None:
        self.scan = scan

    def __getattr__(self, name: str) -> Any:
        return getattr(self.scan, name)

    def run(self, *args: Any) -> int:
        return int(self.scan.run(*args[:10]))

    def deal(self, *args: Any) -> None:
        return None

    def deal6(self, *args: Any) -> None:
        return None

    def json6(self, *args: Any) -> None:
        return None

    def finish6(self, *args: Any) -> bool:
        return False

    def turns(self, *args: Any) -> tuple[Any, ...]:
        """Plain draws and discards only (no riichi, chi or pon), and none while a riichi is to be accepted."""
        if len(args) > 14 and args[14][3][0] is not None:
            return args[0], args[1], args[2]
        return tuple(self.scan.turns(*args[:14]))


def _convert(text: str) -> tuple[list[str], list[str], str]:
    """A record's lines, its events as json writes them, and its error ('' when none)."""
    lines: list[str] = []
    events: list[str] = []
    try:
        name, read, converted, _ = read_source([text])
        for _, line, event in stream_events(name, read, converted):
            lines.append(line)
            events.append(json.dumps(event, ensure_ascii=False, separators=(",", ":")))
    except ValueError as exc:
        return lines, events, str(exc)
    return lines, events, ""


def _damaged_mjlogs(rng: random.Random) -> list[str]:
    texts = []
    for path in MJLOGS[::12]:
        text = gzip.decompress(path.read_bytes()).decode("utf-8")
        texts.append(text)
        tags = list(_TAGS.finditer(text))
        for m in rng.sample(tags, min(12, len(tags))):
            tag = m.group()
            numbers = list(_NUMBER.finditer(tag))
            choice = rng.randrange(5)
            if choice == 0 and numbers:  # a number changed
                n = rng.choice(numbers)
                flipped = int(n.group()) ^ 1 << rng.randrange(16)
                new = str(rng.choice([0, 1, 2, 3, 4, 5, -1, 135, 136, 65535, 65536, flipped]))
                tag = tag[:n.start()] + new + tag[n.end():]
            elif choice == 1:  # the tag dropped
                tag = ""
            elif choice == 2:  # given twice
                tag += tag
            elif choice == 3:  # an attribute dropped
                attrs = list(re.finditer(r' [A-Za-z0-9]+="[^"]*"', tag))
                if attrs:
                    a = rng.choice(attrs)
                    tag = tag[:a.start()] + tag[a.end():]
            else:  # written otherwise
                tag = tag.replace('="', rng.choice(['= "', '="+', '=" ', '="0', '="\t']), 1)
            texts.append(text[:m.start()] + tag + text[m.end():])
    return texts


def _damaged_jsons(rng: random.Random) -> list[str]:
    texts = []
    for path in JSONS[::4]:
        objects = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]
        texts.append(path.read_text(encoding="utf-8"))
        for _ in range(12):
            copy = json.loads(json.dumps(objects))
            kyoku = rng.choice(rng.choice(copy)["log"])
            place = rng.choice([1, 2, 3, 4, 5, 6, 7, 10, 13])
            value = kyoku[place]
            if isinstance(value, list) and value and rng.random() < 0.8:
                i = rng.randrange(len(value))
                value[i] = rng.choice([0, 11, 15, 19, 41, 51, 60, 99, "x", None, True, 1.5, value[i]])
                if rng.random() < 0.3:
                    del value[i]
            else:
                kyoku[place] = rng.choice([[], None, "a", 5, [11] * 13])
            texts.append("\n".join(json.dumps(o, ensure_ascii=False) for o in copy))
    return texts


_MOVES = (5, 6, 8, 9, 11, 12, 14, 15)
"""The places of a tenhou.net/6 round's takes and discards."""


def _damaged_moves(rng: random.Random) -> list[str]:
    """The tenhou.net/6 records with a riichi, a call or a discard near one changed (another letter, tile or
    place, a riichi added or dropped, the move dropped, doubled or moved), or a round's result."""
    texts = []
    for path in JSONS[::3]:
        objects = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]
        for _ in range(40):
            copy = json.loads(json.dumps(objects))
            kyoku = rng.choice(rng.choice(copy)["log"])
            moves = kyoku[rng.choice(_MOVES)] if len(kyoku) > 15 else None
            if not isinstance(moves, list) or not moves:
                continue
            texts_at = [i for i, m in enumerate(moves) if isinstance(m, str)]
            i = rng.choice(texts_at) if texts_at and rng.random() < 0.8 else rng.randrange(len(moves))
            move = moves[i]
            choice = rng.randrange(7)
            if choice == 0 and isinstance(move, str):  # another letter
                at = next((k for k, c in enumerate(move) if c.isalpha()), 0)
                moves[i] = move[:at] + rng.choice("cpmkafrx") + move[at + 1:]
            elif choice == 1 and isinstance(move, str):  # a digit changed
                digits = [k for k, c in enumerate(move) if c.isdigit()]
                if digits:
                    k = rng.choice(digits)
                    moves[i] = move[:k] + rng.choice("0123456789") + move[k + 1:]
            elif choice == 2:  # a riichi added or dropped
                moves[i] = int(move[1:]) if isinstance(move, str) and move[1:].isdigit() else f"r{move}"
            elif choice == 3:  # dropped
                del moves[i]
            elif choice == 4:  # doubled
                moves.insert(i, move)
            elif choice == 5:  # moved
                del moves[i]
                moves.insert(rng.randrange(len(moves) + 1), move)
            else:  # the call's tiles in another order (its place: another seat)
                if isinstance(move, str) and len(move) == 7:
                    moves[i] = move[2:4] + move[:2] + move[4:]
                else:
                    moves[i] = rng.choice(["r60", "r11", "r61", "r1", "r111", "r11 ", 60, "c111213", "p111111"])
            texts.append("\n".join(json.dumps(o, ensure_ascii=False) for o in copy))
        for _ in range(12):  # the result changed
            copy = json.loads(json.dumps(objects))
            kyoku = rng.choice(rng.choice(copy)["log"])
            if len(kyoku) < 17:
                continue
            result = kyoku[16]
            i = rng.randrange(len(result) + 1)
            value = rng.choice([None, "流局", "和了", 0, [], [0, 0, 0], [0, 0, 0, 0, 1.5], [0, 0, 0, 0, 0],
                                [5, 0], [0, 4], [1, 1, 1], ["x", 0]])
            if i == len(result) or rng.random() < 0.2:
                kyoku[16] = rng.choice([None, [], "和了", [value], result + [value], result[:-1]])
            elif isinstance(result[i], list) and result[i] and rng.random() < 0.5:
                result[i][rng.randrange(len(result[i]))] = rng.choice([None, -1, 4, 1.5, "x", 0])
            else:
                result[i] = value
            texts.append("\n".join(json.dumps(o, ensure_ascii=False) for o in copy))
    return texts


@pytest.mark.parametrize("form", ["mjlog", "tenhou6", "moves6"])
def test_straight_set_up_and_calls_agree_with_the_general_path(monkeypatch: pytest.MonkeyPatch, form: str) -> None:
    rng = random.Random(23)
    texts = (_damaged_mjlogs(rng) if form == "mjlog" else _damaged_jsons(rng) if form == "tenhou6"
             else _damaged_moves(rng))
    found = []
    for scan in _scans():
        results = []
        for kernel in (scan, _General(scan)):
            monkeypatch.setattr(_mjlog, "mjlogscan", kernel)
            monkeypatch.setattr(_tenhou6, "mjlogscan", kernel)
            results.append([_convert(text) for text in texts])
        assert results[0] == results[1]
        for lines, events, _ in results[0]:
            assert lines == events
        found.append(results[0])
    assert all(f == found[0] for f in found)  # the twins
    errors = sum(1 for _, _, error in found[0] if error)
    assert 20 <= errors < len(texts)


class _Unplayed(_General):
    """A kernel that plays nothing: every draw and discard of an mjlog round, and its INIT, go the general way."""

    def run(self, *args: Any) -> int:
        return int(args[1])


_ANY_TAG = re.compile(r"<[A-Z]+[0-9]*[^>]*/>")


def _damaged_plays(rng: random.Random) -> list[str]:
    """mjlog records with a tag (mostly a draw or a discard) changed: its number, its seat, dropped, doubled
    or swapped with the next."""
    texts = []
    for path in MJLOGS[::12]:
        text = gzip.decompress(path.read_bytes()).decode("utf-8")
        tags = list(_ANY_TAG.finditer(text))
        for _ in range(10):
            m = rng.choice(tags)
            tag, choice = m.group(), rng.randrange(5)
            if choice == 0:
                numbers = list(_NUMBER.finditer(tag))
                if numbers:
                    n = rng.choice(numbers)
                    new = rng.choice([0, 1, 4, 52, 135, 136, int(n.group()) ^ 1, int(n.group()) ^ 4])
                    tag = tag[:n.start()] + str(new) + tag[n.end():]
            elif choice == 1 and tag[1] in "TUVWDEFG":
                tag = tag[0] + rng.choice("TUVWDEFG") + tag[2:]
            elif choice == 2:
                tag = ""
            elif choice == 3:
                tag += tag
            else:
                after = _ANY_TAG.search(text, m.end())
                if after is not None:
                    texts.append(text[:m.start()] + after.group() + text[m.end():after.start()] + tag
                                 + text[after.end():])
                    continue
            texts.append(text[:m.start()] + tag + text[m.end():])
    return texts


def test_places_agree_with_the_general_path(monkeypatch: pytest.MonkeyPatch) -> None:
    """Where each tile is (``places``), kept by the kernel's draws, discards, chi and pon and its deal, or
    by ``logs._mjlog`` for every tag: the same events, lines and errors on records damaged at any tag."""
    texts = _damaged_plays(random.Random(11))
    found = []
    for scan in _scans():
        results = []
        for kernel in (scan, _Unplayed(scan)):
            monkeypatch.setattr(_mjlog, "mjlogscan", kernel)
            results.append([_convert(text) for text in texts])
        assert results[0] == results[1]
        found.append(results[0])
    assert all(f == found[0] for f in found)  # the twins
    errors = sum(1 for _, _, error in found[0] if error)
    assert 20 <= errors < len(texts)


def test_deal_declines() -> None:
    """``deal`` and ``deal6`` set up only a round that makes sense; anything else is the caller's."""
    init = {"seed": "0,0,0,3,3,20", "ten": "250,250,250,250", "oya": "0",
            "hai0": "34,11,120,19,83,79,69,12,1,99,128,85,73", "hai1": "57,27,17,119,14,134,126,44,117,68,114,82,109",
            "hai2": "78,93,90,48,100,41,40,81,60,53,92,75,98", "hai3": "6,104,127,88,87,35,65,135,97,122,25,5,121"}
    kyoku: list[Any] = [[0, 0, 0], [25000] * 4, [19], [], *([11] * 4 + [12] * 4 + [13] * 4 + [14], [], []) * 4]
    kyoku[7] = [15] * 4 + [16] * 4 + [17] * 4 + [18]
    kyoku[10] = [21] * 4 + [22] * 4 + [23] * 4 + [24]
    kyoku[13] = [31] * 4 + [32] * 4 + [33] * 4 + [34]
    for scan in _scans():
        dealt = scan.deal(init, 4, RED_ID_NAMES)
        assert dealt[:3] == ([0, 0, 0, 3, 3, 20], [25000] * 4, 0)
        places = bytearray(PLACES)  # the hands dealt, the dora indicator out of the wall
        for seat in range(4):
            for t in map(int, init[f"hai{seat}"].split(",")):
                places[t] = seat + 1
            places[HOLDING + seat] = 13
        places[20] = GIVEN_UP
        assert type(dealt[3]) is bytearray and dealt[3] == places
        assert dealt[4]["tehais"][0][:2] == ["1m", "3m"] and dealt[5].startswith('{"type":"start_kyoku","bakaze":"E"')
        for key, value in (("seed", "16,0,0,3,3,20"), ("seed", "0,0,0,3,3,136"), ("seed", "0,0,0,3,3,34"),
                           ("ten", "250,250,250"), ("oya", "4"), ("hai1", "34,27"), ("hai2", " 78"), ("oya", None)):
            changed = {k: v for k, v in {**init, key: value}.items() if v is not None}
            assert scan.deal(changed, 4, ID_NAMES) is None, (key, value)
        assert scan.deal(init, 3, ID_NAMES) is not None  # hai3 is not read at three players
        counts = {"9m": 1, "1m": 4, "2m": 4, "3m": 4, "4m": 1, "5m": 4, "6m": 4, "7m": 4, "8m": 1}
        counts.update({f"{r}{suit}": 4 if r < 4 else 1 for suit in "ps" for r in range(1, 5)})
        assert scan.deal6(kyoku, 4, _tenhou6._NAMES, _tenhou6._KINDS)[4] == counts
        for place, value in ((1, [25000] * 3), (1, (25000,) * 4), (2, []), (2, [16, 10]), (3, [True]), (4, [11] * 12),
                             (5, "x"), (6, None), (2, [11])):
            changed = list(kyoku)
            changed[place] = value
            assert scan.deal6(changed, 4, _tenhou6._NAMES, _tenhou6._KINDS) is None, (place, value)
        with pytest.raises(ValueError, match="1-4"):
            scan.deal(init, 5, RED_ID_NAMES)
        with pytest.raises(ValueError, match="1-4"):
            scan.deal6(kyoku[:10], 4, _tenhou6._NAMES, _tenhou6._KINDS)


def test_deal6_start_and_finish6() -> None:
    """``deal6`` given the round's numbers makes its ``start_kyoku`` as ``_record.start_kyoku`` does (and
    declines a round or dealer out of range); ``finish6`` makes a result's events or declines, adding nothing."""
    from collections import deque

    from mahjong_fast.logs._record import start_kyoku

    kyoku: list[Any] = [[5, 2, 1], [25000] * 4, [19, 29], [], *([11] * 4 + [12] * 4 + [13] * 4 + [14], [15], [16]) * 4]
    kyoku[7] = [15] * 4 + [16] * 4 + [17] * 4 + [18]
    kyoku[10] = [21] * 4 + [22] * 4 + [23] * 4 + [24]
    kyoku[13] = [31] * 4 + [32] * 4 + [33] * 4 + [34]
    for scan in _scans():
        dealt = scan.deal6(kyoku, 4, _tenhou6._NAMES, _tenhou6._KINDS, 5, 2, 1)
        events: list[Any] = []
        lines: list[str] = []
        start_kyoku(events, lines, "", 5, 2, 1, 1, [25000] * 4, "9m", dealt[3])
        assert (dealt[5], dealt[6]) == (events[0], lines[0]) and json.loads(lines[0]) == events[0]
        assert dealt[7] == [deque([15])] * 4 and dealt[8] == [deque([16])] * 4
        assert scan.deal6(kyoku, 4, _tenhou6._NAMES, _tenhou6._KINDS)[4] == dealt[4]  # without: the set-up only
        for index, n in ((16, 4), (-1, 4), (3, 3), (True, 4)):
            assert scan.deal6(kyoku, n, _tenhou6._NAMES, _tenhou6._KINDS, index, 0, 0) is None, (index, n)
        win = ["和了", [0, 8000, -8000, 0, 0], [1, 2, 1, "満貫8000点"], [0, 0, 0, 0], [3, 2, 3, "x"]]
        events, lines = [], []
        assert scan.finish6(win, 4, ["1m"], [False, True, False, False], [], events, lines)
        assert [json.loads(line) for line in lines] == events and [e["type"] for e in events] == ["hora", "hora",
                                                                                              "end_kyoku"]
        assert events[0]["ura_markers"] == ["1m"] and events[1]["ura_markers"] == [] and events[0]["deltas"] == [
            0, 8000, -8000, 0]
        events, lines = [], []
        assert scan.finish6(["流局"], 4, [], [False] * 4, [], events, lines) and events[0]["deltas"] == [0] * 4
        for result, dora in ((None, []), ([], []), ("和了", []), (["和了", [0] * 4], []), (win[:2] + [[1, 4]], []),
                             (win[:2] + [[1, 2.0]], []), (["和了", [0, 0, 0], [1, 2]], []),
                             (["和了", [0, 0, 0, 0, 1.5], [1, 2]], []), (["流局", None], []), (win, ["1p"])):
            events, lines = [], []
            assert not scan.finish6(result, 4, [], [False] * 4, dora, events, lines) and not events and not lines


def test_wins_of_damaged_tenhou6_records_raise_value_errors() -> None:
    """``wins`` reads a tenhou.net/6 win's own figures as its round is replayed: a damaged entry (no
    figures, a yaku that is no text) is a ``ValueError`` naming the win, never another error."""
    from mahjong_fast import logs

    text = JSONS[0].read_text(encoding="utf-8")
    objects = [json.loads(line) for line in text.splitlines() if line.strip()]
    won = next(k for o in objects for k in o["log"] if k[16][0] == "和了")
    won[16][2] = won[16][2][:2]
    with pytest.raises(ValueError, match="figures are malformed"):
        list(logs.wins(["\n".join(json.dumps(o, ensure_ascii=False) for o in objects)]))
    for damaged in _damaged_moves(random.Random(5)):
        try:
            list(logs.wins([damaged]))
        except ValueError:
            pass


_JSON_CASES = ['[1,2 , 3]', '{"a":1,"a":2}', '{"a" : [ ] , "b":{}}', '[-0, -12, 0, 01]', '[1.5]', '[1e3]', '[2E1]',
               '"a\\nb"', '"\x01"', 'NaN', '[-Infinity]', '[true,false,null]', '[tru]', '[1,]', '{"a":1,}',
               '[' * 70 + ']' * 70, '[' * 64 + ']' * 64, '[' * 63 + ']' * 63, ' [1]', '[12345678901234567890]',
               '[123456789012345678]', '[-123456789012345678]', '[1234567890123456789]', '"\u00e9\u3042"',
               '{"x":"\ud800"}', '[', '{"a"}', '{1:2}', '[1 2]', '-', '[-]', '[01]', 'true1', '[1]x',
               '{"a":1}\n{"b":[]}']


def _json_texts(rng: random.Random) -> list[str]:
    """The tenhou.net/6 records, cut or with a character changed, and the cases above."""
    texts = list(_JSON_CASES)
    for path in JSONS:
        text = path.read_text(encoding="utf-8")
        texts += [text] + [text[:rng.randrange(len(text))] for _ in range(3)]
        for _ in range(12):
            i = rng.randrange(len(text))
            texts.append(text[:i] + rng.choice(["", ",", "]", "[", "{", "}", ":", '"', " ", "\\", "-", "0", "1",
                                                ".5", "e", "null", "\x00", '"a":1,']) + text[i + 1:])
    return texts


def test_json6_reads_what_the_json_module_reads() -> None:
    """``json6`` gives the value and end ``raw_decode`` gives, or declines (a float, an escape, bad JSON...);
    the twins decline alike, and every real record is read plainly."""
    texts = _json_texts(random.Random(6))
    declined = []
    for scan in _scans():
        out = []
        for text in texts:
            for pos in sorted({0, min(2, len(text)), len(text) // 2, len(text)}):
                found = scan.json6(text, pos)
                out.append(found is None)
                if found is not None:
                    value, end = raw_decode(text, pos)
                    assert (json.dumps(found[0]), found[1]) == (json.dumps(value), end)
        declined.append(out)
        assert all(scan.json6(path.read_text(encoding="utf-8"), 0) is not None for path in JSONS)
    assert all(d == declined[0] for d in declined)  # the twins
    assert 100 < sum(declined[0]) < len(declined[0]) - 100


def test_records_read_alike_when_json6_declines(monkeypatch: pytest.MonkeyPatch) -> None:
    """A tenhou.net/6 record read by ``json6`` or by the json module: the same lines, events and errors."""
    texts = _json_texts(random.Random(7))[::3]
    for scan in _scans():
        results = []
        for kernel in (scan, _General(scan)):
            monkeypatch.setattr(_tenhou6, "mjlogscan", kernel)
            results.append([_convert(text) for text in texts])
        assert results[0] == results[1]
        assert 20 <= sum(1 for _, _, error in results[0] if error) < len(texts)


def _rows_or_error(source: Any) -> str:
    """``discard_rows`` of a source as text (every array's bytes), or its error."""
    from mahjong_fast.logs._analysis import discard_rows

    try:
        columns, hands, face_up = discard_rows(source)
    except ValueError as exc:
        return f"ValueError: {exc}"
    return repr(sorted((k, v.tobytes() if hasattr(v, "tobytes") else v) for k, v in columns.items())) + repr(
        (hands.tobytes(), face_up.tobytes()))


def _state_error_then_bad_round(monkeypatch: pytest.MonkeyPatch, text: str, bad: int, broken: int) -> str:
    """``discard_rows`` of a record whose round ``bad`` discards a tile no one holds and whose round ``broken``
    (later, or never: -1) is malformed."""
    original = _reader.Converted.rounds

    def rounds(self: Any) -> Any:
        for k, (lines, events) in enumerate(original(self)):
            if k == broken:
                raise ValueError(f"{self.name}, round {k}: malformed")
            at = next((i for i, e in enumerate(events) if e["type"] == "dahai"), None)
            if k == bad and at is not None:
                events = events[:at] + [dict(events[at], pai="?")] + events[at + 1:]
                lines = lines[:at] + [json.dumps(events[at], separators=(",", ":"))] + lines[at + 1:]
            yield lines, events

    monkeypatch.setattr(_reader.Converted, "rounds", rounds)
    return _rows_or_error([text])


def test_rounds_gathered_into_batches_analyze_alike(monkeypatch: pytest.MonkeyPatch) -> None:
    """``analyze`` over a Tenhou record whose rounds come gathered (``BATCH_LINES``) or a round at a time:
    the same rows and errors, damaged records included, and a malformed round after one the state rules
    out raises what it raised when the rounds came one at a time."""
    texts = [gzip.decompress(p.read_bytes()).decode("utf-8") for p in MJLOGS[::6]]
    texts += [p.read_text(encoding="utf-8") for p in JSONS[::6]]
    damaged = _damaged_plays(random.Random(11))[::4] + _damaged_moves(random.Random(23))[::8]
    results = []
    for batch_lines in (1, _reader.BATCH_LINES, 1 << 30):
        monkeypatch.setattr(_reader, "BATCH_LINES", batch_lines)
        found = [_rows_or_error([text]) for text in texts + damaged]
        with monkeypatch.context() as patch:
            for bad, broken in ((1, 3), (2, -1), (4, 4), (0, 1)):
                found += [_state_error_then_bad_round(patch, text, bad, broken) for text in texts]
        results.append(found)
    assert results[0] == results[1] == results[2]
    errors = [r for r in results[0] if r.startswith("ValueError")]
    assert any("malformed" in e for e in errors) and any("malformed" not in e for e in errors)
    assert 20 <= len(errors) < len(results[0])
