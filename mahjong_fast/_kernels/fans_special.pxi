# The forms beside the standard split: 组合龙 with a meld and a pair (_knitted_straight),
# seven pairs and 连七对, 全不靠 / 七星不靠 and thirteen orphans (_special), nine gates
# (_nine_gates), each with the fans the reference counts beside it.  Included by fans.pyx
# after _splits and the adjustments they stand on; fans_c tries them first.


cdef bint _knitted_straight(Win* w, signed char* ft) noexcept nogil:
    """组合龙 with one meld and a pair beside it (concealed, or the one declared meld)."""
    cdef int table[SIZE]
    cdef Pack splits[MAX_SPLITS * 5]
    cdef Pack packs[5]
    cdef int i, k, seq = -1, pair = -1, rest = 0, n, tile, kind
    cdef bint melded, found = False, in_seq = False
    if w.n_unique < 9:  # nine kinds of a knitted straight held
        return False
    for i in range(w.n_unique):
        if w.table[w.unique[i]] >= 2:
            found = True
            break
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
    memset(ft, 0, FAN_ROW)
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
    cdef unsigned char counts[N_KINDS]
    cdef int n_fixed = w.n_fixed, n, i
    for i in range(N_KINDS):
        counts[i] = <unsigned char>table[CODE[i]]
    w.n_fixed = 0
    n = _splits(w, counts, 1, out)
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


cdef bint _special(const Win* w, signed char* ft) noexcept nogil:
    """Seven pairs (连七对), 全不靠 / 七星不靠, thirteen orphans: a concealed hand of 14."""
    cdef int i, k, s, numbered = 0
    cdef bint pairs = True, inside
    memset(ft, 0, FAN_ROW)
    for i in range(w.n_unique):  # no declared melds here: the kinds held are the concealed ones
        if w.table[w.unique[i]] & 1:
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
            _hand_traits(w, ft)
            ft[F_TILE_HOG] = w.hogs
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


cdef bint _nine_gates(const Win* w, signed char* ft) noexcept nogil:
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
    memset(ft, 0, FAN_ROW)
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
