"""The public ``is_win``, ``shanten`` and ``waits``: argument handling over the kernels.

Every function normalises its input to a ``Hand`` once (``_hand.as_hand``) and
hands 34-count ``bytes`` to the kernels ``_dispatch`` chose.  The fast paths
``_dispatch`` chose (``_api_fast`` in C, or its pure twin ``_api_fast_py``) stand
in front of these general functions (kept in ``GENERAL``) and answer the common
calls without building a ``Hand``.
"""
from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Callable, Union

from . import _dispatch
from ._dispatch import is_compiled
from ._dispatch import shanten as _shanten
from ._dispatch import table as _table
from ._dispatch import win as _win
from ._hand import Hand, Meld, MeldLike, as_hand
from ._kernels import win_py as _reference  # "python" strategy: the reference, whatever is compiled
from ._tiles import TILES, Tile, as_tile, encode_tile

STRATEGIES = ("table", "cluster", "carry", "python")
FORMS = {None: 0, "standard": 1, "seven_pairs": 2, "thirteen_orphans": 3}

Wild = Union[None, int, str, Tile, Iterable[Union[int, str, Tile]]]


_STRATEGIES: dict[str, Callable[[bytes], bool]] = {
    "table": _table.win_table,
    "cluster": _win.win_cluster,
    "carry": _win.win_carry,
    "python": _reference.win_cluster,
}
_DEFAULT_STRATEGY = "table" if is_compiled(_table) else "cluster"


def _check_bool(value: object, name: str) -> bool:
    if not isinstance(value, bool):
        raise TypeError(f"{name} must be a bool, not {type(value).__name__}")
    return value


def _form_code(form: object) -> int:
    if form is not None and not isinstance(form, str):
        raise TypeError(f"form must be a str or None, not {type(form).__name__}")
    try:
        return FORMS[form]
    except KeyError:
        raise ValueError(
            f"unknown form {form!r}; expected 'standard', 'seven_pairs', 'thirteen_orphans' or None"
        ) from None


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


def wild_kinds(wild: Wild) -> tuple[Tile, ...]:
    """The tile kinds named by ``wild=``: one tile or a list, in any tile form."""
    if wild is None:
        return ()
    items = [wild] if isinstance(wild, (str, int)) else wild
    if isinstance(items, (dict, set, frozenset, bytes)) or not hasattr(items, "__iter__"):
        raise TypeError(f"wild must be a tile or a list of tiles, not {type(wild).__name__}")
    kinds = set()
    for w in items:
        kinds.add(as_tile(w, "wild"))
    return tuple(sorted(kinds))


def _joker_split(hand: Hand, kinds: Sequence[Tile]) -> tuple[bytes, int, bytes, bytes]:
    """Counts without jokers, the joker count, per-tile limits and the wild mask."""
    counts = bytearray(hand.counts)
    jokers = 0
    mask = bytearray(34)
    for k in kinds:
        jokers += counts[k]
        counts[k] = 0
        mask[k] = 1
    limits = bytes(4 - (a - c) for a, c in zip(hand.all_counts, hand.counts))
    return bytes(counts), jokers, limits, bytes(mask)


def is_win(
    hand: object,
    *,
    melds: Iterable[MeldLike] = (),
    encoding: str | None = None,
    strategy: str | None = None,
    wild: Wild = None,
    fifth: bool = True,
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
    strategy
        ``"table"``, ``"cluster"``, ``"carry"`` or ``"python"``; ``None`` picks
        the fastest built. All give the same answers.
    wild
        Tile kind(s) acting as jokers (癞子), e.g. ``"7z"``; every copy in the
        hand may stand for any tile. ``fifth=False`` forbids a joker from
        standing for a fifth copy of a tile.

    Returns ``False`` for a concealed part that is not 3n+2 tiles or a hand of
    more than 14 tiles (a kong counting three).
    """
    check = _strategy(strategy)
    kinds = wild_kinds(wild)
    _check_bool(fifth, "fifth")
    h = as_hand(hand, melds, encoding)
    n = len(h.tiles)
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
) -> list[Tile]:
    """The tiles that complete a hand of 3n+1 concealed tiles (听牌), sorted.

    A tile the hand (with its melds) already holds four of is never a wait.
    Seven pairs and thirteen orphans count. ``ValueError`` unless the concealed
    part is 3n+1 tiles, at most 13 with the melds (a kong counting three).
    """
    kinds = wild_kinds(wild)
    _check_bool(fifth, "fifth")
    h = as_hand(hand, melds, encoding)
    n = len(h.tiles)
    if n % 3 != 1 or h.size > 13:
        raise ValueError(
            f"waits needs 3n+1 concealed tiles (13 - 3k beside k declared melds); "
            f"got {n} tiles and {len(h.melds)} melds"
        )
    counts, jokers, limits, mask = _joker_split(h, kinds)
    found = _shanten.waits_counts(counts, jokers, fifth=fifth, limits=limits, wild=mask)
    # The kernel sees no copies of a wild kind (they became jokers); four held
    # copies of it still mean there is no fifth to draw.
    return [TILES[t] for t in found if not mask[t] or h.counts[t] < limits[t]]


def shanten(
    hand: object,
    *,
    form: str | None = None,
    melds: Iterable[MeldLike] = (),
    wild: Wild = None,
    fifth: bool = True,
    encoding: str | None = None,
) -> int:
    """Shanten (向听数): -1 complete, 0 ready, k = k tiles from ready.

    ``form`` is ``"standard"``, ``"seven_pairs"``, ``"thirteen_orphans"`` or
    ``None`` for the minimum over the forms that apply (only the standard form
    applies beside declared melds). Takes 3n+1 or 3n+2 concealed tiles.
    """
    code = _form_code(form)
    kinds = wild_kinds(wild)
    _check_bool(fifth, "fifth")
    h = as_hand(hand, melds, encoding)
    n = len(h.tiles)
    if n % 3 == 0 or h.size > 14:
        raise ValueError(
            f"shanten needs 3n+1 or 3n+2 concealed tiles, at most 14 with the melds; "
            f"got {n} tiles and {len(h.melds)} melds"
        )
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
    )
