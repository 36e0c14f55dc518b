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
# ``score_counts`` returns them.  False when the tiles do not win, and for more tiles than a
# hand holds (concealed part plus three a meld past 14: a split's groups then fit SplitPart's 4).
#
# ``hand_part_c`` reads what every win of one concealed hand with its melds shares (the tiles'
# yakuman, the readings' shapes, and each standard-form split's reading but what the winning tile
# and the win's situation add) into a ``HandPart`` and its ``SplitPart``s (``MAX_SPLITS`` at most);
# ``score_hand_c`` scores one win from them and the situation's yaku (``situation_yaku_c`` of the
# win's situation and ``hand.closed``; ``score_win_c`` is the three in turn): the wins of one
# hand on several tiles, riichi or not, share the first, the wins of one situation the second.

cdef enum:
    MAX_YAKU = 32
    MAX_SPLITS = 64
    MAX_MELDS = 4
    SPLIT_YAKU = 24     # the yaku of a split's sets (no more can hold at once)

ctypedef struct Reading:
    int n_yaku
    int yaku[MAX_YAKU]
    int han_of[MAX_YAKU]
    int han
    int fu
    int yakuman
    int base

ctypedef struct Group:
    int kind        # CHOW, PUNG or KONG
    int tile
    bint is_open

ctypedef struct HandPart:
    # what every win of a concealed hand with its melds shares (``hand_part_c``)
    unsigned long long held     # bit t: the hand and melds hold kind t
    Group declared[MAX_MELDS]
    int n_melds
    int seat_wind
    int round_wind
    int switches
    int n_tile_yakuman
    int tile_yakuman[3]
    int n_splits
    unsigned char counts[34]    # the concealed counts
    unsigned char closed
    unsigned char seven_pairs   # the readings beside the splits: seven pairs, thirteen orphans,
    unsigned char orphans       # and whether nine gates can hold (no melds, 14 tiles, one suit)
    unsigned char one_suit

ctypedef struct SplitPart:
    # one standard-form split's reading but what the winning tile and the win's situation add
    int han                     # the han of the yaku of its sets
    int fu                      # 20, the pair's fu and the sets': the wait's, a closed ron's, a tsumo's to add
    unsigned char pair
    unsigned char n_groups
    unsigned char group[MAX_MELDS]  # decompose_c's record bytes: a chow's lowest, MELD_PUNG | a pung's tile
    unsigned char pinfu_shape   # closed, no sets, no yakuhai pair: pinfu on a two-sided wait
    unsigned char four_concealed
    unsigned char n_yakuman
    unsigned char yakuman[3]    # of its sets (daisangen, the winds, suukantsu); suuankou by four_concealed
    unsigned char n_yaku
    unsigned char yaku[SPLIT_YAKU]
    unsigned char han_of[SPLIT_YAKU]

cdef bint score_win_c(const unsigned char* counts, const int* meld_kind, const int* meld_tile, int n_melds,
                      int win, int situation, int seat_wind, int round_wind, int dora_han, int switches,
                      Reading* best) noexcept nogil
cdef int base_points_c(int han, int fu, int yakuman, int switches) noexcept nogil
cdef int hand_part_c(const unsigned char* counts, const int* meld_kind, const int* meld_tile, int n_melds,
                     int seat_wind, int round_wind, int switches, HandPart* hand, SplitPart* splits) noexcept nogil
cdef void situation_yaku_c(int situation, bint closed, Reading* head) noexcept nogil
cdef bint score_hand_c(const HandPart* hand, const SplitPart* splits, int win, int situation, int dora_han,
                       const Reading* head, bint listed, Reading* best) noexcept nogil
