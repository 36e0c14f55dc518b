"""Hu-type classification and decompositions of whole hands.

``classify`` and ``decompose`` are tested as dispatched: over the compiled
kernels, or over the pure-Python ones when ``MAHJONG_FAST_NO_EXTENSIONS`` is set
(CI runs the suite both ways).
"""
from __future__ import annotations

import random
from collections import Counter

import pytest

import mahjong_fast as mf
from mahjong_fast import _dispatch
from mahjong_fast._classify import (
    DecomposedMeld,
    Decomposition,
    HuType,
    classify,
    decompose,
)
from mahjong_fast._hand import Hand
from mahjong_fast._layout import FIRST_HONOR, N_KINDS, ORPHANS, SUIT_SIZE
from mahjong_fast._meld import Meld
from mahjong_fast._tiles import Tile

from support.hands import counts_of
from support.oracles import CHOW_STARTS, meld_tiles, naive_splits

H = HuType
SSY, HH, QDD, QXD, DDH, PH = H.SHI_SAN_YAO, H.HAO_HUA_QI_DUI, H.QI_DA_DUI, H.QI_XIAO_DUI, H.DUI_DUI_HU, H.PING_HU
KNITTED_SHAPES = {H.QUAN_BU_KAO, H.QI_XING_BU_KAO, H.ZU_HE_LONG}  # only under rules with knitted forms
QYS, HYS, ZYS, MQ, QQR = H.MODIFIERS


# --- HuType -----------------------------------------------------------------

def test_flag_names():
    expected = {
        "SHI_SAN_YAO": ("十三幺", "Thirteen Orphans"),
        "HAO_HUA_QI_DUI": ("豪华大七对", "Luxury Seven Pairs"),
        "QI_DA_DUI": ("七大对", "Big Seven Pairs"),
        "QI_XIAO_DUI": ("七小对", "Seven Pairs"),
        "DUI_DUI_HU": ("对对胡", "All Pungs"),
        "PING_HU": ("平胡", "Plain Win"),
        "QING_YI_SE": ("清一色", "Full Flush"),
        "HUN_YI_SE": ("混一色", "Half Flush"),
        "ZI_YI_SE": ("字一色", "All Honors"),
        "MEN_QING": ("门清", "Concealed Hand"),
        "QUAN_QIU_REN": ("全求人", "Melded Hand"),
        "QUAN_BU_KAO": ("全不靠", "Knitted and Honours"),
        "QI_XING_BU_KAO": ("七星不靠", "Seven Honours and Knitted"),
        "ZU_HE_LONG": ("组合龙", "Knitted Straight"),
    }
    assert [f.name for f in HuType] == list(expected)
    for name, (zh, en) in expected.items():
        flag = HuType[name]
        assert (flag.chinese, flag.english) == (zh, en)
        assert flag.flags() == (flag,)
        assert flag.names("zh") == [zh] and flag.names("en") == [en]


def test_shapes_and_modifiers_partition_the_flags():
    assert set(H.SHAPES) | set(H.MODIFIERS) == set(HuType)
    assert not set(H.SHAPES) & set(H.MODIFIERS)
    assert H.SHAPES == (H.SHI_SAN_YAO, H.QI_XING_BU_KAO, H.QUAN_BU_KAO, H.ZU_HE_LONG,
                        H.HAO_HUA_QI_DUI, H.QI_DA_DUI, H.QI_XIAO_DUI, H.DUI_DUI_HU, H.PING_HU)
    for f in H.SHAPES:
        assert f.shape is f and f.modifiers == 0
    for f in H.MODIFIERS:
        assert f.shape == 0 and f.modifiers is f


def test_combined_flags():
    t = QYS | MQ | QXD
    assert t.shape is QXD
    assert t.modifiers == QYS | MQ
    assert t.flags() == (QXD, QYS, MQ)
    assert t.names("zh") == ["七小对", "清一色", "门清"]
    assert t.chinese == "七小对 清一色 门清"
    assert t.english == "Seven Pairs, Full Flush, Concealed Hand"
    none = HuType(0)
    assert none.flags() == () and none.chinese == "" and none.names("en") == []
    assert not none.shape and not none.modifiers
    with pytest.raises(ValueError, match="fr"):
        t.names("fr")


def test_public_names():
    assert mf.HuType is HuType and mf.classify is classify
    assert mf.decompose is decompose and mf.Decomposition is Decomposition


# --- classify: known hands ----------------------------------------------------

@pytest.mark.parametrize(
    "hand, melds, expected",
    [
        # 十三幺
        ("19m19p19s1234567z1m", [], SSY | MQ),
        ("19m19p19s12345677z", [], SSY | MQ),
        # seven pairs with two, one and no sets of four identical tiles
        ("11112222m3344p55s", [], HH | MQ),
        ("1111m2222p3333s44z", [], HH | MQ),
        ("1111m2233p4455s66z", [], QDD | MQ),
        ("11223344556677m", [], QXD | QYS | MQ),  # also a standard form
        ("223344m556677p88s", [], QXD | MQ),  # also a standard form
        ("1122334455m6677z", [], QXD | HYS | MQ),
        ("11223344556677z", [], QXD | ZYS | MQ),
        # four identical honors as two of the seven pairs
        ("1111z2233445566z", [], QDD | ZYS | MQ),
        ("11112222z334455z", [], HH | ZYS | MQ),
        ("1111z22m3344p5566s", [], QDD | MQ),
        ("11114444m5555p66p", [], HH | MQ),
        # 111222333m inside a hand: all-pung if some split allows it
        ("111222333m444p55s", [], DDH | MQ),
        ("111222333m456p55s", [], PH | MQ),
        ("11122233344455m", [], DDH | QYS | MQ),
        ("111m222p333s444z55z", [], DDH | MQ),
        ("111222333444z55z", [], DDH | ZYS | MQ),
        ("123m456p789s111z22z", [], PH | MQ),
        ("11123456789999m", [], PH | QYS | MQ),
        ("123456789m11122z", [], PH | HYS | MQ),
        # no win
        ("123m456p789s12345z", [], H(0)),
        ("1122334455667m1z", [], H(0)),
        ("19m19p19s12345566z", [], H(0)),
    ],
)
@pytest.mark.parametrize("self_drawn", [False, True])
def test_concealed_hands(hand, melds, expected, self_drawn):
    assert classify(hand, melds=melds, self_drawn=self_drawn) == expected


E = Meld.kong  # exposed kong


def C(t):  # concealed kong
    return Meld.kong(t, concealed=True)


@pytest.mark.parametrize(
    "hand, melds, discard, drawn",
    [
        # 全求人: four exposed melds, the pair completed by a discard
        ("55z", [Meld.chow("1m"), Meld.pung("9p"), E("3s"), Meld.pung("1z")], PH | QQR, PH),
        ("55z", [Meld.pung("1m"), Meld.pung("9p"), E("3s"), Meld.pung("1z")], DDH | QQR, DDH),
        ("55m", [Meld.chow("1m"), Meld.chow("4m"), Meld.pung("9m"), E("7m")], PH | QYS | QQR, PH | QYS),
        ("55z", [Meld.pung("1z"), Meld.pung("2z"), Meld.pung("3z"), E("4z")], DDH | ZYS | QQR, DDH | ZYS),
        ("55z", [Meld.chow("1m"), Meld.pung("9m"), E("5m"), Meld.pung("1z")], PH | HYS | QQR, PH | HYS),
        # a concealed kong among the four melds is not 全求人
        ("55z", [Meld.chow("1m"), Meld.pung("9p"), C("3s"), Meld.pung("1z")], PH, PH),
        # 门清 with concealed kongs, whether self-drawn or not
        ("55m", [C("1m"), C("2m"), C("3m"), C("4m")], DDH | QYS | MQ, DDH | QYS | MQ),
        ("123m456p789s11z", [C("5z")], PH | MQ, PH | MQ),
        ("123m456p11z", [C("5z"), C("9s")], PH | MQ, PH | MQ),
        ("111m222p55z", [C("3s"), C("4z")], DDH | MQ, DDH | MQ),
        # exposed melds end 门清
        ("123m456p789s11z", [E("5z")], PH, PH),
        ("123m456p789s11z", [Meld.pung("5z")], PH, PH),
        ("456p789s11z111m", [Meld.chow("1m")], PH, PH),
        # 对对胡 needs every meld, declared ones included, to be a pung or kong
        ("111m55z", [Meld.pung("5p"), Meld.pung("7s"), E("1z")], DDH, DDH),
        ("111m222p55z", [Meld.chow("1s"), Meld.pung("7s")], PH, PH),
        ("111222333m55z", [Meld.chow("7s")], PH, PH),
        # flushes with melds
        ("234m678m55m", [Meld.chow("1m"), Meld.pung("9m")], PH | QYS, PH | QYS),
        ("123456789m11m", [Meld.pung("5z")], PH | HYS, PH | HYS),
        ("123456789m11z", [Meld.pung("5m")], PH | HYS, PH | HYS),
        ("11z", [Meld.pung("2z"), E("3z"), C("4z"), Meld.pung("5z")], DDH | ZYS, DDH | ZYS),
        # no win beside melds: no modifiers either
        ("12m", [Meld.pung("1z"), Meld.pung("2z"), Meld.pung("3z"), Meld.pung("4z")], H(0), H(0)),
        ("12345678m", [C("1z"), C("2z")], H(0), H(0)),
    ],
)
def test_hands_with_melds(hand, melds, discard, drawn):
    assert classify(hand, melds=melds) == discard
    assert classify(hand, melds=melds, self_drawn=False) == discard
    assert classify(hand, melds=melds, self_drawn=True) == drawn
    assert classify(Hand(hand, melds)) == discard


def test_bracket_melds_in_text():
    assert classify("55z[123m][999p][3333s][111z]") == PH | QQR
    assert classify("123m456p789s11z", melds=["[5555z]"]) == PH


@pytest.mark.parametrize(
    "hand, melds, size",
    [
        ("123m456p789s1234z", [], 13),
        ("123m456p789s12345z5z", [], 15),
        ("", [], 0),
        ("123m", [Meld.pung("1z")], 6),
        # the Java hu-type write-up reads a declared kong + five pairs as 七大对; here the kong
        # counts three, so the hand has 13 tiles and is not whole
        ("1122m3344p55s", [Meld.kong("6z")], 13),
        ("1122m3344p55s", [C("6z")], 13),
        ("1122m3344p55s66z", [Meld.pung("7z")], 15),
    ],
)
def test_partial_hands_are_rejected(hand, melds, size):
    with pytest.raises(ValueError, match=f"14 tiles.*{size} in all"):
        classify(hand, melds=melds)


def test_other_inputs():
    ints = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 9, 9, 27, 27]
    assert classify(ints) == PH | MQ
    assert classify(bytes(Counter(ints)[t] for t in range(N_KINDS)), encoding="counts") == PH | MQ
    assert classify(Hand(ints)) == PH | MQ
    with pytest.raises(ValueError):
        classify("1111m1m234p567s11z")  # a fifth copy
    with pytest.raises(TypeError, match="self_drawn"):
        classify("11223344556677m", self_drawn=1)


def test_result_is_a_hutype():
    assert type(classify("11223344556677m")) is HuType
    assert type(classify("123m456p789s12345z")) is HuType


# --- decompose ------------------------------------------------------------------

def test_decompose_concealed():
    got = decompose("111222333m44m")
    assert [d.pair for d in got] == [Tile.M1, Tile.M4, Tile.M4]
    assert [tuple((m.kind, m.tile) for m in d.melds) for d in got] == [
        (("chow", Tile.M1), ("chow", Tile.M2), ("chow", Tile.M2)),
        (("chow", Tile.M1),) * 3,
        (("pung", Tile.M1), ("pung", Tile.M2), ("pung", Tile.M3)),
    ]
    for d in got:
        assert isinstance(d, Decomposition) and type(d.pair) is Tile
        for m in d.melds:
            assert m.declared is False and m.concealed is True and type(m.tile) is Tile


def test_decompose_with_declared_melds():
    [d] = decompose("123m456p11z", melds=[Meld.pung("9s"), C("5z")])
    assert d.pair == Tile.EAST
    assert d.melds == (
        DecomposedMeld("chow", Tile.M1),
        DecomposedMeld("chow", Tile.P4),
        DecomposedMeld("pung", Tile.S9, declared=True, concealed=False),
        DecomposedMeld("kong", Tile.WHITE, declared=True, concealed=True),
    )
    assert [m.tiles for m in d.melds[2:]] == [(Tile.S9,) * 3, (Tile.WHITE,) * 4]
    assert d.melds[0].tiles == (Tile.M1, Tile.M2, Tile.M3)


def test_decomposition_is_frozen_and_hashable():
    [d] = decompose("123m456p789s111z22z")
    with pytest.raises(AttributeError):
        d.pair = Tile.M1  # type: ignore[misc]
    assert len({d, decompose("123m456p789s111z22z")[0]}) == 1


@pytest.mark.parametrize(
    "hand", ["11223344556677z", "19m19p19s1234567z1m", "123m456p789s1234z", "1m", "123m456p789s11z1z"]
)
def test_decompose_non_standard_is_empty(hand):
    assert decompose(hand) == []


def test_decompose_partial_concealed_part():
    assert [d.pair for d in decompose("123m11z")] == [Tile.EAST]
    assert decompose(counts_of("11z"), encoding="counts")[0].melds == ()
    assert len(decompose("11223344556677m")) == 3


# --- against an independent reference ---------------------------------------------

def reference_classify(concealed, melds, self_drawn):
    """The DESIGN.md rules, written out over naive splits."""
    counts = [0] * N_KINDS
    for t in concealed:
        counts[t] += 1
    whole = counts[:]
    for m in melds:
        for t in m.tiles:
            whole[t] += 1
    shape = H(0)
    if not melds:
        kinds = {t for t in range(N_KINDS) if counts[t]}
        if kinds == set(ORPHANS):
            shape = SSY
        elif all(c % 2 == 0 for c in counts):
            fours = sum(c == 4 for c in counts)
            shape = HH if fours >= 2 else QDD if fours else QXD
    if not shape:
        splits = naive_splits(counts)
        if splits:
            chow_declared = any(m.kind == "chow" for m in melds)
            all_pungs = any(all(k == "pung" for k, _ in s) for _, s in splits)
            shape = DDH if all_pungs and not chow_declared else PH
    if not shape:
        return shape
    suits = {t // SUIT_SIZE for t in range(FIRST_HONOR) if whole[t]}
    honors = any(whole[FIRST_HONOR:])
    if not suits:
        shape |= ZYS
    elif len(suits) == 1:
        shape |= HYS if honors else QYS
    if all(m.kind == "kong" and m.concealed for m in melds):
        shape |= MQ
    if len(melds) == 4 and not any(m.concealed for m in melds) and not self_drawn:
        shape |= QQR
    return shape


def random_whole_hand(rng):
    """A random 14-tile hand (a kong counting three): often winning, sometimes not."""
    form = rng.random()
    pool = list(range(SUIT_SIZE)) + list(range(FIRST_HONOR, N_KINDS)) if rng.random() < 0.4 else list(range(N_KINDS))
    while True:
        if form < 0.15:  # seven pairs, fours allowed
            counts = Counter(rng.choice(pool) for _ in range(7))
            concealed = [t for t, n in counts.items() for _ in range(2 * n)]
            declared = []
        elif form < 0.2:  # thirteen orphans (or a near miss)
            concealed = list(ORPHANS) + [rng.choice(ORPHANS if rng.random() < 0.8 else pool)]
            declared = []
        elif form < 0.3:  # junk
            n_melds = rng.randrange(5)
            concealed = [rng.choice(pool) for _ in range(14 - 3 * n_melds)]
            declared = [Meld.pung(rng.choice(pool)) for _ in range(n_melds)]
        else:  # pair + four melds, some of them declared
            pungs = [("pung", t) for t in pool]
            chows = [("chow", t) for t in pool if t in CHOW_STARTS]
            melds = [rng.choice(pungs + chows) for _ in range(4)]
            concealed = [rng.choice(pool)] * 2
            declared = []
            for meld in melds:
                if rng.random() < 0.3:
                    kind, t = meld
                    if kind == "chow":
                        declared.append(Meld.chow(t))
                    elif rng.random() < 0.5:
                        declared.append(Meld.pung(t))
                    else:
                        declared.append(Meld.kong(t, concealed=rng.random() < 0.5))
                else:
                    concealed += meld_tiles(meld)
        total = Counter(concealed)
        for m in declared:
            total.update(m.tiles)
        if max(total.values()) <= 4:
            return concealed, declared


def test_random_hands_against_reference():
    rng = random.Random(11)
    shapes = Counter()
    for _ in range(1_500):
        concealed, declared = random_whole_hand(rng)
        self_drawn = rng.random() < 0.5
        got = classify(concealed, melds=declared, self_drawn=self_drawn)
        assert got == reference_classify(concealed, declared, self_drawn), (concealed, declared)
        shapes[got.shape] += 1
        counts = bytes(Counter(concealed)[t] for t in range(N_KINDS))
        assert bool(decompose(concealed, melds=declared)) == bool(naive_splits(counts))
    assert set(shapes) == set(H.SHAPES) - KNITTED_SHAPES | {H(0)}


def test_agrees_with_win_kernel():
    """A 14-tile concealed hand classifies as a win exactly when is_win_counts says so."""
    win = _dispatch.win
    rng = random.Random(12)
    for _ in range(500):
        concealed, _ = random_whole_hand(rng)
        if len(concealed) != 14:
            continue
        counts = bytes(Counter(concealed)[t] for t in range(N_KINDS))
        expected = win.is_win_counts(counts, "cluster")
        assert bool(classify(counts, encoding="counts")) == expected
