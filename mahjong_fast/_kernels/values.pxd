# cython: language_level=3
# The value search's facts in C, for a caller that works them out itself (``_api_fast``'s
# ``discard_values``): the same facts a ``Situation`` holds, so that the search reads no
# Python object for them.
#
# Only types and an inline helper live here: cimporting them imports nothing at run time.  The search itself is
# reached through the capsule ``values.SEARCH_C`` (unnamed), taken once the values kernel is
# imported, so that importing the caller does not import the kernel.

from mahjong_fast._kernels.score_flags cimport CHOW, CONCEALED_KONG

cdef enum:
    MAX_DORA_INDICATORS = 5
    SEARCH_MELDS = 4

ctypedef struct SearchFacts:
    # Situation's facts: the rule switches, the winds (index34, -1 none), the melds' count, the dora
    # indicators' count and the dora they show, the melds' red fives and tiles, the points a win
    # gains (honba and sticks), whether the seat is the dealer's and whether the hand is closed
    int switches
    int seat_wind
    int round_wind
    int n_melds
    int indicators
    int meld_red
    int bonus
    bint dealer
    bint closed
    int dora_kinds[MAX_DORA_INDICATORS]
    int meld_tiles[34]
    # the melds as the scoring kernel reads them (kind, tile), the first SEARCH_MELDS; a kind or
    # tile outside the scoring kernel's range is -1 (the scoring kernel is then called in Python)
    int meld_kind[SEARCH_MELDS]
    int meld_tile[SEARCH_MELDS]

cdef inline void set_search_meld(SearchFacts* facts, int i, object kind, object tile):
    """Meld ``i`` of ``facts`` from its (kind, tile) in ``Situation.melds`` (-1 for either out of range)."""
    facts.meld_kind[i] = kind if CHOW <= kind <= CONCEALED_KONG else -1
    facts.meld_tile[i] = tile if 0 <= tile < 34 else -1

# search_packed(situation, hand, wall, turn) from C: the facts, the scoring kernel's score_counts
# and the melds tuple (Situation.score_counts and .melds), the separated hand and wall (37 counts);
# None, nothing searched, when the hand is ``deep_from`` or more from ready (its search then runs
# on a thread of its own: _values.DEEP_FROM)
ctypedef tuple (*search_fn)(const SearchFacts* facts, object score_counts, object melds, const unsigned char* hand,
                            const unsigned char* wall, int turn, int deep_from)
