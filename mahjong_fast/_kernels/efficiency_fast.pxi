# The row path (``ctx.fast``: no wild kinds, limits of 4, the plain forms): every discard, the
# useful draws and the two-step figures read from row ids, their tabulated products and the
# parts' records (efficiency_rows.pxi); seven pairs and thirteen orphans by classes of draws.
# Derivations: docs/efficiency.md, "How the kernel answers".
# Stands on: efficiency_rows.pxi and the helpers of efficiency.pyx before it.

cdef extern from *:
    """
    static inline int mf_popcount64(unsigned long long m) {
    #if defined(__GNUC__) || defined(__clang__)
        return __builtin_popcountll(m);
    #else
        int k = 0;
        while (m) { m &= m - 1; k++; }
        return k;
    #endif
    }
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
    int _popcount "mf_popcount64"(unsigned long long m) noexcept nogil
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


cdef inline void _parts_set(Parts* p, const uint8_t* c, int u) noexcept nogil:
    """Part ``u`` read again from ``c`` (the other parts unchanged)."""
    _parts_put(p, _rec(c, u), u)


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
    return ROWS[PROD[a][b]][2 * n + 1]


cdef inline int _tight(int a, int b, int n) noexcept nogil:
    """Bits 2k + p of the entries of row ``a`` that meet the product of rows ``a`` and ``b`` at
    (n, 1)."""
    return TIGHT[(n * NROWS + a) * NROWS + b]


cdef inline uint64_t _need_at(const Rec* r, int bits, int u) noexcept nogil:
    """The positions lowering one of the entries ``bits`` of the record's row, as kinds of part ``u``."""
    cdef uint64_t pm = 0
    cdef int e
    while bits:
        e = _ctz(bits)
        bits &= bits - 1
        pm |= r.need[e]
    return pm << (SUIT_SIZE * u)


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

ctypedef struct Shared:         # what the two-step figures of one 3n+2 hand H keep across its draws
    const Rec* less[N_KINDS]    # less[e]: record of e's part of H less one e (NULL until read)
    const Rec* plus[N_KINDS]    # plus[t]: record of t's part of H plus one t
    const Rec* swap[N_KINDS][N_KINDS]   # swap[t][e]: of their part of H plus t less e (same part)
    int16_t wsum[4][1 << SUIT_SIZE]     # [u][m]: unseen copies for H of the kinds m of part u


cdef void _shared_init(Shared* sh, const Ctx* x, const uint8_t* c) noexcept nogil:
    cdef int u, i, m, w
    memset(sh.less, 0, sizeof(sh.less))
    memset(sh.plus, 0, sizeof(sh.plus))
    memset(sh.swap, 0, sizeof(sh.swap))
    for u in range(4):
        sh.wsum[u][0] = 0
        for i in range(SUIT_SIZE):
            w = _unseen(x, c, SUIT_SIZE * u + i) if SUIT_SIZE * u + i < N_KINDS else 0
            for m in range(1 << i):
                sh.wsum[u][(1 << i) + m] = sh.wsum[u][m] + w


cdef inline int _z_total(const Shared* sh, uint64_t m, int d, int t, int e) noexcept nogil:
    """Unseen copies of the draws ``m`` for Z = H - d + t - e (``t`` drawable: no count goes
    below zero)."""
    return (sh.wsum[0][m & 0x1FF] + sh.wsum[1][(m >> SUIT_SIZE) & 0x1FF]
            + sh.wsum[2][(m >> (2 * SUIT_SIZE)) & 0x1FF] + sh.wsum[3][m >> (3 * SUIT_SIZE)]
            + ((m >> d) & 1) - ((m >> t) & 1) + ((m >> e) & 1))


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
    PAIR_STD = 1                # the standard cost of the pair's hand meets its cost
    PAIR_FORMS = 2              # seven pairs or thirteen orphans meet it
    PAIR_READ = 4               # its useful draws and their total are read
    PAIR_GOOD_READ = 8          # whether it waits in good shape is read
    PAIR_GOOD = 16              # it does


ctypedef struct Draw:           # one draw t: H' = H + t and its hands Z = H' - d - e, by held indices
    Parts p                     # H' by parts (part b of H kept when H' would hold 15 tiles there)
    Forms f                     # H' for seven pairs and thirteen orphans
    uint64_t bc[MAX_COPIES + 1]
    uint8_t l1[N_KINDS]         # l1[x]: row id of x's part of H' less x
    const Rec* r1[N_KINDS]      # its record (NULL until read)
    const Rec* hb               # H's record of part b
    int t
    int b                       # t's part
    int n
    bint full                   # H holds 14 tiles, all in part b: no record of H' part b
    bint forms                  # seven pairs or orphans may meet a target of this draw
    signed char fcost[64]       # seven pairs and orphans cost of Z by the classes of d and e, -1 unread
    uint32_t ep[4]              # ep[v]: the stamp of part v's record in H'
    uint32_t ckey[4][MAX_IDS]   # ckey[v][rest] == ep[v]: cdraws[v][rest] is read
    uint16_t cdraws[4][MAX_IDS] # draws in part v (H' record) of a hand whose other parts give ``rest``
    signed char cost[MAX_HELD][MAX_HELD]     # cost of Z, -1 until read
    uint8_t how[MAX_HELD][MAX_HELD]         # PAIR_* bits
    int16_t tot[MAX_HELD][MAX_HELD]
    uint64_t mask[MAX_HELD][MAX_HELD]


cdef inline const Rec* _r1(uint8_t* c, Draw* w, Shared* sh, int x) noexcept nogil:
    """Record of x's part of H' less one x (``c`` holds H')."""
    cdef const Rec* r = w.r1[x]
    cdef int u
    if r != NULL:
        return r
    u = PART[x]
    if u != w.b:
        r = sh.less[x]
        if r == NULL:
            c[x] -= 1
            r = sh.less[x] = _rec(c, u)
            c[x] += 1
    elif x == w.t:
        r = w.hb
    else:
        r = sh.swap[w.t][x]
        if r == NULL:
            c[x] -= 1
            r = sh.swap[w.t][x] = _rec(c, u)
            c[x] += 1
    w.r1[x] = r
    return r


cdef inline uint64_t _kept(Draw* w, int v, int rest) noexcept nogil:
    """Useful draws in part v of a hand Z that keeps H''s part v, the other three parts of Z
    multiplying to ``rest`` (one load once read: they depend on nothing else)."""
    if w.ckey[v][rest] != w.ep[v]:
        w.ckey[v][rest] = w.ep[v]
        w.cdraws[v][rest] = <uint16_t>_need_at(w.p.rec[v], _tight(w.p.id[v], rest, w.n), 0)
    return <uint64_t>w.cdraws[v][rest] << (SUIT_SIZE * v)


cdef inline int _removal(const uint8_t* c, int x, int k) noexcept nogil:
    """Class of removing one of the ``k`` copies of x: what seven pairs and orphans read of it."""
    return (k - 1) * 2 + <int>((ORPHAN_BITS >> x) & 1)


cdef int _pair_cost(const Ctx* x, uint8_t* c, Draw* w, Shared* sh, int d, int e, int i, int j) noexcept nogil:
    """Cost of Z = H' - d - e (``c`` holds H'), kept at (i, j) and (j, i)."""
    cdef Forms fz
    cdef int a = PART[d], u = PART[e], std, cost, fzc, how = PAIR_STD, ce, k
    if a != u:
        std = ROWS[PROD[PROD[w.l1[d]][w.l1[e]]][w.p.pr[OTHERS[a][u][0]][OTHERS[a][u][1]]]][2 * w.n + 1]
    else:
        std = _at(_r1(c, w, sh, d).rem[POS[e]], w.p.rest[u], w.n)
    cost = std
    if w.forms:
        ce = c[e] - (d == e)
        k = _removal(c, d, c[d]) * 8 + _removal(c, e, ce)
        fzc = w.fcost[k]
        if fzc < 0:
            fz = w.f
            _forms_add(&fz, d, c[d], c[d] - 1)
            _forms_add(&fz, e, ce, ce - 1)
            fzc = w.fcost[k] = _forms_cost(&fz, x.flags)
        if fzc < cost:
            cost = fzc
            how = PAIR_FORMS
        elif fzc == cost:
            how = PAIR_STD | PAIR_FORMS
    w.cost[i][j] = w.cost[j][i] = cost
    w.how[i][j] = w.how[j][i] = how
    return cost


cdef int _pair_useful(const Ctx* x, uint8_t* c, Draw* w, Shared* sh, int d, int e, int i, int j) noexcept nogil:
    """Useful draws of Z = H' - d - e (its cost read) and their unseen copies, kept at (i, j)
    and (j, i).  Z differs from H' in the parts of d and e only: the other parts keep their
    records, and their products with the rest are read again."""
    cdef Forms fz
    cdef uint64_t bz[MAX_COPIES + 1]
    cdef uint64_t m = 0
    cdef const Rec* ra
    cdef const Rec* ru
    cdef int a = PART[d], u = PART[e], how = w.how[i][j], cost = w.cost[i][j], n = w.n, v, o0, o1, q, ce
    if how & PAIR_STD:
        if a != u:
            ra = _r1(c, w, sh, d)
            ru = _r1(c, w, sh, e)
            o0 = OTHERS[a][u][0]
            o1 = OTHERS[a][u][1]
            q = w.p.pr[o0][o1]
            m = _need_at(ra, _tight(ra.id, PROD[ru.id][q], n), a) | _need_at(ru, _tight(ru.id, PROD[ra.id][q], n), u)
            q = PROD[ra.id][ru.id]
            m |= _kept(w, o0, PROD[q][w.p.id[o1]]) | _kept(w, o1, PROD[q][w.p.id[o0]])
        else:
            c[d] -= 1
            c[e] -= 1
            ra = _rec(c, u)
            c[d] += 1
            c[e] += 1
            m = _need_at(ra, _tight(ra.id, w.p.rest[u], n), u)
            for v in range(4):
                if v != u:
                    m |= _kept(w, v, PROD[ra.id][w.p.pr[OTHERS[v][u][0]][OTHERS[v][u][1]]])
    if how & PAIR_FORMS:
        fz = w.f
        memcpy(bz, w.bc, sizeof(bz))
        ce = c[e] - (d == e)
        _forms_add(&fz, d, c[d], c[d] - 1)
        _bc_move(bz, d, c[d], c[d] - 1)
        _forms_add(&fz, e, ce, ce - 1)
        _bc_move(bz, e, ce, ce - 1)
        m |= _forms_useful(&fz, bz, cost, x.flags)
    w.mask[i][j] = w.mask[j][i] = m
    w.tot[i][j] = w.tot[j][i] = _z_total(sh, m, d, w.t, e)
    w.how[i][j] = w.how[j][i] = how | PAIR_READ
    return w.tot[i][j]


cdef inline bint _pair_good(const Ctx* x, uint8_t* c, Draw* w, int d, int e, int i, int j) noexcept nogil:
    """Whether the ready hand Z = H' - d - e waits in good shape (its useful draws read)."""
    cdef int how = w.how[i][j]
    cdef bint good
    if not how & PAIR_GOOD_READ:
        c[d] -= 1
        c[e] -= 1
        good = _good_wait(x, c, w.mask[i][j])
        c[d] += 1
        c[e] += 1
        how |= PAIR_GOOD_READ | (PAIR_GOOD if good else 0)
        w.how[i][j] = w.how[j][i] = how
    return (how & PAIR_GOOD) != 0


cdef inline void _draw_parts(Draw* w, Shared* sh, const uint8_t* c) noexcept nogil:
    """Part b of H' (``c``) into ``w.p``, from the hand's cache."""
    cdef const Rec* r = sh.plus[w.t]
    if r == NULL:
        r = sh.plus[w.t] = _rec(c, w.b)
    _parts_put(&w.p, r, w.b)


cdef inline void _drawn(const Ctx* x, const uint8_t* c, int d, int t, int s, int best, int waits, bint g,
                        int* weight, int* num, int* good, Second* out) noexcept nogil:
    """Add the draw t of X = H - d (``c`` holds H or H + t, t != d), whose best keeping discard
    leaves ``best`` unseen useful copies (-1: none keeps), to d's figures."""
    cdef int n_t = x.avail[t] - c[t] + 1       # unseen copies of t for X: c holds X + t
    if s >= 1:
        weight[0] += n_t
        num[0] += n_t * (best if best > 0 else 0)
        good[0] += n_t if g else 0
    elif best > waits:
        out.improve |= <uint64_t>1 << t
        out.improve_total += n_t


cdef void _seconds_fast(const Ctx* x, uint8_t* c, int total, const signed char* sh, const uint64_t* mask,
                        const int* tot, Second* out) noexcept nogil:
    """Two-step figures of every discard d of the 3n+2 hand H = ``c`` by rows (``x.fast``);
    ``sh``, ``mask`` and ``tot``: H's discards, every one read.

    For each draw t, the hands Y = H - d + t of every discard d that draws t share H' = H + t,
    and their discards Z = H' - d - e are the pairs {d, e} of H': each pair's cost, useful draws
    and total are read once, and only where some Y needs them.  A draw t = d gives Y = H, whose
    discards are H's own.  Derivation: docs/efficiency.md, "Two-step figures"."""
    cdef Shared shared
    cdef Parts h
    cdef Forms fh
    cdef Draw w
    cdef uint64_t bch[MAX_COPIES + 1]
    cdef uint64_t todo[N_KINDS]         # todo[t]: the discards d (t != d) whose X = H - d draws t
    cdef uint64_t drawn = 0, held = 0, bits, open_h = 0, room_h = 0, draws
    cdef int target[N_KINDS]            # cost of the Z each d keeps: its shanten, 1 at tenpai
    cdef int waits[N_KINDS], weight[N_KINDS], num[N_KINDS], good[N_KINDS]
    cdef uint8_t hl[MAX_HELD]           # H's held kinds, then t when H lacks it
    cdef uint8_t hi[N_KINDS]            # held index of a kind of H'
    cdef int nh = 0, nw, d, t, e, s, i, j, k, best, n_t, cost, maxt, g, full_part = -1
    cdef uint32_t stamp = 1
    cdef bint forms = total == MAX_HAND and (x.flags & PLAIN_FORMS) != 0
    _shared_init(&shared, x, c)
    _parts_of(&h, c)
    memset(w.ckey, 0, sizeof(w.ckey))
    w.ep[0] = w.ep[1] = w.ep[2] = w.ep[3] = stamp
    if forms:
        _forms_of(&fh, c)
        _by_count(c, bch)
    for t in range(N_KINDS):
        todo[t] = 0
        if c[t]:
            held |= <uint64_t>1 << t
            hi[t] = nh
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
    w.n = total // 3
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
            waits[d] = _z_total(&shared, mask[d], d, d, d)
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
            _drawn(x, c, d, d, s, best, waits[d], g, &weight[d], &num[d], &good[d], &out[d])
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
        w.full = w.b == full_part
        w.hb = h.rec[w.b]
        stamp += 1
        w.ep[w.b] = stamp             # part b holds t: its draws are read again
        c[t] += 1
        nw = nh
        if c[t] == 1:
            hi[t] = nh
            hl[nh] = t
            nw += 1
        w.p = h
        if not w.full:
            _draw_parts(&w, &shared, c)
        for i in range(nw):
            e = hl[i]
            w.r1[e] = NULL
            if not w.full:
                w.l1[e] = w.p.rec[PART[e]].rem[POS[e]]
        memset(w.cost, 0xFF, sizeof(w.cost))
        memset(w.fcost, 0xFF, sizeof(w.fcost))
        w.forms = False
        if forms:
            w.f = fh
            _forms_add(&w.f, t, c[t] - 1, c[t])
            memcpy(w.bc, bch, sizeof(bch))
            _bc_move(w.bc, t, c[t] - 1, c[t])
            maxt = 0
            bits = todo[t]
            while bits:
                d = _ctz(bits)
                bits &= bits - 1
                if target[d] > maxt:
                    maxt = target[d]
            # a discard never lowers seven pairs or orphans: Z's are at least H''s
            w.forms = _forms_cost(&w.f, x.flags) <= maxt
        bits = todo[t]
        while bits:
            d = _ctz(bits)
            bits &= bits - 1
            s = sh[d]
            i = hi[d]
            best = -1
            g = 0
            for j in range(nw):
                e = hl[j]
                if e == d and c[d] == 1:
                    continue
                cost = w.cost[i][j]
                if cost < 0:
                    cost = _pair_cost(x, c, &w, &shared, d, e, i, j)
                if cost != target[d]:
                    continue
                if w.how[i][j] & PAIR_READ:
                    k = w.tot[i][j]
                else:
                    k = _pair_useful(x, c, &w, &shared, d, e, i, j)
                if s == 1 and not g:
                    g = _pair_good(x, c, &w, d, e, i, j)
                if k > best:
                    best = k
                    if s == 0 and best > waits[d]:
                        break
            _drawn(x, c, d, t, s, best, waits[d], g, &weight[d], &num[d], &good[d], &out[d])
        c[t] -= 1
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
