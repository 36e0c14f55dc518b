"""``mahjong-fast analyze``, run as a user would: a subprocess, files written, same rows on Dask."""
from __future__ import annotations

from pathlib import Path

import pytest

from mahjong_fast import logs

from support.impls import run_python

pq = pytest.importorskip("pyarrow.parquet")
pytest.importorskip("matplotlib")

DATA = Path(__file__).resolve().parent / "data" / "mjai"
LOGS = sorted(DATA.glob("*.json.gz"))
PNG_MAGIC = b"\x89PNG\r\n\x1a\n"


def test_analyze_writes_the_table_and_the_plot(tmp_path: Path) -> None:
    out, png = tmp_path / "rows.parquet", tmp_path / "rate.png"
    done = run_python("-m", "mahjong_fast", "analyze", *map(str, LOGS), "--out", str(out), "--plot", str(png),
                      "--progress", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    table = pq.read_table(out)
    assert table.equals(logs.analyze(LOGS))
    assert png.read_bytes().startswith(PNG_MAGIC) and png.stat().st_size > 10_000
    assert f"{table.num_rows} discards in {len(LOGS)} logs" in done.stdout
    for player in ("0", "1", "2", "3"):
        assert any(line.split()[:1] == [player] for line in done.stdout.splitlines())
    assert f"{len(LOGS)}/{len(LOGS)} logs" in done.stderr  # the progress bar


def test_analyze_on_two_local_workers_writes_the_same_csv(tmp_path: Path) -> None:
    pytest.importorskip("distributed")
    alone, spread = tmp_path / "alone.csv", tmp_path / "spread.csv"
    first = run_python("-m", "mahjong_fast", "analyze", str(DATA), "--out", str(alone), cwd=tmp_path)
    assert first.returncode == 0, first.stderr
    second = run_python("-m", "mahjong_fast", "analyze", str(DATA), "--out", str(spread), "--workers", "2",
                        cwd=tmp_path)
    assert second.returncode == 0, second.stderr
    assert alone.read_bytes() == spread.read_bytes()
    assert alone.read_text(encoding="utf-8").splitlines()[0].replace('"', "").split(",") == list(logs.COLUMNS)
    assert first.stdout.replace("alone", "spread") == second.stdout  # the same summary


def test_analyze_refuses_bad_input(tmp_path: Path) -> None:
    bad = run_python("-m", "mahjong_fast", "analyze", str(LOGS[0]), "--out", str(tmp_path / "rows.xlsx"),
                     cwd=tmp_path)
    assert bad.returncode == 2 and "name it .parquet or .csv" in bad.stderr
    broken = tmp_path / "broken.jsonl"
    broken.write_text('{"type":"start_game"}\n{"type":"tsumo","actor":0,"pai":"1m"}\n', encoding="utf-8")
    bad = run_python("-m", "mahjong_fast", "analyze", str(LOGS[0]), str(broken), cwd=tmp_path)
    assert bad.returncode == 2
    assert f"{broken}, line 2: a 'tsumo' event outside a kyoku" in bad.stderr
    empty = tmp_path / "empty"
    empty.mkdir()
    bad = run_python("-m", "mahjong_fast", "analyze", str(empty), cwd=tmp_path)
    assert bad.returncode == 2 and "no mjai log in this folder" in bad.stderr
    helped = run_python("-m", "mahjong_fast", "analyze", "--help", cwd=tmp_path)
    assert helped.returncode == 0 and "--scheduler" in helped.stdout and "--workers" in helped.stdout
