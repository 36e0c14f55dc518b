"""What the 34 tile kinds are called: their names in each notation, their codes in each encoding.

One layer under ``_tiles`` (``Tile`` takes its names from these tables): the
names of the kinds in index34 order (mpsz, chinese, english, unicode, botzone,
mjai), the red fives, the tables of the numeric encodings (``DECODE`` code ->
index34, ``ENCODE`` index34 -> code), the detection of a text's notation, the
checks of the ``encoding=``/``notation=``/``red=`` arguments, and how bad input
is shown in an error (``show``, ``excerpt``, ``text_error``).

>>> CHINESE_NAMES[31], BOTZONE_NAMES[31], MJAI_NAMES[31], DECODE["decimal"][46]
('白', 'J3', 'P', 31)
>>> detect_notation("W1 W2 J3"), check_notation("mjai")
('botzone', 'mjai')
>>> text_error("unknown tile", "123x", 3, "hand")
ValueError("unknown tile at position 3 of hand '123x'")
"""
from __future__ import annotations

import re
import reprlib

from ._layout import FIRST_HONOR, MAX_COPIES, N_HONORS, N_KINDS, N_SUITS, SUIT_LETTERS, SUIT_SIZE

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
RED_SUIT = {five: s for s, five in enumerate(RED_FIVES)}

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
MJAI_HONOR = ("E", "S", "W", "N", "P", "F", "C")
MJAI_RED = "r"


def _suited(i: int) -> bool:
    return i < FIRST_HONOR


MPSZ_NAMES = tuple(f"{i % SUIT_SIZE + 1}{SUIT_LETTERS[i // SUIT_SIZE]}" for i in range(N_KINDS))
CHINESE_NAMES = tuple(
    _DIGITS_ZH[i % SUIT_SIZE] + _SUIT_ZH[i // SUIT_SIZE] if _suited(i) else _HONOR_ZH[i - FIRST_HONOR]
    for i in range(N_KINDS)
)
ENGLISH_NAMES = tuple(
    f"{i % SUIT_SIZE + 1} {_SUIT_EN[i // SUIT_SIZE]}" if _suited(i) else _HONOR_EN[i - FIRST_HONOR]
    for i in range(N_KINDS)
)
UNICODE_NAMES = tuple(
    chr(_UNICODE_SUIT_BASE[i // SUIT_SIZE] + i % SUIT_SIZE) if _suited(i)
    else chr(_UNICODE_HONOR[i - FIRST_HONOR])
    for i in range(N_KINDS)
)
BOTZONE_NAMES = tuple(
    f"{_BOTZONE_SUIT[i // SUIT_SIZE]}{i % SUIT_SIZE + 1}" if _suited(i) else _BOTZONE_HONOR[i - FIRST_HONOR]
    for i in range(N_KINDS)
)
MJAI_NAMES: tuple[str, ...] = tuple(
    MPSZ_NAMES[i] if _suited(i) else MJAI_HONOR[i - FIRST_HONOR] for i in range(N_KINDS)
)
"""The mjai name of each kind in index34 order: ``1m``...``9s``, ``E S W N P F C`` (P 白, F 发, C 中)."""
MJAI_RED_NAMES: tuple[str, ...] = tuple(MJAI_NAMES[five] + MJAI_RED for five in RED_FIVES)
"""The mjai names of the red fives: ``5mr``, ``5pr``, ``5sr``."""


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

DECODE: dict[str, dict[int, int]] = dict(zip(("decimal", "nibble", "hex"), _build_seed_tables()))
DECODE["index34"] = {i: i for i in range(N_KINDS)}
DECODE["index136"] = {i: i // MAX_COPIES for i in range(N_KINDS * MAX_COPIES)}
DECODE["tenhou"] = _build_tenhou_table()
ENCODE: dict[str, list[int]] = {}
for _name, _table in DECODE.items():
    _inverse = [-1] * N_KINDS
    for _code, _idx in sorted(_table.items(), reverse=True):
        _inverse[_idx] = _code  # the smallest code of a kind: copy 0, a plain (not red) five
    ENCODE[_name] = _inverse
del _name, _table, _inverse
RED_CODES = {"tenhou": dict(zip(TENHOU_RED, range(N_SUITS)))}


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


_UNICODE_BLOCK = re.compile("[\U0001F000-\U0001F02F]")
_WIDE = re.compile("[\u2E80-\U0010FFFF]")
_LETTER_DIGIT = re.compile(r"[A-Za-z]\d")
# mjai: an honour letter that is not a botzone letter+digit code, or the red suffix after a suit letter.
_MJAI_MARK = re.compile(r"[ESWNPFC](?![0-9])|[0-9][mps]r")
_DIGIT_SUIT = re.compile(r"\d[mpsz]")
_BRACKETS_AS_SPACES = str.maketrans("[]{}", "    ")


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
