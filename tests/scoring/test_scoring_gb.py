"""``mf.score(..., rules="gb")``: the 81 fans against PyMahjongGB's ``MahjongFanCalculator``, bad input.

Every test runs once per implementation of the fan kernel (the ``kernel`` fixture puts
``impl.fans`` behind ``mf.score``), and the two are held equal on random wins.  The random
situations (``mahjong_fast/_bench/gb_wins.py``) reach every fan; the reference is PyMahjongGB 1.4.0.
"""
from __future__ import annotations

import collections
import importlib
import json
import random
from typing import Callable

import pytest

import mahjong_fast as mf
from mahjong_fast import Fan, _scoring, _scoring_fast_py
from mahjong_fast._bench.gb_wins import Situation, random_situation, reference_fans, score_kwargs
from mahjong_fast._dispatch import NO_EXTENSIONS
from mahjong_fast._kernels.fan_flags import GB_SELF_DRAWN
from mahjong_fast._kernels.score_flags import CHOW, PUNG

from support.impls import Impl, implementations

pytest.importorskip("MahjongGB")


@pytest.fixture(autouse=True)
def kernel(impl: Impl, monkeypatch: pytest.MonkeyPatch) -> Impl:
    monkeypatch.setattr(_scoring, "_fans", impl.fans)
    return impl


def fans_of(s: mf.Score) -> dict[str, int]:
    """``{chinese name: count}`` of a gb score (the reference's form)."""
    return dict(collections.Counter(f.chinese for f, _ in s.items))


def compare(situation: Situation) -> mf.Score | None:
    """Our score of ``situation`` after checking it against the reference; ``None`` when neither wins."""
    expected = reference_fans(situation)
    if expected is None:
        with pytest.raises(ValueError, match="does not win"):
            mf.score(**score_kwargs(situation))  # type: ignore[arg-type]
        return None
    s = mf.score(**score_kwargs(situation))  # type: ignore[arg-type]
    assert fans_of(s) == expected, situation
    assert s.total == sum(f.points for f, _ in s.items)
    assert s.valid == (s.total - situation.flowers >= 8)
    return s


# --- pinned hands ------------------------------------------------------------------

@pytest.mark.parametrize(
    "hand, win, kwargs, fans, total",
    [
        ("123456789m123p55s", "7m", dict(flowers=1),
         {"清龙": 1, "门前清": 1, "平和": 1, "喜相逢": 1, "独听・边张": 1, "花牌": 1}, 23),
        ("123456789m55p", "5p", dict(melds=["444s"]), {"清龙": 1, "无字": 1, "独听・单钓": 1}, 18),
        ("123345m678p23455s", "5s", dict(), {"门前清": 1, "平和": 1}, 4),
        ("11123455678999m", "5m", dict(tsumo=True),
         {"九莲宝灯": 1, "双暗刻": 1, "幺九刻": 1, "自摸": 1}, 92),
        ("19m19p19s12345677z", "7z", dict(), {"十三幺": 1}, 88),
        ("147m258p369s12345z", "5z", dict(tsumo=True), {"全不靠": 1, "组合龙": 1, "自摸": 1}, 25),
        ("147m25p36s1234567z", "7z", dict(), {"七星不靠": 1}, 24),
        ("22334455667788m", "8m", dict(), {"连七对": 1, "断幺": 1}, 90),
        ("11223344556677z", "7z", dict(), {"字一色": 1, "七对": 1}, 88),
        ("111222333444z55m", "5m", dict(tsumo=True, seat_wind="E", round_wind="S"),
         {"大四喜": 1, "四暗刻": 1, "混一色": 1, "独听・单钓": 1, "自摸": 1}, 160),
        ("147m258p369s11z", "1z", dict(melds=["777z"]), {"组合龙": 1, "箭刻": 1, "五门齐": 1, "独听・单钓": 1}, 21),
    ],
)
def test_pinned_hands_match_the_reference(hand: str, win: str, kwargs: dict[str, object], fans: dict[str, int],
                                          total: int) -> None:
    s = mf.score(hand, win, rules="gb", **kwargs)  # type: ignore[arg-type]
    assert fans_of(s) == fans
    assert s.total == total


def test_items_repeat_a_fan_as_often_as_it_counts_and_flowers_are_one_each() -> None:
    s = mf.score("111m11p111s123s789s", "1p", rules="gb", flowers=3)
    assert [f for f, _ in s.items].count(Fan.FLOWER_TILES) == 3
    assert (Fan.PUNG_OF_TERMINALS_OR_HONORS, 1) in s.items
    assert s.items == tuple(sorted(s.items, key=lambda item: item[0].value))


def test_eight_fans_before_flowers_make_a_legal_win_and_the_payments() -> None:
    low = mf.score("123345m678p23455s", "5s", rules="gb", flowers=8)
    assert (low.total, low.valid, low.points) == (12, False, 0)
    assert low.deltas(0, 1, loser=2) == [0, 0, 0, 0]
    assert "not a win" in str(low)
    ron = mf.score("123456789m55p", "5p", melds=["444s"], rules="gb")
    assert (ron.total, ron.valid, ron.points) == (18, True, 26)
    assert ron.deltas(1, 0, loser=3) == [-8, 42, -8, -26]
    tsumo = mf.score("123456789m55p", "5p", melds=["444s"], rules="gb", tsumo=True, seat_wind="E")
    assert tsumo.points == (27, 27)
    assert tsumo.deltas(2, 2) == [-27, -27, 81, -27]


def test_fan_enum_names_and_points() -> None:
    assert len(Fan) == 82
    assert sum(1 for f in Fan if f is not Fan.CONCEALED_KONG_AND_MELDED_KONG) == 81
    assert Fan.SINGLE_WAIT.chinese == "独听・单钓" and Fan.SINGLE_WAIT.english == "Single Wait"
    assert Fan.CONCEALED_KONG_AND_MELDED_KONG.points == 5
    assert [f.points for f in Fan][:7] == [88] * 7


# --- the reference on random situations ---------------------------------------------

def test_random_situations_match_the_reference(impl: Impl) -> None:
    rng = random.Random(2024)
    seen: collections.Counter[str] = collections.Counter()
    for _ in range(impl.sample(30000, 8000)):
        s = compare(random_situation(rng))
        if s is not None:
            seen.update(fans_of(s))
    assert len(seen) >= 70


def test_every_fan_occurs_in_the_random_situations(impl: Impl) -> None:
    """Every one of the 81 fans (and 明暗杠) is counted in some situation the reference agrees on."""
    rng = random.Random(81)
    seen: set[str] = set()
    for _ in range(60000):
        s = compare(random_situation(rng))
        if s is not None:
            seen.update(fans_of(s))
        if len(seen) == len(Fan):
            break
    assert sorted({f.chinese for f in Fan} - seen) == []


@pytest.mark.slow
def test_a_hundred_thousand_situations_match_the_reference(impl: Impl, request: pytest.FixtureRequest) -> None:
    """100,000 situations (minutes): run with ``-m slow``."""
    if "slow" not in (request.config.getoption("markexpr") or ""):
        pytest.skip("a slow comparison: run with -m slow")
    rng = random.Random(100_000)
    for _ in range(100_000):
        compare(random_situation(rng))


def test_the_two_implementations_agree() -> None:
    impls = implementations()
    rng = random.Random(5)
    for _ in range(5000 if len(impls) > 1 else 10):
        s = random_situation(rng)
        kwargs = score_kwargs(s)
        answers = set()
        for other in impls:
            _scoring._fans = other.fans  # the fixture restores it
            try:
                answers.add(mf.score(**kwargs))  # type: ignore[arg-type]
            except ValueError as exc:
                answers.add(str(exc))  # type: ignore[arg-type]
        assert len(answers) == 1, s


def _crowded_win(rng: random.Random) -> tuple[bytes, tuple[tuple[int, int], ...], int] | None:
    """A standard-form win whose tiles crowd a few kinds (one held four times is common): 34 concealed
    counts, the declared melds (score_flags' kinds) and the winning tile; ``None`` when the draw fails."""
    base = rng.choice((0, 9, 18, 27)) if rng.random() < 0.5 else rng.randrange(34)
    lo, hi = (27, 34) if base >= 27 else (base, min(base // 9 * 9 + 9, base + rng.randrange(3, 10)))
    counts = [0] * 34  # the whole hand first, then the concealed part
    melds: list[tuple[int, int]] = []
    shapes = []
    for k in range(5):
        t = rng.randrange(lo, hi) if rng.random() < 0.9 else rng.randrange(34)
        if k == 4:
            shape = [t, t]
        elif t < 27 and t % 9 <= 6 and rng.random() < 0.5:
            shape = [t, t + 1, t + 2]
        else:
            shape = [t, t, t]
        for x in shape:
            counts[x] += 1
        shapes.append(shape)
    if max(counts) > 4:
        return None
    for shape in shapes[:4]:
        if rng.random() < 0.15:
            melds.append((CHOW if shape[0] != shape[1] else PUNG, shape[0]))
            for x in shape:
                counts[x] -= 1
    win = rng.choice([t for t in range(34) if counts[t]])
    return bytes(counts), tuple(melds), win


def test_the_one_tile_waits_of_crowded_hands_agree() -> None:
    """The compiled kernel reads the one-tile waits suit by suit, a fifth copy of a kind held four
    times included; the pure twin runs the reference's own search: equal on hands that crowd a few
    kinds (edge, closed and single waits counted only on a unique wait)."""
    impls = implementations()
    if len(impls) < 2:
        pytest.skip("one implementation built")
    rng = random.Random(4)
    held_four = 0
    for _ in range(20000):
        drawn = _crowded_win(rng)
        if drawn is None:
            continue
        counts, melds, win = drawn
        held_four += max(counts) == 4
        situation = rng.choice((0, GB_SELF_DRAWN))
        answers = {impl.fans.count_fans(counts, melds, win, situation, 27, 28) for impl in impls}
        assert len(answers) == 1, (list(counts), melds, win, situation)
    assert held_four > 1000


# --- the lean path (_scoring_fast.gb_lean_score) against the general path (_scoring._gb) ------------

GB_SPOILERS: list[tuple[str, object]] = [
    ("flowers", 9), ("flowers", -1), ("flowers", True), ("flowers", 1.0), ("last_copy", 1), ("last_copy", True),
    ("kong_draw", True), ("robbing_kong", True), ("last_tile", None), ("tsumo", 1), ("tsumo", True),
    ("seat_wind", "5z"), ("seat_wind", 27), ("seat_wind", None), ("round_wind", "N"), ("round_wind", 31),
    ("win", "9s"), ("win", "0m"), ("hand14", "123m"), ("hand14", "11112345678999m"), ("hand14", "0m"),
    ("melds", ["{1111z}"]), ("melds", "[123m]"), ("encoding", "index34"), ("riichi", True), ("dora", "1m"),
    ("honba", 1), ("melds", ["111m"] * 5), ("melds", ["505m"]), ("melds", [mf.Meld("pung", 0)]), ("melds", [7]),
    ("melds", ("999s",)), ("win", 5), ("win", True), ("encoding", "index136"), ("encoding", "mpsz"),
    ("hand14", [0] * 14), ("hand14", list(range(14))), ("hand14", None),
]


def _as_ints(kwargs: dict[str, object], s: Situation, rng: random.Random) -> None:
    """``kwargs`` with hand14 and win as index34 or index136 ints (copies drawn at random, red fives too)."""
    if rng.random() < 0.5:
        kwargs.update(hand14=list(s.concealed), win=s.win)
        return
    ids = [4 * t + rng.randrange(4) for t in s.concealed]
    if len(set(ids)) == len(ids):
        kwargs.update(hand14=ids, win=ids[s.concealed.index(s.win)], encoding="index136")


def _outcome(score: Callable[..., mf.Score], kwargs: dict[str, object]) -> tuple[str, object]:
    try:
        return "score", score(**kwargs)
    except (TypeError, ValueError) as exc:
        return type(exc).__name__, str(exc)


@pytest.mark.parametrize("twin", ["pure"] if NO_EXTENSIONS else ["pure", "compiled"])
def test_the_gb_lean_path_equals_the_general_path(twin: str) -> None:
    fast = _scoring_fast_py if twin == "pure" else importlib.import_module("mahjong_fast._scoring_fast")
    score = fast.install(_scoring.GENERAL["score"], vars(_scoring), _scoring.rules_kind)
    general = _scoring.GENERAL["score"]
    rng = random.Random(24)
    for _ in range(300 if NO_EXTENSIONS else 1500):
        situation = random_situation(rng)
        kwargs = score_kwargs(situation)
        if rng.random() < 0.4:
            _as_ints(kwargs, situation, rng)
        if rng.random() < 0.5:
            key, value = rng.choice(GB_SPOILERS)
            kwargs[key] = value
        assert _outcome(score, kwargs) == _outcome(general, kwargs), kwargs


# --- bad input ---------------------------------------------------------------------

@pytest.mark.parametrize(
    "hand, win, kwargs, match",
    [
        ("123456789m123p55s", "1s", {}, "win '1s'"),
        ("123456789m123p56s", "6s", {}, "hand14 .* does not win"),
        ("123456789m123p5s", "5s", {}, "hand14 .* holds 13 tiles"),
        ("123456789m123p55s", "7m", dict(flowers=9), "flowers must be 0-8, not 9"),
        ("123456789m123p55s", "7m", dict(flowers=-1), "flowers must be 0-8"),
        ("123456789m123p55s", "7m", dict(kong_draw=True), "kong_draw: .*tsumo=True"),
        ("123456789m123p55s", "7m", dict(kong_draw=True, tsumo=True), "kong_draw: .*needs a kong"),
        ("123456789m123p55s", "7m", dict(robbing_kong=True, tsumo=True), "robbing_kong: .*tsumo=True"),
        ("123456789m123p55s", "5s", dict(robbing_kong=True), "robbing_kong: .* hold 2"),
        ("123456789m123p55s", "5s", dict(last_copy=True), "last_copy: .*holds 2"),
        ("123456789m123p55s", "7m", dict(seat_wind="5z"), "seat_wind"),
        ("123456789m123p55s", "7m", dict(round_wind="1m"), "round_wind"),
        ("123456789m123p55s", "7m", dict(riichi=True), "riichi is a riichi argument"),
        ("123456789m123p55s", "7m", dict(dora="1m"), "dora is a riichi argument"),
        ("123456789m123p55s", "7m", dict(honba=1), "honba is a riichi argument"),
    ],
)
def test_bad_input_is_a_value_error_naming_the_argument(hand: str, win: str, kwargs: dict[str, object],
                                                        match: str) -> None:
    with pytest.raises(ValueError, match=match):
        mf.score(hand, win, rules="gb", **kwargs)  # type: ignore[arg-type]


def test_bad_types_are_type_errors() -> None:
    with pytest.raises(TypeError, match="flowers must be an int"):
        mf.score("123456789m123p55s", "7m", rules="gb", flowers=1.0)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="last_tile must be a bool"):
        mf.score("123456789m123p55s", "7m", rules="gb", last_tile=1)  # type: ignore[arg-type]


@pytest.mark.parametrize("rules", ["chinese", "sichuan"])
def test_hu_type_rule_sets_do_not_score(rules: str) -> None:
    with pytest.raises(ValueError, match=f"rules '{rules}' have hu types.*'riichi', 'riichi3' and 'gb'"):
        mf.score("123456789m123p55s", "7m", rules=rules)


def test_reference_quirks_we_refuse_are_explained() -> None:
    """Where the reference quietly drops a contradicting flag, we raise a ``ValueError`` naming it.

    PyMahjongGB clears 和绝张 when the hand holds another copy, and 杠上开花 / 抢杠和 when no kong
    was declared or the robbed tile is held; we refuse these calls (DESIGN.md: GB flags that
    contradict the tiles), so every random situation passes only flags the tiles allow.
    """
    with pytest.raises(ValueError, match="last_copy"):
        mf.score("123456789m123p55s", "5s", rules="gb", last_copy=True)
    with pytest.raises(ValueError, match="kong_draw"):
        mf.score("123456789m123p55s", "7m", rules="gb", tsumo=True, kong_draw=True)


# --- the CLI -----------------------------------------------------------------------

GB_CHECKS = [
    (["123456789m123p55s", "--win", "7m", "--flowers", "2"], dict(flowers=2), 3),
    (["123456789m123p55s", "--win", "7m", "--tsumo", "--seat-wind", "E"], dict(tsumo=True, seat_wind="E"), 0),
    (["123345m678p23455s", "--win", "5s"], dict(), 3),
    (["1234m567p67899s", "--melds", "{7777z}", "--win", "9s", "--tsumo", "--kong-draw", "--last-tile"],
     dict(melds=["{7777z}"], tsumo=True, kong_draw=True, last_tile=True), 3),
    (["123456m234p67s55p", "--win", "5s", "--robbing-kong", "--last-copy", "--round-wind", "S"],
     dict(robbing_kong=True, last_copy=True, round_wind="S"), 3),
]
"""(argv after ``check`` without ``--rules gb``, the ``mf.score`` keywords, the dealer's seat; the winner is seat 0)."""


@pytest.mark.parametrize(("argv", "kwargs", "dealer"), GB_CHECKS, ids=[" ".join(a) for a, _, _ in GB_CHECKS])
def test_check_win_under_gb_prints_the_fans_and_legality(capsys: pytest.CaptureFixture[str], argv: list[str],
                                                         kwargs: dict[str, object], dealer: int) -> None:
    from mahjong_fast._cli import main

    hand, win = argv[0], argv[argv.index("--win") + 1]
    try:
        s = mf.score(hand, win, rules="gb", **kwargs)  # type: ignore[arg-type]
    except ValueError as exc:
        assert main(["check", *argv, "--rules", "gb"]) == 2
        assert str(exc) in capsys.readouterr()[1]
        return
    assert main(["check", *argv, "--rules", "gb", "--json"]) == 0
    out, err = capsys.readouterr()
    assert err == ""
    report = json.loads(out)["score"]
    assert [(i["name"], i["chinese"], i["points"]) for i in report["items"]] == [
        (f.name, f.chinese, p) for f, p in s.items]
    assert (report["total"], report["valid"], report["tsumo"]) == (s.total, s.valid, s.tsumo)
    assert report["points"] == (s.points if isinstance(s.points, int) else list(s.points))
    assert report["deltas"] == s.deltas(0, dealer, None if s.tsumo else 1)
    assert main(["check", *argv, "--rules", "gb"]) == 0
    text = capsys.readouterr()[0]
    assert f"score:     {s.total} fans" in text
    assert (", a legal win" in text) == s.valid and ("not a legal win" in text) == (not s.valid)
    for fan, _ in s.items:
        assert f"{fan.english}) {fan.points}" in text or f"{fan.english} {fan.points}" in text


@pytest.mark.parametrize(("argv", "word"), [
    (["123456789m123p55s", "--win", "7m", "--flowers", "9"], "flowers"),
    (["123456789m123p55s", "--win", "7m", "--kong-draw"], "kong_draw"),
    (["123456789m123p55s", "--win", "7m", "--riichi"], "riichi"),
])
def test_check_win_under_gb_bad_input(capsys: pytest.CaptureFixture[str], argv: list[str], word: str) -> None:
    from mahjong_fast._cli import main

    assert main(["check", *argv, "--rules", "gb", "--json"]) == 2
    out, err = capsys.readouterr()
    assert out == "" and word in err


def test_gb_flags_under_riichi_are_refused(capsys: pytest.CaptureFixture[str]) -> None:
    from mahjong_fast._cli import main

    assert main(["check", "123567m234p678s55p", "--win", "8s", "--flowers", "1"]) == 2
    assert "flowers is a gb argument" in capsys.readouterr()[1]
