"""The numpy batch API (both implementations) against the per-hand kernels."""
from __future__ import annotations

import pytest

np = pytest.importorskip("numpy")

from conftest import kernel_impls  # noqa: E402
from mahjong_fast import _dispatch  # noqa: E402


@pytest.fixture(params=kernel_impls("_batch"), scope="module")
def batch(request):
    return request.param()


def rows_for(batch, compiled: int, pure: int) -> int:
    return compiled if batch.__name__ == "mahjong_fast._kernels.batch" else pure


def make_hands(seed: int, n: int, tiles: tuple[int, ...] = (14,)) -> np.ndarray:
    """n rows of counts: random draws plus built wins and near misses, row totals from ``tiles``."""
    rng = np.random.default_rng(seed)
    out = np.zeros((n, 34), dtype=np.uint8)
    chows = np.array([t for t in range(27) if t % 9 <= 6])
    for r in range(n):
        size = int(rng.choice(tiles))
        row = out[r]
        if size % 3 == 2 and r % 2 == 0:
            while True:
                row[:] = 0
                row[rng.integers(34)] += 2
                for _ in range(size // 3):
                    if rng.random() < 0.6:
                        row[chows[rng.integers(len(chows))] + np.arange(3)] += 1
                    else:
                        row[rng.integers(34)] += 3
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


def win_reference(row: bytes) -> bool:
    win = getattr(_dispatch, "win")
    return win.win_cluster(row) or win.seven_pairs(row) or win.thirteen_orphans(row)


# ---------------------------------------------------------------- is_win_batch


def test_is_win_batch_matches_per_hand(batch):
    hands = make_hands(1, rows_for(batch, 20_000, 400), (2, 5, 8, 11, 13, 14, 14))
    got = batch.is_win_batch(hands)
    assert got.dtype == np.bool_ and got.shape == (len(hands),)
    want = np.array([win_reference(row.tobytes()) for row in hands])
    np.testing.assert_array_equal(got, want)
    assert 0 < got.sum() < len(hands)


def test_is_win_batch_special_forms(batch):
    seven = np.zeros(34, np.uint8)
    seven[[0, 1, 2, 3, 4, 5, 6]] = 2
    four = np.zeros(34, np.uint8)
    four[[0, 1, 2, 3, 4]] = [4, 2, 2, 2, 4]  # four identical count as two pairs
    orphans = np.zeros(34, np.uint8)
    orphans[[0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33]] = 1
    orphans[33] = 2
    big = np.zeros(34, np.uint8)
    big[:6] = 3  # 18 tiles, would split: more than 14 is not a hand
    big[6] = 2
    got = batch.is_win_batch(np.stack([seven, four, orphans, big, np.zeros(34, np.uint8)]))
    assert got.tolist() == [True, True, True, False, False]


@pytest.mark.parametrize(
    "convert",
    [
        lambda a: a,
        lambda a: a.astype(np.int64),
        lambda a: a.astype(np.uint32),
        lambda a: np.repeat(a.astype(np.int16), 2, axis=0)[::2],
        lambda a: np.asfortranarray(a.astype(np.int8)),
        lambda a: np.hstack([a, a]).astype(np.uint16)[:, 34:],
        lambda a: a.tolist(),
    ],
    ids=["uint8", "int64", "uint32", "int16-strided", "int8-fortran", "uint16-column-slice", "list"],
)
def test_dtypes_and_layouts(batch, convert):
    hands = make_hands(2, rows_for(batch, 2_000, 100))
    want = batch.is_win_batch(hands)
    data = convert(hands)
    before = np.array(data, copy=True)
    np.testing.assert_array_equal(batch.is_win_batch(data), want)
    np.testing.assert_array_equal(np.asarray(data), before)  # input untouched


@pytest.mark.parametrize("threads", [2, 3, 7, 64])
def test_threads_give_identical_results(batch, threads):
    hands = make_hands(3, rows_for(batch, 5_001, 50))
    one = batch.is_win_batch(hands, threads=1)
    np.testing.assert_array_equal(batch.is_win_batch(hands, threads=threads), one)
    np.testing.assert_array_equal(batch.is_win_batch(hands, threads=None), one)


def test_empty_batch(batch):
    empty = np.zeros((0, 34), np.uint8)
    assert batch.is_win_batch(empty, threads=2).shape == (0,)


@pytest.mark.parametrize(
    "value, dtype, message",
    [(5, np.uint8, r"counts\[3, 7\] = 5"), (-1, np.int64, r"counts\[3, 7\] = -1"), (256, np.int16, r"= 256")],
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
        (np.zeros(34, np.uint8), ValueError, r"\(N, 34\).*\(34,\)"),
        (np.zeros((3, 33), np.uint8), ValueError, r"\(3, 33\)"),
        (np.zeros((2, 3, 34), np.uint8), ValueError, r"\(2, 3, 34\)"),
        (np.zeros((3, 34), np.float64), TypeError, "float64"),
        (np.zeros((3, 34), np.bool_), TypeError, "bool"),
        (np.zeros((3, 34), object), TypeError, "object"),
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
        batch.is_win_batch(np.zeros((1, 34), np.uint8), threads=threads)


# ---------------------------------------------------------------- shanten_batch and waits_batch


@pytest.fixture(scope="module")
def shanten():
    try:
        return getattr(_dispatch, "shanten")
    except ImportError:
        pytest.skip("the _shanten kernels are not there yet")


def test_shanten_batch_matches_per_hand(batch, shanten):
    hands = make_hands(5, rows_for(batch, 3_000, 60), (1, 2, 4, 5, 7, 8, 10, 11, 13, 14))
    got = batch.shanten_batch(hands)
    assert got.dtype == np.int8 and got.shape == (len(hands),)
    want = [shanten.shanten_counts(row.tobytes(), 0) for row in hands]
    assert got.tolist() == want
    np.testing.assert_array_equal(batch.shanten_batch(hands, threads=2), got)
    assert (got[batch.is_win_batch(hands)] == -1).all()


def test_waits_batch_matches_per_hand(batch, shanten):
    hands = make_hands(6, rows_for(batch, 3_000, 60), (1, 4, 7, 10, 13))
    wins = [h for h in make_hands(7, rows_for(batch, 3_000, 60)) if win_reference(h.tobytes())]
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
    with pytest.raises(ValueError, match="row 2 .*9 tiles"):
        batch.shanten_batch(hands)
    with pytest.raises(ValueError, match="row 2 .*9 tiles"):
        batch.waits_batch(hands)
    with pytest.raises(ValueError, match="row 0 .*14 tiles"):
        batch.waits_batch(make_hands(8, 3, (14,)))
    with pytest.raises(ValueError, match=r"counts\[1, 2\] = 9"):
        bad = make_hands(8, 3, (13,)).astype(np.int32)
        bad[1, 2] = 9
        batch.shanten_batch(bad)
