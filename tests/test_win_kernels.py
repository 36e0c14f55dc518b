"""The win-check kernels (compiled ``_win`` and pure ``_win_py``) against a naive checker and ``mahjong``.

Every test runs on both implementations.  The yardsticks are ``naive`` (34-index
backtracking, no shared code), a brute-force enumeration of meld sums for the
carry table, and ``mahjong.agari.Agari.is_agari`` on random hands wherever the
riichi rules coincide with ours.
"""
from __future__ import annotations

import functools
import importlib
import importlib.machinery
import itertools
import random

import pytest
from conftest import kernel_impls
from naive import naive_is_standard_win, naive_seven_pairs, naive_thirteen_orphans

from mahjong_fast import _dispatch
from conftest import compiled_kernel

SUIT_OFFSETS = {"m": 0, "p": 9, "s": 18, "z": 27}
STANDARD_TOTALS = (2, 5, 8, 11, 14)
ORPHANS = (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33)


@pytest.fixture(params=kernel_impls("_win"), scope="module")
def win(request):
    return request.param()


def is_compiled(mod) -> bool:
    return mod.__file__.endswith(tuple(importlib.machinery.EXTENSION_SUFFIXES))


def counts_of(text: str) -> bytes:
    """34 counts of an mpsz string such as ``"123m456p11z"`` (test helper, no validation)."""
    counts = bytearray(34)
    digits: list[int] = []
    for ch in text:
        if ch.isdigit():
            digits.append(int(ch))
        else:
            for d in digits:
                counts[SUIT_OFFSETS[ch] + d - 1] += 1
            digits = []
    return bytes(counts)


def place(config: tuple[int, ...], offset: int) -> bytes:
    counts = bytearray(34)
    counts[offset : offset + len(config)] = bytes(config)
    return bytes(counts)


# ---------------------------------------------------------------- the build


@pytest.mark.skipif(_dispatch.NO_EXTENSIONS, reason="MAHJONG_FAST_NO_EXTENSIONS is set")
def test_compiled_module_is_an_extension():
    mod = importlib.import_module("mahjong_fast._win")
    assert is_compiled(mod), mod.__file__
    assert getattr(_dispatch, "win") is mod
    assert compiled_kernel("win") is mod


def test_both_implementations_have_the_same_surface():
    py = importlib.import_module("mahjong_fast._win_py")
    names = {"win_cluster", "win_carry", "seven_pairs", "thirteen_orphans", "is_win_counts"}
    names |= {"carry_table", "run_melds"}
    assert names <= set(dir(py))
    c = compiled_kernel("win")
    if c is not None:
        assert names <= set(dir(c))


# ---------------------------------------------------------------- exhaustive, one suit


@functools.cache
def one_suit_configs(ranks: int = 9) -> list[tuple[int, ...]]:
    """Every count vector (0-4 per rank) of 3n+2 tiles, n = 0..4."""
    return [d for d in itertools.product(range(5), repeat=ranks) if sum(d) in STANDARD_TOTALS]


@functools.cache
def naive_answers(ranks: int, offset: int) -> list[bool]:
    return [naive_is_standard_win(place(d, offset)) for d in one_suit_configs(ranks)]


def test_one_suit_configurations_count():
    assert len(one_suit_configs()) == 180_387
    assert sum(naive_answers(9, 0)) == 18_874


@pytest.mark.parametrize("suit", "mps")
def test_every_one_suit_configuration(win, suit):
    # All 180,387 configurations for both implementations: about 2 s per suit in pure Python.
    offset = SUIT_OFFSETS[suit]
    expected = naive_answers(9, offset)
    hands = [place(d, offset) for d in one_suit_configs()]
    assert [win.win_cluster(h) for h in hands] == expected
    assert [win.win_carry(h) for h in hands] == expected


def test_every_honor_configuration(win):
    # Seven honor kinds: the same count vectors must never chow (1z2z3z is no meld).
    expected = naive_answers(7, 27)
    hands = [place(d, 27) for d in one_suit_configs(7)]
    assert [win.win_cluster(h) for h in hands] == expected
    assert [win.win_carry(h) for h in hands] == expected
    suited = naive_answers(7, 0)
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
    assert table == importlib.import_module("mahjong_fast._win_py").carry_table()
    for head, strip in table.items():
        rest = head - strip
        assert rest >= 0 and rest < 100, (head, strip)  # the lead digit is used up
        assert all(int(a) >= int(b) for a, b in zip(f"{head:03d}", f"{strip:03d}")), (head, strip)


def test_carry_table_missing_heads_never_split():
    from mahjong_fast._win_py import carry_table

    table = carry_table()
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
    assert win.run_melds(111111111)  # seed 004 in single precision says no
    assert win.run_melds(31111113)  # 111 + 234 + 567 + 888; seed 004 in single precision says no
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
        ("123456789m123s11p", True),  # a 9-digit run: seed 004 in single precision says no
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
    pool = [t for t in range(34) for _ in range(4)]
    for _ in range(2000):
        counts = bytearray(34)
        for t in rng.sample(pool, tiles):
            counts[t] += 1
        assert not win.is_win_counts(bytes(counts), "cluster")
        assert not win.is_win_counts(bytes(counts), "carry")


def test_seed_000_example(win):
    # Seed 000's decimal codes: 11-19 characters (m), 21-29 bamboo (s), 31-39 dots (p).
    suit = {1: 0, 2: 18, 3: 9}
    counts = bytearray(34)
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
        base = bytearray(34)
        for t in ORPHANS:
            base[t] = 1
        base[double] = 2
        assert win.thirteen_orphans(bytes(base)) and win.is_win_counts(bytes(base), "carry")
        for src in ORPHANS:
            for dst in range(34):
                moved = bytearray(base)
                moved[src] -= 1
                moved[dst] += 1
                assert win.thirteen_orphans(bytes(moved)) is naive_thirteen_orphans(bytes(moved))
            fewer = bytearray(base)
            fewer[src] -= 1
            assert not win.thirteen_orphans(bytes(fewer))
        for dst in range(34):
            more = bytearray(base)
            more[dst] += 1
            assert not win.thirteen_orphans(bytes(more))


# ---------------------------------------------------------------- random hands against mahjong


def random_hand(rng: random.Random) -> bytes:
    """A hand biased toward wins and near-misses: melds + pair, then often one tile moved."""
    while True:
        counts = [0] * 34
        roll = rng.random()
        if roll < 0.04:
            for t in rng.sample(range(34), 7):
                counts[t] += 2
            if rng.random() < 0.5:  # a four in seven pairs
                t = rng.choice([t for t in range(34) if counts[t] == 2])
                u = rng.choice([u for u in range(34) if counts[u] == 2 and u != t])
                counts[t], counts[u] = 4, 0
        elif roll < 0.06:
            for t in ORPHANS:
                counts[t] = 1
            counts[rng.choice(ORPHANS)] += 1
        else:
            melds = rng.choice((0, 1, 2, 3, 4, 4, 4, 4))
            for _ in range(melds):
                if rng.random() < 0.55:
                    start = rng.choice(range(3)) * 9 + rng.randrange(7)
                    tiles = (start, start + 1, start + 2)
                else:
                    t = rng.randrange(34) if rng.random() < 0.7 else rng.randrange(27, 34)
                    tiles = (t, t, t)
                for t in tiles:
                    counts[t] += 1
            counts[rng.randrange(34) if rng.random() < 0.7 else rng.randrange(27, 34)] += 2
        if rng.random() < 0.6:  # move one tile: a near-miss, sometimes another win
            held = [t for t in range(34) if counts[t]]
            counts[rng.choice(held)] -= 1
            counts[rng.randrange(34) if rng.random() < 0.7 else rng.randrange(27, 34)] += 1
        if max(counts) <= 4 and sum(counts) > 0:
            return bytes(counts)


def test_random_hands_match_mahjong(win):
    agari = pytest.importorskip("mahjong.agari").Agari()
    rng = random.Random(20240603)
    n = 100_000 if is_compiled(win) else 5_000
    wins = near = special = 0
    for _ in range(n):
        counts = random_hand(rng)
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
        counts = random_hand(rng)
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
    for fn in (win.win_cluster, win.win_carry, win.seven_pairs, win.thirteen_orphans, win.is_win_counts):
        with pytest.raises(ValueError, match=str(length)):
            fn(bytes(length))
        with pytest.raises(ValueError, match=str(length)):
            fn(bytearray(length))


def test_bad_inputs_raise_cleanly(win):
    for bad in ([0] * 34, "x" * 34, None, 34):
        with pytest.raises(TypeError):
            win.win_cluster(bad)
    np = pytest.importorskip("numpy")
    with pytest.raises(ValueError):
        win.win_carry(np.zeros(68, dtype=np.uint8)[::2])
    with pytest.raises(ValueError, match="strategy"):
        win.is_win_counts(bytes(34), "table")
    with pytest.raises(ValueError, match="strategy"):
        win.is_win_counts(bytes(34), None)


@pytest.mark.parametrize("value", [5, 9, 10, 14, 127, 128, 255])
def test_out_of_range_counts_answer_false(win, value):
    # Callers validate; the kernels must still neither crash nor read past 34 bytes.
    for tile in (0, 13, 26, 27, 33):
        counts = bytearray(counts_of("123m456p789s11z"))
        counts[tile] = value
        for fn in (win.win_cluster, win.win_carry, win.seven_pairs, win.thirteen_orphans, win.is_win_counts):
            assert fn(bytes(counts)) is False
    assert win.is_win_counts(b"\xff" * 34) is False
    assert win.is_win_counts(bytes([14]) + bytes(33)) is False  # 14 tiles, one kind
    assert win.seven_pairs(bytes([6, 8]) + bytes(32)) is False


def test_kernels_do_not_modify_input(win):
    counts = bytearray(counts_of("11223333444455m"))
    before = bytes(counts)
    for fn in (win.win_cluster, win.win_carry, win.seven_pairs, win.thirteen_orphans, win.is_win_counts):
        fn(counts)
    assert bytes(counts) == before
