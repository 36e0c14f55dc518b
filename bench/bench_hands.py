"""Random hands for every benchmark: one source, one seed.

All hands come from ``mahjong_fast._bench.hands`` (the hands of ``mahjong-fast bench``,
``test_bench_api.py`` and the tests), drawn from a fresh ``random.Random(SEED)`` per
workload, so the suite and the command measure hands made the same way.  Hands are 34
counts, at most four copies of a tile.
"""
from __future__ import annotations

import importlib
from types import ModuleType

import pytest

from mahjong_fast._bench.hands import (
    N_HANDS,
    SEED,
    draw,
    near_miss_counts,
    random_counts,
    ready_counts,
    winning_counts,
)
from mahjong_fast._dispatch import NO_EXTENSIONS, is_compiled

__all__ = [
    "N_HANDS",
    "SEED",
    "compiled_kernel",
    "draw",
    "near_miss_counts",
    "random_counts",
    "ready_counts",
    "winning_counts",
]


def compiled_kernel(name: str) -> ModuleType:
    """The compiled kernel ``mahjong_fast._kernels.<name>``; skips the benchmark when it is not in use."""
    if NO_EXTENSIONS:
        pytest.skip("MAHJONG_FAST_NO_EXTENSIONS is set")
    module = importlib.import_module(f"mahjong_fast._kernels.{name}")
    assert is_compiled(module), f"{module.__name__} is not compiled: {module.__file__}"
    return module
