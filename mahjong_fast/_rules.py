"""Rule sets: which hands win, and which tiles exist (``rules=``).

A ``Rules`` object names each switch of the win definition; the presets in
``RULES`` are instances of it, and a house rule is one ``dataclasses.replace``
away.  The kernels never see this object: ``flags`` packs the switches into
one ``int`` (the bits of ``_kernels/rule_flags``) and ``limits`` gives the
copies of each tile that exist (0 for a tile the rules leave out), so a call
with ``rules=`` costs the kernels nothing more than one without.
"""
from __future__ import annotations

import dataclasses
import types
from collections.abc import Iterable, Mapping, Sequence
from typing import Union

from ._kernels import rule_flags as _f
from ._layout import FIRST_HONOR, MAX_COPIES, N_KINDS, N_SUITS, SUIT_SIZE
from ._tile_lists import read_tiles
from ._tile_names import detect_notation, show
from ._tiles import TILES, Tile, as_tile

SEVEN_PAIRS_KINDS = (None, "four_as_two", "distinct")
"""Values of ``Rules.seven_pairs``: no seven pairs, four identical = two pairs, seven different kinds."""


@dataclasses.dataclass(frozen=True)
class Rules:
    """One rule family's definition of a winning shape, and the tiles it plays with.

    Minimum points (GB's 8, Hong Kong's fan minimum) are scoring rules, not
    shapes: ``is_win`` tells the shape only.  A frozen dataclass: its fields
    below are the switches (keyword arguments of the constructor); ``RULES``
    holds the presets, and ``dataclasses.replace`` makes a house rule of one.
    Every function's ``rules=`` takes a preset name or such an object.

    Raises
    ------
    ValueError
        A switch out of range (``seven_pairs`` not one of its three values,
        ``max_suits`` not 1-3), or a ``missing`` tile that is not one.
    TypeError
        A switch of the wrong type.

    Examples
    --------
    >>> import dataclasses
    >>> from mahjong_fast import RULES, Rules, is_win
    >>> RULES["riichi"].seven_pairs, RULES["sichuan"].max_suits
    ('distinct', 2)
    >>> house = dataclasses.replace(RULES["chinese"], name="house", thirteen_orphans=False)
    >>> is_win("19m19p19s1234567z1m"), is_win("19m19p19s1234567z1m", rules=house)
    (True, False)
    >>> Rules(max_suits=4)
    Traceback (most recent call last):
    ...
    ValueError: Rules.max_suits must be 1, 2 or 3, not 4
    """

    name: str = dataclasses.field(default="custom", compare=False)
    """A label for messages and ``repr``; not part of equality."""
    seven_pairs: str | None = "four_as_two"
    """``"four_as_two"`` (four identical tiles count as two pairs), ``"distinct"`` (seven
    different kinds, riichi) or ``None`` (seven pairs does not win)."""
    thirteen_orphans: bool = True
    """Thirteen orphans (十三幺) wins."""
    knitted: bool = False
    """The knitted forms win: 全不靠 and 七星不靠 (14 different tiles of one knitted set
    147/258/369 over the three suits, plus honours) and 组合龙 (a knitted straight plus one
    meld and a pair)."""
    max_suits: int = 3
    """How many of the three suits a winning hand (melds included) may hold: Sichuan's 缺一门 is 2."""
    honours: bool = True
    """Whether the honour tiles exist."""
    missing: tuple[Tile, ...] = ()
    """Further tiles that do not exist (three-player riichi: 2m-8m); text or tiles."""
    chows: bool = True
    """Whether a chow may be declared."""
    red_fives: int = 3
    """Scoring (riichi): red fives in the set, 0 or 3 (one each of 5m 5p 5s), each a dora when 3."""
    open_tanyao: bool = True
    """Scoring (riichi): tanyao (断幺九) counts in an open hand (喰いタン), as on Tenhou."""
    double_yakuman: bool = False
    """Scoring (riichi): 13-sided kokushi, suuankou tanki, junsei chuuren and daisuushii count twice
    (Tenhou counts each once)."""
    kazoe_yakuman: bool = True
    """Scoring (riichi): 13 han or more without a yakuman pays a yakuman (数え役満), else sanbaiman."""
    kiriage: bool = False
    """Scoring (riichi): 4 han 30 fu and 3 han 60 fu round up to mangan (切り上げ満貫)."""

    flags: int = dataclasses.field(init=False, repr=False, compare=False)
    """The switches as the kernels read them (``_kernels/rule_flags``)."""
    limits: bytes = dataclasses.field(init=False, repr=False, compare=False)
    """34 values: the copies of each tile that exist (4, or 0 when the rules leave it out)."""
    is_default: bool = dataclasses.field(init=False, repr=False, compare=False)
    """These rules win, play and validate exactly as the default (``"chinese"``): calls under them
    take the default route."""

    def __post_init__(self) -> None:
        if not isinstance(self.name, str):
            raise TypeError(f"Rules.name must be a str, not {type(self.name).__name__}")
        if self.seven_pairs not in SEVEN_PAIRS_KINDS or not isinstance(self.seven_pairs, (str, type(None))):
            raise ValueError(
                f"Rules.seven_pairs must be 'four_as_two', 'distinct' or None, not {show(self.seven_pairs)}"
            )
        for field in ("thirteen_orphans", "knitted", "honours", "chows", "open_tanyao", "double_yakuman",
                      "kazoe_yakuman", "kiriage"):
            if not isinstance(getattr(self, field), bool):
                raise TypeError(f"Rules.{field} must be a bool, not {type(getattr(self, field)).__name__}")
        if type(self.max_suits) is not int or not 1 <= self.max_suits <= N_SUITS:
            raise ValueError(f"Rules.max_suits must be 1, 2 or 3, not {show(self.max_suits)}")
        if type(self.red_fives) is not int or self.red_fives not in (0, 3):
            raise ValueError(f"Rules.red_fives must be 0 or 3, not {show(self.red_fives)}")
        missing = _missing_tiles(self.missing)
        limits = bytearray([MAX_COPIES]) * N_KINDS
        for t in missing:
            limits[t] = 0
        if not self.honours:
            limits[FIRST_HONOR:] = bytes(N_KINDS - FIRST_HONOR)
        flags = (N_SUITS - self.max_suits) << _f.DROP_SHIFT
        if self.seven_pairs == "four_as_two":
            flags |= _f.SEVEN_PAIRS
        elif self.seven_pairs == "distinct":
            flags |= _f.SEVEN_PAIRS_DISTINCT
        if self.thirteen_orphans:
            flags |= _f.THIRTEEN_ORPHANS
        if self.knitted:
            flags |= _f.KNITTED
        if 0 in limits:
            flags |= _f.ABSENT
        object.__setattr__(self, "missing", missing)
        object.__setattr__(self, "flags", flags)
        object.__setattr__(self, "limits", bytes(limits))
        object.__setattr__(
            self, "is_default", flags == _f.CHINESE and not missing and self.honours and self.chows
        )

    def __repr__(self) -> str:
        if RULES.get(self.name) == self:
            return f"RULES[{self.name!r}]"
        fields = ", ".join(
            f"{f.name}={getattr(self, f.name)!r}" for f in dataclasses.fields(self) if f.repr
        )
        return f"Rules({fields})"

    def exists(self, tile: int) -> bool:
        """Whether ``tile`` (index34) is played under these rules.

        Parameters
        ----------
        tile
            The tile, an index34 int or a ``Tile``.

        Returns
        -------
        bool
            False for a tile the rules leave out.

        Examples
        --------
        >>> from mahjong_fast import RULES, Tile
        >>> RULES["riichi3"].exists(Tile.M2), RULES["riichi3"].exists(Tile.M1)
        (False, True)
        """
        return self.limits[tile] > 0

    def lock_flags(self, suits: Iterable[int]) -> int:
        """``flags`` plus the suits (0 man, 1 pin, 2 sou) a declared meld already holds.

        Parameters
        ----------
        suits
            Suit numbers; honors (3) and other values are skipped.

        Returns
        -------
        int
            The rule bits the kernels read.

        Examples
        --------
        >>> from mahjong_fast import RULES
        >>> sichuan = RULES["sichuan"]
        >>> sichuan.lock_flags([]) == sichuan.flags, sichuan.lock_flags([0]) == sichuan.flags
        (True, False)
        """
        flags = self.flags
        for u in suits:
            if 0 <= u < N_SUITS:
                flags |= 1 << (_f.LOCK_SHIFT + u)
        return flags

    def check_tiles(self, counts: Sequence[int], name: str = "hand") -> None:
        """Check that every tile of ``counts`` exists under these rules.

        Parameters
        ----------
        counts
            34 counts in index34 order.
        name
            The argument's name in the error message.

        Raises
        ------
        ValueError
            Naming the first tile of ``counts`` that does not exist under these rules.

        Examples
        --------
        >>> from mahjong_fast import RULES, to_counts
        >>> RULES["riichi3"].check_tiles(to_counts("19m"))
        >>> RULES["riichi3"].check_tiles(to_counts("123m"))
        Traceback (most recent call last):
        ...
        ValueError: hand holds 2m, which does not exist under rules 'riichi3'
        """
        limits = self.limits
        for t in range(N_KINDS):
            if counts[t] and not limits[t]:
                raise ValueError(f"{name} holds {TILES[t]}, which does not exist under rules {self.name!r}")


def _missing_tiles(value: object) -> tuple[Tile, ...]:
    if isinstance(value, str):
        tiles: list[Tile] = read_tiles(value, detect_notation(value), "Rules.missing") if value.strip() else []
    elif isinstance(value, Iterable) and not isinstance(value, (bytes, bytearray, Mapping)):
        tiles = [as_tile(t, "Rules.missing") for t in value]
    else:
        raise TypeError(f"Rules.missing must be tiles or their text, not {type(value).__name__}")
    return tuple(sorted(set(tiles)))


RULES: Mapping[str, Rules] = types.MappingProxyType(
    {
        "chinese": Rules("chinese"),
        "riichi": Rules("riichi", seven_pairs="distinct"),
        "riichi3": Rules("riichi3", seven_pairs="distinct", missing=tuple(TILES[1:SUIT_SIZE - 1])),
        "sichuan": Rules("sichuan", thirteen_orphans=False, max_suits=2, honours=False, chows=False),
        "gb": Rules("gb", knitted=True),
    }
)
"""The preset rule sets by name: ``chinese`` (the default), ``riichi``, ``riichi3``, ``sichuan``, ``gb``.

A read-only mapping of ``Rules`` objects; every ``rules=`` argument also takes these names.
"""
"""The presets by name; ``None`` means ``"chinese"``, the default."""

CHINESE = RULES["chinese"]

RulesLike = Union[None, str, Rules]


def as_rules(value: object) -> Rules:
    """The ``Rules`` of a ``rules=`` argument: ``None``, a preset name or a ``Rules`` object."""
    if value is None:
        return CHINESE
    if isinstance(value, Rules):
        return value
    if isinstance(value, str):
        try:
            return RULES[value]
        except KeyError:
            raise ValueError(f"unknown rules {value!r}; expected one of {', '.join(RULES)} or a Rules object") from None
    raise TypeError(f"rules must be a preset name or a Rules object, not {type(value).__name__}")
