"""Tiles: the ``Tile`` kinds and every way to write one, numeric or text.

The canonical identity is index34 (``_layout``): 0-8 characters 1m-9m, 9-17
dots 1p-9p, 18-26 bamboo 1s-9s, 27-30 winds E S W N, 31-33 dragons white green
red.  Every other encoding maps *by identity*: 白 (white dragon) is ``5z``,
decimal 46, nibble 0x47, hex 0x37, botzone ``J3``, ``🀆``.

Numeric codes: ``decode_tile``/``encode_tile`` and ``decode``/``encode``.
Text: ``read_tiles`` reads a run of tiles in one notation (``mpsz``,
``botzone``, ``unicode``, ``chinese``, ``mjai``) in one left-to-right pass, so
its time is linear in the text; ``write_tiles`` writes one.  Meld brackets are
``_hand``'s.  Every error names the argument and quotes at most a short excerpt
of it.

Red fives (赤ドラ) are not tile kinds: a ``Tile`` is one of 34 kinds and a red
5m is ``Tile.M5``.  Where a form can say a five is red (mpsz ``0m``, mjai
``5mr``, tenhou 51-53, index136 ids 16/52/88 when asked), the readers count the
red fives per suit beside the tiles (``red``, a list of three counts m, p, s)
and the writers take the same counts back; ``docs/tiles.md`` has the tables.
"""
from __future__ import annotations

import enum
import re
import reprlib
from collections.abc import Callable, Iterable, Mapping
from collections.abc import Set as AbstractSet
from typing import Optional

from ._counts import read_counts
from ._layout import (
    FIRST_HONOR,
    MAX_COPIES,
    N_HONORS,
    N_KINDS,
    N_SUITS,
    SUIT_LETTERS,
    SUIT_SIZE,
)

ENCODINGS = ("index34", "index136", "decimal", "nibble", "hex", "counts", "tenhou")
"""The numeric encodings of tiles (``encoding=``); docs/tiles.md sets them side by side."""
NOTATIONS = ("mpsz", "botzone", "unicode", "chinese", "mjai")
"""The text notations of hands (``notation=``), detected when none is given."""

RED_RANK = 5
"""The rank of the red fives (赤ドラ): 5m, 5p and 5s can be red."""
RED_FIVES = tuple(s * SUIT_SIZE + RED_RANK - 1 for s in range(N_SUITS))
"""index34 of 5m, 5p, 5s: the kinds a red five belongs to, one per suit."""
NO_RED = (0,) * N_SUITS
"""Red-five counts per suit (m, p, s) of tiles with no red five."""
_RED_SUIT = {five: s for s, five in enumerate(RED_FIVES)}

# --- names of the 34 kinds, in index34 order ----------------------------------

_DIGITS_ZH = "一二三四五六七八九"
_SUIT_ZH = ("万", "筒", "条")
_SUIT_EN = ("Characters", "Dots", "Bamboo")
_HONOR_ZH = ("东", "南", "西", "北", "白", "发", "中")
_HONOR_EN = ("East", "South", "West", "North", "White", "Green", "Red")
_BOTZONE_SUIT = ("W", "B", "T")
# Botzone's dragons are J1 中 (red), J2 发 (green), J3 白 (white).
_BOTZONE_HONOR = ("F1", "F2", "F3", "F4", "J3", "J2", "J1")
# Unicode mahjong block: U+1F000-1F003 winds, 1F004 red, 1F005 green,
# 1F006 white, 1F007 characters, 1F010 bamboo, 1F019 dots.
_UNICODE_HONOR = (0x1F000, 0x1F001, 0x1F002, 0x1F003, 0x1F006, 0x1F005, 0x1F004)
_UNICODE_SUIT_BASE = (0x1F007, 0x1F019, 0x1F010)
# mjai: P (pai, 白), F (fa, 发), C (chun, 中).
_MJAI_HONOR = ("E", "S", "W", "N", "P", "F", "C")
_MJAI_RED = "r"


def _suited(i: int) -> bool:
    return i < FIRST_HONOR


_MPSZ_NAMES = tuple(f"{i % SUIT_SIZE + 1}{SUIT_LETTERS[i // SUIT_SIZE]}" for i in range(N_KINDS))
_CHINESE_NAMES = tuple(
    _DIGITS_ZH[i % SUIT_SIZE] + _SUIT_ZH[i // SUIT_SIZE] if _suited(i) else _HONOR_ZH[i - FIRST_HONOR]
    for i in range(N_KINDS)
)
_ENGLISH_NAMES = tuple(
    f"{i % SUIT_SIZE + 1} {_SUIT_EN[i // SUIT_SIZE]}" if _suited(i) else _HONOR_EN[i - FIRST_HONOR]
    for i in range(N_KINDS)
)
_UNICODE_NAMES = tuple(
    chr(_UNICODE_SUIT_BASE[i // SUIT_SIZE] + i % SUIT_SIZE) if _suited(i)
    else chr(_UNICODE_HONOR[i - FIRST_HONOR])
    for i in range(N_KINDS)
)
_BOTZONE_NAMES = tuple(
    f"{_BOTZONE_SUIT[i // SUIT_SIZE]}{i % SUIT_SIZE + 1}" if _suited(i) else _BOTZONE_HONOR[i - FIRST_HONOR]
    for i in range(N_KINDS)
)
MJAI_NAMES: tuple[str, ...] = tuple(
    _MPSZ_NAMES[i] if _suited(i) else _MJAI_HONOR[i - FIRST_HONOR] for i in range(N_KINDS)
)
"""The mjai name of each kind in index34 order: ``1m``...``9s``, ``E S W N P F C`` (P 白, F 发, C 中)."""
MJAI_RED_NAMES: tuple[str, ...] = tuple(MJAI_NAMES[five] + _MJAI_RED for five in RED_FIVES)
"""The mjai names of the red fives: ``5mr``, ``5pr``, ``5sr``."""


class Tile(enum.IntEnum):
    """One of the 34 tile kinds, an ``int`` equal to its index34 value.

    ``Tile.M1 == 0``; ``str``, ``repr`` and ``format`` of a tile are its mpsz
    name (``1m``); ``Tile.RED.chinese == "中"``.  ``Z1``-``Z7`` are aliases of
    the honors in mpsz order.  Members: ``M1``-``M9`` (characters, 万),
    ``P1``-``P9`` (dots, 筒), ``S1``-``S9`` (bamboo, 条), ``EAST``, ``SOUTH``,
    ``WEST``, ``NORTH``, ``WHITE``, ``GREEN``, ``RED``.

    Examples
    --------
    >>> Tile.M1 == 0, Tile(13), Tile.RED
    (True, 5p, 7z)
    >>> Tile.Z5 is Tile.WHITE, Tile.WHITE.chinese
    (True, '白')
    >>> f"{Tile.P5:>4}|"
    '  5p|'

    Names, each an attribute read from one table in index34 order:
    ``chinese`` (``一万``, ``五筒``, ``九条``, ``东``, ``白``), ``english``
    (``1 Characters``, ``East``, ``White``), ``unicode`` (the glyph of the
    Unicode mahjong block, U+1F000-U+1F021), ``botzone`` (the Botzone /
    MahjongGB code: ``W1`` 万, ``B1`` 筒, ``T1`` 条, ``F1``-``F4``, ``J1`` 中
    ``J2`` 发 ``J3`` 白) and ``mjai`` (``1m``, ``5p``, ``9s``, ``E S W N``,
    ``P`` 白, ``F`` 发, ``C`` 中).

    >>> Tile.P5.chinese, Tile.P5.english, Tile.P5.botzone, Tile.P5.mjai
    ('五筒', '5 Dots', 'B5', '5p')
    >>> Tile.RED.chinese, Tile.RED.english, Tile.RED.botzone, Tile.RED.mjai
    ('中', 'Red', 'J1', 'C')
    >>> Tile.P5.unicode == "\U0001F01D"
    True
    """

    chinese: str
    english: str
    unicode: str
    botzone: str
    mjai: str

    def __init__(self, index34: int) -> None:
        self.chinese = _CHINESE_NAMES[index34]
        self.english = _ENGLISH_NAMES[index34]
        self.unicode = _UNICODE_NAMES[index34]
        self.botzone = _BOTZONE_NAMES[index34]
        self.mjai = MJAI_NAMES[index34]

    M1 = 0
    M2 = 1
    M3 = 2
    M4 = 3
    M5 = 4
    M6 = 5
    M7 = 6
    M8 = 7
    M9 = 8
    P1 = 9
    P2 = 10
    P3 = 11
    P4 = 12
    P5 = 13
    P6 = 14
    P7 = 15
    P8 = 16
    P9 = 17
    S1 = 18
    S2 = 19
    S3 = 20
    S4 = 21
    S5 = 22
    S6 = 23
    S7 = 24
    S8 = 25
    S9 = 26
    EAST = 27
    SOUTH = 28
    WEST = 29
    NORTH = 30
    WHITE = 31
    GREEN = 32
    RED = 33
    Z1 = 27
    Z2 = 28
    Z3 = 29
    Z4 = 30
    Z5 = 31
    Z6 = 32
    Z7 = 33

    @property
    def suit(self) -> str:
        """The suit letter: ``"m"``, ``"p"``, ``"s"`` or ``"z"`` (honors).

        >>> Tile.P5.suit, Tile.RED.suit
        ('p', 'z')
        """
        return SUIT_LETTERS[self // SUIT_SIZE]

    @property
    def rank(self) -> int:
        """The rank: 1-9 for suited tiles, 1-7 for honors (mpsz order).

        >>> Tile.P5.rank, Tile.RED.rank
        (5, 7)
        """
        return self % SUIT_SIZE + 1

    @property
    def is_honor(self) -> bool:
        """Whether the tile is an honor (字牌): a wind or a dragon.

        >>> Tile.EAST.is_honor, Tile.M9.is_honor
        (True, False)
        """
        return self >= FIRST_HONOR

    @property
    def is_terminal(self) -> bool:
        """Whether the tile is a terminal (老头牌): a 1 or a 9 of a suit.

        >>> Tile.M9.is_terminal, Tile.EAST.is_terminal
        (True, False)
        """
        return self < FIRST_HONOR and self % SUIT_SIZE in (0, SUIT_SIZE - 1)

    def encode(self, encoding: str = "index34") -> int:
        """This tile's code in a numeric encoding (``index136`` gives copy 0; a plain, not red, five).

        Parameters
        ----------
        encoding
            One of ``ENCODINGS`` other than ``"counts"``: ``"index34"`` (the
            default), ``"index136"``, ``"decimal"``, ``"nibble"``, ``"hex"``,
            ``"tenhou"``.

        Returns
        -------
        int
            The code.

        Raises
        ------
        ValueError
            An unknown encoding.

        Examples
        --------
        >>> Tile.P5.encode(), Tile.P5.encode("index136"), Tile.P5.encode("tenhou")
        (13, 52, 25)
        """
        return encode_tile(self, encoding)

    @classmethod
    def decode(cls, value: int, encoding: str = "index34") -> Tile:
        """The tile a numeric code stands for.

        Parameters
        ----------
        value
            The code.
        encoding
            Its encoding, one of ``ENCODINGS`` other than ``"counts"``;
            ``"index34"`` by default.

        Returns
        -------
        Tile
            The tile kind (a red five's code gives its plain five).

        Raises
        ------
        ValueError
            An unknown encoding, or a code it does not have.
        TypeError
            A value that is not an int.

        Examples
        --------
        >>> Tile.decode(13), Tile.decode(52, "index136")
        (5p, 5p)
        >>> Tile.decode(34)
        Traceback (most recent call last):
        ...
        ValueError: unknown index34 tile code 34
        """
        return decode_tile(value, encoding)

    @classmethod
    def from_str(cls, text: str) -> Tile:
        """One tile from any text notation: ``"5z"``, ``"J3"``, ``"白"``, ``"🀆"``.

        Parameters
        ----------
        text
            One tile in any of ``NOTATIONS`` (detected).

        Returns
        -------
        Tile
            The tile kind.

        Raises
        ------
        ValueError
            Text that is not exactly one tile.
        TypeError
            ``text`` that is not a ``str``.

        Examples
        --------
        >>> Tile.from_str("5z"), Tile.from_str("J3"), Tile.from_str("白")
        (5z, 5z, 5z)
        """
        return read_tile(text, "text")

    # IntEnum's str/repr/format changed across Python versions: pinned here.
    def __str__(self) -> str:
        return _MPSZ_NAMES[self]

    __repr__ = __str__

    def __format__(self, spec: str) -> str:
        return format(_MPSZ_NAMES[self], spec)


TILES: tuple[Tile, ...] = tuple(Tile(i) for i in range(N_KINDS))


# --- showing bad input ----------------------------------------------------------

_EXCERPT = 30
_SHOW = reprlib.Repr()
_SHOW.maxstring = _EXCERPT
_SHOW.maxother = _EXCERPT
_SHOW.maxlist = _SHOW.maxtuple = _SHOW.maxset = _SHOW.maxdict = 6
_SHOW.maxlevel = 2


def show(value: object) -> str:
    """A short repr of a bad value (a huge input is never echoed whole)."""
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 256:
        return f"<{value.bit_length()}-bit int>"
    return _SHOW.repr(value)


def excerpt(text: str, pos: int) -> str:
    """``text`` quoted whole when short, else a few characters around ``pos`` marked with ``...``."""
    if len(text) <= _EXCERPT:
        quoted = repr(text)
        if len(quoted) <= 2 * _EXCERPT + 2:
            return quoted
    width = _EXCERPT
    while True:
        lo = max(0, min(pos - width // 2, len(text) - width))
        hi = min(len(text), lo + width)
        quoted = repr(text[lo:hi])
        if len(quoted) <= 2 * _EXCERPT + 2 or width <= 4:
            return ("..." if lo else "") + quoted + ("..." if hi < len(text) else "")
        width //= 2


def text_error(what: str, text: str, pos: int, name: str) -> ValueError:
    """``ValueError``: ``what`` went wrong at ``pos`` of the text argument ``name``."""
    return ValueError(f"{what} at position {pos} of {name} {excerpt(text, pos)}")


# --- numeric encodings ------------------------------------------------------------

# The seed encodings order honors 东 南 西 北 中 发 白; index34 orders the dragons 白 发 中.
_SEED_HONOR_ORDER = tuple(FIRST_HONOR + k for k in (0, 1, 2, 3, 6, 5, 4))
# Seed suit order: 1 万 (m), 2 条 (s), 3 筒 (p).
_SEED_SUIT_BASE = {1: 0, 2: 2 * SUIT_SIZE, 3: SUIT_SIZE}


def _build_seed_tables() -> tuple[dict[int, int], dict[int, int], dict[int, int]]:
    decimal, nibble, hexa = {}, {}, {}
    for seed_suit, base in _SEED_SUIT_BASE.items():
        for r in range(SUIT_SIZE):
            decimal[seed_suit * 10 + r + 1] = base + r
            nibble[(seed_suit << 4) | (r + 1)] = base + r
            hexa[((seed_suit - 1) << 4) | (r + 1)] = base + r
    for k, idx in enumerate(_SEED_HONOR_ORDER):
        decimal[40 + k] = idx
        nibble[0x41 + k] = idx
        hexa[0x31 + k] = idx
    return decimal, nibble, hexa


def _build_tenhou_table() -> dict[int, int]:
    # Tenhou's JSON codes: suit digit 1 m, 2 p, 3 s (not the seed order), honours 41-47 in index34 order.
    table = {(s + 1) * 10 + r + 1: s * SUIT_SIZE + r for s in range(N_SUITS) for r in range(SUIT_SIZE)}
    table.update({41 + k: FIRST_HONOR + k for k in range(N_HONORS)})
    table.update({TENHOU_RED[s]: five for s, five in enumerate(RED_FIVES)})
    return table


TENHOU_RED = tuple(51 + s for s in range(N_SUITS))
"""Tenhou's codes of the red fives: 51 red 5m, 52 red 5p, 53 red 5s."""
INDEX136_RED = tuple(five * MAX_COPIES for five in RED_FIVES)
"""index136 ids of the red fives with ``red=True`` (copy 0 of each five): 16, 52, 88."""

_DECODE: dict[str, dict[int, int]] = dict(zip(("decimal", "nibble", "hex"), _build_seed_tables()))
_DECODE["index34"] = {i: i for i in range(N_KINDS)}
_DECODE["index136"] = {i: i // MAX_COPIES for i in range(N_KINDS * MAX_COPIES)}
_DECODE["tenhou"] = _build_tenhou_table()
_ENCODE: dict[str, list[int]] = {}
for _name, _table in _DECODE.items():
    _inverse = [-1] * N_KINDS
    for _code, _idx in sorted(_table.items(), reverse=True):
        _inverse[_idx] = _code  # the smallest code of a kind: copy 0, a plain (not red) five
    _ENCODE[_name] = _inverse
del _name, _table, _inverse
_RED_CODES = {"tenhou": dict(zip(TENHOU_RED, range(N_SUITS)))}


def _check_name(value: object, kind: str, names: tuple[str, ...]) -> str:
    if not isinstance(value, str):
        raise TypeError(f"{kind} must be a str, not {type(value).__name__} {show(value)}")
    if value not in names:
        raise ValueError(f"unknown {kind} {show(value)}; expected one of {', '.join(names)}")
    return value


def check_encoding(encoding: object) -> str:
    """``encoding`` if it names an encoding, else ``TypeError``/``ValueError`` listing them."""
    return _check_name(encoding, "encoding", ENCODINGS)


def check_notation(notation: object) -> str:
    """``notation`` if it names a notation, else ``TypeError``/``ValueError`` listing them."""
    return _check_name(notation, "notation", NOTATIONS)


def check_red(red: object) -> bool:
    """``red`` if it is a bool (the index136 red-five option), else ``TypeError``."""
    if not isinstance(red, bool):
        raise TypeError(f"red must be a bool, not {type(red).__name__} {show(red)}")
    return red


def _code_as_int(value: object, encoding: str) -> int:
    if isinstance(value, bool) or not hasattr(value, "__index__"):
        raise TypeError(f"{encoding} tile code must be an int, not {type(value).__name__} {show(value)}")
    return value.__index__()  # type: ignore[no-any-return]


def _red_codes(encoding: str, red: bool) -> dict[int, int]:
    """The codes of ``encoding`` that are red fives (code -> suit): tenhou's always, index136's when ``red``."""
    if encoding == "index136":
        return dict(zip(INDEX136_RED, range(N_SUITS))) if red else {}
    return _RED_CODES.get(encoding, {})


def decode_tile(value: int, encoding: str = "index34") -> Tile:
    """Decode one numeric tile code; ``ValueError`` names an unknown code.

    A red five's code (tenhou 51-53) decodes to its kind: ``Tile.M5``.
    """
    check_encoding(encoding)
    if encoding == "counts":
        raise ValueError("'counts' describes a whole hand, not one tile")
    code = _code_as_int(value, encoding)
    idx = _DECODE[encoding].get(code)
    if idx is None:
        shown = show(code) if code.bit_length() > 256 else hex(code) if encoding in ("nibble", "hex") else str(code)
        raise ValueError(f"unknown {encoding} tile code {shown}")
    return TILES[idx]


def encode_tile(tile: int, encoding: str = "index34") -> int:
    """Encode one tile (index34 int or ``Tile``) in a numeric encoding (a five is written plain, not red)."""
    check_encoding(encoding)
    if encoding == "counts":
        raise ValueError("'counts' describes a whole hand, not one tile")
    return _ENCODE[encoding][as_tile(tile)]


def as_tile(tile: object, name: str = "tile") -> Tile:
    """A ``Tile`` from a ``Tile``, an index34 int or a one-tile string (a red five is its kind)."""
    return as_tile_red(tile, name)[0]


def as_tile_red(tile: object, name: str = "tile") -> tuple[Tile, bool]:
    """``(Tile, red)`` from a ``Tile``, an index34 int (never red) or a one-tile string (``"0m"``, ``"5mr"`` red)."""
    if isinstance(tile, Tile):
        return tile, False
    if type(tile) is int and 0 <= tile < N_KINDS:
        return TILES[tile], False
    if isinstance(tile, str):
        return read_tile_red(tile, name)
    try:
        return decode_tile(tile, "index34"), False  # type: ignore[arg-type]
    except (TypeError, ValueError) as exc:
        raise type(exc)(f"{name}: {exc}") from None


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
        try:
            pairs.append(as_tile_red(t, f"tiles[{i}]"))
        except (TypeError, ValueError) as exc:
            raise type(exc)(f"tiles[{i}]: {exc}") from None
    return encode_pairs(pairs, encoding, red)


_RANK_DIGITS = "123456789"


def red_pairs(tiles: Iterable[Tile], red: Iterable[int]) -> list[tuple[Tile, bool]]:
    """``(tile, is_red)`` for each tile, the first ``red[s]`` fives of suit ``s`` being the red ones."""
    left = list(red)
    pairs = []
    for t in tiles:
        suit = _RED_SUIT.get(t)
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
            suit = _RED_SUIT.get(t) if red else None
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
    table = _ENCODE[encoding]
    if encoding == "tenhou":
        return [TENHOU_RED[_RED_SUIT[t]] if is_red else table[t] for t, is_red in pairs]
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


# --- text notations -------------------------------------------------------------

_SEPARATORS = frozenset(" \t\r\n,，、;")
_VARIATION_SELECTORS = frozenset("\ufe0e\ufe0f")
_BRACKETS = frozenset("[]{}")
_BOTZONE_TO_TILE = {name: TILES[i] for i, name in enumerate(_BOTZONE_NAMES)}
_UNICODE_TO_TILE = {glyph: TILES[i] for i, glyph in enumerate(_UNICODE_NAMES)}
_SUIT_INDEX = {letter: k for k, letter in enumerate(SUIT_LETTERS)}

_UNICODE_BLOCK = re.compile("[\U0001F000-\U0001F02F]")
_WIDE = re.compile("[\u2E80-\U0010FFFF]")
_LETTER_DIGIT = re.compile(r"[A-Za-z]\d")
# mjai: an honour letter that is not a botzone letter+digit code, or the red suffix after a suit letter.
_MJAI_MARK = re.compile(r"[ESWNPFC](?![0-9])|[0-9][mps]r")
_DIGIT_SUIT = re.compile(r"\d[mpsz]")
_BRACKETS_AS_SPACES = str.maketrans("[]{}", "    ")
_DIGIT_RUN = re.compile("[0-9" + re.escape("".join(sorted(_SEPARATORS))) + "]*")  # digits waiting for a suit letter


def _chinese_aliases() -> dict[str, Tile]:
    aliases: dict[str, Tile] = {}
    digits = ("一二三四五六七八九", "123456789", "１２３４５６７８９")
    suit_words = ("万萬", "筒饼餅", "条索條")
    for suit in range(N_SUITS):
        for word in suit_words[suit]:
            for digit_set in digits:
                for r, d in enumerate(digit_set):
                    aliases[d + word] = TILES[suit * SUIT_SIZE + r]
    honors = (
        ("东", "東", "东风", "東風"),
        ("南", "南风", "南風"),
        ("西", "西风", "西風"),
        ("北", "北风", "北風"),
        ("白", "白板"),
        ("发", "發", "发财", "發財", "青发"),
        ("中", "红中", "紅中"),
    )
    assert len(honors) == N_HONORS
    for k, words in enumerate(honors):
        for word in words:
            aliases[word] = TILES[FIRST_HONOR + k]
    return aliases


_CHINESE_TO_TILE = _chinese_aliases()
_CHINESE_MAX = max(map(len, _CHINESE_TO_TILE))


_MJAI_TO_TILE: dict[str, tuple[Tile, bool]] = {name: (TILES[i], False) for i, name in enumerate(MJAI_NAMES)}
_MJAI_TO_TILE.update({name: (TILES[five], True) for name, five in zip(MJAI_RED_NAMES, RED_FIVES)})
_MJAI_HONOR_TILE = {letter: TILES[FIRST_HONOR + k] for k, letter in enumerate(_MJAI_HONOR)}
_MJAI_DIGITS = frozenset("123456789")
_MJAI_SUITS = {letter: k for k, letter in enumerate(SUIT_LETTERS[:N_SUITS])}


def detect_notation(text: str) -> str:
    """Guess the notation of ``text`` from the characters it uses (``docs/tiles.md``, "Detection").

    In order: a glyph of the mahjong block is ``unicode``; any other wide
    character ``chinese``; an mjai honour letter ``E S W N P F C`` not followed
    by a digit, or a ``r`` right after a digit and ``m``/``p``/``s``, is
    ``mjai``; a letter followed by a digit with no digit followed by a suit
    letter is ``botzone``; anything else ``mpsz``.
    """
    if _UNICODE_BLOCK.search(text):
        return "unicode"
    if _WIDE.search(text):
        return "chinese"
    spaced = text.translate(_BRACKETS_AS_SPACES)
    if _MJAI_MARK.search(spaced):
        return "mjai"
    if _LETTER_DIGIT.search(spaced) and not _DIGIT_SUIT.search(spaced):
        return "botzone"
    return "mpsz"


class TileSink:
    """Where a text reader puts the tiles it reads, refusing the first tile that cannot be.

    A reader stops at the first impossible point, so bad input costs time bounded by
    that point, never by its length: a fifth copy of a kind (``seen`` counts the copies
    read so far, shared by the parts of one text: its concealed tiles and its melds),
    or one tile past ``room``.  ``red`` counts the red fives read, per suit m, p, s.
    """

    __slots__ = ("name", "red", "room", "seen", "text", "tiles", "too_many", "where")

    def __init__(
        self,
        text: str,
        name: str,
        *,
        seen: list[int] | None = None,
        red: list[int] | None = None,
        room: int = N_KINDS * MAX_COPIES,
        too_many: str = "",
        where: str = "in the hand",
    ) -> None:
        self.text = text
        self.name = name
        self.tiles: list[Tile] = []
        self.seen = [0] * N_KINDS if seen is None else seen
        self.red = [0] * N_SUITS if red is None else red
        self.room = room
        self.too_many = too_many or f"more than {room} tiles"
        self.where = where

    def add(self, tile: Tile, pos: int) -> None:
        """Keep ``tile``, read at ``pos``; ``ValueError`` naming ``pos`` if it cannot be."""
        n = self.seen[tile] + 1
        if n > MAX_COPIES:
            raise self.error(f"tile {tile} appears {n} times {self.where}; at most {MAX_COPIES}", pos)
        if len(self.tiles) >= self.room:
            raise self.error(self.too_many, pos)
        self.seen[tile] = n
        self.tiles.append(tile)

    def pending(self, count: int, pos: int) -> None:
        """``count`` tiles read but not yet kept (mpsz digits before their suit letter) are past ``room``?"""
        if len(self.tiles) + count > self.room:
            raise self.error(self.too_many, pos)

    def error(self, what: str, pos: int) -> ValueError:
        return text_error(what, self.text, pos, self.name)


Groups = Optional[Callable[[int], int]]
"""A text reader meeting a bracket at ``i`` calls ``groups(i)`` (it reads the meld there, or
raises) and goes on at the position returned; ``None``: a bracket is a bad character."""

Reader = Callable[[str, int, int, "TileSink", Groups], None]
"""A reader reads ``text[start:stop]`` into a ``TileSink`` in one left-to-right pass (``groups`` as above)."""


def _read_mpsz(text: str, start: int, stop: int, sink: TileSink, groups: Groups) -> None:
    ranks: list[int] = []  # digits waiting for their suit letter
    waiting = [0] * (SUIT_SIZE + 1)  # of them, per rank (0, a red five, is a five)
    run_at = start
    i = start
    while i < stop:
        c = text[i]
        if c in _SEPARATORS:
            i += 1
            continue
        if c in _BRACKETS and groups is not None:
            i = groups(i)
            continue
        if c.isdecimal():
            if not ranks:
                run_at = i
            rank = int(c)
            same = RED_RANK if rank == 0 else rank
            waiting[same] += 1
            if waiting[same] > MAX_COPIES:
                raise _fifth_digit(sink, same, waiting[same], i, stop)
            ranks.append(rank)
            sink.pending(len(ranks), i)
        elif c in _SUIT_INDEX:
            if not ranks:
                raise sink.error(f"malformed mpsz text: suit letter {c!r} without digits", i)
            suit = _SUIT_INDEX[c]
            if suit == N_SUITS:
                for rank in ranks:
                    if not 1 <= rank <= N_HONORS:
                        raise sink.error(f"unknown mpsz tile {rank}z (honors are 1z-7z)", i)
                    sink.add(TILES[FIRST_HONOR + rank - 1], i)
            else:
                base = suit * SUIT_SIZE - 1
                for rank in ranks:
                    if rank == 0:  # 0m/0p/0s: the red five
                        sink.red[suit] += 1
                        rank = RED_RANK
                    sink.add(TILES[base + rank], i)
            ranks.clear()
            waiting = [0] * (SUIT_SIZE + 1)
        else:
            raise sink.error(f"malformed mpsz text: {c!r} is not a digit or a suit letter m, p, s, z", i)
        i += 1
    if ranks:
        raise sink.error("malformed mpsz text: digits without a suit letter", run_at)


def _fifth_digit(sink: TileSink, rank: int, n: int, i: int, stop: int) -> ValueError:
    """A fifth copy among the digits waiting for their suit letter, named by the letter ahead if there is one."""
    end = _DIGIT_RUN.match(sink.text, i, stop).end()  # type: ignore[union-attr]
    suit = _SUIT_INDEX.get(sink.text[end]) if end < stop else None
    if suit is None or (suit == N_SUITS and rank > N_HONORS):
        return sink.error(f"digit {rank} appears {n} times before its suit letter; at most {MAX_COPIES}", i)
    tile = TILES[FIRST_HONOR + rank - 1] if suit == N_SUITS else TILES[suit * SUIT_SIZE + rank - 1]
    return sink.error(f"tile {tile} appears {sink.seen[tile] + n} times {sink.where}; at most {MAX_COPIES}", i)


def _read_tokens(text: str, start: int, stop: int, sink: TileSink, groups: Groups,
                 token: Callable[[str, int, int, TileSink], int], skip: Callable[[str], bool]) -> None:
    """The one loop of the readers of tokens (all but mpsz): a character ``skip`` passes is passed
    over, a bracket handed to ``groups``, and any other starts a token that ``token(text, i, stop,
    sink)`` reads into ``sink``, answering where the next one may begin."""
    i = start
    while i < stop:
        c = text[i]
        if skip(c):
            i += 1
        elif c in _BRACKETS and groups is not None:
            i = groups(i)
        else:
            i = token(text, i, stop, sink)


def _botzone_space(c: str) -> bool:
    return c.isspace() or c == ","


def _botzone_token(text: str, i: int, stop: int, sink: TileSink) -> int:
    code = text[i:min(i + 2, stop)]
    tile = _BOTZONE_TO_TILE.get(code.upper())
    if tile is None:
        if len(code) > 1 and _botzone_space(code[1]):
            code = code[0]
        raise sink.error(f"unknown botzone tile {code!r}", i)
    sink.add(tile, i)
    return i + 2


def _unicode_token(text: str, i: int, stop: int, sink: TileSink) -> int:
    c = text[i]
    tile = _UNICODE_TO_TILE.get(c)
    if tile is None:
        raise sink.error(f"unknown unicode tile {c!r} (U+{ord(c):04X})", i)
    sink.add(tile, i)
    return i + 1


def _chinese_token(text: str, i: int, stop: int, sink: TileSink) -> int:
    for size in range(min(_CHINESE_MAX, stop - i), 0, -1):
        tile = _CHINESE_TO_TILE.get(text[i:i + size])
        if tile is not None:
            sink.add(tile, i)
            return i + size
    raise sink.error(f"unknown chinese tile {text[i:min(i + 3, stop)]!r}", i)


def _mjai_token(text: str, i: int, stop: int) -> str:
    """The (at most three characters) of a bad mjai token at ``i``, up to a separator or bracket."""
    j = i + 1
    while j < min(stop, i + 3) and text[j] not in _SEPARATORS and text[j] not in _BRACKETS:
        j += 1
    return text[i:j]


def _mjai_tile(text: str, i: int, stop: int, sink: TileSink) -> int:
    c = text[i]
    honor = _MJAI_HONOR_TILE.get(c)
    if honor is not None:
        sink.add(honor, i)
        return i + 1
    suit = _MJAI_SUITS.get(text[i + 1]) if c in _MJAI_DIGITS and i + 1 < stop else None
    if suit is None:
        raise sink.error(f"unknown mjai tile {_mjai_token(text, i, stop)!r}", i)
    tile = TILES[suit * SUIT_SIZE + int(c) - 1]
    at = i
    i += 2
    if i < stop and text[i] == _MJAI_RED:
        if _RED_SUIT.get(tile) is None:
            raise sink.error(f"unknown mjai tile {text[i - 2:i + 1]!r} (only a five is red)", i - 2)
        sink.red[suit] += 1
        i += 1
    sink.add(tile, at)
    return i


def _token_reader(token: Callable[[str, int, int, TileSink], int],
                  skip: Callable[[str], bool] = _SEPARATORS.__contains__) -> Reader:
    """A reader of ``notation`` text whose tokens ``token`` reads (see ``_read_tokens``)."""
    return lambda text, start, stop, sink, groups: _read_tokens(text, start, stop, sink, groups, token, skip)


_READERS: dict[str, Reader] = {
    "mpsz": _read_mpsz,
    "botzone": _token_reader(_botzone_token, _botzone_space),
    "unicode": _token_reader(_unicode_token, (_SEPARATORS | _VARIATION_SELECTORS).__contains__),
    "chinese": _token_reader(_chinese_token),
    "mjai": _token_reader(_mjai_tile),
}


def read_into(
    sink: TileSink, notation: str, start: int = 0, stop: int | None = None, groups: Groups = None
) -> list[Tile]:
    """Read ``sink.text[start:stop]`` in ``notation`` (a checked name) into ``sink``; its tiles.

    A bracket calls ``groups`` (see ``Groups``). ``ValueError`` gives the position
    of the first bad character, or of the first tile that cannot be, in the text.
    """
    text = sink.text
    _READERS[notation](text, start, len(text) if stop is None else stop, sink, groups)
    return sink.tiles


def read_tiles(text: str, notation: str, name: str, red: list[int] | None = None) -> list[Tile]:
    """The tiles of ``text`` in ``notation`` (a checked name), at most four copies of a kind.

    The red fives read (mpsz ``0m``, mjai ``5mr``) are added to ``red`` (three
    counts m, p, s) when given; each is also in the tiles, as its kind.
    ``ValueError`` gives the position of the first bad character in ``text``.
    """
    return read_into(TileSink(text, name, red=red), notation)


def read_tile(text: object, name: str = "tile") -> Tile:
    """Exactly one tile from text in any notation (detected); a red five is its kind."""
    return read_tile_red(text, name)[0]


def read_tile_red(text: object, name: str = "tile") -> tuple[Tile, bool]:
    """Exactly one tile from text in any notation (detected), and whether it is a red five."""
    if not isinstance(text, str):
        raise TypeError(f"{name} must be a str, not {type(text).__name__}")
    sink = TileSink(text, name, room=1, too_many=f"{name} must be one tile, found a second")
    tiles = read_into(sink, detect_notation(text))
    if not tiles:
        raise ValueError(f"{name} must be one tile, got none in {excerpt(text, 0)}")
    return tiles[0], any(sink.red)


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
        return " ".join(MJAI_NAMES[t] + _MJAI_RED if is_red else MJAI_NAMES[t] for t, is_red in pairs)
    names = {"botzone": _BOTZONE_NAMES, "unicode": _UNICODE_NAMES, "chinese": _CHINESE_NAMES}[notation]
    return ("" if notation == "unicode" else " ").join(names[t] for t, _ in pairs)
