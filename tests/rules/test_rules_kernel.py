"""The rule sets at the kernel level: ``shanten_counts``, ``waits_counts`` and ``is_win_wild``
with ``rules=`` (34-count bytes), in both implementations.

Peers where one exists (riichi: the ``mahjong`` package; three-player riichi: ``xiangting``;
GB: PyMahjongGB, whose only differences are explained by the four-copy limit it ignores), the
exhaustive oracles of ``support.rules_oracles`` everywhere else (Sichuan, waits, jokers).
Samples are seeded; the compiled kernels take the full samples, the pure twins smaller ones.
"""
from __future__ import annotations

import random

import pytest

from mahjong_fast._kernels import rule_flags as F
from mahjong_fast._rules import RULES

from support import rules_oracles as O

# the peers: installed with the test extra (CI's cross-version stage, without them, skips this file)
MahjongGB = pytest.importorskip("MahjongGB")
xiangting = pytest.importorskip("xiangting")
Agari = pytest.importorskip("mahjong.agari").Agari
Shanten = pytest.importorskip("mahjong.shanten").Shanten

CHINESE = O.PRESET_FLAGS["chinese"]
RIICHI = O.PRESET_FLAGS["riichi"]
SICHUAN = O.PRESET_FLAGS["sichuan"]
GB = O.PRESET_FLAGS["gb"]
GB_NAMES = [f"W{i}" for i in range(1, 10)] + [f"B{i}" for i in range(1, 10)] + [f"T{i}" for i in range(1, 10)] + [
    "F1", "F2", "F3", "F4", "J1", "J2", "J3"
]
"""PyMahjongGB's names in index34 order (man = W, pin = B, sou = T, winds, dragons)."""


def gb_tiles(counts: bytes) -> tuple[str, ...]:
    return tuple(GB_NAMES[t] for t in range(34) for _ in range(counts[t]))


def answer(fn, *args, **kw):
    """The result, or the ``ValueError`` text: both implementations must agree on either."""
    try:
        return fn(*args, **kw)
    except ValueError as e:
        return f"ValueError: {e}"


def test_the_oracles_know_the_presets():
    for name, rules in RULES.items():
        assert O.PRESET_FLAGS[name] == rules.flags, name
        assert O.PRESET_LIMITS[name] == rules.limits, name


# ---------------------------------------------------------------- riichi, against its peers


def test_riichi_equals_the_mahjong_package(impl):
    """Shanten with seven pairs and thirteen orphans and the win check of ``mahjong`` 2.x, on
    hands a few swaps from a win, about a third holding four identical tiles."""
    rng = random.Random(1201)
    n = impl.sample(50_000, 1_000)
    hands = O.near_win_hands(rng, n, size=13) + O.near_win_hands(rng, n, size=14)
    assert sum(1 for h in hands if max(h) == 4) > len(hands) // 5
    wins = 0
    for h in hands:
        tiles = list(h)
        s = impl.shanten.shanten_counts(h, rules=RIICHI)
        assert s == Shanten.calculate_shanten(tiles, use_chiitoitsu=True, use_kokushi=True), tiles
        if sum(h) == 14:
            won = impl.shanten.is_win_wild(h, 0, rules=RIICHI)
            assert won == Agari.is_agari(tiles), tiles
            assert won == (s == -1), tiles
            wins += won
    assert wins > n // 20


def test_riichi_seven_pairs_are_seven_different_kinds(impl):
    four = bytes([4, 2, 2, 2, 2, 2] + [0] * 28)  # 1111m22m33m44m55m66m: not seven pairs in riichi
    assert impl.shanten.shanten_counts(four, 2, rules=RIICHI) == 1
    assert impl.shanten.shanten_counts(four, 2, rules=CHINESE) == -1
    assert impl.shanten.is_win_wild(bytes([2] * 7 + [0] * 27), 0, rules=RIICHI)
    ready = bytes([0] * 27 + [2] * 6 + [1])
    assert impl.shanten.waits_counts(ready, rules=RIICHI) == [33]
    quad = bytes([0] * 27 + [4, 2, 2, 2, 2, 1, 0])  # 1111z 2233445566z 7z... 6z alone
    assert impl.shanten.waits_counts(quad, rules=CHINESE) == [32]
    assert impl.shanten.waits_counts(quad, rules=RIICHI) == []


def test_riichi3_equals_xiangting_three_player(impl):
    rng = random.Random(1202)
    limits = O.PRESET_LIMITS["riichi3"]
    n = impl.sample(20_000, 500)
    for size in (13, 14):
        for h in O.near_win_hands(rng, n, limits, size):
            expected = xiangting.calculate_replacement_number(list(h), xiangting.PlayerCount.THREE) - 1
            assert impl.shanten.shanten_counts(h, limits=limits, rules=RIICHI) == expected, list(h)


def test_riichi3_never_uses_a_missing_tile(impl):
    limits = O.PRESET_LIMITS["riichi3"]
    pair_wait = bytes([2, 0, 0, 0, 0, 0, 0, 0, 2] + [1] * 9 + [0] * 16)  # 11m 99m 123456789p
    assert impl.shanten.waits_counts(pair_wait, limits=limits, rules=RIICHI) == [0, 8]
    # 9999m 123p 456p 11s + two jokers: 9m + two jokers is a chow 789m only in four-player
    # riichi; in three-player riichi 7m and 8m are not played, so it needs a fifth 9m
    hand = bytes([0] * 8 + [4] + [1] * 6 + [0] * 3 + [2] + [0] * 15)
    assert impl.shanten.is_win_wild(hand, 2, False, rules=RIICHI)
    assert not impl.shanten.is_win_wild(hand, 2, False, limits, rules=RIICHI)
    assert impl.shanten.is_win_wild(hand, 2, True, limits, rules=RIICHI)  # a fifth 9m: it exists
    for fifth in (False, True):
        assert impl.shanten.is_win_wild(hand, 2, fifth, limits, rules=RIICHI) == O.brute_is_win(
            hand, RIICHI, limits, 2, fifth
        )


# ---------------------------------------------------------------- GB, against PyMahjongGB


def _gb_hands(rng: random.Random, n: int) -> list[bytes]:
    """13-tile hands: half near a standard win, a quarter near 全不靠, a quarter near 组合龙."""
    return (
        O.near_win_hands(rng, n // 2, size=13)
        + O.knitted_hands(rng, n // 4, 4)
        + O.knitted_hands(rng, n - n // 2 - n // 4, 5)
    )


def test_gb_equals_pymahjonggb_up_to_the_four_copy_limit(impl):
    """Where PyMahjongGB differs it counts on a fifth copy: it then equals the oracle that
    allows any number of copies, and ours equals the exhaustive oracle with the limit."""
    rng = random.Random(1203)
    hands = _gb_hands(rng, impl.sample(100_000, 1_000))
    differ = 0
    for h in hands:
        ours = impl.shanten.shanten_counts(h, rules=GB)
        theirs = MahjongGB.MahjongShanten(pack=(), hand=gb_tiles(h))
        if ours != theirs:
            differ += 1
            assert ours > theirs and max(h) == 4, list(h)
            assert theirs == O.uncapped_shanten(h, GB), list(h)
            if differ % 10 == 1:
                assert ours == O.brute_shanten(h, GB), list(h)
    assert differ < len(hands) // 10


@pytest.mark.parametrize("form, peer", [(4, "HonorsAndKnittedTilesShanten"), (5, "KnittedStraightShanten")])
def test_gb_knitted_forms_equal_pymahjonggb(impl, form, peer):
    rng = random.Random(1204 + form)
    n = impl.sample(10_000, 300)
    sizes = (13,) if form == 4 else (13, 10)
    for size in sizes:
        hands = O.knitted_hands(rng, n, form, size) + O.near_win_hands(rng, n // 4, size=size)
        for i, h in enumerate(hands):
            ours = impl.shanten.shanten_counts(h, form, rules=GB)
            theirs, _ = getattr(MahjongGB, peer)(hand=gb_tiles(h))
            if ours != theirs:
                assert ours > theirs and max(h) == 4 and theirs == O.uncapped_shanten(h, GB, form), list(h)
            if i % 50 == 0:
                assert ours == O.brute_shanten(h, GB, form=form), list(h)


def test_gb_knitted_straight_beside_a_declared_meld(impl):
    """组合龙 with one declared meld: 10 or 11 concealed tiles, the meld's copies off the limits."""
    rng = random.Random(1206)
    for _ in range(impl.sample(1_500, 100)):
        s = rng.choice(O.KNITTED_SETS)
        meld_tile = rng.randrange(34)
        limits = bytearray([4] * 34)
        limits[meld_tile] -= 3
        c = [0] * 34
        for t in s:
            c[t] += 1
        pair = rng.choice([t for t in range(34) if c[t] + 2 <= limits[t]])
        c[pair] += 2
        assert impl.shanten.is_win_wild(bytes(c), 0, True, bytes(limits), rules=GB)
        assert impl.shanten.shanten_counts(bytes(c), 5, 0, True, bytes(limits), rules=GB) == -1
        c[pair] -= 1
        h = bytes(O.perturb(rng, c, range(34), limits, rng.randint(0, 2)))
        ours = impl.shanten.shanten_counts(h, 0, 0, True, bytes(limits), rules=GB)
        pack = (("PENG", GB_NAMES[meld_tile], 1),)
        theirs = MahjongGB.MahjongShanten(pack=pack, hand=gb_tiles(h))
        assert ours == O.brute_shanten(h, GB, limits), list(h)
        if ours != theirs:
            assert ours > theirs and max(a + (4 - b) for a, b in zip(h, limits)) >= 4, (list(h), meld_tile)
        waits = impl.shanten.waits_counts(h, 0, True, bytes(limits), rules=GB)
        assert waits == O.brute_waits(h, GB, limits)


def test_gb_knitted_wins(impl):
    knit = bytearray(34)
    for t in (0, 3, 6, 10, 13, 16, 20, 23, 26):  # 147m 258p 369s
        knit[t] = 1
    qixing = bytearray(knit)
    qixing[0] = qixing[16] = 0
    for t in range(27, 34):
        qixing[t] = 1  # 七星不靠: the seven honours and seven knitted tiles
    assert sum(qixing) == 14 and impl.shanten.is_win_wild(bytes(qixing), 0, rules=GB)
    assert not impl.shanten.is_win_wild(bytes(qixing), 0, rules=CHINESE)
    quan = bytearray(knit)
    for t in (27, 28, 29, 31, 33):
        quan[t] = 1  # 全不靠 with five honours
    assert impl.shanten.shanten_counts(bytes(quan), 4, rules=GB) == -1
    zuhelong = bytearray(knit)
    for t in (27, 27, 27, 33, 33):
        zuhelong[t] += 1  # 组合龙 + a pung + a pair
    assert impl.shanten.shanten_counts(bytes(zuhelong), 5, rules=GB) == -1
    assert impl.shanten.shanten_counts(bytes(zuhelong), 4, rules=GB) > -1
    zuhelong[33] -= 1
    assert impl.shanten.waits_counts(bytes(zuhelong), rules=GB) == [33]
    quan[33] = 0
    assert impl.shanten.waits_counts(bytes(quan), rules=GB) == [30, 32, 33]


# ---------------------------------------------------------------- Sichuan, against brute force


def _sichuan_hands(rng: random.Random, n: int) -> list[tuple[bytes, bytes, int]]:
    """(hand, limits, flags): mostly two suits, some three; some beside declared pungs (locks)."""
    out = []
    base = O.PRESET_LIMITS["sichuan"]
    while len(out) < n:
        declared = rng.choice((0, 0, 0, 0, 0, 0, 1, 2))
        limits, suits = O.declared_limits(rng, base, declared, chows=False)
        two = rng.sample(range(3), 2)
        kinds = [t for t in range(27) if t // 9 in two] if rng.random() < 0.7 else list(range(27))
        size = 13 - 3 * declared + rng.randint(0, 1)
        flags = O.lock_flags(SICHUAN, suits)
        for h in O.near_win_hands(rng, 8, limits, size, kinds):
            out.append((h, limits, flags))
    return out[:n]


def test_sichuan_equals_brute_force(impl):
    """Wins (every split, then at most two suits with the locked ones) and shanten (the least
    over the allowed missing suits, by exhaustion) on 50,000 hands."""
    rng = random.Random(1207)
    hands = _sichuan_hands(rng, impl.sample(50_000, 800))
    wins = 0
    for h, limits, flags in hands:
        s = impl.shanten.shanten_counts(h, 0, 0, True, limits, rules=flags)
        assert s == O.brute_shanten(h, flags, limits), (list(h), list(limits), flags)
        if sum(h) % 3 == 2:
            won = impl.shanten.is_win_wild(h, 0, True, limits, rules=flags)
            assert won == O.brute_is_win(h, flags, limits), (list(h), list(limits), flags)
            assert won == (s == -1)
            wins += won
    assert wins > len(hands) // 40


def test_sichuan_missing_suit_and_locks(impl):
    three = bytearray(34)
    for t in (0, 1, 2, 9, 10, 11, 18, 19, 20, 3, 3, 3, 4, 4):  # 1234m 123p 123s: three suits
        three[t] += 1
    assert impl.shanten.is_win_wild(bytes(three), 0, rules=CHINESE)
    assert not impl.shanten.is_win_wild(bytes(three), 0, rules=SICHUAN)
    assert impl.shanten.shanten_counts(bytes(three), rules=SICHUAN) == 2  # drop pin or sou: 3 tiles to replace
    two = bytearray(34)
    for t in (0, 1, 2, 3, 3, 3, 4, 4, 9, 10, 11, 12, 13, 14):
        two[t] += 1
    assert impl.shanten.is_win_wild(bytes(two), 0, rules=SICHUAN)
    locked = SICHUAN | (1 << (F.LOCK_SHIFT + 2))  # a declared sou meld: the hand must drop man or pin
    assert not impl.shanten.is_win_wild(bytes(two), 0, rules=locked)
    assert impl.shanten.shanten_counts(bytes(two), rules=locked) == O.brute_shanten(bytes(two), locked)
    all_locked = SICHUAN | F.LOCK_MASK
    assert impl.shanten.shanten_counts(bytes(two), rules=all_locked) == 99  # no suit left to drop
    ready = bytearray(two)
    ready[4] -= 1  # 123m 444m 5m 123456p: waits on 3m 5m 6m
    assert impl.shanten.waits_counts(bytes(ready), rules=SICHUAN) == [2, 4, 5] == O.brute_waits(bytes(ready), SICHUAN)
    assert impl.shanten.waits_counts(bytes(ready), rules=all_locked) == []
    lone_sou = bytearray(ready)
    lone_sou[4] -= 1
    lone_sou[18] += 1  # 123m 444m 123456p 1s: a wait on 1s only, which would be a third suit
    assert 18 in impl.shanten.waits_counts(bytes(lone_sou), rules=CHINESE)
    sichuan_waits = impl.shanten.waits_counts(bytes(lone_sou), rules=SICHUAN)
    assert 18 not in sichuan_waits and sichuan_waits == O.brute_waits(bytes(lone_sou), SICHUAN)


# ---------------------------------------------------------------- every preset


PRESETS = list(O.PRESET_FLAGS)


@pytest.mark.parametrize("preset", PRESETS)
def test_every_preset_wins_shanten_and_waits_against_brute_force(impl, preset):
    rng = random.Random(hash(preset) % 1000 + 1208)
    flags, base = O.PRESET_FLAGS[preset], O.PRESET_LIMITS[preset]
    n = impl.sample(600, 60) // (2 if preset == "gb" else 1)
    for declared in (0, 1):
        limits, suits = O.declared_limits(rng, base, declared, chows=preset != "sichuan")
        rules = O.lock_flags(flags, suits) if preset == "sichuan" else flags
        hands = O.near_win_hands(rng, n, limits, 13 - 3 * declared) + O.near_win_hands(
            rng, n, limits, 14 - 3 * declared
        )
        if preset == "gb":
            hands += O.knitted_hands(rng, n // 4, 4) + O.knitted_hands(rng, n // 4, 5) if not declared else []
        for h in hands:
            if any(h[t] > limits[t] for t in range(34)):
                continue
            s = impl.shanten.shanten_counts(h, 0, 0, True, limits, rules=rules)
            assert s == O.brute_shanten(h, rules, limits), (preset, list(h), list(limits))
            if sum(h) % 3 == 2:
                won = impl.shanten.is_win_wild(h, 0, True, limits, rules=rules)
                assert won == (s == -1) == O.brute_is_win(h, rules, limits), (preset, list(h))
            else:
                waits = impl.shanten.waits_counts(h, 0, True, limits, rules=rules)
                assert waits == O.brute_waits(h, rules, limits), (preset, list(h), list(limits))
                assert s == 0 or not waits  # a ready hand may still wait on nothing left


@pytest.mark.parametrize("preset", PRESETS)
def test_every_preset_form_zero_is_the_least_allowed_form(impl, preset):
    rng = random.Random(1209)
    flags, limits = O.PRESET_FLAGS[preset], O.PRESET_LIMITS[preset]
    allowed = [1] + [2] * bool(flags & (F.SEVEN_PAIRS | F.SEVEN_PAIRS_DISTINCT)) + [3] * bool(
        flags & F.THIRTEEN_ORPHANS
    ) + [4, 5] * bool(flags & F.KNITTED)
    for h in O.near_win_hands(rng, impl.sample(2_000, 100), limits, 13):
        forms = [impl.shanten.shanten_counts(h, f, 0, True, limits, rules=flags) for f in allowed]
        assert impl.shanten.shanten_counts(h, 0, 0, True, limits, rules=flags) == min(forms)
    for form in {1, 2, 3, 4, 5} - set(allowed):
        with pytest.raises(ValueError, match=f"form {form} .* is not allowed by rules = {flags}"):
            impl.shanten.shanten_counts(bytes(h), form, rules=flags)


@pytest.mark.parametrize("preset", PRESETS)
def test_every_preset_with_jokers_against_joker_placements(impl, preset):
    """A joker stands for any tile the rules play: wins against every placement, waits against
    adding each tile, shanten (jokers within the limits) against exhaustion."""
    rng = random.Random(1210)
    flags, limits = O.PRESET_FLAGS[preset], O.PRESET_LIMITS[preset]
    n = impl.sample(150, 15) // (3 if preset == "gb" else 1)
    for jokers in (1, 2):
        for h in O.near_win_hands(rng, n, limits, 14 - jokers):
            for fifth in (False, True):
                won = impl.shanten.is_win_wild(h, jokers, fifth, limits, rules=flags)
                assert won == O.brute_is_win(h, flags, limits, jokers, fifth), (preset, list(h), jokers, fifth)
                s = impl.shanten.shanten_counts(h, 0, jokers, fifth, limits, rules=flags)
                assert (s == -1) == won
            assert impl.shanten.shanten_counts(h, 0, jokers, False, limits, rules=flags) == O.brute_shanten(
                h, flags, limits, jokers
            )
        for h in O.near_win_hands(rng, impl.sample(40, 4), limits, 13 - jokers):
            if jokers == 1:  # with two jokers the oracle tries 34 tiles x 595 placements: too slow
                for fifth in (False, True):
                    waits = impl.shanten.waits_counts(h, jokers, fifth, limits, rules=flags)
                    assert waits == O.brute_waits(h, flags, limits, jokers, fifth), (preset, list(h), fifth)


# ---------------------------------------------------------------- the default and bad input


def test_chinese_rules_are_the_default(impl):
    rng = random.Random(1211)
    for h in O.near_win_hands(rng, impl.sample(3_000, 200), size=13):
        assert impl.shanten.shanten_counts(h, rules=CHINESE) == impl.shanten.shanten_counts(h)
        assert impl.shanten.waits_counts(h, rules=CHINESE) == impl.shanten.waits_counts(h)
        short = bytearray(h)
        short[next(t for t in range(34) if h[t])] -= 1
        for fifth in (False, True):
            assert impl.shanten.waits_counts(bytes(short), 1, fifth, rules=CHINESE) == impl.shanten.waits_counts(
                bytes(short), 1, fifth
            )
            assert impl.shanten.shanten_counts(bytes(short), 0, 1, fifth, rules=CHINESE) == (
                impl.shanten.shanten_counts(bytes(short), 0, 1, fifth)
            )


@pytest.mark.parametrize(
    "rules, message",
    [
        (F.SEVEN_PAIRS | F.SEVEN_PAIRS_DISTINCT, "sets both SEVEN_PAIRS and SEVEN_PAIRS_DISTINCT"),
        (3 << F.DROP_SHIFT, "drops 3 suits"),
        (F.ALL_BITS + 1, "bits that rule_flags does not define"),
        (-1, "bits that rule_flags does not define"),
    ],
)
def test_invalid_rules_are_a_value_error(impl, rules, message):
    hand = bytes([1] * 13 + [0] * 21)
    for call in (
        lambda: impl.shanten.shanten_counts(hand, rules=rules),
        lambda: impl.shanten.waits_counts(hand, rules=rules),
        lambda: impl.shanten.is_win_wild(hand, 1, rules=rules),
    ):
        with pytest.raises(ValueError, match=message):
            call()


def test_forms_and_sizes_are_checked(impl):
    hand10 = bytes([1] * 10 + [0] * 24)
    with pytest.raises(ValueError, match="form 4 needs a hand of 13 or 14 tiles, got 10"):
        impl.shanten.shanten_counts(hand10, 4, rules=GB)
    assert impl.shanten.shanten_counts(hand10, 5, rules=GB) >= 0
    with pytest.raises(ValueError, match="form 5 needs a hand of 10, 11, 13 or 14 tiles, got 7"):
        impl.shanten.shanten_counts(bytes([1] * 7 + [0] * 27), 5, rules=GB)
    with pytest.raises(ValueError, match="form must be 0 .* got 6"):
        impl.shanten.shanten_counts(hand10, 6, rules=GB)
    with pytest.raises(ValueError, match=r"form 3 \(thirteen orphans\) is not allowed"):
        impl.shanten.shanten_counts(bytes([1] * 13 + [0] * 21), 3, rules=SICHUAN)
    honours = bytes([1] * 12 + [0] * 21 + [1])
    with pytest.raises(ValueError, match="is above limits"):
        impl.shanten.shanten_counts(honours, limits=O.PRESET_LIMITS["sichuan"], rules=SICHUAN)
