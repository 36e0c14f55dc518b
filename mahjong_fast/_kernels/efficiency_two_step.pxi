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
