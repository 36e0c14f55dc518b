"""The pure-Python fast paths and shortcuts give exactly the answers of the general path.

``_api_fast_py.fast_paths`` (public in a pure-Python run) against ``_api.GENERAL`` on plain and
odd index34 lists; the uncapped joker win check of ``shanten_py`` against its target DP; the
pure ``shanten`` kernel against the compiled one on hands with jokers and limits.
"""
from __future__ import annotations

import random

import pytest

import mahjong_fast as mf
from mahjong_fast import _api, _api_fast_py, _dispatch
from mahjong_fast._kernels import shanten_py
from mahjong_fast._layout import MAX_COPIES, N_KINDS, ORPHANS, SUIT_SIZE

FUNCTIONS = ("is_win", "shanten", "waits")
FAST = dict(zip(FUNCTIONS, _api_fast_py.fast_paths(*(_api.GENERAL[f] for f in FUNCTIONS))))
WALL = [t for t in range(N_KINDS) for _ in range(MAX_COPIES)]


def outcome(fn, *args, **kwargs):
    try:
        return ("ok", fn(*args, **kwargs))
    except (ValueError, TypeError) as exc:
        return (type(exc).__name__, str(exc))


def winning(rng: random.Random) -> list[int]:
    tiles: list[int] = []
    for _ in range(4):
        if rng.random() < 0.6:
            lo = SUIT_SIZE * rng.randrange(3) + rng.randrange(SUIT_SIZE - 2)
            tiles += [lo, lo + 1, lo + 2]
        else:
            tiles += [rng.randrange(N_KINDS)] * 3
    tiles += [rng.randrange(N_KINDS)] * 2
    rng.shuffle(tiles)
    return tiles


def some_hand(rng: random.Random) -> object:
    r = rng.random()
    if r < 0.3:
        hand: list[object] = list(winning(rng)[: rng.choice([14, 13, 11, 10, 8, 7, 5, 4, 2, 1])])
    elif r < 0.4:
        hand = [t for t in range(0, N_KINDS, 3) for _ in range(2)][:14]  # seven pairs
    elif r < 0.5:
        hand = list(ORPHANS) + [rng.choice(ORPHANS + (4,))]
        hand = hand[: rng.choice([13, 14])]
    elif r < 0.6:
        hand = [rng.randrange(N_KINDS) for _ in range(rng.randrange(17))]  # may hold 5 copies
    else:
        hand = rng.sample(WALL, rng.randrange(16))
    if hand and rng.random() < 0.1:
        hand[rng.randrange(len(hand))] = rng.choice([-1, N_KINDS, 300, True, 3.0, "1m", None])
    return tuple(hand) if rng.random() < 0.3 else hand


@pytest.mark.parametrize("seed", range(3))
def test_pure_fast_paths_match_the_general_path(seed):
    rng = random.Random(seed)
    answered = 0
    for _ in range(3000):
        hand = some_hand(rng)
        for name in FUNCTIONS:
            fast = outcome(FAST[name], hand)
            assert fast == outcome(_api.GENERAL[name], hand), (name, hand)
            answered += fast[0] == "ok"
    assert answered > 3000


@pytest.mark.parametrize(
    "kwargs",
    [{"melds": ["123p"]}, {"melds": []}, {"wild": "7z"}, {"fifth": False}, {"encoding": "index34"},
     {"strategy": "carry"}, {"form": "standard"}, {"wild": None, "fifth": True}],
)
def test_pure_fast_paths_pass_keywords_to_the_general_path(kwargs):
    rng = random.Random(7)
    for _ in range(300):
        hand = rng.sample(WALL, rng.choice([4, 5, 10, 11, 13, 14]))
        for name in FUNCTIONS:
            if "form" in kwargs and name != "shanten" or "strategy" in kwargs and name != "is_win":
                continue
            assert outcome(FAST[name], hand, **kwargs) == outcome(_api.GENERAL[name], hand, **kwargs)


def test_public_functions_in_a_pure_run():
    if _dispatch.is_compiled(_dispatch.api_fast):
        pytest.skip("compiled run: the compiled fast paths are public")
    for name in FUNCTIONS:
        assert getattr(mf, name) is getattr(_api, name)
        assert getattr(mf, name) is not _api.GENERAL[name]
        assert getattr(mf, name).__doc__ == _api.GENERAL[name].__doc__


def joker_case(rng: random.Random) -> tuple[list[int], bytes, int]:
    jokers = rng.randrange(1, 6)
    size = rng.choice([2, 5, 8, 11, 14]) - jokers
    if rng.random() < 0.5:
        tiles = winning(rng)[: max(size, 0)]
    else:
        tiles = rng.sample(WALL, max(size, 0))
    c = [0] * N_KINDS
    for t in tiles:
        c[t] += 1
    caps = bytes(
        max(v, rng.choice([4, 3, 2, 1, 0]) if rng.random() < 0.3 else MAX_COPIES) for v in c
    )
    return c, caps, jokers


def test_uncapped_joker_win_matches_the_target_dp():
    rng = random.Random(11)
    wins = 0
    for _ in range(800):
        c, caps, jokers = joker_case(rng)
        if max(c) > MAX_COPIES:
            continue
        for fifth in (True, False):
            want = shanten_py._wins_generic(c, caps, jokers, fifth)
            assert shanten_py._wins(c, caps, jokers, fifth) == want, (c, caps, jokers, fifth)
            wins += want
    assert wins > 100


@pytest.mark.skipif(_dispatch.NO_EXTENSIONS, reason="pure-Python run: nothing compiled to compare")
def test_pure_shanten_kernel_matches_compiled_with_jokers():
    compiled = pytest.importorskip("mahjong_fast._kernels.shanten")
    rng = random.Random(13)
    for _ in range(500):
        c, caps, jokers = joker_case(rng)
        if max(c) > MAX_COPIES:
            continue
        b = bytes(c)
        total = sum(c) + jokers
        mask = bytes(1 if rng.random() < 0.05 and not c[t] else 0 for t in range(N_KINDS))
        for fifth in (True, False):
            for limits in (None, caps):
                args = (b, jokers, fifth, limits)
                assert outcome(shanten_py.is_win_wild, *args) == outcome(compiled.is_win_wild, *args)
                if total % 3 == 1:
                    assert outcome(shanten_py.waits_counts, *args, mask) == outcome(
                        compiled.waits_counts, *args, mask
                    ), (c, jokers, fifth, limits)
                if total % 3:
                    assert outcome(shanten_py.shanten_counts, b, 0, jokers, fifth, limits) == outcome(
                        compiled.shanten_counts, b, 0, jokers, fifth, limits
                    )


def _standard_whole_suits(data: bytes, melds: int) -> int:
    """``shanten_py._standard_free`` with each suit answered whole, not block by block."""
    best = {(0, 0): 0}
    parts = [shanten_py._suit_rows_free(tuple(data[lo : lo + SUIT_SIZE])) for lo in (0, 9, 18)]
    for rows in (*parts, shanten_py._honor_rows_free(tuple(data[3 * SUIT_SIZE :]))):
        nxt: dict[tuple[int, int], int] = {}
        for (k1, p1), c1 in best.items():
            for k2, p2, c2 in rows:
                key = (k1 + k2, p1 + p2)
                if key[0] <= melds and key[1] <= 1 and nxt.get(key, 99) > c1 + c2:
                    nxt[key] = c1 + c2
        best = nxt
    return min(c + 3 * (melds - k) + 2 * (1 - p) for (k, p), c in best.items())


def test_suit_blocks_give_the_whole_suit_answer():
    rng = random.Random(17)
    for _ in range(3000):
        n = rng.choice([1, 2, 4, 5, 7, 8, 10, 11, 13, 14])
        tiles = rng.sample(WALL[: rng.choice([4 * SUIT_SIZE, 12 * SUIT_SIZE, len(WALL)])], n)
        c = bytearray(N_KINDS)
        for t in tiles:
            c[t] += 1
        data = bytes(c)
        assert shanten_py._standard_free(data, n // 3) == _standard_whole_suits(data, n // 3), tiles
