# cython: language_level=3, embedsignature=True
# cython: boundscheck=False, wraparound=False, cdivision=True, initializedcheck=False
"""The value-aware discard search (compiled): same states, edges, figures and order as ``values_py``.

The states live in C arrays; an edge list per state is a linked list whose head is the newest
edge, so the draws of a state are summed newest first, as the pure twin (and the C++) do.  The
shanten of every state and of its neighbours comes from the shanten kernel's per-part cost rows; the score
of a win (once per winning edge) is the scoring kernel's ``score_counts``, called in C
(``score_win_c``) when it is the compiled one (with the ura expectation in C).
"""
from cpython.bytes cimport PyBytes_FromStringAndSize
from libc.stdlib cimport free, malloc, realloc
from libc.string cimport memcpy, memset

from mahjong_fast._kernels.score_flags cimport CHOW, CONCEALED_KONG, RIICHI, TSUMO
from mahjong_fast._kernels.scoring cimport Reading, base_points_c, score_win_c
from mahjong_fast._kernels.common cimport INF, ROW_LEN, ctz64, popcount64
from mahjong_fast._kernels.shanten cimport part_row_id_c, part_rows_c, rank_offsets_c

from mahjong_fast._kernels.scoring import score_counts as _score_counts
from mahjong_fast._kernels.shanten import ensure_tables

__all__ = ["MAX_TURN", "combination", "merged", "search", "ura_distribution"]

MAX_TURN = 18
"""The turn after the last draw (mahjong-cpp's ``t_max``)."""

cdef enum:
    NS = 37     # the separated counts: 34 kinds, then the red 5m, 5p, 5s
    TMAX = 18   # the turn after the last draw
    T1 = 19     # figures per state: turns 0 … 18
    PART_IDS = 19   # row ids kept per part met: its own, 9 with a tile more, 9 with a tile less

cdef int[34] _INDICATOR_OF = [8, 0, 1, 2, 3, 4, 5, 6, 7, 17, 9, 10, 11, 12, 13, 14, 15, 16,
                              26, 18, 19, 20, 21, 22, 23, 24, 25, 30, 27, 28, 29, 33, 31, 32]
cdef int[13] _ORPHANS_C = [0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33]
cdef int[34] _KINDS_C = list(range(34))


cdef inline void _merge(const unsigned char* h, unsigned char* m) noexcept nogil:
    memcpy(m, h, 34)
    m[4] += h[34]
    m[13] += h[35]
    m[22] += h[36]


cdef inline long long _with_red(long long mask) noexcept nogil:
    if mask >> 4 & 1:
        mask |= 1LL << 34
    if mask >> 13 & 1:
        mask |= 1LL << 35
    if mask >> 22 & 1:
        mask |= 1LL << 36
    return mask


# The standard form's cost from the shanten kernel's per-part cost rows (docs/efficiency.md): the
# rows of the four parts multiplied (min-plus) give the fewest tiles missing for n melds and a
# pair at entry 2n + 1; the shanten is that less one, as ``shanten_c`` answers with four copies.
cdef const unsigned int* _SUIT_OFFSETS = NULL
cdef const unsigned int* _HONOUR_OFFSETS = NULL
cdef const unsigned char* _SUIT_ROWS = NULL
cdef const unsigned char* _HONOUR_ROWS = NULL
# the rows again, ROW16 bytes each (INF after the ROW_LEN entries): _ROWS16[0] the suits', [1] the honours'
cdef unsigned char _ROWS16[2][256][16]

cdef extern from *:
    """
    #if defined(__SSE2__) || defined(_M_X64) || (defined(_M_IX86_FP) && _M_IX86_FP >= 2)
    #define MF_VALUES_SSE2 1
    #include <emmintrin.h>
    #endif
    /* The least of a[j] + b[j] over 16 bytes (every byte below 128). */
    static inline int mf_least_sum16(const unsigned char* a, const unsigned char* b) {
    #if defined(MF_VALUES_SSE2)
        __m128i s = _mm_add_epi8(_mm_loadu_si128((const __m128i*)a), _mm_loadu_si128((const __m128i*)b));
        s = _mm_min_epu8(s, _mm_srli_si128(s, 8));
        s = _mm_min_epu8(s, _mm_srli_si128(s, 4));
        s = _mm_min_epu8(s, _mm_srli_si128(s, 2));
        s = _mm_min_epu8(s, _mm_srli_si128(s, 1));
        return _mm_cvtsi128_si32(s) & 0xFF;
    #else
        int j, v, best = 255;
        for (j = 0; j < 16; j++) {
            v = a[j] + b[j];
            if (v < best) best = v;
        }
        return best;
    #endif
    }
    /* The min-plus product of two cost rows of 16 bytes (ROW_LEN entries, then any up to 60;
       every entry at most 60): out[2k + p] is the least a[2 k1 + p1] + b[2 k2 + p2] over k1 + k2 = k,
       p1 + p2 = p, and 60 (INF) when less; the entries past ROW_LEN are at most 60. */
    static inline void mf_row_product16(const unsigned char* a, const unsigned char* b, unsigned char* out) {
    #if defined(MF_VALUES_SSE2)
        const __m128i even = _mm_set1_epi16(0x00FF);
        const __m128i big = _mm_set1_epi8(127);
        __m128i B = _mm_loadu_si128((const __m128i*)b);
        /* b's even entries at the odd places (b[2k] at 2k + 1), 127 at the even ones */
        __m128i Bev = _mm_or_si128(_mm_slli_epi16(_mm_and_si128(B, even), 8), _mm_and_si128(big, even));
        __m128i acc = _mm_set1_epi8(60), t;
        t = _mm_min_epu8(_mm_add_epi8(_mm_set1_epi8((char)a[0]), B), _mm_add_epi8(_mm_set1_epi8((char)a[1]), Bev));
        acc = _mm_min_epu8(acc, t);
    #define MF_PRODUCT_STEP(k, low) \
        t = _mm_min_epu8(_mm_add_epi8(_mm_set1_epi8((char)a[2 * k]), B), \
                         _mm_add_epi8(_mm_set1_epi8((char)a[2 * k + 1]), Bev)); \
        acc = _mm_min_epu8(acc, _mm_max_epu8(_mm_slli_si128(t, 2 * k), low));
        MF_PRODUCT_STEP(1, _mm_setr_epi8(127, 127, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0))
        MF_PRODUCT_STEP(2, _mm_setr_epi8(127, 127, 127, 127, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0))
        MF_PRODUCT_STEP(3, _mm_setr_epi8(127, 127, 127, 127, 127, 127, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0))
        MF_PRODUCT_STEP(4, _mm_setr_epi8(127, 127, 127, 127, 127, 127, 127, 127, 0, 0, 0, 0, 0, 0, 0, 0))
    #undef MF_PRODUCT_STEP
        _mm_storeu_si128((__m128i*)out, acc);
    #else
        int k1, k2, v, j;
        for (j = 0; j < 16; j++) out[j] = 60;
        for (k1 = 0; k1 < 5; k1++) {
            for (k2 = 0; k2 < 5 - k1; k2++) {
                v = a[2 * k1] + b[2 * k2];
                if (v < out[2 * (k1 + k2)]) out[2 * (k1 + k2)] = (unsigned char)v;
                v = a[2 * k1] + b[2 * k2 + 1];
                if (v < out[2 * (k1 + k2) + 1]) out[2 * (k1 + k2) + 1] = (unsigned char)v;
                v = a[2 * k1 + 1] + b[2 * k2];
                if (v < out[2 * (k1 + k2) + 1]) out[2 * (k1 + k2) + 1] = (unsigned char)v;
            }
        }
    #endif
    }
    """
    int least_sum16 "mf_least_sum16"(const unsigned char* a, const unsigned char* b) noexcept nogil
    void row_product16 "mf_row_product16"(const unsigned char* a, const unsigned char* b,
                                          unsigned char* out) noexcept nogil

cdef enum:
    ROW16 = 16


cdef void _init_rows() noexcept:
    global _SUIT_OFFSETS, _HONOUR_OFFSETS, _SUIT_ROWS, _HONOUR_ROWS
    cdef int n, kind, i, j
    cdef const unsigned char* rows
    if _SUIT_ROWS != NULL:
        return
    ensure_tables()
    for kind in range(2):
        rows = part_rows_c(3 * kind, &n)
        for i in range(256):
            for j in range(ROW16):
                _ROWS16[kind][i][j] = rows[i * ROW_LEN + j] if i < n and j < ROW_LEN else INF
    _SUIT_OFFSETS = rank_offsets_c(0)
    _HONOUR_OFFSETS = rank_offsets_c(3)
    _HONOUR_ROWS = part_rows_c(3, &n)
    _SUIT_ROWS = part_rows_c(0, &n)


cdef inline int _row_id(const unsigned char* c, int u) noexcept nogil:
    """The id of the cost row of part ``u`` (0-2 the suits, 3 the honours) holding counts ``c``."""
    cdef const unsigned int* off
    cdef unsigned int r = 0
    cdef int i, s = 0, npos
    if u == 3:
        off = _HONOUR_OFFSETS
        npos = 7
    else:
        off = _SUIT_OFFSETS
        npos = 9
    for i in range(npos):
        r += off[i * 75 + s * 5 + c[i]]
        s += c[i]
    return part_row_id_c(r, 3 if u == 3 else 0)


cdef void _others(const unsigned char** rows, unsigned char* out) noexcept nogil:
    """``out[u]``: the product row of every part but ``u`` (4 × ROW16) of the parts' ``rows`` (ROW16 each)."""
    cdef unsigned char ab[ROW16]
    cdef unsigned char cd[ROW16]
    row_product16(rows[2], rows[3], cd)
    row_product16(rows[1], cd, out)              # all but 0
    row_product16(rows[0], cd, out + ROW16)      # all but 1
    row_product16(rows[0], rows[1], ab)
    row_product16(ab, rows[3], out + 2 * ROW16)  # all but 2
    row_product16(ab, rows[2], out + 3 * ROW16)  # all but 3


cdef inline int _part(int i) noexcept nogil:
    return 3 if i >= 27 else i // 9


cdef extern from *:
    """
    /* The orphans' bytes in each of the five words of 34 counts (1m | 9m 1p | 9p 1s | 9s 1z-5z | 6z 7z). */
    static const unsigned long long mf_values_orphan_bytes[5] = {
        0xFFULL, 0xFFFFULL, 0xFFFF00ULL, 0xFFFFFFFFFFFF0000ULL, 0xFFFFULL};
    """
    const unsigned long long* ORPHAN_BYTES "mf_values_orphan_bytes"


cdef inline void _pair_bounds(const unsigned char* m, int* pairs_form, int* orphans_form) noexcept nogil:
    """The seven-pairs and thirteen-orphans shanten of 34 counts, word by word (eight counts a
    word: a byte plus 0x7F has its top bit set iff the count is 1-4, plus 0x7E iff 2-4)."""
    cdef unsigned long long w[5]
    cdef unsigned long long one, two
    cdef int j, kinds = 0, pairs = 0, orphan_kinds = 0
    cdef bint orphan_pair = False
    memcpy(w, m, 32)
    w[4] = m[32] | (<unsigned long long>m[33] << 8)
    for j in range(5):
        one = (w[j] + 0x7F7F7F7F7F7F7F7FULL) & 0x8080808080808080ULL
        two = (w[j] + 0x7E7E7E7E7E7E7E7EULL) & 0x8080808080808080ULL
        kinds += popcount64(one)
        pairs += popcount64(two)
        orphan_kinds += popcount64(one & ORPHAN_BYTES[j])
        orphan_pair = orphan_pair or (two & ORPHAN_BYTES[j]) != 0
    pairs_form[0] = 6 - pairs + (7 - kinds if kinds < 7 else 0)
    orphans_form[0] = 13 - orphan_kinds - (1 if orphan_pair else 0)


cdef inline void _tally(const unsigned char* m, const int* kinds, int n, int* pairs, int* distinct, long long* zero,
                        long long* one) noexcept nogil:
    """Over the ``n`` ``kinds``: how many the counts ``m`` pair and hold, and the kinds held none and once."""
    cdef int k, i
    pairs[0] = distinct[0] = 0
    zero[0] = one[0] = 0
    for k in range(n):
        i = kinds[k]
        if m[i] == 0:
            zero[0] |= 1LL << i
        elif m[i] == 1:
            distinct[0] += 1
            one[0] |= 1LL << i
        else:
            distinct[0] += 1
            pairs[0] += 1


cdef inline void _least(int s, long long kinds, int* best, long long* mask) noexcept nogil:
    """A form at shanten ``s`` with its ``kinds``: the least shanten and the kinds of every form at it."""
    if s < best[0]:
        best[0] = s
        mask[0] = kinds
    elif s == best[0]:
        mask[0] |= kinds


cdef int _needed(const unsigned char* m, int n_melds, int best, long long mask, long long* out) noexcept nogil:
    """The shanten and the kinds that lower it of 13 counts ``m``, over the forms at the least
    shanten, given the standard form's (``best``, ``mask``)."""
    cdef int pairs, kinds
    cdef long long zero, one
    cdef int pairs_form = 99, orphans_form = 99
    if n_melds == 0:
        _pair_bounds(m, &pairs_form, &orphans_form)
    if n_melds == 0 and pairs_form <= best:
        _tally(m, _KINDS_C, 34, &pairs, &kinds, &zero, &one)
        _least(6 - pairs + (7 - kinds if kinds < 7 else 0), (zero | one) if kinds < 7 else (0 if pairs == 7 else one),
               &best, &mask)
    if n_melds == 0 and orphans_form <= best:
        _tally(m, _ORPHANS_C, 13, &pairs, &kinds, &zero, &one)
        _least(13 - kinds - (1 if pairs else 0), zero if pairs else (zero | one), &best, &mask)
    out[0] = mask
    return best


cdef int _spare(const unsigned char* m, int n_melds, int best, long long mask, long long* out) noexcept nogil:
    """The shanten and the kinds whose discard keeps it of 14 counts ``m``, over the forms at the
    least shanten, given the standard form's (``best``, ``mask``)."""
    cdef int i, pairs, kinds, k
    cdef long long one, many, two, middle
    cdef int pairs_form = 99, orphans_form = 99
    if n_melds == 0:
        _pair_bounds(m, &pairs_form, &orphans_form)
    if n_melds == 0 and pairs_form <= best:
        pairs = kinds = 0
        one = many = 0
        for i in range(34):
            if m[i] == 1:
                kinds += 1
                one |= 1LL << i
            elif m[i] >= 2:
                kinds += 1
                pairs += 1
                if m[i] >= 3:
                    many |= 1LL << i
        _least(6 - pairs + (7 - kinds if kinds < 7 else 0), (one | many) if kinds > 7 else many, &best, &mask)
    if n_melds == 0 and orphans_form <= best:
        pairs = kinds = 0
        two = many = middle = 0
        for i in range(27):
            if i % 9 != 0 and i % 9 != 8 and m[i]:
                middle |= 1LL << i
        for k in range(13):
            i = _ORPHANS_C[k]
            if m[i] == 1:
                kinds += 1
            elif m[i] == 2:
                two |= 1LL << i
                kinds += 1
                pairs += 1
            elif m[i] > 2:
                many |= 1LL << i
                kinds += 1
                pairs += 1
        _least(13 - kinds - (1 if pairs else 0), (middle | many | two) if pairs >= 2 else (middle | many), &best, &mask)
    out[0] = mask
    return best


cdef double _combination(int n, int r) noexcept nogil:
    if r < 0 or r > n:
        return 0.0
    cdef int k = r if r < n - r else n - r
    cdef double value = 1.0
    cdef int i
    for i in range(1, k + 1):
        value *= <double>(n - k + i)
        value /= <double>i
    return value


cdef double _COMB[5][5]   # _combination(c, k) for c, k <= 4 (a kind's copies in the wall)
cdef int _c, _k
for _c in range(5):
    for _k in range(5):
        _COMB[_c][_k] = _combination(_c, _k)


cdef void _ura(const unsigned char* wall, const int* tiles, int indicators, double* out) noexcept nogil:
    """``values_py.ura_distribution`` (wall: 34 merged counts), the same sums in the same order."""
    cdef double dp[6][13]
    cdef double nxt[6][13]
    cdef int tile, count, gain, selected, ura, take, top, total = 0
    cdef size_t rows = (indicators + 1) * sizeof(dp[0])
    cdef double p
    cdef int sums[13]
    if indicators == 1:  # the sums below are then of whole counts (exact): added up as integers
        memset(sums, 0, sizeof(sums))
        for tile in range(34):
            sums[min(12, tiles[tile])] += wall[_INDICATOR_OF[tile]]
            total += wall[tile]
        p = _combination(total, 1)
        for ura in range(13):
            out[ura] = sums[ura] / p
        return
    memset(dp, 0, rows)
    dp[0][0] = 1.0
    for tile in range(34):
        count = wall[_INDICATOR_OF[tile]]
        gain = tiles[tile]
        if count == 0:
            continue
        memcpy(nxt, dp, rows)
        for selected in range(indicators):
            for ura in range(13):
                p = dp[selected][ura]
                if p == 0.0:
                    continue
                top = count if count < indicators - selected else indicators - selected
                for take in range(1, top + 1):
                    nxt[selected + take][min(12, ura + gain * take)] += p * (
                        _COMB[count][take] if count <= 4 else _combination(count, take))
        memcpy(dp, nxt, rows)
    for tile in range(34):
        total += wall[tile]
    p = _combination(total, indicators)
    for ura in range(13):
        out[ura] = dp[indicators][ura] / p


cdef inline unsigned int _part_slot(unsigned int key, int slots) noexcept nogil:
    cdef unsigned int h = key * 0x9e3779b1u
    return (h ^ h >> 15) & <unsigned int>(slots - 1)


cdef inline unsigned int _form_slot(unsigned long long key, int slots) noexcept nogil:
    cdef unsigned long long h = key * 0x9e3779b97f4a7c15ULL
    return <unsigned int>((h ^ h >> 29) >> 16) & <unsigned int>(slots - 1)


cdef inline int _up(int x) noexcept nogil:
    return (x + 99) // 100 * 100


def merged(hand):
    """The 34 counts of a separated hand, each red five counted as its five (``values_py.merged``)."""
    m = list(hand[:34])
    m[4] += hand[34]
    m[13] += hand[35]
    m[22] += hand[36]
    return m


def combination(int n, int r):
    """C(n, r) as a float, computed as the model does (``values_py.combination``)."""
    return _combination(n, r)


def ura_distribution(wall, tiles, int indicators):
    """The probability of 0 … 12 ura dora (``values_py.ura_distribution``)."""
    cdef unsigned char w[34]
    cdef int t[34]
    cdef double out[13]
    cdef int i
    for i in range(34):
        w[i] = wall[i]
        t[i] = tiles[i]
    _ura(w, t, indicators, out)
    return [out[i] for i in range(13)]


cdef void* _grown(void* p, size_t size) except NULL:
    """``p`` reallocated to ``size`` bytes (``MemoryError`` when it cannot be; ``p`` is then kept)."""
    cdef void* q = realloc(p, size)
    if q == NULL:
        raise MemoryError()
    return q


ctypedef struct _Slot:
    unsigned long long k0
    unsigned long long k1
    int state


cdef class _Graph:
    cdef unsigned char hand[NS]
    cdef unsigned char wall[NS]
    cdef unsigned char origin[NS]
    cdef int limit, n_melds
    cdef bint closed
    cdef object score_counts, melds
    cdef bint c_scoring             # score_counts is the compiled kernel's: score_win_c called in place
    cdef int meld_kind[4]
    cdef int meld_tile[4]
    cdef int switches, seat_wind, round_wind, indicators, meld_red, bonus, distance
    cdef bint dealer
    cdef int dora_kinds[5]
    cdef int meld_tiles[34]
    # the states by key (``_key``): open addressing, ``slots`` a power of two, state -1 an empty slot
    cdef _Slot* table
    cdef int slots, used
    # states
    cdef int n, cap
    cdef unsigned char* tenpai
    cdef int* first_out
    cdef int* first_in
    # out_kinds[2 v + r]: the kinds whose edge from draw state v to the choice state with riichi r is made
    cdef unsigned long long* out_kinds
    # edges
    cdef int m, ecap
    cdef int* e_source
    cdef int* e_target
    cdef int* e_weight
    cdef double* e_score
    cdef int* e_next_out
    cdef int* e_next_in
    cdef unsigned char* is_draw
    # the ura distribution of a complete hand's choice state, computed once: ura_at[v] its row in
    # ura_rows (13 probabilities) or -1
    cdef int* ura_at
    cdef double* ura_rows
    cdef int n_ura, ura_cap
    # the tsumo total of han h (below 25) and fu f (below 160) once known: totals[h][f // 5], -1 unknown
    cdef int totals[25][32]
    # the hand's key (``_key``), kept as tiles come and go; each part's merged counts, 3 bits a kind
    cdef unsigned long long key0, key1
    cdef unsigned int part_key[4]
    # the kinds (separated) the hand holds, and those the wall holds
    cdef unsigned long long held, in_wall
    # the parts met: open addressing on (part, counts) | 1 << 31 (0 an empty slot); part_ids holds,
    # PART_IDS bytes a part, the id of its cost row, then of its row with a tile more at each
    # position, then with a tile less (where there is one)
    cdef unsigned int* part_keys
    cdef int* part_at
    cdef unsigned char* part_ids
    cdef int part_slots, part_used, part_cap
    # part_next[18 e + p] (18 e + 9 + p): the part met that part e becomes with a tile more (less)
    # at position p, -1 until looked up; part_now[u] the hand's part u (-1 until looked up, then
    # part_next[part_step[u]] is set, when part_step[u] >= 0)
    cdef int* part_next
    cdef int part_now[4]
    # the forms' shanten and kinds of each merged hand met (``_shanten``), by its parts met and
    # whether it holds 13 tiles: open addressing on that key (0 an empty slot)
    cdef unsigned long long* form_keys
    cdef int* form_shanten
    cdef long long* form_mask
    cdef int form_slots, form_used
    cdef int part_step[4]

    def __cinit__(self):
        self.n = self.cap = self.m = self.ecap = 0
        self.tenpai = NULL
        self.first_out = self.first_in = NULL
        self.out_kinds = NULL
        self.e_source = self.e_target = self.e_weight = self.e_next_out = self.e_next_in = NULL
        self.e_score = NULL
        self.table = NULL
        self.is_draw = NULL
        self.ura_at = NULL
        self.ura_rows = NULL
        self.n_ura = self.ura_cap = 0
        memset(self.totals, 0xff, sizeof(self.totals))
        self.slots = self.used = 0
        self.part_keys = NULL
        self.part_at = NULL
        self.part_ids = NULL
        self.part_next = NULL
        self.part_slots = self.part_used = self.part_cap = 0
        self.form_keys = NULL
        self.form_shanten = NULL
        self.form_mask = NULL
        self.form_slots = self.form_used = 0

    def __dealloc__(self):
        free(self.tenpai)
        free(self.first_out)
        free(self.first_in)
        free(self.out_kinds)
        free(self.e_source)
        free(self.e_target)
        free(self.e_weight)
        free(self.e_score)
        free(self.e_next_out)
        free(self.e_next_in)
        free(self.table)
        free(self.is_draw)
        free(self.ura_at)
        free(self.ura_rows)
        free(self.part_keys)
        free(self.part_at)
        free(self.part_ids)
        free(self.part_next)
        free(self.form_keys)
        free(self.form_shanten)
        free(self.form_mask)

    cdef int _grow_states(self) except -1:
        cdef int cap = self.cap * 2 if self.cap else 1024
        self.tenpai = <unsigned char*>_grown(self.tenpai, cap * sizeof(unsigned char))
        self.first_out = <int*>_grown(self.first_out, cap * sizeof(int))
        self.first_in = <int*>_grown(self.first_in, cap * sizeof(int))
        self.out_kinds = <unsigned long long*>_grown(self.out_kinds, 2 * cap * sizeof(unsigned long long))
        self.is_draw = <unsigned char*>_grown(self.is_draw, cap * sizeof(unsigned char))
        self.ura_at = <int*>_grown(self.ura_at, cap * sizeof(int))
        self.cap = cap
        return 0

    cdef int _grow_edges(self) except -1:
        cdef int cap = self.ecap * 2 if self.ecap else 4096
        self.e_source = <int*>_grown(self.e_source, cap * sizeof(int))
        self.e_target = <int*>_grown(self.e_target, cap * sizeof(int))
        self.e_weight = <int*>_grown(self.e_weight, cap * sizeof(int))
        self.e_score = <double*>_grown(self.e_score, cap * sizeof(double))
        self.e_next_out = <int*>_grown(self.e_next_out, cap * sizeof(int))
        self.e_next_in = <int*>_grown(self.e_next_in, cap * sizeof(int))
        self.ecap = cap
        return 0

    cdef int _vertex(self, bint tenpai, bint draw) except -1:
        if self.n == self.cap:
            self._grow_states()
        self.tenpai[self.n] = tenpai
        self.is_draw[self.n] = draw
        self.ura_at[self.n] = -1
        self.first_out[self.n] = -1
        self.first_in[self.n] = -1
        self.out_kinds[2 * self.n] = self.out_kinds[2 * self.n + 1] = 0
        self.n += 1
        return self.n - 1

    cdef int _edge(self, int source, int target, int kind, bint riichi, int weight, double score) except -1:
        """The edge from draw state ``source`` to choice state ``target`` (``source`` with a tile of
        ``kind`` more, riichi ``riichi``)."""
        if self.m == self.ecap:
            self._grow_edges()
        cdef int e = self.m
        self.e_source[e] = source
        self.e_target[e] = target
        self.e_weight[e] = weight
        self.e_score[e] = score
        self.e_next_out[e] = self.first_out[source]
        self.e_next_in[e] = self.first_in[target]
        self.first_out[source] = e
        self.first_in[target] = e
        self.out_kinds[2 * source + riichi] |= 1ULL << kind
        self.m += 1
        return 0

    cdef int _set_keys(self) except -1:
        """``key0``, ``key1``, ``part_key``, ``part_now`` and ``distance`` of the hand in ``self.hand``."""
        cdef unsigned long long a = 0, b = 0
        cdef unsigned char m[34]
        cdef int i, u
        for i in range(21):
            a = a << 3 | self.hand[i]
        for i in range(21, NS):
            b = b << 3 | self.hand[i]
        self.key0 = a
        self.key1 = b << 2
        _merge(self.hand, m)
        for u in range(4):
            self.part_key[u] = 0
        for i in range(33, -1, -1):
            u = _part(i)
            self.part_key[u] = self.part_key[u] << 3 | m[i]
        self.distance = 0
        for i in range(NS):
            if self.hand[i] > self.origin[i]:
                self.distance += self.hand[i] - self.origin[i]
        for u in range(4):
            self.part_now[u] = self._part_ids(u)
        self.held = self.in_wall = 0
        for i in range(NS):
            if self.hand[i]:
                self.held |= 1ULL << i
            if self.wall[i]:
                self.in_wall |= 1ULL << i
        return 0

    cdef inline void _shift(self, int i, int by) noexcept:
        """The keys of the hand when a tile of kind ``i`` (separated) comes in (``by`` 1) or goes."""
        cdef int k = i if i < 34 else 9 * (i - 34) + 4
        cdef int u = _part(k)
        if i < 21:
            self.key0 += <unsigned long long>by << (3 * (20 - i))
        else:
            self.key1 += <unsigned long long>by << (2 + 3 * (36 - i))
        self.part_key[u] += <unsigned int>by << (3 * (k - 9 * u))
        cdef int e = self.part_now[u], step = -1
        if e >= 0:
            step = 18 * e + (k - 9 * u if by > 0 else 9 + k - 9 * u)
            e = self.part_next[step]
        self.part_now[u] = e
        self.part_step[u] = step

    cdef inline void _take(self, int i) noexcept:
        """A tile of kind ``i`` from the wall into the hand."""
        if self.hand[i] >= self.origin[i]:
            self.distance += 1
        self.hand[i] += 1
        self.wall[i] -= 1
        self.held |= 1ULL << i
        if not self.wall[i]:
            self.in_wall &= ~(1ULL << i)
        self._shift(i, 1)

    cdef inline void _give(self, int i) noexcept:
        """A tile of kind ``i`` from the hand back to the wall."""
        self.hand[i] -= 1
        self.wall[i] += 1
        self.in_wall |= 1ULL << i
        if not self.hand[i]:
            self.held &= ~(1ULL << i)
        if self.hand[i] >= self.origin[i]:
            self.distance -= 1
        self._shift(i, -1)

    cdef void _key(self, bint riichi, bint draw, unsigned long long* k0, unsigned long long* k1) noexcept:
        """The key of the hand in ``self.hand``: 3 bits a kind, the red fives, riichi, draw or choice."""
        k0[0] = self.key0
        k1[0] = self.key1 | (<unsigned long long>riichi << 1) | draw

    cdef int _part_ids(self, int u) except -1:
        """The part met that is part ``u`` of the hand: its ``PART_IDS`` row ids start at
        ``part_ids + PART_IDS * e`` (computed when first met; ``part_ids`` may move then)."""
        cdef unsigned int key = self.part_key[u] | (<unsigned int>u << 27) | (1u << 31)
        cdef unsigned int at, h
        cdef unsigned int* old_keys
        cdef int* old_at
        cdef int old_slots, j, p, npos, total = 0
        cdef unsigned char c[9]
        cdef unsigned char* ids
        if 2 * (self.part_used + 1) > self.part_slots:
            old_keys, old_at, old_slots = self.part_keys, self.part_at, self.part_slots
            self.part_slots = old_slots * 2 if old_slots else 1024
            self.part_keys = <unsigned int*>malloc(self.part_slots * sizeof(unsigned int))
            self.part_at = <int*>malloc(self.part_slots * sizeof(int))
            if self.part_keys == NULL or self.part_at == NULL:
                raise MemoryError()
            memset(self.part_keys, 0, self.part_slots * sizeof(unsigned int))
            for j in range(old_slots):
                if old_keys[j]:
                    at = _part_slot(old_keys[j], self.part_slots)
                    while self.part_keys[at]:
                        at = (at + 1) & (self.part_slots - 1)
                    self.part_keys[at] = old_keys[j]
                    self.part_at[at] = old_at[j]
            free(old_keys)
            free(old_at)
        at = _part_slot(key, self.part_slots)
        while self.part_keys[at]:
            if self.part_keys[at] == key:
                return self.part_at[at]
            at = (at + 1) & (self.part_slots - 1)
        if self.part_used == self.part_cap:
            self.part_cap = self.part_cap * 2 if self.part_cap else 256
            self.part_ids = <unsigned char*>_grown(self.part_ids, self.part_cap * PART_IDS)
            self.part_next = <int*>_grown(self.part_next, self.part_cap * 18 * sizeof(int))
        ids = self.part_ids + self.part_used * PART_IDS
        npos = 7 if u == 3 else 9
        h = self.part_key[u]
        for p in range(9):
            c[p] = h >> (3 * p) & 7
            total += c[p]
        ids[0] = _row_id(c, u)
        for p in range(npos):
            if c[p] < 4 and total < 14:
                c[p] += 1
                ids[1 + p] = _row_id(c, u)
                c[p] -= 1
            if c[p]:
                c[p] -= 1
                ids[10 + p] = _row_id(c, u)
                c[p] += 1
        self.part_keys[at] = key
        self.part_at[at] = self.part_used
        for p in range(18):
            self.part_next[18 * self.part_used + p] = -1
        self.part_used += 1
        return self.part_used - 1

    cdef int _grow_forms(self) except -1:
        cdef unsigned long long* old_keys = self.form_keys
        cdef int* old_shanten = self.form_shanten
        cdef long long* old_mask = self.form_mask
        cdef int old_slots = self.form_slots, j
        cdef unsigned int at
        self.form_slots = old_slots * 2 if old_slots else 1024
        self.form_keys = <unsigned long long*>malloc(self.form_slots * sizeof(unsigned long long))
        self.form_shanten = <int*>malloc(self.form_slots * sizeof(int))
        self.form_mask = <long long*>malloc(self.form_slots * sizeof(long long))
        if self.form_keys == NULL or self.form_shanten == NULL or self.form_mask == NULL:
            raise MemoryError()
        memset(self.form_keys, 0, self.form_slots * sizeof(unsigned long long))
        for j in range(old_slots):
            if old_keys[j]:
                at = _form_slot(old_keys[j], self.form_slots)
                while self.form_keys[at]:
                    at = (at + 1) & (self.form_slots - 1)
                self.form_keys[at] = old_keys[j]
                self.form_shanten[at] = old_shanten[j]
                self.form_mask[at] = old_mask[j]
        free(old_keys)
        free(old_shanten)
        free(old_mask)
        return 0

    cdef int _shanten(self, const unsigned char* m, bint draw, long long* mask) except -2:
        """The shanten of the hand (``m`` its merged counts) over the forms at the least shanten,
        and the kinds that lower it (a draw state) or whose discard keeps it (a choice state);
        kept by merged hand (``Table.shanten``: the red fives and riichi of a state do not count)."""
        cdef long long w
        cdef int s, u
        cdef unsigned long long key = draw
        cdef unsigned int at = 0
        for u in range(4):
            if self.part_now[u] < 0:
                self.part_now[u] = self._part_ids(u)
                if self.part_step[u] >= 0:
                    self.part_next[self.part_step[u]] = self.part_now[u]
        cdef bint kept = self.part_used < 1 << 15
        if kept:
            for u in range(4):
                key = key << 15 | <unsigned long long>self.part_now[u]
            key = key << 1 | 1
            if 2 * (self.form_used + 1) > self.form_slots:
                self._grow_forms()
            at = _form_slot(key, self.form_slots)
            while self.form_keys[at]:
                if self.form_keys[at] == key:
                    mask[0] = self.form_mask[at]
                    return self.form_shanten[at]
                at = (at + 1) & (self.form_slots - 1)
        s = self._standard(m, draw, &w)
        if draw:
            s = _needed(m, self.n_melds, s, w, mask)
        else:
            s = _spare(m, self.n_melds, s, w, mask)
        if kept:
            self.form_keys[at] = key
            self.form_shanten[at] = s
            self.form_mask[at] = mask[0]
            self.form_used += 1
        return s

    cdef int _standard(self, const unsigned char* m, bint draw, long long* out) except -2:
        """The standard form's shanten of the hand (``m`` its merged counts) and the kinds that
        lower it (a draw state) or whose discard keeps it (a choice state)."""
        cdef int at[4]
        cdef const unsigned char* ids
        cdef const unsigned char* rows[4]
        cdef unsigned char others[4 * ROW16]
        # facing[u][2k + p]: the other parts' cost with n - k melds and 1 - p pairs, so that the
        # cost with part u's row R is the least R[j] + facing[u][j]
        cdef unsigned char facing[4][ROW16]
        cdef const unsigned char* o
        cdef int u, p, k, i, s, npos, last, cost = 0, n = 4 - self.n_melds, first = 1 if draw else 10
        cdef long long mask = 0
        for u in range(4):  # the hand's parts, looked up by ``_shanten``
            at[u] = self.part_now[u] * PART_IDS
        for u in range(4):
            rows[u] = &_ROWS16[u == 3][self.part_ids[at[u]]][0]
        _others(rows, others)
        for u in range(4):
            o = others + u * ROW16
            memset(facing[u], INF, ROW16)
            for k in range(n + 1):
                facing[u][2 * k] = o[2 * (n - k) + 1]
                facing[u][2 * k + 1] = o[2 * (n - k)]
        s = least_sum16(rows[0], facing[0]) - 1
        for u in range(4):
            ids = self.part_ids + at[u] + first
            npos = 7 if u == 3 else 9
            last = -1
            for p in range(npos):
                i = 9 * u + p
                if (draw and m[i] < 4) or (not draw and m[i] > 0):
                    if ids[p] != last:  # a row met again costs the same
                        last = ids[p]
                        cost = least_sum16(&_ROWS16[u == 3][last][0], facing[u]) - 1
                    if (draw and cost < s) or (not draw and cost == s):
                        mask |= 1LL << i
        out[0] = mask
        return s

    cdef inline unsigned int _slot(self, unsigned long long k0, unsigned long long k1) noexcept:
        cdef unsigned long long h = (k0 * 0x9e3779b97f4a7c15ULL) ^ (k1 * 0xc2b2ae3d27d4eb4fULL)
        h ^= h >> 29
        return <unsigned int>(h & <unsigned long long>(self.slots - 1))

    cdef int _find(self, bint riichi, bint draw) noexcept:
        """The state of the hand in ``self.hand``, or -1."""
        cdef unsigned long long k0, k1
        self._key(riichi, draw, &k0, &k1)
        if self.slots == 0:
            return -1
        cdef unsigned int at = self._slot(k0, k1)
        while self.table[at].state >= 0:
            if self.table[at].k0 == k0 and self.table[at].k1 == k1:
                return self.table[at].state
            at = (at + 1) & (self.slots - 1)
        return -1

    cdef int _store(self, bint riichi, bint draw, int v) except -1:
        cdef unsigned long long k0, k1
        cdef _Slot* old
        cdef int old_slots, j
        cdef unsigned int at
        if 2 * (self.used + 1) > self.slots:
            old, old_slots = self.table, self.slots
            self.table = <_Slot*>malloc((old_slots * 2 if old_slots else 4096) * sizeof(_Slot))
            if self.table == NULL:
                self.table = old
                raise MemoryError()
            self.slots = old_slots * 2 if old_slots else 4096
            for j in range(self.slots):
                self.table[j].state = -1
            for j in range(old_slots):
                if old[j].state >= 0:
                    at = self._slot(old[j].k0, old[j].k1)
                    while self.table[at].state >= 0:
                        at = (at + 1) & (self.slots - 1)
                    self.table[at] = old[j]
            free(old)
        self._key(riichi, draw, &k0, &k1)
        at = self._slot(k0, k1)
        while self.table[at].state >= 0:
            at = (at + 1) & (self.slots - 1)
        self.table[at].k0 = k0
        self.table[at].k1 = k1
        self.table[at].state = v
        self.used += 1
        return 0

    cdef int _total(self, int base) noexcept:
        if self.dealer:
            return 3 * _up(2 * base) + self.bonus
        return _up(2 * base) + 2 * _up(base) + self.bonus

    cdef const double* _ura_of(self, int state, const unsigned char* m) except NULL:
        """The ura distribution of the complete hand ``m`` (merged) in ``self.hand``, the choice
        ``state`` (every win on it shares the wall and the tiles)."""
        cdef unsigned char wm[34]
        cdef int tiles[34]
        cdef int i
        if self.ura_at[state] < 0:
            if self.n_ura == self.ura_cap:
                self.ura_cap = self.ura_cap * 2 if self.ura_cap else 256
                self.ura_rows = <double*>_grown(self.ura_rows, self.ura_cap * 13 * sizeof(double))
            _merge(self.wall, wm)
            for i in range(34):
                tiles[i] = m[i] + self.meld_tiles[i]
            _ura(wm, tiles, self.indicators, self.ura_rows + self.n_ura * 13)
            self.ura_at[state] = self.n_ura
            self.n_ura += 1
        return self.ura_rows + self.ura_at[state] * 13

    cdef double _score(self, int win, bint riichi, int state) except -1.0:
        """``values_py.Table.score`` of the hand in ``self.hand`` (the choice ``state``) won on ``win``."""
        cdef unsigned char m[34]
        cdef const double* p
        cdef int i, k, dora = 0, han, fu, yakuman, base
        cdef double value
        cdef Reading best
        _merge(self.hand, m)
        for i in range(self.indicators):
            dora += m[self.dora_kinds[i]] + self.meld_tiles[self.dora_kinds[i]]
        dora += self.hand[34] + self.hand[35] + self.hand[36] + self.meld_red
        if self.c_scoring:
            if not score_win_c(m, self.meld_kind, self.meld_tile, len(self.melds),
                               win if win < 34 else 9 * (win - 34) + 4, TSUMO | (RIICHI if riichi else 0),
                               self.seat_wind, self.round_wind, dora, self.switches, &best) or not best.n_yaku:
                return 0.0
            han, fu, yakuman, base = best.han, best.fu, best.yakuman, best.base
        else:
            result = self.score_counts(PyBytes_FromStringAndSize(<char*>m, 34), self.melds,
                                       win if win < 34 else (4, 13, 22)[win - 34], TSUMO | (RIICHI if riichi else 0),
                                       self.seat_wind, self.round_wind, dora, self.switches)
            if result is None or not result[0]:
                return 0.0
            han, fu, yakuman, base = result[1], result[2], result[3], result[4]
        if not riichi or not self.indicators or yakuman or han >= 13:
            return <double>self._total(base)
        p = self._ura_of(state, m)
        value = 0.0
        for k in range(13):
            if fu < 160:
                if self.totals[han + k][fu // 5] < 0:
                    self.totals[han + k][fu // 5] = self._total(base_points_c(han + k, fu, 0, self.switches))
                value += self.totals[han + k][fu // 5] * p[k]
            else:
                value += self._total(base_points_c(han + k, fu, 0, self.switches)) * p[k]
        return value

    cdef int _open(self, bint riichi, bint draw, int* shanten, long long* mask, bint* free_) except -2:
        """The state of the hand in ``self.hand`` when it is known (-1 when new: then ``shanten``,
        the kinds to follow and whether every draw or discard is followed are set, and the new
        state is the last one)."""
        cdef int known = self._find(riichi, draw)
        if known >= 0:
            return known
        cdef unsigned char m[34]
        _merge(self.hand, m)
        shanten[0] = self._shanten(m, draw, mask)
        free_[0] = not riichi and self.distance + shanten[0] < self.limit
        mask[0] = _with_red(mask[0])
        self._store(riichi, draw, self._vertex(shanten[0] == 0, draw))
        return -1

    cdef int state(self, bint riichi, bint draw) except -1:
        """The draw state (``draw``: 13 tiles) or choice state (14) of the hand in ``self.hand``,
        building it and what it reaches when new: each kind the wall gives, or the hand gives up."""
        cdef int shanten
        cdef long long follow
        cdef bint free_
        cdef int v = self._open(riichi, draw, &shanten, &follow, &free_)
        if v >= 0:
            return v
        v = self.n - 1
        cdef int i, other
        cdef bint followed
        cdef int parts[4]  # the hand's parts, known here (``_open`` looked them up), put back after each kind
        memcpy(parts, self.part_now, sizeof(parts))
        cdef unsigned long long kinds = self.in_wall if draw else self.held
        if not free_:
            kinds &= <unsigned long long>follow
        while kinds:
            i = ctz64(kinds)
            kinds &= kinds - 1
            followed = follow >> i & 1
            if draw:  # the draw of i wins when the hand waits on it
                self._take(i)
                self._link(v, self.state(riichi, False), i, riichi, shanten == 0 and followed)
                self._give(i)
            else:  # the hand holds 14 tiles again: the draw of i won when it is complete
                self._give(i)
                other = self.state(True if self.closed and shanten == 0 and followed else riichi, True)
                self._take(i)
                self._link(other, v, i, riichi, shanten == -1)
            memcpy(self.part_now, parts, sizeof(parts))
        return v

    cdef int _link(self, int source, int target, int i, bint riichi, bint wins) except -1:
        """The edge of drawing ``i`` from the draw state ``source`` to the choice state ``target``, once:
        weighed by the copies of ``i`` in the wall before the draw, scored when the draw ``wins``
        (``self.hand`` holds the 14 tiles of ``target``)."""
        if not self.out_kinds[2 * source + riichi] >> i & 1:
            self._edge(source, target, i, riichi, self.wall[i] + 1, self._score(i, riichi, target) if wins else 0.0)
        return 0

cdef extern from *:
    """
    /* The figures step's two inner loops (values_py.Graph.figures), tenpai and win as one SSE2 pair:
       the same products and sums, in the same order, as three scalars (no fused multiply-add). */
    #if defined(__SSE2__) || defined(_M_X64) || (defined(_M_IX86_FP) && _M_IX86_FP >= 2)
    #include <emmintrin.h>
    #define MF_FIGURES_SSE2 1
    #endif
    /* sums[f]: over the edges j0 .. j1 - 1 of a draw state (figures ``now`` at t + 1), the sum of
       weight[j] * (x_f - now[f]), x the figures of the choice state target[j] at t + 1 in
       ``after`` (3 a state), or (1, 1, max(score, x_2)) where the edge wins (score[j] > 0). */
    static inline void mf_draw_sums(const double* after, const int* target, const double* weight,
                                    const double* score, int j0, int j1, const double* now, double* sums) {
        int j;
        double ae = 0.0, e1 = now[2], xe, sc;
        const double* x;
    #if defined(MF_FIGURES_SSE2)
        const __m128d one = _mm_set1_pd(1.0), tw1 = _mm_loadu_pd(now);
        __m128d atw = _mm_setzero_pd(), xtw;
        for (j = j0; j < j1; j++) {
            x = after + 3 * target[j];
            xtw = _mm_loadu_pd(x);
            xe = x[2];
            sc = score[j];
            if (sc > 0.0) {
                xtw = one;
                if (sc > xe) xe = sc;
            }
            atw = _mm_add_pd(atw, _mm_mul_pd(_mm_set1_pd(weight[j]), _mm_sub_pd(xtw, tw1)));
            ae += weight[j] * (xe - e1);
        }
        _mm_storeu_pd(sums, atw);
    #else
        double at = 0.0, aw = 0.0, xt, xw, t1 = now[0], w1 = now[1];
        for (j = j0; j < j1; j++) {
            x = after + 3 * target[j];
            xt = x[0];
            xw = x[1];
            xe = x[2];
            sc = score[j];
            if (sc > 0.0) {
                xt = xw = 1.0;
                if (sc > xe) xe = sc;
            }
            at += weight[j] * (xt - t1);
            aw += weight[j] * (xw - w1);
            ae += weight[j] * (xe - e1);
        }
        sums[0] = at;
        sums[1] = aw;
    #endif
        sums[2] = ae;
    }
    /* best[f]: the largest of 0 and figure f of the draw states source[j0 .. j1 - 1] in ``now``
       (3 a state); maxpd(x, b) is x > b ? x : b, the scalar comparison. */
    static inline void mf_choice_best(const double* now, const int* source, int j0, int j1, double* best) {
        int j;
        double be = 0.0;
        const double* x;
    #if defined(MF_FIGURES_SSE2)
        __m128d btw = _mm_setzero_pd();
        for (j = j0; j < j1; j++) {
            x = now + 3 * source[j];
            btw = _mm_max_pd(_mm_loadu_pd(x), btw);
            if (x[2] > be) be = x[2];
        }
        _mm_storeu_pd(best, btw);
    #else
        double bt = 0.0, bw = 0.0;
        for (j = j0; j < j1; j++) {
            x = now + 3 * source[j];
            if (x[0] > bt) bt = x[0];
            if (x[1] > bw) bw = x[1];
            if (x[2] > be) be = x[2];
        }
        best[0] = bt;
        best[1] = bw;
    #endif
        best[2] = be;
    }
    """
    void draw_sums "mf_draw_sums"(const double* after, const int* target, const double* weight, const double* score,
                                  int j0, int j1, const double* now, double* sums) noexcept nogil
    void choice_best "mf_choice_best"(const double* now, const int* source, int j0, int j1,
                                      double* best) noexcept nogil


cdef int _depths(_Graph g, const int* starts, int n_starts, int* at, int* d_state, int* c_state, int* d_upto,
                 int* c_upto) noexcept:
    """``values_py.Graph.depths``: the draw states ``starts`` and each state they reach, numbered
    apart in the order of their fewest draws from ``starts`` (``at[v]``, -1 where not reached;
    ``d_state``, ``c_state`` the states by number); ``d_upto[o]`` (``c_upto[o]``) the draw
    (choice) states at most ``o`` draws away, o = 0 … TMAX.  Returns the draw states reached."""
    cdef int n = g.n, nd = 0, nc = 0, head = 0, k, v, c, e, f, o
    cdef int* depth = at  # at[v] holds the depth until the numbering below
    for v in range(n):
        depth[v] = -1
    for k in range(n_starts):
        if depth[starts[k]] < 0:
            depth[starts[k]] = 0
            d_state[nd] = starts[k]
            nd += 1
    while head < nd:
        v = d_state[head]
        head += 1
        e = g.first_out[v]
        while e >= 0:
            c = g.e_target[e]
            if depth[c] < 0:
                depth[c] = depth[v] + 1
                c_state[nc] = c
                nc += 1
                f = g.first_in[c]
                while f >= 0:
                    if depth[g.e_source[f]] < 0:
                        depth[g.e_source[f]] = depth[v] + 1
                        d_state[nd] = g.e_source[f]
                        nd += 1
                    f = g.e_next_in[f]
            e = g.e_next_out[e]
    k = 0
    for o in range(TMAX + 1):
        while k < nd and depth[d_state[k]] <= o:
            k += 1
        d_upto[o] = k
    k = 0
    for o in range(TMAX + 1):
        while k < nc and depth[c_state[k]] <= o:
            k += 1
        c_upto[o] = k
    for v in range(n):
        at[v] = -1
    for k in range(nd):
        at[d_state[k]] = k
    for k in range(nc):
        at[c_state[k]] = k
    return nd


cdef int _figures(_Graph g, const int* found_state, int n_found, int turn, int total,
                  double* curves) except -1:
    """The curves of the draw states ``found_state`` (``curves[(k * T1 + t) * 3 + f]``: figure f
    of the k-th at turn t, 0 before ``turn``), filled turn by turn from the last.

    The draw states and the choice states the found ones reach are numbered apart by their
    fewest draws from them (``_depths``), their edges laid out flat (a draw state's newest first,
    as they are summed), and two turns' figures kept; at turn t only the states at most
    t - ``turn`` draws away are filled, the others being read at later turns only.
    """
    cdef int n = g.n, nd = 0, nc = 0, k, j, e, t
    cdef int d_upto[TMAX + 1]
    cdef int c_upto[TMAX + 1]
    cdef size_t m = g.m
    cdef int* at = <int*>malloc(n * sizeof(int) + 1)
    cdef int* d_state = <int*>malloc(n * sizeof(int) + 1)
    cdef int* c_state = <int*>malloc(n * sizeof(int) + 1)
    cdef unsigned char* d_tenpai = <unsigned char*>malloc(n + 1)
    cdef int* d_first = <int*>malloc((n + 1) * sizeof(int))
    cdef int* c_first = <int*>malloc((n + 1) * sizeof(int))
    cdef int* d_target = <int*>malloc(m * sizeof(int) + 1)
    cdef int* c_source = <int*>malloc(m * sizeof(int) + 1)
    cdef double* d_weight = <double*>malloc(m * sizeof(double) + 1)
    cdef double* d_score = <double*>malloc(m * sizeof(double) + 1)
    cdef int* found = <int*>malloc(n_found * sizeof(int) + 1)
    # four turns' figures (3 a state): the draw states' at t and t + 1, the choice states' at t and t + 1
    cdef double* buffers = <double*>malloc(<size_t>n * 4 * 3 * sizeof(double) + 1)
    cdef double* d_now
    cdef double* d_next
    cdef double* c_now
    cdef double* c_next
    cdef double* x
    cdef double left
    cdef double sums[3]
    try:
        if (at == NULL or d_state == NULL or c_state == NULL or d_tenpai == NULL or d_first == NULL
                or c_first == NULL or d_target == NULL or c_source == NULL or d_weight == NULL or d_score == NULL
                or found == NULL or buffers == NULL):
            raise MemoryError()
        nd = _depths(g, found_state, n_found, at, d_state, c_state, d_upto, c_upto)
        nc = c_upto[TMAX]
        j = 0
        for k in range(nd):
            d_tenpai[k] = g.tenpai[d_state[k]]
            d_first[k] = j
            e = g.first_out[d_state[k]]
            while e >= 0:
                d_target[j] = at[g.e_target[e]]
                d_weight[j] = g.e_weight[e]
                d_score[j] = g.e_score[e]
                j += 1
                e = g.e_next_out[e]
        d_first[nd] = j
        j = 0
        for k in range(nc):
            c_first[k] = j
            e = g.first_in[c_state[k]]
            while e >= 0:
                c_source[j] = at[g.e_source[e]]
                j += 1
                e = g.e_next_in[e]
        c_first[nc] = j
        for k in range(n_found):
            found[k] = at[found_state[k]]
        memset(curves, 0, n_found * T1 * 3 * sizeof(double))
        memset(buffers, 0, <size_t>nd * 3 * sizeof(double))  # the last turn's; every other is written before read
        d_now = buffers
        d_next = buffers + <size_t>nd * 3
        c_now = buffers + <size_t>nd * 6
        c_next = c_now + <size_t>nc * 3
        with nogil:
            for k in range(nd):
                d_now[k * 3] = 1.0 if d_tenpai[k] else 0.0
            for t in range(TMAX, turn - 1, -1):
                left = total - t
                for k in range(d_upto[t - turn] if t < TMAX else 0):  # at TMAX only the tenpai (set above)
                    draw_sums(c_next, d_target, d_weight, d_score, d_first[k], d_first[k + 1], d_next + k * 3, sums)
                    d_now[k * 3] = 1.0 if d_tenpai[k] else d_next[k * 3] + sums[0] / left
                    d_now[k * 3 + 1] = d_next[k * 3 + 1] + sums[1] / left
                    d_now[k * 3 + 2] = d_next[k * 3 + 2] + sums[2] / left
                for k in range(c_upto[t - turn]):
                    choice_best(d_now, c_source, c_first[k], c_first[k + 1], c_now + k * 3)
                for k in range(n_found):
                    memcpy(curves + (k * T1 + t) * 3, d_now + found[k] * 3, 3 * sizeof(double))
                x = d_now
                d_now = d_next
                d_next = x
                x = c_now
                c_now = c_next
                c_next = x
    finally:
        free(at)
        free(d_state)
        free(c_state)
        free(d_tenpai)
        free(d_first)
        free(c_first)
        free(d_target)
        free(c_source)
        free(d_weight)
        free(d_score)
        free(found)
        free(buffers)
    return 0


def search(situation, hand, wall, int turn, int extra=1):
    """Each discard of the separated 14-tile ``hand`` with its tenpai, win and expected-score
    curves (19 values, turns ``turn`` … 18 filled) and the count of states searched.

    Same answers as ``values_py.search``.
    """
    _init_rows()
    cdef _Graph g = _Graph()
    cdef int i, t, v, k, n, total = 0
    for i in range(NS):
        g.hand[i] = hand[i]
        g.wall[i] = wall[i]
        g.origin[i] = hand[i]
        total += wall[i]
    g.score_counts = situation.score_counts
    g.melds = situation.melds
    g.c_scoring = g.score_counts is _score_counts and len(g.melds) <= 4 and all(
        CHOW <= kind <= CONCEALED_KONG and 0 <= tile < 34 and (kind != CHOW or (tile < 27 and tile % 9 < 7))
        for kind, tile in g.melds) and all(w == -1 or 27 <= w <= 30
                                           for w in (situation.seat_wind, situation.round_wind))
    if g.c_scoring:  # the arguments score_counts checks hold: the kernel is called in C
        for i, (kind, tile) in enumerate(g.melds):
            g.meld_kind[i] = kind
            g.meld_tile[i] = tile
    g.switches = situation.switches
    g.seat_wind = situation.seat_wind
    g.round_wind = situation.round_wind
    g.indicators = situation.indicators
    g.meld_red = situation.meld_red
    g.bonus = situation.bonus
    g.dealer = situation.dealer
    for i in range(g.indicators):
        g.dora_kinds[i] = situation.dora_kinds[i]
    for i in range(34):
        g.meld_tiles[i] = situation.meld_tiles[i]
    g.n_melds = situation.n_melds
    g.closed = situation.closed
    cdef unsigned char m[34]
    cdef long long spare
    _merge(g.hand, m)
    g._set_keys()
    g.limit = g._shanten(m, False, &spare) + extra
    g.state(False, False)

    n = g.n
    # the discards of the hand: (kind, the draw state it leads to)
    cdef int shanten
    cdef int n_found = 0
    cdef int found_kind[NS]
    cdef int found_state[NS]
    memcpy(g.hand, g.origin, NS)
    _merge(g.hand, m)
    g._set_keys()
    shanten = g._shanten(m, False, &spare)
    spare = _with_red(spare)
    for i in range(NS):
        if not g.origin[i]:
            continue
        declare = g.closed and shanten == 0 and (spare >> i & 1)
        g._give(i)
        v = g._find(declare, True)
        g._take(i)
        if v >= 0:
            found_kind[n_found] = i
            found_state[n_found] = v
            n_found += 1
    cdef double curves[NS * T1 * 3]
    _figures(g, found_state, n_found, turn, total, curves)
    return [(found_kind[k], [curves[(k * T1 + t) * 3] for t in range(T1)],
             [curves[(k * T1 + t) * 3 + 1] for t in range(T1)],
             [curves[(k * T1 + t) * 3 + 2] for t in range(T1)]) for k in range(n_found)], n
