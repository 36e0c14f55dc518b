"""Hu types (胡牌类型) and decompositions of a winning hand.

A thin wrapper: the input is read once by ``read_options`` and the kernels
(``_win`` for seven pairs and thirteen orphans, ``_decompose`` for the
standard form) work on its 34 counts.  The rules are DESIGN.md's "Win forms
and hu types"; where the Java hu-type article (``judgeNormalHuType``) reads
them differently, this module follows DESIGN.md:

* Seven-pairs shapes (七小对, 七大对, 豪华大七对) need all 14 tiles concealed,
  so any declared meld, a concealed kong included, rules them out.  The article
  counts declared kongs as sets of four toward 七大对/豪华大七对; here a kong
  counts three toward the 14, so such a hand is not even whole.
* 对对胡 holds when *some* split is all pungs/kongs (111222333m444p55s is
  对对胡 although it also splits into chows); every other standard-form win is
  平胡.  The article does not count an all-pung hand as 平胡 at all.
* 清一色 is one suit with no honors; 混一色 one suit plus honors; 字一色
  honors only (the article lumps honors into its 清一色).
* 门清 is a closed hand (concealed kongs allowed) whether or not it was
  self-drawn.  全求人 is four exposed melds (chows, pungs or exposed kongs)
  with the pair completed by a discard.
"""
from __future__ import annotations

import enum
from collections.abc import Iterable
from dataclasses import dataclass
from operator import itemgetter
from typing import TYPE_CHECKING, Any, ClassVar

from . import _dispatch
from ._api import rule_flags
from ._dispatch import hutype as _hutype
from ._kernels import hu_flags as _flags
from ._layout import FIRST_HONOR, MAX_HAND, N_KINDS, SUIT_SIZE
from ._meld import Meld, MeldLike
from ._notation import format as _format
from ._options import Wild, read_options
from ._rules import RulesLike
from ._tiles import TILES, Tile

__all__ = ["DecomposedMeld", "Decomposition", "HuType", "classify", "decompose"]


class HuType(enum.IntFlag):
    """The hu type of a winning hand: exactly one shape plus any modifiers.

    ``HuType(0)`` means the hand does not win.  Shapes, by priority:
    ``SHI_SAN_YAO`` 十三幺 > ``QI_XING_BU_KAO`` 七星不靠 > ``QUAN_BU_KAO``
    全不靠 > ``ZU_HE_LONG`` 组合龙 > ``HAO_HUA_QI_DUI`` > ``QI_DA_DUI`` >
    ``QI_XIAO_DUI`` > ``DUI_DUI_HU`` > ``PING_HU`` (``HuType.SHAPES``);
    modifiers: ``QING_YI_SE``, ``HUN_YI_SE``, ``ZI_YI_SE``, ``MEN_QING``,
    ``QUAN_QIU_REN`` (``HuType.MODIFIERS``).

    Which shapes exist depends on the rule set (``classify(..., rules=)``):
    the three knitted shapes only where knitted forms win (``"gb"``); the
    seven-pairs shapes with four identical tiles (``HAO_HUA_QI_DUI``,
    ``QI_DA_DUI``) not under ``"riichi"``, whose seven pairs are seven
    different kinds; ``SHI_SAN_YAO`` not under ``"sichuan"``.  Sichuan calls a
    seven-pairs hand with a set of four 龙七对: ``HuType.LONG_QI_DUI`` is an
    alias of ``QI_DA_DUI`` (one set of four), and two or more sets of four
    stay ``HAO_HUA_QI_DUI``.  See docs/hutypes.md.

    Examples
    --------
    >>> t = HuType.QI_XIAO_DUI | HuType.QING_YI_SE
    >>> t.shape is HuType.QI_XIAO_DUI, t.names("zh")
    (True, ['七小对', '清一色'])
    """

    SHI_SAN_YAO = _flags.SHI_SAN_YAO
    HAO_HUA_QI_DUI = _flags.HAO_HUA_QI_DUI
    QI_DA_DUI = _flags.QI_DA_DUI
    QI_XIAO_DUI = _flags.QI_XIAO_DUI
    DUI_DUI_HU = _flags.DUI_DUI_HU
    PING_HU = _flags.PING_HU
    QING_YI_SE = _flags.QING_YI_SE
    HUN_YI_SE = _flags.HUN_YI_SE
    ZI_YI_SE = _flags.ZI_YI_SE
    MEN_QING = _flags.MEN_QING
    QUAN_QIU_REN = _flags.QUAN_QIU_REN
    QUAN_BU_KAO = _flags.QUAN_BU_KAO
    QI_XING_BU_KAO = _flags.QI_XING_BU_KAO
    ZU_HE_LONG = _flags.ZU_HE_LONG
    LONG_QI_DUI = _flags.QI_DA_DUI
    """Sichuan's name of ``QI_DA_DUI`` (龙七对): an alias, the same flag."""

    SHAPES: ClassVar[tuple[HuType, ...]]
    MODIFIERS: ClassVar[tuple[HuType, ...]]

    @property
    def shape(self) -> HuType:
        """The shape flag alone (``HuType(0)`` if none is set).

        >>> (HuType.QI_XIAO_DUI | HuType.QING_YI_SE).shape
        HuType.QI_XIAO_DUI
        """
        return self & _SHAPE_MASK

    @property
    def modifiers(self) -> HuType:
        """The modifier flags alone (``HuType(0)`` if none is set).

        >>> (HuType.PING_HU | HuType.QING_YI_SE | HuType.MEN_QING).modifiers
        HuType.QING_YI_SE|MEN_QING
        """
        return self & _MODIFIER_MASK

    def flags(self) -> tuple[HuType, ...]:
        """The single flags that are set: the shape first, then modifiers.

        Unlike iterating a combined ``IntFlag`` this behaves the same on
        every Python version.

        Returns
        -------
        tuple[HuType, ...]
            One member per set flag; empty for ``HuType(0)``.

        Examples
        --------
        >>> (HuType.MEN_QING | HuType.PING_HU).flags()
        (HuType.PING_HU, HuType.MEN_QING)
        """
        return tuple(f for f in _ORDER if self & f)

    def names(self, lang: str = "zh") -> list[str]:
        """Display names of the set flags, shape first.

        Parameters
        ----------
        lang : {"zh", "en"}
            Chinese (``"十三幺"``) or English (``"Thirteen Orphans"``).

        Returns
        -------
        list[str]
            One name per set flag, in the order of ``flags()``.

        Raises
        ------
        ValueError
            An unknown language.

        Examples
        --------
        >>> t = HuType.QI_XIAO_DUI | HuType.QING_YI_SE
        >>> t.names(), t.names("en")
        (['七小对', '清一色'], ['Seven Pairs', 'Full Flush'])
        """
        if lang not in ("zh", "en"):
            raise ValueError(f"unknown language {lang!r}; expected 'zh' or 'en'")
        i = 0 if lang == "zh" else 1
        return [_NAMES[f][i] for f in self.flags()]

    @property
    def chinese(self) -> str:
        """Chinese name(s): ``"七小对"``; a combination joins them with spaces.

        >>> (HuType.QI_XIAO_DUI | HuType.QING_YI_SE).chinese
        '七小对 清一色'
        """
        return " ".join(self.names("zh"))

    @property
    def english(self) -> str:
        """English name(s): ``"Seven Pairs"``; a combination joins them with ", ".

        >>> (HuType.QI_XIAO_DUI | HuType.QING_YI_SE).english
        'Seven Pairs, Full Flush'
        """
        return ", ".join(self.names("en"))

    # IntFlag's own repr and str differ between Python versions (3.11 prints
    # ``608`` for ``str``); these read the same on every supported version.
    def __repr__(self) -> str:
        """``HuType.PING_HU|QING_YI_SE|MEN_QING``, shape first; ``HuType(0)`` for none."""
        flags = self.flags()
        if not flags:
            return f"HuType({int(self)})"
        return "HuType." + "|".join(f.name or "" for f in flags)

    def __str__(self) -> str:
        """``平胡 Plain Win, 清一色 Full Flush, 门清 Concealed Hand``; ``HuType(0)`` for none."""
        flags = self.flags()
        if not flags:
            return repr(self)
        return ", ".join(f"{_NAMES[f][0]} {_NAMES[f][1]}" for f in flags)

    def __format__(self, spec: str) -> str:
        """``str(self)`` formatted; a numeric presentation type (``d``, ``x``...) formats the int."""
        if spec and spec[-1] in _NUMERIC_FORMATS:
            return int.__format__(int(self), spec)
        return format(str(self), spec)


HuType.SHAPES = (
    HuType.SHI_SAN_YAO,
    HuType.QI_XING_BU_KAO,
    HuType.QUAN_BU_KAO,
    HuType.ZU_HE_LONG,
    HuType.HAO_HUA_QI_DUI,
    HuType.QI_DA_DUI,
    HuType.QI_XIAO_DUI,
    HuType.DUI_DUI_HU,
    HuType.PING_HU,
)
HuType.MODIFIERS = (
    HuType.QING_YI_SE,
    HuType.HUN_YI_SE,
    HuType.ZI_YI_SE,
    HuType.MEN_QING,
    HuType.QUAN_QIU_REN,
)
_ORDER = HuType.SHAPES + HuType.MODIFIERS
_NUMERIC_FORMATS = frozenset("bcdeEfFgGnoxX%")
_SHAPE_MASK = HuType(sum(HuType.SHAPES))
_MODIFIER_MASK = HuType(sum(HuType.MODIFIERS))
_NAMES: dict[HuType, tuple[str, str]] = {
    HuType.SHI_SAN_YAO: ("十三幺", "Thirteen Orphans"),
    HuType.HAO_HUA_QI_DUI: ("豪华大七对", "Luxury Seven Pairs"),
    HuType.QI_DA_DUI: ("七大对", "Big Seven Pairs"),
    HuType.QI_XIAO_DUI: ("七小对", "Seven Pairs"),
    HuType.DUI_DUI_HU: ("对对胡", "All Pungs"),
    HuType.PING_HU: ("平胡", "Plain Win"),
    HuType.QING_YI_SE: ("清一色", "Full Flush"),
    HuType.HUN_YI_SE: ("混一色", "Half Flush"),
    HuType.ZI_YI_SE: ("字一色", "All Honors"),
    HuType.MEN_QING: ("门清", "Concealed Hand"),
    HuType.QUAN_QIU_REN: ("全求人", "Melded Hand"),
    HuType.QUAN_BU_KAO: ("全不靠", "Knitted and Honours"),
    HuType.QI_XING_BU_KAO: ("七星不靠", "Seven Honours and Knitted"),
    HuType.ZU_HE_LONG: ("组合龙", "Knitted Straight"),
}


@dataclass(frozen=True)
class DecomposedMeld:
    """One meld of a decomposition.

    Attributes
    ----------
    kind : str
        ``"chow"``, ``"pung"`` or ``"kong"`` (kongs are always declared); under
        rules with knitted forms also ``"knitted"``: one suit's third of a
        knitted straight (组合龙), ``tile``, ``tile + 3``, ``tile + 6``
        (``147m``, ``258p``, ``369s``...).
    tile : Tile
        The meld's first (lowest) tile.
    declared : bool
        True for a meld the player declared (a ``Hand`` meld), False for one
        found in the concealed tiles.
    concealed : bool
        True unless the meld was exposed: melds found in the concealed tiles
        and declared concealed kongs (暗杠) are concealed.
    """

    kind: str
    tile: Tile
    declared: bool = False
    concealed: bool = True

    @property
    def tiles(self) -> tuple[Tile, ...]:
        """The meld's tiles, lowest first (four for a kong)."""
        if self.kind == "chow":
            return (self.tile, TILES[self.tile + 1], TILES[self.tile + 2])
        if self.kind == "knitted":
            return (self.tile, TILES[self.tile + _KNIT_STEP], TILES[self.tile + 2 * _KNIT_STEP])
        return (self.tile,) * (4 if self.kind == "kong" else 3)

    def __str__(self) -> str:
        """mpsz text as in a hand: ``123m``; declared ``[123m]``, a concealed kong ``{1111z}``;
        a third of a knitted straight ``147m``."""
        text = _mpsz(self.tiles)
        if not self.declared:
            return text
        return "{" + text + "}" if self.concealed else f"[{text}]"


class Decomposition(tuple):  # type: ignore[type-arg]
    """One way to read a standard-form win: a pair plus melds.

    Attributes
    ----------
    pair : Tile
        The pair (将/雀头).
    melds : tuple of DecomposedMeld
        The melds found in the concealed tiles (chows first, then pungs, each
        in tile order), followed by the declared melds in hand order.  A 组合龙
        reading (rules with knitted forms) starts with the three ``"knitted"``
        thirds of its knitted straight, in suit order.

    Immutable; equal to another ``Decomposition`` with the same pair and melds.
    ``decompose`` lists them; a ``DecomposedMeld`` has a ``kind`` (``"chow"``,
    ``"pung"``, ``"kong"`` or ``"knitted"``), a lowest ``tile``, and whether it
    was ``declared`` and is ``concealed``; its ``str`` is its mpsz text.

    Examples
    --------
    >>> from mahjong_fast import decompose
    >>> d = decompose("111222333m44m")[-1]
    >>> d
    <Decomposition 44m + 111m 222m 333m>
    >>> d.pair, [str(m) for m in d.melds]
    (4m, ['111m', '222m', '333m'])
    """

    __slots__ = ()
    __match_args__ = ("pair", "melds")
    pair: Tile = property(  # type: ignore[assignment]
        itemgetter(0),
        doc="""The pair (将/雀头).

        Examples
        --------
        >>> from mahjong_fast import decompose
        >>> decompose("11m", melds=["123p", "555s", "789m", "{7777z}"])[0].pair
        1m
        """,
    )
    melds: tuple[DecomposedMeld, ...] = property(  # type: ignore[assignment]
        itemgetter(1),
        doc="""The melds: those found, then the declared ones.

        Examples
        --------
        >>> from mahjong_fast import decompose
        >>> [str(m) for m in decompose("123m11z", melds=["555s", "{7777z}"])[0].melds]
        ['123m', '[555s]', '{7777z}']
        """,
    )

    def __new__(cls, pair: Tile, melds: tuple[DecomposedMeld, ...]) -> Decomposition:
        return tuple.__new__(cls, (pair, melds))

    def __getnewargs__(self) -> tuple[Any, ...]:
        return tuple(self)

    # Compare as the dataclass it replaces: only with another Decomposition, unordered.
    def __eq__(self, other: object) -> bool:
        if other.__class__ is self.__class__:
            return tuple.__eq__(self, other)
        return NotImplemented

    def __ne__(self, other: object) -> bool:
        if other.__class__ is self.__class__:
            return tuple.__ne__(self, other)
        return NotImplemented

    def _unordered(self, other: object) -> Any:
        return NotImplemented

    __lt__ = __le__ = __gt__ = __ge__ = _unordered
    __hash__ = tuple.__hash__

    def __repr__(self) -> str:
        """``<Decomposition 11m + 123m 456p [789s]>``."""
        return f"<Decomposition {self}>"

    def __str__(self) -> str:
        """``11m + 123m 456p [789s]``: the pair, then the melds; ``11m`` for a pair alone."""
        pair = _mpsz((self.pair, self.pair))
        if not self.melds:
            return pair
        return pair + " + " + " ".join(map(str, self.melds))


def _mpsz(tiles: tuple[Tile, ...]) -> str:
    return _format(list(tiles), "mpsz")


_KNIT_STEP = 3
_CHOWS = tuple(DecomposedMeld("chow", TILES[t]) for t in range(N_KINDS))
_PUNGS = tuple(DecomposedMeld("pung", TILES[t]) for t in range(N_KINDS))
_KNITTED = tuple(
    DecomposedMeld("knitted", TILES[t]) if t % SUIT_SIZE < _KNIT_STEP else None for t in range(FIRST_HONOR)
)
"""The third of a knitted straight starting at each suited tile (None above rank 3)."""
_DECLARED: dict[Meld, DecomposedMeld] = {}
_MELD_KIND = {"chow": _hutype.CHOW, "pung": _hutype.PUNG, "kong": _hutype.KONG}
_MELD_BYTES: dict[tuple[Meld, ...], bytes] = {}
_WILD_MASKS: dict[tuple[Tile, ...], bytes] = {}
_HU_TYPES: dict[int, HuType] = {}


def _declared(meld: Meld) -> DecomposedMeld:
    found = _DECLARED.get(meld)
    if found is None:
        found = _DECLARED[meld] = DecomposedMeld(meld.kind, meld.tile, True, meld.concealed)
    return found


def _meld_bytes(melds: tuple[Meld, ...]) -> bytes:
    """The kernel's meld bytes: ``kind << 6 | tile``."""
    found = _MELD_BYTES.get(melds)
    if found is None:
        found = bytes(
            (_hutype.CONCEALED_KONG if m.concealed else _MELD_KIND[m.kind]) << 6 | m.tile
            for m in melds
        )
        if len(_MELD_BYTES) < 4096:
            _MELD_BYTES[melds] = found
    return found


def _wild_mask(kinds: tuple[Tile, ...]) -> bytes:
    found = _WILD_MASKS.get(kinds)
    if found is None:
        mask = bytearray(N_KINDS)
        for k in kinds:
            mask[k] = 1
        found = bytes(mask)
        if len(_WILD_MASKS) < 1024:
            _WILD_MASKS[kinds] = found
    return found


def _hu_type(value: int) -> HuType:
    try:
        return _HU_TYPES[value]
    except KeyError:
        found = _HU_TYPES[value] = HuType(value)
        return found


def decompose(
    hand: object, *, melds: Iterable[MeldLike] = (), encoding: str | None = None, rules: RulesLike = None
) -> list[Decomposition]:
    """Every way to split a standard-form win into a pair and melds.

    Parameters
    ----------
    hand
        Anything ``Hand`` accepts: a ``Hand``, text in any notation (melds in
        brackets allowed), index34 ints (or ints in ``encoding``), 34 counts
        with ``encoding="counts"``.
    melds
        Declared melds (``Meld`` objects or their text), added to the hand's.
    encoding
        How ``hand`` is encoded when it is a sequence of ints or counts.
    rules
        ``None`` (the default rules, ``"chinese"``), a preset name of ``RULES``
        or a ``Rules`` object.  Under rules that limit the suits (``"sichuan"``)
        a hand holding too many suits, declared melds included, has no
        reading.  Under rules with knitted forms (``"gb"``) a whole hand (14
        tiles with at most one declared meld) that holds a knitted straight
        also reads as 组合龙: its three ``"knitted"`` thirds, then the meld and
        pair found in the other concealed tiles, then the declared melds;
        these readings follow the standard-form ones.

    Returns
    -------
    list of Decomposition
        One per distinct split of the concealed part (3n+2 tiles) into a pair
        and n melds, with the declared melds appended to each; sorted by pair,
        then melds.  Empty when the concealed part does not split.  Seven
        pairs, thirteen orphans, 全不靠 and 七星不靠 are not pair-and-melds
        splits and are never listed (nor, under ``"riichi"``, is anything
        else: its seven pairs differ from the default only in that form).

    Raises
    ------
    ValueError, TypeError
        If the hand is malformed (see ``Hand``), ``rules`` is unknown, the hand
        holds a tile the rules leave out, or a declared chow where the rules
        have none (naming the meld).

    Examples
    --------
    >>> [str(d.pair) for d in decompose("111222333m44m")]
    ['1m', '4m', '4m']
    """
    o = read_options(melds=melds, rules=rules, encoding=encoding)
    r = None if rules is None else o.rules
    h = o.hand_of(hand)
    declared = tuple([_declared(m) for m in h.melds]) if h.melds else ()
    if r is None:
        return _hutype.decompositions(h.counts, Decomposition, TILES, _CHOWS, _PUNGS, declared)
    return _hutype.decompositions(
        h.counts, Decomposition, TILES, _CHOWS, _PUNGS, declared, rule_flags(h, r), _KNITTED
    )


def classify(
    hand: object, *, melds: Iterable[MeldLike] = (), self_drawn: bool = False, encoding: str | None = None,
    wild: Wild = None, fifth: bool = True, rules: RulesLike = None,
) -> HuType:
    """The hu type of a whole hand: one shape flag plus every modifier that holds.

    Parameters
    ----------
    hand
        Anything ``Hand`` accepts (see ``decompose``).  With the declared
        melds it must make 14 tiles, a kong counting as three.
    melds
        Declared melds (``Meld`` objects or their text), added to the hand's.
    self_drawn : bool
        Whether the winning tile was drawn by the player (自摸) rather than
        taken from a discard; only 全求人 depends on it.
    encoding
        How ``hand`` is encoded when it is a sequence of ints or counts.
    wild
        Tile kind(s) acting as jokers (癞子), e.g. ``"5z"``: every copy in the
        concealed hand may stand for any tile, itself included, and the answer
        is the best hu type over every way of placing them.  Best means the
        higher shape (in the priority order below), then the better suit
        modifier: 字一色 > 清一色 > 混一色 > none (门清 and 全求人 depend only on
        the melds and ``self_drawn``).  A kind held 6 or 8 times in seven pairs
        holds one or two sets of four.
    fifth : bool
        As in ``is_win``: ``False`` forbids a joker from standing for a fifth
        copy of a tile (counting the declared melds).
    rules
        ``None`` (the default rules, ``"chinese"``), a preset name of ``RULES``
        or a ``Rules`` object.  The hand wins only in the forms the rules
        allow: seven pairs of seven different kinds under ``"riichi"`` (four
        identical tiles are then never a seven-pairs shape, though the hand
        may win in the standard form), no thirteen orphans and at most two
        suits, declared melds included, under ``"sichuan"``, the knitted
        shapes 全不靠, 七星不靠 and 组合龙 under ``"gb"``.  With ``wild`` a
        joker stands only for a tile the rules have; the wild kind's own
        copies are jokers and need not exist under the rules (红中 jokers in
        Sichuan).

    Returns
    -------
    HuType
        ``HuType(0)`` when the hand does not win.  Otherwise the first shape
        that fits in the order 十三幺 > 七星不靠 > 全不靠 > 组合龙 > 豪华大七对 >
        七大对 > 七小对 > 对对胡 > 平胡, plus each of 清一色, 混一色, 字一色,
        门清 and 全求人 that holds.

    Raises
    ------
    ValueError
        If the hand is not 14 tiles (naming the count), or is malformed, or
        ``wild`` names no tile, or ``rules`` is unknown, or the hand holds a
        tile the rules leave out, or a declared chow where the rules have
        none (naming the meld).
    TypeError
        If ``self_drawn`` or ``fifth`` is not a bool, or the hand, ``wild`` or
        ``rules`` is of the wrong type.

    Examples
    --------
    >>> classify("11223344556677m").names("en")
    ['Seven Pairs', 'Full Flush', 'Concealed Hand']
    >>> classify("1112345678999m5z", wild="5z").names("en")
    ['Plain Win', 'Full Flush', 'Concealed Hand']
    """
    o = read_options(melds=melds, rules=rules, wild=wild, fifth=fifth, encoding=encoding)
    kinds = o.wild
    r = None if rules is None else o.rules
    h = o.hand_of(hand)
    if h.size != MAX_HAND:
        raise ValueError(
            f"classify needs a whole hand of {MAX_HAND} tiles (a kong counting as three); "
            f"got {len(h.tiles)} concealed tiles and {len(h.melds)} melds, {h.size} in all"
        )
    if self_drawn is not False and self_drawn is not True:
        raise TypeError(f"self_drawn must be a bool, not {type(self_drawn).__name__}")
    codes = _meld_bytes(h.melds) if h.melds else b""
    if r is not None:
        flags = rule_flags(h, r, kinds)
        if kinds:
            value = _hutype.hu_type_wild(h.counts, _wild_mask(kinds), codes, self_drawn, fifth, flags, r.limits)
        else:
            value = _hutype.hu_type(h.counts, codes, self_drawn, flags)
    elif kinds:
        value = _hutype.hu_type_wild(h.counts, _wild_mask(kinds), codes, self_drawn, fifth)
    else:
        value = _hutype.hu_type(h.counts, codes, self_drawn)
    return _hu_type(value)


def _declared_of(code: int) -> DecomposedMeld:
    """The decomposed meld of a declared meld byte ``kind << 6 | tile`` (the kernel's form)."""
    kind, tile = code >> 6, TILES[code & 63]
    if kind == _hutype.CONCEALED_KONG:
        return DecomposedMeld("kong", tile, True, True)
    return DecomposedMeld(("chow", "pung", "kong")[kind], tile, True, False)


GENERAL = {"classify": classify, "decompose": decompose}
"""The general functions, whether or not the compiled fast paths stand in front of them."""

if not TYPE_CHECKING:  # the fast paths (compiled, or their pure twin) stand in front
    classify, decompose = _dispatch.api_fast.install_classify(
        classify, decompose, _hu_type, _hutype.decompositions, (Decomposition, TILES, _CHOWS, _PUNGS), _declared_of,
        _KNITTED,
    )
