"""The public ``is_win``: every input form, declared melds, strategies, traps."""
from __future__ import annotations

import random

import pytest

import mahjong_fast as mf
from mahjong_fast import Hand, Meld, _dispatch

from support.hands import near_miss, random_hand, tiles_of, winning_hand
from support.impls import general_api
from support.oracles import naive_is_standard_win

STRATEGIES = mf.STRATEGIES  # "table" is the pure-Python table kernel when not compiled
GENERAL_IS_WIN = general_api()[0]


@pytest.fixture(params=STRATEGIES)
def strategy(request):
    return request.param


@pytest.mark.parametrize(
    "hand, expected",
    [
        ("11223333444455m", True),
        ("111222333m444p55s", True),
        ("123z11m", False),  # honors never make a run
        ("123z111m22p", False),
        ("1112345678999m", False),  # 13 tiles never win without melds
        ("11123456789m1234p", False),  # 15 tiles
        ("11123456789999m", True),
        ("11223344556677m", True),  # seven pairs (also standard)
        ("11112233445566m", True),  # seven pairs with four identical: Chinese rules
        ("1111223344556z7z", False),
        ("19m19p19s12345677z", True),  # thirteen orphans
        ("19m19p19s1234567z9m", True),
        ("19m19p19s1234566z", False),
        ("22m", True),
        ("123m11z", True),
        ("123m11z1p", False),
    ],
)
def test_known_hands(hand, expected, strategy):
    assert mf.is_win(hand, strategy=strategy) is expected
    assert mf.is_win(list(Hand(hand).tiles), strategy=strategy) is expected
    assert mf.is_win(Hand(hand).counts, encoding="counts", strategy=strategy) is expected


def test_fifteen_and_thirteen_tiles_never_win(strategy):
    rng = random.Random(7)
    for _ in range(300):
        tiles = tiles_of(random_hand(rng, rng.choice((13, 15))))
        assert mf.is_win(tiles, strategy=strategy) is False


@pytest.mark.parametrize(
    "concealed, melds, expected",
    [
        ("11m", ["123p", "555s", "789m", "{7777z}"], True),
        ("11m", ["[123p]", "[555s]", "[789m]", "[7777z]"], True),
        ("12m", ["123p", "555s", "789m", "7777z"], False),
        ("123m11z", ["555s", "789m", "1111p"], True),
        ("123m456p11z", ["555s", "{9999m}"], True),
        ("123m456p789s11z", ["555s"], True),
        ("11223344m5566z", ["555s"], False),  # seven pairs needs 14 concealed tiles
        ("123m456p789s11z", ["555s", "666s"], False),  # more than 14 tiles
        ("123m11z", [], True),  # the concealed part alone, melds undeclared
    ],
)
def test_declared_melds(concealed, melds, expected, strategy):
    assert mf.is_win(concealed, melds=melds, strategy=strategy) is expected
    assert mf.is_win(Hand(concealed, melds), strategy=strategy) is expected
    assert mf.is_win(f"{concealed} " + " ".join(m if m[0] in "[{" else f"[{m}]" for m in melds),
                     strategy=strategy) is expected


def test_melds_join_the_four_copies_check():
    with pytest.raises(ValueError, match="tile 7z appears 5 times across hand and melds"):
        mf.is_win("123m456p789s77z", melds=[Meld.pung("7z")])
    with pytest.raises(ValueError, match="tile 1m appears 6 times across hand and melds"):
        mf.is_win("1m1m", melds=[Meld.kong("1m")])


@pytest.mark.parametrize("encoding", ["index34", "index136", "decimal", "nibble", "hex"])
def test_every_encoding(encoding, strategy):
    rng = random.Random(encoding)
    for _ in range(200):
        tiles = tiles_of(winning_hand(rng) if rng.random() < 0.5 else random_hand(rng))
        rng.shuffle(tiles)
        codes = mf.encode(tiles, encoding)
        expected = mf.is_win(tiles, strategy="python")
        assert mf.is_win(codes, encoding=encoding, strategy=strategy) is expected


def test_strategies_agree_with_naive_on_random_hands():
    rng = random.Random(2024)
    for _ in range(3000):
        melds = rng.randrange(5)
        roll = rng.random()
        counts = winning_hand(rng, melds) if roll < 0.5 else random_hand(rng, 3 * melds + 2)
        if roll < 0.2:
            counts = near_miss(rng, counts)
        tiles = tiles_of(counts)
        rng.shuffle(tiles)
        n = len(tiles)
        answers = {s: mf.is_win(tiles, strategy=s) for s in STRATEGIES}
        forms = _dispatch.win
        expected = naive_is_standard_win(counts) or (
            n == 14 and (forms.seven_pairs(bytes(counts)) or forms.thirteen_orphans(bytes(counts)))
        )
        assert set(answers.values()) == {expected}, (tiles, answers)


def test_bad_strategy():
    with pytest.raises(ValueError, match="unknown strategy 'fastest'"):
        mf.is_win("11m", strategy="fastest")
    with pytest.raises(TypeError, match="strategy must be a str"):
        mf.is_win("11m", strategy=3)


@pytest.mark.parametrize("bad, error, message", [
    ([0, 34], ValueError, "34"), ([0, -1], ValueError, "-1"), ([0] * 5, ValueError, "1m appears 5 times"),
    ([0, 1.5], TypeError, "float"), ([0, None], TypeError, "NoneType"), (3, TypeError, "int"),
    (None, TypeError, "NoneType"), ((0, "1m", "9z"), ValueError, "9z"), (bytes(34), TypeError, "counts"),
    ([[0]], TypeError, "list"), ([2 ** 70], ValueError, str(2 ** 70)),
])
def test_bad_input_is_an_error_never_false(bad, error, message):
    with pytest.raises(error, match=message):
        mf.is_win(bad)
    with pytest.raises(error, match=message):
        GENERAL_IS_WIN(bad)
