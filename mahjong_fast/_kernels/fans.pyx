# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True
"""Guobiao (MCR) fan counting of one win: the compiled kernel.

``count_fans(counts, melds, win, situation, seat_wind, round_wind)`` takes and
returns what the pure twin ``fans_py`` does (see its docstring): the count of
every fan, or ``None`` when the tiles do not win.  The splits come from the
decomposition kernel (``decompose_c``), taken in the reference's order; every
split is counted in C.
"""
from libc.string cimport memcpy, memset

from mahjong_fast._kernels.common cimport sort_ints
from mahjong_fast._kernels.decompose cimport MAX_SPLIT_WIDTH, MELD_PUNG, decompose_c, split_width_c
from mahjong_fast._kernels.fan_flags cimport *
from mahjong_fast._kernels.score_flags cimport CHOW, CONCEALED_KONG, PUNG
from mahjong_fast._counts cimport is_counts_bytes
from mahjong_fast._layout cimport N_KINDS

from mahjong_fast._counts import read_counts as _read_counts
from mahjong_fast._kernels.score_flags import check_arguments as _check_arguments

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

ctypedef struct Pack:
    int kind        # P_CHOW (tile: the middle one), P_PUNG, P_KONG or P_PAIR
    int tile        # the reference's number: suit << 4 | rank
    bint melded

ctypedef struct Win:
    int table[SIZE]     # the concealed part, the winning tile included
    int fixed_table[SIZE]
    Pack fixed[4]
    int n_fixed
    int unique[18]
    int n_unique
    int win
    int flags
    int seat
    int round_

cdef int CODE[34]
cdef int ALL[34]
cdef int KNITTED[6][9]
cdef int POINTS[N_FAN_SLOTS]
cdef int ORPHANS[13]


cdef void _init() noexcept:
    cdef int i, k
    codes = [0x11 + r for r in range(9)] + [0x31 + r for r in range(9)] + [0x21 + r for r in range(9)] \
        + [0x41, 0x42, 0x43, 0x44, WHITE, GREEN, RED]
    for i, code in enumerate(codes):
        CODE[i] = code
    for i, code in enumerate(sorted(codes)):
        ALL[i] = code
    for k, firsts in enumerate(((1, 2, 3), (1, 3, 2), (2, 1, 3), (2, 3, 1), (3, 1, 2), (3, 2, 1))):
        for i, code in enumerate(sorted(0x10 * (s + 1) + r for s, first in enumerate(firsts)
                                        for r in (first, first + 3, first + 6))):
            KNITTED[k][i] = code
    ORPHANS[:] = [0x11, 0x19, 0x21, 0x29, 0x31, 0x39, 0x41, 0x42, 0x43, 0x44, 0x45, 0x46, 0x47]
    points = [0] + [88] * 7 + [64] * 6 + [48] * 2 + [32] * 3 + [24] * 9 + [16] * 6 + [12] * 5 + [8] * 9 \
        + [6] * 7 + [4] * 4 + [2] * 10 + [1] * 13 + [5]
    for i in range(N_FAN_SLOTS):
        POINTS[i] = points[i]


_init()


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


# ---------------------------------------------------------------- groups of melds


cdef int _four_chows_fan(int t0, int t1, int t2, int t3) noexcept nogil:
    if (t0 + 2 == t1 and t1 + 2 == t2 and t2 + 2 == t3) or (t0 + 1 == t1 and t1 + 1 == t2 and t2 + 1 == t3):
        return F_FOUR_PURE_SHIFTED_CHOWS
    if t0 == t1 and t0 == t2 and t0 == t3:
        return F_QUADRUPLE_CHOW
    return 0


cdef int _three_chows_fan(int t0, int t1, int t2) noexcept nogil:
    cdef int s0 = t0 >> 4, s1 = t1 >> 4, s2 = t2 >> 4
    cdef int r0 = t0 & 0xF, r1 = t1 & 0xF, r2 = t2 & 0xF
    if s0 != s1 and s0 != s2 and s1 != s2:
        if _consecutive3(r0, r1, r2):
            return F_MIXED_SHIFTED_CHOWS
        if r0 == r1 and r1 == r2:
            return F_MIXED_TRIPLE_CHOW
        if r0 + r1 + r2 == 15 and r0 * r1 * r2 == 80 and (r0 == 2 or r0 == 5 or r0 == 8):
            return F_MIXED_STRAIGHT
        return 0
    if t0 + 3 == t1 and t1 + 3 == t2:
        return F_PURE_STRAIGHT
    if (t0 + 2 == t1 and t1 + 2 == t2) or (t0 + 1 == t1 and t1 + 1 == t2):
        return F_PURE_SHIFTED_CHOWS
    if t0 == t1 and t0 == t2:
        return F_PURE_TRIPLE_CHOW
    return 0


cdef int _two_chows_fan(int t0, int t1) noexcept nogil:
    if (t0 >> 4) != (t1 >> 4):
        return F_MIXED_DOUBLE_CHOW if (t0 & 0xF) == (t1 & 0xF) else 0
    if t0 + 3 == t1 or t1 + 3 == t0:
        return F_SHORT_STRAIGHT
    if ((t0 & 0xF) == 2 and (t1 & 0xF) == 8) or ((t0 & 0xF) == 8 and (t1 & 0xF) == 2):
        return F_TWO_TERMINAL_CHOWS
    return F_PURE_DOUBLE_CHOW if t0 == t1 else 0


cdef int _four_pungs_fan(int t0, int t1, int t2, int t3) noexcept nogil:
    if _numbered(t0) and t0 + 1 == t1 and t1 + 1 == t2 and t2 + 1 == t3:
        return F_FOUR_PURE_SHIFTED_PUNGS
    if t0 == 0x41 and t1 == 0x42 and t2 == 0x43 and t3 == 0x44:
        return F_BIG_FOUR_WINDS
    return 0


cdef int _three_pungs_fan(int t0, int t1, int t2) noexcept nogil:
    cdef int s0, s1, s2
    if _numbered(t0) and _numbered(t1) and _numbered(t2):
        s0 = t0 >> 4
        s1 = t1 >> 4
        s2 = t2 >> 4
        if s0 != s1 and s0 != s2 and s1 != s2:
            if _consecutive3(t0 & 0xF, t1 & 0xF, t2 & 0xF):
                return F_MIXED_SHIFTED_PUNGS
            if (t0 & 0xF) == (t1 & 0xF) and (t1 & 0xF) == (t2 & 0xF):
                return F_TRIPLE_PUNG
        elif t0 + 1 == t1 and t1 + 1 == t2:
            return F_PURE_SHIFTED_PUNGS
        return 0
    if _wind(t0) and _wind(t1) and _wind(t2) and t0 < t1 and t1 < t2:
        return F_BIG_THREE_WINDS
    if t0 == RED and t1 == GREEN and t2 == WHITE:
        return F_BIG_THREE_DRAGONS
    return 0


cdef int _two_pungs_fan(int t0, int t1) noexcept nogil:
    if _numbered(t0) and _numbered(t1):
        return F_DOUBLE_PUNG if (t0 & 0xF) == (t1 & 0xF) else 0
    return F_TWO_DRAGONS_PUNGS if _dragon(t0) and _dragon(t1) else 0


cdef int _extra_chow_fan(int t0, int t1, int t2, int extra) noexcept nogil:
    cdef int a = _two_chows_fan(t0, extra), b = _two_chows_fan(t1, extra), c = _two_chows_fan(t2, extra)
    cdef int fan
    for fan in range(F_PURE_DOUBLE_CHOW, F_TWO_TERMINAL_CHOWS + 1):  # 一般高 喜相逢 连六 老少副, in turn
        if a == fan or b == fan or c == fan:
            return fan
    return 0


cdef void _account_once(const int* fans, int n_fans, int most, int* ft) noexcept nogil:
    """The two-chow fans, at most ``most`` of them (一次原则; see the pure twin)."""
    cdef int table[4]
    cdef int n = 0, i, limit = 1
    table[:] = [0, 0, 0, 0]
    for i in range(n_fans):
        if fans[i]:
            n += 1
            table[fans[i] - F_PURE_DOUBLE_CHOW] += 1
    while n > most and limit >= 0:
        i = 4
        while n > most and i > 0:
            i -= 1
            while table[i] > limit and n > most:
                table[i] -= 1
                n -= 1
        limit -= 1
    for i in range(4):
        ft[F_PURE_DOUBLE_CHOW + i] = table[i]


cdef bint _three_of_four_chows(int t0, int t1, int t2, int extra, int* ft) noexcept nogil:
    cdef int fan = _three_chows_fan(t0, t1, t2)
    if not fan:
        return False
    ft[fan] = 1
    fan = _extra_chow_fan(t0, t1, t2, extra)
    if fan:
        ft[fan] = 1
    return True


cdef void _four_chows(int* t, int* ft) noexcept nogil:
    cdef int fan = _four_chows_fan(t[0], t[1], t[2], t[3])
    cdef int fans[6]
    cdef int most = 3
    if fan:
        ft[fan] = 1
        return
    if (_three_of_four_chows(t[0], t[1], t[2], t[3], ft) or _three_of_four_chows(t[0], t[1], t[3], t[2], ft)
            or _three_of_four_chows(t[0], t[2], t[3], t[1], ft) or _three_of_four_chows(t[1], t[2], t[3], t[0], ft)):
        return
    fans[0] = _two_chows_fan(t[0], t[1])
    fans[1] = _two_chows_fan(t[0], t[2])
    fans[2] = _two_chows_fan(t[0], t[3])
    fans[3] = _two_chows_fan(t[1], t[2])
    fans[4] = _two_chows_fan(t[1], t[3])
    fans[5] = _two_chows_fan(t[2], t[3])
    if not fans[0] and not fans[1] and not fans[2]:
        most -= 1
    if not fans[0] and not fans[3] and not fans[4]:
        most -= 1
    if not fans[1] and not fans[3] and not fans[5]:
        most -= 1
    if not fans[2] and not fans[4] and not fans[5]:
        most -= 1
    if most > 0:
        _account_once(fans, 6, most, ft)


cdef void _three_chows(int* t, int* ft) noexcept nogil:
    cdef int fan = _three_chows_fan(t[0], t[1], t[2])
    cdef int fans[3]
    if fan:
        ft[fan] = 1
        return
    fans[0] = _two_chows_fan(t[0], t[1])
    fans[1] = _two_chows_fan(t[0], t[2])
    fans[2] = _two_chows_fan(t[1], t[2])
    _account_once(fans, 3, 2, ft)


cdef inline void _two_pungs_each(const int* t, int n, int* ft) noexcept nogil:
    """Counts the fan of every two of the ``n`` pungs ``t`` (双同刻 and the like)."""
    cdef int a, b, fan
    for a in range(n):
        for b in range(a + 1, n):
            fan = _two_pungs_fan(t[a], t[b])
            if fan:
                ft[fan] += 1


cdef void _four_pungs(int* t, int* ft) noexcept nogil:
    cdef int fan = _four_pungs_fan(t[0], t[1], t[2], t[3])
    cdef int free, a
    if fan:
        ft[fan] = 1
        return
    for free in range(3, -1, -1):  # the three pungs 012, 013, 023, 123 in turn: the one left out
        fan = _three_pungs_fan(t[1 if free == 0 else 0], t[2 if free <= 1 else 1], t[3 if free <= 2 else 2])
        if fan:
            ft[fan] = 1
            for a in range(4):
                if a != free:
                    fan = _two_pungs_fan(t[a], t[free])
                    if fan:
                        ft[fan] += 1
                        break
            return
    _two_pungs_each(t, 4, ft)


cdef void _three_pungs(int* t, int* ft) noexcept nogil:
    cdef int fan = _three_pungs_fan(t[0], t[1], t[2])
    if fan:
        ft[fan] = 1
        return
    _two_pungs_each(t, 3, ft)


cdef void _kongs(int concealed_pungs, int melded_kongs, int concealed_kongs, int* ft) noexcept nogil:
    cdef int kongs = melded_kongs + concealed_kongs
    cdef int hidden = 0
    if kongs == 0:
        hidden = concealed_pungs
    elif kongs == 1:
        ft[F_MELDED_KONG if melded_kongs else F_CONCEALED_KONG] = 1
        hidden = concealed_pungs + concealed_kongs
    elif kongs == 2:
        if concealed_kongs == 0:
            ft[F_TWO_MELDED_KONGS] = 1
            hidden = 2 if concealed_pungs == 2 else 0
        else:
            ft[F_CONCEALED_KONG_AND_MELDED_KONG if concealed_kongs == 1 else F_TWO_CONCEALED_KONGS] = 1
            if concealed_pungs:
                hidden = concealed_pungs + concealed_kongs
    elif kongs == 3:
        ft[F_THREE_KONGS] = 1
        if concealed_kongs:
            hidden = concealed_kongs + (1 if concealed_pungs else 0)
    else:
        ft[F_FOUR_KONGS] = 1
        hidden = concealed_kongs
    if hidden == 2:
        ft[F_TWO_CONCEALED_PUNGS] = 1
    elif hidden == 3:
        ft[F_THREE_CONCEALED_PUNGS] = 1
    elif hidden == 4:
        ft[F_FOUR_CONCEALED_PUNGS] = 1


# ---------------------------------------------------------------- waits


cdef void _seven_pairs_wait(const int* table, int* waiting) noexcept nogil:
    cdef int pairs = 0, i, n
    for i in range(34):
        n = table[ALL[i]]
        if n == 2 or n == 3:
            pairs += 1
        elif n == 4:
            pairs += 2
    if pairs == 6:
        for i in range(34):
            n = table[ALL[i]]
            if n == 1 or n == 3:
                waiting[ALL[i]] = 1
                break


cdef void _pair_rest_wait(const int* table, int* waiting) noexcept nogil:
    cdef int i, t, n, r
    for i in range(34):
        t = ALL[i]
        n = table[t]
        if n < 1:
            continue
        if n > 1:
            waiting[t] = 1
            return
        if _numbered(t):
            r = t & 0xF
            if r > 1 and table[t - 1]:
                if r < 9:
                    waiting[t + 1] = 1
                if r > 2:
                    waiting[t - 2] = 1
                return
            if r > 2 and table[t - 2]:
                waiting[t - 1] = 1
                return


cdef void _regular_wait(int* table, int n, long previous, int* waiting) noexcept nogil:
    cdef int i, t
    cdef long eigen
    if n == 1:
        for i in range(34):
            if table[ALL[i]] == 1:
                waiting[ALL[i]] = 1
                break
        return
    if n == 4:
        for i in range(34):
            t = ALL[i]
            if table[t] >= 2:
                table[t] -= 2
                _pair_rest_wait(table, waiting)
                table[t] += 2
    for i in range(34):
        t = ALL[i]
        if table[t] < 1:
            continue
        if table[t] > 2:
            eigen = t << 16 | t << 8 | t
            if eigen > previous:
                table[t] -= 3
                _regular_wait(table, n - 3, eigen, waiting)
                table[t] += 3
        if t < 0x40 and (t & 0xF) < 8 and table[t + 1] > 0 and table[t + 2] > 0:
            eigen = t << 16 | (t + 1) << 8 | (t + 2)
            if eigen >= previous:
                table[t] -= 1
                table[t + 1] -= 1
                table[t + 2] -= 1
                _regular_wait(table, n - 3, eigen, waiting)
                table[t] += 1
                table[t + 1] += 1
                table[t + 2] += 1


cdef bint _melds(int* c) noexcept nogil:
    """Whether nine ranks of one suit split into melds only."""
    cdef int i = 0
    cdef bint ok
    while i < 9 and c[i] == 0:
        i += 1
    if i == 9:
        return True
    if c[i] >= 3 and _melds_less(c, i, 3):
        return True
    if i < 7 and c[i + 1] and c[i + 2]:
        c[i] -= 1
        c[i + 1] -= 1
        c[i + 2] -= 1
        ok = _melds(c)
        c[i] += 1
        c[i + 1] += 1
        c[i + 2] += 1
        return ok
    return False


cdef inline bint _melds_less(int* c, int i, int k) noexcept nogil:
    """Whether the ranks ``c`` less ``k`` of rank ``i`` split into melds only (``c`` left as it was)."""
    c[i] -= k
    cdef bint ok = _melds(c)
    c[i] += k
    return ok


cdef bint _group_ok(int* c, int g, bint pair) noexcept nogil:
    """Whether group ``g`` (0-2 a suit, 3 the honours; counts ``c``) is melds only (with ``pair``: and a pair)."""
    cdef int i, pairs = 0
    if g == 3:
        for i in range(7):
            if c[i] == 2:
                pairs += 1
            elif c[i] != 0 and c[i] != 3:
                return False
        return pairs == (1 if pair else 0)
    if not pair:
        return _melds(c)
    for i in range(9):
        if c[i] >= 2 and _melds_less(c, i, 2):
            return True
    return False


cdef inline int _group_waits(int* group, int g, bint pair, int seven, int most) noexcept nogil:
    """The kinds of group ``g`` (but ``seven``) whose draw leaves ``group`` melds (with ``pair``: and a
    pair), counted until the count passes ``most``."""
    cdef int i, found = 0
    for i in range(7 if g == 3 else 9):
        group[i] += 1
        if _group_ok(group, g, pair) and ALL[9 * g + i] != seven:
            found += 1
        group[i] -= 1
        if found > most:
            break
    return found


cdef bint _unique_wait_fast(int* table, int n, int win) noexcept nogil:
    """``_unique_wait`` of the whole concealed part, suit by suit: the tiles that complete the standard
    form, and the seven pairs wait; the search itself where a tile is held four times (the reference
    counts a fifth copy)."""
    cdef int groups[4][9]
    cdef int mods[4]
    cdef int waiting[SIZE]
    cdef int i, g, h, k, t, size, found = 0, seven = -1, ones = 0, twos = 0, one = -1, two_a = -1, two_b = -1
    cdef bint ok
    table[win] -= 1
    for g in range(4):
        size = 7 if g == 3 else 9
        mods[g] = 0
        for i in range(size):
            t = ALL[9 * g + i]
            groups[g][i] = table[t]
            mods[g] += table[t]
            if table[t] == 4:
                table[win] += 1
                return _unique_wait(table, n, win)
        mods[g] %= 3
        if mods[g] == 1:
            ones += 1
            one = g
        elif mods[g] == 2:
            twos += 1
            if two_a < 0:
                two_a = g
            else:
                two_b = g
    if n == 13:
        memset(waiting, 0, sizeof(waiting))
        _seven_pairs_wait(table, waiting)
        for i in range(SIZE):
            if waiting[i]:
                found = 1
                seven = i
    table[win] += 1
    if ones == 1 and twos == 0:
        for h in range(4):
            if h != one and not _group_ok(groups[h], h, False):
                return found == 1
        found += _group_waits(groups[one], one, True, seven, 1 - found)
        if found > 1:
            return False
    elif ones == 0 and twos == 2:
        for k in range(2):
            g = two_a if k == 0 else two_b
            h = two_b if k == 0 else two_a
            ok = _group_ok(groups[h], h, True)
            for i in range(4):
                if i != g and i != h and not _group_ok(groups[i], i, False):
                    ok = False
            if not ok:
                continue
            found += _group_waits(groups[g], g, False, seven, 1 - found)
            if found > 1:
                return False
    return found == 1


cdef bint _unique_wait(int* table, int n, int win) noexcept nogil:
    cdef int waiting[SIZE]
    cdef int i, found = 0
    memset(waiting, 0, sizeof(waiting))
    table[win] -= 1
    if n == 13:
        _seven_pairs_wait(table, waiting)
    _regular_wait(table, n, 0, waiting)
    table[win] += 1
    for i in range(SIZE):
        found += waiting[i]
    return found == 1


# ---------------------------------------------------------------- adjustments


cdef void _by_win_flag(int flags, int* ft) noexcept nogil:
    if flags & GB_LAST_COPY:
        ft[F_LAST_TILE] = 1
    if flags & GB_SELF_DRAWN:
        ft[F_SELF_DRAWN] = 1
        if flags & GB_WALL_LAST:
            ft[F_LAST_TILE_DRAW] = 1
            ft[F_SELF_DRAWN] = 0
        if flags & GB_KONG:
            ft[F_OUT_WITH_REPLACEMENT_TILE] = 1
            ft[F_SELF_DRAWN] = 0
    else:
        if flags & GB_WALL_LAST:
            ft[F_LAST_TILE_CLAIM] = 1
        if flags & GB_KONG:
            ft[F_ROBBING_THE_KONG] = 1
            ft[F_LAST_TILE] = 0


cdef void _by_suits(const int* unique, int n, int* ft) noexcept nogil:
    cdef int suits = 0, i, s
    cdef bint winds = False, dragons = False
    for i in range(n):
        suits |= 1 << (unique[i] >> 4)
        winds |= _wind(unique[i])
        dragons |= _dragon(unique[i])
    if not suits & 0x10:
        ft[F_NO_HONORS] = 1
    for s in range(1, 4):
        if not suits & (1 << s):
            ft[F_ONE_VOIDED_SUIT] += 1
    if ft[F_ONE_VOIDED_SUIT] == 2:
        ft[F_ONE_VOIDED_SUIT] = 0
        if ft[F_NO_HONORS] == 0:
            ft[F_HALF_FLUSH] = 1
        else:
            ft[F_FULL_FLUSH] = 1
            ft[F_NO_HONORS] = 0
    if suits == 0x1E and winds and dragons:
        ft[F_ALL_TYPES] = 1


cdef void _by_rank_range(const int* unique, int n, int* ft) noexcept nogil:
    cdef int ranks = 0, i
    for i in range(n):
        if not _numbered(unique[i]):
            return
        ranks |= 1 << (unique[i] & 0xF)
    if not ranks & 0xFFE1:
        ft[F_LOWER_FOUR if ranks & 0x10 else F_LOWER_TILES] = 1
    elif not ranks & 0xFC3F:
        ft[F_UPPER_FOUR if ranks & 0x40 else F_UPPER_TILES] = 1
    elif not ranks & 0xFF8F:
        ft[F_MIDDLE_TILES] = 1


cdef void _by_pack_traits(const Pack* packs, int* ft) noexcept nogil:
    cdef int terminal = 0, honor = 0, five = 0, even = 0, i, t, r
    for i in range(5):
        t = packs[i].tile
        if _numbered(t):
            r = t & 0xF
            if packs[i].kind == P_CHOW:
                if r == 2 or r == 8:
                    terminal += 1
                elif 4 <= r <= 6:
                    five += 1
            elif r == 1 or r == 9:
                terminal += 1
            elif r == 5:
                five += 1
            elif r == 2 or r == 4 or r == 6 or r == 8:
                even += 1
        else:
            honor += 1
    if terminal + honor == 5:
        ft[F_OUTSIDE_HAND] = 1
    elif five == 5:
        ft[F_ALL_FIVE] = 1
    elif even == 5:
        ft[F_ALL_EVEN_PUNGS] = 1


cdef void _by_tile_traits(const int* unique, int n, int* ft) noexcept nogil:
    cdef int i
    cdef bint simples = True, reversible = True, green = True, honors = True, terminals = True, outside = True
    for i in range(n):
        if _outside(unique[i]):
            simples = False
        else:
            outside = False
        reversible &= _reversible(unique[i])
        green &= _green(unique[i])
        honors &= _honor(unique[i])
        terminals &= _terminal(unique[i])
    ft[F_ALL_SIMPLES] |= simples
    ft[F_REVERSIBLE_TILES] |= reversible
    ft[F_ALL_GREEN] |= green
    if not simples:
        ft[F_ALL_HONORS] |= honors
        ft[F_ALL_TERMINALS] |= terminals and not honors
        ft[F_ALL_TERMINALS_AND_HONORS] |= outside and not (honors or terminals)


cdef void _by_wait(const Pack* packs, int n, int win, int* ft) noexcept nogil:
    cdef int where = 0, i, t
    if ft[F_MELDED_HAND] or ft[F_FOUR_KONGS]:
        return
    for i in range(n):
        t = packs[i].tile
        if packs[i].kind == P_CHOW:
            if t == win:
                where |= 2
            elif t + 1 == win or t - 1 == win:
                where |= 1
        elif packs[i].kind == P_PAIR and t == win:
            where |= 4
    if where & 1:
        ft[F_EDGE_WAIT] = 1
    elif where & 2:
        ft[F_CLOSED_WAIT] = 1
    elif where & 4:
        ft[F_SINGLE_WAIT] = 1


cdef inline void _exclude(const unsigned char* pairs, int n, int* ft) noexcept nogil:
    """Each pair ``(fan, excluded)`` of the ``n`` numbers of ``pairs`` in turn: ``excluded`` is not counted beside
    ``fan``."""
    cdef int i
    for i in range(0, n, 2):
        if ft[pairs[i]]:
            ft[pairs[i + 1]] = 0


cdef void _final(int* ft) noexcept nogil:
    """The fans not counted beside a bigger one (不计), in the reference's order (the tables of fan_flags)."""
    _exclude(EXCLUDES, sizeof(EXCLUDES), ft)
    if ft[F_FOUR_CONCEALED_PUNGS]:
        ft[F_ALL_PUNGS] = 0
        ft[F_CONCEALED_HAND] = 0
        if ft[F_FULLY_CONCEALED_HAND]:
            ft[F_FULLY_CONCEALED_HAND] = 0
            ft[F_SELF_DRAWN] = 1
    _exclude(EXCLUDES_LATER, sizeof(EXCLUDES_LATER), ft)
    if ft[F_BIG_THREE_WINDS] and not ft[F_ALL_HONORS] and not ft[F_ALL_TERMINALS_AND_HONORS]:
        ft[F_PUNG_OF_TERMINALS_OR_HONORS] -= 3
    _exclude(EXCLUDES_LAST, sizeof(EXCLUDES_LAST), ft)


cdef void _by_winds(int t, int round_wind, int seat_wind, int* ft) noexcept nogil:
    cdef bint deducted = (ft[F_BIG_THREE_WINDS] or ft[F_ALL_TERMINALS_AND_HONORS] or ft[F_ALL_HONORS]
                          or ft[F_LITTLE_FOUR_WINDS])
    if t == round_wind:
        ft[F_PREVALENT_WIND] = 1
        if not deducted:
            ft[F_PUNG_OF_TERMINALS_OR_HONORS] -= 1
    if t == seat_wind:
        ft[F_SEAT_WIND] = 1
        if seat_wind != round_wind and not deducted:
            ft[F_PUNG_OF_TERMINALS_OR_HONORS] -= 1


cdef int _total(const int* ft) noexcept nogil:
    cdef int i, total = 0
    for i in range(N_FAN_SLOTS):
        total += ft[i] * POINTS[i]
    return total


# ---------------------------------------------------------------- the forms


cdef void _regular(const Win* w, const Pack* packs, bint unique_wait, int* ft) noexcept nogil:
    """The fans of one split: ``packs`` the declared melds (first ``w.n_fixed``), the concealed melds, the pair."""
    cdef int chows[4]
    cdef int pung_tiles[4]
    cdef bint pung_melded[4]
    cdef int n_chows = 0, n_pungs = 0, pair = 0, concealed_pungs = 0, melded_kongs = 0, concealed_kongs = 0
    cdef int i, t, fan, melded, hogs
    cdef bint self_drawn = (w.flags & GB_SELF_DRAWN) != 0, near
    memset(ft, 0, N_FAN_SLOTS * sizeof(int))
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
    _by_suits(w.unique, w.n_unique, ft)
    _by_tile_traits(w.unique, w.n_unique, ft)
    _by_rank_range(w.unique, w.n_unique, ft)
    if not ft[F_QUADRUPLE_CHOW]:
        hogs = 0
        for i in range(SIZE):
            if w.table[i] + w.fixed_table[i] == 4:
                hogs += 1
        ft[F_TILE_HOG] = hogs - melded_kongs - concealed_kongs
    if unique_wait:
        _by_wait(packs + w.n_fixed, 5 - w.n_fixed, w.win, ft)
    _final(ft)
    if not ft[F_BIG_FOUR_WINDS]:
        for i in range(n_pungs):
            if _wind(pung_tiles[i]):
                _by_winds(pung_tiles[i], w.round_, w.seat, ft)
    for i in range(N_FAN_SLOTS):
        if ft[i]:
            return
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


cdef int _splits(const Win* w, const int* table, int need, Pack* out) noexcept nogil:
    """Every split of ``table`` into ``need`` melds and a pair, after the declared melds, in the
    reference's order: ``out`` holds 5 packs per split; returns how many."""
    cdef unsigned char counts[N_KINDS]
    cdef unsigned char records[MAX_SPLITS * MAX_SPLIT_WIDTH]
    cdef long keys[MAX_SPLITS][4]
    cdef int order[MAX_SPLITS]
    cdef Pack packs[MAX_SPLITS][5]
    cdef int i, j, k, m, width, n, x, c
    cdef Pack p
    cdef Py_ssize_t found
    for i in range(N_KINDS):
        counts[i] = <unsigned char>table[CODE[i]]
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


cdef bint _knitted_straight(Win* w, int* ft) noexcept nogil:
    """组合龙 with one meld and a pair beside it (concealed, or the one declared meld)."""
    cdef int table[SIZE]
    cdef Pack splits[MAX_SPLITS * 5]
    cdef Pack packs[5]
    cdef int i, k, seq = -1, pair = -1, rest = 0, n, tile, kind
    cdef bint melded, found = False, in_seq = False
    for i in range(SIZE):
        if w.table[i] >= 2:
            found = True
    if not found:
        return False
    for k in range(6):
        found = True
        for i in range(9):
            if not w.table[KNITTED[k][i]]:
                found = False
                break
        if found:
            seq = k
            break
    if seq < 0:
        return False
    memcpy(table, w.table, sizeof(table))
    for i in range(9):
        table[KNITTED[seq][i]] -= 1
        if KNITTED[seq][i] == w.win:
            in_seq = True
    if w.n_fixed:
        for i in range(SIZE):
            if table[i]:
                rest += 1
                pair = i
        if rest != 1 or table[pair] != 2:
            return False
        packs[0] = w.fixed[0]
        packs[1].kind = P_PAIR
        packs[1].tile = pair
        packs[1].melded = False
    else:
        n = _splits_loose(w, table, splits)
        if n != 1:
            return False
        packs[0] = splits[0]
        packs[1] = splits[4]
    memset(ft, 0, N_FAN_SLOTS * sizeof(int))
    kind = packs[0].kind
    tile = packs[0].tile
    melded = packs[0].melded
    pair = packs[1].tile
    ft[F_KNITTED_STRAIGHT] = 1
    if kind == P_CHOW:
        if _numbered(pair):
            ft[F_ALL_CHOWS] = 1
        if w.fixed_table[pair] + w.table[pair] == 4:
            ft[F_TILE_HOG] = 1
    elif _honor(tile):
        if _wind(tile):
            ft[F_PUNG_OF_TERMINALS_OR_HONORS] = 1
            _by_winds(tile, w.round_, w.seat, ft)
            if _dragon(pair):
                ft[F_ALL_TYPES] = 1
        else:
            ft[F_DRAGON_PUNG] = 1
            if _wind(pair):
                ft[F_ALL_TYPES] = 1
    else:
        if _terminal(tile):
            ft[F_PUNG_OF_TERMINALS_OR_HONORS] = 1
        if not _honor(pair):
            ft[F_NO_HONORS] = 1
        if kind != P_KONG and w.fixed_table[tile] + w.table[tile] == 4:
            ft[F_TILE_HOG] = 1
    _by_win_flag(w.flags, ft)
    if melded:
        if kind == P_KONG:
            ft[F_MELDED_KONG] = 1
    else:
        if kind == P_KONG:
            ft[F_CONCEALED_KONG] = 1
        if w.flags & GB_SELF_DRAWN:
            ft[F_FULLY_CONCEALED_HAND] = 1
            ft[F_SELF_DRAWN] = 0
        else:
            ft[F_CONCEALED_HAND] = 1
    if not w.n_fixed:
        if _unique_wait(table, 4, w.win):
            _by_wait(packs, 2, w.win, ft)
    elif not in_seq or w.table[w.win] == 3:
        ft[F_SINGLE_WAIT] = 1
    _final(ft)
    return True


cdef int _splits_loose(Win* w, const int* table, Pack* out) noexcept nogil:
    """The splits of the five tiles beside a knitted straight (no declared melds before them)."""
    cdef int n_fixed = w.n_fixed, n
    w.n_fixed = 0
    n = _splits(w, table, 1, out)
    w.n_fixed = n_fixed
    # _splits put the meld at 0 and the pair at 4
    return n


cdef bint _seven_shifted_pairs(const int* table, int s) noexcept nogil:
    cdef int t3, i
    if s == 4:
        return False
    t3 = s << 4 | 3
    for i in range(5):
        if table[t3 + i] != 2:
            return False
    if table[t3 - 1] == 2:
        return table[t3 - 2] == 2 or table[t3 + 5] == 2
    return table[t3 + 5] == 2 and table[t3 + 6] == 2


cdef bint _special(const Win* w, int* ft) noexcept nogil:
    """Seven pairs (连七对), 全不靠 / 七星不靠, thirteen orphans: a concealed hand of 14."""
    cdef int i, k, s, numbered = 0, hogs = 0
    cdef bint pairs = True, inside
    memset(ft, 0, N_FAN_SLOTS * sizeof(int))
    for i in range(SIZE):
        if w.table[i] & 1:
            pairs = False
    if pairs:
        s = w.win >> 4
        if _seven_shifted_pairs(w.table, s):
            ft[F_SEVEN_SHIFTED_PAIRS] = 1
            if w.table[s << 4 | 1] == 0 and w.table[s << 4 | 9] == 0:
                ft[F_ALL_SIMPLES] = 1
            _by_win_flag(w.flags, ft)
        else:
            ft[F_SEVEN_PAIRS] = 1
            _by_suits(w.unique, w.n_unique, ft)
            _by_tile_traits(w.unique, w.n_unique, ft)
            _by_rank_range(w.unique, w.n_unique, ft)
            for i in range(SIZE):
                if w.table[i] == 4:
                    hogs += 1
            ft[F_TILE_HOG] = hogs
            _by_win_flag(w.flags, ft)
            _final(ft)
        return True
    if w.n_unique == 14:
        while numbered < 14 and not _honor(w.unique[numbered]):
            numbered += 1
        if 7 <= numbered <= 9:
            for k in range(6):
                inside = True
                for i in range(numbered):
                    if not _in_seq(w.unique[i], k):
                        inside = False
                        break
                if inside:
                    if numbered == 7:
                        ft[F_GREATER_HONORS_AND_KNITTED_TILES] = 1
                    else:
                        ft[F_LESSER_HONORS_AND_KNITTED_TILES] = 1
                        if numbered == 9:
                            ft[F_KNITTED_STRAIGHT] = 1
                    _by_win_flag(w.flags, ft)
                    return True
    if w.n_unique == 13:
        for i in range(13):
            if w.unique[i] != ORPHANS[i]:
                return False
        ft[F_THIRTEEN_ORPHANS] = 1
        _by_win_flag(w.flags, ft)
        return True
    return False


cdef inline bint _in_seq(int t, int k) noexcept nogil:
    cdef int i
    for i in range(9):
        if KNITTED[k][i] == t:
            return True
    return False


cdef bint _nine_gates(const Win* w, int* ft) noexcept nogil:
    cdef int s = w.win >> 4, r = w.win & 0xF, base, i
    if s == 4:
        return False
    base = s << 4
    if r == 1 or r == 9:
        if w.table[w.win] != 4 or w.table[base | (10 - r)] != 3:
            return False
        for i in range(2, 9):
            if w.table[base | i] != 1:
                return False
    else:
        if w.table[w.win] != 2 or w.table[base | 1] != 3 or w.table[base | 9] != 3:
            return False
        for i in range(2, 9):
            if i != r and w.table[base | i] != 1:
                return False
    memset(ft, 0, N_FAN_SLOTS * sizeof(int))
    ft[F_NINE_GATES] = 1
    if r == 1 or r == 9:
        ft[F_PURE_STRAIGHT] = 1
        ft[F_TILE_HOG] = 1
    elif r == 2 or r == 8:
        ft[F_TWO_CONCEALED_PUNGS] = 1
        ft[F_SHORT_STRAIGHT] = 1
        ft[F_PUNG_OF_TERMINALS_OR_HONORS] = 1
    elif r == 5:
        ft[F_TWO_CONCEALED_PUNGS] = 1
        ft[F_PUNG_OF_TERMINALS_OR_HONORS] = 1
    else:
        ft[F_SHORT_STRAIGHT] = 1
    _by_win_flag(w.flags, ft)
    return True


cdef bint fans_c(Win* w, int* best) noexcept nogil:
    """The fans of the win ``w`` into ``best`` (``N_FAN_SLOTS`` counts); False when the tiles do not win."""
    cdef int ft[N_FAN_SLOTS]
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
        unique_wait = _unique_wait_fast(w.table, 13 - 3 * w.n_fixed, w.win)
        n = _splits(w, w.table, 4 - w.n_fixed, splits)
        for i in range(n):
            _regular(w, splits + 5 * i, unique_wait, ft)
            total = _total(ft)
            if total > most or (total == most and (ft[F_PURE_TRIPLE_CHOW] == 1 or seven_pairs or ft[F_TRIPLE_PUNG])):
                most = total
                memcpy(best, ft, sizeof(ft))
                found = True
    return found


cdef bint gb_fans_c(const unsigned char* c, const int* kinds, const int* tiles, int n_melds, int win,
                    int situation, int seat_wind, int round_wind, int* best) noexcept nogil:
    """The fans of checked arguments (``count_fans``'s, melds as kind and tile arrays) into ``best``."""
    cdef Win w
    cdef int i, code, kind, n
    memset(&w, 0, sizeof(w))
    for i in range(N_KINDS):
        w.table[CODE[i]] = c[i]
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
    n = 0  # counted in a register: w.n_unique would be reloaded after every store to w.unique
    for i in range(34):
        if w.table[ALL[i]] or w.fixed_table[ALL[i]]:
            w.unique[n] = ALL[i]
            n += 1
    w.n_unique = n
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
    return fans_c(&w, best)


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
    cdef int best[N_FAN_SLOTS]
    cdef int kinds[4]
    cdef int tiles[4]
    cdef const unsigned char* c
    cdef int i, n, total = 0
    cdef bint found
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
    with nogil:
        found = gb_fans_c(c, kinds, tiles, n, win, situation, seat_wind, round_wind, best)
    if not found:
        return None
    return tuple([(i, best[i]) for i in range(N_FAN_SLOTS) if best[i]])
