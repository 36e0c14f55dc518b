# cython: language_level=3
# The numbers of fan_flags.py, for C; a test holds the two equal.

cdef enum:
    GB_SELF_DRAWN = 1 << 0
    GB_LAST_COPY = 1 << 1
    GB_KONG = 1 << 2
    GB_WALL_LAST = 1 << 3
    N_FAN_SLOTS = 83
    F_BIG_FOUR_WINDS = 1
    F_BIG_THREE_DRAGONS = 2
    F_ALL_GREEN = 3
    F_NINE_GATES = 4
    F_FOUR_KONGS = 5
    F_SEVEN_SHIFTED_PAIRS = 6
    F_THIRTEEN_ORPHANS = 7
    F_ALL_TERMINALS = 8
    F_LITTLE_FOUR_WINDS = 9
    F_LITTLE_THREE_DRAGONS = 10
    F_ALL_HONORS = 11
    F_FOUR_CONCEALED_PUNGS = 12
    F_PURE_TERMINAL_CHOWS = 13
    F_QUADRUPLE_CHOW = 14
    F_FOUR_PURE_SHIFTED_PUNGS = 15
    F_FOUR_PURE_SHIFTED_CHOWS = 16
    F_THREE_KONGS = 17
    F_ALL_TERMINALS_AND_HONORS = 18
    F_SEVEN_PAIRS = 19
    F_GREATER_HONORS_AND_KNITTED_TILES = 20
    F_ALL_EVEN_PUNGS = 21
    F_FULL_FLUSH = 22
    F_PURE_TRIPLE_CHOW = 23
    F_PURE_SHIFTED_PUNGS = 24
    F_UPPER_TILES = 25
    F_MIDDLE_TILES = 26
    F_LOWER_TILES = 27
    F_PURE_STRAIGHT = 28
    F_THREE_SUITED_TERMINAL_CHOWS = 29
    F_PURE_SHIFTED_CHOWS = 30
    F_ALL_FIVE = 31
    F_TRIPLE_PUNG = 32
    F_THREE_CONCEALED_PUNGS = 33
    F_LESSER_HONORS_AND_KNITTED_TILES = 34
    F_KNITTED_STRAIGHT = 35
    F_UPPER_FOUR = 36
    F_LOWER_FOUR = 37
    F_BIG_THREE_WINDS = 38
    F_MIXED_STRAIGHT = 39
    F_REVERSIBLE_TILES = 40
    F_MIXED_TRIPLE_CHOW = 41
    F_MIXED_SHIFTED_PUNGS = 42
    F_CHICKEN_HAND = 43
    F_LAST_TILE_DRAW = 44
    F_LAST_TILE_CLAIM = 45
    F_OUT_WITH_REPLACEMENT_TILE = 46
    F_ROBBING_THE_KONG = 47
    F_ALL_PUNGS = 48
    F_HALF_FLUSH = 49
    F_MIXED_SHIFTED_CHOWS = 50
    F_ALL_TYPES = 51
    F_MELDED_HAND = 52
    F_TWO_CONCEALED_KONGS = 53
    F_TWO_DRAGONS_PUNGS = 54
    F_OUTSIDE_HAND = 55
    F_FULLY_CONCEALED_HAND = 56
    F_TWO_MELDED_KONGS = 57
    F_LAST_TILE = 58
    F_DRAGON_PUNG = 59
    F_PREVALENT_WIND = 60
    F_SEAT_WIND = 61
    F_CONCEALED_HAND = 62
    F_ALL_CHOWS = 63
    F_TILE_HOG = 64
    F_DOUBLE_PUNG = 65
    F_TWO_CONCEALED_PUNGS = 66
    F_CONCEALED_KONG = 67
    F_ALL_SIMPLES = 68
    F_PURE_DOUBLE_CHOW = 69
    F_MIXED_DOUBLE_CHOW = 70
    F_SHORT_STRAIGHT = 71
    F_TWO_TERMINAL_CHOWS = 72
    F_PUNG_OF_TERMINALS_OR_HONORS = 73
    F_MELDED_KONG = 74
    F_ONE_VOIDED_SUIT = 75
    F_NO_HONORS = 76
    F_EDGE_WAIT = 77
    F_CLOSED_WAIT = 78
    F_SINGLE_WAIT = 79
    F_SELF_DRAWN = 80
    F_FLOWER_TILES = 81
    F_CONCEALED_KONG_AND_MELDED_KONG = 82


# The fans not counted beside a bigger one: the pairs (fan, excluded) of fan_flags.py's EXCLUDES...
cdef extern from *:
    """
    static const unsigned char mf_excludes[34] = {
        1, 48, 1, 73, 2, 59, 3, 49, 3, 75, 5, 79, 8, 48, 8, 55, 8, 73, 8, 76, 8, 65, 9, 73, 10, 59, 11, 48,
        11, 55, 11, 73, 11, 75};
    static const unsigned char mf_excludes_later[40] = {
        13, 22, 13, 63, 13, 76, 15, 48, 18, 48, 18, 55, 18, 73, 21, 48, 21, 68, 21, 76, 25, 76, 26, 68, 26,
        76, 27, 76, 29, 63, 29, 76, 31, 68, 31, 76, 36, 76, 37, 76};
    static const unsigned char mf_excludes_last[16] = {
        40, 75, 44, 80, 46, 80, 52, 79, 54, 59, 56, 80, 63, 76, 68, 76};
    """
    const unsigned char EXCLUDES "mf_excludes"[34]
    const unsigned char EXCLUDES_LATER "mf_excludes_later"[40]
    const unsigned char EXCLUDES_LAST "mf_excludes_last"[16]
