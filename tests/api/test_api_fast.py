"""The compiled fast paths of ``is_win``, ``shanten`` and ``waits`` (``_api_fast``).

A fast path answers the calls it can vouch for in C and hands every other call
to the general function of ``_api``; each must give the same answer or the
same error as the general function on every input.  Compiled builds only.
"""
from __future__ import annotations

import importlib
import random
from types import SimpleNamespace

import pytest

import mahjong_fast
from mahjong_fast import _api
from mahjong_fast._layout import N_KINDS

from support.hands import mixed_hands, tile_counts, tiles_of
from support.impls import NO_EXTENSIONS, general_api

pytestmark = pytest.mark.skipif(NO_EXTENSIONS, reason="pure-Python run: no compiled fast paths")


@pytest.fixture(scope="module")
def fast():
    return importlib.import_module("mahjong_fast._api_fast")


@pytest.fixture(scope="module")
def slow():
    return general_api()[0]


@pytest.fixture(scope="module")
def api():
    is_win, shanten, waits = general_api()
    return SimpleNamespace(is_win=is_win, shanten=shanten, waits=waits)


def test_public_functions_are_the_fast_paths(fast):
    for f in (fast.is_win, fast.shanten, fast.waits):
        assert type(f).__name__ in ("cython_function_or_method", "builtin_function_or_method"), f
    assert mahjong_fast.is_win is fast.is_win
    assert mahjong_fast.shanten is fast.shanten
    assert mahjong_fast.waits is fast.waits
    assert (_api.is_win, _api.shanten, _api.waits) == (fast.is_win, fast.shanten, fast.waits)


def test_fast_paths_fall_back_on_the_general_functions():
    for general, name in zip(general_api(), ("is_win", "shanten", "waits")):
        assert general.__module__ == "mahjong_fast._api" and general.__name__ == name
        assert general.__code__.co_filename.endswith("_api.py")


def _outcome(f, *args, **kwargs):
    try:
        return f(*args, **kwargs)
    except Exception as exc:  # noqa: BLE001 - the outcome is compared, whatever it is
        return type(exc)


FAST_CASES = [
    [0, 0, 0, 1, 2, 3, 4, 5, 6, 9, 10, 11, 27, 27],
    [27, 27],
    [27, 28],
    [0, 1, 2],
    [0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33, 33],
    [0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6],
    [0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3],
]

BAD_LISTS = [
    [0, 0, 0, 0, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9],  # a fifth copy
    [34, 0, 0],
    [-1, 0, 0],
    [2**70, 0, 0],
    [-(2**70), 0, 0],
    [1.0, 0, 0],
    [True, 0, 0],
    [None, 1, 2],
    ["1m", "1m"],
    [],
    list(range(N_KINDS)) * 4 + [0],
    [0, 0, 0, 1, 1, 1, 2, 2, 2, 3, 3, 3, 4, 4, 4, 5, 5],  # 17 tiles
]


def test_fast_path_matches_slow_on_hands(slow, fast):
    hands = [bytes(c) for c in map(bytearray, [[0] * N_KINDS])] + mixed_hands(3, 3_000)
    for counts in hands:
        tiles = tiles_of(counts)
        for hand in (tiles, tuple(tiles)):
            assert _outcome(fast.is_win, hand) == _outcome(slow, hand), tiles
            got = _outcome(fast.is_win, hand, encoding="index34")
            assert got == _outcome(slow, hand, encoding="index34")
        for hand in (counts, bytearray(counts), list(counts), memoryview(counts)):
            got = _outcome(fast.is_win, hand, encoding="counts")
            assert got == _outcome(slow, hand, encoding="counts"), (type(hand), list(counts))


@pytest.mark.parametrize("hand", FAST_CASES)
def test_fast_path_cases(slow, fast, hand):
    assert fast.is_win(hand) is slow(hand)
    assert fast.is_win(hand) is (len(hand) == 14 or hand == [27, 27])


@pytest.mark.parametrize("hand", BAD_LISTS, ids=repr)
def test_fast_path_bad_input_same_outcome(slow, fast, hand):
    assert _outcome(fast.is_win, hand) == _outcome(slow, hand)
    assert _outcome(fast.is_win, tuple(hand)) == _outcome(slow, tuple(hand))


@pytest.mark.parametrize(
    "counts",
    [
        bytes(33), bytes([5] + [0] * 33), bytes([4] * N_KINDS), bytes(N_KINDS),
        bytes([2] + [0] * 32 + [255]), b"x" * N_KINDS,
    ],
    ids=repr,
)
def test_fast_path_bad_counts_same_outcome(slow, fast, counts):
    for hand in (counts, bytearray(counts), list(counts)):
        assert _outcome(fast.is_win, hand, encoding="counts") == _outcome(slow, hand, encoding="counts")


@pytest.mark.parametrize(
    "kwargs",
    [
        {"melds": ["123m"]},
        {"melds": []},
        {"strategy": "cluster"},
        {"strategy": "table"},
        {"strategy": "nope"},
        {"strategy": 3},
        {"encoding": "index136"},
        {"encoding": "nope"},
        {"wild": "7z"},
        {"fifth": False},
    ],
    ids=repr,
)
def test_fast_path_keywords_go_slow(slow, fast, kwargs):
    for hand in ([0, 0, 0, 1, 2, 3, 4, 5, 6, 9, 10, 11, 27, 27], [0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 33]):
        assert _outcome(fast.is_win, hand, **kwargs) == _outcome(slow, hand, **kwargs)


def test_fast_path_other_hand_types(slow, fast):
    makers = (lambda: "11123456789999m", lambda: "1m", lambda: 5, lambda: None, object, lambda: iter([0, 0]))
    for make in makers:
        assert _outcome(fast.is_win, make()) == _outcome(slow, make())


# ---------------------------------------------------------------- shanten and waits fast paths


def test_shanten_and_waits_fast_paths_match_slow(api, fast):
    rng = random.Random(11)
    hands = []
    for counts in mixed_hands(5, 1_500):
        tiles = tiles_of(counts)
        if rng.random() < 0.5 and tiles:
            del tiles[rng.randrange(len(tiles))]  # 3n+1 tiles now and then
        hands.append(tiles)
    for tiles in hands + [[0], [0, 0], [0, 1, 2], [], [0] * 5, [33] * 3 + [40]]:
        valid = tiles and max(tiles) < N_KINDS and max(tile_counts(tiles)) <= 4
        counts = bytes(tile_counts(tiles)) if valid else b""
        for hand in (tiles, tuple(tiles)):
            assert _outcome(fast.shanten, hand) == _outcome(api.shanten, hand), tiles
            assert _outcome(fast.waits, hand) == _outcome(api.waits, hand), tiles
        if counts:
            for hand in (counts, bytearray(counts), list(counts)):
                assert _outcome(fast.shanten, hand, encoding="counts") == _outcome(
                    api.shanten, hand, encoding="counts"
                )
                got = _outcome(fast.waits, hand, encoding="counts")
                assert got == _outcome(api.waits, hand, encoding="counts")


@pytest.mark.parametrize(
    "kwargs",
    [{"form": "standard"}, {"form": "seven_pairs"}, {"form": "nope"}, {"melds": ["123m"]}, {"wild": "7z"},
     {"fifth": False}, {"encoding": "index136"}, {"encoding": 5}],
    ids=repr,
)
def test_shanten_and_waits_keywords_go_slow(api, fast, kwargs):
    hand = [0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 33]
    assert _outcome(fast.shanten, hand, **kwargs) == _outcome(api.shanten, hand, **kwargs)
    kwargs.pop("form", None)
    assert _outcome(fast.waits, hand, **kwargs) == _outcome(api.waits, hand, **kwargs)


def test_waits_fast_path_returns_tiles(fast):
    got = fast.waits([0, 0, 0, 1, 2, 3, 4, 5, 6, 7, 8, 8, 8])
    assert got == list(range(9))
    assert all(type(t) is mahjong_fast.Tile for t in got)
