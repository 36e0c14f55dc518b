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
from mahjong_fast._kernels.common cimport INF, ROW_LEN, row_product
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


cdef void _init_rows() noexcept:
    global _SUIT_OFFSETS, _HONOUR_OFFSETS, _SUIT_ROWS, _HONOUR_ROWS
    cdef int n
    if _SUIT_ROWS != NULL:
        return
    ensure_tables()
    _SUIT_OFFSETS = rank_offsets_c(0)
    _HONOUR_OFFSETS = rank_offsets_c(3)
    _HONOUR_ROWS = part_rows_c(3, &n)
    _SUIT_ROWS = part_rows_c(0, &n)


cdef inline const unsigned char* _row(const unsigned char* m, int u) noexcept nogil:
    """The cost row of part ``u`` (0-2 the suits, 3 the honours) of 34 counts."""
    cdef const unsigned int* off
    cdef const unsigned char* c
    cdef unsigned int r = 0
    cdef int i, s = 0, npos
    if u == 3:
        off = _HONOUR_OFFSETS
        c = m + 27
        npos = 7
    else:
        off = _SUIT_OFFSETS
        c = m + 9 * u
        npos = 9
    for i in range(npos):
        r += off[i * 75 + s * 5 + c[i]]
        s += c[i]
    if u == 3:
        return _HONOUR_ROWS + part_row_id_c(r, 3) * ROW_LEN
    return _SUIT_ROWS + part_row_id_c(r, 0) * ROW_LEN


cdef inline int _cost_with(const unsigned char* row, const unsigned char* others, int n) noexcept nogil:
    """Entry (n, 1) of the product of ``row`` and ``others`` (the other three parts together)."""
    cdef int k, v, best = INF
    for k in range(n + 1):
        v = row[2 * k] + others[2 * (n - k) + 1]
        if v < best:
            best = v
        v = row[2 * k + 1] + others[2 * (n - k)]
        if v < best:
            best = v
    return best


cdef void _others(const unsigned char* m, unsigned char* out) noexcept nogil:
    """``out[u]``: the product row of every part but ``u`` (4 × ROW_LEN)."""
    cdef const unsigned char* rows[4]
    cdef unsigned char ab[ROW_LEN]
    cdef unsigned char cd[ROW_LEN]
    cdef int u
    for u in range(4):
        rows[u] = _row(m, u)
    row_product(rows[2], rows[3], cd)
    row_product(rows[1], cd, out)              # all but 0
    row_product(rows[0], cd, out + ROW_LEN)    # all but 1
    row_product(rows[0], rows[1], ab)
    row_product(ab, rows[3], out + 2 * ROW_LEN)  # all but 2
    row_product(ab, rows[2], out + 3 * ROW_LEN)  # all but 3


cdef inline int _part(int i) noexcept nogil:
    return 3 if i >= 27 else i // 9


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


cdef int _needed(unsigned char* m, int n_melds, long long* out) noexcept nogil:
    cdef int best, s, i, pairs, kinds, u, n = 4 - n_melds
    cdef long long mask, w, zero, one
    cdef unsigned char others[4 * ROW_LEN]
    _others(m, others)
    s = _cost_with(_row(m, 0), others, n) - 1
    w = 0
    for i in range(34):
        if m[i] < 4:
            u = _part(i)
            m[i] += 1
            if _cost_with(_row(m, u), others + u * ROW_LEN, n) - 1 < s:
                w |= 1LL << i
            m[i] -= 1
    best = s
    mask = w
    if n_melds == 0:
        _tally(m, _KINDS_C, 34, &pairs, &kinds, &zero, &one)
        _least(6 - pairs + (7 - kinds if kinds < 7 else 0), (zero | one) if kinds < 7 else (0 if pairs == 7 else one),
               &best, &mask)
        _tally(m, _ORPHANS_C, 13, &pairs, &kinds, &zero, &one)
        _least(13 - kinds - (1 if pairs else 0), zero if pairs else (zero | one), &best, &mask)
    out[0] = mask
    return best


cdef int _spare(unsigned char* m, int n_melds, long long* out) noexcept nogil:
    cdef int best, s, i, pairs, kinds, k, u, n = 4 - n_melds
    cdef long long mask, d, one, many, two, middle
    cdef unsigned char others[4 * ROW_LEN]
    _others(m, others)
    s = _cost_with(_row(m, 0), others, n) - 1
    d = 0
    for i in range(34):
        if m[i]:
            u = _part(i)
            m[i] -= 1
            if _cost_with(_row(m, u), others + u * ROW_LEN, n) - 1 == s:
                d |= 1LL << i
            m[i] += 1
    best = s
    mask = d
    if n_melds == 0:
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
    cdef int switches, seat_wind, round_wind, indicators, meld_red, bonus
    cdef bint dealer
    cdef int dora_kinds[5]
    cdef int meld_tiles[34]
    # the states by key (``_key``): open addressing, ``slots`` a power of two, -1 an empty slot
    cdef unsigned long long* keys0
    cdef unsigned long long* keys1
    cdef int* found_at
    cdef int slots, used
    # states
    cdef int n, cap
    cdef unsigned char* tenpai
    cdef int* first_out
    cdef int* first_in
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

    def __cinit__(self):
        self.n = self.cap = self.m = self.ecap = 0
        self.tenpai = NULL
        self.first_out = self.first_in = NULL
        self.e_source = self.e_target = self.e_weight = self.e_next_out = self.e_next_in = NULL
        self.e_score = NULL
        self.keys0 = self.keys1 = NULL
        self.found_at = NULL
        self.is_draw = NULL
        self.ura_at = NULL
        self.ura_rows = NULL
        self.n_ura = self.ura_cap = 0
        memset(self.totals, 0xff, sizeof(self.totals))
        self.slots = self.used = 0

    def __dealloc__(self):
        free(self.tenpai)
        free(self.first_out)
        free(self.first_in)
        free(self.e_source)
        free(self.e_target)
        free(self.e_weight)
        free(self.e_score)
        free(self.e_next_out)
        free(self.e_next_in)
        free(self.keys0)
        free(self.keys1)
        free(self.found_at)
        free(self.is_draw)
        free(self.ura_at)
        free(self.ura_rows)

    cdef int _grow_states(self) except -1:
        cdef int cap = self.cap * 2 if self.cap else 1024
        self.tenpai = <unsigned char*>_grown(self.tenpai, cap * sizeof(unsigned char))
        self.first_out = <int*>_grown(self.first_out, cap * sizeof(int))
        self.first_in = <int*>_grown(self.first_in, cap * sizeof(int))
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
        self.n += 1
        return self.n - 1

    cdef bint _has_edge(self, int source, int target) noexcept:
        cdef int e = self.first_out[source]
        while e >= 0:
            if self.e_target[e] == target:
                return True
            e = self.e_next_out[e]
        return False

    cdef int _edge(self, int source, int target, int weight, double score) except -1:
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
        self.m += 1
        return 0

    cdef int _distance(self) noexcept:
        cdef int d = 0, i
        for i in range(NS):
            if self.hand[i] > self.origin[i]:
                d += self.hand[i] - self.origin[i]
        return d

    cdef void _key(self, bint riichi, bint draw, unsigned long long* k0, unsigned long long* k1) noexcept:
        """The key of the hand in ``self.hand``: 3 bits a kind, the red fives, riichi, draw or choice."""
        cdef unsigned long long a = 0, b = 0
        cdef int i
        for i in range(21):
            a = a << 3 | self.hand[i]
        for i in range(21, NS):
            b = b << 3 | self.hand[i]
        k0[0] = a
        k1[0] = b << 2 | (<unsigned long long>riichi << 1) | draw

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
        while self.found_at[at] >= 0:
            if self.keys0[at] == k0 and self.keys1[at] == k1:
                return self.found_at[at]
            at = (at + 1) & (self.slots - 1)
        return -1

    cdef int _store(self, bint riichi, bint draw, int v) except -1:
        cdef unsigned long long k0, k1
        cdef unsigned long long* old0
        cdef unsigned long long* old1
        cdef int* old_at
        cdef int old_slots, j
        cdef unsigned int at
        if 2 * (self.used + 1) > self.slots:
            old0, old1, old_at, old_slots = self.keys0, self.keys1, self.found_at, self.slots
            self.slots = old_slots * 2 if old_slots else 4096
            self.keys0 = <unsigned long long*>malloc(self.slots * sizeof(unsigned long long))
            self.keys1 = <unsigned long long*>malloc(self.slots * sizeof(unsigned long long))
            self.found_at = <int*>malloc(self.slots * sizeof(int))
            if self.keys0 == NULL or self.keys1 == NULL or self.found_at == NULL:
                raise MemoryError()
            memset(self.found_at, 0xff, self.slots * sizeof(int))
            for j in range(old_slots):
                if old_at[j] >= 0:
                    at = self._slot(old0[j], old1[j])
                    while self.found_at[at] >= 0:
                        at = (at + 1) & (self.slots - 1)
                    self.keys0[at] = old0[j]
                    self.keys1[at] = old1[j]
                    self.found_at[at] = old_at[j]
            free(old0)
            free(old1)
            free(old_at)
        self._key(riichi, draw, &k0, &k1)
        at = self._slot(k0, k1)
        while self.found_at[at] >= 0:
            at = (at + 1) & (self.slots - 1)
        self.keys0[at] = k0
        self.keys1[at] = k1
        self.found_at[at] = v
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
        shanten[0] = _needed(m, self.n_melds, mask) if draw else _spare(m, self.n_melds, mask)
        free_[0] = not riichi and self._distance() + shanten[0] < self.limit
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
        cdef unsigned char* give = &self.wall[0] if draw else &self.hand[0]
        cdef unsigned char* take = &self.hand[0] if draw else &self.wall[0]
        cdef int i, other
        cdef bint followed, declare
        for i in range(NS):
            followed = follow >> i & 1
            if give[i] and (free_ or followed):
                declare = True if not draw and self.closed and shanten == 0 and followed else riichi
                give[i] -= 1
                take[i] += 1
                other = self.state(declare, not draw)
                if draw:  # the draw of i wins when the hand waits on it
                    self._link(v, other, i, riichi, shanten == 0 and followed)
                give[i] += 1
                take[i] -= 1
                if not draw:  # the hand holds 14 tiles again: the draw of i won when it is complete
                    self._link(other, v, i, riichi, shanten == -1)
        return v

    cdef int _link(self, int source, int target, int i, bint riichi, bint wins) except -1:
        """The edge of drawing ``i`` from the draw state ``source`` to the choice state ``target``, once:
        weighed by the copies of ``i`` in the wall before the draw, scored when the draw ``wins``
        (``self.hand`` holds the 14 tiles of ``target``)."""
        if not self._has_edge(source, target):
            self._edge(source, target, self.wall[i] + 1, self._score(i, riichi, target) if wins else 0.0)
        return 0


def search(situation, hand, wall, int turn, int extra=1):
    """Each discard of the separated 14-tile ``hand`` with its tenpai, win and expected-score
    curves (19 values, turns ``turn`` … 18 filled) and the count of states searched.

    Same answers as ``values_py.search``.
    """
    _init_rows()
    cdef _Graph g = _Graph()
    cdef int i, t, v, e, k, n, total = 0
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
    g.limit = _spare(m, g.n_melds, &spare) + extra
    g.state(False, False)

    n = g.n
    # fig[(t * n + v) * 3 + f]: figure f (tenpai, win, expected) of state v at turn t; a turn's
    # figures side by side, so a turn reads only the next turn's block
    cdef double* fig = <double*>malloc(<size_t>n * T1 * 3 * sizeof(double))
    cdef int nd = 0, nc = 0
    cdef int* draws = <int*>malloc((n + 1) * sizeof(int))
    cdef int* choices = <int*>malloc((n + 1) * sizeof(int))
    if fig == NULL or draws == NULL or choices == NULL:
        free(fig)
        free(draws)
        free(choices)
        raise MemoryError()
    for v in range(n):
        if g.is_draw[v]:
            draws[nd] = v
            nd += 1
        else:
            choices[nc] = v
            nc += 1
    memset(fig, 0, <size_t>n * T1 * 3 * sizeof(double))
    cdef double t1, w1, e1, at, aw, ae, xt, xw, xe, left, bt, bw, be, sc
    cdef double* now
    cdef double* nxt
    cdef double* x
    cdef int weight
    with nogil:
        for t in range(TMAX, turn - 1, -1):
            now = fig + <size_t>t * n * 3
            nxt = fig + <size_t>(t + 1) * n * 3
            for k in range(nd):
                v = draws[k]
                if t == TMAX:
                    if g.tenpai[v]:
                        now[v * 3] = 1.0
                    continue
                t1 = nxt[v * 3]
                w1 = nxt[v * 3 + 1]
                e1 = nxt[v * 3 + 2]
                at = aw = ae = 0.0
                e = g.first_out[v]
                while e >= 0:
                    x = nxt + g.e_target[e] * 3
                    weight = g.e_weight[e]
                    sc = g.e_score[e]
                    xt = x[0]
                    xw = x[1]
                    xe = x[2]
                    if sc > 0.0:
                        xt = 1.0
                        xw = 1.0
                        if sc > xe:
                            xe = sc
                    at += weight * (xt - t1)
                    aw += weight * (xw - w1)
                    ae += weight * (xe - e1)
                    e = g.e_next_out[e]
                left = total - t
                now[v * 3] = 1.0 if g.tenpai[v] else t1 + at / left
                now[v * 3 + 1] = w1 + aw / left
                now[v * 3 + 2] = e1 + ae / left
            for k in range(nc):
                v = choices[k]
                bt = bw = be = 0.0
                e = g.first_in[v]
                while e >= 0:
                    x = now + g.e_source[e] * 3
                    if x[0] > bt:
                        bt = x[0]
                    if x[1] > bw:
                        bw = x[1]
                    if x[2] > be:
                        be = x[2]
                    e = g.e_next_in[e]
                now[v * 3] = bt
                now[v * 3 + 1] = bw
                now[v * 3 + 2] = be
    found = []
    cdef int shanten
    try:
        memcpy(g.hand, g.origin, NS)
        _merge(g.hand, m)
        shanten = _spare(m, g.n_melds, &spare)
        spare = _with_red(spare)
        for i in range(NS):
            if not g.origin[i]:
                continue
            declare = g.closed and shanten == 0 and (spare >> i & 1)
            g.hand[i] -= 1
            v = g._find(declare, True)
            g.hand[i] += 1
            if v >= 0:
                found.append((i, [fig[(t * n + v) * 3] for t in range(T1)],
                              [fig[(t * n + v) * 3 + 1] for t in range(T1)],
                              [fig[(t * n + v) * 3 + 2] for t in range(T1)]))
    finally:
        free(fig)
        free(draws)
        free(choices)
    return found, n
