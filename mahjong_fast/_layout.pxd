# cython: language_level=3
# The tile layout of _layout.py, for C; a test holds the two equal.

cdef enum:
    N_KINDS = 34
    SUIT_SIZE = 9
    N_SUITS = 3
    FIRST_HONOR = 27
    N_HONORS = 7
    MAX_COPIES = 4
    MAX_HAND = 14
    N_ORPHANS = 13

cdef extern from *:
    """
    static const unsigned char mf_orphans[13] = {0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33};
    """
    const unsigned char ORPHANS "mf_orphans"[13]
