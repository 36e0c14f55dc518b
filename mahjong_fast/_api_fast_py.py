"""Pure-Python twin of ``_api_fast``: the fast paths of the public functions without a compiler.

The common call -- a list or tuple of 1-14 index34 ints, every keyword at its
default, or ``rules=`` a preset name or a ``Rules`` object -- skips building a
``Hand``: the general path turns exactly such a list into these counts and
gives these answers.  Anything else goes to the
general functions ``install`` was given.  ``classify`` and ``decompose`` have no
pure fast path: ``install_classify`` hands the general ones back.
"""
from __future__ import annotations

import functools
import operator
from bisect import bisect_left
from collections.abc import Iterable, Mapping, Sequence
from operator import eq
from typing import Any, Callable

from ._kernels import shanten_py as _shanten
from ._kernels.suits_py import MELDS, PAIR, split_kind
from ._layout import FIRST_HONOR, MAX_COPIES, MAX_HAND, N_KINDS, ORPHANS, SUIT_SIZE
from ._meld import MeldLike
from ._tiles import TILES, Tile

Wild = object
_TILES: Sequence[Tile] = TILES


def install(
    general_is_win: Callable[..., bool],
    general_shanten: Callable[..., int],
    general_waits: Callable[..., list[Tile]],
    tiles: Sequence[Tile],
    hand_type: type,
    meld_type: type,
    codes: Mapping[str, Sequence[int]],
    rules_type: type,
    presets: Mapping[str, Any],
) -> tuple[Callable[..., bool], Callable[..., int], Callable[..., list[Tile]]]:
    """Put the fast paths in front of the general functions; return the fast ones (as ``_api_fast``).

    ``rules_type`` is the ``Rules`` class and ``presets`` its instances by name.
    """
    global _rules_type
    _rules_type = rules_type
    _PRESETS.clear()
    _PRESETS.update({name: _rule_args(r) for name, r in presets.items()})
    return fast_paths(general_is_win, general_shanten, general_waits)


_rules_type: type | None = None
_PRESETS: dict[str, tuple[int, bytes] | None] = {}
_NOT_FAST = (-1, b"")


def _rule_args(rules: Any) -> tuple[int, bytes] | None:
    """``(flags, limits)`` of a ``Rules`` object; None when it plays as the default."""
    return None if rules.is_default else (rules.flags, rules.limits)


def _read_rules(rules: object) -> tuple[int, bytes] | None:
    """``(flags, limits)`` of a ``rules=`` other than None: None for the default rules,
    ``_NOT_FAST`` for what the general path must read (it says what is wrong)."""
    if type(rules) is str:
        return _PRESETS.get(rules, _NOT_FAST)
    if type(rules) is _rules_type:
        return _rule_args(rules)
    return _NOT_FAST


def _exist(counts: bytes, limits: bytes) -> bool:
    """Whether every tile of ``counts`` exists under the rules' ``limits``."""
    return all(map(operator.le, counts, limits))


def install_classify(
    general_classify: Callable[..., object], general_decompose: Callable[..., object], *kernel_parts: object
) -> tuple[Callable[..., object], Callable[..., object]]:
    """``classify`` and ``decompose`` as given: the general path is the fast one here."""
    return general_classify, general_decompose


_INT_ONLY = {int}
_INDEX34 = frozenset(range(N_KINDS))


def _index34_counts(hand: object) -> bytes | None:
    """The 34 counts of a list/tuple of 1-14 plain index34 ints, at most 4 copies each; else None."""
    if (
        (type(hand) is list or type(hand) is tuple)
        and 0 < len(hand) <= MAX_HAND
        and set(map(type, hand)) == _INT_ONLY
        and _INDEX34.issuperset(hand)
    ):
        c = bytearray(N_KINDS)
        for t in hand:
            c[t] += 1
        if max(c) <= MAX_COPIES:
            return bytes(c)
    return None


_PART_KINDS: dict[bytes, int] = {b"": MELDS}
_ORPHAN_SET = frozenset(ORPHANS)


def _part_kind(part: bytes) -> int:
    """``split_kind`` of one part given as its sorted tiles (one suit, or the honors); -1 when
    some tile appears more than four times."""
    kind = _PART_KINDS.get(part)
    if kind is None:
        lo = part[0] - part[0] % SUIT_SIZE
        counts = [0] * (N_KINDS - lo if lo == FIRST_HONOR else SUIT_SIZE)
        for t in part:
            counts[t - lo] += 1
        chows = lo != FIRST_HONOR
        kind = -1 if max(counts) > MAX_COPIES else split_kind(tuple(counts), chows)
        _PART_KINDS[part] = kind
    return kind


def _index34_win(hand: object) -> bool | None:
    """``is_win`` of a list/tuple of 1-14 plain index34 ints, at most 4 copies each; else None."""
    if (type(hand) is list or type(hand) is tuple) and 0 < len(hand) <= MAX_HAND and set(
        map(type, hand)
    ) == _INT_ONLY:
        tiles = sorted(hand)
        if tiles[0] < 0 or tiles[-1] >= N_KINDS:
            return None
        s = bytes(tiles)
        a = bisect_left(s, SUIT_SIZE)
        b = bisect_left(s, 2 * SUIT_SIZE, a)
        d = bisect_left(s, FIRST_HONOR, b)
        n = len(s)
        rests = (a % 3, (b - a) % 3, (d - b) % 3, (n - d) % 3)
        if 1 in rests or rests.count(2) != 1:  # no split into melds and one pair
            if any(map(eq, s, s[MAX_COPIES:])):  # sorted: five copies of a tile
                return None
        else:
            kinds = (_part_kind(s[:a]), _part_kind(s[a:b]), _part_kind(s[b:d]), _part_kind(s[d:]))
            if -1 in kinds:
                return None
            if 0 not in kinds and kinds.count(PAIR) == 1:
                return True
        if n != MAX_HAND:
            return False
        return s[0::2] == s[1::2] or frozenset(s) == _ORPHAN_SET  # seven pairs, thirteen orphans
    return None


_FULL_LIMITS = bytes([MAX_COPIES]) * N_KINDS


def fast_paths(
    general_is_win: Callable[..., bool],
    general_shanten: Callable[..., int],
    general_waits: Callable[..., list[Tile]],
) -> tuple[Callable[..., bool], Callable[..., int], Callable[..., list[Tile]]]:
    """``is_win``, ``shanten`` and ``waits`` that answer a list/tuple of index34 ints with every
    keyword at its default without building a ``Hand``, and pass any other call to the general
    functions given: the same answers and errors."""

    @functools.wraps(general_is_win)
    def fast_is_win(hand: object, *, melds: Iterable[MeldLike] = (), encoding: str | None = None,
                    strategy: str | None = None, wild: Wild = None, fifth: bool = True, rules: object = None) -> bool:
        if (
            type(melds) is tuple
            and not melds
            and encoding is None
            and strategy is None
            and wild is None
            and fifth is True
        ):
            ruled = None if rules is None else _read_rules(rules)
            if ruled is None:
                won = _index34_win(hand)
                if won is not None:
                    return won
            elif ruled is not _NOT_FAST:
                c = _index34_counts(hand)
                if c is not None and _exist(c, ruled[1]):
                    return len(hand) % 3 == 2 and _shanten.is_win_wild(  # type: ignore[arg-type]
                        c, 0, True, ruled[1], rules=ruled[0]
                    )
        return general_is_win(
            hand, melds=melds, encoding=encoding, strategy=strategy, wild=wild, fifth=fifth, rules=rules
        )

    @functools.wraps(general_shanten)
    def fast_shanten(hand: object, *, form: str | None = None, melds: Iterable[MeldLike] = (), wild: Wild = None,
                     fifth: bool = True, encoding: str | None = None, rules: object = None) -> int:
        if form is None and type(melds) is tuple and not melds and wild is None and fifth is True and encoding is None:
            ruled = None if rules is None else _read_rules(rules)
            if ruled is not _NOT_FAST:
                c = _index34_counts(hand)
                if c is not None:
                    n = len(hand)  # type: ignore[arg-type]
                    if ruled is None:
                        if n % 3:
                            return _shanten.shanten_counts(c, 0 if n >= MAX_HAND - 1 else 1, 0, True, _FULL_LIMITS)
                    elif n % 3 and _exist(c, ruled[1]):
                        return _shanten.shanten_counts(c, 0, 0, True, ruled[1], rules=ruled[0])
        return general_shanten(
            hand, form=form, melds=melds, wild=wild, fifth=fifth, encoding=encoding, rules=rules
        )

    @functools.wraps(general_waits)
    def fast_waits(hand: object, *, melds: Iterable[MeldLike] = (), wild: Wild = None, fifth: bool = True,
                   encoding: str | None = None, rules: object = None) -> list[Tile]:
        if type(melds) is tuple and not melds and wild is None and fifth is True and encoding is None:
            ruled = None if rules is None else _read_rules(rules)
            if ruled is not _NOT_FAST:
                c = _index34_counts(hand)
                if c is not None and len(hand) % 3 == 1:  # type: ignore[arg-type]
                    if ruled is None:
                        return [_TILES[t] for t in _shanten.waits_counts(c, 0, True, _FULL_LIMITS)]
                    if _exist(c, ruled[1]):
                        found = _shanten.waits_counts(c, 0, True, ruled[1], rules=ruled[0])
                        return [_TILES[t] for t in found]
        return general_waits(hand, melds=melds, wild=wild, fifth=fifth, encoding=encoding, rules=rules)

    return fast_is_win, fast_shanten, fast_waits


def install_objects(*args: object) -> tuple[Callable[..., Any], ...]:
    """The object builders, as ``_api_fast.install_objects`` gives them: here none vouches for
    anything (each returns None), so ``Hand``, ``Meld``, ``parse``, ``format``, ``to_counts`` and
    ``Hand.encode`` take their general code, which is already the Python reading of them."""
    return (_not_vouched,) * 7


def _not_vouched(*args: object) -> None:
    return None


def efficiency_args(*args: object) -> tuple[bytes, bytes, bytes, bytes | None, int, bool] | None:
    """Always None: without a compiler every efficiency call is read by the general path
    (``_efficiency._kernel_args``), which is already the Python reading of it."""
    return None


def tile_list(tiles: object, encoding: str | None) -> tuple[bytes, tuple[int, int, int]] | None:
    """Always None: without a compiler a list of seen tiles is read by ``as_hand``, which is
    already the Python reading of it."""
    return None


def install_values(*args: object) -> tuple[Callable[..., Any], Callable[..., Any]]:
    """``values_entry`` and ``values_call``, as ``_api_fast.install_values`` gives them: here they
    vouch for nothing (each returns None), so ``discard_values`` takes its general code, which is
    already the Python reading of it."""
    return _not_vouched, _not_vouched


def bind(function: Callable[..., object], rules: object) -> Callable[..., object] | None:
    """Always None: without a compiler a rule-bound function is ``_bound``'s Python wrapper,
    which costs what one more call costs beside the pure-Python answer."""
    return None
