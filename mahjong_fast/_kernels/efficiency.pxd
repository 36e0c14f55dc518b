# cython: language_level=3
# C entry points of the efficiency kernel (see efficiency.pyx and docs/efficiency.md).

from libc.stdint cimport uint8_t, uint64_t

cdef enum:
    NOT_HELD = 127     # shanten after a discard of a tile the hand does not hold

ctypedef struct Ctx:
    uint8_t lim[34]     # copies the hand may hold: rules limits minus own meld copies
    uint8_t avail[34]   # lim minus visible copies: unseen of a concealed hand X = avail - X
    uint8_t wild[34]    # 1 for a wild kind (a drawn copy is a joker)
    int flags           # rule_flags bits
    bint fifth          # jokers may stand for a copy beyond the limits
    bint any_wild       # some kind is wild
    bint row_path       # no wild kinds, limits of 4, the plain forms only: answered from cost rows
    bint knitted_rows   # the same with the knitted forms too: the plain forms from cost rows

# Fills ``ctx`` from 34-byte arrays (wild may be NULL); returns 0, or -1 for a limit above 4.
cdef int ctx_init(Ctx* ctx, const uint8_t* lim, const uint8_t* avail, const uint8_t* wild,
                  int flags, bint fifth) noexcept nogil

# Shanten of a concealed hand (wild copies included in ``held``), or 127 for invalid input.
cdef int hand_shanten(const Ctx* ctx, const uint8_t* held) noexcept nogil

# Useful draws of a 3n+1 hand: mask (bit t), returns the unseen total, sets shanten; -1 invalid.
cdef int useful_c(const Ctx* ctx, const uint8_t* held, int* shanten, uint64_t* mask) noexcept nogil

# Every discard of a 3n+2 hand: sh[t] shanten after discarding t (NOT_HELD if not held),
# mask[t] its useful draws, total[t] their unseen copies; returns the hand's shanten, or
# -2 for invalid input.
cdef int discards_c(const Ctx* ctx, const uint8_t* held, signed char* sh, uint64_t* mask,
                    int* total) noexcept nogil
