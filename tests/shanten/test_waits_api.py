"""The public ``waits`` / ``shanten`` / ``is_win(wild=...)`` wrappers: melds, limits, jokers."""
from __future__ import annotations

import random

import pytest

import mahjong_fast as mf
from mahjong_fast import Hand, Meld
from mahjong_fast._layout import N_KINDS, SUIT_SIZE

from support.hands import random_hand, tiles_of, winning_hand
from support.impls import general_api

_, GENERAL_SHANTEN, GENERAL_WAITS = general_api()
WAITS = [pytest.param(mf.waits, id="public"), pytest.param(GENERAL_WAITS, id="python-wrapper")]
SHANTEN = [pytest.param(mf.shanten, id="public"), pytest.param(GENERAL_SHANTEN, id="python-wrapper")]


def _random_melds(rng, k):
    melds = []
    for _ in range(k):
        roll = rng.random()
        if roll < 0.4:
            melds.append(Meld.chow(rng.randrange(3) * SUIT_SIZE + rng.randrange(SUIT_SIZE - 2)))
        elif roll < 0.8:
            melds.append(Meld.pung(rng.randrange(N_KINDS)))
        else:
            melds.append(Meld.kong(rng.randrange(N_KINDS), concealed=rng.random() < 0.5))
    return melds


def _random_case(rng, concealed_size):
    """A valid hand (at most four copies across hand and melds) with 0-3 declared melds."""
    while True:
        k = rng.choice((0, 0, 1, 2, 3)) if concealed_size == 13 else 0
        melds = _random_melds(rng, k)
        n = concealed_size - 3 * k
        counts = winning_hand(rng, (n - 2) // 3) if n % 3 == 2 and rng.random() < 0.7 else random_hand(rng, n)
        if n % 3 == 1:
            counts[rng.choice([t for t in range(N_KINDS) if counts[t]])] -= 1
            counts[rng.randrange(N_KINDS)] += 1
        try:
            return Hand(tiles_of(counts), melds) if max(counts) <= 4 else None
        except ValueError:
            continue


def _brute_waits(hand, wild, fifth):
    found = []
    for t in range(N_KINDS):
        if hand.all_counts[t] >= 4:
            continue
        if mf.is_win(list(hand.tiles) + [t], melds=hand.melds, wild=wild, fifth=fifth, strategy="python"):
            found.append(t)
    return found


@pytest.mark.parametrize("waits", WAITS)
def test_waits_match_brute_force_with_melds_and_jokers(waits):
    rng = random.Random(5)
    checked = 0
    while checked < 1500:
        n = rng.choice((13, 13, 10, 7, 4, 1))
        hand = _random_case(rng, n)
        if hand is None:
            continue
        wild = rng.choice((None, None, "7z", ["1m", "5z"], "held"))
        if wild == "held":  # a kind the hand holds, so jokers are common
            wild = str(rng.choice(hand.tiles))
        fifth = rng.random() < 0.5
        expected = _brute_waits(hand, wild, fifth)
        assert [int(t) for t in waits(hand, wild=wild, fifth=fifth)] == expected, (hand, wild, fifth)
        checked += 1


def test_a_wild_kind_held_four_times_is_not_a_wait():
    # four red dragons are jokers; a fifth 7z cannot be drawn
    assert mf.Tile.RED not in mf.waits("123m456p789s7777z")
    assert mf.Tile.RED in mf.waits("123m456p789s777z1p", wild="7z")
    assert mf.Tile.RED not in mf.waits("123m456p7777z", melds=["789s"], wild="7z")


@pytest.mark.parametrize("shanten", SHANTEN)
def test_shanten_is_minus_one_exactly_when_the_hand_wins(shanten):
    rng = random.Random(9)
    for _ in range(1500):
        hand = _random_case(rng, rng.choice((14, 11, 8, 5, 2)))
        if hand is None:
            continue
        wild = rng.choice((None, None, "7z", "1p"))
        won = mf.is_win(hand, wild=wild)
        assert (shanten(hand, wild=wild) == -1) is won, (hand, wild)


@pytest.mark.parametrize("shanten", SHANTEN)
def test_shanten_forms_and_melds(shanten):
    assert shanten("19m19p19s1234567z", form="thirteen_orphans") == 0
    assert shanten("11223344556677m", form="seven_pairs") == -1
    assert shanten("1122334455667m", form="seven_pairs") == 0
    assert shanten("11112222333344m", form="seven_pairs") == -1  # four identical: two pairs
    assert shanten("123m456p789s1234z") == 2
    assert shanten("123m456p11z", melds=["789s"]) == -1
    assert shanten("123m456p1z", melds=["789s"]) == 0
    assert shanten("123m46p1z2z", melds=["789s"]) == 1
    with pytest.raises(ValueError, match="form 'seven_pairs' needs 13 or 14 concealed tiles"):
        shanten("123m456p11z", melds=["789s"], form="seven_pairs")
    with pytest.raises(ValueError, match="unknown form 'kokushi'"):
        shanten("123m456p789s1234z", form="kokushi")
    with pytest.raises(ValueError, match="got 12 tiles"):
        shanten("123m456p789s123z")


@pytest.mark.parametrize("waits", WAITS)
def test_waits_bad_input(waits):
    with pytest.raises(ValueError, match="got 14 tiles"):
        waits("11123456789999m")
    with pytest.raises(ValueError, match="got 10 tiles and 2 melds"):
        waits("1112345678m", melds=["123p", "456p"])
    with pytest.raises(ValueError, match="9z"):
        waits("123m456p789s1234z", wild="9z")
    with pytest.raises(TypeError, match="fifth must be a bool"):
        waits("1112345678999m", wild="7z", fifth="no")
