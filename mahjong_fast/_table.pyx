# cython: language_level=3, embedsignature=True, freethreading_compatible=True
"""The ``table`` strategy (one lookup per suit) and the fast path of ``is_win``.

A suit's nine counts c1..c9 (each 0-4) read as the base-5 number
``code = c1 + 5*c2 + ... + 5**8*c9`` (0 <= code < 5**9 = 1,953,125) index a
table of two bits per code:

* ``MELDS`` (1): the suit splits into melds (chows and pungs) only; the empty
  suit counts;
* ``PAIR`` (2): the suit splits into melds plus exactly one pair.

Packed four codes to a byte the table is 488,282 bytes (477 KiB), a static
array that stays untouched, and so not resident, until the first call that
needs it builds it (``ensure_table()``): ``import mahjong_fast`` builds
nothing, and nothing is ever downloaded or cached on disk.  The build is one
pass in increasing code order in which each entry reads one smaller entry; it
takes about 7 ms on one core (a 2020s Xeon) and adds 512 KiB to the resident
size.

Honors need no table: each honor count must be 0 or 3, or 2 for the one pair.
34 counts win in the standard form when every suit has a bit set, every honor
count is 0, 2 or 3, and exactly one group carries the pair.

``is_win`` here is the public ``mahjong_fast.is_win``.  It answers in C, without
building any Python object, a list or tuple of 1-14 index34 ints, or 34 counts
(list, tuple, ``bytes`` or ``bytearray``) of 1-14 tiles with
``encoding="counts"``, when every other keyword is at its default; every other
call, and every input it cannot vouch for, goes to
``mahjong_fast._api._is_win_slow``, which gives the documented answer or error.
``shanten`` and ``waits`` take the same fast path to the ``_shanten`` kernels
(``form=None``, no melds, no wild tiles) and fall back to ``_api.shanten`` and
``_api.waits``.
"""
cimport cython
from cpython.object cimport PyObject
from libc.string cimport memcpy, memset

from mahjong_fast._shanten cimport SHANTEN_INVALID, shanten_c, waits_c
from mahjong_fast._win cimport apply_kernel, seven_pairs_c, thirteen_orphans_c

import threading

cdef extern from *:
    """
    #define MF_N_CODES 1953125u
    #define MF_TABLE_BYTES 488282u
    static unsigned char mf_table[MF_TABLE_BYTES];
    static int mf_ready_flag = 0;
    static const unsigned int mf_pow5[9] = {
        1u, 5u, 25u, 125u, 625u, 3125u, 15625u, 78125u, 390625u};
    /* per index34 tile: its suit (3 = honors) and its weight in the suit code */
    static const unsigned char mf_suit[34] = {
        0,0,0,0,0,0,0,0,0, 1,1,1,1,1,1,1,1,1, 2,2,2,2,2,2,2,2,2, 3,3,3,3,3,3,3};
    static const unsigned int mf_weight[34] = {
        1u,5u,25u,125u,625u,3125u,15625u,78125u,390625u,
        1u,5u,25u,125u,625u,3125u,15625u,78125u,390625u,
        1u,5u,25u,125u,625u,3125u,15625u,78125u,390625u,
        0u,0u,0u,0u,0u,0u,0u};
    static inline int mf_ready(void) {
    #if defined(__GNUC__) || defined(__clang__)
        return __atomic_load_n(&mf_ready_flag, __ATOMIC_ACQUIRE);
    #else
        return *(volatile int *)&mf_ready_flag;
    #endif
    }
    static inline void mf_set_ready(void) {
    #if defined(__GNUC__) || defined(__clang__)
        __atomic_store_n(&mf_ready_flag, 1, __ATOMIC_RELEASE);
    #else
        *(volatile int *)&mf_ready_flag = 1;
    #endif
    }
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
    unsigned int N_CODES "MF_N_CODES"
    unsigned int TABLE_BYTES "MF_TABLE_BYTES"
    unsigned char mf_table[]
    const unsigned int mf_pow5[9]
    const unsigned char mf_suit[34]
    const unsigned int mf_weight[34]
    int mf_ready() noexcept nogil
    void mf_set_ready() noexcept nogil
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

cdef enum:
    K_MELDS = 1
    K_PAIR = 2

MELDS = 1
PAIR = 2
TABLE_SIZE = 488_282
"""Bytes held by the table once built."""

_lock = threading.Lock()
_slow = None
_slow_shanten = None
_slow_waits = None
_tiles = None
cdef bint _shanten_ready = False


cdef inline int _kind(unsigned int code) noexcept nogil:
    return (mf_table[code >> 2] >> ((code & 3) << 1)) & 3


cdef int suit_kind_c(unsigned int code) noexcept nogil:
    """MELDS, PAIR or 0 for a suit code (table built)."""
    return _kind(code)


def suit_kind(suit):
    """``MELDS`` (1) if nine counts (0-4) split into melds only, ``PAIR`` (2) if
    into melds and one pair, else 0."""
    cdef unsigned int code = 0
    cdef int k, v
    if len(suit) != 9:
        raise ValueError(f"a suit has 9 counts, got {len(suit)}")
    for k in range(8, -1, -1):
        v = suit[k]
        if not 0 <= v <= 4:
            raise ValueError(f"count {v} at index {k} is not in 0-4")
        code = code * 5 + v
    if not mf_ready():
        ensure_table()
    return _kind(code)


cdef bint table_ready() noexcept nogil:
    return mf_ready()


cdef void _build() noexcept nogil:
    # At the lowest tile i present, with k = c[i] copies: if k >= 3 a pung of i
    # can always be taken (three chows from i equal the pungs of i, i+1, i+2),
    # else the k tiles must open k chows.  With a pair, either the pair is at i
    # (the rest is MELDS) or i's tiles are all in melds as above (the rest is
    # PAIR).  Every rest is a smaller code, already in the table.
    cdef unsigned char d[9]
    cdef unsigned int code, chow
    cdef int i, k, total = 0, kind
    memset(d, 0, sizeof(d))
    memset(mf_table, 0, TABLE_BYTES)
    mf_table[0] = K_MELDS
    for code in range(1, N_CODES):
        i = 0
        while d[i] == 4:
            d[i] = 0
            total -= 4
            i += 1
        d[i] += 1
        total += 1
        i = 0
        while d[i] == 0:
            i += 1
        k = d[i]
        kind = 0
        chow = 0
        if k < 3 and i < 7 and d[i + 1] >= k and d[i + 2] >= k:
            chow = <unsigned int>k * (mf_pow5[i] + mf_pow5[i + 1] + mf_pow5[i + 2])
        if total % 3 == 0:
            if k >= 3:
                kind = _kind(code - 3 * mf_pow5[i]) & K_MELDS
            elif chow:
                kind = _kind(code - chow) & K_MELDS
        elif total % 3 == 2:
            if k >= 2 and _kind(code - 2 * mf_pow5[i]) & K_MELDS:
                kind = K_PAIR
            elif k >= 3:
                kind = _kind(code - 3 * mf_pow5[i]) & K_PAIR
            elif chow:
                kind = _kind(code - chow) & K_PAIR
        mf_table[code >> 2] |= <unsigned char>(kind << ((code & 3) << 1))


def table_built():
    """Whether the per-suit table has been built in this process."""
    return bool(mf_ready())


def ensure_table():
    """Build the per-suit table if it is not built yet (thread-safe, idempotent)."""
    if mf_ready():
        return
    with _lock:
        if not mf_ready():
            with nogil:
                _build()
                mf_set_ready()


cdef inline bint _standard(const unsigned char* c, const unsigned int* codes) noexcept nogil:
    # c: counts 0-4; codes: the three suit codes of c
    cdef int s, v, pairs = 0
    for s in range(3):
        v = _kind(codes[s])
        if v == 0:
            return False
        pairs += v >> 1
    for s in range(27, 34):
        v = c[s]
        if v == 2:
            pairs += 1
        elif v != 0 and v != 3:
            return False
    return pairs == 1


cdef inline void _suit_codes(const unsigned char* c, unsigned int* codes) noexcept nogil:
    cdef int s, i
    cdef unsigned int code
    for s in range(3):
        code = 0
        for i in range(9 * s + 8, 9 * s - 1, -1):
            code = code * 5 + c[i]
        codes[s] = code


cdef inline bint _wins(const unsigned char* c, const unsigned int* codes, Py_ssize_t n) noexcept nogil:
    # c: counts 0-4 of n tiles, n <= 14; codes: its suit codes
    if n % 3 != 2:
        return False
    if _standard(c, codes):
        return True
    if n != 14:
        return False
    if seven_pairs_c(c):
        return True
    # thirteen orphans holds no 2-8 of any suit: c2..c8 = 0 <=> code % 5**8 < 5
    return (codes[0] % 390625 < 5 and codes[1] % 390625 < 5 and codes[2] % 390625 < 5
            and thirteen_orphans_c(c))


cdef inline int _checked_total(const unsigned char* counts) noexcept nogil:
    # the number of tiles, or -1 if a count is above 4
    cdef int i, total = 0
    cdef bint bad = False
    for i in range(34):
        bad |= counts[i] > 4
        total += counts[i]
    return -1 if bad else total


cdef bint win_table_c(const unsigned char* counts) noexcept nogil:
    """Standard form (n melds + one pair) on 34 counts; the table must be built.

    Like ``_win.win_cluster_c``: False for a count above 4 or more than 14 tiles.
    """
    cdef unsigned int codes[3]
    cdef int total = _checked_total(counts)
    if total < 0 or total > 14:
        return False
    _suit_codes(counts, codes)
    return _standard(counts, codes)


cdef bint is_win_counts_c(const unsigned char* counts) noexcept nogil:
    """Any form (standard, seven pairs, thirteen orphans) on 34 counts; the table must be built."""
    cdef unsigned int codes[3]
    cdef int total = _checked_total(counts)
    if total < 0 or total > 14:
        return False
    _suit_codes(counts, codes)
    return _wins(counts, codes, total)


def win_table(counts):
    """Whether 34 counts form a standard hand (n melds + a pair), by table lookup.

    ``counts`` is a ``bytes`` (or any C-contiguous buffer) of 34 counts;
    ValueError for another length.  A count above 4, more than 14 tiles or a
    total other than 3n+2 answers False, as ``_win.win_cluster`` does.
    """
    if not mf_ready():
        ensure_table()
    return apply_kernel(win_table_c, counts)


cdef inline int _encoding_kind(object encoding) noexcept:
    # 0 index34, 1 counts, -1 anything else (left to the wrapper)
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


cdef inline Py_ssize_t _read_items(PyObject** items, Py_ssize_t n, int kind,
                                   unsigned char* c, unsigned int* codes) noexcept:
    cdef Py_ssize_t k
    cdef long t
    if kind == 0:
        if not 0 < n <= 14:
            return -1
        memset(c, 0, 34)
        for k in range(n):
            if not _is_int(items[k]):
                return -1
            t = mf_small_int(items[k])
            if <unsigned long>t >= 34 or c[t] == 4:
                return -1
            c[t] += 1
            codes[mf_suit[t]] += mf_weight[t]
        return n
    if kind != 1 or n != 34:
        return -1
    n = 0
    for k in range(34):
        if not _is_int(items[k]):
            return -1
        t = mf_small_int(items[k])
        if <unsigned long>t > 4:
            return -1
        c[k] = <unsigned char>t
        n += t
    _suit_codes(c, codes)
    return n if 0 < n <= 14 else -1


cdef inline Py_ssize_t _read_counts(const unsigned char* data, unsigned char* c,
                                    unsigned int* codes) noexcept:
    cdef Py_ssize_t k, n = 0
    for k in range(34):
        if data[k] > 4:
            return -1
        n += data[k]
    if not 0 < n <= 14:
        return -1
    memcpy(c, data, 34)
    _suit_codes(c, codes)
    return n


cdef inline Py_ssize_t _read_hand(object hand, int kind, unsigned char* c, unsigned int* codes) noexcept:
    """Counts and suit codes of a hand the fast path vouches for; its tile count (1-14), else -1."""
    cdef Py_ssize_t n = -1
    codes[0] = codes[1] = codes[2] = codes[3] = 0
    if _is_list(hand):
        with cython.critical_section(hand):  # free-threaded builds: no resize under us
            n = _read_items(_seq_items(hand), _size(hand), kind, c, codes)
    elif _is_tuple(hand):
        n = _read_items(_seq_items(hand), _size(hand), kind, c, codes)
    elif kind == 1 and _is_bytes(hand):
        if _size(hand) == 34:
            n = _read_counts(<const unsigned char*>_bytes_data(hand), c, codes)
    elif kind == 1 and _is_bytearray(hand):
        with cython.critical_section(hand):
            if _size(hand) == 34:
                n = _read_counts(<const unsigned char*>_bytearray_data(hand), c, codes)
    return n


cdef object _fall_through(hand, melds, encoding, strategy, wild, fifth):
    global _slow
    if _slow is None:
        from mahjong_fast._api import _is_win_slow
        _slow = _is_win_slow
    return _slow(hand, melds=melds, encoding=encoding, strategy=strategy, wild=wild, fifth=fifth)


def is_win(hand, *, melds=(), encoding=None, strategy=None, wild=None, fifth=True):
    """True if ``hand`` is a winning hand (standard form, seven pairs or thirteen orphans).

    ``hand`` is anything ``Hand`` accepts; see ``mahjong_fast.is_win``.  A list or
    tuple of 1-14 index34 ints, or 34 counts with ``encoding="counts"``, with the
    other keywords at their defaults, is answered here in C; everything else goes
    through the full wrapper.
    """
    cdef unsigned char c[34]
    cdef unsigned int codes[4]
    cdef Py_ssize_t n
    if wild is None and fifth is True and (strategy is None or strategy == "table") and _no_melds(melds):
        n = _read_hand(hand, _encoding_kind(encoding), c, codes)
        if n > 0:
            if not mf_ready():
                ensure_table()
            return _wins(c, codes, n)
    return _fall_through(hand, melds, encoding, strategy, wild, fifth)


def shanten(hand, *, form=None, melds=(), wild=None, fifth=True, encoding=None):
    """Shanten (向听数) of ``hand``: -1 complete, 0 ready; see ``mahjong_fast.shanten``.

    The same fast path as ``is_win`` (with ``form=None``) calls the ``_shanten``
    kernel directly; everything else goes through the full wrapper.
    """
    cdef unsigned char c[34]
    cdef unsigned int codes[4]
    cdef Py_ssize_t n
    cdef int result
    global _slow_shanten
    if form is None and wild is None and fifth is True and _no_melds(melds):
        n = _read_hand(hand, _encoding_kind(encoding), c, codes)
        if n > 0 and n % 3:
            if not _shanten_ready:
                _ensure_shanten()
            result = shanten_c(c, 0 if n >= 13 else 1, 0, True, NULL)
            if result != SHANTEN_INVALID:
                return result
    if _slow_shanten is None:
        from mahjong_fast._api import shanten as _slow_shanten
    return _slow_shanten(hand, form=form, melds=melds, wild=wild, fifth=fifth, encoding=encoding)


def waits(hand, *, melds=(), wild=None, fifth=True, encoding=None):
    """The tiles that complete ``hand`` (听牌), sorted; see ``mahjong_fast.waits``.

    The same fast path as ``is_win`` calls the ``_shanten`` kernel directly;
    everything else goes through the full wrapper.
    """
    cdef unsigned char c[34]
    cdef unsigned char out[34]
    cdef unsigned int codes[4]
    cdef Py_ssize_t n
    cdef int t
    global _slow_waits, _tiles
    if wild is None and fifth is True and _no_melds(melds):
        n = _read_hand(hand, _encoding_kind(encoding), c, codes)
        if n > 0 and n % 3 == 1:
            if not _shanten_ready:
                _ensure_shanten()
            if waits_c(c, 0, True, NULL, NULL, out) >= 0:
                if _tiles is None:
                    from mahjong_fast._tiles import TILES as _tiles
                return [_tiles[t] for t in range(34) if out[t]]
    if _slow_waits is None:
        from mahjong_fast._api import waits as _slow_waits
    return _slow_waits(hand, melds=melds, wild=wild, fifth=fifth, encoding=encoding)


cdef _ensure_shanten():
    global _shanten_ready
    from mahjong_fast._shanten import ensure_tables

    ensure_tables()
    _shanten_ready = True
