# Included by _shanten.pyx: the per-part distance tables, their ranks and their lazy build.

cdef enum:
    FULL9 = 1953125       # 5**9 count vectors of a suit
    NRANK9 = 405350       # those with at most 14 tiles
    NRANK7 = 43130        # honor count vectors (5**7) with at most 14 tiles
    MAXROWS = 256
    ROW_SLOTS = 4096      # open-addressing slots of one row dictionary

cdef uint32_t P5[10]
cdef uint32_t g_off9[9][15][5]
cdef uint32_t g_off7[7][15][5]

cdef uint8_t* g_scap = NULL     # suit rank -> capped row id
cdef uint8_t* g_sunc = NULL     # suit rank -> uncapped row id
cdef uint16_t* g_swait = NULL   # suit rank -> tiles completing the suit part
cdef uint8_t* g_hcap = NULL
cdef uint8_t* g_hunc = NULL
cdef uint8_t* g_hwait = NULL
cdef uint8_t g_srows[MAXROWS][10]
cdef uint8_t g_urows[MAXROWS][10]
cdef uint8_t g_hrows[MAXROWS][10]
cdef uint8_t g_hurows[MAXROWS][10]
cdef int g_ns = 0, g_nu = 0, g_nh = 0, g_nhu = 0
cdef uint8_t* g_comb_mp = NULL  # capped man row x pin row -> combined row
cdef uint8_t* g_comb_sh = NULL  # capped sou row x honor row -> combined row
cdef bint g_ready = False
cdef double g_build_seconds = 0.0
cdef size_t g_table_bytes = 0

_build_lock = _threading.Lock()


cdef void _init_ranks() noexcept nogil:
    """Lexicographic ranks of count vectors (0-4 each) with at most 14 tiles.

    ``off[i][s][v]`` counts the vectors that agree before position ``i`` (holding ``s``
    tiles there) and hold fewer than ``v`` at ``i``; a rank is the sum along the vector.
    """
    cdef uint32_t tail[10][15]  # tail[i][r]: vectors of positions i.. with at most r tiles
    cdef uint32_t (*off)[15][5]
    cdef int i, r, v, s, m
    P5[0] = 1
    for i in range(1, 10):
        P5[i] = P5[i - 1] * 5
    for m in range(7, 10, 2):
        if m == 9:
            off = g_off9
        else:
            off = g_off7
        for r in range(15):
            tail[m][r] = 1
        for i in range(m - 1, -1, -1):
            for r in range(15):
                tail[i][r] = 0
                for v in range(min(4, r) + 1):
                    tail[i][r] += tail[i + 1][r - v]
        for i in range(m):
            for s in range(15):
                for v in range(5):
                    off[i][s][v] = 0
                    for r in range(v if s + v <= 14 else 0):
                        off[i][s][v] += tail[i + 1][14 - s - r]


cdef inline uint32_t _rank(const uint8_t* c, uint32_t (*off)[15][5], int npos) noexcept nogil:
    # caller guarantees counts 0-4 summing to at most 14
    cdef uint32_t r = 0
    cdef int i, s = 0
    for i in range(npos):
        r += off[i][s][c[i]]
        s += c[i]
    return r


cdef inline uint32_t _rank9(const uint8_t* c) noexcept nogil:
    return _rank(c, g_off9, 9)


cdef inline uint32_t _rank7(const uint8_t* c) noexcept nogil:
    return _rank(c, g_off7, 7)


cdef inline void _next_vector(int* dig, int* total) noexcept nogil:
    """Advance count vectors in base-5 order (digit 0 fastest), keeping their tile total."""
    cdef int i = 0
    while dig[i] == 4:
        dig[i] = 0
        total[0] -= 4
        i += 1
    dig[i] += 1
    total[0] += 1


cdef void _mark_exact(uint8_t* lat, int* c, int npos, bint chows, int k,
                      int first) noexcept nogil:
    """Zero the lattice at every part vector that is exactly ``k``+ melds (+ a pair).

    Blocks are tried in a fixed order (pungs, then chows if ``chows``) from ``first`` on.
    """
    cdef uint32_t code = 0
    cdef int i, m, st
    for i in range(npos):
        code += c[i] * P5[i]
    lat[code * 10 + 2 * k] = 0
    for i in range(npos):
        if c[i] <= 2:
            lat[(code + 2 * P5[i]) * 10 + 2 * k + 1] = 0
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
                c[st] += 1; c[st + 1] += 1; c[st + 2] += 1
                _mark_exact(lat, c, npos, chows, k + 1, m)
                c[st] -= 1; c[st + 1] -= 1; c[st + 2] -= 1


cdef void _transform_axis(uint8_t* lat, size_t nvec, int axis) noexcept nogil:
    """F(x) = min_v F(v) + max(0, v - x) along one tile axis of the lattice."""
    cdef size_t run = P5[axis] * 10
    cdef size_t block = run * 5
    cdef size_t nblocks = nvec // (P5[axis] * 5)
    cdef size_t hi, x
    cdef uint8_t* p0
    cdef uint8_t a0, a1, a2, a3, a4, b0, b1, b2, b3, m
    for hi in range(nblocks):
        p0 = lat + hi * block
        for x in range(run):
            a0 = p0[x]; a1 = p0[x + run]; a2 = p0[x + 2 * run]
            a3 = p0[x + 3 * run]; a4 = p0[x + 4 * run]
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
    cdef int dig[9]
    cdef int j, s, low, held, st, t, cost, total, nchow
    cdef uint32_t x, sub_discard, sub_pung, sub_pair
    cdef uint32_t chow_sub[3]
    cdef int chow_cost[3]
    cdef int best, v
    cdef uint8_t* cur
    memset(dig, 0, sizeof(dig))
    for j in range(10):
        lat[j] = (lat[j] & 15) | ((3 * (j >> 1) + 2 * (j & 1)) << 4)
    total = 0
    for x in range(1, P5[npos]):
        _next_vector(dig, &total)
        if total > 14:
            continue
        low = 0
        while dig[low] == 0:
            low += 1
        held = dig[low]
        sub_discard = x - P5[low]
        sub_pung = x - (held if held < 3 else 3) * P5[low]
        sub_pair = x - (held if held < 2 else 2) * P5[low]
        nchow = 0
        for st in range(low - 2, low + 1):
            if not chows or st < 0 or st > npos - 3:
                continue
            cost = 0
            chow_sub[nchow] = x
            for t in range(st, st + 3):
                if dig[t] > 0:
                    chow_sub[nchow] -= P5[t]
                else:
                    cost += 1
            chow_cost[nchow] = cost
            nchow += 1
        cur = lat + <size_t>x * 10
        for j in range(10):
            best = lat[<size_t>sub_discard * 10 + j] >> 4
            if j >= 2:
                v = (3 - held if held < 3 else 0) + (lat[<size_t>sub_pung * 10 + j - 2] >> 4)
                if v < best:
                    best = v
                for s in range(nchow):
                    v = chow_cost[s] + (lat[<size_t>chow_sub[s] * 10 + j - 2] >> 4)
                    if v < best:
                        best = v
            if j & 1:
                v = (2 - held if held < 2 else 0) + (lat[<size_t>sub_pair * 10 + j - 1] >> 4)
                if v < best:
                    best = v
            cur[j] = (cur[j] & 15) | (best << 4)


cdef void _part_lattice(uint8_t* lat, int npos, bint chows) noexcept nogil:
    """Costs of every part vector: capped in the low nibble, uncapped in the high one."""
    cdef int c[9]
    cdef int i
    memset(lat, INF, <size_t>P5[npos] * 10)
    memset(c, 0, sizeof(c))
    _mark_exact(lat, c, npos, chows, 0, 0)
    for i in range(npos):
        _transform_axis(lat, P5[npos], i)
    _uncapped_costs(lat, npos, chows)


cdef int _row_id(uint8_t (*rows)[10], int* nrows, const uint8_t* row,
                 uint64_t* keys, int* ids) noexcept nogil:
    """Id of ``row`` in a row dictionary (open addressing on its packed nibbles); -1 if full."""
    cdef uint64_t key = 1
    cdef int j
    cdef size_t slot
    for j in range(10):
        key = (key << 4) | row[j]
    slot = <size_t>((key * <uint64_t>0x9E3779B97F4A7C15) >> 52)
    while keys[slot] != 0:
        if keys[slot] == key:
            return ids[slot]
        slot = (slot + 1) & (ROW_SLOTS - 1)
    if nrows[0] == MAXROWS:
        return -1
    keys[slot] = key
    ids[slot] = nrows[0]
    memcpy(rows[nrows[0]], row, 10)
    nrows[0] += 1
    return ids[slot]


cdef void _combine(const uint8_t* a, const uint8_t* b, uint8_t* out) noexcept nogil:
    """Min-plus product of two (k melds, pair) rows."""
    cdef int k1, k2, p1, p2, v
    for k1 in range(10):
        out[k1] = INF
    for k1 in range(5):
        for k2 in range(5 - k1):
            for p1 in range(2):
                for p2 in range(2 - p1):
                    v = a[2 * k1 + p1] + b[2 * k2 + p2]
                    if v < out[2 * (k1 + k2) + p1 + p2]:
                        out[2 * (k1 + k2) + p1 + p2] = v


cdef inline bint _complete_row(const uint8_t* row, int count) noexcept nogil:
    """Whether a part of ``count`` tiles with this capped row splits exactly into blocks."""
    if count % 3 == 0:
        return row[2 * (count // 3)] == 0
    if count % 3 == 2:
        return row[2 * (count // 3) + 1] == 0
    return False


cdef int _index_part(uint8_t* lat, int npos, bint chows, uint8_t* cap, uint8_t* unc,
                     void* wait, uint8_t (*caprows)[10], int* ncap, uint8_t (*uncrows)[10],
                     int* nunc, uint64_t* keys, int* ids) noexcept nogil:
    """Fill a part's rank -> capped / uncapped row id and completion mask; -2 on overflow.

    ``wait`` holds one mask per rank, ``uint16_t`` for a suit (npos 9), ``uint8_t`` for the
    honors; ``keys``/``ids`` are two row dictionaries, capped then uncapped.
    """
    cdef int dig[9]
    cdef uint8_t vec[9]
    cdef uint8_t row[10]
    cdef uint8_t urow[10]
    cdef int i, j, total, a, b, mask
    cdef uint32_t x, r
    cdef const uint8_t* cell
    _part_lattice(lat, npos, chows)
    memset(dig, 0, sizeof(dig))
    total = 0
    for x in range(P5[npos]):
        if x:
            _next_vector(dig, &total)
        if total > 14:
            continue
        for i in range(npos):
            vec[i] = dig[i]
        r = _rank9(vec) if npos == 9 else _rank7(vec)
        cell = lat + <size_t>x * 10
        for j in range(10):
            row[j] = cell[j] & 15
            urow[j] = cell[j] >> 4
        a = _row_id(caprows, ncap, row, keys, ids)
        b = _row_id(uncrows, nunc, urow, keys + ROW_SLOTS, ids + ROW_SLOTS)
        if a < 0 or b < 0:
            return -2
        cap[r] = a
        unc[r] = b
        mask = 0
        if total <= 13:
            for i in range(npos):
                if dig[i] < 4:
                    for j in range(10):
                        row[j] = cell[<size_t>P5[i] * 10 + j] & 15
                    if _complete_row(row, total + 1):
                        mask |= 1 << i
        if npos == 9:
            (<uint16_t*>wait)[r] = mask
        else:
            (<uint8_t*>wait)[r] = mask
    return 0


cdef int _build() noexcept nogil:
    """Build every table; 0 on success, -1 out of memory, -2 a row dictionary overflowed."""
    global g_scap, g_sunc, g_swait, g_hcap, g_hunc, g_hwait, g_comb_mp, g_comb_sh
    global g_ns, g_nu, g_nh, g_nhu
    cdef uint8_t* lat = <uint8_t*>malloc(<size_t>FULL9 * 10)   # scratch, suits then honors
    cdef uint64_t* keys = <uint64_t*>calloc(4 * ROW_SLOTS, sizeof(uint64_t))
    cdef int* ids = <int*>malloc(4 * ROW_SLOTS * sizeof(int))
    cdef int a, b, rc = 0
    _init_ranks()
    g_ns = g_nu = g_nh = g_nhu = 0
    g_scap = <uint8_t*>malloc(NRANK9)
    g_sunc = <uint8_t*>malloc(NRANK9)
    g_swait = <uint16_t*>malloc(NRANK9 * sizeof(uint16_t))
    g_hcap = <uint8_t*>malloc(NRANK7)
    g_hunc = <uint8_t*>malloc(NRANK7)
    g_hwait = <uint8_t*>malloc(NRANK7)
    if (lat == NULL or keys == NULL or ids == NULL or g_scap == NULL or g_sunc == NULL
            or g_swait == NULL or g_hcap == NULL or g_hunc == NULL or g_hwait == NULL):
        rc = -1
    if rc == 0:
        rc = _index_part(lat, 9, True, g_scap, g_sunc, g_swait, g_srows, &g_ns,
                         g_urows, &g_nu, keys, ids)
    if rc == 0:
        rc = _index_part(lat, 7, False, g_hcap, g_hunc, g_hwait, g_hrows, &g_nh,
                         g_hurows, &g_nhu, keys + 2 * ROW_SLOTS, ids + 2 * ROW_SLOTS)
    if rc == 0:
        g_comb_mp = <uint8_t*>malloc(<size_t>g_ns * g_ns * 10)
        g_comb_sh = <uint8_t*>malloc(<size_t>g_ns * g_nh * 10)
        if g_comb_mp == NULL or g_comb_sh == NULL:
            rc = -1
        else:
            for a in range(g_ns):
                for b in range(g_ns):
                    _combine(g_srows[a], g_srows[b], g_comb_mp + (a * g_ns + b) * 10)
                for b in range(g_nh):
                    _combine(g_srows[a], g_hrows[b], g_comb_sh + (a * g_nh + b) * 10)
    free(lat)
    free(keys)
    free(ids)
    if rc != 0:
        free(g_scap); free(g_sunc); free(g_swait); free(g_hcap); free(g_hunc); free(g_hwait)
        free(g_comb_mp); free(g_comb_sh)
        g_scap = g_sunc = g_hcap = g_hunc = g_hwait = g_comb_mp = g_comb_sh = NULL
        g_swait = NULL
    return rc


def ensure_tables() -> float:
    """Build the lookup tables if needed; return the seconds this call spent building.

    Called implicitly by the first Python-level call; call it before using the C entry points
    of ``_shanten.pxd`` without the GIL.
    """
    global g_ready, g_build_seconds, g_table_bytes
    cdef int rc
    if g_ready:
        return 0.0
    with _build_lock:
        if g_ready:
            return 0.0
        start = _time.perf_counter()
        with nogil:
            rc = _build()
        if rc == -1:
            raise MemoryError("cannot allocate the shanten tables")
        if rc != 0:
            raise RuntimeError("shanten row dictionary overflowed")
        g_build_seconds = _time.perf_counter() - start
        g_table_bytes = (2 * NRANK9 + NRANK9 * sizeof(uint16_t) + 3 * NRANK7
                         + 4 * MAXROWS * 10 + <size_t>g_ns * (g_ns + g_nh) * 10)
        g_ready = True
        return g_build_seconds


def table_info() -> dict:
    """Sizes and build time of the tables (building them if needed)."""
    ensure_tables()
    return {
        "bytes": g_table_bytes,
        "build_seconds": g_build_seconds,
        "suit_vectors": NRANK9,
        "honor_vectors": NRANK7,
        "suit_rows_capped": g_ns,
        "suit_rows_uncapped": g_nu,
        "honor_rows_capped": g_nh,
        "honor_rows_uncapped": g_nhu,
    }
