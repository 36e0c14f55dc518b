"""One seat's state as an mjai log unfolds: its hand, melds, riichi, view and furiten (``Seat``).

A ``Table`` (``_state``) makes its seats and moves them on event by event; a
seat reads back of its table only what its furiten needs (``TableView``: the
rules, the river, the tile just let go).  The river's codes (``RIICHI_MARK``,
``OWN_KAN``, ``KAKAN_BASE``) are written by the table and read here.

>>> seat = Seat(bytearray(34))
>>> seat.counts[0] += 1; seat.size += 1
>>> seat.hand, seat.furiten, list(minus(bytes([2, 1] + [0] * 32), bytes([1, 1] + [0] * 32))[:2])
(Hand('1m'), False, [1, 0])
"""
from __future__ import annotations

from typing import Protocol

from .._api import waits
from .._hand import Hand
from .._layout import N_KINDS
from .._meld import Meld
from .._rules import Rules
from ._fields import N_SEATS
from ._names import MJAI_NAMES

RIICHI_MARK = N_SEATS * N_KINDS
"""``Table.river`` codes: ``seat * 34 + kind`` a discard, ``RIICHI_MARK + seat`` a riichi accepted,
``OWN_KAN + seat`` a kan or kita of the seat's own (a new hand: its temporary furiten ends, as after a
discard), ``KAKAN_BASE + seat * 34 + kind`` a kakan's added tile (the discards' and marks' codes are
Python's cached small ints)."""
OWN_KAN = RIICHI_MARK + N_SEATS
KAKAN_BASE = OWN_KAN + N_SEATS


class TableView(Protocol):
    """What a seat reads of its table (a ``Table``) to tell its furiten."""

    rules: Rules
    river: list[int]

    def live_tile(self) -> int: ...  # pragma: no cover - a protocol


class Seat:
    """One seat's state, updated in place as the log is replayed.

    ``hand`` (a ``Hand``: concealed tiles and declared melds, red fives kept), ``concealed``
    (34 counts), ``melds`` (a tuple of ``Meld``), ``meld_counts`` (34 counts of
    the tiles in its own melds, a kong counting four), ``visible`` (34 counts of
    what it sees outside its own hand and melds), ``riichi`` (its riichi was
    accepted), ``reds`` (34 counts: the red fives among the concealed tiles), ``kita`` (the norths
    it has set aside, three-player only) and ``furiten`` (computed when asked: one of its waits is
    among its own discards, or it let a winning tile go since its last discard, or after its riichi).
    ``replay`` makes them; they are not built by hand.

    Examples
    --------
    >>> from mahjong_fast import logs
    >>> from mahjong_fast.logs._example import LINES as lines  # a deal, a draw and discard, a pon, a discard
    >>> for event, seats in logs.replay(lines):
    ...     if event["type"] == "pon":  # read the seats before the next event updates them
    ...         break
    >>> seat = seats[1]
    >>> event["type"], seat.hand, seat.riichi
    ('pon', Hand('123m456p789s66z [222z]'), False)
    """

    __slots__ = ("_drawn", "_face_up", "_held", "_meld_counts", "_melds", "_reds", "_table", "_who", "counts",
                 "declared", "kita", "riichi", "size")

    def __init__(self, face_up: bytearray, table: TableView | None = None, who: int = 0) -> None:
        self.counts = bytearray(N_KINDS)
        self.size = 0
        """Concealed tiles held."""
        self._reds = bytearray(N_KINDS)
        self._face_up = face_up
        self._meld_counts = bytearray(N_KINDS)
        self._melds: list[Meld] = []
        self.riichi = False
        self.declared = False
        self.kita = 0
        """Norths set aside (kita, three-player), each a dora."""
        self._table = table
        self._who = who
        self._drawn = -1
        """The kind of its last draw (-1 after a call: then ``_held`` is the hand before the call)."""
        self._held = b""

    @property
    def concealed(self) -> bytes:
        """The concealed tiles, 34 counts (red fives counted as fives).

        >>> from mahjong_fast.logs._example import seat  # a seat after the example log: seat 1, its pon made
        >>> from mahjong_fast import to_counts
        >>> seat().concealed == to_counts("123m456p789s6z")  # its Souths in the pon, a Green let go
        True
        """
        return bytes(self.counts)

    @property
    def melds(self) -> tuple[Meld, ...]:
        """The declared melds, in the order they were declared.

        >>> from mahjong_fast.logs._example import seat  # a seat after the example log: seat 1, its pon made
        >>> seat().melds
        (Meld.pung('2z'),)
        """
        return tuple(self._melds)

    @property
    def meld_counts(self) -> bytes:
        """34 counts of the tiles in this seat's own melds (a kong counts four).

        >>> from mahjong_fast.logs._example import seat  # a seat after the example log: seat 1, its pon made
        >>> from mahjong_fast import Tile
        >>> seat().meld_counts[Tile.SOUTH], sum(seat().meld_counts)
        (3, 3)
        """
        return bytes(self._meld_counts)

    @property
    def visible(self) -> bytes:
        """34 counts: every tile this seat sees outside its own hand and melds.

        >>> from mahjong_fast.logs._example import seat  # a seat after the example log: seat 1, its pon made
        >>> from mahjong_fast import Tile
        >>> [str(Tile(t)) for t, n in enumerate(seat().visible) if n]  # the dora indicator, its own discard
        ['1p', '6z']
        """
        return minus(self._face_up, self._meld_counts)

    @property
    def reds(self) -> bytes:
        """34 counts: the red fives among the concealed tiles (only the three fives can be non-zero).

        >>> from mahjong_fast.logs._example import seat  # a seat after the example log: seat 1, its pon made
        >>> sum(seat().reds)
        0
        """
        return bytes(self._reds)

    @property
    def hand(self) -> Hand:
        """This seat's concealed tiles and declared melds.

        >>> from mahjong_fast.logs._example import seat  # a seat after the example log: seat 1, its pon made
        >>> seat().hand
        Hand('123m456p789s6z [222z]')
        """
        names = []
        for kind, n in enumerate(self.counts):
            if n:
                red = self._reds[kind]
                names += [MJAI_NAMES[kind]] * (n - red) + [MJAI_NAMES[kind] + "r"] * red
        return Hand(names, self._melds)

    @property
    def furiten(self) -> bool:
        """The seat could not win on a discard: one of its waits is among its own discards, or a tile it
        waits on went by since its last discard (temporary), or since its riichi (for the rest of the round).

        Computed when asked (the replay does not track it).  Just after a draw or a call, the furiten of
        the hand it held before, as ``Decision.furiten`` has it.

        Examples
        --------
        >>> import json
        >>> from mahjong_fast import logs
        >>> deal = [h.split() for h in ("E E C C 1p 1p 9p 9p 1s 9s 9s 7m 7m", "S S F F 2p 2p 8p 8p 2s 8s 8s 7m 6p",
        ...         "W W P P 3p 3p 7p 7p 3s 7s 7s 9m 9m", "2m 3m 4p 5p 6p 7s 8s 9s N N N 1s 1s")]
        >>> lines = [json.dumps(e) for e in [
        ...     {"type": "start_kyoku", "bakaze": "E", "kyoku": 1, "honba": 0, "kyotaku": 0, "oya": 0,
        ...      "dora_marker": "1p", "scores": [25000] * 4, "tehais": deal},
        ...     {"type": "tsumo", "actor": 0, "pai": "1m"},
        ...     {"type": "dahai", "actor": 0, "pai": "1m", "tsumogiri": True},
        ...     {"type": "tsumo", "actor": 1, "pai": "9s"}]]
        >>> [seats[3].furiten for _, seats in logs.replay(lines)]   # seat 3 waits on 1m-4m and lets 1m go
        [False, False, False, True]

        (Just after the discard the seat may still win on it: the tile is let go at the next event.)
        """
        table = self._table
        if table is None:
            return False
        counts = self.counts
        if self.size % 3 == 1:
            hand = bytes(counts)
        elif self._drawn >= 0:
            held = bytearray(counts)
            held[self._drawn] -= 1
            hand = bytes(held)
        elif self._held:
            hand = self._held
        else:
            return False
        wanted = {int(t) for t in waits(hand, encoding="counts", rules=table.rules)}
        if not wanted:
            return False
        river = table.river
        me = self._who
        own_base = me * N_KINDS
        start = -1
        marked = False
        for i, code in enumerate(river):
            if own_base <= code < own_base + N_KINDS:
                if code - own_base in wanted:
                    return True
                if not marked:  # after its riichi, every tile let go counts, its own discards between
                    start = i
            elif code == RIICHI_MARK + me:
                start, marked = i, True
            elif code == OWN_KAN + me and not marked:
                start = i
        live = table.live_tile()
        for i in range(start + 1, len(river)):
            code = river[i]
            if i == live:
                continue
            if code >= KAKAN_BASE:
                code -= KAKAN_BASE
            elif code >= RIICHI_MARK:
                continue
            if code // N_KINDS != me and code % N_KINDS in wanted:
                return True
        return False

    def __repr__(self) -> str:
        return f"Seat({str(self.hand)!r}, riichi={self.riichi})"


def minus(counts: bytes | bytearray, less: bytes | bytearray) -> bytes:
    """``counts - less``, count by count, where no count of ``less`` exceeds its twin in ``counts``.

    One subtraction of two big integers: with no count below its twin, no
    borrow crosses from one byte to the next.
    """
    return (int.from_bytes(counts, "big") - int.from_bytes(less, "big")).to_bytes(N_KINDS, "big")
