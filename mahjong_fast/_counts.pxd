# cython: language_level=3
# The C fast path of _counts.read_counts: an exact bytes of N_KINDS counts 0-MAX_COPIES is
# used as it is; a caller hands every other value to read_counts, which converts or raises.
from cpython.bytes cimport PyBytes_AS_STRING, PyBytes_CheckExact, PyBytes_GET_SIZE
from libc.stdint cimport uint64_t
from libc.string cimport memcpy

from mahjong_fast._layout cimport MAX_COPIES, N_KINDS


cdef inline bint counts_in_range(const unsigned char* c) noexcept nogil:
    """Whether each of the N_KINDS bytes at ``c`` is at most MAX_COPIES."""
    # Eight bytes at a time: b > MAX_COPIES iff bit 7 of b or of b + (127 - MAX_COPIES) is
    # set; a carry out of a byte needs b >= 128, which sets the bit anyway.
    cdef uint64_t word, high = 0
    cdef uint64_t lift = <uint64_t>0x0101010101010101 * (127 - MAX_COPIES)
    cdef int i
    for i in range(N_KINDS // 8):
        memcpy(&word, c + 8 * i, 8)
        high |= word | (word + lift)
    for i in range(N_KINDS // 8 * 8, N_KINDS):
        high |= c[i] | (c[i] + (127 - MAX_COPIES))
    return (high & <uint64_t>0x8080808080808080) == 0


cdef inline bint is_counts_bytes(object value) noexcept:
    """Whether ``value`` is exactly a ``bytes`` of N_KINDS counts 0-MAX_COPIES."""
    return (PyBytes_CheckExact(value) and PyBytes_GET_SIZE(value) == N_KINDS
            and counts_in_range(<const unsigned char*>PyBytes_AS_STRING(value)))
