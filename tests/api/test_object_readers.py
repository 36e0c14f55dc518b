"""The fast readers behind ``Hand``, ``Meld``, ``parse``, ``format``, ``to_counts`` and ``Hand.encode``
give exactly the objects and errors of the general code.

``_meld.READERS`` holds the readers in front (the compiled ones of ``_api_fast`` in a compiled
run; in pure Python none vouches for anything).  Each call below is made twice, with the readers
installed and with none, on random input of every form, malformed input included: same answer,
or same exception type and message.
"""
from __future__ import annotations

import pickle
from collections.abc import Iterator
from typing import Any, Callable

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import mahjong_fast as mf
from mahjong_fast import _dispatch
from mahjong_fast._meld import READERS

from support.readers import general_only, seen

EXAMPLES = settings(max_examples=400)


def outcome(call: Callable[[], Any]) -> tuple[str, object]:
    try:
        return ("ok", seen(call()))
    except (TypeError, ValueError) as exc:
        return (type(exc).__name__, str(exc))


def same(call: Callable[[], Any]) -> tuple[str, object]:
    fast = outcome(call)
    with general_only():
        general = outcome(call)
    assert fast == general
    return fast


# --- input ---------------------------------------------------------------------

TOKENS = ["1", "2", "3", "5", "0", "9", "m", "p", "s", "z", "123m", "456p", "789s", "11z", "77z", "8z", "0m", "0p",
          "55m", "5m", "5mr", "5pr", "6mr", "E", "P", "C", "W1", "B5", "T9", "F4", "J1", "J4", "一万", "五筒",
          "九条", "东", "东风", "白板", "中", "萬", "🀇", "🀄", "🀙", " ", " ", ",", ";", "、", "[", "]", "{", "}",
          "[123m]", "[555p]", "{1111z}", "[0p55p]", "[5pr 5p 5p]", "x", "\t", "é", "1111m"]

ints = st.lists(st.integers(-2, 140), max_size=16)
texts = st.lists(st.sampled_from(TOKENS), max_size=12).map("".join)


@st.composite
def hand_texts(draw: st.DrawFn) -> str:
    """A well-formed hand (melds sometimes) in a random notation, now and then with a red five."""
    tiles = draw(st.lists(st.integers(0, 33), max_size=14))
    tiles = [t for i, t in enumerate(tiles) if tiles[:i].count(t) < 3]
    melds = draw(st.lists(st.sampled_from(["[123m]", "[555p]", "{7777z}", "[0s55s]", "[406p]", "[1111z]"]),
                          max_size=2, unique=True))
    notation = draw(st.sampled_from(mf.NOTATIONS))
    try:
        hand = mf.Hand(tiles, melds)
    except ValueError:
        hand = mf.Hand(tiles)
    text = mf.format(hand, notation)
    if notation == "mpsz" and "5m" in text and draw(st.booleans()):
        text = text.replace("5m", "0m", 1)
    return text


counts = st.one_of(
    st.lists(st.integers(0, 5), min_size=34, max_size=34),
    st.lists(st.integers(0, 2), min_size=34, max_size=34).map(tuple),
    st.lists(st.integers(0, 4), min_size=34, max_size=34).map(bytes),
    st.lists(st.integers(0, 4), min_size=33, max_size=35).map(bytearray),
    st.lists(st.integers(0, 1), min_size=34, max_size=34),
)
hands = st.one_of(
    ints, ints.map(tuple), texts, hand_texts(), counts,
    st.lists(st.integers(0, 33), max_size=14).map(lambda ts: [mf.Tile(t) for t in ts]),
    st.sampled_from([None, 5, b"11m", {1, 2}, iter([0, 1]), [True, 0], ["1m", "0m"], [0.5]]),
)
encodings = st.sampled_from([*mf.ENCODINGS, "index34", "index34", None, "mpsz", 3])
meld_items = st.one_of(
    st.sampled_from(["123m", "[789s]", "{1111z}", "[0m55m]", "5mr 5m 5m", ",[123m]", "[123m],", " [456p] ",
                     "123m456m", "[12m]", "[123m] [456m]", "{123m}", "W1 W2 W3", "", 5, None]),
    st.builds(mf.Meld.pung, st.integers(0, 33)),
    st.builds(mf.Meld.kong, st.integers(0, 33), st.booleans()),
    st.builds(mf.Meld.chow, st.sampled_from([0, 4, 13, 20])),
)
melds = st.one_of(st.just(()), st.lists(meld_items, max_size=5), st.lists(meld_items, max_size=3).map(tuple),
                  meld_items)


# --- the calls -----------------------------------------------------------------

@EXAMPLES
@given(hands, melds, encodings, st.sampled_from([False, True, False, 1]))
def test_hand_is_the_general_hand(value: object, melded: object, encoding: object, red: object) -> None:
    if isinstance(value, Iterator):
        value = [0, 1]  # an iterator is read once: the two calls must see the same input
    same(lambda: mf.Hand(value, melded, encoding, red=red))  # type: ignore[arg-type]


@EXAMPLES
@given(hands, encodings)
def test_to_counts_is_the_general_reading(value: object, encoding: object) -> None:
    if isinstance(value, Iterator):
        value = (0, 1)
    same(lambda: mf.to_counts(value, encoding))  # type: ignore[arg-type]


@EXAMPLES
@given(st.one_of(texts, hand_texts(), st.just(5)), st.sampled_from([None, None, *mf.NOTATIONS, "kanji"]))
def test_parse_is_the_general_parse(text: object, notation: object) -> None:
    same(lambda: mf.parse(text, notation))  # type: ignore[arg-type]


@EXAMPLES
@given(st.one_of(hands, hand_texts().map(mf.parse)), st.sampled_from([*mf.NOTATIONS, "mpsz", "kanji", None]))
def test_format_is_the_general_format(value: object, notation: object) -> None:
    if isinstance(value, Iterator):
        value = (0, 1)
    same(lambda: mf.format(value, notation))  # type: ignore[arg-type]


@EXAMPLES
@given(st.one_of(hand_texts(), st.sampled_from(["0m0m0m0m", "0p0p55p", "0s555s", "0m5m", "0p"])),
       encodings, st.sampled_from([False, True, 0]))
def test_encode_is_the_general_encode(text: str, encoding: object, red: object) -> None:
    hand = mf.parse(text)
    same(lambda: hand.encode(encoding, red=red))  # type: ignore[arg-type]


@EXAMPLES
@given(st.sampled_from(["chow", "pung", "kong", "pong", 5]),
       st.one_of(st.integers(-1, 35), st.sampled_from([mf.Tile.M5, mf.Tile.RED, "5m", "0m", "5pr", "1z", "[1m]",
                                                        "11m", "", 4.0, True])),
       st.sampled_from([False, True, 0, None]), st.sampled_from([0, 1, 2, 3, 4, -1, True, "1"]))
def test_meld_is_the_general_meld(kind: object, tile: object, concealed: object, red: object) -> None:
    same(lambda: mf.Meld(kind, tile, concealed, red))  # type: ignore[arg-type]
    same(lambda: (mf.Meld.chow(tile, red), mf.Meld.pung(tile, red), mf.Meld.kong(tile, concealed, red)))  # type: ignore[arg-type]


@EXAMPLES
@given(st.one_of(meld_items, texts, st.lists(st.sampled_from(TOKENS), max_size=4).map(lambda t: f"[{''.join(t)}]")))
def test_meld_parse_is_the_general_parse(text: object) -> None:
    same(lambda: mf.Meld.parse(text))  # type: ignore[arg-type]


# --- the calls of the classes themselves ------------------------------------------------
# A compiled run calls Hand and Meld straight into the builders (the class's own vectorcall) while
# READERS holds them: any mix of positional and keyword arguments, right or wrong, answers as
# __new__ then __init__ would.

HAND_NAMES = st.sampled_from(["tiles", "melds", "encoding", "red", "bogus", "self"])
MELD_NAMES = st.sampled_from(["kind", "tile", "concealed", "red", "bogus", "self"])
meld_values = st.one_of(st.sampled_from(["chow", "pung", "kong", "pong", "5p", "0m", "7z", 4.0, None]),
                        st.integers(-1, 35), st.booleans())


@EXAMPLES
@given(st.lists(st.one_of(hands, melds, encodings, st.booleans()), max_size=5),
       st.dictionaries(HAND_NAMES, st.one_of(hands, melds, encodings, st.booleans()), max_size=4))
def test_hand_called_any_way_is_the_general_hand(args: list[object], kwargs: dict[str, object]) -> None:
    if any(isinstance(v, Iterator) for v in [*args, *kwargs.values()]):
        return  # an iterator is read once: the two calls must see the same input
    same(lambda: mf.Hand(*args, **kwargs))


@EXAMPLES
@given(st.lists(meld_values, max_size=5), st.dictionaries(MELD_NAMES, meld_values, max_size=4))
def test_meld_called_any_way_is_the_general_meld(args: list[object], kwargs: dict[str, object]) -> None:
    same(lambda: mf.Meld(*args, **kwargs))


def test_a_subclass_calls_its_own_init() -> None:
    class Noted(mf.Hand):
        __slots__ = ()

    hand = Noted("123m", ["[555p]"], red=True)
    assert type(hand) is Noted and hand == mf.Hand("123m [555p]")
    with pytest.raises(TypeError, match="got an unexpected keyword argument 'note'"):
        Noted("123m", note=1)  # type: ignore[call-arg]


# --- the objects stay what they were ------------------------------------------------

def test_readers_are_compiled_in_a_compiled_run() -> None:
    if not _dispatch.is_compiled(_dispatch.api_fast):
        pytest.skip("pure-Python run: the general code answers every call")
    assert READERS.hand.__module__ == "mahjong_fast._api_fast"


def test_a_fast_hand_is_immutable_hashable_and_pickles() -> None:
    hand = mf.Hand("0m55m123p [789s] {7777z}")
    with pytest.raises(AttributeError, match="Hand is immutable"):
        hand.tiles = ()  # type: ignore[misc]
    assert hand == mf.parse("055m123p {7777z} [789s]") and hash(hand) == hash(mf.parse("055m123p {7777z} [789s]"))
    assert hand != mf.Hand("555m123p [789s] {7777z}")
    assert pickle.loads(pickle.dumps(hand)) == hand
    meld = mf.Meld.parse("[0p55p]")
    with pytest.raises(AttributeError, match="Meld is immutable"):
        meld.red = 0  # type: ignore[misc]
    assert meld == mf.Meld.pung("5p", red=1) and meld.red == 1 and pickle.loads(pickle.dumps(meld)) == meld
    assert {hand: 1}[mf.Hand(hand)] == 1


ODD_TEXT = ["123m456p", " 1,2,3m;4 5 6p", "0m0p0s55m", "0z", "8z", "1 23m", "123m\v", "11112m", "123m[456p]",
            "一万二万三万", "W1 W2", "E S 1m", "5mr5m", "", "123456789m12345z7z"]
ODD_MELDS = ["123m", " 123m ", "[123m]", "\t[456p]\n", "{1111z}", "{123m}", "[1111z]", "1111z", "0m46m", "[406p]",
             "12m", "12345m", "[123m", "123m]", "{1111z]", "\v123m", "123m,", "[ 123m ]", "[1 23m]", "888z",
             "000m", "[555m]", "[550m]", "一二三万", "[123m] 4p", "", "[]", "1z1z1z"]


@pytest.mark.parametrize("text", ODD_TEXT + ODD_MELDS, ids=repr)
def test_plain_text_readers_match_the_general_code(text):
    """The one-pass readers of plain mpsz text and of one meld's text, on odd and bad text."""
    calls = [lambda: mf.Meld.parse(text), lambda: mf.parse(text), lambda: mf.Hand(text),
             lambda: mf.Hand("11z", [text]), lambda: mf.to_counts(text)]
    for call in calls:
        fast = outcome(call)
        with general_only():
            assert outcome(call) == fast, text
