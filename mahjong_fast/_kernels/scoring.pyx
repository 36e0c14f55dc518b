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
from mahjong_fast._kernels.decompose cimport MAX_SPLIT_WIDTH, MELD_PUNG, decompose_c, split_width_c
from mahjong_fast._kernels.score_flags cimport *
from mahjong_fast._counts cimport is_counts_bytes
from mahjong_fast._layout cimport FIRST_HONOR, N_KINDS, SUIT_SIZE

from mahjong_fast._counts import read_counts as _read_counts
from mahjong_fast._kernels.score_flags import check_arguments as _check_arguments

cdef enum:
    MAX_GROUPS = 8
    EAST = 27
    WHITE = 31

ctypedef struct Group:
    int kind        # CHOW, PUNG or KONG
    int tile
    bint is_open

ctypedef struct Win:
    unsigned char all_counts[N_KINDS]
    unsigned long long held    # bit t: the hand and melds hold kind t
    int win
    int situation
    int seat_wind
    int round_wind
    int dora_han
    int switches
    bint closed
    int n_fixed
    int fixed[8]

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


cdef void _suit_yaku(Reading* r, unsigned long long held, bint closed) noexcept nogil:
    """Honitsu or chinitsu of the kinds ``held`` (a mask)."""
    cdef int suits = ((held & SUIT_MASK) != 0) + ((held & (SUIT_MASK << 9)) != 0) + ((held & (SUIT_MASK << 18)) != 0)
    if suits == 1:
        if held & HONOURS_MASK:
            _add(r, Y_HONITSU, 3 if closed else 2)
        else:
            _add(r, Y_CHINITSU, 6 if closed else 5)


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


cdef void _result(Reading* r, const int* yakuman, int n_yakuman, int fu, int dora_han,
                  int switches) noexcept nogil:
    """Finish ``r`` (its yaku already added) as the pure twin's ``_result``."""
    cdef int i, count = 0, han = 0
    if n_yakuman:
        r.n_yaku = 0
        for i in range(n_yakuman):
            if switches & DOUBLE_YAKUMAN and (yakuman[i] == Y_SUUANKOU_TANKI or yakuman[i] == Y_JUNSEI_CHUUREN
                                              or yakuman[i] == Y_KOKUSHI_13 or yakuman[i] == Y_DAISUUSHII):
                _add(r, yakuman[i], 26)
                count += 2
            else:
                _add(r, yakuman[i], 13)
                count += 1
        _sort(r)
        r.han = 13 * count
        r.fu = 0
        r.yakuman = count
        r.base = 8000 * count
        return
    if r.n_yaku == 0:
        r.han = 0
        r.fu = fu
        r.yakuman = 0
        r.base = 0
        return
    _sort(r)
    for i in range(r.n_yaku):
        han += r.han_of[i]
    han += dora_han
    r.han = han
    r.fu = fu
    r.yakuman = 1 if han >= 13 and switches & KAZOE_YAKUMAN else 0
    r.base = base_points_c(han, fu, 0, switches)


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
    r.n_yaku = 0
    _situation_yaku(r, w.situation, True)
    _add(r, Y_CHIITOITSU, 2)
    if not w.held & ORPHANS_MASK:
        _add(r, Y_TANYAO, 1)
    elif not w.held & ~ORPHANS_MASK:
        _add(r, Y_HONROUTOU, 2)
    _suit_yaku(r, w.held, True)
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


cdef void _reading(Reading* r, const Win* w, const Group* groups, int n_groups, int pair,
                   int placed) noexcept nogil:
    """One reading as the pure twin's ``_reading``: the winning tile in group ``placed`` (-1: the pair)."""
    cdef int yakuman[16]
    cdef int chows[MAX_GROUPS]
    cdef int set_tiles[MAX_GROUPS]
    cdef int n_yakuman = w.n_fixed, n_chows = 0, n_sets = 0, kongs = 0, concealed_sets = 0
    cdef int dragons = 0, winds = 0, i, j, t, s, same, wait_fu, yakuhai_pair, fu, f
    cdef int tsumo = w.situation & TSUMO
    cdef int win = w.win
    cdef bint closed = w.closed, pinfu, ok
    cdef unsigned long long chow_mask, set_mask
    cdef const Group* g
    memcpy(yakuman, w.fixed, w.n_fixed * sizeof(int))
    for i in range(n_groups):
        g = &groups[i]
        if g.kind == CHOW:
            chows[n_chows] = g.tile
            n_chows += 1
        else:
            set_tiles[n_sets] = g.tile
            n_sets += 1
            if g.kind == KONG:
                kongs += 1
            if not g.is_open:
                concealed_sets += 1
            if g.tile >= WHITE:
                dragons += 1
            elif g.tile >= EAST:
                winds += 1
    sort_ints(chows, n_chows)  # ascending, for the peikou counts

    if dragons == 3:
        yakuman[n_yakuman] = Y_DAISANGEN
        n_yakuman += 1
    if concealed_sets == 4:
        yakuman[n_yakuman] = Y_SUUANKOU_TANKI if placed < 0 else Y_SUUANKOU
        n_yakuman += 1
    if winds == 4:
        yakuman[n_yakuman] = Y_DAISUUSHII
        n_yakuman += 1
    elif winds == 3 and EAST <= pair < WHITE:
        yakuman[n_yakuman] = Y_SHOUSUUSHII
        n_yakuman += 1
    if kongs == 4:
        yakuman[n_yakuman] = Y_SUUKANTSU
        n_yakuman += 1
    r.n_yaku = 0
    if n_yakuman:
        _result(r, yakuman, n_yakuman, 0, 0, w.switches)
        return

    _situation_yaku(r, w.situation, closed)
    wait_fu = 0
    if placed < 0:
        wait_fu = 2
    else:
        g = &groups[placed]
        t = g.tile
        if g.kind == CHOW and (win == t + 1 or (win == t + 2 and t % SUIT_SIZE == 0)
                               or (win == t and t % SUIT_SIZE == 6)):
            wait_fu = 2
    yakuhai_pair = 0
    if pair >= WHITE:
        yakuhai_pair += 2
    if pair == w.seat_wind:
        yakuhai_pair += 2
    if pair == w.round_wind:
        yakuhai_pair += 2
    pinfu = closed and n_sets == 0 and wait_fu == 0 and yakuhai_pair == 0 and placed >= 0
    if pinfu:
        _add(r, Y_PINFU, 1)
    if (closed or w.switches & OPEN_TANYAO) and not w.held & ORPHANS_MASK:
        _add(r, Y_TANYAO, 1)
    if closed and n_chows >= 2:
        same = 0
        i = 0
        while i < n_chows:
            j = i
            while j < n_chows and chows[j] == chows[i]:
                j += 1
            same += (j - i) // 2
            i = j
        if same >= 2:
            _add(r, Y_RYANPEIKOU, 3)
        elif same == 1:
            _add(r, Y_IIPEIKOU, 1)
    for i in range(n_sets):
        t = set_tiles[i]
        if t >= WHITE:
            _add(r, Y_DRAGON + t - WHITE, 1)
        else:
            if t == w.seat_wind:
                _add(r, Y_SEAT_WIND + t - EAST, 1)
            if t == w.round_wind:
                _add(r, Y_ROUND_WIND + t - EAST, 1)
    # outside hands
    ok = n_chows > 0 and _orphan(pair)
    for i in range(n_chows):
        if chows[i] % SUIT_SIZE != 0 and chows[i] % SUIT_SIZE != 6:
            ok = False
    for i in range(n_sets):
        if not _orphan(set_tiles[i]):
            ok = False
    if ok:
        if w.held & HONOURS_MASK:
            _add(r, Y_CHANTA, 2 if closed else 1)
        else:
            _add(r, Y_JUNCHAN, 3 if closed else 2)
    chow_mask = 0  # bit t: a chow from t; bit t of set_mask: a pung or kong of t
    for i in range(n_chows):
        chow_mask |= 1ULL << chows[i]
    set_mask = 0
    for i in range(n_sets):
        set_mask |= 1ULL << set_tiles[i]
    for s in range(3):
        if (chow_mask >> (s * SUIT_SIZE)) & 0x49 == 0x49:  # 123, 456 and 789 of one suit
            _add(r, Y_ITTSU, 2 if closed else 1)
    if chow_mask & (chow_mask >> SUIT_SIZE) & (chow_mask >> (2 * SUIT_SIZE)) & 0x7F:
        _add(r, Y_SANSHOKU, 2 if closed else 1)
    if set_mask & (set_mask >> SUIT_SIZE) & (set_mask >> (2 * SUIT_SIZE)) & 0x1FF:
        _add(r, Y_SANSHOKU_DOUKOU, 2)
    if kongs == 3:
        _add(r, Y_SANKANTSU, 2)
    if n_sets == 4:
        _add(r, Y_TOITOI, 2)
    if concealed_sets == 3:
        _add(r, Y_SANANKOU, 2)
    if dragons == 2 and pair >= WHITE:
        _add(r, Y_SHOUSANGEN, 2)
    if n_chows == 0 and _orphan(pair):
        ok = True
        for i in range(n_sets):
            if not _orphan(set_tiles[i]):
                ok = False
        if ok:
            _add(r, Y_HONROUTOU, 2)
    _suit_yaku(r, w.held, closed)

    if pinfu:
        fu = 20 if tsumo else 30
    else:
        fu = 20 + wait_fu + yakuhai_pair
        if closed and not tsumo:
            fu += 10
        if tsumo:
            fu += 2
        for i in range(n_groups):
            g = &groups[i]
            if g.kind == CHOW:
                continue
            f = 2
            if not g.is_open:
                f *= 2
            if _orphan(g.tile):
                f *= 2
            if g.kind == KONG:
                f *= 4
            fu += f
        if fu == 20:  # an open pinfu shape won by ron
            fu = 30
        fu = (fu + 9) // 10 * 10
    _result(r, yakuman, 0, fu, w.dora_han, w.switches)


cdef int _record_cmp(const unsigned char* a, const unsigned char* b, int width) noexcept nogil:
    cdef int i
    for i in range(width):
        if a[i] != b[i]:
            return -1 if a[i] < b[i] else 1
    return 0


cdef int sorted_splits_c(const unsigned char* counts, unsigned char* splits, int* width) noexcept nogil:
    """The standard-form splits of ``counts`` (decompose_c's records, ``width[0]`` bytes each, at most
    MAX_SPLITS) into ``splits``, sorted as bytes (the pure twin's order); returns how many."""
    cdef unsigned char swap[MAX_SPLIT_WIDTH]
    cdef int i, j, n, w = split_width_c(counts)
    cdef Py_ssize_t found
    width[0] = w
    if w == 0:
        return 0
    found = decompose_c(counts, splits, MAX_SPLITS)
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


cdef bint score_c(const unsigned char* counts, const int* meld_kind, const int* meld_tile, int n_melds,
                  Win* w, const unsigned char* splits, int n, int width, Reading* best) noexcept nogil:
    """The best reading into ``best`` (``splits``: ``sorted_splits_c`` of ``counts``, ``n`` of
    ``width`` bytes); False when the tiles do not win (as the pure twin's ``None``)."""
    cdef Group groups[MAX_GROUPS]
    cdef Group declared[MAX_GROUPS]
    cdef Reading reading
    cdef bint have = False
    cdef int i, j, k, t, kind, total = 0, pairs = 0, n_places, placed, n_groups, pair
    cdef int places[MAX_GROUPS]
    cdef const unsigned char* rec
    cdef unsigned long long held, word
    memcpy(w.all_counts, counts, N_KINDS)
    w.closed = True
    for i in range(n_melds):
        kind = meld_kind[i]
        t = meld_tile[i]
        if kind == CHOW:
            w.all_counts[t] += 1
            w.all_counts[t + 1] += 1
            w.all_counts[t + 2] += 1
            declared[i].kind = CHOW
            declared[i].is_open = True
            w.closed = False
        else:
            w.all_counts[t] += 3 if kind == PUNG else 4
            declared[i].kind = PUNG if kind == PUNG else KONG
            declared[i].is_open = kind != CONCEALED_KONG
            if kind != CONCEALED_KONG:
                w.closed = False
        declared[i].tile = t
    w.n_fixed = 0
    if w.situation & TENHOU:
        w.fixed[w.n_fixed] = Y_TENHOU
        w.n_fixed += 1
    if w.situation & CHIIHOU:
        w.fixed[w.n_fixed] = Y_CHIIHOU
        w.n_fixed += 1
    # eight kinds a word (every count below 128: byte + 0x7F has its top bit set iff it is not 0),
    # the top bits gathered by one product (byte i to bit 56 + i); in a register, not in *w
    held = <unsigned long long>(w.all_counts[32] != 0) << 32 | <unsigned long long>(w.all_counts[33] != 0) << 33
    for i in range(4):
        memcpy(&word, w.all_counts + 8 * i, 8)
        held |= (((word + 0x7F7F7F7F7F7F7F7FULL) & 0x8080808080808080ULL) >> 7) * 0x0102040810204080ULL >> 56 << 8 * i
    w.held = held
    w.n_fixed += _tile_yakuman(held, w.fixed + w.n_fixed)
    for t in range(N_KINDS):
        total += counts[t]
        if counts[t] == 2:
            pairs += 1
    if n_melds == 0:
        if pairs == 7:
            _seven_pairs(best, w)
            have = True
        if total == 14:
            k = 0
            for i in range(13):
                if counts[_ORPHANS[i]]:
                    k += counts[_ORPHANS[i]]
                else:
                    k = -100
            if k == 14:
                _orphans(best, w, counts)
                have = True
            k = _chuuren(counts, w.win)
            if k >= 0:
                w.fixed[w.n_fixed] = k
                w.n_fixed += 1
    for i in range(n):
        rec = splits + i * width
        pair = rec[0]
        n_groups = width - 1
        for j in range(n_groups):
            groups[j].is_open = False
            if rec[1 + j] & MELD_PUNG:
                groups[j].kind = PUNG
                groups[j].tile = rec[1 + j] & ~MELD_PUNG
            else:
                groups[j].kind = CHOW
                groups[j].tile = rec[1 + j]
        n_places = 0
        if pair == w.win:
            places[n_places] = -1
            n_places += 1
        for j in range(n_groups):
            t = groups[j].tile
            if (groups[j].kind == CHOW and t <= w.win <= t + 2) or (groups[j].kind == PUNG and t == w.win):
                if j > 0 and groups[j - 1].kind == groups[j].kind and groups[j - 1].tile == t:
                    continue  # the same group again (records are sorted)
                places[n_places] = j
                n_places += 1
        for j in range(n_melds):
            groups[n_groups + j] = declared[j]
        for k in range(n_places):
            placed = places[k]
            if placed >= 0 and not (w.situation & TSUMO) and groups[placed].kind == PUNG:
                groups[placed].is_open = True
            _reading(&reading, w, groups, n_groups + n_melds, pair, placed)
            if placed >= 0:
                groups[placed].is_open = False
            if _better(best, have, &reading):
                memcpy(best, &reading, sizeof(Reading))
                have = True
    return have


cdef bint score_win_c(const unsigned char* counts, const int* meld_kind, const int* meld_tile, int n_melds,
                      int win, int situation, int seat_wind, int round_wind, int dora_han, int switches,
                      Reading* best) noexcept nogil:
    """The best reading of checked arguments into ``best`` (see scoring.pxd); False when the tiles do not win."""
    cdef unsigned char splits[MAX_SPLITS * MAX_SPLIT_WIDTH]
    cdef int width
    cdef int n = sorted_splits_c(counts, splits, &width)
    return score_split_c(counts, meld_kind, meld_tile, n_melds, win, situation, seat_wind, round_wind, dora_han,
                         switches, splits, n, width, best)


cdef bint score_split_c(const unsigned char* counts, const int* meld_kind, const int* meld_tile, int n_melds,
                        int win, int situation, int seat_wind, int round_wind, int dora_han, int switches,
                        const unsigned char* splits, int n, int width, Reading* best) noexcept nogil:
    """``score_win_c`` with the splits of ``counts`` given (``sorted_splits_c``; see scoring.pxd)."""
    cdef Win w
    w.win, w.situation, w.seat_wind, w.round_wind = win, situation, seat_wind, round_wind
    w.dora_han, w.switches = dora_han, switches
    best.n_yaku = 0
    return score_c(counts, meld_kind, meld_tile, n_melds, &w, splits, n, width, best)


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
