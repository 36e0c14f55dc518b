"""``Hand`` (concealed tiles + declared melds) and ``Meld``, and the text of both.

Any input form is normalised here, once, to a 34-count ``bytes``; nothing below
this layer sees a string.  A hand's text is its concealed tiles followed by its
declared melds, each in brackets in the same notation: ``[789s]`` an exposed
chow, ``[555p]`` a pung, ``[1111z]`` an exposed kong, ``{1111z}`` a concealed
kong.  Validation errors name the argument and the offending value.
"""
from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from collections.abc import Set as AbstractSet
from typing import Union

from ._counts import read_counts
from ._layout import MAX_COPIES, N_KINDS, SUIT_SIZE
from ._tiles import (
    TILES,
    Tile,
    as_tile,
    check_encoding,
    check_notation,
    decode,
    detect_notation,
    excerpt,
    read_tiles,
    show,
    text_error,
    tile_items,
    tiles_from_counts,
    write_tiles,
)

_MELD_KINDS = ("chow", "pung", "kong")
_BRACKET = re.compile(r"[\[\]{}]")
_CLOSER = {"[": "]", "{": "}"}


class Meld:
    """A declared meld: a chow, a pung or a kong (exposed or concealed).

    ``kind`` is ``"chow"``, ``"pung"`` or ``"kong"``; ``tile`` is its lowest
    tile; ``concealed`` is only ever true for a kong (an 暗杠).
    """

    __slots__ = ("concealed", "kind", "tile")
    kind: str
    tile: Tile
    concealed: bool

    def __init__(self, kind: str, tile: object, concealed: bool = False) -> None:
        if not isinstance(kind, str):
            raise TypeError(f"kind must be a str, not {type(kind).__name__}")
        if kind not in _MELD_KINDS:
            raise ValueError(f"unknown meld kind {show(kind)}; expected chow, pung or kong")
        t = as_tile(tile)
        if kind == "chow":
            if t.is_honor:
                raise ValueError(f"cannot chow honors: {t}")
            if t.rank > SUIT_SIZE - 2:
                raise ValueError(f"a chow starts at rank 1-7, not {t}")
        if not isinstance(concealed, bool):
            raise TypeError(f"concealed must be a bool, not {type(concealed).__name__}")
        if concealed and kind != "kong":
            raise ValueError(f"only a kong can be concealed, not a {kind} of {t}")
        object.__setattr__(self, "kind", kind)
        object.__setattr__(self, "tile", t)
        object.__setattr__(self, "concealed", concealed)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Meld is immutable")

    @classmethod
    def chow(cls, tile: object) -> Meld:
        """A chow (顺子) starting at ``tile``: ``Meld.chow("7s")`` is 789s."""
        return cls("chow", tile)

    @classmethod
    def pung(cls, tile: object) -> Meld:
        """A pung (刻子/碰) of ``tile``."""
        return cls("pung", tile)

    @classmethod
    def kong(cls, tile: object, concealed: bool = False) -> Meld:
        """A kong (杠) of ``tile``; ``concealed=True`` for an 暗杠."""
        return cls("kong", tile, concealed)

    @classmethod
    def from_tiles(cls, tiles: Sequence[object], concealed: bool = False) -> Meld:
        """The meld its tiles make: three alike, four alike or three in a row."""
        ts = sorted(_tile_list(tiles, "tiles"))
        shown = " ".join(map(str, ts)) if len(ts) <= MAX_COPIES else f"{len(ts)} tiles"
        if len(ts) == MAX_COPIES and len(set(ts)) == 1:
            return cls.kong(ts[0], concealed)
        if concealed:
            raise ValueError(f"only a kong can be concealed, not [{shown}]")
        if len(ts) == 3 and len(set(ts)) == 1:
            return cls.pung(ts[0])
        if len(ts) == 3 and ts[0].suit == ts[2].suit != "z" and ts[1] == ts[0] + 1 and ts[2] == ts[0] + 2:
            return cls.chow(ts[0])
        raise ValueError(f"not a meld: [{shown}]")

    @classmethod
    def parse(cls, text: str) -> Meld:
        """A meld from text: ``"789s"``, ``"[555p]"``, ``"{1111z}"`` (concealed kong)."""
        if not isinstance(text, str):
            raise TypeError(f"text must be a str, not {type(text).__name__}")
        return _parse_meld(text, "text")

    @property
    def tiles(self) -> tuple[Tile, ...]:
        """The meld's tiles, lowest first."""
        if self.kind == "chow":
            return (self.tile, TILES[self.tile + 1], TILES[self.tile + 2])
        return (self.tile,) * (MAX_COPIES if self.kind == "kong" else 3)

    def _key(self) -> tuple[str, int, bool]:
        return (self.kind, int(self.tile), self.concealed)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Meld) and self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def __repr__(self) -> str:
        extra = ", concealed=True" if self.concealed else ""
        return f"Meld.{self.kind}({str(self.tile)!r}{extra})"

    def __str__(self) -> str:
        return format_meld(self)


MeldLike = Union[Meld, str]


# --- text -------------------------------------------------------------------------

def _groups(text: str, name: str) -> list[tuple[int, int, bool]]:
    """The bracketed meld groups of ``text``: (opening, closing position, concealed)."""
    groups = []
    open_at = -1
    for m in _BRACKET.finditer(text):
        c, i = m.group(), m.start()
        if c in _CLOSER:
            if open_at >= 0:
                raise text_error(f"nested brackets: {c!r} inside a group", text, i, name)
            open_at = i
        elif open_at < 0:
            raise text_error(f"unmatched {c!r}", text, i, name)
        elif c != _CLOSER[text[open_at]]:
            raise text_error(f"mismatched {c!r} closing {text[open_at]!r}", text, i, name)
        else:
            groups.append((open_at, i, text[open_at] == "{"))
            open_at = -1
    if open_at >= 0:
        raise text_error(f"unclosed {text[open_at]!r}", text, open_at, name)
    return groups


def _read_text(text: str, notation: str | None, name: str) -> tuple[list[Tile], tuple[Meld, ...]]:
    """Concealed tiles and declared melds of a hand's text (notation detected when ``None``)."""
    notation = detect_notation(text) if notation is None else check_notation(notation)
    groups = _groups(text, name)
    skip = {start: stop + 1 for start, stop, _ in groups}
    tiles = read_tiles(text, notation, name, skip=skip)
    melds = []
    for start, stop, hidden in groups:
        meld_tiles = read_tiles(text, notation, name, start + 1, stop)
        try:
            melds.append(Meld.from_tiles(meld_tiles, hidden))
        except ValueError as exc:
            raise ValueError(f"{exc} at position {start} of {name} {excerpt(text, start)}") from None
    return tiles, tuple(melds)


def _parse_meld(text: object, name: str) -> Meld:
    if not isinstance(text, str):
        raise TypeError(f"{name} must be a Meld or its text, not {type(text).__name__}")
    groups = _groups(text, name)
    if not groups:
        if text.strip():
            return Meld.from_tiles(read_tiles(text, detect_notation(text), name))
    elif len(groups) == 1:
        start, stop, hidden = groups[0]
        if not (text[:start] + text[stop + 1:]).strip():
            notation = detect_notation(text[start + 1:stop])
            return Meld.from_tiles(read_tiles(text, notation, name, start + 1, stop), concealed=hidden)
    raise ValueError(f"{name} must be one meld, got {excerpt(text, 0)}")


def format_meld(meld: Meld, notation: str = "mpsz") -> str:
    """One meld in brackets: ``[789s]``, ``{1111z}`` for a concealed kong."""
    body = write_tiles(meld.tiles, check_notation(notation))
    return "{" + body + "}" if meld.concealed else "[" + body + "]"


def write_hand(tiles: Sequence[Tile], melds: Sequence[Meld], notation: str) -> str:
    """A hand's text: its tiles in ``notation`` (a checked name), then its melds."""
    parts = [write_tiles(tiles, notation)] if tiles else []
    parts += [format_meld(m, notation) for m in melds]
    return " ".join(parts)


# --- Hand -------------------------------------------------------------------------

def _tile_list(value: object, name: str) -> list[Tile]:
    tiles = []
    for i, t in enumerate(tile_items(value, name)):
        if type(t) is int and 0 <= t < N_KINDS:
            t = TILES[t]
        elif not isinstance(t, Tile):
            try:
                t = as_tile(t, f"{name}[{i}]")
            except (TypeError, ValueError) as exc:
                raise type(exc)(str(exc) if isinstance(t, str) else f"{name}[{i}]: {exc}") from None
        tiles.append(t)
    return tiles


def _looks_like_counts(items: object) -> bool:
    return (
        isinstance(items, (list, tuple))
        and len(items) == N_KINDS
        and all(type(v) is int and 0 <= v <= MAX_COPIES for v in items)
    )


def _read_melds(melds: object) -> tuple[Meld, ...]:
    if isinstance(melds, (str, Meld)):
        return (_as_meld(melds, "melds"),)
    if isinstance(melds, (Mapping, AbstractSet, bytes, bytearray)) or not hasattr(melds, "__iter__"):
        raise TypeError(f"melds must be an iterable of melds, not {type(melds).__name__}")
    return tuple(_as_meld(m, f"melds[{i}]") for i, m in enumerate(melds))


def _as_meld(meld: object, name: str) -> Meld:
    if isinstance(meld, Meld):
        return meld
    return _parse_meld(meld, name)


class Hand:
    """Concealed tiles plus declared melds, validated once.

    ``tiles`` are ints in ``encoding`` (index34 by default), text in any
    notation (melds in brackets allowed), or 34 counts with ``encoding="counts"``.
    Attributes: ``tiles`` (sorted tuple of ``Tile``), ``melds`` (tuple of
    ``Meld``), ``counts`` (34 ``bytes`` of the concealed part) and
    ``all_counts`` (concealed part plus melds, a kong counting four).  Two hands
    are equal when their tiles are and their melds are, in any order.
    """

    __slots__ = ("all_counts", "counts", "melds", "tiles")
    tiles: tuple[Tile, ...]
    melds: tuple[Meld, ...]
    counts: bytes
    all_counts: bytes

    def __init__(self, tiles: object = (), melds: Iterable[MeldLike] = (), encoding: str = "index34") -> None:
        _fill(self, tiles, melds, encoding, "tiles")

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Hand is immutable")

    @property
    def size(self) -> int:
        """Tiles in the whole hand, a kong counting three (14 for a complete hand)."""
        return len(self.tiles) + 3 * len(self.melds)

    def _key(self) -> tuple[tuple[Tile, ...], tuple[tuple[str, int, bool], ...]]:
        return (self.tiles, tuple(sorted(m._key() for m in self.melds)))

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Hand) and self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def __repr__(self) -> str:
        return f"Hand({str(self)!r})"

    def __str__(self) -> str:
        return write_hand(self.tiles, self.melds, "mpsz")


def _fill(hand: Hand, value: object, melds: object, encoding: str, name: str) -> None:
    check_encoding(encoding)
    extra = _read_melds(melds)
    own: tuple[Meld, ...] = ()
    items = None
    try:
        if isinstance(value, Hand):
            concealed: list[Tile] = list(value.tiles)
            own = value.melds
        elif isinstance(value, str):
            concealed, own = _read_text(value, None, name)
        elif encoding == "counts":
            concealed = tiles_from_counts(value, name)
        elif isinstance(value, (bytes, bytearray, memoryview)):
            raise TypeError(f"{name}: a {type(value).__name__} hand needs encoding='counts' (34 counts)")
        else:
            items = tile_items(value, name)
            concealed = _tile_list(items, name) if encoding == "index34" else decode(items, encoding, name)  # type: ignore[arg-type]
        _set(hand, concealed, own + extra)
    except ValueError as exc:
        if items is not None and _looks_like_counts(items):
            raise ValueError(f"{exc}; did you mean encoding='counts'?") from None
        raise


def _set(hand: Hand, concealed: list[Tile], melds: tuple[Meld, ...]) -> None:
    counts = _counts(concealed)
    set_ = object.__setattr__
    set_(hand, "counts", _check_copies(counts, ()))
    set_(hand, "tiles", tuple(sorted(concealed)))
    set_(hand, "melds", melds)
    for m in melds:
        for t in m.tiles:
            counts[t] += 1
    set_(hand, "all_counts", _check_copies(counts, melds))


def _counts(tiles: Iterable[Tile]) -> list[int]:
    counts = [0] * N_KINDS
    for t in tiles:
        counts[t] += 1
    return counts


def _check_copies(counts: list[int], melds: Sequence[Meld]) -> bytes:
    for i, n in enumerate(counts):
        if n > MAX_COPIES:
            where = "across hand and melds" if melds else "in the hand"
            raise ValueError(f"tile {TILES[i]} appears {n} times {where}; at most {MAX_COPIES}")
    return bytes(counts)


def parse_hand(text: object, notation: str | None, name: str) -> Hand:
    """The ``Hand`` of a text in ``notation`` (detected when ``None``)."""
    if not isinstance(text, str):
        raise TypeError(f"{name} must be a str, not {type(text).__name__}")
    hand = Hand.__new__(Hand)
    _set(hand, *_read_text(text, notation, name))
    return hand


def as_hand(hand: object, melds: Iterable[MeldLike] = (), encoding: str | None = None, name: str = "hand") -> Hand:
    """Normalise anything the public API accepts into a ``Hand``; errors name ``name``."""
    if type(hand) is Hand and not melds:
        return hand
    h = Hand.__new__(Hand)
    _fill(h, hand, melds, "index34" if encoding is None else encoding, name)
    return h


def to_counts(tiles: object, encoding: str | None = None) -> bytes:
    """The 34 counts (index34 order, hashable ``bytes``) of a hand's concealed tiles.

    Melds are not included; see ``Hand.all_counts`` for the whole hand.
    """
    if encoding == "counts":
        return read_counts(tiles, "tiles")
    return as_hand(tiles, (), encoding, "tiles").counts
