"""``discard_values``' call in C (``_api_fast.values_call``) against its general Python code.

Random hands 0-1 from ready, late turns (small searches), in every common form of every argument
and in bad ones: the public call (the C path where compiled) and the general code alone give the
same ``DiscardValue``s in the same order, every figure bit for bit, or the same exception type and
message.  In the pure build ``values_call`` vouches for nothing and both runs are the general code.
"""
from __future__ import annotations

import pickle
import random
import struct
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import mahjong_fast as mf
from mahjong_fast import _values
from mahjong_fast._dispatch import NO_EXTENSIONS

SUITS = "mpsz"


def _name(tile: int, red: bool = False) -> str:
    return f"{0 if red else tile % 9 + 1}{SUITS[tile // 9]}"


def _near_ready(rng: random.Random) -> tuple[list[int], list[str]]:
    """14 index34 tiles of a complete hand with one or two tiles swapped, and some of its melds declared."""
    while True:
        counts = [0] * 34
        sets: list[list[int]] = []
        while len(sets) < 4:
            t = rng.randrange(34)
            tiles = [t, t + 1, t + 2] if t < 27 and t % 9 < 7 and rng.random() < 0.6 else [t] * 3
            if all(counts[x] + tiles.count(x) <= 4 for x in tiles):
                for x in tiles:
                    counts[x] += 1
                sets.append(tiles)
        pair = rng.randrange(34)
        if counts[pair] > 2:
            continue
        counts[pair] += 2
        melds = [] if rng.random() < 0.6 else sets[:rng.randint(1, 2)]
        for tiles in melds:
            for x in tiles:
                counts[x] -= 1
        concealed = [t for t in range(34) for _ in range(counts[t])]
        for _ in range(rng.randint(0, 2)):
            i = rng.randrange(len(concealed))
            t = rng.randrange(34)
            if concealed.count(t) < 4 and counts[t] + sum(m.count(t) for m in melds) < 4:
                concealed[i] = t
        concealed.sort()
        if _values._shanten_kernel.shanten_counts(bytes(concealed.count(t) for t in range(34)), 0,
                                                  rules=_values._RIICHI_FLAGS) <= 1:
            return concealed, ["[" + "".join(_name(x) for x in tiles) + "]" for tiles in melds]


def _text(tiles: list[int], rng: random.Random) -> str:
    reds = {4, 13, 22}
    done: set[int] = set()
    names = []
    for t in tiles:
        red = t in reds and t not in done and rng.random() < 0.5
        if red:
            done.add(t)
        names.append(_name(t, red))
    return "".join(names)


GOOD_WINDS = [None, "E", "S", "W", "N", "1z", "2z", "3z", "4z", 27, 28, 29, 30]
BAD_WINDS = ["5z", 31, 26, "X", "", 1.5, "east", -1, True]
BAD_COUNTS = [-1, 1.5, "1", True, None, 10 ** 6 + 1, 10 ** 7, 2 ** 31, 10 ** 30]


def _call(rng: random.Random, bad: str | None) -> tuple[object, dict[str, Any]]:
    tiles, melds = _near_ready(rng)
    form = rng.choice(["text", "list", "hand"])
    hand: object = _text(tiles, rng) if form == "text" else list(tiles) if form == "list" else mf.Hand(tiles)
    rest = [t for t in range(34) for _ in range(4 - tiles.count(t) - sum(m.count(_name(t)) for m in melds))]
    rng.shuffle(rest)
    dora_tiles, seen_tiles = rest[:rng.randint(0, 3)], rest[5:5 + rng.randint(0, 30)]
    dora: object = rng.choice([_text(sorted(dora_tiles), rng), sorted(dora_tiles), tuple(dora_tiles),
                               None, "", ()])
    visible: object = rng.choice([_text(sorted(seen_tiles), rng), list(seen_tiles), None, ""])
    kwargs: dict[str, Any] = {
        "melds": melds, "turn": rng.randint(14, 17), "dora": dora, "seat_wind": rng.choice(GOOD_WINDS),
        "round_wind": rng.choice(GOOD_WINDS), "visible": visible, "honba": rng.randint(0, 3),
        "riichi_sticks": rng.randint(0, 2),
    }
    if bad == "hand":
        hand = rng.choice([_text(tiles[:-1], rng), tiles + [0], "1m" * 14, tiles[:-1] + [34], "xyz", 5])
    elif bad == "turn":
        kwargs["turn"] = rng.choice([0, 18, 1.0, "3"])
    elif bad == "dora":
        kwargs["dora"] = rng.choice(["1z" * 6, "1m2m3m4m5m6m", [34], ["1m"], "9x", 5, "1z1z1z1z1z", [0] * 5 + [1]])
    elif bad in ("seat_wind", "round_wind"):
        kwargs[bad] = rng.choice(BAD_WINDS)
    elif bad == "visible":
        kwargs["visible"] = rng.choice([[t for t in range(34) for _ in range(3)], _text(tiles, rng) * 2,
                                        "0m0m", [35], "??", 3.0, _text(rest[:80], rng)])
    elif bad in ("honba", "riichi_sticks"):
        kwargs[bad] = rng.choice(BAD_COUNTS)
    elif bad == "encoding":
        kwargs["encoding"] = rng.choice(["mpsz", "index34", "nope"])
    elif bad == "rules":
        kwargs["rules"] = rng.choice(["gb", "nope", mf.RULES["riichi"], None])
    return hand, kwargs


def _general_only(m: pytest.MonkeyPatch) -> None:
    """``discard_values`` made to take its general code: both calls in C hand every call back."""
    m.setattr(_values, "_values_entry", lambda *args: None)
    m.setattr(_values, "_values_call", lambda *args: None)


def _outcome(hand: object, kwargs: dict[str, Any]) -> object:
    try:
        found = mf.discard_values(hand, **kwargs)
    except Exception as error:  # noqa: BLE001 (any error: the same type and message)
        return type(error), str(error)
    return [(d.tile, d.red, d.name, [tuple(map(float.hex, f)) for f in d.curves],
             float.hex(d.tenpai), float.hex(d.win), float.hex(d.expected)) for d in found]


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seed=st.integers(0, 2 ** 32 - 1),
       bad=st.sampled_from([None, None, None, "hand", "turn", "dora", "seat_wind", "round_wind", "visible",
                            "honba", "riichi_sticks", "encoding", "rules"]))
def test_the_call_in_c_equals_the_general_code(monkeypatch: pytest.MonkeyPatch, seed: int, bad: str | None) -> None:
    hand, kwargs = _call(random.Random(seed), bad)
    fast = _outcome(hand, kwargs)
    with monkeypatch.context() as m:
        _general_only(m)
        general = _outcome(hand, kwargs)
    assert fast == general


@pytest.mark.skipif(NO_EXTENSIONS, reason="MAHJONG_FAST_NO_EXTENSIONS is set")
def test_the_call_in_c_answers_the_common_calls() -> None:
    """The common forms are answered in C (not handed back), with the general code's objects."""
    rng = random.Random(27)
    answered = 0
    for _ in range(30):
        hand, kwargs = _call(rng, None)
        h = _values.as_hand(hand, kwargs["melds"], None, "hand14")
        args = (h, kwargs["turn"], kwargs["dora"], kwargs["seat_wind"], kwargs["round_wind"], kwargs["visible"],
                kwargs["honba"], kwargs["riichi_sticks"], None)
        made = _values._values_call(*args)
        if made is not None:
            answered += 1
            assert type(made) is tuple and all(type(d) is _values.DiscardValue for d in made)
            assert made == _values._general_values(*args)
            assert [d.name for d in made] == [d.name for d in _values._general_values(*args)]
    assert answered == 30
    never_filled = object.__new__(mf.Hand)  # its slots empty: handed back, not read
    assert _values._values_call(never_filled, 1, None, None, None, None, 0, 0, None) is None


@pytest.mark.skipif(NO_EXTENSIONS, reason="MAHJONG_FAST_NO_EXTENSIONS is set")
def test_the_entry_in_c_answers_from_the_arguments_as_given(monkeypatch: pytest.MonkeyPatch) -> None:
    """``_values_entry`` answers the common calls from ``discard_values``' own arguments (no
    ``Hand`` made in Python), object for object the general code's answer; it hands back, to the
    Python path, the rules not given as ``"riichi"``, a turn not an int, an encoding, and a hand
    the reader in C does not vouch for."""
    rng = random.Random(28)
    answered = 0
    for _ in range(30):
        hand, kwargs = _call(rng, None)
        args = (hand, kwargs["melds"], "riichi", kwargs["turn"], kwargs["dora"], kwargs["seat_wind"],
                kwargs["round_wind"], kwargs["visible"], kwargs["honba"], kwargs["riichi_sticks"], None)
        made = _values._values_entry(*args)
        if made is None:  # a Hand with melds beside it: the reader in C reads text and lists only
            assert type(hand) is mf.Hand and kwargs["melds"], (hand, kwargs)
            continue
        answered += 1
        with monkeypatch.context() as m:
            _general_only(m)
            general = mf.discard_values(hand, **kwargs)
        assert type(made) is tuple and made == general and [d.name for d in made] == [d.name for d in general]
    assert answered >= 20
    hand, kwargs = "123456789m1245p1z", {"melds": (), "turn": 3, "dora": "1z", "seat_wind": None,
                                         "round_wind": None, "visible": None, "honba": 0, "riichi_sticks": 0}
    plain = (hand, (), "riichi", 3, "1z", None, None, None, 0, 0, None)
    assert _values._values_entry(*plain) == mf.discard_values(hand, **kwargs)
    for k, other in ((2, mf.RULES["riichi"]), (2, "gb"), (3, True), (3, 3.0), (3, 0), (10, "index34"),
                     (0, "123456789m1245p1z9x"), (0, 5)):
        changed = plain[:k] + (other,) + plain[k + 1:]
        assert _values._values_entry(*changed) is None, (k, other)
    deep = ("12389m135p1357s11z", (), "riichi", 3, "1z", None, None, None, 0, 0, None)  # 2 and 3 from ready:
    for far in (deep, ("12389m1357p1357s1z",) + deep[1:]):  # the search on its own thread (DEEP_FROM)
        assert mf.shanten(far[0]) >= _values.DEEP_FROM
        assert _values._values_entry(*far) is None
        assert _values._values_call(mf.Hand(far[0]), *far[3:]) is None
    with monkeypatch.context() as m:  # a reader swapped in for Hand's: the entry hands back
        m.setattr(mf._meld.READERS, "hand", lambda *args: False)
        assert _values._values_entry(*plain) is None


def test_packed_curves_read_as_the_general_codes_tuples() -> None:
    """A ``DiscardValue`` made from packed figures (the compiled call's) reads, pickles, compares and
    hashes as one made from tuples (the general code's): ``curves`` a tuple of float triples, made
    once and kept; the first triple the figures at the turn asked for."""
    made = _values.DiscardValue.__new__(_values.DiscardValue)
    curves = ((0.75, 0.5, 3900.0), (0.5, 0.25, 1950.5), (0.125, 0.0, 0.0))
    for name, value in (("tile", mf.Tile(4)), ("red", True), ("_curves", None), ("tenpai", 0.75), ("win", 0.5),
                        ("expected", 3900.0), ("_figures", b"".join(struct.pack("ddd", *t) for t in curves))):
        object.__setattr__(made, name, value)
    plain = _values.DiscardValue(mf.Tile(4), True, curves)
    assert made.curves == curves and made.curves is made.curves
    assert all(type(t) is tuple and len(t) == 3 and all(type(x) is float for x in t) for t in made.curves)
    assert made == plain and hash(made) == hash(plain) and repr(made) == repr(plain) and made.name == "0m"
    assert pickle.loads(pickle.dumps(made)) == plain
    with pytest.raises(AttributeError, match="immutable"):
        made.curves = curves  # type: ignore[misc]
    found = mf.discard_values("123456789m1245p1z", dora="1z", turn=3)
    for d in found:
        assert len(d.curves) == 15 and d.curves[0] == (d.tenpai, d.win, d.expected)
        if not NO_EXTENSIONS:
            assert d._figures is not None and len(d._figures) == 15 * 3 * 8  # answered packed, in C


@pytest.mark.skipif(NO_EXTENSIONS, reason="MAHJONG_FAST_NO_EXTENSIONS is set")
def test_the_call_in_c_makes_the_situation_the_general_code_makes(monkeypatch: pytest.MonkeyPatch) -> None:
    """The ``Situation`` the call in C makes slot by slot holds, in every slot, what
    ``Situation.__init__`` holds for the general code's call: equal values of the same types."""
    from mahjong_fast._kernels import values as compiled
    from mahjong_fast._kernels.situation import Situation

    seen: list[Situation] = []

    class Spy:
        def search(self, situation: Situation, *args: Any) -> Any:
            seen.append(situation)
            return compiled.search(situation, *args)

        def search_packed(self, situation: Situation, *args: Any) -> Any:
            seen.append(situation)
            return compiled.search_packed(situation, *args)

    monkeypatch.setattr(_values, "_search", Spy())
    rng = random.Random(5)
    for n in range(40):
        hand, kwargs = _call(rng, None)
        kwargs["honba"], kwargs["riichi_sticks"] = rng.choice([(0, 0), (3, 2), (10 ** 6, 10 ** 6)])
        kwargs["dora"] = rng.choice([kwargs["dora"], "9m9p4z7z", [8, 33, 30, 26, 17]])
        try:
            mf.discard_values(hand, **kwargs)
        except ValueError:
            continue
        with monkeypatch.context() as m:
            _general_only(m)
            mf.discard_values(hand, **kwargs)
        made, general = seen[-2:]
        assert [(type(getattr(made, s)), getattr(made, s)) for s in Situation.__slots__] == \
            [(type(getattr(general, s)), getattr(general, s)) for s in Situation.__slots__], (n, hand, kwargs)
    assert len(seen) >= 40


@pytest.mark.skipif(NO_EXTENSIONS, reason="MAHJONG_FAST_NO_EXTENSIONS is set")
def test_the_search_from_c_equals_the_search_from_a_situation(monkeypatch: pytest.MonkeyPatch) -> None:
    """The call in C hands the compiled search its facts in C (``values.SEARCH_C``), without
    ``search_packed`` or a ``Situation``: every figure is bit for bit what the same search gives
    from the ``Situation`` the general code makes (a proxy of the kernel in ``_search`` turns the
    call in C to that path), and neither ``search`` nor ``search_packed`` is called."""
    from mahjong_fast._kernels import values as compiled

    class Proxy:  # the compiled kernel, not the module itself: the call in C reads a Situation
        search = staticmethod(compiled.search)
        search_packed = staticmethod(compiled.search_packed)

    rng = random.Random(31)
    calls = []
    for _ in range(40):
        hand, kwargs = _call(rng, None)
        kwargs["honba"], kwargs["riichi_sticks"] = rng.choice([(0, 0), (3, 2), (10 ** 6, 10 ** 6)])
        kwargs["dora"] = rng.choice([kwargs["dora"], "9m9p4z7z", [8, 33, 30, 26, 17]])
        calls.append((hand, kwargs))
    def not_called(*args: object) -> None:
        raise AssertionError("the call in C went through search or search_packed")

    with monkeypatch.context() as m:
        m.setattr(compiled, "search", not_called)
        m.setattr(compiled, "search_packed", not_called)
        direct = [_outcome(hand, kwargs) for hand, kwargs in calls]
    with monkeypatch.context() as m:
        m.setattr(_values, "_search", Proxy())
        through_situation = [_outcome(hand, kwargs) for hand, kwargs in calls]
    assert direct == through_situation
    assert sum(type(found) is list for found in direct) >= 30


@pytest.mark.skipif(NO_EXTENSIONS, reason="MAHJONG_FAST_NO_EXTENSIONS is set")
def test_the_compiled_search_refuses_more_dora_than_its_facts_hold() -> None:
    """The compiled search keeps at most ``MAX_INDICATORS`` dora in C: a ``Situation`` with more is
    refused with a ``ValueError`` naming the count, not written past the array."""
    from mahjong_fast._kernels import values as compiled
    from mahjong_fast._kernels.situation import Situation

    hand = [0] * 37
    for t in (0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13):
        hand[t] = 1
    wall = [4 - c for c in hand[:34]] + [0, 0, 0]
    for dora in ([33] * _values.MAX_INDICATORS, [33] * (_values.MAX_INDICATORS + 1)):
        situation = Situation(_values._scoring_kernel.score_counts, None, 0, (), [0] * 34, 0, True, 27, 27, dora, 0, 0)
        if len(dora) <= _values.MAX_INDICATORS:
            assert compiled.search(situation, hand, wall, 17)[0]
        else:
            with pytest.raises(ValueError, match="situation.indicators must be 0-5, not 6"):
                compiled.search(situation, hand, wall, 17)


@pytest.mark.skipif(NO_EXTENSIONS, reason="MAHJONG_FAST_NO_EXTENSIONS is set")
def test_the_compiled_search_refuses_a_count_its_keys_cannot_hold() -> None:
    """The compiled search keys a state by its counts in base 5 (0-4 a kind): a hand with five of a
    kind is refused with a ``ValueError`` naming the kind's place and count, not keyed as another hand."""
    from mahjong_fast._kernels import values as compiled
    from mahjong_fast._kernels.situation import Situation

    situation = Situation(_values._scoring_kernel.score_counts, None, 0, (), [0] * 34, 0, True, 27, 27, [], 0, 0)
    hand = [0] * 37
    for t in range(10):
        hand[t] = 1
    hand[27] = 4
    wall = [4 - c for c in hand[:34]] + [0, 0, 0]
    assert compiled.search(situation, hand, wall, 17)[0]  # four of a kind: searched
    hand[27], hand[9] = 5, 0
    with pytest.raises(ValueError, match=r"hand\[27\] must be 0-4, not 5"):
        compiled.search(situation, hand, wall, 17)
