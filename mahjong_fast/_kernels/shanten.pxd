# cython: language_level=3
"""C-level entry points of ``shanten`` for other kernels (``cimport``, callable ``nogil``).

Call ``ensure_tables()`` from Python once before using them without the GIL: until the tables
are built every entry point returns its "invalid" value. ``limits`` and ``wild`` may be NULL
(4 copies of every tile, no wild kinds). Semantics are those of the Python-level functions.
"""

cdef enum:
    SHANTEN_INVALID = 127
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

# The capped cost row of part u (0-2 the suits, 3 the honours) of 34 counts with limits of 4 and
# no jokers: 10 bytes, entry 2k + p = the fewest tiles missing for k melds (0-4) and p pairs (0-1)
# inside the part (60 where none fits). The part must hold at most 14 tiles of counts 0-4, and the
# tables must be ready (the pointer is into them). The standard-form cost of a hand of n melds
# and a pair is the min-plus product of its four rows at (n, 1) (docs/shanten.md).
cdef const unsigned char* part_row_c(const unsigned char* counts, int u) noexcept nogil
