"""What both forms of a Tenhou record share: their rules and errors, the shared mjai events of the
draws and discards and their lines, and the one ``Round`` builder in Mortal's order.

Both Tenhou forms (mjlog XML in ``_mjlog``, tenhou.net/6 JSON in ``_tenhou6``)
go through one ``Round`` builder, which turns new dora indicators over where
Mortal's engine does: right after an ``ankan`` (a new dora still owed by an
earlier kan first), and after the replacement draw of a ``daiminkan`` or
``kakan``, just before the discard (before the next replacement draw when
another kan comes first; never on a win).  ``event_lines`` writes the events
as mjai JSON lines, as Mortal's engine writes them.

>>> events = []
>>> rnd = Round(events, [], 4)
>>> rnd.tsumo(0, "5m"); rnd.dahai(0, "5m", True)
>>> event_lines(events)
['{"type":"tsumo","actor":0,"pai":"5m"}', '{"type":"dahai","actor":0,"pai":"5m","tsumogiri":true}']
"""
from __future__ import annotations

import dataclasses
import json
from collections.abc import Callable
from typing import Any, NamedTuple

from .._dispatch import mjlogscan
from .._rules import RULES, Rules
from .._tiles import MJAI_NAMES, MJAI_RED_NAMES, RED_FIVES

WINDS = ("E", "S", "W", "N")
_RED_IDS = {five * 4: MJAI_RED_NAMES[s] for s, five in enumerate(RED_FIVES)}
"""The index136 ids Tenhou deals as red fives (0 of each five): 16, 52, 88."""
ID_NAMES = tuple(MJAI_NAMES[i // 4] for i in range(136))
RED_ID_NAMES = tuple(_RED_IDS.get(i, ID_NAMES[i]) for i in range(136))

# the GO tag's ``type`` bits
_NO_RED = 0x02
_NO_KUITAN = 0x04
_SANMA = 0x10


class RecordRules(NamedTuple):
    """The rules a record was played under (``record_rules``).

    >>> from mahjong_fast import logs
    >>> logs.record_rules(['{"type": "start_game", "names": ["A", "B", "C", "D"]}'])
    RecordRules(rules='riichi', players=4, red_fives=True, open_tanyao=True)
    """

    rules: str
    """``"riichi"`` (four players) or ``"riichi3"`` (three)."""
    players: int
    red_fives: bool
    open_tanyao: bool
    """Kuitan: tanyao counts with open melds."""


    def as_rules(self) -> Rules:
        """The ``Rules`` these name: the rule set with the record's red fives and open tanyao.

        >>> RecordRules("riichi", 4, True, False).as_rules().open_tanyao
        False
        """
        base = RULES[self.rules]
        red = 3 if self.red_fives else 0
        if base.red_fives == red and base.open_tanyao == self.open_tanyao:
            return base
        return dataclasses.replace(base, red_fives=red, open_tanyao=self.open_tanyao)


FOUR_PLAYER = RecordRules("riichi", 4, True, True)
"""What an mjai log is played under (Mortal's engine: Tenhou's four-player game with red fives)."""


def rules_of_type(game_type: int) -> RecordRules:
    """The rules of a GO tag's ``type``: three players, no red fives, no open tanyao by its bits."""
    players = 3 if game_type & _SANMA else 4
    return RecordRules("riichi3" if players == 3 else "riichi", players, not game_type & _NO_RED,
                       not game_type & _NO_KUITAN)


class RecordError(Exception):
    """A malformed record; the message names the round or tag (``convert`` adds the file)."""



_SHARED: dict[tuple[str, int, str, bool | None], dict[str, Any]] = {}
"""The draws and discards made so far (a few hundred at most), one event each: shared, never modified."""
_LINES: dict[int, str] = {}
"""The mjai line of each shared event, by its id (the events live as long as ``_SHARED``)."""


def shared_event(kind: str, actor: int, pai: str, tsumogiri: bool | None) -> dict[str, Any]:
    key = (kind, actor, pai, tsumogiri)
    event = _SHARED.get(key)
    if event is None:
        event = {"type": kind, "actor": actor, "pai": pai}
        if tsumogiri is not None:
            event["tsumogiri"] = tsumogiri
        _SHARED[key] = event
        _LINES[id(event)] = _dumps(event)
    return event


_PLAYS: dict[int, tuple[list[dict[str, Any]], list[dict[str, Any]], list[dict[str, Any]]]] = {}
"""By the id of a tile-name table (``ID_NAMES``, ``RED_ID_NAMES``): every draw, discard and
tsumogiri of every seat (``seat * 136 + tile``), the shared events ``shared_event`` makes."""


def shared_plays(names: tuple[str, ...]) -> tuple[list[dict[str, Any]], list[dict[str, Any]], list[dict[str, Any]]]:
    plays = _PLAYS.get(id(names))
    if plays is None:
        seats = range(4)
        plays = _PLAYS[id(names)] = (
            [shared_event("tsumo", who, names[t], None) for who in seats for t in range(136)],
            [shared_event("dahai", who, names[t], False) for who in seats for t in range(136)],
            [shared_event("dahai", who, names[t], True) for who in seats for t in range(136)])
    return plays


_ENCODE = json.JSONEncoder(ensure_ascii=False, separators=(",", ":")).encode


def _dumps(event: dict[str, Any]) -> str:
    return _ENCODE(event)


def _tiles(names: list[str]) -> str:
    return '["' + '","'.join(names) + '"]' if names else "[]"


def _numbers(values: list[int]) -> str:
    return "[" + ",".join(map(str, values)) + "]"


_FORMATS: dict[str, tuple[int, Callable[[dict[str, Any]], str]]] = {
    "start_kyoku": (9, lambda e: f'{{"type":"start_kyoku","bakaze":"{e["bakaze"]}","dora_marker":"{e["dora_marker"]}",'
                                 f'"kyoku":{e["kyoku"]},"honba":{e["honba"]},"kyotaku":{e["kyotaku"]},"oya":{e["oya"]},'
                                 f'"scores":{_numbers(e["scores"])},"tehais":[{",".join(map(_tiles, e["tehais"]))}]}}'),
    "chi": (5, lambda e: f'{{"type":"chi","actor":{e["actor"]},"target":{e["target"]},"pai":"{e["pai"]}",'
                         f'"consumed":{_tiles(e["consumed"])}}}'),
    "pon": (5, lambda e: f'{{"type":"pon","actor":{e["actor"]},"target":{e["target"]},"pai":"{e["pai"]}",'
                         f'"consumed":{_tiles(e["consumed"])}}}'),
    "daiminkan": (5, lambda e: f'{{"type":"daiminkan","actor":{e["actor"]},"target":{e["target"]},'
                               f'"pai":"{e["pai"]}","consumed":{_tiles(e["consumed"])}}}'),
    "kakan": (4, lambda e: f'{{"type":"kakan","actor":{e["actor"]},"pai":"{e["pai"]}",'
                           f'"consumed":{_tiles(e["consumed"])}}}'),
    "ankan": (3, lambda e: f'{{"type":"ankan","actor":{e["actor"]},"consumed":{_tiles(e["consumed"])}}}'),
    "nukidora": (3, lambda e: f'{{"type":"nukidora","actor":{e["actor"]},"pai":"{e["pai"]}"}}'),
    "dora": (2, lambda e: f'{{"type":"dora","dora_marker":"{e["dora_marker"]}"}}'),
    "reach": (2, lambda e: f'{{"type":"reach","actor":{e["actor"]}}}'),
    "reach_accepted": (4, lambda e: f'{{"type":"reach_accepted","actor":{e["actor"]},"deltas":{_numbers(e["deltas"])},'
                                    f'"scores":{_numbers(e["scores"])}}}'),
    "hora": (5, lambda e: f'{{"type":"hora","actor":{e["actor"]},"target":{e["target"]},'
                          f'"deltas":{_numbers(e["deltas"])},"ura_markers":{_tiles(e["ura_markers"])}}}'),
    "ryukyoku": (2, lambda e: f'{{"type":"ryukyoku","deltas":{_numbers(e["deltas"])}}}'),
    "end_kyoku": (1, lambda e: '{"type":"end_kyoku"}'),
    "end_game": (1, lambda e: '{"type":"end_game"}'),
}
"""The line of each kind of event the converters build (the number of its fields, its writer), as
``_dumps`` writes it: their tile names, ints and lists need no escaping; the test holds them equal."""


def event_line(event: dict[str, Any]) -> str:
    """An event the converters built, as an mjai JSON line (``_dumps``, sooner)."""
    form = _FORMATS.get(event["type"])
    return form[1](event) if form is not None and len(event) == form[0] else _ENCODE(event)


def event_lines(events: list[dict[str, Any]]) -> list[str]:
    """The events as mjai JSON lines, written as Mortal's engine writes them (no spaces)."""
    return mjlogscan.lines(events, _LINES, event_line)


# --- one round, in Mortal's order -------------------------------------------------------------------


class Round:
    """Builds one kyoku's mjai events; turns the record's new dora indicators over where Mortal does.

    ``dora`` holds the kyoku's indicators after the first, in the order they were turned over.
    """

    def __init__(self, events: list[dict[str, Any]], dora: list[str], players: int,
                 owed: list[dict[str, Any]] | None = None) -> None:
        self.events = events
        self.dora = dora
        self.owed = owed
        """None: ``dora`` holds every indicator from the start; else the dora events turned over before
        the record gave their indicator (mjlog: an ankan's DORA tag comes after it), filled in as it comes."""
        self.players = players
        self.at_discard = False
        self.at_tsumo = False

    def _turn_dora(self) -> None:
        if self.dora:
            self.events.append({"type": "dora", "dora_marker": self.dora.pop(0)})
        elif self.owed is not None:
            self.owed.append({"type": "dora", "dora_marker": ""})
            self.events.append(self.owed[-1])
        else:
            raise RecordError("a kan turns over a new dora indicator the record does not hold")

    def tsumo(self, actor: int, pai: str) -> None:
        if self.at_tsumo:
            self.at_tsumo = False
            self._turn_dora()
        self.events.append(shared_event("tsumo", actor, pai, None))

    def dahai(self, actor: int, pai: str, tsumogiri: bool) -> None:
        if self.at_discard:
            self.at_discard = False
            self._turn_dora()
        self.events.append(shared_event("dahai", actor, pai, tsumogiri))

    def call(self, kind: str, actor: int, target: int, pai: str, consumed: list[str]) -> None:
        """A chi, pon or daiminkan."""
        self.events.append({"type": kind, "actor": actor, "target": target, "pai": pai, "consumed": consumed})
        if kind == "daiminkan":
            self._open_kan()

    def kakan(self, actor: int, pai: str, consumed: list[str]) -> None:
        self.events.append({"type": "kakan", "actor": actor, "pai": pai, "consumed": consumed})
        self._open_kan()

    def _open_kan(self) -> None:
        if self.at_discard:  # a kan after a kan: the first one's indicator comes before the next draw
            self.at_tsumo = True
        self.at_discard = True

    def ankan(self, actor: int, consumed: list[str]) -> None:
        if self.at_discard:
            self.at_discard = False
            self._turn_dora()
        self.events.append({"type": "ankan", "actor": actor, "consumed": consumed})
        self._turn_dora()

    def nukidora(self, actor: int, pai: str) -> None:
        self.events.append({"type": "nukidora", "actor": actor, "pai": pai})

    def reach(self, actor: int) -> None:
        self.events.append({"type": "reach", "actor": actor})

    def reach_accepted(self, actor: int, scores: list[int]) -> None:
        deltas = [0] * self.players
        deltas[actor] = -1000
        self.events.append({"type": "reach_accepted", "actor": actor, "deltas": deltas, "scores": scores})

    def hora(self, actor: int, target: int, deltas: list[int], ura: list[str]) -> None:
        self.events.append({"type": "hora", "actor": actor, "target": target, "deltas": deltas, "ura_markers": ura})

    def ryukyoku(self, deltas: list[int]) -> None:
        self.events.append({"type": "ryukyoku", "deltas": deltas})

    def end(self, finished: bool) -> None:
        """Close the kyoku: ``end_kyoku`` when it reached its result; every indicator must have been turned."""
        if self.owed:
            raise RecordError("a kan turns over a new dora indicator the record does not hold")
        if finished and self.dora:
            raise RecordError(f"dora indicators {self.dora} were never turned over by a kan")
        if finished:
            self.events.append({"type": "end_kyoku"})


def start_kyoku(events: list[dict[str, Any]], label: str, round_index: int, honba: int, kyotaku: int, oya: int,
                scores: list[int], dora_marker: str, tehais: list[list[str]]) -> None:
    if not 0 <= round_index < 16:
        raise RecordError(f"{label}: no such round ({round_index})")
    events.append({"type": "start_kyoku", "bakaze": WINDS[round_index // 4], "dora_marker": dora_marker,
                   "kyoku": round_index % 4 + 1, "honba": honba, "kyotaku": kyotaku, "oya": oya, "scores": scores,
                   "tehais": tehais})


def round_label(round_index: int, honba: int) -> str:
    """How errors name a round: ``E1-0`` (the wind, the dealer's number, the honba)."""
    wind = WINDS[round_index // 4] if 0 <= round_index < 16 else "?"
    return f"round {wind}{round_index % 4 + 1}-{honba}"
