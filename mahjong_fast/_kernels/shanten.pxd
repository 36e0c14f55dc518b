# cython: language_level=3
"""C-level entry points of ``shanten`` for other kernels (``cimport``, callable ``nogil``).

Call ``ensure_tables()`` from Python once before using them without the GIL: until the tables
are built every entry point returns its "invalid" value. ``limits`` and ``wild`` may be NULL
(4 copies of every tile, no wild kinds). Semantics are those of the Python-level functions.
"""

cdef enum:
    SHANTEN_INVALID = 127
    SUIT_VECTORS = 405350       # suit part vectors (counts 0-4) of at most 14 tiles: their ranks
    HONOR_VECTORS = 43130       # honour part vectors of at most 14 tiles
    SHANTEN_UNREACHABLE = 99    # the limits leave no target of the form (e.g. a limit of 0)

# Shanten (-1 complete, 0 ready) or SHANTEN_INVALID: a count above 4, a limit above 4,
# jokers outside 0-14, a total that is not 3n+1 or 3n+2 (n <= 4), a form outside 0-3,
# form 2 or 3 below 13 tiles, or tables not built.
cdef int shanten_c(const unsigned char* counts, int form, int jokers, bint fifth,
                   const unsigned char* limits) noexcept nogil

# Fills out[34] with 1 for each wait, 0 otherwise; returns the number of waits, or -1 for
# invalid input (as above, the total must be 3n+1) with out left all 0.
cdef int waits_c(const unsigned char* counts, int jokers, bint fifth,
                 const unsigned char* limits, const unsigned char* wild,
                 unsigned char* out) noexcept nogil

# 1 win, 0 no win (any total other than 3n+2 included), -1 invalid input.
cdef int is_win_wild_c(const unsigned char* counts, int jokers, bint fifth,
                       const unsigned char* limits) noexcept nogil

# Whether the tables are published (an acquire load of their ready flag): the entry points
# answer their "invalid" value until then; ensure_tables() publishes them.
cdef bint shanten_ready() noexcept nogil

# The same under a rule set: ``rules`` holds the bits of ``rule_flags`` (the functions above are
# these with ``rule_flags.CHINESE``).  Forms 4 (全不靠) and 5 (组合龙) exist with ``KNITTED``.
# Invalid too: unknown bits or a bad combination, a form the rules do not allow, a count above
# its limit.  Under any rules but CHINESE a limit of 0 means the kind is not played: no target
# holds it, jokers included.
cdef int shanten_rules_c(const unsigned char* counts, int form, int jokers, bint fifth,
                         const unsigned char* limits, int rules) noexcept nogil
cdef int waits_rules_c(const unsigned char* counts, int jokers, bint fifth,
                       const unsigned char* limits, const unsigned char* wild, int rules,
                       unsigned char* out) noexcept nogil
cdef int is_win_rules_c(const unsigned char* counts, int jokers, bint fifth,
                        const unsigned char* limits, int rules) noexcept nogil

# The parts' capped cost rows by rank, for the efficiency kernel (tables ready).  A part u (0-2
# the suits, 3 the honours) is ranked like the shanten tables do: rank = sum over its positions i
# of offsets[(i * 15 + s) * 5 + v], s the tiles at positions before i, v the count at i (counts
# 0-4, at most 14 tiles).  ``part_row_id_c`` is the id of the capped row of the part of that rank,
# ``part_rows_c`` the distinct capped rows of that kind by id (10 bytes each: entry 2k + p = the
# fewest tiles missing for k melds (0-4) and p pairs (0-1) inside the part), setting ``count``.
# The standard-form cost of a hand of n melds and a pair is the min-plus product of its four
# rows at (n, 1) (docs/shanten.md); exact without jokers and with limits of 4.
cdef const unsigned int* rank_offsets_c(int u) noexcept nogil
cdef int part_row_id_c(unsigned int rank, int u) noexcept nogil
cdef const unsigned char* part_rows_c(int u, int* count) noexcept nogil
