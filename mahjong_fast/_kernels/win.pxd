# cython: language_level=3
# C entry points of the win-check kernels (see win.pyx and docs/win.md).  Each takes 34
# counts in index34 order, reads exactly 34 bytes, never writes them, and answers False for
# anything that is not a hand of counts 0-4 of the right size.

cdef bint win_cluster_c(const unsigned char* counts) noexcept nogil
cdef bint win_carry_c(const unsigned char* counts) noexcept nogil
cdef bint seven_pairs_c(const unsigned char* counts) noexcept nogil
cdef bint thirteen_orphans_c(const unsigned char* counts) noexcept nogil
