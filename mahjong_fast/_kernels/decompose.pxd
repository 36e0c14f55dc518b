# cython: language_level=3
# C-level entry points of the decomposition kernel (see decompose.pyx and docs/decompose.md).
#
# A split is written as one record of ``split_width_c(counts)`` bytes:
# byte 0 is the pair's index34, then the n melds, chows before pungs and each
# group in ascending tile order; a meld byte is ``tile`` for a chow and
# ``MELD_PUNG | tile`` for a pung.

cdef enum:
    MELD_PUNG = 0x40
    MAX_SPLIT_MELDS = 44        # 136 tiles at most -> at most 44 melds + a pair
    MAX_SPLIT_WIDTH = 1 + MAX_SPLIT_MELDS


cdef inline int split_width_of_total(int total) noexcept nogil:
    """Bytes per split record of a hand of ``total`` tiles (1 + n), or 0 when it is not 3n+2."""
    return 1 + (total - 2) // 3 if total >= 2 and total % 3 == 2 else 0


cdef int split_width_c(const unsigned char* counts) noexcept nogil
cdef Py_ssize_t decompose_c(const unsigned char* counts, unsigned char* out,
                            Py_ssize_t capacity) noexcept nogil
cdef Py_ssize_t decompose_sized_c(const unsigned char* counts, unsigned char* out,
                                  Py_ssize_t capacity) noexcept nogil
