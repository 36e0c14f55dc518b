# cython: language_level=3, embedsignature=True, freethreading_compatible=True
"""The ``table`` strategy (compiled): one lookup per suit answers the standard form.

``win_table(counts)`` answers whether 34 counts form a standard hand (n melds
and one pair): every suit's base-5 code has a bit set in a 477 KiB table, every
honor count is 0, 2 or 3, and exactly one group holds the pair.  ``counts`` is
read by ``_counts.read_counts`` (an exact ``bytes`` of 34 valid counts is used
as it is): ``TypeError`` for another type, ``ValueError`` naming the value for
a wrong length or a count outside 0-4; more than 14 tiles answers False.
``suit_kind(suit)`` answers one suit.  The table is built in C on first use
(``ensure_table``, about 7 ms), under a lock, and published with release/acquire
order; ``import mahjong_fast`` builds nothing.  The build: docs/table.md.
"""
from cpython.bytes cimport PyBytes_AS_STRING
from libc.string cimport memset

from mahjong_fast._counts cimport is_counts_bytes

from mahjong_fast._kernels.win cimport seven_pairs_c, thirteen_orphans_c
from mahjong_fast._layout cimport FIRST_HONOR, MAX_COPIES, MAX_HAND, N_KINDS, N_SUITS, SUIT_SIZE

import threading

from mahjong_fast._counts import read_counts as _read_counts

cdef extern from *:
    """
    #define MF_N_CODES 1953125u
    #define MF_TABLE_BYTES 488282u
    static unsigned char mf_table[MF_TABLE_BYTES];
    static int mf_ready_flag = 0;
    static const unsigned int mf_pow5[9] = {
        1u, 5u, 25u, 125u, 625u, 3125u, 15625u, 78125u, 390625u};
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
    const unsigned int mf_pow5[SUIT_SIZE]
    int mf_ready() noexcept nogil
    void mf_set_ready() noexcept nogil

cdef enum:
    K_MELDS = 1
    K_PAIR = 2
    _NINES = 390625     # 5**8, the weight of rank 9 in a suit code

MELDS = 1
PAIR = 2
TABLE_SIZE = TABLE_BYTES
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
    if len(suit) != SUIT_SIZE:
        raise ValueError(f"a suit has {SUIT_SIZE} counts, got {len(suit)}")
    for k in range(SUIT_SIZE - 1, -1, -1):
        v = suit[k]
        if not 0 <= v <= MAX_COPIES:
            raise ValueError(f"count {v} at index {k} is not in 0-{MAX_COPIES}")
        code = code * (MAX_COPIES + 1) + v
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
    cdef unsigned char d[SUIT_SIZE]
    cdef unsigned int code, chow
    cdef int i, k, total = 0, kind
    memset(d, 0, sizeof(d))
    memset(mf_table, 0, TABLE_BYTES)
    mf_table[0] = K_MELDS
    for code in range(1, N_CODES):
        i = 0
        while d[i] == MAX_COPIES:
            d[i] = 0
            total -= MAX_COPIES
            i += 1
        d[i] += 1
        total += 1
        i = 0
        while d[i] == 0:
            i += 1
        k = d[i]
        kind = 0
        chow = 0
        if k < 3 and i < SUIT_SIZE - 2 and d[i + 1] >= k and d[i + 2] >= k:
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
    for s in range(N_SUITS):
        v = _kind(codes[s])
        if v == 0:
            return False
        pairs += v >> 1
    for s in range(FIRST_HONOR, N_KINDS):
        v = c[s]
        if v == 2:
            pairs += 1
        elif v != 0 and v != 3:
            return False
    return pairs == 1


cdef inline void _suit_codes(const unsigned char* c, unsigned int* codes) noexcept nogil:
    cdef int s, i
    cdef unsigned int code
    cdef const unsigned char* suit
    for s in range(N_SUITS):
        suit = c + SUIT_SIZE * s
        code = 0
        for i in range(SUIT_SIZE - 1, -1, -1):     # a constant trip count: unrolled
            code = code * (MAX_COPIES + 1) + suit[i]
        codes[s] = code


cdef inline bint _wins(const unsigned char* c, const unsigned int* codes,
                       Py_ssize_t n) noexcept nogil:
    # c: counts 0-4 of n tiles, n <= MAX_HAND; codes: its suit codes
    if n % 3 != 2:
        return False
    if _standard(c, codes):
        return True
    if n != MAX_HAND:
        return False
    if seven_pairs_c(c):
        return True
    # thirteen orphans holds no 2-8 of any suit: c2..c8 = 0 <=> code % 5**8 < 5
    return (codes[0] % _NINES < 5 and codes[1] % _NINES < 5 and codes[2] % _NINES < 5
            and thirteen_orphans_c(c))


cdef inline int _checked_total(const unsigned char* counts) noexcept nogil:
    # the number of tiles, or -1 if a count is above 4
    cdef int i, total = 0
    cdef bint bad = False
    for i in range(N_KINDS):
        bad |= counts[i] > MAX_COPIES
        total += counts[i]
    return -1 if bad else total


cdef bint win_table_c(const unsigned char* counts) noexcept nogil:
    """Standard form (n melds + one pair) on 34 counts; the table must be built.

    Like ``win.win_cluster_c``: False for a count above 4 or more than 14 tiles.
    """
    cdef unsigned int codes[3]
    cdef int total = _checked_total(counts)
    if total < 0 or total > MAX_HAND:
        return False
    _suit_codes(counts, codes)
    return _standard(counts, codes)


cdef bint is_win_counts_c(const unsigned char* counts) noexcept nogil:
    """Any form (standard, seven pairs, thirteen orphans) on 34 counts; the table must be built."""
    cdef unsigned int codes[3]
    cdef int total = _checked_total(counts)
    if total < 0 or total > MAX_HAND:
        return False
    _suit_codes(counts, codes)
    return _wins(counts, codes, total)


cdef bint wins_c(const unsigned char* counts, int total) noexcept nogil:
    """Any form on 34 valid counts (0-4) of ``total`` tiles (at most 14); table built."""
    cdef unsigned int codes[3]
    _suit_codes(counts, codes)
    return _wins(counts, codes, total)


cdef bint wins_coded_c(const unsigned char* counts, const unsigned int* codes, int total) noexcept nogil:
    """``wins_c`` with the three suit codes (base 5, rank 1 lowest) already summed by the caller."""
    return _wins(counts, codes, total)


def win_table(counts):
    """Whether 34 counts form a standard hand (n melds + a pair), by table lookup."""
    if not is_counts_bytes(counts):
        counts = _read_counts(counts, "counts")
    if not mf_ready():
        ensure_table()
    return win_table_c(<const unsigned char*>PyBytes_AS_STRING(counts))
