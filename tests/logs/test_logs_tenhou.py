"""Tenhou's records in every log tool: mjlog XML and tenhou.net/6 JSON as mjai events.

The data are the real Tenhou games of mjx-project/mjx's tests (tests/data/tenhou, MIT): 118 mjlog
records (phoenix-room hanchan and fixtures cut from them, gzipped as Tenhou serves them) and 32
tenhou.net/6 JSON files of the same games.  The oracles: Mortal's ``PlayerState`` fed our
conversion, event by event, for every seat; the hands and melds the records' own ``AGARI`` tags
give, read here with the standard XML parser and a meld decoder of the test's own; and the same
game read in each form gives the same rows.
"""
from __future__ import annotations

import collections
import gzip
import io
import json
import random
import re
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import pytest

from mahjong_fast import logs
from mahjong_fast._cli import main as cli_main
from mahjong_fast.logs._analysis import discard_rows

from support.impls import NO_EXTENSIONS
from support.mjai_games import NAMES, NEED_MJAI, RED, check_against_player_state, have_mjai
from support.tenhou_agari import decode_meld

DATA = Path(__file__).resolve().parents[1] / "data" / "tenhou"
MJLOGS = sorted((DATA / "mjlog").glob("*.mjlog"))
JSONS = sorted((DATA / "json").glob("*.json"))
needs_mjai = pytest.mark.skipif(not NEED_MJAI and not have_mjai(),
                                reason="mjai is not installed (docs/logs.md: the test recipe)")
RED_IDS = {16: 4, 52: 13, 88: 22}
"""Tenhou's red fives, index136 -> index34."""


def _xml(path: Path) -> ET.Element:
    return ET.fromstring(gzip.decompress(path.read_bytes()).decode("utf-8"))


def _pair(path: Path) -> Path:
    return DATA / "mjlog" / (path.stem + ".mjlog")


def _complete(events: list[dict]) -> list[dict]:
    """A record that stops mid-round (a fixture cut from a game), closed by an abortive draw after its
    last discard (where no seat owes a decision)."""
    if events[-1]["type"] in ("end_game", "end_kyoku"):
        return events
    last = max(i for i, e in enumerate(events) if e["type"] in ("dahai", "start_kyoku"))
    return events[:last + 1] + [{"type": "ryukyoku", "deltas": [0, 0, 0, 0]}, {"type": "end_kyoku"},
                                {"type": "end_game"}]


def _write(events: list[dict], path: Path) -> Path:
    with gzip.open(path, "wt", encoding="utf-8") as f:
        f.write("".join(json.dumps(e, separators=(",", ":"), ensure_ascii=False) + "\n" for e in events))
    return path


# --- the data ------------------------------------------------------------------------------------


def test_the_data_are_there() -> None:
    assert len(MJLOGS) == 118 and len(JSONS) == 32
    assert "MIT License" in (DATA / "LICENSE").read_text()
    assert all(_pair(p).exists() for p in JSONS)
    kinds = collections.Counter(e["type"] for p in MJLOGS for e in logs.to_mjai(p))
    assert set(kinds) == {"start_game", "start_kyoku", "tsumo", "dahai", "chi", "pon", "daiminkan", "ankan",
                          "kakan", "dora", "reach", "reach_accepted", "hora", "ryukyoku", "end_kyoku", "end_game"}
    assert kinds["hora"] >= 600 and kinds["start_kyoku"] >= 800


@pytest.mark.parametrize("path", MJLOGS + JSONS, ids=lambda p: p.name)
def test_every_record_converts_and_replays(path: Path) -> None:
    events = list(logs.to_mjai(path))
    assert events[0]["type"] == "start_game" and events[0]["rules"] == "riichi"
    assert logs.record_rules(path) == logs.RecordRules("riichi", 4, True, True)
    replayed = [e for e, _ in logs.replay(path)]
    assert replayed == events


# --- Mortal's PlayerState, every seat, every event -----------------------------------------------------


@needs_mjai
@pytest.mark.parametrize("form", ["mjlog", "json"])
def test_player_state_accepts_every_event(form: str, tmp_path: Path) -> None:
    paths = MJLOGS if form == "mjlog" else JSONS
    total: collections.Counter[str] = collections.Counter()
    for i, path in enumerate(paths):
        mjai = _write(_complete(list(logs.to_mjai(path))), tmp_path / f"{path.name}.json.gz")
        total.update(check_against_player_state(mjai, shanten=i % 4 == 0 or not NO_EXTENSIONS))
    assert total["seat states"] > (300_000 if form == "mjlog" else 80_000)
    assert total["offers"] > 1000 and total["discard rows"] > 10_000


# --- the records' own AGARI: hands and melds ---------------------------------------------------------


def _meld_of(m: int) -> tuple[str, int, bool, int]:
    """(kind, lowest index34, concealed, red fives) of a meld code, decoded apart from the reader."""
    meld, _ = decode_meld(m)
    return meld.kind, int(meld.tile), meld.concealed, meld.red


def _names(ids: list[int]) -> list[str]:
    return sorted(RED[RED_IDS[i]] if i in RED_IDS else NAMES[i // 4] for i in ids)


def _held(concealed: bytes, reds: bytes) -> list[str]:
    names = []
    for kind, n in enumerate(concealed):
        red = reds[kind]
        names += [NAMES[kind]] * (n - red) + ([RED[kind]] * red if red else [])
    return names


def test_every_win_holds_the_records_hand_and_melds() -> None:
    wins = 0
    for path in MJLOGS:
        agari = [a.attrib for a in _xml(path).iter("AGARI")]
        horas = [(dict(e), [(s.concealed, s.reds, s.melds) for s in seats]) for e, seats in logs.replay(path)
                 if e["type"] == "hora"]
        assert len(horas) == len(agari), path
        for (event, seats), tag in zip(horas, agari):
            where = f"{path.name}: {tag}"
            who, target = int(tag["who"]), int(tag["fromWho"])
            assert (event["actor"], event["target"]) == (who, target), where
            concealed, reds, melds = seats[who]
            held = _held(concealed, reds)
            hai = [int(t) for t in tag["hai"].split(",")]
            if who != target:
                held += _names([int(tag["machi"])])
            assert sorted(held) == _names(hai), where
            codes = [int(c) for c in tag["m"].split(",")] if tag.get("m") else []
            ours = sorted((m.kind, int(m.tile), m.concealed, m.red) for m in melds)
            assert ours == sorted(map(_meld_of, codes)), where
            sc = [int(v) for v in tag["sc"].split(",")]
            assert event["deltas"] == [100 * v for v in sc[1::2]], where
            wins += 1
    assert wins >= 600


# --- one game, three forms, the same rows -------------------------------------------------------------


def _strip(rows: dict, names: bool) -> tuple:
    keys = [k for k in ("round", "seat", "turn", "tile", "riichi", "forced") if k in rows]
    out = tuple(rows[k].tolist() for k in keys)
    return out + ((rows["players"], rows["player"].tolist()) if names else ())


@pytest.mark.parametrize("path", [p for p in JSONS if p.name != "first-example.json"], ids=lambda p: p.name)
def test_the_same_game_in_three_forms_gives_the_same_rows(path: Path, tmp_path: Path) -> None:
    pytest.importorskip("numpy")
    mjlog = _pair(path)
    mjai = _write(list(logs.to_mjai(mjlog)), tmp_path / "game.json.gz")
    (a, ha, fa), (b, hb, fb), (c, hc, fc) = (discard_rows(p) for p in (mjlog, path, mjai))
    assert _strip(a, True) == _strip(c, True)
    assert _strip(a, False) == _strip(b, False)
    assert (ha == hb).all() and (ha == hc).all() and (fa == fb).all() and (fa == fc).all()
    if NO_EXTENSIONS:
        return  # pure Python judges riichi hands slowly: the judgement's inputs are compared above
    pytest.importorskip("pyarrow")
    tables = [logs.analyze(p).drop(["log", "player"]) for p in (mjlog, path, mjai)]
    assert tables[0].num_rows > 0
    assert tables[0].equals(tables[1]) and tables[0].equals(tables[2])


def test_one_round_objects_one_per_line_read_as_one_game() -> None:
    path = JSONS[0]
    lines = path.read_text(encoding="utf-8").splitlines()
    assert len(lines) > 5
    whole = {"name": json.loads(lines[0])["name"], "rule": json.loads(lines[0])["rule"],
             "log": [json.loads(line)["log"][0] for line in lines]}
    assert list(logs.to_mjai(io.StringIO(json.dumps(whole)))) == list(logs.to_mjai(path))
    assert list(logs.to_mjai(lines)) == list(logs.to_mjai(path))


def test_plain_xml_and_any_file_name(tmp_path: Path) -> None:
    path = MJLOGS[0]
    plain = tmp_path / "record.txt"
    plain.write_bytes(gzip.decompress(path.read_bytes()))
    assert list(logs.to_mjai(plain)) == list(logs.to_mjai(path))
    assert list(logs.to_mjai(io.BytesIO(path.read_bytes()))) == list(logs.to_mjai(path))


def test_convert_command_writes_mjai_lines(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = MJLOGS[0]
    out = tmp_path / "game.json"
    assert cli_main(["convert", str(path), "--out", str(out)]) == 0
    lines = out.read_text(encoding="utf-8").splitlines()
    assert [json.loads(line) for line in lines] == list(logs.to_mjai(path))
    assert [e for e, _ in logs.replay(out)] == list(logs.to_mjai(path))
    assert cli_main(["convert", str(JSONS[0])]) == 0
    assert len(capsys.readouterr().out.splitlines()) == len(list(logs.to_mjai(JSONS[0])))
    assert cli_main(["convert", str(tmp_path / "missing.mjlog")]) == 2


def test_analyze_command_reads_a_folder_of_records(tmp_path: Path) -> None:
    pytest.importorskip("pyarrow")
    from mahjong_fast.logs._cli import expand

    assert expand([str(DATA / "mjlog")]) == [str(p) for p in MJLOGS]
    assert expand([str(DATA / "json")]) == [str(p) for p in JSONS]


# --- dora in Mortal's order ------------------------------------------------------------------------


def test_new_dora_come_where_mortals_engine_turns_them() -> None:
    seen = collections.Counter()
    for path in MJLOGS:
        events = list(logs.to_mjai(path))
        for i, e in enumerate(events):
            if e["type"] == "ankan":
                assert events[i + 1]["type"] == "dora"
                seen["ankan"] += 1
            elif e["type"] in ("daiminkan", "kakan"):
                after = [x["type"] for x in events[i + 1:i + 6]]
                if len(after) < 3:
                    continue  # a fixture cut right after the kan
                if after[0] == "dora":  # a kan after a kan: the first one's indicator, then the draw
                    after = after[1:]
                    seen["kan after kan"] += 1
                if after[0] == "hora" or after[1] == "hora":
                    continue  # robbed (chankan) or won on the replacement draw: no new dora
                assert after[0] == "tsumo", (path, after)
                assert after[1] in ("dora", "ankan", "kakan"), (path, after)
                seen["open kan"] += 1
    assert seen["ankan"] >= 30 and seen["open kan"] >= 25 and seen["kan after kan"] >= 1


# --- rules from the record -----------------------------------------------------------------------------


SANMA = ('<mjloggm ver="2.3"><GO type="{type}"/><UN n0="a" n1="b" n2="c" n3=""/><TAIKYOKU oya="0"/>'
         '<INIT seed="0,0,0,1,2,{dora}" ten="350,350,350,0" oya="0" hai0="{h0}" hai1="{h1}" hai2="{h2}" hai3=""/>'
         '<T{draw}/><N who="0" m="{kita}"/><T{draw2}/><D{draw2}/>'
         '<RYUUKYOKU type="yao9" ba="0,0" sc="350,0,350,0,350,0"/></mjloggm>')


def _sanma(game_type: int = 0xB9) -> str:
    deal = [t for t in range(136) if not 4 <= t < 32]  # no 2m-8m at three players
    hands = [deal[13 * i:13 * i + 13] for i in range(3)]
    return SANMA.format(type=game_type, dora=deal[50], h0=",".join(map(str, hands[0])),
                        h1=",".join(map(str, hands[1])), h2=",".join(map(str, hands[2])), draw=121,
                        kita=121 << 8 | 0x20, draw2=deal[60])


@pytest.mark.parametrize("game_type, expected", [
    (0x09, ("riichi", 4, True, True)), (0x0B, ("riichi", 4, False, True)), (0x0D, ("riichi", 4, True, False)),
    (0xA9, ("riichi", 4, True, True)), (0xB9, ("riichi3", 3, True, True)), (0x17, ("riichi3", 3, False, False)),
])
def test_the_game_type_chooses_the_rules(game_type: int, expected: tuple) -> None:
    record = f'<mjloggm ver="2.3"><GO type="{game_type}" lobby="0"/></mjloggm>'
    assert tuple(logs.record_rules([record])) == expected
    first = next(logs.to_mjai([record]))
    assert (first["rules"], first["aka_flag"], first["kuitan"], first["tenhou_type"]) == (
        expected[0], expected[2], expected[3], game_type)


def test_three_players_convert_with_nukidora() -> None:
    events = list(logs.to_mjai([_sanma()]))
    kinds = [e["type"] for e in events]
    assert kinds == ["start_game", "start_kyoku", "tsumo", "nukidora", "tsumo", "dahai", "ryukyoku", "end_kyoku"]
    assert len(events[1]["tehais"]) == 3 and events[1]["scores"] == [35000] * 3
    assert events[3] == {"type": "nukidora", "actor": 0, "pai": "N"}
    assert logs.record_rules([_sanma()]).rules == "riichi3"
    assert {len(seats) for _, seats in logs.replay([_sanma()])} == {3}  # tests/logs/test_logs_sanma.py: the rest


def test_red_fives_follow_the_game_type() -> None:
    path = MJLOGS[0]
    text = gzip.decompress(path.read_bytes()).decode()
    assert any("r" in e.get("pai", "") for e in logs.to_mjai([text]))
    plain = text.replace('<GO type="169"', '<GO type="171"')  # 0xAB: no red fives
    assert not any(e.get("pai", "").endswith("r") for e in logs.to_mjai([plain]))


# --- malformed records: a ValueError naming the file and the round or tag -------------------------------


def _text(path: Path) -> str:
    return gzip.decompress(path.read_bytes()).decode("utf-8")


def _raises(text: str, *match: str) -> str:
    with pytest.raises(ValueError) as info:
        list(logs.to_mjai(io.StringIO(text)))
    message = str(info.value)
    for m in match:
        assert m in message, message
    return message


def test_malformed_mjlog_records() -> None:
    text = _text(MJLOGS[0])
    _raises(text[:len(text) // 2], "<")  # cut inside a tag, or between tags
    _raises(text.replace("</mjloggm>", ""), "without </mjloggm>")
    _raises(re.sub(r"<T(\d+)/>", r"<X\1/>", text, count=1), "round E1-0", "<X", "unknown tag")
    _raises(text.replace("<TAIKYOKU", "<TAIKYOKUX"), "TAIKYOKUX", "unknown tag")
    code = re.search(r'<N who="\d" m="(\d+)"', text)
    assert code is not None
    _raises(text.replace(code.group(0), code.group(0).replace(code.group(1), "65535")), "round", "meld code")
    dealt = re.search(r'hai0="(\d+)', text)
    draw = re.search(r"<T(\d+)/>", text)
    assert dealt is not None and draw is not None
    _raises(text.replace(draw.group(0), f"<T{dealt.group(1)}/>", 1), "round E1-0", "twice")  # an impossible draw
    _raises('<!DOCTYPE x [<!ENTITY a "b">]>' + text, "DTD")
    _raises(text.replace('<N who="', '<N who="7', 1), "who")
    _raises(text.replace("<INIT ", '<GO type="169"/><INIT ', 2).replace('<GO type="169"/><INIT ', "<INIT ", 1),
            "second <GO>")


def test_malformed_json_records() -> None:
    text = JSONS[0].read_text(encoding="utf-8")
    _raises('{"title": [], "name": []}\n', "tenhou", "log")
    obj = json.loads(text.splitlines()[0])
    obj["log"][0][5][0] = obj["log"][0][4][0]  # a fifth copy? the first draw is the dealer's first tile
    obj["log"][0][5][1:4] = [obj["log"][0][4][0]] * 3
    _raises(json.dumps(obj), "round E1-0")
    obj = json.loads(text.splitlines()[0])
    obj["log"][0][5].append(11)  # a draw with no turn for it
    _raises(json.dumps(obj), "round E1-0", "do not fit")
    obj = json.loads(text.splitlines()[0])
    obj["log"][0][5][0] = 99  # not a tile
    _raises(json.dumps(obj), "round E1-0", "99")
    obj = json.loads(text.splitlines()[0])
    obj["log"][0][5][0] = "x123"
    _raises(json.dumps(obj), "round E1-0")
    _raises(text[: len(text) // 3], "not JSON")


@pytest.mark.parametrize("path", MJLOGS[::20] + JSONS[::8], ids=lambda p: p.name)
def test_fuzzed_truncations_raise_value_errors(path: Path) -> None:
    data = path.read_bytes()
    text = _text(path) if path.suffix == ".mjlog" else data.decode("utf-8")
    rng = random.Random(path.name)
    end = len(text.rstrip())
    for cut in sorted(rng.sample(range(1, end), 40)):
        with pytest.raises(ValueError):
            list(logs.to_mjai(io.StringIO(text[:cut])))
    for cut in sorted(rng.sample(range(1, len(data) - 1), 10)):
        with pytest.raises(ValueError):
            list(logs.to_mjai(io.BytesIO(data[:cut])))
    for _ in range(40):  # a byte changed: read or refused, never another error
        i = rng.randrange(len(text))
        changed = text[:i] + rng.choice('<>"/=,0123456789 abcTN') + text[i + 1:]
        try:
            for _event in logs.replay(io.StringIO(changed)):
                pass
        except ValueError:
            pass


# --- the straight path: mjlogscan, compiled and pure; the lines as json writes them -----------------


def _mjlogscans() -> list[object]:
    import importlib

    names = ["mahjong_fast._kernels.mjlogscan_py"] + ([] if NO_EXTENSIONS else ["mahjong_fast._kernels.mjlogscan"])
    return [importlib.import_module(name) for name in names]


def _places(hands: list[set[int]]) -> bytearray:
    """``mjlogscan``'s ``places`` of seats holding ``hands``, the other tiles in the wall."""
    from mahjong_fast._kernels.mjlog_flags import HOLDING, PLACES

    places = bytearray(PLACES)
    for seat, hand in enumerate(hands):
        for t in hand:
            places[t] = seat + 1
        places[HOLDING + seat] = len(hand)
    return places


def test_mjlogscan_twins_agree() -> None:
    """From every place of a round (and with hands in every state), the twins take the same tags, make
    the same events and leave the same hands, wall, drawn tiles and last discard."""
    from mahjong_fast._kernels.mjlog_flags import HOLDING
    from mahjong_fast.logs._record import ID_NAMES, RED_ID_NAMES, shared_plays

    plays = shared_plays(RED_ID_NAMES)
    rng = random.Random(5)
    text = _text(MJLOGS[0])
    body = text[text.index("<INIT"):]
    starts = [m.start() for m in re.finditer("<", body)]
    deal = [set(range(13 * s, 13 * s + 13)) for s in range(4)]
    for pos in rng.sample(starts, 200) + [0, len(body) - 5]:
        results = []
        for scan in _mjlogscans():
            places = _places(deal)
            drawn: list[int | None] = [None] * 4
            events: list[dict] = []
            lines: list[str] = []
            last = [-1, -1]
            end = scan.run(body, pos, len(body), 4, places, drawn, plays, events, lines, last)  # type: ignore[attr-defined]
            assert lines == [json.dumps(e, separators=(",", ":")) for e in events]
            results.append((end, places, drawn, [id(e) for e in events], last))
        assert all(r == results[0] for r in results), pos
    tags = "".join(f"<T{t}/>\n<D{t}/> " for t in range(52, 80))
    for scan in _mjlogscans():
        events = []
        end = scan.run(tags, 0, len(tags), 4, _places(deal), [None] * 4, plays, events,  # type: ignore[attr-defined]
                       [], [-1, -1])
        assert end == len(tags.rstrip()) and len(events) == 56 and events[1]["tsumogiri"]
        for bad in ("<T1/>", "<T136/>", "<T52 />", "<X52/>", "<T0052/>", "<D52/>", "<W52/>", " <T52/", "<T/>"):
            fresh = _places(deal[:3])  # 13 tiles each, 0-38 out of the wall
            assert scan.run(bad, 0, len(bad), 3, fresh, [None] * 3, plays, [], [], [-1, -1]) == 0, bad  # type: ignore[attr-defined]
        fresh = _places(deal[:3])
        assert scan.run(" <T052/>", 0, 8, 3, fresh, [None] * 3, plays, [], [], [-1, -1]) == 8  # type: ignore[attr-defined]
        assert fresh[52] == 1 and fresh[HOLDING] == 14
        with pytest.raises(ValueError, match="places"):
            scan.run(tags, 0, len(tags), 4, bytearray(139), [None] * 4, plays, [], [], [-1, -1])  # type: ignore[attr-defined]
        with pytest.raises(ValueError, match="places"):
            scan.run(tags, 0, len(tags), 4, _places(deal), [None] * 4, plays[:3], [], [], [-1, -1])  # type: ignore[attr-defined]
        with pytest.raises(TypeError, match="places"):
            scan.run(tags, 0, len(tags), 4, [set()] * 4, [None] * 4, plays, [], [], [-1, -1])  # type: ignore[attr-defined]
    assert ID_NAMES != RED_ID_NAMES


def test_lines_are_what_json_writes() -> None:
    from mahjong_fast.logs._reader import read_source, stream_events

    sources = [*MJLOGS, *JSONS, [_sanma()]]
    for source in sources:
        name, lines, events, _ = read_source(source)  # type: ignore[arg-type]
        streamed = list(stream_events(name, lines, events))
        assert streamed, source
        for _, line, event in streamed:
            assert line == json.dumps(event, ensure_ascii=False, separators=(",", ":")), source


def _convert6(text: str) -> tuple[list[str], str]:
    """A tenhou.net/6 record's events as converted (their lines), and its error ('' when none)."""
    from mahjong_fast.logs._reader import read_source, stream_events

    try:
        name, lines, events, _ = read_source([text])
        return [line for _, line, _ in stream_events(name, lines, events)], ""
    except ValueError as exc:
        return [], str(exc)


def test_turns_twins_agree(monkeypatch: pytest.MonkeyPatch) -> None:
    """The straight path of tenhou.net/6 turns (``mjlogscan.turns``), compiled and pure: the same events
    from every record, the same errors from records with a tile changed."""
    from mahjong_fast.logs import _tenhou6

    rng = random.Random(6)
    texts = [path.read_text(encoding="utf-8") for path in JSONS]
    for text in texts[:6]:
        spots = [m.span() for m in re.finditer(r"(?<=[,\[])[1-6][0-9](?=[,\]])", text)]
        for start, end in rng.sample(spots, 12):
            texts.append(text[:start] + str(rng.choice([11, 15, 19, 27, 41, 47, 51, 60, 10, 0])) + text[end:])
    results = []
    for scan in _mjlogscans():
        monkeypatch.setattr(_tenhou6, "mjlogscan", scan)
        results.append([_convert6(text) for text in texts])
    assert all(r == results[0] for r in results)
    assert sum(1 for _, error in results[0] if error) >= 20  # most changes are caught


def test_turns_stops() -> None:
    """``turns`` makes only the moves the state allows, and stops before the first it does not make."""
    from collections import deque

    from mahjong_fast.logs._tenhou6 import _KINDS, _NAMES, _PLAYS

    hand = ["1m"] * 3 + ["2m"] * 3 + ["3m"] * 3 + ["4m"] * 3 + ["E"]
    hand[:3] = ["".join(list("1m")) for _ in range(3)]  # not the table's names: held tiles found by value too
    for scan in _mjlogscans():
        def play(takes: list[list[object]], discards: list[list[object]], counts: dict[str, int],
                 draw: bool = True, drawn: str | None = None, scan: Any = scan,
                 calls: dict[str, tuple[object, ...]] | None = None) -> tuple[object, ...]:
            t, d = [deque(x) for x in takes], [deque(x) for x in discards]
            hands, events, lines = [list(hand) for _ in range(3)], [], []  # type: ignore[var-annotated]
            stop = scan.turns(0, draw, drawn, 3, t, d, hands, counts, _KINDS, _NAMES, calls or {}, _PLAYS, events,
                              lines)
            assert lines == [json.dumps(e, separators=(",", ":")) for e in events]
            return tuple(stop), [list(x) for x in t], [list(x) for x in d], hands[0][12:], [
                (e["type"], e["actor"], e["pai"], e.get("tsumogiri")) for e in events]

        assert play([[17, 18], [19], [21]], [[60, 41], [60], [11]], {}) == (
            (1, True, None), [[], [], []], [[], [], []], ["8m"],
            [("tsumo", 0, "7m", None), ("dahai", 0, "7m", True), ("tsumo", 1, "9m", None), ("dahai", 1, "9m", True),
             ("tsumo", 2, "1p", None), ("dahai", 2, "1m", False), ("tsumo", 0, "8m", None),
             ("dahai", 0, "E", False)])  # then seat 1 has no take left
        assert play([[17], [], []], [[41], [], []], {"7m": 4})[0] == (0, True, None)  # a fifth 7m
        assert play([[17], ["p171717"], []], [[60], [], []], {})[0] == (0, False, "7m")  # a call not yet read
        pon9, pon7 = ("p", 0, "9m", ("9m",) * 3), ("p", 0, "7m", ("7m",) * 3)
        assert play([[17], ["p171717"], []], [[60], [], []], {}, calls={"p171717": pon7})[0] == (0, False, "7m")
        assert play([[17], ["p191919"], []], [[60], [], []], {}, calls={"p191919": pon9})[:2] == (
            (1, True, None), [[], ["p191919"], []])  # its call is of another tile: seat 1 comes to draw it
        assert play([["p191919"], [], []], [[], [], []], {}, calls={"p191919": pon9})[0] == (0, True, None)
        assert play([[], [], []], [["r41"], [], []], {}, draw=False)[0] == (0, False, None)  # riichi
        assert play([[], [], []], [[60], [], []], {}, draw=False)[0] == (0, False, None)  # 60 after no draw
        assert play([[], [], []], [[19], [], []], {}, draw=False)[0] == (0, False, None)  # not held
        assert play([[True], [], []], [[], [], []], {})[0] == (0, True, None)  # not a tile
        with pytest.raises(ValueError, match="cover the n seats"):
            scan.turns(0, True, None, 4, [], [], [], {}, _KINDS, _NAMES, {},  # type: ignore[attr-defined]
                       _PLAYS, [], [])


def test_numbers_twins_agree() -> None:
    """``mjlogscan.numbers``, compiled and pure: a value written plainly, of ``n`` numbers in range, read
    as ``int`` reads it; any other None (the reader then reads it by ``int``, and says what is wrong)."""
    rng = random.Random(7)
    values = ["", "0", "-0", "1,2,3", "-5,10,135", "007", "123456789", "1234567890", "1,", ",1", "1,,2", " 1",
              "1 ", "+1", "1_0", "\u0663", "-", "1,-", "12a", "--1", "1,2,3,", "a", "136", "-1"]
    values += [",".join(str(rng.randrange(-10**4, 10**6)) for _ in range(rng.randrange(1, 14))) for _ in range(200)]
    values += ["".join(rng.choice("0123456789,- +") for _ in range(rng.randrange(1, 8))) for _ in range(500)]
    for scan in _mjlogscans():
        for value in values:
            for n, low, high in ((-1, -10**9, 10**9), (1, 0, 3), (3, 0, 135), (13, 0, 135)):
                got = scan.numbers(value, n, low, high)  # type: ignore[attr-defined]
                ints = list(map(int, value.split(","))) if re.fullmatch(r"-?[0-9]{1,9}(,-?[0-9]{1,9})*", value) else []
                fits = bool(ints) and n in (-1, len(ints)) and low <= min(ints) and max(ints) <= high
                assert got == (ints if fits else None), (value, n)


def test_tag_twins_agree() -> None:
    """``mjlogscan.tag``, compiled and pure: from every place of a record (and of changed ones) the same
    tag, attributes and places, those of the reader's regular expressions (``_next_tag``, ``_attrs``)
    wherever it reads one."""
    from mahjong_fast.logs._mjlog import RecordError, _attrs, _next_tag

    rng = random.Random(8)
    text = _text(MJLOGS[0])
    bodies = [text, '<N who="1" m="2" />', '<N  who="1"m="2"/>', "<T12a/>", '<AB12 x="<"/>', "<N who=1/>",
              '\u00a0<N who="1"/>', '<N who="1"\u00a0/>', '\t<INIT2/>', "<T12/", "<", "  ", "", '<X a="1" a="2"/>']
    for _ in range(300):
        cut = rng.randrange(len(text) - 200)
        piece = list(text[cut:cut + 200])
        piece[rng.randrange(200)] = rng.choice(' \t\n"<>=/&a1\u00a0')
        bodies.append("".join(piece))
    for body in bodies:
        for pos in range(-1, min(len(body), 400) + 1):
            found = [scan.tag(body, pos) for scan in _mjlogscans()]  # type: ignore[attr-defined]
            assert all(f == found[0] for f in found), (body[pos:pos + 40], pos)
            if found[0] is not None and pos >= 0:
                try:
                    tag, start, end = _next_tag(body, pos)
                except RecordError:
                    tag, start, end = None, -1, -1  # fails below: the kernel read a tag the reader refuses
                assert (tag, _attrs(tag) if tag else None, start, end) == (found[0][0], found[0][1], *found[0][2:])
