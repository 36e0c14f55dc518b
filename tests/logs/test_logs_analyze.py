"""``logs.analyze``: every discard judged, against a brute-force reference; the same table on Dask;
and the optional extra stays optional."""
from __future__ import annotations

import json
import os
import textwrap
from array import array
from pathlib import Path

import pytest

import mahjong_fast as mf
from mahjong_fast import logs
from mahjong_fast.logs import Action, Point

from support.cluster import local_cluster
from support.discard_reference import row as reference_row
from support.impls import NO_EXTENSIONS, run_python
from support.mjai_games import first_discards, read_lines

pa = pytest.importorskip("pyarrow")
np = pytest.importorskip("numpy")

DATA = Path(__file__).resolve().parents[1] / "data" / "mjai"
PURE_DISCARDS = 16
"""Discards of each log judged under pure Python."""
LOGS = sorted(DATA.glob("*.json.gz"))
JUDGED = ("shanten_before", "shanten_after", "best", "useful", "best_useful", "lost")


@pytest.fixture(scope="module")
def sample(tmp_path_factory: pytest.TempPathFactory) -> list[Path]:
    """The committed logs; under pure Python (slow at judging riichi hands) the first discards of two."""
    if not NO_EXTENSIONS:
        return LOGS
    folder = tmp_path_factory.mktemp("sample")
    paths = [folder / f"first_discards_{i}.jsonl" for i in range(2)]
    for path, log in zip(paths, LOGS):
        path.write_text("\n".join(first_discards(log, PURE_DISCARDS)) + "\n", encoding="utf-8")
    return paths


@pytest.fixture(scope="module")
def table(sample: list[Path]) -> object:
    return logs.analyze(sample)


def _discard_decisions(sample: list[Path]) -> list[logs.Decision]:
    return [d for path in sample for d in logs.decisions(path, offers=False)
            if d.action in (Action.DISCARD, Action.RIICHI)]


def test_one_row_per_discard(table: object, sample: list[Path]) -> None:
    assert table.column_names == list(logs.COLUMNS)
    discards = sum(1 for path in sample for line in _lines(path) if json.loads(line)["type"] == "dahai")
    assert table.num_rows == discards
    found = _discard_decisions(sample)
    assert table.column("log").to_pylist() == [d.log for d in found]
    assert table.column("seat").to_pylist() == [d.seat for d in found]
    assert table.column("turn").to_pylist() == [d.turn for d in found]
    assert table.column("tile").to_pylist() == [d.tile for d in found]
    assert table.column("riichi").to_pylist() == [d.action is Action.RIICHI for d in found]
    assert table.column("forced").to_pylist() == [d.riichi for d in found]
    assert set(table.column("player").to_pylist()) == {"0", "1", "2", "3"}
    assert table.schema.field("best").type == pa.bool_()
    assert table.schema.field("shanten_after").type == pa.int8()


def test_rows_match_the_brute_force_reference(table: object, sample: list[Path]) -> None:
    found = _discard_decisions(sample)
    step = 1 if not NO_EXTENSIONS else 2  # pure Python: every other row
    rows = table.to_pylist()
    checked = 0
    for i in range(0, len(found), step):
        d = found[i]
        seen = bytes(v + m for v, m in zip(d.visible, d.meld_counts))
        expected = reference_row(d.hand, seen, d.tile)
        assert {k: rows[i][k] for k in JUDGED} == expected, (d.log, d.line)
        checked += 1
    assert checked > len(found) // step // 3


def test_judgement_is_consistent(table: object) -> None:
    c = {k: table.column(k).to_numpy() for k in JUDGED + ("forced",)}
    assert (c["shanten_after"] >= np.maximum(c["shanten_before"], 0)).all()
    assert (c["lost"] >= 0).all() and (c["useful"] >= 0).all()
    assert (c["best"] == ((c["lost"] == 0) & (c["shanten_after"] == np.maximum(c["shanten_before"], 0)))).all()
    assert 0.2 < c["best"][~c["forced"]].mean() < 1.0  # the engines are no perfect players, nor random ones


def test_empty_and_single_sources(sample: list[Path]) -> None:
    from mahjong_fast.logs._arrays import as_sources

    lines = _lines(sample[0])
    one = logs.analyze(sample[0])
    assert one.equals(logs.analyze([lines]).set_column(0, "log", one.column("log")))
    assert as_sources(sample[0]) == [sample[0]] and as_sources(str(sample[0])) == [str(sample[0])]
    assert as_sources(tuple(sample)) == list(sample)
    assert as_sources(p for p in sample) == list(sample)  # any iterable of paths: several sources
    assert as_sources(iter(lines)) == [lines]  # of str: the lines of one log
    empty = logs.analyze([])
    assert empty.num_rows == 0 and empty.schema == one.schema
    start = [line for line in lines if json.loads(line)["type"] in ("start_game", "end_game")]
    nothing = logs.analyze([start])
    assert nothing.num_rows == 0 and nothing.schema == one.schema


def test_bad_rules_and_bad_logs(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="unknown rules"):
        logs.analyze(LOGS[0], rules="nonsense")
    path = tmp_path / "bad.jsonl"
    path.write_text('{"type":"start_game"}\n{"type":"shuffle"}\n', encoding="utf-8")
    with pytest.raises(ValueError, match=rf"^{path}, line 2: unknown event type 'shuffle'"):
        logs.analyze([path])


def test_progress_is_reported(sample: list[Path]) -> None:
    seen: list[tuple[int, int]] = []
    logs.analyze(sample[:2], progress=lambda done, total: seen.append((done, total)))
    assert seen == [(1, 2), (2, 2)]


def test_same_table_on_a_local_dask_cluster_of_two_processes(table: object, sample: list[Path]) -> None:
    distributed = pytest.importorskip("distributed")
    with local_cluster() as cluster, distributed.Client(cluster) as client:
        ticks: list[tuple[int, int]] = []
        on_cluster = logs.analyze(sample, client=client, progress=lambda d, t: ticks.append((d, t)))
        pids = client.run(os.getpid)  # asked of each worker, not read from a cached identity
        assert len(pids) == 2 and len(client.nthreads()) == 2
        assert len(set(pids.values()) | {os.getpid()}) == 3  # two processes, neither this one
        one_each = logs.analyze(sample, client=client, files_per_task=1)  # one task per file
        three_each = logs.analyze(sample, client=client, files_per_task=3)
        with pytest.raises(ValueError, match="files_per_task"):
            logs.analyze(sample, client=client, files_per_task=0)
        with pytest.raises(TypeError, match="must be a path"):
            logs.analyze([_lines(sample[0])], client=client)
    assert on_cluster.equals(table) and one_each.equals(table) and three_each.equals(table)
    assert ticks[-1] == (len(sample), len(sample))


def _lines(path: Path) -> list[str]:
    return read_lines(path) if path.suffix == ".gz" else path.read_text(encoding="utf-8").splitlines()


def test_decisions_feed_the_batch_functions() -> None:
    arrays = logs.to_arrays(LOGS[0], offers=False)
    own = arrays.point != int(Point.OFFER)
    assert (arrays.hands[own].sum(axis=1) % 3 == 2).all()
    shanten = mf.shanten_batch(arrays.hands[own])
    assert len(shanten) == int(own.sum())


def test_the_extra_stays_optional(tmp_path: Path) -> None:
    """Without numpy's friends of the [logs] extra, the package and the reader still work."""
    script = textwrap.dedent(f"""
        import sys
        for name in ("dask", "distributed", "pyarrow", "matplotlib"):
            sys.modules[name] = None  # as if not installed
        import mahjong_fast as mf
        assert mf.is_win("11123456789999m")
        from mahjong_fast import logs
        assert sum(1 for _ in logs.replay({str(LOGS[0])!r})) > 100
        try:
            logs.analyze({str(LOGS[0])!r})
        except ImportError as exc:
            assert "mahjong-fast[logs]" in str(exc) and "pyarrow" in str(exc), exc
        else:
            raise AssertionError("analyze ran without pyarrow")
        print("ok")
    """)
    done = run_python("-c", script, cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "ok"
    loaded = run_python("-c", "import sys, mahjong_fast, mahjong_fast.logs; "
                              "print(sorted(m for m in ('dask', 'distributed', 'pyarrow', 'matplotlib', 'numpy') "
                              "if m in sys.modules))", cwd=tmp_path)
    assert loaded.returncode == 0, loaded.stderr
    assert loaded.stdout.strip() == "[]"


# --- the straight path: logscan, compiled and pure -------------------------------------------------------


def _logscans() -> list[object]:
    import importlib

    names = ["mahjong_fast._kernels.logscan_py"] + ([] if NO_EXTENSIONS else ["mahjong_fast._kernels.logscan"])
    return [importlib.import_module(name) for name in names]


class _Seat:
    def __init__(self, counts: bytes, reds: bytes, size: int) -> None:
        self.counts, self._reds, self.size = bytearray(counts), bytearray(reds), size


class _Table:
    last_discard: object = "unset"


def _scan_run(scan: object, lines: list[str], ops: dict, start: int) -> tuple:
    """``scan.run`` from ``lines[start]`` on four random seats: where it stopped and everything it left."""
    rng = np.random.default_rng(7)
    seats = []
    for _ in range(4):
        counts = np.minimum(np.bincount(rng.integers(0, 34, 13), minlength=34), 2).astype(np.uint8)
        reds = np.zeros(34, dtype=np.uint8)
        reds[4] = min(1, counts[4])
        seats.append(_Seat(counts.tobytes(), reds.tobytes(), int(counts.sum())))
    known = bytearray(np.minimum(sum(np.frombuffer(bytes(s.counts), np.uint8) for s in seats), 4).astype(np.uint8))
    face_up = bytearray(34)
    bits = [w << 26 for w in range(4)]
    hands, seen, codes, table = bytearray(), bytearray(), array("q"), _Table()
    stop = scan.run(lines, start, ops, tuple(seats), known, face_up, bits, 1 << 10, hands, seen, codes, table)
    return (stop, [(bytes(s.counts), bytes(s._reds), s.size) for s in seats], bytes(known), bytes(face_up), bits,
            bytes(hands), bytes(seen), codes.tolist(), table.last_discard)


def test_logscan_twins_agree_where_they_stop(monkeypatch: pytest.MonkeyPatch) -> None:
    """Random runs of draws and discards, many of them ones the state rules out: both twins stop at
    the same line, with the same state and rows."""
    from mahjong_fast.logs import _analysis
    from mahjong_fast.logs._names import TILE_OF

    monkeypatch.setattr(_analysis, "_ops", {})  # the lines remembered here stay here
    rng = np.random.default_rng(1)
    names = sorted(TILE_OF)
    lines = []
    for _ in range(3000):
        who, name = int(rng.integers(0, 4)), names[int(rng.integers(0, len(names)))]
        kind = "tsumo" if rng.random() < 0.5 else "dahai"
        lines.append(f'{{"type":"{kind}","actor":{who},"pai":"{name}"}}')
        _analysis._remember(lines[-1], {"type": kind, "actor": who, "pai": name})
    lines.append('{"type":"dora","dora_marker":"1m"}')  # another kind: not taken
    _analysis._remember(lines[-1], {"type": "dora"})
    ops = dict(_analysis._ops)
    lines.append('{"type":"tsumo","actor":9,"pai":"1m"}')  # a seat out of range: not taken
    ops[lines[-1]] = (0, 9, 0, 0, None)
    scans = _logscans()
    stops = set()
    start = 0
    while start < len(lines):
        results = [_scan_run(scan, lines, ops, start) for scan in scans]
        assert all(r == results[0] for r in results[1:]), start
        stops.add(results[0][0])
        start = results[0][0] + 1
    assert len(stops) > 20 and {len(lines) - 2, len(lines) - 1} <= stops
    for scan in scans:
        with pytest.raises(ValueError, match="bits must hold"):
            scan.run(lines, 0, ops, (), bytearray(34), bytearray(34), [0], 1, bytearray(), bytearray(), array("q"),
                     _Table())


def test_analyze_rows_are_the_same_with_either_logscan(monkeypatch: pytest.MonkeyPatch) -> None:
    from mahjong_fast.logs import _analysis

    def rows() -> list[tuple]:
        out = []
        for path in LOGS:
            cols, hands, face_up = _analysis.discard_rows(path)
            out.append((sorted((k, v.tolist() if hasattr(v, "tolist") else v) for k, v in cols.items()),
                        hands.tobytes(), face_up.tobytes()))
        return out

    found = []
    for scan in _logscans():
        monkeypatch.setattr(_analysis, "logscan", scan)
        _analysis._ops.clear()
        found.append(rows())  # cold: the lines are new
        found.append(rows())  # warm
    assert all(f == found[0] for f in found[1:])
