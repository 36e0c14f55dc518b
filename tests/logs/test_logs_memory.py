"""Reading one log holds no more than its text plus a small constant, whatever its size up to the cap.

A log near ``logs.MAX_LOG`` (the rounds of a committed game repeated, about 270,000 events, each
line made distinct by a field of its own: the worst case, no line shared) is read in a subprocess by
``replay``, ``decisions`` and ``wins``; the growth of its resident memory (VmHWM against VmRSS
before, the kernels' tables and the readers' caches warmed on a small log first) must stay under
the log's size plus 12 MiB: the text is kept as the chunks it was read in, and its lines and events
are made as they are consumed, never all at once (measured: 21.5 MB for the 16.5 MB log; before,
with every line and event kept, 221 MB).  So is a Tenhou mjlog record near the cap (the rounds of a
real game repeated, a line break after each tag: 16.6 MB, 1.4 million events; its tags are read a
piece and its events a round at a time: 18 MB, where converting it whole took 268 MB), and one
whose header holds a million ``<BYE/>`` tags (read a piece at a time: 18 MB, where its list of tags
took 245 MB); ``mahjong-fast convert`` of that record too (its lines spooled to a file).
A tenhou.net/6 record, read whole, is refused past ``logs.MAX_TENHOU_JSON``.
A bound on memory, not on time.
"""
from __future__ import annotations

import gzip
import json
import subprocess
import sys
import textwrap
from pathlib import Path
from typing import Any

import pytest

from mahjong_fast import logs

MJAI = Path(__file__).resolve().parents[1] / "data" / "mjai"
TENHOU = Path(__file__).resolve().parents[1] / "data" / "tenhou"
GAME = "2010081709gm-00a9-0000-fe3371ad"
"""A phoenix hanchan held as mjlog and as tenhou.net/6 JSON."""
SLACK = 12 << 20
"""What reading may hold beyond the log's text: the line and event at hand, a chunk, the table."""

MEASURE = textwrap.dedent("""
    import json, sys
    from mahjong_fast import logs

    def status(key):
        with open("/proc/self/status") as f:
            return next(int(line.split()[1]) * 1024 for line in f if line.startswith(key))

    path, small, how = sys.argv[1:]
    list(logs.decisions(small)), list(logs.wins(small)), list(logs.replay(small))  # warm
    try:  # the peak so far is the warming's: reset it to the resident memory now (Linux 4.0 on)
        with open("/proc/self/clear_refs", "w") as f:
            f.write("5")
    except OSError:
        pass
    before = status("VmRSS:")
    try:
        if how == "replay":
            n = sum(1 for _ in logs.replay(path))
        elif how == "to_mjai":
            n = sum(1 for _ in logs.to_mjai(path))
        elif how == "convert":
            from mahjong_fast.logs._convert import run
            out = path + ".out.json"
            run([path, "--out", out], sys.stdout)
            with open(out, encoding="utf-8") as f:
                n = sum(1 for _ in f)
        elif how == "decisions":
            n = sum(1 for _ in logs.decisions(path, offers=False))
        else:
            n = sum(1 for _ in logs.wins(path))
    except ValueError as exc:
        n = str(exc)
    print(json.dumps({"n": n, "grown": status("VmHWM:") - before}))
""")


@pytest.fixture(scope="module")
def big_log(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, int]:
    """A valid mjai log of just under ``MAX_LOG`` bytes: one game's rounds over and over, each line
    with a field ``i`` of its own (no two lines alike); its size."""
    lines = gzip.decompress((MJAI / "game_00000.json.gz").read_bytes()).decode("utf-8").splitlines()
    body = [line for line in lines if '"start_game"' not in line and '"end_game"' not in line]
    out, size = [lines[0]], len(lines[0]) + 1
    while size < logs.MAX_LOG - 400_000:
        for line in body:
            out.append(f'{line[:-1]},"i":{len(out)}}}')
            size += len(out[-1]) + 1
    text = "\n".join([*out, '{"type":"end_game"}']) + "\n"
    assert logs.MAX_LOG - 500_000 < len(text) <= logs.MAX_LOG
    path = tmp_path_factory.mktemp("big") / "big.json.gz"
    path.write_bytes(gzip.compress(text.encode("utf-8"), 1))
    return path, len(text)


@pytest.mark.parametrize("how", ["replay", "decisions", "wins"])
def test_reading_a_log_near_the_cap_holds_the_text_and_a_constant(big_log: tuple[Path, int], how: str) -> None:
    path, size = big_log
    out = subprocess.run([sys.executable, "-c", MEASURE, str(path), str(MJAI / "game_00001.json.gz"), how],
                         capture_output=True, text=True, check=True, timeout=900)
    result: dict[str, Any] = json.loads(out.stdout)
    assert result["n"] > (500 if how == "wins" else 100_000)  # wins: one per hora
    assert result["grown"] < size + SLACK, (how, result["grown"] / size)


def _measure(path: Path, small: Path, how: str) -> dict[str, Any]:
    out = subprocess.run([sys.executable, "-c", MEASURE, str(path), str(small), how],
                         capture_output=True, text=True, check=True, timeout=900)
    result: dict[str, Any] = json.loads(out.stdout)
    return result


@pytest.fixture(scope="module")
def big_mjlog(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, int]:
    """A valid mjlog record of just under ``MAX_LOG`` bytes: a real game's rounds (but the last, which
    ends the game) over and over, a line break after each tag (a line is capped); its size."""
    text = gzip.decompress((TENHOU / "mjlog" / f"{GAME}.mjlog").read_bytes()).decode("utf-8")
    head, body = text[:text.index("<INIT")], text[text.index("<INIT"):text.rindex("</mjloggm>")]
    rounds = [("<INIT" + r).replace("/>", "/>\n") for r in body.split("<INIT")[1:] if "owari" not in r]
    out = [head.replace("/>", "/>\n")]
    size = len(out[0])
    while size < logs.MAX_LOG - 200_000:
        for r in rounds:
            out.append(r)
            size += len(r)
    record = "".join(out) + "</mjloggm>\n"
    assert record.isascii() and logs.MAX_LOG - 300_000 < len(record) <= logs.MAX_LOG
    path = tmp_path_factory.mktemp("big") / "big.mjlog"
    path.write_bytes(gzip.compress(record.encode("utf-8"), 1))
    return path, len(record)


@pytest.mark.parametrize("how", ["replay", "decisions", "wins", "convert"])
def test_reading_an_mjlog_record_near_the_cap_holds_the_text_and_a_constant(big_mjlog: tuple[Path, int],
                                                                            how: str) -> None:
    path, size = big_mjlog
    result = _measure(path, TENHOU / "mjlog" / f"{GAME}.mjlog", how)
    assert isinstance(result["n"], int), result["n"]
    assert result["n"] > (10_000 if how == "wins" else 500_000)
    assert result["grown"] < size + SLACK, (how, result["grown"] / size)


def test_an_mjlog_header_of_a_million_tags_is_read_in_bounded_memory(tmp_path: Path) -> None:
    record = '<mjloggm ver="2.3"><GO type="169"/>\n' + '<BYE who="0"/>\n' * ((logs.MAX_LOG - 200_000) // 15)
    record += "</mjloggm>\n"
    path = tmp_path / "byes.mjlog"
    path.write_bytes(gzip.compress(record.encode("utf-8"), 1))
    result = _measure(path, TENHOU / "mjlog" / f"{GAME}.mjlog", "to_mjai")
    assert result["n"] == 1  # start_game
    assert result["grown"] < len(record) + SLACK, result["grown"] / len(record)


def test_a_tenhou6_record_past_its_cap_is_refused_in_bounded_memory(tmp_path: Path) -> None:
    rounds = (TENHOU / "json" / f"{GAME}.json").read_text(encoding="utf-8").splitlines()  # one object a round
    lines = []
    while sum(map(len, lines)) <= logs.MAX_TENHOU_JSON:
        lines += rounds
    path = tmp_path / "long.json"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    result = _measure(path, TENHOU / "json" / f"{GAME}.json", "replay")
    assert result["n"] == (f"{path}: a tenhou.net/6 record longer than MAX_TENHOU_JSON ({logs.MAX_TENHOU_JSON} "
                           "bytes; its JSON is read whole)")
    assert result["grown"] < SLACK
    assert len(list(logs.to_mjai(rounds))) > 500  # under the cap: read
