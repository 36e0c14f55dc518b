# cython: language_level=3, embedsignature=True, freethreading_compatible=True
# cython: boundscheck=False, wraparound=False, cdivision=True, initializedcheck=False
"""Shanten, waits and wildcards on 34-count arrays, by per-suit distance tables.

Terms (shared with the pure-Python twin ``_shanten_py``; ``H`` counts, ``J`` jokers, ``L``
limits): a *target* is a complete hand (n melds + a pair, seven pairs, thirteen orphans) of
``3n+2`` tiles where ``sum(H) + J`` is ``3n+1`` or ``3n+2``; its cost is the number of its
tiles not held, ``sum(max(0, T[t] - H[t]))``. A target holds at most ``L[t]`` copies of ``t``
(default 4); with ``fifth=True`` up to ``J`` copies in total beyond the limits may be jokers.
``shanten = min cost - J - 1``; a hand of 3n+2 tiles wins iff its min cost is ``J``. This is
also the least plain shanten over every substitution of the jokers.

Tables (built in C on first use, or by ``ensure_tables()``). For each suit part (nine counts)
and each ``k`` melds (0-4) with or without the pair, the min cost of a target inside the suit,
twice: *capped* (no target count above 4) and *uncapped* (any count, for jokers as fifth
copies). The capped one is a distance transform over the 5**9 lattice: exact targets at 0,
then per tile axis ``F(x) = min_v F(v) + max(0, v - x)`` (a prefix min and a suffix min + 1),
so targets above 4 simply do not exist. The uncapped one recurses on the lowest held tile:
discard a copy of it, or take the meld or pair that holds it. Honors (seven counts, no chows)
get both by combining one tile at a time. Only 126 distinct capped rows of ten values exist
(110 uncapped, 55 and 55 for honors), so a part is stored as one-byte row ids indexed by the
rank of its counts among the 405,350 suit (43,130 honor) vectors of at most 14 tiles, plus a
9-bit (7-bit) mask of the tiles whose addition completes the part. Min-plus products of capped
rows (man x pin, sou x honors) are tabulated too: the standard form without jokers is four
ranks, four row ids, two products and ten additions. About 2.0 MB in all, built in about
0.1 s through a 20 MB scratch lattice (``table_info()`` reports the measured figures).

Waits without jokers read the masks: a tile can only go to a part whose count is 1 or 2 mod 3,
and then every other part must already split exactly. With jokers each candidate is one table
row against the min-plus product of the other three parts.

Exactness of the cap. With no jokers or ``fifth=False`` and the default limits the capped rows
are exact. They equal the ``mahjong`` package's standard shanten, which also never counts on a
fifth copy (its Tenhou-style search patches block counting for fours): every one of the
760,302 one-suit hands and 300,000 random, four-heavy hands agrees, and no disagreement with
the capped distance was found. The uncapped distance does differ, e.g. ``1111m234p567s999p``
is 1-shanten (waits on nothing), 0 only if 1m could be drawn a fifth time. With ``fifth=True``
the cost of a part lies between its uncapped and capped rows; where they agree (most hands)
the table answers, and a win needs only the uncapped rows (a joker used as an extra copy is a
tile the target lacks, so the overflow never exceeds ``J``). Otherwise, and for any limit below
4, the affected parts are solved exactly by a dynamic programme over the tile positions that
tracks the overflow (``_part_dp``), then combined.
"""

import threading as _threading
import time as _time

from cpython.bytes cimport PyBytes_AS_STRING, PyBytes_GET_SIZE
from libc.stdint cimport uint8_t, uint16_t, uint32_t, uint64_t
from libc.stdlib cimport free, malloc
from libc.string cimport memcmp, memcpy, memset

FORM_ANY = 0
FORM_STANDARD = 1
FORM_SEVEN_PAIRS = 2
FORM_THIRTEEN_ORPHANS = 3
UNREACHABLE = 99

cdef enum:
    FULL9 = 1953125       # 5**9 count vectors of a suit
    NRANK9 = 405350       # those with at most 14 tiles
    NRANK7 = 43130        # honor count vectors (5**7) with at most 14 tiles
    MAXROWS = 256
    INF = 60              # unreachable; small enough that sums of four stay in a byte
    OMAX = 14             # overflow copies tracked (never more than the jokers)

cdef uint32_t P5[10]
cdef uint32_t g_off9[9][15][5]
cdef uint32_t g_off7[7][15][5]
cdef uint8_t ORPHAN_IDX[13]
ORPHAN_IDX[:] = [0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33]
cdef uint8_t FULL_LIMITS[34]
FULL_LIMITS[:] = [4] * 34

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


# ---------------------------------------------------------------- table construction

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


cdef inline uint32_t _rank9(const uint8_t* c) noexcept nogil:
    # caller guarantees counts 0-4 summing to at most 14
    cdef uint32_t r = g_off9[0][0][c[0]]
    cdef int s = c[0]
    r += g_off9[1][s][c[1]]; s += c[1]
    r += g_off9[2][s][c[2]]; s += c[2]
    r += g_off9[3][s][c[3]]; s += c[3]
    r += g_off9[4][s][c[4]]; s += c[4]
    r += g_off9[5][s][c[5]]; s += c[5]
    r += g_off9[6][s][c[6]]; s += c[6]
    r += g_off9[7][s][c[7]]; s += c[7]
    return r + g_off9[8][s][c[8]]


cdef inline uint32_t _rank7(const uint8_t* c) noexcept nogil:
    cdef uint32_t r = g_off7[0][0][c[0]]
    cdef int s = c[0]
    r += g_off7[1][s][c[1]]; s += c[1]
    r += g_off7[2][s][c[2]]; s += c[2]
    r += g_off7[3][s][c[3]]; s += c[3]
    r += g_off7[4][s][c[4]]; s += c[4]
    r += g_off7[5][s][c[5]]; s += c[5]
    return r + g_off7[6][s][c[6]]


cdef inline void _next_vector(int* dig, int* total) noexcept nogil:
    """Advance count vectors in base-5 order (digit 0 fastest), keeping their tile total."""
    cdef int i = 0
    while dig[i] == 4:
        dig[i] = 0
        total[0] -= 4
        i += 1
    dig[i] += 1
    total[0] += 1


cdef void _mark_exact(uint8_t* lat, int* c, int k, int first) noexcept nogil:
    """Zero the lattice at every suit vector that is exactly ``k``+ melds (+ a pair)."""
    cdef uint32_t code = 0
    cdef int i, m, st
    for i in range(9):
        code += c[i] * P5[i]
    lat[code * 10 + 2 * k] = 0
    for i in range(9):
        if c[i] <= 2:
            lat[(code + 2 * P5[i]) * 10 + 2 * k + 1] = 0
    if k == 4:
        return
    for m in range(first, 16):
        if m < 9:
            if c[m] <= 1:
                c[m] += 3
                _mark_exact(lat, c, k + 1, m)
                c[m] -= 3
        else:
            st = m - 9
            if c[st] <= 3 and c[st + 1] <= 3 and c[st + 2] <= 3:
                c[st] += 1; c[st + 1] += 1; c[st + 2] += 1
                _mark_exact(lat, c, k + 1, m)
                c[st] -= 1; c[st + 1] -= 1; c[st + 2] -= 1


cdef void _transform_axis(uint8_t* lat, int axis) noexcept nogil:
    """F(x) = min_v F(v) + max(0, v - x) along one tile axis of the lattice."""
    cdef size_t run = P5[axis] * 10
    cdef size_t block = run * 5
    cdef size_t nblocks = FULL9 // (P5[axis] * 5)
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


cdef void _uncapped_suits(uint8_t* lat) noexcept nogil:
    """High nibble of the lattice: uncapped costs, for vectors of at most 14 tiles."""
    cdef int dig[9]
    cdef int i, j, s, low, held, st, t, cost, total, nchow
    cdef uint32_t x, sub_discard, sub_pung, sub_pair
    cdef uint32_t chow_sub[3]
    cdef int chow_cost[3]
    cdef int best, v
    cdef uint8_t* cur
    memset(dig, 0, sizeof(dig))
    for j in range(10):
        lat[j] = (lat[j] & 15) | ((3 * (j >> 1) + 2 * (j & 1)) << 4)
    total = 0
    for x in range(1, <uint32_t>FULL9):
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
            if st < 0 or st > 6:
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
        slot = (slot + 1) & 4095
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


cdef void _honor_rows(const int* dig, uint8_t* capped, uint8_t* uncapped) noexcept nogil:
    cdef uint8_t tile_cap[10]
    cdef uint8_t tile_unc[10]
    cdef uint8_t tmp[10]
    cdef int t, j, need
    for j in range(10):
        capped[j] = 0 if j == 0 else INF
        uncapped[j] = 0 if j == 0 else INF
    for t in range(7):
        for j in range(10):
            need = 3 * (j >> 1) + 2 * (j & 1)
            tile_unc[j] = need - dig[t] if need > dig[t] else 0
            tile_cap[j] = tile_unc[j] if j <= 2 else INF
        _combine(capped, tile_cap, tmp)
        memcpy(capped, tmp, 10)
        _combine(uncapped, tile_unc, tmp)
        memcpy(uncapped, tmp, 10)


cdef inline bint _complete_row(const uint8_t* row, int count) noexcept nogil:
    """Whether a part of ``count`` tiles with this capped row splits exactly into blocks."""
    if count % 3 == 0:
        return row[2 * (count // 3)] == 0
    if count % 3 == 2:
        return row[2 * (count // 3) + 1] == 0
    return False


cdef int _build() noexcept nogil:
    """Build every table; 0 on success, -1 out of memory, -2 a row dictionary overflowed."""
    global g_scap, g_sunc, g_swait, g_hcap, g_hunc, g_hwait, g_comb_mp, g_comb_sh
    global g_ns, g_nu, g_nh, g_nhu
    cdef uint8_t* lat = NULL
    cdef uint64_t* keys = NULL
    cdef int* ids = NULL
    cdef int c[9]
    cdef int dig[9]
    cdef uint8_t row[10]
    cdef uint8_t urow[10]
    cdef uint8_t vec[9]
    cdef int i, j, total, a, b, t, rc = 0
    cdef uint32_t x, r
    cdef uint16_t mask
    cdef uint8_t* nrow

    _init_ranks()
    g_ns = g_nu = g_nh = g_nhu = 0
    lat = <uint8_t*>malloc(<size_t>FULL9 * 10)
    keys = <uint64_t*>malloc(4096 * 4 * sizeof(uint64_t))
    ids = <int*>malloc(4096 * 4 * sizeof(int))
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
        memset(keys, 0, 4096 * 4 * sizeof(uint64_t))
        memset(lat, INF, <size_t>FULL9 * 10)
        memset(c, 0, sizeof(c))
        _mark_exact(lat, c, 0, 0)
        for i in range(9):
            _transform_axis(lat, i)
        _uncapped_suits(lat)

        # suit row ids, by rank
        memset(dig, 0, sizeof(dig))
        total = 0
        for x in range(<uint32_t>FULL9):
            if x:
                _next_vector(dig, &total)
            if total > 14:
                continue
            for i in range(9):
                vec[i] = dig[i]
            r = _rank9(vec)
            for j in range(10):
                row[j] = lat[<size_t>x * 10 + j] & 15
                urow[j] = lat[<size_t>x * 10 + j] >> 4
            a = _row_id(g_srows, &g_ns, row, keys, ids)
            b = _row_id(g_urows, &g_nu, urow, keys + 4096, ids + 4096)
            if a < 0 or b < 0:
                rc = -2
                break
            g_scap[r] = a
            g_sunc[r] = b
            mask = 0
            if total <= 13:
                for i in range(9):
                    if dig[i] < 4:
                        nrow = lat + (<size_t>x + P5[i]) * 10
                        for j in range(10):
                            row[j] = nrow[j] & 15
                        if _complete_row(row, total + 1):
                            mask |= 1 << i
            g_swait[r] = mask

    if rc == 0:
        # honor row ids, by rank
        memset(dig, 0, sizeof(dig))
        total = 0
        for x in range(P5[7]):
            if x:
                _next_vector(dig, &total)
            if total > 14:
                continue
            for i in range(7):
                vec[i] = dig[i]
            r = _rank7(vec)
            _honor_rows(dig, row, urow)
            a = _row_id(g_hrows, &g_nh, row, keys + 8192, ids + 8192)
            b = _row_id(g_hurows, &g_nhu, urow, keys + 12288, ids + 12288)
            if a < 0 or b < 0:
                rc = -2
                break
            g_hcap[r] = a
            g_hunc[r] = b
        if rc == 0:
            memset(dig, 0, sizeof(dig))
            total = 0
            for x in range(P5[7]):
                if x:
                    _next_vector(dig, &total)
                if total > 13:
                    continue
                for i in range(7):
                    vec[i] = dig[i]
                r = _rank7(vec)
                mask = 0
                for t in range(7):
                    if dig[t] < 4:
                        vec[t] += 1
                        if _complete_row(g_hrows[g_hcap[_rank7(vec)]], total + 1):
                            mask |= 1 << t
                        vec[t] -= 1
                g_hwait[r] = mask

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


# ---------------------------------------------------------------- kernels

cdef inline int _scan(const uint8_t* c, int* cnt) noexcept nogil:
    """Tiles per part (man, pin, sou, honors); the total, or -1 if a count exceeds 4."""
    cdef int i, v, bad = 0
    cnt[0] = cnt[1] = cnt[2] = cnt[3] = 0
    for i in range(34):
        v = c[i]
        bad |= v > 4
        cnt[(i >= 9) + (i >= 18) + (i >= 27)] += v
    if bad:
        return -1
    return cnt[0] + cnt[1] + cnt[2] + cnt[3]


cdef inline bint _limits_ok(const uint8_t* lim) noexcept nogil:
    cdef int i
    for i in range(34):
        if lim[i] > 4:
            return False
    return True


cdef inline int _final(const uint8_t* a, const uint8_t* b, int n) noexcept nogil:
    """Entry (n melds, the pair) of the min-plus product of two rows."""
    cdef int k, v, best = INF
    for k in range(n + 1):
        v = a[2 * k] + b[2 * (n - k) + 1]
        if v < best:
            best = v
        v = a[2 * k + 1] + b[2 * (n - k)]
        if v < best:
            best = v
    return best


cdef inline void _part_rows(const uint8_t* c, bint uncapped, const uint8_t** rows) noexcept nogil:
    if uncapped:
        rows[0] = g_urows[g_sunc[_rank9(c)]]
        rows[1] = g_urows[g_sunc[_rank9(c + 9)]]
        rows[2] = g_urows[g_sunc[_rank9(c + 18)]]
        rows[3] = g_hurows[g_hunc[_rank7(c + 27)]]
    else:
        rows[0] = g_srows[g_scap[_rank9(c)]]
        rows[1] = g_srows[g_scap[_rank9(c + 9)]]
        rows[2] = g_srows[g_scap[_rank9(c + 18)]]
        rows[3] = g_hrows[g_hcap[_rank7(c + 27)]]


cdef inline int _std_capped(const uint8_t* c, int n) noexcept nogil:
    cdef const uint8_t* a = g_comb_mp + (g_scap[_rank9(c)] * g_ns + g_scap[_rank9(c + 9)]) * 10
    cdef const uint8_t* b = g_comb_sh + (g_scap[_rank9(c + 18)] * g_nh
                                         + g_hcap[_rank7(c + 27)]) * 10
    return _final(a, b, n)


cdef inline int _std_rows(const uint8_t** rows, int n) noexcept nogil:
    cdef uint8_t a[10]
    cdef uint8_t b[10]
    _combine(rows[0], rows[1], a)
    _combine(rows[2], rows[3], b)
    return _final(a, b, n)


ctypedef uint8_t DPLayer[5][5][5][2]  # [chows from i-1][chows from i-2][melds][pair]


cdef void _part_dp(const uint8_t* held, const uint8_t* cap, int npos, bint chows, int budget,
                   uint8_t out[5][2][OMAX + 1]) noexcept nogil:
    """Exact costs of k melds + p pairs in one part, by the overflow o used (o <= budget).

    Walks the positions, choosing at each how many chows start there, and whether pungs and
    the pair sit there; the state: chows started one and two positions back, melds, pair,
    overflow (outermost, so that a budget of 0 touches one layer).
    """
    cdef DPLayer buf[2][OMAX + 1]
    cdef DPLayer* cur = buf[0]
    cdef DPLayer* nxt = buf[1]
    cdef DPLayer* tmp
    cdef size_t used = (budget + 1) * sizeof(DPLayer)
    cdef int i, a, b, k, p, o, s, g, q, smax, copies, over, cost, value, h, cp, base, nk
    memset(cur, INF, used)
    cur[0][0][0][0][0] = 0
    for i in range(npos):
        memset(nxt, INF, used)
        h = held[i]
        cp = cap[i]
        smax = 4 if chows and i <= npos - 3 else 0
        for o in range(budget + 1):
            for a in range(5):
                for b in range(5 - a):
                    for k in range(a + b, 5):
                        for p in range(2):
                            cost = cur[o][a][b][k][p]
                            if cost >= INF:
                                continue
                            # copies only grow with s, g and q: stop once over budget
                            for s in range((smax if smax < 4 - k else 4 - k) + 1):
                                base = a + b + s
                                if o + base - cp > budget:
                                    break
                                for g in range(5 - k - s):
                                    nk = k + s + g
                                    if o + base + 3 * g - cp > budget:
                                        break
                                    for q in range(2 - p):
                                        copies = base + 3 * g + 2 * q
                                        over = o + (copies - cp if copies > cp else 0)
                                        if over > budget:
                                            break
                                        value = cost + (copies - h if copies > h else 0)
                                        if value < nxt[over][s][a][nk][p + q]:
                                            nxt[over][s][a][nk][p + q] = value
        tmp = cur
        cur = nxt
        nxt = tmp
    for k in range(5):
        for p in range(2):
            for o in range(OMAX + 1):
                out[k][p][o] = cur[o][0][0][k][p] if o <= budget else INF


cdef int _std_general(const uint8_t* c, const uint8_t* lim, int n, int budget) noexcept nogil:
    """Exact standard-form cost under per-tile limits and an overflow budget."""
    cdef uint8_t part[5][2][OMAX + 1]
    cdef uint8_t acc[5][2][OMAX + 1]
    cdef uint8_t nxt[5][2][OMAX + 1]
    cdef const uint8_t* caprow
    cdef const uint8_t* uncrow
    cdef int u, lo, npos, i, k1, k2, p1, p2, o1, o2, v, best
    cdef bint table
    cdef const uint8_t* rows_c[4]
    cdef const uint8_t* rows_u[4]
    _part_rows(c, False, rows_c)
    if budget:
        _part_rows(c, True, rows_u)
    for u in range(4):
        lo = 9 * u
        npos = 7 if u == 3 else 9
        table = True
        for i in range(lo, lo + npos):
            if lim[i] < 4:
                table = False
        caprow = rows_c[u]
        if table and budget:
            table = memcmp(caprow, rows_u[u], 10) == 0
        if table:
            memset(part, INF, sizeof(part))
            for k1 in range(5):
                part[k1][0][0] = caprow[2 * k1]
                part[k1][1][0] = caprow[2 * k1 + 1]
        else:
            _part_dp(c + lo, lim + lo, npos, u < 3, budget, part)
        if u == 0:
            memcpy(acc, part, sizeof(acc))
            continue
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


cdef inline int _pairs_fast(const uint8_t* c) noexcept nogil:
    # exact for limits of 4: a joker as a fifth copy never beats a fresh pair (>= 20 unused kinds)
    cdef int i, pairs = 0, singles = 0, need
    for i in range(34):
        pairs += c[i] >> 1
        singles += c[i] & 1
    need = 7 - pairs if pairs < 7 else 0
    return need + (need - singles if need > singles else 0)


cdef inline int _orphans_fast(const uint8_t* c) noexcept nogil:
    cdef int i, v, missing = 0, dup = 0
    for i in range(13):
        v = c[ORPHAN_IDX[i]]
        missing += v == 0
        dup |= v >= 2
    return missing + 1 - dup


cdef int _pairs_general(const uint8_t* c, const uint8_t* lim, int budget) noexcept nogil:
    cdef uint8_t cur[8][OMAX + 1]
    cdef uint8_t nxt[8][OMAX + 1]
    cdef int t, pairs, o, r, over, value, best
    memset(cur, INF, sizeof(cur))
    cur[0][0] = 0
    for t in range(34):
        memset(nxt, INF, sizeof(nxt))
        for pairs in range(8):
            for o in range(budget + 1):
                if cur[pairs][o] >= INF:
                    continue
                for r in range(8 - pairs):
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


cdef int _orphans_general(const uint8_t* c, const uint8_t* lim, int budget) noexcept nogil:
    cdef uint8_t cur[2][OMAX + 1]
    cdef uint8_t nxt[2][OMAX + 1]
    cdef int i, t, dup, o, copies, over, value, best
    memset(cur, INF, sizeof(cur))
    cur[0][0] = 0
    for i in range(13):
        t = ORPHAN_IDX[i]
        memset(nxt, INF, sizeof(nxt))
        for dup in range(2):
            for o in range(budget + 1):
                if cur[dup][o] >= INF:
                    continue
                for copies in range(1, 3 - dup):
                    over = o + (copies - lim[t] if copies > lim[t] else 0)
                    if over > budget:
                        continue
                    value = cur[dup][o] + (copies - c[t] if copies > c[t] else 0)
                    if value < nxt[dup + copies - 1][over]:
                        nxt[dup + copies - 1][over] = value
        memcpy(cur, nxt, sizeof(cur))
    best = INF
    for o in range(budget + 1):
        if cur[1][o] < best:
            best = cur[1][o]
    return best


cdef inline bint _parts_exact_capped(const uint8_t* c) noexcept nogil:
    """Whether every part's capped row equals its uncapped one (then caps never matter)."""
    cdef const uint8_t* rc[4]
    cdef const uint8_t* ru[4]
    _part_rows(c, False, rc)
    _part_rows(c, True, ru)
    return (memcmp(rc[0], ru[0], 10) == 0 and memcmp(rc[1], ru[1], 10) == 0
            and memcmp(rc[2], ru[2], 10) == 0 and memcmp(rc[3], ru[3], 10) == 0)


cdef int _cost(const uint8_t* c, int total, int form, int budget, const uint8_t* lim,
               bint full) noexcept nogil:
    """Min cost over the targets of ``form``; ``full``: ``lim`` is all 4."""
    cdef int n = total // 3, best = INF, v
    if form <= 1:
        if full and (budget == 0 or _parts_exact_capped(c)):
            best = _std_capped(c, n)
        else:
            best = _std_general(c, lim, n, budget)
    if total >= 13:
        if form == 0 or form == 2:
            v = _pairs_fast(c) if full else _pairs_general(c, lim, budget)
            if v < best:
                best = v
        if form == 0 or form == 3:
            v = _orphans_fast(c) if full else _orphans_general(c, lim, budget)
            if v < best:
                best = v
    return best


cdef int shanten_c(const unsigned char* counts, int form, int jokers, bint fifth,
                   const unsigned char* limits) noexcept nogil:
    cdef int cnt[4]
    cdef int real, total, cost
    cdef bint full
    if not g_ready or jokers < 0 or jokers > 14 or form < 0 or form > 3:
        return SHANTEN_INVALID
    real = _scan(counts, cnt)
    if real < 0:
        return SHANTEN_INVALID
    total = real + jokers
    if total % 3 == 0 or total > 14 or (form >= 2 and total < 13):
        return SHANTEN_INVALID
    full = limits == NULL or memcmp(limits, FULL_LIMITS, 34) == 0
    if not full and not _limits_ok(limits):
        return SHANTEN_INVALID
    cost = _cost(counts, total, form, jokers if fifth else 0,
                 <const uint8_t*>FULL_LIMITS if full else limits, full)
    return SHANTEN_UNREACHABLE if cost >= INF else cost - jokers - 1


cdef bint _plain_win(const uint8_t* c, const int* cnt, int total) noexcept nogil:
    """Win without jokers: every part splits exactly, one of them holding the pair."""
    cdef const uint8_t* rows[4]
    cdef int u, pairs = 0, i, v, kinds, dup
    cdef bint ok = True
    _part_rows(c, False, rows)
    for u in range(4):
        if not _complete_row(rows[u], cnt[u]):
            ok = False
            break
        pairs += cnt[u] % 3 == 2
    if ok and pairs == 1:
        return True
    if total != 14:
        return False
    ok = True
    for i in range(34):
        if c[i] & 1:
            ok = False
            break
    if ok:
        return True
    kinds = 0
    dup = 0
    for i in range(13):
        v = c[ORPHAN_IDX[i]]
        kinds += v >= 1
        dup += v == 2
    return kinds == 13 and dup == 1


cdef bint _wins(const uint8_t* c, const int* cnt, int real, int jokers, bint fifth,
                const uint8_t* lim, bint full) noexcept nogil:
    cdef int total = real + jokers
    cdef const uint8_t* rows[4]
    if total % 3 != 2 or total > 14:
        return False
    if jokers == 0:
        return _plain_win(c, cnt, total)
    if fifth or full:
        # with fifth=True the overflow of a winning target never exceeds the jokers
        _part_rows(c, fifth, rows)
        if _std_rows(rows, total // 3) == jokers:
            return True
        return total == 14 and (_pairs_fast(c) == jokers or _orphans_fast(c) == jokers)
    return _cost(c, total, 0, 0, lim, False) == jokers


cdef int is_win_wild_c(const unsigned char* counts, int jokers, bint fifth,
                       const unsigned char* limits) noexcept nogil:
    cdef int cnt[4]
    cdef int real
    cdef bint full
    if not g_ready or jokers < 0 or jokers > 14:
        return -1
    real = _scan(counts, cnt)
    if real < 0:
        return -1
    full = limits == NULL or memcmp(limits, FULL_LIMITS, 34) == 0
    if not full and not _limits_ok(limits):
        return -1
    if full:
        limits = FULL_LIMITS
    return _wins(counts, cnt, real, jokers, fifth, limits, full)


cdef void _plain_waits(const uint8_t* c, const int* cnt, int total, const uint8_t* lim,
                       const uint8_t* wild, uint8_t* out) noexcept nogil:
    """Waits without jokers, from the completion masks: at most two parts can take the tile."""
    cdef const uint8_t* rows[4]
    cdef uint32_t rank[4]
    cdef int mods[4]
    cdef bint comp[4]
    cdef int u, v, pairs, i, t, mask, val, kinds, missing, single
    cdef bint ok
    rank[0] = _rank9(c)
    rank[1] = _rank9(c + 9)
    rank[2] = _rank9(c + 18)
    rank[3] = _rank7(c + 27)
    rows[0] = g_srows[g_scap[rank[0]]]
    rows[1] = g_srows[g_scap[rank[1]]]
    rows[2] = g_srows[g_scap[rank[2]]]
    rows[3] = g_hrows[g_hcap[rank[3]]]
    for u in range(4):
        mods[u] = cnt[u] % 3
        comp[u] = _complete_row(rows[u], cnt[u])
    for u in range(4):
        if mods[u] == 0:
            continue
        pairs = mods[u] == 1
        ok = True
        for v in range(4):
            if v != u:
                if not comp[v]:
                    ok = False
                    break
                pairs += mods[v] == 2
        if not ok or pairs != 1:
            continue
        mask = g_hwait[rank[3]] if u == 3 else g_swait[rank[u]]
        for i in range(9):
            if mask >> i & 1:
                out[9 * u + i] = 1
    if total == 13:
        single = -1
        val = 0
        for t in range(34):
            val += c[t] >> 1
            if c[t] & 1:
                single = t
        if val == 6:
            out[single] = 1
        val = 0
        kinds = 0
        missing = -1
        for i in range(13):
            t = ORPHAN_IDX[i]
            val += c[t]
            if c[t]:
                kinds += 1
            else:
                missing = t
        if val == 13:
            if kinds == 13:
                for i in range(13):
                    out[ORPHAN_IDX[i]] = 1
            elif kinds == 12:
                out[missing] = 1
    for t in range(34):
        if c[t] >= lim[t] or (wild != NULL and wild[t]):
            out[t] = 0


cdef void _joker_waits(const uint8_t* c, const int* cnt, int total, int jokers, bint fifth,
                       const uint8_t* lim, bint full, const uint8_t* wild,
                       uint8_t* out) noexcept nogil:
    """Waits with jokers: one table row per candidate against the other parts' product."""
    cdef uint8_t hand[34]
    cdef int cnt2[4]
    cdef const uint8_t* rows[4]
    cdef uint8_t rest[4][10]
    cdef uint8_t pair_ab[10]
    cdef uint8_t pair_cd[10]
    cdef const uint8_t* row
    cdef int u, i, t, n = (total + 1) // 3
    memcpy(hand, c, 34)
    if fifth or full:
        _part_rows(c, fifth, rows)
        _combine(rows[0], rows[1], pair_ab)
        _combine(rows[2], rows[3], pair_cd)
        _combine(rows[1], pair_cd, rest[0])
        _combine(rows[0], pair_cd, rest[1])
        _combine(rows[3], pair_ab, rest[2])
        _combine(rows[2], pair_ab, rest[3])
    for t in range(34):
        if c[t] >= lim[t] or (wild != NULL and wild[t]):
            continue
        hand[t] += 1
        if fifth or full:
            u = (t >= 9) + (t >= 18) + (t >= 27)
            if u == 3 and fifth:
                row = g_hurows[g_hunc[_rank7(hand + 27)]]
            elif u == 3:
                row = g_hrows[g_hcap[_rank7(hand + 27)]]
            elif fifth:
                row = g_urows[g_sunc[_rank9(hand + 9 * u)]]
            else:
                row = g_srows[g_scap[_rank9(hand + 9 * u)]]
            if _final(row, rest[u], n) == jokers:
                out[t] = 1
            elif total == 13 and (_pairs_fast(hand) == jokers or _orphans_fast(hand) == jokers):
                out[t] = 1
        else:
            memcpy(cnt2, cnt, sizeof(cnt2))
            cnt2[(t >= 9) + (t >= 18) + (t >= 27)] += 1
            out[t] = _wins(hand, cnt2, total - jokers + 1, jokers, fifth, lim, full)
        hand[t] -= 1


cdef int waits_c(const unsigned char* counts, int jokers, bint fifth,
                 const unsigned char* limits, const unsigned char* wild,
                 unsigned char* out) noexcept nogil:
    cdef int cnt[4]
    cdef int real, total, t, found = 0, wild_win = -1
    cdef bint full
    memset(out, 0, 34)
    if not g_ready or jokers < 0 or jokers > 13:
        return -1
    real = _scan(counts, cnt)
    if real < 0:
        return -1
    total = real + jokers
    if total % 3 != 1 or total > 13:
        return -1
    full = limits == NULL or memcmp(limits, FULL_LIMITS, 34) == 0
    if not full and not _limits_ok(limits):
        return -1
    if full:
        limits = FULL_LIMITS
    if jokers == 0:
        _plain_waits(counts, cnt, total, limits, wild, out)
    else:
        _joker_waits(counts, cnt, total, jokers, fifth, limits, full, wild, out)
    for t in range(34):
        if wild != NULL and wild[t] and counts[t] < limits[t]:
            if wild_win < 0:
                wild_win = _wins(counts, cnt, real, jokers + 1, fifth, limits, full)
            out[t] = wild_win
        found += out[t]
    return found


# ---------------------------------------------------------------- Python level

cdef bytes _as_34(object value, str what):
    """``value`` as 34 bytes, or ``ValueError`` naming ``what`` and the length."""
    cdef bytes data
    if type(value) is bytes:
        data = <bytes>value
    else:
        try:
            data = bytes(value)
        except (TypeError, ValueError) as exc:
            raise ValueError(f"{what} must be 34 values in 0-255: {exc}") from None
    if PyBytes_GET_SIZE(data) != 34:
        raise ValueError(f"{what} must hold 34 values, got {PyBytes_GET_SIZE(data)}")
    return data


cdef object _explain(bytes data, int jokers, object limits, str kind, int form=0):
    """Raise the ``ValueError`` describing why a kernel rejected its input."""
    cdef int index
    for index in range(34):
        if data[index] > 4:
            raise ValueError(f"counts[{index}] is {data[index]}; a count must be 0-4")
    if not 0 <= jokers <= 14:
        raise ValueError(f"jokers must be in 0-14, got {jokers}")
    if limits is not None:
        for index in range(34):
            if limits[index] > 4:
                raise ValueError(f"limits[{index}] is {limits[index]}; a limit must be 0-4")
    total = sum(data) + jokers
    if kind == "waits":
        raise ValueError(f"a hand for waits holds 3n+1 tiles (n <= 4), got {total}")
    if total % 3 == 0 or not 0 < total <= 14:
        raise ValueError(f"a hand for shanten holds 3n+1 or 3n+2 tiles (n <= 4), got {total}")
    if not 0 <= form <= 3:
        raise ValueError(f"form must be 0 (any), 1, 2 or 3, got {form}")
    raise ValueError(f"form {form} needs a hand of 13 or 14 tiles, got {total}")


def shanten_counts(counts, int form=0, int jokers=0, bint fifth=True, limits=None):
    """Shanten number of a concealed hand given as 34 counts (-1 complete, 0 ready).

    ``form``: 0 the least over every applicable form, 1 standard (n melds + a pair),
    2 seven pairs (four identical tiles are two pairs), 3 thirteen orphans. The hand holds
    ``sum(counts) + jokers`` tiles, 3n+1 or 3n+2 with n <= 4, and is completed to n melds and a
    pair; forms 2 and 3 need 13 or 14 tiles (``ValueError`` otherwise; form 0 then means
    standard). ``jokers`` wild tiles, already removed from ``counts``, stand for any tile.
    ``limits`` (34 values, default 4 each; pass 4 minus the copies in declared melds) caps the
    copies of each tile in the completed hand; ``fifth=True`` lets jokers exceed it. When the
    limits leave no complete hand of the form at all, the result is ``UNREACHABLE`` (99).
    Without jokers the standard form equals the ``mahjong`` package's
    ``Shanten().calculate_shanten(..., use_chiitoitsu=False, use_kokushi=False)``.
    """
    cdef const unsigned char* lim = NULL
    cdef int result
    if not g_ready:
        ensure_tables()
    if type(counts) is not bytes or PyBytes_GET_SIZE(counts) != 34:
        counts = _as_34(counts, "counts")
    if limits is not None:
        limits = _as_34(limits, "limits")
        lim = <const unsigned char*>PyBytes_AS_STRING(limits)
    result = shanten_c(<const unsigned char*>PyBytes_AS_STRING(counts), form, jokers, fifth, lim)
    if result == SHANTEN_INVALID:
        _explain(counts, jokers, limits, "shanten", form)
    return result


def is_win_wild(counts, int jokers, bint fifth=True, limits=None):
    """Whether ``counts`` plus ``jokers`` wild tiles form a complete hand in any form.

    Jokers may stand for any tile: in a meld or the pair (standard form), to fill a single
    (seven pairs) or a missing orphan (thirteen orphans). With ``fifth=False`` the copies of a
    tile, real and joker, may not exceed ``limits[t]`` (default 4). Any total other than 3n+2
    (n <= 4) is simply not a win.
    """
    cdef const unsigned char* lim = NULL
    cdef int result
    if not g_ready:
        ensure_tables()
    if type(counts) is not bytes or PyBytes_GET_SIZE(counts) != 34:
        counts = _as_34(counts, "counts")
    if limits is not None:
        limits = _as_34(limits, "limits")
        lim = <const unsigned char*>PyBytes_AS_STRING(limits)
    result = is_win_wild_c(<const unsigned char*>PyBytes_AS_STRING(counts), jokers, fifth, lim)
    if result < 0:
        _explain(counts, jokers, limits, "win")
    return result == 1


def waits_counts(counts, int jokers=0, bint fifth=True, limits=None, wild=b""):
    """Sorted index34 tiles that complete a hand of 3n+1 tiles (counts plus jokers).

    A tile ``t`` is a wait iff ``counts[t] < limits[t]`` (a tile whose remaining copies are all
    held is never a wait) and the hand with ``t`` added wins in any form (seven pairs and
    thirteen orphans only at 14 tiles). ``wild`` (34 flags, default none) marks the wild kinds:
    drawing one adds a joker instead, so a wild ``t`` is a wait iff ``counts[t] < limits[t]``
    and the hand with one more joker wins. The caller strips wild copies from ``counts``, so
    ``counts[t]`` is normally 0 there; it knows how many it stripped and should drop ``t`` when
    that reaches ``limits[t]``.
    """
    cdef const unsigned char* lim = NULL
    cdef const unsigned char* wil = NULL
    cdef unsigned char out[34]
    cdef int found, t
    if not g_ready:
        ensure_tables()
    if type(counts) is not bytes or PyBytes_GET_SIZE(counts) != 34:
        counts = _as_34(counts, "counts")
    if limits is not None:
        limits = _as_34(limits, "limits")
        lim = <const unsigned char*>PyBytes_AS_STRING(limits)
    if wild is not None and len(wild):
        wild = _as_34(wild, "wild")
        wil = <const unsigned char*>PyBytes_AS_STRING(wild)
    found = waits_c(<const unsigned char*>PyBytes_AS_STRING(counts), jokers, fifth, lim, wil, out)
    if found < 0:
        _explain(counts, jokers, limits, "waits")
    result = []
    if found:
        for t in range(34):
            if out[t]:
                result.append(t)
    return result
