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

# The same under a rule set: ``rules`` holds the bits of rule_flags (hu_type_c is this with
# CHINESE).  The hand wins only in the forms the bits allow (KNITTED adds 全不靠, 七星不靠,
# 组合龙) and with at most 3 - DROP suits in hand, melds and LOCK bits.  HU_INVALID also for
# a ``rules`` outside the known bits, a DROP of 3, or both seven-pairs bits.
cdef int hu_type_rules_c(const unsigned char* counts, const unsigned char* melds, int n_melds,
                         bint self_drawn, int rules) noexcept nogil

# The best hu type over every placement of the jokers: every copy in ``counts``
# of a kind flagged in ``wild`` (34 flags; NULL for none) may stand for any
# kind.  ``fifth`` as in is_win.  Needs the shanten tables: call
# ``mahjong_fast._kernels.shanten.ensure_tables()`` once first (with the GIL);
# until then a hand with jokers that needs them answers HU_INVALID.
cdef int hu_type_wild_c(const unsigned char* counts, const unsigned char* wild,
                        const unsigned char* melds, int n_melds, bint self_drawn,
                        bint fifth) noexcept nogil

# The same under a rule set (as hu_type_rules_c) and per-kind ``limits`` (34 values, the
# copies of each kind that exist, 0 for a kind the rules leave out; NULL for 4 each): a joker
# stands only for a kind whose limit is above 0, and with fifth=False never beyond the limit.
# HU_INVALID also for a limit above 4 or a real (not wild) tile beyond its limit, hand and
# melds together; the wild kinds' own copies need not exist.  hu_type_wild_c is this with
# CHINESE and NULL.
cdef int hu_type_wild_rules_c(const unsigned char* counts, const unsigned char* wild,
                              const unsigned char* melds, int n_melds, bint self_drawn,
                              bint fifth, int rules, const unsigned char* limits) noexcept nogil
