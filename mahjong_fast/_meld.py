"""``Meld``, and the text of melds and hands: one layer under ``Hand``.

A meld's text is its tiles in brackets, in any notation: ``[789s]`` an exposed chow,
``[555p]`` a pung, ``[1111z]`` an exposed kong, ``{1111z}`` a concealed kong.  ``read_text``
reads a hand's text (its concealed tiles, then its melds in brackets) in one left-to-right
pass, ``parse_meld`` one meld's, ``write_hand`` and ``format_meld`` write them back;
``tile_list`` reads a sequence of tiles (index34 ints, ``Tile``, one-tile texts).  Errors
name the argument and show the bad text at its position.  ``READERS`` holds the fast readers
standing in front of the general code of this module, ``_hand`` and ``_notation``.

>>> tiles, melds, red = read_text("0m55m [789s] {1111z}", None, "hand")
>>> tiles, melds, red
([5m, 5m, 5m], (Meld.chow('7s'), Meld.kong('1z', concealed=True)), (1, 0, 0))
>>> write_hand(tiles, melds, "mpsz", red)
'055m [789s] {1111z}'
>>> parse_meld("[55p]", "meld")
Traceback (most recent call last):
...
ValueError: not a meld: [5p 5p] at position 0 of meld '[55p]'
"""
from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any, Callable, Union

from ._layout import MAX_COPIES, MAX_MELDS, N_KINDS, N_SUITS, SUIT_SIZE
from ._tile_lists import tile_iter, write_tiles
from ._tile_names import NO_RED, RED_FIVES, check_notation, detect_notation, excerpt, show, text_error
from ._tiles import TILES, Tile, TileSink, as_tile_red, read_into

_MELD_KINDS = ("chow", "pung", "kong")


def _not_vouched(*args: object) -> None:
    return None


class Readers:
    """The fast readers in front of the general code of this module and ``_notation``.

    ``_api`` installs the compiled ones of ``_api_fast`` (``install``); each answers only
    what it vouches for and returns False or None for anything else, which the general code
    then answers, errors included: the same objects, the same errors.  Until then (and in
    pure Python) none vouches for anything.

    >>> READERS.counts([0, 0], None) in (None, b"\\x02" + bytes(33))
    True
    """

    __slots__ = ("counts", "encode", "hand", "meld", "parse", "parse_meld", "write")

    def __init__(self) -> None:
        self.install((_not_vouched,) * 7)

    def install(self, readers: tuple[Callable[..., Any], ...]) -> None:
        """Put ``(hand, meld, parse_meld, parse, counts, write, encode)`` in front (``_api_fast.install_objects``)."""
        self.hand, self.meld, self.parse_meld, self.parse, self.counts, self.write, self.encode = readers


READERS = Readers()
"""The fast readers installed (``Readers``)."""
_BRACKET = re.compile(r"[\[\]{}]")
_CLOSER = {"[": "]", "{": "}"}


class Meld:
    """A declared meld: a chow, a pung or a kong (exposed or concealed).

    ``kind`` is ``"chow"``, ``"pung"`` or ``"kong"``; ``tile`` is its lowest
    tile; ``concealed`` is only ever true for a kong (an 暗杠); ``red`` is how
    many of its tiles are red fives (0 up to the fives it holds; ``tile`` given
    as a red five's text, ``"0m"`` or ``"5mr"``, makes it at least 1).  Melds
    are equal when all four are; a meld is immutable and hashable.

    Parameters
    ----------
    kind
        ``"chow"`` (顺子/吃), ``"pung"`` (刻子/碰) or ``"kong"`` (杠).
    tile
        The meld's lowest tile, in any tile form (``Tile``, index34 int, text).
    concealed
        Whether a kong is concealed (暗杠); only a kong can be.
    red
        How many of its tiles are red fives.

    Raises
    ------
    ValueError
        An unknown kind, a chow of honors or starting above rank 7, a
        concealed pung or chow, a ``red`` above the fives the meld holds.
    TypeError
        An argument of the wrong type (a ``kind`` that is not a ``str``, a
        ``concealed`` that is not a bool, ...).

    Examples
    --------
    >>> from mahjong_fast import Meld
    >>> Meld("pung", "5p"), str(Meld("pung", "5p"))
    (Meld.pung('5p'), '[555p]')
    >>> Meld("chow", "8m")
    Traceback (most recent call last):
    ...
    ValueError: a chow starts at rank 1-7, not 8m
    """

    __slots__ = ("concealed", "kind", "red", "tile")
    kind: str
    tile: Tile
    concealed: bool
    red: int

    def __init__(self, kind: str, tile: object, concealed: bool = False, red: int = 0) -> None:
        if READERS.meld(self, kind, tile, concealed, red):
            return
        if not isinstance(kind, str):
            raise TypeError(f"kind must be a str, not {type(kind).__name__}")
        if kind not in _MELD_KINDS:
            raise ValueError(f"unknown meld kind {show(kind)}; expected chow, pung or kong")
        t, red_tile = as_tile_red(tile)
        if red_tile and type(red) is int and red < 1:
            red = 1
        if kind == "chow":
            if t.is_honor:
                raise ValueError(f"cannot chow honors: {t}")
            if t.rank > SUIT_SIZE - 2:
                raise ValueError(f"a chow starts at rank 1-7, not {t}")
        if not isinstance(concealed, bool):
            raise TypeError(f"concealed must be a bool, not {type(concealed).__name__}")
        if concealed and kind != "kong":
            raise ValueError(f"only a kong can be concealed, not a {kind} of {t}")
        if type(red) is not int:
            raise TypeError(f"red must be an int, not {type(red).__name__} {show(red)}")
        if red:
            fives = sum(1 for x in _meld_tiles(kind, t) if x in RED_FIVES)
            if not 0 <= red <= fives:
                raise ValueError(f"a {kind} of {t} holds {fives} fives; red={red} is not 0-{fives}")
        object.__setattr__(self, "kind", kind)
        object.__setattr__(self, "tile", t)
        object.__setattr__(self, "concealed", concealed)
        object.__setattr__(self, "red", red)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Meld is immutable")

    @classmethod
    def chow(cls, tile: object, red: int = 0) -> Meld:
        """A chow (顺子) starting at ``tile``: ``Meld.chow("7s")`` is 789s.

        Parameters
        ----------
        tile
            Its lowest tile, rank 1-7 of a suit.
        red
            How many of its tiles are red fives (0 or 1).

        Returns
        -------
        Meld
            The exposed chow.

        Raises
        ------
        ValueError
            An honor, or a rank above 7.

        Examples
        --------
        >>> Meld.chow("7s").tiles
        (7s, 8s, 9s)
        """
        return cls("chow", tile, red=red)

    @classmethod
    def pung(cls, tile: object, red: int = 0) -> Meld:
        """A pung (刻子/碰) of ``tile``.

        Parameters
        ----------
        tile
            The tile, in any tile form.
        red
            How many of its tiles are red fives (0-3, for a five).

        Returns
        -------
        Meld
            The exposed pung.

        Raises
        ------
        ValueError
            A tile that is not one, a ``red`` the meld cannot hold.

        Examples
        --------
        >>> Meld.pung("7z"), str(Meld.pung("7z"))
        (Meld.pung('7z'), '[777z]')
        """
        return cls("pung", tile, red=red)

    @classmethod
    def kong(cls, tile: object, concealed: bool = False, red: int = 0) -> Meld:
        """A kong (杠) of ``tile``; ``concealed=True`` for an 暗杠.

        Parameters
        ----------
        tile
            The tile, in any tile form.
        concealed
            Whether the kong is concealed (暗杠).
        red
            How many of its tiles are red fives (0-4, for a five).

        Returns
        -------
        Meld
            The kong.

        Raises
        ------
        ValueError
            As for ``pung``.

        Examples
        --------
        >>> str(Meld.kong("1z", concealed=True)), str(Meld.kong("1z"))
        ('{1111z}', '[1111z]')
        """
        return cls("kong", tile, concealed, red)

    @classmethod
    def from_tiles(cls, tiles: Sequence[object], concealed: bool = False) -> Meld:
        """The meld its tiles make: three alike, four alike or three in a row.

        Tiles given as text keep their redness: ``["5mr", "5m", "5m"]`` is a pung with ``red == 1``.

        Parameters
        ----------
        tiles
            Three or four tiles, in any order and any tile form.
        concealed
            Whether a kong is concealed (暗杠).

        Returns
        -------
        Meld
            The chow, pung or kong.

        Raises
        ------
        ValueError
            Tiles that make no meld.

        Examples
        --------
        >>> Meld.from_tiles(["3s", "1s", "2s"]), Meld.from_tiles(["5mr", "5m", "5m"]).red
        (Meld.chow('1s'), 1)
        >>> Meld.from_tiles(["1s", "1s", "2s"])
        Traceback (most recent call last):
        ...
        ValueError: not a meld: [1s 1s 2s]
        """
        red = [0] * N_SUITS
        return _meld_of(tile_list(tiles, "tiles", red), concealed, sum(red))

    @classmethod
    def parse(cls, text: str) -> Meld:
        """A meld from text: ``"789s"``, ``"[555p]"``, ``"{1111z}"`` (concealed kong).

        Parameters
        ----------
        text
            The meld's tiles in any notation, bare or in ``[...]`` (exposed)
            or ``{...}`` (a concealed kong).

        Returns
        -------
        Meld
            The meld.

        Raises
        ------
        ValueError
            Malformed text, or tiles that make no meld.
        TypeError
            ``text`` that is not a ``str``.

        Examples
        --------
        >>> Meld.parse("{1111z}"), Meld.parse("T7 T8 T9")
        (Meld.kong('1z', concealed=True), Meld.chow('7s'))
        """
        meld: Meld | None = READERS.parse_meld(text)
        if meld is not None:
            return meld
        if not isinstance(text, str):
            raise TypeError(f"text must be a str, not {type(text).__name__}")
        return parse_meld(text, "text")

    @property
    def tiles(self) -> tuple[Tile, ...]:
        """The meld's tiles, lowest first (a red five as its kind).

        Examples
        --------
        >>> Meld.chow("1m").tiles
        (1m, 2m, 3m)
        """
        return _meld_tiles(self.kind, self.tile)

    @property
    def red_counts(self) -> tuple[int, ...]:
        """The meld's red fives per suit (m, p, s).

        Examples
        --------
        >>> Meld.parse("[0p55p]").red_counts
        (0, 1, 0)
        """
        if not self.red:
            return NO_RED
        suit = self.tile // SUIT_SIZE
        return tuple(self.red if s == suit else 0 for s in range(N_SUITS))

    def _key(self) -> tuple[str, int, bool, int]:
        return (self.kind, int(self.tile), self.concealed, self.red)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Meld) and self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def __reduce__(self) -> tuple[type[Meld], tuple[str, int, bool, int]]:
        return (Meld, (self.kind, int(self.tile), self.concealed, self.red))  # pickle and copy: __setattr__ refuses

    def __repr__(self) -> str:
        extra = ", concealed=True" if self.concealed else ""
        extra += f", red={self.red}" if self.red else ""
        return f"Meld.{self.kind}({str(self.tile)!r}{extra})"

    def __str__(self) -> str:
        return format_meld(self)


MeldLike = Union[Meld, str]


def _meld_tiles(kind: str, tile: Tile) -> tuple[Tile, ...]:
    if kind == "chow":
        return (tile, TILES[tile + 1], TILES[tile + 2])
    return (tile,) * (MAX_COPIES if kind == "kong" else 3)


def _meld_of(tiles: list[Tile], concealed: bool, red: int) -> Meld:
    """The meld ``tiles`` make, ``red`` of them red fives (read with the tiles, so never too many)."""
    ts = sorted(tiles)
    shown = " ".join(map(str, ts)) if len(ts) <= MAX_COPIES else f"{len(ts)} tiles"
    if len(ts) == MAX_COPIES and len(set(ts)) == 1:
        return Meld.kong(ts[0], concealed, red)
    if concealed:
        raise ValueError(f"only a kong can be concealed, not [{shown}]")
    if len(ts) == 3 and len(set(ts)) == 1:
        return Meld.pung(ts[0], red)
    if len(ts) == 3 and ts[0].suit == ts[2].suit != "z" and ts[1] == ts[0] + 1 and ts[2] == ts[0] + 2:
        return Meld.chow(ts[0], red)
    raise ValueError(f"not a meld: [{shown}]")


# --- text -------------------------------------------------------------------------

def _closing(text: str, open_at: int, name: str) -> int:
    """The position of the bracket closing the one at ``open_at``; ``ValueError`` if it is not there."""
    found = _BRACKET.search(text, open_at + 1)
    if found is None:
        raise text_error(f"unclosed {text[open_at]!r}", text, open_at, name)
    c, i = found.group(), found.start()
    if c in _CLOSER:
        raise text_error(f"nested brackets: {c!r} inside a group", text, i, name)
    if c != _CLOSER[text[open_at]]:
        raise text_error(f"mismatched {c!r} closing {text[open_at]!r}", text, i, name)
    return i


def _read_group(sink: TileSink, notation: str, open_at: int, close_at: int) -> Meld:
    """The meld in brackets at ``open_at``..``close_at`` of ``sink.text``, its copies counted in ``sink.seen``."""
    text, name = sink.text, sink.name
    meld = TileSink(
        text, name, seen=sink.seen, room=MAX_COPIES, too_many="not a meld: more than four tiles",
        where="across hand and melds",
    )
    tiles = read_into(meld, notation, open_at + 1, close_at)
    try:
        return _meld_of(tiles, text[open_at] == "{", sum(meld.red))
    except ValueError as exc:
        raise ValueError(f"{exc} at position {open_at} of {name} {excerpt(text, open_at)}") from None


def read_text(
    text: str, notation: str | None, name: str
) -> tuple[list[Tile], tuple[Meld, ...], tuple[int, ...]]:
    """Concealed tiles, declared melds and concealed red fives of a hand's text (notation detected when ``None``).

    One left-to-right pass that stops at the first impossible point: a bad
    character or bracket, a fifth copy (hand and melds together), a fifth meld.
    """
    notation = detect_notation(text) if notation is None else check_notation(notation)
    sink = TileSink(text, name)
    melds: list[Meld] = []

    def group(open_at: int) -> int:
        if text[open_at] in _CLOSER.values():
            raise text_error(f"unmatched {text[open_at]!r}", text, open_at, name)
        if len(melds) == MAX_MELDS:
            raise text_error(f"more than {MAX_MELDS} melds", text, open_at, name)
        close_at = _closing(text, open_at, name)
        melds.append(_read_group(sink, notation, open_at, close_at))
        sink.where = "across hand and melds"
        return close_at + 1

    tiles = read_into(sink, notation, groups=group)
    return tiles, tuple(melds), tuple(sink.red)


def parse_meld(text: object, name: str) -> Meld:
    if not isinstance(text, str):
        raise TypeError(f"{name} must be a Meld or its text, not {type(text).__name__}")
    first = _BRACKET.search(text)
    if first is None:
        if text.strip():
            sink = TileSink(text, name, room=MAX_COPIES, too_many="not a meld: more than four tiles")
            tiles = read_into(sink, detect_notation(text))
            return _meld_of(tiles, False, sum(sink.red))
    else:
        open_at = first.start()
        if text[open_at] in _CLOSER and not text[:open_at].strip():
            close_at = _closing(text, open_at, name)
            if not text[close_at + 1:].strip():
                sink = TileSink(text, name)
                return _read_group(sink, detect_notation(text[open_at + 1:close_at]), open_at, close_at)
    raise ValueError(f"{name} must be one meld, got {excerpt(text, 0)}")


def format_meld(meld: Meld, notation: str = "mpsz") -> str:
    """One meld in brackets: ``[789s]``, ``{1111z}`` for a concealed kong; red fives as the notation writes them."""
    body = write_tiles(meld.tiles, check_notation(notation), meld.red_counts)
    return "{" + body + "}" if meld.concealed else "[" + body + "]"


def write_hand(
    tiles: Sequence[Tile], melds: Sequence[Meld], notation: str, red: Sequence[int] = NO_RED
) -> str:
    """A hand's text: its tiles in ``notation`` (a checked name), ``red`` of them red fives, then its melds."""
    parts = [write_tiles(tiles, notation, red)] if tiles else []
    parts += [format_meld(m, notation) for m in melds]
    return " ".join(parts)


def tile_list(value: object, name: str, red: list[int] | None = None) -> list[Tile]:
    """Tiles of a sequence of index34 ints, ``Tile`` or one-tile texts; red fives among the texts added to ``red``.

    Read once, up to the first fifth copy of a kind (``ValueError``).
    """
    tiles = []
    seen = [0] * N_KINDS
    for i, t in enumerate(tile_iter(value, name)):
        if type(t) is int and 0 <= t < N_KINDS:
            t = TILES[t]
        elif not isinstance(t, Tile):
            t, is_red = as_tile_red(t, f"{name}[{i}]")  # its errors name the position once
            if is_red and red is not None:
                red[t // SUIT_SIZE] += 1
        seen[t] += 1
        if seen[t] > MAX_COPIES:
            raise ValueError(f"tile {t} appears {seen[t]} times in the hand; at most {MAX_COPIES} ({name}[{i}])")
        tiles.append(t)
    return tiles
