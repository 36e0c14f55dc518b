# The row path (``ctx.fast``: no wild kinds, limits of 4, the plain forms): every discard, the
# useful draws and the two-step figures read from row ids, their tabulated products and the
# parts' records (efficiency_rows.pxi); seven pairs and thirteen orphans by classes of draws.
# Derivations: docs/efficiency.md, "How the kernel answers".
# Stands on: efficiency_rows.pxi and the helpers of efficiency.pyx before it.

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
    /* Per-byte bit counts of x (SWAR): each byte of the result holds 0-8. */
    static inline unsigned long long mf_bytecounts(unsigned long long x) {
        x = x - ((x >> 1) & 0x5555555555555555ULL);
        x = (x & 0x3333333333333333ULL) + ((x >> 2) & 0x3333333333333333ULL);
        return (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0FULL;
    }
    /* popcount(a) + 2 popcount(b) + 4 popcount(c), without a popcount instruction. */
    static inline int mf_weighted3(unsigned long long a, unsigned long long b, unsigned long long c) {
        unsigned long long s = mf_bytecounts(a) + 2 * mf_bytecounts(b) + 4 * mf_bytecounts(c);
        /* the top byte of the product sums the bytes; every partial sum is at most 34 * 7 */
        return (int)((s * 0x0101010101010101ULL) >> 56);
    }
    """
    unsigned _lowering "mf_lowering"(const uint16_t* lowers, unsigned bits) noexcept nogil
    int _weighted3 "mf_weighted3"(unsigned long long a, unsigned long long b, unsigned long long c) noexcept nogil


# ---------------------------------------------------------------- seven pairs and orphans

ctypedef struct Forms:      # what seven pairs and thirteen orphans read of a hand
    int pairs               # sum of c // 2 (four identical = two pairs)
    int singles             # sum of c % 2
    int kinds               # kinds held
    int doubles             # kinds held twice or more
    int missing             # orphan kinds not held
    int dup                 # orphan kinds held twice or more


cdef inline void _forms_add(Forms* f, int t, int old, int new) noexcept nogil:
    f.pairs += (new >> 1) - (old >> 1)
    f.singles += (new & 1) - (old & 1)
    f.kinds += (new > 0) - (old > 0)
    f.doubles += (new > 1) - (old > 1)
    if (ORPHAN_BITS >> t) & 1:
        f.missing += (new == 0) - (old == 0)
        f.dup += (new > 1) - (old > 1)


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
        v = f.missing + 1 - (f.dup > 0)
        if v < best:
            best = v
    return best


cdef void _forms_of(Forms* f, const uint8_t* c) noexcept nogil:
    cdef int t
    memset(f, 0, sizeof(Forms))
    f.missing = N_ORPHANS
    for t in range(N_KINDS):
        _forms_add(f, t, 0, c[t])


cdef inline void _by_count(const uint8_t* c, uint64_t* bc) noexcept nogil:
    """bc[k]: the kinds held k times (0-4)."""
    cdef int t
    for t in range(MAX_COPIES + 1):
        bc[t] = 0
    for t in range(N_KINDS):
        bc[c[t]] |= <uint64_t>1 << t


cdef inline void _bc_move(uint64_t* bc, int t, int old, int new) noexcept nogil:
    bc[old] &= ~(<uint64_t>1 << t)
    bc[new] |= <uint64_t>1 << t


cdef inline uint64_t _forms_useful(const Forms* f, const uint64_t* bc, int cost, int flags) noexcept nogil:
    """Draws lowering a seven pairs or orphans cost that meets ``cost`` (each drops by at most
    one): they depend only on how often a kind is held (``bc``) and whether it is an orphan."""
    cdef uint64_t m = 0
    cdef int need
    if flags & SEVEN_PAIRS:
        need = 7 - f.pairs if f.pairs < 7 else 0
        if f.pairs < 7 and need + (need - f.singles if need > f.singles else 0) == cost:
            m |= bc[1] | bc[3]              # a new pair
            if need > f.singles:
                m |= bc[0] | bc[2]          # a new single where singles are short
    elif flags & SEVEN_PAIRS_DISTINCT:
        if 7 - f.doubles + (7 - f.kinds if f.kinds < 7 else 0) == cost:
            if f.doubles < 7:
                m |= bc[1]
            if f.kinds < 7:
                m |= bc[0]
    if flags & THIRTEEN_ORPHANS and f.missing + 1 - (f.dup > 0) == cost:
        m |= ORPHAN_BITS & (bc[0] | (bc[1] if f.dup == 0 else 0))
    return m


# ---------------------------------------------------------------- a hand's parts

ctypedef struct Parts:          # the four parts of a hand as rows
    const Rec* rec[4]
    uint8_t id[4]
    uint8_t pr[4][4]            # pr[u][v]: product of the rows of parts u and v (u != v)
    uint8_t rest[4]             # rest[u]: product of the three rows other than u's


cdef inline void _parts_fill(Parts* p) noexcept nogil:
    """``pr`` and ``rest`` from the four ids."""
    cdef int u, v
    for u in range(4):
        for v in range(u + 1, 4):
            p.pr[u][v] = PROD[p.id[u]][p.id[v]]
            p.pr[v][u] = p.pr[u][v]
    p.rest[0] = PROD[p.id[1]][p.pr[2][3]]
    p.rest[1] = PROD[p.id[0]][p.pr[2][3]]
    p.rest[2] = PROD[p.id[3]][p.pr[0][1]]
    p.rest[3] = PROD[p.id[2]][p.pr[0][1]]


cdef inline void _parts_of(Parts* p, const uint8_t* c) noexcept nogil:
    cdef int u
    for u in range(4):
        p.rec[u] = _rec(c, u)
        p.id[u] = p.rec[u].id
    _parts_fill(p)


cdef inline void _parts_put(Parts* p, const Rec* r, int u) noexcept nogil:
    """Part ``u`` replaced by the record ``r``: only the products that hold it are read again."""
    cdef int v
    p.rec[u] = r
    p.id[u] = r.id
    for v in range(4):
        if v != u:
            p.pr[u][v] = PROD[p.id[u]][p.id[v]]
            p.pr[v][u] = p.pr[u][v]
    for v in range(4):
        if v != u:      # the rows other than v's: u's and the two parts other than u and v
            p.rest[v] = PROD[p.id[u]][p.pr[OTHERS[v][u][0]][OTHERS[v][u][1]]]


cdef inline int _at(int a, int b, int n) noexcept nogil:
    """Entry (n melds, the pair) of the product of rows ``a`` and ``b``."""
    return AT[(n * NROWS + a) * NROWS + b]


cdef inline int _tight(int a, int b, int n) noexcept nogil:
    """Bits 2k + p of the entries of row ``a`` that meet the product of rows ``a`` and ``b`` at
    (n, 1)."""
    return TIGHT[(n * NROWS + a) * NROWS + b]


cdef inline uint64_t _need_at(const Rec* r, int bits, int u) noexcept nogil:
    """The positions lowering one of the entries ``bits`` of the record's row, as kinds of part ``u``."""
    return <uint64_t>_lowering(r.lowers, bits) << (SUIT_SIZE * u)


ctypedef struct Tight:          # a hand's tight entries per part, and the draws they give
    int bits[4]
    uint64_t draws              # the union of every part's draws


cdef inline void _tight_of(Tight* g, const Parts* p, int n) noexcept nogil:
    cdef int u
    g.draws = 0
    for u in range(4):
        g.bits[u] = _tight(p.id[u], p.rest[u], n)
        g.draws |= _need_at(p.rec[u], g.bits[u], u)


cdef inline uint64_t _useful_std(const Parts* p, int n) noexcept nogil:
    """Draws lowering the standard cost of a 3n+1 hand: an added tile lowers a row entry by at
    most one, so a draw helps iff it lowers an entry of its part that meets the cost."""
    cdef Tight g
    _tight_of(&g, p, n)
    return g.draws


cdef inline uint64_t _draws_with(const Parts* p, const Tight* g, const Rec* r, int u, int n) noexcept nogil:
    """Standard-form draws of the hand of ``p`` (tight entries ``g``) with part u replaced by the
    record ``r``, where that hand's standard cost is its cost.  Only the products of three parts
    that hold part u change; a part whose product of the other three stays keeps its tight
    entries, so its draws are read from ``g``."""
    cdef uint64_t m
    cdef int v, rest
    if r.id == p.id[u]:
        return (g.draws & ~PART_BITS[u]) | _need_at(r, g.bits[u], u)
    m = _need_at(r, _tight(r.id, p.rest[u], n), u)
    for v in range(4):
        if v != u:
            rest = PROD[r.id][p.pr[OTHERS[v][u][0]][OTHERS[v][u][1]]]
            if rest == p.rest[v]:
                m |= g.draws & PART_BITS[v]
            else:
                m |= _need_at(p.rec[v], _tight(p.id[v], rest, n), v)
    return m


# ---------------------------------------------------------------- unseen copies

ctypedef struct Planes:         # unseen copies of a hand by bit planes: w = b0 + 2 b1 + 4 b2
    uint64_t b[3]


cdef inline void _planes_of(Planes* w, const Ctx* x, const uint8_t* c) noexcept nogil:
    cdef int t, u
    w.b[0] = w.b[1] = w.b[2] = 0
    for t in range(N_KINDS):
        u = _unseen(x, c, t)
        w.b[0] |= <uint64_t>(u & 1) << t
        w.b[1] |= <uint64_t>((u >> 1) & 1) << t
        w.b[2] |= <uint64_t>((u >> 2) & 1) << t


cdef inline int _unseen_total(const Planes* w, const Ctx* x, const uint8_t* c, uint64_t m,
                              uint64_t changed) noexcept nogil:
    """Unseen copies of the draws ``m`` for the hand ``c``, which differs from the hand of the
    planes only at the kinds ``changed``."""
    cdef uint64_t rest = m & ~changed, ch = m & changed
    cdef int tot = _weighted3(rest & w.b[0], rest & w.b[1], rest & w.b[2])
    cdef int t
    while ch:
        t = _ctz(ch)
        ch &= ch - 1
        tot += _unseen(x, c, t)
    return tot


# ---------------------------------------------------------------- discards and useful draws

cdef int _discards_fast(const Ctx* x, uint8_t* c, int total, int keep, signed char* sh,
                        uint64_t* mask, int* tot, int* hand_s) noexcept nogil:
    """``discards`` by rows (``x.fast``): returns the least shanten after a discard; sets the
    hand's own shanten when ``hand_s`` is not NULL.  With ``keep`` >= 0 the useful draws are
    found only for the discards leaving shanten ``keep``."""
    cdef Parts h
    cdef Forms f, fx
    cdef Planes w
    cdef Tight g
    cdef uint64_t bc[MAX_COPIES + 1]
    cdef uint64_t bx[MAX_COPIES + 1]
    cdef uint64_t m, bit
    cdef int n = total // 3, d, a, ia, std, std_h, cost, s, best = INF, fch = INF, fcx
    cdef bint forms = total == MAX_HAND and (x.flags & PLAIN_FORMS) != 0, tight_ready = False
    _parts_of(&h, c)
    _planes_of(&w, x, c)
    std_h = _at(h.id[0], h.rest[0], n)
    if forms:
        _forms_of(&f, c)
        fch = _forms_cost(&f, x.flags)
        _by_count(c, bc)
    if hand_s != NULL:
        # the rows are exact without jokers and with limits of 4 (docs/shanten.md)
        hand_s[0] = (std_h if std_h < fch else fch) - 1
    for d in range(N_KINDS):
        mask[d] = 0
        tot[d] = 0
        if c[d] == 0:
            sh[d] = NOT_HELD
            continue
        a = PART[d]
        ia = h.rec[a].rem[POS[d]]
        std = std_h if ia == h.id[a] else _at(ia, h.rest[a], n)
        cost = std
        c[d] -= 1
        fcx = INF
        if fch <= std:      # else seven pairs and orphans stay above std: a discard never lowers them
            fx = f
            _forms_add(&fx, d, c[d] + 1, c[d])
            fcx = _forms_cost(&fx, x.flags)
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
                if not tight_ready:
                    _tight_of(&g, &h, n)
                    tight_ready = True
                m = _draws_with(&h, &g, _rec(c, a), a, n)
            if fcx == cost:
                memcpy(bx, bc, sizeof(bx))
                _bc_move(bx, d, c[d] + 1, c[d])
                m |= _forms_useful(&fx, bx, cost, x.flags)
            mask[d] = m
            tot[d] = _unseen_total(&w, x, c, m, bit)
        c[d] += 1
    return best


cdef int _useful_fast(const Ctx* x, uint8_t* c, int total, int* shanten, uint64_t* mask) noexcept nogil:
    """Useful draws of a 3n+1 hand by rows (``x.fast``); sets its shanten, returns their unseen
    copies."""
    cdef Parts p
    cdef Forms f
    cdef Planes w
    cdef uint64_t bc[MAX_COPIES + 1]
    cdef uint64_t m = 0
    cdef int n = (total + 1) // 3, std, cost, fcx = INF
    _parts_of(&p, c)
    std = _at(p.id[0], p.rest[0], n)
    if total == MAX_HAND - 1 and (x.flags & PLAIN_FORMS) != 0:
        _forms_of(&f, c)
        fcx = _forms_cost(&f, x.flags)
    # the rows are exact without jokers and with limits of 4 (docs/shanten.md)
    cost = std if std < fcx else fcx
    shanten[0] = cost - 1
    if std == cost:
        m = _useful_std(&p, n)
    if fcx == cost:
        _by_count(c, bc)
        m |= _forms_useful(&f, bc, cost, x.flags)
    mask[0] = m
    _planes_of(&w, x, c)
    return _unseen_total(&w, x, c, m, 0)


# ---------------------------------------------------------------- two-step figures

cdef inline bint _good_wait(const Ctx* x, const uint8_t* c, uint64_t waits) noexcept nogil:
    """Whether the ready hand ``c`` waits on two kinds or more with more than four copies outside
    the hand (a two-sided wait or better; not a single, closed, edge or shanpon wait)."""
    cdef int copies = 0, w
    if not waits & (waits - 1):
        return False
    while waits:
        w = _ctz(waits)
        waits &= waits - 1
        copies += x.lim[w] - c[w]
    return copies > 4


cdef enum:
    MAX_HELD = 16               # kinds held by H + t: at most 15


ctypedef struct Groups:         # held kinds of a part by one row id each
    int n
    uint8_t val[MAX_HELD]
    uint32_t mask[MAX_HELD]     # held indices


ctypedef struct Draw:           # H, and one draw t: H' = H + t and its hands Z = H' - d - e by held indices
    Parts p                     # H' by parts (part b of H kept when H' would hold 15 tiles there)
    Forms f                     # H' for seven pairs and thirteen orphans
    uint64_t bc[MAX_COPIES + 1]
    const Rec* r1[N_KINDS]      # r1[x]: record of x's part of H' less one x
    uint8_t l1[N_KINDS]         # its row id
    const Rec* less[N_KINDS]    # less[x]: record of x's part of H less one x
    const Rec* less2[MAX_HELD][MAX_HELD]    # by held indices: of their part of H less both (NULL unread)
    uint8_t hi[N_KINDS]         # held index of a kind of H'
    uint8_t po[4][4]            # po[a][u]: product of the rows of H' other than parts a and u
    const uint8_t* at           # AT at n melds
    const uint16_t* tight       # TIGHT at n melds
    int16_t wsum[4][1 << SUIT_SIZE]     # [u][m]: unseen copies for H of the kinds m of part u
    int t
    int b                       # t's part
    int n
    uint32_t ep[4]              # ep[v]: the stamp of part v's record in H'
    uint32_t ckey[4][MAX_IDS]   # ckey[v][rest] == ep[v]: cdraws[v][rest] is read
    uint16_t cdraws[4][MAX_IDS]     # draws in part v (H' record) of a hand whose other parts give ``rest``
    Groups hg[4]                # hg[u]: H's held kinds of part u by the row of the part less the kind
    Groups g[4]                 # the same for H'
    uint32_t hpheld[4]          # hpheld[u]: held indices of H in part u
    uint32_t pheld[4]           # ... of H'
    uint32_t hcls[2 * MAX_COPIES]   # held indices of H by the class of removing one copy
    uint32_t cls[2 * MAX_COPIES]    # ... of H'
    uint32_t read[MAX_HELD]     # bit j of read[i]: the draws and total of Z at (i, j) are read
    uint32_t gread[MAX_HELD]    # bit j of gread[i]: whether it waits in good shape is read
    uint32_t good[MAX_HELD]     # ... and it does
    int16_t tot[MAX_HELD][MAX_HELD]
    uint64_t mask[MAX_HELD][MAX_HELD]


cdef void _draw_init(Draw* w, const Ctx* x, uint8_t* c, int total) noexcept nogil:
    """What every draw of H = ``c`` reads of H."""
    cdef int u, i, m, v, k
    w.n = total // 3
    w.tight = TIGHT + w.n * NROWS * NROWS
    w.at = AT + w.n * NROWS * NROWS
    for u in range(4):
        w.wsum[u][0] = 0
        for i in range(SUIT_SIZE):
            v = _unseen(x, c, SUIT_SIZE * u + i) if SUIT_SIZE * u + i < N_KINDS else 0
            for m in range(1 << i):
                w.wsum[u][(1 << i) + m] = w.wsum[u][m] + v
    for k in range(N_KINDS):
        if c[k]:
            c[k] -= 1
            w.less[k] = _rec(c, PART[k])
            c[k] += 1
    memset(w.ckey, 0, sizeof(w.ckey))
    memset(w.less2, 0, sizeof(w.less2))


cdef inline int _h_unseen(const Draw* w, uint64_t m) noexcept nogil:
    """Unseen copies of the kinds ``m`` for H."""
    return (w.wsum[0][m & 0x1FF] + w.wsum[1][(m >> SUIT_SIZE) & 0x1FF]
            + w.wsum[2][(m >> (2 * SUIT_SIZE)) & 0x1FF] + w.wsum[3][m >> (3 * SUIT_SIZE)])


cdef inline int _z_total(const Draw* w, uint64_t m, int d, int t, int e) noexcept nogil:
    """Unseen copies of the draws ``m`` for Z = H - d + t - e (``t`` drawable: no count goes
    below zero)."""
    return _h_unseen(w, m) + <int>((m >> d) & 1) - <int>((m >> t) & 1) + <int>((m >> e) & 1)


cdef inline uint64_t _need_in(const Draw* w, const Rec* r, int row, int rest, int u) noexcept nogil:
    """Draws in part u (record ``r``, of row id ``row``: given apart so that the table load
    need not wait for the record's) of a hand whose other three parts multiply to ``rest``."""
    return _need_at(r, w.tight[row * NROWS + rest], u)


cdef inline uint64_t _kept(Draw* w, int v, int rest) noexcept nogil:
    """``_need_in`` for a part v that Z keeps from H': one load once read, for it depends on
    nothing else."""
    if w.ckey[v][rest] != w.ep[v]:
        w.ckey[v][rest] = w.ep[v]
        w.cdraws[v][rest] = <uint16_t>_need_in(w, w.p.rec[v], w.p.id[v], rest, 0)
    return <uint64_t>w.cdraws[v][rest] << (SUIT_SIZE * v)


cdef inline void _forms_less(const Forms* f, int flags, int8_t* cost) noexcept nogil:
    """``cost[2 (k - 1) + o]``: seven pairs and orphans cost of the hand of ``f`` less one copy
    of a kind it holds k times (1-4), an orphan when o is 1 (``_forms_add``, then
    ``_forms_cost``: they read nothing else of the kind)."""
    cdef int k, ev, p, sg, need, v, w, orph = INF, orph_less = INF
    for k in range(1, MAX_COPIES + 1):
        ev = (k & 1) == 0
        v = INF
        if flags & SEVEN_PAIRS:
            p = f.pairs - ev
            sg = f.singles - 1 + 2 * ev
            need = 7 - p if p < 7 else 0
            v = need + (need - sg if need > sg else 0)
        elif flags & SEVEN_PAIRS_DISTINCT:
            w = f.kinds - (k == 1)
            v = 7 - (f.doubles - (k == 2)) + (7 - w if w < 7 else 0)
        if flags & THIRTEEN_ORPHANS:
            orph = f.missing + 1 - (f.dup > 0)
            orph_less = f.missing + (k == 1) + 1 - (f.dup - (k == 2) > 0)
        cost[2 * (k - 1)] = v if v < orph else orph
        cost[2 * (k - 1) + 1] = v if v < orph_less else orph_less


ctypedef struct Drawn:          # a drawn hand Y = H' - d as its discards Z = Y - e read it
    const Rec* rd               # record of Y's part a (H' less d)
    int ld                      # its row id
    int d
    int a                       # d's part
    int i                       # d's held index
    uint8_t rows[4]             # rows[u]: product of Y's rows other than part u's
    bint forms                  # Y's seven pairs or orphans meet its cost
    uint32_t std                # held indices e whose Z = Y - e keeps Y's standard cost
    uint32_t fkeep              # ... keeps it in seven pairs or orphans
    int8_t fless[2 * MAX_COPIES]    # seven pairs and orphans of Y less one kind, by its class
    Forms f                     # Y for seven pairs and orphans
    uint64_t bc[MAX_COPIES + 1]     # Y's kinds by count
    uint32_t seen               # slots of ``others`` read for this Y
    uint8_t key[32]             # slot u * 8 + (y & 7): the row y it holds
    uint64_t others[32]         # draws of Z outside part u, the same for every e giving row y


cdef inline int _class(int x, int k) noexcept nogil:
    """Index of removing one of the k copies of x into ``_forms_less``."""
    return 2 * (k - 1) + <int>((ORPHAN_BITS >> x) & 1)


cdef inline uint32_t _all32_if(bint cond) noexcept nogil:
    """Every bit when ``cond``, else none: a select without a branch."""
    return <uint32_t>0 - <uint32_t>cond


cdef int _pair_useful(const Ctx* x, uint8_t* c, Draw* w, Drawn* k, int e, int j, int cost) noexcept nogil:
    """Useful draws of Z = Y - e (``c`` holds H'; cost ``cost``) and their unseen copies, kept at
    (i, j) and (j, i).  Z differs from Y in e's part u only: the draws of the other parts depend
    on Z's row there alone, read once per row and Y, and those of parts Y keeps from H' once per
    product of the rest (``_kept``)."""
    cdef Forms fz
    cdef uint64_t bz[MAX_COPIES + 1]
    cdef uint64_t m = 0, o
    cdef const Rec* r
    cdef int d = k.d, a = k.a, i = k.i, u = PART[e], y, v, q, slot, ce
    if (k.std >> j) & 1:
        y = k.rd.rem[POS[e]] if u == a else w.l1[e]
        if a != u:
            m = _need_in(w, w.r1[e], y, k.rows[u], u)
        else:
            r = NULL
            if u != w.b:        # H's part less d and e: the same for every draw outside it
                r = w.less2[i][j]
            if r == NULL:
                c[d] -= 1
                c[e] -= 1
                r = _rec(c, u)
                c[d] += 1
                c[e] += 1
                if u != w.b:
                    w.less2[i][j] = w.less2[j][i] = r
            m = _need_in(w, r, y, k.rows[u], u)
        slot = u * 8 + (y & 7)
        if (k.seen >> slot) & 1 and k.key[slot] == y:
            o = k.others[slot]
        else:
            if a != u:
                q = w.po[a][u]
                o = _need_in(w, k.rd, k.ld, PROD[y][q], a)
                q = PROD[k.ld][y]
                o |= _kept(w, OTHERS[a][u][0], PROD[q][w.p.id[OTHERS[a][u][1]]])
                o |= _kept(w, OTHERS[a][u][1], PROD[q][w.p.id[OTHERS[a][u][0]]])
            else:
                v = OTHER3[u][0]
                o = _kept(w, v, PROD[y][w.po[v][u]])
                v = OTHER3[u][1]
                o |= _kept(w, v, PROD[y][w.po[v][u]])
                v = OTHER3[u][2]
                o |= _kept(w, v, PROD[y][w.po[v][u]])
            k.seen |= <uint32_t>1 << slot
            k.key[slot] = y
            k.others[slot] = o
        m |= o
    if (k.fkeep >> j) & 1:
        ce = c[e] - (e == d)
        fz = k.f
        memcpy(bz, k.bc, sizeof(bz))
        _forms_add(&fz, e, ce, ce - 1)
        _bc_move(bz, e, ce, ce - 1)
        m |= _forms_useful(&fz, bz, cost, x.flags)
    w.mask[i][j] = w.mask[j][i] = m
    w.tot[i][j] = w.tot[j][i] = _z_total(w, m, d, w.t, e)
    w.read[i] |= <uint32_t>1 << j
    w.read[j] |= <uint32_t>1 << i
    return w.tot[i][j]


cdef inline bint _pair_good(const Ctx* x, uint8_t* c, Draw* w, int d, int e, int i, int j) noexcept nogil:
    """Whether the ready hand Z = H' - d - e waits in good shape (its useful draws read)."""
    cdef bint good
    if not (w.gread[i] >> j) & 1:
        c[d] -= 1
        c[e] -= 1
        good = _good_wait(x, c, w.mask[i][j])
        c[d] += 1
        c[e] += 1
        w.gread[i] |= <uint32_t>1 << j
        w.gread[j] |= <uint32_t>1 << i
        if good:
            w.good[i] |= <uint32_t>1 << j
            w.good[j] |= <uint32_t>1 << i
    return (w.good[i] >> j) & 1


cdef inline void _drawn(const Ctx* x, const uint8_t* c, int t, int s, int best, int waits, bint g,
                        int* weight, int* num, int* good, Second* out) noexcept nogil:
    """Add the draw t of X = H - d (``c`` holds X + t), whose best keeping discard leaves
    ``best`` unseen useful copies (-1: none keeps), to d's figures."""
    cdef int n_t = x.avail[t] - c[t] + 1        # unseen copies of t for X
    if s >= 1:
        weight[0] += n_t
        num[0] += n_t * (best if best > 0 else 0)
        good[0] += n_t if g else 0
    elif best > waits:
        out.improve |= <uint64_t>1 << t
        out.improve_total += n_t


cdef void _group(Groups* g, uint32_t bits, const uint8_t* hl, const uint8_t* l1) noexcept nogil:
    """The held indices ``bits`` by the row ``l1`` of their kinds."""
    cdef int j, k, v
    g.n = 0
    while bits:
        j = _ctz(bits)
        bits &= bits - 1
        v = l1[hl[j]]
        for k in range(g.n + 1):
            if k == g.n:
                g.val[k] = v
                g.mask[k] = <uint32_t>1 << j
                g.n += 1
                break
            if g.val[k] == v:
                g.mask[k] |= <uint32_t>1 << j
                break


cdef inline int _drawn_bound(const Ctx* x, Draw* w, const Drawn* k, int cost) noexcept nogil:
    """The unseen copies, for Y = H' - d (cost ``cost``), of the draws that lower Y's cost: every
    draw of a discard Z = Y - e that keeps the cost lowers Y's (Z + x lies in Y + x, and e itself
    draws nothing for Z, which Z + e = Y shows), so no such Z has more useful copies."""
    cdef uint64_t m = 0
    cdef int a = k.a, v, kk
    if w.at[k.ld * NROWS + k.rows[a]] == cost:     # Y's standard cost meets its cost
        m = _need_in(w, k.rd, k.ld, k.rows[a], a)
        for kk in range(3):
            v = OTHER3[a][kk]
            m |= _kept(w, v, k.rows[v])
    if k.forms:
        m |= _forms_useful(&k.f, k.bc, cost, x.flags)
    return _h_unseen(w, m) + <int>((m >> k.d) & 1) - <int>((m >> w.t) & 1)    # for Y = H - d + t


cdef void _draw_parts(Draw* w, const Parts* h, uint8_t* c, const uint8_t* hl, int nw, bint full) noexcept nogil:
    """H' = ``c`` = H + t by parts, and the records of its parts less each held kind."""
    cdef int i, k, a, u
    cdef const Rec* plus = NULL
    if not full:
        plus = _rec(c, w.b)
    for i in range(nw):
        k = hl[i]
        u = PART[k]
        if u != w.b:
            w.r1[k] = w.less[k]
        elif k == w.t:
            w.r1[k] = h.rec[u]
        else:
            c[k] -= 1
            w.r1[k] = _rec(c, u)
            c[k] += 1
        w.read[i] = w.gread[i] = w.good[i] = 0
    w.p = h[0]
    if not full:
        _parts_put(&w.p, plus, w.b)
    for a in range(4):
        for u in range(4):
            w.po[a][u] = w.p.pr[OTHERS[a][u][0]][OTHERS[a][u][1]] if a != u else 0
    for i in range(nw):
        k = hl[i]
        w.l1[k] = w.r1[k].id
    w.g[w.b] = w.hg[w.b]
    if nw > 0 and hl[nw - 1] == w.t and c[w.t] == 1:
        w.pheld[w.b] |= <uint32_t>1 << (nw - 1)
    _group(&w.g[w.b], w.pheld[w.b], hl, w.l1)
    k = c[w.t] - 1                  # t's copies in H
    if k:
        w.cls[_class(w.t, k)] &= ~(<uint32_t>1 << w.hi[w.t])
    w.cls[_class(w.t, k + 1)] |= <uint32_t>1 << w.hi[w.t]


cdef void _seconds_fast(const Ctx* x, uint8_t* c, int total, const signed char* sh, const uint64_t* mask,
                        const int* tot, Second* out) noexcept nogil:
    """Two-step figures of every discard d of the 3n+2 hand H = ``c`` by rows (``x.fast``);
    ``sh``, ``mask`` and ``tot``: H's discards, every one read.

    For each draw t, the hands Y = H - d + t of every discard d that draws t share H' = H + t,
    and their discards Z = H' - d - e are the pairs {d, e} of H': a Y reads the cost of each of
    its Z from the rows of H' less d (a few loads, no branch), and a pair's useful draws once for
    every Y that keeps it.  A draw t = d gives Y = H, whose discards are H's own.  Derivation:
    docs/efficiency.md, "Two-step figures"."""
    cdef Draw w
    cdef Parts h
    cdef Forms fh
    cdef const Rec* rd
    cdef uint64_t bch[MAX_COPIES + 1]
    cdef uint64_t todo[N_KINDS]         # todo[t]: the discards d (t != d) whose X = H - d draws t
    cdef uint64_t drawn = 0, held = 0, bits, open_h = 0, room_h = 0, draws
    cdef uint32_t keep
    cdef int target[N_KINDS]            # cost of the Z each d keeps: its shanten, 1 at tenpai
    cdef int waits[N_KINDS], weight[N_KINDS], num[N_KINDS], good[N_KINDS]
    cdef Drawn yk
    cdef uint32_t ycls[2 * MAX_COPIES]
    cdef int8_t tless[2 * MAX_COPIES]      # seven pairs and orphans of H' less one kind, by class
    cdef uint32_t bits32
    cdef Groups* gp
    cdef int hpart[4]                   # H's tiles by part
    cdef bint ybig
    cdef uint8_t hl[MAX_HELD]           # H's held kinds, then t when H lacks it
    cdef int nh = 0, nw, d, t, e, s, i, j, k, a, u, y, best, tgt, g, full_part = -1
    cdef uint32_t stamp = 1
    cdef bint forms = total == MAX_HAND and (x.flags & PLAIN_FORMS) != 0
    _draw_init(&w, x, c, total)
    _parts_of(&h, c)
    w.ep[0] = w.ep[1] = w.ep[2] = w.ep[3] = stamp
    if forms:
        _forms_of(&fh, c)
        _by_count(c, bch)
    for t in range(N_KINDS):
        todo[t] = 0
        if c[t]:
            held |= <uint64_t>1 << t
            w.hi[t] = nh
            hl[nh] = t
            nh += 1
        if x.avail[t] > c[t]:
            open_h |= <uint64_t>1 << t
        if x.lim[t] > c[t]:
            room_h |= <uint64_t>1 << t
    if total == MAX_HAND:
        for k in range(4):
            if not held & ~PART_BITS[k]:
                full_part = k
    for k in range(4):
        hpart[k] = 0
    for k in range(N_KINDS):
        hpart[PART[k]] += c[k]
    memset(w.hpheld, 0, sizeof(w.hpheld))
    memset(w.hcls, 0, sizeof(w.hcls))
    for i in range(nh):
        e = hl[i]
        w.l1[e] = w.less[e].id
        w.hpheld[PART[e]] |= <uint32_t>1 << i
        w.hcls[_class(e, c[e])] |= <uint32_t>1 << i
    for u in range(4):
        _group(&w.hg[u], w.hpheld[u], hl, w.l1)
        w.g[u] = w.hg[u]
    bits = held
    while bits:
        d = _ctz(bits)
        bits &= bits - 1
        out[d].two_step = 0.0
        out[d].improve = 0
        out[d].improve_total = 0
        out[d].good = -1.0
        weight[d] = num[d] = good[d] = 0
        s = sh[d]
        # X = H - d: a kind has room and unseen copies where H has, and d has one more
        draws = open_h | (<uint64_t>1 << d if x.avail[d] >= c[d] else 0)
        if s >= 1:
            target[d] = s
            draws &= mask[d]
        elif s == 0:
            target[d] = 1
            waits[d] = _z_total(&w, mask[d], d, d, d)
            draws &= ~mask[d] & (room_h | (<uint64_t>1 << d if x.lim[d] >= c[d] else 0))
        else:
            draws = 0
        if (draws >> d) & 1:        # Y = H: its discards e give Z = H - e, read already
            draws &= ~(<uint64_t>1 << d)
            best = -1
            g = 0
            for i in range(nh):
                e = hl[i]
                if sh[e] + 1 == target[d]:
                    if tot[e] > best:
                        best = tot[e]
                    if s == 1 and not g:
                        c[e] -= 1
                        g = _good_wait(x, c, mask[e])
                        c[e] += 1
            _drawn(x, c, d, s, best, waits[d], g, &weight[d], &num[d], &good[d], &out[d])
        drawn |= draws
        while draws:
            t = _ctz(draws)
            draws &= draws - 1
            todo[t] |= <uint64_t>1 << d
    while drawn:
        t = _ctz(drawn)
        drawn &= drawn - 1
        w.t = t
        w.b = PART[t]
        stamp += 1
        w.ep[w.b] = stamp             # part b holds t: its draws are read again
        c[t] += 1
        nw = nh
        if c[t] == 1:
            w.hi[t] = nh
            hl[nh] = t
            nw += 1
        memcpy(w.pheld, w.hpheld, sizeof(w.pheld))
        memcpy(w.cls, w.hcls, sizeof(w.cls))
        _draw_parts(&w, &h, c, hl, nw, w.b == full_part)
        ybig = hpart[w.b] + 1 == MAX_HAND  # H' - d is in part b alone when d is outside it
        if forms:
            w.f = fh
            _forms_add(&w.f, t, c[t] - 1, c[t])
            memcpy(w.bc, bch, sizeof(bch))
            _bc_move(w.bc, t, c[t] - 1, c[t])
            _forms_less(&w.f, x.flags, tless)
        bits = todo[t]
        while bits:
            d = _ctz(bits)
            bits &= bits - 1
            s = sh[d]
            tgt = target[d]
            i = yk.i = w.hi[d]
            a = yk.a = PART[d]
            yk.d = d
            rd = yk.rd = w.r1[d]
            yk.ld = w.l1[d]
            for u in range(4):
                yk.rows[u] = PROD[yk.ld][w.po[a][u]]       # po[a][a] is 0: any row
            yk.rows[a] = w.p.rest[a]
            yk.seen = 0
            # a discard never lowers seven pairs or orphans: Z's are at least Y's
            yk.forms = forms and tless[_class(d, c[d])] <= tgt
            if yk.forms:
                yk.f = w.f
                _forms_add(&yk.f, d, c[d], c[d] - 1)
                memcpy(yk.bc, w.bc, sizeof(yk.bc))
                _bc_move(yk.bc, d, c[d], c[d] - 1)
            # (records hold no draws for a part of 14 tiles: Y in one part goes without the bound)
            if (s == 0 and not (ybig and a != w.b) and w.b != full_part
                    and _drawn_bound(x, &w, &yk, tgt) <= waits[d]):
                continue        # no Z of this Y waits on more: no improvement
            # Z's costs are at least Y's (tgt) in both forms: Z keeps it where one of them does
            keep = 0
            for k in range(3):      # the standard cost, by the kinds' groups outside part a
                u = OTHER3[a][k]
                y = yk.rows[u]
                gp = &w.g[u]
                for j in range(gp.n):
                    keep |= gp.mask[j] & _all32_if(w.at[gp.val[j] * NROWS + y] == tgt)
            bits32 = w.pheld[a]
            y = yk.rows[a]
            while bits32:
                j = _ctz(bits32)
                bits32 &= bits32 - 1
                keep |= <uint32_t>(w.at[rd.rem[POS[hl[j]]] * NROWS + y] == tgt) << j
            yk.std = keep
            yk.fkeep = 0
            if yk.forms:
                _forms_less(&yk.f, x.flags, yk.fless)
                memcpy(ycls, w.cls, sizeof(ycls))
                ycls[_class(d, c[d])] &= ~(<uint32_t>1 << i)
                if c[d] > 1:
                    ycls[_class(d, c[d] - 1)] |= <uint32_t>1 << i
                for k in range(2 * MAX_COPIES):
                    yk.fkeep |= ycls[k] & _all32_if(yk.fless[k] == tgt)
                keep |= yk.fkeep
            if c[d] == 1:
                keep &= ~(<uint32_t>1 << i)     # Y holds no d
            best = -1
            g = 0
            bits32 = keep & w.read[i]       # pairs some earlier Y read: no branch on which
            keep &= ~bits32
            while bits32:
                j = _ctz(bits32)
                bits32 &= bits32 - 1
                k = w.tot[i][j]
                best = k if k > best else best
                if s == 1 and not g:
                    g = _pair_good(x, c, &w, d, hl[j], i, j)
            while keep and not (s == 0 and best > waits[d]):
                j = _ctz(keep)
                keep &= keep - 1
                k = _pair_useful(x, c, &w, &yk, hl[j], j, tgt)
                if s == 1 and not g:
                    g = _pair_good(x, c, &w, d, hl[j], i, j)
                best = k if k > best else best
            _drawn(x, c, t, s, best, waits[d], g, &weight[d], &num[d], &good[d], &out[d])
        c[t] -= 1
        w.g[w.b] = w.hg[w.b]
        stamp += 1
        w.ep[w.b] = stamp
    bits = held
    while bits:
        d = _ctz(bits)
        bits &= bits - 1
        if weight[d]:
            out[d].two_step = <double>num[d] / weight[d]
            if sh[d] == 1:
                out[d].good = <double>good[d] / weight[d]
