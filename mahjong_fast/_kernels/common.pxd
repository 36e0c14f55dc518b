# cython: language_level=3
# Small C helpers shared by the compiled kernels (cimported; nothing here is a module of its own):
# the part of a kind, the cost-row constants and the min-plus product of two rows, the knitted
# sets of GB, an insertion sort of a few ints, and bit tricks (lowest set bit, bit counts).

from libc.stdint cimport uint8_t

from mahjong_fast._layout cimport FIRST_HONOR, N_SUITS, SUIT_SIZE

cdef enum:
    ROW_LEN = 10            # entries of a part's cost row: (k melds 0-4) x (pair 0-1), entry 2k + p
    INF = 60                # an unreachable cost; small enough that sums of four stay in a byte
    N_PARTS = N_SUITS + 1   # the three suits, then the honours
    N_KNITTED_SETS = 6      # 147, 258 and 369 given to the three suits, one each
    KNITTED_TILES = 9       # the tiles of one knitted set (a knitted straight)


cdef inline int part_of(int t) noexcept nogil:
    """Part of kind ``t``: 0-2 the suits (m, p, s), 3 the honours."""
    return (t >= SUIT_SIZE) + (t >= 2 * SUIT_SIZE) + (t >= FIRST_HONOR)


cdef inline void row_product(const uint8_t* a, const uint8_t* b, uint8_t* out) noexcept nogil:
    """Min-plus product of two cost rows: ``out`` at (k melds, p pairs) is the least cost of
    splitting them between the two parts (at most one pair in all)."""
    cdef int k1, k2, v
    for k1 in range(ROW_LEN):
        out[k1] = INF
    for k1 in range(5):
        for k2 in range(5 - k1):
            v = a[2 * k1] + b[2 * k2]
            if v < out[2 * (k1 + k2)]:
                out[2 * (k1 + k2)] = v
            v = a[2 * k1] + b[2 * k2 + 1]
            if v < out[2 * (k1 + k2) + 1]:
                out[2 * (k1 + k2) + 1] = v
            v = a[2 * k1 + 1] + b[2 * k2]
            if v < out[2 * (k1 + k2) + 1]:
                out[2 * (k1 + k2) + 1] = v


cdef inline int knitted_residue(int s, int u) noexcept nogil:
    """The ranks of suit ``u`` in knitted set ``s`` (0: 147, 1: 258, 2: 369).  The six sets run
    over the orders of (0, 1, 2) in lexicographic order, as ``hutype_py.KNITTED_SETS``."""
    cdef int first = s >> 1, j = s & 1
    cdef int second = j + (j >= first)
    if u == 0:
        return first
    if u == 1:
        return second
    return N_SUITS - first - second


cdef inline void fill_knitted_sets(uint8_t* tiles) noexcept nogil:
    """``tiles[KNITTED_TILES * s + i]``: the index34 tiles of knitted set ``s``, suit by suit,
    low rank first (i = 3 u + j is rank 1 + residue + 3 j of suit u)."""
    cdef int s, i
    for s in range(N_KNITTED_SETS):
        for i in range(KNITTED_TILES):
            tiles[KNITTED_TILES * s + i] = (SUIT_SIZE * (i // N_SUITS) + knitted_residue(s, i // N_SUITS)
                                            + N_SUITS * (i % N_SUITS))


cdef inline void sort_ints(int* a, int n) noexcept nogil:
    """Sort the ``n`` ints of ``a`` ascending in place (insertion sort: a handful of melds)."""
    cdef int i, j, x
    for i in range(1, n):
        x = a[i]
        j = i - 1
        while j >= 0 and a[j] > x:
            a[j + 1] = a[j]
            j -= 1
        a[j + 1] = x


cdef extern from *:
    """
    /* Index of the lowest set bit of m (m != 0). */
    static inline int mf_ctz64(unsigned long long m) {
    #if defined(__GNUC__) || defined(__clang__)
        return __builtin_ctzll(m);
    #else
        int k = 0;
        while (!(m & 1)) { m >>= 1; k++; }
        return k;
    #endif
    }
    /* Per-byte bit counts of x (SWAR): each byte of the result holds 0-8. */
    static inline unsigned long long mf_byte_counts(unsigned long long x) {
        x = x - ((x >> 1) & 0x5555555555555555ULL);
        x = (x & 0x3333333333333333ULL) + ((x >> 2) & 0x3333333333333333ULL);
        return (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0FULL;
    }
    /* Set bits of x, without a popcount instruction (none without -mpopcnt). */
    static inline int mf_popcount64(unsigned long long x) {
        return (int)((mf_byte_counts(x) * 0x0101010101010101ULL) >> 56);
    }
    /* popcount(a) + 2 popcount(b) + 4 popcount(c): a count of 0-7 per bit, held as three bit
       planes.  The top byte of the product sums the bytes; every partial sum is at most 34 * 7. */
    static inline int mf_weighted_popcount3(unsigned long long a, unsigned long long b,
                                            unsigned long long c) {
        unsigned long long s = mf_byte_counts(a) + 2 * mf_byte_counts(b) + 4 * mf_byte_counts(c);
        return (int)((s * 0x0101010101010101ULL) >> 56);
    }
    """
    int ctz64 "mf_ctz64"(unsigned long long m) noexcept nogil
    int popcount64 "mf_popcount64"(unsigned long long x) noexcept nogil
    int weighted_popcount3 "mf_weighted_popcount3"(unsigned long long a, unsigned long long b,
                                                   unsigned long long c) noexcept nogil


cdef extern from *:
    """
    #include <stdlib.h>
    #include <string.h>
    #if defined(__linux__)
    #include <sys/mman.h>
    #endif
    /* A zeroed table of size bytes, freed by free(): on Linux a table of a megabyte or more is
       placed on 2 MB boundaries and the kernel asked to back it with huge pages, so that random
       reads across it need a few TLB entries, not thousands; elsewhere, or when that fails, calloc. */
    static void* mf_table_calloc(size_t size) {
    #if defined(__linux__) && defined(MADV_HUGEPAGE)
        const size_t huge = (size_t)2 << 20;
        if (size >= ((size_t)1 << 20)) {
            void* p = NULL;
            size_t rounded = (size + huge - 1) & ~(huge - 1);
            if (posix_memalign(&p, huge, rounded) == 0) {
                madvise(p, rounded, MADV_HUGEPAGE);
                memset(p, 0, size);
                return p;
            }
        }
    #endif
        return calloc(1, size);
    }
    """
    void* table_calloc "mf_table_calloc"(size_t size) nogil
