# The tables of the efficiency row path: the cost rows of the parts as one-byte ids, their min-plus
# products, the cost of every pair of rows, and one record per part vector (docs/efficiency.md,
# "Rows, products and records").
#
# Every capped cost row of a part (entry 2k + p: the fewest tiles missing for k melds and p pairs
# inside the part), and every min-plus product of such rows, is one of fewer than 256 distinct
# rows (180 with the default tables): a row is a one-byte id into ROWS, and the row of two parts
# together is one load from PRODUCT.  A hand of n melds and a pair costs entry (n, 1) of the
# product of its four rows: COST holds it for every pair of rows, and COST_ENTRIES the entries of
# the first row through which that cost is reached (the entries a useful draw must lower).  Per
# part vector, indexed by its rank (the shanten tables' ranks), a PartRecord holds its row, the
# row of the part with one tile fewer at each held position, and per position the row entries
# that one more tile there lowers.
# Stands on: the cimports of efficiency.pyx.

cdef enum:
    MAX_ROWS = 256
    RANK_STRIDE = (MAX_HAND + 1) * (MAX_COPIES + 1)     # offsets[i][s][v] flattened

ctypedef struct PartRecord:     # one part vector of a hand (a suit's nine counts, or the honours')
    uint16_t lowers[SUIT_SIZE]  # lowers[i]: the row entries (bit e) that one more tile at position i lowers
    uint8_t row                 # the part's row id
    uint8_t row_less[SUIT_SIZE]     # row_less[i]: row id of the part with one tile fewer at i (i held)
    uint16_t row_kept           # the held positions i whose removal keeps the row (row_less[i] == row)

cdef PartRecord* SUIT_RECORDS = NULL        # suit part records by rank
cdef PartRecord* HONOUR_RECORDS = NULL      # honour part records by rank
cdef uint8_t ROWS[MAX_ROWS][ROW_LEN]        # the cost row of each row id
cdef uint8_t PRODUCT[MAX_ROWS][MAX_ROWS]    # PRODUCT[a][b]: row id of the min-plus product of rows a and b
cdef uint8_t* COST = NULL               # [n][a][b]: the cost of n melds and a pair for parts of rows a and b
cdef uint16_t* COST_ENTRIES = NULL      # [n][a][b]: the entries 2k + p of row a through which that cost is reached
cdef int N_ROWS = 0
cdef const uint32_t* SUIT_RANK_OFFSETS = NULL
cdef const uint32_t* HONOUR_RANK_OFFSETS = NULL
cdef uint8_t KIND_PART[N_KINDS]         # the part of each kind (0-2 the suits, 3 the honours)
cdef uint8_t KIND_POSITION[N_KINDS]     # the position of each kind in its part (its rank - 1)
cdef uint64_t PART_KINDS[N_PARTS]       # the kinds of each part, as bits
cdef uint8_t OTHER_TWO[N_PARTS][N_PARTS][2]     # OTHER_TWO[a][b]: the two parts other than a and b (a != b)
cdef uint8_t OTHER_THREE[N_PARTS][3]    # OTHER_THREE[a]: the three parts other than a
cdef bint rows_ready = False


cdef inline uint32_t _part_rank(const uint8_t* c, int u) noexcept nogil:
    """Rank of part ``u`` of 34 counts (counts 0-4, at most 14 tiles in the part)."""
    cdef const uint32_t* off
    cdef uint32_t r = 0
    cdef int i, s = 0, npos
    if u == N_SUITS:
        off = HONOUR_RANK_OFFSETS
        npos = N_KINDS - FIRST_HONOR
        c = c + FIRST_HONOR
    else:
        off = SUIT_RANK_OFFSETS
        npos = SUIT_SIZE
        c = c + SUIT_SIZE * u
    for i in range(npos):
        r += off[i * RANK_STRIDE + s * (MAX_COPIES + 1) + c[i]]
        s += c[i]
    return r


cdef inline const PartRecord* _part_record(const uint8_t* c, int u) noexcept nogil:
    """The record of part ``u`` of the hand of 34 counts ``c``."""
    if u == N_SUITS:
        return HONOUR_RECORDS + _part_rank(c, u)
    return SUIT_RECORDS + _part_rank(c, u)


cdef inline uint64_t _row_key(const uint8_t* row) noexcept nogil:
    """The ten entries of a cost row in one integer (6 bits each), to compare rows at once."""
    cdef uint64_t k = 0
    cdef int e
    for e in range(ROW_LEN):
        k = k << 6 | (row[e] if row[e] < 63 else 63)
    return k


cdef int _intern_row(const uint8_t* row, uint64_t* keys) noexcept nogil:
    """Id of ``row`` among ROWS, added when new; -1 when the ids run out."""
    global N_ROWS
    cdef uint64_t k = _row_key(row)
    cdef int i
    for i in range(N_ROWS):
        if keys[i] == k:
            return i
    if N_ROWS == MAX_ROWS:
        return -1
    keys[N_ROWS] = k
    memcpy(ROWS[N_ROWS], row, ROW_LEN)
    N_ROWS += 1
    return N_ROWS - 1


cdef int _close_products(uint8_t* suit_ids, uint8_t* honor_ids) noexcept nogil:
    """Collect the parts' rows and every product of rows into ROWS and PRODUCT; -1 if above 256."""
    global N_ROWS
    cdef uint64_t keys[MAX_ROWS]
    cdef uint8_t out[ROW_LEN]
    cdef const uint8_t* rows
    cdef int k, u, i, n, a, b, v, done = 0
    cdef uint8_t* ids
    N_ROWS = 0
    for k in range(2):
        u = k * N_SUITS             # the suits, then the honours
        rows = part_rows_c(u, &n)
        ids = honor_ids if u == N_SUITS else suit_ids
        for i in range(n):
            v = _intern_row(rows + i * ROW_LEN, keys)
            if v < 0:
                return -1
            ids[i] = v
    while done < N_ROWS:     # rows [0, done) have their products with each other filled
        n = N_ROWS
        for a in range(n):
            for b in range(done if a < done else 0, n):
                row_product(ROWS[a], ROWS[b], out)
                v = _intern_row(out, keys)
                if v < 0:
                    return -1
                PRODUCT[a][b] = v
                PRODUCT[b][a] = v
        done = n
    return 0


cdef void _fill_costs() noexcept nogil:
    """COST and COST_ENTRIES for every number of melds n and pair of rows a, b: the cost of the
    product at (n melds, the pair), and the entries e of row a with a(e) + b((n, 1) - e) equal to
    it (bit 2k + p for k melds and p pairs in a)."""
    cdef int n, a, b, k, m, cost
    cdef const uint8_t* ra
    cdef const uint8_t* rb
    for n in range(5):
        for a in range(N_ROWS):
            ra = ROWS[a]
            for b in range(N_ROWS):
                rb = ROWS[b]
                cost = ROWS[PRODUCT[a][b]][2 * n + 1]
                COST[(n * N_ROWS + a) * N_ROWS + b] = cost
                m = 0
                for k in range(n + 1):
                    if ra[2 * k] + rb[2 * (n - k) + 1] == cost:
                        m |= 1 << (2 * k)
                    if ra[2 * k + 1] + rb[2 * (n - k)] == cost:
                        m |= 2 << (2 * k)
                COST_ENTRIES[(n * N_ROWS + a) * N_ROWS + b] = m


cdef int _fill_records(int u, PartRecord* recs, const uint8_t* ids) noexcept nogil:
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
    cdef PartRecord* r
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
            rank = _part_rank(c, u)
            if pass_ == 0:
                by_code[code] = ids[part_row_id_c(rank, u)]
                continue
            r = recs + rank
            r.row = by_code[code]
            row = ROWS[r.row]
            for i in range(SUIT_SIZE):
                r.lowers[i] = 0
                r.row_less[i] = 0
            r.row_kept = 0
            for i in range(npos):
                if dig[i]:
                    r.row_less[i] = by_code[code - pow5[i]]
                    if r.row_less[i] == r.row:
                        r.row_kept |= 1 << i
                if dig[i] < MAX_COPIES and total < MAX_HAND:
                    nrow = ROWS[by_code[code + pow5[i]]]
                    for e in range(ROW_LEN):
                        if nrow[e] < row[e]:
                            r.lowers[i] |= 1 << e
    free(by_code)
    return 0


def ensure_rows():
    """Build the efficiency row tables (about 14 MB, about 0.1 s) if needed; idempotent."""
    global SUIT_RECORDS, HONOUR_RECORDS, COST_ENTRIES, COST, SUIT_RANK_OFFSETS, HONOUR_RANK_OFFSETS, rows_ready
    cdef uint8_t suit_ids[MAX_ROWS]
    cdef uint8_t honor_ids[MAX_ROWS]
    cdef int t, a, b, u, k, rc
    if rows_ready:
        return
    ensure_tables()
    with _rows_lock:
        if rows_ready:
            return
        for t in range(N_KINDS):
            KIND_PART[t] = part_of(t)
            KIND_POSITION[t] = t - SUIT_SIZE * KIND_PART[t]
            PART_KINDS[KIND_PART[t]] |= <uint64_t>1 << t
        for a in range(N_PARTS):
            k = 0
            for u in range(N_PARTS):
                if u != a:
                    OTHER_THREE[a][k] = u
                    k += 1
            for b in range(N_PARTS):
                k = 0
                for u in range(N_PARTS):
                    if u != a and u != b and k < 2:
                        OTHER_TWO[a][b][k] = u
                        k += 1
        SUIT_RANK_OFFSETS = rank_offsets_c(0)
        HONOUR_RANK_OFFSETS = rank_offsets_c(N_SUITS)
        SUIT_RECORDS = <PartRecord*>table_calloc(SUIT_VECTORS * sizeof(PartRecord))
        HONOUR_RECORDS = <PartRecord*>table_calloc(HONOR_VECTORS * sizeof(PartRecord))
        if SUIT_RECORDS == NULL or HONOUR_RECORDS == NULL:
            free(SUIT_RECORDS)
            free(HONOUR_RECORDS)
            SUIT_RECORDS = HONOUR_RECORDS = NULL
            raise MemoryError("cannot allocate the efficiency row tables")
        with nogil:
            rc = _close_products(suit_ids, honor_ids)
        if rc:
            raise RuntimeError("more cost rows than the efficiency tables hold")
        COST_ENTRIES = <uint16_t*>malloc(5 * N_ROWS * N_ROWS * sizeof(uint16_t))
        COST = <uint8_t*>malloc(5 * N_ROWS * N_ROWS)
        if COST_ENTRIES == NULL or COST == NULL:
            raise MemoryError("cannot allocate the efficiency row tables")
        with nogil:
            _fill_costs()
            rc = _fill_records(0, SUIT_RECORDS, suit_ids)
            if rc == 0:
                rc = _fill_records(N_SUITS, HONOUR_RECORDS, honor_ids)
        if rc:
            raise MemoryError("cannot allocate the efficiency row tables")
        rows_ready = True
