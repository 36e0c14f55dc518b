# The knitted forms of GB (``KNITTED``): 全不靠 (七星不靠 is one of them) and 组合龙.
#
# A knitted set gives 147, 258 and 369 to the three suits, one each: six sets.  全不靠 is 14
# different tiles among a set's nine and the seven honors; 组合龙 is a set's nine tiles, then
# melds and a pair (derivations: docs/rules.md).
# Stands on: shanten_tables.pxi, shanten_exact.pxi, shanten_rules.pxi.

cdef enum:
    KNITTED_SIZE = 14          # 全不靠: tiles of the complete hand
    KNITTED_MELDS = 3          # the nine tiles of 组合龙 stand for three melds

cdef uint8_t KNIT[N_KNITTED_SETS][KNITTED_TILES]     # index34 tiles of each knitted set (common.pxd)
cdef uint32_t KNIT_MASK[N_KNITTED_SETS]              # the same as bits over the 27 suited kinds
cdef int KNIT_PERM[N_KNITTED_SETS][N_SUITS]          # [set][suit]: 0 for 147, 1 for 258, 2 for 369
cdef uint64_t KNIT_BYTES[N_KNITTED_SETS][4]         # the same as a 1 in its bytes of the first four count words


cdef void _init_knitted() noexcept nogil:
    cdef int s, u, j
    fill_knitted_sets(&KNIT[0][0])
    for s in range(N_KNITTED_SETS):
        KNIT_MASK[s] = 0
        for u in range(N_SUITS):
            KNIT_PERM[s][u] = knitted_residue(s, u)
        KNIT_BYTES[s][0] = KNIT_BYTES[s][1] = KNIT_BYTES[s][2] = KNIT_BYTES[s][3] = 0
        for j in range(KNITTED_TILES):
            KNIT_MASK[s] |= 1u << KNIT[s][j]
            KNIT_BYTES[s][KNIT[s][j] // 8] |= (<uint64_t>1) << (8 * (KNIT[s][j] % 8))


_init_knitted()


cdef inline uint32_t _held_suited(const uint8_t* c) noexcept nogil:
    cdef uint32_t m = 0
    cdef int t
    for t in range(FIRST_HONOR):
        m |= <uint32_t>(c[t] != 0) << t
    return m


cdef inline uint32_t _usable_suited(const uint8_t* lim) noexcept nogil:
    cdef uint32_t m = 0
    cdef int t
    for t in range(FIRST_HONOR):
        if lim[t]:
            m |= 1u << t
    return m


cdef int _knitted_cost(const uint8_t* c, const uint8_t* lim, uint32_t held) noexcept nogil:
    """全不靠: 14 different tiles of one set and the honors; a kind of limit 0 is not played."""
    cdef int t, s, h_hon = 0, u_hon = 0, usable, have, best = INF
    cdef uint32_t ok = _usable_suited(lim)
    for t in range(FIRST_HONOR, N_KINDS):
        u_hon += lim[t] > 0
        h_hon += c[t] > 0 and lim[t] > 0
    for s in range(N_KNITTED_SETS):
        usable = u_hon + popcount64(KNIT_MASK[s] & ok)
        if usable < KNITTED_SIZE:
            continue
        have = h_hon + popcount64(KNIT_MASK[s] & held & ok)
        if have > KNITTED_SIZE:
            have = KNITTED_SIZE
        if KNITTED_SIZE - have < best:
            best = KNITTED_SIZE - have
    return best


cdef inline uint32_t _rank9_less(const uint8_t* c, uint32_t bits) noexcept nogil:
    """Rank of a suit's counts less one copy where ``bits`` has a bit and a copy is held."""
    cdef uint32_t r = 0
    cdef int i, s = 0, v
    for i in range(SUIT_SIZE):
        v = c[i]
        if v and bits >> i & 1:
            v -= 1
        r += rank_tables.suit[i][s][v]
        s += v
    return r


cdef int _knitted_full(const uint8_t* c, uint32_t held) noexcept nogil:
    """``_knitted_cost`` with every limit 4."""
    cdef int t, s, h_hon = 0, have, best = INF
    for t in range(FIRST_HONOR, N_KINDS):
        h_hon += c[t] > 0
    for s in range(N_KNITTED_SETS):
        have = h_hon + popcount64(KNIT_MASK[s] & held)
        if have > KNITTED_SIZE:
            have = KNITTED_SIZE
        if KNITTED_SIZE - have < best:
            best = KNITTED_SIZE - have
    return best


cdef int _knitted_straight_full(const uint8_t* c, int n, uint32_t held, int bound,
                                int rest_floor) noexcept nogil:
    """``_knitted_straight_cost`` with every limit 4 and no overflow: the rest (at most a meld
    and the pair, never four copies of a kind) from the tabulated products.  A suit gives one
    of three tile triples (147, 258, 369) to a set: its row id without them is taken once per
    triple; sets by fewest missing first, stopping once ``missing + rest_floor`` (a lower
    bound of the rest's cost) reaches ``bound``."""
    cdef int ns = tables.suit.n_capped, nh = tables.honors.n_capped
    cdef int hid = -1
    cdef int less[N_SUITS][N_SUITS]      # [suit][triple]: capped row id of the suit less it
    cdef int missing[N_KNITTED_SETS]
    cdef int s, m, u, v, best = bound
    for s in range(N_KNITTED_SETS):
        missing[s] = KNITTED_TILES - popcount64(KNIT_MASK[s] & held)
    for u in range(N_SUITS):
        less[u][0] = less[u][1] = less[u][2] = -1
    for m in range(KNITTED_TILES + 1):
        if m + rest_floor >= best:
            break
        for s in range(N_KNITTED_SETS):
            if missing[s] != m:
                continue
            if hid < 0:
                hid = tables.honors.capped[_rank7(c + FIRST_HONOR)]
            for u in range(N_SUITS):
                if less[u][KNIT_PERM[s][u]] < 0:
                    less[u][KNIT_PERM[s][u]] = tables.suit.capped[
                        _rank9_less(c + SUIT_SIZE * u, 0x49 << KNIT_PERM[s][u])]
            v = m + _final(tables.man_pin + (less[0][KNIT_PERM[s][0]] * ns + less[1][KNIT_PERM[s][1]]) * ROW_LEN,
                           tables.sou_honors + (less[2][KNIT_PERM[s][2]] * nh + hid) * ROW_LEN,
                           n - KNITTED_MELDS)
            if v < best:
                best = v
    return best


cdef int _knitted_straight_cost(const uint8_t* c, const uint8_t* lim, int n, int budget, bint full,
                                uint32_t held, int bound) noexcept nogil:
    """组合龙: a set's nine tiles (one copy each, a held one always used: swapping copies
    changes no cost) plus ``n`` - 3 melds and the pair from the rest; the least cost below
    ``bound``, else ``bound`` or more."""
    cdef uint8_t rest[N_KINDS]
    cdef uint8_t rest_lim[N_KINDS]
    cdef uint32_t ok = _usable_suited(lim)
    cdef int s, j, t, missing, v, best = bound
    for s in range(N_KNITTED_SETS):
        if KNIT_MASK[s] & ~ok:
            continue
        missing = KNITTED_TILES - popcount64(KNIT_MASK[s] & held)
        if missing >= best:
            continue
        memcpy(rest, c, N_KINDS)
        for j in range(KNITTED_TILES):
            t = KNIT[s][j]
            if rest[t]:
                rest[t] -= 1
        if full and budget == 0:
            # the rest target (at most a meld and the pair) never holds four copies of a kind
            v = _std_capped(rest, n - KNITTED_MELDS)
        else:
            memcpy(rest_lim, lim, N_KINDS)
            for j in range(KNITTED_TILES):
                rest_lim[KNIT[s][j]] -= 1
            v = _std_general_rules(rest, rest_lim, n - KNITTED_MELDS, budget, True, ALL_PARTS)
        if missing + v < best:
            best = missing + v
    return best


cdef bint _knitted_win(const uint8_t* c, int total, uint32_t held) noexcept nogil:
    """Whether counts without jokers are a complete 全不靠 or 组合龙 (``total`` tiles)."""
    cdef uint8_t rest[N_KINDS]
    cdef int s, j, t
    if total == KNITTED_SIZE:
        for t in range(N_KINDS):
            if c[t] > 1:
                break
        else:
            for s in range(N_KNITTED_SETS):
                if held & ~KNIT_MASK[s] == 0:
                    return True
    for s in range(N_KNITTED_SETS):
        if held & KNIT_MASK[s] == KNIT_MASK[s]:
            memcpy(rest, c, N_KINDS)
            for j in range(KNITTED_TILES):
                rest[KNIT[s][j]] -= 1
            if _std_capped(rest, total // 3 - KNITTED_MELDS) == 0:
                return True
    return False


cdef bint _knitted_ready(const uint8_t* c, int total, uint32_t held) noexcept nogil:
    """Whether one tile more could complete a knitted form: 13 different tiles of a set and the
    honors, or a set lacking at most one tile."""
    cdef int s, t, h_hon = 0
    cdef bint single = True
    for t in range(FIRST_HONOR, N_KINDS):
        h_hon += c[t] > 0
    for t in range(N_KINDS):
        single &= c[t] <= 1
    for s in range(N_KNITTED_SETS):
        if popcount64(KNIT_MASK[s] & held) >= KNITTED_TILES - 1:
            return True
        if total == KNITTED_SIZE - 1 and single and h_hon + popcount64(KNIT_MASK[s] & held) == total:
            return True
    return False


cdef inline bint _knitted_may_wait(const uint8_t* c) noexcept nogil:
    """Whether ``waits_rules_c``'s rule path would look for knitted waits of the counts ``c`` (0-4
    each): 10 or more tiles and ``_knitted_ready``.  That needs six or more kinds of one knitted set
    held (a set lacking one, or 13 different tiles with at most seven honors), counted first on
    the count words (a byte 1 where a count is 1-4), as ``_knitted_ready`` counts them."""
    cdef uint64_t w[4]
    cdef uint64_t held_bytes[4]
    cdef int s, t, total = 0, most = 0
    memcpy(w, c, 32)
    for t in range(4):
        held_bytes[t] = ((w[t] + LOW7) & HIGH) >> 7
    for s in range(N_KNITTED_SETS):
        t = byte_sum((held_bytes[0] & KNIT_BYTES[s][0]) + (held_bytes[1] & KNIT_BYTES[s][1])
                     + (held_bytes[2] & KNIT_BYTES[s][2]) + (held_bytes[3] & KNIT_BYTES[s][3]))
        most = t if t > most else most
    if most < KNITTED_SIZE - 1 - N_HONORS:
        return False
    for t in range(N_KINDS):
        total += c[t]
    return total >= 10 and _knitted_ready(c, total, _held_suited(c))
