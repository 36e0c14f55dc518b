"""Reliability of the API and batch layers: bounded memory, Ctrl-C, threads, argument checks."""
from __future__ import annotations

import os
import tracemalloc

import pytest

import mahjong_fast as mf
from mahjong_fast import _batch, _dispatch

from support.interrupt import assert_interrupted_early, interrupt_batch

np = pytest.importorskip("numpy")

HAND13 = [0, 0, 0, 1, 2, 3, 4, 5, 6, 7, 8, 8, 8]


def test_bad_counts_found_without_allocating_the_input_size():
    rows = 2_000_000
    counts = np.full((rows, 34), 5, np.uint8)  # 68 MB, every value bad
    tracemalloc.start()
    try:
        with pytest.raises(ValueError, match=r"counts\[0, 0\] = 5 is not a tile count"):
            mf.is_win_batch(counts)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert peak < counts.nbytes // 8


def test_first_bad_value_is_named_by_row_and_column():
    counts = np.zeros((300_000, 34), np.int16)
    counts[200_001, 17] = -3
    counts[250_000, 2] = 9
    with pytest.raises(ValueError, match=r"counts\[200001, 17\] = -3"):
        mf.shanten_batch(counts)


@pytest.mark.parametrize("threads", [1, 2])
@pytest.mark.parametrize("kind", ["shanten_batch", "waits_batch"])
def test_ctrl_c_interrupts_a_long_batch(kind, threads):
    assert_interrupted_early(interrupt_batch(f"{kind}(counts, threads={threads})", HAND13, 6_000_000))


def test_threads_are_capped_and_accept_numpy_ints():
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
    if _dispatch.is_compiled(_dispatch.batch):
        assert _batch._threads(50_000, 200_000) <= cores
        assert _batch._threads(8, 10) == 1  # too few rows to share
    assert _batch._threads(np.int64(2), 200_000) >= 1
    with pytest.raises(TypeError, match="threads must be an int"):
        _batch._threads(2.0, 10)
    with pytest.raises(TypeError, match="threads must be an int"):
        _batch._threads(True, 10)
    with pytest.raises(ValueError, match="threads must be at least 1, got 0"):
        _batch._threads(np.int32(0), 10)


def test_the_thread_pool_is_reused():
    if not _dispatch.is_compiled(_dispatch.batch):
        pytest.skip("pure-Python batches run on the caller's thread")
    counts = np.tile(np.bincount(HAND13, minlength=34).astype(np.uint8), (50_000, 1))
    want = mf.shanten_batch(counts)
    np.testing.assert_array_equal(mf.shanten_batch(counts, threads=2), want)
    pool = _batch._pool
    assert pool is not None
    np.testing.assert_array_equal(mf.shanten_batch(counts, threads=np.int8(2)), want)
    assert _batch._pool is pool


@pytest.mark.parametrize(
    "start, stop",
    [(0, 100_000), (-1, 0), (1, 0), (0, 2)],
)
def test_row_kernel_checks_its_bounds(start, stop):
    counts = np.zeros((1, 34), np.uint8)
    out = np.zeros(1, np.uint8)
    with pytest.raises(ValueError, match="outside"):
        _dispatch.batch.run_rows(_dispatch.batch.IS_WIN, counts, out, start, stop)


def test_row_kernel_checks_its_output_size():
    counts = np.zeros((4, 34), np.uint8)
    with pytest.raises(ValueError, match="out holds"):
        _dispatch.batch.run_rows(_dispatch.batch.WAITS, counts, np.zeros(4, np.uint8), 0, 4)
    with pytest.raises(ValueError, match="unknown kernel"):
        _dispatch.batch.run_rows(7, counts, np.zeros(4, np.uint8), 0, 4)


@pytest.mark.parametrize(
    "call, error, words",
    [
        (lambda: mf.is_win("123m", wild=object()), TypeError, "wild"),
        (lambda: mf.is_win("123m", wild="9z"), ValueError, "wild"),
        (lambda: mf.is_win("123m", wild={"7z": 1}), TypeError, "wild"),
        (lambda: mf.is_win("11m", fifth="no"), TypeError, "fifth"),
        (lambda: mf.waits("1m", fifth=1), TypeError, "fifth"),
        (lambda: mf.shanten("1m", fifth=None), TypeError, "fifth"),
        (lambda: mf.is_win("11m", strategy=[]), TypeError, "strategy"),
        (lambda: mf.is_win("11m", strategy="fast"), ValueError, "strategy"),
        (lambda: mf.shanten("1m", form=[]), TypeError, "form"),
        (lambda: mf.shanten("1m", form="kokushi"), ValueError, "form"),
        (lambda: mf.is_win(HAND13 + [8], wild=object()), TypeError, "wild"),
    ],
)
def test_every_argument_is_checked_on_every_path(call, error, words):
    with pytest.raises(error, match=words):
        call()
