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
"""
from libc.string cimport memset

from mahjong_fast._kernels.win cimport apply_kernel, seven_pairs_c, thirteen_orphans_c

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
    """
    unsigned int N_CODES "MF_N_CODES"
    unsigned int TABLE_BYTES "MF_TABLE_BYTES"
    unsigned char mf_table[]
    const unsigned int mf_pow5[9]
    const unsigned char mf_suit[34]
    const unsigned int mf_weight[34]
    int mf_ready() noexcept nogil
    void mf_set_ready() noexcept nogil

cdef enum:
    K_MELDS = 1
    K_PAIR = 2

MELDS = 1
PAIR = 2
TABLE_SIZE = 488_282
"""Bytes held by the table once built."""

_lock = threading.Lock()


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


cdef bint wins_c(const unsigned char* counts, int total) noexcept nogil:
    """Any form on 34 valid counts (0-4) of ``total`` tiles (at most 14); the table must be built."""
    cdef unsigned int codes[3]
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


