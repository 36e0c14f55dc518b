# C entry points of the ``table`` strategy; call ``ensure_table()`` (with the GIL) first.
# Each reads exactly 34 counts, never writes them, and answers False (or 0) for
# anything that is not a hand of counts 0-4 and at most 14 tiles.

cdef bint table_ready() noexcept nogil
cdef int suit_kind_c(unsigned int code) noexcept nogil
cdef bint win_table_c(const unsigned char* counts) noexcept nogil
cdef bint is_win_counts_c(const unsigned char* counts) noexcept nogil
# Any form on counts already checked (0-4 each, ``total`` of them, at most 14).
cdef bint wins_c(const unsigned char* counts, int total) noexcept nogil
# The same with codes[s] = sum of counts[9s + r] * 5**r for the suits s = 0, 1, 2, summed by the caller.
cdef bint wins_coded_c(const unsigned char* counts, const unsigned int* codes, int total) noexcept nogil
