# The row path (``ctx.row_path``: no wild kinds, limits of 4, the plain forms): every discard of a
# hand and the useful draws of the hand left, read from the parts' row ids, their tabulated
# products and the parts' records (efficiency_tables.pxi); seven pairs and thirteen orphans from
# how often each kind is held.  Derivations: docs/efficiency.md, "The row path".
# Words: a hand's four parts are its three suits and its honours; a part's row holds the fewest
# tiles it misses for k melds and p pairs; the hand's standard cost is the fewest tiles missing
# from a complete hand (shanten + 1), reached through some "cost entries" of each part's row; a
# draw is useful when it lowers the cost, which it does iff it lowers a cost entry of its part.
# Stands on: efficiency_tables.pxi and the helpers of efficiency.pyx before it.

cdef extern from *:
    """
    /* The positions i (bit i) whose lowers[i] (9 entries) meets ``bits``, without a branch. */
    #if defined(__SSE2__) || defined(_M_X64)
    #include <emmintrin.h>
    static inline unsigned mf_lowering(const unsigned short* lowers, unsigned bits) {
        __m128i v = _mm_and_si128(_mm_loadu_si128((const __m128i*)lowers), _mm_set1_epi16((short)bits));
        __m128i none = _mm_cmpeq_epi16(v, _mm_setzero_si128());
        unsigned m = ~(unsigned)_mm_movemask_epi8(_mm_packs_epi16(none, none)) & 0xFFu;
        return m | ((unsigned)((lowers[8] & bits) != 0) << 8);
    }
    #else
    static inline unsigned mf_lowering(const unsigned short* lowers, unsigned bits) {
        unsigned m = 0;
        int i;
        for (i = 0; i < 9; i++)
            m |= (unsigned)((lowers[i] & bits) != 0) << i;
        return m;
    }
    #endif
    """
    unsigned _positions_lowering "mf_lowering"(const uint16_t* lowers, unsigned bits) noexcept nogil


# ---------------------------------------------------------------- seven pairs and orphans

ctypedef struct Forms:          # what seven pairs and thirteen orphans read of a hand
    int pairs                   # sum of c // 2 (four identical = two pairs)
    int singles                 # sum of c % 2
    int kinds                   # kinds held
    int doubles                 # kinds held twice or more
    int orphans_missing         # orphan kinds not held
    int orphans_doubled         # orphan kinds held twice or more


cdef inline void _forms_move(Forms* f, int t, int old, int new) noexcept nogil:
    """``f`` after the count of kind ``t`` goes from ``old`` to ``new``."""
    f.pairs += (new >> 1) - (old >> 1)
    f.singles += (new & 1) - (old & 1)
    f.kinds += (new > 0) - (old > 0)
    f.doubles += (new > 1) - (old > 1)
    if (ORPHAN_BITS >> t) & 1:
        f.orphans_missing += (new == 0) - (old == 0)
        f.orphans_doubled += (new > 1) - (old > 1)


cdef inline int _forms_cost(const Forms* f, int flags) noexcept nogil:
    """Least cost of seven pairs and thirteen orphans (INF when neither applies)."""
    cdef int best = INF, need, v
    if flags & SEVEN_PAIRS:
        need = 7 - f.pairs if f.pairs < 7 else 0
        v = need + (need - f.singles if need > f.singles else 0)
        if v < best:
            best = v
    elif flags & SEVEN_PAIRS_DISTINCT:
        v = 7 - f.doubles + (7 - f.kinds if f.kinds < 7 else 0)
        if v < best:
            best = v
    if flags & THIRTEEN_ORPHANS:
        v = f.orphans_missing + 1 - (f.orphans_doubled > 0)
        if v < best:
            best = v
    return best


cdef void _forms_of(Forms* f, const uint8_t* c) noexcept nogil:
    """What seven pairs and thirteen orphans read of the hand ``c``."""
    cdef int t
    memset(f, 0, sizeof(Forms))
    f.orphans_missing = N_ORPHANS
    for t in range(N_KINDS):       # every kind, held or not: a branch on c[t] mispredicts on real hands
        _forms_move(f, t, 0, c[t])


cdef inline void _kinds_by_count(const uint8_t* c, uint64_t* by_count) noexcept nogil:
    """by_count[k]: the kinds held k times (0-4)."""
    cdef int t
    for t in range(MAX_COPIES + 1):
        by_count[t] = 0
    for t in range(N_KINDS):
        by_count[c[t]] |= <uint64_t>1 << t


cdef inline void _by_count_move(uint64_t* by_count, int t, int old, int new) noexcept nogil:
    """``by_count`` after the count of kind ``t`` goes from ``old`` to ``new``."""
    by_count[old] &= ~(<uint64_t>1 << t)
    by_count[new] |= <uint64_t>1 << t


cdef inline uint64_t _forms_useful(const Forms* f, const uint64_t* by_count, int cost, int flags) noexcept nogil:
    """Draws lowering a seven pairs or orphans cost that meets ``cost`` (each drops by at most
    one): they depend only on how often a kind is held (``by_count``) and whether it is an orphan."""
    cdef uint64_t m = 0
    cdef int need
    if flags & SEVEN_PAIRS:
        need = 7 - f.pairs if f.pairs < 7 else 0
        if f.pairs < 7 and need + (need - f.singles if need > f.singles else 0) == cost:
            m |= by_count[1] | by_count[3]              # a new pair
            if need > f.singles:
                m |= by_count[0] | by_count[2]          # a new single where singles are short
    elif flags & SEVEN_PAIRS_DISTINCT:
        if 7 - f.doubles + (7 - f.kinds if f.kinds < 7 else 0) == cost:
            if f.doubles < 7:
                m |= by_count[1]
            if f.kinds < 7:
                m |= by_count[0]
    if flags & THIRTEEN_ORPHANS and f.orphans_missing + 1 - (f.orphans_doubled > 0) == cost:
        m |= ORPHAN_BITS & (by_count[0] | (by_count[1] if f.orphans_doubled == 0 else 0))
    return m


# ---------------------------------------------------------------- a hand's parts

ctypedef struct Parts:          # the four parts of a hand as rows
    const PartRecord* record[N_PARTS]
    uint8_t row[N_PARTS]                    # row[u]: the row id of part u
    uint8_t pair_product[N_PARTS][N_PARTS]  # [u][v]: product of the rows of parts u and v (u != v)
    uint8_t others[N_PARTS]                 # others[u]: product of the three rows other than u's


cdef inline void _parts_fill(Parts* p) noexcept nogil:
    """``pair_product`` and ``others`` from the four rows."""
    cdef int u, v
    for u in range(N_PARTS):
        for v in range(u + 1, N_PARTS):
            p.pair_product[u][v] = PRODUCT[p.row[u]][p.row[v]]
            p.pair_product[v][u] = p.pair_product[u][v]
    p.others[0] = PRODUCT[p.row[1]][p.pair_product[2][3]]
    p.others[1] = PRODUCT[p.row[0]][p.pair_product[2][3]]
    p.others[2] = PRODUCT[p.row[3]][p.pair_product[0][1]]
    p.others[3] = PRODUCT[p.row[2]][p.pair_product[0][1]]


cdef inline void _parts_of(Parts* p, const uint8_t* c) noexcept nogil:
    """The parts of the hand ``c``."""
    cdef int u
    for u in range(N_PARTS):
        p.record[u] = _part_record(c, u)
        p.row[u] = p.record[u].row
    _parts_fill(p)


cdef inline void _parts_replace(Parts* p, const PartRecord* r, int u) noexcept nogil:
    """Part ``u`` replaced by the record ``r``: only the products that hold it are read again."""
    cdef int v
    p.record[u] = r
    p.row[u] = r.row
    for v in range(N_PARTS):
        if v != u:
            p.pair_product[u][v] = PRODUCT[p.row[u]][p.row[v]]
            p.pair_product[v][u] = p.pair_product[u][v]
    for v in range(N_PARTS):
        if v != u:      # the rows other than v's: u's and the two parts other than u and v
            p.others[v] = PRODUCT[p.row[u]][p.pair_product[OTHER_TWO[v][u][0]][OTHER_TWO[v][u][1]]]


cdef inline int _cost(int a, int b, int n) noexcept nogil:
    """The standard cost of a hand of ``n`` melds and a pair whose parts multiply to rows ``a``
    and ``b`` (entry (n melds, the pair) of their product)."""
    return COST[(n * N_ROWS + a) * N_ROWS + b]


cdef inline int _cost_entries(int a, int b, int n) noexcept nogil:
    """The cost entries of row ``a`` beside row ``b`` for ``n`` melds and a pair: bit 2k + p for
    each entry (k melds, p pairs) of ``a`` through which the product reaches its cost."""
    return COST_ENTRIES[(n * N_ROWS + a) * N_ROWS + b]


cdef inline uint64_t _draws_lowering(const PartRecord* r, int entries, int u) noexcept nogil:
    """The draws in part ``u`` (record ``r``) that lower one of the row ``entries``, as kinds."""
    return <uint64_t>_positions_lowering(r.lowers, entries) << (SUIT_SIZE * u)


ctypedef struct CostEntries:    # a hand's cost entries per part, and the draws they give
    int entries[N_PARTS]
    uint64_t draws              # the useful draws: those lowering a cost entry of their part


cdef inline void _cost_entries_of(CostEntries* g, const Parts* p, int n) noexcept nogil:
    """The cost entries and useful draws of the 3n+1 hand of parts ``p``."""
    cdef int u
    g.draws = 0
    for u in range(N_PARTS):
        g.entries[u] = _cost_entries(p.row[u], p.others[u], n)
        g.draws |= _draws_lowering(p.record[u], g.entries[u], u)


cdef inline uint64_t _standard_draws(const Parts* p, int n) noexcept nogil:
    """Draws lowering the standard cost of a 3n+1 hand: an added tile lowers a row entry by at
    most one, so a draw helps iff it lowers a cost entry of its part."""
    cdef CostEntries g
    _cost_entries_of(&g, p, n)
    return g.draws


cdef inline uint64_t _draws_with_part(const Parts* p, const CostEntries* g, const PartRecord* r, int u,
                                      int n) noexcept nogil:
    """Standard-form useful draws of the hand of ``p`` (cost entries ``g``) with part ``u``
    replaced by the record ``r`` (a discard from it), where that hand's standard cost is its cost.
    Only the products of three parts that hold part u change; a part whose product of the other
    three stays keeps its cost entries, so its draws are read from ``g``."""
    cdef uint64_t m
    cdef int v, rest
    if r.row == p.row[u]:
        return (g.draws & ~PART_KINDS[u]) | _draws_lowering(r, g.entries[u], u)
    m = _draws_lowering(r, _cost_entries(r.row, p.others[u], n), u)
    for v in range(N_PARTS):
        if v != u:
            rest = PRODUCT[r.row][p.pair_product[OTHER_TWO[v][u][0]][OTHER_TWO[v][u][1]]]
            if rest == p.others[v]:
                m |= g.draws & PART_KINDS[v]
            else:
                m |= _draws_lowering(p.record[v], _cost_entries(p.row[v], rest, n), v)
    return m


# ---------------------------------------------------------------- unseen copies

ctypedef struct UnseenPlanes:   # unseen copies of each kind (0-4) as three bit planes
    uint64_t plane[3]           # unseen = plane 0 + 2 plane 1 + 4 plane 2, bit t for kind t


cdef inline void _unseen_planes(UnseenPlanes* unseen, const Ctx* ctx, const uint8_t* c) noexcept nogil:
    """The unseen copies of every kind for the hand ``c``."""
    cdef int t, u
    unseen.plane[0] = unseen.plane[1] = unseen.plane[2] = 0
    for t in range(N_KINDS):
        u = _unseen(ctx, c, t)
        unseen.plane[0] |= <uint64_t>(u & 1) << t
        unseen.plane[1] |= <uint64_t>((u >> 1) & 1) << t
        unseen.plane[2] |= <uint64_t>((u >> 2) & 1) << t


cdef inline int _unseen_total(const UnseenPlanes* unseen, const Ctx* ctx, const uint8_t* c, uint64_t m,
                              uint64_t changed) noexcept nogil:
    """Unseen copies of the draws ``m`` for the hand ``c``, which differs from the hand of the
    planes only at the kinds ``changed``."""
    cdef uint64_t rest = m & ~changed, ch = m & changed
    cdef int tot = weighted_popcount3(rest & unseen.plane[0], rest & unseen.plane[1], rest & unseen.plane[2])
    cdef int t
    while ch:
        t = ctz64(ch)
        ch &= ch - 1
        tot += _unseen(ctx, c, t)
    return tot


# ---------------------------------------------------------------- discards and useful draws

cdef int _discards_rows(const Ctx* ctx, uint8_t* c, int total, int keep, signed char* sh,
                        uint64_t* mask, int* tot, int* hand_s) noexcept nogil:
    """Every discard d of the 3n+2 hand ``c`` by rows (``ctx.row_path``): ``sh[d]`` the shanten
    of the hand left, ``mask[d]`` its useful draws, ``tot[d]`` their unseen copies.  Returns the
    least shanten after a discard; sets the hand's own shanten when ``hand_s`` is not NULL.  With
    ``keep`` >= 0 the useful draws are found only for the discards leaving shanten ``keep``.
    ``std`` is a hand's standard cost, ``fch``/``fcx`` the seven pairs and orphans cost of the
    hand and of the hand left."""
    cdef Parts h
    cdef Forms f, fx
    cdef UnseenPlanes unseen
    cdef CostEntries g
    cdef uint64_t by_count[MAX_COPIES + 1]
    cdef uint64_t by_count_left[MAX_COPIES + 1]
    cdef uint64_t m, bit
    cdef int n = total // 3, d, a, row_left, std, std_h, cost, s, best = INF, fch = INF, fcx
    cdef bint forms = total == MAX_HAND and (ctx.flags & PLAIN_FORMS) != 0, entries_ready = False
    _parts_of(&h, c)
    _unseen_planes(&unseen, ctx, c)
    std_h = _cost(h.row[0], h.others[0], n)
    if forms:
        _forms_of(&f, c)
        fch = _forms_cost(&f, ctx.flags)
        _kinds_by_count(c, by_count)
    if hand_s != NULL:
        # the rows are exact without jokers and with limits of 4 (docs/shanten.md)
        hand_s[0] = (std_h if std_h < fch else fch) - 1
    for d in range(N_KINDS):
        mask[d] = 0
        tot[d] = 0
        if c[d] == 0:
            sh[d] = NOT_HELD
            continue
        a = KIND_PART[d]
        row_left = h.record[a].row_less[KIND_POSITION[d]]      # part a less d
        std = std_h if row_left == h.row[a] else _cost(row_left, h.others[a], n)
        cost = std
        c[d] -= 1
        fcx = INF
        if fch <= std:      # else seven pairs and orphans stay above std: a discard never lowers them
            fx = f
            _forms_move(&fx, d, c[d] + 1, c[d])
            fcx = _forms_cost(&fx, ctx.flags)
            if fcx < cost:
                cost = fcx
        s = cost - 1
        sh[d] = s
        if s < best:
            best = s
        if keep < 0 or s == keep:
            m = 0
            bit = <uint64_t>1 << d
            if std == cost:
                if not entries_ready:
                    _cost_entries_of(&g, &h, n)
                    entries_ready = True
                m = _draws_with_part(&h, &g, _part_record(c, a), a, n)
            if fcx == cost:
                memcpy(by_count_left, by_count, sizeof(by_count_left))
                _by_count_move(by_count_left, d, c[d] + 1, c[d])
                m |= _forms_useful(&fx, by_count_left, cost, ctx.flags)
            mask[d] = m
            tot[d] = _unseen_total(&unseen, ctx, c, m, bit)
        c[d] += 1
    return best


cdef int _useful_rows(const Ctx* ctx, uint8_t* c, int total, int* shanten, uint64_t* mask) noexcept nogil:
    """Useful draws of a 3n+1 hand by rows (``ctx.row_path``); sets its shanten, returns their unseen
    copies."""
    cdef Parts p
    cdef Forms f
    cdef UnseenPlanes unseen
    cdef uint64_t by_count[MAX_COPIES + 1]
    cdef uint64_t m = 0
    cdef int n = (total + 1) // 3, std, cost, fcx = INF
    _parts_of(&p, c)
    std = _cost(p.row[0], p.others[0], n)
    if total == MAX_HAND - 1 and (ctx.flags & PLAIN_FORMS) != 0:
        _forms_of(&f, c)
        fcx = _forms_cost(&f, ctx.flags)
    # the rows are exact without jokers and with limits of 4 (docs/shanten.md)
    cost = std if std < fcx else fcx
    shanten[0] = cost - 1
    if std == cost:
        m = _standard_draws(&p, n)
    if fcx == cost:
        _kinds_by_count(c, by_count)
        m |= _forms_useful(&f, by_count, cost, ctx.flags)
    mask[0] = m
    _unseen_planes(&unseen, ctx, c)
    return _unseen_total(&unseen, ctx, c, m, 0)
