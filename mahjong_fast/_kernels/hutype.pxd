# cython: language_level=3
# C entry points of the hu-type kernel (see hutype.pyx); callable nogil.
#
# A hand is 34 concealed counts (index34 order, wild copies included) plus its
# declared melds, one byte each: ``kind << 6 | tile`` with kind HU_CHOW, HU_PUNG,
# HU_KONG (exposed) or HU_CONCEALED_KONG and the meld's lowest index34 tile.
# The result is the HuType value (its flags as in _classify.HuType), 0 when the
# hand does not win, or HU_INVALID: a count above 4, a bad meld byte, more than
# 4 copies of a tile in hand and melds, or not 14 tiles (a kong counting three).

cdef enum:
    HU_CHOW = 0
    HU_PUNG = 1
    HU_KONG = 2
    HU_CONCEALED_KONG = 3
    HU_INVALID = -1

cdef int hu_type_c(const unsigned char* counts, const unsigned char* melds, int n_melds,
                   bint self_drawn) noexcept nogil

# The best hu type over every placement of the jokers: every copy in ``counts``
# of a kind flagged in ``wild`` (34 flags; NULL for none) may stand for any
# kind.  ``fifth`` as in is_win.  Needs the shanten tables: call
# ``mahjong_fast._kernels.shanten.ensure_tables()`` once first (with the GIL);
# until then a hand with jokers that needs them answers HU_INVALID.
cdef int hu_type_wild_c(const unsigned char* counts, const unsigned char* wild,
                        const unsigned char* melds, int n_melds, bint self_drawn,
                        bint fifth) noexcept nogil
