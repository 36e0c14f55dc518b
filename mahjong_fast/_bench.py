"""``mahjong-fast bench``: time mahjong_fast beside the peers installed here.

The workloads are shared with the pytest-benchmark suite (``bench/``), so the
command and the suite measure the same thing:

* **is_win** on 1,000 hands of 14 tiles, **shanten** and **waits** on 1,000
  hands of 13 tiles.  The hands are drawn once from a fixed seed: built wins,
  seven pairs and thirteen orphans, near misses (one tile of a win swapped)
  and plain random draws, so every branch of every library is taken.  No hand
  holds four identical tiles: riichi rules (``riichienv``, ``mahjong``) and
  Chinese rules disagree on seven pairs there.
* Each library gets the hands in its own native form, converted beforehand
  (index34 ints for mahjong_fast, 136-ids for riichienv, 34 counts for
  ``mahjong``, Botzone strings for MahjongGB); one timed call runs the library
  over all 1,000 hands with ``deque(map(f, hands), 0)``, the cheapest loop
  Python has, so the figure per hand is the library's call and little else.
  Builtin ``sum()`` over the same lists is the "cost of a call" row.
* **is_win_batch** on 1,000,000 rows of uint8 counts (the 14-tile hands
  tiled), one thread and two, beside ``counts.sum(axis=1)`` over the same array.

Answers are checked beside the speed against the pure-Python kernels
(``_kernels.win_py``, ``_kernels.shanten_py``): "correct" is the share of hands on which a
library agrees, which for peers also measures where their rules differ:
MahjongGB's shanten counts the knitted forms (97.4% agree), and riichienv
misses the waits that complete seven pairs with four identical tiles, which
riichi rules do not count (99.7%).
"""
from __future__ import annotations

import argparse
import importlib
import random
import sys
import timeit
from collections import deque
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import cache
from typing import Any, Optional

from ._layout import FIRST_HONOR, N_KINDS, ORPHANS, SUIT_SIZE

SEED = 20240601
N_HANDS = 1_000
BATCH_ROWS = 1_000_000
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


def _tiles(counts: Sequence[int]) -> list[int]:
    return [t for t in range(N_KINDS) for _ in range(counts[t])]


def _standard_win(rng: random.Random) -> list[int]:
    tiles = [rng.randrange(N_KINDS)] * 2
    for _ in range(4):
        if rng.random() < 0.65:
            t = rng.choice(CHOWS)
            tiles += [t, t + 1, t + 2]
        else:
            tiles += [rng.randrange(N_KINDS)] * 3
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
    return max(_counts(tiles)) <= 3


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


# ---------------------------------------------------------------- reference answers


@cache
def reference(workload: str) -> tuple[Any, ...]:
    """Answers of the pure-Python kernels (the project's yardstick) for a workload's hands."""
    if workload == "is_win":
        from mahjong_fast._kernels import win_py

        return tuple(bool(win_py.is_win_counts(bytes(_counts(h)), "cluster")) for h in hands14())
    from mahjong_fast._kernels import shanten_py

    if workload == "shanten":
        return tuple(shanten_py.shanten_counts(bytes(_counts(h)), 0) for h in hands13())
    if workload == "waits":
        return tuple(tuple(sorted(shanten_py.waits_counts(bytes(_counts(h))))) for h in hands13())
    raise KeyError(workload)


# ---------------------------------------------------------------- workloads


Setup = tuple[Callable[[Any], Any], list[Any], Optional[Callable[[Any], Any]]]
"""What a row's setup returns: the call, its inputs, and how to read an answer (None: not checked)."""


@dataclass
class Row:
    """One library in one workload: ``call`` maps over ``inputs``; ``answer`` reads a result."""

    library: str
    requires: str | None
    setup: Callable[[], tuple[Callable[[Any], Any], list[Any], Callable[[Any], Any] | None]]
    hands_per_input: int = 1

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


def _agreement(answers: Sequence[Any], want: Sequence[Any]) -> float:
    return float(sum(a == w for a, w in zip(answers, want))) / len(want)


def prepare(workload: Workload, row: Row) -> tuple[Callable[[], Any], int, float | None]:
    """A zero-argument timed function, the hands it covers, and the share answered right."""
    call, inputs, answer = row.setup()

    def timed() -> Any:
        return deque(map(call, inputs), 0)

    correct = None
    if answer is not None and workload.name == "is_win_batch":
        import numpy as np

        got = np.asarray(call(inputs[0]))
        want = np.resize(np.array(reference("is_win")), got.shape)
        correct = float((got == want).mean())
    elif answer is not None:
        correct = _agreement([answer(call(x)) for x in inputs], reference(workload.name))
    return timed, len(inputs) * row.hands_per_input, correct


@cache
def _batch_array(rows: int) -> Any:
    import numpy as np

    base = np.array([_counts(h) for h in hands14()], dtype=np.uint8)
    return np.ascontiguousarray(np.resize(base, (rows, N_KINDS)))


def _mf() -> Any:
    import mahjong_fast

    return mahjong_fast


def workloads(batch_rows: int = BATCH_ROWS) -> list[Workload]:
    """The benchmark workloads, each with one row per library (peers may be missing)."""

    def is_win_mf() -> Setup:
        return _mf().is_win, [list(h) for h in hands14()], bool

    def is_win_riichienv() -> Setup:
        import riichienv

        return riichienv.calculate_shanten, [to_ids136(h) for h in hands14()], lambda s: s == -1

    def is_win_mahjong() -> Setup:
        from mahjong.agari import Agari

        return Agari().is_agari, [_counts(h) for h in hands14()], bool

    def is_win_sum() -> Setup:
        return sum, [list(h) for h in hands14()], None

    def waits_mf() -> Setup:
        return _mf().waits, [list(h) for h in hands13()], lambda w: tuple(sorted(map(int, w)))

    def waits_riichienv() -> Setup:
        from riichienv import HandEvaluator

        def waits(ids: list[int]) -> list[int]:
            return list(HandEvaluator(ids).get_waits())

        return waits, [to_ids136(h) for h in hands13()], lambda w: tuple(sorted(w))

    def shanten_mf() -> Setup:
        return _mf().shanten, [list(h) for h in hands13()], int

    def shanten_riichienv() -> Setup:
        import riichienv

        return riichienv.calculate_shanten, [to_ids136(h) for h in hands13()], int

    def shanten_mahjong() -> Setup:
        from mahjong.shanten import Shanten

        return Shanten().calculate_shanten, [_counts(h) for h in hands13()], int

    def shanten_gb() -> Setup:
        from MahjongGB import MahjongShanten

        def shanten(tiles: tuple[str, ...]) -> int:
            return int(MahjongShanten((), tiles))

        return shanten, [to_botzone(h) for h in hands13()], int

    def batch(threads: int) -> Callable[[], Setup]:
        def setup() -> Setup:
            f = _mf().is_win_batch
            return (lambda a: f(a, threads=threads)), [_batch_array(batch_rows)], list

        return setup

    def batch_sum() -> Setup:
        return (lambda a: a.sum(axis=1)), [_batch_array(batch_rows)], None

    return [
        Workload("is_win", "is_win, 14 tiles", [
            Row("mahjong_fast", None, is_win_mf),
            Row("riichienv", "riichienv", is_win_riichienv),
            Row("mahjong", "mahjong", is_win_mahjong),
            Row("builtin sum()", None, is_win_sum),
        ]),
        Workload("shanten", "shanten, 13 tiles", [
            Row("mahjong_fast", None, shanten_mf),
            Row("riichienv", "riichienv", shanten_riichienv),
            Row("mahjong", "mahjong", shanten_mahjong),
            Row("MahjongGB", "MahjongGB", shanten_gb),
        ]),
        Workload("waits", "waits, 13 tiles", [
            Row("mahjong_fast", None, waits_mf),
            Row("riichienv", "riichienv", waits_riichienv),
        ]),
        Workload("is_win_batch", f"is_win_batch, {batch_rows:,} rows", [
            Row("mahjong_fast 1 thread", "numpy", batch(1), batch_rows),
            Row("mahjong_fast 2 threads", "numpy", batch(2), batch_rows),
            Row("numpy counts.sum(axis=1)", "numpy", batch_sum, batch_rows),
        ]),
    ]


# ---------------------------------------------------------------- the command


def _time(timed: Callable[[], Any], budget: float) -> float:
    """Best seconds per timed() call over a few repeats filling about ``budget`` seconds."""
    once = timeit.timeit(timed, number=1)
    number = max(1, int(budget / 5 / max(once, 1e-9)))
    return min(timeit.repeat(timed, number=number, repeat=5)) / number


def run(argv: Sequence[str] | None = None) -> int:
    """Print a table of time per hand and ratios for each workload; 0 on success."""
    parser = argparse.ArgumentParser(prog="mahjong-fast bench", description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="short timings and 100,000 batch rows")
    parser.add_argument("--rows", type=int, default=None,
                        help=f"batch rows (default {BATCH_ROWS:,}; 10,000 without the compiled kernels)")
    parser.add_argument("--only", choices=("is_win", "shanten", "waits", "is_win_batch"), action="append",
                        help="run only this workload (repeatable)")
    args = parser.parse_args(argv)
    import mahjong_fast

    pure = mahjong_fast.implementation != "compiled"
    rows = args.rows or (10_000 if pure else 100_000 if args.quick else BATCH_ROWS)
    budget = 0.2 if args.quick else 1.0

    out = sys.stdout
    out.write(f"mahjong_fast {mahjong_fast.__version__} ({mahjong_fast.implementation}) "
              f"on Python {sys.version.split()[0]}\n\n")
    header = f"{'workload':<30} {'library':<26} {'ns/hand':>11} {'vs mahjong_fast':>16} {'correct':>8}\n"
    out.write(header + "-" * (len(header) - 1) + "\n")
    for work in workloads(rows):
        if args.only and work.name not in args.only:
            continue
        base = None
        for row in work.rows:
            if not row.available():
                out.write(f"{work.title:<30} {row.library:<26} {'not installed':>11}\n")
                continue
            timed, hands, correct = prepare(work, row)
            per_hand = _time(timed, budget) / hands * 1e9
            if base is None:
                base = per_hand
            ratio = f"{per_hand / base:.2f}x"
            right = "-" if correct is None else f"{correct:.1%}"
            out.write(f"{work.title:<30} {row.library:<26} {per_hand:>11,.1f} {ratio:>16} {right:>8}\n")
        out.write("\n")
    out.write("ns/hand: best of 5 repeats; ratio > 1 means slower than mahjong_fast's first row.\n")
    return 0
