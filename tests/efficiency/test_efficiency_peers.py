"""Tile efficiency against the peers: xiangting, jansou (riichi) and PyMahjongGB (GB).

xiangting's necessary / unnecessary tiles are our useful tiles / keep-shanten discards under
``rules="riichi"`` (100,000 hands through the batches, 5,000 through ``useful_tiles``);
jansou's ``discard_evaluation(hand, visible=...)`` gives the per-discard shanten and unseen
counts (10,000 hands; jansou leaves out a useful tile with no unseen copy, we keep it at 0);
PyMahjongGB's per-form useful tiles of a 13-tile hand, united over the forms of least
shanten, are ours under ``rules="gb"`` (50,000 hands).  Pure Python runs a few dozen each.
"""
from __future__ import annotations

import random

import pytest

import mahjong_fast as mf
from mahjong_fast import _dispatch
from mahjong_fast._layout import N_KINDS

np = pytest.importorskip("numpy")
COMPILED = _dispatch.is_compiled(_dispatch.efficiency)
GB_NAMES = tuple(
    [f"W{i}" for i in range(1, 10)] + [f"B{i}" for i in range(1, 10)] + [f"T{i}" for i in range(1, 10)]
    + ["F1", "F2", "F3", "F4", "J3", "J2", "J1"]
)
GB_INDEX = {name: i for i, name in enumerate(GB_NAMES)}


def n_hands(compiled: int, pure: int) -> int:
    return compiled if COMPILED else pure


def wall_rows(seed: int, n: int, size: int) -> np.ndarray:
    rng = np.random.default_rng(seed)
    out = np.zeros((n, N_KINDS), dtype=np.uint8)
    for r in range(n):
        tiles = rng.choice(4 * N_KINDS, size=size, replace=False) // 4
        np.add.at(out[r], tiles, 1)
    return out


def test_xiangting_necessary_and_unnecessary():
    xiangting = pytest.importorskip("xiangting")
    four = xiangting.PlayerCount.FOUR
    n = n_hands(100_000, 40)
    c13 = wall_rows(1, n, 13)
    sh, mask, _ = mf.useful_tiles_batch(c13, rules="riichi")
    bits = (mask.astype(np.int64) << np.arange(N_KINDS, dtype=np.int64)).sum(axis=1)
    for r in range(n):
        rn, nt = xiangting.calculate_necessary_tiles(c13[r].tolist(), four)
        assert (sh[r], bits[r]) == (rn - 1, nt), c13[r].tolist()
    c14 = wall_rows(2, n, 14)
    got = mf.discard_analysis_batch(c14, rules="riichi")
    keep = (got.keep.astype(np.int64) << np.arange(N_KINDS, dtype=np.int64)).sum(axis=1)
    for r in range(n):
        rn, ut = xiangting.calculate_unnecessary_tiles(c14[r].tolist(), four)
        assert keep[r] == ut, c14[r].tolist()
    for r in range(min(n, n_hands(5000, 10))):
        u = mf.useful_tiles(c13[r].tobytes(), encoding="counts", rules="riichi")
        assert sum(1 << t for t in u.tiles) == bits[r]


def test_jansou_discard_evaluation_with_visible():
    pytest.importorskip("jansou")
    from jansou.analysis.efficiency import discard_evaluation
    from jansou.core.hand import Hand
    from jansou.core.tiles import Tile

    rng = random.Random(3)
    n = n_hands(10_000, 15)
    c14 = wall_rows(4, n, 14)
    for r in range(n):
        counts = c14[r].tolist()
        seen = [0] * N_KINDS
        for t in rng.sample(range(N_KINDS), 8):
            seen[t] = rng.randint(0, 4 - counts[t])
        hand = Hand(tuple(Tile(t) for t in range(N_KINDS) for _ in range(counts[t])))
        theirs = discard_evaluation(hand, visible=seen)
        ours = mf.discard_analysis(c14[r].tobytes(), encoding="counts", visible=bytes(seen), rules="riichi")
        mine = {int(d.tile): (d.shanten, {int(t): v for t, v in d.useful.counts.items() if v}) for d in ours}
        assert mine == {int(o.discard): (o.shanten, {int(k): v for k, v in o.acceptance.items()}) for o in theirs}
        order = [(o.shanten, -o.total_acceptance) for o in theirs]
        assert order == [(d.shanten, -d.useful.total) for d in ours]


def test_gb_useful_tiles():
    gb = pytest.importorskip("MahjongGB")
    forms = (gb.RegularShanten, gb.SevenPairsShanten, gb.ThirteenOrphansShanten,
             gb.HonorsAndKnittedTilesShanten, gb.KnittedStraightShanten)
    n = n_hands(50_000, 20)
    c13 = wall_rows(5, n, 13)
    sh, mask, _ = mf.useful_tiles_batch(c13, rules="gb")
    for r in range(n):
        hand = tuple(GB_NAMES[t] for t in range(N_KINDS) for _ in range(c13[r, t]))
        results = [form(hand) for form in forms]
        best = min(s for s, _ in results)
        useful = set()
        for s, tiles in results:
            if s == best:
                useful |= {GB_INDEX[t] for t in tiles}
        useful = {t for t in useful if c13[r, t] < 4}
        assert (sh[r], set(np.nonzero(mask[r])[0].tolist())) == (best, useful), hand
