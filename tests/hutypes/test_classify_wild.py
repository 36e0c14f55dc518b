"""``classify(wild=)``: the best hu type against a brute force over every joker placement.

The brute force lets the jokers stand for every multiset of kinds (with
``fifth=False`` only those that keep every kind at four copies, melds counted),
classifies each resulting hand by the rules (vectorised with numpy; the
standard form per part through a memoised split search) and keeps the best by
(shape priority, then 字一色 > 清一色 > 混一色 > none).
"""
from __future__ import annotations

import importlib
import itertools
import random
from functools import cache, lru_cache

import numpy as np
import pytest

import mahjong_fast as mf
from mahjong_fast._classify import HuType
from mahjong_fast._dispatch import is_compiled
from mahjong_fast._layout import FIRST_HONOR, N_KINDS, ORPHANS, SUIT_SIZE

from support.hu_types import (
    CHOW,
    CONCEALED_KONG,
    HUTYPE_KERNELS,
    meld_bytes,
    meld_counts,
    naive_hu,
    random_case,
)

PARTS = ((0, 9, True), (9, 18, True), (18, 27, True), (27, 34, False))
SHAPE_RANK = {HuType.SHI_SAN_YAO: 6, HuType.HAO_HUA_QI_DUI: 5, HuType.QI_DA_DUI: 4,
              HuType.QI_XIAO_DUI: 3, HuType.DUI_DUI_HU: 2, HuType.PING_HU: 1}
SUIT_RANK = {HuType.ZI_YI_SE: 3, HuType.QING_YI_SE: 2, HuType.HUN_YI_SE: 1}


@pytest.fixture(params=list(HUTYPE_KERNELS), scope="module")
def kernel(request):
    """The hu-type kernel module of each implementation under test."""
    module = importlib.import_module(HUTYPE_KERNELS[request.param])
    assert is_compiled(module) == (request.param == "c-extension")
    return module


@cache
def placements(jokers: int) -> tuple[np.ndarray, list[tuple[np.ndarray, np.ndarray]]]:
    """Every multiset of ``jokers`` kinds, as rows of 34 counts, and per part the distinct
    base-16 keys of its columns with each row's index among them."""
    rows = list(itertools.combinations_with_replacement(range(N_KINDS), jokers))
    out = np.zeros((len(rows), N_KINDS), dtype=np.int16)
    for j in range(jokers):
        np.add.at(out, (np.arange(len(rows)), [r[j] for r in rows]), 1)
    parts = []
    for lo, hi, _ in PARTS:
        keys = out[:, lo:hi].astype(np.int64) @ (16 ** np.arange(hi - lo, dtype=np.int64))
        uniq, inverse = np.unique(keys, return_inverse=True)
        parts.append((uniq, inverse.reshape(-1)))
    return out, parts


@cache
def part_splits(part: tuple[int, ...], chows: bool, pair: bool) -> bool:
    """Whether a part splits into melds (and one pair if ``pair``), any count size."""
    i = next((t for t, v in enumerate(part) if v), -1)
    if i < 0:
        return not pair
    rest = list(part)
    if pair and rest[i] >= 2:
        rest[i] -= 2
        if part_splits(tuple(rest), chows, False):
            return True
        rest[i] += 2
    if rest[i] >= 3:
        rest[i] -= 3
        if part_splits(tuple(rest), chows, pair):
            return True
        rest[i] += 3
    if chows and i + 2 < len(rest) and rest[i + 1] and rest[i + 2]:
        for t in (i, i + 1, i + 2):
            rest[t] -= 1
        return part_splits(tuple(rest), chows, pair)
    return False


@cache
def part_ok(key: int, width: int, chows: bool) -> bool:
    """Whether the part whose counts are the base-16 digits of ``key`` splits into melds
    (and the pair, when its size is 2 mod 3)."""
    part = tuple((key >> (4 * i)) & 15 for i in range(width))
    size = sum(part) % 3
    return size != 1 and part_splits(part, chows, size == 2)


def brute_force(counts, wild, melds, self_drawn, fifth) -> int:
    """The best hu type over every placement of the jokers, by classifying each."""
    real = np.array([0 if t in wild else counts[t] for t in range(N_KINDS)], dtype=np.int16)
    jokers = sum(counts) - int(real.sum())
    declared = np.array(meld_counts(melds), dtype=np.int16)
    added, part_keys = placements(jokers)
    rows = real + added
    allowed = (rows + declared <= 4).all(axis=1) if not fifth else np.ones(len(rows), dtype=bool)
    mod3 = rows % 3
    pairs = (mod3 == 2).sum(axis=1)
    standard = np.ones(len(rows), dtype=bool)
    pair_parts = np.zeros(len(rows), dtype=np.int64)
    for (lo, hi, chows), (uniq, inverse) in zip(PARTS, part_keys):
        # Digits stay below 16 (4 held + 4 jokers), so keys add digit by digit.
        base = int(real[lo:hi].astype(np.int64) @ (16 ** np.arange(hi - lo, dtype=np.int64)))
        ok = np.array([part_ok(base + int(k), hi - lo, chows) for k in uniq])
        standard &= ok[inverse]
        pair_parts += rows[:, lo:hi].sum(axis=1) % 3 == 2
    standard &= pair_parts == 1
    shape = np.zeros(len(rows), dtype=np.int64)
    all_pungs = (pairs == 1) & (mod3 != 1).all(axis=1)
    shape[standard] = SHAPE_RANK[HuType.PING_HU]
    if not any(k == CHOW for k, _ in melds):
        shape[all_pungs] = SHAPE_RANK[HuType.DUI_DUI_HU]
    if not melds:
        even = (rows % 2 == 0).all(axis=1)
        fours = (rows // 4).sum(axis=1)
        shape[even] = SHAPE_RANK[HuType.QI_XIAO_DUI]
        shape[even & (fours == 1)] = SHAPE_RANK[HuType.QI_DA_DUI]
        shape[even & (fours >= 2)] = SHAPE_RANK[HuType.HAO_HUA_QI_DUI]
        orphans = list(ORPHANS)
        others = [t for t in range(N_KINDS) if t not in ORPHANS]
        ssy = (rows[:, orphans] >= 1).all(axis=1) & (rows[:, others] == 0).all(axis=1) \
            & (rows[:, orphans] <= 2).all(axis=1)
        shape[ssy] = SHAPE_RANK[HuType.SHI_SAN_YAO]
    whole = rows + declared
    suits = sum((whole[:, g * SUIT_SIZE:(g + 1) * SUIT_SIZE].sum(axis=1) > 0).astype(int)
                for g in range(3))
    honors = whole[:, FIRST_HONOR:].sum(axis=1) > 0
    suit_rank = np.where(suits == 0, 3, np.where(suits == 1, np.where(honors, 1, 2), 0))
    score = np.where(allowed, shape * 4 + suit_rank, -1)
    best = int(score.max())
    if best < 4:
        return 0
    flag = {r: f for f, r in SHAPE_RANK.items()}[best // 4]
    result = int(flag) | (int({r: f for f, r in SUIT_RANK.items()}[best % 4]) if best % 4 else 0)
    if all(k == CONCEALED_KONG for k, _ in melds):
        result |= HuType.MEN_QING
    if len(melds) == 4 and not self_drawn and all(k != CONCEALED_KONG for k, _ in melds):
        result |= HuType.QUAN_QIU_REN
    return result


def wild_case(rng: random.Random):
    """A whole hand with 1-4 jokers: a winning-biased hand with tiles turned into a wild kind."""
    while True:
        c, melds, self_drawn = random_case(rng)
        wild = rng.randrange(N_KINDS)
        jokers = rng.choice((1, 1, 2, 2, 2, 3, 3, 4))
        held = [t for t in range(N_KINDS) for _ in range(c[t]) if t != wild]
        whole = [a + b for a, b in zip(c, meld_counts(melds))]
        room = 4 - whole[wild]
        turn = min(jokers - c[wild], room, len(held))
        if c[wild] > 4 or c[wild] + max(turn, 0) == 0 or c[wild] > jokers:
            continue
        for t in rng.sample(held, max(turn, 0)):
            c[t] -= 1
            c[wild] += 1
        if 1 <= c[wild] <= 4:
            return c, (wild,), melds, self_drawn, rng.random() < 0.7


@lru_cache(maxsize=1)
def cases(n: int = 5000):
    rng = random.Random(4242)
    out = []
    for _ in range(n):
        c, wild, melds, self_drawn, fifth = wild_case(rng)
        out.append((c, wild, melds, self_drawn, fifth,
                    brute_force(c, wild, melds, self_drawn, fifth)))
    return out


def test_wild_kernel_matches_brute_force(kernel):
    wins = 0
    for c, wild, melds, self_drawn, fifth, expected in cases():
        mask = bytes(1 if t in wild else 0 for t in range(N_KINDS))
        got = kernel.hu_type_wild(bytes(c), mask, meld_bytes(melds), self_drawn, fifth)
        assert got == expected, (c, wild, melds, self_drawn, fifth, HuType(got), HuType(expected))
        wins += expected != 0
    assert wins > len(cases()) // 2


def test_brute_force_without_jokers_is_the_reference():
    rng = random.Random(5)
    for _ in range(300):
        c, melds, self_drawn = random_case(rng)
        assert brute_force(c, (), melds, self_drawn, True) == naive_hu(c, melds, self_drawn)


def test_many_jokers(kernel):
    """Hands of 5-14 jokers: never below a sampled placement, both kernels agree."""
    pure = importlib.import_module("mahjong_fast._kernels.hutype_py")
    rng = random.Random(99)
    for _ in range(300 if is_compiled(kernel) else 100):
        n_melds = rng.choice((0, 0, 1, 2, 3))
        size = 14 - 3 * n_melds
        jokers = rng.randint(5, min(14, size))
        wild = rng.randrange(FIRST_HONOR, N_KINDS)
        melds = [(1, t) for t in rng.sample(range(FIRST_HONOR), n_melds)]
        c = [0] * N_KINDS
        c[wild] = 4
        extra = jokers - 4
        if extra > 0:  # a second wild kind
            other = (wild - FIRST_HONOR + 1) % 7 + FIRST_HONOR
            c[other] = min(4, extra)
            jokers = 4 + c[other]
            kinds = (wild, other)
        else:
            c[wild] = jokers
            kinds = (wild,)
        whole = meld_counts(melds)
        while sum(c) < size:
            t = rng.randrange(FIRST_HONOR)
            if c[t] + whole[t] < 4:
                c[t] += 1
        mask = bytes(1 if t in kinds else 0 for t in range(N_KINDS))
        fifth = rng.random() < 0.5
        got = kernel.hu_type_wild(bytes(c), mask, meld_bytes(melds), False, fifth)
        assert got == pure.hu_type_wild(bytes(c), mask, meld_bytes(melds), False, fifth)
        real = [0 if mask[t] else c[t] for t in range(N_KINDS)]
        for _ in range(20):
            placed = list(real)
            for _ in range(jokers):
                placed[rng.randrange(N_KINDS)] += 1
            if not fifth and any(a + b > 4 for a, b in zip(placed, whole)):
                continue
            sample = naive_hu(placed, melds, False)
            assert rank(got) >= rank(sample), (c, kinds, melds, HuType(got), HuType(sample))


def rank(value: int) -> tuple[int, int]:
    h = HuType(value)
    return SHAPE_RANK.get(h.shape, 0), max((r for f, r in SUIT_RANK.items() if h & f), default=0)


def test_all_jokers_is_thirteen_orphans(kernel):
    mask = bytes(1 if t >= FIRST_HONOR else 0 for t in range(N_KINDS))
    c = bytes([0] * FIRST_HONOR + [2, 2, 2, 2, 2, 2, 2])
    assert kernel.hu_type_wild(c, mask) == HuType.SHI_SAN_YAO | HuType.MEN_QING


@pytest.mark.parametrize("text, wild, expected", [
    ("1112345678999m5z", "5z", HuType.PING_HU | HuType.QING_YI_SE | HuType.MEN_QING),
    ("11223344556677m", "7m", HuType.QI_DA_DUI | HuType.QING_YI_SE | HuType.MEN_QING),
    ("11223344556677m", ["6m", "7m"], HuType.HAO_HUA_QI_DUI | HuType.QING_YI_SE | HuType.MEN_QING),
    ("19m19p19s1234567z7z", "7z", HuType.SHI_SAN_YAO | HuType.MEN_QING),
    ("123m456p789s1122z7z", "7z", HuType.PING_HU | HuType.MEN_QING),
])
def test_classify_wild_examples(text, wild, expected):
    assert mf.classify(text, wild=wild) == expected


def test_classify_wild_errors_and_defaults():
    assert mf.classify("11223344556677m", wild=None) == mf.classify("11223344556677m")
    assert mf.classify("11223344556677m", wild="5z") == mf.classify("11223344556677m")
    with pytest.raises(TypeError, match="fifth"):
        mf.classify("11223344556677m", wild="5z", fifth=1)
    with pytest.raises(TypeError, match="wild"):
        mf.classify("11223344556677m", wild={"5z"})
    with pytest.raises(ValueError, match="wild"):
        mf.classify("11223344556677m", wild="8z")
    with pytest.raises(ValueError, match="14 tiles"):
        mf.classify("1122334455667m", wild="7m")


def test_classify_wins_exactly_when_is_win_does():
    rng = random.Random(31)
    for _ in range(2000):
        c, wild, melds, self_drawn, fifth = wild_case(rng)
        objs = [mf.Meld(("chow", "pung", "kong", "kong")[k], t, k == CONCEALED_KONG)
                for k, t in melds]
        tiles = [t for t in range(N_KINDS) for _ in range(c[t])]
        hu = mf.classify(tiles, melds=objs, self_drawn=self_drawn, wild=wild, fifth=fifth)
        assert bool(hu) == mf.is_win(tiles, melds=objs, wild=wild, fifth=fifth), (c, wild, melds)
