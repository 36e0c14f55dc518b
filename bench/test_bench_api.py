"""mahjong_fast beside its peers (pytest-benchmark): one group per workload, one row per library.

Run ``pytest bench --benchmark-json=bench/results.json`` and then
``python bench/plot.py`` for ``bench/comparison.png``.  The workloads (1,000
fixed hands per call, each library fed its native input) are described in
``mahjong_fast/_bench.py``, which ``mahjong-fast bench`` times the same way.
``extra_info["correct"]`` records beside each speed whether the library gave
the reference answer on every hand, ``extra_info["agreement"]`` on what share.
"""
from __future__ import annotations

import pytest

from mahjong_fast import _bench

WORKLOADS = {work.name: work for work in _bench.workloads()}


def libraries(name: str) -> list:
    return [pytest.param(row, id=row.library) for row in WORKLOADS[name].rows]


def measure(benchmark, name: str, row: _bench.Row) -> None:
    if row.requires:
        pytest.importorskip(row.requires)
    work = WORKLOADS[name]
    timed, hands, agreement = _bench.prepare(work, row)
    benchmark.group = work.title
    benchmark.extra_info["lib"] = row.library
    benchmark.extra_info["hands_per_call"] = hands
    benchmark.extra_info["correct"] = None if agreement is None else agreement == 1.0
    benchmark.extra_info["agreement"] = agreement
    benchmark(timed)


@pytest.mark.parametrize("row", libraries("is_win"))
def test_is_win(benchmark, row):
    measure(benchmark, "is_win", row)


@pytest.mark.parametrize("row", libraries("shanten"))
def test_shanten(benchmark, row):
    measure(benchmark, "shanten", row)


@pytest.mark.parametrize("row", libraries("waits"))
def test_waits(benchmark, row):
    measure(benchmark, "waits", row)


@pytest.mark.parametrize("row", libraries("is_win_batch"))
def test_is_win_batch(benchmark, row):
    measure(benchmark, "is_win_batch", row)
