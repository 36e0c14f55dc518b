"""Every win of a log scored: ``wins(source)`` yields one ``Win`` per ``hora`` event.

The replay tracks what the score needs beside the hand: the winds, honba and riichi sticks, the
dora indicators turned so far, each seat's riichi (double riichi on its first discard with no call
before it), ippatsu (until its next discard or any call; a kakan robbed keeps it), the draws left
(haitei, houtei), a draw after the seat's own kan (rinshan), a win on a kakan (chankan), a win on the
first draw with no call before it (tenhou, chiihou), and who fed the last dragon or wind of a
daisangen or daisuushii (pao).  A Tenhou record's own figures come back beside our score as
``expected``.
"""
from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterator
from typing import Any, NamedTuple, Union

from .._rules import Rules
from .._scoring import score
from .._yaku import YAKU_BY_ID, Score, Yaku
from ._decisions import live_wall
from ._fields import N_SEATS
from ._names import MJAI_NAMES, TILE_OF
from ._reader import Converted, _replay, read_source, stream_events
from ._seat import Seat
from ._text import Source

_WINDS = ("E", "S", "W", "N")
_DRAGONS = frozenset(range(31, 34))
_WIND_KINDS = frozenset(range(27, 31))
_LIMITS = ("", "mangan", "haneman", "baiman", "sanbaiman", "yakuman")
_LIMIT_NAMES = {"満貫": "mangan", "跳満": "haneman", "倍満": "baiman", "三倍満": "sanbaiman", "役満": "yakuman"}
_BY_JAPANESE = {y.japanese: y for y in Yaku}

Points = Union[int, tuple[int, int]]


class Expected(NamedTuple):
    """A Tenhou record's own figures for a win, in ``Score``'s forms (``Win.expected``).

    >>> from mahjong_fast.logs import Expected
    >>> e = Expected(han=4, fu=30, points=7700, limit="", items=(("立直", 1), ("平和", 1), ("ドラ", 2)),
    ...              deltas=(-7700, 7700, 0, 0))
    >>> e.han, e.points, e.items[0]
    (4, 7700, ('立直', 1))
    """

    han: int
    fu: int | None
    """None where the record gives none (tenhou.net/6 on limit hands)."""
    points: Points
    """Ron: the discarder's payment; tsumo: (dealer's payment, each non-dealer's) ((0, each) for the dealer)."""
    limit: str
    items: tuple[tuple[str, int], ...]
    """(Japanese name, han), as the record lists them (yakuman 13 each), zero-han entries left out."""
    deltas: tuple[int, ...]


class Win(NamedTuple):
    """One ``hora`` of a log: the winner, the loser (None on tsumo), our ``Score`` of the replayed
    state, the log's own ``deltas`` and, for a Tenhou record, its own figures (``expected``).

    ``wins`` yields them (its example reads a whole round):

    >>> from mahjong_fast import logs, score
    >>> w = logs.Win(round=0, seat=1, loser=0, score=score("123567m234p678s55p", "8s"), deltas=(-1000, 1000, 0, 0),
    ...              ours=(-1000, 1000, 0, 0), expected=None, pao=None)
    >>> w.score.han, w.ours == w.deltas
    (1, True)
    """

    round: int
    """The index of the kyoku in the log (0 for the first)."""
    seat: int
    loser: int | None
    score: Score
    deltas: tuple[int, ...]
    """The log's own score changes (the ``hora`` event's ``deltas``)."""
    ours: tuple[int, ...]
    """Our score changes: ``score.deltas(seat, dealer, loser, pao)``."""
    expected: Expected | None
    pao: int | None
    """The seat liable for a daisangen or daisuushii it fed, when the hand scores that yakuman."""


def wins(source: Source) -> Iterator[Win]:
    """One ``Win`` per ``hora`` event of a log (mjai, mjlog XML or tenhou.net/6 JSON).

    Our ``Score`` comes from the replayed state (see the module's docstring); in a double ron only
    the winner first in turn order after the discarder gets the honba and the riichi sticks.  The
    rules are the record's (``record_rules``).  A malformed log raises ``ValueError`` as ``replay``.

    Examples
    --------
    >>> from mahjong_fast import logs
    >>> from mahjong_fast.logs._example import WIN_LINES as lines  # seat 3 wins on its first draw
    >>> (win,) = logs.wins(lines)   # seat 3 wins on its first draw, no call before it
    >>> print(win.score)
    地和 13 — yakuman, 8000/16000
    >>> win.seat, win.loser, win.ours == win.deltas
    (3, None, True)
    """
    name, lines, events, rules = read_source(source)
    expected = _figures(events, rules.players) if isinstance(events, Converted) else None
    track = _Tracker(rules.as_rules(), rules.players)
    found = 0
    for event, seats in _replay(name, stream_events(name, lines, events)):
        for win in track.apply(event, seats):
            yield _with_expected(name, win, expected, found)
            found += 1
    for win in track.flush():
        yield _with_expected(name, win, expected, found)
        found += 1


def _with_expected(name: str, win: Win, expected: Callable[[], Expected | None] | None, i: int) -> Win:
    if expected is None:
        return win
    try:
        figures = expected()
    except (KeyError, ValueError, IndexError, TypeError, AttributeError) as error:  # a damaged AGARI tag or win entry
        raise ValueError(f"{name}: win {i + 1}: the record's figures are malformed "
                         f"({type(error).__name__}: {error})") from None
    if figures is None:
        raise ValueError(f"{name}: win {i + 1} has no figures in the record")
    return win._replace(expected=figures)


class _Pending(NamedTuple):
    round: int
    seat: int
    loser: int | None
    args: dict[str, Any]
    deltas: tuple[int, ...]
    pao: tuple[int, Yaku] | None
    dealer: int


class _Tracker:
    """What a score needs beyond the hand, moved on event by event."""

    def __init__(self, rules: Rules, players: int = N_SEATS) -> None:
        self.rules = rules
        self.players = players
        self.live_wall = live_wall(players)
        self.round = -1
        self.pending: list[_Pending] = []
        self._new_round({"bakaze": "E", "oya": 0, "honba": 0, "kyotaku": 0})

    def _new_round(self, event: dict[str, Any]) -> None:
        self.round_wind = event.get("bakaze", "E")
        self.oya = event.get("oya", 0)
        self.honba = event.get("honba", 0)
        self.sticks = event.get("kyotaku", 0)
        marker = event.get("dora_marker")
        self.dora: list[int] = [TILE_OF[marker][0]] if marker in TILE_OF else []
        self.draws = 0
        self.called = False  # any call (chi, pon, kan of any kind) this round
        self.discarded = [False] * self.players
        self.double = [False] * self.players
        self.ippatsu = [False] * self.players
        self.after_kan = [False] * self.players
        self.drawn: list[tuple[int, bool] | None] = [None] * self.players
        self.kakan: tuple[int, int, bool] | None = None
        self.last_discard: tuple[int, bool] | None = None
        self.pao: list[tuple[int, Yaku] | None] = [None] * self.players

    def apply(self, event: dict[str, Any], seats: tuple[Seat, ...]) -> list[Win]:
        kind = event["type"]
        out: list[Win] = []
        if kind != "hora":
            out = self.flush()
            if self.kakan is not None:  # a kakan not robbed: it breaks every ippatsu
                self.kakan = None
                self.ippatsu = [False] * self.players
        if kind == "tsumo":
            who = event["actor"]
            self.draws += 1
            self.drawn[who] = TILE_OF[event["pai"]]
        elif kind == "dahai":
            who = event["actor"]
            self.discarded[who] = True
            self.last_discard = TILE_OF[event["pai"]]
            self.ippatsu[who] = False
            self.after_kan[who] = False
        elif kind in ("chi", "pon", "daiminkan"):
            who = event["actor"]
            self.called = True
            self.ippatsu = [False] * self.players
            if kind == "daiminkan":
                self.after_kan[who] = True
            if kind != "chi":
                self._check_pao(who, event["target"], TILE_OF[event["pai"]][0], seats[who])
        elif kind == "ankan":
            self.called = True
            self.ippatsu = [False] * self.players
            self.after_kan[event["actor"]] = True
        elif kind == "kakan":
            who = event["actor"]
            self.called = True
            self.after_kan[who] = True
            tile = TILE_OF[event["pai"]]
            self.kakan = (who, tile[0], tile[1])
        elif kind == "dora":
            self.dora.append(TILE_OF[event["dora_marker"]][0])
        elif kind == "nukidora":  # a kita: its replacement draw is rinshan, as after a kan
            self.after_kan[event["actor"]] = True
            self.last_discard = TILE_OF[event["pai"]]
        elif kind == "reach":
            who = event["actor"]
            self.double[who] = not self.discarded[who] and not self.called
        elif kind == "reach_accepted":
            who = event["actor"]
            self.ippatsu[who] = True
            self.sticks += 1
        elif kind == "start_kyoku":
            self.round += 1
            self._new_round(event)
        elif kind == "hora":
            self._hora(event, seats)
        return out

    def _check_pao(self, who: int, target: int, tile: int, seat: Seat) -> None:
        triplets = {m.tile for m in seat.melds if m.kind in ("pung", "kong")}
        if tile in _DRAGONS and len(triplets & _DRAGONS) == 3:
            self.pao[who] = (target, Yaku.DAISANGEN)
        elif tile in _WIND_KINDS and len(triplets & _WIND_KINDS) == 4:
            self.pao[who] = (target, Yaku.DAISUUSHII)

    def _hora(self, event: dict[str, Any], seats: tuple[Seat, ...]) -> None:
        who, target = event["actor"], event["target"]
        seat = seats[who]
        tsumo = who == target
        names = [MJAI_NAMES[k] for k, n in enumerate(seat.counts) for _ in range(n - seat.reds[k])]
        names += [MJAI_NAMES[k] + "r" for k, n in enumerate(seat.reds) for _ in range(n)]
        chankan = False
        if tsumo:
            win = self.drawn[who]
        elif self.kakan is not None and self.kakan[0] == target:
            chankan = True
            win = self.kakan[1:]
        else:
            win = self.last_discard
        if win is None:
            raise ValueError(f"the win of seat {who} names no winning tile")
        if not tsumo:
            names.append(MJAI_NAMES[win[0]] + ("r" if win[1] else ""))
        riichi = seat.riichi
        first = not self.discarded[who] and not self.called
        rinshan = tsumo and self.after_kan[who]
        dealer = who == self.oya
        args = dict(
            hand14=names, win=MJAI_NAMES[win[0]], melds=seat.melds, rules=self.rules, tsumo=tsumo,
            riichi=riichi and not self.double[who], double_riichi=riichi and self.double[who],
            ippatsu=riichi and self.ippatsu[who], haitei=tsumo and not rinshan and self.draws == self.live_wall,
            houtei=not tsumo and not chankan and self.draws == self.live_wall, rinshan=rinshan, chankan=chankan,
            tenhou=tsumo and first and dealer, chiihou=tsumo and first and not dealer,
            seat_wind=_WINDS[(who - self.oya) % self.players], round_wind=self.round_wind,
            dora=[MJAI_NAMES[d] for d in self.dora],
            ura=[MJAI_NAMES[TILE_OF[u][0]] for u in event.get("ura_markers") or ()] if riichi else [],
        )
        if seat.kita:
            args["kita"] = seat.kita
        self.pending.append(_Pending(self.round, who, None if tsumo else target, args,
                                     tuple(event.get("deltas") or ()), self.pao[who], self.oya))

    def flush(self) -> list[Win]:
        """Score the wins read since the last other event: honba and sticks to the first in turn order."""
        if not self.pending:
            return []
        first = min(self.pending, key=lambda p: (p.seat - (p.loser if p.loser is not None else p.seat)) % self.players)
        out = []
        for p in self.pending:
            paid = p is first
            s = score(**p.args, honba=self.honba if paid else 0, riichi_sticks=self.sticks if paid else 0)
            pao = p.pao[0] if p.pao is not None and any(y is p.pao[1] for y, _ in s.items) else None
            ours = tuple(s.deltas(p.seat, p.dealer, loser=p.loser, pao=pao))
            out.append(Win(p.round, p.seat, p.loser, s, p.deltas, ours, None, pao))
        self.pending = []
        self.sticks = 0
        return out


# --- a Tenhou record's own figures ---------------------------------------------------------------


def _ints(text: str) -> list[int]:
    return [int(v) for v in text.split(",")] if text else []


def _split_tsumo(total: int, dealer: bool, players: int = N_SEATS) -> tuple[int, int]:
    """A tsumo's (dealer's, each non-dealer's) payment from its total (mjlog gives only the total; at
    three players, the total of the two who pay)."""
    if dealer:
        return 0, total // (players - 1)
    payers = players - 2  # the non-dealers who pay: 2 × each, or 100 less, is the dealer's part
    each = total // (payers + 2) if total % (100 * (payers + 2)) == 0 else (total + 100) // (payers + 2)
    return total - payers * each, each


def _figures(converted: Converted, players: int) -> Callable[[], Expected | None]:
    """The record's own figures of its next win, each time called (None when it holds no more): an
    mjlog record's read from its AGARI tags as its rounds are converted, tenhou.net/6's from its objects."""
    record = converted.record
    if hasattr(record, "objects"):  # read a win at a time, as its round is replayed: a damaged entry is told there
        figures = _tenhou6_figures(record.objects)
        return lambda: next(figures, None)
    agari: deque[tuple[dict[str, str], int]] = deque()
    record.agari = agari
    return lambda: _mjlog_figure(*agari.popleft(), players) if agari else None


def _mjlog_figure(a: dict[str, str], oya: int, players: int) -> Expected:
    """The figures of an AGARI tag's attributes ``a`` (in a round whose dealer is ``oya``)."""
    who, from_who = int(a["who"]), int(a["fromWho"])
    yaku = _ints(a.get("yaku", ""))
    items = [(YAKU_BY_ID[y].japanese, h) for y, h in zip(yaku[::2], yaku[1::2]) if h]
    items += [(YAKU_BY_ID[y].japanese, 13) for y in _ints(a.get("yakuman", ""))]
    fu, total, limit = _ints(a["ten"])[:3]
    points: Points = _split_tsumo(total, who == oya, players) if who == from_who else total
    sc = _ints(a["sc"])
    return Expected(sum(h for _, h in items), fu, points, _LIMITS[limit], tuple(items),
                    tuple(100 * d for d in sc[1:2 * players:2]))


def _tenhou6_figures(objects: list[dict[str, Any]]) -> Iterator[Expected]:
    for obj in objects:
        for kyoku in obj["log"]:
            result = kyoku[-1]
            if not result or result[0] != "和了":
                continue
            oya = kyoku[0][0] % 4
            for deltas, info in zip(result[1::2], result[2::2]):
                yield _tenhou6_win(info, oya, deltas)


def _tenhou6_win(info: list[Any], oya: int, deltas: list[int]) -> Expected:
    """One win of tenhou.net/6: ``[who, from, pao, "30符2飜2000点", "立直(1飜)", ...]``."""
    who, from_who, text = info[0], info[1], info[3]
    items = []
    for entry in info[4:]:
        yaku, _, han_text = entry.partition("(")
        han = 13 if han_text.startswith("役満") else int(han_text.split("飜")[0])
        if han:
            items.append((yaku, han))
    fu = None
    limit = ""
    body = text.rstrip("∀").removesuffix("点")
    if "符" in body:
        fu_text, body = body.split("符", 1)
        fu = int(fu_text)
        body = body.split("飜", 1)[1]
    else:
        for prefix in sorted(_LIMIT_NAMES, key=len, reverse=True):
            if body.startswith(prefix):
                limit, body = _LIMIT_NAMES[prefix], body[len(prefix):]
                break
    han = sum(h for _, h in items)
    if not limit and fu is not None:
        limit = "mangan" if han >= 5 or (han == 4 and fu >= 40) or (han == 3 and fu >= 70) else ""
    points: Points
    if who != from_who:
        points = int(body)
    elif "-" in body:
        each, dealer = body.split("-")
        points = (int(dealer), int(each))
    else:
        points = (0, int(body))
    return Expected(han, fu, points, limit, tuple(items), tuple(deltas))


__all__ = ("Expected", "Win", "wins")
