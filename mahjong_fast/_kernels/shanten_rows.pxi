# Cost rows and their min-plus algebra.
#
# A row holds ROW_LEN costs of one part: entry 2k + p is the least number of tiles missing for
# k melds (0-4) plus p pairs (0-1) inside the part; INF where none fits.  Two parts combine
# by the min-plus product of their rows.
# Stands on: the cimports of shanten.pyx.

cdef enum:
    INF = 60              # unreachable; small enough that sums of four stay in a byte
    ROW_LEN = 10          # (k melds 0-4) x (pair 0-1)
    OMAX = 14             # overflow copies tracked by the exact programmes (at most the jokers)


cdef void _combine(const uint8_t* a, const uint8_t* b, uint8_t* out) noexcept nogil:
    """Min-plus product of two (k melds, pair) rows."""
    cdef int k1, k2, p1, p2, v
    for k1 in range(ROW_LEN):
        out[k1] = INF
    for k1 in range(5):
        for k2 in range(5 - k1):
            for p1 in range(2):
                for p2 in range(2 - p1):
                    v = a[2 * k1 + p1] + b[2 * k2 + p2]
                    if v < out[2 * (k1 + k2) + p1 + p2]:
                        out[2 * (k1 + k2) + p1 + p2] = v


cdef inline int _final(const uint8_t* a, const uint8_t* b, int n) noexcept nogil:
    """Entry (n melds, the pair) of the min-plus product of two rows."""
    cdef int k, v, best = INF
    for k in range(n + 1):
        v = a[2 * k] + b[2 * (n - k) + 1]
        if v < best:
            best = v
        v = a[2 * k + 1] + b[2 * (n - k)]
        if v < best:
            best = v
    return best


cdef inline bint _complete_row(const uint8_t* row, int count) noexcept nogil:
    """Whether a part of ``count`` tiles with this capped row splits exactly into blocks."""
    if count % 3 == 0:
        return row[2 * (count // 3)] == 0
    if count % 3 == 2:
        return row[2 * (count // 3) + 1] == 0
    return False
