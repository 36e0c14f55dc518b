# The per-part distance tables: their layout, their build, their publication and lookups.
#
# For every part vector (by rank) the tables give the id of its capped and of its uncapped
# cost row and a mask of the kinds whose addition completes the part; the few distinct rows
# are stored once.  Min-plus products of capped rows (man x pin, sou x honors) are tabulated
# too.  Built once, under a lock, into a local struct that is copied into ``tables`` before
# the ready flag is set with release order; every reader first loads the flag with acquire
# order (``tables_ready``), so it sees the tables complete or not at all.
# Stands on: shanten_ranks.pxi, shanten_rows.pxi.

cdef enum:
    MAX_ROWS = 256        # distinct rows per kind; row ids are one byte
    ROW_SLOTS = 4096      # open-addressing slots of one row dictionary

ctypedef struct PartTables:
    uint8_t* capped                     # rank -> capped row id
    uint8_t* uncapped                   # rank -> uncapped row id
    uint16_t* completions               # rank -> kinds (bit per position) completing the part
    int n_capped
    int n_uncapped

ctypedef struct PartRows:               # the distinct rows of a part, by id
    uint8_t capped[MAX_ROWS][ROW_LEN]
    uint8_t uncapped[MAX_ROWS][ROW_LEN]

ctypedef struct ShantenTables:          # what a lookup reads first comes first
    PartTables suit
    PartTables honors
    uint8_t* man_pin                    # capped suit row x suit row -> product row
    uint8_t* sou_honors                 # capped suit row x honor row -> product row
    size_t nbytes
    double build_seconds
    PartRows suit_rows
    PartRows honor_rows

cdef ShantenTables tables

cdef extern from *:
    """
    static int mf_shanten_ready_flag = 0;
    static inline int mf_shanten_ready(void) {
    #if defined(__GNUC__) || defined(__clang__)
        return __atomic_load_n(&mf_shanten_ready_flag, __ATOMIC_ACQUIRE);
    #else
        return *(volatile int *)&mf_shanten_ready_flag;
    #endif
    }
    static inline void mf_shanten_set_ready(void) {
    #if defined(__GNUC__) || defined(__clang__)
        __atomic_store_n(&mf_shanten_ready_flag, 1, __ATOMIC_RELEASE);
    #else
        *(volatile int *)&mf_shanten_ready_flag = 1;
    #endif
    }
    """
    bint tables_ready "mf_shanten_ready"() noexcept nogil
    void _set_tables_ready "mf_shanten_set_ready"() noexcept nogil


# ---------------------------------------------------------------- the cost lattice

cdef void _mark_exact(uint8_t* lat, int* c, int npos, bint chows, int k,
                      int first) noexcept nogil:
    """Zero the lattice at every part vector that is exactly ``k``+ melds (+ a pair).

    Blocks are tried in a fixed order (pungs, then chows if ``chows``) from ``first`` on.
    """
    cdef const uint32_t* pow5 = rank_tables.pow5
    cdef uint32_t code = 0
    cdef int i, m, st
    for i in range(npos):
        code += c[i] * pow5[i]
    lat[code * ROW_LEN + 2 * k] = 0
    for i in range(npos):
        if c[i] <= 2:
            lat[(code + 2 * pow5[i]) * ROW_LEN + 2 * k + 1] = 0
    if k == 4:
        return
    for m in range(first, 2 * npos - 2 if chows else npos):
        if m < npos:
            if c[m] <= 1:
                c[m] += 3
                _mark_exact(lat, c, npos, chows, k + 1, m)
                c[m] -= 3
        else:
            st = m - npos
            if c[st] <= 3 and c[st + 1] <= 3 and c[st + 2] <= 3:
                for i in range(st, st + 3):
                    c[i] += 1
                _mark_exact(lat, c, npos, chows, k + 1, m)
                for i in range(st, st + 3):
                    c[i] -= 1


cdef void _transform_axis(uint8_t* lat, size_t nvec, int axis) noexcept nogil:
    """F(x) = min_v F(v) + max(0, v - x) along one tile axis of the lattice."""
    cdef size_t run = rank_tables.pow5[axis] * ROW_LEN
    cdef size_t block = run * 5
    cdef size_t nblocks = nvec // (rank_tables.pow5[axis] * 5)
    cdef size_t hi, x
    cdef uint8_t* p0
    cdef uint8_t a0, a1, a2, a3, a4, b0, b1, b2, b3, m
    for hi in range(nblocks):
        p0 = lat + hi * block
        for x in range(run):
            a0 = p0[x]
            a1 = p0[x + run]
            a2 = p0[x + 2 * run]
            a3 = p0[x + 3 * run]
            a4 = p0[x + 4 * run]
            b3 = a4 + 1 if a4 + 1 < a3 else a3
            b2 = b3 + 1 if b3 + 1 < a2 else a2
            b1 = b2 + 1 if b2 + 1 < a1 else a1
            b0 = b1 + 1 if b1 + 1 < a0 else a0
            p0[x] = b0
            m = a0 if a0 < a1 else a1
            p0[x + run] = m if m < b1 else b1
            m = m if m < a2 else a2
            p0[x + 2 * run] = m if m < b2 else b2
            m = m if m < a3 else a3
            p0[x + 3 * run] = m if m < b3 else b3
            m = m if m < a4 else a4
            p0[x + 4 * run] = m


cdef void _uncapped_costs(uint8_t* lat, int npos, bint chows) noexcept nogil:
    """High nibble of the lattice: uncapped costs, for vectors of at most 14 tiles."""
    cdef const uint32_t* pow5 = rank_tables.pow5
    cdef int dig[SUIT_SIZE]
    cdef int j, s, low, held, st, t, cost, total, nchow
    cdef uint32_t x, sub_discard, sub_pung, sub_pair
    cdef uint32_t chow_sub[3]
    cdef int chow_cost[3]
    cdef int best, v
    cdef uint8_t* cur
    memset(dig, 0, sizeof(dig))
    for j in range(ROW_LEN):
        lat[j] = (lat[j] & 15) | ((3 * (j >> 1) + 2 * (j & 1)) << 4)
    total = 0
    for x in range(1, pow5[npos]):
        _next_vector(dig, &total)
        if total > MAX_HAND:
            continue
        low = 0
        while dig[low] == 0:
            low += 1
        held = dig[low]
        sub_discard = x - pow5[low]
        sub_pung = x - (held if held < 3 else 3) * pow5[low]
        sub_pair = x - (held if held < 2 else 2) * pow5[low]
        nchow = 0
        for st in range(low - 2, low + 1):
            if not chows or st < 0 or st > npos - 3:
                continue
            cost = 0
            chow_sub[nchow] = x
            for t in range(st, st + 3):
                if dig[t] > 0:
                    chow_sub[nchow] -= pow5[t]
                else:
                    cost += 1
            chow_cost[nchow] = cost
            nchow += 1
        cur = lat + <size_t>x * ROW_LEN
        for j in range(ROW_LEN):
            best = lat[<size_t>sub_discard * ROW_LEN + j] >> 4
            if j >= 2:
                v = (3 - held if held < 3 else 0) + (lat[<size_t>sub_pung * ROW_LEN + j - 2] >> 4)
                if v < best:
                    best = v
                for s in range(nchow):
                    v = chow_cost[s] + (lat[<size_t>chow_sub[s] * ROW_LEN + j - 2] >> 4)
                    if v < best:
                        best = v
            if j & 1:
                v = (2 - held if held < 2 else 0) + (lat[<size_t>sub_pair * ROW_LEN + j - 1] >> 4)
                if v < best:
                    best = v
            cur[j] = (cur[j] & 15) | (best << 4)


cdef void _part_lattice(uint8_t* lat, int npos, bint chows) noexcept nogil:
    """Costs of every part vector: capped in the low nibble, uncapped in the high one."""
    cdef int c[SUIT_SIZE]
    cdef int i
    memset(lat, INF, <size_t>rank_tables.pow5[npos] * ROW_LEN)
    memset(c, 0, sizeof(c))
    _mark_exact(lat, c, npos, chows, 0, 0)
    for i in range(npos):
        _transform_axis(lat, rank_tables.pow5[npos], i)
    _uncapped_costs(lat, npos, chows)


# ---------------------------------------------------------------- indexing the lattice

cdef int _row_id(uint8_t (*rows)[ROW_LEN], int* nrows, const uint8_t* row,
                 uint64_t* keys, int* ids) noexcept nogil:
    """Id of ``row`` in a row dictionary (open addressing on its packed nibbles); -1 if full."""
    cdef uint64_t key = 1
    cdef int j
    cdef size_t slot
    for j in range(ROW_LEN):
        key = (key << 4) | row[j]
    slot = <size_t>((key * <uint64_t>0x9E3779B97F4A7C15) >> 52)
    while keys[slot] != 0:
        if keys[slot] == key:
            return ids[slot]
        slot = (slot + 1) & (ROW_SLOTS - 1)
    if nrows[0] == MAX_ROWS:
        return -1
    keys[slot] = key
    ids[slot] = nrows[0]
    memcpy(rows[nrows[0]], row, ROW_LEN)
    nrows[0] += 1
    return ids[slot]


cdef int _index_part(uint8_t* lat, int npos, bint chows, PartTables* part, PartRows* rows,
                     uint64_t* keys, int* ids) noexcept nogil:
    """Fill a part's rank -> row ids and completion masks; -2 when a dictionary overflows.

    ``keys``/``ids`` hold two row dictionaries, capped then uncapped.
    """
    cdef int dig[SUIT_SIZE]
    cdef uint8_t vec[SUIT_SIZE]
    cdef uint8_t row[ROW_LEN]
    cdef uint8_t urow[ROW_LEN]
    cdef int i, j, total, a, b, mask
    cdef uint32_t x, r
    cdef const uint8_t* cell
    _part_lattice(lat, npos, chows)
    memset(dig, 0, sizeof(dig))
    total = 0
    for x in range(rank_tables.pow5[npos]):
        if x:
            _next_vector(dig, &total)
        if total > MAX_HAND:
            continue
        for i in range(npos):
            vec[i] = dig[i]
        r = _rank9(vec) if npos == SUIT_SIZE else _rank7(vec)
        cell = lat + <size_t>x * ROW_LEN
        for j in range(ROW_LEN):
            row[j] = cell[j] & 15
            urow[j] = cell[j] >> 4
        a = _row_id(rows.capped, &part.n_capped, row, keys, ids)
        b = _row_id(rows.uncapped, &part.n_uncapped, urow, keys + ROW_SLOTS, ids + ROW_SLOTS)
        if a < 0 or b < 0:
            return -2
        part.capped[r] = a
        part.uncapped[r] = b
        mask = 0
        if total < MAX_HAND:
            for i in range(npos):
                if dig[i] < MAX_COPIES:
                    for j in range(ROW_LEN):
                        row[j] = cell[<size_t>rank_tables.pow5[i] * ROW_LEN + j] & 15
                    if _complete_row(row, total + 1):
                        mask |= 1 << i
        part.completions[r] = mask
    return 0


cdef bint _alloc_part(PartTables* part, size_t nvec) noexcept nogil:
    part.n_capped = part.n_uncapped = 0
    part.capped = <uint8_t*>malloc(nvec)
    part.uncapped = <uint8_t*>malloc(nvec)
    part.completions = <uint16_t*>malloc(nvec * sizeof(uint16_t))
    return part.capped != NULL and part.uncapped != NULL and part.completions != NULL


cdef void _free_part(PartTables* part) noexcept nogil:
    free(part.capped)
    free(part.uncapped)
    free(part.completions)


cdef void _free_tables(ShantenTables* t) noexcept nogil:
    _free_part(&t.suit)
    _free_part(&t.honors)
    free(t.man_pin)
    free(t.sou_honors)


cdef int _build(ShantenTables* t) noexcept nogil:
    """Build every table into ``t``; 0 on success, -1 out of memory, -2 too many rows."""
    cdef uint8_t* lat = <uint8_t*>malloc(<size_t>SUIT_LATTICE * ROW_LEN)  # suits, then honors
    cdef uint64_t* keys = <uint64_t*>calloc(4 * ROW_SLOTS, sizeof(uint64_t))
    cdef int* ids = <int*>malloc(4 * ROW_SLOTS * sizeof(int))
    cdef int a, b, ns, nh, rc = 0
    memset(t, 0, sizeof(ShantenTables))
    _init_ranks()
    if (not _alloc_part(&t.suit, SUIT_VECTORS) or not _alloc_part(&t.honors, HONOR_VECTORS)
            or lat == NULL or keys == NULL or ids == NULL):
        rc = -1
    if rc == 0:
        rc = _index_part(lat, SUIT_SIZE, True, &t.suit, &t.suit_rows, keys, ids)
    if rc == 0:
        rc = _index_part(lat, N_HONORS, False, &t.honors, &t.honor_rows, keys + 2 * ROW_SLOTS,
                         ids + 2 * ROW_SLOTS)
    if rc == 0:
        ns = t.suit.n_capped
        nh = t.honors.n_capped
        t.man_pin = <uint8_t*>malloc(<size_t>ns * ns * ROW_LEN)
        t.sou_honors = <uint8_t*>malloc(<size_t>ns * nh * ROW_LEN)
        if t.man_pin == NULL or t.sou_honors == NULL:
            rc = -1
        else:
            for a in range(ns):
                for b in range(ns):
                    row_product(t.suit_rows.capped[a], t.suit_rows.capped[b],
                                t.man_pin + (a * ns + b) * ROW_LEN)
                for b in range(nh):
                    row_product(t.suit_rows.capped[a], t.honor_rows.capped[b],
                                t.sou_honors + (a * nh + b) * ROW_LEN)
            t.nbytes = ((2 + sizeof(uint16_t)) * (SUIT_VECTORS + HONOR_VECTORS)
                        + 2 * sizeof(PartRows) + <size_t>ns * (ns + nh) * ROW_LEN)
    free(lat)
    free(keys)
    free(ids)
    if rc != 0:
        _free_tables(t)
    return rc


cdef int _build_and_publish() noexcept nogil:
    """Build into a local struct, copy it into ``tables``, then set the ready flag.

    The caller holds the build lock and has seen ``tables_ready()`` false.
    """
    cdef ShantenTables built
    cdef int rc = _build(&built)
    if rc == 0:
        memcpy(&tables, &built, sizeof(ShantenTables))
        _set_tables_ready()
    return rc


cdef bint shanten_ready() noexcept nogil:
    return tables_ready()


# ---------------------------------------------------------------- lookups (tables ready)

cdef inline const uint8_t* _part_row(const uint8_t* c, int u, bint uncapped) noexcept nogil:
    """Cost row of part ``u`` (0-2 the suits, 3 the honors) of 34 counts."""
    if u == N_SUITS:
        if uncapped:
            return tables.honor_rows.uncapped[tables.honors.uncapped[_rank7(c + FIRST_HONOR)]]
        return tables.honor_rows.capped[tables.honors.capped[_rank7(c + FIRST_HONOR)]]
    if uncapped:
        return tables.suit_rows.uncapped[tables.suit.uncapped[_rank9(c + SUIT_SIZE * u)]]
    return tables.suit_rows.capped[tables.suit.capped[_rank9(c + SUIT_SIZE * u)]]


cdef inline void _part_rows(const uint8_t* c, bint uncapped, const uint8_t** rows) noexcept nogil:
    cdef int u
    for u in range(N_SUITS + 1):
        rows[u] = _part_row(c, u, uncapped)


cdef inline void _std_products(const uint8_t* c, const uint8_t** a, const uint8_t** b) noexcept nogil:
    """The tabulated capped products man x pin and sou x honors of 34 counts."""
    cdef int ns = tables.suit.n_capped, nh = tables.honors.n_capped
    a[0] = tables.man_pin + (
        tables.suit.capped[_rank9(c)] * ns + tables.suit.capped[_rank9(c + SUIT_SIZE)]) * ROW_LEN
    b[0] = tables.sou_honors + (
        tables.suit.capped[_rank9(c + 2 * SUIT_SIZE)] * nh
        + tables.honors.capped[_rank7(c + FIRST_HONOR)]) * ROW_LEN


cdef inline int _std_capped(const uint8_t* c, int n) noexcept nogil:
    """Standard-form cost of ``n`` melds and the pair from the tabulated capped products."""
    cdef int ns = tables.suit.n_capped, nh = tables.honors.n_capped
    cdef const uint8_t* a = tables.man_pin + (
        tables.suit.capped[_rank9(c)] * ns + tables.suit.capped[_rank9(c + SUIT_SIZE)]) * ROW_LEN
    cdef const uint8_t* b = tables.sou_honors + (
        tables.suit.capped[_rank9(c + 2 * SUIT_SIZE)] * nh
        + tables.honors.capped[_rank7(c + FIRST_HONOR)]) * ROW_LEN
    return _final(a, b, n)


cdef inline int _std_rows(const uint8_t** rows, int n) noexcept nogil:
    cdef uint8_t a[ROW_LEN]
    cdef uint8_t b[ROW_LEN]
    row_product(rows[0], rows[1], a)
    row_product(rows[2], rows[3], b)
    return _final(a, b, n)
