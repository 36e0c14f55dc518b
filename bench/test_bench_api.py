"""Every public entry point and input form beside the peers (pytest-benchmark, orjson style).

One group per workload, one row per library or input form, the rows of ``mahjong-fast bench``
(``mahjong_fast/_bench.py`` describes the hands and how each row is fed).  Run

    pytest bench/test_bench_api.py --benchmark-only --benchmark-json=bench/results.json
    python bench/plot.py

``extra_info["correct"]`` records beside each speed whether the row gave the reference answer
on every hand, ``extra_info["agreement"]`` on what share.  Without the compiled kernels
(``MAHJONG_FAST_NO_EXTENSIONS=1``) the rows run on 100 hands and 10,000 batch rows.
"""
from __future__ import annotations

import pytest

from mahjong_fast import _bench
from mahjong_fast._dispatch import NO_EXTENSIONS

HANDS = _bench.PURE_HANDS if NO_EXTENSIONS else _bench.N_HANDS
ROWS = _bench.PURE_BATCH_ROWS if NO_EXTENSIONS else _bench.BATCH_ROWS
WORKLOADS = _bench.workloads(ROWS)
PEERS = {"riichienv", "mahjong", "MahjongGB", "xiangting", "jansou"}
CASES = [
    pytest.param(work, row, id=f"{work.name}-{row.library}")
    for work in WORKLOADS
    for row in work.rows
]


@pytest.mark.parametrize(("work", "row"), CASES)
def test_row(benchmark, work: _bench.Workload, row: _bench.Row) -> None:
    if row.requires:
        pytest.importorskip(row.requires)
    timed, hands, agreement = _bench.prepare(work, row, HANDS)
    benchmark.group = work.title
    benchmark.extra_info["lib"] = row.library
    benchmark.extra_info["workload"] = work.name
    benchmark.extra_info["hands_per_call"] = hands
    benchmark.extra_info["correct"] = None if agreement is None else agreement == 1.0
    benchmark.extra_info["agreement"] = agreement
    benchmark.extra_info["implementation"] = "pure-python" if NO_EXTENSIONS else "compiled"
    benchmark(timed)
    if row.requires not in PEERS:  # peers may follow other rules; every row of ours must agree
        assert agreement in (None, 1.0), f"{row.library}: {agreement:.1%} of the reference answers"
