"""The state of a table as an mjai log unfolds: each seat's hand, melds, riichi and view.

``Table.apply(event)`` moves the table on by one event, exactly as the game
does, and raises ``Inconsistent`` when the event cannot happen in the state it
finds (a tile the seat does not hold, a call of a tile nobody discarded, a
meld that is not one...).  ``_reader`` turns that into the ``ValueError`` that
names the file and the line.

Each seat is a ``Seat`` (``_seat``).  The table keeps one count of the tiles face up (``Table.face_up``): each
discard until someone calls it, every meld (a called tile counted once, in its
meld), the dora indicators.  A seat's ``visible``, every tile it sees outside
its own hand and melds, is that less its own melds; so for every seat,
concealed + own melds + visible (= concealed + face up) is exactly what mjai's
``PlayerState.tiles_seen`` counts.

>>> from mahjong_fast.logs._example import LINES
>>> import json
>>> table = Table()
>>> for line in LINES:
...     table.apply(json.loads(line))
>>> table.seats[1].melds, sum(table.face_up)
((Meld.pung('2z'),), 5)
"""
from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from .._layout import FIRST_HONOR, MAX_COPIES, N_KINDS, SUIT_SIZE
from .._meld import Meld
from .._rules import RULES
from .._tiles import TILES
from ._fields import N_SEATS, Event, Inconsistent, check_fields, seat_of, short, tile_list, tile_of, tiles_of
from ._names import MJAI_NAMES, TILE_OF
from ._seat import KAKAN_BASE, OWN_KAN, RIICHI_MARK, Seat

THREE_PLAYERS = "riichi3"
"""The ``rules`` of a three-player ``start_game`` (as ``logs.convert`` writes a Tenhou sanma record)."""
_NORTH = TILE_OF["N"][0]
HAND_SIZE = 13
"""Tiles dealt to each seat."""
_OUTSIDE_ROUNDS = frozenset(("start_game", "start_kyoku", "end_game"))


_ONE = {name: 1 << 8 * kind for name, (kind, _) in TILE_OF.items()}
_RED_ONE = {name: 1 << 8 * kind if red else 0 for name, (kind, red) in TILE_OF.items()}
_RED_NAMES = frozenset(name for name, (_, red) in TILE_OF.items() if red)
_melds: dict[tuple[str, int, bool, int], Meld] = {}
"""Every meld made so far (a few hundred at most): a ``Meld`` is immutable, so seats share them."""


def _meld(kind: str, tile: int, concealed: bool = False, red: int = 0) -> Meld:
    meld = _melds.get((kind, tile, concealed, red))
    if meld is None:
        meld = _melds[kind, tile, concealed, red] = Meld(kind, TILES[tile], concealed, red)
    return meld


class Table:
    """Four seats (three after a three-player ``start_game``) and what they all see; ``apply`` one event
    at a time."""

    def __init__(self) -> None:
        self.players = N_SEATS
        """The seats at the table: 4, or 3 after a ``start_game`` with ``"rules": "riichi3"``."""
        self.rules = RULES["riichi"]
        """The rule set of the seats' waits (``Seat.furiten``): ``riichi``, or ``riichi3`` at three players."""
        self.face_up = bytearray(N_KINDS)
        """34 counts of the tiles face up: discards not called, every meld, the dora indicators, the kita."""
        self._known = bytearray(N_KINDS)  # copies out of the wall: in a hand or face up
        self.river: list[int] = []
        """This round's discards, kakan and riichi in order, as codes (``RIICHI_MARK``): what ``Seat.furiten``
        reads."""
        self.seats = self._new_seats()
        self.names: list[str] = [str(i) for i in range(N_SEATS)]
        self.round = -1
        """The index of the current kyoku in the log (0 for the first)."""
        self.in_round = False
        self.last_discard: tuple[int, int, bool] | None = None
        """(seat, index34, red) of the discard that can still be called, else None."""
        self._handlers: dict[str, Callable[[Event], None]] = {
            "start_game": self._start_game,
            "start_kyoku": self._start_kyoku,
            "tsumo": self._tsumo,
            "dahai": self._dahai,
            "chi": self._chi,
            "pon": self._pon,
            "daiminkan": self._daiminkan,
            "ankan": self._ankan,
            "kakan": self._kakan,
            "dora": self._dora,
            "reach": self._reach,
            "reach_accepted": self._reach_accepted,
            "nukidora": self._nukidora,
            "hora": self._hora,
            "ryukyoku": self._ryukyoku,
            "end_kyoku": self._end_kyoku,
            "end_game": self._end_game,
        }

    def apply(self, event: Event) -> None:
        kind = event.get("type")
        # The two events of nearly every turn, when they are valid, without the calls of the general
        # path; anything unusual goes down that path, which says what is wrong.
        if (kind == "tsumo" or kind == "dahai") and self.in_round:
            who = event.get("actor")
            name = event.get("pai")
            tile = TILE_OF.get(name) if name.__class__ is str else None
            if tile is not None and who.__class__ is int and 0 <= who < self.players and (
                    kind == "tsumo" or event.get("tsumogiri", False).__class__ is bool):
                seat = self.seats[who]
                t, red = tile
                counts = seat.counts
                if kind == "tsumo":
                    if seat.size % 3 == 1 and self._known[t] < MAX_COPIES:
                        self._known[t] += 1
                        counts[t] += 1
                        seat.size += 1
                        if red:
                            seat._reds[t] += 1
                        seat._drawn = t
                        self.last_discard = None
                        return
                elif seat.size % 3 == 2 and (seat._reds[t] if red else counts[t] - seat._reds[t]):
                    counts[t] -= 1
                    seat.size -= 1
                    if red:
                        seat._reds[t] -= 1
                    self.face_up[t] += 1
                    self.last_discard = (who, t, red)
                    self.river.append(who * N_KINDS + t)
                    return
        handler = self._handlers.get(kind) if kind.__class__ is str else None
        if handler is None:
            raise Inconsistent(f"unknown event type {kind!r}")
        if not self.in_round and kind not in _OUTSIDE_ROUNDS:
            raise Inconsistent(f"a {kind!r} event outside a kyoku")
        check_fields(kind, event, self.players)
        try:
            handler(event)
        except (KeyError, IndexError, TypeError, AttributeError, OverflowError, ValueError) as exc:
            # the handlers check what they read; this is the net under a wrong type they do not foresee
            raise Inconsistent(f"a malformed {kind!r} event ({type(exc).__name__}: {exc})") from None

    def live_tile(self) -> int:
        """The index in ``river`` of the tile other seats may still win on (the discard or kakan just
        made, no one having drawn or called since), else -1."""
        river = self.river
        if self.last_discard is not None:
            for i in range(len(river) - 1, -1, -1):
                if river[i] < RIICHI_MARK:
                    return i
        elif river and river[-1] >= KAKAN_BASE:
            if self.seats[(river[-1] - KAKAN_BASE) // N_KINDS].size % 3 == 1:  # before its replacement draw
                return len(river) - 1
        return -1

    # --- hand edits --------------------------------------------------------------

    @staticmethod
    def _take(seat: Seat, tile: tuple[int, bool], who: int) -> None:
        kind, red = tile
        n = seat.counts[kind]
        held = seat._reds[kind] if red else n - seat._reds[kind]
        if not held:
            raise Inconsistent(f"seat {who} does not hold {_name(tile)}")
        seat.counts[kind] = n - 1
        seat.size -= 1
        if red:
            seat._reds[kind] -= 1

    def _from_wall(self, kind: int) -> None:
        """One more copy of ``kind`` out of the wall (dealt, drawn, or turned as a dora indicator)."""
        if self._known[kind] >= MAX_COPIES:
            raise Inconsistent(f"a fifth {TILES[kind]} comes out of the wall")
        self._known[kind] += 1

    def _give(self, seat: Seat, tile: tuple[int, bool], who: int) -> None:
        kind, red = tile
        self._from_wall(kind)
        seat.counts[kind] += 1
        seat.size += 1
        if red:
            seat._reds[kind] += 1

    @staticmethod
    def _size(seat: Seat, who: int, remainder: int, what: str) -> None:
        if seat.size % 3 != remainder:
            raise Inconsistent(f"seat {who} holds {seat.size} concealed tiles: it cannot {what}")

    # --- events ------------------------------------------------------------------

    def _new_seats(self) -> tuple[Seat, ...]:
        return tuple(Seat(self.face_up, self, who) for who in range(self.players))

    def _start_game(self, event: Event) -> None:
        rules = event.get("rules")
        if rules is not None and rules.__class__ is not str:
            raise Inconsistent(f"'rules' must be a rule set's name, not {short(rules)}")
        self.players = 3 if rules == THREE_PLAYERS else N_SEATS
        self.rules = RULES[THREE_PLAYERS if self.players == 3 else "riichi"]
        names = event.get("names")
        if names is not None:
            if not isinstance(names, list) or len(names) != self.players or not all(
                    isinstance(n, str) for n in names):
                raise Inconsistent(f"'names' must be a list of {self.players} str, not {short(names)}")
            self.names = list(names)
        else:
            self.names = [str(i) for i in range(self.players)]
        self.seats = self._new_seats()
        self.round = -1
        self.in_round = False

    def _start_kyoku(self, event: Event) -> None:
        hands = event.get("tehais")
        if not isinstance(hands, list) or len(hands) != self.players:
            raise Inconsistent(f"'tehais' must be a list of {self.players} hands, not {short(hands)}")
        dora = tile_of(event, "dora_marker")
        self.face_up = bytearray(N_KINDS)
        self._known = bytearray(N_KINDS)
        self.river = []
        self.seats = self._new_seats()
        if not self._deal(hands):
            for who, names in enumerate(hands):  # one by one: the first tile in error is the one told
                seat = self.seats[who]
                for tile in tile_list(names, "tehais", HAND_SIZE):
                    self._give(seat, tile, who)
        self.round += 1
        self.in_round = True
        self.last_discard = None
        self._from_wall(dora[0])
        self.face_up[dora[0]] += 1

    def _deal(self, hands: list[Any]) -> bool:
        """Deal every seat a valid hand and say so; else (a name, a list, a fifth copy) deal nothing."""
        dealt = []
        for names in hands:
            if names.__class__ is not list or len(names) != HAND_SIZE:
                return False
            try:  # a hand as one int, byte k the count of tile k (no sum carries from one byte to the next)
                dealt.append(sum(map(_ONE.__getitem__, names)))
            except (KeyError, TypeError):  # a name that is not a tile's
                return False
        known = sum(dealt).to_bytes(N_KINDS, "little")
        if max(known) > MAX_COPIES:
            return False
        self._known[:] = known
        for seat, counts, names in zip(self.seats, dealt, hands):
            seat.counts[:] = counts.to_bytes(N_KINDS, "little")
            if not _RED_NAMES.isdisjoint(names):
                seat._reds[:] = sum(map(_RED_ONE.__getitem__, names)).to_bytes(N_KINDS, "little")
            seat.size = HAND_SIZE
        return True

    def _acting(self, event: Event, residue: int, what: str) -> tuple[int, tuple[int, bool], Seat]:
        """The seat that draws (``residue`` 1) or discards (2) its ``pai``: who, the tile, the seat,
        which must hold 3n+``residue`` tiles."""
        who = seat_of(event, "actor", self.players)
        tile = tile_of(event, "pai")
        seat = self.seats[who]
        if seat.size % 3 != residue:
            self._size(seat, who, residue, what)
        return who, tile, seat

    def _tsumo(self, event: Event) -> None:
        who, tile, seat = self._acting(event, 1, "draw")
        self._give(seat, tile, who)
        seat._drawn = tile[0]
        self.last_discard = None

    def _dahai(self, event: Event) -> None:
        who, tile, seat = self._acting(event, 2, "discard")
        self._take(seat, tile, who)
        self.face_up[tile[0]] += 1
        self.last_discard = (who, tile[0], tile[1])
        self.river.append(who * N_KINDS + tile[0])

    def _call(self, event: Event, kind: str, n: int) -> None:
        who = seat_of(event, "actor", self.players)
        target = seat_of(event, "target", self.players)
        tile = tile_of(event, "pai")
        self._check_called(who, target, tile)
        consumed = tiles_of(event, "consumed", n)
        self.call(_call_of(who, target, tile, consumed, kind))

    def _check_called(self, who: int, target: int, tile: tuple[int, bool]) -> None:
        if self.last_discard != (target, tile[0], tile[1]) or target == who or not 0 <= who < self.players:
            raise Inconsistent(f"seat {who} calls {_name(tile)} from seat {target}, which did not just discard it")

    def call(self, call: Call) -> None:
        """Apply a chi, pon or daiminkan already read and checked for shape (``call_of``)."""
        who, target, tile, consumed, kinds, meld = call
        if self.last_discard != (target, tile[0], tile[1]) or target == who or who >= self.players:
            self._check_called(who, target, tile)
        if self.players != N_SEATS and meld.kind == "chow":
            raise Inconsistent(f"seat {who} calls chi: there is no chi at three players")
        seat = self.seats[who]
        if seat.size % 3 != 1:
            self._size(seat, who, 1, "call")
        seat._held = bytes(seat.counts)
        seat._drawn = -1
        counts, reds, face_up = seat.counts, seat._reds, self.face_up
        for kind, red in consumed:  # as _take does
            if not (reds[kind] if red else counts[kind] - reds[kind]):
                raise Inconsistent(f"seat {who} does not hold {_name((kind, red))}")
            counts[kind] -= 1
            if red:
                reds[kind] -= 1
            face_up[kind] += 1  # the called tile was face up already, as a discard
        seat.size -= len(consumed)
        seat._melds.append(meld)
        for k in kinds:
            seat._meld_counts[k] += 1
        self.last_discard = None
        if meld.kind == "kong":
            self.river.append(OWN_KAN + who)

    def _chi(self, event: Event) -> None:
        self._call(event, "chow", 2)

    def _pon(self, event: Event) -> None:
        self._call(event, "pung", 2)

    def _daiminkan(self, event: Event) -> None:
        self._call(event, "kong", 3)

    def _ankan(self, event: Event) -> None:
        who = seat_of(event, "actor", self.players)
        consumed = tiles_of(event, "consumed", MAX_COPIES)
        kind = consumed[0][0]
        if any(c[0] != kind for c in consumed):
            raise Inconsistent(f"not an ankan: {[_name(c) for c in consumed]}")
        seat = self.seats[who]
        self._size(seat, who, 2, "declare a kan")
        for c in consumed:
            self._take(seat, c, who)
        seat._melds.append(_meld("kong", kind, True, sum(c[1] for c in consumed)))
        seat._meld_counts[kind] += MAX_COPIES
        self.face_up[kind] += MAX_COPIES
        self.river.append(OWN_KAN + who)

    def _kakan(self, event: Event) -> None:
        who = seat_of(event, "actor", self.players)
        tile = tile_of(event, "pai")
        seat = self.seats[who]
        pungs = [i for i, m in enumerate(seat._melds) if m.kind == "pung" and m.tile == tile[0]]
        if not pungs:
            raise Inconsistent(f"seat {who} has no pon of {_name(tile)} to add to")
        if "consumed" in event:
            consumed = tiles_of(event, "consumed", 3)
            if any(c[0] != tile[0] for c in consumed):
                raise Inconsistent(f"not a kakan: {_name(tile)} with {[_name(c) for c in consumed]}")
        self._size(seat, who, 2, "declare a kan")
        self._take(seat, tile, who)
        seat._melds[pungs[0]] = _meld("kong", tile[0], red=seat._melds[pungs[0]].red + tile[1])
        seat._meld_counts[tile[0]] += 1
        self.face_up[tile[0]] += 1
        self.river += (OWN_KAN + who, KAKAN_BASE + who * N_KINDS + tile[0])

    def _dora(self, event: Event) -> None:
        kind = tile_of(event, "dora_marker")[0]
        self._from_wall(kind)
        self.face_up[kind] += 1

    def _reach(self, event: Event) -> None:
        who = seat_of(event, "actor", self.players)
        seat = self.seats[who]
        if seat.riichi or seat.declared:
            raise Inconsistent(f"seat {who} has already declared riichi")
        self._size(seat, who, 2, "declare riichi")
        seat.declared = True

    def _reach_accepted(self, event: Event) -> None:
        who = seat_of(event, "actor", self.players)
        seat = self.seats[who]
        if not seat.declared or seat.riichi:
            raise Inconsistent(f"seat {who} has no riichi declaration to accept")
        seat.riichi = True
        self.river.append(RIICHI_MARK + who)

    def _nukidora(self, event: Event) -> None:
        """Kita (three players): the seat sets a north aside, face up, and draws again."""
        who = seat_of(event, "actor", self.players)
        if self.players == N_SEATS:
            raise Inconsistent("a nukidora (kita) at four players")
        tile = tile_of(event, "pai")
        if tile[0] != _NORTH:
            raise Inconsistent(f"seat {who} sets aside {_name(tile)}: only a north can be kita")
        seat = self.seats[who]
        self._size(seat, who, 2, "set a north aside")
        self._take(seat, tile, who)
        seat.kita += 1
        self.face_up[_NORTH] += 1
        self.last_discard = None
        self.river.append(OWN_KAN + who)

    def _hora(self, event: Event) -> None:
        who = seat_of(event, "actor", self.players)
        target = seat_of(event, "target", self.players)
        seat = self.seats[who]
        if target == who:
            self._size(seat, who, 2, "win by tsumo")
        else:  # on a discard, or on the tile just added to a kan (chankan)
            self._size(seat, who, 1, "win on another seat's tile")
        if "pai" in event:
            tile_of(event, "pai")

    def _ryukyoku(self, event: Event) -> None:
        self.last_discard = None

    def _end_kyoku(self, event: Event) -> None:
        self.in_round = False
        self.last_discard = None

    def _end_game(self, event: Event) -> None:
        self.in_round = False


Call = tuple[int, int, tuple[int, bool], list[tuple[int, bool]], list[int], Meld]
"""A chi, pon or daiminkan read from its event: (seat, target, tile, consumed, the meld's kinds, the meld)."""


def call_of(event: Event) -> Call:
    """The ``Call`` of a chi, pon or daiminkan event that ``Table.apply`` has accepted."""
    kind, n = _CALL_KINDS[event["type"]]
    return _call_of(event["actor"], event["target"], tile_of(event, "pai"), tiles_of(event, "consumed", n), kind)


_CALL_KINDS = {"chi": ("chow", 2), "pon": ("pung", 2), "daiminkan": ("kong", 3)}


def _call_of(who: int, target: int, tile: tuple[int, bool], consumed: list[tuple[int, bool]], kind: str) -> Call:
    """The call, checked for shape (what needs no state): chi from the seat before, a run; pon and kan alike."""
    kinds = sorted([tile[0]] + [c[0] for c in consumed])
    if kind == "chow":
        if target != (who - 1) % N_SEATS:
            raise Inconsistent(f"seat {who} can only chi from seat {(who - 1) % N_SEATS}")
        if kinds[0] >= FIRST_HONOR or kinds[0] % SUIT_SIZE > SUIT_SIZE - 3 or kinds != list(
            range(kinds[0], kinds[0] + 3)
        ):
            raise Inconsistent(f"not a chi: {_name(tile)} with {[_name(c) for c in consumed]}")
    elif len(set(kinds)) != 1:
        raise Inconsistent(f"not a {kind}: {_name(tile)} with {[_name(c) for c in consumed]}")
    return who, target, tile, consumed, kinds, _meld(kind, kinds[0], red=tile[1] + sum(c[1] for c in consumed))


def _name(tile: tuple[int, bool]) -> str:
    return MJAI_NAMES[tile[0]] + ("r" if tile[1] else "")


__all__: Sequence[str] = ("HAND_SIZE", "N_SEATS", "THREE_PLAYERS", "Call", "Inconsistent", "Seat", "Table", "call_of")
