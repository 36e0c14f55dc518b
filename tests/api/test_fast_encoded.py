"""Hands as a list or tuple of ints in an ``encoding=`` (index136 ids, Tenhou's codes, the table codes,
index34 named) give exactly the answers and errors of the general path.

The compiled readers know such an item by its address when it is one of CPython's cached ints
(``_read_small_codes``); everything else (bools, int subclasses, big or negative ints, floats, a
repeated id, a fifth copy, no tile or too many) goes on to the readers by value or the general path.
Each public call is made beside the general function behind it (``_api.GENERAL``) on random input,
mostly well formed and sometimes not, under the default rules and under rules: same answer, or same
exception type and message.  Both implementations: in a pure run the public functions are the pure
fast paths.
"""
from __future__ import annotations

import random

import pytest

import mahjong_fast as mf
from mahjong_fast import _api
from mahjong_fast._layout import N_KINDS

from support.readers import outcome

WALL = [t for t in range(N_KINDS) for _ in range(4)]
ENCODINGS = ("index136", "tenhou", "decimal", "nibble", "hex", "index34")
ODD = (-1, -5, 136, 255, 256, 300, 2**70, True, False, 1.0, None, "1m", mf.Tile(3))


def same_answers(hand, **kwargs):
    for name in ("is_win", "shanten", "waits"):
        fast = outcome(getattr(mf, name), hand, **kwargs)
        general = outcome(_api.GENERAL[name], hand, **kwargs)
        assert fast == general, (name, hand, kwargs)


def encoded_hand(rng: random.Random, encoding: str) -> list[int]:
    """A hand of 1-14 tiles (sometimes none or 15) in ``encoding``, red fives at random, now and then
    spoilt: an odd item, a repeated item, a fifth copy."""
    n = rng.choice([0, 1, 2, 4, 5, 7, 8, 10, 11, 13, 13, 13, 14, 14, 14, 15])
    if encoding == "index136":
        hand = rng.sample(range(136), n)
    else:
        hand = list(mf.encode(sorted(rng.sample(WALL, n)), encoding, red=rng.random() < 0.3))
    roll = rng.random()
    if hand and roll < 0.1:
        hand[rng.randrange(len(hand))] = rng.choice(ODD)
    elif hand and roll < 0.15:
        hand.append(rng.choice(hand))
    elif hand and roll < 0.2:
        hand = [hand[0]] * rng.randint(2, 6) + hand[1:]
    elif roll < 0.25:
        hand.append(rng.randrange(256))
    return hand


@pytest.mark.parametrize("encoding", ENCODINGS)
def test_encoded_lists_and_tuples_match_the_general_path(encoding):
    rng = random.Random(f"encoded-{encoding}")
    for _ in range(1500):
        hand = encoded_hand(rng, encoding)
        kwargs = {"encoding": encoding}
        roll = rng.random()
        if roll < 0.15:
            kwargs["rules"] = rng.choice(["gb", "riichi", "sichuan", "riichi3"])
        elif roll < 0.2:
            kwargs["melds"] = rng.choice([["123m"], [mf.Meld.pung(33)]])
        elif roll < 0.25:
            kwargs["fifth"] = False
        elif roll < 0.3:
            kwargs["wild"] = "7z"
        same_answers(hand if rng.random() < 0.7 else tuple(hand), **kwargs)


@pytest.mark.parametrize("encoding", ("index136", "tenhou"))
def test_shanten_forms_of_encoded_hands_match_the_general_path(encoding):
    rng = random.Random(f"forms-{encoding}")
    for _ in range(600):
        hand = encoded_hand(rng, encoding)
        form = rng.choice([None, "standard", "seven_pairs", "thirteen_orphans", "knitted", "knitted_straight", "x"])
        rules = rng.choice([None, None, "gb", "riichi"])
        fast = outcome(mf.shanten, hand, form=form, encoding=encoding, rules=rules)
        general = outcome(_api.GENERAL["shanten"], hand, form=form, encoding=encoding, rules=rules)
        assert fast == general, (hand, form, encoding, rules)


def test_every_cached_id_and_code_reads_as_its_tile():
    """Each index136 id and each Tenhou code alone, and 13 or 14 of them, as the general path reads them."""
    for encoding, values in (("index136", range(136)), ("tenhou", range(60))):
        for v in values:
            same_answers([v], encoding=encoding)
        for start in range(0, 136 - 14, 9):
            same_answers([(start + 3 * k) % 136 for k in range(13)], encoding="index136")
            same_answers(list(range(start, start + 14)), encoding="index136")
    for code in range(11, 54):
        same_answers([code] * 4 + [11, 12, 13, 21, 22, 23, 31, 31, 31, 47], encoding="tenhou")
