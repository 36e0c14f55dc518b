"""Pure-Python twin of ``batch``: the same row loops, one row at a time."""
from __future__ import annotations

from typing import Any

from .. import _layout
from . import shanten_py, table_py, win_py

IS_WIN = 0
SHANTEN = 1
WAITS = 2
_N = _layout.N_KINDS


def prepare(kernel: int, rules: int = -1) -> None:
    """Build the tables ``kernel`` needs (nothing to build here)."""


def run_rows(
    kernel: int, counts: Any, out: Any, start: int, stop: int, rules: int = -1, limits: bytes | None = None
) -> None:
    """Answer rows ``start:stop`` of ``counts`` into ``out``; as the compiled twin."""
    n = len(counts)
    if rules >= 0:
        if limits is None or len(limits) != _N:
            raise ValueError(f"rules need limits of {_N} values")
        for t, cap in enumerate(limits):
            if cap > _layout.MAX_COPIES:
                raise ValueError(f"limits[{t}] = {cap} is above 4")
    if counts.shape[1] != _N:
        raise ValueError(f"counts must have {_N} columns, got {counts.shape[1]}")
    if kernel not in (IS_WIN, SHANTEN, WAITS):
        raise ValueError(f"unknown kernel {kernel}")
    if not 0 <= start <= stop <= n:
        raise ValueError(f"rows {start}:{stop} are outside 0:{n}")
    if len(out) < (n * _N if kernel == WAITS else n):
        raise ValueError(f"out holds {len(out)} bytes, too few for {n} rows")
    if rules >= 0:
        _rule_rows(kernel, counts, out, start, stop, rules, bytes(limits))  # type: ignore[arg-type]
        return
    for r in range(start, stop):
        hand = counts[r].tobytes()
        if kernel == IS_WIN:
            total = sum(hand)
            out[r] = total % 3 == 2 and total <= _layout.MAX_HAND and (
                table_py.win_table(hand)
                or (total == 14 and (win_py.seven_pairs(hand) or win_py.thirteen_orphans(hand)))
            )
        elif kernel == SHANTEN:
            out[r] = shanten_py.shanten_counts(hand, 0) & 0xFF
        else:
            for t in shanten_py.waits_counts(hand):
                out[r * _N + t] = 1


def _rule_rows(kernel: int, counts: Any, out: Any, start: int, stop: int, rules: int, limits: bytes) -> None:
    for r in range(start, stop):
        hand = counts[r].tobytes()
        if kernel == IS_WIN:
            out[r] = shanten_py.is_win_wild(hand, 0, True, limits, rules=rules)
        elif kernel == SHANTEN:
            out[r] = shanten_py.shanten_counts(hand, 0, 0, True, limits, rules=rules) & 0xFF
        else:
            for t in shanten_py.waits_counts(hand, 0, True, limits, rules=rules):
                out[r * _N + t] = 1


def first_bad_row(counts: Any, residues: int, most: int) -> tuple[int, int]:
    """``(row, total)`` of the first row whose total is not allowed, else ``(-1, 0)``."""
    if counts.shape[1] != _N:
        raise ValueError(f"counts must have {_N} columns, got {counts.shape[1]}")
    for start in range(0, len(counts), 1 << 16):
        totals = counts[start : start + (1 << 16)].sum(axis=1, dtype="int64")
        bad = (totals > most) | ((residues >> (totals % 3)) & 1 == 0)
        if bad.any():
            r = int(bad.argmax())
            return start + r, int(totals[r])
    return -1, 0


ROWS_PER_CHUNK = 16
"""Rows per call of ``run_rows`` between two checks for signals."""
