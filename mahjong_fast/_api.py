"""The public ``is_win``, ``shanten`` and ``waits``: argument handling over the kernels.

Every function normalises its input to a ``Hand`` once (``_hand.as_hand``) and
hands 34-count ``bytes`` to the kernels ``_dispatch`` chose.  The fast paths
``_dispatch`` chose (``_api_fast`` in C, or its pure twin ``_api_fast_py``) stand
in front of these general functions (kept in ``GENERAL``) and answer the common
calls without building a ``Hand``.
"""
from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Callable

from . import _dispatch
from ._dispatch import is_compiled
from ._dispatch import shanten as _shanten
from ._dispatch import table as _table
from ._dispatch import win as _win
from ._hand import Hand
from ._kernels import rule_flags as _flags
from ._kernels import win_py as _reference  # "python" strategy: the reference, whatever is compiled
from ._layout import MAX_COPIES, MAX_HAND, N_KINDS, SUIT_SIZE
from ._meld import READERS, Meld, MeldLike, format_meld
from ._options import Wild, read_options
from ._rules import RULES, Rules, RulesLike
from ._tile_lists import write_tiles
from ._tile_names import NO_RED, NOTATIONS
from ._tiles import TILES, Tile, encode_tile

STRATEGIES = ("table", "cluster", "carry", "python")
"""The names of ``is_win(strategy=...)``: the standard-form methods, every one giving the same answers."""
FORMS = {None: 0, "standard": 1, "seven_pairs": 2, "thirteen_orphans": 3, "knitted": 4, "knitted_straight": 5}
"""The names of ``shanten(form=...)`` and the kernels' form codes."""
FORM_FLAGS = {
    2: _flags.SEVEN_PAIRS | _flags.SEVEN_PAIRS_DISTINCT,
    3: _flags.THIRTEEN_ORPHANS,
    4: _flags.KNITTED,
    5: _flags.KNITTED,
}
"""Per form code beyond the standard one: the rule bits of which one must be set to play it."""
KNITTED_STRAIGHT = 5
KNITTED_STRAIGHT_MIN = 10
"""组合龙 needs at least 10 concealed tiles: the 9 of the knitted straight and one more."""

_STRATEGIES: dict[str, Callable[[bytes], bool]] = {
    "table": _table.win_table,
    "cluster": _win.win_cluster,
    "carry": _win.win_carry,
    "python": _reference.win_cluster,
}
_DEFAULT_STRATEGY = "table" if is_compiled(_table) else "cluster"


def _form_code(form: object, rules: Rules) -> int:
    if form is not None and not isinstance(form, str):
        raise TypeError(f"form must be a str or None, not {type(form).__name__}")
    try:
        code = FORMS[form]
    except KeyError:
        raise ValueError(
            f"unknown form {form!r}; expected one of {', '.join(map(repr, list(FORMS)[1:]))} or None"
        ) from None
    if code > 1 and not rules.flags & FORM_FLAGS[code]:
        raise ValueError(f"form {form!r} does not win under rules {rules.name!r}")
    return code


def _strategy(name: object) -> Callable[[bytes], bool]:
    """The standard-form check of a strategy; ``None`` is the fastest built."""
    if name is None:
        name = _DEFAULT_STRATEGY
    if not isinstance(name, str):
        raise TypeError(f"strategy must be a str or None, not {type(name).__name__}")
    try:
        return _STRATEGIES[name]
    except KeyError:
        raise ValueError(
            f"unknown strategy {name!r}; expected one of {', '.join(STRATEGIES)}"
        ) from None


def _joker_split(hand: Hand, kinds: Sequence[Tile], exist: bytes | None = None) -> tuple[bytes, int, bytes, bytes]:
    """Counts without jokers, the joker count, per-tile limits and the wild mask.

    A tile's limit is the copies the declared melds leave, and no more than ``exist`` (the
    rules' ``limits``) when given.
    """
    counts = bytearray(hand.counts)
    jokers = 0
    mask = bytearray(N_KINDS)
    for k in kinds:
        jokers += counts[k]
        counts[k] = 0
        mask[k] = 1
    limits = [MAX_COPIES - (a - c) for a, c in zip(hand.all_counts, hand.counts)]
    if exist is not None:
        limits = list(map(min, limits, exist))
    return bytes(counts), jokers, bytes(limits), bytes(mask)


def rule_flags(hand: Hand, rules: Rules, kinds: Sequence[Tile] = ()) -> int:
    """Check ``hand`` against ``rules``; the kernels' rule bits for it.

    ``ValueError`` names a tile that does not exist under the rules (in the
    concealed hand, where the copies of the wild ``kinds`` are jokers and are not
    checked, or in a declared meld) and a declared chow the rules forbid.  The
    bits are ``rules.flags`` plus the suits the declared melds hold
    (``Rules.lock_flags``).  ``classify`` checks a hand the same way.
    """
    if 0 in rules.limits:  # some tile does not exist under these rules
        counts = hand.counts
        if kinds:
            real = bytearray(counts)
            for k in kinds:
                real[k] = 0
            counts = bytes(real)
        rules.check_tiles(counts, "hand")
    if not hand.melds:
        return rules.flags
    for m in hand.melds:
        if m.kind == "chow" and not rules.chows:
            raise ValueError(f"meld {m} is a chow, which rules {rules.name!r} do not allow")
        for t in m.tiles:
            if not rules.limits[t]:
                raise ValueError(f"meld {m} holds {t}, which does not exist under rules {rules.name!r}")
    return rules.lock_flags(m.tile // SUIT_SIZE for m in hand.melds)


def is_win(
    hand: object,
    *,
    melds: Iterable[MeldLike] = (),
    encoding: str | None = None,
    strategy: str | None = None,
    wild: Wild = None,
    fifth: bool = True,
    rules: RulesLike = None,
) -> bool:
    """Whether a hand wins (胡牌): standard form, seven pairs or thirteen orphans.

    Parameters
    ----------
    hand
        Anything ``Hand`` accepts: a ``Hand``, text in any notation, index34
        ints (or ints in ``encoding``), 34 counts with ``encoding="counts"``.
    melds
        Declared melds (``Meld`` objects or their text). They join the
        four-copies check; the concealed part (3n+2 tiles) must split into n
        melds and a pair.
    encoding
        How ints in ``hand`` are read: one of ``ENCODINGS``; ``None`` is
        ``"index34"``.
    strategy
        ``"table"``, ``"cluster"``, ``"carry"`` or ``"python"``; ``None`` picks
        the fastest built. All give the same answers.
    wild
        Tile kind(s) acting as jokers (癞子), e.g. ``"7z"``; every copy in the
        hand may stand for any tile. ``fifth=False`` forbids a joker from
        standing for a fifth copy of a tile.
    fifth
        Whether a joker may stand for a fifth copy of a tile.
    rules
        The rule set: a preset name (``"chinese"``, ``"riichi"``, ``"riichi3"``,
        ``"sichuan"``, ``"gb"``) or a ``Rules`` object; ``None`` is ``"chinese"``.
        It decides which shapes win; a tile that does not exist under it (in
        the hand or its melds) or a declared chow it forbids is a
        ``ValueError``.  The copies of a ``wild`` kind are jokers and need not
        exist (红中 jokers under ``"sichuan"``); a joker stands only for a tile
        that does.  It tells the shape only: minimum points (GB's 8) are
        scoring rules.  Under rules other than the default the rule-set kernel
        answers, whatever ``strategy`` names.

    Returns
    -------
    bool
        Whether the hand wins; ``False`` for a concealed part that is not
        3n+2 tiles or a hand of more than 14 tiles (a kong counting three).

    Raises
    ------
    ValueError
        A hand ``Hand`` rejects (malformed text, a fifth copy, an unknown
        code), an unknown strategy, encoding or rule set, a tile that does not
        exist under ``rules`` or a declared chow they forbid.
    TypeError
        An argument of the wrong type.

    Examples
    --------
    >>> from mahjong_fast import is_win
    >>> is_win("11123456789999m"), is_win("1112345678999m1p")
    (True, False)
    >>> is_win([0, 0, 0, 1, 2, 3, 4, 5, 6, 7, 8, 8, 8, 8])  # index34 ints
    True
    >>> is_win("11m", melds=["123p", "555s", "789m", "{7777z}"])
    True
    >>> is_win("123456m456p789s1z7z", wild="7z")  # 红中癞子
    True
    >>> is_win("11112233445577p"), is_win("11112233445577p", rules="riichi")
    (True, False)
    >>> is_win("11m", strategy="fast")
    Traceback (most recent call last):
    ...
    ValueError: unknown strategy 'fast'; expected one of table, cluster, carry, python
    """
    check = _strategy(strategy)
    o = read_options(melds=melds, rules=rules, wild=wild, fifth=fifth, encoding=encoding)
    h, r, kinds = o.hand_of(hand), o.rules, o.wild
    n = len(h.tiles)
    if not r.is_default:
        flags = rule_flags(h, r, kinds)
        if n % 3 != 2 or h.size > MAX_HAND:
            return False
        counts, jokers, limits, _ = _joker_split(h, kinds, r.limits)
        return _shanten.is_win_wild(counts, jokers, fifth, limits, rules=flags)
    if n % 3 != 2 or h.size > 14:
        return False
    if kinds:
        counts, jokers, limits, _ = _joker_split(h, kinds)
        if jokers:
            return _shanten.is_win_wild(counts, jokers, fifth=fifth, limits=limits)
    if check(h.counts):
        return True
    if n == 14:
        return _win.seven_pairs(h.counts) or _win.thirteen_orphans(h.counts)
    return False


def waits(
    hand: object,
    *,
    melds: Iterable[MeldLike] = (),
    wild: Wild = None,
    fifth: bool = True,
    encoding: str | None = None,
    rules: RulesLike = None,
) -> list[Tile]:
    """The tiles that complete a hand of 3n+1 concealed tiles (听牌), sorted.

    A tile the hand (with its melds) already holds four of is never a wait,
    nor is a tile that does not exist under ``rules`` (see ``is_win``).  Every
    form the rules play counts (seven pairs and thirteen orphans by default).
    ``ValueError`` unless the concealed part is 3n+1 tiles, at most 13 with the
    melds (a kong counting three).

    Parameters
    ----------
    hand, melds, wild, fifth, encoding, rules
        As for ``shanten``.

    Returns
    -------
    list[Tile]
        The winning tiles in index34 order; empty when the hand is not ready.

    Raises
    ------
    ValueError
        A concealed part that is not 3n+1 tiles, a hand of more than 13
        tiles, and what ``is_win`` rejects.
    TypeError
        An argument of the wrong type.

    Examples
    --------
    >>> from mahjong_fast import waits
    >>> waits("1112345678999m")  # 九莲宝灯
    [1m, 2m, 3m, 4m, 5m, 6m, 7m, 8m, 9m]
    >>> waits("1234m"), waits("123m456p789s1z"), waits("1m", melds=["123p", "555s", "789m", "{7777z}"])
    ([1m, 4m], [1z], [1m])
    >>> waits("11m")
    Traceback (most recent call last):
    ...
    ValueError: waits needs 3n+1 concealed tiles (13 - 3k beside k declared melds); got 2 tiles and 0 melds
    """
    o = read_options(melds=melds, rules=rules, wild=wild, fifth=fifth, encoding=encoding)
    h, r, kinds = o.hand_of(hand), o.rules, o.wild
    n = len(h.tiles)
    flags = None if r.is_default else rule_flags(h, r, kinds)
    if n % 3 != 1 or h.size > 13:
        raise ValueError(
            f"waits needs 3n+1 concealed tiles (13 - 3k beside k declared melds); "
            f"got {n} tiles and {len(h.melds)} melds"
        )
    if flags is None:
        counts, jokers, limits, mask = _joker_split(h, kinds)
        found = _shanten.waits_counts(counts, jokers, fifth=fifth, limits=limits, wild=mask)
        # The kernel sees no copies of a wild kind (they became jokers); four held
        # copies of it still mean there is no fifth to draw.
        return [TILES[t] for t in found if not mask[t] or h.counts[t] < limits[t]]
    counts, jokers, limits, mask = _joker_split(h, kinds, r.limits)
    found = _shanten.waits_counts(counts, jokers, fifth, limits, mask, rules=flags)
    waits = [TILES[t] for t in found if not mask[t] or h.counts[t] < limits[t]]
    # A wild kind the rules leave out (红中 jokers under Sichuan rules) is no tile of any
    # target, but a drawn copy is one more joker.
    absent = [k for k in kinds if not r.limits[k] and h.all_counts[k] < MAX_COPIES]
    if absent and _shanten.is_win_wild(counts, jokers + 1, fifth, limits, rules=flags):
        waits = sorted(waits + absent)
    return waits


def shanten(
    hand: object,
    *,
    form: str | None = None,
    melds: Iterable[MeldLike] = (),
    wild: Wild = None,
    fifth: bool = True,
    encoding: str | None = None,
    rules: RulesLike = None,
) -> int:
    """Shanten (向听数): -1 complete, 0 ready, k = k tiles from ready.

    ``form`` is ``"standard"``, ``"seven_pairs"``, ``"thirteen_orphans"``,
    ``"knitted"`` (全不靠, 七星不靠 among them), ``"knitted_straight"`` (组合龙)
    or ``None`` for the minimum over the forms ``rules`` plays that apply:
    seven pairs, thirteen orphans and 全不靠 need 13 or 14 concealed tiles and
    no declared melds, 组合龙 at least 10 concealed tiles.  A form the rules do
    not play is a ``ValueError``.  ``rules`` as in ``is_win``; under Sichuan
    rules the tiles of the suit given up count as useless.  Takes 3n+1 or
    3n+2 concealed tiles.  99 means no winning hand can be reached (say, three
    suits held by declared melds under Sichuan rules).

    Parameters
    ----------
    hand
        Anything ``Hand`` accepts (see ``is_win``).
    form
        One form's shanten, or ``None`` for the minimum over the forms.
    melds
        Declared melds (``Meld`` objects or their text).
    wild
        Tile kind(s) acting as jokers (癞子); see ``is_win``.
    fifth
        Whether a joker may stand for a fifth copy of a tile.
    encoding
        How ints in ``hand`` are read; ``None`` is ``"index34"``.
    rules
        The rule set: a preset name or a ``Rules`` object (see ``is_win``).

    Returns
    -------
    int
        -1 for a complete hand, 0 for a ready one, k for k tiles from ready;
        99 when no win can be reached.

    Raises
    ------
    ValueError
        A concealed part of 3n tiles, a hand of more than 14 tiles, an
        unknown form or one the rules do not play (or that the hand's size
        rules out), and what ``is_win`` rejects.
    TypeError
        An argument of the wrong type.

    Examples
    --------
    >>> from mahjong_fast import shanten
    >>> shanten("11123456789999m"), shanten("1112345678999m"), shanten("123m456p789s1z2z3z4z")
    (-1, 0, 2)
    >>> shanten("19m19p19s1234567z"), shanten("19m19p19s1234567z", form="standard")
    (0, 8)
    >>> shanten("1m", form="knitted")
    Traceback (most recent call last):
    ...
    ValueError: form 'knitted' does not win under rules 'chinese'
    """
    o = read_options(melds=melds, rules=rules, wild=wild, fifth=fifth, encoding=encoding)
    code = _form_code(form, o.rules)
    h, r, kinds = o.hand_of(hand), o.rules, o.wild
    n = len(h.tiles)
    flags = None if r.is_default else rule_flags(h, r, kinds)
    if n % 3 == 0 or h.size > 14:
        raise ValueError(
            f"shanten needs 3n+1 or 3n+2 concealed tiles, at most 14 with the melds; "
            f"got {n} tiles and {len(h.melds)} melds"
        )
    if flags is not None:
        if code == KNITTED_STRAIGHT and n < KNITTED_STRAIGHT_MIN:
            raise ValueError(f"form {form!r} needs at least {KNITTED_STRAIGHT_MIN} concealed tiles")
        if code > 1 and code != KNITTED_STRAIGHT and n < MAX_HAND - 1:
            raise ValueError(f"form {form!r} needs 13 or 14 concealed tiles and no declared melds")
        counts, jokers, limits, _ = _joker_split(h, kinds, r.limits)
        return _shanten.shanten_counts(counts, code, jokers, fifth, limits, rules=flags)
    if h.melds or n < 13:
        if code > 1:
            raise ValueError(f"form {form!r} needs 13 or 14 concealed tiles and no declared melds")
        code = 1
    counts, jokers, limits, _ = _joker_split(h, kinds)
    return _shanten.shanten_counts(counts, code, jokers, fifth=fifth, limits=limits)


GENERAL = {"is_win": is_win, "shanten": shanten, "waits": waits}
"""The general functions, whether or not the compiled fast paths stand in front of them."""


if not TYPE_CHECKING:  # the fast paths (compiled, or their pure twin) stand in front
    is_win, shanten, waits = _dispatch.api_fast.install(
        is_win,
        shanten,
        waits,
        TILES,
        Hand,
        Meld,
        {e: [encode_tile(t, e) for t in TILES] for e in ("decimal", "nibble", "hex")},
        Rules,
        RULES,
    )
    READERS.install(_dispatch.api_fast.install_objects(
        Tile, NO_RED, format_meld, {n: [write_tiles([t], n) for t in TILES] for n in NOTATIONS if n != "mpsz"},
        READERS,
    ))
