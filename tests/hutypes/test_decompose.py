"""The decomposition kernel (both implementations) against a naive enumeration."""
from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from mahjong_fast._layout import FIRST_HONOR, N_HONORS, N_KINDS

from support.hands import counts_of, meld_hand
from support.impls import implementations
from support.oracles import meld_tiles, naive_splits


def vectors(length, total, cap=4):
    """Every tuple of ``length`` counts 0..cap summing to ``total``."""
    if length == 0:
        if total == 0:
            yield ()
        return
    for first in range(min(cap, total) + 1):
        for rest in vectors(length - 1, total - first, cap):
            yield (first,) + rest


def check(dec, counts):
    got = dec.decompose_counts(counts)
    assert got == naive_splits(counts), counts
    assert len(set(got)) == len(got)
    for pair, melds in got:
        used = Counter({pair: 2})
        for meld in melds:
            used.update(meld_tiles(meld))
        assert [used[t] for t in range(N_KINDS)] == list(counts)
    return got


@pytest.fixture
def dec(impl):
    return impl.decompose


M = "chow"
P = "pung"


@pytest.mark.parametrize(
    "text, expected",
    [
        ("111222333m44m", [(0, ((M, 0), (M, 1), (M, 1))), (3, ((M, 0),) * 3), (3, ((P, 0), (P, 1), (P, 2)))]),
        ("11223344556677m", [
            (0, ((M, 1), (M, 1), (M, 4), (M, 4))),
            (3, ((M, 0), (M, 0), (M, 4), (M, 4))),
            (6, ((M, 0), (M, 0), (M, 3), (M, 3))),
        ]),
        ("11112222333344m", [
            (0, ((M, 0), (M, 0), (M, 1), (M, 1))),
            (3, ((M, 0),) * 4),
            (3, ((M, 0), (P, 0), (P, 1), (P, 2))),
        ]),
        ("11223344m", [(0, ((M, 1), (M, 1))), (3, ((M, 0), (M, 0)))]),
        ("123m456p789s555z11z", [(27, ((M, 0), (M, 12), (M, 24), (P, 31)))]),
        ("111m222p333s444z55z", [(31, ((P, 0), (P, 10), (P, 20), (P, 30)))]),
        ("11m", [(0, ())]),
        ("111122223333m", []),  # 12 tiles: not 3n+2
        ("1112223334445m", []),  # 13 tiles
        ("123z11m", []),  # honors never chow
        ("567z55z", []),
        ("89m1p11s", []),  # chows never cross suits
        ("9m12p11s", []),
        ("89s1z11m", []),
        ("11223344556677z", []),  # seven pairs are not a standard split
        ("19m19p19s1234567z1m", []),  # nor are thirteen orphans
        ("", []),
    ],
)
def test_known_cases(dec, text, expected):
    counts = counts_of(text)
    assert dec.decompose_counts(counts) == expected
    assert naive_splits(counts) == expected


def test_result_types(dec):
    [(pair, melds)] = dec.decompose_counts(counts_of("123m456p789s111z22z"))
    assert type(pair) is int and type(melds) is tuple
    assert all(type(kind) is str and type(t) is int for kind, t in melds)


def test_accepts_any_34_values(dec):
    counts = counts_of("111222333m44m")
    expected = dec.decompose_counts(counts)
    assert dec.decompose_counts(list(counts)) == expected
    assert dec.decompose_counts(bytearray(counts)) == expected
    assert dec.decompose_counts(memoryview(counts)) == expected


@pytest.mark.parametrize("bad", [b"", bytes(33), bytes(35), [0] * 40])
def test_wrong_length(dec, bad):
    with pytest.raises(ValueError, match="34"):
        dec.decompose_counts(bad)


def test_out_of_range_counts_raise(dec):
    with pytest.raises(ValueError, match=r"counts\[0\] = 5 is not a tile count 0-4"):
        dec.decompose_counts(bytes([5, 5, 5] + [0] * 30 + [2]))
    with pytest.raises(ValueError, match=r"counts\[0\] = 255"):
        dec.decompose_counts(bytes([255] * N_KINDS))


def test_counts_not_modified(dec):
    data = bytearray(counts_of("11112222333344m"))
    before = bytes(data)
    dec.decompose_counts(data)
    assert bytes(data) == before


@pytest.mark.parametrize("total", [2, 5, 8])
def test_exhaustive_one_suit(dec, total):
    wins = 0
    for vec in vectors(9, total):
        counts = bytes(vec) + bytes(25)
        wins += bool(check(dec, counts))
    assert wins > 0


@pytest.mark.parametrize("total", [2, 5, 8])
def test_exhaustive_honors(dec, total):
    for vec in vectors(7, total):
        check(dec, bytes(FIRST_HONOR) + bytes(vec))


@pytest.mark.parametrize("start", [5, 14, 23])  # windows across 9m|1p, 9p|1s, 9s|1z
def test_exhaustive_across_suit_boundaries(dec, start):
    for total in (2, 5, 8):
        for vec in vectors(8, total, cap=3):
            counts = bytearray(N_KINDS)
            counts[start:start + 8] = bytes(vec)
            check(dec, bytes(counts))


def test_random_winning_hands(impl, dec):
    rng = random.Random(4)
    n = impl.sample(10_000, 1_500)
    one_suit = list(range(9))
    many = 0
    for k in range(n):
        tiles = one_suit if k % 2 else list(range(N_KINDS))
        got = check(dec, meld_hand(rng, 4, tiles))
        assert got
        many += len(got) > 1
    assert many > n // 20  # the sample holds plenty of ambiguous hands


def test_random_winning_hands_of_other_sizes(impl, dec):
    rng = random.Random(5)
    for k in range(impl.sample(600, 200)):
        n_melds = k % 7
        tiles = list(range(18)) if k % 3 else list(range(N_KINDS))
        assert check(dec, meld_hand(rng, n_melds, tiles))


def test_random_hands(impl, dec):
    rng = random.Random(6)
    wall = [t for t in range(N_KINDS) for _ in range(4)]
    for k in range(impl.sample(3_000, 500)):
        pool = wall if k % 2 else wall[:36]  # half from one suit, to find wins
        check(dec, bytes(Counter(rng.sample(pool, 14))[t] for t in range(N_KINDS)))


@settings(max_examples=300, deadline=None)
@given(st.lists(st.integers(0, 33), min_size=2, max_size=14).filter(lambda ts: len(ts) % 3 == 2))
def test_hypothesis_hands(ts):
    counts = Counter(ts)
    assume(max(counts.values()) <= 4)
    data = bytes(counts[t] for t in range(N_KINDS))
    expected = naive_splits(data)
    for impl in implementations():
        assert impl.decompose.decompose_counts(data) == expected


def test_compiled_and_python_agree_on_heavy_hands():
    """Large concealed parts (beyond 14 tiles) with many splits."""
    impls = [impl.decompose for impl in implementations()]
    rng = random.Random(7)
    for _ in range(200):
        counts = meld_hand(rng, rng.randrange(5, 12), list(range(9)) + list(range(18, 27)))
        results = [i.decompose_counts(counts) for i in impls]
        assert all(r == results[0] for r in results)
        assert len(set(results[0])) == len(results[0])
    # Four of every suited tile and a pair of 1z: far more splits than the
    # compiled kernel's first buffer holds.
    counts = bytes([4] * FIRST_HONOR + [2] + [0] * (N_HONORS - 1))
    results = [i.decompose_counts(counts) for i in impls]
    assert len(results[0]) > 100 and all(r == results[0] for r in results)

