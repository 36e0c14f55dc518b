# The forms' shanten of a state: the standard form from the shanten kernel's per-part cost rows
# (the rows kept 16 bytes each, their SSE2 least sums and min-plus products, a part's row id, the
# product row of the other parts), seven pairs and thirteen orphans counted word by word, and the
# kinds that lower the shanten (13 tiles) or whose discard keeps it (14 tiles).
# Stands on: the cimports of values.pyx and its NS, _merge, _with_red; values_table.pxi.

# The standard form's cost from the shanten kernel's per-part cost rows (docs/efficiency.md): the
# rows of the four parts multiplied (min-plus) give the fewest tiles missing for n melds and a
# pair at entry 2n + 1; the shanten is that less one, as ``shanten_c`` answers with four copies.
cdef const unsigned int* _SUIT_OFFSETS = NULL
cdef const unsigned int* _HONOUR_OFFSETS = NULL
cdef const unsigned char* _SUIT_ROWS = NULL
cdef const unsigned char* _HONOUR_ROWS = NULL
# the rows again, ROW16 bytes each (INF after the ROW_LEN entries): _ROWS16[0] the suits', [1] the honours'
cdef unsigned char _ROWS16[2][256][16]
# the rows turned round for n melds (and a pair) wanted: _TURNED[n][kind][id][j] is _ROWS16[kind][id][2n + 1 - j]
# (INF past 2n + 1), so that the cost of a part's row R beside the other parts' product row O is
# the least _TURNED[n][R][j] + O[j] (entry 2n + 1 of R times O)
cdef unsigned char _TURNED[5][2][256][16]
# the rows' first ROW_LEN entries each made 16 (``_SPREAD[kind][id][k][j]`` is ``_ROWS16[kind][id][k]``),
# the first factor of ``row_product16``
cdef unsigned char _SPREAD[2][256][ROW_LEN][16]

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
    /* Whether some a[j] + b[j] is below ``bound`` (every byte below 128, ``bound`` at most 127): the
       least sum compared without working it out. */
    static inline int mf_some_sum_below16(const unsigned char* a, const unsigned char* b, int bound) {
    #if defined(MF_VALUES_SSE2)
        __m128i s = _mm_add_epi8(_mm_loadu_si128((const __m128i*)a), _mm_loadu_si128((const __m128i*)b));
        return _mm_movemask_epi8(_mm_cmplt_epi8(s, _mm_set1_epi8((char)bound)));
    #else
        int j;
        for (j = 0; j < 16; j++)
            if (a[j] + b[j] < bound) return 1;
        return 0;
    #endif
    }
    /* 1 when no a[j] + b[j] is below ``value`` and some is ``value`` (the least sum is ``value``),
       else 0 (every byte below 128, ``value`` at most 127). */
    static inline int mf_sum_is_least16(const unsigned char* a, const unsigned char* b, int value) {
    #if defined(MF_VALUES_SSE2)
        __m128i s = _mm_add_epi8(_mm_loadu_si128((const __m128i*)a), _mm_loadu_si128((const __m128i*)b));
        __m128i v = _mm_set1_epi8((char)value);
        return (_mm_movemask_epi8(_mm_cmplt_epi8(s, v)) == 0) & (_mm_movemask_epi8(_mm_cmpeq_epi8(s, v)) != 0);
    #else
        int j, v, least = 255;
        for (j = 0; j < 16; j++) {
            v = a[j] + b[j];
            if (v < least) least = v;
        }
        return least == value;
    #endif
    }
    /* The min-plus product of two cost rows of 16 bytes (ROW_LEN entries, then any up to 60;
       every entry at most 60), the first given spread (``spread[16 k + j]`` is its entry k, every
       j: a byte made 16 without SSSE3 takes several instructions, so the table rows' are kept):
       out[2k + p] is the least a[2 k1 + p1] + b[2 k2 + p2] over k1 + k2 = k, p1 + p2 = p, and 60
       (INF) when less; the entries past ROW_LEN are at most 60. */
    static inline void mf_row_product16(const unsigned char* spread, const unsigned char* b, unsigned char* out) {
    #if defined(MF_VALUES_SSE2)
        const __m128i even = _mm_set1_epi16(0x00FF);
        const __m128i big = _mm_set1_epi8(127);
        __m128i B = _mm_loadu_si128((const __m128i*)b);
        /* b's even entries at the odd places (b[2k] at 2k + 1), 127 at the even ones */
        __m128i Bev = _mm_or_si128(_mm_slli_epi16(_mm_and_si128(B, even), 8), _mm_and_si128(big, even));
        __m128i acc = _mm_set1_epi8(60), t;
    #define MF_SPREAD(k) _mm_loadu_si128((const __m128i*)(spread + 16 * (k)))
        t = _mm_min_epu8(_mm_add_epi8(MF_SPREAD(0), B), _mm_add_epi8(MF_SPREAD(1), Bev));
        acc = _mm_min_epu8(acc, t);
    #define MF_PRODUCT_STEP(k, low) \
        t = _mm_min_epu8(_mm_add_epi8(MF_SPREAD(2 * k), B), _mm_add_epi8(MF_SPREAD(2 * k + 1), Bev)); \
        acc = _mm_min_epu8(acc, _mm_max_epu8(_mm_slli_si128(t, 2 * k), low));
        MF_PRODUCT_STEP(1, _mm_setr_epi8(127, 127, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0))
        MF_PRODUCT_STEP(2, _mm_setr_epi8(127, 127, 127, 127, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0))
        MF_PRODUCT_STEP(3, _mm_setr_epi8(127, 127, 127, 127, 127, 127, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0))
        MF_PRODUCT_STEP(4, _mm_setr_epi8(127, 127, 127, 127, 127, 127, 127, 127, 0, 0, 0, 0, 0, 0, 0, 0))
    #undef MF_PRODUCT_STEP
    #undef MF_SPREAD
        _mm_storeu_si128((__m128i*)out, acc);
    #else
        int k1, k2, v, j;
        for (j = 0; j < 16; j++) out[j] = 60;
        for (k1 = 0; k1 < 5; k1++) {
            for (k2 = 0; k2 < 5 - k1; k2++) {
                v = spread[16 * (2 * k1)] + b[2 * k2];
                if (v < out[2 * (k1 + k2)]) out[2 * (k1 + k2)] = (unsigned char)v;
                v = spread[16 * (2 * k1)] + b[2 * k2 + 1];
                if (v < out[2 * (k1 + k2) + 1]) out[2 * (k1 + k2) + 1] = (unsigned char)v;
                v = spread[16 * (2 * k1 + 1)] + b[2 * k2];
                if (v < out[2 * (k1 + k2) + 1]) out[2 * (k1 + k2) + 1] = (unsigned char)v;
            }
        }
    #endif
    }
    """
    int least_sum16 "mf_least_sum16"(const unsigned char* a, const unsigned char* b) noexcept nogil
    bint some_sum_below16 "mf_some_sum_below16"(const unsigned char* a, const unsigned char* b,
                                                int bound) noexcept nogil
    int sum_is_least16 "mf_sum_is_least16"(const unsigned char* a, const unsigned char* b, int value) noexcept nogil
    void row_product16 "mf_row_product16"(const unsigned char* spread, const unsigned char* b,
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
        for n in range(5):
            for i in range(256):
                for j in range(ROW16):
                    _TURNED[n][kind][i][j] = _ROWS16[kind][i][2 * n + 1 - j] if j <= 2 * n + 1 else INF
        for i in range(256):
            for n in range(ROW_LEN):
                memset(_SPREAD[kind][i][n], _ROWS16[kind][i][n], 16)
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


ctypedef struct _Part:
    # a part met (its merged counts): the id of its cost row, and the distinct ids of its rows
    # with a tile more ([0], where the position holds fewer than 4 and the part fewer than 14)
    # and with a tile less ([1], where the position holds one), each with the positions giving it;
    # next[p] (next[9 + p]) the place in ``_PARTS`` of the part with a tile more (less) at
    # position p, -1 until a search looks it up (``_Graph._shift``, ``_Graph._shanten``)
    int next[18]
    unsigned char row
    unsigned char n[2]
    unsigned char rows[2][9]
    unsigned short positions[2][9]


ctypedef struct _Products:
    # the other parts' product rows of the last hand looked at, by the parts' row ids (-1: none
    # yet): a state differs from the one before by a part or two, so most products are kept
    int ids[4]
    unsigned char ab[ROW16]
    unsigned char cd[ROW16]
    unsigned char others[4 * ROW16]


cdef void _part_rows(const unsigned char* c, int u, _Part* e) noexcept nogil:
    """``e``: part ``u`` holding counts ``c`` (9, 7 read for the honours), its rows and its neighbours'."""
    cdef unsigned char d[9]
    cdef int p, j, side, row, total = 0, npos = 7 if u == 3 else 9
    memcpy(d, c, 9)
    for p in range(npos):
        total += d[p]
    e.row = _row_id(d, u)
    e.n[0] = e.n[1] = 0
    for p in range(npos):
        for side in range(2):
            if side == 0 and d[p] < 4 and total < 14:
                d[p] += 1
                row = _row_id(d, u)
                d[p] -= 1
            elif side == 1 and d[p]:
                d[p] -= 1
                row = _row_id(d, u)
                d[p] += 1
            else:
                continue
            j = 0
            while j < e.n[side] and e.rows[side][j] != row:
                j += 1
            if j == e.n[side]:  # a row not met at an earlier position
                e.rows[side][j] = <unsigned char>row
                e.positions[side][j] = 0
                e.n[side] += 1
            e.positions[side][j] |= 1 << p


# every part met by any search, by its counts and whether it is the honours (``_part_met``): a
# part's rows do not depend on the hand around it, so they are worked out once in a process (at
# most once per count vector of a suit and of the honours, 448,480 of them: 59 MB, 71 with the keys)
cdef _Keys _PART_KEYS
cdef _Part* _PARTS = NULL
cdef int _PARTS_CAP = 0


cdef int _part_met(unsigned int counts, int u) except -1:
    """Part ``u`` (0-2 the suits, 3 the honours) holding ``counts`` (3 bits a position): the place
    of its rows in ``_PARTS``, worked out when first met (``_PARTS`` may move then)."""
    cdef unsigned int key = counts | (<unsigned int>(u == 3) << 27) | (<unsigned int>1 << 31)
    cdef int p, at = _keys_at(&_PART_KEYS, key)
    cdef unsigned char c[9]
    cdef void* grown
    global _PARTS, _PARTS_CAP
    if not _PART_KEYS.slot[at].key:
        if _PART_KEYS.used == _PARTS_CAP:
            grown = table_calloc(<size_t>(_PARTS_CAP * 2 if _PARTS_CAP else 16384) * sizeof(_Part))
            if grown == NULL:
                raise MemoryError()
            if _PARTS_CAP:
                memcpy(grown, _PARTS, <size_t>_PARTS_CAP * sizeof(_Part))
            free(_PARTS)
            _PARTS = <_Part*>grown
            _PARTS_CAP = _PARTS_CAP * 2 if _PARTS_CAP else 16384
        for p in range(9):
            c[p] = counts >> (3 * p) & 7
        _part_rows(c, u, _PARTS + _PART_KEYS.used)
        for p in range(18):
            _PARTS[_PART_KEYS.used].next[p] = -1
        _keys_put(&_PART_KEYS, at, key, _PART_KEYS.used)
    return <int>_PART_KEYS.slot[at].number


cdef inline const unsigned char* _others(_Products* kept, const int* ids) noexcept nogil:
    """The product rows of every part but ``u`` (4 × ROW16, ``u`` = 0 … 3) of the parts of row
    ``ids``, those of parts unchanged since the last hand kept in ``kept``."""
    cdef int u, changed = 0
    for u in range(4):
        if ids[u] != kept.ids[u]:
            changed |= 1 << u
            kept.ids[u] = ids[u]
    # the product is the same either way round (a least over the same sums): the table row first
    cdef const unsigned char* s0 = &_SPREAD[0][ids[0]][0][0]
    cdef const unsigned char* s1 = &_SPREAD[0][ids[1]][0][0]
    cdef const unsigned char* s2 = &_SPREAD[0][ids[2]][0][0]
    cdef const unsigned char* s3 = &_SPREAD[1][ids[3]][0][0]
    if changed & 0b1100:
        row_product16(s2, _ROWS16[1][ids[3]], kept.cd)
    if changed & 0b0011:
        row_product16(s0, _ROWS16[0][ids[1]], kept.ab)
    if changed & 0b1110:
        row_product16(s1, kept.cd, kept.others)                 # all but 0
    if changed & 0b1101:
        row_product16(s0, kept.cd, kept.others + ROW16)         # all but 1
    if changed & 0b1011:
        row_product16(s3, kept.ab, kept.others + 2 * ROW16)     # all but 2
    if changed & 0b0111:
        row_product16(s2, kept.ab, kept.others + 3 * ROW16)     # all but 3
    return kept.others


cdef inline int _standard(const _Part** parts, int n_melds, bint draw, _Products* kept, long long* out) noexcept nogil:
    """The standard form's shanten of the hand of ``parts`` and the kinds that lower it (``draw``:
    13 tiles) or whose discard keeps it (14 tiles): each part's neighbours costed once a row, by
    whether that cost (the least sum less one) is below the hand's (a draw) or is it (a discard):
    the sums compared with the bound, their least not worked out."""
    cdef int ids[4]
    cdef int u, j, s, n = 4 - n_melds, side = 0 if draw else 1
    cdef const unsigned char* row
    cdef long long mask = 0
    cdef const unsigned char* o
    cdef const _Part* e
    for u in range(4):
        ids[u] = parts[u].row
    o = _others(kept, ids)
    s = least_sum16(_TURNED[n][0][ids[0]], o) - 1
    # each row's positions kept or not by a mask of all ones or none: no branch on a row's cost
    for u in range(4):
        e = parts[u]
        if draw:  # cost < s: a sum below s + 1
            for j in range(e.n[0]):
                mask |= (<long long>e.positions[0][j] << (9 * u)) & -<long long>(some_sum_below16(
                    _TURNED[n][u == 3][e.rows[0][j]], o + u * ROW16, s + 1) != 0)
        else:  # cost == s: one sum at s + 1, none below
            for j in range(e.n[1]):
                mask |= (<long long>e.positions[1][j] << (9 * u)) & -<long long>sum_is_least16(
                    _TURNED[n][u == 3][e.rows[1][j]], o + u * ROW16, s + 1)
    out[0] = mask
    return s


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
    word: a byte plus 0x7F has its top bit set iff the count is 1-4, plus 0x7E iff 2-4); the top
    bits moved to each byte's foot and summed over the five words byte by byte (at most 5 a byte),
    then the eight bytes summed by one product (at most 34: no byte carries)."""
    cdef unsigned long long w[5]
    cdef unsigned long long one, two, ones = 0, twos = 0, orphan_ones = 0, orphan_twos = 0
    cdef int j
    memcpy(w, m, 32)
    w[4] = m[32] | (<unsigned long long>m[33] << 8)
    for j in range(5):
        one = (w[j] + 0x7F7F7F7F7F7F7F7FULL) & 0x8080808080808080ULL
        two = (w[j] + 0x7E7E7E7E7E7E7E7EULL) & 0x8080808080808080ULL
        ones += one >> 7
        twos += two >> 7
        orphan_ones += (one & ORPHAN_BYTES[j]) >> 7
        orphan_twos |= two & ORPHAN_BYTES[j]
    cdef int kinds = <int>((ones * 0x0101010101010101ULL) >> 56)
    cdef int pairs = <int>((twos * 0x0101010101010101ULL) >> 56)
    cdef int orphan_kinds = <int>((orphan_ones * 0x0101010101010101ULL) >> 56)
    pairs_form[0] = 6 - pairs + (7 - kinds if kinds < 7 else 0)
    orphans_form[0] = 13 - orphan_kinds - (1 if orphan_twos else 0)


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


cdef inline int _needed(const unsigned char* m, int n_melds, int best, long long mask, long long* out) noexcept nogil:
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


cdef inline int _spare(const unsigned char* m, int n_melds, int best, long long mask, long long* out) noexcept nogil:
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
