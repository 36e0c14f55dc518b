# The row tables of the efficiency kernel: row ids, their min-plus products, and one record per
# part vector (docs/efficiency.md, "Rows, products and records").
#
# Every capped cost row of a part, and every min-plus product of such rows, is one of fewer than
# 256 distinct rows (180 with the default tables): a row is a one-byte id into ROWS and the
# product of two rows is one load from PROD.  Per part vector, indexed by its rank (the shanten
# tables' ranks), a record holds its row id, the ids of the part with one tile fewer at each held
# position, and per position the row entries that a tile added there lowers.
# Stands on: the cimports of efficiency.pyx.

cdef enum:
    MAX_IDS = 256
    RANK_STRIDE = (MAX_HAND + 1) * (MAX_COPIES + 1)     # offsets[i][s][v] flattened

ctypedef struct Rec:
    uint16_t lowers[SUIT_SIZE]  # lowers[i]: the row entries (bit e) that a tile added at position i lowers
    uint8_t id                  # the part's row id
    uint8_t rem[SUIT_SIZE]      # rem[i]: row id of the part with one tile fewer at i (i held)
    uint16_t keep               # the held positions i with rem[i] == id

cdef Rec* SREC = NULL           # suit records by rank
cdef Rec* HREC = NULL           # honour records by rank
cdef uint8_t ROWS[MAX_IDS][ROW_LEN]
cdef uint8_t PROD[MAX_IDS][MAX_IDS]
cdef uint16_t* TIGHT = NULL     # [n][a][b]: entries of row a meeting the product of a and b at (n, 1)
cdef uint8_t* AT = NULL         # [n][a][b]: the product of rows a and b at (n, 1), one load
cdef int NROWS = 0
cdef const uint32_t* SUIT_OFF = NULL
cdef const uint32_t* HONOR_OFF = NULL
cdef uint8_t PART[N_KINDS]
cdef uint8_t POS[N_KINDS]       # position of a kind in its part
cdef uint64_t PART_BITS[4]
cdef uint8_t OTHERS[4][4][2]    # OTHERS[a][b]: the two parts other than a and b (a != b)
cdef uint8_t OTHER3[4][3]       # OTHER3[a]: the three parts other than a
cdef bint rows_ready = False


cdef inline uint32_t _rank_of(const uint8_t* c, int u) noexcept nogil:
    """Rank of part ``u`` of 34 counts (counts 0-4, at most 14 tiles in the part)."""
    cdef const uint32_t* off
    cdef uint32_t r = 0
    cdef int i, s = 0, npos
    if u == N_SUITS:
        off = HONOR_OFF
        npos = N_KINDS - FIRST_HONOR
        c = c + FIRST_HONOR
    else:
        off = SUIT_OFF
        npos = SUIT_SIZE
        c = c + SUIT_SIZE * u
    for i in range(npos):
        r += off[i * RANK_STRIDE + s * (MAX_COPIES + 1) + c[i]]
        s += c[i]
    return r


cdef inline const Rec* _rec(const uint8_t* c, int u) noexcept nogil:
    if u == N_SUITS:
        return HREC + _rank_of(c, u)
    return SREC + _rank_of(c, u)


cdef inline uint64_t _row_key(const uint8_t* row) noexcept nogil:
    cdef uint64_t k = 0
    cdef int e
    for e in range(ROW_LEN):
        k = k << 6 | (row[e] if row[e] < 63 else 63)
    return k


cdef void _product(const uint8_t* a, const uint8_t* b, uint8_t* out) noexcept nogil:
    """Min-plus product of two (k melds, pair) rows."""
    cdef int k1, k2, v
    for k1 in range(ROW_LEN):
        out[k1] = INF
    for k1 in range(5):
        for k2 in range(5 - k1):
            v = a[2 * k1] + b[2 * k2]
            if v < out[2 * (k1 + k2)]:
                out[2 * (k1 + k2)] = v
            v = a[2 * k1] + b[2 * k2 + 1]
            if v < out[2 * (k1 + k2) + 1]:
                out[2 * (k1 + k2) + 1] = v
            v = a[2 * k1 + 1] + b[2 * k2]
            if v < out[2 * (k1 + k2) + 1]:
                out[2 * (k1 + k2) + 1] = v


cdef int _row_id(const uint8_t* row, uint64_t* keys) noexcept nogil:
    """Id of ``row`` among ROWS, added when new; -1 when the ids run out."""
    global NROWS
    cdef uint64_t k = _row_key(row)
    cdef int i
    for i in range(NROWS):
        if keys[i] == k:
            return i
    if NROWS == MAX_IDS:
        return -1
    keys[NROWS] = k
    memcpy(ROWS[NROWS], row, ROW_LEN)
    NROWS += 1
    return NROWS - 1


cdef int _close_products(uint8_t* suit_ids, uint8_t* honor_ids) noexcept nogil:
    """Collect the parts' rows and every product of rows into ROWS and PROD; -1 if above 256."""
    global NROWS
    cdef uint64_t keys[MAX_IDS]
    cdef uint8_t out[ROW_LEN]
    cdef const uint8_t* rows
    cdef int k, u, i, n, a, b, v, done = 0
    cdef uint8_t* ids
    NROWS = 0
    for k in range(2):
        u = k * N_SUITS             # the suits, then the honours
        rows = part_rows_c(u, &n)
        ids = honor_ids if u == N_SUITS else suit_ids
        for i in range(n):
            v = _row_id(rows + i * ROW_LEN, keys)
            if v < 0:
                return -1
            ids[i] = v
    while done < NROWS:     # rows [0, done) have their products with each other filled
        n = NROWS
        for a in range(n):
            for b in range(done if a < done else 0, n):
                _product(ROWS[a], ROWS[b], out)
                v = _row_id(out, keys)
                if v < 0:
                    return -1
                PROD[a][b] = v
                PROD[b][a] = v
        done = n
    return 0


cdef void _fill_tight() noexcept nogil:
    cdef int n, a, b, k, m, cost
    cdef const uint8_t* ra
    cdef const uint8_t* rb
    for n in range(5):
        for a in range(NROWS):
            ra = ROWS[a]
            for b in range(NROWS):
                rb = ROWS[b]
                cost = ROWS[PROD[a][b]][2 * n + 1]
                AT[(n * NROWS + a) * NROWS + b] = cost
                m = 0
                for k in range(n + 1):
                    if ra[2 * k] + rb[2 * (n - k) + 1] == cost:
                        m |= 1 << (2 * k)
                    if ra[2 * k + 1] + rb[2 * (n - k)] == cost:
                        m |= 2 << (2 * k)
                TIGHT[(n * NROWS + a) * NROWS + b] = m


cdef int _fill_records(int u, Rec* recs, const uint8_t* ids) noexcept nogil:
    """One record per part vector of part kind ``u`` (0 suits, N_SUITS honours); -1 out of memory.

    A first pass keeps every vector's row id by its base-5 code, so that the part with one tile
    more or fewer at position i (code +- 5**i) is one load in the second."""
    cdef uint8_t c[N_KINDS]
    cdef int dig[SUIT_SIZE + 1]
    cdef uint32_t pow5[SUIT_SIZE]
    cdef int npos = SUIT_SIZE if u == 0 else N_KINDS - FIRST_HONOR
    cdef int off = 0 if u == 0 else FIRST_HONOR
    cdef uint32_t code, ncodes = 1
    cdef int i, e, total, pass_
    cdef uint32_t rank
    cdef Rec* r
    cdef const uint8_t* row
    cdef const uint8_t* nrow
    cdef uint8_t* by_code
    for i in range(npos):
        pow5[i] = ncodes
        ncodes *= MAX_COPIES + 1
    by_code = <uint8_t*>malloc(ncodes)
    if by_code == NULL:
        return -1
    for pass_ in range(2):
        memset(c, 0, N_KINDS)
        memset(dig, 0, sizeof(dig))
        total = 0
        for code in range(ncodes):
            if code:
                i = 0
                while dig[i] == MAX_COPIES:
                    dig[i] = 0
                    total -= MAX_COPIES
                    i += 1
                dig[i] += 1
                total += 1
            if total > MAX_HAND:
                continue
            for i in range(npos):
                c[off + i] = dig[i]
            rank = _rank_of(c, u)
            if pass_ == 0:
                by_code[code] = ids[part_row_id_c(rank, u)]
                continue
            r = recs + rank
            r.id = by_code[code]
            row = ROWS[r.id]
            for i in range(SUIT_SIZE):
                r.lowers[i] = 0
                r.rem[i] = 0
            r.keep = 0
            for i in range(npos):
                if dig[i]:
                    r.rem[i] = by_code[code - pow5[i]]
                    if r.rem[i] == r.id:
                        r.keep |= 1 << i
                if dig[i] < MAX_COPIES and total < MAX_HAND:
                    nrow = ROWS[by_code[code + pow5[i]]]
                    for e in range(ROW_LEN):
                        if nrow[e] < row[e]:
                            r.lowers[i] |= 1 << e
    free(by_code)
    return 0


def ensure_rows():
    """Build the efficiency row tables (about 14 MB, about 0.1 s) if needed; idempotent."""
    global SREC, HREC, TIGHT, AT, SUIT_OFF, HONOR_OFF, rows_ready
    cdef uint8_t suit_ids[MAX_IDS]
    cdef uint8_t honor_ids[MAX_IDS]
    cdef int t, a, b, u, k, rc
    if rows_ready:
        return
    ensure_tables()
    with _rows_lock:
        if rows_ready:
            return
        for t in range(N_KINDS):
            PART[t] = _part(t)
            POS[t] = t - SUIT_SIZE * PART[t]
            PART_BITS[PART[t]] |= <uint64_t>1 << t
        for a in range(4):
            k = 0
            for u in range(4):
                if u != a:
                    OTHER3[a][k] = u
                    k += 1
            for b in range(4):
                k = 0
                for u in range(4):
                    if u != a and u != b and k < 2:
                        OTHERS[a][b][k] = u
                        k += 1
        SUIT_OFF = rank_offsets_c(0)
        HONOR_OFF = rank_offsets_c(N_SUITS)
        SREC = <Rec*>calloc(SUIT_VECTORS, sizeof(Rec))
        HREC = <Rec*>calloc(HONOR_VECTORS, sizeof(Rec))
        if SREC == NULL or HREC == NULL:
            free(SREC)
            free(HREC)
            SREC = HREC = NULL
            raise MemoryError("cannot allocate the efficiency row tables")
        with nogil:
            rc = _close_products(suit_ids, honor_ids)
        if rc:
            raise RuntimeError("more cost rows than the efficiency tables hold")
        TIGHT = <uint16_t*>malloc(5 * NROWS * NROWS * sizeof(uint16_t))
        AT = <uint8_t*>malloc(5 * NROWS * NROWS)
        if TIGHT == NULL or AT == NULL:
            raise MemoryError("cannot allocate the efficiency row tables")
        with nogil:
            _fill_tight()
            rc = _fill_records(0, SREC, suit_ids)
            if rc == 0:
                rc = _fill_records(N_SUITS, HREC, honor_ids)
        if rc:
            raise MemoryError("cannot allocate the efficiency row tables")
        rows_ready = True
