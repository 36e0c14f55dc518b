"""``mahjong_fast.logs``: reading mjai logs, the state of every seat, decision points, arrays.

The oracle is mjai's own ``PlayerState`` (Mortal's libriichi), beside real
logs played by mjai's arena (tests/support/mjai_games.py): the four committed
ones in tests/data/mjai, and 500 hanchan played here at test time.
"""
from __future__ import annotations

import collections
import gzip
import io
import json
import multiprocessing
import os
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

import pytest

import mahjong_fast as mf
from mahjong_fast import logs
from mahjong_fast.logs import Action, Point

from support.impls import NO_EXTENSIONS
from support.mjai_games import NAMES, NEED_MJAI, RED, check_against_player_state, have_mjai, play_and_check, read_lines

DATA = Path(__file__).resolve().parents[1] / "data" / "mjai"
LOGS = sorted(DATA.glob("*.json.gz"))
EVENT_TYPES = {"start_game", "start_kyoku", "tsumo", "dahai", "chi", "pon", "daiminkan", "ankan", "kakan", "dora",
               "reach", "reach_accepted", "hora", "ryukyoku", "end_kyoku", "end_game"}
needs_mjai = pytest.mark.skipif(not NEED_MJAI and not have_mjai(),
                                reason="mjai is not installed (docs/logs.md: the test recipe)")

BIG_GAMES = 100 if NO_EXTENSIONS else 500
"""Hanchan played and checked against PlayerState at test time.  The reader is the same Python code
under both implementations, so the pure-Python run (slow at the shanten it compares) checks fewer."""
BIG_SHANTEN_GAMES = 20 if NO_EXTENSIONS else BIG_GAMES
"""Of those, the ones whose shanten and waits are compared too."""


def _events(path: Path) -> list[dict]:
    return [json.loads(line) for line in read_lines(path)]


def forget_lines() -> None:
    """Empty the reader's memory of lines seen before (the next log is read as the first one is)."""
    from mahjong_fast.logs import _analysis, _reader

    _analysis._ops.clear()
    _reader._shared.clear()


def _states(source: object) -> list[tuple]:
    return [(event["type"],) + tuple((s.concealed, s.melds, s.visible, s.riichi) for s in seats)
            for event, seats in logs.replay(source)]


# --- the test data -----------------------------------------------------------------------------


def test_committed_logs_hold_every_event_type() -> None:
    assert len(LOGS) >= 4
    kinds = collections.Counter(e["type"] for path in LOGS for e in _events(path))
    assert set(kinds) == EVENT_TYPES
    events = [e for path in LOGS for e in _events(path)]
    assert any(e["type"] in ("chi", "pon") and any(c.endswith("r") for c in e["consumed"]) for e in events)
    assert any(e["type"] == "hora" and e["actor"] == e["target"] for e in events)
    assert any(e["type"] == "hora" and e["actor"] != e["target"] for e in events)


@needs_mjai
def test_generated_logs_are_reproducible(tmp_path: Path) -> None:
    from support.mjai_games import play

    again = play(1, tmp_path)
    assert read_lines(again) == read_lines(DATA / again.name)


# --- the oracle ----------------------------------------------------------------------------------


@needs_mjai
@pytest.mark.parametrize("path", LOGS, ids=lambda p: p.name)
def test_replay_matches_player_state(path: Path) -> None:
    checked = check_against_player_state(path)
    assert checked["seat states"] > 1000 and checked["shanten"] > 1000 and checked["waits"] > 50
    assert checked["offers"] > 50 and checked["discard rows"] > 400 and checked["furiten"] > 500


@needs_mjai
def test_replay_matches_player_state_on_500_hanchan(tmp_path: Path) -> None:
    """Every seat after every event of 500 hanchan played now (seeded; 100 under pure Python), on two
    processes."""
    seeds = list(range(1000, 1000 + BIG_GAMES))
    chunks = [seeds[i::2] for i in range(2)]
    context = multiprocessing.get_context("spawn")
    with ProcessPoolExecutor(2, mp_context=context) as pool:
        results = list(pool.map(play_and_check, chunks, [str(tmp_path)] * 2, [BIG_SHANTEN_GAMES // 2] * 2))
    total = collections.Counter()
    for r in results:
        total.update(r)
    assert total["games"] == BIG_GAMES
    assert total["seat states"] > 4_000 * BIG_GAMES
    assert total["shanten"] > 1_000 * BIG_SHANTEN_GAMES
    assert total["offers"] > 100 * BIG_GAMES
    assert total["discard rows"] > 400 * BIG_GAMES
    assert total["furiten"] > 500 * BIG_GAMES and total["ron judged"] > 2 * BIG_GAMES
    kinds = collections.Counter(json.loads(line)["type"] for p in tmp_path.glob("*.json.gz") for line in read_lines(p))
    assert set(kinds) == EVENT_TYPES


# --- sources -------------------------------------------------------------------------------------


def test_every_source_form_replays_the_same(tmp_path: Path) -> None:
    path = LOGS[0]
    lines = read_lines(path)
    text = "\n".join(lines) + "\n"
    (tmp_path / "a.json").write_text(text, encoding="utf-8")
    (tmp_path / "a.jsonl").write_text(text, encoding="utf-8")
    expected = _states(path)
    assert _states(str(path)) == expected
    assert _states(tmp_path / "a.json") == expected
    assert _states(str(tmp_path / "a.jsonl")) == expected
    assert _states(lines) == expected
    assert _states(iter(line + "\n" for line in lines)) == expected
    assert _states([line.encode() for line in lines]) == expected
    assert _states(io.StringIO(text)) == expected
    assert _states(io.BytesIO(text.encode())) == expected
    assert _states(io.BytesIO(path.read_bytes())) == expected
    with gzip.open(path, "rt", encoding="utf-8") as f:
        assert _states(f) == expected
    with open(tmp_path / "a.json", encoding="utf-8") as f:
        assert _states(f) == expected


def test_gzip_members_line_breaks_and_lines_that_join(tmp_path: Path) -> None:
    lines = read_lines(LOGS[0])
    expected = _states(LOGS[0])
    half = len(lines) // 2
    two = tmp_path / "two_members.json.gz"  # what ``cat a.gz b.gz`` makes: read as one stream
    two.write_bytes(gzip.compress(("\n".join(lines[:half]) + "\n").encode())
                    + gzip.compress(("\n".join(lines[half:]) + "\n").encode()))
    assert _states(two) == expected
    crlf = tmp_path / "crlf.json.gz"
    crlf.write_bytes(gzip.compress(("\r\n".join(lines) + "\r\n").encode()))
    assert _states(crlf) == expected
    no_end = tmp_path / "no_final_break.json"
    no_end.write_text("\n".join(lines), encoding="utf-8")
    assert _states(no_end) == expected
    tail = tmp_path / "trailing_bytes.json.gz"
    tail.write_bytes(LOGS[0].read_bytes() + b"garbage")
    with pytest.raises(ValueError, match=rf"^{tail}, line {len(lines) + 1}: truncated or corrupt gzip"):
        list(logs.replay(tail))
    # two lines that are JSON only once joined: the second line of the log is not JSON, and says so
    joined = lines[:1] + ['{"type":"start_kyoku","bakaze":[1', '2]},{"type":"end_game"}']
    for run in (lambda: list(logs.replay(joined)), lambda: list(logs.decisions(joined))):
        with pytest.raises(ValueError, match=r"^<lines>, line 2: not JSON"):
            run()


def test_split_lines_is_splitlines() -> None:
    from mahjong_fast.logs._text import split_lines

    for text in ["", "\n", "\n\n", "a", "a\n", "a\nb", "a\n\nb\n", "a\r\nb\r\n", "a\rb", "a\x85b\n",
                 "a\u2028b", "a\x0bb\x0c\x1c\x1d\x1e\u2029c"]:
        assert split_lines(text) == text.splitlines(), repr(text)


def test_remembered_lines_change_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    """The reader remembers the lines it has seen (parse and, for analyze, the straight path of tsumo,
    dahai and calls): the first reading of a log, the next ones, and one that remembers nothing agree."""
    pytest.importorskip("numpy")
    from mahjong_fast.logs import _analysis, _reader

    def everything() -> list[object]:
        rows = [_analysis.discard_rows(path) for path in LOGS]
        return [_states(LOGS[0]), list(logs.decisions(LOGS[1])),
                [(sorted((k, v.tolist() if hasattr(v, "tolist") else v) for k, v in cols.items()), h.tobytes(),
                  v.tobytes()) for cols, h, v in rows]]

    forget_lines()
    first = everything()
    assert len(_analysis._ops) > 100 and len(_reader._shared) > 100
    assert everything() == first
    forget_lines()
    monkeypatch.setattr(_analysis, "OPS_MAX", 0)
    monkeypatch.setattr(_reader, "SHARED_MAX", 0)
    assert everything() == first
    assert not _analysis._ops and not _reader._shared
    monkeypatch.setattr(_analysis, "OPS_MAX", 50)
    monkeypatch.setattr(_reader, "SHARED_MAX", 50)
    assert everything() == first
    assert len(_analysis._ops) == 50 and len(_reader._shared) == 50


def test_replay_hands_out_events_of_its_own() -> None:
    before = [event for event, _ in logs.replay(LOGS[0])]
    for event, _ in logs.replay(LOGS[0]):
        event["type"] = "spoilt"  # the caller's to keep or change: the next reading does not see it
    assert [event for event, _ in logs.replay(LOGS[0])] == before


def test_seat_state_reads() -> None:
    for event, seats in logs.replay(LOGS[0]):
        if event["type"] != "dahai":
            continue
        for seat in seats:
            hand = seat.hand
            assert isinstance(hand, mf.Hand)
            assert hand.counts == seat.concealed and hand.melds == seat.melds
            assert isinstance(seat.visible, bytes) and len(seat.visible) == 34
            total = [a + b + c for a, b, c in zip(seat.concealed, seat.meld_counts, seat.visible)]
            assert max(total) <= 4
            assert isinstance(seat.riichi, bool)
            mf.shanten(hand)  # a Hand the package takes as it is


@pytest.mark.parametrize("path", LOGS, ids=lambda p: p.name)
def test_red_fives_keep_their_identity(path: Path) -> None:
    """Each seat's red fives, in hand and in melds, against a count of the red names it took in and let go."""
    held = [0] * 4
    melded_red = 0
    for event, seats in logs.replay(path):
        kind = event["type"]
        if kind == "start_kyoku":
            held = [sum(name.endswith("r") for name in hand) for hand in event["tehais"]]
        elif kind == "tsumo":
            held[event["actor"]] += event["pai"].endswith("r")
        elif kind == "dahai":
            held[event["actor"]] -= event["pai"].endswith("r")
        elif kind in ("chi", "pon", "daiminkan"):
            held[event["actor"]] += event["pai"].endswith("r")
        for who, seat in enumerate(seats):
            hand = seat.hand
            assert sum(hand.red) + sum(m.red for m in hand.melds) == held[who], (path, event)
            assert list(hand.red) == [seat.reds[five] for five in RED]
            melded_red += sum(m.red for m in hand.melds)
    assert melded_red > 0


def test_replay_leaves_the_lines_alone() -> None:
    lines = read_lines(LOGS[0])
    before = list(lines)
    for _ in logs.replay(lines):
        pass
    assert lines == before


# --- malformed logs ------------------------------------------------------------------------------


def _first(lines: list[str], kind: str, skip: int = 0) -> int:
    found = [i for i, line in enumerate(lines) if json.loads(line)["type"] == kind]
    return found[skip]


def _unheld_discard(lines: list[str]) -> tuple[int, str]:
    i = _first(lines, "dahai", 3)
    event = json.loads(lines[i])
    seats = list(logs.replay(lines[:i]))[-1][1]
    held = seats[event["actor"]].concealed
    missing = next(k for k in range(34) if not held[k])
    event["pai"] = NAMES[missing]
    return i, json.dumps(event)


def _call_of_nothing(lines: list[str]) -> tuple[int, str]:
    i = _first(lines, "pon")
    event = json.loads(lines[i])
    event["target"] = (event["target"] + 1) % 4 if (event["target"] + 1) % 4 != event["actor"] else (
        event["target"] + 2) % 4
    return i, json.dumps(event)


BROKEN = {
    "unknown event type": (lambda lines: (_first(lines, "dahai"), '{"type":"discard","actor":0,"pai":"1m"}'),
                           "unknown event type 'discard'"),
    "tile not held": (_unheld_discard, "does not hold"),
    "not JSON": (lambda lines: (_first(lines, "tsumo", 2), '{"type":"tsumo","actor":1,'), "not JSON"),
    "not an object": (lambda lines: (_first(lines, "tsumo", 2), '["tsumo", 1, "1m"]'), "not a JSON object"),
    "blank line": (lambda lines: (_first(lines, "tsumo", 2), ""), "empty line"),
    "bad tile name": (lambda lines: (_first(lines, "tsumo", 2), '{"type":"tsumo","actor":1,"pai":"0m"}'),
                      "not an mjai tile"),
    "call of a tile nobody discarded": (_call_of_nothing, "did not just discard"),
    "event outside a kyoku": (lambda lines: (1, '{"type":"tsumo","actor":0,"pai":"1m"}'), "outside a kyoku"),
    "hidden tile": (lambda lines: (_first(lines, "tsumo", 2), '{"type":"tsumo","actor":1,"pai":"?"}'),
                    "the reader needs full logs"),
}


@pytest.mark.parametrize("kind", sorted(BROKEN))
@pytest.mark.parametrize("reader", ["replay", "decisions", "to_arrays", "analyze cold", "analyze warm"])
def test_malformed_log_names_file_line_and_event(tmp_path: Path, kind: str, reader: str) -> None:
    lines = read_lines(LOGS[0])
    make, message = BROKEN[kind]
    i, bad = make(lines)
    if kind == "event outside a kyoku":
        lines = lines[:1] + [bad] + lines[1:]
    else:
        lines[i] = bad
    path = tmp_path / "broken.jsonl"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    if reader.startswith("analyze"):
        pytest.importorskip("pyarrow")
        forget_lines()
        if reader == "analyze warm":  # the lines of the log remembered first: analyze's straight paths
            logs.analyze(LOGS[0])
    run = {"replay": lambda: list(logs.replay(path)), "decisions": lambda: list(logs.decisions(path)),
           "to_arrays": lambda: logs.to_arrays([path]), "analyze cold": lambda: logs.analyze([path]),
           "analyze warm": lambda: logs.analyze([path])}[reader]
    with pytest.raises(ValueError) as info:
        run()
    text = str(info.value)
    assert text.startswith(f"{path}, line {i + 1}: "), text
    assert message in text
    if bad:
        assert repr(bad[:40])[1:-1] in text  # the event itself, quoted


@pytest.mark.parametrize("cut", [20, 200, 2000])
def test_truncated_gzip_names_the_line(tmp_path: Path, cut: int) -> None:
    data = LOGS[0].read_bytes()
    path = tmp_path / "cut.json.gz"
    path.write_bytes(data[:-cut])
    whole = gzip.decompress(data)
    with pytest.raises(ValueError, match=r"truncated or corrupt gzip") as info:
        list(logs.replay(path))
    text = str(info.value)
    assert text.startswith(f"{path}, line ")
    line = int(text.split("line ")[1].split(":")[0])
    assert 1 < line <= whole.count(b"\n")


def test_undecodable_bytes_and_missing_file(tmp_path: Path) -> None:
    lines = read_lines(LOGS[0])
    data = ("\n".join(lines[:5]) + "\n").encode() + b'{"type":"\xff"}\n'
    path = tmp_path / "latin.json"
    path.write_bytes(data)
    with pytest.raises(ValueError, match=rf"^{path}, line 6: not UTF-8"):
        list(logs.replay(path))
    with pytest.raises(ValueError, match="cannot read the log"):
        list(logs.replay(tmp_path / "absent.json"))
    with pytest.raises(TypeError, match="not bytes"):
        list(logs.replay(b"{}"))
    with pytest.raises(TypeError, match="must be a path"):
        list(logs.replay(42))  # type: ignore[arg-type]


def test_log_ending_mid_decision(tmp_path: Path) -> None:
    lines = read_lines(LOGS[0])
    i = _first(lines, "tsumo", 5)
    path = tmp_path / "short.jsonl"
    path.write_text("\n".join(lines[: i + 1]) + "\n", encoding="utf-8")
    assert len(list(logs.replay(path))) == i + 1  # the state is fine...
    with pytest.raises(ValueError, match=rf"^{path}, line {i + 1}: the log ends before a decision"):
        list(logs.decisions(path))  # ...but the draw has no action


# --- tile names -------------------------------------------------------------------------------------


def test_mjai_tile_names() -> None:
    """The names the reader knows are the codec's, and mean what mjai means by them."""
    from mahjong_fast._tile_lists import read_mjai_tile
    from mahjong_fast._tile_names import MJAI_NAMES
    from mahjong_fast.logs._names import TILE_OF

    assert MJAI_NAMES == NAMES
    expected = {name: (i, False) for i, name in enumerate(NAMES)} | {name: (i, True) for i, name in RED.items()}
    assert TILE_OF == expected
    assert {name: read_mjai_tile(name) for name in expected} == expected
    for name, (kind, _) in expected.items():
        assert mf.parse(name, notation="mjai").tiles == (mf.Tile(kind),)
    if have_mjai():
        from mjai.bot.consts import MJAI_VEC34_TILES

        assert tuple(MJAI_VEC34_TILES) == NAMES


# --- decisions and arrays ----------------------------------------------------------------------------


@pytest.mark.parametrize("path", LOGS, ids=lambda p: p.name)
def test_decisions_follow_the_events(path: Path) -> None:
    events = _events(path)
    found = list(logs.decisions(path))
    actions = collections.Counter((d.point, d.action) for d in found)
    kinds = collections.Counter(e["type"] for e in events)
    tsumo_wins = sum(1 for e in events if e["type"] == "hora" and e["actor"] == e["target"])
    nine = sum(1 for a, b in zip(events, events[1:]) if a["type"] == "tsumo" and b["type"] == "ryukyoku")
    own_discards = sum(n for (p, a), n in actions.items() if p is not Point.OFFER and a in (Action.DISCARD,
                                                                                              Action.RIICHI))
    assert own_discards == kinds["dahai"]
    assert sum(n for (p, a), n in actions.items() if a is Action.RIICHI) == kinds["reach"]
    assert actions[Point.DRAW, Action.TSUMO] == tsumo_wins
    assert actions[Point.OFFER, Action.RON] == kinds["hora"] - tsumo_wins
    assert actions[Point.DRAW, Action.NINE_TERMINALS] == nine
    for kind, action in (("pon", Action.PON), ("chi", Action.CHI), ("daiminkan", Action.DAIMINKAN)):
        assert actions[Point.OFFER, action] == kinds[kind]
    assert actions[Point.DRAW, Action.ANKAN] == kinds["ankan"]
    assert actions[Point.DRAW, Action.KAKAN] == kinds["kakan"]
    assert sum(1 for d in found if d.point is Point.CALL) == kinds["chi"] + kinds["pon"]
    assert actions[Point.OFFER, Action.PASS] > 0
    for d in found:
        opened = events[d.line - 1]
        tiles = sum(d.hand)
        if d.point is Point.OFFER:
            assert opened["type"] in ("dahai", "kakan") and opened["actor"] != d.seat and tiles % 3 == 1
        else:
            assert opened["type"] == ("tsumo" if d.point is Point.DRAW else opened["type"]) and tiles % 3 == 2
            assert opened["actor"] == d.seat
            if d.action in (Action.DISCARD, Action.RIICHI):
                assert d.hand[d.tile] > 0


def test_decisions_without_offers() -> None:
    every = [d for d in logs.decisions(LOGS[0]) if d.point is not Point.OFFER]
    assert list(logs.decisions(LOGS[0], offers=False)) == every


def test_to_arrays_rows_are_the_decisions() -> None:
    np = pytest.importorskip("numpy")
    arrays = logs.to_arrays(LOGS[:2])
    found = [d for path in LOGS[:2] for d in logs.decisions(path)]
    n = len(found)
    assert arrays.names == [str(p) for p in LOGS[:2]]
    for name in ("hands", "melds", "visible"):
        assert getattr(arrays, name).shape == (n, 34) and getattr(arrays, name).dtype == np.uint8
    assert arrays.hands.tobytes() == b"".join(d.hand for d in found)
    assert arrays.melds.tobytes() == b"".join(d.meld_counts for d in found)
    assert arrays.visible.tobytes() == b"".join(d.visible for d in found)
    assert arrays.action.tolist() == [int(d.action) for d in found]
    assert arrays.point.tolist() == [int(d.point) for d in found]
    assert arrays.tile.tolist() == [d.tile for d in found]
    assert arrays.seat.tolist() == [d.seat for d in found]
    assert arrays.turn.tolist() == [d.turn for d in found]
    assert arrays.round.tolist() == [d.round for d in found]
    assert arrays.riichi.tolist() == [d.riichi for d in found]
    assert arrays.log.tolist() == [arrays.names.index(d.log) for d in found]
    assert int((arrays.hands + arrays.melds + arrays.visible).max()) <= 4
    # ready for the batch functions: every drawn hand's shanten, in one call
    drawn = arrays.point == int(Point.DRAW)
    shanten = mf.shanten_batch(arrays.hands[drawn])
    assert shanten.shape == (int(drawn.sum()),) and shanten.min() >= -1
    one = logs.to_arrays(LOGS[0])
    assert one.names == [str(LOGS[0])] and len(one.seat) == sum(1 for _ in logs.decisions(LOGS[0]))
    assert os.fspath(LOGS[0]) in one.names
