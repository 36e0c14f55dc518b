"""The numpy batch API (``_batch``) and its row kernels (compiled ``batch``, pure ``batch_py``).

The public functions are tested as dispatched; the row kernels ``run_rows`` and
``first_bad_row`` run on both implementations against the per-hand kernels.
"""
from __future__ import annotations

import pytest

import mahjong_fast as mf
from mahjong_fast import _batch, _dispatch
from mahjong_fast._layout import N_KINDS, ORPHANS

from support.impls import is_compiled
from support.oracles import CHOW_STARTS

np = pytest.importorskip("numpy")


@pytest.fixture(scope="module")
def batch():
    """The public batch layer, over the dispatched row kernel."""
    assert (mf.is_win_batch, mf.shanten_batch, mf.waits_batch) == (
        _batch.is_win_batch, _batch.shanten_batch, _batch.waits_batch
    )
    return _batch


def rows_for(compiled: int, pure: int) -> int:
    return compiled if is_compiled(_dispatch.batch) else pure


def make_hands(seed: int, n: int, tiles: tuple[int, ...] = (14,)) -> np.ndarray:
    """n rows of counts: random draws plus built wins and near misses, row totals from ``tiles``."""
    rng = np.random.default_rng(seed)
    out = np.zeros((n, N_KINDS), dtype=np.uint8)
    chows = np.array(CHOW_STARTS)
    for r in range(n):
        size = int(rng.choice(tiles))
        row = out[r]
        if size % 3 == 2 and r % 2 == 0:
            while True:
                row[:] = 0
                row[rng.integers(N_KINDS)] += 2
                for _ in range(size // 3):
                    if rng.random() < 0.6:
                        row[chows[rng.integers(len(chows))] + np.arange(3)] += 1
                    else:
                        row[rng.integers(N_KINDS)] += 3
                if row.max() <= 4:
                    break
            if r % 4 == 2:  # near miss: one tile moved
                out_t = rng.choice(np.flatnonzero(row))
                row[out_t] -= 1
                row[rng.choice(np.flatnonzero(row < 4))] += 1
        else:
            for t in rng.permutation(136)[:size]:
                row[t // 4] += 1
    return out


def win_reference(row: bytes, win=_dispatch.win) -> bool:
    return win.win_cluster(row) or win.seven_pairs(row) or win.thirteen_orphans(row)


# ---------------------------------------------------------------- is_win_batch


def test_is_win_batch_matches_per_hand(batch):
    hands = make_hands(1, rows_for(20_000, 400), (2, 5, 8, 11, 13, 14, 14))
    got = batch.is_win_batch(hands)
    assert got.dtype == np.bool_ and got.shape == (len(hands),)
    want = np.array([win_reference(row.tobytes()) for row in hands])
    np.testing.assert_array_equal(got, want)
    assert 0 < got.sum() < len(hands)


def test_is_win_batch_special_forms(batch):
    seven = np.zeros(N_KINDS, np.uint8)
    seven[[0, 1, 2, 3, 4, 5, 6]] = 2
    four = np.zeros(N_KINDS, np.uint8)
    four[[0, 1, 2, 3, 4]] = [4, 2, 2, 2, 4]  # four identical count as two pairs
    orphans = np.zeros(N_KINDS, np.uint8)
    orphans[list(ORPHANS)] = 1
    orphans[33] = 2
    big = np.zeros(N_KINDS, np.uint8)
    big[:6] = 3  # 18 tiles, would split: more than 14 is not a hand
    big[6] = 2
    got = batch.is_win_batch(np.stack([seven, four, orphans, big, np.zeros(N_KINDS, np.uint8)]))
    assert got.tolist() == [True, True, True, False, False]


@pytest.mark.parametrize(
    "convert",
    [
        lambda a: a,
        lambda a: a.astype(np.int64),
        lambda a: a.astype(np.uint32),
        lambda a: np.repeat(a.astype(np.int16), 2, axis=0)[::2],
        lambda a: np.asfortranarray(a.astype(np.int8)),
        lambda a: np.hstack([a, a]).astype(np.uint16)[:, N_KINDS:],
        lambda a: a.tolist(),
    ],
    ids=["uint8", "int64", "uint32", "int16-strided", "int8-fortran", "uint16-column-slice", "list"],
)
def test_dtypes_and_layouts(batch, convert):
    hands = make_hands(2, rows_for(2_000, 100))
    want = batch.is_win_batch(hands)
    data = convert(hands)
    before = np.array(data, copy=True)
    np.testing.assert_array_equal(batch.is_win_batch(data), want)
    np.testing.assert_array_equal(np.asarray(data), before)  # input untouched


@pytest.mark.parametrize("threads", [2, 3, 7, 64])
def test_threads_give_identical_results(batch, threads):
    hands = make_hands(3, rows_for(5_001, 50))
    one = batch.is_win_batch(hands, threads=1)
    np.testing.assert_array_equal(batch.is_win_batch(hands, threads=threads), one)
    np.testing.assert_array_equal(batch.is_win_batch(hands, threads=None), one)


def test_empty_batch(batch):
    empty = np.zeros((0, N_KINDS), np.uint8)
    assert batch.is_win_batch(empty, threads=2).shape == (0,)


@pytest.mark.parametrize(
    "value, dtype, message",
    [
        (5, np.uint8, r"counts\[3, 7\] = 5 is not a tile count 0-4"),
        (-1, np.int64, r"counts\[3, 7\] = -1 is not a tile count 0-4"),
        (256, np.int16, r"counts\[3, 7\] = 256 is not a tile count 0-4"),
    ],
)
def test_bad_values(batch, value, dtype, message):
    hands = make_hands(4, 6).astype(dtype)
    hands[3, 7] = value
    hands[5, 0] = value
    with pytest.raises(ValueError, match=message):
        batch.is_win_batch(hands)


@pytest.mark.parametrize(
    "data, error, message",
    [
        (np.zeros(N_KINDS, np.uint8), ValueError, r"\(N, 34\).*\(34,\)"),
        (np.zeros((3, 33), np.uint8), ValueError, r"\(3, 33\)"),
        (np.zeros((2, 3, 34), np.uint8), ValueError, r"\(2, 3, 34\)"),
        (np.zeros((3, N_KINDS), np.float64), TypeError, "float64"),
        (np.zeros((3, N_KINDS), np.bool_), TypeError, "bool"),
        (np.zeros((3, N_KINDS), object), TypeError, "object"),
    ],
    ids=["1d", "33-columns", "3d", "float", "bool", "object"],
)
def test_bad_shapes_and_dtypes(batch, data, error, message):
    with pytest.raises(error, match=message):
        batch.is_win_batch(data)


@pytest.mark.parametrize(
    "threads, error", [(0, ValueError), (-2, ValueError), (1.5, TypeError), ("2", TypeError)]
)
def test_bad_threads(batch, threads, error):
    with pytest.raises(error, match="threads"):
        batch.is_win_batch(np.zeros((1, N_KINDS), np.uint8), threads=threads)


# ---------------------------------------------------------------- shanten_batch and waits_batch


@pytest.fixture(scope="module")
def shanten():
    return _dispatch.shanten


def test_shanten_batch_matches_per_hand(batch, shanten):
    hands = make_hands(5, rows_for(3_000, 60), (1, 2, 4, 5, 7, 8, 10, 11, 13, 14))
    got = batch.shanten_batch(hands)
    assert got.dtype == np.int8 and got.shape == (len(hands),)
    want = [shanten.shanten_counts(row.tobytes(), 0) for row in hands]
    assert got.tolist() == want
    np.testing.assert_array_equal(batch.shanten_batch(hands, threads=2), got)
    assert (got[batch.is_win_batch(hands)] == -1).all()


def test_waits_batch_matches_per_hand(batch, shanten):
    hands = make_hands(6, rows_for(3_000, 60), (1, 4, 7, 10, 13))
    wins = [h for h in make_hands(7, rows_for(3_000, 60)) if win_reference(h.tobytes())]
    for h in wins:  # a winning hand less one tile is ready
        h[np.flatnonzero(h)[0]] -= 1
    hands = np.vstack([hands] + wins)
    got = batch.waits_batch(hands)
    assert got.dtype == np.bool_ and got.shape == hands.shape
    for row, mask in zip(hands, got):
        assert np.flatnonzero(mask).tolist() == sorted(shanten.waits_counts(row.tobytes())), row.tolist()
    np.testing.assert_array_equal(batch.waits_batch(hands.astype(np.int32), threads=2), got)
    assert got.any()


def test_shanten_and_waits_reject_bad_totals(batch, shanten):
    hands = make_hands(8, 4, (13,))
    hands[2, :] = 0
    hands[2, 0:3] = 3  # 9 tiles
    with pytest.raises(ValueError, match=r"^counts row 2 holds 9 tiles; shanten needs 3n\+1 or 3n\+2"):
        batch.shanten_batch(hands)
    with pytest.raises(ValueError, match=r"^counts row 2 holds 9 tiles; waits needs 3n\+1 tiles"):
        batch.waits_batch(hands)
    with pytest.raises(ValueError, match="^counts row 0 holds 14 tiles; "):
        batch.waits_batch(make_hands(8, 3, (14,)))
    with pytest.raises(ValueError, match=r"counts\[1, 2\] = 9"):
        bad = make_hands(8, 3, (13,)).astype(np.int32)
        bad[1, 2] = 9
        batch.shanten_batch(bad)


# ---------------------------------------------------------------- the row kernels, both implementations


def run_kernel(kernel_module, kernel: int, hands: np.ndarray) -> np.ndarray:
    """``run_rows`` over all of ``hands`` in uneven blocks, as ``_batch`` drives it."""
    c = np.ascontiguousarray(hands, dtype=np.uint8)
    n = c.shape[0]
    out = np.zeros(n * N_KINDS if kernel == kernel_module.WAITS else n, dtype=np.uint8)
    kernel_module.prepare(kernel)
    start = 0
    for step in (1, 7, 1000) * (n // 1008 + 1):
        stop = min(n, start + step)
        kernel_module.run_rows(kernel, c, out, start, stop)
        start = stop
    assert start == n
    return out


def test_run_rows_is_win(impl):
    hands = make_hands(11, impl.sample(20_000, 400), (2, 5, 8, 11, 13, 14, 14))
    got = run_kernel(impl.batch, impl.batch.IS_WIN, hands)
    want = [win_reference(row.tobytes(), impl.win) for row in hands]
    assert got.tolist() == [int(w) for w in want]
    assert 0 < got.sum() < len(hands)


def test_run_rows_shanten(impl):
    hands = make_hands(12, impl.sample(3_000, 60), (1, 2, 4, 5, 7, 8, 10, 11, 13, 14))
    got = run_kernel(impl.batch, impl.batch.SHANTEN, hands).view(np.int8)
    assert got.tolist() == [impl.shanten.shanten_counts(row.tobytes(), 0) for row in hands]


def test_run_rows_waits(impl):
    hands = make_hands(13, impl.sample(3_000, 60), (1, 4, 7, 10, 13))
    got = run_kernel(impl.batch, impl.batch.WAITS, hands).reshape(-1, N_KINDS)
    for row, mask in zip(hands, got):
        assert np.flatnonzero(mask).tolist() == impl.shanten.waits_counts(row.tobytes()), row.tolist()
    assert got.any()


def test_run_rows_leaves_other_rows_alone(impl):
    hands = make_hands(14, 40, (14,))
    out = np.full(40, 7, dtype=np.uint8)
    impl.batch.prepare(impl.batch.IS_WIN)
    impl.batch.run_rows(impl.batch.IS_WIN, hands, out, 10, 20)
    assert (out[:10] == 7).all() and (out[20:] == 7).all() and (out[10:20] <= 1).all()
    impl.batch.run_rows(impl.batch.IS_WIN, hands, out, 5, 5)  # an empty block
    assert (out[:10] == 7).all()


@pytest.mark.parametrize(
    "call, message",
    [
        (lambda b, c, o: b.run_rows(b.IS_WIN, np.zeros((4, 33), np.uint8), o, 0, 4), "34 columns, got 33"),
        (lambda b, c, o: b.run_rows(9, c, o, 0, 4), "unknown kernel 9"),
        (lambda b, c, o: b.run_rows(b.IS_WIN, c, o, 0, 5), "rows 0:5 are outside 0:4"),
        (lambda b, c, o: b.run_rows(b.IS_WIN, c, o, 3, 2), "rows 3:2 are outside 0:4"),
        (lambda b, c, o: b.run_rows(b.IS_WIN, c, o, -1, 2), "rows -1:2 are outside 0:4"),
        (lambda b, c, o: b.run_rows(b.IS_WIN, c, o[:3], 0, 4), "out holds 3 bytes, too few for 4 rows"),
        (lambda b, c, o: b.run_rows(b.WAITS, c, o, 0, 4), "out holds 4 bytes, too few for 4 rows"),
        (lambda b, c, o: b.first_bad_row(np.zeros((4, 35), np.uint8), 0b110, 14), "34 columns, got 35"),
    ],
    ids=["columns", "kernel", "past-the-end", "reversed", "negative", "short-out", "short-waits-out",
         "first-bad-row-columns"],
)
def test_row_kernel_checks_its_arguments(impl, call, message):
    c = make_hands(15, 4, (14,))
    out = np.zeros(4, dtype=np.uint8)
    with pytest.raises(ValueError, match=message):
        call(impl.batch, c, out)


def test_first_bad_row(impl):
    hands = make_hands(16, 50, (13,))
    assert impl.batch.first_bad_row(hands, 0b010, 13) == (-1, 0)
    hands[17, :] = 0
    hands[17, :4] = 4  # 16 tiles: 3n+1, but too many
    hands[30, :] = 0
    hands[30, :3] = 3  # 9 tiles: 3n
    assert impl.batch.first_bad_row(hands, 0b010, 13) == (17, 16)
    assert impl.batch.first_bad_row(hands, 0b010, 16) == (30, 9)
    assert impl.batch.first_bad_row(hands, 0b011, 16) == (-1, 0)
    assert impl.batch.first_bad_row(hands[:0], 0b010, 13) == (-1, 0)
