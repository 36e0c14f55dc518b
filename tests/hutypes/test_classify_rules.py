"""Hu types under rule sets (``rules=``): the kernels of both implementations and the API.

References: ``support.hu_rules`` (a naive classifier under a ``Rules``, and a
brute force over joker placements) and PyMahjongGB's fan calculator, which
names 全不靠, 七星不靠 and 组合龙.
"""
from __future__ import annotations

import random
from collections import Counter

import pytest

import mahjong_fast as mf
from mahjong_fast._classify import GENERAL, HuType
from mahjong_fast._kernels import hu_flags, rule_flags
from mahjong_fast._layout import FIRST_HONOR, N_KINDS, SUIT_SIZE
from mahjong_fast._rules import RULES, Rules

from support.hu_rules import KNITTED_SETS, best_over_jokers, naive_hu_rules, random_rules_case, suit_count
from support.hu_types import CHOW, CONCEALED_KONG, KONG, PUNG, all_splits, meld_bytes, meld_counts

H = HuType
classify = GENERAL["classify"]
decompose = GENERAL["decompose"]
KNITTED_SHAPES = H.QUAN_BU_KAO | H.QI_XING_BU_KAO | H.ZU_HE_LONG


def kernel_flags(rules: Rules, melds: list[tuple[int, int]]) -> int:
    return rules.lock_flags(tile // SUIT_SIZE for _, tile in melds if tile < FIRST_HONOR)


def text(tiles: list[int]) -> str:
    return mf.format([mf.Tile(t) for t in tiles])


def knitted_text(knit: tuple[int, ...]) -> str:
    return text(list(knit))


# --- the flags ---------------------------------------------------------------------

def test_new_flags_are_the_documented_bits():
    assert (hu_flags.QUAN_BU_KAO, hu_flags.QI_XING_BU_KAO, hu_flags.ZU_HE_LONG) == (1 << 11, 1 << 12, 1 << 13)
    assert H.LONG_QI_DUI is H.QI_DA_DUI and "LONG_QI_DUI" not in [f.name for f in H]
    assert (H.QI_XING_BU_KAO.chinese, H.QUAN_BU_KAO.chinese, H.ZU_HE_LONG.chinese) == ("七星不靠", "全不靠", "组合龙")
    assert H.SHAPES.index(H.SHI_SAN_YAO) < H.SHAPES.index(H.QI_XING_BU_KAO) < H.SHAPES.index(H.QUAN_BU_KAO)
    assert H.SHAPES.index(H.QUAN_BU_KAO) < H.SHAPES.index(H.ZU_HE_LONG) < H.SHAPES.index(H.HAO_HUA_QI_DUI)
    assert (H.ZU_HE_LONG | H.MEN_QING).shape is H.ZU_HE_LONG
    assert repr(H.QUAN_BU_KAO | H.MEN_QING) == "HuType.QUAN_BU_KAO|MEN_QING"


# --- each knitted shape directly ------------------------------------------------------

@pytest.mark.parametrize("knit", KNITTED_SETS, ids=knitted_text)
def test_quan_bu_kao_every_knitted_set(impl, knit):
    rng = random.Random(sum(knit))
    honours = list(range(FIRST_HONOR, N_KINDS))
    gb = RULES["gb"].flags
    for n_honours in (5, 6):
        for _ in range(20):
            tiles = rng.sample(honours, n_honours) + rng.sample(knit, 14 - n_honours)
            c = bytes(mf.to_counts(text(tiles)))
            assert impl.hutype.hu_type(c, b"", False, gb) == H.QUAN_BU_KAO | H.MEN_QING, text(tiles)
            assert impl.hutype.hu_type(c, b"", False) == 0  # chinese: no knitted forms
            assert classify(text(tiles), rules="gb") == H.QUAN_BU_KAO | H.MEN_QING
            assert classify(text(tiles)) == 0
    # seven honours: 七星不靠, whichever seven of the nine knitted tiles
    for _ in range(20):
        tiles = honours + rng.sample(knit, 7)
        assert impl.hutype.hu_type(bytes(mf.to_counts(text(tiles))), b"", False, gb) == H.QI_XING_BU_KAO | H.MEN_QING
        assert classify(text(tiles), rules="gb") == H.QI_XING_BU_KAO | H.MEN_QING


@pytest.mark.parametrize("hand, expected", [
    ("147m258p369s12345z", H.QUAN_BU_KAO),
    ("147m258p39s123456z", H.QUAN_BU_KAO),
    ("147m258p3s1234567z", H.QI_XING_BU_KAO),
    ("14m25p369s1234567z", H.QI_XING_BU_KAO),
    ("147m258p369s12355z", H(0)),      # a pair: not all different, and 123z is no meld
    ("147m258p368s12345z", H(0)),      # 8s is not of the set
    ("1477m258p369s1234z", H(0)),      # two 7m
    ("147m258p369s11123m", H.ZU_HE_LONG),
    ("147m258p369s55567s", H.ZU_HE_LONG),
    ("147m258p369s77z789p", H.ZU_HE_LONG),
    ("147m258p369s11z999p", H.ZU_HE_LONG),
    ("147m258p369s11z789p", H.ZU_HE_LONG),
    ("147m258p369s11m124p", H(0)),
    ("258m147p369s22m345m", H.ZU_HE_LONG),
])
def test_knitted_shapes_by_hand(impl, hand, expected):
    c = bytes(mf.to_counts(hand))
    got = impl.hutype.hu_type(c, b"", False, RULES["gb"].flags)
    assert H(got).shape == expected
    assert classify(hand, rules="gb").shape == expected
    assert classify(hand, rules=RULES["gb"]).shape == expected
    assert not KNITTED_SHAPES & classify(hand)


@pytest.mark.parametrize("knit", KNITTED_SETS, ids=knitted_text)
def test_zu_he_long_every_set_with_and_without_declared_meld(impl, knit):
    rng = random.Random(sum(knit) + 1)
    gb = RULES["gb"]
    straight = knitted_text(knit)
    done = Counter()
    while min(done.values(), default=0) < 5 or len(done) < 5:
        pair = rng.randrange(N_KINDS)
        kind = rng.choice((CHOW, PUNG, KONG, CONCEALED_KONG))
        tile = rng.randrange(FIRST_HONOR if kind == CHOW else N_KINDS)
        if kind == CHOW and tile % SUIT_SIZE > SUIT_SIZE - 3:
            continue
        meld = meld_counts([(kind, tile)])
        base = mf.to_counts(straight)
        if any(base[t] + meld[t] + 2 * (t == pair) > 4 for t in range(N_KINDS)):
            continue
        declared = rng.random() < 0.5
        if declared:
            c = [base[t] + 2 * (t == pair) for t in range(N_KINDS)]
            melds = [(kind, tile)]
        elif kind == KONG or kind == CONCEALED_KONG:
            continue
        else:
            c = [base[t] + meld[t] + 2 * (t == pair) for t in range(N_KINDS)]
            melds = []
        got = impl.hutype.hu_type(bytes(c), meld_bytes(melds), False, kernel_flags(gb, melds))
        assert H(got).shape is H.ZU_HE_LONG, (c, melds)
        assert got == naive_hu_rules(c, melds, False, gb)
        assert not H(got) & (H.QING_YI_SE | H.HUN_YI_SE | H.ZI_YI_SE)
        assert bool(got & H.MEN_QING) == (not melds or kind == CONCEALED_KONG)
        done[(declared, kind)] += 1


def test_decompose_lists_zu_he_long_readings():
    hand = "147m258p369s11123m"
    found = decompose(hand, rules="gb")
    assert [str(d) for d in found] == ["11m + 147m 258p 369s 123m"]
    knitted = found[0].melds[:3]
    assert [m.kind for m in knitted] == ["knitted"] * 3
    assert [str(m) for m in knitted] == ["147m", "258p", "369s"]
    assert knitted[1].tiles == tuple(mf.Tile(t) for t in (10, 13, 16))
    assert decompose(hand) == [] and decompose(hand, rules="chinese") == []
    # with a declared meld, and several splits of the rest
    assert [str(d) for d in decompose("147m258p369s11z", melds=["[555z]"], rules="gb")] == [
        "11z + 147m 258p 369s [555z]"
    ]
    assert [str(d) for d in decompose("147m258p369s11123m", rules="gb")] == ["11m + 147m 258p 369s 123m"]
    # 全不靠 and 七星不靠 are not pair-and-melds readings
    assert decompose("147m258p369s12345z", rules="gb") == []
    # standard readings are unchanged by gb
    assert decompose("11122233344455m", rules="gb") == decompose("11122233344455m")


# --- seven pairs per rule set ---------------------------------------------------------

@pytest.mark.parametrize("hand, chinese, riichi", [
    ("11223344556677m", H.QI_XIAO_DUI, H.QI_XIAO_DUI),
    ("11112233445566p", H.QI_DA_DUI, H.PING_HU),           # 11p + 123p 123p 456p 456p
    ("1111223344z5566s", H.QI_DA_DUI, H(0)),
    ("11113333z55667s7s", H.HAO_HUA_QI_DUI, H(0)),
    ("11115555m66z77z99s", H.HAO_HUA_QI_DUI, H(0)),
    ("22223333444455m", H.HAO_HUA_QI_DUI, H.PING_HU),
])
def test_seven_pairs_riichi_versus_chinese(impl, hand, chinese, riichi):
    c = bytes(mf.to_counts(hand))
    assert H(impl.hutype.hu_type(c, b"", False)).shape == chinese
    assert H(impl.hutype.hu_type(c, b"", False, RULES["riichi"].flags)).shape == riichi
    assert classify(hand).shape == chinese
    assert classify(hand, rules="riichi").shape == riichi
    assert classify(hand, rules="riichi3" if not any(mf.to_counts(hand)[1:8]) else "riichi").shape == riichi
    assert classify(hand, rules="gb").shape == chinese


@pytest.mark.parametrize("hand, expected", [
    ("11223344556677m", H.QI_XIAO_DUI | H.QING_YI_SE),
    ("11112233445566m", H.LONG_QI_DUI | H.QING_YI_SE),
    ("11112233m445566p", H.LONG_QI_DUI),                      # two suits: wins
    ("11112222m335566p", H.HAO_HUA_QI_DUI),                     # two sets of four
    ("112233m445566p77s", H(0)),                               # three suits: no win
    ("123m456p789s11122s", H(0)),                              # three suits, standard form
    ("123m456m789p11122p", H.PING_HU),
    ("111m222m333p444p55p", H.DUI_DUI_HU),
])
def test_sichuan(impl, hand, expected):
    c = bytes(mf.to_counts(hand))
    got = H(impl.hutype.hu_type(c, b"", False, RULES["sichuan"].flags))
    assert got == expected | (H.MEN_QING if expected else H(0))
    assert classify(hand, rules="sichuan") == got


def test_sichuan_counts_declared_melds_and_has_no_orphans_or_honours(impl):
    sichuan = RULES["sichuan"]
    # concealed part in two suits, a declared pung in the third: three suits, no win
    assert classify("11122233m444555p", rules="sichuan") != 0
    assert classify("11122233m444p", melds=["[555p]"], rules="sichuan") != 0
    assert classify("11122233m444p", melds=["[555s]"], rules="sichuan") == 0
    assert classify("11122233m444p", melds=["[555s]"]) != 0
    assert decompose("11122233m444p", melds=["[555s]"], rules="sichuan") == []
    assert decompose("11122233m444p", melds=["[555s]"]) != []
    # the kernel also honours LOCK bits for suits a caller says are held
    c = bytes(mf.to_counts("11122233m444555p"))
    assert impl.hutype.hu_type(c, b"", False, sichuan.flags) != 0
    assert impl.hutype.hu_type(c, b"", False, sichuan.lock_flags([2])) == 0
    with pytest.raises(ValueError, match="1z"):
        classify("19m19p19s1234567z1m", rules="sichuan")
    with pytest.raises(ValueError, match="chow"):
        classify("11122233m444p", melds=["[456p]"], rules="sichuan")
    with pytest.raises(ValueError, match=r"\[555z\]"):
        classify("11122233m444p", melds=["[555z]"], rules="sichuan")
    with pytest.raises(ValueError, match="2m"):
        classify("11122233m444555p", rules="riichi3")
    with pytest.raises(ValueError, match="2m"):
        decompose("11122233m444555p", rules="riichi3")
    with pytest.raises(ValueError, match="unknown rules"):
        classify("11122233m444555p", rules="mcr")
    with pytest.raises(TypeError):
        classify("11122233m444555p", rules=3)
    # thirteen orphans wins elsewhere
    assert impl.hutype.hu_type(bytes(mf.to_counts("19m19p19s12345677z")), b"", False) & H.SHI_SAN_YAO
    assert impl.hutype.hu_type(bytes(mf.to_counts("19m19p19s12345677z")), b"", False,
                               sichuan.flags & ~rule_flags.DROP_MASK) == 0


def test_house_rules():
    no_pairs = Rules(seven_pairs=None)
    assert classify("11223344556677m", rules=no_pairs) == H.PING_HU | H.QING_YI_SE | H.MEN_QING
    assert classify("11224455z667788m", rules=no_pairs) == 0
    assert classify("19m19p19s12345677z", rules=Rules(thirteen_orphans=False)) == 0
    one_suit = Rules(max_suits=1)
    assert classify("11122233344455m", rules=one_suit) != 0
    assert classify("111222333m44455z", rules=one_suit) != 0
    assert classify("111222333m44455p", rules=one_suit) == 0


def test_sichuan_wild_red_dragon_jokers():
    """The wild kind's own copies are jokers, not tiles: 红中 jokers play in Sichuan."""
    assert classify("1112223334445m7z", wild="7z", rules="sichuan") == H.DUI_DUI_HU | H.QING_YI_SE | H.MEN_QING
    assert classify("1112223345678m7z", wild="7z", rules="sichuan") == H.PING_HU | H.QING_YI_SE | H.MEN_QING
    # a joker never stands for a tile the rules leave out: no honour pair, no third suit
    assert classify("111222333m4445p7z", wild="7z", rules="sichuan") != 0
    assert classify("111m222p333s4445p7z", wild="7z", rules="sichuan") == 0
    assert classify("111m222p333s4445p7z", wild="7z") != 0


def test_default_answers_unchanged(impl):
    rng = random.Random(3)
    chinese = RULES["chinese"]
    for _ in range(impl.sample(3000, 1000)):
        c, melds, self_drawn = random_rules_case(rng, RULES["gb"])
        codes = meld_bytes(melds)
        expected = impl.hutype.hu_type(bytes(c), codes, self_drawn)
        assert impl.hutype.hu_type(bytes(c), codes, self_drawn, chinese.flags) == expected
        assert impl.hutype.hu_type(bytes(c), codes, self_drawn, kernel_flags(chinese, melds)) == expected


# --- against the brute force, every preset ---------------------------------------------

@pytest.mark.parametrize("preset", list(RULES))
def test_kernel_matches_brute_force(impl, preset):
    rules = RULES[preset]
    rng = random.Random(preset)
    n = 6000
    wins = Counter()
    for _ in range(n):
        c, melds, self_drawn = random_rules_case(rng, rules)
        expected = naive_hu_rules(c, melds, self_drawn, rules)
        got = impl.hutype.hu_type(bytes(c), meld_bytes(melds), self_drawn, kernel_flags(rules, melds))
        assert got == expected, (preset, c, melds, H(got), H(expected))
        wins[H(got).shape] += 1
    assert sum(wins.values()) - wins[H(0)] >= n // 3, wins
    assert wins[H(0)] >= n // 20, wins
    if rules.knitted:
        assert min(wins[s] for s in (H.QUAN_BU_KAO, H.QI_XING_BU_KAO, H.ZU_HE_LONG)) >= 50, wins
    if rules.seven_pairs == "four_as_two":
        assert min(wins[s] for s in (H.QI_DA_DUI, H.HAO_HUA_QI_DUI)) >= 20, wins


@pytest.mark.parametrize("preset", list(RULES))
def test_classify_matches_brute_force(preset):
    rules = RULES[preset]
    rng = random.Random(preset + "api")
    for _ in range(1000):
        c, melds, self_drawn = random_rules_case(rng, rules)
        tiles = [t for t in range(N_KINDS) for _ in range(c[t])]
        declared = [mf.Meld(("chow", "pung", "kong", "kong")[k], mf.Tile(t), concealed=k == CONCEALED_KONG)
                    for k, t in melds]
        got = classify(tiles, melds=declared, self_drawn=self_drawn, rules=preset)
        assert got == naive_hu_rules(c, melds, self_drawn, rules), (preset, c, melds)
        whole = [a + b for a, b in zip(c, meld_counts(melds))]
        readings = suit_count(whole) <= rules.max_suits and (
            bool(all_splits(tuple(c))) or rules.knitted and got.shape is H.ZU_HE_LONG
        )
        assert bool(decompose(tiles, melds=declared, rules=preset)) == readings, (preset, c, melds)


@pytest.mark.parametrize("preset", list(RULES))
def test_wild_matches_brute_force(impl, preset):
    rules = RULES[preset]
    rng = random.Random(preset + "wild")
    n = impl.sample(800, 300)
    found = Counter()
    for _ in range(n):
        c, melds, self_drawn = random_rules_case(rng, rules)
        present = [t for t in range(N_KINDS) if c[t]]
        wild = bytearray(N_KINDS)
        if rng.random() < 0.3 and rules.honours:
            wild[N_KINDS - 1] = 1                         # 红中: often held, in Sichuan too
            if not c[N_KINDS - 1] and present:
                c[rng.choice(present)] -= 1
                c[N_KINDS - 1] += 1
        else:
            wild[rng.choice(present)] = 1
        if sum(c[t] for t in range(N_KINDS) if wild[t]) > 2:
            continue
        fifth = rng.random() < 0.5
        in_melds = meld_counts(melds)
        if any(c[t] + in_melds[t] > 4 for t in range(N_KINDS)):
            continue
        expected = best_over_jokers(c, wild, melds, self_drawn, fifth, rules)
        got = impl.hutype.hu_type_wild(bytes(c), bytes(wild), meld_bytes(melds), self_drawn, fifth,
                                       kernel_flags(rules, melds), rules.limits)
        assert got == expected, (preset, c, bytes(wild).hex(), melds, fifth, H(got), H(expected))
        found[H(got).shape] += 1
    assert sum(found.values()) - found[H(0)] >= n // 4, found


def test_wild_house_rule_with_a_gap_in_a_suit(impl):
    """Jokers never stand for a tile the rules leave out, even beside real tiles of its suit
    (the exact search of the standard form), whatever ``fifth``."""
    gap = Rules(missing=("5m",))
    rng = random.Random(9)
    checked = 0
    while checked < impl.sample(300, 100):
        c, melds, self_drawn = random_rules_case(rng, gap)
        wild = bytearray(N_KINDS)
        wild[rng.choice([t for t in range(N_KINDS) if c[t]])] = 1
        if sum(c[t] for t in range(N_KINDS) if wild[t]) > 2:
            continue
        for fifth in (True, False):
            expected = best_over_jokers(c, wild, melds, self_drawn, fifth, gap)
            got = impl.hutype.hu_type_wild(bytes(c), bytes(wild), meld_bytes(melds), self_drawn, fifth,
                                           kernel_flags(gap, melds), gap.limits)
            assert got == expected, (c, bytes(wild).hex(), melds, fifth, H(got), H(expected))
        checked += 1
    c = bytes(mf.to_counts("46m123p456p789p11s7z"))
    wild = bytes(mf.to_counts("7z"))
    assert impl.hutype.hu_type_wild(c, wild, b"", False, True, gap.flags, gap.limits) == 0
    assert impl.hutype.hu_type_wild(c, wild, b"", False, True) != 0


def test_kernel_errors_agree(impl):
    import mahjong_fast._kernels.hutype_py as pure
    c = bytes(mf.to_counts("11122233344455m"))
    both_pairs = rule_flags.SEVEN_PAIRS | rule_flags.SEVEN_PAIRS_DISTINCT
    for bad in (-1, rule_flags.ALL_BITS + 1, both_pairs, 3 << rule_flags.DROP_SHIFT):
        with pytest.raises(ValueError) as expected:
            pure.hu_type(c, b"", False, bad)
        with pytest.raises(ValueError) as got:
            impl.hutype.hu_type(c, b"", False, bad)
        assert str(got.value) == str(expected.value)
    with pytest.raises(TypeError):
        impl.hutype.hu_type(c, b"", False, "gb")
    limits = bytearray(RULES["riichi3"].limits)
    with pytest.raises(ValueError, match="limit"):
        impl.hutype.hu_type_wild(c, bytes(mf.to_counts("5m")), b"", False, True, RULES["riichi3"].flags, limits)


def test_public_classify_takes_rules_once_the_fast_path_does():
    try:
        got = mf.classify("147m258p369s11123m", rules="gb")
    except TypeError:
        pytest.skip("the compiled fast path of classify does not take rules= yet")
    assert got == classify("147m258p369s11123m", rules="gb")


# --- PyMahjongGB ----------------------------------------------------------------------

_GB_SUIT = {0: "W", 1: "B", 2: "T"}
_GB_HONOR = ("F1", "F2", "F3", "F4", "J3", "J2", "J1")


def _gb_tile(t: int) -> str:
    return f"{_GB_SUIT[t // SUIT_SIZE]}{t % SUIT_SIZE + 1}" if t < FIRST_HONOR else _GB_HONOR[t - FIRST_HONOR]


def _gb_pack(kind: int, tile: int) -> tuple[str, str, int]:
    if kind == CHOW:
        return ("CHI", _gb_tile(tile + 1), 1)
    return ("PENG" if kind == PUNG else "GANG", _gb_tile(tile), 0 if kind == CONCEALED_KONG else 1)


def test_knitted_shapes_against_pymahjonggb():
    calc = pytest.importorskip("MahjongGB").MahjongFanCalculator
    rng = random.Random(12)
    gb = RULES["gb"]
    compared = Counter()
    for _ in range(6000):
        c, melds, self_drawn = random_rules_case(rng, gb)
        tiles = [t for t in range(N_KINDS) for _ in range(c[t])]
        win = rng.choice(tiles)
        hand = list(tiles)
        hand.remove(win)
        try:
            fans = calc(tuple(_gb_pack(k, t) for k, t in melds), tuple(map(_gb_tile, hand)), _gb_tile(win),
                        0, self_drawn, False, False, False, 0, 0, verbose=True)
        except TypeError as e:  # PyMahjongGB reports a non-win (or a hand it rejects) this way
            if "ERROR_NOT_WIN" not in str(e):
                continue
            names: set[str] | None = None
        else:
            names = {name for _, _, name, _ in fans}
        got = classify(tiles, melds=[mf.Meld(("chow", "pung", "kong", "kong")[k], mf.Tile(t),
                                             concealed=k == CONCEALED_KONG) for k, t in melds], rules="gb")
        if names is None:
            # PyMahjongGB computes the fans of any winning shape (the 8-point minimum is the
            # caller's), so the two agree on which hands win at all
            assert not got, (tiles, melds)
            compared["no win"] += 1
            continue
        if "七星不靠" in names:
            assert got.shape is H.QI_XING_BU_KAO, (tiles, melds, names)
        elif "全不靠" in names:
            assert got.shape is H.QUAN_BU_KAO, (tiles, melds, names)
        elif "组合龙" in names:
            assert got.shape is H.ZU_HE_LONG, (tiles, melds, names)
        else:
            assert got and not KNITTED_SHAPES & got, (tiles, melds, names)
        compared[got.shape] += 1
    assert min(compared[s] for s in (H.QUAN_BU_KAO, H.QI_XING_BU_KAO, H.ZU_HE_LONG)) >= 50, compared
    assert compared["no win"] >= 100, compared
