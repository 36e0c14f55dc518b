"""Random hands for every benchmark: one source, one seed.

All hands come from the generator of ``mahjong_fast._bench`` (the workloads of
``mahjong-fast bench`` and ``test_bench_api.py``), drawn from a fresh
``random.Random(SEED)`` per workload, so the suite and the command measure
hands made the same way.  Hands are 34 counts, at most four copies of a tile.
"""
from __future__ import annotations

import importlib
import random
from types import ModuleType
from typing import Callable

import pytest

from mahjong_fast import _bench
from mahjong_fast._dispatch import NO_EXTENSIONS, is_compiled
from mahjong_fast._layout import MAX_COPIES, N_KINDS

SEED = _bench.SEED
N_HANDS = _bench.N_HANDS
_RANDOM_DRAW = 15  # a kind of _bench._hand14: 14 tiles drawn from the 136
_NEAR_MISS = 10  # a kind of _bench._hand14: a standard win with one tile replaced


def _counts(tiles: list[int]) -> list[int]:
    counts = [0] * N_KINDS
    for t in tiles:
        counts[t] += 1
    return counts


def winning_counts(rng: random.Random) -> list[int]:
    """14 tiles as four random melds and a pair."""
    return _counts(_bench._standard_win(rng))


def random_counts(rng: random.Random, n: int) -> list[int]:
    """``n`` tiles (at most 14) drawn from the 136 of a set."""
    return _counts(_bench._hand14(rng, _RANDOM_DRAW)[:n])


def near_miss_counts(rng: random.Random) -> list[int]:
    """A winning hand with one tile replaced by a random one."""
    return _counts(_bench._hand14(rng, _NEAR_MISS))


def ready_counts(rng: random.Random) -> list[int]:
    """Four random melds and a pair, less one tile: ready, usually on one to three tiles."""
    counts = winning_counts(rng)
    counts[rng.choice([t for t in range(N_KINDS) if counts[t]])] -= 1
    return counts


def draw(make: Callable[[random.Random], list[int]], keep: Callable[[list[int]], bool]) -> list[list[int]]:
    """``N_HANDS`` hands from ``make`` that ``keep`` accepts, at most four copies each."""
    rng = random.Random(SEED)
    hands: list[list[int]] = []
    while len(hands) < N_HANDS:
        counts = make(rng)
        if max(counts) <= MAX_COPIES and keep(counts):
            hands.append(counts)
    return hands


def compiled_kernel(name: str) -> ModuleType:
    """The compiled kernel ``mahjong_fast._kernels.<name>``; skips the benchmark when it is not in use."""
    if NO_EXTENSIONS:
        pytest.skip("MAHJONG_FAST_NO_EXTENSIONS is set")
    module = importlib.import_module(f"mahjong_fast._kernels.{name}")
    assert is_compiled(module), f"{module.__name__} is not compiled: {module.__file__}"
    return module
