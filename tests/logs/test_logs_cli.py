"""``mahjong-fast analyze``, run as a user would: a subprocess, files written, same rows on Dask."""
from __future__ import annotations

from pathlib import Path

import pytest

from mahjong_fast import logs

from support.cluster import local_cluster
from support.impls import NO_EXTENSIONS, run_python
from support.mjai_games import first_discards

pq = pytest.importorskip("pyarrow.parquet")
pytest.importorskip("matplotlib")

DATA = Path(__file__).resolve().parents[1] / "data" / "mjai"
PURE_DISCARDS = 16
"""Discards of each log judged under pure Python."""
PNG_MAGIC = b"\x89PNG\r\n\x1a\n"


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The committed logs; under pure Python (slow at judging riichi hands) the first discards of two."""
    if not NO_EXTENSIONS:
        return DATA
    folder = tmp_path_factory.mktemp("sample")
    for i, log in enumerate(sorted(DATA.glob("*.json.gz"))[:2]):
        lines = first_discards(log, PURE_DISCARDS)
        (folder / f"first_discards_{i}.jsonl").write_text("\n".join(lines) + "\n", encoding="utf-8")
    return folder


@pytest.fixture(scope="module")
def sample(folder: Path) -> list[Path]:
    return sorted(p for p in folder.iterdir() if p.name.endswith((".json.gz", ".jsonl")))


def test_analyze_writes_the_table_and_the_plot(tmp_path: Path, sample: list[Path]) -> None:
    out, png = tmp_path / "rows.parquet", tmp_path / "rate.png"
    done = run_python("-m", "mahjong_fast", "analyze", *map(str, sample), "--out", str(out), "--plot", str(png),
                      "--progress", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    table = pq.read_table(out)
    assert table.equals(logs.analyze(sample))
    assert png.read_bytes().startswith(PNG_MAGIC) and png.stat().st_size > 10_000
    assert f"{table.num_rows} discards in {len(sample)} logs" in done.stdout
    for player in ("0", "1", "2", "3"):
        assert any(line.split()[:1] == [player] for line in done.stdout.splitlines())
    assert f"{len(sample)}/{len(sample)} logs" in done.stderr  # the progress bar


def test_analyze_on_two_local_workers_writes_the_same_csv(tmp_path: Path, folder: Path) -> None:
    pytest.importorskip("distributed")
    alone, spread = tmp_path / "alone.csv", tmp_path / "spread.csv"
    first = run_python("-m", "mahjong_fast", "analyze", str(folder), "--out", str(alone), cwd=tmp_path)
    assert first.returncode == 0, first.stderr
    assert first.stderr == ""  # no progress bar off a terminal, unless asked for
    second = run_python("-m", "mahjong_fast", "analyze", str(folder), "--out", str(spread), "--workers", "2",
                        cwd=tmp_path)
    assert second.returncode == 0, second.stderr
    assert alone.read_bytes() == spread.read_bytes()
    assert alone.read_text(encoding="utf-8").splitlines()[0].replace('"', "").split(",") == list(logs.COLUMNS)
    assert first.stdout.replace("alone", "spread") == second.stdout  # the same summary


def test_analyze_on_a_running_scheduler(tmp_path: Path, folder: Path) -> None:
    pytest.importorskip("distributed")
    out = tmp_path / "rows.parquet"
    with local_cluster(host="127.0.0.1") as cluster:
        done = run_python("-m", "mahjong_fast", "analyze", str(folder), "--out", str(out),
                          "--scheduler", cluster.scheduler_address, cwd=tmp_path)
        assert cluster.scheduler_address.startswith("tcp://127.0.0.1:")
    assert done.returncode == 0, done.stderr
    paths = sorted(str(p) for p in folder.iterdir() if p.name.endswith((".json.gz", ".jsonl")))
    assert pq.read_table(out).equals(logs.analyze(paths))


def test_analyze_refuses_bad_input(tmp_path: Path, sample: list[Path]) -> None:
    bad = run_python("-m", "mahjong_fast", "analyze", str(sample[0]), "--out", str(tmp_path / "rows.xlsx"),
                     cwd=tmp_path)
    assert bad.returncode == 2 and "name it .parquet or .csv" in bad.stderr
    broken = tmp_path / "broken.jsonl"
    broken.write_text('{"type":"start_game"}\n{"type":"tsumo","actor":0,"pai":"1m"}\n', encoding="utf-8")
    bad = run_python("-m", "mahjong_fast", "analyze", str(sample[0]), str(broken), cwd=tmp_path)
    assert bad.returncode == 2
    assert f"{broken}, line 2: a 'tsumo' event outside a kyoku" in bad.stderr
    empty = tmp_path / "empty"
    empty.mkdir()
    bad = run_python("-m", "mahjong_fast", "analyze", str(empty), cwd=tmp_path)
    assert bad.returncode == 2 and "no mjai log in this folder" in bad.stderr
    helped = run_python("-m", "mahjong_fast", "analyze", "--help", cwd=tmp_path)
    assert helped.returncode == 0 and "--scheduler" in helped.stdout and "--workers" in helped.stdout
