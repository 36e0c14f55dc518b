# Exact costs under per-tile limits and an overflow budget: dynamic programmes over the tile
# positions, for the hands the capped and uncapped tables cannot answer (see docs/shanten.md).
# Stands on: shanten_rows.pxi, shanten_tables.pxi (rows of the parts that need no programme).


ctypedef uint8_t DPLayer[5][5][5][2]  # [chows from i-1][chows from i-2][melds][pair]


cdef void _part_dp(const uint8_t* held, const uint8_t* cap, int npos, bint chows, int budget,
                   bint absent, uint8_t out[5][2][OMAX + 1]) noexcept nogil:
    """Exact costs of k melds + p pairs in one part, by the overflow o used (o <= budget).

    Walks the positions, choosing at each how many chows start there, and whether pungs and
    the pair sit there; the state: chows started one and two positions back, melds, pair,
    overflow (outermost, so that a budget of 0 touches one layer).  ``absent``: a cap of 0
    means the kind is not played, so no copy of it goes into the target, jokers included.
    """
    cdef DPLayer buf[2][OMAX + 1]
    cdef DPLayer* cur = buf[0]
    cdef DPLayer* nxt = buf[1]
    cdef DPLayer* tmp
    cdef size_t used = (budget + 1) * sizeof(DPLayer)
    cdef int i, a, b, k, p, o, s, g, q, smax, copies, over, cost, value, h, cp, base, nk
    memset(cur, INF, used)
    cur[0][0][0][0][0] = 0
    for i in range(npos):
        memset(nxt, INF, used)
        h = held[i]
        cp = cap[i]
        smax = 4 if chows and i <= npos - 3 else 0
        if absent and cp == 0:
            # no copy here: only states with no chow running through this kind go on
            for o in range(budget + 1):
                for k in range(5):
                    for p in range(2):
                        if cur[o][0][0][k][p] < nxt[o][0][0][k][p]:
                            nxt[o][0][0][k][p] = cur[o][0][0][k][p]
            tmp = cur
            cur = nxt
            nxt = tmp
            continue
        for o in range(budget + 1):
            for a in range(5):
                for b in range(5 - a):
                    for k in range(a + b, 5):
                        for p in range(2):
                            cost = cur[o][a][b][k][p]
                            if cost >= INF:
                                continue
                            # copies only grow with s, g and q: stop once over budget
                            for s in range((smax if smax < 4 - k else 4 - k) + 1):
                                base = a + b + s
                                if o + base - cp > budget:
                                    break
                                for g in range(5 - k - s):
                                    nk = k + s + g
                                    if o + base + 3 * g - cp > budget:
                                        break
                                    for q in range(2 - p):
                                        copies = base + 3 * g + 2 * q
                                        over = o + (copies - cp if copies > cp else 0)
                                        if over > budget:
                                            break
                                        value = cost + (copies - h if copies > h else 0)
                                        if value < nxt[over][s][a][nk][p + q]:
                                            nxt[over][s][a][nk][p + q] = value
        tmp = cur
        cur = nxt
        nxt = tmp
    for k in range(5):
        for p in range(2):
            for o in range(OMAX + 1):
                out[k][p][o] = cur[o][0][0][k][p] if o <= budget else INF


cdef int _std_general(const uint8_t* c, const uint8_t* lim, int n, int budget) noexcept nogil:
    """Exact standard-form cost under per-tile limits and an overflow budget."""
    cdef uint8_t part[5][2][OMAX + 1]
    cdef uint8_t acc[5][2][OMAX + 1]
    cdef uint8_t nxt[5][2][OMAX + 1]
    cdef const uint8_t* caprow
    cdef const uint8_t* uncrow
    cdef int u, lo, npos, i, k1, k2, p1, p2, o1, o2, v, best
    cdef bint table
    cdef const uint8_t* rows_c[N_SUITS + 1]
    cdef const uint8_t* rows_u[N_SUITS + 1]
    _part_rows(c, False, rows_c)
    if budget:
        _part_rows(c, True, rows_u)
    for u in range(N_SUITS + 1):
        lo = SUIT_SIZE * u
        npos = N_HONORS if u == N_SUITS else SUIT_SIZE
        table = True
        for i in range(lo, lo + npos):
            if lim[i] < MAX_COPIES:
                table = False
        caprow = rows_c[u]
        if table and budget:
            table = memcmp(caprow, rows_u[u], ROW_LEN) == 0
        if table:
            memset(part, INF, sizeof(part))
            for k1 in range(5):
                part[k1][0][0] = caprow[2 * k1]
                part[k1][1][0] = caprow[2 * k1 + 1]
        else:
            _part_dp(c + lo, lim + lo, npos, u < N_SUITS, budget, False, part)
        if u == 0:
            memcpy(acc, part, sizeof(acc))
            continue
        memset(nxt, INF, sizeof(nxt))
        for k1 in range(n + 1):
            for p1 in range(2):
                for o1 in range(budget + 1):
                    if acc[k1][p1][o1] >= INF:
                        continue
                    for k2 in range(n + 1 - k1):
                        for p2 in range(2 - p1):
                            for o2 in range(budget + 1 - o1):
                                v = acc[k1][p1][o1] + part[k2][p2][o2]
                                if v < nxt[k1 + k2][p1 + p2][o1 + o2]:
                                    nxt[k1 + k2][p1 + p2][o1 + o2] = v
        memcpy(acc, nxt, sizeof(acc))
    best = INF
    for o1 in range(budget + 1):
        if acc[n][1][o1] < best:
            best = acc[n][1][o1]
    return best


cdef int _pairs_general(const uint8_t* c, const uint8_t* lim, int budget) noexcept nogil:
    cdef uint8_t cur[8][OMAX + 1]
    cdef uint8_t nxt[8][OMAX + 1]
    cdef int t, pairs, o, r, over, value, best
    memset(cur, INF, sizeof(cur))
    cur[0][0] = 0
    for t in range(N_KINDS):
        memset(nxt, INF, sizeof(nxt))
        for pairs in range(8):
            for o in range(budget + 1):
                if cur[pairs][o] >= INF:
                    continue
                for r in range(8 - pairs):
                    over = o + (2 * r - lim[t] if 2 * r > lim[t] else 0)
                    if over > budget:
                        break
                    value = cur[pairs][o] + (2 * r - c[t] if 2 * r > c[t] else 0)
                    if value < nxt[pairs + r][over]:
                        nxt[pairs + r][over] = value
        memcpy(cur, nxt, sizeof(cur))
    best = INF
    for o in range(budget + 1):
        if cur[7][o] < best:
            best = cur[7][o]
    return best


cdef int _orphans_general(const uint8_t* c, const uint8_t* lim, int budget, bint absent) noexcept nogil:
    cdef uint8_t cur[2][OMAX + 1]
    cdef uint8_t nxt[2][OMAX + 1]
    cdef int i, t, dup, o, copies, over, value, best
    memset(cur, INF, sizeof(cur))
    cur[0][0] = 0
    for i in range(N_ORPHANS):
        t = ORPHANS[i]
        memset(nxt, INF, sizeof(nxt))
        for dup in range(2):
            for o in range(budget + 1):
                if cur[dup][o] >= INF:
                    continue
                for copies in range(1, 3 - dup):
                    if absent and lim[t] == 0:
                        break
                    over = o + (copies - lim[t] if copies > lim[t] else 0)
                    if over > budget:
                        continue
                    value = cur[dup][o] + (copies - c[t] if copies > c[t] else 0)
                    if value < nxt[dup + copies - 1][over]:
                        nxt[dup + copies - 1][over] = value
        memcpy(cur, nxt, sizeof(cur))
    best = INF
    for o in range(budget + 1):
        if cur[1][o] < best:
            best = cur[1][o]
    return best
