"""Tile identity and every numeric encoding (DESIGN.md, "Tile conventions").

The canonical identity is index34: 0-8 characters 1m-9m, 9-17 dots 1p-9p,
18-26 bamboo 1s-9s, 27-30 winds E S W N, 31-33 dragons white green red.
Every other encoding maps *by identity*: 白 (white dragon) is ``5z``, decimal
46, nibble 0x47, hex 0x37 and botzone ``J3``.
"""
from __future__ import annotations

import enum
from typing import Iterable, Sequence

SUITS = "mpsz"
ENCODINGS = ("index34", "index136", "decimal", "nibble", "hex", "counts")

_DIGITS_ZH = "一二三四五六七八九"
_SUIT_ZH = {"m": "万", "p": "筒", "s": "条"}
_HONOR_ZH = ("东", "南", "西", "北", "白", "发", "中")
_HONOR_EN = ("East", "South", "West", "North", "White", "Green", "Red")
_BOTZONE_SUIT = {"m": "W", "p": "B", "s": "T"}
# Botzone's dragons are J1 中 (red), J2 发 (green), J3 白 (white).
_BOTZONE_HONOR = ("F1", "F2", "F3", "F4", "J3", "J2", "J1")
# Unicode mahjong block: U+1F000-1F003 winds, 1F004 red, 1F005 green,
# 1F006 white, 1F007 characters, 1F010 bamboo, 1F019 dots.
_UNICODE_HONOR = (0x1F000, 0x1F001, 0x1F002, 0x1F003, 0x1F006, 0x1F005, 0x1F004)
_UNICODE_SUIT_BASE = {"m": 0x1F007, "p": 0x1F019, "s": 0x1F010}
# The seeds order honors 东 南 西 北 中 发 白; index34 orders the dragons 白 发 中.
_SEED_HONOR_ORDER = (27, 28, 29, 30, 33, 32, 31)
# Seed suit order: 1 万 (m), 2 条 (s), 3 筒 (p).
_SEED_SUIT_BASE = {1: 0, 2: 18, 3: 9}


class Tile(enum.IntEnum):
    """One of the 34 tile kinds, an ``int`` equal to its index34 value.

    ``Tile.M1 == 0``, ``str(Tile.M1) == "1m"``, ``Tile.RED.chinese == "中"``.
    ``Z1``-``Z7`` are aliases of the honors in mpsz order.
    """

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
        """``"m"``, ``"p"``, ``"s"`` or ``"z"`` (honors)."""
        return SUITS[self // 9]

    @property
    def rank(self) -> int:
        """1-9 for suited tiles, 1-7 for honors (mpsz order)."""
        return self % 9 + 1

    @property
    def is_honor(self) -> bool:
        return self >= 27

    @property
    def is_terminal(self) -> bool:
        """A 1 or a 9 of a suit."""
        return self < 27 and self % 9 in (0, 8)

    @property
    def chinese(self) -> str:
        """Chinese name: ``一万``, ``五筒``, ``九条``, ``东``, ``白``."""
        if self >= 27:
            return _HONOR_ZH[self - 27]
        return _DIGITS_ZH[self % 9] + _SUIT_ZH[self.suit]

    @property
    def english(self) -> str:
        """English name: ``1 Characters``, ``East``, ``White``."""
        if self >= 27:
            return _HONOR_EN[self - 27]
        return f"{self.rank} " + {"m": "Characters", "p": "Dots", "s": "Bamboo"}[self.suit]

    @property
    def unicode(self) -> str:
        """The glyph from the Unicode mahjong block (U+1F000-U+1F021)."""
        if self >= 27:
            return chr(_UNICODE_HONOR[self - 27])
        return chr(_UNICODE_SUIT_BASE[self.suit] + self % 9)

    @property
    def botzone(self) -> str:
        """Botzone / MahjongGB code: ``W1`` 万, ``B1`` 筒, ``T1`` 条, ``F1``-``F4``, ``J1`` 中 ``J2`` 发 ``J3`` 白."""
        if self >= 27:
            return _BOTZONE_HONOR[self - 27]
        return f"{_BOTZONE_SUIT[self.suit]}{self.rank}"

    def encode(self, encoding: str = "index34") -> int:
        """This tile's code in a numeric encoding (``index136`` gives copy 0)."""
        return encode_tile(self, encoding)

    @classmethod
    def decode(cls, value: int, encoding: str = "index34") -> "Tile":
        """The tile a numeric code stands for; ``ValueError`` names an unknown code."""
        return decode_tile(value, encoding)

    @classmethod
    def from_str(cls, text: str) -> "Tile":
        """One tile from any text notation: ``"5z"``, ``"J3"``, ``"白"``, ``"🀆"``."""
        from ._notation import parse_tile

        return parse_tile(text)

    def __str__(self) -> str:
        return f"{self.rank}{self.suit}"

    def __format__(self, spec: str) -> str:
        return format(str(self), spec)


TILES: tuple[Tile, ...] = tuple(Tile(i) for i in range(34))


def _build_seed_tables() -> tuple[dict[int, int], dict[int, int], dict[int, int]]:
    decimal, nibble, hexa = {}, {}, {}
    for seed_suit, base in _SEED_SUIT_BASE.items():
        for r in range(9):
            decimal[seed_suit * 10 + r + 1] = base + r
            nibble[(seed_suit << 4) | (r + 1)] = base + r
            hexa[((seed_suit - 1) << 4) | (r + 1)] = base + r
    for k, idx in enumerate(_SEED_HONOR_ORDER):
        decimal[40 + k] = idx
        nibble[0x41 + k] = idx
        hexa[0x31 + k] = idx
    return decimal, nibble, hexa


_DECODE: dict[str, dict[int, int]] = dict(
    zip(("decimal", "nibble", "hex"), _build_seed_tables())
)
_DECODE["index34"] = {i: i for i in range(34)}
_DECODE["index136"] = {i: i // 4 for i in range(136)}
_ENCODE: dict[str, list[int]] = {}
for _name, _table in _DECODE.items():
    _inverse = [-1] * 34
    for _code, _idx in sorted(_table.items(), reverse=True):
        _inverse[_idx] = _code
    _ENCODE[_name] = _inverse
del _name, _table, _inverse


def check_encoding(encoding: str) -> str:
    if not isinstance(encoding, str):
        raise TypeError(f"encoding must be a str, not {type(encoding).__name__}")
    if encoding not in ENCODINGS:
        raise ValueError(f"unknown encoding {encoding!r}; expected one of {', '.join(ENCODINGS)}")
    return encoding


def _code_as_int(value: object, encoding: str) -> int:
    if isinstance(value, bool) or not hasattr(value, "__index__"):
        raise TypeError(f"{encoding} tile code must be an int, not {type(value).__name__} {value!r}")
    return value.__index__()  # type: ignore[attr-defined]


def decode_tile(value: int, encoding: str = "index34") -> Tile:
    """Decode one numeric tile code; ``ValueError`` names an unknown code."""
    check_encoding(encoding)
    if encoding == "counts":
        raise ValueError("'counts' describes a whole hand, not one tile")
    code = _code_as_int(value, encoding)
    idx = _DECODE[encoding].get(code)
    if idx is None:
        shown = hex(code) if encoding in ("nibble", "hex") else str(code)
        raise ValueError(f"unknown {encoding} tile code {shown}")
    return TILES[idx]


def encode_tile(tile: int, encoding: str = "index34") -> int:
    """Encode one tile (index34 int or ``Tile``) in a numeric encoding."""
    check_encoding(encoding)
    if encoding == "counts":
        raise ValueError("'counts' describes a whole hand, not one tile")
    return _ENCODE[encoding][as_tile(tile)]


def as_tile(tile: object) -> Tile:
    """A ``Tile`` from a ``Tile``, an index34 int or a one-tile string."""
    if isinstance(tile, Tile):
        return tile
    if isinstance(tile, str):
        return Tile.from_str(tile)
    return decode_tile(tile, "index34")  # type: ignore[arg-type]


def decode(values: Iterable[int], encoding: str = "index34") -> list[Tile]:
    """Decode a sequence of codes; for ``index136`` a repeated id is an error."""
    check_encoding(encoding)
    if encoding == "counts":
        return tiles_from_counts(values)
    if isinstance(values, (str, bytes, bytearray)):
        raise TypeError(
            f"{encoding} tiles must be a sequence of ints, not {type(values).__name__}"
            + ("; pass encoding='counts' for a 34-count buffer" if not isinstance(values, str) else "")
        )
    tiles = [decode_tile(v, encoding) for v in values]
    if encoding == "index136":
        ids = [v.__index__() for v in values]  # type: ignore[union-attr]
        if len(set(ids)) != len(ids):
            dup = next(i for i in ids if ids.count(i) > 1)
            raise ValueError(f"index136 tile id {dup} appears more than once")
    return tiles


def encode(tiles: Iterable[int], encoding: str = "index34") -> list[int] | bytes:
    """Encode tiles; ``index136`` numbers the copies of each kind 0, 1, 2, 3."""
    check_encoding(encoding)
    tiles = [as_tile(t) for t in tiles]
    if encoding == "counts":
        return counts_of(tiles)
    if encoding == "index136":
        seen = [0] * 34
        out = []
        for t in tiles:
            if seen[t] >= 4:
                raise ValueError(f"tile {t} appears more than 4 times")
            out.append(t * 4 + seen[t])
            seen[t] += 1
        return out
    table = _ENCODE[encoding]
    return [table[t] for t in tiles]


def counts_of(tiles: Iterable[int]) -> bytes:
    """34 counts of already-valid index34 tiles; ``ValueError`` past four copies."""
    counts = bytearray(34)
    for t in tiles:
        counts[t] += 1
        if counts[t] > 4:
            raise ValueError(f"tile {TILES[t]} appears {counts[t]} times; at most 4")
    return bytes(counts)


def check_counts(values: object) -> bytes:
    """Validate a 34-count buffer (any sequence or buffer of ints) into ``bytes``."""
    if isinstance(values, str):
        raise TypeError("counts must be a sequence of 34 ints, not str")
    try:
        data: Sequence[int] = list(values)  # type: ignore[call-overload]
    except TypeError:
        raise TypeError(f"counts must be a sequence of 34 ints, not {type(values).__name__}") from None
    if len(data) != 34:
        raise ValueError(f"counts must hold 34 values, got {len(data)}")
    out = bytearray(34)
    for i, v in enumerate(data):
        n = _code_as_int(v, "counts")
        if not 0 <= n <= 4:
            raise ValueError(f"count of tile {TILES[i]} (index {i}) is {n}; expected 0-4")
        out[i] = n
    return bytes(out)


def tiles_from_counts(values: object) -> list[Tile]:
    counts = check_counts(values)
    return [TILES[i] for i in range(34) for _ in range(counts[i])]
