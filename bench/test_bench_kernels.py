"""Microbenchmarks of the win-check kernels against their peers (pytest-benchmark, orjson style).

One group per workload (winning, losing and near-miss 14-tile hands), one row
per library; every row answers the same 1,000 hands, each in its library's own
input form, and records in ``extra_info["correct"]`` whether all its answers
were right.  A row whose library is not installed is skipped.

    python -m pytest bench/test_bench_kernels.py --benchmark-columns=min,mean,ops
"""
from __future__ import annotations

from typing import Callable

import pytest

pytest.importorskip("pytest_benchmark")

from bench_hands import (
    compiled_kernel,
    draw,
    near_miss_counts,
    random_counts,
    winning_counts,
)

from mahjong_fast._kernels import win_py as reference


def _workload(make: Callable, wins: bool) -> list[bytes]:
    def keep(counts: list[int]) -> bool:
        # Hands all rule sets agree on: standard-form wins, or no form at all.
        c = bytes(counts)
        return reference.is_win_counts(c) == wins and reference.win_cluster(c) == wins

    return [bytes(c) for c in draw(make, keep)]


WORKLOADS = {
    "winning": (winning_counts, True),
    "losing": (lambda rng: random_counts(rng, 14), False),
    "near-miss": (near_miss_counts, False),
}
LIBRARIES = (
    "mahjong_fast cluster",
    "mahjong_fast carry",
    "mahjong_fast pure-python",
    "mahjong Agari",
    "riichienv",
)


def _tiles136(counts: bytes) -> list[int]:
    return [4 * tile + copy for tile, n in enumerate(counts) for copy in range(n)]


def _checker(library: str) -> tuple[Callable, Callable[[bytes], object]]:
    """The library's check and the conversion of 34 counts to its input form."""
    if library.startswith("mahjong_fast"):
        if library.endswith("pure-python"):
            return reference.win_cluster, bytes
        win = compiled_kernel("win")
        return (win.win_cluster if library.endswith("cluster") else win.win_carry), bytes
    if library == "mahjong Agari":
        agari = pytest.importorskip("mahjong.agari").Agari()
        return agari.is_agari, list
    riichienv = pytest.importorskip("riichienv")
    shanten = riichienv.calculate_shanten
    return (lambda tiles: shanten(tiles) == -1), _tiles136


@pytest.fixture(scope="module")
def workloads() -> dict[str, list[bytes]]:
    return {name: _workload(make, wins) for name, (make, wins) in WORKLOADS.items()}


@pytest.mark.parametrize("library", LIBRARIES)
@pytest.mark.parametrize("workload", WORKLOADS)
def test_is_win(benchmark, workloads, workload, library):
    check, convert = _checker(library)
    hands = [convert(h) for h in workloads[workload]]
    expected = WORKLOADS[workload][1]
    benchmark.group = f"kernel is_win, {workload} 14-tile hands"
    benchmark.extra_info["lib"] = library
    benchmark.extra_info["hands_per_call"] = len(hands)
    answers = benchmark(lambda: list(map(check, hands)))
    benchmark.extra_info["correct"] = all(bool(a) is expected for a in answers)
    assert benchmark.extra_info["correct"]
