"""``score``'s lean path (``_scoring_fast`` in C, its twin ``_scoring_fast_py``) against its general path.

The public ``score`` is the lean path's ``score`` installed in front of the general one
(``_scoring.GENERAL``): it reads the common argument forms and hands every other call to
the general path; both must give the same ``Score`` or the same error (type and
message) on every input.  Random wins from ``mahjong_fast._bench.riichi_wins`` in every
form the lean path reads, then the same calls with one argument spoiled.
"""
from __future__ import annotations

import dataclasses
import importlib
import itertools
import random
from types import ModuleType
from typing import Any, Callable

import pytest

import mahjong_fast as mf
from mahjong_fast import _scoring, _scoring_fast_py
from mahjong_fast._bench.riichi_wins import random_win, score_args
from mahjong_fast._dispatch import scoring
from mahjong_fast._hand import _as_meld

from support.impls import NO_EXTENSIONS

TWINS = ["pure"] if NO_EXTENSIONS else ["pure", "compiled"]
SPOILERS: list[tuple[str, object]] = [
    ("hand14", "123m"), ("hand14", "123m456p789s11z 22z"), ("hand14", "11112345678999m"), ("hand14", "0z"),
    ("hand14", [0, 1, 2, 140]), ("hand14", [1.0] * 14), ("hand14", ()), ("hand14", "55m0m"), ("hand14", None),
    ("hand14", "1" * 65 + "m"), ("hand14", "123m456p789s11z\uff12\uff12z"), ("melds", ["1m2m3m", "5p5p5p5p"]),
    ("win", "9s"), ("win", 34), ("win", -1), ("win", "E"), ("win", "5"), ("win", True), ("win", "0m"),
    ("melds", ["[12m]"]), ("melds", ["{1111z}"]), ("melds", "[123m]"), ("melds", [("chow", 0)]), ("melds", None),
    ("melds", ["[123m]", "[456p]", "[789s]", "[111z]", "[222z]"]),
    ("tsumo", 1), ("riichi", None), ("ippatsu", True), ("haitei", True), ("houtei", True), ("rinshan", True),
    ("chankan", True), ("tenhou", True), ("chiihou", True), ("double_riichi", True), ("riichi", True),
    ("seat_wind", 31), ("seat_wind", "5z"), ("seat_wind", True), ("seat_wind", "X"), ("round_wind", "N"),
    ("round_wind", 27), ("seat_wind", "1z"), ("dora", "1m2m3m4m5m6m"), ("dora", [34]), ("dora", "3p5z"),
    ("dora", None), ("dora", 5), ("dora", ""), ("dora", "0m"), ("dora", [True]), ("ura", "1m"), ("ura", [1, 2]),
    ("kita", 1), ("kita", True), ("honba", -1), ("honba", 1.5), ("honba", True), ("riichi_sticks", -2),
    ("encoding", "index34"), ("encoding", "index136"), ("encoding", "counts"), ("encoding", 3),
    ("flowers", 1), ("rules", "riichi3"), ("rules", "gb"), ("rules", mf.RULES["riichi"]), ("rules", "chinese"),
    ("rules", dataclasses.replace(mf.RULES["riichi"], red_fives=0, kiriage=True)), ("rules", 5), ("rules", "x"),
    ("rules", dataclasses.replace(mf.RULES["riichi"], double_yakuman=True)), ("last_copy", True), ("kong_draw", 0),
    ("flowers", 0.0), ("last_tile", None), ("robbing_kong", []),
]


def _fast(name: str) -> ModuleType:
    return _scoring_fast_py if name == "pure" else importlib.import_module("mahjong_fast._scoring_fast")


def _forms(rng: random.Random, s: dict[str, Any]) -> tuple[object, object, dict[str, Any]]:
    """One call of the win ``s`` in a random form the lean path reads."""
    args = score_args(s)
    hand: object = s["hand"]
    win: object = s["win"]
    form = rng.randrange(3)
    n_meld_ids = sum(len(ids) for _, ids in s["meld_ids"])
    concealed = s["ids"][:len(s["ids"]) - n_meld_ids]
    if form == 1:  # index34 ints
        hand = [i // 4 for i in concealed]
        win = s["win_id"] // 4
        args["encoding"] = rng.choice([None, "index34"])
    elif form == 2:  # index136 ids
        hand = list(concealed)
        win = s["win_id"]
        args["encoding"] = "index136"
        args["dora"] = [4 * t + 1 for t in s["dora"]]
        args["ura"] = [4 * t + 1 for t in s["ura"]]
    if rng.random() < 0.3:
        args["melds"] = [_as_meld(m, "melds") if rng.random() < 0.5 else m for m in args["melds"]]
    if rng.random() < 0.3 and form == 0:
        args["dora"] = "".join(f"{t % 9 + 1}{'mpsz'[t // 9]}" for t in s["dora"])
    for key in ("seat_wind", "round_wind"):
        if args[key] is not None and rng.random() < 0.3:
            args[key] = rng.choice(["ESWN"[args[key] - 27], f"{args[key] - 26}z"])
    if rng.random() < 0.3:
        args["melds"] = tuple(args["melds"])
    return hand, win, args


def _spoiled(rng: random.Random, s: dict[str, Any]) -> tuple[object, object, dict[str, Any]]:
    """A call of the win ``s`` (``_forms``), one argument in two spoiled by a value of ``SPOILERS``."""
    hand, win, args = _forms(rng, s)
    if rng.random() < 0.5:
        key, value = rng.choice(SPOILERS)
        if key == "hand14":
            hand = value
        elif key == "win":
            win = value
        else:
            args[key] = value
    return hand, win, args


def _read_args(hand: object, win: object, args: dict[str, Any]) -> tuple[object, ...]:
    """``read_score``'s arguments for a call of ``score``."""
    return (hand, win, args["melds"], args.get("encoding"), *(args[k] for k in (
        "tsumo", "riichi", "double_riichi", "ippatsu", "haitei", "houtei", "rinshan", "chankan", "tenhou", "chiihou",
        "seat_wind", "round_wind", "dora", "ura", "kita", "honba", "riichi_sticks")))


def _outcome(score: Callable[..., mf.Score], hand: object, win: object, args: dict[str, Any]) -> tuple[str, object]:
    try:
        return "score", score(hand, win, **args)
    except (TypeError, ValueError) as exc:
        return type(exc).__name__, str(exc)


def front(twin: str) -> Callable[..., mf.Score]:
    """The public ``score`` of the twin ``twin``: its lean path in front of the general path."""
    return _fast(twin).install(_scoring.GENERAL["score"], vars(_scoring), _scoring.rules_kind)  # type: ignore[no-any-return]


def test_the_public_score_is_the_lean_path_in_front() -> None:
    assert mf.score is _scoring.score
    assert mf.score is (_scoring_fast_py.score if NO_EXTENSIONS else front("compiled"))
    assert _scoring.GENERAL["score"].__module__ == "mahjong_fast._scoring"


@pytest.mark.parametrize("twin", TWINS)
def test_the_lean_path_equals_the_general_path(twin: str) -> None:
    score = front(twin)
    general = _scoring.GENERAL["score"]
    fast = _fast(twin)
    rng = random.Random(2026)
    n = 0
    lean = 0
    while n < (300 if NO_EXTENSIONS else 1500):
        s = random_win(rng, rng.choice([4, 4, 4, 3]))
        if s is None:
            continue
        hand, win, args = _spoiled(rng, s)
        got = _outcome(score, hand, win, args)
        want = _outcome(general, hand, win, args)
        assert got == want, (hand, win, args)
        if args.get("rules") == "riichi":
            lean += fast.read_score(*_read_args(hand, win, args)) is not None
        n += 1
    assert lean > n // 4  # the lean path does answer most plain calls


@pytest.mark.parametrize("twin", TWINS)
def test_lean_read_of_plain_text(twin: str) -> None:
    fast = _fast(twin)
    flags = (False,) * 10
    read = fast.read_score("123567m234p678s55p", "8s", (), None, *flags, "E", "1z", "4p", (), 0, 0, 0)
    assert read is not None and read[2:] == (25, 0, 27, 27, 2, 0, 0, True)
    assert fast.read_score("123567m234p678s55p", "8s", (), None, *flags, "E", "1z", "4p", (), 0, 0, -1) is None
    assert fast.read_score("123567m234p678s55p", "9s", (), None, *flags, None, None, (), (), 0, 0, 0) is None


def _meld_texts(tiles: list[int]) -> list[str]:
    """The texts of a meld of ``tiles`` (index34): compact, tile by tile and mixed, in every order."""
    def one(t: int) -> str:
        return f"{t % 9 + 1}{'mpsz'[t // 9]}"
    texts = set()
    for order in itertools.permutations(tiles):
        texts.add("".join(one(t) for t in order))
        texts.add("".join(str(t % 9 + 1) for t in order) + "mpsz"[order[0] // 9])
        texts.add("".join(str(t % 9 + 1) for t in order[:-1]) + "mpsz"[order[0] // 9] + one(order[-1]))
    return sorted(texts)


@pytest.mark.parametrize("twin", TWINS)
def test_gb_melds_in_every_text_form_match_the_general_path(twin: str) -> None:
    score = front(twin)
    general = _scoring.GENERAL["score"]
    odd = ["[123m]", "{1111m}", "{1m1m1m1m}", "{111m}", "055m", "406p", "0m0m0m", "789z", "111z1z", "1 1 1m", "11m"]
    for t in range(34):
        for tiles in ([t] * 3, [t] * 4, [t, t + 1, t + 2], [t, t, t + 1]):
            if max(tiles) >= 34:
                continue
            for m in _meld_texts(tiles) + odd:
                for hand, win, melds in (("234m567p234s77z", "7z", [m]), ("234m567p11z", "1z", [m, "999s"])):
                    args: dict[str, Any] = {"melds": melds, "rules": "gb", "tsumo": t % 2 == 0}
                    assert _outcome(score, hand, win, args) == _outcome(general, hand, win, args), (hand, m)


@pytest.mark.parametrize("twin", TWINS)
def test_every_call_shape_matches_the_general_path(twin: str) -> None:
    """Keywords by name or built at run time (not interned), ``hand14`` and ``win`` by keyword,
    too few or too many positional arguments, unknown keywords: the shapes the compiled C entry
    (``_scoring_fast.mf_score_call``) takes or hands to the function's own parsing."""
    score = front(twin)
    general = _scoring.GENERAL["score"]

    def outcome(f: Callable[..., mf.Score], *args: Any, **kwargs: Any) -> tuple[str, object]:
        try:
            return "score", f(*args, **kwargs)
        except TypeError:  # a call the function cannot take: Cython words it as Cython does
            return "TypeError", None
        except ValueError as exc:
            return "ValueError", str(exc)

    built = "".join(["mel", "ds"])  # a name made at run time: equal to "melds", not the same object
    calls: list[tuple[tuple[Any, ...], dict[str, Any]]] = [
        (("123456789m55p", "5p"), {"melds": ["444s"], "rules": "gb", "flowers": 1}),
        (("123456789m55p", "5p"), {built: ["444s"], "rules": "gb", "tsumo": True}),
        ((), {"hand14": "123456789m444s55p", "win": "5p", "rules": "gb"}),
        (("123456789m444s55p",), {"win": "5p", "rules": "gb"}),
        (("123456789m444s55p",), {"rules": "gb"}),
        (("123456789m444s55p", "5p", ()), {"rules": "gb"}),
        (("123456789m444s55p", "5p"), {"rules": "gb", "flowerz": 1}),
        (("123567m234p678s55p", "8s"), {"riichi": True, "dora": "4p", "seat_wind": "E"}),
        (("123567m234p678s55p", "8s"), {}),
    ]
    for args, kwargs in calls:
        assert outcome(score, *args, **kwargs) == outcome(general, *args, **kwargs), (args, kwargs)
    assert score.__kwdefaults__ == general.__kwdefaults__


def test_both_twins_read_and_score_alike() -> None:
    if NO_EXTENSIONS:
        pytest.skip("pure-Python run: no compiled lean path")
    compiled = _fast("compiled")
    rng = random.Random(7)
    for _ in range(500):
        s = random_win(rng, 4)
        if s is None:
            continue
        call = _read_args(*_spoiled(rng, s))
        assert compiled.read_score(*call) == _scoring_fast_py.read_score(*call), call
        for switches, red_fives in ((0, 3), (15, 0)):
            got = compiled.lean_score(scoring.score_counts, switches, red_fives, *call)
            assert got == _scoring_fast_py.lean_score(scoring.score_counts, switches, red_fives, *call), call
