# cython: language_level=3, embedsignature=True, freethreading_compatible=True
"""Row loops of the batch API: one kernel over a block of rows, GIL released.

``run_rows(kernel, counts, out, start, stop)`` answers rows ``start:stop`` of a
C-contiguous ``(N, 34)`` uint8 array of valid counts into ``out`` (uint8: N for
``IS_WIN`` and ``SHANTEN`` (int8 bits), N*34 for ``WAITS``); bounds are checked.
``first_bad_row`` finds the first row whose total is not allowed.  Rows mean
what the single-hand functions mean; ``_batch`` checks arguments and chunks.
Under a rule set (``rules`` >= 0, the bits of ``rule_flags``) the rule-set
kernels answer with the rules' ``limits`` (34 bytes; every row's tiles exist).
"""
from mahjong_fast._kernels.shanten cimport is_win_rules_c, shanten_c, shanten_rules_c, waits_c, waits_rules_c
from mahjong_fast._kernels.table cimport is_win_counts_c
from mahjong_fast._layout cimport N_KINDS

from mahjong_fast._kernels.shanten import ensure_tables
from mahjong_fast._kernels.table import ensure_table

cdef enum:
    K_IS_WIN = 0
    K_SHANTEN = 1
    K_WAITS = 2

IS_WIN = K_IS_WIN
SHANTEN = K_SHANTEN
WAITS = K_WAITS


cdef void _rule_rows(int kernel, const unsigned char* c, unsigned char* out, Py_ssize_t start,
                     Py_ssize_t stop, int rules, const unsigned char* limits) noexcept nogil:
    cdef Py_ssize_t r
    if kernel == K_IS_WIN:
        for r in range(start, stop):
            out[r] = is_win_rules_c(c + N_KINDS * r, 0, True, limits, rules) == 1
    elif kernel == K_SHANTEN:
        for r in range(start, stop):
            out[r] = <unsigned char><signed char>shanten_rules_c(c + N_KINDS * r, 0, 0, True, limits, rules)
    else:
        for r in range(start, stop):
            waits_rules_c(c + N_KINDS * r, 0, True, limits, NULL, rules, out + N_KINDS * r)


cdef void _rows(int kernel, const unsigned char* c, unsigned char* out,
                Py_ssize_t start, Py_ssize_t stop) noexcept nogil:
    cdef Py_ssize_t r
    if kernel == K_IS_WIN:
        for r in range(start, stop):
            out[r] = is_win_counts_c(c + N_KINDS * r)
    elif kernel == K_SHANTEN:
        for r in range(start, stop):
            out[r] = <unsigned char><signed char>shanten_c(c + N_KINDS * r, 0, 0, True, NULL)
    else:
        for r in range(start, stop):
            waits_c(c + N_KINDS * r, 0, True, NULL, NULL, out + N_KINDS * r)


def prepare(int kernel, int rules=-1):
    """Build the tables ``kernel`` needs, under ``rules`` when >= 0 (idempotent, thread-safe)."""
    if kernel == IS_WIN and rules < 0:
        ensure_table()
    else:
        ensure_tables()


def run_rows(int kernel, const unsigned char[:, ::1] counts, unsigned char[::1] out,
             Py_ssize_t start, Py_ssize_t stop, int rules=-1, const unsigned char[::1] limits=None):
    """Answer rows ``start:stop`` of ``counts`` into ``out``; call ``prepare`` first.

    ``rules`` >= 0 (the kernels' rule bits) answers under that rule set, with ``limits``
    (34 copies per tile, 0 for a tile that does not exist; every row's tiles must exist).
    """
    cdef Py_ssize_t n = counts.shape[0]
    cdef int t
    if rules >= 0:
        if limits is None or limits.shape[0] != N_KINDS:
            raise ValueError(f"rules need limits of {N_KINDS} values")
        for t in range(N_KINDS):
            if limits[t] > 4:
                raise ValueError(f"limits[{t}] = {limits[t]} is above 4")
    if counts.shape[1] != N_KINDS:
        raise ValueError(f"counts must have {N_KINDS} columns, got {counts.shape[1]}")
    if kernel not in (IS_WIN, SHANTEN, WAITS):
        raise ValueError(f"unknown kernel {kernel}")
    if not 0 <= start <= stop <= n:
        raise ValueError(f"rows {start}:{stop} are outside 0:{n}")
    if out.shape[0] < (n * N_KINDS if kernel == WAITS else n):
        raise ValueError(f"out holds {out.shape[0]} bytes, too few for {n} rows")
    if start < stop:
        if rules >= 0:
            with nogil:
                _rule_rows(kernel, &counts[0, 0], &out[0], start, stop, rules, &limits[0])
        else:
            with nogil:
                _rows(kernel, &counts[0, 0], &out[0], start, stop)


def first_bad_row(const unsigned char[:, ::1] counts, int residues, int most):
    """``(row, total)`` of the first row whose total is above ``most`` or not 3n + r
    with bit r of ``residues`` set; ``(-1, 0)`` if there is none."""
    cdef Py_ssize_t r, n = counts.shape[0]
    cdef int j, total = 0
    cdef Py_ssize_t bad = -1
    if counts.shape[1] != N_KINDS:
        raise ValueError(f"counts must have {N_KINDS} columns, got {counts.shape[1]}")
    with nogil:
        for r in range(n):
            total = 0
            for j in range(N_KINDS):
                total += counts[r, j]
            if total > most or not (residues >> (total % 3)) & 1:
                bad = r
                break
    if bad < 0:
        return -1, 0
    return bad, total


ROWS_PER_CHUNK = 16384
"""Rows per call of ``run_rows`` between two checks for signals (a few ms at most)."""
