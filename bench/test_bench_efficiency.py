"""Tile efficiency beside the peers (pytest-benchmark): one group per workload, one row per library.

    pytest bench/test_bench_efficiency.py --benchmark-only --benchmark-json=bench/efficiency.json

Hands: 1,000 random 14-tile hands drawn from the 136 (seed 13), their 13-tile hands (the first
tile removed).  Each row answers every hand once per call; ``extra_info["hands_per_call"]``
turns the time into a time per hand.  Rows:

* ``discard_analysis``: our public call (a list of index34 ints), shanten + useful tiles + unseen
  counts per discard; ``xiangting loop``: per distinct discard ``calculate_necessary_tiles`` and
  a Python sum of the unseen copies of its mask; ``jansou``: ``discard_evaluation``;
  ``shanten loop``: our public ``shanten`` per discard x draw (the naive way).
* ``useful_tiles`` (13 tiles): ours; ``xiangting.calculate_necessary_tiles`` (a mask only);
  PyMahjongGB's per-form useful tiles (``RegularShanten`` etc., GB rules).
* ``two-step``: ``discard_analysis(two_step=True)``; jansou's ``discard_evaluation`` (no two-step).
* ``batch``: ``discard_analysis_batch`` on 20,000 rows, one and two threads.
"""
from __future__ import annotations

import pytest

import mahjong_fast as mf
from mahjong_fast._bench.hands import tile_counts, wall_hands
from mahjong_fast._bench.peers import to_botzone, xiangting_discards
from mahjong_fast._dispatch import NO_EXTENSIONS
from mahjong_fast._layout import N_KINDS

N = 100 if NO_EXTENSIONS else 1000
ROWS = 500 if NO_EXTENSIONS else 20000
HANDS14 = wall_hands(N, 14, seed=13)
HANDS13 = [h[1:] for h in HANDS14]


def _info(benchmark, group: str, lib: str, hands: int) -> None:
    benchmark.group = group
    benchmark.extra_info["lib"] = lib
    benchmark.extra_info["hands_per_call"] = hands
    benchmark.extra_info["implementation"] = "pure-python" if NO_EXTENSIONS else "compiled"


# ---------------------------------------------------------------- discard analysis, 14 tiles

def test_discard_analysis_ours(benchmark) -> None:
    _info(benchmark, "discard analysis (14 tiles)", "mahjong_fast", N)
    analyse = mf.discard_analysis
    hands = HANDS14

    def run() -> None:
        for h in hands:
            analyse(h)

    benchmark(run)


def test_discard_analysis_ours_read_all(benchmark) -> None:
    """The same, reading every row's tile, shanten, useful tiles and total (rows are lazy)."""
    _info(benchmark, "discard analysis (14 tiles)", "mahjong_fast, every row read", N)
    analyse = mf.discard_analysis
    hands = HANDS14

    def run() -> None:
        for h in hands:
            for d in analyse(h):
                d.tile, d.shanten, d.useful.tiles, d.useful.total  # noqa: B018

    benchmark(run)


def test_discard_analysis_xiangting(benchmark) -> None:
    pytest.importorskip("xiangting")
    _info(benchmark, "discard analysis (14 tiles)", "xiangting loop", N)
    discards = xiangting_discards()  # the adapter of mahjong-fast bench
    counts = [tile_counts(h) for h in HANDS14]

    def run() -> None:
        for c in counts:
            discards(c)

    benchmark(run)


def test_discard_analysis_jansou(benchmark) -> None:
    pytest.importorskip("jansou")
    from jansou.analysis.efficiency import discard_evaluation
    from jansou.core.hand import Hand
    from jansou.core.tiles import Tile

    _info(benchmark, "discard analysis (14 tiles)", "jansou discard_evaluation", N)
    hands = [Hand(tuple(Tile(t) for t in h)) for h in HANDS14[: N // 4]]
    benchmark.extra_info["hands_per_call"] = len(hands)

    def run() -> None:
        for h in hands:
            discard_evaluation(h)

    benchmark(run)


def test_discard_analysis_shanten_loop(benchmark) -> None:
    _info(benchmark, "discard analysis (14 tiles)", "mahjong_fast shanten loop", N // 10)
    shanten = mf.shanten
    hands = HANDS14[: N // 10]

    def run() -> None:
        for h in hands:
            for i, d in enumerate(h):
                if i and h[i - 1] == d:
                    continue
                rest = h[:i] + h[i + 1:]
                s = shanten(rest)
                for t in range(N_KINDS):
                    if rest.count(t) < 4:
                        shanten(sorted([*rest, t])) < s  # noqa: B015

    benchmark(run)


# ---------------------------------------------------------------- useful tiles, 13 tiles

def test_useful_ours(benchmark) -> None:
    _info(benchmark, "useful tiles (13 tiles)", "mahjong_fast", N)
    useful = mf.useful_tiles
    hands = HANDS13

    def run() -> None:
        for h in hands:
            useful(h)

    benchmark(run)


def test_useful_xiangting(benchmark) -> None:
    xiangting = pytest.importorskip("xiangting")
    _info(benchmark, "useful tiles (13 tiles)", "xiangting necessary tiles (mask)", N)
    four = xiangting.PlayerCount.FOUR
    necessary = xiangting.calculate_necessary_tiles
    counts = [tile_counts(h) for h in HANDS13]

    def run() -> None:
        for c in counts:
            necessary(c, four)

    benchmark(run)


def test_useful_gb(benchmark) -> None:
    gb = pytest.importorskip("MahjongGB")
    _info(benchmark, "useful tiles (13 tiles)", "PyMahjongGB per-form useful tiles", N)
    forms = (gb.RegularShanten, gb.SevenPairsShanten, gb.ThirteenOrphansShanten,
             gb.HonorsAndKnittedTilesShanten, gb.KnittedStraightShanten)
    hands = [to_botzone(h) for h in HANDS13]

    def run() -> None:
        for h in hands:
            for form in forms:
                form(h)

    benchmark(run)


# ---------------------------------------------------------------- two-step figures

def test_two_step_ours(benchmark) -> None:
    _info(benchmark, "two-step (14 tiles)", "mahjong_fast two_step=True", N // 10)
    analyse = mf.discard_analysis
    hands = HANDS14[: N // 10]

    def run() -> None:
        for h in hands:
            analyse(h, two_step=True)

    benchmark(run)


# ---------------------------------------------------------------- batch

@pytest.mark.parametrize("threads", [1, 2])
def test_batch(benchmark, threads: int) -> None:
    np = pytest.importorskip("numpy")
    _info(benchmark, "discard_analysis_batch", f"mahjong_fast threads={threads}", ROWS)
    hands = wall_hands(ROWS, 14, seed=14)
    counts = np.array([tile_counts(h) for h in hands], dtype=np.uint8)

    benchmark(mf.discard_analysis_batch, counts, threads=threads)
