# Cost rows and their min-plus algebra.
#
# A row holds ROW_LEN costs of one part: entry 2k + p is the least number of tiles missing for
# k melds (0-4) plus p pairs (0-1) inside the part; INF where none fits.  Two parts combine
# by the min-plus product of their rows (``row_product``; ROW_LEN, INF: common.pxd).
# Stands on: the cimports of shanten.pyx.

cdef enum:
    OMAX = 14             # overflow copies tracked by the exact programmes (at most the jokers)


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
