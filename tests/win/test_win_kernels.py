"""The win-check kernels (compiled ``win`` and pure ``win_py``) against a naive checker and ``mahjong``.

Every test runs on both implementations.  The yardsticks are the ``support.oracles``
backtracking checker (34 indices, no shared code), a brute-force enumeration of meld
sums for the carry table, and ``mahjong.agari.Agari.is_agari`` on random hands wherever
the riichi rules coincide with ours.
"""
from __future__ import annotations

import functools
import itertools
import random

import pytest

from mahjong_fast._kernels import carry
from mahjong_fast._layout import FIRST_HONOR, N_HONORS, N_KINDS, ORPHANS, SUIT_SIZE

from support.hands import SUIT_OFFSETS, biased_hand, counts_of, place
from support.impls import implementations
from support.oracles import (
    STANDARD_TOTALS,
    naive_is_standard_win,
    naive_seven_pairs,
    naive_thirteen_orphans,
)

WIN_FUNCTIONS = ("win_cluster", "win_carry", "seven_pairs", "thirteen_orphans", "is_win_counts")


@pytest.fixture
def win(impl):
    return impl.win


# ---------------------------------------------------------------- the surface


def test_both_implementations_have_the_same_surface():
    names = set(WIN_FUNCTIONS) | {"carry_table", "run_melds"}
    for impl in implementations():
        public = {n for n in dir(impl.win) if not n.startswith("_")}
        assert names <= public, impl.name


# ---------------------------------------------------------------- exhaustive, one suit


@functools.cache
def one_suit_configs(ranks: int = SUIT_SIZE) -> list[tuple[int, ...]]:
    """Every count vector (0-4 per rank) of 3n+2 tiles, n = 0..4."""
    return [d for d in itertools.product(range(5), repeat=ranks) if sum(d) in STANDARD_TOTALS]


@functools.cache
def naive_answers(ranks: int, offset: int) -> list[bool]:
    return [naive_is_standard_win(place(d, offset)) for d in one_suit_configs(ranks)]


def test_one_suit_configurations_count():
    assert len(one_suit_configs()) == 180_387
    assert sum(naive_answers(SUIT_SIZE, 0)) == 18_874


@pytest.mark.parametrize("suit", "mps")
def test_every_one_suit_configuration(win, suit):
    # All 180,387 configurations for both implementations: about 2 s per suit in pure Python.
    offset = SUIT_OFFSETS[suit]
    expected = naive_answers(SUIT_SIZE, offset)
    hands = [place(d, offset) for d in one_suit_configs()]
    assert [win.win_cluster(h) for h in hands] == expected
    assert [win.win_carry(h) for h in hands] == expected


def test_every_honor_configuration(win):
    # Seven honor kinds: the same count vectors must never chow (1z2z3z is no meld).
    expected = naive_answers(N_HONORS, FIRST_HONOR)
    hands = [place(d, FIRST_HONOR) for d in one_suit_configs(N_HONORS)]
    assert [win.win_cluster(h) for h in hands] == expected
    assert [win.win_carry(h) for h in hands] == expected
    suited = naive_answers(N_HONORS, 0)
    assert sum(expected) < sum(suited)  # the honors lose every chow split


# ---------------------------------------------------------------- carry table


def splittable_runs(length: int, lowest: int = 1) -> set[tuple[int, ...]]:
    """Brute force: every digit string (digits lowest..4, lead digit >= 1) that is a sum of melds.

    Chooses at each rank one pung or none and 0-4 chows starting there, with no
    shortcut, and keeps the sums whose digits stay in range.
    """
    found: set[tuple[int, ...]] = set()

    def extend(rank: int, digits: tuple[int, ...], older: int, newer: int) -> None:
        # older / newer: chows started two ranks / one rank back, still covering ``rank``.
        if rank == length:
            found.add(digits)
            return
        floor = 1 if rank == 0 else lowest
        for pung in (0, 3):
            for chows in range(5 if rank + 2 < length else 1):
                d = pung + older + newer + chows
                if floor <= d <= 4:
                    extend(rank + 1, digits + (d,), newer, chows)

    extend(0, (), 0, 0)
    return found


def test_brute_force_runs_sanity():
    runs = splittable_runs(5)
    assert (3, 1, 2, 2, 1) in runs
    assert (1, 2, 1, 1, 1) not in runs
    assert splittable_runs(3) >= {(1, 1, 1), (3, 3, 3), (4, 4, 4), (2, 2, 2)}
    assert (1, 2, 1) not in splittable_runs(3)


def test_carry_table_is_derived_the_same_way(win):
    table = win.carry_table()
    assert table == carry.carry_table()
    for head, strip in table.items():
        rest = head - strip
        assert rest >= 0 and rest < 100, (head, strip)  # the lead digit is used up
        assert all(int(a) >= int(b) for a, b in zip(f"{head:03d}", f"{strip:03d}")), (head, strip)


def test_carry_table_missing_heads_never_split():
    table = carry.carry_table()
    heads = {r[:3] for n in range(3, 8) for r in splittable_runs(n, lowest=0)}
    for head in itertools.product(range(1, 5), range(5), range(5)):
        key = 100 * head[0] + 10 * head[1] + head[2]
        if key not in table:
            assert head not in heads, head


@pytest.mark.parametrize("length", range(1, 10))
def test_carry_runs_match_brute_force(win, length):
    # Every digit string of digits 1-4 (no gaps inside a run): 349,524 strings in all.
    good = splittable_runs(length)
    for digits in itertools.product(range(1, 5), repeat=length):
        run = int("".join(map(str, digits)))
        assert win.run_melds(run) == (digits in good), digits


@pytest.mark.parametrize("length", range(1, 8))
def test_carry_runs_with_gaps_match_brute_force(win, length):
    good = splittable_runs(length, lowest=0)
    for digits in itertools.product(range(1, 5), *[range(5)] * (length - 1)):
        run = int("".join(map(str, digits)))
        assert win.run_melds(run) == (digits in good), digits


def test_run_melds_examples_and_errors(win):
    assert win.run_melds(0)
    assert win.run_melds(31221)
    assert win.run_melds(111111111)  # the C# carry-table method in single precision says no
    assert win.run_melds(31111113)  # 111 + 234 + 567 + 888; the C# method in single precision says no
    assert not win.run_melds(121)
    assert not win.run_melds(4)
    with pytest.raises(ValueError, match="digits"):
        win.run_melds(10**9)
    with pytest.raises(ValueError, match="0-4"):
        win.run_melds(151)
    with pytest.raises(ValueError):
        win.run_melds(-3)
    with pytest.raises(TypeError):
        win.run_melds(3.0)


# ---------------------------------------------------------------- known traps


@pytest.mark.parametrize(
    ("hand", "expected"),
    [
        ("11223333444455m", True),
        ("111222333m444p55s", True),
        ("123456789m123s11p", True),  # a 9-digit run: the C# carry-table method in single precision says no
        ("11123456788889m", True),
        ("11123456789999m", True),  # nine gates completed by 9m
        ("11m", True),
        ("11z", True),
        ("111z22z", True),
        ("111z222z333z444z55z", True),
        ("123z11m", False),  # honors never chow
        ("567z11m", False),
        ("1234567z1122m", False),
        ("123z456z11m111p", False),
        ("89s1z11m", False),  # 8s 9s and East: not a chow across the honor boundary
        ("9m12p55s", False),  # nor across suits
        ("89m1p55s", False),
        ("1m", False),
        ("12m", False),
        ("", False),
        ("111m", False),
        ("1112345678999m", False),  # 13 tiles: ready, not complete
        ("1112345678999m1p", False),
        ("111222333444m", False),
        ("111222333444555m", False),  # 15 tiles
        ("11122233344455m666p", False),  # 17 tiles: 3n+2, but more than a hand
        ("11m22p5s", False),  # two pairs
        ("11m22z5p", False),
        ("11z22z1m", False),
        ("11112m", False),
        ("11112344m", True),
        ("11112345m", False),
        ("11122233m", True),
        ("11112222333344m", True),
    ],
)
def test_known_hands(win, hand, expected):
    counts = counts_of(hand)
    assert naive_is_standard_win(counts) is expected
    assert win.win_cluster(counts) is expected
    assert win.win_carry(counts) is expected


@pytest.mark.parametrize("tiles", [13, 15, 16, 17])
def test_wrong_sizes_never_win(win, tiles):
    rng = random.Random(tiles)
    pool = [t for t in range(N_KINDS) for _ in range(4)]
    for _ in range(2000):
        counts = bytearray(N_KINDS)
        for t in rng.sample(pool, tiles):
            counts[t] += 1
        assert not win.is_win_counts(bytes(counts), "cluster")
        assert not win.is_win_counts(bytes(counts), "carry")


def test_decimal_codes_example(win):
    # The Java cluster-array method's decimal codes: 11-19 characters (m), 21-29 bamboo (s), 31-39 dots (p).
    suit = {1: 0, 2: 18, 3: 9}
    counts = bytearray(N_KINDS)
    for code in (11, 12, 13, 22, 23, 24, 33, 33, 33, 36, 36):
        counts[suit[code // 10] + code % 10 - 1] += 1
    assert bytes(counts) == counts_of("123m234s33366p")
    assert win.win_cluster(bytes(counts))
    assert win.win_carry(bytes(counts))


# ---------------------------------------------------------------- special forms


@pytest.mark.parametrize(
    ("hand", "pairs", "orphans"),
    [
        ("11223344556677m", True, False),
        ("11112233445566m", True, False),  # four identical are two pairs (not in riichi)
        ("1111222233334z", False, False),
        ("11113333555577z", True, False),  # honors count as pairs too
        ("1199m1199p1199s11z", True, False),
        ("119m19p19s1234567z", False, True),
        ("19m19p19s12345677z", False, True),
        ("19m19p19s1234567z", False, False),  # 13 tiles
        ("119m19p19s1234567z2m", False, False),  # 15 tiles
        ("129m19p19s1234567z", False, False),  # 2m instead of the pair
        ("1122334455667m", False, False),
        ("112233445566777m", False, False),
        ("1122334455666m", False, False),
        ("11223344556666m", True, False),
        ("11122244556677m", False, False),
    ],
)
def test_special_forms(win, hand, pairs, orphans):
    counts = counts_of(hand)
    assert naive_seven_pairs(counts) is pairs
    assert naive_thirteen_orphans(counts) is orphans
    assert win.seven_pairs(counts) is pairs
    assert win.thirteen_orphans(counts) is orphans
    for strategy in ("cluster", "carry"):
        assert win.is_win_counts(counts, strategy) is (pairs or orphans or naive_is_standard_win(counts))


def test_thirteen_orphans_neighbours(win):
    # Each complete hand, then every hand one tile away from it (moved, added, removed).
    for double in ORPHANS:
        base = bytearray(N_KINDS)
        for t in ORPHANS:
            base[t] = 1
        base[double] = 2
        assert win.thirteen_orphans(bytes(base)) and win.is_win_counts(bytes(base), "carry")
        for src in ORPHANS:
            for dst in range(N_KINDS):
                moved = bytearray(base)
                moved[src] -= 1
                moved[dst] += 1
                assert win.thirteen_orphans(bytes(moved)) is naive_thirteen_orphans(bytes(moved))
            fewer = bytearray(base)
            fewer[src] -= 1
            assert not win.thirteen_orphans(bytes(fewer))
        for dst in range(N_KINDS):
            more = bytearray(base)
            more[dst] += 1
            assert not win.thirteen_orphans(bytes(more))


# ---------------------------------------------------------------- random hands against mahjong


def test_random_hands_match_mahjong(impl, win):
    agari = pytest.importorskip("mahjong.agari").Agari()
    rng = random.Random(20240603)
    n = impl.sample(100_000, 5_000)
    wins = near = special = 0
    for _ in range(n):
        counts = biased_hand(rng)
        theirs = agari.is_agari(list(counts))
        four_pairs = naive_seven_pairs(counts) and 4 in counts
        expected = theirs or four_pairs  # riichi counts four identical tiles as one pair at most
        cluster, carry = win.win_cluster(counts), win.win_carry(counts)
        assert cluster == carry, counts
        assert win.is_win_counts(counts, "cluster") == expected, counts
        assert win.is_win_counts(counts, "carry") == expected, counts
        if not (win.seven_pairs(counts) or win.thirteen_orphans(counts)):
            assert cluster == theirs, counts
        else:
            special += 1
        wins += expected
        near += not expected and sum(counts) == 14
    assert wins > n // 4 and near > n // 5 and special > n // 50  # the mix stays meaningful


def test_random_hands_match_naive(win):
    rng = random.Random(7)
    for _ in range(3_000):
        counts = biased_hand(rng)
        expected = naive_is_standard_win(counts)
        assert win.win_cluster(counts) is expected, counts
        assert win.win_carry(counts) is expected, counts


# ---------------------------------------------------------------- inputs


def test_accepts_any_34_byte_buffer(win):
    counts = counts_of("123m456p789s11z")
    for form in (bytearray(counts), memoryview(counts)):
        assert win.win_cluster(form) and win.win_carry(form) and win.is_win_counts(form)
    np = pytest.importorskip("numpy")
    arr = np.frombuffer(counts, dtype=np.uint8).copy()
    assert win.win_cluster(arr) and win.win_carry(arr)
    assert not win.seven_pairs(arr) and not win.thirteen_orphans(arr)


@pytest.mark.parametrize("length", [0, 1, 33, 35, 272])
def test_wrong_length_raises(win, length):
    for fn in (getattr(win, name) for name in WIN_FUNCTIONS):
        with pytest.raises(ValueError, match=str(length)):
            fn(bytes(length))
        with pytest.raises(ValueError, match=str(length)):
            fn(bytearray(length))


def test_bad_inputs_raise_cleanly(win):
    for bad in ("x" * N_KINDS, None, N_KINDS, [0.0] * N_KINDS):
        with pytest.raises(TypeError):
            win.win_cluster(bad)
    # one counts rule for every kernel: a list and a strided buffer are counts too
    np = pytest.importorskip("numpy")
    assert win.win_cluster([0] * N_KINDS) is False
    assert win.win_carry(np.zeros(68, dtype=np.uint8)[::2]) is False
    with pytest.raises(ValueError, match="34 values, got 35"):
        win.win_carry(np.zeros(70, dtype=np.uint8)[::2])
    with pytest.raises(ValueError, match="strategy"):
        win.is_win_counts(bytes(N_KINDS), "table")
    with pytest.raises(ValueError, match="strategy"):
        win.is_win_counts(bytes(N_KINDS), None)


@pytest.mark.parametrize("value", [5, 9, 10, 14, 127, 128, 255])
def test_out_of_range_counts_raise(win, value):
    # One counts rule for every kernel: a count outside 0-4 is a ValueError naming it.
    for tile in (0, 13, 26, 27, 33):
        counts = bytearray(counts_of("123m456p789s11z"))
        counts[tile] = value
        for fn in (getattr(win, name) for name in WIN_FUNCTIONS):
            with pytest.raises(ValueError, match=rf"counts\[{tile}\] = {value} is not a tile count 0-4"):
                fn(bytes(counts))
    with pytest.raises(ValueError, match=r"counts\[0\] = 14"):
        win.is_win_counts(bytes([14]) + bytes(33))  # 14 tiles, one kind
    assert win.is_win_counts(bytes([4, 4, 4, 2]) + bytes(30)) is True


def test_kernels_do_not_modify_input(win):
    counts = bytearray(counts_of("11223333444455m"))
    before = bytes(counts)
    for fn in (getattr(win, name) for name in WIN_FUNCTIONS):
        fn(counts)
    assert bytes(counts) == before
