# Ranks of count vectors, the index of the per-part tables.
#
# A part (a suit of nine kinds, or the seven honors) holds 0-4 copies of each kind and at most
# MAX_HAND tiles in all; its rank is its place among all such vectors in lexicographic order.
# Stands on: the cimports of shanten.pyx.

cdef enum:
    SUIT_LATTICE = 1953125      # 5**9: every suit vector, as a base-5 code

ctypedef uint32_t RankOffsets[MAX_HAND + 1][MAX_COPIES + 1]

ctypedef struct RankTables:
    # [i][s][v]: vectors that agree before position i (holding s tiles there) and hold
    # fewer than v at i; a rank is the sum of these along the vector
    RankOffsets suit[SUIT_SIZE]
    RankOffsets honors[N_HONORS]
    uint32_t pow5[SUIT_SIZE + 1]

cdef RankTables rank_tables


cdef void _init_ranks() noexcept nogil:
    """Fill ``rank_tables`` (idempotent)."""
    # tail[i][r]: vectors of positions i.. holding at most r tiles
    cdef uint32_t tail[SUIT_SIZE + 1][MAX_HAND + 1]
    cdef RankOffsets* off
    cdef int i, r, v, s, m, part
    rank_tables.pow5[0] = 1
    for i in range(1, SUIT_SIZE + 1):
        rank_tables.pow5[i] = rank_tables.pow5[i - 1] * (MAX_COPIES + 1)
    for part in range(2):
        if part == 0:
            m = SUIT_SIZE
            off = rank_tables.suit
        else:
            m = N_HONORS
            off = rank_tables.honors
        for r in range(MAX_HAND + 1):
            tail[m][r] = 1
        for i in range(m - 1, -1, -1):
            for r in range(MAX_HAND + 1):
                tail[i][r] = 0
                for v in range(min(MAX_COPIES, r) + 1):
                    tail[i][r] += tail[i + 1][r - v]
        for i in range(m):
            for s in range(MAX_HAND + 1):
                for v in range(MAX_COPIES + 1):
                    off[i][s][v] = 0
                    for r in range(v if s + v <= MAX_HAND else 0):
                        off[i][s][v] += tail[i + 1][MAX_HAND - s - r]


cdef inline uint32_t _rank(const uint8_t* c, const RankOffsets* off, int npos) noexcept nogil:
    # caller guarantees counts 0-4 summing to at most MAX_HAND
    cdef uint32_t r = 0
    cdef int i, s = 0
    for i in range(npos):
        r += off[i][s][c[i]]
        s += c[i]
    return r


cdef inline uint32_t _rank9(const uint8_t* c) noexcept nogil:
    return _rank(c, rank_tables.suit, SUIT_SIZE)


cdef inline uint32_t _rank7(const uint8_t* c) noexcept nogil:
    return _rank(c, rank_tables.honors, N_HONORS)


cdef inline void _next_vector(int* dig, int* total) noexcept nogil:
    """Advance count vectors in base-5 order (digit 0 fastest), keeping their tile total."""
    cdef int i = 0
    while dig[i] == MAX_COPIES:
        dig[i] = 0
        total[0] -= MAX_COPIES
        i += 1
    dig[i] += 1
    total[0] += 1
