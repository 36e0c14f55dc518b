"""Tile efficiency (牌效, 何切): useful draws, the table of discards, two-step figures.

``useful_tiles`` answers a hand of 3n+1 concealed tiles, ``discard_analysis`` one of 3n+2;
their batches over (N, 34) arrays are ``_efficiency_batch``.
Unseen copies of a tile = its copies under the rules - the copies in the hand, its own melds
and ``visible``; after a discard the discarded tile counts as unseen again.  The kernel is
``_dispatch.efficiency`` (compiled, or its pure twin).  Exact definitions, the tie-break, the
two-step figures and how the peers' conventions differ: docs/efficiency.md.
"""
from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Iterator, Sequence
from typing import TYPE_CHECKING, NamedTuple, cast, overload

from ._api import rule_flags
from ._dispatch import api_fast as _api_fast
from ._dispatch import efficiency as _kernel
from ._layout import MAX_COPIES, MAX_HAND, N_KINDS
from ._meld import MeldLike
from ._options import Options, Wild, read_options
from ._rules import Rules, as_rules
from ._tiles import TILES, Tile

if TYPE_CHECKING:
    pass

_FULL = bytes([MAX_COPIES]) * N_KINDS
_DEFAULT_RULES = as_rules(None)
_NONE = bytes(N_KINDS)


def _tiles_of(mask: int) -> list[Tile]:
    return [TILES[t] for t in range(N_KINDS) if mask >> t & 1]


class UsefulTiles:
    """The useful draws (有效牌, 进张) of a hand of 3n+1 concealed tiles.

    ``shanten``: the hand's shanten; ``tiles``: the draws that lower it, sorted; ``counts``:
    the unseen copies of each; ``total``: their sum.  A tile the hand and its melds hold every
    copy of is never a draw; a useful tile every copy of which is visible stays in ``tiles``
    with a count of 0.  ``useful_tiles`` makes it, and each ``Discard`` holds one.

    Examples
    --------
    >>> from mahjong_fast import useful_tiles
    >>> u = useful_tiles("456m2379p23455s4z")
    >>> u
    UsefulTiles(shanten=1, tiles='1p4p8p', total=12)
    >>> u.shanten, u.total
    (1, 12)
    """

    __slots__ = ("_counts", "_held", "_mask", "_unseen", "shanten", "total")

    def __init__(self, shanten: int, mask: int, total: int, unseen: bytes, held: bytes | None = None) -> None:
        self.shanten = shanten
        self.total = total
        self._mask = mask
        self._unseen = unseen  # unseen copies of every tile for this hand (or avail, with held)
        self._held = held
        self._counts: dict[Tile, int] | None = None

    @property
    def tiles(self) -> list[Tile]:
        """The draws that lower the shanten, sorted.

        Examples
        --------
        >>> from mahjong_fast import useful_tiles
        >>> useful_tiles("456m2379p23455s4z").tiles
        [1p, 4p, 8p]
        """
        return _tiles_of(self._mask)

    @property
    def counts(self) -> dict[Tile, int]:
        """Unseen copies of each useful tile (a new dict each time).

        Examples
        --------
        >>> from mahjong_fast import useful_tiles
        >>> useful_tiles("456m2379p23455s4z", visible="1p 1p").counts
        {1p: 2, 4p: 4, 8p: 4}
        """
        if self._counts is None:
            if self._held is not None:
                self._unseen = _unseen_of(self._held, self._unseen)
                self._held = None
            self._counts = {TILES[t]: self._unseen[t] for t in range(N_KINDS) if self._mask >> t & 1}
        return dict(self._counts)

    @property
    def mask(self) -> int:
        """The useful tiles as bits (bit t = index34 tile t).

        Examples
        --------
        >>> from mahjong_fast import Tile, useful_tiles
        >>> useful_tiles("456m2379p23455s4z").mask == 1 << Tile.P1 | 1 << Tile.P4 | 1 << Tile.P8
        True
        """
        return self._mask

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, UsefulTiles):
            return NotImplemented
        return (self.shanten, self._mask, self.total, self.counts) == (
            other.shanten, other._mask, other.total, other.counts,
        )

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        tiles = "".join(str(t) for t in self.tiles)
        return f"UsefulTiles(shanten={self.shanten}, tiles={tiles!r}, total={self.total})"

    def render(self, plain: bool = False) -> str:
        """The useful draws as players read them; ``plain=True`` writes ASCII English.

        Examples
        --------
        >>> from mahjong_fast import useful_tiles
        >>> print(useful_tiles("123m456p789s1122z", visible="1z").render())
        shanten 0: 摸 1z×1 2z×2, 3 枚
        >>> print(useful_tiles("123m456p789s1122z").render(plain=True))
        shanten 0: draw 1z x2 2z x2, 4 tiles
        """
        counts = self.counts
        times, draw, tiles = (" x", "draw", "tiles") if plain else ("×", "摸", "枚")
        body = " ".join(f"{t}{times}{counts[t]}" for t in self.tiles) or "-"
        return f"shanten {self.shanten}: {draw} {body}, {self.total} {tiles}"


@dataclasses.dataclass(eq=False, repr=False)
class Discard:
    """One row of a discard analysis.

    ``tile``: the tile discarded; ``shanten``: the shanten after it; ``useful``: the
    ``UsefulTiles`` of the hand left (the discarded tile unseen again); ``backward``: the
    discard raised the shanten (向听倒退).  With ``two_step=True``: ``two_step`` the expected
    unseen useful total after the next useful draw and the best discard (0.0 when the hand left
    is ready or nothing useful is unseen); ``improvements`` (hand left ready) the unseen copies
    of each improving draw (改良); ``good_shape`` (hand left one from ready) the share of the
    useful draws, by unseen copies, after which a discard leaves a wait on two or more kinds.
    Otherwise these are None.  Exact definitions: docs/efficiency.md.

    Examples
    --------
    >>> from mahjong_fast import discard_analysis
    >>> row = discard_analysis("1112223334455m6z", two_step=True)[1]
    >>> row
    Discard(3m, shanten=0, useful='6z', total=3, two_step=0.00)
    >>> row.tile, row.shanten, row.backward, row.useful.total
    (3m, 0, False, 3)
    >>> row.improvements
    {1m: 1, 2m: 1, 3m: 2, 4m: 2, 5m: 2, 6m: 4, 7m: 4}
    """

    __slots__ = ("backward", "good_shape", "improvements", "shanten", "tile", "two_step", "useful")

    tile: Tile
    shanten: int
    useful: UsefulTiles
    backward: bool
    two_step: float | None
    improvements: dict[Tile, int] | None
    good_shape: float | None

    def __repr__(self) -> str:
        extra = "" if self.two_step is None else f", two_step={self.two_step:.2f}"
        back = ", backward" if self.backward else ""
        tiles = "".join(str(t) for t in self.useful.tiles)
        return f"Discard({self.tile}, shanten={self.shanten}, useful={tiles!r}, total={self.useful.total}{extra}{back})"


class DiscardAnalysis(_kernel.Discards, Sequence[Discard]):
    """Every distinct discard of a 3n+2 hand, best first (a read-only sequence of ``Discard``).

    ``shanten`` is the hand's own shanten.  Order: lower shanten after the discard, then more
    unseen useful copies, then (with two-step figures) the larger two-step figure, then more
    unseen improving copies, then the lower tile (index34 order: man, pin, sou, honours).
    Rows are built on first access.  (The kernel's answer itself, made by the kernel as this
    class: ``held`` the hand's counts, ``avail`` the copies a concealed hand X may still see,
    ``avail[t] - X[t]``.)

    Examples
    --------
    >>> from mahjong_fast import discard_analysis
    >>> table = discard_analysis("456m2379p23455s44z")
    >>> table, len(table), table.shanten
    (DiscardAnalysis(shanten=1, discards=12), 12, 1)
    >>> table[-1]
    Discard(5m, shanten=2, useful='5m1p4p8p5s4z', total=20, backward)
    >>> [str(row.tile) for row in table[:3]]
    ['7p', '9p', '2s']
    """

    __slots__ = ()

    def __len__(self) -> int:
        return int(self.size)

    def _row(self, i: int) -> Discard:
        rows: list[Discard | None] | None = self.rows
        if rows is None:
            rows = self.rows = [None] * self.size
        row = rows[i]
        if row is None:
            d, sh, mask, total, two, improve, _, good = self.entry(i)
            if self.unseen is None:
                self.unseen = _unseen_of(self.held, self.avail)
            unseen = bytearray(self.unseen)
            unseen[d] += 1
            left = bytes(unseen)
            improvements = None
            if improve is not None:
                improvements = {TILES[t]: left[t] for t in range(N_KINDS) if improve >> t & 1}
            row = Discard(TILES[d], sh, UsefulTiles(sh, mask, total, left), sh > self.shanten, two,
                          improvements, good)
            rows[i] = row
        return row

    @overload
    def __getitem__(self, i: int) -> Discard: ...

    @overload
    def __getitem__(self, i: slice) -> list[Discard]: ...

    def __getitem__(self, i: int | slice) -> Discard | list[Discard]:
        if isinstance(i, slice):
            return [self._row(j) for j in range(*i.indices(len(self)))]
        n = len(self)
        if i < 0:
            i += n
        if not 0 <= i < n:
            raise IndexError("discard index out of range")
        return self._row(i)

    def __iter__(self) -> Iterator[Discard]:
        for i in range(len(self)):
            yield self._row(i)

    @property
    def best(self) -> Discard:
        """The first row: the best discard.

        Examples
        --------
        >>> from mahjong_fast import discard_analysis
        >>> discard_analysis("456m2379p23455s44z").best
        Discard(7p, shanten=1, useful='1p4p5s4z', total=12)
        """
        return self._row(0)

    def __repr__(self) -> str:
        return f"DiscardAnalysis(shanten={self.shanten}, discards={len(self)})"

    def render(self, plain: bool = False) -> str:
        """The table as players read it: ``打 3m → 摸 1m 4m 2p, 10 枚, two-step 21.40  (shanten 1)``.

        Parameters
        ----------
        plain
            ASCII and English (``discard 7p -> draw ...``) instead of tile
            glyphs and Chinese (``打 7p → 摸 ...``).

        Returns
        -------
        str
            One line for the shanten, then one per discard, best first.

        Examples
        --------
        >>> from mahjong_fast import discard_analysis
        >>> print(discard_analysis("456m2379p23455s44z").render(plain=True))  # doctest: +ELLIPSIS
        shanten 1
        discard 7p -> draw 1p 4p 5s 4z, 12 tiles  (shanten 1)
        discard 9p -> draw 1p 4p 5s 4z, 12 tiles  (shanten 1)
        ...
        discard 5m -> draw 5m 1p 4p 8p 5s 4z, 20 tiles  (shanten 2, backward)
        """
        return _render_table(self, plain)


# ---------------------------------------------------------------- reading the arguments

class KernelArgs(NamedTuple):
    """What the efficiency kernel takes for one hand (the compiled readers give the same, as a tuple)."""

    held: bytes
    """34 counts of the concealed tiles."""
    limits: bytes
    """Per tile, the copies the concealed part may hold: the rules' copies less those in its own melds."""
    available: bytes
    """``limits`` less the tiles seen (``visible``): the copies left to hold or draw."""
    wild_mask: bytes | None
    """34 bytes, 1 for a joker kind; None without jokers."""
    flags: int
    """The rule bits of the hand (``rule_flags``)."""
    fifth: bool
    """Whether a joker may stand for a fifth copy."""


def _kernel_args(hand: object, options: Options, residue: int, what: str) -> KernelArgs:
    """The kernel's arguments for ``hand`` of 3n+``residue`` concealed tiles under ``options``:
    every check of the API after ``read_options`` (the size, the rules, the copies seen)."""
    h = options.hand_of(hand)
    r = options.rules
    n = len(h.tiles)
    most = MAX_HAND - (2 - residue)
    if n % 3 != residue or h.size > most:
        raise ValueError(
            f"{what} needs 3n+{residue} concealed tiles ({most} - 3k beside k declared melds); "
            f"got {n} tiles and {len(h.melds)} melds"
        )
    flags = rule_flags(h, r, options.wild)
    seen = options.visible
    limits = r.limits
    for t in range(N_KINDS):
        if h.all_counts[t] + seen[t] > limits[t]:
            if not limits[t]:
                raise ValueError(f"visible holds {TILES[t]}, which does not exist under rules {r.name!r}")
            raise ValueError(
                f"tile {TILES[t]}: hand, melds and visible hold {h.all_counts[t] + seen[t]} copies; "
                f"at most {limits[t]}"
            )
    lim = bytes(limits[t] - (h.all_counts[t] - h.counts[t]) for t in range(N_KINDS))
    avail = bytes(lim[t] - seen[t] for t in range(N_KINDS))
    mask = None
    if options.wild:
        m = bytearray(N_KINDS)
        for k in options.wild:
            m[k] = 1
        mask = bytes(m)
    return KernelArgs(h.counts, lim, avail, mask, flags, options.fifth)


_RULE_SPECS: dict[object, tuple[int, bytes]] = {}


def _rule_spec(rules: object) -> tuple[int, bytes] | None:
    """``(flags, limits)`` of a preset name or ``Rules`` for the quick lane (the last few are
    kept), or None for anything the general path must read (it gives the error)."""
    try:
        spec = _RULE_SPECS.get(rules)
    except TypeError:  # unhashable
        return None
    if spec is None:
        try:
            r = as_rules(rules)
        except (TypeError, ValueError):
            return None
        spec = (r.flags, r.limits)
        if len(_RULE_SPECS) < 16:
            _RULE_SPECS[rules] = spec
    return spec


def _unseen_of(held: bytes, avail: bytes) -> bytes:
    return bytes(a - h if a > h else 0 for a, h in zip(avail, held))


def _read(
    hand: object, melds: Iterable[MeldLike], visible: object, rules: str | Rules | None, wild: Wild, fifth: bool,
    encoding: str | None, residue: int, what: str,
) -> tuple[bytes, bytes, bytes, bytes | None, int, bool]:
    """The kernel's arguments for the general path of ``useful_tiles`` (``residue`` 1) or
    ``discard_analysis`` (2): the fast reading of ``_api_fast``, else ``read_options``."""
    args = _api_fast.efficiency_args(
        hand, melds, visible, _DEFAULT_RULES if rules is None else rules, wild, fifth, encoding, residue
    )
    if args is None:
        options = read_options(melds=melds, rules=rules, wild=wild, fifth=fifth, encoding=encoding, visible=visible)
        args = _kernel_args(hand, options, residue, what)
    return args


# ---------------------------------------------------------------- the public functions

def useful_tiles(
    hand: object, *, melds: Iterable[MeldLike] = (), visible: object = None, rules: str | Rules | None = None,
    wild: Wild = None, fifth: bool = True, encoding: str | None = None,
) -> UsefulTiles:
    """The useful draws (有效牌) of a hand of 3n+1 concealed tiles and their unseen copies.

    Parameters
    ----------
    hand, melds, wild, fifth, encoding
        As for ``shanten``.
    visible
        Tiles the player sees outside their own hand and melds (discards, other players'
        melds, dora indicators): text, a list of tiles, a ``Hand``, or 34 counts as bytes or
        a numpy row.  A tile held more than its copies in all is a ``ValueError`` naming it.
    rules
        A preset name or a ``Rules``: its win forms, and its missing tiles have no copies.

    Returns
    -------
    UsefulTiles
        ``shanten``, ``tiles`` (sorted), ``counts`` (unseen copies each), ``total``.

    Raises
    ------
    ValueError
        A concealed part that is not 3n+1 tiles (at most 13 with the melds),
        a ``visible`` tile seen more often than it has copies, and what
        ``shanten`` rejects.
    TypeError
        An argument of the wrong type.

    Examples
    --------
    >>> from mahjong_fast import useful_tiles
    >>> useful_tiles("1112345678999m")
    UsefulTiles(shanten=0, tiles='1m2m3m4m5m6m7m8m9m', total=23)
    >>> useful_tiles("456m2379p23455s4z", visible="1p 1p")
    UsefulTiles(shanten=1, tiles='1p4p8p', total=10)
    >>> useful_tiles("11m")
    Traceback (most recent call last):
    ...
    ValueError: useful_tiles needs 3n+1 concealed tiles (13 - 3k beside k declared melds); got 2 tiles and 0 melds
    """
    if not melds and visible is None and wild is None and fifth is True and encoding is None:
        spec = None if rules is None else _RULE_SPECS.get(rules) if type(rules) is str else None
        if spec is None and rules is not None:
            spec = _rule_spec(rules)
        if spec is not None:
            quick = _kernel.quick_useful(hand, *spec)
            if quick is not None:
                return UsefulTiles(quick[0], quick[1], quick[2], spec[1], quick[3])
        elif rules is None:
            quick = _kernel.quick_useful(hand)
            if quick is not None:
                return UsefulTiles(quick[0], quick[1], quick[2], _FULL, quick[3])
    held, lim, avail, mask, flags, fifth_ = _read(hand, melds, visible, rules, wild, fifth, encoding, 1, "useful_tiles")
    s, m, total = _kernel.useful(held, lim, avail, mask, flags, fifth_)
    return UsefulTiles(s, m, total, avail, held)


def discard_analysis(
    hand: object, *, melds: Iterable[MeldLike] = (), visible: object = None, rules: str | Rules | None = None,
    wild: Wild = None, fifth: bool = True, encoding: str | None = None, two_step: bool = False,
) -> DiscardAnalysis:
    """Every distinct discard of a hand of 3n+2 concealed tiles, best first (何切).

    Each row: ``tile``, ``shanten`` after it, ``useful`` (the ``UsefulTiles`` of the hand
    left), ``backward`` (the discard raised the shanten); with ``two_step=True`` also
    ``two_step``, ``improvements`` and ``good_shape`` (docs/efficiency.md).  Arguments as
    for ``useful_tiles``.  On a complete hand every discard is backward.

    Parameters
    ----------
    hand, melds, wild, fifth, encoding
        As for ``shanten``.
    visible
        Tiles seen outside the hand, as for ``useful_tiles``.
    rules
        A preset name or a ``Rules``, as for ``useful_tiles``.
    two_step
        Whether to add the two-step figures (slower).

    Returns
    -------
    DiscardAnalysis
        The rows, one per distinct tile held, best first.

    Raises
    ------
    ValueError, TypeError
        A concealed part that is not 3n+2 tiles (at most 14 with the melds),
        and what ``useful_tiles`` rejects.

    Examples
    --------
    >>> from mahjong_fast import discard_analysis
    >>> table = discard_analysis("456m2379p23455s44z", two_step=True)
    >>> table.best
    Discard(7p, shanten=1, useful='1p4p5s4z', total=12, two_step=5.33)
    >>> [str(row.tile) for row in table if row.backward]
    ['3s', '4m', '6m', '4s', '5m']
    """
    if not melds and visible is None and wild is None and fifth is True and encoding is None and (
            two_step is False or two_step is True):
        if rules is None:
            quick = _kernel.quick_discards(hand, DiscardAnalysis, two_step=two_step)
        else:
            spec = _RULE_SPECS.get(rules) if type(rules) is str else None
            if spec is None:
                spec = _rule_spec(rules)
            quick = None if spec is None else _kernel.quick_discards(hand, DiscardAnalysis, spec[0], spec[1],
                                                                     two_step)
        if quick is not None:
            return quick  # type: ignore[return-value]  # made as DiscardAnalysis; no call to cast on the quick lane
    if not isinstance(two_step, bool):
        raise TypeError(f"two_step must be a bool, not {type(two_step).__name__}")
    held, lim, avail, mask, flags, fifth_ = _read(hand, melds, visible, rules, wild, fifth, encoding, 2,
                                                  "discard_analysis")
    return cast(DiscardAnalysis, _kernel.discards(held, lim, avail, mask, flags, fifth_, two_step, DiscardAnalysis))


# ---------------------------------------------------------------- text for players

def _short(tiles: Sequence[Tile]) -> str:
    """Tiles as players list them: '1m 4m 2p'."""
    return " ".join(str(t) for t in tiles)


_WORDS = {
    False: ("打", "→ 摸", "枚", "改良", "向听倒退"),
    True: ("discard", "-> draw", "tiles", "improved by", "backward"),
}


def _render_table(table: DiscardAnalysis, plain: bool = False) -> str:
    cut, draw, tiles, better, backward = _WORDS[plain]
    lines = [f"shanten {table.shanten}" + (" (complete)" if table.shanten < 0 else "")]
    for d in table:
        useful = _short(d.useful.tiles) or "-"
        line = f"{cut} {d.tile} {draw} {useful}, {d.useful.total} {tiles}"
        if d.two_step is not None and d.shanten > 0:
            line += f", two-step {d.two_step:.2f}"
        if d.improvements:
            line += f", {better} {_short(list(d.improvements))} {sum(d.improvements.values())} {tiles}"
        if d.good_shape is not None:
            line += f", good shape {d.good_shape:.0%}"
        line += f"  (shanten {d.shanten}{', ' + backward if d.backward else ''})"
        lines.append(line)
    return "\n".join(lines)


__all__ = [
    "Discard",
    "DiscardAnalysis",
    "UsefulTiles",
    "discard_analysis",
    "useful_tiles",
]
