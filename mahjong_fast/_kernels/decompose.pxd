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

cdef int split_width_c(const unsigned char* counts) noexcept nogil
cdef Py_ssize_t decompose_c(const unsigned char* counts, unsigned char* out,
                            Py_ssize_t capacity) noexcept nogil
cdef Py_ssize_t decompose_sized_c(const unsigned char* counts, unsigned char* out,
                                  Py_ssize_t capacity) noexcept nogil
