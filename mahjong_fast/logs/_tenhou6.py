"""tenhou.net/6 JSON records (``{"title", "name", "rule", "log": [...]}``) as mjai events.

A round of ``log`` is ``[[round, honba, sticks], scores, dora indicators, ura
indicators, hand0, takes0, discards0, hand1, ..., result]``: each seat's draws
and calls (``takes``) and its discards apart, so the order of the game is
rebuilt by playing the turns: the seat to move draws its next take (or calls,
when its next take is a call of the tile just discarded), then makes its next
discard.  Tiles are 11-19, 21-29, 31-39 (man, pin, sou), 41-47 (E S W N, white,
green, red), 51-53 (red 5m 5p 5s); 60 a discard of the drawn tile.  Calls are
text, the letter before the called tile, its place the seat called from:
``c`` chi, ``p`` pon, ``m`` daiminkan in the takes; ``k`` kakan, ``a`` ankan,
``f`` kita and ``r`` riichi (the declaring discard) in the discards; a
daiminkan's discard is a ``0`` placeholder.  A file of several objects, one
round each (one per line, as some tools write), reads as one game.
"""
from __future__ import annotations

import json
import re
from collections import Counter, deque
from collections.abc import Iterator
from typing import Any, Union

from .._dispatch import mjlogscan
from .._tile_names import MJAI_NAMES, MJAI_RED_NAMES
from ._json import raw_decode
from ._record import FOUR_PLAYER, RecordError, RecordRules, Round, add_event, round_label, shared_event, start_kyoku

TSUMOGIRI = 60
_NAMES: dict[int, str] = {10 * (s + 1) + r + 1: MJAI_NAMES[9 * s + r] for s in range(3) for r in range(9)}
_NAMES.update({41 + k: MJAI_NAMES[27 + k] for k in range(7)})
_NAMES.update({51 + s: MJAI_RED_NAMES[s] for s in range(3)})
_KINDS = {name: name[:2] for name in _NAMES.values()}
"""Each tile's kind: its name without the red mark."""
_CALL = re.compile(r"^((?:[1-5][0-9])*)([cpmkaf])([1-5][0-9])((?:[1-5][0-9])*)$")
_RIICHI = re.compile(r"^r([1-6][0-9])$")
_WIN = "和了"
_PARSED: dict[str, tuple[str, int, str, tuple[str, ...]]] = {}
_SHARED = [[{name: shared_event(kind, who, name, tsumogiri) for name in _NAMES.values()} for who in range(4)]
           for kind, tsumogiri in (("tsumo", None), ("dahai", False), ("dahai", True))]
_PLAYS = tuple([{name: shared[k] for name, shared in seat.items()} for seat in table]
               for k in (0, 1) for table in _SHARED)
"""Every draw, discard and tsumogiri of every seat (``[seat][name]``), the shared events of ``shared_event``:
the three tables of events, then the three of their lines."""


First = Union[tuple[int, dict[str, Any], int], None]
"""A tenhou.net/6 text's first object, read already (by ``record_kind``): ``(start, object, end)``."""


def decode_json(text: str, pos: int) -> tuple[Any, int]:
    """The JSON value at ``text[pos]`` and its end, as ``raw_decode`` gives them: written plainly, read in one
    pass by the kernel; else by the json module, which raises what is wrong."""
    plain = mjlogscan.json6(text, pos)
    return plain if plain is not None else raw_decode(text, pos)


def _objects(text: str, first: First = None) -> list[dict[str, Any]]:
    """The objects of ``text``; ``first``: the first one, read already."""
    out: list[dict[str, Any]] = []
    pos, end = 0, len(text)
    while True:
        while pos < end and text[pos] in " \t\r\n\ufeff":
            pos += 1
        if pos >= end:
            return out
        try:
            obj, pos = (first[1], first[2]) if first is not None and not out and first[0] == pos else decode_json(
                text, pos)
        except json.JSONDecodeError as exc:
            raise RecordError(f"object {len(out) + 1}: not JSON ({exc.msg} at character {exc.pos})") from None
        except ValueError as exc:
            raise RecordError(f"object {len(out) + 1}: not JSON ({exc})") from None
        if not isinstance(obj, dict) or not isinstance(obj.get("log"), list):
            raise RecordError(f"object {len(out) + 1}: a tenhou.net/6 record is an object with a 'log' list")
        out.append(obj)


def record_rules(obj: dict[str, Any]) -> RecordRules:
    """The rules of a tenhou.net/6 object's ``rule``: ``disp`` names the room (三 three players, 喰 open
    tanyao, 赤 red fives); ``aka`` (or ``aka51``-``aka53``) counts red fives."""
    rule = obj.get("rule")
    if not isinstance(rule, dict):
        return FOUR_PLAYER
    disp = rule.get("disp")
    disp = disp if isinstance(disp, str) else ""
    players = 3 if "三" in disp else 4
    red = "赤" in disp or any(rule.get(k) for k in ("aka", "aka51", "aka52", "aka53"))
    kuitan = "喰" in disp or not disp
    return RecordRules("riichi3" if players == 3 else "riichi", players, bool(red), kuitan)


class Tenhou6Record:
    """A tenhou.net/6 record (one object, or several one per round) read: ``rules``, and ``rounds()``, each
    round's mjai lines and events converted as they are asked for (the first with ``start_game``, the last with
    ``end_game`` when the game ends)."""

    agari = None  # the figures of its wins are read from the record's own objects (``wins``)

    def __init__(self, text: str, first: First = None) -> None:
        self.objects = _objects(text, first)
        self.rules = record_rules(self.objects[0])

    def rounds(self) -> Iterator[tuple[list[str], list[dict[str, Any]]]]:
        rules = self.rules
        names = self.objects[0].get("name")
        if not (isinstance(names, list) and all(isinstance(n, str) for n in names)):
            names = [str(i) for i in range(4)]
        events: list[dict[str, Any]] = []
        lines: list[str] = []
        add_event(events, lines, {"type": "start_game", "names": names[:rules.players], "rules": rules.rules,
                                  "aka_flag": rules.red_fives, "kuitan": rules.open_tanyao})
        for obj in self.objects:
            for kyoku in obj["log"]:
                if events and events[-1]["type"] != "start_game":
                    yield lines, events
                    events, lines = [], []
                _Round6(rules, kyoku, events, lines).run()
        if events and events[-1]["type"] == "end_kyoku":
            add_event(events, lines, {"type": "end_game"})
        yield lines, events


def _tile(code: object, where: str) -> str:
    name = _NAMES.get(code) if type(code) is int else None
    if name is None:
        raise RecordError(f"{where}: {code!r} is not a tile")
    return name


def _names(codes: list[Any], where: str) -> list[str]:
    """The names of a list of tile codes; a ``RecordError`` naming the first that is no tile."""
    get = _NAMES.get
    names = [get(code) if code.__class__ is int else None for code in codes]
    if None in names:
        return [_tile(code, where) for code in codes]
    return names  # type: ignore[return-value]


def _kind(name: str) -> str:
    return name[:2]


class _Round6:
    """One round of ``log``: its turns replayed into mjai events."""

    def __init__(self, rules: RecordRules, kyoku: Any, events: list[dict[str, Any]], lines: list[str]) -> None:
        self.rules = rules
        self.kyoku = kyoku
        self.events = events
        self.lines = lines
        self.n = rules.players

    def run(self) -> None:
        """Add the round's events."""
        kyoku = self.kyoku
        label = "a round"
        try:
            if not isinstance(kyoku, list) or len(kyoku) < 5 + 3 * 4 or not isinstance(kyoku[0], list) \
                    or len(kyoku[0]) != 3 or not all(type(v) is int for v in kyoku[0]):
                raise RecordError("not a tenhou.net/6 round ([[round, honba, sticks], scores, dora, ura, ...])")
            index, honba, sticks = kyoku[0]
            label = round_label(index, honba)
            self._run(index, honba, sticks)
        except RecordError as exc:
            raise RecordError(f"{label}: {exc}") from None

    def _list(self, i: int, what: str) -> list[Any]:
        value = self.kyoku[i]
        if not isinstance(value, list):
            raise RecordError(f"{what} must be a list, not {value!r}")
        return value

    def _run(self, index: int, honba: int, sticks: int) -> None:
        n, kyoku = self.n, self.kyoku
        self.counts: dict[str, int]
        oya = index % 4
        # the set-up making sense, its start_kyoku event and line made, in one pass; else read here
        dealt = mjlogscan.deal6(kyoku, n, _NAMES, _KINDS, index, honba, sticks)
        if dealt is None:
            scores, dora, hands = self._deal(index)
            start_kyoku(self.events, self.lines, "", index, honba, sticks, oya, list(scores), dora[0], hands)
        else:
            scores, dora, self.ura, hands, self.counts, event, line, self.takes, self.discards = dealt
            self.result = kyoku[4 + 3 * 4] if len(kyoku) > 16 else None
            self.events.append(event)
            self.lines.append(line)
        self.hands = [list(h) for h in hands]
        self.pons: list[dict[str, list[str]]] = [{} for _ in range(n)]
        self.riichi = [False] * n
        self.scores = list(scores)
        self.round = Round(self.events, self.lines, dora[1:], n)
        self._play(oya)

    def _deal(self, index: int) -> tuple[list[int], list[str], list[list[str]]]:
        """Read the round's set-up (``mjlogscan.deal6`` did not): the scores, dora indicators and hands, or
        what is wrong."""
        n, kyoku = self.n, self.kyoku
        scores = self._list(1, "scores")[:n]
        if len(scores) != n or not all(type(v) is int for v in scores):
            raise RecordError(f"scores must be {n} integers")
        dora = _names(self._list(2, "dora"), "dora")
        self.ura = _names(self._list(3, "ura"), "ura")
        if not dora:
            raise RecordError("no dora indicator")
        hands = [_names(self._list(4 + 3 * s, "a hand"), f"seat {s}'s hand") for s in range(n)]
        if any(len(h) != 13 for h in hands):
            raise RecordError("a hand of other than 13 tiles")
        self.takes = [deque(self._list(5 + 3 * s, "takes")) for s in range(n)]
        self.discards = [deque(self._list(6 + 3 * s, "discards")) for s in range(n)]
        self.result = kyoku[4 + 3 * 4] if len(kyoku) > 16 else None
        oya = index % 4
        if oya >= n:
            raise RecordError(f"no dealer seat {oya} at {n} players")
        dealt = dora + [t for h in hands for t in h]
        self.counts = dict(Counter(map(_KINDS.__getitem__, dealt)))
        if max(self.counts.values()) > 4:  # count them again one by one: the first fifth is told
            self.counts = {}
            for t in dealt:
                self._out(t)
        return scores, dora, hands

    def _out(self, name: str) -> None:
        kind = _KINDS[name]
        count = self.counts[kind] = self.counts.get(kind, 0) + 1
        if count > 4:
            raise RecordError(f"a fifth {kind} comes out of the wall")

    def _give_up(self, who: int, name: str) -> None:
        try:
            self.hands[who].remove(name)
        except ValueError:
            raise RecordError(f"seat {who} does not hold {name}") from None

    def _play(self, actor: int) -> None:
        """Play the turns from the dealer's: the plain draws and discards, riichi, chi and pon, while no kan
        comes, by the straight path (``mjlogscan.turns``); every other move here, which says what is wrong."""
        n, rnd = self.n, self.round
        draw = True
        drawn: str | None = None
        pending: list[int | None] = [None]  # the seat whose riichi is accepted at the next draw or call
        state = (self.pons, self.riichi, self.scores, pending)
        turns = mjlogscan.turns
        while True:
            if not rnd.at_tsumo and not rnd.at_discard:
                actor, draw, drawn = turns(actor, draw, drawn, n, self.takes, self.discards, self.hands, self.counts,
                                           _KINDS, _NAMES, _PARSED, _PLAYS, self.events, self.lines, state)
            if draw:
                if not self.takes[actor]:
                    break
                take = self.takes[actor].popleft()
                if pending[0] is not None:
                    self._accept(pending[0])
                    pending[0] = None
                drawn = _NAMES.get(take) if take.__class__ is int else None
                if drawn is None:
                    drawn = _tile(take, f"seat {actor}'s draw")
                self._out(drawn)
                self.hands[actor].append(drawn)
                rnd.tsumo(actor, drawn)
            if not self.discards[actor]:
                break
            move = self.discards[actor].popleft()
            riichi = isinstance(move, str) and _RIICHI.match(move)
            if isinstance(move, str) and not riichi:
                self._own_call(actor, move)
                drawn, draw = None, True
                continue
            code = int(riichi.group(1)) if riichi else move
            if code == TSUMOGIRI:
                if drawn is None:
                    raise RecordError(f"seat {actor} discards the drawn tile (60) after a call")
                tile = drawn
            else:
                found = _NAMES.get(code) if code.__class__ is int else None
                tile = found if found is not None else _tile(code, f"seat {actor}'s discard")
            if riichi:
                rnd.reach(actor)
            self._give_up(actor, tile)
            rnd.dahai(actor, tile, code == TSUMOGIRI)
            if riichi:
                pending[0] = actor
            caller = None
            for takes in self.takes:  # the next take of a seat is a call: look at whose
                if takes and takes[0].__class__ is str:
                    caller = self._caller(actor, tile)
                    break
            if caller is not None:
                if pending[0] is not None:
                    self._accept(pending[0])
                    pending[0] = None
                draw = self._call(caller, actor, tile)
                actor, drawn = caller, None
                continue
            actor, draw, drawn = (actor + 1) % n, True, None
            if not self.takes[actor] and pending[0] is not None and not self._won():
                self._accept(pending[0])  # four riichi: the last one's stick is down
        self._finish()

    def _won(self) -> bool:
        return isinstance(self.result, list) and bool(self.result) and self.result[0] == _WIN

    def _accept(self, who: int) -> None:
        self.riichi[who] = True
        self.scores[who] -= 1000
        self.round.reach_accepted(who, list(self.scores))

    def _parse(self, text: str, where: str) -> tuple[str, int, str, list[str]]:
        """``(letter, place, called, all tiles)`` of a call's text (remembered: a seat's next call is
        looked at after every discard until it is made)."""
        found = _PARSED.get(text)
        if found is not None:
            return found[0], found[1], found[2], list(found[3])
        m = _CALL.match(text)
        if m is None:
            raise RecordError(f"{where}: {text!r} is not a call")
        before, letter, called, after = m.groups()
        codes = [int(before[i:i + 2]) for i in range(0, len(before), 2)]
        rest = [int(after[i:i + 2]) for i in range(0, len(after), 2)]
        tiles = [_tile(c, where) for c in codes + [int(called)] + rest]
        parsed = (letter, len(codes), _tile(int(called), where), tuple(tiles))
        if len(_PARSED) < 4096:
            _PARSED[text] = parsed
        return parsed[0], parsed[1], parsed[2], tiles

    def _caller(self, discarder: int, tile: str) -> int | None:
        """The seat whose next take calls ``tile`` from ``discarder`` (pon and kan before chi), else None."""
        found = None
        for seat in range(self.n):
            takes = self.takes[seat]
            if seat == discarder or not takes or not isinstance(takes[0], str):
                continue
            letter, place, called, _ = self._parse(takes[0], f"seat {seat}'s call")
            if called != tile or self._source(seat, letter, place) != discarder:
                continue
            if found is None or letter != "c":
                found = seat
        return found

    def _source(self, seat: int, letter: str, place: int) -> int:
        """The seat a chi, pon or daiminkan takes from, by the letter's place: left, opposite, right."""
        if letter == "c":
            return (seat - 1) % self.n if place == 0 else -1
        side = {"p": {0: 1, 1: 2, 2: 3}, "m": {0: 1, 1: 2, 3: 3}}.get(letter, {}).get(place)
        if side is None or (self.n == 3 and side == 2):
            return -1
        return (seat - side) % self.n if side != 3 else (seat + 1) % self.n

    def _call(self, caller: int, target: int, tile: str) -> bool:
        """Apply the caller's chi, pon or daiminkan; True when it draws next (a kan)."""
        letter, _, _, tiles = self._parse(self.takes[caller].popleft(), f"seat {caller}'s call")
        consumed = list(tiles)
        consumed.remove(tile)
        for t in consumed:
            self._give_up(caller, t)
        kind = {"c": "chi", "p": "pon", "m": "daiminkan"}[letter]
        if kind == "pon":
            self.pons[caller][_kind(tile)] = [tile] + consumed
        self.round.call(kind, caller, target, tile, consumed)
        if kind != "daiminkan":
            return False
        if not self.discards[caller] or self.discards[caller][0] != 0:
            raise RecordError(f"seat {caller}'s daiminkan has no 0 in its discards")
        self.discards[caller].popleft()
        return True

    def _own_call(self, who: int, text: str) -> None:
        """A kakan, ankan or kita from the discards."""
        letter, _, called, tiles = self._parse(text, f"seat {who}'s discard")
        if letter == "k":
            pon = self.pons[who].pop(_kind(called), None)
            if pon is None or len(tiles) != 4:
                raise RecordError(f"seat {who} adds to a pon it does not have: {text!r}")
            added = list(tiles)
            for t in pon:
                if t not in added:
                    raise RecordError(f"seat {who}'s kakan {text!r} is not its pon and one tile")
                added.remove(t)
            self._give_up(who, added[0])
            self.round.kakan(who, added[0], pon)
        elif letter == "a":
            if len(tiles) != 4 or len({_kind(t) for t in tiles}) != 1:
                raise RecordError(f"seat {who}'s ankan {text!r} is not four of a kind")
            for t in tiles:
                self._give_up(who, t)
            self.round.ankan(who, tiles)
        elif letter == "f" and self.n == 3 and tiles == ["N"]:
            self._give_up(who, "N")
            self.round.nukidora(who, "N")
        else:
            raise RecordError(f"seat {who}'s discard {text!r} is not a kakan, an ankan or a kita")

    def _finish(self) -> None:
        n = self.n
        for s in range(n):
            if self.takes[s] or self.discards[s]:
                raise RecordError(f"seat {s}'s moves do not fit the turns: left over {list(self.takes[s])[:3]} "
                                  f"{list(self.discards[s])[:3]} (an impossible draw or call)")
        result = self.result
        if mjlogscan.finish6(result, n, self.ura, self.riichi, self.round.dora, self.events, self.lines):
            return  # the result making sense, its events made in one pass; else read here
        if result is None:
            self.round.end(False)
            return
        if not isinstance(result, list) or not result or not isinstance(result[0], str):
            raise RecordError(f"the result {result!r} is not a tenhou.net/6 result")
        if result[0] == _WIN:
            if len(result) < 3 or len(result) % 2 == 0:
                raise RecordError(f"the win {result!r} must give score changes and the win")
            for deltas, info in zip(result[1::2], result[2::2]):
                if not (isinstance(info, list) and len(info) >= 2 and all(type(v) is int for v in info[:2])
                        and all(0 <= v < n for v in info[:2])):
                    raise RecordError(f"the win {info!r} must name the winner and the seat it won from")
                who, target = info[0], info[1]
                self.round.hora(who, target, self._deltas(deltas), self.ura if self.riichi[who] else [])
        else:
            self.round.ryukyoku(self._deltas(result[1]) if len(result) > 1 else [0] * n)
        self.round.end(True)

    def _deltas(self, deltas: object) -> list[int]:
        if not isinstance(deltas, list) or len(deltas) < self.n or not all(type(v) is int for v in deltas):
            raise RecordError(f"score changes {deltas!r} must be {self.n} integers")
        return deltas[:self.n]
