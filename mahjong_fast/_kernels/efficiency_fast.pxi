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

ctypedef struct Shared:         # what the two-step loops of one 3n+2 hand H share
    const Rec* less[N_KINDS]    # less[e]: record of e's part of H less one e (NULL until read)
    const Rec* plus[N_KINDS]    # plus[t]: record of t's part of H plus one t
    const Rec* swap[N_KINDS][N_KINDS]   # swap[t][e]: of their part of H plus t less e (same part)
    int16_t wsum[4][1 << SUIT_SIZE]     # [u][m]: unseen copies for H of the kinds m of part u


cdef void _shared_init(Shared* sh, const Ctx* x, const uint8_t* c) noexcept nogil:
    cdef int u, m, w[SUIT_SIZE], i
    memset(sh.less, 0, sizeof(sh.less))
    memset(sh.plus, 0, sizeof(sh.plus))
    memset(sh.swap, 0, sizeof(sh.swap))
    for u in range(4):
        for i in range(SUIT_SIZE):
            w[i] = _unseen(x, c, SUIT_SIZE * u + i) if SUIT_SIZE * u + i < N_KINDS else 0
        sh.wsum[u][0] = 0
        for m in range(1, 1 << SUIT_SIZE):
            sh.wsum[u][m] = sh.wsum[u][m & (m - 1)] + w[_ctz(m)]


cdef inline int _z_total(const Shared* sh, uint64_t m, int d, int t, int e) noexcept nogil:
    """Unseen copies of the draws ``m`` for Z = H - d + t - e (``t`` drawable: no count goes
    below zero)."""
    return (sh.wsum[0][m & 0x1FF] + sh.wsum[1][(m >> SUIT_SIZE) & 0x1FF]
            + sh.wsum[2][(m >> (2 * SUIT_SIZE)) & 0x1FF] + sh.wsum[3][m >> (3 * SUIT_SIZE)]
            + ((m >> d) & 1) - ((m >> t) & 1) + ((m >> e) & 1))


ctypedef struct Step:           # what the two-step loop knows of the 3n+1 hand X = H - d
    Parts p
    Forms f
    uint64_t bc[MAX_COPIES + 1]
    uint64_t held               # kinds X holds
    int n
    int d
    bint forms
    Shared* shared


ctypedef struct Drawn:          # the 3n+2 hand Y = X + t, as the loop over its discards reads it
    Parts p
    Forms f
    Tight g
    int t
    int std                     # its standard cost
    int forms_cost


cdef uint64_t _z_draws(const Ctx* x, const uint8_t* c, const Step* st, const Drawn* y, const Rec* rz, int e,
                       int std, int cost, const Forms* fz) noexcept nogil:
    """Useful draws of Z = Y - e (held in ``c``, e's part read as ``rz``, NULL when Z's standard
    cost ``std`` is above its cost ``cost``; then Y's tight entries ``y.g`` are ready)."""
    cdef uint64_t bz[MAX_COPIES + 1]
    cdef uint64_t m = 0
    cdef int t = y.t
    if std == cost:
        m = _draws_with(&y.p, &y.g, rz, PART[e], st.n)
    if fz != NULL:
        memcpy(bz, st.bc, sizeof(bz))
        _bc_move(bz, t, c[t] - 1 + (e == t), c[t] + (e == t))
        _bc_move(bz, e, c[e] + 1, c[e])
        m |= _forms_useful(fz, bz, cost, x.flags)
    return m


cdef inline const Rec* _z_part(uint8_t* c, const Step* st, int t, int e) noexcept nogil:
    """Record of e's part of Z = H - d + t - e (``c`` holds Z), from the hand's caches where
    that part is H's less e or H's plus t less e."""
    cdef int u = PART[e]
    cdef const Rec* r
    if u == PART[st.d]:
        return _rec(c, u)
    if u != PART[t]:
        r = st.shared.less[e]
        if r == NULL:
            r = st.shared.less[e] = _rec(c, u)
        return r
    r = st.shared.swap[t][e]
    if r == NULL:
        r = st.shared.swap[t][e] = _rec(c, u)
    return r


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


cdef int _after_draw(const Ctx* x, uint8_t* c, const Step* st, int t, int target, int beat,
                     int* good) noexcept nogil:
    """``c`` holds Y = X + t.  Over the discards e of Y with cost(Y - e) == ``target``, the
    largest unseen useful total of Y - e (-1 when there is none); stops at the first total
    above ``beat`` when ``beat`` >= 0; sets ``good[0]`` when ``good`` is not NULL and one of
    those hands waits in good shape (``_good_wait``)."""
    cdef Drawn y
    cdef Forms fz
    cdef const Rec* rz
    cdef uint64_t held = st.held | (<uint64_t>1 << t), m
    cdef int u, e, ie, std, cost, fzc, best = -1, tot, b = PART[t]
    cdef bint tight_ready = False
    y.p = st.p
    y.t = t
    y.forms_cost = INF
    if b != PART[st.d]:         # part b of Y is H's plus t
        rz = st.shared.plus[t]
        if rz == NULL:
            rz = st.shared.plus[t] = _rec(c, b)
        _parts_put(&y.p, rz, b)
    else:
        _parts_set(&y.p, c, b)
    y.std = _at(y.p.id[0], y.p.rest[0], st.n)
    if st.forms:
        y.f = st.f
        _forms_add(&y.f, t, c[t] - 1, c[t])
        y.forms_cost = _forms_cost(&y.f, x.flags)
    while held:
        e = _ctz(held)
        held &= held - 1
        u = PART[e]
        ie = y.p.rec[u].rem[POS[e]]
        std = y.std if ie == y.p.id[u] else _at(ie, y.p.rest[u], st.n)
        cost = std
        fzc = INF
        if y.forms_cost <= target:      # else Z's forms stay above the target (a discard never lowers them)
            fz = y.f
            _forms_add(&fz, e, c[e], c[e] - 1)
            fzc = _forms_cost(&fz, x.flags)
            if fzc < cost:
                cost = fzc
        if cost != target:
            continue
        c[e] -= 1
        rz = NULL
        if std == cost:
            rz = _z_part(c, st, t, e)
            if not tight_ready:
                _tight_of(&y.g, &y.p, st.n)
                tight_ready = True
        m = _z_draws(x, c, st, &y, rz, e, std, cost, &fz if fzc == cost else NULL)
        tot = _z_total(st.shared, m, st.d, t, e)
        if good != NULL and not good[0]:
            good[0] = _good_wait(x, c, m)
        c[e] += 1
        if tot > best:
            best = tot
            if 0 <= beat < best:
                return best
    return best


cdef void _second_fast(const Ctx* x, uint8_t* c, int total, int s, uint64_t mask, int d, Shared* shared,
                       Second* out) noexcept nogil:
    """``_second`` by rows (``x.fast``) for X = ``c`` = H - ``d``: each draw's discards read as in
    ``_discards_fast``, from the parts of X and the one part the draw changes."""
    cdef Step st
    cdef int t, n_t, best, waits, weight = 0, num = 0, good = 0, g
    cdef uint64_t draws
    st.n = (total + 1) // 3
    st.d = d
    st.shared = shared
    st.forms = total + 1 == MAX_HAND and (x.flags & PLAIN_FORMS) != 0
    _parts_of(&st.p, c)
    st.held = 0
    for t in range(N_KINDS):
        if c[t]:
            st.held |= <uint64_t>1 << t
    if st.forms:
        _forms_of(&st.f, c)
        _by_count(c, st.bc)
    if s >= 1:
        draws = mask
        while draws:
            t = _ctz(draws)
            draws &= draws - 1
            n_t = _unseen(x, c, t)
            if n_t == 0:
                continue
            g = 0
            c[t] += 1
            best = _after_draw(x, c, &st, t, s, -1, &g if s == 1 else NULL)
            c[t] -= 1
            weight += n_t
            num += n_t * (best if best > 0 else 0)
            good += n_t if g else 0
        if weight:
            out.two_step = <double>num / weight
            if s == 1:
                out.good = <double>good / weight
    elif s == 0:
        waits = _z_total(shared, mask, d, d, d)     # for X = H - d: d unseen once more
        for t in range(N_KINDS):
            if (mask >> t) & 1 or c[t] >= x.lim[t]:
                continue
            n_t = _unseen(x, c, t)
            if n_t == 0:
                continue
            c[t] += 1
            best = _after_draw(x, c, &st, t, 1, waits, NULL)
            c[t] -= 1
            if best > waits:
                out.improve |= <uint64_t>1 << t
                out.improve_total += n_t
