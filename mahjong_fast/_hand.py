"""``Hand`` (concealed tiles + declared melds), on ``Meld`` and the text of both (``_meld``).

Any input form is normalised here, once, to a 34-count ``bytes``; nothing below
this layer sees a string.  A hand's text is its concealed tiles followed by its
declared melds, each in brackets in the same notation: ``[789s]`` an exposed
chow, ``[555p]`` a pung, ``[1111z]`` an exposed kong, ``{1111z}`` a concealed
kong (read and written by ``_meld``).  Validation errors name the argument and
the offending value.

Red fives: a ``Hand`` and a ``Meld`` count their red fives beside their tiles
(``Hand.red``, ``Meld.red``); they are part of equality and of the text, never
of ``counts``, so no answer depends on them (``docs/tiles.md``).
"""
from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from collections.abc import Set as AbstractSet

from ._counts import read_counts
from ._layout import MAX_COPIES, MAX_MELDS, N_KINDS, N_SUITS
from ._meld import READERS, Meld, MeldLike, parse_meld, read_text, tile_list, write_hand
from ._tile_lists import decode_red, encode_pairs, red_pairs, tile_iter, tiles_from_counts
from ._tile_names import NO_RED, check_encoding, check_red
from ._tiles import TILES, Tile

# --- Hand -------------------------------------------------------------------------

def _looks_like_counts(items: object) -> bool:
    return (
        isinstance(items, (list, tuple))
        and len(items) == N_KINDS
        and all(type(v) is int and 0 <= v <= MAX_COPIES for v in items)
    )


def read_melds(melds: object) -> tuple[Meld, ...]:
    if isinstance(melds, (str, Meld)):
        return (_as_meld(melds, "melds"),)
    if isinstance(melds, (Mapping, AbstractSet, bytes, bytearray)) or not hasattr(melds, "__iter__"):
        raise TypeError(f"melds must be an iterable of melds, not {type(melds).__name__}")
    read = []
    for i, m in enumerate(melds):
        if i == MAX_MELDS:
            raise ValueError(f"melds: more than {MAX_MELDS} melds (melds[{i}] is one too many)")
        read.append(_as_meld(m, f"melds[{i}]"))
    return tuple(read)


def _as_meld(meld: object, name: str) -> Meld:
    if isinstance(meld, Meld):
        return meld
    return parse_meld(meld, name)


class Hand:
    """Concealed tiles plus declared melds, validated once.

    ``tiles`` are ints in ``encoding`` (index34 by default), text in any
    notation (melds in brackets allowed), one-tile texts (``["1m", "5mr"]``),
    or 34 counts with ``encoding="counts"``.
    Attributes: ``tiles`` (sorted tuple of ``Tile``), ``melds`` (tuple of
    ``Meld``), ``counts`` (34 ``bytes`` of the concealed part), ``all_counts``
    (concealed part plus melds, a kong counting four) and ``red`` (red fives
    among the concealed tiles per suit m, p, s; each is also in ``tiles`` and
    ``counts`` as its five).  Red fives are read from mpsz ``0m``, mjai
    ``5mr``, tenhou 51-53, and index136 ids 16/52/88 when ``red=True`` (off by
    default: index136 ids are also plain copy numbers).  Two hands are equal
    when their tiles, red fives and melds (a meld's red fives included) are, in
    any meld order; compare ``counts``/``all_counts`` to ignore redness, as
    every answer of the library does.  A hand is immutable and hashable.

    Parameters
    ----------
    tiles
        The concealed tiles: ints in ``encoding``, text (with melds in
        brackets), one-tile texts or ``Tile`` members, or 34 counts.
    melds
        Declared melds: ``Meld`` objects or their text (``"789s"``, ``"{1111z}"``).
    encoding
        How ints are read: one of ``ENCODINGS``, ``"index34"`` by default.
    red
        Whether ``index136`` ids 16/52/88 are red fives.

    Raises
    ------
    ValueError
        Malformed text (named with its position), an unknown code or
        encoding, a fifth copy of a tile (melds included).
    TypeError
        An argument of the wrong type.

    Examples
    --------
    >>> from mahjong_fast import Hand
    >>> h = Hand("11m [123p] {7777z}")
    >>> h.tiles, h.melds
    ((1m, 1m), (Meld.chow('1p'), Meld.kong('7z', concealed=True)))
    >>> Hand([0, 0, 0, 1]) == Hand("1112m")
    True
    >>> Hand("11111m")
    Traceback (most recent call last):
    ...
    ValueError: tile 1m appears 5 times in the hand; at most 4 at position 4 of tiles '11111m'
    """

    __slots__ = ("all_counts", "counts", "melds", "red", "tiles")
    tiles: tuple[Tile, ...]
    melds: tuple[Meld, ...]
    counts: bytes
    all_counts: bytes
    red: tuple[int, ...]

    def __init__(
        self, tiles: object = (), melds: Iterable[MeldLike] = (), encoding: str = "index34", *, red: bool = False
    ) -> None:
        if not READERS.hand(self, tiles, melds, encoding, red):
            _fill(self, tiles, melds, encoding, "tiles", check_red(red))

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Hand is immutable")

    @property
    def size(self) -> int:
        """Tiles in the whole hand, a kong counting three (14 for a complete hand).

        Examples
        --------
        >>> Hand("11m [123p] {7777z}").size
        8
        """
        return len(self.tiles) + 3 * len(self.melds)

    def encode(self, encoding: str = "index34", *, red: bool = False) -> list[int] | bytes:
        """The concealed tiles in a numeric encoding, red fives included where it can say so.

        ``tenhou`` writes red fives as 51-53; ``index136`` as ids 16/52/88 when
        ``red`` (the plain fives then taking copies 1-3); the others write a plain
        five.  ``Hand(h.encode(e, red=True), encoding=e, red=True) == h`` without melds.

        Parameters
        ----------
        encoding, red
            As for ``encode``: one of ``ENCODINGS`` (``"index34"`` by default), and whether
            ``index136`` writes red fives as ids 16/52/88.

        Returns
        -------
        list[int] | bytes
            The codes of the concealed tiles; 34 counts (``bytes``) for ``"counts"``.

        Raises
        ------
        ValueError
            An unknown encoding.
        TypeError
            ``red`` that is not a bool.

        Examples
        --------
        >>> Hand("123m").encode(), Hand("0m55m").encode("tenhou")
        ([0, 1, 2], [51, 15, 15])
        >>> Hand("0m55m").encode("index136", red=True)
        [16, 17, 18]
        """
        codes: list[int] | bytes | None = READERS.encode(self, encoding, red)
        if codes is not None:
            return codes
        return encode_pairs(red_pairs(self.tiles, self.red), check_encoding(encoding), check_red(red))

    def _key(self) -> tuple[bytes, tuple[int, ...], tuple[tuple[str, int, bool, int], ...]]:
        # the counts say what the sorted tiles say, and hash without a call per tile
        return (self.counts, self.red, tuple(sorted(m._key() for m in self.melds)) if self.melds else ())

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Hand) and self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def __reduce__(self) -> tuple[object, tuple[tuple[int, ...], tuple[int, ...], tuple[Meld, ...]]]:
        return (_restore, (tuple(map(int, self.tiles)), self.red, self.melds))  # pickle and copy

    def __repr__(self) -> str:
        return f"Hand({str(self)!r})"

    def __str__(self) -> str:
        text: str | None = READERS.write(self, "mpsz")
        return write_hand(self.tiles, self.melds, "mpsz", self.red) if text is None else text


def _fill(hand: Hand, value: object, melds: object, encoding: str, name: str, red_ids: bool = False) -> None:
    check_encoding(encoding)
    extra = read_melds(melds)
    own: tuple[Meld, ...] = ()
    items = None
    red: Sequence[int] = NO_RED
    try:
        if isinstance(value, Hand):
            concealed: list[Tile] = list(value.tiles)
            own = value.melds
            red = value.red
        elif isinstance(value, str):
            concealed, own, red = read_text(value, None, name)
        elif encoding == "counts":
            concealed = tiles_from_counts(value, name)
        elif isinstance(value, (bytes, bytearray, memoryview)):
            raise TypeError(f"{name}: a {type(value).__name__} hand needs encoding='counts' (34 counts)")
        else:
            items = tile_iter(value, name)
            if encoding == "index34":
                red = [0] * N_SUITS
                concealed = tile_list(items, name, red)
            else:
                concealed, red = decode_red(items, encoding, name, red_ids, hand=True)  # type: ignore[arg-type]
        if len(own) + len(extra) > MAX_MELDS:
            raise ValueError(f"more than {MAX_MELDS} melds: {len(own)} in {name} and {len(extra)} in melds")
        _set(hand, concealed, own + extra, red)
    except ValueError as exc:
        if items is not None and _looks_like_counts(items):
            raise ValueError(f"{exc}; did you mean encoding='counts'?") from None
        raise


def _set(hand: Hand, concealed: list[Tile], melds: tuple[Meld, ...], red: Sequence[int] = NO_RED) -> None:
    counts = _counts(concealed)
    set_ = object.__setattr__
    set_(hand, "counts", _check_copies(counts, ()))
    set_(hand, "tiles", tuple(sorted(concealed)))
    set_(hand, "red", tuple(red) if any(red) else NO_RED)
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


def _restore(tiles: tuple[int, ...], red: tuple[int, ...], melds: tuple[Meld, ...]) -> Hand:
    """The hand ``Hand.__reduce__`` describes (an unpickled hand is checked again)."""
    hand = Hand.__new__(Hand)
    _set(hand, tile_list(tiles, "tiles"), tuple(melds), red)
    return hand


def parse_hand(text: object, notation: str | None, name: str) -> Hand:
    """The ``Hand`` of a text in ``notation`` (detected when ``None``) by the general reading, errors
    included: ``parse`` asks ``READERS.parse`` first and comes here when it declines."""
    if not isinstance(text, str):
        raise TypeError(f"{name} must be a str, not {type(text).__name__}")
    hand = Hand.__new__(Hand)
    _set(hand, *read_text(text, notation, name))
    return hand


def as_hand(hand: object, melds: Iterable[MeldLike] = (), encoding: str | None = None, name: str = "hand") -> Hand:
    """Normalise anything the public API accepts into a ``Hand``; errors name ``name``."""
    if type(hand) is Hand and not melds:
        return hand
    h = Hand.__new__(Hand)
    encoding = "index34" if encoding is None else encoding
    if not READERS.hand(h, hand, melds, encoding, False):
        _fill(h, hand, melds, encoding, name)
    return h


def to_counts(tiles: object, encoding: str | None = None) -> bytes:
    """The 34 counts (index34 order, hashable ``bytes``) of a hand's concealed tiles.

    Melds are not included; see ``Hand.all_counts`` for the whole hand.

    Parameters
    ----------
    tiles
        A hand in any form ``Hand`` accepts.
    encoding
        How ints are read (see ``Hand``); ``None`` is ``"index34"``.

    Returns
    -------
    bytes
        34 counts, one byte per tile kind in index34 order.

    Raises
    ------
    ValueError, TypeError
        As for ``Hand``: a hand it rejects.

    Examples
    --------
    >>> from mahjong_fast import to_counts
    >>> counts = to_counts("11m7z")
    >>> len(counts), counts[0], counts[33], sum(counts)
    (34, 2, 1, 3)
    """
    counts: bytes | None = READERS.counts(tiles, encoding)
    if counts is not None:
        return counts
    if encoding == "counts":
        return read_counts(tiles, "tiles")
    return as_hand(tiles, (), encoding, "tiles").counts
