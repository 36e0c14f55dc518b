"""Microbenchmarks of shanten and waits against their peers (pytest-benchmark, orjson style).

One group per workload, one row per library; every row answers the same 1,000 hands of 13
tiles, each in its library's own input form (34 counts as bytes for mahjong_fast, a list of
34 counts for ``mahjong``, 136-ids for riichienv), and records in ``extra_info["correct"]``
whether all its answers were right. The peers use riichi rules, which differ from ours only
on seven pairs with three or four of a kind, so the workloads keep the hands on which the
rule sets agree. A row whose library is not installed is skipped.

    python -m pytest bench/test_bench_shanten.py --benchmark-columns=min,mean,ops
"""
from __future__ import annotations

from typing import Callable

import pytest

pytest.importorskip("pytest_benchmark")

from bench_hands import compiled_kernel, draw, random_counts, ready_counts

from mahjong_fast._kernels import shanten_py as reference
from mahjong_fast._layout import N_KINDS


def _rules_agree(counts: list[int]) -> bool:
    """Riichi seven pairs wants distinct pairs; ours counts a four as two pairs."""
    return max(counts) <= 2 or sum(c // 2 for c in counts) < 5


WORKLOADS = {"random": lambda rng: random_counts(rng, 13), "ready": ready_counts}
SHANTEN_LIBRARIES = ("mahjong_fast", "mahjong_fast pure-python", "riichienv", "mahjong")
WAITS_LIBRARIES = ("mahjong_fast", "mahjong_fast pure-python", "riichienv")


def _tiles136(counts: list[int]) -> list[int]:
    return [4 * tile + copy for tile, n in enumerate(counts) for copy in range(n)]


def _ours(library: str):
    if library.endswith("pure-python"):
        return reference
    module = compiled_kernel("shanten")
    module.ensure_tables()
    return module


def _shanten_fn(library: str) -> tuple[Callable, Callable[[list[int]], object]]:
    """The library's shanten (every form) and the conversion of 34 counts to its input."""
    if library.startswith("mahjong_fast"):
        return _ours(library).shanten_counts, bytes
    if library == "mahjong":
        return pytest.importorskip("mahjong.shanten").Shanten().calculate_shanten, list
    return pytest.importorskip("riichienv").calculate_shanten, _tiles136


def _waits_fn(library: str) -> tuple[Callable, Callable[[list[int]], object]]:
    if library.startswith("mahjong_fast"):
        return _ours(library).waits_counts, bytes
    evaluator = pytest.importorskip("riichienv").HandEvaluator
    return (lambda tiles: evaluator(tiles).get_waits()), _tiles136


@pytest.fixture(scope="module")
def workloads() -> dict[str, list[list[int]]]:
    return {name: draw(make, _rules_agree) for name, make in WORKLOADS.items()}


@pytest.fixture(scope="module")
def expected(workloads) -> dict[str, tuple[list[int], list[list[int]]]]:
    """Per workload: shanten by ``mahjong``, and waits as the tiles (held fewer than four
    times) that ``mahjong``'s ``Agari`` says complete the hand."""
    shanten = pytest.importorskip("mahjong.shanten").Shanten().calculate_shanten
    agari = pytest.importorskip("mahjong.agari").Agari().is_agari
    out = {}
    for name, hands in workloads.items():
        waits = []
        for h in hands:
            waits.append([])
            for t in range(N_KINDS):
                if h[t] < 4:
                    h[t] += 1
                    if agari(h):
                        waits[-1].append(t)
                    h[t] -= 1
        out[name] = ([shanten(h) for h in hands], waits)
    return out


def _run(benchmark, library: str, fn: Callable, hands: list) -> list:
    benchmark.extra_info["hands_per_call"] = len(hands)
    if library.endswith("pure-python"):  # seconds per round: one round is enough
        return benchmark.pedantic(lambda: list(map(fn, hands)), rounds=1, iterations=1)
    return benchmark(lambda: list(map(fn, hands)))


@pytest.mark.parametrize("library", SHANTEN_LIBRARIES)
@pytest.mark.parametrize("workload", WORKLOADS)
def test_shanten(benchmark, workloads, expected, workload, library):
    fn, convert = _shanten_fn(library)
    hands = workloads[workload]
    benchmark.group = f"kernel shanten, {workload} 13-tile hands"
    benchmark.extra_info["lib"] = library
    answers = _run(benchmark, library, fn, [convert(h) for h in hands])
    benchmark.extra_info["correct"] = answers == expected[workload][0]
    assert benchmark.extra_info["correct"]


@pytest.mark.parametrize("library", WAITS_LIBRARIES)
@pytest.mark.parametrize("workload", WORKLOADS)
def test_waits(benchmark, workloads, expected, workload, library):
    fn, convert = _waits_fn(library)
    hands = workloads[workload]
    benchmark.group = f"kernel waits, {workload} 13-tile hands"
    benchmark.extra_info["lib"] = library
    answers = _run(benchmark, library, fn, [convert(h) for h in hands])
    benchmark.extra_info["correct"] = [sorted(a) for a in answers] == expected[workload][1]
    assert benchmark.extra_info["correct"]
