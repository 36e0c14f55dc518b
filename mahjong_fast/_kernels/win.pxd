# cython: language_level=3
# C entry points of the win-check kernels (see _win.pyx).  Each takes 34 counts
# in index34 order, reads exactly 34 bytes, never writes them, and answers
# False for anything that is not a hand of counts 0-4 of the right size.

cdef bint win_cluster_c(const unsigned char* counts) noexcept nogil
cdef bint win_carry_c(const unsigned char* counts) noexcept nogil
cdef bint seven_pairs_c(const unsigned char* counts) noexcept nogil
cdef bint thirteen_orphans_c(const unsigned char* counts) noexcept nogil

ctypedef bint (*kernel_t)(const unsigned char*) noexcept nogil

# Run a kernel on a 34-byte counts buffer (bytes fast; any C-contiguous buffer);
# ValueError for another length or layout, TypeError for a non-buffer.
cdef object apply_kernel(kernel_t kernel, object counts)
