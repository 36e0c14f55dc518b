"""Sequences of tiles: numeric codes, 34 counts and text, each read and written whole.

One layer over ``_tiles`` (one tile's code and the text readers): ``decode``
and ``encode`` turn a sequence of codes in one of ``ENCODINGS`` into tiles and
back; ``tiles_from_counts``/``counts_of`` read and write 34 counts;
``read_tiles`` reads a run of text in one notation, ``write_tiles`` writes one;
``read_mjai_tile`` reads one mjai tile name.  Red fives are counted per suit
beside the tiles (``decode_red``, ``red_pairs``, ``encode_pairs``); a tile
given as text keeps its redness.

>>> decode([0, 9, 27]), encode(["1m", "0m"], "tenhou")
([1m, 1p, 1z], [11, 51])
>>> write_tiles(read_tiles("0m55m", "mpsz", "hand"), "mjai", red=(1, 0, 0))
'5mr 5m 5m'
"""
from __future__ import annotations

from collections.abc import Iterable, Mapping
from collections.abc import Set as AbstractSet

from ._counts import read_counts
from ._layout import MAX_COPIES, N_KINDS, N_SUITS, SUIT_LETTERS, SUIT_SIZE
from ._tile_names import (
    BOTZONE_NAMES,
    CHINESE_NAMES,
    ENCODE,
    INDEX136_RED,
    MJAI_NAMES,
    MJAI_RED,
    MJAI_RED_NAMES,
    NO_RED,
    RED_CODES,
    RED_FIVES,
    RED_SUIT,
    TENHOU_RED,
    UNICODE_NAMES,
    check_encoding,
    check_red,
    show,
)
from ._tiles import TILES, Tile, TileSink, as_tile_red, decode_tile, read_into

_MJAI_TO_TILE: dict[str, tuple[Tile, bool]] = {name: (TILES[i], False) for i, name in enumerate(MJAI_NAMES)}
_MJAI_TO_TILE.update({name: (TILES[five], True) for name, five in zip(MJAI_RED_NAMES, RED_FIVES)})


def _red_codes(encoding: str, red: bool) -> dict[int, int]:
    """The codes of ``encoding`` that are red fives (code -> suit): tenhou's always, index136's when ``red``."""
    if encoding == "index136":
        return dict(zip(INDEX136_RED, range(N_SUITS))) if red else {}
    return RED_CODES.get(encoding, {})


def tile_items(value: object, name: str) -> list[object]:
    """The items of a sequence of tiles, read once (an iterator is consumed once)."""
    return list(tile_iter(value, name))


def tile_iter(value: object, name: str) -> Iterable[object]:
    """The items of a sequence of tiles, to be read once: a list or tuple itself, else an iterator on it."""
    if isinstance(value, (str, bytes, bytearray, memoryview)):
        raise TypeError(f"{name} must be a sequence of tiles, not {type(value).__name__}")
    if isinstance(value, (Mapping, AbstractSet)):
        raise TypeError(
            f"{name} must be a sequence of tiles, not {type(value).__name__} "
            "(a hand is a sequence: a mapping or a set would be read as its keys)"
        )
    if isinstance(value, (list, tuple)):
        return value
    try:
        return iter(value)  # type: ignore[call-overload,no-any-return]
    except TypeError:
        raise TypeError(f"{name} must be tiles, text or counts, not {type(value).__name__}") from None


def decode(values: Iterable[int], encoding: str = "index34", name: str = "values") -> list[Tile]:
    """Decode a sequence of codes into tiles; for ``index136`` a repeated id is an error.

    Red fives decode to their kind; ``decode_red`` also counts them.

    Parameters
    ----------
    values
        The codes: ints, or 34 counts with ``encoding="counts"``.
    encoding
        One of ``ENCODINGS``; ``"index34"`` by default.
    name
        The argument's name in error messages.

    Returns
    -------
    list[Tile]
        The tiles, in the order of the codes (in index34 order for counts).

    Raises
    ------
    ValueError
        An unknown encoding, an unknown code (named with its position), a
        repeated ``index136`` id.
    TypeError
        Values that are not a sequence of ints.

    Examples
    --------
    >>> from mahjong_fast import decode
    >>> decode([0, 9, 27]), decode([11, 22], "decimal")
    ([1m, 1p, 1z], [1m, 2s])
    >>> decode([34])
    Traceback (most recent call last):
    ...
    ValueError: values[0]: unknown index34 tile code 34
    """
    return decode_red(values, encoding, name)[0]


def decode_red(
    values: Iterable[int], encoding: str = "index34", name: str = "values", red: bool = False, hand: bool = False
) -> tuple[list[Tile], list[int]]:
    """``decode`` and the red fives per suit (m, p, s) among the codes.

    Red codes: tenhou 51-53 always; index136 ids 16, 52, 88 only when ``red``
    (index136 ids are also plain copy numbers); other encodings have none.
    With ``hand``, the codes are a hand's: reading stops at the first fifth copy of a kind.
    """
    check_encoding(encoding)
    reds = [0] * N_SUITS
    if encoding == "counts":
        return tiles_from_counts(values, name), reds
    if isinstance(values, (bytes, bytearray, memoryview)):
        raise TypeError(
            f"{name} in {encoding} must be a sequence of ints, not {type(values).__name__}; "
            "pass encoding='counts' for a 34-count buffer"
        )
    items: list[object] = []
    tiles = []
    copies = [0] * N_KINDS
    for i, v in enumerate(tile_iter(values, name)):
        try:
            tile = decode_tile(v, encoding)  # type: ignore[arg-type]
        except (TypeError, ValueError) as exc:
            raise type(exc)(f"{name}[{i}]: {exc}") from None
        copies[tile] += 1
        if hand and copies[tile] > MAX_COPIES:
            n = copies[tile]
            raise ValueError(f"tile {tile} appears {n} times in the hand; at most {MAX_COPIES} ({name}[{i}])")
        items.append(v)
        tiles.append(tile)
    codes = [v.__index__() for v in items]  # type: ignore[attr-defined]
    if encoding == "index136":
        seen: set[int] = set()
        for code in codes:
            if code in seen:
                raise ValueError(f"index136 tile id {code} appears more than once in {name}")
            seen.add(code)
    red_codes = _red_codes(encoding, red)
    if red_codes:
        for code in codes:
            suit = red_codes.get(code)
            if suit is not None:
                reds[suit] += 1
    return tiles, reds


def encode(tiles: Iterable[int], encoding: str = "index34", *, red: bool = False) -> list[int] | bytes:
    """Encode tiles as numeric codes; ``index136`` numbers the copies of each kind 0, 1, 2, 3.

    A tile given as text keeps its redness (``"0m"``, ``"5mr"``): ``tenhou``
    writes it 51-53; ``index136`` writes it as id 16/52/88 (copy 0 of its five)
    when ``red`` is true, the plain fives then taking copies 1-3; every other
    encoding writes a plain five.  ``Hand.encode`` does the same for a hand.

    Parameters
    ----------
    tiles
        A sequence of tiles: ``Tile`` members, index34 ints or one-tile text.
    encoding
        One of ``ENCODINGS``; ``"index34"`` by default.
    red
        Whether ``index136`` writes red fives as ids 16/52/88.

    Returns
    -------
    list[int] | bytes
        The codes; 34 counts (``bytes``) for ``encoding="counts"``.

    Raises
    ------
    ValueError
        An unknown encoding, a tile that is not one, five copies in ``index136``.
    TypeError
        ``tiles`` that is not a sequence of tiles (a ``str`` included: use
        ``parse`` for text), or ``red`` that is not a bool.

    Examples
    --------
    >>> from mahjong_fast import encode
    >>> encode(["1m", "5p", "7z"]), encode(["1m", "0m"], "tenhou")
    ([0, 13, 33], [11, 51])
    """
    check_encoding(encoding)
    check_red(red)
    pairs = []
    for i, t in enumerate(tile_items(tiles, "tiles")):
        pairs.append(as_tile_red(t, f"tiles[{i}]"))  # its errors name the position once
    return encode_pairs(pairs, encoding, red)


_RANK_DIGITS = "123456789"


def red_pairs(tiles: Iterable[Tile], red: Iterable[int]) -> list[tuple[Tile, bool]]:
    """``(tile, is_red)`` for each tile, the first ``red[s]`` fives of suit ``s`` being the red ones."""
    left = list(red)
    pairs = []
    for t in tiles:
        suit = RED_SUIT.get(t)
        is_red = suit is not None and left[suit] > 0
        if is_red:
            left[suit] -= 1  # type: ignore[index]
        pairs.append((t, is_red))
    return pairs


def encode_pairs(pairs: Iterable[tuple[Tile, bool]], encoding: str, red: bool = False) -> list[int] | bytes:
    """Encode ``(tile, is_red)`` pairs in a checked encoding (see ``encode``)."""
    pairs = list(pairs)
    if encoding == "counts":
        return counts_of(t for t, _ in pairs)
    if encoding == "index136":
        seen = [0] * N_KINDS
        out = []
        red_taken = [False] * N_SUITS
        for t, is_red in pairs:
            suit = RED_SUIT.get(t) if red else None
            if suit is not None and is_red:
                if red_taken[suit]:
                    raise ValueError(
                        f"red {t} appears more than once in tiles; index136 has one red {t} (id {INDEX136_RED[suit]})"
                    )
                red_taken[suit] = True
                out.append(INDEX136_RED[suit])
                continue
            copy = seen[t] + (suit is not None)  # with red=True copy 0 of a five is the red one
            if copy >= MAX_COPIES:
                extra = f" besides the red one (id {INDEX136_RED[suit]})" if suit is not None else ""
                raise ValueError(f"tile {t} appears more than {MAX_COPIES - (suit is not None)} times{extra} in tiles")
            out.append(t * MAX_COPIES + copy)
            seen[t] += 1
        return out
    table = ENCODE[encoding]
    if encoding == "tenhou":
        return [TENHOU_RED[RED_SUIT[t]] if is_red else table[t] for t, is_red in pairs]
    return [table[t] for t, _ in pairs]


def counts_of(tiles: Iterable[int]) -> bytes:
    """34 counts of already-valid index34 tiles; ``ValueError`` past four copies."""
    counts = bytearray(N_KINDS)
    for t in tiles:
        if counts[t] == MAX_COPIES:
            raise ValueError(f"tile {TILES[t]} appears more than {MAX_COPIES} times")
        counts[t] += 1
    return bytes(counts)


def tiles_from_counts(values: object, name: str = "counts") -> list[Tile]:
    """The tiles of a 34-count argument (read by ``_counts.read_counts``), sorted."""
    counts = read_counts(values, name)
    return [TILES[i] for i in range(N_KINDS) for _ in range(counts[i])]

def read_tiles(text: str, notation: str, name: str, red: list[int] | None = None) -> list[Tile]:
    """The tiles of ``text`` in ``notation`` (a checked name), at most four copies of a kind.

    The red fives read (mpsz ``0m``, mjai ``5mr``) are added to ``red`` (three
    counts m, p, s) when given; each is also in the tiles, as its kind.
    ``ValueError`` gives the position of the first bad character in ``text``.
    """
    return read_into(TileSink(text, name, red=red), notation)


def read_mjai_tile(name: str) -> tuple[Tile, bool]:
    """The kind of one mjai tile name and whether it is red: ``"5mr"`` -> ``(Tile.M5, True)``.

    Exactly the names of ``MJAI_NAMES`` and ``MJAI_RED_NAMES`` (no spaces, no
    other notation; mjai's hidden tile ``"?"`` is not a tile): anything else
    raises ``ValueError`` naming it (``TypeError`` if it is not a ``str``).
    """
    found = _MJAI_TO_TILE.get(name) if isinstance(name, str) else None
    if found is None:
        if not isinstance(name, str):
            raise TypeError(f"mjai tile name must be a str, not {type(name).__name__} {show(name)}")
        raise ValueError(f"unknown mjai tile {show(name)}")
    return found


def write_tiles(tiles: Iterable[Tile], notation: str, red: Iterable[int] = NO_RED) -> str:
    """``tiles`` in ``notation``; mpsz groups them by suit, each suit in the given order.

    The first ``red[s]`` fives of suit ``s`` are written red where the notation
    can say so (mpsz ``0m``, mjai ``5mr``); other notations write a plain five.
    """
    if notation == "mpsz":
        ranks: list[list[str]] = [[] for _ in SUIT_LETTERS]
        if any(red):
            for t, is_red in red_pairs(tiles, red):
                ranks[t // SUIT_SIZE].append("0" if is_red else _RANK_DIGITS[t % SUIT_SIZE])
        else:
            for t in tiles:
                ranks[t // SUIT_SIZE].append(_RANK_DIGITS[t % SUIT_SIZE])
        return "".join("".join(r) + letter for r, letter in zip(ranks, SUIT_LETTERS) if r)
    pairs = red_pairs(tiles, red)
    if notation == "mjai":
        return " ".join(MJAI_NAMES[t] + MJAI_RED if is_red else MJAI_NAMES[t] for t, is_red in pairs)
    names = {"botzone": BOTZONE_NAMES, "unicode": UNICODE_NAMES, "chinese": CHINESE_NAMES}[notation]
    return ("" if notation == "unicode" else " ").join(names[t] for t, _ in pairs)
