# The fans read off the whole hand and the situation, and the exclusions: the win flags
# (和绝张 妙手回春 海底捞月 杠上开花 抢杠和, self-drawn), suits, ranks, the packs' and tiles'
# traits, the one-tile waits, the winds, the 不计 rules (_final, the tables of fan_flags) and
# the total.  Included by fans.pyx after the tile traits it stands on.


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
