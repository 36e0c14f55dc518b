"""The table kernel (compiled ``table`` and pure ``table_py``) against naive per-suit checkers."""
from __future__ import annotations

import itertools
import random
import threading

import pytest

from mahjong_fast._layout import FIRST_HONOR, N_KINDS, SUIT_SIZE

from support.hands import mixed_hands, place
from support.oracles import (
    STANDARD_TOTALS,
    naive_melds,
    naive_standard,
    naive_suit_kind,
)


@pytest.fixture
def table(impl):
    return impl.table


@pytest.fixture
def win(impl):
    return impl.win


def one_suit_hands():
    """Every one-suit configuration of 2, 5, 8, 11 or 14 tiles (counts 0-4)."""
    for suit in itertools.product(range(5), repeat=SUIT_SIZE):
        if sum(suit) in STANDARD_TOTALS:
            yield suit


# ---------------------------------------------------------------- the table


def test_one_suit_exhaustive(table, win):
    checked = 0
    for suit in one_suit_hands():
        counts = place(suit, 0)
        want = naive_standard(counts)
        assert table.win_table(counts) is want, suit
        assert win.win_cluster(counts) is want, suit
        checked += 1
    assert checked == 180_387


def test_one_suit_melds_exhaustive(table):
    """Every suit of 0-12 tiles in melds only, beside a pair of honors."""
    checked = 0
    for suit in itertools.product(range(5), repeat=SUIT_SIZE):
        if sum(suit) % 3 == 0 and sum(suit) <= 12:
            counts = bytearray(place(suit, 0))
            counts[FIRST_HONOR] = 2
            assert table.win_table(bytes(counts)) is naive_melds(suit), suit
            checked += 1
    assert checked == 92_618


@pytest.mark.parametrize("offset", [9, 18])
def test_one_suit_in_other_suits(table, offset):
    rng = random.Random(offset)
    suits = list(one_suit_hands())
    for suit in rng.sample(suits, 20_000):
        counts = place(suit, offset)
        assert table.win_table(counts) is naive_standard(counts), (offset, suit)


def test_honors_exhaustive(table):
    for honors in itertools.product(range(5), repeat=N_KINDS - FIRST_HONOR):
        counts = place(honors, FIRST_HONOR)
        want = sorted(honors).count(2) == 1 and all(v in (0, 2, 3) for v in honors) and sum(honors) <= 14
        assert table.win_table(counts) is want, honors


def test_suit_kind_agrees_with_naive(table):
    rng = random.Random(7)
    for _ in range(20_000):
        suit = tuple(rng.randrange(5) for _ in range(SUIT_SIZE))
        assert table.suit_kind(suit) == naive_suit_kind(suit), suit
    assert table.suit_kind((0,) * 9) == table.MELDS
    assert table.suit_kind((2,) + (0,) * 8) == table.PAIR
    assert table.suit_kind((4,) * 9) == table.MELDS
    assert table.suit_kind((1,) + (0,) * 8) == 0


def test_random_hands(impl, table, win):
    n = impl.sample(100_000, 10_000)
    wins = 0
    for counts in mixed_hands(1, n):
        want = naive_standard(counts)
        assert table.win_table(counts) is want, list(counts)
        assert win.win_cluster(counts) is want, list(counts)
        wins += want
    assert n // 5 < wins < n // 2


@pytest.mark.parametrize(
    "counts",
    [
        bytes([4, 4, 4, 4, 0, 0, 0, 0, 0] + [0] * 25),
        bytes([3] * 5 + [2] + [0] * 28),
        bytes(N_KINDS),
    ],
)
def test_out_of_contract_is_false(table, counts):
    assert table.win_table(counts) is False


def test_out_of_range_count_raises(table):
    with pytest.raises(ValueError, match=r"counts\[0\] = 5 is not a tile count 0-4"):
        table.win_table(bytes([5] + [0] * 33))


def test_lengths_and_buffers(table):
    hand = bytes([3, 1, 1, 1, 1, 1, 1, 1, 3] + [0] * 24 + [1])
    assert table.win_table(hand) is False
    hand = bytes([3, 1, 1, 1, 2, 1, 1, 1, 3] + [0] * 25)
    assert table.win_table(hand) is True
    assert table.win_table(bytearray(hand)) is True
    assert table.win_table(memoryview(hand)) is True
    with pytest.raises(ValueError, match="34"):
        table.win_table(bytes(33))
    assert table.win_table(list(hand)) is True  # one counts rule for every kernel
    with pytest.raises(TypeError):
        table.win_table("x" * N_KINDS)


def test_suit_kind_rejects_bad_suits(table):
    with pytest.raises(ValueError, match="9 counts"):
        table.suit_kind((0,) * 8)
    with pytest.raises(ValueError, match="5"):
        table.suit_kind((5,) + (0,) * 8)


def test_ensure_table_threads(table):
    errors = []

    def build():
        try:
            table.ensure_table()
        except Exception as exc:  # noqa: BLE001 - reported below
            errors.append(exc)

    workers = [threading.Thread(target=build) for _ in range(4)]
    for w in workers:
        w.start()
    for w in workers:
        w.join()
    assert not errors
    assert table.win_table(bytes([2] + [0] * 33))
