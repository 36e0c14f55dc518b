# C entry points of the ``table`` strategy; call ``ensure_table()`` (with the GIL) first.
# Each reads exactly 34 counts, never writes them, and answers False (or 0) for
# anything that is not a hand of counts 0-4 and at most 14 tiles.

cdef bint table_ready() noexcept nogil
cdef int suit_kind_c(unsigned int code) noexcept nogil
cdef bint win_table_c(const unsigned char* counts) noexcept nogil
cdef bint is_win_counts_c(const unsigned char* counts) noexcept nogil
# Any form on counts already checked (0-4 each, ``total`` of them, at most 14).
cdef bint wins_c(const unsigned char* counts, int total) noexcept nogil
