"""The ``table`` strategy and the ``is_win`` fast path (both implementations)."""
from __future__ import annotations

import itertools
import random
import threading
from functools import lru_cache

import pytest

import mahjong_fast
from conftest import kernel_impls, run_python
from hands import near_miss, random_hand, winning_hand
from mahjong_fast import _dispatch
from conftest import compiled_kernel


@pytest.fixture(params=kernel_impls("_table"), scope="module")
def table(request):
    return request.param()


@pytest.fixture(scope="module")
def win():
    return getattr(_dispatch, "win")


# ---------------------------------------------------------------- independent checker


@lru_cache(maxsize=None)
def naive_melds(suit: tuple) -> bool:
    """Whether counts split into melds, trying every pung and chow at the lowest tile."""
    if not any(suit):
        return True
    i = next(k for k, v in enumerate(suit) if v)
    rest = list(suit)
    if rest[i] >= 3:
        rest[i] -= 3
        if naive_melds(tuple(rest)):
            return True
        rest[i] += 3
    if i % 9 <= 6 and i + 2 < len(rest) and rest[i + 1] and rest[i + 2]:
        rest[i] -= 1
        rest[i + 1] -= 1
        rest[i + 2] -= 1
        return naive_melds(tuple(rest))
    return False


def naive_standard(counts) -> bool:
    """n melds + one pair, by trying every pair; honors take no chows."""
    counts = list(counts)
    if max(counts) > 4 or sum(counts) > 14 or sum(counts) % 3 != 2:
        return False
    for p in range(34):
        if counts[p] >= 2:
            rest = counts[:]
            rest[p] -= 2
            if all(naive_melds(tuple(rest[s : s + 9])) for s in (0, 9, 18)) and all(
                v in (0, 3) for v in rest[27:]
            ):
                return True
    return False


def naive_suit_kind(suit) -> int:
    total = sum(suit)
    if total % 3 == 0:
        return int(naive_melds(tuple(suit)))
    if total % 3 == 2:
        for p in range(9):
            if suit[p] >= 2:
                rest = list(suit)
                rest[p] -= 2
                if naive_melds(tuple(rest)):
                    return 2
    return 0


# ---------------------------------------------------------------- hands


def mixed_hands(seed: int, n: int) -> list[bytes]:
    rng = random.Random(seed)
    hands = []
    for k in range(n):
        kind = k % 4
        melds = rng.choice((0, 1, 2, 3, 4, 4, 4))
        if kind == 0:
            hand = winning_hand(rng, melds)
        elif kind == 1:
            hand = near_miss(rng, winning_hand(rng, melds))
        elif kind == 2:
            hand = random_hand(rng, rng.choice((2, 5, 8, 11, 13, 14, 14)))
        else:
            hand = winning_hand(rng, 4)
            rng.shuffle(hand)  # same counts, suits permuted: big and odd codes
            hand = hand[:27] + sorted(hand[27:], reverse=True)
            if sum(hand) != 14 or max(hand) > 4:
                hand = random_hand(rng)
        hands.append(bytes(hand))
    return hands


def one_suit_hands():
    """Every one-suit configuration of 2, 5, 8, 11 or 14 tiles (counts 0-4)."""
    for suit in itertools.product(range(5), repeat=9):
        if sum(suit) in (2, 5, 8, 11, 14):
            yield suit


# ---------------------------------------------------------------- the table


def test_one_suit_exhaustive(table, win):
    checked = 0
    for suit in one_suit_hands():
        counts = bytes(suit) + bytes(25)
        want = naive_standard(counts)
        assert table.win_table(counts) is want, suit
        assert win.win_cluster(counts) is want, suit
        checked += 1
    assert checked == 180_387


def test_one_suit_melds_exhaustive(table):
    """Every suit of 0-12 tiles in melds only, beside a pair of honors."""
    checked = 0
    for suit in itertools.product(range(5), repeat=9):
        if sum(suit) % 3 == 0 and sum(suit) <= 12:
            counts = bytes(suit) + bytes(18) + bytes([2]) + bytes(6)
            assert table.win_table(counts) is naive_melds(suit), suit
            checked += 1
    assert checked == 92_618


@pytest.mark.parametrize("offset", [9, 18])
def test_one_suit_in_other_suits(table, offset):
    rng = random.Random(offset)
    suits = list(one_suit_hands())
    for suit in rng.sample(suits, 20_000):
        counts = bytes(offset) + bytes(suit) + bytes(25 - offset)
        assert table.win_table(counts) is naive_standard(counts), (offset, suit)


def test_honors_exhaustive(table):
    for honors in itertools.product(range(5), repeat=7):
        counts = bytes(27) + bytes(honors)
        want = sorted(honors).count(2) == 1 and all(v in (0, 2, 3) for v in honors) and sum(honors) <= 14
        assert table.win_table(counts) is want, honors


def test_suit_kind_agrees_with_naive(table):
    rng = random.Random(7)
    for _ in range(20_000):
        suit = tuple(rng.randrange(5) for _ in range(9))
        assert table.suit_kind(suit) == naive_suit_kind(suit), suit
    assert table.suit_kind((0,) * 9) == table.MELDS
    assert table.suit_kind((2,) + (0,) * 8) == table.PAIR
    assert table.suit_kind((4,) * 9) == table.MELDS
    assert table.suit_kind((1,) + (0,) * 8) == 0


def test_random_hands(table, win):
    n = 100_000 if table.__name__ == "mahjong_fast._kernels.table" else 10_000
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
        bytes([5] + [0] * 33),
        bytes([4, 4, 4, 4, 0, 0, 0, 0, 0] + [0] * 25),
        bytes([3] * 5 + [2] + [0] * 28),
        bytes(34),
    ],
)
def test_out_of_contract_is_false(table, counts):
    assert table.win_table(counts) is False


def test_lengths_and_buffers(table):
    hand = bytes([3, 1, 1, 1, 1, 1, 1, 1, 3] + [0] * 24 + [1])
    assert table.win_table(hand) is False
    hand = bytes([3, 1, 1, 1, 2, 1, 1, 1, 3] + [0] * 25)
    assert table.win_table(hand) is True
    assert table.win_table(bytearray(hand)) is True
    assert table.win_table(memoryview(hand)) is True
    with pytest.raises(ValueError, match="34"):
        table.win_table(bytes(33))
    with pytest.raises(TypeError):
        table.win_table([0] * 34)


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
        except Exception as exc:  # pragma: no cover - reported below
            errors.append(exc)

    workers = [threading.Thread(target=build) for _ in range(4)]
    for w in workers:
        w.start()
    for w in workers:
        w.join()
    assert not errors
    assert table.win_table(bytes([2] + [0] * 33))


def test_import_builds_no_table():
    code = (
        "import mahjong_fast, sys\n"
        "from mahjong_fast import _ext\n"
        "t = getattr(_dispatch, 'table')\n"
        "assert not t.table_built()\n"
        "t.win_table(bytes(34))\n"
        "assert t.table_built() == (t.__name__ == 'mahjong_fast._kernels.table')\n"
    )
    done = run_python("-c", code)
    assert done.returncode == 0, done.stderr


# ---------------------------------------------------------------- the is_win fast path


def _outcome(f, *args, **kwargs):
    try:
        return f(*args, **kwargs)
    except Exception as exc:
        return type(exc)


def _tiles(counts: bytes) -> list[int]:
    return [t for t in range(34) for _ in range(counts[t])]


def _counts(tiles) -> list[int]:
    counts = [0] * 34
    for t in tiles:
        counts[t] += 1
    return counts


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
    list(range(34)) * 4 + [0],
    [0, 0, 0, 1, 1, 1, 2, 2, 2, 3, 3, 3, 4, 4, 4, 5, 5],  # 17 tiles
]


@pytest.fixture(scope="module")
def slow():
    api = pytest.importorskip("mahjong_fast._api")
    return api._is_win_slow


def test_fast_path_matches_slow_on_hands(slow, table):
    hands = [bytes(c) for c in map(bytearray, [[0] * 34])] + mixed_hands(3, 3_000)
    for counts in hands:
        tiles = _tiles(counts)
        for hand in (tiles, tuple(tiles)):
            assert _outcome(table.is_win, hand) == _outcome(slow, hand), tiles
            got = _outcome(table.is_win, hand, encoding="index34")
            assert got == _outcome(slow, hand, encoding="index34")
        for hand in (counts, bytearray(counts), list(counts), memoryview(counts)):
            got = _outcome(table.is_win, hand, encoding="counts")
            assert got == _outcome(slow, hand, encoding="counts"), (type(hand), list(counts))


@pytest.mark.parametrize("hand", FAST_CASES)
def test_fast_path_cases(slow, table, hand):
    assert table.is_win(hand) is slow(hand)
    assert table.is_win(hand) is (len(hand) == 14 or hand == [27, 27])


@pytest.mark.parametrize("hand", BAD_LISTS, ids=repr)
def test_fast_path_bad_input_same_outcome(slow, table, hand):
    assert _outcome(table.is_win, hand) == _outcome(slow, hand)
    assert _outcome(table.is_win, tuple(hand)) == _outcome(slow, tuple(hand))


@pytest.mark.parametrize(
    "counts",
    [bytes(33), bytes([5] + [0] * 33), bytes([4] * 34), bytes(34), bytes([2] + [0] * 32 + [255]), b"x" * 34],
    ids=repr,
)
def test_fast_path_bad_counts_same_outcome(slow, table, counts):
    for hand in (counts, bytearray(counts), list(counts)):
        assert _outcome(table.is_win, hand, encoding="counts") == _outcome(slow, hand, encoding="counts")


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
def test_fast_path_keywords_go_slow(slow, table, kwargs):
    for hand in ([0, 0, 0, 1, 2, 3, 4, 5, 6, 9, 10, 11, 27, 27], [0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 33]):
        assert _outcome(table.is_win, hand, **kwargs) == _outcome(slow, hand, **kwargs)


def test_fast_path_other_hand_types(slow, table):
    makers = (lambda: "11123456789999m", lambda: "1m", lambda: 5, lambda: None, object, lambda: iter([0, 0]))
    for make in makers:
        assert _outcome(table.is_win, make()) == _outcome(slow, make())


@pytest.mark.skipif(_dispatch.NO_EXTENSIONS, reason="pure-Python run")
def test_public_is_win_is_the_table_fast_path():
    assert mahjong_fast.is_win is compiled_kernel("table").is_win


# ---------------------------------------------------------------- shanten and waits fast paths


@pytest.fixture(scope="module")
def api():
    return pytest.importorskip("mahjong_fast._api")


def test_shanten_and_waits_fast_paths_match_slow(api, table):
    rng = random.Random(11)
    hands = []
    for counts in mixed_hands(5, 1_500):
        tiles = _tiles(counts)
        if rng.random() < 0.5 and tiles:
            del tiles[rng.randrange(len(tiles))]  # 3n+1 tiles now and then
        hands.append(tiles)
    for tiles in hands + [[0], [0, 0], [0, 1, 2], [], [0] * 5, [33] * 3 + [40]]:
        counts = bytes(_counts(tiles)) if tiles and max(tiles) < 34 and max(_counts(tiles)) <= 4 else b""
        for hand in (tiles, tuple(tiles)):
            assert _outcome(table.shanten, hand) == _outcome(api.shanten, hand), tiles
            assert _outcome(table.waits, hand) == _outcome(api.waits, hand), tiles
        if counts:
            for hand in (counts, bytearray(counts), list(counts)):
                assert _outcome(table.shanten, hand, encoding="counts") == _outcome(
                    api.shanten, hand, encoding="counts"
                )
                got = _outcome(table.waits, hand, encoding="counts")
                assert got == _outcome(api.waits, hand, encoding="counts")


@pytest.mark.parametrize(
    "kwargs",
    [{"form": "standard"}, {"form": "seven_pairs"}, {"form": "nope"}, {"melds": ["123m"]}, {"wild": "7z"},
     {"fifth": False}, {"encoding": "index136"}, {"encoding": 5}],
    ids=repr,
)
def test_shanten_and_waits_keywords_go_slow(api, table, kwargs):
    hand = [0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 33]
    assert _outcome(table.shanten, hand, **kwargs) == _outcome(api.shanten, hand, **kwargs)
    kwargs.pop("form", None)
    assert _outcome(table.waits, hand, **kwargs) == _outcome(api.waits, hand, **kwargs)


def test_waits_fast_path_returns_tiles(table):
    got = table.waits([0, 0, 0, 1, 2, 3, 4, 5, 6, 7, 8, 8, 8])
    assert got == list(range(9))
    assert all(type(t) is mahjong_fast.Tile for t in got)
