"""The reference answers a row is checked against, and how each row's answer is read.

The reference is the pure-Python kernels (``_kernels.*_py``), the project's yardstick, on the
benchmark's hands (``hands``).  "Correct" is the share of hands on which a row agrees, which
for peers also measures where their rules differ.  A key names the hands and the question: a
workload's name, or one of the keys of ``reference``.

>>> reference("is_win", 3)
(True, True, True)
"""
from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from typing import Any

from .._layout import MAX_COPIES, N_KINDS
from .hands import N_HANDS, RED, hands13, hands14, meld_tiles, melded, tile_counts, visible, wild_hands, wins14
from .situations import worth_reference

NOT_HELD = 127  # discard_analysis_batch's shanten after discarding a tile the row does not hold


def _held(tiles: Sequence[int]) -> bytes:
    """34 counts of the tiles, as the kernels read them."""
    return bytes(tile_counts(tiles))


def _limits(melds: Sequence[tuple[str, int]]) -> bytes:
    used = tile_counts([t for m in melds for t in meld_tiles(m)])
    return bytes(MAX_COPIES - u for u in used)


def _jokers(tiles: Sequence[int]) -> tuple[bytes, int]:
    """The 34 counts without the jokers, and the number of jokers."""
    return _held([t for t in tiles if t != RED]), list(tiles).count(RED)


@cache
def reference(key: str, n: int = N_HANDS) -> tuple[Any, ...]:
    """Answers of the pure-Python kernels (the project's yardstick) on the first ``n`` hands of a set.

    ``key`` names the hands and the question: a workload's name, or one of the keys below.
    """
    from mahjong_fast._kernels import decompose_py, hutype_py, shanten_py, win_py

    forms = {"shanten": 0, "shanten standard": 1, "shanten seven pairs": 2, "shanten thirteen orphans": 3}
    wild_flags = bytes(int(t == RED) for t in range(N_KINDS))
    if key == "is_win":
        return tuple(bool(win_py.is_win_counts(_held(h), "cluster")) for h in hands14()[:n])
    if key in forms:
        return tuple(shanten_py.shanten_counts(_held(h), forms[key]) for h in hands13()[:n])
    if key == "waits":
        return tuple(tuple(shanten_py.waits_counts(_held(h))) for h in hands13()[:n])
    if key == "is_win melds":
        return tuple(bool(win_py.is_win_counts(_held(c), "cluster")) for c, _ in melded(3, 5)[:n])
    if key == "shanten melds":
        return tuple(shanten_py.shanten_counts(_held(c), 0, limits=_limits(m)) for c, m in melded(1, 10)[:n])
    if key == "waits melds":
        return tuple(tuple(shanten_py.waits_counts(_held(c), limits=_limits(m))) for c, m in melded(1, 10)[:n])
    if key in ("is_win wild", "is_win wild no fifth"):
        fifth = key == "is_win wild"
        jokered = [_jokers(h) for h in wild_hands(14)[:n]]
        return tuple(shanten_py.shanten_counts(c, 0, j, fifth) == -1 for c, j in jokered)
    if key == "waits wild":  # the kernel in use: the pure twin takes tens of ms a hand here
        from mahjong_fast._dispatch import shanten

        jokered = [_jokers(h) for h in wild_hands(13)[:n]]
        return tuple(tuple(shanten.waits_counts(c, j, wild=wild_flags)) for c, j in jokered)
    if key == "classify wild":
        return tuple(hutype_py.hu_type_wild(_held(h), wild_flags) for h in wild_hands(14)[:n])
    if key in _RULED:
        question, name = _RULED[key]
        from mahjong_fast._rules import RULES

        flags = RULES[name].flags
        if question == "is_win":
            return tuple(shanten_py.is_win_wild(_held(h), 0, rules=flags) for h in hands14()[:n])
        if question == "shanten":
            return tuple(shanten_py.shanten_counts(_held(h), 0, rules=flags) for h in hands13()[:n])
        return tuple(tuple(shanten_py.waits_counts(_held(h), rules=flags)) for h in hands13()[:n])
    if key == "is_win wins":
        return (True,) * len(wins14()[:n])
    if key == "classify":
        return tuple(hutype_py.hu_type(_held(h)) for h in wins14()[:n])
    if key == "decompose":
        return tuple(len(decompose_py.decompose_counts(_held(h))) for h in wins14()[:n])
    if key.removesuffix(" mask").removesuffix(" batch") in _EFFICIENCY:
        return _efficiency_reference(key, n)
    if key.startswith(("score", "values")):
        return worth_reference(key, n)
    raise KeyError(key)


_RULED = {f"{q} {name}": (q, name) for q in ("is_win", "shanten", "waits") for name in ("riichi", "gb")}
"""Reference keys of the rule-set rows: the question and the preset."""

_EFFICIENCY = {
    "useful": (13, None, False, False),
    "useful visible": (13, None, True, False),
    "useful riichi": (13, "riichi", False, False),
    "useful gb": (13, "gb", False, False),
    "discards": (14, None, False, False),
    "discards visible": (14, None, True, False),
    "discards riichi": (14, "riichi", False, False),
    "two_step": (14, None, False, True),
}
"""Reference keys of tile efficiency: hand size, rules preset, ``visible()`` seen, two-step figures.

A key may end in " mask" (useful tiles as ``(shanten, mask)``) or " batch" (a hand's batch answer)."""


@cache
def _efficiency(tiles: tuple[int, ...], seen: tuple[int, ...], rules: str | None, two_step: bool) -> Any:
    """The pure-Python kernel on one hand, no melds: ``(shanten, mask, total)`` of 13 tiles, ``Discards`` of 14."""
    from mahjong_fast._kernels import efficiency_py
    from mahjong_fast._rules import as_rules

    r = as_rules(rules)
    avail = bytes(lim - n for lim, n in zip(r.limits, tile_counts(seen)))
    held = _held(tiles)
    if len(tiles) % 3 == 1:
        return efficiency_py.useful(held, r.limits, avail, None, r.flags)
    return efficiency_py.discards(held, r.limits, avail, None, r.flags, True, two_step)


def _round(x: float | None) -> float | None:
    return None if x is None else round(x, 9)


def _kernel_rows(d: Any, two_step: bool) -> tuple[tuple[Any, ...], ...]:
    """A kernel's ``Discards`` as the rows ``discard_rows`` / ``two_step_rows`` read, best first."""
    rows = []
    for i in range(d.size):
        tile, sh, mask, total, two, improve, _, good = d.entry(i)
        rows.append((tile, sh, mask, total, *((_round(two), improve, _round(good)) if two_step else ())))
    return tuple(rows)


def _kernel_arrays(d: Any) -> tuple[tuple[int, ...], ...]:
    """A kernel's ``Discards`` as ``discard_analysis_batch`` answers it: shanten, useful, keep, back per tile."""
    after = d.after()
    useful = [0] * N_KINDS
    for i in range(d.size):
        tile, _, _, total = d.entry(i)[:4]
        useful[tile] = total
    held = [sh != NOT_HELD for sh in after]
    return (tuple(after), tuple(useful), tuple(int(h and sh == d.shanten) for h, sh in zip(held, after)),
            tuple(int(h and sh > d.shanten) for h, sh in zip(held, after)))


def _efficiency_reference(key: str, n: int) -> tuple[Any, ...]:
    base, form = key, ""
    if key.endswith((" mask", " batch")):
        base, form = key.rsplit(" ", 1)
    size, rules, seen, two_step = _EFFICIENCY[base]
    hands = (hands13() if size == 13 else hands14())[:n]
    answers = [_efficiency(h, visible(size)[i] if seen else (), rules, two_step) for i, h in enumerate(hands)]
    if size == 13 and form == "mask":
        return tuple((s, mask) for s, mask, _ in answers)
    if size == 13 and form == "batch":
        return tuple((s, *(mask >> t & 1 for t in range(N_KINDS)), total) for s, mask, total in answers)
    if size == 13:
        return tuple(answers)
    if form == "batch":
        return tuple(_kernel_arrays(d) for d in answers)
    return tuple(_kernel_rows(d, two_step) for d in answers)


# ---------------------------------------------------------------- how a row's answer is read


def sorted_ints(w: Any) -> tuple[int, ...]:
    """Tiles as sorted ints (waits, of ours or a peer's)."""
    return tuple(sorted(map(int, w)))


def useful_answer(u: Any) -> tuple[int, int, int]:
    """``useful_tiles``'s answer as ``(shanten, mask, total)``."""
    return u.shanten, u.mask, u.total


def discard_rows(analysis: Any) -> tuple[tuple[int, int, int, int], ...]:
    """``(tile, shanten, useful mask, unseen useful total)`` of every row, best first."""
    return tuple((int(d.tile), d.shanten, d.useful.mask, d.useful.total) for d in analysis)


def two_step_rows(analysis: Any) -> tuple[tuple[Any, ...], ...]:
    """The rows of ``discard_rows`` with the two-step figure, the improving draws' mask and the good-shape share."""
    return tuple(
        (int(d.tile), d.shanten, d.useful.mask, d.useful.total, _round(d.two_step),
         None if d.improvements is None else sum(1 << int(t) for t in d.improvements), _round(d.good_shape))
        for d in analysis
    )


def best_first(rows: Sequence[tuple[int, int, int, int]]) -> tuple[tuple[int, int, int, int], ...]:
    """A peer's ``(tile, shanten, mask, total)`` rows in ``discard_analysis``'s order (without two-step)."""
    return tuple(sorted(rows, key=lambda r: (r[1], -r[3], r[0])))


def useful_batch(answer: Any) -> Any:
    """A ``useful_tiles_batch`` answer as (N, 36) ints: shanten, the mask's 34 bits, total."""
    import numpy as np

    return np.column_stack(answer)


def discard_batch(answer: Any) -> Any:
    """A ``discard_analysis_batch`` answer as (N, 4, 34) ints: shanten, useful, keep, back."""
    import numpy as np

    return np.stack(tuple(answer), axis=1)


def waits_mask(mask: Any) -> Any:
    """A waits_batch answer as an (N, 34) bool array, compared with the mask of ``reference("waits")``."""
    import numpy as np

    return np.asarray(mask, dtype=bool)

