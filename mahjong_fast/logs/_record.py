"""What both forms of a Tenhou record share: their rules and errors, the shared mjai events of the
draws and discards, and the one ``Round`` builder in Mortal's order, which writes each event's mjai line
beside it.

Both Tenhou forms (mjlog XML in ``_mjlog``, tenhou.net/6 JSON in ``_tenhou6``)
go through one ``Round`` builder, which turns new dora indicators over where
Mortal's engine does: right after an ``ankan`` (a new dora still owed by an
earlier kan first), and after the replacement draw of a ``daiminkan`` or
``kakan``, just before the discard (before the next replacement draw when
another kan comes first; never on a win).  Each event's line is written as
the event is made, as Mortal's engine writes it (no spaces), so a round is
never written out afterwards.

>>> events, lines = [], []
>>> rnd = Round(events, lines, [], 4)
>>> rnd.tsumo(0, "5m"); rnd.dahai(0, "5m", True)
>>> lines
['{"type":"tsumo","actor":0,"pai":"5m"}', '{"type":"dahai","actor":0,"pai":"5m","tsumogiri":true}']
"""
from __future__ import annotations

import dataclasses
import json
from typing import Any, NamedTuple

from .._rules import RULES, Rules
from .._tile_names import MJAI_NAMES, MJAI_RED_NAMES, RED_FIVES

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



_SHARED: dict[tuple[str, int, str, bool | None], tuple[dict[str, Any], str]] = {}
"""The draws and discards made so far (a few hundred at most), one event each and its mjai line: shared,
never modified."""


def shared_event(kind: str, actor: int, pai: str, tsumogiri: bool | None) -> tuple[dict[str, Any], str]:
    """The shared ``tsumo`` or ``dahai`` event of ``actor``'s ``pai`` (``tsumogiri`` None for a draw) and its line."""
    key = (kind, actor, pai, tsumogiri)
    shared = _SHARED.get(key)
    if shared is None:
        event = {"type": kind, "actor": actor, "pai": pai}
        if tsumogiri is not None:
            event["tsumogiri"] = tsumogiri
        shared = _SHARED[key] = event, _dumps(event)
    return shared


Plays = tuple[list[dict[str, Any]], list[dict[str, Any]], list[dict[str, Any]], list[str], list[str], list[str]]
"""Every draw, discard and tsumogiri of every seat (``seat * 136 + tile``): the three tables of events,
then the three of their lines."""
_PLAYS: dict[int, Plays] = {}
"""By the id of a tile-name table (``ID_NAMES``, ``RED_ID_NAMES``): its ``Plays``, the shared events
``shared_event`` makes."""


def shared_plays(names: tuple[str, ...]) -> Plays:
    plays = _PLAYS.get(id(names))
    if plays is None:
        seats = range(4)
        tables = [[shared_event(kind, who, names[t], tsumogiri) for who in seats for t in range(136)]
                  for kind, tsumogiri in (("tsumo", None), ("dahai", False), ("dahai", True))]
        plays = _PLAYS[id(names)] = (
            [e for e, _ in tables[0]], [e for e, _ in tables[1]], [e for e, _ in tables[2]],
            [line for _, line in tables[0]], [line for _, line in tables[1]], [line for _, line in tables[2]])
    return plays


_ENCODE = json.JSONEncoder(ensure_ascii=False, separators=(",", ":")).encode


def _dumps(event: dict[str, Any]) -> str:
    return _ENCODE(event)


def _tiles(names: list[str]) -> str:
    return '["' + '","'.join(names) + '"]' if names else "[]"


def _numbers(values: list[int]) -> str:
    return "[" + ",".join(map(str, values)) + "]"


def add_event(events: list[dict[str, Any]], lines: list[str], event: dict[str, Any]) -> None:
    """Add an event of any kind (``start_game``, ``end_game``) and its line, as json writes it."""
    events.append(event)
    lines.append(_ENCODE(event))


# --- one round, in Mortal's order -------------------------------------------------------------------


class Round:
    """Builds one kyoku's mjai events and their lines, side by side; turns the record's new dora
    indicators over where Mortal does.

    ``dora`` holds the kyoku's indicators after the first, in the order they were turned over.  Each
    event's mjai line is written as the event is made, from the values it is made of, as ``json``
    writes the event (tile names, ints and lists of them need no escaping; the tests hold them equal).
    """

    def __init__(self, events: list[dict[str, Any]], lines: list[str], dora: list[str], players: int,
                 owed: list[int] | None = None) -> None:
        self.events = events
        self.lines = lines
        self.dora = dora
        self.owed = owed
        """None: ``dora`` holds every indicator from the start; else the places (in ``events``) of the dora
        events turned over before the record gave their indicator (mjlog: an ankan's DORA tag comes after
        it), filled in as it comes (``fill_owed``)."""
        self.players = players
        self.at_discard = False
        self.at_tsumo = False

    def _add(self, event: dict[str, Any], line: str) -> None:
        self.events.append(event)
        self.lines.append(line)

    def _turn_dora(self) -> None:
        if self.dora:
            marker = self.dora.pop(0)
            self._add({"type": "dora", "dora_marker": marker}, f'{{"type":"dora","dora_marker":"{marker}"}}')
        elif self.owed is not None:
            self.owed.append(len(self.events))
            self._add({"type": "dora", "dora_marker": ""}, "")
        else:
            raise RecordError("a kan turns over a new dora indicator the record does not hold")

    def fill_owed(self, marker: str) -> None:
        """The indicator of the first dora event turned over before the record gave it."""
        place = self.owed.pop(0)  # type: ignore[union-attr]
        self.events[place]["dora_marker"] = marker
        self.lines[place] = f'{{"type":"dora","dora_marker":"{marker}"}}'

    def tsumo(self, actor: int, pai: str) -> None:
        if self.at_tsumo:
            self.at_tsumo = False
            self._turn_dora()
        self._add(*shared_event("tsumo", actor, pai, None))

    def dahai(self, actor: int, pai: str, tsumogiri: bool) -> None:
        if self.at_discard:
            self.at_discard = False
            self._turn_dora()
        self._add(*shared_event("dahai", actor, pai, tsumogiri))

    def call(self, kind: str, actor: int, target: int, pai: str, consumed: list[str]) -> None:
        """A chi, pon or daiminkan."""
        self._add({"type": kind, "actor": actor, "target": target, "pai": pai, "consumed": consumed},
                  f'{{"type":"{kind}","actor":{actor},"target":{target},"pai":"{pai}","consumed":{_tiles(consumed)}}}')
        if kind == "daiminkan":
            self._open_kan()

    def kakan(self, actor: int, pai: str, consumed: list[str]) -> None:
        self._add({"type": "kakan", "actor": actor, "pai": pai, "consumed": consumed},
                  f'{{"type":"kakan","actor":{actor},"pai":"{pai}","consumed":{_tiles(consumed)}}}')
        self._open_kan()

    def _open_kan(self) -> None:
        if self.at_discard:  # a kan after a kan: the first one's indicator comes before the next draw
            self.at_tsumo = True
        self.at_discard = True

    def ankan(self, actor: int, consumed: list[str]) -> None:
        if self.at_discard:
            self.at_discard = False
            self._turn_dora()
        self._add({"type": "ankan", "actor": actor, "consumed": consumed},
                  f'{{"type":"ankan","actor":{actor},"consumed":{_tiles(consumed)}}}')
        self._turn_dora()

    def nukidora(self, actor: int, pai: str) -> None:
        self._add({"type": "nukidora", "actor": actor, "pai": pai},
                  f'{{"type":"nukidora","actor":{actor},"pai":"{pai}"}}')

    def reach(self, actor: int) -> None:
        self._add({"type": "reach", "actor": actor}, f'{{"type":"reach","actor":{actor}}}')

    def reach_accepted(self, actor: int, scores: list[int]) -> None:
        deltas = [0] * self.players
        deltas[actor] = -1000
        self._add({"type": "reach_accepted", "actor": actor, "deltas": deltas, "scores": scores},
                  f'{{"type":"reach_accepted","actor":{actor},"deltas":{_numbers(deltas)},'
                  f'"scores":{_numbers(scores)}}}')

    def hora(self, actor: int, target: int, deltas: list[int], ura: list[str]) -> None:
        self._add({"type": "hora", "actor": actor, "target": target, "deltas": deltas, "ura_markers": ura},
                  f'{{"type":"hora","actor":{actor},"target":{target},"deltas":{_numbers(deltas)},'
                  f'"ura_markers":{_tiles(ura)}}}')

    def ryukyoku(self, deltas: list[int]) -> None:
        self._add({"type": "ryukyoku", "deltas": deltas}, f'{{"type":"ryukyoku","deltas":{_numbers(deltas)}}}')

    def end(self, finished: bool) -> None:
        """Close the kyoku: ``end_kyoku`` when it reached its result; every indicator must have been turned."""
        if self.owed:
            raise RecordError("a kan turns over a new dora indicator the record does not hold")
        if finished and self.dora:
            raise RecordError(f"dora indicators {self.dora} were never turned over by a kan")
        if finished:
            self._add({"type": "end_kyoku"}, '{"type":"end_kyoku"}')


def start_kyoku(events: list[dict[str, Any]], lines: list[str], label: str, round_index: int, honba: int,
                kyotaku: int, oya: int, scores: list[int], dora_marker: str, tehais: list[list[str]]) -> None:
    if not 0 <= round_index < 16:
        raise RecordError(f"{label}: no such round ({round_index})")
    wind, kyoku = WINDS[round_index // 4], round_index % 4 + 1
    events.append({"type": "start_kyoku", "bakaze": wind, "dora_marker": dora_marker, "kyoku": kyoku,
                   "honba": honba, "kyotaku": kyotaku, "oya": oya, "scores": scores, "tehais": tehais})
    lines.append(f'{{"type":"start_kyoku","bakaze":"{wind}","dora_marker":"{dora_marker}","kyoku":{kyoku},'
                 f'"honba":{honba},"kyotaku":{kyotaku},"oya":{oya},"scores":{_numbers(scores)},'
                 f'"tehais":[{",".join(map(_tiles, tehais))}]}}')


def round_label(round_index: int, honba: int) -> str:
    """How errors name a round: ``E1-0`` (the wind, the dealer's number, the honba)."""
    wind = WINDS[round_index // 4] if 0 <= round_index < 16 else "?"
    return f"round {wind}{round_index % 4 + 1}-{honba}"
