"""The tiles layer under hostile input: readers stop at the first impossible point, short messages.

Every text reader is one left-to-right pass that stops where the input can no
longer be a hand (a bad character or bracket, a fifth copy, a fifth meld, a meld
of more than four tiles), so bad input costs work bounded by that point, never
by its length.  No test here times anything: the work is counted, as the
characters a reader takes from the text (``Counted``), and no message repeats
more than a short excerpt of what it was given.
"""
from __future__ import annotations

import ast
import collections
import pathlib
import re

import pytest

import mahjong_fast as mf
from mahjong_fast import Hand, Meld, Tile

N = 10**6
EARLY = 64  # characters a reader may take before refusing input that is impossible within its first few tiles


class Counted(str):
    """A text that counts the characters and slices taken from it (regex scans at C speed are not counted)."""

    reads = 0

    def __getitem__(self, key):  # type: ignore[override]
        Counted.reads += 1
        return str.__getitem__(self, key)


def _reads(call, text: str) -> tuple[int, str]:
    """Characters ``call`` took from ``text`` before its ``ValueError``, and the message."""
    Counted.reads = 0
    with pytest.raises(ValueError) as err:
        call(Counted(text))
    return Counted.reads, str(err.value)


HOSTILE = {
    "mpsz digits without a suit": "1" * N,
    "mpsz valid tiles, too many copies": "1m" * (N // 2),
    "mpsz bad characters": "x" * N,
    "mpsz bad character at the end": "123m" * (N // 4) + "x",
    "mpsz honour out of range at the end": "1z" * (N // 2) + "8z",
    "mpsz separators between digits": "1 " * (N // 2),
    "botzone": "W1 " * (N // 3),
    "botzone letters only": "W" * N + "1",
    "botzone without separators": "B9" * (N // 2) + "X",
    "unicode": "\U0001F007" * N,
    "unicode bad glyph at the end": "\U0001F007\ufe0f " * (N // 3) + "\U0001F02A",
    "chinese": "一万" * (N // 2),
    "chinese unknown": "十" * N,
    "chinese long aliases": "东风 " * (N // 3) + "西瓜",
    "mjai": "5mr " * (N // 4),
    "open brackets": "[" * N,
    "close brackets": "]" * N,
    "empty melds": "[]" * (N // 2),
    "many melds": "[111m]" * (N // 6),
    "many different melds": "[123m][456m][789m][123p][456p]" * (N // 30),
    "one huge meld": "[" + "1" * N + "m]",
    "a meld of five tiles": "[11112m]" + "1" * N,
    "unclosed after tiles": "1m" * (N // 2) + "[",
    "mixed brackets": "{]" * (N // 2),
}


@pytest.mark.parametrize("label", list(HOSTILE))
def test_parse_stops_at_the_first_impossible_point(label):
    reads, message = _reads(mf.parse, HOSTILE[label])
    assert reads < EARLY, f"{label}: {reads} characters read before: {message}"
    assert len(message) < 200, message
    assert "position" in message, message


def test_the_message_names_the_impossible_point():
    for text, what in (
        ("[111m]" * 10, "tile 1m appears 5 times across hand and melds; at most 4 at position 10"),
        ("1m" * 10, "tile 1m appears 5 times in the hand; at most 4 at position 9"),
        ("1" * 10, "digit 1 appears 5 times before its suit letter; at most 4 at position 4"),
        ("11111m", "tile 1m appears 5 times in the hand; at most 4 at position 4"),
        ("[123m][456m][789m][123p][456p]", "more than 4 melds at position 24"),
        ("[11112m]", "not a meld: more than four tiles at position 5"),
        ("[]" * 10, "not a meld: [] at position 0"),
        ("W1 " * 10, "tile 1m appears 5 times in the hand; at most 4 at position 12"),
    ):
        with pytest.raises(ValueError, match=r"^" + re.escape(what)):
            mf.parse(text)


@pytest.mark.parametrize("notation", mf.NOTATIONS)
@pytest.mark.parametrize("text", ["1" * N, "W" * N, "\U0001F007" * N + "?", "一" * N, "[" * N])
def test_every_notation_stops_early_when_forced(text, notation):
    reads, message = _reads(lambda t: mf.parse(t, notation), text)
    assert reads < EARLY and len(message) < 200, (reads, message)


@pytest.mark.parametrize(
    "call",
    [
        lambda t: Hand(t),
        lambda t: mf.to_counts(t),
        lambda t: mf.is_win(t),
        lambda t: mf.shanten(t),
        lambda t: mf.waits(t),
        lambda t: Tile.from_str(t),
        lambda t: Meld.parse(t),
        lambda t: mf.is_win("11m", melds=[t]),
        lambda t: Hand([0, t]),
        lambda t: Meld.chow(t),
        lambda t: mf.is_win("11m", wild=t),
        lambda t: mf.discard_analysis("123m456p789s1122z", visible=t),
    ],
    ids=["Hand", "to_counts", "is_win", "shanten", "waits", "Tile.from_str", "Meld.parse", "melds", "tile in list",
         "Meld.chow", "wild", "visible"],
)
def test_every_text_entry_point_stops_early(call):
    for text in ("1" * N, "1" * N + "m", "[" + "1" * N, "1m" * N, "[111m]" * N):
        reads, message = _reads(call, text)
        assert reads < EARLY and len(message) < 200, (reads, message)


@pytest.mark.parametrize("melds", [["111p"] * N, [Meld.pung("1p")] * N, iter(["123p"] * N)])
def test_melds_stop_at_the_fifth(melds):
    with pytest.raises(ValueError, match=r"melds: more than 4 melds \(melds\[4\] is one too many\)"):
        Hand("11m", melds)
    with pytest.raises(ValueError, match="more than 4 melds: 1 in tiles and 4 in melds"):
        Hand("11m [111s]", ["111p", "222p", "333p", "444p"])


def test_tile_lists_stop_at_the_fifth_copy():
    seen = []

    def tiles():
        for k in range(N):
            seen.append(k)
            yield 0

    with pytest.raises(ValueError, match="tile 1m appears 5 times in the hand; at most 4"):
        Hand(tiles())
    assert len(seen) == 5  # a generator is not read past the fifth copy


def test_valid_long_inputs_are_read_once():
    """Valid text of any length (separators are free) is read in one pass: each character once."""
    for text, hand in (
        (" ," * (N // 2), Hand()),
        ("\t\n" * (N // 2) + "1m", Hand([0])),
        ("[111m]" + " " * N + "{1111z}", Hand((), ["111m", "{1111z}"])),
        ("1 2 3 m" + " " * N + "4 5 6 p", Hand("123m456p")),
    ):
        Counted.reads = 0
        assert mf.parse(Counted(text)) == hand
        assert Counted.reads <= len(text) + EARLY, (Counted.reads, len(text))


@pytest.mark.parametrize(
    "text", ["1" * 10**7, "x" * 10**7, "]" * 10**7, "\x00" * 10**7, "\U000E0001" * 10**7]
)
def test_a_ten_megabyte_input_gives_a_short_message(text):
    with pytest.raises(ValueError) as err:
        mf.parse(text)
    assert len(str(err.value)) < 200


def test_messages_give_the_position_and_an_excerpt():
    with pytest.raises(ValueError, match=r"digits without a suit letter at position 4 of text '123m4'"):
        mf.parse("123m4")
    with pytest.raises(ValueError, match=r"position 600000 of text \.\.\.' +x'$"):
        mf.parse("1m" + " " * 599_998 + "x")  # deep in a valid text: an excerpt around the point
    with pytest.raises(ValueError, match=r"unknown botzone tile 'J4' at position 6 of text 'W1 W2 J4'"):
        mf.parse("W1 W2 J4")
    with pytest.raises(ValueError, match=r"unmatched '\]' at position 4"):
        mf.parse("123m]")
    with pytest.raises(ValueError, match=r"unclosed '\{' at position 4"):
        mf.parse("123m{1111z")
    with pytest.raises(ValueError, match=r"not a meld: \[1m 2m 4m\] at position 3"):
        mf.parse("11z[124m]")
    with pytest.raises(ValueError, match=r"not a meld: more than four tiles at position 5"):
        mf.parse("[" + "1234" * 250 + "m]")


def test_huge_values_are_not_echoed():
    with pytest.raises(ValueError) as err:
        mf.is_win([0, 2**100_000])
    assert len(str(err.value)) < 200
    with pytest.raises(TypeError) as err:
        Hand([0, [1] * N])
    assert len(str(err.value)) < 200


# --- iterables are read once ---------------------------------------------------------

def test_decode_reads_an_iterator_once():
    with pytest.raises(ValueError, match="index136 tile id 0 appears more than once"):
        mf.decode(iter([0, 0]), "index136")
    with pytest.raises(ValueError, match="index136 tile id 0 appears more than once"):
        mf.decode([0, 0], "index136")
    want = [Tile.M1, Tile.M1, Tile.RED]
    assert mf.decode(iter([0, 1, 135]), "index136") == mf.decode([0, 1, 135], "index136") == want


@pytest.mark.parametrize("encoding", ["index34", "index136", "decimal", "nibble", "hex"])
def test_iterators_and_lists_give_the_same_hand(encoding):
    codes = mf.encode([0, 0, 1, 2, 33], encoding)
    assert Hand(iter(codes), encoding=encoding) == Hand(codes, encoding=encoding)
    assert mf.to_counts(iter(codes), encoding) == mf.to_counts(codes, encoding)
    assert mf.decode(iter(codes), encoding) == mf.decode(codes, encoding)
    assert mf.encode(iter([0, 0, 1]), encoding) == mf.encode([0, 0, 1], encoding)
    assert mf.format(iter([2, 1, 0])) == mf.format([2, 1, 0]) == "123m"
    assert Meld.from_tiles(iter([0, 1, 2])) == Meld.chow("1m")
    assert Hand("11m", iter(["123p", Meld.pung("1z")])) == Hand("11m", ["123p", "111z"])


# --- arguments named ---------------------------------------------------------------

def test_meld_parse_of_a_non_string_is_a_type_error():
    with pytest.raises(TypeError, match="text must be a str, not NoneType"):
        Meld.parse(None)
    with pytest.raises(TypeError, match=r"melds\[1\] must be a Meld or its text, not NoneType"):
        Hand("11m", ["123p", None])
    with pytest.raises(TypeError, match="kind must be a str, not list"):
        Meld([], "1m")


@pytest.mark.parametrize("tiles", [{0: 1, 1: 1}, collections.Counter([0, 0, 1]), {0, 1}, frozenset([0]), {0: 1}.keys()])
def test_mappings_and_sets_are_not_hands(tiles):
    for call in (lambda: Hand(tiles), lambda: mf.is_win(tiles), lambda: mf.to_counts(tiles),
                 lambda: mf.decode(tiles), lambda: mf.encode(tiles), lambda: mf.format(tiles)):
        with pytest.raises(TypeError, match=f"not {type(tiles).__name__}.*mapping or a set"):
            call()


def test_a_counts_list_without_the_encoding_gets_a_hint():
    counts = list(mf.to_counts("123m456p789s11z"))
    for call in (lambda: Hand(counts), lambda: mf.is_win(counts), lambda: mf.shanten(counts),
                 lambda: mf.to_counts(counts), lambda: Hand(tuple(counts), encoding="decimal")):
        with pytest.raises(ValueError, match=r"did you mean encoding='counts'\?"):
            call()
    assert mf.is_win(counts, encoding="counts") is True
    with pytest.raises(ValueError) as err:  # other bad lists get no such hint
        Hand([0] * 5)
    assert "encoding='counts'" not in str(err.value)


def test_melds_must_be_an_iterable_of_melds():
    for melds, name in ((5, "int"), (None, "NoneType"), ({Meld.pung("1z")}, "set"), ({"123m": 1}, "dict")):
        with pytest.raises(TypeError, match=f"melds must be an iterable of melds, not {name}"):
            mf.is_win("11m", melds=melds)
        with pytest.raises(TypeError, match=f"melds must be an iterable of melds, not {name}"):
            Hand("11m", melds)


def test_unknown_names_list_the_valid_ones():
    with pytest.raises(ValueError, match="unknown encoding 'utf8'; expected one of index34, index136, decimal"):
        Hand([0], encoding="utf8")
    with pytest.raises(ValueError, match="unknown notation 'tenhou'; expected one of mpsz, botzone, unicode, chinese"):
        mf.parse("1m", "tenhou")
    with pytest.raises(TypeError, match="notation must be a str, not int"):
        mf.format([0], 3)
    with pytest.raises(TypeError, match="encoding must be a str, not list"):
        mf.decode([0], [])


def test_messages_name_the_argument():
    with pytest.raises(ValueError, match="of hand '12x'"):
        mf.is_win("12x")
    with pytest.raises(ValueError, match="of tiles '12x'"):
        Hand("12x")
    with pytest.raises(ValueError, match="of text '12x'"):
        mf.parse("12x")
    with pytest.raises(ValueError, match=r"of melds\[0\] '12x'"):
        mf.is_win("11m", melds=["12x"])
    with pytest.raises(ValueError, match=r"hand\[1\]: unknown index34 tile code 34"):
        mf.is_win([0, 34])
    with pytest.raises(ValueError, match=r"values\[0\]: unknown decimal tile code 10"):
        mf.decode([10], "decimal")
    with pytest.raises(ValueError, match=r"tiles\[0\] = 5 is not a tile count"):
        mf.to_counts([5] + [0] * 33, "counts")


@pytest.mark.parametrize("call", [
    lambda bad: mf.is_win(bad), lambda bad: mf.shanten(bad[1:]), lambda bad: mf.waits(bad[1:]),
    lambda bad: mf.discard_analysis(bad), lambda bad: mf.discard_analysis(bad, two_step=True),
    lambda bad: mf.useful_tiles(bad[1:]), lambda bad: Hand(bad), lambda bad: mf.encode(bad),
    lambda bad: mf.to_counts(bad), lambda bad: mf.is_win(bad, rules="riichi"),
])
@pytest.mark.parametrize("code", [34, -1, 0.5, True, None, "x9"])
def test_a_bad_code_in_a_list_is_named_once(call, code):
    """A bad element of a tile list is named by its position once, whichever reader meets it
    (``hand[13]: unknown index34 tile code 34``, not the position twice)."""
    bad = [0, 1, 2, 9, 10, 11, 18, 19, 20, 27, 27, 27, 33, code]
    with pytest.raises((ValueError, TypeError)) as info:
        call(bad)
    message = str(info.value)
    assert len(re.findall(r"\w+\[\d+\]", message)) == 1, message
    assert re.search(r"\[1[23]\]", message), message


# --- Hand equality, Tile text ---------------------------------------------------------

def test_hand_equality_ignores_meld_order():
    a = Hand("11m", [Meld.pung("1z"), Meld.chow("1p"), Meld.kong("5z", concealed=True)])
    b = Hand("11m", ["{5555z}", "123p", "[111z]"])
    assert a == b and hash(a) == hash(b) and len({a, b}) == 1
    assert str(a) == "11m [111z] [123p] {5555z}"  # the order given is kept for display
    assert a != Hand("11m", [Meld.pung("1z"), Meld.chow("1p"), Meld.kong("5z")])
    assert Hand("11m", ["123p", "123p"]) != Hand("11m", ["123p", "234p"])


def test_tile_text_is_its_mpsz_name():
    assert str(Tile.M1) == repr(Tile.M1) == format(Tile.M1) == f"{Tile.M1}" == "1m"
    assert repr(Tile.Z7) == "7z" and f"{Tile.P3:>3}" == " 3p" and "%s" % Tile.S9 == "9s"  # noqa: UP031
    assert repr(mf.waits("1112345678999m")) == "[1m, 2m, 3m, 4m, 5m, 6m, 7m, 8m, 9m]"
    assert Tile.RED == 33 and Tile(33) is Tile.RED and Tile["EAST"] is Tile.Z1


def test_tile_from_str_reads_exactly_one_tile():
    for text, tile in (("5z", Tile.WHITE), (" 5z ", Tile.WHITE), ("J3", Tile.WHITE), ("j3", Tile.WHITE),
                       ("白", Tile.WHITE), ("\U0001F006\ufe0f", Tile.WHITE), ("0p", Tile.P5), ("五筒", Tile.P5)):
        assert Tile.from_str(text) is tile
    with pytest.raises(ValueError, match="text must be one tile, found a second at position 1 of text '11m'"):
        Tile.from_str("11m")
    with pytest.raises(TypeError, match="text must be a str, not int"):
        Tile.from_str(5)


def test_melds_between_concealed_tiles_still_read():
    assert mf.parse("12[789s]3m") == Hand("123m", ["789s"])
    assert mf.parse("W1 [T7 T8 T9] W2") == Hand("12m", ["789s"])


# --- layering ------------------------------------------------------------------------

PACKAGE = pathlib.Path(mf.__file__).parent
ALLOWED = {
    "_tile_names": {"_layout"},
    "_tiles": {"_layout", "_tile_names"},
    "_tile_lists": {"_layout", "_counts", "_tile_names", "_tiles"},
    "_meld": {"_layout", "_counts", "_tile_names", "_tiles", "_tile_lists"},
    "_hand": {"_layout", "_counts", "_tile_names", "_tiles", "_tile_lists", "_meld"},
    "_notation": {"_layout", "_counts", "_tile_names", "_tiles", "_tile_lists", "_meld", "_hand"},
}


@pytest.mark.parametrize("module", list(ALLOWED))
def test_tiles_layer_imports_point_down_only(module):
    tree = ast.parse((PACKAGE / f"{module}.py").read_text(encoding="utf-8"))
    top = set(tree.body)
    for node in ast.walk(tree):
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            assert node in top, f"{module} imports inside a function or class (line {node.lineno})"
            if isinstance(node, ast.ImportFrom) and node.level:
                assert (node.module or "") in ALLOWED[module], f"{module} imports {node.module}"
