# cython: language_level=3, embedsignature=True, freethreading_compatible=True
# cython: boundscheck=False, wraparound=False, cdivision=True, initializedcheck=False
"""Tile efficiency on 34 counts (compiled): useful draws, every discard, two-step figures.

A hand is given as ``held`` (34 counts of the concealed tiles, wild copies included), ``lim``
(the copies the hand may hold: the rules' limits minus the copies in its own melds), ``avail``
(``lim`` minus the visible copies, so the unseen copies of tile t for a concealed hand X are
``avail[t] - X[t]``), ``wild`` (34 flags: a drawn copy of a wild kind is a joker) and the rule
``flags``.  ``useful`` answers a 3n+1 hand, ``discards`` a 3n+2 hand; ``run_rows`` answers
rows of an (N, 34) array without the GIL.  Same answers and errors as ``efficiency_py``.
Definitions, the pruning of the draws and its proof: docs/efficiency.md.

Every shanten is the shanten kernel's (``shanten_rules_c``, one call site: ``_sh``).  Without wild
kinds, with limits of 4 and the plain forms the discards are answered from the per-part cost
rows (``part_row_c``): a discard and a draw change at most two parts, so each shanten after
"discard d, draw t" is one min-plus product of precomputed rows.
"""
from libc.stdint cimport uint8_t, uint32_t, uint64_t
from libc.stdlib cimport malloc
from libc.string cimport memcpy, memset

from mahjong_fast._counts cimport is_counts_bytes
from mahjong_fast._kernels.rule_flags cimport (
    DROP_MASK, KNITTED, SEVEN_PAIRS, SEVEN_PAIRS_DISTINCT, THIRTEEN_ORPHANS,
)
from mahjong_fast._kernels.shanten cimport SHANTEN_INVALID, part_row_c, shanten_rules_c
from mahjong_fast._layout cimport (
    FIRST_HONOR, MAX_COPIES, MAX_HAND, N_KINDS, N_ORPHANS, N_SUITS, ORPHANS, SUIT_SIZE,
)

from mahjong_fast._counts import read_counts as _read_counts
import threading as _threading

from mahjong_fast._kernels.shanten import ensure_tables

_rows_lock = _threading.Lock()

cdef enum:
    ROW_LEN = 10
    INF = 60
    PLAIN_FORMS = SEVEN_PAIRS | SEVEN_PAIRS_DISTINCT | THIRTEEN_ORPHANS
    K_USEFUL = 0
    K_DISCARDS = 1
    SUIT_CODES = 1953125        # 5**9
    HONOR_CODES = 78125         # 5**7

NOT_HELD_VALUE = NOT_HELD
"""The shanten reported after discarding a tile the hand does not hold (batch arrays)."""
USEFUL = K_USEFUL
DISCARDS = K_DISCARDS
ROWS_PER_CHUNK = 512
"""Rows per ``run_rows`` call between two checks for signals."""

# The rules of the default call (Chinese).
cdef int HONOURED_FLAGS = SEVEN_PAIRS | THIRTEEN_ORPHANS
HONOURED = HONOURED_FLAGS

cdef uint64_t ALL_TILES = (<uint64_t>1 << N_KINDS) - 1
cdef uint64_t ORPHAN_BITS = 0
cdef int _i
for _i in range(N_ORPHANS):
    ORPHAN_BITS |= <uint64_t>1 << ORPHANS[_i]


cdef extern from *:
    """
    static inline int mf_ctz64(unsigned long long m) {
    #if defined(__GNUC__) || defined(__clang__)
        return __builtin_ctzll(m);
    #else
        int k = 0;
        while (!(m & 1)) { m >>= 1; k++; }
        return k;
    #endif
    }
    """
    int _ctz "mf_ctz64"(unsigned long long m) noexcept nogil


cdef inline int _part(int t) noexcept nogil:
    return (t >= SUIT_SIZE) + (t >= 2 * SUIT_SIZE) + (t >= FIRST_HONOR)


cdef inline int _sh(const Ctx* x, const uint8_t* held) noexcept nogil:
    """Shanten of a concealed hand (form 0) under the rules, wild copies turned into jokers."""
    cdef uint8_t c[N_KINDS]
    cdef int t, jokers = 0
    if not x.anywild:
        return shanten_rules_c(held, 0, 0, x.fifth, x.lim, x.flags)
    memcpy(c, held, N_KINDS)
    for t in range(N_KINDS):
        if x.wild[t]:
            jokers += c[t]
            c[t] = 0
    return shanten_rules_c(c, 0, jokers, x.fifth, x.lim, x.flags)


cdef int ctx_init(Ctx* ctx, const uint8_t* lim, const uint8_t* avail, const uint8_t* wild,
                  int flags, bint fifth) noexcept nogil:
    cdef int t
    cdef bint full = True
    memcpy(ctx.lim, lim, N_KINDS)
    memcpy(ctx.avail, avail, N_KINDS)
    if wild == NULL:
        memset(ctx.wild, 0, N_KINDS)
    else:
        memcpy(ctx.wild, wild, N_KINDS)
    ctx.flags = flags
    ctx.fifth = fifth
    ctx.anywild = False
    for t in range(N_KINDS):
        if lim[t] > MAX_COPIES or avail[t] > lim[t]:
            return -1
        full = full and lim[t] == MAX_COPIES
        ctx.anywild = ctx.anywild or ctx.wild[t] != 0
    ctx.fast = full and not ctx.anywild and (flags & ~PLAIN_FORMS) == 0 and (
        flags & (SEVEN_PAIRS | SEVEN_PAIRS_DISTINCT)) != (SEVEN_PAIRS | SEVEN_PAIRS_DISTINCT)
    return 0


cdef inline int _total(const Ctx* x, const uint8_t* held) noexcept nogil:
    """Tiles in ``held``, or -1 when a count exceeds its limit."""
    cdef int t, total = 0
    for t in range(N_KINDS):
        if held[t] > x.lim[t]:
            return -1
        total += held[t]
    return total


cdef int hand_shanten(const Ctx* ctx, const uint8_t* held) noexcept nogil:
    if _total(ctx, held) < 0:
        return SHANTEN_INVALID
    return _sh(ctx, held)


cdef inline int _unseen(const Ctx* x, const uint8_t* held, int t) noexcept nogil:
    cdef int u = x.avail[t] - held[t]
    return u if u > 0 else 0


cdef uint64_t _candidates(const Ctx* x, const uint8_t* held, int total) noexcept nogil:
    """Draws that may lower the shanten of the 3n+1 hand ``held`` (a superset; docs/efficiency.md)."""
    cdef uint64_t cand = 0, m
    cdef int u, t, kinds = 0
    if x.anywild or x.flags & (KNITTED | DROP_MASK):
        cand = ALL_TILES
    else:
        for u in range(N_SUITS):
            m = 0
            for t in range(SUIT_SIZE):
                if held[SUIT_SIZE * u + t]:
                    m |= <uint64_t>1 << t
            m = (m | m << 1 | m << 2 | m >> 1 | m >> 2) & 0x1FF
            cand |= m << (SUIT_SIZE * u)
        for t in range(N_KINDS):
            if held[t] and held[t] + 2 > x.lim[t]:
                cand = ALL_TILES    # a tile held to its last copy but one: no pruning (docs)
            elif held[t] and t >= FIRST_HONOR:
                cand |= <uint64_t>1 << t
        if total == MAX_HAND - 1:
            if x.flags & (SEVEN_PAIRS | SEVEN_PAIRS_DISTINCT):
                for t in range(N_KINDS):
                    kinds += held[t] != 0
                if kinds < 7:
                    cand = ALL_TILES
            if x.flags & THIRTEEN_ORPHANS:
                cand |= ORPHAN_BITS
    for t in range(N_KINDS):
        if held[t] >= x.lim[t]:
            cand &= ~(<uint64_t>1 << t)
    return cand


cdef int _useful_general(const Ctx* x, uint8_t* held, int total, int s, uint64_t* mask) noexcept nogil:
    """Useful draws of the 3n+1 hand ``held`` of shanten ``s`` by one shanten call per candidate."""
    cdef uint64_t cand = _candidates(x, held, total), m = 0
    cdef int t, v, tot = 0, joker = -2
    for t in range(N_KINDS):
        if not (cand >> t) & 1:
            continue
        if x.wild[t]:
            if joker == -2:
                held[t] += 1
                joker = _sh(x, held)
                held[t] -= 1
            v = joker
        else:
            held[t] += 1
            v = _sh(x, held)
            held[t] -= 1
        if v < s:
            m |= <uint64_t>1 << t
            tot += _unseen(x, held, t)
    mask[0] = m
    return tot


# ---------------------------------------------------------------- the row path
#
# The shanten kernel's capped cost rows (``part_row_c``), re-indexed by the base-5 code of a
# part (sum of c[i] * 5**i), so that the row of a part plus or minus one tile is one load.

cdef uint8_t* SUIT_ID = NULL            # 5**9 codes -> id of the row in SUIT_ROWS
cdef uint8_t* HONOR_ID = NULL           # 5**7 codes -> id of the row in HONOR_ROWS
cdef uint8_t SUIT_ROWS[256][ROW_LEN]
cdef uint8_t HONOR_ROWS[256][ROW_LEN]
cdef uint32_t POW5[N_KINDS]             # 5 ** (position of t in its part)
cdef uint8_t PART[N_KINDS]
cdef uint64_t PART_BITS[4]
cdef bint rows_ready = False


cdef int _index_rows(int npos, int u, uint8_t* ids, uint8_t (*rows)[ROW_LEN]) noexcept nogil:
    """Fill ``ids`` (every code of ``npos`` positions with at most 14 tiles) and ``rows``."""
    cdef uint8_t c[N_KINDS]
    cdef int dig[SUIT_SIZE + 1]
    cdef int i, total, pass_
    cdef uint32_t code, ncodes = SUIT_CODES if npos == SUIT_SIZE else HONOR_CODES
    cdef const uint8_t* p
    cdef const uint8_t* base = NULL
    cdef int off = SUIT_SIZE * u
    for pass_ in range(2):          # first the lowest row address, then the ids
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
                ids[code] = 255
                continue
            for i in range(npos):
                c[off + i] = dig[i]
            p = part_row_c(c, u)
            if pass_ == 0:
                if base == NULL or p < base:
                    base = p
            else:
                if (p - base) // ROW_LEN > 254:
                    return -1
                ids[code] = <uint8_t>((p - base) // ROW_LEN)
                memcpy(rows[ids[code]], p, ROW_LEN)
    return 0


def ensure_rows():
    """Build the code-indexed row tables (about 2 MB, a few ms) if needed; idempotent."""
    global SUIT_ID, HONOR_ID, rows_ready
    cdef int t, rc
    if rows_ready:
        return
    ensure_tables()
    with _rows_lock:
        if rows_ready:
            return
        for t in range(N_KINDS):
            PART[t] = _part(t)
            PART_BITS[PART[t]] |= <uint64_t>1 << t
            POW5[t] = 1 if t % SUIT_SIZE == 0 or t == FIRST_HONOR else POW5[t - 1] * (MAX_COPIES + 1)
        SUIT_ID = <uint8_t*>malloc(SUIT_CODES)
        HONOR_ID = <uint8_t*>malloc(HONOR_CODES)
        if SUIT_ID == NULL or HONOR_ID == NULL:
            raise MemoryError("cannot allocate the efficiency row tables")
        with nogil:
            rc = _index_rows(SUIT_SIZE, 0, SUIT_ID, SUIT_ROWS)
            if rc == 0:
                rc = _index_rows(N_KINDS - FIRST_HONOR, N_SUITS, HONOR_ID, HONOR_ROWS)
        if rc:
            raise RuntimeError("more cost rows than the efficiency tables hold")
        rows_ready = True


cdef inline const uint8_t* _row(int u, uint32_t code) noexcept nogil:
    if u == N_SUITS:
        return HONOR_ROWS[HONOR_ID[code]]
    return SUIT_ROWS[SUIT_ID[code]]


cdef inline void _codes(const uint8_t* c, uint32_t* codes) noexcept nogil:
    cdef int t
    codes[0] = codes[1] = codes[2] = codes[3] = 0
    for t in range(N_KINDS):
        codes[PART[t]] += c[t] * POW5[t]


cdef inline void _combine(const uint8_t* a, const uint8_t* b, uint8_t* out) noexcept nogil:
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


cdef inline int _tight(const uint8_t* a, const uint8_t* rest, int n, int cost) noexcept nogil:
    """Bits 2k + p of the entries where row ``a`` meets ``cost`` with ``rest`` at (n, 1)."""
    cdef int k, m = 0
    for k in range(n + 1):
        if a[2 * k] + rest[2 * (n - k) + 1] == cost:
            m |= 1 << (2 * k)
        if a[2 * k + 1] + rest[2 * (n - k)] == cost:
            m |= 2 << (2 * k)
    return m


cdef inline int _lower_at(const uint8_t* now, const uint8_t* before, int bits) noexcept nogil:
    """Whether ``now`` is below ``before`` at one of the entries in ``bits``."""
    cdef int e
    while bits:
        e = _ctz(bits)
        bits &= bits - 1
        if now[e] < before[e]:
            return 1
    return 0


cdef inline int _lower(const uint8_t* now, const uint8_t* before) noexcept nogil:
    """Bits of the entries where ``now`` is below ``before`` (one less: a tile was added)."""
    cdef int e, m = 0
    for e in range(ROW_LEN):
        if now[e] < before[e]:
            m |= 1 << e
    return m


cdef void _drop_fill(const uint8_t* c, uint32_t code, const uint8_t* now, int b, int held,
                     uint64_t* out) noexcept nogil:
    """out[e]: the draws t of part b (code ``code``, row ``now``, ``held`` tiles) lowering entry e."""
    cdef int t, e
    cdef const uint8_t* nr
    cdef uint64_t bit
    for e in range(ROW_LEN):
        out[e] = 0
    if held >= MAX_HAND:
        return
    for t in range(N_KINDS):
        if PART[t] != b or c[t] >= MAX_COPIES:
            continue
        nr = _row(b, code + POW5[t])
        bit = <uint64_t>1 << t
        for e in range(ROW_LEN):
            if nr[e] < now[e]:
                out[e] |= bit


cdef void _tb_entry(const uint8_t** row, uint8_t (*pr)[4][ROW_LEN], int target, int a, int e,
                    int (*out)[ROW_LEN]) noexcept nogil:
    """out[b][e], b != a, e = 2j + r: bits 2k + p of the entries of row[b] that meet ``target``
    (entry e of the product of the three parts other than a) with the product of the two left."""
    cdef int b, o1, o2, u, j = e >> 1, r = e & 1, k, p, m
    cdef const uint8_t* po
    for b in range(4):
        if b == a:
            continue
        o1 = -1
        o2 = -1
        for u in range(4):
            if u != a and u != b:
                if o1 < 0:
                    o1 = u
                else:
                    o2 = u
        po = pr[o1][o2]
        m = 0
        for k in range(j + 1):
            for p in range(r + 1):
                if row[b][2 * k + p] + po[2 * (j - k) + r - p] == target:
                    m |= 1 << (2 * k + p)
        out[b][e] = m


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


cdef inline int _forms_plus(Forms* f, int t, int old, int flags) noexcept nogil:
    """``_forms_cost`` of the hand with one more ``t`` (held ``old`` times)."""
    cdef int v
    _forms_add(f, t, old, old + 1)
    v = _forms_cost(f, flags)
    _forms_add(f, t, old + 1, old)
    return v


cdef void _forms_of(Forms* f, const uint8_t* c) noexcept nogil:
    cdef int t
    memset(f, 0, sizeof(Forms))
    f.missing = N_ORPHANS
    for t in range(N_KINDS):
        _forms_add(f, t, 0, c[t])


cdef inline uint64_t _near_suit(const uint8_t* c, int u) noexcept nogil:
    """Kinds of suit ``u`` within two of a held kind of that suit (bits at their index34)."""
    cdef uint64_t m = 0
    cdef int i
    for i in range(SUIT_SIZE):
        if c[SUIT_SIZE * u + i]:
            m |= <uint64_t>1 << i
    m = (m | m << 1 | m << 2 | m >> 1 | m >> 2) & 0x1FF
    return m << (SUIT_SIZE * u)


cdef int _discards_fast(const Ctx* x, uint8_t* c, int total, int keep, signed char* sh,
                        uint64_t* mask, int* tot, int* hand_s) noexcept nogil:
    """``discards`` by rows (``x.fast``): returns the least shanten after a discard.

    With ``keep`` >= 0 the useful draws are found only for discards leaving shanten ``keep``.
    """
    cdef const uint8_t* row[4]
    cdef uint8_t pr[4][4][ROW_LEN]
    cdef uint8_t rest3[4][ROW_LEN]
    cdef uint32_t codes[4]
    cdef uint64_t near[4]
    cdef int tight[4]
    cdef Forms f
    cdef const uint8_t* ra
    cdef uint32_t ca
    cdef int n = total // 3, d, t, a, b, u, v, cost, std, s, best = INF, count, kinds, fcx, fch, triples = 0
    cdef Forms fx
    cdef int tb[4][4][ROW_LEN]
    cdef int tb_ready[4]
    cdef bint drop_ready[4]
    cdef uint64_t by_count[MAX_COPIES + 1]     # kinds of H held 0, 1, ... times
    cdef uint64_t cls, cm
    cdef int o, orph
    cdef bint forms = total == MAX_HAND and (x.flags & PLAIN_FORMS) != 0
    cdef uint64_t cand, m, bm, cand_a, honours = 0, full = 0, held_bits = 0
    cdef uint64_t drop[4][ROW_LEN]     # drop[b][e]: draws t of part b lowering entry e of its row
    cdef int part_total[4]
    cdef int bits, e
    _codes(c, codes)
    for u in range(4):
        row[u] = _row(u, codes[u])
        tb_ready[u] = 0
        drop_ready[u] = False
        part_total[u] = 0
    for t in range(N_KINDS):
        part_total[PART[t]] += c[t]
    for u in range(4):
        for v in range(u + 1, 4):
            _combine(row[u], row[v], pr[u][v])
    _combine(row[1], pr[2][3], rest3[0])
    _combine(row[0], pr[2][3], rest3[1])
    _combine(row[3], pr[0][1], rest3[2])
    _combine(row[2], pr[0][1], rest3[3])
    for u in range(N_SUITS):
        near[u] = _near_suit(c, u)
    for t in range(N_KINDS):
        if c[t]:
            held_bits |= <uint64_t>1 << t
        if c[t] >= MAX_COPIES:
            full |= <uint64_t>1 << t
        triples += c[t] >= 3
    honours = held_bits & ~((<uint64_t>1 << FIRST_HONOR) - 1)
    for o in range(MAX_COPIES + 1):
        by_count[o] = 0
    for t in range(N_KINDS):
        by_count[c[t]] |= <uint64_t>1 << t
    fch = INF
    if forms:
        _forms_of(&f, c)
        fch = _forms_cost(&f, x.flags)
    if hand_s != NULL:
        # the rows are exact without jokers and with limits of 4 (docs/shanten.md)
        std = _final(row[0], rest3[0], n)
        hand_s[0] = (std if std < fch else fch) - 1
    for d in range(N_KINDS):
        mask[d] = 0
        tot[d] = 0
        if c[d] == 0:
            sh[d] = NOT_HELD
            continue
        a = PART[d]
        ca = codes[a] - POW5[d]
        ra = _row(a, ca)
        std = _final(ra, rest3[a], n)
        cost = std
        c[d] -= 1
        fcx = INF
        if forms and fch <= std:    # else seven pairs and orphans stay above std (docs)
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
            # the draws that may help X = H - d (docs/efficiency.md, "Pruning")
            cand = near[0] | near[1] | near[2] | honours
            if c[d] == 0:
                cand &= ~(<uint64_t>1 << d)
                if a < N_SUITS:
                    cand = (cand & ~(<uint64_t>0x1FF << (SUIT_SIZE * a))) | _near_suit(c, a)
            if triples - (c[d] == 2) > 0:
                cand = ALL_TILES    # X holds three or four of a tile: no pruning (docs)
            if forms:
                if x.flags & (SEVEN_PAIRS | SEVEN_PAIRS_DISTINCT):
                    kinds = f.kinds - (c[d] == 0)
                    if kinds < 7:
                        cand = ALL_TILES
                if x.flags & THIRTEEN_ORPHANS:
                    cand |= ORPHAN_BITS
            cand &= ~(full & ~(<uint64_t>1 << d))
            # entries of each part's row where the standard cost of X is met
            if std == cost:
                # tight entries of the discarded part's row, then of each other part's row
                # through the per-hand masks tb (docs/efficiency.md)
                tight[a] = _tight(ra, rest3[a], n, cost)
                for b in range(4):
                    if b != a:
                        tight[b] = 0
                bits = tight[a]
                while bits:
                    e = _ctz(bits)
                    bits &= bits - 1
                    # entry (i, q) of ra meets rest3[a] at (n - i, 1 - q)
                    e = 2 * (n - (e >> 1)) + 1 - (e & 1)
                    if not (tb_ready[a] >> e) & 1:
                        _tb_entry(row, pr, rest3[a][e], a, e, tb[a])
                        tb_ready[a] |= 1 << e
                    for b in range(4):
                        if b != a:
                            tight[b] |= tb[a][b][e]
            m = 0
            if std == cost:
                # draws in another part b: the rows of b are H's, drop[b] holds the answer
                for b in range(4):
                    if b != a:
                        bits = tight[b]
                        if bits and not drop_ready[b]:
                            _drop_fill(c, codes[b], row[b], b, part_total[b], drop[b])
                            drop_ready[b] = True
                        while bits:
                            e = _ctz(bits)
                            bits &= bits - 1
                            m |= drop[b][e]
                cand_a = cand & PART_BITS[a]
                while cand_a:
                    t = _ctz(cand_a)
                    cand_a &= cand_a - 1
                    if _lower_at(_row(a, ca + POW5[t]), ra, tight[a]):
                        m |= <uint64_t>1 << t
            if fcx == cost:
                # seven pairs and orphans read a draw only through its count and orphan-ness:
                # one evaluation per class of draws (held 0-3 times, orphan or not)
                for o in range(MAX_COPIES):
                    cls = by_count[o]
                    if o == c[d]:
                        cls |= <uint64_t>1 << d
                    elif o == c[d] + 1:
                        cls &= ~(<uint64_t>1 << d)
                    for orph in range(2):
                        cm = cls & (ORPHAN_BITS if orph else ~ORPHAN_BITS)
                        if cm and _forms_plus(&fx, _ctz(cm), o, x.flags) < cost:
                            m |= cm
            count = 0
            bm = m
            while bm:
                t = _ctz(bm)
                bm &= bm - 1
                count += _unseen(x, c, t)
            mask[d] = m
            tot[d] = count
        c[d] += 1
    return best


cdef int _discards_general(const Ctx* x, uint8_t* c, int total, int keep, signed char* sh,
                           uint64_t* mask, int* tot) noexcept nogil:
    cdef int d, s, best = INF
    cdef uint64_t m
    for d in range(N_KINDS):
        mask[d] = 0
        tot[d] = 0
        if c[d] == 0:
            sh[d] = NOT_HELD
            continue
        c[d] -= 1
        s = _sh(x, c)
        sh[d] = s
        if s < best:
            best = s
        if keep < 0 or s == keep:
            tot[d] = _useful_general(x, c, total - 1, s, &m)
            mask[d] = m
        c[d] += 1
    return best


cdef inline int _discards_impl(const Ctx* x, uint8_t* c, int total, int keep, signed char* sh,
                               uint64_t* mask, int* tot) noexcept nogil:
    if x.fast:
        return _discards_fast(x, c, total, keep, sh, mask, tot, NULL)
    return _discards_general(x, c, total, keep, sh, mask, tot)


cdef int discards_c(const Ctx* ctx, const uint8_t* held, signed char* sh, uint64_t* mask,
                    int* total) noexcept nogil:
    cdef uint8_t c[N_KINDS]
    cdef int n = _total(ctx, held), s
    if n < 0 or n % 3 != 2 or n > MAX_HAND:
        return -2
    if ctx.fast:
        memcpy(c, held, N_KINDS)
        _discards_fast(ctx, c, n, -1, sh, mask, total, &s)
        return s
    s = _sh(ctx, held)
    if s == SHANTEN_INVALID:
        return -2
    memcpy(c, held, N_KINDS)
    _discards_impl(ctx, c, n, -1, sh, mask, total)
    return s


cdef int _useful_fast(const Ctx* x, uint8_t* c, int total, int* shanten, uint64_t* mask) noexcept nogil:
    """Useful draws of a 3n+1 hand by rows (``x.fast``); sets its shanten."""
    cdef const uint8_t* row[4]
    cdef uint8_t pr01[ROW_LEN]
    cdef uint8_t pr23[ROW_LEN]
    cdef uint8_t rest[4][ROW_LEN]
    cdef uint32_t codes[4]
    cdef int tight[4]
    cdef Forms f
    cdef int n = (total + 1) // 3, u, t, v, cost, tot = 0, std, fcx
    cdef bint forms = total == MAX_HAND - 1 and (x.flags & PLAIN_FORMS) != 0
    cdef uint64_t cand = _candidates(x, c, total), m = 0
    _codes(c, codes)
    for u in range(4):
        row[u] = _row(u, codes[u])
    _combine(row[0], row[1], pr01)
    _combine(row[2], row[3], pr23)
    _combine(row[1], pr23, rest[0])
    _combine(row[0], pr23, rest[1])
    _combine(row[3], pr01, rest[2])
    _combine(row[2], pr01, rest[3])
    std = _final(row[0], rest[0], n)
    if forms:
        _forms_of(&f, c)
    fcx = _forms_cost(&f, x.flags) if forms else INF
    # the rows are exact without jokers and with limits of 4 (docs/shanten.md)
    cost = std if std < fcx else fcx
    shanten[0] = cost - 1
    for u in range(4):
        tight[u] = _tight(row[u], rest[u], n, cost) if std == cost else 0
    while cand:
        t = _ctz(cand)
        cand &= cand - 1
        u = PART[t]
        v = _lower_at(_row(u, codes[u] + POW5[t]), row[u], tight[u])
        if not v and fcx == cost:
            v = _forms_plus(&f, t, c[t], x.flags) < cost
        if v:
            m |= <uint64_t>1 << t
            tot += _unseen(x, c, t)
    mask[0] = m
    return tot


cdef int useful_c(const Ctx* ctx, const uint8_t* held, int* shanten, uint64_t* mask) noexcept nogil:
    cdef uint8_t c[N_KINDS]
    cdef int n = _total(ctx, held), s
    mask[0] = 0
    if n < 0 or n % 3 != 1 or n > MAX_HAND - 1:
        return -1
    if ctx.fast:
        memcpy(c, held, N_KINDS)
        return _useful_fast(ctx, c, n, shanten, mask)
    s = _sh(ctx, held)
    if s == SHANTEN_INVALID:
        return -1
    shanten[0] = s
    memcpy(c, held, N_KINDS)
    return _useful_general(ctx, c, n, s, mask)


# ---------------------------------------------------------------- two-step figures

cdef inline int _popcount(uint64_t m) noexcept nogil:
    cdef int k = 0
    while m:
        m &= m - 1
        k += 1
    return k


cdef bint _good_wait(const Ctx* x, const uint8_t* y, int e, uint64_t waits) noexcept nogil:
    """Whether the ready hand ``y - e`` waits on two kinds or more with more than four copies
    outside the hand (a two-sided wait or better; not a single, closed, edge or shanpon wait)."""
    cdef int t, kinds = 0, copies = 0
    while waits:
        t = _ctz(waits)
        waits &= waits - 1
        kinds += 1
        copies += x.lim[t] - y[t] + (t == e)
    return kinds >= 2 and copies > 4


ctypedef struct Second:     # the figures of one discard that look one draw further
    double two_step
    uint64_t improve        # tenpai: improving draws
    int improve_total       # their unseen copies
    double good             # one-shanten: good-shape share (-1 when undefined)


cdef void _second(const Ctx* x, uint8_t* c, int total, int s, uint64_t mask, Second* out) noexcept nogil:
    """Two-step figures of the 3n+1 hand ``c`` (shanten ``s``, useful draws ``mask``)."""
    cdef signed char sh[N_KINDS]
    cdef uint64_t m2[N_KINDS]
    cdef int tot2[N_KINDS]
    cdef int t, e, n_t, best, waits, weight = 0, num = 0, good = 0
    cdef bint is_good
    out.two_step = 0.0
    out.improve = 0
    out.improve_total = 0
    out.good = -1.0
    if s >= 1:
        for t in range(N_KINDS):
            if not (mask >> t) & 1:
                continue
            n_t = _unseen(x, c, t)
            if n_t == 0:
                continue
            c[t] += 1
            _discards_impl(x, c, total + 1, s - 1, sh, m2, tot2)
            best = 0
            is_good = False
            for e in range(N_KINDS):
                if sh[e] == s - 1:
                    if tot2[e] > best:
                        best = tot2[e]
                    if s == 1 and not is_good:
                        is_good = _good_wait(x, c, e, m2[e])
            c[t] -= 1
            weight += n_t
            num += n_t * best
            good += n_t if is_good else 0
        if weight:
            out.two_step = <double>num / weight
            if s == 1:
                out.good = <double>good / weight
    elif s == 0:
        waits = 0
        for t in range(N_KINDS):
            if (mask >> t) & 1:
                waits += _unseen(x, c, t)
        for t in range(N_KINDS):
            if (mask >> t) & 1 or c[t] >= x.lim[t]:
                continue
            n_t = _unseen(x, c, t)
            if n_t == 0:
                continue
            c[t] += 1
            _discards_impl(x, c, total + 1, 0, sh, m2, tot2)
            c[t] -= 1
            for e in range(N_KINDS):
                if sh[e] == 0 and tot2[e] > waits:
                    out.improve |= <uint64_t>1 << t
                    out.improve_total += n_t
                    break


# ---------------------------------------------------------------- Python level

cdef int _ctx_from(Ctx* ctx, object lim, object avail, object wild, int flags, bint fifth) except -1:
    if not is_counts_bytes(lim):
        lim = _read_counts(lim, "limits")
    if avail is not lim and not is_counts_bytes(avail):
        avail = _read_counts(avail, "avail")
    if wild is not None:
        wild = _read_counts(wild, "wild")
    if ctx_init(ctx, lim, avail, NULL if wild is None else <const uint8_t*><bytes>wild, flags, fifth) < 0:
        for t in range(N_KINDS):
            if avail[t] > lim[t]:
                raise ValueError(f"avail[{t}] = {avail[t]} is above limits[{t}] = {lim[t]}")
    return 0


cdef object _check_held(const Ctx* ctx, bytes held, int residue, int most, str what):
    cdef const uint8_t* h = held
    cdef int t, total = 0
    for t in range(N_KINDS):
        if h[t] > ctx.lim[t] or h[t] > ctx.avail[t]:
            if h[t] > ctx.lim[t]:
                raise ValueError(f"counts[{t}] = {h[t]} is above limits[{t}] = {ctx.lim[t]}")
            raise ValueError(f"counts[{t}] = {h[t]} is above avail[{t}] = {ctx.avail[t]}")
        total += h[t]
    if total % 3 != residue or total > most:
        raise ValueError(f"{what}, got {total} tiles")


def quick_counts(hand):
    """The 34 counts of a list or tuple of 1-14 plain index34 ints, at most 4 copies each;
    None for anything else."""
    cdef uint8_t c[N_KINDS]
    cdef Py_ssize_t i, n
    cdef long t
    if type(hand) is not list and type(hand) is not tuple:
        return None
    n = len(hand)
    if not 0 < n <= MAX_HAND:
        return None
    memset(c, 0, N_KINDS)
    for i in range(n):
        item = hand[i]
        if type(item) is not int:
            return None
        t = item
        if not 0 <= t < N_KINDS or c[t] == MAX_COPIES:
            return None
        c[t] += 1
    return (<char*>c)[:N_KINDS]


def useful(held, lim, avail, wild=None, int flags=HONOURED_FLAGS, bint fifth=True):
    """``(shanten, mask, total)`` of a 3n+1 hand: bit t of ``mask`` is set when drawing t lowers
    the shanten; ``total`` is the unseen copies of those draws (``avail[t] - held[t]`` each)."""
    cdef Ctx ctx
    cdef int s = 0, tot
    cdef uint64_t m = 0
    if not rows_ready:
        ensure_rows()
    if not is_counts_bytes(held):
        held = _read_counts(held, "counts")
    _ctx_from(&ctx, lim, avail, wild, flags, fifth)
    _check_held(&ctx, held, 1, MAX_HAND - 1, "useful tiles need a hand of 3n+1 tiles, at most 13")
    tot = useful_c(&ctx, held, &s, &m)
    if tot < 0:
        raise ValueError("the hand has no shanten under these limits")
    return s, m, tot


cdef class Discards:
    """Every distinct discard of a 3n+2 hand, best first (see ``discards``)."""
    cdef readonly int shanten
    cdef readonly int count
    cdef readonly bint two_step
    cdef signed char sh[N_KINDS]
    cdef uint64_t mask[N_KINDS]
    cdef int tot[N_KINDS]
    cdef Second sec[N_KINDS]
    cdef int order[N_KINDS]

    def tile(self, int i):
        """The i-th best discard (index34)."""
        if not 0 <= i < self.count:
            raise IndexError(i)
        return self.order[i]

    def entry(self, int i):
        """``(tile, shanten, mask, total, two_step, improve, improve_total, good)`` of the i-th
        best discard; the last four are None without ``two_step`` (``good`` None off one-shanten)."""
        cdef int d
        if not 0 <= i < self.count:
            raise IndexError(i)
        d = self.order[i]
        if not self.two_step:
            return d, self.sh[d], self.mask[d], self.tot[d], None, None, None, None
        return (d, self.sh[d], self.mask[d], self.tot[d], self.sec[d].two_step,
                self.sec[d].improve if self.sh[d] == 0 else None,
                self.sec[d].improve_total if self.sh[d] == 0 else None,
                None if self.sec[d].good < 0 else self.sec[d].good)

    def after(self):
        """34 shanten values after each discard (``NOT_HELD`` where the tile is not held)."""
        return [self.sh[t] for t in range(N_KINDS)]


cdef inline bint _before(Discards r, int a, int b) noexcept:
    """Whether discard ``a`` ranks before ``b``: lower shanten, more unseen useful copies, then
    (two-step) the larger two-step figure, then more improving copies, then the lower tile."""
    if r.sh[a] != r.sh[b]:
        return r.sh[a] < r.sh[b]
    if r.tot[a] != r.tot[b]:
        return r.tot[a] > r.tot[b]
    if r.two_step:
        if r.sec[a].two_step != r.sec[b].two_step:
            return r.sec[a].two_step > r.sec[b].two_step
        if r.sec[a].improve_total != r.sec[b].improve_total:
            return r.sec[a].improve_total > r.sec[b].improve_total
    return a < b


def discards(held, lim, avail, wild=None, int flags=HONOURED_FLAGS, bint fifth=True,
             bint two_step=False):
    """Every distinct discard of a 3n+2 hand, as a ``Discards`` (best first)."""
    cdef Ctx ctx
    if not rows_ready:
        ensure_rows()
    if not is_counts_bytes(held):
        held = _read_counts(held, "counts")
    _ctx_from(&ctx, lim, avail, wild, flags, fifth)
    _check_held(&ctx, held, 2, MAX_HAND, "a discard analysis needs a hand of 3n+2 tiles, at most 14")
    return _discards_obj(&ctx, held, two_step)


cdef Discards _discards_obj(const Ctx* ctx, bytes held, bint two_step):
    cdef Discards r = Discards.__new__(Discards)
    cdef uint8_t c[N_KINDS]
    cdef int t, j, n = 0, size = 0
    r.shanten = discards_c(ctx, held, r.sh, r.mask, r.tot)
    if r.shanten < -1:
        raise ValueError("the hand has no shanten under these limits")
    r.two_step = two_step
    memcpy(c, <const uint8_t*>held, N_KINDS)
    for t in range(N_KINDS):
        size += c[t]
    for t in range(N_KINDS):
        if c[t]:
            if two_step:
                c[t] -= 1
                _second(ctx, c, size - 1, r.sh[t], r.mask[t], &r.sec[t])
                c[t] += 1
            j = n
            while j > 0 and _before(r, t, r.order[j - 1]):
                r.order[j] = r.order[j - 1]
                j -= 1
            r.order[j] = t
            n += 1
    r.count = n
    return r


cdef Ctx QUICK_CTX
cdef uint8_t _full_limits[N_KINDS]
memset(_full_limits, MAX_COPIES, N_KINDS)
ctx_init(&QUICK_CTX, _full_limits, _full_limits, NULL, HONOURED_FLAGS, True)


cdef Py_ssize_t _quick_read(object hand, uint8_t* c) except -2:
    """Tiles in a list or tuple of 1-14 plain index34 ints with at most 4 copies each, counted
    into ``c``; -1 for any other input."""
    cdef Py_ssize_t i, n
    cdef long t
    if type(hand) is not list and type(hand) is not tuple:
        return -1
    n = len(hand)
    if not 0 < n <= MAX_HAND:
        return -1
    memset(c, 0, N_KINDS)
    for i in range(n):
        item = hand[i]
        if type(item) is not int:
            return -1
        t = item
        if not 0 <= t < N_KINDS or c[t] == MAX_COPIES:
            return -1
        c[t] += 1
    return n


def quick_useful(hand):
    """``useful(held, full, full) + (held,)`` for a list or tuple of 3n+1 plain index34 ints, at
    most 4 copies each (``held``: its 34 counts as bytes); None for any other input."""
    cdef uint8_t c[N_KINDS]
    cdef int s = 0, tot
    cdef uint64_t m = 0
    if _quick_read(hand, c) % 3 != 1:
        return None
    if not rows_ready:
        ensure_rows()
    tot = useful_c(&QUICK_CTX, c, &s, &m)
    if tot < 0:
        raise ValueError("the hand has no shanten under these limits")
    return s, m, tot, (<char*>c)[:N_KINDS]


def quick_discards(hand):
    """``(discards(held, full, full), held)`` for a list or tuple of 3n+2 plain index34 ints, at
    most 4 copies each (``held``: its 34 counts as bytes); None for any other input."""
    cdef uint8_t c[N_KINDS]
    if _quick_read(hand, c) % 3 != 2:
        return None
    if not rows_ready:
        ensure_rows()
    held = (<char*>c)[:N_KINDS]
    return _discards_obj(&QUICK_CTX, held, False), held


# ---------------------------------------------------------------- rows of an array

cdef void _rows(int kind, const uint8_t* counts, const uint8_t* avail, Py_ssize_t avail_step,
                const uint8_t* lim, int flags, signed char* sh, uint8_t* mask, short* tot,
                uint8_t* keep, uint8_t* back, Py_ssize_t start, Py_ssize_t stop) noexcept nogil:
    cdef Ctx ctx
    cdef Py_ssize_t r
    cdef int t, s, v
    cdef uint64_t m
    cdef signed char dsh[N_KINDS]
    cdef uint64_t dmask[N_KINDS]
    cdef int dtot[N_KINDS]
    cdef int ok = 0
    for r in range(start, stop):
        if avail_step or r == start:    # one context for all rows when they share ``avail``
            ok = ctx_init(&ctx, lim, avail + avail_step * r, NULL, flags, True)
        if ok < 0:
            continue
        if kind == K_USEFUL:
            v = useful_c(&ctx, counts + N_KINDS * r, &s, &m)
            if v < 0:
                sh[r] = NOT_HELD
                continue
            sh[r] = s
            tot[r] = v
            for t in range(N_KINDS):
                mask[N_KINDS * r + t] = (m >> t) & 1
        else:
            s = discards_c(&ctx, counts + N_KINDS * r, dsh, dmask, dtot)
            for t in range(N_KINDS):
                sh[N_KINDS * r + t] = dsh[t] if s >= -1 else NOT_HELD
                if s < -1 or dsh[t] == NOT_HELD:
                    continue
                tot[N_KINDS * r + t] = dtot[t]
                keep[N_KINDS * r + t] = dsh[t] == s
                back[N_KINDS * r + t] = dsh[t] > s


def run_rows(int kind, const uint8_t[:, ::1] counts, const uint8_t[:, ::1] avail,
             const uint8_t[::1] lim, int flags, signed char[::1] sh, uint8_t[::1] mask,
             short[::1] tot, uint8_t[::1] keep, uint8_t[::1] back, Py_ssize_t start, Py_ssize_t stop):
    """Answer rows ``start:stop`` of ``counts`` into the flat outputs (call ``ensure_tables`` first).

    ``avail`` holds one row per hand, or one row for all.  ``USEFUL``: ``sh`` (N), ``mask``
    (N*34), ``tot`` (N).  ``DISCARDS``: ``sh``, ``tot``, ``keep``, ``back`` (N*34 each; ``mask``
    unused).  A row the kernel rejects gets ``NOT_HELD`` shanten (the caller checks rows first).
    """
    cdef Py_ssize_t n = counts.shape[0], step
    cdef Py_ssize_t width = 1 if kind == K_USEFUL else N_KINDS
    if counts.shape[1] != N_KINDS or avail.shape[1] != N_KINDS or lim.shape[0] != N_KINDS:
        raise ValueError(f"counts, avail and limits must have {N_KINDS} columns")
    if avail.shape[0] not in (1, n):
        raise ValueError(f"avail must have 1 or {n} rows, got {avail.shape[0]}")
    if kind not in (K_USEFUL, K_DISCARDS):
        raise ValueError(f"unknown kind {kind}")
    if not 0 <= start <= stop <= n:
        raise ValueError(f"rows {start}:{stop} are outside 0:{n}")
    if sh.shape[0] < n * width or tot.shape[0] < n * width or (
            kind == K_USEFUL and mask.shape[0] < n * N_KINDS) or (
            kind == K_DISCARDS and (keep.shape[0] < n * N_KINDS or back.shape[0] < n * N_KINDS)):
        raise ValueError(f"outputs too small for {n} rows")
    if not rows_ready:
        ensure_rows()
    step = N_KINDS if avail.shape[0] == n and n > 1 else 0
    if start < stop:
        with nogil:
            _rows(kind, &counts[0, 0], &avail[0, 0], step, &lim[0], flags, &sh[0],
                  &mask[0] if mask.shape[0] else NULL, &tot[0],
                  &keep[0] if keep.shape[0] else NULL, &back[0] if back.shape[0] else NULL,
                  start, stop)
