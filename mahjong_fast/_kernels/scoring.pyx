# cython: language_level=3, embedsignature=True, freethreading_compatible=True
"""Riichi scoring of one win: yaku, han, fu and the best split (compiled).

``score_counts(counts, melds, win, situation, seat_wind, round_wind, dora_han,
switches)`` takes and returns what the pure twin ``scoring_py`` does (see its
docstring): ``(yaku, han, fu, yakuman, base)`` for the reading that pays
most, ``None`` when the tiles do not win.  The splits come from the
decomposition kernel (``decompose_c``), read in the pure twin's order; every
reading is scored in C without the GIL.
"""
from libc.string cimport memcpy

from mahjong_fast._kernels.common cimport sort_ints
from mahjong_fast._kernels.decompose cimport MELD_PUNG, decompose_sized_c, split_width_of_total
from mahjong_fast._kernels.score_flags cimport *
from mahjong_fast._counts cimport is_counts_bytes
from mahjong_fast._layout cimport FIRST_HONOR, N_KINDS, SUIT_SIZE

from mahjong_fast._counts import read_counts as _read_counts
from mahjong_fast._kernels.score_flags import check_arguments as _check_arguments

cdef enum:
    MAX_GROUPS = 2 * MAX_MELDS  # a split's groups and the melds (4 in all: hand_part_c refuses more tiles)
    EAST = 27
    WHITE = 31

ctypedef struct Win:
    # one win of a hand (``score_hand_c``): what the hand's part does not hold
    unsigned long long held    # bit t: the hand and melds hold kind t
    int win
    int situation
    int seat_wind
    int round_wind
    int dora_han
    int switches
    bint closed
    int n_fixed
    int fixed[8]               # the yakuman of the tiles and the first turn, then nine gates

cdef int _ORPHANS[13]
_ORPHANS[:] = [0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33]
cdef int _SITUATION_FLAGS[5]
_SITUATION_FLAGS[:] = [IPPATSU, CHANKAN, RINSHAN, HAITEI, HOUTEI]
cdef int _SITUATION_YAKU[5]
_SITUATION_YAKU[:] = [Y_IPPATSU, Y_CHANKAN, Y_RINSHAN, Y_HAITEI, Y_HOUTEI]
cdef int _CHUUREN[9]
_CHUUREN[:] = [3, 1, 1, 1, 1, 1, 1, 1, 3]


cdef inline bint _orphan(int t) noexcept nogil:
    return t >= FIRST_HONOR or t % SUIT_SIZE == 0 or t % SUIT_SIZE == SUIT_SIZE - 1


cdef extern from *:
    """
    /* Sets of kinds as bits of a 64-bit mask (bit t: kind t). */
    #define MF_SUIT_MASK 0x1FFULL
    #define MF_HONOURS_MASK (0x7FULL << 27)
    #define MF_TERMINALS_MASK ((1ULL << 0) | (1ULL << 8) | (1ULL << 9) | (1ULL << 17) | (1ULL << 18) | (1ULL << 26))
    #define MF_ORPHANS_MASK (MF_TERMINALS_MASK | MF_HONOURS_MASK)
    #define MF_GREEN_MASK ((1ULL << 19) | (1ULL << 20) | (1ULL << 21) | (1ULL << 23) | (1ULL << 25) | (1ULL << 32))
    """
    unsigned long long SUIT_MASK "MF_SUIT_MASK"
    unsigned long long HONOURS_MASK "MF_HONOURS_MASK"
    unsigned long long TERMINALS_MASK "MF_TERMINALS_MASK"
    unsigned long long ORPHANS_MASK "MF_ORPHANS_MASK"
    unsigned long long GREEN_MASK "MF_GREEN_MASK"


cdef int base_points_c(int han, int fu, int yakuman, int switches) noexcept nogil:
    cdef int base
    if yakuman:
        return 8000 * yakuman
    if han >= 13:
        return 8000 if switches & KAZOE_YAKUMAN else 6000
    if han >= 11:
        return 6000
    if han >= 8:
        return 4000
    if han >= 6:
        return 3000
    base = fu << (han + 2)
    if han >= 5 or base >= 2000 or (switches & KIRIAGE and base >= 1920):
        return 2000
    return base


def base_points(int han, int fu, int yakuman, int switches) -> int:
    """The basic points of a hand: fu × 2^(han+2) up to the limits (mangan 2000 … yakuman 8000 each)."""
    return base_points_c(han, fu, yakuman, switches)


cdef inline void _add(Reading* r, int y, int han) noexcept nogil:
    if r.n_yaku < MAX_YAKU:
        r.yaku[r.n_yaku] = y
        r.han_of[r.n_yaku] = han
        r.n_yaku += 1


cdef void _situation_yaku(Reading* r, int situation, bint closed) noexcept nogil:
    cdef int i
    if situation & DOUBLE_RIICHI:
        _add(r, Y_DOUBLE_RIICHI, 2)
    elif situation & RIICHI:
        _add(r, Y_RIICHI, 1)
    if closed and situation & TSUMO:
        _add(r, Y_MENZEN_TSUMO, 1)
    for i in range(5):
        if situation & _SITUATION_FLAGS[i]:
            _add(r, _SITUATION_YAKU[i], 1)


cdef void situation_yaku_c(int situation, bint closed, Reading* head) noexcept nogil:
    """The yaku of a win's ``situation`` on a hand ``closed`` or not into ``head``, their han summed
    in ``head.han`` (what ``score_hand_c`` adds to each reading)."""
    cdef int i
    head.n_yaku = 0
    _situation_yaku(head, situation, closed)
    head.han = 0
    for i in range(head.n_yaku):
        head.han += head.han_of[i]


cdef int _suit_yaku(unsigned long long held, bint closed, int* han) noexcept nogil:
    """Honitsu or chinitsu of the kinds ``held`` (a mask), its han in ``han``; -1 when neither."""
    cdef int suits = ((held & SUIT_MASK) != 0) + ((held & (SUIT_MASK << 9)) != 0) + ((held & (SUIT_MASK << 18)) != 0)
    if suits != 1:
        return -1
    if held & HONOURS_MASK:
        han[0] = 3 if closed else 2
        return Y_HONITSU
    han[0] = 6 if closed else 5
    return Y_CHINITSU


cdef int _tile_yakuman(unsigned long long held, int* out) noexcept nogil:
    """Tsuuiisou, ryuuiisou, chinroutou of the kinds ``held`` (a mask) into ``out``; returns how many."""
    cdef int n = 0
    if not held & ~HONOURS_MASK:
        out[n] = Y_TSUUIISOU
        n += 1
    if not held & ~GREEN_MASK:
        out[n] = Y_RYUUIISOU
        n += 1
    if not held & ~TERMINALS_MASK:
        out[n] = Y_CHINROUTOU
        n += 1
    return n


cdef void _sort(Reading* r) noexcept nogil:
    cdef int i, j, y, h
    for i in range(1, r.n_yaku):
        y = r.yaku[i]
        h = r.han_of[i]
        j = i - 1
        while j >= 0 and r.yaku[j] > y:
            r.yaku[j + 1] = r.yaku[j]
            r.han_of[j + 1] = r.han_of[j]
            j -= 1
        r.yaku[j + 1] = y
        r.han_of[j + 1] = h


cdef void _yakuman_result(Reading* r, const int* yakuman, int n_yakuman, int switches) noexcept nogil:
    """``r`` the yakuman reading of ``yakuman`` (the pure twin's ``_result`` with yakuman)."""
    cdef int i, count = 0
    r.n_yaku = 0
    for i in range(n_yakuman):
        if switches & DOUBLE_YAKUMAN and (yakuman[i] == Y_SUUANKOU_TANKI or yakuman[i] == Y_JUNSEI_CHUUREN
                                          or yakuman[i] == Y_KOKUSHI_13 or yakuman[i] == Y_DAISUUSHII):
            _add(r, yakuman[i], 26)
            count += 2
        else:
            _add(r, yakuman[i], 13)
            count += 1
    r.han = 13 * count
    r.fu = 0
    r.yakuman = count
    r.base = 8000 * count


cdef inline void _totals(Reading* r, int n_yaku, int han, int fu, int dora_han, int switches) noexcept nogil:
    """``r``'s figures for ``n_yaku`` yaku of ``han`` han in all, at ``fu`` (the pure twin's ``_result``
    without yakuman: no yaku, no han and no points)."""
    r.n_yaku = n_yaku
    r.fu = fu
    if n_yaku == 0:
        r.han = r.yakuman = r.base = 0
        return
    han += dora_han
    r.han = han
    r.yakuman = 1 if han >= 13 and switches & KAZOE_YAKUMAN else 0
    r.base = base_points_c(han, fu, 0, switches)


cdef void _result(Reading* r, const int* yakuman, int n_yakuman, int fu, int dora_han,
                  int switches) noexcept nogil:
    """Finish ``r`` (its yaku already added) as the pure twin's ``_result`` (its yaku unsorted)."""
    cdef int i, han = 0
    if n_yakuman:
        _yakuman_result(r, yakuman, n_yakuman, switches)
        return
    for i in range(r.n_yaku):
        han += r.han_of[i]
    _totals(r, r.n_yaku, han, fu, dora_han, switches)


cdef bint _better(const Reading* a, bint have_a, const Reading* b) noexcept nogil:
    """Whether ``b`` pays more than ``a`` (ties: a real yakuman, then han, then fu)."""
    cdef bint real_a, real_b
    if not have_a:
        return True
    if b.base != a.base:
        return b.base > a.base
    real_a = a.fu == 0 and a.yakuman > 0
    real_b = b.fu == 0 and b.yakuman > 0
    if real_a != real_b:
        return real_b
    if b.han != a.han:
        return b.han > a.han
    return b.fu > a.fu


cdef void _seven_pairs(Reading* r, const Win* w) noexcept nogil:
    """Seven pairs; its yakuman are those of the tiles and the first turn (``w.fixed``, no melds)."""
    cdef int han, y
    r.n_yaku = 0
    _situation_yaku(r, w.situation, True)
    _add(r, Y_CHIITOITSU, 2)
    if not w.held & ORPHANS_MASK:
        _add(r, Y_TANYAO, 1)
    elif not w.held & ~ORPHANS_MASK:
        _add(r, Y_HONROUTOU, 2)
    y = _suit_yaku(w.held, True, &han)
    if y >= 0:
        _add(r, y, han)
    _result(r, w.fixed, w.n_fixed, 25, w.dora_han, w.switches)


cdef void _orphans(Reading* r, const Win* w, const unsigned char* counts) noexcept nogil:
    """Thirteen orphans, with the first turn's yakuman (``w.fixed``: no tile yakuman holds)."""
    cdef int yakuman[8]
    yakuman[0] = Y_KOKUSHI_13 if counts[w.win] == 2 else Y_KOKUSHI
    memcpy(yakuman + 1, w.fixed, w.n_fixed * sizeof(int))
    r.n_yaku = 0
    _result(r, yakuman, 1 + w.n_fixed, 0, 0, w.switches)


cdef int _chuuren(const unsigned char* concealed, int win) noexcept nogil:
    """Nine gates of a closed one-suit hand with no melds, or -1."""
    cdef int t, suit = win // SUIT_SIZE * SUIT_SIZE
    cdef bint pure = True
    if win >= FIRST_HONOR:
        return -1
    for t in range(N_KINDS):
        if concealed[t] and not suit <= t < suit + SUIT_SIZE:
            return -1
    for t in range(SUIT_SIZE):
        if concealed[suit + t] < _CHUUREN[t]:
            return -1
        if concealed[suit + t] - (1 if suit + t == win else 0) != _CHUUREN[t]:
            pure = False
    return Y_JUNSEI_CHUUREN if pure else Y_CHUUREN


cdef inline void _put(SplitPart* s, int y, int han) noexcept nogil:
    if s.n_yaku < SPLIT_YAKU:
        s.yaku[s.n_yaku] = <unsigned char>y
        s.han_of[s.n_yaku] = <unsigned char>han
        s.n_yaku += 1
        s.han += han


cdef void _split_part(SplitPart* s, const HandPart* h, int opened) noexcept nogil:
    """The reading of the split in ``s`` (its pair and groups, then ``h``'s melds) but what the
    winning tile and the win's situation add, as the pure twin's ``_reading``: ``opened`` the
    group a ron opens (the pung it completes), -1 none."""
    cdef int chows[MAX_GROUPS]
    cdef int set_tiles[MAX_GROUPS]
    cdef int n_chows = 0, n_sets = 0, kongs = 0, concealed_sets = 0, fu = 20
    cdef int dragons = 0, winds = 0, i, j, t, k, same, yakuhai_pair, f, kind, y, han, pair = s.pair
    cdef bint closed = h.closed, is_open
    cdef bint outside_chows = True, orphan_sets = True  # every chow 123 or 789, every set of an orphan
    cdef unsigned long long chow_mask = 0, set_mask = 0  # bit t: a chow from t; a pung or kong of t
    s.n_yaku = s.n_yakuman = 0
    s.han = 0
    for i in range(s.n_groups + h.n_melds):
        if i < s.n_groups:
            kind = PUNG if s.group[i] & MELD_PUNG else CHOW
            t = s.group[i] & ~MELD_PUNG
            is_open = i == opened
        else:
            kind = h.declared[i - s.n_groups].kind
            t = h.declared[i - s.n_groups].tile
            is_open = h.declared[i - s.n_groups].is_open
        if kind == CHOW:
            chows[n_chows] = t
            n_chows += 1
            chow_mask |= 1ULL << t
            if t % SUIT_SIZE != 0 and t % SUIT_SIZE != 6:
                outside_chows = False
            continue
        set_tiles[n_sets] = t
        n_sets += 1
        set_mask |= 1ULL << t
        if kind == KONG:
            kongs += 1
        if not is_open:
            concealed_sets += 1
        if t >= WHITE:
            dragons += 1
        elif t >= EAST:
            winds += 1
        f = 2
        if not is_open:
            f *= 2
        if _orphan(t):
            f *= 2
        else:
            orphan_sets = False
        if kind == KONG:
            f *= 4
        fu += f

    if dragons == 3:
        s.yakuman[s.n_yakuman] = Y_DAISANGEN
        s.n_yakuman += 1
    s.four_concealed = concealed_sets == 4
    if winds == 4:
        s.yakuman[s.n_yakuman] = Y_DAISUUSHII
        s.n_yakuman += 1
    elif winds == 3 and EAST <= pair < WHITE:
        s.yakuman[s.n_yakuman] = Y_SHOUSUUSHII
        s.n_yakuman += 1
    if kongs == 4:
        s.yakuman[s.n_yakuman] = Y_SUUKANTSU
        s.n_yakuman += 1

    yakuhai_pair = 0
    if pair >= WHITE:
        yakuhai_pair += 2
    if pair == h.seat_wind:
        yakuhai_pair += 2
    if pair == h.round_wind:
        yakuhai_pair += 2
    s.fu = fu + yakuhai_pair
    s.pinfu_shape = closed and n_sets == 0 and yakuhai_pair == 0
    if (closed or h.switches & OPEN_TANYAO) and not h.held & ORPHANS_MASK:
        _put(s, Y_TANYAO, 1)
    if closed and n_chows >= 2:
        sort_ints(chows, n_chows)  # ascending, for the peikou counts
        same = 0
        i = 0
        while i < n_chows:
            j = i
            while j < n_chows and chows[j] == chows[i]:
                j += 1
            same += (j - i) // 2
            i = j
        if same >= 2:
            _put(s, Y_RYANPEIKOU, 3)
        elif same == 1:
            _put(s, Y_IIPEIKOU, 1)
    for i in range(n_sets):
        t = set_tiles[i]
        if t >= WHITE:
            _put(s, Y_DRAGON + t - WHITE, 1)
        elif t >= EAST:
            if t == h.seat_wind:
                _put(s, Y_SEAT_WIND + t - EAST, 1)
            if t == h.round_wind:
                _put(s, Y_ROUND_WIND + t - EAST, 1)
    # outside hands
    if n_chows > 0 and _orphan(pair) and outside_chows and orphan_sets:
        if h.held & HONOURS_MASK:
            _put(s, Y_CHANTA, 2 if closed else 1)
        else:
            _put(s, Y_JUNCHAN, 3 if closed else 2)
    for k in range(3):
        if (chow_mask >> (k * SUIT_SIZE)) & 0x49 == 0x49:  # 123, 456 and 789 of one suit
            _put(s, Y_ITTSU, 2 if closed else 1)
    if chow_mask & (chow_mask >> SUIT_SIZE) & (chow_mask >> (2 * SUIT_SIZE)) & 0x7F:
        _put(s, Y_SANSHOKU, 2 if closed else 1)
    if set_mask & (set_mask >> SUIT_SIZE) & (set_mask >> (2 * SUIT_SIZE)) & 0x1FF:
        _put(s, Y_SANSHOKU_DOUKOU, 2)
    if kongs == 3:
        _put(s, Y_SANKANTSU, 2)
    if n_sets == 4:
        _put(s, Y_TOITOI, 2)
    if concealed_sets == 3:
        _put(s, Y_SANANKOU, 2)
    if dragons == 2 and pair >= WHITE:
        _put(s, Y_SHOUSANGEN, 2)
    if n_chows == 0 and _orphan(pair) and orphan_sets:
        _put(s, Y_HONROUTOU, 2)
    y = _suit_yaku(h.held, closed, &han)
    if y >= 0:
        _put(s, y, han)


cdef void _finish(Reading* r, const SplitPart* s, const Win* w, const Reading* head, int placed,
                  bint listed) noexcept nogil:
    """The reading of split ``s`` with the winning tile in group ``placed`` (-1: the pair), ``head``
    the situation's yaku (with their han in ``head.han``), as the pure twin's ``_reading``; its
    yaku listed (unsorted) only when ``listed`` (a yakuman reading's always)."""
    cdef int yakuman[16]
    cdef int n_yakuman = w.n_fixed, wait_fu = 0, fu, t, i, n
    cdef int tsumo = w.situation & TSUMO
    cdef int win = w.win
    cdef bint pinfu
    if n_yakuman or s.n_yakuman or s.four_concealed:
        memcpy(yakuman, w.fixed, n_yakuman * sizeof(int))
        for i in range(s.n_yakuman):
            yakuman[n_yakuman] = s.yakuman[i]
            n_yakuman += 1
        if s.four_concealed:
            yakuman[n_yakuman] = Y_SUUANKOU_TANKI if placed < 0 else Y_SUUANKOU
            n_yakuman += 1
        _yakuman_result(r, yakuman, n_yakuman, w.switches)
        return
    if placed < 0:
        wait_fu = 2
    elif not s.group[placed] & MELD_PUNG:
        t = s.group[placed]
        if win == t + 1 or (win == t + 2 and t % SUIT_SIZE == 0) or (win == t and t % SUIT_SIZE == 6):
            wait_fu = 2
    pinfu = s.pinfu_shape and wait_fu == 0 and placed >= 0
    if listed:
        memcpy(r.yaku, head.yaku, head.n_yaku * sizeof(int))
        memcpy(r.han_of, head.han_of, head.n_yaku * sizeof(int))
        r.n_yaku = head.n_yaku
        if pinfu:
            _add(r, Y_PINFU, 1)
        for i in range(s.n_yaku):
            _add(r, s.yaku[i], s.han_of[i])
    n = head.n_yaku + pinfu + s.n_yaku
    if pinfu:
        fu = 20 if tsumo else 30
    else:
        fu = s.fu + wait_fu
        if w.closed and not tsumo:
            fu += 10
        if tsumo:
            fu += 2
        if fu == 20:  # an open pinfu shape won by ron
            fu = 30
        fu = (fu + 9) // 10 * 10
    _totals(r, n, head.han + pinfu + s.han, fu, w.dora_han, w.switches)


cdef int _record_cmp(const unsigned char* a, const unsigned char* b, int width) noexcept nogil:
    cdef int i
    for i in range(width):
        if a[i] != b[i]:
            return -1 if a[i] < b[i] else 1
    return 0


cdef int _sorted_splits(const unsigned char* counts, int w, unsigned char* splits) noexcept nogil:
    """The standard-form splits of ``counts`` (decompose_c's records of ``w`` bytes, its
    ``split_width_c``, at most MAX_SPLITS) into ``splits``, sorted as bytes (the pure twin's
    order); returns how many."""
    cdef unsigned char swap[1 + MAX_MELDS]
    cdef int i, j, n
    cdef Py_ssize_t found
    if w == 0:
        return 0
    found = decompose_sized_c(counts, splits, MAX_SPLITS)
    if found > MAX_SPLITS:  # cannot happen for 14 tiles or fewer
        found = MAX_SPLITS
    n = <int>found
    for i in range(1, n):
        memcpy(swap, splits + i * w, w)
        j = i - 1
        while j >= 0 and _record_cmp(splits + j * w, swap, w) > 0:
            memcpy(splits + (j + 1) * w, splits + j * w, w)
            j -= 1
        memcpy(splits + (j + 1) * w, swap, w)
    return n


cdef int hand_part_c(const unsigned char* counts, const int* meld_kind, const int* meld_tile, int n_melds,
                     int seat_wind, int round_wind, int switches, HandPart* h, SplitPart* splits) noexcept nogil:
    """What every win of the concealed ``counts`` with the melds shares into ``h`` and its splits'
    readings into ``splits`` (``sorted_splits`` order, MAX_SPLITS at most); returns how many splits."""
    cdef unsigned char all_counts[N_KINDS]
    cdef unsigned char records[MAX_SPLITS * (1 + MAX_MELDS)]  # a pair and at most 4 groups (no more tiles)
    cdef int i, k, t, kind, width, total = 0, pairs = 0
    cdef unsigned long long held, word
    cdef const unsigned char* rec
    memcpy(h.counts, counts, N_KINDS)
    memcpy(all_counts, counts, N_KINDS)
    h.closed = True
    h.n_melds = n_melds
    h.seat_wind, h.round_wind, h.switches = seat_wind, round_wind, switches
    for i in range(n_melds):
        kind = meld_kind[i]
        t = meld_tile[i]
        if kind == CHOW:
            all_counts[t] += 1
            all_counts[t + 1] += 1
            all_counts[t + 2] += 1
            h.declared[i].kind = CHOW
            h.declared[i].is_open = True
            h.closed = False
        else:
            all_counts[t] += 3 if kind == PUNG else 4
            h.declared[i].kind = PUNG if kind == PUNG else KONG
            h.declared[i].is_open = kind != CONCEALED_KONG
            if kind != CONCEALED_KONG:
                h.closed = False
        h.declared[i].tile = t
    # eight kinds a word (every count below 128: byte + 0x7F has its top bit set iff it is not 0),
    # the top bits gathered by one product (byte i to bit 56 + i)
    held = <unsigned long long>(all_counts[32] != 0) << 32 | <unsigned long long>(all_counts[33] != 0) << 33
    for i in range(4):
        memcpy(&word, all_counts + 8 * i, 8)
        held |= (((word + 0x7F7F7F7F7F7F7F7FULL) & 0x8080808080808080ULL) >> 7) * 0x0102040810204080ULL >> 56 << 8 * i
    h.held = held
    h.n_tile_yakuman = _tile_yakuman(held, h.tile_yakuman)
    for t in range(N_KINDS):
        total += counts[t]
        if counts[t] == 2:
            pairs += 1
    if total + 3 * n_melds > 14:  # more tiles than a hand holds: no reading (the pure twin's None)
        h.seven_pairs = h.orphans = h.one_suit = False
        h.n_splits = 0
        return 0
    h.seven_pairs = n_melds == 0 and pairs == 7
    h.orphans = h.one_suit = False
    if n_melds == 0 and total == 14:
        k = 0
        for i in range(13):
            if counts[_ORPHANS[i]]:
                k += counts[_ORPHANS[i]]
            else:
                k = -100
        h.orphans = k == 14
        # nine gates needs every tile in the winning tile's suit (``_chuuren``); no melds: ``held`` is the hand's
        h.one_suit = not held & HONOURS_MASK and ((held & SUIT_MASK != 0) + (held & SUIT_MASK << 9 != 0)
                                                  + (held & SUIT_MASK << 18 != 0)) == 1
    width = split_width_of_total(total)  # the counts are 0-4 (checked arguments): split_width_c's
    h.n_splits = _sorted_splits(counts, width, records)
    for i in range(h.n_splits):
        rec = records + i * width
        splits[i].pair = rec[0]
        splits[i].n_groups = width - 1
        memcpy(splits[i].group, rec + 1, width - 1)
        _split_part(&splits[i], h, -1)
    return h.n_splits


cdef bint score_hand_c(const HandPart* h, const SplitPart* splits, int win, int situation, int dora_han,
                       const Reading* head, bint listed, Reading* best) noexcept nogil:
    """The best reading of a win on ``win`` of the hand ``hand_part_c`` read into ``h`` and ``splits``
    into ``best``, ``head`` the situation's yaku (``situation_yaku_c(situation, h.closed)``), its
    yaku listed (ascending) only when ``listed`` (``best.n_yaku`` their count always); False when
    the tiles do not win (as the pure twin's ``None``)."""
    cdef Win w
    cdef Reading reading
    cdef SplitPart opened
    cdef SplitPart best_opened
    cdef const SplitPart* s
    cdef const SplitPart* best_split = NULL
    cdef int places[MAX_GROUPS + 1]
    cdef int i, j, k, t, b, n_places, placed, best_placed = 0
    cdef bint have = False
    w.held = h.held
    w.win, w.situation, w.seat_wind, w.round_wind = win, situation, h.seat_wind, h.round_wind
    w.dora_han, w.switches, w.closed = dora_han, h.switches, h.closed
    w.n_fixed = 0
    if situation & TENHOU:
        w.fixed[w.n_fixed] = Y_TENHOU
        w.n_fixed += 1
    if situation & CHIIHOU:
        w.fixed[w.n_fixed] = Y_CHIIHOU
        w.n_fixed += 1
    for i in range(h.n_tile_yakuman):
        w.fixed[w.n_fixed] = h.tile_yakuman[i]
        w.n_fixed += 1
    best.n_yaku = 0
    if h.seven_pairs:
        _seven_pairs(best, &w)
        have = True
    if h.orphans:
        _orphans(best, &w, h.counts)
        have = True
    if h.one_suit:
        k = _chuuren(h.counts, win)
        if k >= 0:
            w.fixed[w.n_fixed] = k
            w.n_fixed += 1
    for i in range(h.n_splits):
        s = splits + i
        n_places = 0
        if s.pair == win:
            places[n_places] = -1
            n_places += 1
        for j in range(s.n_groups):
            b = s.group[j]
            t = b & ~MELD_PUNG
            if (t == win) if b & MELD_PUNG else (t <= win <= t + 2):
                if j > 0 and s.group[j - 1] == b:
                    continue  # the same group again (records are sorted)
                places[n_places] = j
                n_places += 1
        for k in range(n_places):
            placed = places[k]
            if placed >= 0 and not (situation & TSUMO) and s.group[placed] & MELD_PUNG:
                memcpy(&opened, s, sizeof(SplitPart))
                _split_part(&opened, h, placed)  # a ron opens the pung it completes
                _finish(&reading, &opened, &w, head, placed, False)
                if _better(best, have, &reading):
                    memcpy(&best_opened, &opened, sizeof(SplitPart))
                    best_split = &best_opened
                else:
                    continue
            else:
                _finish(&reading, s, &w, head, placed, False)
                if not _better(best, have, &reading):
                    continue
                best_split = s
            best_placed = placed
            best.n_yaku, best.han, best.fu, best.yakuman, best.base = (
                reading.n_yaku, reading.han, reading.fu, reading.yakuman, reading.base)
            have = True
    if best_split != NULL and listed:
        _finish(best, best_split, &w, head, best_placed, True)
    if have and listed:
        _sort(best)
    return have


cdef bint score_win_c(const unsigned char* counts, const int* meld_kind, const int* meld_tile, int n_melds,
                      int win, int situation, int seat_wind, int round_wind, int dora_han, int switches,
                      Reading* best) noexcept nogil:
    """The best reading of checked arguments into ``best`` (see scoring.pxd); False when the tiles do not win."""
    cdef HandPart h
    cdef SplitPart splits[MAX_SPLITS]
    cdef Reading head
    hand_part_c(counts, meld_kind, meld_tile, n_melds, seat_wind, round_wind, switches, &h, splits)
    situation_yaku_c(situation, h.closed, &head)
    return score_hand_c(&h, splits, win, situation, dora_han, &head, True, best)


def score_counts(counts, melds, int win, int situation, int seat_wind, int round_wind, int dora_han,
                 int switches):
    """The reading of a win that pays most (see ``scoring_py``); ``None`` when it does not win."""
    if not is_counts_bytes(counts):
        counts = _read_counts(counts, "counts")
    if (len(melds) > 4 or not 0 <= win < N_KINDS or not (seat_wind == -1 or EAST <= seat_wind <= EAST + 3)
            or not (round_wind == -1 or EAST <= round_wind <= EAST + 3)):
        _check_arguments(melds, win, seat_wind, round_wind)  # raises, with the twin's message
    cdef const unsigned char* c = counts
    cdef int meld_kind[MAX_GROUPS]
    cdef int meld_tile[MAX_GROUPS]
    cdef int n_melds = 0, i
    cdef Reading best
    cdef bint have
    for kind, tile in melds:
        if not (CHOW <= kind <= CONCEALED_KONG and 0 <= tile < N_KINDS) or (
                kind == CHOW and (tile >= FIRST_HONOR or tile % SUIT_SIZE > 6)):
            _check_arguments(melds, win, seat_wind, round_wind)  # raises, with the twin's message
        meld_kind[n_melds] = kind
        meld_tile[n_melds] = tile
        n_melds += 1
    have = score_win_c(c, meld_kind, meld_tile, n_melds, win, situation, seat_wind, round_wind, dora_han, switches,
                       &best)
    if not have:
        return None
    return (tuple([(best.yaku[i], best.han_of[i]) for i in range(best.n_yaku)]), best.han, best.fu,
            best.yakuman, best.base)
