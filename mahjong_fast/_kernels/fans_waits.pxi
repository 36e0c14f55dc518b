# The waits: whether the hand before the winning tile waited on that one tile only (边张
# 嵌张 单钓 count only then), suit by suit (_unique_wait_fast, a fifth copy of a tile held four
# times included as the reference counts it) or by the reference's own search (_unique_wait,
# _regular_wait; the knitted straight's rest).  Included by fans.pyx
# after the tile traits; stands on ALL, SIZE, POW5 and the table kernel's table of suits
# (suit_kind_c: whether nine rank counts are melds only, or melds and a pair).


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


cdef inline unsigned int _suit_code(const int* c) noexcept nogil:
    """The ``table`` kernel's code of nine rank counts (0-4 each): the sum of ``c[r] * 5**r``."""
    cdef unsigned int code = 0
    cdef int r
    for r in range(8, -1, -1):
        code = code * 5 + c[r]
    return code


cdef bint _group_ok(int* c, int g, bint pair) noexcept nogil:
    """Whether group ``g`` (0-2 a suit, 3 the honours; counts ``c``, 0-4) is melds only (with ``pair``: and a
    pair); a suit is looked up in the ``table`` kernel's table of suits."""
    cdef int i, pairs = 0
    if g == 3:
        for i in range(7):
            if c[i] == 2 or c[i] == 5:  # 5: a fifth copy drawn to four, a pung and a pair
                pairs += 1
            elif c[i] != 0 and c[i] != 3:
                return False
        return pairs == (1 if pair else 0)
    return suit_kind_c(_suit_code(c)) == (SUIT_PAIR if pair else SUIT_MELDS)


cdef inline int _group_waits(int* group, int g, bint pair, int seven, int most) noexcept nogil:
    """The kinds of group ``g`` (but ``seven``; its counts 0-4) whose draw leaves ``group`` melds (with
    ``pair``: and a pair), counted until the count passes ``most``.

    A fifth copy of a kind held four times (the reference draws it) takes one of two shapes in a
    suit of at most 14 tiles: a pung of it beside the rest with two copies, or (with ``pair``) its
    pair beside melds holding three copies; five chows through it would be 15 tiles."""
    cdef int i, found = 0, want = SUIT_PAIR if pair else SUIT_MELDS
    cdef unsigned int code
    cdef bint ok
    if g == 3:
        for i in range(7):
            group[i] += 1
            if _group_ok(group, g, pair) and ALL[27 + i] != seven:
                found += 1
            group[i] -= 1
            if found > most:
                break
        return found
    code = _suit_code(group)
    for i in range(9):
        if group[i] == 4:
            ok = suit_kind_c(code - 2 * POW5[i]) == want or (pair and suit_kind_c(code - POW5[i]) == SUIT_MELDS)
        else:
            ok = suit_kind_c(code + POW5[i]) == want
        if ok and ALL[9 * g + i] != seven:
            found += 1
            if found > most:
                break
    return found


cdef bint _unique_wait_fast(int* table, int n, int win) noexcept nogil:
    """``_unique_wait`` of the whole concealed part, suit by suit: the tiles that complete the standard
    form (a fifth copy of a kind held four times too: the reference counts it), and the seven pairs
    wait.  The ``table`` kernel's table is built (``gb_fans_c``'s callers see to it)."""
    cdef int groups[4][9]
    cdef int mods[4]
    cdef int i, g, h, k, t, size, found = 0, seven = -1, ones = 0, twos = 0, one = -1, two_a = -1, two_b = -1
    cdef int pairs = 0, odd = -1
    cdef bint ok
    table[win] -= 1
    for g in range(4):
        size = 7 if g == 3 else 9
        mods[g] = 0
        for i in range(size):
            t = ALL[9 * g + i]
            groups[g][i] = table[t]
            mods[g] += table[t]
            if table[t] >= 2:
                pairs += 1 + (table[t] == 4)
            if table[t] & 1 and odd < 0:
                odd = t
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
    if n == 13 and pairs == 6 and odd >= 0:  # _seven_pairs_wait, read in the same pass
        found = 1
        seven = odd
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
