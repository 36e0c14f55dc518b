# The fans read off the whole hand and the situation, and the exclusions: the win flags
# (和绝张 妙手回春 海底捞月 杠上开花 抢杠和, self-drawn), suits, ranks, the packs' and tiles'
# traits, the one-tile waits, the winds, the 不计 rules (_final, the tables of fan_flags) and
# the total.  Included by fans.pyx after the tile traits it stands on.


cdef void _by_win_flag(int flags, signed char* ft) noexcept nogil:
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


cdef void _by_tiles(const int* unique, int n, signed char* ft) noexcept nogil:
    """The fans of the kinds held (``unique``, ``n`` of them): suits (无字 缺一门 混一色 清一色 五门齐), tile
    traits (断幺 推不倒 绿一色 字一色 清幺九 混幺九) and rank ranges (大于五 小于五 全大 全中 全小), as the
    pure twin's ``by_suits``, ``by_tile_traits`` and ``by_rank_range`` count them, in one pass over the
    kinds with their traits from ``TILE_TRAITS``."""
    cdef int i, t, suits = 0, ranks = 0, every = 0xFF, some = 0, voided
    cdef bint simples, honors, terminals
    for i in range(n):
        t = unique[i]
        suits |= 1 << (t >> 4)
        ranks |= 1 << (t & 0xF)
        every &= TILE_TRAITS[t]
        some |= TILE_TRAITS[t]
    if not suits & 0x10:
        ft[F_NO_HONORS] = 1
    voided = (not suits & 2) + (not suits & 4) + (not suits & 8)
    if voided == 2:
        if ft[F_NO_HONORS] == 0:
            ft[F_HALF_FLUSH] = 1
        else:
            ft[F_FULL_FLUSH] = 1
            ft[F_NO_HONORS] = 0
    else:
        ft[F_ONE_VOIDED_SUIT] += voided
    if suits == 0x1E and some & T_WIND and some & T_DRAGON:
        ft[F_ALL_TYPES] = 1
    simples = not some & T_OUTSIDE
    ft[F_ALL_SIMPLES] |= simples
    ft[F_REVERSIBLE_TILES] |= (every & T_REVERSIBLE) != 0
    ft[F_ALL_GREEN] |= (every & T_GREEN) != 0
    if not simples:
        honors = (every & T_HONOR) != 0
        terminals = (every & T_TERMINAL) != 0
        ft[F_ALL_HONORS] |= honors
        ft[F_ALL_TERMINALS] |= terminals and not honors
        ft[F_ALL_TERMINALS_AND_HONORS] |= (every & T_OUTSIDE) != 0 and not (honors or terminals)
    if some & T_HONOR:
        return
    if not ranks & 0xFFE1:
        ft[F_LOWER_FOUR if ranks & 0x10 else F_LOWER_TILES] = 1
    elif not ranks & 0xFC3F:
        ft[F_UPPER_FOUR if ranks & 0x40 else F_UPPER_TILES] = 1
    elif not ranks & 0xFF8F:
        ft[F_MIDDLE_TILES] = 1


cdef void _by_pack_traits(const Pack* packs, signed char* ft) noexcept nogil:
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


cdef void _by_wait(const Pack* packs, int n, int win, signed char* ft) noexcept nogil:
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


cdef inline void _exclude(int table, signed char* ft) noexcept nogil:
    """The pairs ``(fan, excluded)`` of exclusion table ``table`` (0 ``EXCLUDES``, 1 ``EXCLUDES_LATER``, 2
    ``EXCLUDES_LAST``): ``excluded`` is not counted beside ``fan``.  The pairs are grouped by ``fan``
    (``_group_exclusions``), so only the fans that exclude are read, 8 slots a word (``EXCLUDING_MASK``);
    as no excluded fan of a table excludes in it, this is the table applied pair by pair in turn."""
    cdef int w, a, k
    cdef unsigned long long x
    for w in range(EXCLUDING_WORDS[table][0], EXCLUDING_WORDS[table][1] + 1):
        x = _word(ft, w) & EXCLUDING_MASK[table][w]
        while x:
            a = EXCLUDING_AT[table][8 * w + (ctz64(x) >> 3)]
            for k in range(EXCLUDED_N[table][a]):
                ft[EXCLUDED[table][a][k]] = 0
            x &= ~(0xFFULL << (ctz64(x) & ~7))


cdef void _final(signed char* ft) noexcept nogil:
    """The fans not counted beside a bigger one (不计), in the reference's order (the tables of fan_flags)."""
    _exclude(0, ft)
    if ft[F_FOUR_CONCEALED_PUNGS]:
        ft[F_ALL_PUNGS] = 0
        ft[F_CONCEALED_HAND] = 0
        if ft[F_FULLY_CONCEALED_HAND]:
            ft[F_FULLY_CONCEALED_HAND] = 0
            ft[F_SELF_DRAWN] = 1
    _exclude(1, ft)
    if ft[F_BIG_THREE_WINDS] and not ft[F_ALL_HONORS] and not ft[F_ALL_TERMINALS_AND_HONORS]:
        ft[F_PUNG_OF_TERMINALS_OR_HONORS] -= 3
    _exclude(2, ft)


cdef void _by_winds(int t, int round_wind, int seat_wind, signed char* ft) noexcept nogil:
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


cdef inline unsigned long long _word(const signed char* ft, int w) noexcept nogil:
    """Slots ``8 * w`` .. ``8 * w + 7`` of ``ft`` as one number (0 when none is counted)."""
    cdef unsigned long long x
    memcpy(&x, ft + 8 * w, 8)
    return x


cdef int _total(const signed char* ft) noexcept nogil:
    """The points of the counts ``ft``: only the slots that hold a fan are read (``_fan_ids``' walk)."""
    cdef int w, i, total = 0
    cdef unsigned long long x
    for w in range(FAN_ROW // 8):
        x = _word(ft, w)
        while x:
            i = 8 * w + (ctz64(x) >> 3)
            total += ft[i] * POINTS[i]
            x &= ~(0xFFULL << (ctz64(x) & ~7))  # the lowest counted slot's byte cleared
    return total


cdef bint _any(const signed char* ft) noexcept nogil:
    """Whether ``ft`` counts any fan."""
    cdef int w
    cdef unsigned long long x = 0
    for w in range(FAN_ROW // 8):
        x |= _word(ft, w)
    return x != 0


cdef int _fan_ids(const signed char* ft, unsigned char* ids) noexcept nogil:
    """The ids of the fans ``ft`` counts, ascending, into ``ids``; returns how many.  A word of 8 slots is
    read at once, its counted slots found by their lowest set bits."""
    cdef int w, n = 0
    cdef unsigned long long x
    for w in range(FAN_ROW // 8):
        x = _word(ft, w)
        while x:
            ids[n] = <unsigned char>(8 * w + (ctz64(x) >> 3))
            n += 1
            x &= ~(0xFFULL << (ctz64(x) & ~7))
    return n
