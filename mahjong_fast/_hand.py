"""``Hand`` (concealed tiles + declared melds) and ``Meld``.

Any input form is normalised here, once, to a 34-count ``bytes``; nothing below
this layer sees a string. Validation errors name the offending value.
"""
from __future__ import annotations

from typing import Iterable, Sequence, Union

from ._tiles import TILES, Tile, as_tile, check_counts, check_encoding, decode, tiles_from_counts

_MELD_KINDS = ("chow", "pung", "kong")


class Meld:
    """A declared meld: a chow, a pung or a kong (exposed or concealed).

    ``kind`` is ``"chow"``, ``"pung"`` or ``"kong"``; ``tile`` is its lowest
    tile; ``concealed`` is only ever true for a kong (an 暗杠).
    """

    __slots__ = ("kind", "tile", "concealed")
    kind: str
    tile: Tile
    concealed: bool

    def __init__(self, kind: str, tile: object, concealed: bool = False) -> None:
        if kind not in _MELD_KINDS:
            raise ValueError(f"unknown meld kind {kind!r}; expected chow, pung or kong")
        t = as_tile(tile)
        if kind == "chow":
            if t.is_honor:
                raise ValueError(f"cannot chow honors: {t}")
            if t.rank > 7:
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
    def chow(cls, tile: object) -> "Meld":
        """A chow (顺子) starting at ``tile``: ``Meld.chow("7s")`` is 789s."""
        return cls("chow", tile)

    @classmethod
    def pung(cls, tile: object) -> "Meld":
        """A pung (刻子/碰) of ``tile``."""
        return cls("pung", tile)

    @classmethod
    def kong(cls, tile: object, concealed: bool = False) -> "Meld":
        """A kong (杠) of ``tile``; ``concealed=True`` for an 暗杠."""
        return cls("kong", tile, concealed)

    @classmethod
    def from_tiles(cls, tiles: Sequence[object], concealed: bool = False) -> "Meld":
        """The meld its tiles make: three alike, four alike or three in a row."""
        ts = sorted(as_tile(t) for t in tiles)
        shown = " ".join(map(str, ts))
        if len(ts) == 4 and len(set(ts)) == 1:
            return cls.kong(ts[0], concealed)
        if concealed:
            raise ValueError(f"only a kong can be concealed, not [{shown}]")
        if len(ts) == 3 and len(set(ts)) == 1:
            return cls.pung(ts[0])
        if len(ts) == 3 and ts[0].suit == ts[2].suit != "z" and ts[1] == ts[0] + 1 and ts[2] == ts[0] + 2:
            return cls.chow(ts[0])
        raise ValueError(f"not a meld: [{shown}]")

    @classmethod
    def parse(cls, text: str) -> "Meld":
        """A meld from text: ``"789s"``, ``"[555p]"``, ``"{1111z}"`` (concealed kong)."""
        from ._notation import parse_tiles, split_melds

        rest, groups = split_melds(text.strip())
        if not groups and rest:
            return cls.from_tiles(parse_tiles(rest))
        if len(groups) != 1 or rest.strip():
            raise ValueError(f"expected one meld, got {text!r}")
        inner, concealed = groups[0]
        return cls.from_tiles(parse_tiles(inner), concealed=concealed)

    @property
    def tiles(self) -> tuple[Tile, ...]:
        """The meld's tiles, lowest first."""
        if self.kind == "chow":
            return (self.tile, TILES[self.tile + 1], TILES[self.tile + 2])
        return (self.tile,) * (4 if self.kind == "kong" else 3)

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
        from ._notation import format_meld

        return format_meld(self)


MeldLike = Union[Meld, str]


def _as_meld(meld: object) -> Meld:
    if isinstance(meld, Meld):
        return meld
    if isinstance(meld, str):
        return Meld.parse(meld)
    raise TypeError(f"a meld must be a Meld or its text, not {type(meld).__name__} {meld!r}")


class Hand:
    """Concealed tiles plus declared melds, validated once.

    ``tiles`` are ints in ``encoding`` (index34 by default), text in any
    notation (melds in brackets allowed), or 34 counts with ``encoding="counts"``.
    Attributes: ``tiles`` (sorted tuple of ``Tile``), ``melds`` (tuple of
    ``Meld``), ``counts`` (34 ``bytes`` of the concealed part) and
    ``all_counts`` (concealed part plus melds, a kong counting four).
    """

    __slots__ = ("tiles", "melds", "counts", "all_counts")
    tiles: tuple[Tile, ...]
    melds: tuple[Meld, ...]
    counts: bytes
    all_counts: bytes

    def __init__(self, tiles: object = (), melds: Iterable[MeldLike] = (), encoding: str = "index34") -> None:
        check_encoding(encoding)
        if isinstance(melds, (str, Meld)):
            melds = (melds,)
        extra = tuple(_as_meld(m) for m in melds)
        if isinstance(tiles, Hand):
            concealed, own = list(tiles.tiles), tiles.melds
        elif isinstance(tiles, str):
            from ._notation import parse

            parsed = parse(tiles)
            concealed, own = list(parsed.tiles), parsed.melds
        elif encoding == "counts":
            concealed, own = tiles_from_counts(tiles), ()
        elif isinstance(tiles, (bytes, bytearray, memoryview)):
            raise TypeError(f"a {type(tiles).__name__} hand needs encoding='counts' (34 counts)")
        elif encoding == "index34":
            concealed, own = [_index34(t) for t in _iterable(tiles)], ()
        else:
            concealed, own = decode(_iterable(tiles), encoding), ()
        set_ = object.__setattr__
        set_(self, "tiles", tuple(sorted(concealed)))
        set_(self, "melds", own + extra)
        counts = bytearray(34)
        for t in self.tiles:
            counts[t] += 1
        set_(self, "counts", bytes(counts))
        for m in self.melds:
            for t in m.tiles:
                counts[t] += 1
        for i, n in enumerate(counts):
            if n > 4:
                where = "across hand and melds" if self.melds else "in the hand"
                raise ValueError(f"tile {TILES[i]} appears {n} times {where}; at most 4")
        set_(self, "all_counts", bytes(counts))

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Hand is immutable")

    @property
    def size(self) -> int:
        """Tiles in the whole hand, a kong counting three (14 for a complete hand)."""
        return len(self.tiles) + 3 * len(self.melds)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Hand) and (self.tiles, self.melds) == (other.tiles, other.melds)

    def __hash__(self) -> int:
        return hash((self.tiles, self.melds))

    def __repr__(self) -> str:
        return f"Hand({str(self)!r})"

    def __str__(self) -> str:
        from ._notation import format

        return format(self)


def _iterable(tiles: object) -> Iterable[object]:
    try:
        return list(tiles)  # type: ignore[call-overload]
    except TypeError:
        raise TypeError(f"a hand must be tiles, text or counts, not {type(tiles).__name__}") from None


def _index34(tile: object) -> Tile:
    return tile if isinstance(tile, Tile) else as_tile(tile)


def as_hand(hand: object, melds: Iterable[MeldLike] = (), encoding: str | None = None) -> Hand:
    """Normalise anything the public API accepts into a ``Hand``."""
    if type(hand) is Hand and not melds:
        return hand
    return Hand(hand, melds, "index34" if encoding is None else encoding)


def to_counts(tiles: object, encoding: str | None = None) -> bytes:
    """The 34 counts (index34 order, hashable ``bytes``) of a hand's concealed tiles.

    Melds are not included; see ``Hand.all_counts`` for the whole hand.
    """
    if encoding == "counts":
        return check_counts(tiles)
    return as_hand(tiles, (), encoding).counts
