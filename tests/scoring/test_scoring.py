"""``mf.score`` (riichi scoring): pinned Tenhou figures, the ``mahjong`` package on random wins, bad input.

Every test runs once per implementation of the scoring kernel (the ``kernel``
fixture puts ``impl.scoring`` behind ``mf.score``), and the two are held equal
on random wins.
"""
from __future__ import annotations

import collections
import dataclasses
import random
from collections.abc import Callable, Iterator
from typing import Any

import pytest

import mahjong_fast as mf
from mahjong_fast import RULES, Yaku, _scoring
from mahjong_fast._bench.riichi_wins import package_score, random_win, riichienv_score, score_args

from support.impls import Impl, implementations


@pytest.fixture(autouse=True)
def kernel(impl: Impl, monkeypatch: pytest.MonkeyPatch) -> Impl:
    monkeypatch.setattr(_scoring, "_kernel", impl.scoring)
    return impl


def names(s: mf.Score) -> dict[str, int]:
    return {y.name: h for y, h in s.items}


# --- pinned figures (Tenhou) -------------------------------------------------------

@pytest.mark.parametrize(
    "hand, win, kwargs, items, han, fu, points",
    [
        ("123567m234p678s55p", "8s", dict(riichi=True, dora="4p"), {"RIICHI": 1, "PINFU": 1, "DORA": 2}, 4, 30, 7700),
        ("123567m234p678s55p", "8s", dict(tsumo=True), {"MENZEN_TSUMO": 1, "PINFU": 1}, 2, 20, (700, 400)),
        ("123567m234p678s55p", "8s", dict(tsumo=True, seat_wind="1z"), {"MENZEN_TSUMO": 1, "PINFU": 1}, 2, 20,
         (0, 700)),
        # open pinfu shape by ron: 30 fu
        ("567m234p678s55p", "8s", dict(melds=["[234m]"]), {"TANYAO": 1}, 1, 30, 1000),
        # seven pairs 25 fu
        ("1133m2255p4466s77z", "7z", dict(riichi=True), {"RIICHI": 1, "CHIITOITSU": 2}, 3, 25, 3200),
        # double wind pair: 4 fu (20 + 10 closed ron + 4 pair + 2 tanki = 36 -> 40); no yaku but riichi
        ("123m456p789s234s11z", "1z", dict(riichi=True, seat_wind="E", round_wind="E"), {"RIICHI": 1}, 1, 40,
         2000),
        # ron completing a triplet makes it open: 20 + 10 closed ron + 4 (111m ron) + 8 (999p) + 2 (77z) -> 50
        ("111m999p123s456s77z", "1m", dict(riichi=True), {"RIICHI": 1}, 1, 50, 1600),
        # ryanpeikou beats seven pairs
        ("223344m556677p99s", "9s", dict(), {"RYANPEIKOU": 3}, 3, 40, 5200),
        # suuankou tanki counts once on Tenhou (no double yakuman)
        ("111222333m44455p", "5p", dict(tsumo=True), {"SUUANKOU_TANKI": 13}, 13, 0, (16000, 8000)),
        # kazoe yakuman
        ("123456789m23499m", "5m", dict(riichi=True, tsumo=True, dora="8m"), None, None, None, (16000, 8000)),
        # composite yakuman stack
        ("111z222z333z444z55z", "5z", dict(tsumo=True), {"SUUANKOU_TANKI": 13, "TSUUIISOU": 13, "DAISUUSHII": 13},
         39, 0, (48000, 24000)),
    ],
)
def test_pinned(hand: str, win: str, kwargs: dict[str, Any], items: dict[str, int] | None, han: int | None,
                fu: int | None, points: object) -> None:
    s = mf.score(hand, win, **kwargs)
    assert s.valid
    if items is not None:
        assert names(s) == items
        assert (s.han, s.fu) == (han, fu)
    assert s.points == points


def test_kazoe_is_one_yakuman_and_prefers_a_real_one() -> None:
    s = mf.score("123456789m23499m", "5m", riichi=True, tsumo=True, dora="8m")
    assert s.limit == "yakuman" and s.yakuman == 1 and (s.han, s.fu) == (13, 30)
    assert names(s) == {"MENZEN_TSUMO": 1, "RIICHI": 1, "ITTSU": 2, "CHINITSU": 6, "DORA": 3}
    # the same tiles read as four concealed triplets: a real yakuman on equal points
    s = mf.score("111222333444m55p", "4m", tsumo=True, dora="3m3m")
    assert names(s) == {"SUUANKOU": 13} and s.fu == 0


def test_ron_triplet_is_not_suuankou() -> None:
    s = mf.score("111222333m44455p", "4p")
    assert "SUUANKOU" not in names(s) and "SANANKOU" in names(s)


def test_red_fives_from_identity() -> None:
    s = mf.score("123067m234p678s55p", "8s", riichi=True)
    assert names(s)["AKA_DORA"] == 1
    ids = [0, 4, 8, 16, 20, 24, 40, 44, 48, 92, 96, 100, 53, 54]  # 123m 0m67m 234p 678s 55p
    assert names(mf.score(ids, 100, encoding="index136", riichi=True))["AKA_DORA"] == 1
    ids[-1] = 52  # the red 5p
    assert names(mf.score(ids, 100, encoding="index136", riichi=True))["AKA_DORA"] == 2
    assert "AKA_DORA" not in names(mf.score("123067m234p678s55p", "8s", riichi=True,
                                            rules=dataclasses.replace(RULES["riichi"], red_fives=0)))
    s = mf.score("234m234p678s55p", "8s", melds=["[406m]"])
    assert names(s)["AKA_DORA"] == 1


def test_riichi3() -> None:
    s = mf.score("111999m234p678s55p", "8s", rules="riichi3", riichi=True, tsumo=True, kita=2, dora="9m")
    # 1m is the dora after a 9m indicator; kita one han each
    assert names(s)["DORA"] == 3 and names(s)["KITA"] == 2
    assert s.players == 3
    d = s.deltas(1, 0)
    assert len(d) == 3 and sum(d) == 0
    # tsumo-son: the missing north seat's share is not paid
    dealer_pays, each = s.points  # type: ignore[misc]
    assert d[1] == dealer_pays + each
    # north as a dora: each kita counts once more
    s = mf.score("111999m234p678s55p", "8s", rules="riichi3", riichi=True, kita=1, dora="3z")
    assert names(s)["DORA"] == 1 and names(s)["KITA"] == 1


def test_deltas() -> None:
    s = mf.score("123567m234p678s55p", "8s", riichi=True, dora="4p", honba=2, riichi_sticks=1)
    assert s.deltas(1, 0, loser=3) == [0, 7700 + 600 + 1000, 0, -8300]
    s = mf.score("123567m234p678s55p", "8s", riichi=True, tsumo=True, honba=1, riichi_sticks=2)
    assert s.points == (1300, 700)
    assert s.deltas(2, 0) == [-1400, -800, 2700 + 300 + 2000, -800]
    s = mf.score("123567m234p678s55p", "8s", riichi=True, tsumo=True, seat_wind="E")
    assert s.deltas(0, 0) == [3900, -1300, -1300, -1300]
    # pao: the responsible seat pays a tsumo in full, half a ron beside the discarder
    s = mf.score("666777z111m22p", "2p", melds=["[555z]"], tsumo=True, honba=1)
    assert s.deltas(1, 0, pao=3) == [0, 32300, 0, -32300]
    s = mf.score("666777z111m22p", "2p", melds=["[555z]"])
    assert s.deltas(1, 0, loser=2, pao=3) == [0, 32000, -16000, -16000]
    invalid = mf.score("123m456p789s234s11z", "1z")
    assert not invalid.valid and invalid.deltas(1, 0, loser=2) == [0, 0, 0, 0]
    with pytest.raises(ValueError, match="dealer"):
        s.deltas(0, 0, loser=2)
    with pytest.raises(ValueError, match="loser"):
        s.deltas(1, 0)


def test_rule_switches() -> None:
    riichi = RULES["riichi"]
    s = mf.score("111222333m44455p", "5p", tsumo=True, rules=dataclasses.replace(riichi, double_yakuman=True))
    assert s.items == ((Yaku.SUUANKOU_TANKI, 26),) and s.yakuman == 2 and s.points == (32000, 16000)
    s = mf.score("123456789m23499m", "5m", riichi=True, tsumo=True, dora="8m",
                 rules=dataclasses.replace(riichi, kazoe_yakuman=False))
    assert s.limit == "sanbaiman" and s.yakuman == 0
    s = mf.score("567m234p678s55p", "8s", melds=["[234m]"], rules=dataclasses.replace(riichi, open_tanyao=False))
    assert not s.valid
    kiriage = dataclasses.replace(riichi, kiriage=True)
    s = mf.score("123567m234p678s55p", "8s", riichi=True, dora="4p", rules=kiriage)
    assert (s.han, s.fu, s.limit, s.points) == (4, 30, "mangan", 8000)
    with pytest.raises(ValueError, match="red_fives"):
        dataclasses.replace(riichi, red_fives=2)


def test_print_and_repr() -> None:
    s = mf.score("123567m234p678s55p", "8s", riichi=True, dora="4p")
    assert str(s) == "立直 1, 平和 1, ドラ 2 — 4 han 30 fu, 7700"
    assert "RIICHI 1" in repr(s) and "points=7700" in repr(s)
    assert str(mf.score("111222333m44455p", "5p", tsumo=True)) == "四暗刻単騎 13 — yakuman, 8000/16000"
    assert str(mf.score("123m456p789s234s11z", "1z")) == "no yaku — not a win"
    assert Yaku.HAKU.japanese == "役牌 白" and Yaku(52) is Yaku.DORA and str(Yaku.RIICHI) == "立直"


# --- bad input: ValueError naming the argument --------------------------------------

@pytest.mark.parametrize(
    "hand, win, kwargs, name",
    [
        ("123567m234p678s55p", "9s", {}, "win"),
        ("123567m234p678s5p", "8s", {}, "hand14"),
        ("123567m234p678s56p", "8s", {}, "hand14"),
        ("123567m234p678s55p", "8s", dict(ippatsu=True), "ippatsu"),
        ("123567m234p678s55p", "8s", dict(haitei=True), "haitei"),
        ("123567m234p678s55p", "8s", dict(houtei=True, tsumo=True), "houtei"),
        ("123567m234p678s55p", "8s", dict(rinshan=True, tsumo=True), "rinshan"),
        ("123567m234p678s55p", "8s", dict(chankan=True, tsumo=True), "chankan"),
        ("123567m234p678s55p", "8s", dict(tenhou=True, tsumo=True, seat_wind="S"), "tenhou"),
        ("123567m234p678s55p", "8s", dict(chiihou=True, tsumo=True, seat_wind="E"), "chiihou"),
        ("567m234p678s55p", "8s", dict(melds=["[123m]"], tenhou=True, tsumo=True, seat_wind="E"), "tenhou"),
        ("567m234p678s55p", "8s", dict(melds=["[123m]"], chiihou=True, tsumo=True), "chiihou"),
        ("123567m234p678s55p", "8s", dict(tenhou=True, tsumo=True, seat_wind="E", riichi=True), "tenhou"),
        ("123567m234p678s55p", "8s", dict(chiihou=True, tsumo=True, riichi=True), "chiihou"),
        ("567m234p678s55p", "8s", dict(melds=["[123m]"], riichi=True), "riichi"),
        ("234p678s55p", "8s", dict(melds=["[1111m]", "{5555m}"], haitei=True, rinshan=True, tsumo=True), "haitei"),
        ("123567m234p678s55p", "8s", dict(houtei=True, chankan=True), "houtei"),
        ("234p678s55p", "8s", dict(melds=["{1111m}", "{5555m}"], riichi=True, ippatsu=True, rinshan=True,
                                   tsumo=True), "ippatsu"),
        ("123567m234p678s55p", "8s", dict(dora="1m2m3m4m5m6m"), "dora"),
        ("123567m234p678s55p", "8s", dict(riichi=True, dora="1m", ura="1m2m"), "ura"),
        ("123567m234p678s55p", "8s", dict(dora="1m", ura="2m"), "ura"),
        ("123567m234p678s55p", "8s", dict(kita=1), "kita"),
        ("123567m234p678s55p", "8s", dict(seat_wind="5z"), "seat_wind"),
        ("123567m234p678s55p", "8s", dict(round_wind="1m"), "round_wind"),
        ("123567m234p678s55p", "8s", dict(honba=-1), "honba"),
        ("123567m234p678s55p", "8s", dict(flowers=1), "flowers"),
        ("123567m234p678s55p", "8s", dict(rules="riichi3"), "hand14"),
        ("111999m234p55p", "5p", dict(rules="riichi3", melds=["[678s]"]), "melds"),
        ("111999m234p678s55p", "8s", dict(rules="riichi3", seat_wind="4z"), "seat_wind"),
    ],
)
def test_bad_input(hand: str, win: str, kwargs: dict[str, Any], name: str) -> None:
    with pytest.raises(ValueError, match=name):
        mf.score(hand, win, **kwargs)


@pytest.mark.parametrize("rules", ["chinese", "sichuan"])
def test_rules_that_do_not_score(rules: str) -> None:
    with pytest.raises(ValueError, match=f"rules '{rules}' have hu types.*'riichi', 'riichi3' and 'gb'"):
        mf.score("123567m234p678s55p", "8s", rules=rules)


def test_gb_counts_fans_not_riichi_yaku() -> None:
    with pytest.raises(ValueError, match="count gb fans, not riichi yaku"):
        _scoring.players(RULES["gb"])
    with pytest.raises(ValueError, match="riichi is a riichi argument"):
        mf.score("123567m234p678s55p", "8s", rules="gb", riichi=True)


# --- against the mahjong package -------------------------------------------------------

def _random_wins(seed: int, n: int, players: Callable[[int], int]) -> Iterator[dict[str, Any]]:
    """``n`` random wins from ``random_win`` (seeded), the player count of each from the number made so far."""
    rng = random.Random(seed)
    done = 0
    while done < n:
        s = random_win(rng, players(done))
        if s is not None:
            done += 1
            yield s


def _compare(seed: int, n: int, players: int) -> collections.Counter[str]:
    pytest.importorskip("mahjong.hand_calculating.hand")
    seen: collections.Counter[str] = collections.Counter()
    for s in _random_wins(seed, n, lambda _: players):
        ours = mf.score(s["hand"], s["win"], **score_args(s))
        ref = package_score(s)
        context = f"{s['hand']} {s['melds']} win {s['win']} {score_args(s)}"
        assert ref is not None
        if "error" in ref:
            assert not ours.valid, (context, ref["error"])
            seen["no yaku"] += 1
            continue
        assert ours.valid, context
        items: collections.Counter[str] = collections.Counter()
        for y, h in ours.items:
            items["DORA" if y is Yaku.KITA else y.name] += h  # the package counts kita as dora
            seen[y.name] += 1
        assert items == collections.Counter(dict(ref["items"])), context
        assert ours.han == ref["han"], context
        if not (ours.yakuman and ours.fu == 0):
            assert ours.fu == ref["fu"], context
        c = ref["cost"]
        if not ours.tsumo:
            assert ours.points == c["main"], context
        elif ours.dealer:
            assert ours.points == (0, c["main"]), context
        else:
            assert ours.points == (c["main"], c["additional"]), context
        winner = 0 if ours.dealer else 1
        deltas = ours.deltas(winner, 0, loser=None if ours.tsumo else 2)
        assert deltas[winner] == c["total"] and sum(deltas) == 1000 * ours.riichi_sticks, context
        seen["open" if any(m.startswith("[") for m in s["melds"]) else "closed"] += 1
    return seen


def test_against_mahjong_package() -> None:
    seen = _compare(22, 3000, 4)
    # the generator reaches every yaku the package scores under Tenhou's rules
    rare = {"SUUKANTSU", "DAISUUSHII", "ITTSU", "SANSHOKU", "JUNCHAN", "RYANPEIKOU", "TENHOU", "CHIIHOU"}
    assert {y.name for y in Yaku if y is not Yaku.KITA} - set(seen) <= rare
    assert seen["no yaku"] > 0 and seen["open"] > 500 and seen["closed"] > 500


def test_against_mahjong_package_three_players() -> None:
    seen = _compare(23, 1500, 3)
    assert seen["KITA"] > 0


# --- against riichienv -------------------------------------------------------------------

DOUBLE = dataclasses.replace(RULES["riichi"], double_yakuman=True)


@pytest.mark.parametrize("players", [4, 3])
def test_against_riichienv(players: int) -> None:
    """riichienv's ``HandEvaluator.calc`` (``HandEvaluator3P`` with kita): equal han, fu and points on random wins.

    The one difference in its rules: riichienv counts 13-sided kokushi, suuankou tanki, junsei
    chuuren and daisuushii as double yakuman (Tenhou counts each once), so its yakuman hands are
    held against ``Rules(double_yakuman=True)``.
    """
    pytest.importorskip("riichienv")
    rng = random.Random(31 + players)
    done = doubled = 0
    while done < (2000 if players == 4 else 1000):
        s = random_win(rng, players)
        if s is None or s["seat_wind"] is None or s["round_wind"] is None:
            continue  # riichienv always has winds
        done += 1
        args = score_args(s)
        ours = mf.score(s["hand"], s["win"], **args)
        is_win, han, fu, points, yakuman = riichienv_score(s)
        context = f"{s['hand']} {s['melds']} win {s['win']} {args}"
        assert is_win == ours.valid, context
        if not is_win:
            continue
        if yakuman:
            rules = DOUBLE if players == 4 else dataclasses.replace(RULES["riichi3"], double_yakuman=True)
            double = mf.score(s["hand"], s["win"], **{**args, "rules": rules})
            doubled += double.han != ours.han
            ours = double
        if ours.fu == 0 and fu > 0 and han > 13 and ours.points == points:
            continue  # riichienv takes a kazoe reading over an equal yakuman (test_riichienv_kazoe_over_yakuman)
        assert (ours.han, ours.points) == (han, points), context
        if not (ours.yakuman and ours.fu == 0):
            assert ours.fu == fu, context
    assert doubled > 0 or players == 3


def test_riichienv_kazoe_over_yakuman() -> None:
    """On equal points riichienv takes the reading with more han, a kazoe yakuman over a real one.

    111m 555m 666m 777m 11z by tsumo reads as suuankou (13 han, a yakuman) or as 111m 567m x3 11z
    (haitei, tsumo, honitsu, iipeikou, dora: 14 han, kazoe); both pay 8000/16000.  Tenhou shows the
    yakuman (DESIGN.md: "on equal points a yakuman beats a kazoe"), as we do.
    """
    pytest.importorskip("riichienv")
    rng = random.Random(35)
    for _ in range(10_000):  # the situation test_against_riichienv meets (seed 35)
        s = random_win(rng, 4)
        if s is not None and s["seat_wind"] is not None and s["round_wind"] is not None \
                and s["hand"] == "1m1m1m5m5m5m6m6m6m7m7m7m1z1z":
            break
    else:
        pytest.fail("the generator no longer meets the situation")
    ours = mf.score(s["hand"], s["win"], **score_args(s))
    assert names(ours) == {"SUUANKOU": 13}
    is_win, han, fu, points, _ = riichienv_score(s)
    assert is_win and han == 14 and fu > 0 and points == ours.points


def test_riichienv_wrapper_two_kongs() -> None:
    """riichienv's Python ``HandEvaluator`` adds the winning tile again to a hand with two kongs.

    It counts concealed tiles plus meld tiles (a kong as four) and takes a total of 3n+1 for a hand
    without its winning tile, which a complete hand with two kongs (16 tiles) is; its Rust evaluator,
    given the same tiles, scores the hand as we do.
    """
    pytest.importorskip("riichienv")
    s = {
        "hand": "222m345m88m", "win": "2m", "melds": ["{1111s}", "{1111m}"], "tsumo": True, "riichi": False,
        "double_riichi": False, "ippatsu": False, "haitei": False, "houtei": False, "rinshan": True,
        "chankan": False, "tenhou": False, "chiihou": False, "seat_wind": 28, "round_wind": 27, "dora": [],
        "ura": [], "kita": 0, "honba": 0, "riichi_sticks": 0, "rules": "riichi",
        "ids": [4, 5, 6, 8, 12, 17, 28, 29, 72, 73, 74, 75, 0, 1, 2, 3], "win_id": 4,
        "meld_ids": [("ckong", [72, 73, 74, 75]), ("ckong", [0, 1, 2, 3])],
    }
    ours = mf.score(s["hand"], s["win"], **score_args(s))
    assert ours.valid
    assert riichienv_score(s)[:4] == (True, ours.han, ours.fu, ours.points)
    assert not riichienv_score(s, wrapper=True)[0]  # the wrapper's miscount (riichienv 0.4.x)


@pytest.mark.slow
def test_against_mahjong_package_100k(request: pytest.FixtureRequest) -> None:
    """100,000 wins (minutes): run with ``-m slow``."""
    if "slow" not in (request.config.getoption("markexpr") or ""):
        pytest.skip("a slow comparison: run with -m slow")
    _compare(2022, 80_000, 4)
    _compare(2023, 20_000, 3)


def test_implementations_agree(impl: Impl, monkeypatch: pytest.MonkeyPatch) -> None:
    """The compiled kernel and its pure twin give the same ``Score`` on random wins (both player counts)."""
    impls = implementations()
    if len(impls) < 2:
        pytest.skip("only the pure-Python kernel in this run")
    for s in _random_wins(7, 4000, lambda done: 4 if done % 3 else 3):
        scores = []
        for other in impls:
            monkeypatch.setattr(_scoring, "_kernel", other.scoring)
            scores.append(mf.score(s["hand"], s["win"], **score_args(s)))
        assert scores[0] == scores[1], (s["hand"], s["melds"], s["win"], score_args(s))


def test_kernels_agree_on_random_counts() -> None:
    """``score_counts`` of the compiled kernel (a hand's shared part read once, each win finished
    from it) and of the pure twin agree on random concealed counts: winning shapes and not, with
    melds, every situation bit and switch, ron and tsumo, and hands of more than 14 tiles."""
    impls = implementations()
    if len(impls) < 2:
        pytest.skip("only the pure-Python kernel in this run")
    compiled, pure = impls[0].scoring, impls[1].scoring
    from mahjong_fast._kernels.score_flags import CHOW, CONCEALED_KONG
    rng = random.Random(29)
    wins = 0
    for done in range(6000):
        counts = [0] * 34
        melds = []
        for _ in range(rng.choice((0, 0, 1, 2, 4))):
            kind = rng.randint(CHOW, CONCEALED_KONG)
            tile = rng.choice([t for t in range(27) if t % 9 < 7]) if kind == CHOW else rng.randrange(34)
            melds.append((kind, tile))
        groups = rng.choice((4, 4, 4, 5, 8, 9)) - len(melds)  # a few hands of more than 14 tiles
        suits = rng.sample((0, 9, 18, 27), rng.randint(1, 4))
        for _ in range(max(groups, 0)):
            base = rng.choice(suits)
            if base < 27 and rng.random() < 0.6:
                t = base + rng.randrange(7)
                for k in range(3):
                    counts[t + k] += 1
            else:
                counts[base + rng.randrange(7 if base == 27 else 9)] += 3
        counts[rng.choice(suits) + rng.randrange(7)] += 2
        if done % 7 == 0:  # seven pairs and thirteen orphans shapes
            counts = [0] * 34
            melds = []
            for t in rng.sample(range(34), 7) if done % 2 else [0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33]:
                counts[t] = 2 if done % 2 else 1
            if not done % 2:
                counts[rng.choice((0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33))] += 1
        if max(counts) > 4:
            continue
        held = [t for t in range(34) if counts[t]]
        win = rng.choice(held)
        situation = rng.getrandbits(11) & ~(rng.getrandbits(11) | rng.getrandbits(11))
        situation |= rng.getrandbits(1)  # tsumo or ron alike
        args = (bytes(counts), melds, win, situation, rng.choice((-1, 27, 28, 29, 30)),
                rng.choice((-1, 27, 28)), rng.randint(0, 14), rng.getrandbits(4))
        got, want = compiled.score_counts(*args), pure.score_counts(*args)
        assert got == want, args
        wins += want is not None
    assert wins > 2000
    big = bytes([4] * 7 + [1] + [0] * 26)  # 29 tiles: nine groups and a pair
    assert compiled.score_counts(big, [], 0, 1, -1, -1, 0, 0) == pure.score_counts(big, [], 0, 1, -1, -1, 0, 0)


def test_more_tiles_than_a_hand_do_not_win() -> None:
    """Both kernels read no win from more tiles than a hand holds (the concealed part and three a
    meld past 14: the compiled kernel's split records hold a hand's 4 groups), and still read one
    from the same shapes at 14."""
    from mahjong_fast._kernels.score_flags import CHOW, PUNG
    four = [0] * 34
    for t in (0, 3, 9, 12):  # 123m 456m 123p 456p 99s
        four[t] = four[t + 1] = four[t + 2] = 1
    four[26] = 2
    five = list(four)
    five[27] = 3  # and EEE: 17 tiles
    seven_pairs_and_pung = [2] * 7 + [3] + [0] * 26
    for impl in implementations():
        kernel = impl.scoring
        assert kernel.score_counts(bytes(four), [], 26, 1, -1, -1, 0, 0) is not None
        open_hand = bytes([1] * 6 + [0] * 20 + [2] + [0] * 7)  # 123m 456m 99s, and 123s EEE called
        assert kernel.score_counts(open_hand, [(CHOW, 18), (PUNG, 27)], 0, 1, -1, -1, 0, 0) is not None
        assert kernel.score_counts(open_hand, [(CHOW, 18), (PUNG, 27), (PUNG, 28)], 0, 1, -1, -1, 0, 0) is None
        assert kernel.score_counts(bytes(five), [], 26, 1, -1, -1, 0, 0) is None
        assert kernel.score_counts(bytes(four), [(PUNG, 30)], 26, 1, -1, -1, 0, 0) is None
        assert kernel.score_counts(bytes(seven_pairs_and_pung), [], 0, 1, -1, -1, 0, 0) is None
        assert kernel.score_counts(bytes([4] * 7 + [1] + [0] * 26), [], 0, 1, -1, -1, 0, 0) is None


def test_input_forms_agree() -> None:
    """Plain mpsz text (read on a quick path), a ``Hand`` and index136 ids give the same ``Score``.

    Integer dora and ura indicators are read in the hand's encoding (index136 ids here).
    """
    for s in _random_wins(11, 1500, lambda done: 4 if done % 4 else 3):
        args = score_args(s)
        text = mf.score(s["hand"], s["win"], **args)
        melds = args.pop("melds")
        hand = mf.score(mf.Hand(s["hand"], melds), s["win"], **args)
        n_meld_ids = sum(len(ids) for _, ids in s["meld_ids"])
        ids = s["ids"][:len(s["ids"]) - n_meld_ids]
        args136 = {**args, "dora": [4 * t for t in args["dora"]], "ura": [4 * t + 1 for t in args["ura"]]}
        index136 = mf.score(ids, s["win_id"], melds=melds, encoding="index136", **args136)
        assert text == hand == index136, (s["hand"], melds, s["win"], args)


JUNK: list[object] = [None, True, 0, -1, 5, 27, 31, 34, 136, 2**70, 1.5, "", " ", "1z", "E", "0z", "5m", "xyz",
                      "[123m]", "{1111z}", b"12", (), [], [0, 0], ["1m"] * 6, {"a": 1}, {1, 2}, object(),
                      mf.Meld.pung(27)]


def test_fuzzed_arguments_raise_value_or_type_errors() -> None:
    """Any argument junk is a ValueError or TypeError, never another exception or a crash."""
    rng = random.Random(99)
    names = ["melds", "rules", "encoding", "tsumo", "riichi", "double_riichi", "ippatsu", "haitei", "houtei",
             "rinshan", "chankan", "tenhou", "chiihou", "seat_wind", "round_wind", "dora", "ura", "kita", "honba",
             "riichi_sticks", "flowers"]
    base: dict[str, Any] = {"riichi": True, "dora": "4p"}
    for _ in range(3000):
        kwargs = dict(base)
        for name in rng.sample(names, rng.randint(1, 3)):
            kwargs[name] = rng.choice(JUNK)
        hand = rng.choice(["123567m234p678s55p", "123567m234p678s5p", 7, None, [0, 1, 2], "555z666z777z11m22p",
                           "19m19p19s1234567z1m"])
        win = rng.choice(["8s", "1m", 25, 99, None, "5z", "0p"])
        try:
            mf.score(hand, win, **kwargs)
        except (ValueError, TypeError):
            pass


@pytest.mark.parametrize(
    "melds, win, seat_wind",
    [(((0, 7),), 0, -1), (((4, 0),), 0, -1), (((1, 34),), 0, -1), (((0, 0),) * 5, 0, -1), ((), 34, -1), ((), 0, 31)],
)
def test_kernel_ranges(impl: Impl, melds: tuple[tuple[int, int], ...], win: int, seat_wind: int) -> None:
    """Out-of-range kernel arguments are the same ValueError in both twins (never read past 34 counts)."""
    with pytest.raises(ValueError):
        impl.scoring.score_counts(bytes(34), melds, win, 0, seat_wind, -1, 0, 0)
    with pytest.raises(ValueError, match="34 values"):
        impl.scoring.score_counts(bytes(33), (), 0, 0, -1, -1, 0, 0)


def test_tenhou_where_the_package_defaults_differ() -> None:
    """Tenhou's rules, which the ``mahjong`` package follows only with options set (its defaults differ).

    Under its default ``OptionalRules`` the package counts suuankou tanki (and 13-sided kokushi,
    junsei chuuren, daisuushii) as double yakuman, and has neither open tanyao nor red fives;
    Tenhou counts each yakuman once, allows open tanyao and plays three red fives.  We follow
    Tenhou; the comparisons above set the package's options to Tenhou's.
    """
    hand_calculator = pytest.importorskip("mahjong.hand_calculating.hand")
    from mahjong.hand_calculating.hand_config import HandConfig
    from mahjong.tile import TilesConverter

    tiles = TilesConverter.string_to_136_array(man="111222333", pin="44455")
    win = TilesConverter.string_to_136_array(pin="5")[0]
    default = hand_calculator.HandCalculator.estimate_hand_value(tiles, win, config=HandConfig(is_tsumo=True))
    assert default.han == 26  # the package's default: double yakuman
    s = mf.score("111222333m44455p", "5p", tsumo=True)
    assert s.han == 13 and s.items == ((Yaku.SUUANKOU_TANKI, 13),)
    tiles = TilesConverter.string_to_136_array(man="234", pin="234678", sou="55")
    win = TilesConverter.string_to_136_array(sou="5")[0]
    melds_tiles = TilesConverter.string_to_136_array(man="567")
    from mahjong.meld import Meld
    default = hand_calculator.HandCalculator.estimate_hand_value(
        tiles + melds_tiles, win, melds=[Meld(Meld.CHI, melds_tiles)], config=HandConfig())
    assert default.error is not None  # no open tanyao by default: no yaku
    assert names(mf.score("234m234p678p55s", "5s", melds=["[567m]"])) == {"TANYAO": 1}


@pytest.mark.parametrize("call", [
    (("123m456p789s11z234m", "4m"), {"tsumo": True}),
    (("234567m22p345s666z", "2p"), {"riichi": True, "dora": "1p", "honba": 2, "riichi_sticks": 1}),
    (("123456789m123p55s", "7m"), {"rules": "gb", "flowers": 1}),
    (("12399m456p111p789s", "8s"), {}),  # a ron with no yaku: not valid
])
def test_a_score_survives_pickling(call):
    # A score goes to another process (multiprocessing, Dask) by pickle; Score is immutable, so
    # pickle's default (setting the slots one by one) refused it.
    import pickle

    args, kwargs = call
    score = mf.score(*args, **kwargs)
    back = pickle.loads(pickle.dumps(score))
    assert type(back) is mf.Score and back == score and str(back) == str(score)
    loser = None if score.tsumo else 2
    assert back.deltas(0, 1, loser) == score.deltas(0, 1, loser)
    with pytest.raises(AttributeError):
        back.han = 0
