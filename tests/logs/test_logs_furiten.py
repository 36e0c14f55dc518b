"""``logs.decisions``: RON offered only when the win is legal (a yaku, no furiten); each decision's ``furiten``.

Mortal's ``PlayerState`` (``at_furiten``, ``can_ron_agari``) is the oracle on played hanchan
(``support.mjai_games.check_against_player_state``, run by tests/logs/test_logs_replay.py); here, small
hand-made rounds pin each case.
"""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from mahjong_fast import logs
from mahjong_fast.logs import Action, Point

FILLER = ("E E C C 1p 1p 9p 9p 1s 9s 9s 7m 7m", "S S F F 2p 2p 8p 8p 2s 8s 8s 7m 6p",
          "W W P P 3p 3p 7p 7p 3s 7s 7s 9m 9m")
"""The hands of seats 0-2 (nobody else can win or call on the tiles used below)."""
END = [{"type": "ryukyoku", "deltas": [0] * 4}, {"type": "end_kyoku"}]
"""How a round ends (after a hora: only the end_kyoku)."""


def _turn(who: int, draw: str, discard: str, riichi: bool = False) -> list[dict]:
    events: list[dict] = [{"type": "tsumo", "actor": who, "pai": draw}]
    if riichi:
        events.append({"type": "reach", "actor": who})
    events.append({"type": "dahai", "actor": who, "pai": discard, "tsumogiri": draw == discard})
    if riichi:
        events.append({"type": "reach_accepted", "actor": who, "deltas": [0] * 4, "scores": [25000] * 4})
    return events


def _round(seat3: str, *turns: list[dict], won_by: tuple[int, int] | None = None) -> list[str]:
    deal = [h.split() for h in FILLER] + [seat3.split()]
    events = [{"type": "start_kyoku", "bakaze": "E", "kyoku": 1, "honba": 0, "kyotaku": 0, "oya": 0,
               "dora_marker": "1p", "scores": [25000] * 4, "tehais": deal}]
    for turn in turns:
        events += turn
    if won_by is not None:
        events.append({"type": "hora", "actor": won_by[0], "target": won_by[1], "deltas": [0] * 4})
    return [json.dumps(e) for e in events + (END[1:] if won_by else END)]


def _offers(lines: list[str], seat: int = 3) -> list[tuple[int, str]]:
    return [(d.tile, d.action.name) for d in logs.decisions(lines) if d.point is Point.OFFER and d.seat == seat]


def test_a_passed_ron_is_furiten_until_the_seats_next_discard() -> None:
    # seat 3 waits on 1m / 4m (north pung: a yaku for the north seat)
    lines = _round("2m 3m 4p 5p 6p 7s 8s 9s N N N 1s 1s",
                   _turn(0, "1m", "1m"),   # offered, passed: furiten
                   _turn(1, "4m", "4m"),   # no offer: furiten
                   _turn(2, "5s", "5s"),
                   _turn(3, "6m", "6m"),   # its own discard ends the temporary furiten
                   _turn(0, "4m", "4m"),   # offered again, and won
                   won_by=(3, 0))
    assert _offers(lines) == [(0, "PASS"), (3, "RON")]
    ds = [d for d in logs.decisions(lines) if d.seat == 3]
    assert [(d.point.name, d.furiten) for d in ds] == [("OFFER", False), ("DRAW", True), ("OFFER", False)]


def test_a_wait_among_the_seats_own_discards_is_furiten() -> None:
    # 3m4m5m5m after discarding 2m: waits 2m and 5m, and 2m is its own discard
    lines = _round("3m 4m 5m 4p 5p 6p 7s 8s 9s N N N 2m",
                   _turn(0, "6s", "6s"), _turn(1, "6s", "6s"), _turn(2, "5s", "5s"), _turn(3, "5m", "2m"),
                   _turn(0, "2m", "2m"),   # a wait, but furiten: no offer
                   _turn(1, "1s", "1s"), _turn(2, "5s", "5s"), _turn(3, "6m", "6m"))
    assert _offers(lines) == []
    draws = [d.furiten for d in logs.decisions(lines) if d.seat == 3 and d.point is Point.DRAW]
    assert draws == [False, True]


def test_a_win_without_a_yaku_is_not_offered() -> None:
    # a closed kanchan on 3s with a terminal in the hand: no yaku, no offer; the same wait in riichi is one
    hand = "1m 2m 3m 4p 5p 6p 7s 8s 9s 1s 1s 2s 4s"
    assert _offers(_round(hand, _turn(0, "3s", "3s"))) == []
    lines = _round(hand, _turn(0, "6s", "6s"), _turn(1, "6s", "6s"), _turn(2, "5s", "5s"),
                   _turn(3, "6m", "6m", riichi=True), _turn(0, "3s", "3s"))
    assert _offers(lines) == [(20, "PASS")]


def test_a_passed_ron_after_riichi_is_furiten_for_the_rest_of_the_round() -> None:
    lines = _round("2m 3m 4p 5p 6p 7s 8s 9s N N N 1s 1s",
                   _turn(0, "6s", "6s"), _turn(1, "6s", "6s"), _turn(2, "5s", "5s"),
                   _turn(3, "6m", "6m", riichi=True),
                   _turn(0, "1m", "1m"),   # offered, passed: furiten for good
                   _turn(1, "5s", "5s"), _turn(2, "5s", "5s"), _turn(3, "6m", "6m"),
                   _turn(0, "4m", "4m"))   # after its next discard: still furiten, no offer
    assert _offers(lines) == [(0, "PASS")]
    draws = [d.furiten for d in logs.decisions(lines) if d.seat == 3 and d.point is Point.DRAW]
    assert draws == [False, True]
    assert Action.RON not in {d.action for d in logs.decisions(lines)}


# --- the replay's Seat.furiten: computed when asked, the same as every decision's ------------------------


DATA = Path(__file__).resolve().parent / "data" / "tenhou" / "mjlog"


def _furiten_agree(source: object) -> int:
    """Compare ``Seat.furiten`` after each decision's event with the decision's ``furiten``; the count."""
    wanted = {(d.line, d.seat): d.furiten for d in logs.decisions(source)}
    checked = 0
    for line, (_, seats) in enumerate(logs.replay(source), 1):
        for who, seat in enumerate(seats):
            if (line, who) in wanted:
                assert seat.furiten == wanted[line, who], (source if isinstance(source, Path) else "", line, who)
                checked += 1
    return checked


def test_the_seats_furiten_is_the_decisions_in_hand_made_rounds() -> None:
    rounds = [
        _round("2m 3m 4p 5p 6p 7s 8s 9s N N N 1s 1s", _turn(0, "1m", "1m"), _turn(1, "4m", "4m"),
               _turn(2, "5s", "5s"), _turn(3, "6m", "6m"), _turn(0, "4m", "4m"), won_by=(3, 0)),
        _round("3m 4m 5m 4p 5p 6p 7s 8s 9s N N N 2m", _turn(0, "6s", "6s"), _turn(1, "6s", "6s"),
               _turn(2, "5s", "5s"), _turn(3, "5m", "2m"), _turn(0, "2m", "2m")),
        _round("2m 3m 4p 5p 6p 7s 8s 9s N N N 1s 1s", _turn(0, "6s", "6s"), _turn(1, "6s", "6s"),
               _turn(2, "5s", "5s"), _turn(3, "6m", "6m", riichi=True), _turn(0, "1m", "1m"),
               _turn(1, "5s", "5s"), _turn(2, "5s", "5s"), _turn(3, "6m", "6m"), _turn(0, "4m", "4m")),
    ]
    assert sum(_furiten_agree(lines) for lines in rounds) >= 20
    states = [seats[3].furiten for _, seats in logs.replay(rounds[2])]
    assert True in states and states[-3] is True  # furiten for good after the pass in riichi


@pytest.mark.parametrize("path", [p for p in sorted(DATA.glob("20*.mjlog")) if "-no-" not in p.stem][::10],
                         ids=lambda p: p.stem[:30])
def test_the_seats_furiten_is_the_decisions_in_tenhou_records(path: Path) -> None:
    assert _furiten_agree(path) > 100


# --- the legal-win offers judge yaku by the record's own rules -------------------------------------------


def _open_tanyao_round(start_game: dict) -> list[str]:
    """Seat 3 pons 2p and waits on 6s with an all-simples hand and no other yaku; seat 0 lets 6s go."""
    deal = [h.split() for h in ("E E E S S S W W W 1m 1m 9m 9m", "N N N C C C 1p 1p 9p 9p 1s 1s 9s",
                                "P P P F F F 9s 9s 7m 7m 1m 9m 9p", "2p 2p 3m 4m 5m 6p 7p 8p 3s 4s 5s 6s 8s")]
    events = [start_game,
              {"type": "start_kyoku", "bakaze": "E", "kyoku": 1, "honba": 0, "kyotaku": 0, "oya": 0,
               "dora_marker": "1p", "scores": [25000] * 4, "tehais": deal},
              {"type": "tsumo", "actor": 0, "pai": "2p"}, {"type": "dahai", "actor": 0, "pai": "2p", "tsumogiri": True},
              {"type": "pon", "actor": 3, "target": 0, "pai": "2p", "consumed": ["2p", "2p"]},
              {"type": "dahai", "actor": 3, "pai": "8s", "tsumogiri": False},
              {"type": "tsumo", "actor": 0, "pai": "6s"}, {"type": "dahai", "actor": 0, "pai": "6s", "tsumogiri": True},
              *END]
    return [json.dumps(e) for e in events]


def test_an_open_tanyao_is_offered_only_where_the_record_allows_it() -> None:
    names = {"type": "start_game", "names": ["a", "b", "c", "d"]}
    kuitan = _open_tanyao_round(names)
    assert _offers(kuitan) == [(10, "PON"), (23, "PASS")]  # tanyao with a pon: a yaku at Tenhou's default
    no_kuitan = _open_tanyao_round({**names, "rules": "riichi", "kuitan": False})
    assert logs.record_rules(no_kuitan).open_tanyao is False
    assert _offers(no_kuitan) == [(10, "PON")]  # no yaku without kuitan: the ron is not offered
    # the rules= argument keeps saying which hands a tile completes; the yaku follow the record
    assert _offers(_open_tanyao_round({**names, "kuitan": False})) == [(10, "PON")]
