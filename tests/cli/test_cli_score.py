"""``mahjong-fast check HAND --win TILE ...``: the score of a riichi win, in text and under ``--json``."""
from __future__ import annotations

import json

import pytest

import mahjong_fast as mf
from mahjong_fast._cli import main

WINS = [
    (["123567m234p678s55p", "--win", "8s", "--riichi", "--dora", "4p"],
     dict(riichi=True, dora="4p"), None),
    (["123567m234p678s55p", "--win", "8s", "--tsumo", "--seat-wind", "E", "--honba", "2", "--sticks", "1"],
     dict(tsumo=True, seat_wind="E", honba=2, riichi_sticks=1), 0),
    (["123567m234p678s55p", "--win", "8s", "--self-drawn", "--seat-wind", "S", "--round-wind", "S"],
     dict(tsumo=True, seat_wind="S", round_wind="S"), 3),
    (["123m456p11z", "--melds", "789s", "{5555z}", "--win", "1z", "--seat-wind", "1z"],
     dict(melds=["789s", "{5555z}"], seat_wind="1z"), 0),
    (["111m222p333s44455z", "--win", "5z", "--tsumo", "--riichi", "--ippatsu", "--ura", "1m", "--dora", "2m"],
     dict(tsumo=True, riichi=True, ippatsu=True, ura="1m", dora="2m"), None),
    (["19m19p19s1234567z1m", "--win", "1m", "--tenhou", "--tsumo", "--seat-wind", "E"],
     dict(tenhou=True, tsumo=True, seat_wind="E"), 0),
    (["123456m234p678s55p", "--win", "8s", "--double-riichi", "--houtei"],
     dict(double_riichi=True, houtei=True), None),
    (["456m234p678s55p", "--melds", "{1111z}", "--win", "8s", "--rinshan", "--tsumo"],
     dict(melds=["{1111z}"], rinshan=True, tsumo=True), None),
    (["123456m234p678s55p", "--win", "5p", "--chankan"], dict(chankan=True), None),
    (["111999m11p", "--melds", "444z", "999s", "--win", "1p", "--rules", "riichi3", "--kita", "1",
      "--tsumo", "--haitei", "--seat-wind", "W"],
     dict(melds=["444z", "999s"], rules="riichi3", kita=1, tsumo=True, haitei=True, seat_wind="W"), 1),
    (["123456m234p678s55p", "--win", "8s"], dict(), None),
    (["123567m234p55p", "--melds", "555s", "--win", "5p"], dict(melds=["555s"]), None),
]
"""(argv after ``check``, the ``mf.score`` keywords it means, the dealer's seat when the winner is seat 0)."""


def _score(argv: list[str], kwargs: dict) -> mf.Score:
    hand = argv[0]
    win = argv[argv.index("--win") + 1]
    return mf.score(hand, win, **kwargs)


@pytest.mark.parametrize(("argv", "kwargs", "dealer"), WINS, ids=[" ".join(a) for a, _, _ in WINS])
def test_check_win_json_is_the_score(capsys: pytest.CaptureFixture[str], argv: list[str], kwargs: dict,
                                     dealer: int | None) -> None:
    assert main(["check", *argv, "--json"]) == 0
    out, err = capsys.readouterr()
    assert err == ""
    report = json.loads(out)["score"]
    s = _score(argv, kwargs)
    assert report["valid"] == s.valid
    assert [(i["name"], i["japanese"], i["english"], i["han"]) for i in report["items"]] == [
        (y.name, y.japanese, y.english, h) for y, h in s.items]
    assert (report["han"], report["fu"], report["yakuman"], report["limit"]) == (s.han, s.fu, s.yakuman, s.limit)
    assert report["points"] == (s.points if isinstance(s.points, int) else list(s.points))
    assert (report["tsumo"], report["dealer"], report["honba"], report["riichi_sticks"]) == (
        s.tsumo, s.dealer, s.honba, s.riichi_sticks)
    players = 3 if kwargs.get("rules") == "riichi3" else 4
    seat_of_dealer = dealer if dealer is not None else players - 1
    assert report["deltas"] == list(s.deltas(0, seat_of_dealer, None if s.tsumo else 1))
    # the text says the same
    assert main(["check", *argv]) == 0
    text, _ = capsys.readouterr()
    if s.valid:
        assert f"score:     {s.han} han" in text
        for y, h in s.items:
            assert f"{y.english}) {h}" in text or f"{y.english} {h}" in text
        assert f"the winner gains {report['deltas'][0]}" in text
    else:
        assert "no yaku" in text


def test_check_without_win_has_a_null_score(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["check", "123m456p789s1123z", "--json"]) == 0
    assert json.loads(capsys.readouterr()[0])["score"] is None


@pytest.mark.parametrize(("argv", "word"), [
    (["123567m234p678s55p", "--win", "1z"], "win"),
    (["123567m234p678s55p", "--win", "8s", "--ippatsu"], "ippatsu"),
    (["123567m234p678s55p", "--win", "8s", "--seat-wind", "1m"], "seat_wind"),
    (["123567m234p678s55p", "--win", "8s", "--ura", "1m"], "ura"),
    (["123567m234p678s55p", "--win", "8s", "--honba", "-1"], "honba"),
    (["123567m234p678s55p", "--win", "8s", "--rules", "chinese"], "rules"),
])
def test_check_win_bad_input(capsys: pytest.CaptureFixture[str], argv: list[str], word: str) -> None:
    assert main(["check", *argv, "--json"]) == 2
    out, err = capsys.readouterr()
    assert out == "" and word in err
