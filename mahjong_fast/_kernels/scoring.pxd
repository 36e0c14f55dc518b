# cython: language_level=3
# C-level entry of the riichi scoring kernel (see scoring.pyx).
#
# ``score_win_c`` scores arguments ``score_counts`` has checked (or a caller holding the
# same guarantees): ``counts`` the 34 concealed counts, the win among them, concealed
# part plus melds 14 tiles; melds as ``meld_kind`` (score_flags' CHOW..CONCEALED_KONG)
# and ``meld_tile`` (index34, a chow's lowest), at most 4; winds -1 or 27-30;
# ``situation`` and ``switches`` score_flags' bits; ``dora_han`` the dora, ura, red
# fives and kita counted.  ``best`` receives the reading that pays most: its yaku
# (Tenhou ids, ascending) with their han, han, fu, yakuman and basic points, as
# ``score_counts`` returns them.  False when the tiles do not win.
#
# ``score_split_c`` is ``score_win_c`` with the standard-form splits of ``counts`` given, as
# ``sorted_splits_c`` writes them (``MAX_SPLITS`` records of ``MAX_SPLIT_WIDTH`` bytes at most):
# the wins of one hand on several tiles share them.

cdef enum:
    MAX_YAKU = 32
    MAX_SPLITS = 64

ctypedef struct Reading:
    int n_yaku
    int yaku[MAX_YAKU]
    int han_of[MAX_YAKU]
    int han
    int fu
    int yakuman
    int base

cdef bint score_win_c(const unsigned char* counts, const int* meld_kind, const int* meld_tile, int n_melds,
                      int win, int situation, int seat_wind, int round_wind, int dora_han, int switches,
                      Reading* best) noexcept nogil
cdef int base_points_c(int han, int fu, int yakuman, int switches) noexcept nogil
cdef int sorted_splits_c(const unsigned char* counts, unsigned char* splits, int* width) noexcept nogil
cdef bint score_split_c(const unsigned char* counts, const int* meld_kind, const int* meld_tile, int n_melds,
                        int win, int situation, int seat_wind, int round_wind, int dora_han, int switches,
                        const unsigned char* splits, int n, int width, Reading* best) noexcept nogil
