"""The text of a whole hand: ``parse`` and ``format`` in every notation.

Notations: ``mpsz``, ``botzone``, ``unicode``, ``chinese`` and ``mjai`` (the
tile readers and writers are ``_tiles``' and ``_tile_lists``'; meld brackets are ``_meld``'s).  A hand's
text is its concealed tiles followed by its declared melds, each meld in
brackets in the same notation: ``[789s]`` an exposed chow, ``[555p]`` a pung,
``[1111z]`` an exposed kong, ``{1111z}`` a concealed kong. Examples::

    123m456p11z [789s] {5555z}
    W1 W2 W3 B4 B5 B6 F1 F1 [T7 T8 T9] {J3 J3 J3 J3}
    1m 2m 3m 5pr 5p 6p E E [7s 8s 9s] {P P P P}

Red fives keep their identity where a notation can write them (mpsz ``0m``,
mjai ``5mr``); the others write a plain five.  Which notation a text is in,
when none is given, is ``detect_notation``'s rule (``docs/tiles.md``).

Reading is one left-to-right pass: its time is linear in the text's length.
"""
from __future__ import annotations

from collections.abc import Iterable

from ._hand import Hand, as_hand, parse_hand
from ._layout import N_KINDS, N_SUITS, SUIT_SIZE
from ._meld import READERS, format_meld, write_hand
from ._tile_lists import tile_items
from ._tile_names import NOTATIONS, check_notation, detect_notation
from ._tiles import TILES, as_tile_red

__all__ = ["NOTATIONS", "detect_notation", "format", "format_meld", "parse"]


def parse(text: str, notation: str | None = None) -> Hand:
    """Parse a hand in any notation (detected from its characters when ``notation`` is ``None``).

    Melds follow the concealed tiles in brackets: ``[...]`` an exposed meld,
    ``{...}`` a concealed kong. ``ValueError`` names the malformed part and
    its position.

    Parameters
    ----------
    text
        The hand: concealed tiles, then declared melds in brackets.
    notation
        One of ``NOTATIONS``; ``None`` detects it.

    Returns
    -------
    Hand
        The hand.

    Raises
    ------
    ValueError
        Malformed text, an unknown notation, a fifth copy of a tile.
    TypeError
        ``text`` that is not a ``str``.

    Examples
    --------
    >>> from mahjong_fast import parse
    >>> parse("123m456p789s11z"), parse("W1 W2 W3 [T7 T8 T9]")
    (Hand('123m456p789s11z'), Hand('123m [789s]'))
    >>> parse("1x")
    Traceback (most recent call last):
    ...
    ValueError: malformed mpsz text: 'x' is not a digit or a suit letter m, p, s, z at position 1 of text '1x'
    """
    hand: Hand | None = READERS.parse(text, notation)
    return parse_hand(text, notation, "text") if hand is None else hand


def format(hand: Hand | str | Iterable[int], notation: str = "mpsz") -> str:
    """Write a hand (or a sequence of index34 tiles or one-tile texts, or text) in ``notation``.

    ``parse(format(h, n)) == h`` for every hand and every notation that can
    write red fives (mpsz, mjai); botzone, unicode and chinese write a red five
    as a plain five, so there ``parse(format(h, n))`` equals ``h`` but for redness.

    Parameters
    ----------
    hand
        A ``Hand``, text in any notation, or a sequence of tiles.
    notation
        One of ``NOTATIONS``; ``"mpsz"`` by default.

    Returns
    -------
    str
        The hand's text, melds in brackets after the concealed tiles.

    Raises
    ------
    ValueError
        An unknown notation, or a hand that is not one.
    TypeError
        An argument of the wrong type.

    Examples
    --------
    >>> from mahjong_fast import format
    >>> format("123m456p", "botzone"), format([0, 1, 2, 31], "chinese")
    ('W1 W2 W3 B4 B5 B6', '一万 二万 三万 白')
    >>> format("11m [789s]", "mjai")
    '1m 1m [7s 8s 9s]'
    """
    text: str | None = READERS.write(hand, notation)
    if text is not None:
        return text
    check_notation(notation)
    if isinstance(hand, (Hand, str)):
        h = as_hand(hand)
        return write_hand(h.tiles, h.melds, notation, h.red)
    tiles = []
    red = [0] * N_SUITS
    for i, t in enumerate(tile_items(hand, "hand")):
        if type(t) is int and 0 <= t < N_KINDS:  # the common case: an index34 int, never red
            tiles.append(TILES[t])
            continue
        tile, is_red = as_tile_red(t, f"hand[{i}]")  # its errors name the position once
        tiles.append(tile)
        if is_red:
            red[tile // SUIT_SIZE] += 1
    return write_hand(sorted(tiles), (), notation, red)
