"""Tile identity, every encoding and notation, round trips and bad input."""
from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import mahjong_fast as mf
from mahjong_fast import Hand, Meld, Tile
from mahjong_fast._layout import N_KINDS
from mahjong_fast._tiles import decode_tile, encode_tile

from support.hands import hands_with_melds

NUMERIC = ("index34", "index136", "decimal", "nibble", "hex")


def test_tile_identity():
    assert Tile.M1 == 0 and str(Tile.M1) == "1m"
    assert Tile.RED == 33 and str(Tile.RED) == "7z" and Tile.Z7 is Tile.RED
    assert [str(t) for t in (Tile.P1, Tile.S9, Tile.EAST, Tile.WHITE)] == ["1p", "9s", "1z", "5z"]
    assert Tile.M1.chinese == "一万" and Tile.P5.chinese == "五筒" and Tile.S9.chinese == "九条"
    assert Tile.M1.unicode == "\U0001F007" and Tile.S1.unicode == "\U0001F010"
    assert Tile.P1.unicode == "\U0001F019" and Tile.RED.unicode == "\U0001F004"
    assert f"{Tile.P3:>3}" == " 3p"


def test_white_dragon_maps_by_identity():
    white = Tile.WHITE
    assert str(white) == "5z" and white.chinese == "白" and white.unicode == "\U0001F006"
    assert white.encode("decimal") == 46
    assert white.encode("nibble") == 0x47
    assert white.encode("hex") == 0x37
    assert white.botzone == "J3"
    assert Tile.RED.botzone == "J1" and Tile.GREEN.botzone == "J2"
    assert Tile.RED.encode("decimal") == 44 and Tile.GREEN.encode("decimal") == 45


def test_seed_suit_orders():
    # decimal / nibble / hex: type 1 is 万 (m), 2 is 条 (s), 3 is 筒 (p)
    assert decode_tile(21, "decimal") is Tile.S1 and decode_tile(31, "decimal") is Tile.P1
    assert decode_tile(0x21, "nibble") is Tile.S1 and decode_tile(0x39, "nibble") is Tile.P9
    assert decode_tile(0x11, "hex") is Tile.S1 and decode_tile(0x29, "hex") is Tile.P9
    assert decode_tile(0x31, "hex") is Tile.EAST and decode_tile(40, "decimal") is Tile.EAST


@pytest.mark.parametrize("encoding", NUMERIC)
def test_every_tile_round_trips_through_every_encoding(encoding):
    codes = [encode_tile(t, encoding) for t in mf._tiles.TILES]
    assert len(set(codes)) == N_KINDS
    assert [decode_tile(c, encoding) for c in codes] == list(mf._tiles.TILES)


@pytest.mark.parametrize("notation", mf.NOTATIONS)
def test_every_tile_round_trips_through_every_notation(notation):
    for t in mf._tiles.TILES:
        text = mf.format([t], notation)
        assert Tile.from_str(text) is t
        assert mf.parse(text, notation).tiles == (t,)


def test_chinese_aliases():
    hand = mf.parse("一万 二万 三万 五筒 五饼 七条 七索 东风 南 白板 红中 发财 發")
    assert mf.format(hand) == "123m55p77s125667z"
    assert mf.parse("1万2萬") == mf.parse("12m")


def test_red_five_reads_as_five():
    assert mf.parse("0m0p0s").tiles == (Tile.M5, Tile.P5, Tile.S5)


def test_java_cluster_array_example_in_decimal_wins():
    tiles = [11, 12, 13, 22, 23, 24, 33, 33, 33, 36, 36]
    hand = Hand(tiles, encoding="decimal")
    assert mf.format(hand) == "123m33366p234s"
    assert mf.is_win(tiles, encoding="decimal")


def test_hex_and_nibble_examples():
    # the hex codes of the C# carry-table method: 0x01.. 万, 0x11.. 条, 0x21.. 筒, 0x31.. 东南西北中发白
    hand = Hand([0x01, 0x02, 0x03, 0x11, 0x12, 0x13, 0x21, 0x22, 0x23, 0x35, 0x35, 0x35, 0x37, 0x37], encoding="hex")
    assert mf.format(hand) == "123m123p123s55777z"
    assert mf.is_win(hand)
    # the nibble codes of the Java hu-type write-up: (type << 4) | value, type 4 = honors 东南西北中发白
    hand = Hand([0x11, 0x11, 0x47, 0x47, 0x47], encoding="nibble")
    assert mf.format(hand) == "11m555z"


def test_index136_repeated_id_is_an_error():
    with pytest.raises(ValueError, match="index136 tile id 5 appears more than once"):
        Hand([5, 5, 6], encoding="index136")
    assert Hand([0, 1, 2, 4], encoding="index136").tiles == (Tile.M1,) * 3 + (Tile.M2,)


@pytest.mark.parametrize(
    "encoding, code, shown",
    [("index34", 34, "34"), ("index34", -1, "-1"), ("index136", 136, "136"), ("decimal", 10, "10"),
     ("decimal", 47, "47"), ("decimal", 30, "30"), ("nibble", 0x10, "0x10"), ("nibble", 0x48, "0x48"),
     ("hex", 0x0A, "0xa"), ("hex", 0x38, "0x38")],
)
def test_unknown_codes_name_the_value(encoding, code, shown):
    with pytest.raises(ValueError, match=f"unknown {encoding} tile code {shown}"):
        Hand([0, code] if encoding == "index34" else [code], encoding=encoding)


@pytest.mark.parametrize("value", [1.0, "x", None, True])
def test_wrong_types_are_type_errors(value):
    with pytest.raises((TypeError, ValueError)) as err:
        Hand([0, value])
    assert repr(value) in str(err.value) or type(value).__name__ in str(err.value)


def test_unknown_encoding_and_notation():
    with pytest.raises(ValueError, match="unknown encoding 'utf8'"):
        Hand([0], encoding="utf8")
    with pytest.raises(ValueError, match="unknown notation 'tenhou'"):
        mf.format([0], "tenhou")


@pytest.mark.parametrize(
    "text, message",
    [("123x", "123x"), ("8z", "8z"), ("0z", "0z"), ("W1 W2 J4", "J4"), ("W1 X3", "X3"),
     ("一万 十万", "十万"), ("\U0001F02A", "U+1F02A"), ("123m[456p", "unclosed"), ("123m]", "unmatched"),
     ("[124m]", "not a meld"), ("{111m}", "only a kong can be concealed"), ("[[111m]]", "nested"),
     ("m", "malformed")],
)
def test_malformed_text_names_the_bad_part(text, message):
    with pytest.raises(ValueError, match=re.escape(message)):
        mf.parse(text)


def test_fifth_copy_across_hand_and_melds():
    with pytest.raises(ValueError, match="tile 1m appears 5 times in the hand"):
        Hand("11111m")
    with pytest.raises(ValueError, match="tile 5z appears 5 times across hand and melds"):
        Hand("5z", [Meld.kong("5z")])
    with pytest.raises(ValueError, match="tile 2m appears 7 times"):
        mf.is_win("22m", melds=[Meld.pung("2m"), Meld.chow("1m"), Meld.chow("2m")])


@pytest.mark.parametrize(
    "make, message",
    [(lambda: Meld.chow("1z"), "cannot chow honors: 1z"), (lambda: Meld.chow("8m"), "rank 1-7, not 8m"),
     (lambda: Meld.chow(Tile.S9), "not 9s"), (lambda: Meld.pung(34), "unknown index34 tile code 34"),
     (lambda: Meld.pung("1m", ) and Meld("triple", "1m"), "unknown meld kind 'triple'"),
     (lambda: Meld("pung", "1m", True), "only a kong can be concealed")],
)
def test_invalid_melds(make, message):
    with pytest.raises(ValueError, match=message):
        make()


@pytest.mark.parametrize(
    "counts, message",
    [([0] * 33, "34 values, got 33"), ([0] * 35, "34 values, got 35"),
     ([5] + [0] * 33, r"\[0\] = 5 is not a tile count 0-4"), ([0] * 33 + [-1], r"\[33\] = -1 is not a tile count"),
     (b"\x00" * 33 + b"\x07", r"\[33\] = 7 is not a tile count")],
)
def test_bad_counts(counts, message):
    with pytest.raises(ValueError, match=message):
        mf.to_counts(counts, encoding="counts")
    with pytest.raises(ValueError, match=message):
        mf.is_win(counts, encoding="counts")


def test_bytes_need_counts_encoding():
    with pytest.raises(TypeError, match="encoding='counts'"):
        Hand(bytes(N_KINDS))


def test_inputs_are_not_modified():
    tiles = [8, 0, 0, 1]
    counts = bytearray(mf.to_counts(tiles))
    melds = [Meld.chow("1p")]
    Hand(tiles, melds)
    mf.is_win(tiles, melds=melds)
    mf.is_win(counts, encoding="counts")
    assert tiles == [8, 0, 0, 1] and melds == [Meld.chow("1p")] and counts == bytearray(mf.to_counts(tiles))


def test_meld_text_and_constructors():
    assert Meld.parse("978s") == Meld.chow("7s")
    assert Meld.parse("{1111z}") == Meld.kong("1z", concealed=True)
    assert Meld.kong("1z").tiles == (Tile.EAST,) * 4
    assert str(Meld.kong(Tile.WHITE, concealed=True)) == "{5555z}"
    assert repr(Meld.chow(Tile.P7)) == "Meld.chow('7p')"
    assert Hand("11m", melds=["789s", "[555p]", "{1111z}"]).size == 11


# --- hypothesis round trips ---------------------------------------------------

@settings(max_examples=300, deadline=None)
@given(hands_with_melds(), st.sampled_from(mf.NOTATIONS))
def test_parse_format_round_trip(hand, notation):
    text = mf.format(hand, notation)
    assert mf.parse(text) == hand
    assert mf.parse(text, notation) == hand


@settings(max_examples=300, deadline=None)
@given(hands_with_melds())
def test_counts_agree_across_encodings(hand):
    expected = hand.counts
    for encoding in NUMERIC:
        codes = mf.encode(hand.tiles, encoding)
        assert mf.to_counts(codes, encoding=encoding) == expected
        assert mf.decode(codes, encoding) == list(hand.tiles)
    assert mf.to_counts(expected, encoding="counts") == expected
    assert mf.to_counts(list(expected), encoding="counts") == expected
    assert mf.to_counts(mf.format(hand)) == expected
