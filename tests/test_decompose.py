"""The decomposition kernel (both implementations) against a naive enumeration."""
from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from conftest import kernel_impls

CHOW_STARTS = [t for t in range(27) if t % 9 <= 6]
CANDIDATES = [("chow", t) for t in CHOW_STARTS] + [("pung", t) for t in range(34)]


def meld_tiles(meld):
    kind, t = meld
    return (t, t + 1, t + 2) if kind == "chow" else (t, t, t)


def naive_splits(counts):
    """Every (pair, sorted melds) split, by brute force over meld multisets.

    Independent of the kernels' lowest-tile recursion: for each pair it tries
    every multiset of candidate melds (candidates taken in non-decreasing list
    order) and keeps those that use up the tiles exactly.
    """
    counts = list(counts)
    total = sum(counts)
    if total % 3 != 2:
        return []
    n = (total - 2) // 3
    found = set()
    for pair in range(34):
        if counts[pair] < 2:
            continue
        rest = counts[:]
        rest[pair] -= 2
        cands = [m for m in CANDIDATES if all(rest[t] for t in meld_tiles(m))]

        def search(start, left, chosen):
            if left == 0:
                if not any(rest):
                    found.add((pair, tuple(sorted(chosen))))
                return
            for j in range(start, len(cands)):
                tiles = meld_tiles(cands[j])
                for t in tiles:
                    rest[t] -= 1
                if min(rest[t] for t in tiles) >= 0:
                    chosen.append(cands[j])
                    search(j, left - 1, chosen)
                    chosen.pop()
                for t in tiles:
                    rest[t] += 1

        search(0, n, [])
    return sorted(found)


def to_counts(text):
    """Counts from mpsz text, e.g. ``"123m11z"`` (tests stay independent of the parser)."""
    counts = [0] * 34
    base = {"m": 0, "p": 9, "s": 18, "z": 27}
    digits = []
    for ch in text:
        if ch.isdigit():
            digits.append(int(ch))
        else:
            for d in digits:
                counts[base[ch] + d - 1] += 1
            digits = []
    return bytes(counts)


def random_hand(rng, n_melds, tiles):
    """A random pair + ``n_melds`` melds drawn over ``tiles`` (at most 4 copies)."""
    pungs = [("pung", t) for t in tiles]
    chows = [("chow", t) for t in tiles if t in CHOW_STARTS and t + 2 in tiles]
    while True:
        counts = [0] * 34
        counts[rng.choice(tiles)] += 2
        for _ in range(n_melds):
            meld = rng.choice(pungs + chows if rng.random() < 0.5 else chows or pungs)
            for t in meld_tiles(meld):
                counts[t] += 1
        if max(counts) <= 4:
            return bytes(counts)


def vectors(length, total, cap=4):
    """Every tuple of ``length`` counts 0..cap summing to ``total``."""
    if length == 0:
        if total == 0:
            yield ()
        return
    for first in range(min(cap, total) + 1):
        for rest in vectors(length - 1, total - first, cap):
            yield (first,) + rest


def check(impl, counts):
    got = impl.decompose_counts(counts)
    assert got == naive_splits(counts), counts
    assert len(set(got)) == len(got)
    for pair, melds in got:
        used = Counter({pair: 2})
        for meld in melds:
            used.update(meld_tiles(meld))
        assert [used[t] for t in range(34)] == list(counts)
    return got


@pytest.fixture(params=kernel_impls("_decompose"), scope="module")
def impl(request):
    return request.param()


def is_compiled(impl):
    return not impl.__file__.endswith(".py")


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
def test_known_cases(impl, text, expected):
    counts = to_counts(text)
    assert impl.decompose_counts(counts) == expected
    assert naive_splits(counts) == expected


def test_result_types(impl):
    [(pair, melds)] = impl.decompose_counts(to_counts("123m456p789s111z22z"))
    assert type(pair) is int and type(melds) is tuple
    assert all(type(kind) is str and type(t) is int for kind, t in melds)


def test_accepts_any_34_values(impl):
    counts = to_counts("111222333m44m")
    expected = impl.decompose_counts(counts)
    assert impl.decompose_counts(list(counts)) == expected
    assert impl.decompose_counts(bytearray(counts)) == expected
    assert impl.decompose_counts(memoryview(counts)) == expected


@pytest.mark.parametrize("bad", [b"", bytes(33), bytes(35), [0] * 40])
def test_wrong_length(impl, bad):
    with pytest.raises(ValueError, match="34"):
        impl.decompose_counts(bad)


def test_out_of_contract_counts_do_not_crash(impl):
    assert impl.decompose_counts(bytes([5, 5, 5] + [0] * 30 + [2])) == []
    assert impl.decompose_counts(bytes([255] * 34)) == []


def test_counts_not_modified(impl):
    data = bytearray(to_counts("11112222333344m"))
    before = bytes(data)
    impl.decompose_counts(data)
    assert bytes(data) == before


@pytest.mark.parametrize("total", [2, 5, 8])
def test_exhaustive_one_suit(impl, total):
    wins = 0
    for vec in vectors(9, total):
        counts = bytes(vec) + bytes(25)
        wins += bool(check(impl, counts))
    assert wins > 0


@pytest.mark.parametrize("total", [2, 5, 8])
def test_exhaustive_honors(impl, total):
    for vec in vectors(7, total):
        check(impl, bytes(27) + bytes(vec))


@pytest.mark.parametrize("start", [5, 14, 23])  # windows across 9m|1p, 9p|1s, 9s|1z
def test_exhaustive_across_suit_boundaries(impl, start):
    for total in (2, 5, 8):
        for vec in vectors(8, total, cap=3):
            counts = bytearray(34)
            counts[start:start + 8] = bytes(vec)
            check(impl, bytes(counts))


def test_random_winning_hands(impl):
    rng = random.Random(4)
    n = 10_000 if is_compiled(impl) else 1_500
    one_suit = list(range(9))
    many = 0
    for k in range(n):
        tiles = one_suit if k % 2 else list(range(34))
        got = check(impl, random_hand(rng, 4, tiles))
        assert got
        many += len(got) > 1
    assert many > n // 20  # the sample holds plenty of ambiguous hands


def test_random_winning_hands_of_other_sizes(impl):
    rng = random.Random(5)
    for k in range(600 if is_compiled(impl) else 200):
        n_melds = k % 7
        tiles = list(range(18)) if k % 3 else list(range(34))
        assert check(impl, random_hand(rng, n_melds, tiles))


def test_random_hands(impl):
    rng = random.Random(6)
    wall = [t for t in range(34) for _ in range(4)]
    for k in range(3_000 if is_compiled(impl) else 500):
        pool = wall if k % 2 else wall[:36]  # half from one suit, to find wins
        check(impl, bytes(Counter(rng.sample(pool, 14))[t] for t in range(34)))


@settings(max_examples=300, deadline=None)
@given(st.lists(st.integers(0, 33), min_size=2, max_size=14).filter(lambda ts: len(ts) % 3 == 2))
def test_hypothesis_hands(ts):
    counts = Counter(ts)
    assume(max(counts.values()) <= 4)
    data = bytes(counts[t] for t in range(34))
    expected = naive_splits(data)
    for param in kernel_impls("_decompose"):
        assert param.values[0]().decompose_counts(data) == expected


def test_compiled_and_python_agree_on_heavy_hands():
    """Large concealed parts (beyond 14 tiles) with many splits."""
    impls = [p.values[0]() for p in kernel_impls("_decompose")]
    rng = random.Random(7)
    for _ in range(200):
        counts = random_hand(rng, rng.randrange(5, 12), list(range(9)) + list(range(18, 27)))
        results = [i.decompose_counts(counts) for i in impls]
        assert all(r == results[0] for r in results)
        assert len(set(results[0])) == len(results[0])
    # Four of every suited tile and a pair of 1z: far more splits than the
    # compiled kernel's first buffer holds.
    counts = bytes([4] * 27 + [2] + [0] * 6)
    results = [i.decompose_counts(counts) for i in impls]
    assert len(results[0]) > 100 and all(r == results[0] for r in results)


def test_compiled_module_is_built():
    from mahjong_fast._ext import NO_EXTENSIONS, compiled

    if NO_EXTENSIONS:
        pytest.skip("MAHJONG_FAST_NO_EXTENSIONS is set")
    assert compiled("_decompose") is not None
