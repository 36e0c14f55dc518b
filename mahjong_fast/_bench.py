"""``mahjong-fast bench``: time every public entry point, and the peers installed here.

The workloads are shared with the pytest-benchmark suite (``bench/``), so the
command and the suite measure the same rows:

* Each workload is one group of rows on the same hands, 1,000 of them drawn
  once from a fixed seed: built wins, seven pairs and thirteen orphans, near
  misses (one tile of a win swapped) and plain random draws, so every branch of
  every library is taken.  No hand holds four identical tiles: riichi rules
  (``riichienv``, ``mahjong``, ``xiangting``) and Chinese rules disagree on
  seven pairs there.
* The first row of a group is the baseline its ratios are quoted against: the
  index34 int-list call for the groups of input forms and keywords, mahjong_fast
  for the groups with peers.  Each row feeds its inputs already converted (text,
  136-ids, counts, ``Meld`` objects...); one timed call maps it over all hands
  with ``deque(map(f, hands), 0)``, the cheapest loop Python has, so the
  figure per hand is the call and little else.  Builtin ``sum()`` over the same
  lists and ``counts.sum(axis=1)`` are the "cost of a call" yardsticks.
* The batch functions run on 1,000,000 rows of uint8 counts (the hands tiled).
* Tile efficiency (``useful_tiles``, ``discard_analysis``, their batches) is slow to check:
  the pure-Python twin takes 3 ms to 0.25 s a hand, about 1 s with the two-step figures.
  Its slow rows (``Row.fewer``) are timed on every hand but checked on the first ones only:
  a tenth for ``useful_tiles`` under rules, a twentieth for ``discard_analysis`` (50 hands),
  a fiftieth with the two-step figures; without the compiled kernels they are timed on
  those only.  (On 50 hands the compiled kernel's tables stay in cache and it looks about
  25% faster than on 1,000.)  The efficiency batches run a tenth of the rows (a 500th
  without the compiled kernels), the discards checked on their first 50.  The ``visible=``
  rows see 20 tiles drawn from the wall outside each hand.

Answers are checked beside the speed against the pure-Python kernels
(``_kernels.*_py``): "correct" is the share of hands on which a row agrees,
which for peers also measures where their rules differ: MahjongGB's shanten
counts the knitted forms, riichienv and xiangting follow riichi rules on seven
pairs and waits.  A peer row of tile efficiency is checked against the rule set it
plays (riichi, or GB for MahjongGB), on what it answers (xiangting: a mask).
``--pure`` runs the same rows again without the compiled kernels, in a fresh
interpreter.
"""
from __future__ import annotations

import argparse
import importlib
import json
import os
import platform
import random
import subprocess
import sys
import tempfile
import timeit
from collections import deque
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import cache
from typing import Any, Optional

from ._layout import FIRST_HONOR, MAX_COPIES, N_KINDS, ORPHANS, SUIT_SIZE

SEED = 20240601
N_HANDS = 1_000
PURE_HANDS = 100
BATCH_ROWS = 1_000_000
PURE_BATCH_ROWS = 10_000
EFFICIENCY_BATCH_SHARE = 10
"""The efficiency batches run ``batch_rows // EFFICIENCY_BATCH_SHARE`` rows (about 1.2 µs a row)."""
PURE_EFFICIENCY_BATCH_SHARE = 500
"""The same without the compiled kernels (the pure twin takes milliseconds a row)."""
RULED_SHARE = 10
"""The useful_tiles rows under rules (and their peers) are checked on a tenth of the hands: the pure
twin, their reference, takes 30-90 ms a hand there (14-tile hands: 0.25 s under riichi rules)."""
DISCARD_SHARE = 20
"""The discard_analysis rows and their peers on a twentieth."""
TWO_STEP_SHARE = 50
"""The two-step rows on a fiftieth (the pure twin: about 1 s a hand)."""
VISIBLE = 20
"""Tiles seen outside the hand in the ``visible=`` rows."""
RED = FIRST_HONOR + 6  # 7z, 红中: the joker of the wild rows
NOT_HELD = 127  # discard_analysis_batch's shanten after discarding a tile the row does not hold
CHOWS = tuple(t for t in range(FIRST_HONOR) if t % SUIT_SIZE <= SUIT_SIZE - 3)
GB_NAMES = tuple(
    [f"W{i}" for i in range(1, 10)]
    + [f"B{i}" for i in range(1, 10)]
    + [f"T{i}" for i in range(1, 10)]
    + ["F1", "F2", "F3", "F4", "J3", "J2", "J1"]  # index34 white, green, red = Botzone J3, J2, J1
)


# ---------------------------------------------------------------- hands


def _counts(tiles: Sequence[int]) -> list[int]:
    counts = [0] * N_KINDS
    for t in tiles:
        counts[t] += 1
    return counts


def _meld(rng: random.Random) -> tuple[str, int]:
    if rng.random() < 0.65:
        return "chow", rng.choice(CHOWS)
    return "pung", rng.randrange(N_KINDS)


def _meld_tiles(meld: tuple[str, int]) -> list[int]:
    kind, t = meld
    return [t, t + 1, t + 2] if kind == "chow" else [t] * 3


def _standard_win(rng: random.Random) -> list[int]:
    tiles = [rng.randrange(N_KINDS)] * 2
    for _ in range(4):
        tiles += _meld_tiles(_meld(rng))
    return tiles


def _hand14(rng: random.Random, k: int) -> list[int]:
    kind = k % 20
    if kind < 8:
        tiles = _standard_win(rng)
    elif kind == 8:
        tiles = [t for t in rng.sample(range(N_KINDS), 7) for _ in range(2)]
    elif kind == 9:
        tiles = list(ORPHANS) + [rng.choice(ORPHANS)]
    elif kind < 15:
        tiles = _standard_win(rng)
        tiles[rng.randrange(14)] = rng.randrange(N_KINDS)
    else:
        tiles = [t // 4 for t in rng.sample(range(4 * N_KINDS), 14)]
    return tiles


def _valid(tiles: Sequence[int]) -> bool:
    return max(_counts(tiles)) <= MAX_COPIES - 1


def _draw(rng: random.Random, make: Callable[[random.Random, int], list[int]], n: int) -> list[list[int]]:
    hands: list[list[int]] = []
    while len(hands) < n:
        tiles = make(rng, len(hands))
        if _valid(tiles):
            hands.append(sorted(tiles))
    return hands


def _hand13(rng: random.Random, k: int) -> list[int]:
    if k % 5 < 3:  # ready: a win less one tile
        tiles = _hand14(rng, rng.choice((0, 3, 6, 8, 9)))
        del tiles[rng.randrange(14)]
        return tiles
    return _hand14(rng, rng.choice((10, 15)))[:13]


@cache
def hands14() -> tuple[tuple[int, ...], ...]:
    """The 1,000 hands of 14 tiles (index34, sorted)."""
    return tuple(map(tuple, _draw(random.Random(SEED), _hand14, N_HANDS)))


@cache
def hands13() -> tuple[tuple[int, ...], ...]:
    """The 1,000 hands of 13 tiles (index34, sorted)."""
    return tuple(map(tuple, _draw(random.Random(SEED + 13), _hand13, N_HANDS)))


@cache
def wins14() -> tuple[tuple[int, ...], ...]:
    """1,000 winning hands of 14 tiles: standard form, seven pairs, thirteen orphans."""
    return tuple(map(tuple, _draw(random.Random(SEED + 14), lambda rng, k: _hand14(rng, k % 10), N_HANDS)))


Melded = tuple[tuple[int, ...], tuple[tuple[str, int], ...]]


@cache
def melded(declared: int, size: int) -> tuple[Melded, ...]:
    """1,000 hands of ``size`` concealed tiles beside ``declared`` melds (kind, first tile).

    Built from a standard win whose first melds are declared; a 3n+2 hand is
    that win (every other one with a tile swapped), a 3n+1 hand drops a tile.
    """
    rng = random.Random(SEED + 100 * declared + size)
    hands: list[Melded] = []
    while len(hands) < N_HANDS:
        melds = tuple(_meld(rng) for _ in range(4))
        concealed = [rng.randrange(N_KINDS)] * 2 + [t for m in melds[declared:] for t in _meld_tiles(m)]
        if size % 3 == 1:
            del concealed[rng.randrange(len(concealed))]
        elif len(hands) % 2:
            concealed[rng.randrange(len(concealed))] = rng.randrange(N_KINDS)
        whole = concealed + [t for m in melds[:declared] for t in _meld_tiles(m)]
        if len(concealed) == size and _valid(whole):
            hands.append((tuple(sorted(concealed)), melds[:declared]))
    return tuple(hands)


@cache
def wild_hands(size: int) -> tuple[tuple[int, ...], ...]:
    """1,000 hands of ``size`` tiles holding one or two jokers (7z) in place of other tiles."""
    base = hands14() if size == 14 else hands13()
    rng = random.Random(SEED + 7)
    hands = []
    for k, drawn in enumerate(base):
        tiles = [t for t in drawn if t != RED]
        while len(tiles) < size:
            tiles.append(rng.randrange(FIRST_HONOR))
        for i in rng.sample(range(size), 1 + k % 2):
            tiles[i] = RED
        if _valid(tiles):
            hands.append(tuple(sorted(tiles)))
    return tuple(hands)


def to_ids136(tiles: Sequence[int]) -> list[int]:
    """index34 tiles as distinct 136-ids (tile * 4 + copy)."""
    seen = [0] * N_KINDS
    ids = []
    for t in tiles:
        ids.append(t * 4 + seen[t])
        seen[t] += 1
    return ids


def to_botzone(tiles: Sequence[int]) -> tuple[str, ...]:
    return tuple(GB_NAMES[t] for t in tiles)


@cache
def visible(size: int) -> tuple[tuple[int, ...], ...]:
    """For each hand of ``size`` tiles, ``VISIBLE`` tiles drawn from the wall outside it (index34, sorted)."""
    rng = random.Random(SEED + 20 + size)
    seen = []
    for hand in hands14() if size == 14 else hands13():
        counts = _counts(hand)
        wall = [t for t in range(N_KINDS) for _ in range(MAX_COPIES - counts[t])]
        seen.append(tuple(sorted(rng.sample(wall, VISIBLE))))
    return tuple(seen)


# ---------------------------------------------------------------- reference answers


def _limits(melds: Sequence[tuple[str, int]]) -> bytes:
    used = _counts([t for m in melds for t in _meld_tiles(m)])
    return bytes(MAX_COPIES - u for u in used)


def _jokers(tiles: Sequence[int]) -> tuple[bytes, int]:
    """The 34 counts without the jokers, and the number of jokers."""
    return bytes(_counts([t for t in tiles if t != RED])), list(tiles).count(RED)


@cache
def reference(key: str, n: int = N_HANDS) -> tuple[Any, ...]:
    """Answers of the pure-Python kernels (the project's yardstick) on the first ``n`` hands of a set.

    ``key`` names the hands and the question: a workload's name, or one of the keys below.
    """
    from mahjong_fast._kernels import decompose_py, hutype_py, shanten_py, win_py

    forms = {"shanten": 0, "shanten standard": 1, "shanten seven pairs": 2, "shanten thirteen orphans": 3}
    wild_flags = bytes(int(t == RED) for t in range(N_KINDS))
    if key == "is_win":
        return tuple(bool(win_py.is_win_counts(bytes(_counts(h)), "cluster")) for h in hands14()[:n])
    if key in forms:
        return tuple(shanten_py.shanten_counts(bytes(_counts(h)), forms[key]) for h in hands13()[:n])
    if key == "waits":
        return tuple(tuple(shanten_py.waits_counts(bytes(_counts(h)))) for h in hands13()[:n])
    if key == "is_win melds":
        return tuple(bool(win_py.is_win_counts(bytes(_counts(c)), "cluster")) for c, _ in melded(3, 5)[:n])
    if key == "shanten melds":
        return tuple(shanten_py.shanten_counts(bytes(_counts(c)), 0, limits=_limits(m)) for c, m in melded(1, 10)[:n])
    if key == "waits melds":
        return tuple(tuple(shanten_py.waits_counts(bytes(_counts(c)), limits=_limits(m))) for c, m in melded(1, 10)[:n])
    if key in ("is_win wild", "is_win wild no fifth"):
        fifth = key == "is_win wild"
        jokered = [_jokers(h) for h in wild_hands(14)[:n]]
        return tuple(shanten_py.shanten_counts(c, 0, j, fifth) == -1 for c, j in jokered)
    if key == "waits wild":  # the kernel in use: the pure twin takes tens of ms a hand here
        from mahjong_fast._dispatch import shanten

        jokered = [_jokers(h) for h in wild_hands(13)[:n]]
        return tuple(tuple(shanten.waits_counts(c, j, wild=wild_flags)) for c, j in jokered)
    if key == "classify wild":
        return tuple(hutype_py.hu_type_wild(bytes(_counts(h)), wild_flags) for h in wild_hands(14)[:n])
    if key in _RULED:
        question, name = _RULED[key]
        from mahjong_fast._rules import RULES

        flags = RULES[name].flags
        if question == "is_win":
            return tuple(shanten_py.is_win_wild(bytes(_counts(h)), 0, rules=flags) for h in hands14()[:n])
        if question == "shanten":
            return tuple(shanten_py.shanten_counts(bytes(_counts(h)), 0, rules=flags) for h in hands13()[:n])
        return tuple(tuple(shanten_py.waits_counts(bytes(_counts(h)), rules=flags)) for h in hands13()[:n])
    if key == "is_win wins":
        return (True,) * len(wins14()[:n])
    if key == "classify":
        return tuple(hutype_py.hu_type(bytes(_counts(h))) for h in wins14()[:n])
    if key == "decompose":
        return tuple(len(decompose_py.decompose_counts(bytes(_counts(h)))) for h in wins14()[:n])
    if key.removesuffix(" mask").removesuffix(" batch") in _EFFICIENCY:
        return _efficiency_reference(key, n)
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
    avail = bytes(lim - n for lim, n in zip(r.limits, _counts(seen)))
    held = bytes(_counts(tiles))
    if len(tiles) % 3 == 1:
        return efficiency_py.useful(held, r.limits, avail, None, r.flags)
    return efficiency_py.discards(held, r.limits, avail, None, r.flags, True, two_step)


def _round(x: float | None) -> float | None:
    return None if x is None else round(x, 9)


def _kernel_rows(d: Any, two_step: bool) -> tuple[tuple[Any, ...], ...]:
    """A kernel's ``Discards`` as the rows ``_discard_rows`` / ``_two_step_rows`` read, best first."""
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


# ---------------------------------------------------------------- workloads


Setup = tuple[Callable[[Any], Any], Sequence[Any], Optional[Callable[[Any], Any]]]
"""What a row's setup returns: the call, its inputs, and how to read an answer (None: not checked)."""


@dataclass
class Row:
    """One library or input form in one workload: ``call`` maps over ``inputs``; ``answer`` reads a result.

    ``reference`` names the answers it is checked against (the workload's name by default);
    a batch row's one input holds ``hands_per_input`` hands.  A row whose check is slow is checked
    on the first ``hands // fewer`` hands (a batch row: on its first ``N_HANDS // fewer`` rows).
    """

    library: str
    requires: str | None
    setup: Callable[[], Setup]
    hands_per_input: int = 1
    reference: str | None = None
    fewer: int = 1

    def available(self) -> bool:
        if self.requires is None:
            return True
        try:
            importlib.import_module(self.requires)
        except ImportError:
            return False
        return True


@dataclass
class Workload:
    name: str
    title: str
    rows: list[Row] = field(default_factory=list)
    reference: str | None = None
    """The answers its rows are checked against unless a row names its own (default: ``name``)."""


def prepare(workload: Workload, row: Row, hands: int = N_HANDS) -> tuple[Callable[[], Any], int, float | None]:
    """A zero-argument timed function, the hands it covers, and the share answered right.

    Only the first ``hands`` inputs of a per-hand row are used, and the first ``hands // row.fewer``
    checked; without the compiled kernels a call costs what the check does, so only those are timed.
    """
    call, inputs, answer = row.setup()
    checked = max(1, hands // row.fewer)
    if row.hands_per_input == 1:
        inputs = list(inputs)[: checked if _mf().implementation != "compiled" else hands]

    def timed() -> Any:
        return deque(map(call, inputs), 0)

    correct = None
    key = row.reference or workload.reference or workload.name
    if answer is not None and row.hands_per_input > 1:
        import numpy as np

        got = np.asarray(answer(call(inputs[0])))
        if row.fewer > 1:
            got = got[: N_HANDS // row.fewer]
        distinct = min(len(got), N_HANDS)
        if key.startswith("waits"):
            want = np.array([[t in w for t in range(N_KINDS)] for w in reference(key, distinct)])
        else:
            want = np.array(reference(key, distinct))
        want = np.resize(want, (len(got), *want.shape[1:]))
        correct = float((got == want).reshape(len(got), -1).all(axis=1).mean())
    elif answer is not None:
        answers = reference(key, min(len(inputs), checked))
        correct = float(sum(answer(call(x)) == w for x, w in zip(inputs, answers))) / len(answers)
    return timed, len(inputs) * row.hands_per_input, correct


@cache
def _batch_array(rows: int, size: int = 14, seen: bool = False) -> Any:
    """The hands of ``size`` tiles (or the tiles each sees) as uint8 counts, repeated to ``rows``."""
    import numpy as np

    hands = visible(size) if seen else hands14() if size == 14 else hands13()
    base = np.array([_counts(h) for h in hands], dtype=np.uint8)
    return np.ascontiguousarray(np.resize(base, (rows, N_KINDS)))


def _mf() -> Any:
    import mahjong_fast

    return mahjong_fast


def _ints(hands: Sequence[Sequence[int]]) -> list[list[int]]:
    return [list(h) for h in hands]


def _text(hands: Sequence[Sequence[int]], notation: str = "mpsz") -> list[str]:
    return [_mf().format(list(h), notation) for h in hands]


def _bound(f: Callable[..., Any], **kw: Any) -> Callable[[Any], Any]:
    """``lambda x: f(x, key=value, ...)`` with the keywords written out, as a user's call is: the
    keywords go by name (vectorcall), not through a dict as ``partial`` or ``**kw`` would send them,
    so a row pays one lambda frame beside the bare call and nothing per keyword."""
    scope = {"_f": f, **{f"_{k}": v for k, v in kw.items()}}
    args = "".join(f", {k}=_{k}" for k in kw)
    made: Callable[[Any], Any] = eval(f"lambda x: _f(x{args})", scope)  # noqa: S307 (names are ours)
    return made


def _star(f: Callable[..., Any], **kw: Any) -> Callable[[Any], Any]:
    return lambda args: f(args[0], melds=args[1], **kw)


def _prebuilt(hands: Sequence[Sequence[int]]) -> list[Any]:
    return [_mf().Hand(list(h)) for h in hands]


def _with_melds(hands: Sequence[Melded], meld_form: str, hand_form: str = "ints") -> list[tuple[Any, list[Any]]]:
    mf = _mf()
    out = []
    for concealed, melds in hands:
        if meld_form == "text":
            ms: list[Any] = [mf.format(_meld_tiles(m)) for m in melds]
        else:
            ms = [mf.Meld.chow(t) if kind == "chow" else mf.Meld.pung(t) for kind, t in melds]
        out.append((mf.format(list(concealed)) if hand_form == "text" else list(concealed), ms))
    return out


def _whole(hands: Sequence[Melded]) -> list[list[int]]:
    return [sorted(list(c) + [t for m in ms for t in _meld_tiles(m)]) for c, ms in hands]


def _sorted_ints(w: Any) -> tuple[int, ...]:
    return tuple(sorted(map(int, w)))


def _numpy_rows(hands: Sequence[Sequence[int]]) -> list[Any]:
    import numpy as np

    return list(np.array([_counts(h) for h in hands], dtype=np.uint8))


def _seen(f: Callable[..., Any]) -> Callable[[Any], Any]:
    return lambda args: f(args[0], visible=args[1])


def _and_seen(size: int) -> list[tuple[list[int], list[int]]]:
    """Each hand of ``size`` tiles as ints beside the tiles it sees as ints."""
    return [(list(h), list(v)) for h, v in zip(hands14() if size == 14 else hands13(), visible(size))]


def _useful_answer(u: Any) -> tuple[int, int, int]:
    return u.shanten, u.mask, u.total


def _discard_rows(analysis: Any) -> tuple[tuple[int, int, int, int], ...]:
    """``(tile, shanten, useful mask, unseen useful total)`` of every row, best first."""
    return tuple((int(d.tile), d.shanten, d.useful.mask, d.useful.total) for d in analysis)


def _two_step_rows(analysis: Any) -> tuple[tuple[Any, ...], ...]:
    """The rows of ``_discard_rows`` with the two-step figure, the improving draws' mask and the good-shape share."""
    return tuple(
        (int(d.tile), d.shanten, d.useful.mask, d.useful.total, _round(d.two_step),
         None if d.improvements is None else sum(1 << int(t) for t in d.improvements), _round(d.good_shape))
        for d in analysis
    )


def _best_first(rows: Sequence[tuple[int, int, int, int]]) -> tuple[tuple[int, int, int, int], ...]:
    """A peer's ``(tile, shanten, mask, total)`` rows in ``discard_analysis``'s order (without two-step)."""
    return tuple(sorted(rows, key=lambda r: (r[1], -r[3], r[0])))


def _useful_batch(answer: Any) -> Any:
    """A ``useful_tiles_batch`` answer as (N, 36) ints: shanten, the mask's 34 bits, total."""
    import numpy as np

    return np.column_stack(answer)


def _discard_batch(answer: Any) -> Any:
    """A ``discard_analysis_batch`` answer as (N, 4, 34) ints: shanten, useful, keep, back."""
    import numpy as np

    return np.stack(tuple(answer), axis=1)


_GB_INDEX = {name: t for t, name in enumerate(GB_NAMES)}


def _gb_useful(forms: Sequence[tuple[int, Sequence[str]]]) -> tuple[int, int]:
    """PyMahjongGB's per-form ``(shanten, useful tiles)`` as ``(shanten, mask)``: the forms at the least shanten."""
    best = min(s for s, _ in forms)
    return best, sum({1 << _GB_INDEX[name] for s, tiles in forms if s == best for name in tiles})


def _efficiency_peers(work: str, fewer: int) -> list[Row]:
    """The peers of tile efficiency, each fed its native form: riichi rules, GB rules for MahjongGB."""

    def xiangting_useful() -> Setup:
        import xiangting

        necessary = _bound(xiangting.calculate_necessary_tiles, player_count=xiangting.PlayerCount.FOUR)
        return necessary, [_counts(h) for h in hands13()], lambda r: (int(r[0]) - 1, int(r[1]))

    def gb_useful() -> Setup:
        import MahjongGB as gb

        forms = (gb.RegularShanten, gb.SevenPairsShanten, gb.ThirteenOrphansShanten,
                 gb.HonorsAndKnittedTilesShanten, gb.KnittedStraightShanten)

        def useful(tiles: tuple[str, ...]) -> list[tuple[int, Sequence[str]]]:
            return [form(tiles) for form in forms]

        return useful, [to_botzone(h) for h in hands13()], _gb_useful

    def xiangting_loop() -> Setup:
        import xiangting

        four = xiangting.PlayerCount.FOUR
        necessary = xiangting.calculate_necessary_tiles

        def discards(c: list[int]) -> list[tuple[int, int, int, int]]:
            rows = []
            for d in range(N_KINDS):
                if c[d]:
                    c[d] -= 1
                    number, mask = necessary(c, four)
                    total = 0
                    for t in range(N_KINDS):
                        if mask >> t & 1:
                            total += MAX_COPIES - c[t]
                    c[d] += 1
                    rows.append((d, number - 1, mask, total))
            return rows

        return discards, [_counts(h) for h in hands14()], _best_first

    def jansou_discards() -> Setup:
        from jansou.analysis.efficiency import discard_evaluation
        from jansou.core.hand import Hand
        from jansou.core.tiles import Tile, TileKind

        def rows(options: Sequence[Any]) -> tuple[tuple[int, int, int, int], ...]:
            return _best_first([(int(o.discard), o.shanten, sum(1 << int(t) for t in o.acceptance),
                                 o.total_acceptance) for o in options])

        return discard_evaluation, [Hand(tuple(Tile(TileKind(t)) for t in h)) for h in hands14()], rows

    if work == "useful":
        return [
            Row("xiangting necessary tiles, a mask (riichi)", "xiangting", xiangting_useful,
                reference="useful riichi mask", fewer=fewer),
            Row("MahjongGB per-form useful tiles (gb)", "MahjongGB", gb_useful,
                reference="useful gb mask", fewer=fewer),
        ]
    if work == "discards":
        return [
            Row("xiangting loop over discards (riichi)", "xiangting", xiangting_loop, reference="discards riichi",
                fewer=fewer),
            Row("jansou discard_evaluation (riichi)", "jansou", jansou_discards, reference="discards riichi",
                fewer=fewer),
        ]
    return [Row("jansou discard_evaluation, no two-step (riichi)", "jansou", jansou_discards,
                reference="discards riichi", fewer=fewer)]


def _peer_rows(work: str) -> list[Row]:
    """The peers of a workload with peers (is_win, shanten, waits), each fed its native form."""

    def riichienv_shanten(hands: Callable[[], Sequence[Sequence[int]]], win: bool) -> Callable[[], Setup]:
        def setup() -> Setup:
            import riichienv

            read = (lambda s: s == -1) if win else int
            return riichienv.calculate_shanten, [to_ids136(h) for h in hands()], read

        return setup

    def mahjong_agari() -> Setup:
        from mahjong.agari import Agari

        return Agari().is_agari, [_counts(h) for h in hands14()], bool

    def mahjong_shanten() -> Setup:
        from mahjong.shanten import Shanten

        return Shanten().calculate_shanten, [_counts(h) for h in hands13()], int

    def xiangting_number(hands: Callable[[], Sequence[Sequence[int]]], win: bool) -> Callable[[], Setup]:
        def setup() -> Setup:
            import xiangting

            four = xiangting.PlayerCount.FOUR

            def number(counts: list[int]) -> int:
                return int(xiangting.calculate_replacement_number(counts, four)) - 1

            return number, [_counts(h) for h in hands()], (lambda s: s == -1) if win else int

        return setup

    def xiangting_waits() -> Setup:
        import xiangting

        four = xiangting.PlayerCount.FOUR

        def waits(counts: list[int]) -> tuple[int, ...]:
            number, tiles = xiangting.calculate_necessary_tiles(counts, four)
            return tuple(t for t in range(N_KINDS) if tiles >> t & 1) if number == 1 else ()

        return waits, [_counts(h) for h in hands13()], tuple

    def gb_shanten() -> Setup:
        from MahjongGB import MahjongShanten

        def shanten(tiles: tuple[str, ...]) -> int:
            return int(MahjongShanten((), tiles))

        return shanten, [to_botzone(h) for h in hands13()], int

    def riichienv_waits() -> Setup:
        from riichienv import HandEvaluator

        def waits(ids: list[int]) -> list[int]:
            return list(HandEvaluator(ids).get_waits())

        return waits, [to_ids136(h) for h in hands13()], _sorted_ints

    if work == "rules is_win":
        return [Row("mahjong Agari.is_agari (riichi)", "mahjong", mahjong_agari, reference="is_win riichi")]
    if work == "rules shanten":
        return [
            Row("riichienv calculate_shanten (riichi)", "riichienv", riichienv_shanten(hands13, False),
                reference="shanten riichi"),
            Row("mahjong Shanten (riichi)", "mahjong", mahjong_shanten, reference="shanten riichi"),
            Row("xiangting replacement number (riichi)", "xiangting", xiangting_number(hands13, False),
                reference="shanten riichi"),
            Row("MahjongGB MahjongShanten (gb)", "MahjongGB", gb_shanten, reference="shanten gb"),
        ]
    if work == "rules waits":
        return [
            Row("riichienv HandEvaluator waits (riichi)", "riichienv", riichienv_waits, reference="waits riichi"),
            Row("xiangting necessary tiles (riichi)", "xiangting", xiangting_waits, reference="waits riichi"),
        ]
    if work == "is_win":
        return [
            Row("riichienv calculate_shanten", "riichienv", riichienv_shanten(hands14, True)),
            Row("mahjong Agari.is_agari", "mahjong", mahjong_agari),
            Row("xiangting replacement number", "xiangting", xiangting_number(hands14, True)),
            Row("builtin sum() of the list", None, lambda: (sum, _ints(hands14()), None)),
        ]
    if work == "shanten":
        return [
            Row("riichienv calculate_shanten", "riichienv", riichienv_shanten(hands13, False)),
            Row("mahjong Shanten", "mahjong", mahjong_shanten),
            Row("MahjongGB MahjongShanten", "MahjongGB", gb_shanten),
            Row("xiangting replacement number", "xiangting", xiangting_number(hands13, False)),
        ]
    return [
        Row("riichienv HandEvaluator waits", "riichienv", riichienv_waits),
        Row("xiangting necessary tiles", "xiangting", xiangting_waits),
    ]


def workloads(batch_rows: int = BATCH_ROWS) -> list[Workload]:
    """The benchmark workloads, each with one row per library or input form (peers may be missing)."""
    mf = _mf()
    is_win, shanten, waits = mf.is_win, mf.shanten, mf.waits
    useful, analyse = mf.useful_tiles, mf.discard_analysis

    def row(label: str, f: Callable[[Any], Any], inputs: Callable[[], Sequence[Any]],
            answer: Callable[[Any], Any] | None, reference: str | None = None, requires: str | None = None,
            fewer: int = 1) -> Row:
        return Row(label, requires, lambda: (f, inputs(), answer), reference=reference, fewer=fewer)

    def win_forms() -> list[Row]:
        h = hands14
        return [
            row("mahjong_fast list of 14 ints", is_win, lambda: _ints(h()), bool),
            row("tuple of 14 ints", is_win, lambda: [tuple(x) for x in h()], bool),
            row("34 counts, list", _bound(is_win, encoding="counts"), lambda: [_counts(x) for x in h()], bool),
            row("34 counts, bytes", _bound(is_win, encoding="counts"), lambda: [bytes(_counts(x)) for x in h()], bool),
            row("34 counts, numpy uint8 row", _bound(is_win, encoding="counts"), lambda: _numpy_rows(h()), bool,
                requires="numpy"),
            row("index136 ids", _bound(is_win, encoding="index136"), lambda: [to_ids136(x) for x in h()], bool),
            row("decimal codes", _bound(is_win, encoding="decimal"),
                lambda: [mf.encode(list(x), "decimal") for x in h()], bool),
            row("mpsz text", is_win, lambda: _text(h()), bool),
            row("botzone text", is_win, lambda: _text(h(), "botzone"), bool),
            row("unicode text", is_win, lambda: _text(h(), "unicode"), bool),
            row("chinese text", is_win, lambda: _text(h(), "chinese"), bool),
            row("prebuilt Hand", is_win, lambda: _prebuilt(h()), bool),
            row("list, fifth=False", _bound(is_win, fifth=False), lambda: _ints(h()), bool),
        ]

    def win_melds() -> list[Row]:
        ref = "is_win melds"
        return [
            row("mahjong_fast the 14 tiles as ints, no melds", is_win, lambda: _whole(melded(3, 5)), None),
            row("5 ints + 3 melds as text", _star(is_win), lambda: _with_melds(melded(3, 5), "text"), bool, ref),
            row("5 tiles as text + 3 melds as text", _star(is_win),
                lambda: _with_melds(melded(3, 5), "text", "text"), bool, ref),
            row("5 ints + 3 Meld objects", _star(is_win), lambda: _with_melds(melded(3, 5), "meld"), bool,
                ref),
        ]

    def win_wild() -> list[Row]:
        ref = "is_win wild"
        return [
            row("mahjong_fast list of 14 ints, no wild", is_win, lambda: _ints(wild_hands(14)), None),
            row('list, wild="7z"', _bound(is_win, wild="7z"), lambda: _ints(wild_hands(14)), bool, ref),
            row('mpsz text, wild="7z"', _bound(is_win, wild="7z"), lambda: _text(wild_hands(14)), bool, ref),
            row('list, wild="7z", fifth=False', _bound(is_win, wild="7z", fifth=False),
                lambda: _ints(wild_hands(14)), bool, "is_win wild no fifth"),
            row('classify, list, wild="7z"', _bound(mf.classify, wild="7z"), lambda: _ints(wild_hands(14)), int,
                "classify wild"),
        ]

    def shanten_forms() -> list[Row]:
        h = hands13
        return [
            row("mahjong_fast list of 13 ints", shanten, lambda: _ints(h()), int),
            row('form="standard"', _bound(shanten, form="standard"), lambda: _ints(h()), int, "shanten standard"),
            row('form="seven_pairs"', _bound(shanten, form="seven_pairs"), lambda: _ints(h()), int,
                "shanten seven pairs"),
            row('form="thirteen_orphans"', _bound(shanten, form="thirteen_orphans"), lambda: _ints(h()), int,
                "shanten thirteen orphans"),
            row("mpsz text", shanten, lambda: _text(h()), int),
            row("prebuilt Hand", shanten, lambda: _prebuilt(h()), int),
            row("10 ints + 1 meld as text", _star(shanten), lambda: _with_melds(melded(1, 10), "text"), int,
                "shanten melds"),
            row("10 ints + 1 Meld object", _star(shanten), lambda: _with_melds(melded(1, 10), "meld"), int,
                "shanten melds"),
        ]

    def waits_forms() -> list[Row]:
        h = hands13
        return [
            row("mahjong_fast list of 13 ints", waits, lambda: _ints(h()), _sorted_ints),
            row("mpsz text", waits, lambda: _text(h()), _sorted_ints),
            row("prebuilt Hand", waits, lambda: _prebuilt(h()), _sorted_ints),
            row("10 ints + 1 meld as text", _star(waits), lambda: _with_melds(melded(1, 10), "text"), _sorted_ints,
                "waits melds"),
            row("10 ints + 1 Meld object", _star(waits), lambda: _with_melds(melded(1, 10), "meld"), _sorted_ints,
                "waits melds"),
            row('list with 1-2 jokers, wild="7z"', _bound(waits, wild="7z"), lambda: _ints(wild_hands(13)),
                _sorted_ints, "waits wild"),
        ]

    def hu_types() -> list[Row]:
        return [
            row("mahjong_fast is_win, list of 14 ints", is_win, lambda: _ints(wins14()), bool, "is_win wins"),
            row("classify, list of 14 ints", mf.classify, lambda: _ints(wins14()), int, "classify"),
            row("classify, mpsz text", mf.classify, lambda: _text(wins14()), int, "classify"),
            row("classify, prebuilt Hand", mf.classify, lambda: _prebuilt(wins14()), int, "classify"),
            row("decompose, list of 14 ints", mf.decompose, lambda: _ints(wins14()), len, "decompose"),
            row("decompose, mpsz text", mf.decompose, lambda: _text(wins14()), len, "decompose"),
            row("decompose, prebuilt Hand", mf.decompose, lambda: _prebuilt(wins14()), len, "decompose"),
        ]

    def tiles() -> list[Row]:
        h = hands14
        return [
            row("mahjong_fast is_win, list of 14 ints", is_win, lambda: _ints(h()), bool),
            row("parse(mpsz text)", mf.parse, lambda: _text(h()), None),
            row("parse(botzone text)", _bound(mf.parse, notation="botzone"), lambda: _text(h(), "botzone"), None),
            row("Hand(list of 14 ints)", mf.Hand, lambda: _ints(h()), None),
            row("Hand(mpsz text)", mf.Hand, lambda: _text(h()), None),
            row("format(list of 14 ints)", mf.format, lambda: _ints(h()), None),
            row("format(Hand)", mf.format, lambda: _prebuilt(h()), None),
            row("to_counts(list of 14 ints)", mf.to_counts, lambda: _ints(h()), None),
        ]

    def ruled() -> list[Workload]:
        """The rule sets beside the default and the peers that play them (riichi, gb)."""
        r = "riichi"
        return [
            Workload("rules_is_win", "is_win under rules, 14 tiles", [
                row("mahjong_fast no rules=", is_win, lambda: _ints(hands14()), bool, "is_win"),
                row("no rules=, through the lambda of the rows below", _bound(is_win), lambda: _ints(hands14()), bool,
                    "is_win"),
                row("rules=None", _bound(is_win, rules=None), lambda: _ints(hands14()), bool, "is_win"),
                row('rules="riichi"', _bound(is_win, rules=r), lambda: _ints(hands14()), bool, "is_win riichi"),
                row('rules="gb"', _bound(is_win, rules="gb"), lambda: _ints(hands14()), bool, "is_win gb"),
                row('rules="riichi", mpsz text', _bound(is_win, rules=r), lambda: _text(hands14()), bool,
                    "is_win riichi"),
                *_peer_rows("rules is_win"),
            ]),
            Workload("rules_shanten", "shanten under rules, 13 tiles", [
                row("mahjong_fast no rules=", shanten, lambda: _ints(hands13()), int, "shanten"),
                row("no rules=, through the lambda of the rows below", _bound(shanten), lambda: _ints(hands13()), int,
                    "shanten"),
                row("rules=None", _bound(shanten, rules=None), lambda: _ints(hands13()), int, "shanten"),
                row('rules="riichi"', _bound(shanten, rules=r), lambda: _ints(hands13()), int, "shanten riichi"),
                row('rules="gb"', _bound(shanten, rules="gb"), lambda: _ints(hands13()), int, "shanten gb"),
                row('rules=RULES["gb"]', _bound(shanten, rules=mf.RULES["gb"]), lambda: _ints(hands13()), int,
                    "shanten gb"),
                *_peer_rows("rules shanten"),
            ]),
            Workload("rules_waits", "waits under rules, 13 tiles", [
                row("mahjong_fast no rules=", waits, lambda: _ints(hands13()), _sorted_ints, "waits"),
                row("no rules=, through the lambda of the rows below", _bound(waits), lambda: _ints(hands13()),
                    _sorted_ints, "waits"),
                row("rules=None", _bound(waits, rules=None), lambda: _ints(hands13()), _sorted_ints, "waits"),
                row('rules="riichi"', _bound(waits, rules=r), lambda: _ints(hands13()), _sorted_ints,
                    "waits riichi"),
                row('rules="gb"', _bound(waits, rules="gb"), lambda: _ints(hands13()), _sorted_ints, "waits gb"),
                *_peer_rows("rules waits"),
            ]),
        ]

    def efficiency() -> list[Workload]:
        """useful_tiles and discard_analysis in their input forms and keywords, beside the peers."""
        r, h13, h14 = "riichi", hands13, hands14
        d, two, by_rules = DISCARD_SHARE, TWO_STEP_SHARE, RULED_SHARE
        return [
            Workload("useful", "useful_tiles, 13 tiles", [
                row("mahjong_fast list of 13 ints", useful, lambda: _ints(h13()), _useful_answer),
                row("mpsz text", useful, lambda: _text(h13()), _useful_answer),
                row(f"visible= list of {VISIBLE} ints", _seen(useful), lambda: _and_seen(13), _useful_answer,
                    "useful visible"),
                row('rules="riichi"', _bound(useful, rules=r), lambda: _ints(h13()),
                    _useful_answer, "useful riichi", fewer=by_rules),
                row('rules="gb"', _bound(useful, rules="gb"), lambda: _ints(h13()),
                    _useful_answer, "useful gb", fewer=by_rules),
                *_efficiency_peers("useful", by_rules),
            ]),
            Workload("discards", "discard_analysis, 14 tiles", [
                row("mahjong_fast list of 14 ints", analyse, lambda: _ints(h14()), _discard_rows, fewer=d),
                row("list of 14 ints, every row read", lambda x: _discard_rows(analyse(x)), lambda: _ints(h14()),
                    tuple, fewer=d),
                row("mpsz text", analyse, lambda: _text(h14()), _discard_rows, fewer=d),
                row(f"visible= list of {VISIBLE} ints", _seen(analyse), lambda: _and_seen(14), _discard_rows,
                    "discards visible", fewer=d),
                row('rules="riichi"', _bound(analyse, rules=r), lambda: _ints(h14()), _discard_rows,
                    "discards riichi", fewer=d),
                row("prebuilt Hand", analyse, lambda: _prebuilt(h14()), _discard_rows, fewer=d),
                *_efficiency_peers("discards", d),
            ]),
            Workload("two_step", "discard_analysis two_step=True", [
                row("mahjong_fast list of 14 ints", _bound(analyse, two_step=True), lambda: _ints(h14()),
                    _two_step_rows, fewer=two),
                *_efficiency_peers("two_step", two),
            ]),
        ]

    def batch(f: str, threads: int, size: int = 14, dtype: str = "uint8", rules: str | None = None,
              rows: int = batch_rows, seen: bool = False) -> Callable[[], Setup]:
        def setup() -> Setup:
            call = getattr(_mf(), f)
            array = _batch_array(rows, size)
            if dtype != "uint8":
                array = array.astype(dtype)
            read = {"waits_batch": _mask, "useful_tiles_batch": _useful_batch,
                    "discard_analysis_batch": _discard_batch}.get(f, lambda a: a)
            if seen:
                sees = _batch_array(rows, size, seen=True)
                return (lambda a: call(a, visible=sees, threads=threads, rules=rules)), [array], read
            return (lambda a: call(a, threads=threads, rules=rules)), [array], read

        return setup

    def batch_sum() -> Setup:
        return (lambda a: a.sum(axis=1)), [_batch_array(batch_rows)], None

    n = batch_rows
    pure = mf.implementation != "compiled"
    e = max(2, n // (PURE_EFFICIENCY_BATCH_SHARE if pure else EFFICIENCY_BATCH_SHARE))  # 1 row reads as 1 hand
    d = DISCARD_SHARE
    return [
        Workload("is_win", "is_win, 14 tiles", [row("mahjong_fast", is_win, lambda: _ints(hands14()), bool),
                                                 *_peer_rows("is_win")]),
        Workload("shanten", "shanten, 13 tiles", [row("mahjong_fast", shanten, lambda: _ints(hands13()), int),
                                                   *_peer_rows("shanten")]),
        Workload("waits", "waits, 13 tiles", [row("mahjong_fast", waits, lambda: _ints(hands13()), _sorted_ints),
                                               *_peer_rows("waits")]),
        Workload("is_win_forms", "is_win, input forms", win_forms(), "is_win"),
        Workload("is_win_melds", "is_win, 3 declared melds", win_melds()),
        Workload("wild", "wild 7z, 1-2 jokers in 14", win_wild()),
        Workload("shanten_forms", "shanten, forms and inputs", shanten_forms(), "shanten"),
        Workload("waits_forms", "waits, inputs and keywords", waits_forms(), "waits"),
        Workload("classify", "classify/decompose, wins", hu_types()),
        Workload("tiles", "parse, format, Hand", tiles(), "is_win"),
        *ruled(),
        *efficiency(),
        Workload("is_win_batch", f"is_win_batch, {n:,} rows", [
            Row("mahjong_fast 1 thread", "numpy", batch("is_win_batch", 1), n, "is_win"),
            Row("mahjong_fast 2 threads", "numpy", batch("is_win_batch", 2), n, "is_win"),
            Row("int64 input, 1 thread", "numpy", batch("is_win_batch", 1, dtype="int64"), n, "is_win"),
            Row("numpy counts.sum(axis=1)", "numpy", batch_sum, n),
        ]),
        Workload("shanten_batch", f"shanten/waits_batch, {n:,} rows", [
            Row("mahjong_fast shanten_batch 1 thread", "numpy", batch("shanten_batch", 1, 13), n, "shanten"),
            Row("shanten_batch 2 threads", "numpy", batch("shanten_batch", 2, 13), n, "shanten"),
            Row("waits_batch 1 thread", "numpy", batch("waits_batch", 1, 13), n, "waits"),
            Row("waits_batch 2 threads", "numpy", batch("waits_batch", 2, 13), n, "waits"),
            Row('shanten_batch rules="riichi" 1 thread', "numpy", batch("shanten_batch", 1, 13, rules="riichi"), n,
                "shanten riichi"),
            Row('shanten_batch rules="gb" 1 thread', "numpy", batch("shanten_batch", 1, 13, rules="gb"), n,
                "shanten gb"),
            Row('waits_batch rules="riichi" 1 thread', "numpy", batch("waits_batch", 1, 13, rules="riichi"), n,
                "waits riichi"),
        ]),
        Workload("efficiency_batch", f"efficiency batches, {e:,} rows", [
            Row("mahjong_fast discard_analysis_batch 1 thread", "numpy",
                batch("discard_analysis_batch", 1, rows=e), e, "discards batch", d),
            Row("discard_analysis_batch 2 threads", "numpy", batch("discard_analysis_batch", 2, rows=e), e,
                "discards batch", d),
            Row("discard_analysis_batch visible= (N, 34), 1 thread", "numpy",
                batch("discard_analysis_batch", 1, rows=e, seen=True), e, "discards visible batch", d),
            Row('discard_analysis_batch rules="riichi" 1 thread', "numpy",
                batch("discard_analysis_batch", 1, rules="riichi", rows=e), e, "discards riichi batch", d),
            Row("useful_tiles_batch 1 thread", "numpy", batch("useful_tiles_batch", 1, 13, rows=e), e,
                "useful batch"),
            Row("useful_tiles_batch 2 threads", "numpy", batch("useful_tiles_batch", 2, 13, rows=e), e,
                "useful batch"),
        ]),
    ]


def _mask(mask: Any) -> Any:
    """A waits_batch answer as an (N, 34) bool array, compared with the mask of ``reference("waits")``."""
    import numpy as np

    return np.asarray(mask, dtype=bool)


# ---------------------------------------------------------------- the command


def _time_group(timed: Sequence[Callable[[], Any]], budget: float, repeat: int) -> list[float]:
    """Best seconds per call of each function, the group's rows taking turns.

    Each repeat times every row once (about ``budget / repeat`` seconds each), so load on a
    shared machine falls on all rows of a group alike and their ratios hold.
    """
    numbers = [max(1, int(budget / repeat / max(timeit.timeit(f, number=1), 1e-9))) for f in timed]
    best = [float("inf")] * len(timed)
    for _ in range(repeat):
        for i, (f, number) in enumerate(zip(timed, numbers)):
            best[i] = min(best[i], timeit.timeit(f, number=number) / number)
    return best


def _record(work: Workload, row: Row, seconds: float, hands: int, correct: float | None,
            implementation: str) -> dict[str, Any]:
    """One row in the layout of a pytest-benchmark JSON file, which ``bench/plot.py`` reads."""
    return {
        "group": work.title,
        "name": f"{work.name}[{row.library}]",
        "param": row.library,
        "extra_info": {"lib": row.library, "workload": work.name, "hands_per_call": hands,
                       "correct": None if correct is None else correct == 1.0, "agreement": correct,
                       "implementation": implementation},
        "stats": {"min": seconds},
    }


def run(argv: Sequence[str] | None = None) -> int:
    """Print a table of time per hand and ratios for each workload; 0 on success."""
    names = [w.name for w in workloads(1)]
    parser = argparse.ArgumentParser(
        prog="mahjong-fast bench",
        description="Time every public entry point of mahjong_fast, in every input form, beside the peers "
                    "installed here.")
    parser.add_argument("--quick", action="store_true", help="short timings (about 0.2 s a row) and 100,000 batch rows")
    parser.add_argument("--rows", type=int, default=None,
                        help=f"batch rows (default {BATCH_ROWS:,}; {PURE_BATCH_ROWS:,} without the compiled kernels)")
    parser.add_argument("--hands", type=int, default=None,
                        help=f"hands per row (default {N_HANDS:,}; {PURE_HANDS} without the compiled kernels)")
    parser.add_argument("--repeat", type=int, default=5,
                        help="timing repeats, the rows of a group taking turns; the best is kept (default 5)")
    parser.add_argument("--only", choices=names, action="append", metavar="WORKLOAD",
                        help=f"run only this workload (repeatable): {', '.join(names)}")
    parser.add_argument("--pure", action="store_true",
                        help="then run the same rows without the compiled kernels (MAHJONG_FAST_NO_EXTENSIONS=1)")
    parser.add_argument("--json", metavar="FILE", help="also write the rows to FILE (pytest-benchmark layout)")
    args = parser.parse_args(argv)
    import mahjong_fast

    implementation = mahjong_fast.implementation
    pure = implementation != "compiled"
    rows = args.rows or (PURE_BATCH_ROWS if pure else 100_000 if args.quick else BATCH_ROWS)
    hands = min(N_HANDS, args.hands or (PURE_HANDS if pure else N_HANDS))
    budget = 0.2 if args.quick else 1.0

    out = sys.stdout
    out.write(f"mahjong_fast {mahjong_fast.__version__} ({implementation}) on Python {sys.version.split()[0]}, "
              f"{platform.machine()}, {os.cpu_count()} CPUs\n\n")
    header = f"{'workload':<32} {'row':<44} {'ns/hand':>11} {'vs first':>9} {'correct':>8}\n"
    out.write(header + "-" * (len(header) - 1) + "\n")
    records = []
    for work in workloads(rows):
        if args.only and work.name not in args.only:
            continue
        ready = []
        for row in work.rows:
            if row.available():
                ready.append((row, *prepare(work, row, hands)))
            else:
                out.write(f"{work.title:<32} {row.library:<44} {'not installed':>11}\n")
        times = _time_group([timed for _, timed, _, _ in ready], budget, args.repeat)
        base = None
        for (row, _, covered, correct), seconds in zip(ready, times):
            per_hand = seconds / covered * 1e9
            if base is None:
                base = per_hand
            right = "-" if correct is None else f"{correct:.1%}"
            out.write(f"{work.title:<32} {row.library:<44} {per_hand:>11,.1f} {per_hand / base:>8.2f}x {right:>8}\n")
            records.append(_record(work, row, seconds, covered, correct, implementation))
        out.flush()
        out.write("\n")
    out.write(f"ns/hand: best of {args.repeat} repeats over {hands:,} hands ({rows:,} batch rows), the rows of "
              "a group taking turns; ratio > 1 means slower than the group's first row.\n")
    if args.pure and not pure:
        out.write("\n")
        out.flush()
        with tempfile.TemporaryDirectory() as tmp:
            child_json = os.path.join(tmp, "pure.json")
            child = [a for a in (argv if argv is not None else sys.argv[2:]) if a != "--pure"]
            child = [a for i, a in enumerate(child) if not (a.startswith("--json") or child[i - 1:i] == ["--json"])]
            root = os.path.dirname(os.path.dirname(os.path.abspath(mahjong_fast.__file__)))
            path = os.pathsep.join(p for p in (root, os.environ.get("PYTHONPATH")) if p)
            env = dict(os.environ, MAHJONG_FAST_NO_EXTENSIONS="1", PYTHONPATH=path)
            status = subprocess.call([sys.executable, "-m", "mahjong_fast", "bench", *child, "--json", child_json],
                                     env=env)
            if status:
                return status
            with open(child_json, encoding="utf-8") as f:
                records += json.load(f)["benchmarks"]
    if args.json:
        with open(args.json, "w", encoding="utf-8") as f:
            json.dump({"machine_info": {"python": sys.version, "machine": platform.machine(),
                                        "processor": platform.processor(), "cpus": os.cpu_count()},
                       "command": "mahjong-fast bench " + " ".join(argv if argv is not None else sys.argv[2:]),
                       "repeat": args.repeat,
                       "benchmarks": records}, f, indent=1)
    return 0
