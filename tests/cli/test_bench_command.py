"""``mahjong-fast bench``: the rows of every workload, ``--pure`` and ``--json``."""
from __future__ import annotations

import json

import pytest

from mahjong_fast import _bench
from mahjong_fast._cli import main


def test_every_workload_has_a_first_row_of_ours_and_unique_rows():
    for work in _bench.workloads(10):
        assert work.rows[0].library.startswith("mahjong_fast"), work.name
        labels = [row.library for row in work.rows]
        assert len(labels) == len(set(labels)), work.name


@pytest.mark.parametrize("json_form", ["split", "joined"])
def test_pure_runs_the_same_rows_again_and_json_holds_both(capsys, tmp_path, json_form):
    pytest.importorskip("numpy")
    out = tmp_path / "rows.json"
    json_args = ["--json", str(out)] if json_form == "split" else [f"--json={out}"]
    argv = ["bench", "--quick", "--rows=200", "--hands", "5", "--repeat=1", "--only", "is_win_batch",
            "--pure", *json_args]
    assert main(argv) == 0
    records = json.loads(out.read_text())["benchmarks"]
    done = {(r["extra_info"]["implementation"], r["extra_info"]["lib"]) for r in records}
    libraries = {row.library for w in _bench.workloads(200) if w.name == "is_win_batch" for row in w.rows}
    assert {lib for _, lib in done} == libraries
    assert {impl for impl, _ in done} <= {"compiled", "pure-python"}
    assert ("pure-python", "mahjong_fast 1 thread") in done
    assert all(r["extra_info"]["correct"] in (True, None) for r in records)


def test_rows_of_ours_agree_with_the_reference_on_a_few_hands():
    for work in _bench.workloads(50):
        for row in work.rows:
            if not row.available() or row.requires in ("riichienv", "mahjong", "MahjongGB", "xiangting", "jansou"):
                continue
            _, hands, agreement = _bench.prepare(work, row, 5)
            assert hands in (5, max(1, 5 // row.fewer), row.hands_per_input), (work.name, row.library, hands)
            assert agreement in (None, 1.0), (work.name, row.library, agreement)
