"""Text notations: ``mpsz``, ``botzone``, ``unicode`` and ``chinese``.

A hand's text is its concealed tiles followed by its declared melds, each meld
in brackets in the same notation: ``[789s]`` an exposed chow, ``[555p]`` a pung,
``[1111z]`` an exposed kong, ``{1111z}`` a concealed kong. Examples::

    123m456p11z [789s] {5555z}
    W1 W2 W3 B4 B5 B6 F1 F1 [T7 T8 T9] {J3 J3 J3 J3}
"""
from __future__ import annotations

import re
from typing import TYPE_CHECKING, Iterable

from ._tiles import TILES, Tile, as_tile

if TYPE_CHECKING:
    from ._hand import Hand, Meld

NOTATIONS = ("mpsz", "botzone", "unicode", "chinese")

_MPSZ_GROUP = re.compile(r"(\d+)([mpsz])")
_BOTZONE_TOKEN = re.compile(r"([WBTFJ])(\d)", re.IGNORECASE)
_BOTZONE_TEXT = re.compile(r"^(?:[\s,]*[WBTFJ]\d)+[\s,]*$", re.IGNORECASE)
_SEPARATORS = " \t\r\n,，、;"
_VARIATION_SELECTORS = "\ufe0e\ufe0f"
_BRACKETS = {"[": "]", "{": "}"}

_BOTZONE_TO_TILE = {t.botzone: t for t in TILES}
_UNICODE_TO_TILE = {t.unicode: t for t in TILES}


def _chinese_aliases() -> dict[str, Tile]:
    aliases: dict[str, Tile] = {}
    digits = ("一二三四五六七八九", "123456789", "１２３４５６７８９")
    suit_words = {"m": "万萬", "p": "筒饼餅", "s": "条索條"}
    for suit, words in suit_words.items():
        base = "mps".index(suit) * 9
        for word in words:
            for digit_set in digits:
                for r, d in enumerate(digit_set):
                    aliases[d + word] = TILES[base + r]
    honors = {
        27: ("东", "東", "东风", "東風"),
        28: ("南", "南风", "南風"),
        29: ("西", "西风", "西風"),
        30: ("北", "北风", "北風"),
        31: ("白", "白板"),
        32: ("发", "發", "发财", "發財", "青发"),
        33: ("中", "红中", "紅中"),
    }
    for idx, words in honors.items():
        for word in words:
            aliases[word] = TILES[idx]
    return aliases


_CHINESE_TO_TILE = _chinese_aliases()
_CHINESE_MAX = max(map(len, _CHINESE_TO_TILE))


def detect_notation(text: str) -> str:
    """Guess the notation of ``text`` from the characters it uses."""
    if any(0x1F000 <= ord(c) <= 0x1F02F for c in text):
        return "unicode"
    if any(ord(c) >= 0x2E80 for c in text):
        return "chinese"
    stripped = re.sub(r"[\[\]{}]", " ", text)
    if _BOTZONE_TEXT.match(stripped) or (
        re.search(r"[A-Za-z]\d", stripped) and not re.search(r"\d[mpsz]", stripped)
    ):
        return "botzone"
    return "mpsz"


def _check_notation(notation: str) -> str:
    if not isinstance(notation, str):
        raise TypeError(f"notation must be a str, not {type(notation).__name__}")
    if notation not in NOTATIONS:
        raise ValueError(f"unknown notation {notation!r}; expected one of {', '.join(NOTATIONS)}")
    return notation


def _tiles_mpsz(text: str) -> list[Tile]:
    compact = "".join(c for c in text if c not in _SEPARATORS)
    tiles: list[Tile] = []
    pos = 0
    for m in _MPSZ_GROUP.finditer(compact):
        if m.start() != pos:
            break
        digits, suit = m.groups()
        for d in digits:
            rank = int(d)
            if suit == "z":
                if not 1 <= rank <= 7:
                    raise ValueError(f"unknown mpsz tile {d}z: honors are 1z-7z")
                tiles.append(TILES[26 + rank])
            else:
                rank = rank or 5  # 0m/0p/0s: the red five
                tiles.append(TILES["mps".index(suit) * 9 + rank - 1])
        pos = m.end()
    if pos != len(compact):
        raise ValueError(f"malformed mpsz text {text.strip()!r} at {compact[pos:pos + 8]!r}")
    return tiles


def _tiles_botzone(text: str) -> list[Tile]:
    tiles = []
    for token in re.split(r"[\s,]+", text.strip()):
        if not token:
            continue
        for piece in re.findall(r"[A-Za-z]\d|.+?", token) if len(token) > 2 else [token]:
            tile = _BOTZONE_TO_TILE.get(piece.upper())
            if tile is None:
                raise ValueError(f"unknown botzone tile {piece!r}")
            tiles.append(tile)
    return tiles


def _tiles_unicode(text: str) -> list[Tile]:
    tiles = []
    for c in text:
        if c in _SEPARATORS or c in _VARIATION_SELECTORS:
            continue
        tile = _UNICODE_TO_TILE.get(c)
        if tile is None:
            raise ValueError(f"unknown unicode tile {c!r} (U+{ord(c):04X})")
        tiles.append(tile)
    return tiles


def _tiles_chinese(text: str) -> list[Tile]:
    tiles = []
    i = 0
    while i < len(text):
        if text[i] in _SEPARATORS:
            i += 1
            continue
        for size in range(min(_CHINESE_MAX, len(text) - i), 0, -1):
            tile = _CHINESE_TO_TILE.get(text[i:i + size])
            if tile is not None:
                tiles.append(tile)
                i += size
                break
        else:
            raise ValueError(f"unknown chinese tile at {text[i:i + 3]!r} in {text.strip()!r}")
    return tiles


_READERS = {
    "mpsz": _tiles_mpsz,
    "botzone": _tiles_botzone,
    "unicode": _tiles_unicode,
    "chinese": _tiles_chinese,
}


def split_melds(text: str) -> tuple[str, list[tuple[str, bool]]]:
    """Split text into the concealed part and ``(meld text, concealed)`` groups."""
    concealed, melds = [], []
    i = 0
    while i < len(text):
        c = text[i]
        if c in _BRACKETS:
            end = text.find(_BRACKETS[c], i + 1)
            if end < 0:
                raise ValueError(f"unclosed {c!r} in {text!r}")
            inner = text[i + 1:end]
            if any(b in inner for b in "[]{}"):
                raise ValueError(f"nested brackets in {text!r}")
            melds.append((inner, c == "{"))
            i = end + 1
        elif c in "]}":
            raise ValueError(f"unmatched {c!r} in {text!r}")
        else:
            concealed.append(c)
            i += 1
    return "".join(concealed), melds


def parse_tiles(text: str, notation: str | None = None) -> list[Tile]:
    """Tiles of a text without melds, in ``notation`` (detected when ``None``)."""
    if not isinstance(text, str):
        raise TypeError(f"text must be a str, not {type(text).__name__}")
    notation = detect_notation(text) if notation is None else _check_notation(notation)
    return _READERS[notation](text)


def parse_tile(text: str) -> Tile:
    """Exactly one tile from text in any notation."""
    tiles = parse_tiles(text)
    if len(tiles) != 1:
        raise ValueError(f"expected one tile, got {len(tiles)} in {text!r}")
    return tiles[0]


def parse(text: str, notation: str | None = None) -> "Hand":
    """Parse a hand in any notation (detected from its characters when ``notation`` is ``None``).

    Melds follow the concealed tiles in brackets: ``[...]`` an exposed meld,
    ``{...}`` a concealed kong. ``ValueError`` names the malformed part.
    """
    from ._hand import Hand, Meld

    if not isinstance(text, str):
        raise TypeError(f"parse() takes a str, not {type(text).__name__}")
    notation = detect_notation(text) if notation is None else _check_notation(notation)
    concealed, groups = split_melds(text)
    tiles = _READERS[notation](concealed)
    melds = [Meld.from_tiles(_READERS[notation](inner), concealed=hidden) for inner, hidden in groups]
    return Hand(tiles, melds)


def _render(tiles: list[Tile], notation: str) -> str:
    if notation == "mpsz":
        out = []
        for suit in "mpsz":
            ranks = "".join(str(t.rank) for t in tiles if t.suit == suit)
            if ranks:
                out.append(ranks + suit)
        return "".join(out)
    if notation == "botzone":
        return " ".join(t.botzone for t in tiles)
    if notation == "unicode":
        return "".join(t.unicode for t in tiles)
    return " ".join(t.chinese for t in tiles)


def format_meld(meld: "Meld", notation: str = "mpsz") -> str:
    """One meld in brackets: ``[789s]``, ``{1111z}`` for a concealed kong."""
    body = _render(list(meld.tiles), _check_notation(notation))
    return "{" + body + "}" if meld.concealed else "[" + body + "]"


def format(hand: "Hand | str | Iterable[int]", notation: str = "mpsz") -> str:  # noqa: A001
    """Write a hand (or a sequence of index34 tiles, or text) in ``notation``.

    ``parse(format(h, n)) == h`` for every hand and notation.
    """
    from ._hand import Hand, as_hand

    _check_notation(notation)
    if isinstance(hand, Hand) or isinstance(hand, str):
        h = as_hand(hand)
        tiles, melds = list(h.tiles), h.melds
    else:
        tiles, melds = sorted(as_tile(t) for t in hand), ()
    parts = [_render(tiles, notation)] if tiles else []
    parts += [format_meld(m, notation) for m in melds]
    return " ".join(parts)
