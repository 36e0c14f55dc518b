"""Decision points of a log, each with the action the seat actually took.

Three kinds of point (``Point``):

- ``DRAW``: the seat has just drawn; it discarded (``DISCARD``), declared
  riichi with a discard (``RIICHI``), won (``TSUMO``), declared a kan
  (``ANKAN``, ``KAKAN``), set a north aside (``KITA``, three players) or
  abandoned the hand on nine terminals (``NINE_TERMINALS``);
- ``CALL``: the seat has just called chi or pon and must discard;
- ``OFFER``: another seat's discard (or the tile added to a kan) that this
  seat could call or win on: ``PON``/``DAIMINKAN`` when it holds
  two/three of the tile and is not in riichi, ``CHI`` when it is the next seat,
  not in riichi, and holds two tiles that make a run with it (by shape: the
  end of the wall is not judged), ``RON`` when the tile completes its hand
  and the win is legal: under riichi rules it scores (at least one yaku:
  ``mf.score`` with the seat's riichi, the winds, houtei, chankan) and the
  seat is not furiten.  The action is what the seat did (``PASS`` when it
  let the tile go).

Each decision carries the seat's state at that point: concealed counts, its
own melds, what it sees (``visible``), its riichi and ``furiten``: one of
its waits is among its own discards, or it let a tile it waits on go since
its last discard (temporary), or after its riichi (for the rest of the
round).  ``turn`` counts the seat's own turns in the round (draws and
calls), from 1.
"""
from __future__ import annotations

import enum
from collections.abc import Iterator
from typing import Any, NamedTuple

from .._api import is_win, waits
from .._layout import FIRST_HONOR, SUIT_SIZE
from .._meld import Meld
from .._rules import Rules, as_rules
from .._scoring import players, score
from ._names import TILE_OF
from ._reader import Stream, inconsistent, read_source, stream_events
from ._record import FOUR_PLAYER, RecordRules
from ._seat import Seat, minus
from ._state import N_SEATS, Inconsistent, Table
from ._text import Source, error


class Point(enum.IntEnum):
    """The kind of decision point (the ``point`` code of ``to_arrays``).

    ``DRAW`` (0): the seat has drawn; ``CALL`` (1): it has called chi or pon
    and must discard; ``OFFER`` (2): another seat's discard (or the tile added
    to a kan) it could call or win on.

    Examples
    --------
    >>> from mahjong_fast.logs import Point
    >>> Point.OFFER, int(Point.CALL)
    (<Point.OFFER: 2>, 1)
    """

    DRAW = 0
    CALL = 1
    OFFER = 2


class Action(enum.IntEnum):
    """The action a seat took at a decision point (the ``action`` code of ``to_arrays``).

    After a draw: ``DISCARD``, ``RIICHI`` (declared, with its discard),
    ``TSUMO``, ``ANKAN``, ``KAKAN``, ``NINE_TERMINALS``, ``KITA`` (three players: a north set
    aside, the ``nukidora`` event); after a call:
    ``DISCARD``; on an offer: ``RON``, ``PON``, ``CHI``, ``DAIMINKAN``, ``PASS``.

    Examples
    --------
    >>> from mahjong_fast.logs import Action
    >>> Action(7), int(Action.PASS)
    (<Action.PON: 7>, 10)
    """

    DISCARD = 0
    RIICHI = 1
    TSUMO = 2
    ANKAN = 3
    KAKAN = 4
    NINE_TERMINALS = 5
    RON = 6
    PON = 7
    CHI = 8
    DAIMINKAN = 9
    PASS = 10
    KITA = 11


class Decision(NamedTuple):
    """One decision point and the action taken there (a ``NamedTuple``; ``decisions`` yields them).

    Examples
    --------
    >>> from mahjong_fast import logs
    >>> from mahjong_fast.logs._example import LINES as lines  # a deal, a draw and discard, a pon, a discard
    >>> d = list(logs.decisions(lines))[-1]  # seat 1's discard after its pon
    >>> d.seat, d.turn, d.point, d.action, d.tile, d.line
    (1, 1, <Point.CALL: 1>, <Action.DISCARD: 0>, 32, 4)
    >>> d.melds, sum(d.hand), d.riichi
    ((Meld.pung('2z'),), 11, False)
    """

    log: str
    """The source's name."""
    round: int
    """The kyoku's index in the log, from 0."""
    seat: int
    player: str
    """The seat's name in ``start_game`` (else the seat number)."""
    turn: int
    """The seat's own turns in the round so far (draws and calls), from 1."""
    point: Point
    action: Action
    tile: int
    """index34 of the tile acted on (the discard, the kan, the called or won tile); -1 when none."""
    hand: bytes
    """34 counts of the concealed tiles at the decision (the drawn tile included)."""
    melds: tuple[Meld, ...]
    meld_counts: bytes
    """34 counts of the tiles in the seat's own melds."""
    visible: bytes
    """34 counts of what the seat sees outside its own hand and melds."""
    riichi: bool
    """The seat's riichi was already accepted (its discards are forced)."""
    line: int
    """The log line (from 1) of the event that made the decision point: the draw, the call or the discard."""
    furiten: bool = False
    """The seat could not win on a discard (see the module's docstring): its own discards hold a wait,
    or it let a winning tile go since its last discard, or after its riichi."""


_SELF_ACTIONS = {"dahai": Action.DISCARD, "ankan": Action.ANKAN, "kakan": Action.KAKAN, "hora": Action.TSUMO,
                 "nukidora": Action.KITA}
_CALLS = {"chi": Action.CHI, "pon": Action.PON, "daiminkan": Action.DAIMINKAN}
_KEEP_OFFERS_OPEN = ("reach_accepted", "dora")
_KANS = ("ankan", "kakan", "daiminkan")


def _acted_tile(event: dict[str, Any]) -> int:
    name = event.get("pai")
    if name is None and event.get("consumed"):
        name = event["consumed"][0]
    found = TILE_OF.get(name) if isinstance(name, str) else None
    return -1 if found is None else found[0]


LIVE_WALL = 70
"""Draws in a four-player round: after the 70th, a discard won on is houtei."""
LIVE_WALL_3 = 55
"""Draws in a three-player round (108 tiles less 39 dealt and the 14 of the dead wall; a kita's
replacement draw counts, as a kan's does)."""
_WINDS = ("E", "S", "W", "N")


def live_wall(players: int) -> int:
    """The draws of a round at ``players`` seats: the last is haitei."""
    return LIVE_WALL if players == N_SEATS else LIVE_WALL_3


class _Round:
    """What the legal-win offers need beyond the seats: winds, draws, each seat's waits and furiten."""

    def __init__(self, event: dict[str, Any] | None = None, players: int = N_SEATS) -> None:
        event = event or {}
        self.round_wind = event.get("bakaze", "E")
        self.oya = event.get("oya", 0)
        self.players = players
        self.draws = 0
        self.discarded = [bytearray(34) for _ in range(players)]
        self.waits: list[tuple[int, ...]] = [()] * players
        self.furiten = [False] * players

    def refresh(self, seat: Seat, who: int, rules: Rules) -> None:
        """After the seat's own discard (or the deal): its waits, and furiten from its own discards."""
        if seat.size % 3 != 1:
            return
        self.waits[who] = tuple(int(t) for t in waits(bytes(seat.counts), encoding="counts", rules=rules))
        own = any(self.discarded[who][t] for t in self.waits[who])
        self.furiten[who] = own or (seat.riichi and self.furiten[who])

    def legal_ron(self, seat: Seat, who: int, tile: int, chankan: bool, rules: Rules) -> bool:
        """A ron on ``tile`` scores under ``rules`` (the record's) and the seat is not furiten."""
        if self.furiten[who]:
            return False
        hand = [t for t, n in enumerate(seat.counts) for _ in range(n)] + [tile]
        return score(hand, tile, melds=seat.melds, rules=rules, riichi=seat.riichi, chankan=chankan,
                     houtei=not chankan and self.draws == live_wall(self.players), kita=seat.kita,
                     seat_wind=_WINDS[(who - self.oya) % self.players], round_wind=self.round_wind).valid


def _scores(rules: Rules) -> bool:
    """Whether ``rules`` score riichi wins (then the RON offers are the legal ones)."""
    try:
        return players(rules) > 0
    except ValueError:
        return False


def _could_call(seat: Seat, who: int, discarder: int, tile: int, ron_only: bool, rules: Rules,
                legal: _Round | None = None, scored: Rules | None = None, players: int = N_SEATS) -> bool:
    counts = seat.counts
    counts[tile] += 1
    try:
        won = is_win(bytes(counts), encoding="counts", rules=rules)
    finally:
        counts[tile] -= 1
    if won and (legal is None or legal.legal_ron(seat, who, tile, ron_only, scored or rules)):
        return True
    if ron_only or seat.riichi or seat.declared:
        return False
    if counts[tile] >= 2:
        return True
    if players != N_SEATS or who != (discarder + 1) % N_SEATS or tile >= FIRST_HONOR:  # no chi at three
        return False
    rank = tile % SUIT_SIZE

    def held(step: int) -> bool:
        return 0 <= rank + step < SUIT_SIZE and counts[tile + step] > 0

    return (held(-2) and held(-1)) or (held(-1) and held(1)) or (held(1) and held(2))


def _snapshot(table: Table, name: str, line: int, who: int, turn: int, point: Point, tile: int = -1,
              furiten: bool = False) -> Decision:
    """The seat's decision point now, before it acts: ``action`` ``PASS`` and ``tile`` the offered tile (or
    -1) until ``_decisions`` knows what it did (then ``_replace``)."""
    s = table.seats[who]
    return Decision(name, table.round, who, table.names[who], turn, point, Action.PASS, tile, bytes(s.counts),
                    tuple(s._melds), bytes(s._meld_counts), minus(table.face_up, s._meld_counts), s.riichi, line,
                    furiten)


def decisions(source: Source, *, offers: bool = True, rules: Rules | str | None = "riichi") -> Iterator[Decision]:
    """Every decision point of an mjai log, in the order of the log.

    ``offers=False`` leaves out the ``OFFER`` points (faster when only the
    seats' own turns matter); ``rules`` is the rule set that says which
    hands a tile completes (``RON`` offers); under a riichi rule set a
    ``RON`` is offered only when it is legal, its yaku judged by the
    record's own rules (``record_rules``: three players, red fives, open
    tanyao).  A three-player log has three seats, no ``CHI``, and its
    ``nukidora`` (kita) are no decision points.  A malformed or
    inconsistent log raises ``ValueError`` naming the source, the line and
    the event.

    Parameters
    ----------
    source
        One log: a path, an open file, or its lines (see ``replay``).
    offers
        Whether to list the ``OFFER`` points.
    rules
        The rule set of the ``RON`` offers: a preset name or a ``Rules``.

    Yields
    ------
    Decision
        One per decision point, with the seat's state there.

    Raises
    ------
    ValueError
        A malformed or inconsistent log, or one that ends before a decision
        was taken; an unknown rule set.
    TypeError
        An argument of the wrong type.

    Examples
    --------
    >>> from mahjong_fast import logs
    >>> from mahjong_fast.logs._example import LINES as lines  # a deal, a draw and discard, a pon, a discard
    >>> [(d.seat, d.point.name, d.action.name) for d in logs.decisions(lines)]
    [(0, 'DRAW', 'DISCARD'), (1, 'OFFER', 'PON'), (1, 'CALL', 'DISCARD')]
    >>> [(d.seat, d.point.name, d.action.name) for d in logs.decisions(lines, offers=False)]
    [(0, 'DRAW', 'DISCARD'), (1, 'CALL', 'DISCARD')]
    """
    rule_set = as_rules(rules)
    name, lines, events, record = read_source(source)
    return _decisions(name, stream_events(name, lines, events), offers, rule_set, record)


def _decisions(
    name: str, stream: Stream, offers: bool, rules: Rules, record: RecordRules = FOUR_PLAYER,
) -> Iterator[Decision]:
    table = Table()
    scored = record.as_rules()
    own: Decision | None = None
    riichi_declared = False
    open_offers: list[Decision] = []
    taken: dict[int, tuple[Action, int]] = {}
    turns = [0] * N_SEATS
    legal = _scores(rules)
    state = _Round()

    def done(o: Decision, action: Action, tile: int) -> Decision:
        return o._replace(action=action, tile=tile)

    lineno, line = 0, ""
    for lineno, line, event in stream:
        i = lineno - 1
        kind: Any = event.get("type")
        actor: Any = event.get("actor")
        ready: list[Decision] = []
        try:
            table.apply(event)
            if open_offers and kind not in _KEEP_OFFERS_OPEN:
                is_ron = kind == "hora" and actor != event.get("target")
                if is_ron or kind in _CALLS:
                    taken[actor] = (Action.RON if is_ron else _CALLS[kind], open_offers[0].tile)
                if not is_ron:
                    ready += [done(o, *taken.pop(o.seat, (Action.PASS, o.tile))) for o in open_offers]
                    open_offers = []
            elif offers and (kind in _CALLS or (kind == "hora" and actor != event.get("target"))):
                taken[actor] = (Action.PASS, -1)
            if taken and not open_offers:
                raise Inconsistent(f"seat {next(iter(taken))} called a tile it could not call")
            if own is not None and kind != "dora":
                if kind == "ryukyoku" and own.point is Point.DRAW:  # the drawer abandons on nine terminals
                    ready.append(done(own, Action.NINE_TERMINALS, -1))
                    own = None
                elif actor != own.seat:
                    raise Inconsistent(f"seat {own.seat} must act after its {own.point.name.lower()}, not {kind!r}")
                elif kind == "reach" and own.point is Point.DRAW:
                    riichi_declared = True
                elif kind in _SELF_ACTIONS and (kind == "dahai" or own.point is Point.DRAW):
                    action = Action.RIICHI if riichi_declared and kind == "dahai" else _SELF_ACTIONS[kind]
                    ready.append(done(own, action, _acted_tile(event)))
                    own = None
                    riichi_declared = False
                else:
                    raise Inconsistent(f"a {kind!r} is not an action after a {own.point.name.lower()}")
        except Inconsistent as exc:
            raise inconsistent(name, lineno, str(exc), line, stream) from None
        yield from ready
        if kind == "dora" and own is not None:  # turned before the discard: the seat sees it when it chooses
            own = own._replace(visible=minus(table.face_up, table.seats[own.seat]._meld_counts))
        elif kind == "start_kyoku":
            turns = [0] * table.players
            state = _Round(event, table.players)
            for who, seat in enumerate(table.seats):
                state.refresh(seat, who, rules)
        elif kind in _KANS or kind == "nukidora":  # a new hand shape: its waits, and furiten as after a discard
            state.refresh(table.seats[actor], actor, rules)
        if kind == "tsumo" or kind == "chi" or kind == "pon":
            turns[actor] += 1
            state.draws += kind == "tsumo"
            own = _snapshot(table, name, i + 1, actor, turns[actor], Point.DRAW if kind == "tsumo" else Point.CALL,
                            furiten=state.furiten[actor])
        if kind == "dahai" or kind == "kakan":
            tile = _acted_tile(event)
            if kind == "dahai":
                state.discarded[actor][tile] = 1
                state.refresh(table.seats[actor], actor, rules)
            for who in range(table.players):
                if who == actor:
                    continue
                if offers and _could_call(table.seats[who], who, actor, tile, kind == "kakan", rules,
                                          state if legal else None, scored, table.players):
                    open_offers.append(_snapshot(table, name, i + 1, who, turns[who], Point.OFFER, tile,
                                                 state.furiten[who]))
                if tile in state.waits[who]:  # let go (a ron ends the round): furiten until its next discard
                    state.furiten[who] = True
    if own is not None or open_offers:
        raise error(name, lineno, "the log ends before a decision was taken", line)
