"""Tiles: the ``Tile`` kinds, one tile's numeric code, and the readers of tile text.

index34 is the identity (``_layout``); the names and codes of the kinds are
``_tile_names``' tables, the sequences of tiles ``_tile_lists``'.  One code:
``decode_tile``/``encode_tile``.  Text: ``read_into`` reads a run of tiles in one
notation into a ``TileSink`` in one left-to-right pass (time linear in the text;
meld brackets are ``_meld``'s); a red five is its kind, counted per suit beside
the tiles.  Every error names the argument and quotes a short excerpt of it.

>>> Tile.from_str("白"), decode_tile(46, "decimal"), read_tile_red("0p")
(5z, 5z, (5p, True))
"""
from __future__ import annotations

import enum
import re
from collections.abc import Callable
from typing import Optional

from ._layout import FIRST_HONOR, MAX_COPIES, N_HONORS, N_KINDS, N_SUITS, SUIT_LETTERS, SUIT_SIZE
from ._tile_names import (
    BOTZONE_NAMES,
    CHINESE_NAMES,
    DECODE,
    ENCODE,
    ENGLISH_NAMES,
    MJAI_HONOR,
    MJAI_NAMES,
    MJAI_RED,
    MPSZ_NAMES,
    RED_RANK,
    RED_SUIT,
    UNICODE_NAMES,
    check_encoding,
    detect_notation,
    excerpt,
    show,
    text_error,
)


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
        self.chinese = CHINESE_NAMES[index34]
        self.english = ENGLISH_NAMES[index34]
        self.unicode = UNICODE_NAMES[index34]
        self.botzone = BOTZONE_NAMES[index34]
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
        return MPSZ_NAMES[self]

    __repr__ = __str__

    def __format__(self, spec: str) -> str:
        return format(MPSZ_NAMES[self], spec)


TILES: tuple[Tile, ...] = tuple(Tile(i) for i in range(N_KINDS))


def _code_as_int(value: object, encoding: str) -> int:
    if isinstance(value, bool) or not hasattr(value, "__index__"):
        raise TypeError(f"{encoding} tile code must be an int, not {type(value).__name__} {show(value)}")
    return value.__index__()  # type: ignore[no-any-return]


def decode_tile(value: int, encoding: str = "index34") -> Tile:
    """Decode one numeric tile code; ``ValueError`` names an unknown code.

    A red five's code (tenhou 51-53) decodes to its kind: ``Tile.M5``.
    """
    check_encoding(encoding)
    if encoding == "counts":
        raise ValueError("'counts' describes a whole hand, not one tile")
    code = _code_as_int(value, encoding)
    idx = DECODE[encoding].get(code)
    if idx is None:
        shown = show(code) if code.bit_length() > 256 else hex(code) if encoding in ("nibble", "hex") else str(code)
        raise ValueError(f"unknown {encoding} tile code {shown}")
    return TILES[idx]


def encode_tile(tile: int, encoding: str = "index34") -> int:
    """Encode one tile (index34 int or ``Tile``) in a numeric encoding (a five is written plain, not red)."""
    check_encoding(encoding)
    if encoding == "counts":
        raise ValueError("'counts' describes a whole hand, not one tile")
    return ENCODE[encoding][as_tile(tile)]


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


# --- text notations -------------------------------------------------------------

_SEPARATORS = frozenset(" \t\r\n,，、;")
_VARIATION_SELECTORS = frozenset("\ufe0e\ufe0f")
_BRACKETS = frozenset("[]{}")
_BOTZONE_TO_TILE = {name: TILES[i] for i, name in enumerate(BOTZONE_NAMES)}
_UNICODE_TO_TILE = {glyph: TILES[i] for i, glyph in enumerate(UNICODE_NAMES)}
_SUIT_INDEX = {letter: k for k, letter in enumerate(SUIT_LETTERS)}

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


_MJAI_HONOR_TILE = {letter: TILES[FIRST_HONOR + k] for k, letter in enumerate(MJAI_HONOR)}
_MJAI_DIGITS = frozenset("123456789")
_MJAI_SUITS = {letter: k for k, letter in enumerate(SUIT_LETTERS[:N_SUITS])}

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
    if i < stop and text[i] == MJAI_RED:
        if RED_SUIT.get(tile) is None:
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
