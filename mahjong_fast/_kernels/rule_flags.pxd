# cython: language_level=3
# The rule-set bits of rule_flags.py, for C; a test holds the two equal.

cdef enum:
    SEVEN_PAIRS = 1 << 0
    SEVEN_PAIRS_DISTINCT = 1 << 1
    THIRTEEN_ORPHANS = 1 << 2
    KNITTED = 1 << 3
    DROP_SHIFT = 4
    DROP_MASK = 3 << 4
    LOCK_SHIFT = 6
    LOCK_MASK = 7 << 6
    ABSENT = 1 << 9
    ALL_BITS = (1 << 10) - 1
    CHINESE = (1 << 0) | (1 << 2)
