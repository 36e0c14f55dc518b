# cython: language_level=3, embedsignature=True, freethreading_compatible=True
"""The numpy batch API: one call for many hands of 34 counts.

Every function takes an (N, 34) array of any integer dtype, contiguous or not,
validates it on its own dtype (so 256 is an error, not a 0), converts it once
to contiguous ``uint8`` (no copy when it already is) and runs a C loop over the
rows with the GIL released.  ``threads=n`` splits the rows into n chunks run by
n threads (the caller's thread is one of them); answers do not depend on it.
numpy is imported on first use, never by ``import mahjong_fast``.

Rows mean what the single-hand functions mean: ``is_win_batch`` answers like
``is_win(row, encoding="counts")`` (standard form by the per-suit table of
``_table``, seven pairs, thirteen orphans; False for a total other than 3n+2
or above 14), ``shanten_batch`` like ``shanten`` (the minimum over the forms;
below 13 tiles only the standard form applies) and ``waits_batch`` like
``waits``; the last two call the C entry points of ``_shanten``.
"""
cimport cython

from mahjong_fast._shanten cimport SHANTEN_INVALID, shanten_c, waits_c
from mahjong_fast._table cimport is_win_counts_c

from mahjong_fast._batch_py import SHANTEN_ROWS, WAITS_ROWS, _as_counts, _numpy, _threads
from mahjong_fast._shanten import ensure_tables
from mahjong_fast._table import ensure_table

cdef enum Kernel:
    IS_WIN = 0
    SHANTEN = 1
    WAITS = 2


cdef void _is_win_rows(const unsigned char* c, unsigned char* out,
                       Py_ssize_t start, Py_ssize_t stop) noexcept nogil:
    cdef Py_ssize_t r
    for r in range(start, stop):
        out[r] = is_win_counts_c(c + 34 * r)


cdef void _shanten_rows(const unsigned char* c, unsigned char* out,
                        Py_ssize_t start, Py_ssize_t stop) noexcept nogil:
    # out is the int8 result seen as bytes
    cdef Py_ssize_t r
    for r in range(start, stop):
        out[r] = <unsigned char><signed char>shanten_c(c + 34 * r, 0, 0, True, NULL)


cdef void _waits_rows(const unsigned char* c, unsigned char* out,
                      Py_ssize_t start, Py_ssize_t stop) noexcept nogil:
    cdef Py_ssize_t r
    for r in range(start, stop):
        waits_c(c + 34 * r, 0, True, NULL, NULL, out + 34 * r)


cdef void _rows(Kernel kernel, const unsigned char* c, unsigned char* out,
                Py_ssize_t start, Py_ssize_t stop) noexcept nogil:
    if kernel == IS_WIN:
        _is_win_rows(c, out, start, stop)
    elif kernel == SHANTEN:
        _shanten_rows(c, out, start, stop)
    else:
        _waits_rows(c, out, start, stop)


@cython.boundscheck(False)
def _chunk(Kernel kernel, const unsigned char[:, ::1] c, unsigned char[::1] out,
           Py_ssize_t start, Py_ssize_t stop):
    if start < stop:
        with nogil:
            _rows(kernel, &c[0, 0], &out[0], start, stop)


@cython.boundscheck(False)
def _check_rows(const unsigned char[:, ::1] c, int residues, int most, str what):
    """Every row must hold 3n + r tiles with bit r of ``residues`` set, at most ``most``."""
    cdef Py_ssize_t r, n = c.shape[0]
    cdef int j, total
    cdef Py_ssize_t bad = -1
    with nogil:
        for r in range(n):
            total = 0
            for j in range(34):
                total += c[r, j]
            if total > most or not (residues >> (total % 3)) & 1:
                bad = r
                break
    if bad >= 0:
        raise ValueError(f"row {bad} holds {total} tiles; {what}")


def _run(Kernel kernel, c, out, threads):
    cdef Py_ssize_t n = c.shape[0]
    flat = out.reshape(-1).view(_numpy().uint8)
    t = min(threads, n) if n else 1
    if t <= 1:
        _chunk(kernel, c, flat, 0, n)
        return
    from concurrent.futures import ThreadPoolExecutor

    bounds = [n * i // t for i in range(t + 1)]
    with ThreadPoolExecutor(max_workers=t - 1) as pool:
        jobs = [pool.submit(_chunk, kernel, c, flat, bounds[i], bounds[i + 1]) for i in range(1, t)]
        _chunk(kernel, c, flat, bounds[0], bounds[1])
        for job in jobs:
            job.result()


def is_win_batch(counts, *, threads=None):
    """Whether each hand wins: standard form, seven pairs or thirteen orphans.

    Parameters
    ----------
    counts
        (N, 34) array of tile counts 0-4, any integer dtype.
    threads
        None or 1 for one thread; n > 1 splits the rows over n threads.

    Returns
    -------
    numpy.ndarray
        (N,) bool; rows whose total is not 3n+2 are False.
    """
    nthreads = _threads(threads)
    c = _as_counts(counts)
    out = _numpy().empty(c.shape[0], dtype=bool)
    ensure_table()
    _run(IS_WIN, c, out, nthreads)
    return out


def shanten_batch(counts, *, threads=None):
    """Shanten of each hand, the minimum over the three forms (-1 = complete, 0 = ready).

    Parameters
    ----------
    counts
        (N, 34) array of tile counts 0-4, any integer dtype; each row 3n+1 or
        3n+2 tiles, at most 14 (ValueError naming the first row that is not).
        Rows under 13 tiles have the standard form only.
    threads
        None or 1 for one thread; n > 1 splits the rows over n threads.

    Returns
    -------
    numpy.ndarray
        (N,) int8.
    """
    nthreads = _threads(threads)
    c = _as_counts(counts)
    _check_rows(c, 0b110, 14, SHANTEN_ROWS)
    out = _numpy().empty(c.shape[0], dtype=_numpy().int8)
    ensure_tables()
    _run(SHANTEN, c, out, nthreads)
    if (out == SHANTEN_INVALID).any():  # cannot happen on checked rows; never hand back garbage
        raise RuntimeError("the shanten kernel rejected a checked row")
    return out


def waits_batch(counts, *, threads=None):
    """The tiles each hand waits on, as a mask.

    Parameters
    ----------
    counts
        (N, 34) array of tile counts 0-4, any integer dtype; each row 3n+1
        tiles, at most 13 (ValueError naming the first row that is not).
    threads
        None or 1 for one thread; n > 1 splits the rows over n threads.

    Returns
    -------
    numpy.ndarray
        (N, 34) bool: ``out[r, t]`` is True when tile t completes hand r (a
        tile the hand holds four of never does).
    """
    nthreads = _threads(threads)
    c = _as_counts(counts)
    _check_rows(c, 0b010, 13, WAITS_ROWS)
    out = _numpy().zeros(c.shape, dtype=bool)
    ensure_tables()
    _run(WAITS, c, out, nthreads)
    return out
