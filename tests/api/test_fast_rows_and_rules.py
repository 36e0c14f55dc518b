"""The call paths a bot takes beside the int list: 34 counts as bytes or a numpy row, and ``rules=``
a preset name or a ``Rules`` object.

The compiled fast paths read a bytes object or a numpy uint8 row of counts in place (``_quick_count_row``)
and hand a rule set of limits 4 and no knitted forms, dropped suits or absent tiles to the plain kernel
path (``_shanten_plain_rules``, ``_waits_plain_rules``).  Each public call is made beside the general
function behind it (``_api.GENERAL``) on random hands, many holding three or four of a kind, with
containers and rules that are sometimes wrong: same answer, or same exception type and message.  The
kernels under such rules are held to their pure twins on the same kind of hands.
"""
from __future__ import annotations

import inspect
import random

import numpy as np
import pytest

import mahjong_fast as mf
from mahjong_fast import _api
from mahjong_fast._kernels import rule_flags as F
from mahjong_fast._layout import N_KINDS
from mahjong_fast._rules import RULES, Rules

from support import rules_oracles as O
from support.impls import implementations
from support.readers import outcome

RULE_VALUES = (
    None, "riichi", "gb", "sichuan", "riichi3", "chinese", RULES["riichi"], RULES["gb"],
    Rules(seven_pairs="distinct"), Rules(seven_pairs=None), Rules(seven_pairs="distinct", thirteen_orphans=False),
    Rules(seven_pairs=None, thirteen_orphans=False), Rules(knitted=True, seven_pairs="distinct"),
    Rules(max_suits=2), Rules(honours=False), "nosuch", "", "Riichi", 3, b"riichi", RULES,
)
FORMS = (None, None, None, "standard", "seven_pairs", "thirteen_orphans", "knitted", "x")


def clumpy_hand(rng: random.Random, n: int) -> list[int]:
    """``n`` tiles: a random draw, or a few kinds drawn again and again (triplets, fours, pairs)."""
    if rng.random() < 0.4:
        wall = [t for t in range(N_KINDS) for _ in range(4)]
        return sorted(rng.sample(wall, n))
    kinds = rng.sample(range(N_KINDS), rng.randint(4, 9))
    hand: list[int] = []
    while len(hand) < n:
        t = rng.choice(kinds)
        if hand.count(t) < 4:
            hand.append(t)
    return sorted(hand)


def pairs_hand(rng: random.Random, n: int) -> list[int]:
    """Up to ``n`` tiles of pairs of few kinds (seven pairs, often with a four), the last tile now and then another."""
    kinds = rng.sample(range(N_KINDS), rng.randint(5, 8))
    hand: list[int] = []
    while len(hand) + 2 <= n:
        t = rng.choice(kinds)
        if hand.count(t) <= 2:
            hand += [t, t]
    if len(hand) < n:
        hand.append(rng.choice(kinds))
    if hand and rng.random() < 0.3:
        hand[-1] = rng.randrange(N_KINDS)
    return sorted(hand)


def counts_of(hand: list[int]) -> list[int]:
    counts = [0] * N_KINDS
    for t in hand:
        counts[t] += 1
    return counts


def count_containers(counts: list[int]) -> list[object]:
    """The counts in every container a caller may pass, the readable ones and the others."""
    forms: list[object] = [counts, tuple(counts), counts[:-1], counts + [0]]
    if all(0 <= v < 128 for v in counts):
        forms += [
            bytes(counts), bytearray(counts), memoryview(bytes(counts)), bytes(counts[:-1]), bytes(counts + [0]),
            np.array(counts, dtype=np.uint8), np.array(counts, dtype=np.int8), np.array(counts, dtype=np.int64),
            np.array(counts, dtype=np.uint16), np.array(counts + counts, dtype=np.uint8)[::2],
            np.array([counts, counts], dtype=np.uint8)[1], np.array([counts, counts], dtype=np.uint8).T[:, 0],
            np.array(counts, dtype=np.uint8).reshape(2, 17), np.array(counts[:-1], dtype=np.uint8),
            np.array(counts, dtype=np.uint8)[::-1],
        ]
    return forms


def same_answers(hand: object, **kwargs: object) -> None:
    for name in ("is_win", "shanten", "waits"):
        fast = outcome(getattr(mf, name), hand, **kwargs)
        general = outcome(_api.GENERAL[name], hand, **kwargs)
        assert fast == general, (name, hand, kwargs)


@pytest.mark.parametrize("seed", range(3))
def test_count_rows_match_the_general_path(seed):
    rng = random.Random(f"count-rows-{seed}")
    for _ in range(300):
        n = rng.choice([1, 2, 4, 5, 7, 8, 10, 11, 13, 13, 13, 14, 14, 14])
        counts = counts_of(clumpy_hand(rng, n))
        roll = rng.random()
        if roll < 0.1:
            counts[rng.randrange(N_KINDS)] = rng.choice([5, 7, 127])
        elif roll < 0.15:
            counts = [0] * N_KINDS
        elif roll < 0.2:
            counts = [4] * N_KINDS
        kwargs: dict[str, object] = {"encoding": "counts"}
        if rng.random() < 0.6:
            kwargs["rules"] = rng.choice(RULE_VALUES)
        if rng.random() < 0.1:
            kwargs["melds"] = rng.choice([["123m"], [mf.Meld.pung(33)]])
        elif rng.random() < 0.1:
            kwargs["fifth"] = False
        for row in count_containers(counts):
            same_answers(row, **kwargs)
            form = rng.choice(FORMS)
            if form is not None:
                assert outcome(mf.shanten, row, form=form, **kwargs) == outcome(
                    _api.GENERAL["shanten"], row, form=form, **kwargs), (row, form, kwargs)


@pytest.mark.parametrize("seed", range(3))
def test_rules_on_int_lists_match_the_general_path(seed):
    rng = random.Random(f"rules-lists-{seed}")
    for _ in range(2500):
        n = rng.choice([1, 4, 7, 10, 11, 13, 13, 13, 14, 14, 14])
        hand: object = clumpy_hand(rng, n) if rng.random() < 0.7 else pairs_hand(rng, n)
        if rng.random() < 0.05:
            hand = hand + [rng.choice([34, -1, 2.0, True])]  # type: ignore[operator]
        rules = rng.choice(RULE_VALUES)
        same_answers(hand, rules=rules)
        same_answers(tuple(hand), rules=rules)  # type: ignore[arg-type]
        form = rng.choice(FORMS)
        assert outcome(mf.shanten, hand, form=form, rules=rules) == outcome(
            _api.GENERAL["shanten"], hand, form=form, rules=rules), (hand, form, rules)


PLAIN_RULES = [p | o for p in (0, F.SEVEN_PAIRS, F.SEVEN_PAIRS_DISTINCT) for o in (0, F.THIRTEEN_ORPHANS)]
"""The rule bits the plain kernel path takes: seven pairs of either kind or none, thirteen orphans or not
(and the knitted bit, whose waits the plain path answers when no knitted form is one tile away)."""


def knitted_near_hand(rng: random.Random) -> bytes:
    """A hand of 4-14 tiles near 全不靠 or 组合龙 (its waits hold knitted waits now and then), a
    count broken now and then."""
    size = rng.choice([4, 7, 10, 11, 13, 13, 13, 14])
    form = 4 if size < 10 else rng.choice([4, 5])
    hand = bytearray(O.knitted_hands(rng, 1, form, 13 if form == 4 or size == 14 else size)[0])
    while sum(hand) > size:
        hand[rng.choice([t for t in range(N_KINDS) if hand[t]])] -= 1
    if rng.random() < 0.05:
        hand[rng.randrange(N_KINDS)] = rng.choice([5, 9])
    return bytes(hand)


@pytest.mark.parametrize("rules", PLAIN_RULES + [F.SEVEN_PAIRS | F.SEVEN_PAIRS_DISTINCT, F.KNITTED | 2,
                                                 O.PRESET_FLAGS["gb"], F.KNITTED])
def test_plain_rule_kernels_match_their_twins(rules):
    """``shanten_counts``, ``waits_counts`` and ``is_win_wild`` under rules of limits 4 (given or
    not): each implementation gives the same answer or error on hands rich in threes and fours
    (and, under the knitted forms, on hands near them, against the exhaustive oracle now and then)."""
    rng = random.Random(f"plain-rules-{rules}")
    impls = implementations()
    if len(impls) < 2:
        pytest.skip("one implementation in this run: nothing to hold it to")
    full = bytes([4] * N_KINDS)

    def answer(fn, *args, **kw):
        try:
            return fn(*args, **kw)
        except ValueError as e:
            return f"ValueError: {e}"

    for i in range(400):
        n = rng.choice([1, 4, 7, 10, 13, 13, 13, 14, 14, 14])
        counts = bytes(counts_of(clumpy_hand(rng, n) if rng.random() < 0.7 else pairs_hand(rng, n)))
        if rules & F.KNITTED and i % 2:
            counts = knitted_near_hand(rng)
        limits = rng.choice([None, full])
        seen = []
        for impl in impls:
            k = impl.shanten
            seen.append((
                [answer(k.shanten_counts, counts, form, 0, True, limits, rules=rules) for form in range(4)],
                answer(k.waits_counts, counts, 0, True, limits, rules=rules),
                answer(k.is_win_wild, counts, 0, True, limits, rules=rules),
            ))
        assert all(s == seen[0] for s in seen), (counts, limits, rules, seen)
        if rules & F.KNITTED and i % 8 == 1 and sum(counts) % 3 == 1 and max(counts) <= 4:
            assert seen[0][1] == O.brute_waits(counts, rules), (list(counts), rules)


def one_hand_inputs(rng: random.Random) -> list[object]:
    """One hand in the forms a call of one argument may get: int lists and tuples (of any size, with
    five copies, bad items, big and negative ints, bools), text, bytes, a ``Hand``, and things that
    are no hand at all."""
    n = rng.choice([0, 1, 2, 3, 4, 5, 7, 10, 11, 13, 13, 13, 14, 14, 14, 15, 16])
    hand = clumpy_hand(rng, min(n, 14)) if rng.random() < 0.7 else pairs_hand(rng, min(n, 14))
    if n > 14:
        hand += [rng.randrange(N_KINDS) for _ in range(n - 14)]
    roll = rng.random()
    if roll < 0.1 and hand:
        hand[rng.randrange(len(hand))] = rng.choice([34, 35, 255, 256, -1, -5, 2**40, -(2**70), 2.0, True, False, "1m"])
    elif roll < 0.15 and hand:
        hand = hand[:1] * 5 + hand[5:]
    elif roll < 0.2:
        rng.shuffle(hand)
    forms: list[object] = [hand, tuple(hand)]
    if rng.random() < 0.3:
        forms.append(rng.choice([None, 5, "", "11m", "123m456p789s1122z", "19m19p19s1234567z", b"\x00\x01",
                                 bytes(rng.randrange(3) for _ in range(N_KINDS)), {1, 2}]))
    if rng.random() < 0.2 and n <= 14 and all(type(t) is int and 0 <= t < N_KINDS for t in hand):
        try:
            forms.append(mf.Hand(hand))
        except ValueError:
            pass
    return forms


@pytest.mark.parametrize("seed", range(3))
def test_one_hand_calls_match_the_keyword_parse(seed):
    """A call of one hand and no keyword (put in front of the compiled functions' parsing of their
    keywords) answers as the same call with its keywords spelled out, and as the general path."""
    rng = random.Random(f"one-hand-{seed}")
    spelled = {
        "is_win": {"melds": (), "encoding": None, "strategy": None, "wild": None, "fifth": True, "rules": None},
        "shanten": {"form": None, "melds": (), "wild": None, "fifth": True, "encoding": None, "rules": None},
        "waits": {"melds": (), "wild": None, "fifth": True, "encoding": None, "rules": None},
    }
    for _ in range(1500):
        for hand in one_hand_inputs(rng):
            for name, keywords in spelled.items():
                fast = getattr(mf, name)
                alone = outcome(fast, hand)
                assert alone == outcome(fast, hand, **keywords), (name, hand)
                assert alone == outcome(_api.GENERAL[name], hand), (name, hand)
                assert alone == outcome(lambda h: next(map(fast, [h])), hand), (name, hand)  # noqa: B023


KEYWORD_VALUES = {
    "melds": ((), (), [], ["123m"], ["[456p]", "{7777z}"], ("555z",), [mf.Meld.pung(33)], "123m", ["12m"], 5),
    "encoding": (None, None, "counts", "index136", "tenhou", "decimal", "index34", "nosuch", 3),
    "strategy": (None, "table", "cluster", "python", "nosuch"),
    "wild": (None, None, "7z", 33, "9z", "x"),
    "fifth": (True, False, 1, None),
    "rules": (None, None, "riichi", "gb", RULES["riichi"], "nosuch", 3),
    "form": FORMS,
}


def unshared(name: str) -> str:
    """``name`` as a new str, equal to the interned one but not it: the C parse of the keyword names
    (by identity) leaves such a call to the function's own parse."""
    made = "".join(list(name))
    assert made == name and made is not name
    return made


@pytest.mark.parametrize("seed", range(3))
def test_keyword_calls_match_the_functions_own_parse(seed):
    """A call of one hand with keywords (its names parsed in C, known by identity) answers as the same
    call with names the C parse does not know (the function's own parse), and as the general path:
    same answer, or same exception type and message, for any subset of keywords in any order."""
    rng = random.Random(f"keywords-{seed}")
    answered = calls = 0
    for _ in range(500):
        for hand in one_hand_inputs(rng):
            if type(hand) is list and rng.random() < 0.3:  # the hand as text (the text readers)
                try:
                    hand = mf.format(hand, rng.choice(["mpsz", "mpsz", "mjai", "botzone", "unicode", "chinese"]))
                except (TypeError, ValueError):
                    pass
            for name in ("is_win", "shanten", "waits"):
                fast = getattr(mf, name)
                names = [p for p in inspect.signature(fast).parameters if p != "hand"]
                picked = rng.sample(names, rng.randint(1, len(names)))
                keywords = {k: rng.choice(KEYWORD_VALUES[k]) for k in picked}
                got = outcome(fast, hand, **keywords)
                own = outcome(fast, hand, **{unshared(k): v for k, v in keywords.items()})
                assert got == own, (name, hand, keywords)
                assert got == outcome(_api.GENERAL[name], hand, **keywords), (name, hand, keywords)
                calls += 1
                answered += got[0] == "ok"
    assert answered > calls // 10, (answered, calls)  # real answers, not only errors


@pytest.mark.parametrize("name", ["is_win", "shanten", "waits"])
def test_one_hand_calls_keep_the_argument_errors(name):
    """Calls of no hand, two hands or an unknown keyword still get the function's argument errors; the
    hand given by keyword answers as given alone."""
    fast = getattr(mf, name)
    for args, kwargs in (((), {}), (([0], [0]), {}), (([0],), {"nosuch": 1}), ((), {"nosuch": 1}),
                         (([0],), {"hand": [0]}), (([0], [0]), {"melds": ()}), (([0],), {"melds": (), "nosuch": 1}),
                         (([0],), {f"k{k}": k for k in range(9)})):
        with pytest.raises(TypeError) as raised:
            fast(*args, **kwargs)
        with pytest.raises(TypeError) as own:  # the same call through the function's own parse
            fast(*args, **{unshared(k): v for k, v in kwargs.items()})
        assert str(raised.value) == str(own.value)
    for hand in ([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12], [0] * 13, list(range(14))):
        assert outcome(fast, hand=hand) == outcome(fast, hand), hand
