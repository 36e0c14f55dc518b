"""Microbenchmarks of the win-check kernels against their peers (pytest-benchmark, orjson style).

One group per workload (winning, losing and near-miss 14-tile hands), one row
per library; every row answers the same 1,000 hands, each in its library's own
input form, and records in ``extra_info["correct"]`` whether all its answers
were right.  A row whose library is not installed is skipped.

    python -m pytest bench/test_bench_kernels.py --benchmark-columns=min,mean,ops
"""
from __future__ import annotations

import random
from typing import Callable

import pytest

pytest.importorskip("pytest_benchmark")

from mahjong_fast import _ext  # noqa: E402
from mahjong_fast import _win_py as reference  # noqa: E402
from bench_hands import random_counts, winning_counts  # noqa: E402

N_HANDS = 1_000
SEED = 31221


def _near_miss(rng: random.Random) -> list[int]:
    """A winning hand with one tile swapped for another."""
    while True:
        counts = winning_counts(rng)
        counts[rng.choice([t for t in range(34) if counts[t]])] -= 1
        counts[rng.randrange(34)] += 1
        if max(counts) <= 4:
            return counts


def _workload(make: Callable[[random.Random], list[int]], wins: bool) -> list[bytes]:
    rng = random.Random(SEED)
    hands: list[bytes] = []
    while len(hands) < N_HANDS:
        counts = bytes(make(rng))
        # Keep hands all rule sets agree on: standard-form wins, or no form at all.
        if reference.is_win_counts(counts) == wins and reference.win_cluster(counts) == wins:
            hands.append(counts)
    return hands


WORKLOADS = {
    "winning": (winning_counts, True),
    "losing": (lambda rng: random_counts(rng, 14), False),
    "near-miss": (_near_miss, False),
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
        win = _ext.compiled("_win")
        if win is None:
            pytest.skip("mahjong_fast._win is not built")
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
