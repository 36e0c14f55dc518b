# cython: language_level=3, embedsignature=True, freethreading_compatible=True
"""Compiled fast paths of the public ``is_win``, ``shanten`` and ``waits``.

A call this module can vouch for (a list or tuple of 1-14 index34 ints, or 34
counts with ``encoding="counts"``, every other keyword at its default) is
answered in C without building a Python object; every other call goes to the
general function of ``_api`` that ``install`` was given, which gives the
documented answer or error.  Same answers, same errors.
"""
cimport cython
from cpython.object cimport PyObject
from libc.string cimport memcpy, memset

from mahjong_fast._kernels.shanten cimport SHANTEN_INVALID, shanten_c, waits_c
from mahjong_fast._kernels.table cimport table_ready, wins_c
from mahjong_fast._layout cimport MAX_COPIES, MAX_HAND, N_KINDS

from mahjong_fast._kernels.shanten import ensure_tables
from mahjong_fast._kernels.table import ensure_table

cdef extern from *:
    """
    /* The value of an exact int if it is compact (a small one), else -1. */
    static inline long mf_small_int(PyObject *o) {
    #if PY_VERSION_HEX >= 0x030C0000 && !defined(Py_LIMITED_API)
        if (!PyUnstable_Long_IsCompact((PyLongObject *)o)) return -1;
        return (long)PyUnstable_Long_CompactValue((PyLongObject *)o);
    #elif PY_VERSION_HEX >= 0x030B0000 && !defined(Py_LIMITED_API)
        /* 3.11: Python.h includes longintrepr.h; the digit count is Py_SIZE */
        Py_ssize_t size = Py_SIZE(o);
        if (size == 0) return 0;
        if (size == 1) return (long)((PyLongObject *)o)->ob_digit[0];
        return -1;
    #else
        int overflow;
        long v = PyLong_AsLongAndOverflow(o, &overflow);
        return overflow ? -1 : v;
    #endif
    }
    """
    long mf_small_int(PyObject*) noexcept

cdef extern from "Python.h":
    bint _is_list "PyList_CheckExact"(object)
    bint _is_tuple "PyTuple_CheckExact"(object)
    bint _is_bytes "PyBytes_CheckExact"(object)
    bint _is_bytearray "PyByteArray_CheckExact"(object)
    bint _is_str "PyUnicode_CheckExact"(object)
    bint _is_int "PyLong_CheckExact"(PyObject*)
    Py_ssize_t _size "Py_SIZE"(object)
    PyObject** _seq_items "PySequence_Fast_ITEMS"(object)
    char* _bytes_data "PyBytes_AS_STRING"(object)
    char* _bytearray_data "PyByteArray_AS_STRING"(object)

_general_is_win = None
_general_shanten = None
_general_waits = None
_tiles = None
cdef bint _shanten_ready = False


def install(general_is_win, general_shanten, general_waits, tiles):
    """Put the fast paths in front of the general functions; return the fast ones.

    ``tiles`` is the sequence of the 34 ``Tile`` members, in index34 order.
    """
    global _general_is_win, _general_shanten, _general_waits, _tiles
    _general_is_win, _general_shanten, _general_waits = general_is_win, general_shanten, general_waits
    _tiles = tuple(tiles)
    return is_win, shanten, waits


cdef inline int _encoding_kind(object encoding) noexcept:
    # 0 index34, 1 counts, -1 anything else (left to the general path)
    if encoding is None:
        return 0
    if _is_str(encoding):
        if encoding == "index34":
            return 0
        if encoding == "counts":
            return 1
    return -1


cdef inline bint _no_melds(object melds) noexcept:
    return melds is () or ((_is_tuple(melds) or _is_list(melds)) and _size(melds) == 0)


cdef inline int _read_items(PyObject** items, Py_ssize_t n, int kind, unsigned char* c) noexcept:
    cdef Py_ssize_t k
    cdef long t
    cdef int total = 0
    if kind == 0:
        if not 0 < n <= MAX_HAND:
            return -1
        memset(c, 0, N_KINDS)
        for k in range(n):
            if not _is_int(items[k]):
                return -1
            t = mf_small_int(items[k])
            if <unsigned long>t >= N_KINDS or c[t] == MAX_COPIES:
                return -1
            c[t] += 1
        return <int>n
    if kind != 1 or n != N_KINDS:
        return -1
    for k in range(N_KINDS):
        if not _is_int(items[k]):
            return -1
        t = mf_small_int(items[k])
        if <unsigned long>t > MAX_COPIES:
            return -1
        c[k] = <unsigned char>t
        total += t
    return total if 0 < total <= MAX_HAND else -1


cdef inline int _read_counts(const unsigned char* data, unsigned char* c) noexcept:
    cdef int k, total = 0
    for k in range(N_KINDS):
        if data[k] > MAX_COPIES:
            return -1
        total += data[k]
    if not 0 < total <= MAX_HAND:
        return -1
    memcpy(c, data, N_KINDS)
    return total


cdef inline int _read_hand(object hand, int kind, unsigned char* c) noexcept:
    """Counts of a hand this module vouches for; its tile count (1-14), else -1."""
    cdef int n = -1
    if _is_list(hand):
        with cython.critical_section(hand):  # free-threaded builds: no resize under us
            n = _read_items(_seq_items(hand), _size(hand), kind, c)
    elif _is_tuple(hand):
        n = _read_items(_seq_items(hand), _size(hand), kind, c)
    elif kind == 1 and _is_bytes(hand):
        if _size(hand) == N_KINDS:
            n = _read_counts(<const unsigned char*>_bytes_data(hand), c)
    elif kind == 1 and _is_bytearray(hand):
        with cython.critical_section(hand):
            if _size(hand) == N_KINDS:
                n = _read_counts(<const unsigned char*>_bytearray_data(hand), c)
    return n


cdef _ensure_shanten():
    global _shanten_ready
    ensure_tables()
    _shanten_ready = True


def is_win(hand, *, melds=(), encoding=None, strategy=None, wild=None, fifth=True):
    """Whether ``hand`` wins; see ``mahjong_fast.is_win``."""
    cdef unsigned char c[N_KINDS]
    cdef int n
    if wild is None and fifth is True and (strategy is None or strategy == "table") and _no_melds(melds):
        n = _read_hand(hand, _encoding_kind(encoding), c)
        if n > 0:
            if not table_ready():
                ensure_table()
            return wins_c(c, n)
    return _general_is_win(hand, melds=melds, encoding=encoding, strategy=strategy, wild=wild, fifth=fifth)


def shanten(hand, *, form=None, melds=(), wild=None, fifth=True, encoding=None):
    """Shanten (向听数) of ``hand``; see ``mahjong_fast.shanten``."""
    cdef unsigned char c[N_KINDS]
    cdef int n, result
    if form is None and wild is None and fifth is True and _no_melds(melds):
        n = _read_hand(hand, _encoding_kind(encoding), c)
        if n > 0 and n % 3:
            if not _shanten_ready:
                _ensure_shanten()
            result = shanten_c(c, 0 if n >= 13 else 1, 0, True, NULL)
            if result != SHANTEN_INVALID:
                return result
    return _general_shanten(hand, form=form, melds=melds, wild=wild, fifth=fifth, encoding=encoding)


def waits(hand, *, melds=(), wild=None, fifth=True, encoding=None):
    """The tiles that complete ``hand`` (听牌), sorted; see ``mahjong_fast.waits``."""
    cdef unsigned char c[N_KINDS]
    cdef unsigned char out[N_KINDS]
    cdef int n, t
    if wild is None and fifth is True and _no_melds(melds):
        n = _read_hand(hand, _encoding_kind(encoding), c)
        if n > 0 and n % 3 == 1:
            if not _shanten_ready:
                _ensure_shanten()
            if waits_c(c, 0, True, NULL, NULL, out) >= 0:
                return [_tiles[t] for t in range(N_KINDS) if out[t]]
    return _general_waits(hand, melds=melds, wild=wild, fifth=fifth, encoding=encoding)
