"""``--json`` of ``mahjong-fast check`` and ``analyze``: valid JSON carrying the text output's figures."""
from __future__ import annotations

import io
import json
import re
from pathlib import Path

import pytest

import mahjong_fast as mf
from mahjong_fast._cli import main

from support.impls import NO_EXTENSIONS
from support.mjai_games import first_discards

CHECKS = [
    ["11123456789999m", "--self-drawn"],
    ["11223344556677m"],
    ["11112233445577p", "--rules", "riichi"],
    ["147m258p369s12345z", "--rules", "gb"],
    ["123m456p789s11234z", "--visible", "1z 1z"],
    ["123m456p789s1123z"],
    ["1112345678999p", "--rules", "riichi3"],
    ["23456m", "--melds", "789s", "555p", "{1111z}"],
    ["123456m456p789s1z7z", "--wild", "7z"],
    ["12m456p789s123s33z"],
    ["13579m2468p135s7z"],
    ["11m"],
    ["123m"],
]


def _run(capsys: pytest.CaptureFixture[str], argv: list[str]) -> tuple[int, str, str]:
    status = main(argv)
    out, err = capsys.readouterr()
    return status, out, err


def _text_fields(text: str) -> dict[str, str]:
    """The ``name: value`` lines of the text output (the first of each name)."""
    fields: dict[str, str] = {}
    for line in text.splitlines():
        m = re.match(r"^\s*([a-z ]+):\s+(.*)$", line)
        if m and m.group(1) not in fields:
            fields[m.group(1)] = m.group(2)
    return fields


def _discard_lines(text: str) -> list[str]:
    return [line.strip() for line in text.splitlines() if line.strip().startswith("打 ")]


@pytest.mark.parametrize("argv", CHECKS, ids=[" ".join(a) for a in CHECKS])
def test_check_json_carries_the_text_figures(capsys, argv):
    status, text, _ = _run(capsys, ["check", *argv])
    assert status == 0
    status, out, err = _run(capsys, ["check", *argv, "--json"])
    assert status == 0 and err == ""
    assert out.count("\n") == 1
    report = json.loads(out)
    fields = _text_fields(text)
    hand = mf.Hand(argv[0], [a for a in argv[argv.index("--melds") + 1:]] if "--melds" in argv else [])
    assert report["hand"] == mf.format(hand) and f"({report['hand']})" in fields["hand"]
    assert report["rules"] == (argv[argv.index("--rules") + 1] if "--rules" in argv else "chinese")
    if report["win"] is None:
        assert "win" not in fields or fields["win"].startswith("no (")
    else:
        assert fields["win"] == ("yes" if report["win"] else "no")
    assert (report["shanten"] is None) == ("shanten" not in fields)
    if report["shanten"] is not None:
        assert fields["shanten"] == str(report["shanten"])
    if report["waits"] is not None:
        shown = fields["waits"]
        assert (shown == "none") == (report["waits"] == [])
        assert re.findall(r"\d[mpsz]", shown) == report["waits"]
    if report["hu"] is not None:
        assert fields["hu types"] == ", ".join(f"{f['chinese']} {f['english']}" for f in report["hu"]["flags"])
        assert fields["hu types"] == str(mf.HuType(report["hu"]["value"]))
    if report["splits"]:
        assert [line.split("split:", 1)[1].strip() for line in text.splitlines() if "split:" in line] == report[
            "splits"]
    if report["pairs"]:
        assert fields["pairs"].split() == report["pairs"]
    if report["useful"] is not None:
        u = report["useful"]
        body = " ".join(f"{t}×{u['unseen'][t]}" for t in u["tiles"]) or "-"
        assert fields["useful"] == f"shanten {u['shanten']}: 摸 {body}, {u['total']} 枚"
    lines = _discard_lines(text)
    assert len(lines) == len(report["discards"] or [])
    for line, d in zip(lines, report["discards"] or []):
        assert line.startswith(f"打 {d['tile']} → 摸 {' '.join(d['tiles']) or '-'}, {d['total']} 枚")
        assert f"(shanten {d['shanten']}" in line and ("向听倒退" in line) == d["backward"]
        if d["two_step"] is not None and d["shanten"] > 0:
            assert f"two-step {d['two_step']:.2f}" in line
        if d["good_shape"] is not None:
            assert f"good shape {d['good_shape']:.0%}" in line


@pytest.mark.parametrize("argv", CHECKS, ids=[" ".join(a) for a in CHECKS])
def test_check_json_equals_the_api(capsys, argv):
    _, out, _ = _run(capsys, ["check", *argv, "--json"])
    report = json.loads(out)
    melds = argv[argv.index("--melds") + 1:] if "--melds" in argv else []
    hand = mf.Hand(argv[0], melds)
    rules = argv[argv.index("--rules") + 1] if "--rules" in argv else None
    wild = argv[argv.index("--wild") + 1] if "--wild" in argv else None
    visible = argv[argv.index("--visible") + 1] if "--visible" in argv else None
    n = len(hand.tiles)
    if n % 3 == 2:
        assert report["win"] == mf.is_win(hand, rules=rules, wild=wild)
    if report["hu"] is not None:
        assert report["hu"]["value"] == int(mf.classify(hand, self_drawn="--self-drawn" in argv, rules=rules,
                                                        wild=wild))
    if n % 3:
        assert report["shanten"] == mf.shanten(hand, rules=rules, wild=wild)
    if n % 3 == 1:
        assert report["waits"] == [str(t) for t in mf.waits(hand, rules=rules, wild=wild)]
        u = mf.useful_tiles(hand, rules=rules, wild=wild, visible=visible)
        assert report["useful"] == {"shanten": u.shanten, "tiles": [str(t) for t in u.tiles],
                                    "unseen": {str(t): c for t, c in u.counts.items()}, "total": u.total}
    if report["discards"]:
        table = mf.discard_analysis(hand, rules=rules, wild=wild, visible=visible, two_step=True)
        assert [(d["tile"], d["shanten"], d["total"], d["two_step"], d["good_shape"]) for d in report["discards"]] == [
            (str(d.tile), d.shanten, d.useful.total, d.two_step, d.good_shape) for d in table]
        assert [d["improvements"] for d in report["discards"]] == [
            None if d.improvements is None else {str(t): c for t, c in d.improvements.items()} for d in table]


def test_check_json_on_an_ascii_stream_is_valid_json(monkeypatch):
    raw = io.BytesIO()
    stream = io.TextIOWrapper(raw, encoding="ascii")
    monkeypatch.setattr("sys.stdout", stream)
    assert main(["check", "11123456789999m", "--json"]) == 0
    stream.flush()
    report = json.loads(raw.getvalue().decode("ascii"))
    assert report["hu"]["flags"][0]["chinese"] == "平胡"


@pytest.mark.parametrize("argv", [["55555m"], ["123m", "--rules", "riichi3"], ["1m" * 15], ["x"]])
def test_check_json_errors_are_one_stderr_line(capsys, argv):
    status, out, err = _run(capsys, ["check", *argv, "--json"])
    assert status == 2 and out == ""
    assert err.startswith("mahjong-fast: error: ") and err.count("\n") == 1


# ---------------------------------------------------------------- analyze

@pytest.fixture(scope="module")
def logs_sample(tmp_path_factory: pytest.TempPathFactory) -> list[Path]:
    pytest.importorskip("pyarrow")
    data = Path(__file__).resolve().parents[1] / "data" / "mjai"
    folder = tmp_path_factory.mktemp("json_logs")
    paths = []
    for i, log in enumerate(sorted(data.glob("*.json.gz"))[:2]):
        path = folder / f"first_{i}.jsonl"
        path.write_text("\n".join(first_discards(log, 16 if NO_EXTENSIONS else 200)) + "\n", encoding="utf-8")
        paths.append(path)
    return paths


def test_analyze_json_carries_the_text_figures(logs_sample):
    from mahjong_fast import logs
    from mahjong_fast.logs._cli import run
    from mahjong_fast.logs._report import summary

    argv = [str(p) for p in logs_sample]
    text, out = io.StringIO(), io.StringIO()
    assert run(argv, text, io.StringIO()) == 0
    assert run([*argv, "--json"], out, io.StringIO()) == 0
    report = json.loads(out.getvalue())
    lines = text.getvalue().splitlines()
    assert lines[0] == f"{report['discards']} discards in {report['logs']} logs (rules: {report['rules']})"
    rows = {line.split()[0]: line.split() for line in lines[2:2 + len(report["players"])]}
    assert len(rows) == len(report["players"]) > 0
    for p in report["players"]:
        cells = rows[p["player"]]
        assert cells[1] == str(p["discards"]) and cells[2] == f"{p['best']:.1%}" and cells[-1] == f"{p['lost']:.2f}"
        shown = ["-" if v["best"] is None else f"{v['best']:.1%}" for v in p["by_shanten"].values()]
        assert cells[3:-1] == shown
        assert list(p["by_shanten"]) == ["-1", "0", "1", "2", "3", "4+"]
    expected = summary(logs.analyze(logs_sample, rules="riichi"))
    assert [(r["player"], r["discards"], r["best"], r["lost"]) for r in expected] == [
        (p["player"], p["discards"], p["best"], p["lost"]) for p in report["players"]]
    assert report["out"] is None and report["plot"] is None
