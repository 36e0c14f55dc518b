# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True
"""Guobiao (MCR) fan counting of one win: the compiled kernel.

``count_fans(counts, melds, win, situation, seat_wind, round_wind)`` takes and
returns what the pure twin ``fans_py`` does (see its docstring): the count of
every fan, or ``None`` when the tiles do not win.  The splits come from the
decomposition kernel (``decompose_c``), taken in the reference's order; every
split is counted in C.  The rules it stands on are in the files it includes:
``fans_groups.pxi`` (the chows', pungs' and kongs' fans), ``fans_waits.pxi`` (the
one-tile waits), ``fans_adjustments.pxi`` (the whole hand's fans and the exclusions)
and ``fans_special.pxi`` (the knitted and other special forms).
"""
from libc.string cimport memcpy, memset

from mahjong_fast._kernels.common cimport ctz64, sort_ints
from mahjong_fast._kernels.decompose cimport MAX_SPLIT_WIDTH, MELD_PUNG, decompose_c, split_width_c
from mahjong_fast._kernels.fan_flags cimport *
from mahjong_fast._kernels.score_flags cimport CHOW, CONCEALED_KONG, PUNG
from mahjong_fast._kernels.table cimport suit_kind_c, table_ready
from mahjong_fast._counts cimport is_counts_bytes
from mahjong_fast._layout cimport N_KINDS

from mahjong_fast._counts import read_counts as _read_counts
from mahjong_fast._kernels.score_flags import check_arguments as _check_arguments
from mahjong_fast._kernels.table import ensure_table as _ensure_table

cdef enum:
    SIZE = 0x48
    P_CHOW = 1
    P_PUNG = 2
    P_KONG = 3
    P_PAIR = 4
    MAX_SPLITS = 64
    RED = 0x45
    GREEN = 0x46
    WHITE = 0x47
    T_OUTSIDE = 1       # the traits of a tile (TILE_TRAITS): a terminal or an honour
    T_REVERSIBLE = 2
    T_GREEN = 4
    T_HONOR = 8
    T_TERMINAL = 16
    T_WIND = 32
    T_DRAGON = 64
    SUIT_MELDS = 1      # suit_kind_c's answers (the table kernel's MELDS and PAIR)
    SUIT_PAIR = 2

ctypedef struct Pack:
    int kind        # P_CHOW (tile: the middle one), P_PUNG, P_KONG or P_PAIR
    int tile        # the reference's number: suit << 4 | rank
    bint melded

ctypedef struct Win:
    int table[SIZE]     # the concealed part, the winning tile included
    const unsigned char* counts     # the same as 34 counts in index34 order
    int fixed_table[SIZE]
    Pack fixed[4]
    int n_fixed
    int unique[18]
    int n_unique
    int win
    int flags
    int seat
    int round_
    int hogs                # the kinds held four times, declared melds included
    signed char traits[FAN_ROW]     # the whole hand's fans of its tiles (suits, traits, ranks): every split's

cdef int CODE[34]
cdef int ALL[34]
cdef int ALL_KIND[34]                   # the index34 kind of each code of ALL
cdef int KNITTED[6][9]
cdef int POINTS[FAN_ROW]
cdef int ORPHANS[13]
cdef unsigned char TILE_TRAITS[SIZE]
cdef unsigned int POW5[9]               # the weight of each rank in a suit code: 5**r
cdef unsigned char EXCLUDING[3][16]     # per exclusion table: its fans that exclude, in first appearance
cdef int EXCLUDING_N[3]
cdef unsigned char EXCLUDED[3][16][8]   # and the fans each excludes, in turn
cdef int EXCLUDED_N[3][16]
cdef unsigned long long EXCLUDING_MASK[3][FAN_ROW / 8]     # per table: the slots of its fans that exclude, 8 a word
cdef unsigned char EXCLUDING_AT[3][FAN_ROW]     # per table: the group of each fan that excludes
cdef int EXCLUDING_WORDS[3][2]                  # per table: the first and the last word holding such a fan


cdef void _init() noexcept:
    cdef int i, k
    codes = [0x11 + r for r in range(9)] + [0x31 + r for r in range(9)] + [0x21 + r for r in range(9)] \
        + [0x41, 0x42, 0x43, 0x44, WHITE, GREEN, RED]
    for i, code in enumerate(codes):
        CODE[i] = code
    for i, code in enumerate(sorted(codes)):
        ALL[i] = code
        ALL_KIND[i] = codes.index(code)
    for k, firsts in enumerate(((1, 2, 3), (1, 3, 2), (2, 1, 3), (2, 3, 1), (3, 1, 2), (3, 2, 1))):
        for i, code in enumerate(sorted(0x10 * (s + 1) + r for s, first in enumerate(firsts)
                                        for r in (first, first + 3, first + 6))):
            KNITTED[k][i] = code
    ORPHANS[:] = [0x11, 0x19, 0x21, 0x29, 0x31, 0x39, 0x41, 0x42, 0x43, 0x44, 0x45, 0x46, 0x47]
    points = [0] + [88] * 7 + [64] * 6 + [48] * 2 + [32] * 3 + [24] * 9 + [16] * 6 + [12] * 5 + [8] * 9 \
        + [6] * 7 + [4] * 4 + [2] * 10 + [1] * 13 + [5]
    for i in range(FAN_ROW):
        POINTS[i] = points[i] if i < N_FAN_SLOTS else 0
    POW5[0] = 1
    for i in range(1, 9):
        POW5[i] = 5 * POW5[i - 1]
    for i in range(SIZE):
        TILE_TRAITS[i] = (T_OUTSIDE * _outside(i) | T_REVERSIBLE * _reversible(i) | T_GREEN * _green(i)
                          | T_HONOR * _honor(i) | T_TERMINAL * _terminal(i) | T_WIND * _wind(i)
                          | T_DRAGON * _dragon(i))


cdef int _group_exclusions(int table, const unsigned char* pairs, int n) except -1:
    """Table ``table`` of ``_exclude``: the pairs ``(fan, excluded)`` of ``pairs`` grouped by ``fan``.
    Grouping keeps the answer only if no excluded fan excludes in the same table: checked here."""
    cdef int i, j, a
    EXCLUDING_N[table] = 0
    for i in range(0, n, 2):
        for j in range(1, n, 2):
            if pairs[j] == pairs[i]:
                raise ValueError(f"fan {pairs[i]} both excludes and is excluded in exclusion table {table}")
        for a in range(EXCLUDING_N[table] + 1):
            if a == EXCLUDING_N[table]:
                if a == 16:
                    raise ValueError(f"exclusion table {table} has more than 16 fans that exclude")
                EXCLUDING[table][a] = pairs[i]
                EXCLUDED_N[table][a] = 0
                EXCLUDING_N[table] += 1
            if EXCLUDING[table][a] == pairs[i]:
                if EXCLUDED_N[table][a] == 8:
                    raise ValueError(f"fan {pairs[i]} excludes more than 8 fans in exclusion table {table}")
                EXCLUDED[table][a][EXCLUDED_N[table][a]] = pairs[i + 1]
                EXCLUDED_N[table][a] += 1
                break
    EXCLUDING_WORDS[table][0] = FAN_ROW // 8
    EXCLUDING_WORDS[table][1] = -1
    for a in range(EXCLUDING_N[table]):
        i = EXCLUDING[table][a]
        EXCLUDING_AT[table][i] = a
        EXCLUDING_MASK[table][i >> 3] |= 0xFFULL << (8 * (i & 7))
        EXCLUDING_WORDS[table][0] = min(EXCLUDING_WORDS[table][0], i >> 3)
        EXCLUDING_WORDS[table][1] = max(EXCLUDING_WORDS[table][1], i >> 3)
    return 0


if N_FAN_SLOTS > FAN_ROW:
    raise ValueError(f"FAN_ROW {FAN_ROW} is less than N_FAN_SLOTS {N_FAN_SLOTS}")
_init()
_group_exclusions(0, EXCLUDES, sizeof(EXCLUDES))
_group_exclusions(1, EXCLUDES_LATER, sizeof(EXCLUDES_LATER))
_group_exclusions(2, EXCLUDES_LAST, sizeof(EXCLUDES_LAST))


cdef inline bint _numbered(int t) noexcept nogil:
    return t < 0x40


cdef inline bint _honor(int t) noexcept nogil:
    return t > 0x40


cdef inline bint _wind(int t) noexcept nogil:
    return 0x40 < t < 0x45


cdef inline bint _dragon(int t) noexcept nogil:
    return 0x44 < t < 0x48


cdef inline bint _terminal(int t) noexcept nogil:
    return t < 0x40 and ((t & 0xF) == 1 or (t & 0xF) == 9)


cdef inline bint _outside(int t) noexcept nogil:
    return t > 0x40 or (t & 0xF) == 1 or (t & 0xF) == 9


cdef inline bint _green(int t) noexcept nogil:
    return t == 0x22 or t == 0x23 or t == 0x24 or t == 0x26 or t == 0x28 or t == GREEN


cdef inline bint _reversible(int t) noexcept nogil:
    return (t == 0x22 or t == 0x24 or t == 0x25 or t == 0x26 or t == 0x28 or t == 0x29 or (0x31 <= t <= 0x35)
            or t == 0x38 or t == 0x39 or t == WHITE)


cdef inline bint _consecutive3(int a, int b, int c) noexcept nogil:
    """Whether three ranks, in any order, are consecutive."""
    cdef int lo = a, hi = a
    if b < lo:
        lo = b
    if c < lo:
        lo = c
    if b > hi:
        hi = b
    if c > hi:
        hi = c
    return hi - lo == 2 and a != b and a != c and b != c


include "fans_groups.pxi"
include "fans_waits.pxi"
include "fans_adjustments.pxi"


# ---------------------------------------------------------------- the forms


cdef void _read_hand_traits(Win* w) noexcept nogil:
    """The fans of the whole hand's tiles (suits, tile traits, rank range), read once into ``w`` for
    every split: they do not depend on the split."""
    memset(w.traits, 0, FAN_ROW)
    _by_tiles(w.unique, w.n_unique, w.traits)


cdef inline void _hand_traits(const Win* w, signed char* ft) noexcept nogil:
    """``_by_tiles`` of the hand (read once), on counts that hold none of its fans yet: no fan a split
    counts before this is one of them, so the words of the two are merged."""
    cdef unsigned long long x, y
    cdef int k
    for k in range(FAN_ROW // 8):
        memcpy(&x, ft + 8 * k, 8)
        memcpy(&y, w.traits + 8 * k, 8)
        x |= y
        memcpy(ft + 8 * k, &x, 8)


cdef void _regular(const Win* w, const Pack* packs, bint unique_wait, signed char* ft) noexcept nogil:
    """The fans of one split: ``packs`` the declared melds (first ``w.n_fixed``), the concealed melds, the pair."""
    cdef int chows[4]
    cdef int pung_tiles[4]
    cdef bint pung_melded[4]
    cdef int n_chows = 0, n_pungs = 0, pair = 0, concealed_pungs = 0, melded_kongs = 0, concealed_kongs = 0
    cdef int i, t, fan, melded
    cdef bint self_drawn = (w.flags & GB_SELF_DRAWN) != 0, near
    memset(ft, 0, FAN_ROW)
    for i in range(5):
        t = packs[i].tile
        if packs[i].kind == P_CHOW:
            chows[n_chows] = t
            n_chows += 1
        elif packs[i].kind == P_PAIR:
            pair = t
        else:
            pung_tiles[n_pungs] = t
            pung_melded[n_pungs] = packs[i].melded
            n_pungs += 1
            if packs[i].kind == P_PUNG:
                if not packs[i].melded:
                    concealed_pungs += 1
            elif packs[i].melded:
                melded_kongs += 1
            else:
                concealed_kongs += 1
    _by_win_flag(w.flags, ft)
    if not self_drawn:
        near = False
        for i in range(5):
            if packs[i].kind == P_CHOW and not packs[i].melded and packs[i].tile - 1 <= w.win <= packs[i].tile + 1:
                near = True
        if not near:
            for i in range(n_pungs):
                if pung_tiles[i] == w.win and not pung_melded[i]:
                    concealed_pungs -= 1
    if n_pungs:
        _kongs(concealed_pungs, melded_kongs, concealed_kongs, ft)
        if n_pungs == 4 and not ft[F_FOUR_KONGS] and not ft[F_FOUR_CONCEALED_PUNGS]:
            ft[F_ALL_PUNGS] = 1
        for i in range(n_pungs):
            if _dragon(pung_tiles[i]):
                ft[F_DRAGON_PUNG] += 1
            elif _outside(pung_tiles[i]):
                ft[F_PUNG_OF_TERMINALS_OR_HONORS] += 1
    if n_chows == 4:
        if _three_suited_terminal_chows(chows, pair):
            ft[F_THREE_SUITED_TERMINAL_CHOWS] = 1
        elif _pure_terminal_chows(chows, pair):
            ft[F_PURE_TERMINAL_CHOWS] = 1
        else:
            sort_ints(chows, 4)
            _four_chows(chows, ft)
    elif n_chows == 3:
        sort_ints(chows, 3)
        _three_chows(chows, ft)
    elif n_chows == 2:
        fan = _two_chows_fan(chows[0], chows[1])
        if fan:
            ft[fan] += 1
        fan = _two_pungs_fan(pung_tiles[0], pung_tiles[1])
        if fan:
            ft[fan] += 1
    elif n_chows == 1:
        sort_ints(pung_tiles, 3)
        _three_pungs(pung_tiles, ft)
    else:
        sort_ints(pung_tiles, 4)
        _four_pungs(pung_tiles, ft)
    melded = 0
    for i in range(w.n_fixed):
        melded += packs[i].melded
    if melded == 0:
        ft[F_FULLY_CONCEALED_HAND if self_drawn else F_CONCEALED_HAND] = 1
    elif melded == 4:
        ft[F_SELF_DRAWN if self_drawn else F_MELDED_HAND] = 1
    elif self_drawn:
        ft[F_SELF_DRAWN] = 1
    if n_chows == 4:
        if _numbered(pair):
            ft[F_ALL_CHOWS] = 1
    elif ft[F_TWO_DRAGONS_PUNGS]:
        if _dragon(pair):
            ft[F_LITTLE_THREE_DRAGONS] = 1
            ft[F_TWO_DRAGONS_PUNGS] = 0
    elif ft[F_BIG_THREE_WINDS] and _wind(pair):
        ft[F_LITTLE_FOUR_WINDS] = 1
        ft[F_BIG_THREE_WINDS] = 0
    _by_pack_traits(packs, ft)
    _hand_traits(w, ft)
    if not ft[F_QUADRUPLE_CHOW]:
        ft[F_TILE_HOG] = w.hogs - melded_kongs - concealed_kongs
    if unique_wait:
        _by_wait(packs + w.n_fixed, 5 - w.n_fixed, w.win, ft)
    _final(ft)
    if not ft[F_BIG_FOUR_WINDS]:
        for i in range(n_pungs):
            if _wind(pung_tiles[i]):
                _by_winds(pung_tiles[i], w.round_, w.seat, ft)
    if not _any(ft):
        ft[F_CHICKEN_HAND] = 1


cdef bint _pure_terminal_chows(const int* chows, int pair) noexcept nogil:
    cdef int i, low = 0, high = 0
    if (pair & 0xF) != 5 or pair > 0x40:
        return False
    for i in range(4):
        if (chows[i] >> 4) != (pair >> 4):
            return False
        if (chows[i] & 0xF) == 2:
            low += 1
        elif (chows[i] & 0xF) == 8:
            high += 1
    return low == 2 and high == 2


cdef bint _three_suited_terminal_chows(const int* chows, int pair) noexcept nogil:
    cdef int i, j, seen = 0, bit
    if (pair & 0xF) != 5 or pair > 0x40:
        return False
    for i in range(4):
        if (chows[i] >> 4) == (pair >> 4) or ((chows[i] & 0xF) != 2 and (chows[i] & 0xF) != 8):
            return False
        bit = 1 << ((chows[i] >> 4) * 2 + ((chows[i] & 0xF) == 8))
        seen |= bit
    j = 0
    for i in range(16):
        if seen & (1 << i):
            j += 1
    return j == 4


cdef inline long _meld_key(const Pack* p) noexcept nogil:
    """The reference's order of concealed melds: by first tile, a pung before a chow."""
    if p.kind == P_CHOW:
        return (p.tile - 1) * 2 + 1
    return p.tile * 2


cdef int _splits(const Win* w, const unsigned char* counts, int need, Pack* out) noexcept nogil:
    """Every split of ``counts`` (index34) into ``need`` melds and a pair, after the declared melds, in
    the reference's order: ``out`` holds 5 packs per split; returns how many."""
    cdef unsigned char records[MAX_SPLITS * MAX_SPLIT_WIDTH]
    cdef long keys[MAX_SPLITS][4]
    cdef int order[MAX_SPLITS]
    cdef Pack packs[MAX_SPLITS][5]
    cdef int i, j, k, m, width, n, x, c
    cdef Pack p
    cdef Py_ssize_t found
    width = split_width_c(counts)
    if width == 0 or width - 1 != need:
        return 0
    found = decompose_c(counts, records, MAX_SPLITS)
    n = <int>(found if found < MAX_SPLITS else MAX_SPLITS)
    for i in range(n):
        for j in range(w.n_fixed):
            packs[i][j] = w.fixed[j]
        for j in range(need):
            c = records[i * width + 1 + j]
            if c & MELD_PUNG:
                p.kind = P_PUNG
                p.tile = CODE[c & ~MELD_PUNG]
            else:
                p.kind = P_CHOW
                p.tile = CODE[c] + 1
            p.melded = False
            # insertion in the reference's order
            k = w.n_fixed + j
            while k > w.n_fixed and _meld_key(&packs[i][k - 1]) > _meld_key(&p):
                packs[i][k] = packs[i][k - 1]
                k -= 1
            packs[i][k] = p
        packs[i][4].kind = P_PAIR
        packs[i][4].tile = CODE[records[i * width]]
        packs[i][4].melded = False
        for j in range(4):
            keys[i][j] = _meld_key(&packs[i][w.n_fixed + j]) if j < need else 0
        order[i] = i
    for i in range(1, n):
        x = order[i]
        j = i - 1
        while j >= 0:
            m = 0
            for k in range(need):
                if keys[order[j]][k] != keys[x][k]:
                    m = 1 if keys[order[j]][k] > keys[x][k] else -1
                    break
            if m <= 0:
                break
            order[j + 1] = order[j]
            j -= 1
        order[j + 1] = x
    for i in range(n):
        memcpy(out + 5 * i, packs[order[i]], 5 * sizeof(Pack))
    return n


cdef bint _second_wait(const Win* w, const Pack* splits, int n) noexcept nogil:
    """Whether a split shows the hand before the winning tile waiting on another tile too (so on no one
    tile only): the winning tile completing a concealed pung (the split's pair completes one as well),
    or at an end of a concealed chow with a rank beyond the other end (a two-sided wait)."""
    cdef int i, j, t, r = w.win & 0xF
    for i in range(n):
        for j in range(w.n_fixed, 4):
            t = splits[5 * i + j].tile
            if splits[5 * i + j].kind == P_PUNG:
                if t == w.win:
                    return True
            elif (t - 1 == w.win and r <= 6) or (t + 1 == w.win and r >= 4):
                return True
    return False


include "fans_special.pxi"


cdef bint fans_c(Win* w, signed char* best) noexcept nogil:
    """The fans of the win ``w`` into ``best`` (``FAN_ROW`` counts); False when the tiles do not win."""
    cdef signed char ft[FAN_ROW]
    cdef Pack splits[MAX_SPLITS * 5]
    cdef int most = 0, total, n, i
    cdef bint found = False, seven_pairs, unique_wait
    if w.n_fixed == 0:
        found = _special(w, best) or _knitted_straight(w, best) or _nine_gates(w, best)
    elif w.n_fixed == 1:
        found = _knitted_straight(w, best)
    if found:
        most = _total(best)
    if not found or best[F_SEVEN_PAIRS]:
        seven_pairs = found
        n = _splits(w, w.counts, 4 - w.n_fixed, splits)
        unique_wait = n > 0 and not _second_wait(w, splits, n)
        if unique_wait:
            unique_wait = _unique_wait_fast(w.table, 13 - 3 * w.n_fixed, w.win)
        for i in range(n):
            _regular(w, splits + 5 * i, unique_wait, ft)
            total = _total(ft)
            if total > most or (total == most and (ft[F_PURE_TRIPLE_CHOW] == 1 or seven_pairs or ft[F_TRIPLE_PUNG])):
                most = total
                memcpy(best, ft, FAN_ROW)
                found = True
    return found


cdef int gb_fans_c(const unsigned char* c, const int* kinds, const int* tiles, int n_melds, int win,
                   int situation, int seat_wind, int round_wind, signed char* best,
                   unsigned char* ids) noexcept nogil:
    """The fans of checked arguments (``count_fans``'s, melds as kind and tile arrays) into ``best``, their
    ids into ``ids``; how many, or -1 when the tiles do not win (fans.pxd; the table kernel's table built)."""
    cdef Win w
    cdef int i, code, kind, n, hogs, held
    memset(w.table, 0, sizeof(w.table))
    memset(w.fixed_table, 0, sizeof(w.fixed_table))
    w.counts = c
    w.n_fixed = n_melds
    for i in range(n_melds):
        kind = kinds[i]
        code = CODE[tiles[i]]
        if kind == CHOW:
            w.fixed[i].kind = P_CHOW
            w.fixed[i].tile = code + 1
            w.fixed[i].melded = True
            w.fixed_table[code] += 1
            w.fixed_table[code + 1] += 1
            w.fixed_table[code + 2] += 1
        else:
            w.fixed[i].kind = P_PUNG if kind == PUNG else P_KONG
            w.fixed[i].tile = code
            w.fixed[i].melded = kind != CONCEALED_KONG
            w.fixed_table[code] += 3 if kind == PUNG else 4
    w.win = CODE[win]
    w.seat = CODE[seat_wind] if seat_wind >= 0 else -1
    w.round_ = CODE[round_wind] if round_wind >= 0 else -1
    n = 0  # counted in registers: w.n_unique, w.hogs would be reloaded after every store to w.unique
    hogs = 0
    for i in range(34):
        code = ALL[i]
        w.table[code] = c[ALL_KIND[i]]
        held = w.table[code] + w.fixed_table[code]
        if held:
            w.unique[n] = code
            n += 1
            hogs += held == 4
    w.n_unique = n
    w.hogs = hogs
    w.flags = situation
    if w.table[w.win] != 1:
        w.flags &= ~GB_LAST_COPY
    if w.fixed_table[w.win] == 3:
        w.flags |= GB_LAST_COPY
    if w.flags & GB_KONG:
        if w.flags & GB_SELF_DRAWN:
            code = 0
            for i in range(w.n_fixed):
                if w.fixed[i].kind == P_KONG:
                    code = 1
            if not code:
                w.flags &= ~GB_KONG
        elif w.fixed_table[w.win] or w.table[w.win] != 1:
            w.flags &= ~GB_KONG
    _read_hand_traits(&w)
    if not fans_c(&w, best):
        return -1
    return _fan_ids(best, ids)


cdef bint _melds_in_range(tuple melds):
    cdef int kind, tile
    for m in melds:
        if type(m) is not tuple or len(<tuple>m) != 2:
            return False
        kind, tile = m
        if not (CHOW <= kind <= CONCEALED_KONG and 0 <= tile < 34) or (kind == CHOW and (tile >= 27 or tile % 9 > 6)):
            return False
    return True


def count_fans(counts, tuple melds, int win, int situation, int seat_wind, int round_wind):
    """The count of each fan of a win; ``None`` when the tiles do not win (see ``fans_py``)."""
    cdef signed char best[FAN_ROW]
    cdef unsigned char ids[FAN_ROW]
    cdef int kinds[4]
    cdef int tiles[4]
    cdef const unsigned char* c
    cdef int i, n, total = 0
    if not is_counts_bytes(counts):
        counts = _read_counts(counts, "counts")
    if not (len(melds) <= 4 and 0 <= win < 34 and (seat_wind == -1 or 27 <= seat_wind <= 30)
            and (round_wind == -1 or 27 <= round_wind <= 30)) or not _melds_in_range(melds):
        _check_arguments(melds, win, seat_wind, round_wind)  # the twins' one error
    c = counts
    for i in range(N_KINDS):
        total += c[i]
    if total + 3 * len(melds) != 14:
        raise ValueError(f"counts and melds hold {total + 3 * len(melds)} tiles (a kong as three), not 14")
    if not c[win]:
        raise ValueError(f"win {win} is not in counts")
    n = len(melds)
    for i in range(n):
        kinds[i], tiles[i] = melds[i]
    if not table_ready():
        _ensure_table()
    with nogil:
        n = gb_fans_c(c, kinds, tiles, n, win, situation, seat_wind, round_wind, best, ids)
    if n < 0:
        return None
    return tuple([(ids[i], best[ids[i]]) for i in range(n)])
