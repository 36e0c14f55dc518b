# The fans of the melds taken together: the chows' (一色四同顺 .. 老少副, the account-once
# rule of the two-chow fans), the pungs' (一色四节高 .. 双同刻, the winds and dragons) and the
# kongs' and concealed pungs'.  Included by fans.pyx after the tile traits it stands on
# (_numbered, _wind, _dragon, _consecutive3); _regular calls them for each split.


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


cdef void _account_once(const int* fans, int n_fans, int most, signed char* ft) noexcept nogil:
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


cdef bint _three_of_four_chows(int t0, int t1, int t2, int extra, signed char* ft) noexcept nogil:
    cdef int fan = _three_chows_fan(t0, t1, t2)
    if not fan:
        return False
    ft[fan] = 1
    fan = _extra_chow_fan(t0, t1, t2, extra)
    if fan:
        ft[fan] = 1
    return True


cdef void _four_chows(int* t, signed char* ft) noexcept nogil:
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


cdef void _three_chows(int* t, signed char* ft) noexcept nogil:
    cdef int fan = _three_chows_fan(t[0], t[1], t[2])
    cdef int fans[3]
    if fan:
        ft[fan] = 1
        return
    fans[0] = _two_chows_fan(t[0], t[1])
    fans[1] = _two_chows_fan(t[0], t[2])
    fans[2] = _two_chows_fan(t[1], t[2])
    _account_once(fans, 3, 2, ft)


cdef inline void _two_pungs_each(const int* t, int n, signed char* ft) noexcept nogil:
    """Counts the fan of every two of the ``n`` pungs ``t`` (双同刻 and the like)."""
    cdef int a, b, fan
    for a in range(n):
        for b in range(a + 1, n):
            fan = _two_pungs_fan(t[a], t[b])
            if fan:
                ft[fan] += 1


cdef void _four_pungs(int* t, signed char* ft) noexcept nogil:
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


cdef void _three_pungs(int* t, signed char* ft) noexcept nogil:
    cdef int fan = _three_pungs_fan(t[0], t[1], t[2])
    if fan:
        ft[fan] = 1
        return
    _two_pungs_each(t, 3, ft)


cdef void _kongs(int concealed_pungs, int melded_kongs, int concealed_kongs, signed char* ft) noexcept nogil:
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
