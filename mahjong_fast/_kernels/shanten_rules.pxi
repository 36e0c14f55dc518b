# Costs under a rule set (``rule_flags``): per-part rows under any limits, parts left out of the
# target (a dropped suit, 缺一门), seven pairs of distinct kinds.  Under every rule set but the
# default a limit of 0 means the kind is not played ("absent"): no target holds a copy of it,
# jokers included (see docs/rules.md).
# Stands on: shanten_rows.pxi, shanten_tables.pxi, shanten_exact.pxi.

cdef enum:
    RULE_BITS = ALL_BITS          # every bit rule_flags defines
    FORM_C_KNITTED = 4            # 全不靠 (七星不靠 is one of them)
    FORM_C_KNITTED_STRAIGHT = 5   # 组合龙
    ALL_PARTS = 15                # kept-parts mask: man, pin, sou, honors

cdef uint8_t ZERO_ROW[ROW_LEN]     # a part the target leaves empty: 0 melds, no pair, cost 0
memset(ZERO_ROW, INF, ROW_LEN)
ZERO_ROW[0] = 0


cdef inline bint _rules_valid(int rules) noexcept nogil:
    """Known bits only, not both seven-pairs kinds, at most two suits dropped."""
    return ((rules & ~RULE_BITS) == 0
            and (rules & (SEVEN_PAIRS | SEVEN_PAIRS_DISTINCT)) != (SEVEN_PAIRS | SEVEN_PAIRS_DISTINCT)
            and (rules & DROP_MASK) >> DROP_SHIFT <= 2)


cdef inline bint _form_allowed(int form, int rules) noexcept nogil:
    if form == 0 or form == 1:
        return True
    if form == 2:
        return (rules & (SEVEN_PAIRS | SEVEN_PAIRS_DISTINCT)) != 0
    if form == 3:
        return (rules & THIRTEEN_ORPHANS) != 0
    if form == FORM_C_KNITTED or form == FORM_C_KNITTED_STRAIGHT:
        return (rules & KNITTED) != 0
    return False


cdef inline bint _form_fits(int form, int total) noexcept nogil:
    """Whether a hand of ``total`` tiles can take the form (组合龙: 9 knitted + 0 or 1 meld + pair)."""
    if form == FORM_C_KNITTED_STRAIGHT:
        return total >= 10
    if form >= 2:
        return total >= MAX_HAND - 1
    return True


cdef inline int _suits_held(const int* cnt, int rules) noexcept nogil:
    """Suits held by the concealed tiles or locked by a declared meld."""
    cdef int u, n = 0, lock = (rules & LOCK_MASK) >> LOCK_SHIFT
    for u in range(N_SUITS):
        n += (cnt[u] > 0) | (lock >> u & 1)
    return n


cdef void _pung_row(const uint8_t* c, const uint8_t* lim, int npos, uint8_t* row) noexcept nogil:
    """Exact row of a part where no chow fits, without overflow: each kind holds nothing, the
    pair (limit >= 2) or a pung (limit >= 3); two blocks on one kind need 5 copies or 2 pairs."""
    cdef int i, k, h, pair, pung, v
    memset(row, INF, ROW_LEN)
    row[0] = 0
    for i in range(npos):
        if lim[i] < 2:
            continue
        h = c[i]
        pair = 2 - h if h < 2 else 0
        pung = 3 - h if h < 3 else 0
        for k in range(4, -1, -1):   # descending: the sources (k-1, p) and (k, 0) are still old
            if k and lim[i] >= 3:
                v = row[2 * k - 1] + pung
                if v < row[2 * k + 1]:
                    row[2 * k + 1] = v
            v = row[2 * k] + pair
            if v < row[2 * k + 1]:
                row[2 * k + 1] = v
            if k and lim[i] >= 3:
                v = row[2 * k - 2] + pung
                if v < row[2 * k]:
                    row[2 * k] = v
    for k in range(ROW_LEN):
        if row[k] > INF:
            row[k] = INF


cdef const uint8_t* _rules_row(const uint8_t* c, const uint8_t* lim, int u, int budget, bint absent,
                               uint8_t* buf) noexcept nogil:
    """The exact cost row of part ``u`` under ``lim`` when one row answers (no overflow to
    track): the tables for limits of 4, ``ZERO_ROW`` for a part of limits 0, ``_pung_row``
    (into ``buf``) where no chow fits; NULL when the part needs ``_part_dp``."""
    cdef int lo = SUIT_SIZE * u, npos = N_HONORS if u == N_SUITS else SUIT_SIZE
    cdef int i, v, nfull = 0, nzero = 0, run = 0
    cdef bint window = False
    cdef const uint8_t* row
    for i in range(lo, lo + npos):
        v = lim[i]
        nfull += v == MAX_COPIES
        nzero += v == 0
        run = run + 1 if v else 0
        window |= run >= 3
    if nfull == npos:
        row = _part_row(c, u, False)
        if budget == 0 or memcmp(row, _part_row(c, u, True), ROW_LEN) == 0:
            return row
        return NULL
    if nzero == npos and (budget == 0 or absent):
        return ZERO_ROW
    if budget == 0 and (u == N_SUITS or not window):
        _pung_row(c + lo, lim + lo, npos, buf)
        return buf
    return NULL


cdef inline int _table_id(const uint8_t* row, bint honors) noexcept nogil:
    """The capped row id of a row of the tables, or -1 for a row held elsewhere."""
    cdef const uint8_t* base = &tables.honor_rows.capped[0][0] if honors else &tables.suit_rows.capped[0][0]
    cdef int n = tables.honors.n_capped if honors else tables.suit.n_capped
    if row < base or row >= base + n * ROW_LEN:
        return -1
    return <int>(row - base) // ROW_LEN


cdef int _kept_rows_cost(const uint8_t** rows, int kept, int n) noexcept nogil:
    """Standard cost of ``n`` melds and the pair over the kept parts' rows (the tabulated
    products where two of them are table rows)."""
    cdef const uint8_t* live[N_SUITS + 1]
    cdef uint8_t a[ROW_LEN]
    cdef uint8_t b[ROW_LEN]
    cdef int u, m = 0, i0, i1, i2, i3
    if kept == ALL_PARTS:
        i2 = _table_id(rows[2], False)
        i3 = _table_id(rows[3], True)
        if i2 >= 0 and i3 >= 0:
            i0 = _table_id(rows[0], False)
            i1 = _table_id(rows[1], False)
            if i0 >= 0 and i1 >= 0:
                return _final(tables.man_pin + (i0 * tables.suit.n_capped + i1) * ROW_LEN,
                              tables.sou_honors + (i2 * tables.honors.n_capped + i3) * ROW_LEN, n)
            row_product(rows[0], rows[1], a)
            return _final(a, tables.sou_honors + (i2 * tables.honors.n_capped + i3) * ROW_LEN, n)
    for u in range(N_SUITS + 1):
        if kept >> u & 1 and rows[u] != <const uint8_t*>ZERO_ROW:
            live[m] = rows[u]
            m += 1
    if m == 0:
        return INF
    if m == 1:
        return live[0][2 * n + 1]
    if m == 2:
        return _final(live[0], live[1], n)
    if m == 3:
        row_product(live[0], live[1], a)
        return _final(a, live[2], n)
    return _std_rows(live, n)


cdef int _std_general_rules(const uint8_t* c, const uint8_t* lim, int n, int budget, bint absent,
                            int kept) noexcept nogil:
    """Exact standard-form cost under limits, an overflow budget and the kept parts."""
    cdef uint8_t part[5][2][OMAX + 1]
    cdef uint8_t acc[5][2][OMAX + 1]
    cdef uint8_t nxt[5][2][OMAX + 1]
    cdef uint8_t buf[ROW_LEN]
    cdef const uint8_t* row
    cdef int u, lo, npos, k1, k2, p1, p2, o1, o2, v, best
    memset(acc, INF, sizeof(acc))
    acc[0][0][0] = 0
    for u in range(N_SUITS + 1):
        if not (kept >> u & 1):
            continue
        lo = SUIT_SIZE * u
        npos = N_HONORS if u == N_SUITS else SUIT_SIZE
        row = _rules_row(c, lim, u, budget, absent, buf)
        if row == <const uint8_t*>ZERO_ROW:
            continue
        if row != NULL:
            memset(part, INF, sizeof(part))
            for k1 in range(5):
                part[k1][0][0] = row[2 * k1]
                part[k1][1][0] = row[2 * k1 + 1]
        else:
            _part_dp(c + lo, lim + lo, npos, u < N_SUITS, budget, absent, part)
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


cdef inline int _kept_kind(int t, int kept) noexcept nogil:
    return kept >> part_of(t) & 1


cdef int _pairs_rules(const uint8_t* c, const uint8_t* lim, int budget, bint absent, bint distinct,
                      int kept) noexcept nogil:
    """Seven pairs (``distinct``: of seven different kinds) over the kept parts, exact.

    Without overflow each kind offers pair slots at rising costs (the second only with four
    copies allowed and not ``distinct``): take the seven cheapest.  Else a programme over the
    kinds tracking pairs and overflow.
    """
    cdef uint8_t cur[8][OMAX + 1]
    cdef uint8_t nxt[8][OMAX + 1]
    cdef int slots[3]
    cdef int t, h, first, pairs, o, r, rmax, over, value, best, need, take, cost
    if budget == 0:
        slots[0] = slots[1] = slots[2] = 0
        for t in range(N_KINDS):
            if lim[t] < 2 or not _kept_kind(t, kept):
                continue
            h = c[t]
            first = 2 - h if h < 2 else 0
            slots[first] += 1
            if not distinct and lim[t] >= MAX_COPIES:
                slots[(4 - h if h < 4 else 0) - first] += 1
        need = 7
        best = 0
        for cost in range(3):
            take = slots[cost] if slots[cost] < need else need
            best += take * cost
            need -= take
        return best if need == 0 else INF
    memset(cur, INF, sizeof(cur))
    cur[0][0] = 0
    for t in range(N_KINDS):
        memset(nxt, INF, sizeof(nxt))
        rmax = 0 if not _kept_kind(t, kept) or (absent and lim[t] == 0) else (1 if distinct else 7)
        for pairs in range(8):
            for o in range(budget + 1):
                if cur[pairs][o] >= INF:
                    continue
                for r in range((rmax if rmax < 7 - pairs else 7 - pairs) + 1):
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


cdef void _pair_slots(const uint8_t* c, const uint8_t* lim, bint distinct, int slots[N_SUITS + 1][3]) noexcept nogil:
    """Per part, the pair slots of each cost 0-2 without overflow (see ``_pairs_rules``)."""
    cdef int t, u, h, first
    memset(slots, 0, (N_SUITS + 1) * 3 * sizeof(int))
    for t in range(N_KINDS):
        if lim[t] < 2:
            continue
        u = part_of(t)
        h = c[t]
        first = 2 - h if h < 2 else 0
        slots[u][first] += 1
        if not distinct and lim[t] >= MAX_COPIES:
            slots[u][(4 - h if h < 4 else 0) - first] += 1


cdef inline int _pairs_from_slots(int slots[N_SUITS + 1][3], int kept) noexcept nogil:
    """The seven cheapest pair slots of the kept parts (``_pairs_rules`` without overflow)."""
    cdef int u, cost, take, n, need = 7, best = 0
    for cost in range(3):
        n = 0
        for u in range(N_SUITS + 1):
            if kept >> u & 1:
                n += slots[u][cost]
        take = n if n < need else need
        best += take * cost
        need -= take
    return best if need == 0 else INF


cdef inline int _orphans_limits(const uint8_t* c, const uint8_t* lim) noexcept nogil:
    """Thirteen orphans without overflow: each orphan once (limit >= 1), one of them twice."""
    cdef int i, t, missing = 0
    cdef bint dup = False, room = False
    for i in range(N_ORPHANS):
        t = ORPHANS[i]
        if lim[t] == 0:
            return INF
        missing += c[t] == 0
        dup |= c[t] >= 2
        room |= lim[t] >= 2
    if dup:
        return missing
    return missing + 1 if room else INF


cdef inline int _pairs_distinct_fast(const uint8_t* c) noexcept nogil:
    # limits of 4: the ``mahjong`` package's 7 - pairs + max(0, 7 - kinds), plus one; no overflow helps
    cdef int i, pairs = 0, kinds = 0
    for i in range(N_KINDS):
        pairs += c[i] >= 2
        kinds += c[i] >= 1
    if pairs >= 7:
        return 0
    return 7 - pairs + (7 - kinds if kinds < 7 else 0)
