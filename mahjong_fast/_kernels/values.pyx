# cython: language_level=3, embedsignature=True
# cython: boundscheck=False, wraparound=False, cdivision=True, initializedcheck=False
"""The value-aware discard search (compiled): same states, edges, figures and order as ``values_py``.

The states and their edges live in C arrays, the edges in the order made; the figures step lays
them out by state, newest first, so the draws of a state are summed newest first, as the pure
twin (and the C++) do.  The shanten of every state and of its neighbours comes from the shanten
kernel's per-part cost rows; the score of a win (once per winning edge) is the scoring kernel's
``score_counts``, called in C (``score_hand_c``, what the wins of a complete hand share read once
by ``hand_part_c``) when it is the compiled one (with the ura expectation in C).
"""
cimport cython
from cpython.bytes cimport PyBytes_FromStringAndSize
from cpython.pycapsule cimport PyCapsule_New
from cpython.ref cimport Py_INCREF
from cpython.tuple cimport PyTuple_New, PyTuple_SET_ITEM
from libc.limits cimport UINT_MAX
from libc.stdlib cimport free, malloc, realloc
from libc.string cimport memcpy, memset

from mahjong_fast._kernels.score_flags cimport CHOW, RIICHI, TSUMO
from mahjong_fast._kernels.scoring cimport MAX_SPLITS, HandPart, Reading, SplitPart, base_points_c
from mahjong_fast._kernels.scoring cimport hand_part_c, score_hand_c, situation_yaku_c
from mahjong_fast._kernels.common cimport INF, ROW_LEN, ctz64, table_calloc
from mahjong_fast._kernels.shanten cimport part_row_id_c, part_rows_c, rank_offsets_c
from mahjong_fast._layout cimport MAX_COPIES

from mahjong_fast._kernels.scoring import score_counts as _score_counts
from mahjong_fast._kernels.shanten import ensure_tables

__all__ = ["MAX_TURN", "combination", "merged", "search", "search_packed", "ura_distribution"]

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


include "values_table.pxi"
include "values_forms.pxi"


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


cdef long long _ways(int n, int r) noexcept nogil:
    """C(n, r), exact (the values ``_ura`` meets are far below 2**63)."""
    if r < 0 or r > n:
        return 0
    cdef long long value = 1
    cdef int i
    for i in range(1, r + 1):
        value = value * (n - r + i) // i
    return value


cdef long long _WAYS[5][5]   # _ways(c, k) for c, k <= 4 (a kind's copies in the wall)
cdef int _c, _k
for _c in range(5):
    for _k in range(5):
        _WAYS[_c][_k] = _ways(_c, _k)


cdef void _ura(const unsigned char* wall, const int* tiles, int indicators, double* out) noexcept nogil:
    """``values_py.ura_distribution`` (wall: 34 merged counts), the same figures bit for bit (for
    walls of a game: at most 4 copies a kind, 136 tiles).

    Its sums are of whole numbers of ways to draw the indicators, each far below 2**53, so exact in
    any order: here they are counted as integers, the tiles the hand does not hold (gain 0) taken
    together (C(their copies, r) ways to draw r of their indicators: Vandermonde), and only each
    figure's division by C(wall, indicators) is made in floating point, as the twin makes it."""
    cdef int tile, count, gain, selected, ura, take, top, total = 0, zero = 0, high = 0
    cdef long long w
    cdef long long ways[6][13]   # ways[selected][ura]: to draw ``selected`` indicators of the tiles so far
    cdef long long sums[13]
    cdef double p
    if indicators == 1:  # one indicator: every sum a count of tiles
        memset(sums, 0, sizeof(sums))
        for tile in range(34):
            sums[min(12, tiles[tile])] += wall[_INDICATOR_OF[tile]]
            total += wall[tile]
        p = _combination(total, 1)
        for ura in range(13):
            out[ura] = <double>sums[ura] / p
        return
    memset(ways, 0, sizeof(ways))
    ways[0][0] = 1
    for tile in range(34):
        count = wall[_INDICATOR_OF[tile]]
        total += wall[tile]
        if not count:
            continue
        gain = tiles[tile]
        if not gain:
            zero += count
            continue
        # the most indicators first: what this tile adds is not read again for it
        for selected in range(indicators - 1, -1, -1):
            top = count if count < indicators - selected else indicators - selected
            for ura in range(high + 1):  # past high every count is 0
                w = ways[selected][ura]
                if w == 0:
                    continue
                for take in range(1, top + 1):
                    ways[selected + take][min(12, ura + gain * take)] += w * (
                        _WAYS[count][take] if count <= 4 else _ways(count, take))
        high = min(12, high + gain * (count if count < indicators else indicators))
    for ura in range(13):
        sums[ura] = 0
    for selected in range(indicators + 1):
        w = _ways(zero, indicators - selected)
        if w:
            for ura in range(high + 1):
                sums[ura] += ways[selected][ura] * w
    p = _combination(total, indicators)
    for ura in range(13):
        out[ura] = <double>sums[ura] / p


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


include "values_graph.pxi"
include "values_figures.pxi"


def search(situation, hand, wall, int turn, int extra=1, avx=None):
    """Each discard of the separated 14-tile ``hand`` with its ``(tenpai, win, expected)`` curve
    (a tuple, one triple a turn from ``turn`` to 17) and the count of states searched.

    Same answers as ``values_py.search``, with the figures summed by AVX where the processor
    runs it (``avx=False``: by SSE2, the same figures).
    """
    return _search(situation, hand, wall, turn, extra, avx, False)


def search_packed(situation, hand, wall, int turn):
    """``search(situation, hand, wall, turn)`` with each curve as ``bytes``: its triples as native
    doubles, three a turn (``DiscardValue`` makes the tuples when they are read)."""
    return _search(situation, hand, wall, turn, 1, None, True)


cdef enum:
    _NEVER_DEEP = 99    # a shanten no hand reaches: ``search`` searches every hand it is given


cdef tuple _search(situation, hand, wall, int turn, int extra, avx, bint packed):
    """``search`` and ``search_packed``: the situation's facts and the counts read into C."""
    cdef SearchFacts facts
    cdef unsigned char h[NS]
    cdef unsigned char w[NS]
    cdef int i
    melds = situation.melds
    facts.switches = situation.switches
    facts.seat_wind = situation.seat_wind
    facts.round_wind = situation.round_wind
    facts.n_melds = situation.n_melds
    facts.indicators = situation.indicators
    facts.meld_red = situation.meld_red
    facts.bonus = situation.bonus
    facts.dealer = situation.dealer
    facts.closed = situation.closed
    if not 0 <= facts.indicators <= MAX_DORA_INDICATORS:
        raise ValueError(f"situation.indicators must be 0-{MAX_DORA_INDICATORS}, not {facts.indicators}")
    for i in range(facts.indicators):
        facts.dora_kinds[i] = situation.dora_kinds[i]
    for i in range(34):
        facts.meld_tiles[i] = situation.meld_tiles[i]
    for i in range(min(SEARCH_MELDS, len(melds))):
        kind, tile = melds[i]
        set_search_meld(&facts, i, kind, tile)
    for i in range(NS):
        h[i] = hand[i]
        w[i] = wall[i]
        if h[i] > MAX_COPIES:  # the search's keys hold a count of 0-4 each (values_graph.pxi: base 5)
            raise ValueError(f"hand[{i}] must be 0-{MAX_COPIES}, not {h[i]}")
    return _search_from(&facts, situation.score_counts, melds, h, w, turn, extra, avx, packed, _NEVER_DEEP)


cdef tuple _search_c(const SearchFacts* facts, object score_counts, object melds, const unsigned char* hand,
                     const unsigned char* wall, int turn, int deep_from):
    """``search_packed`` from facts in C (``SEARCH_C``), None for a hand ``deep_from`` or more from ready."""
    return _search_from(facts, score_counts, melds, hand, wall, turn, 1, None, True, deep_from)


SEARCH_C = PyCapsule_New(<void*><search_fn>_search_c, NULL, NULL)
"""``search_packed`` from C (``values.pxd``'s ``search_fn``): a capsule, its pointer taken by the caller."""


cdef bint _scored_in_c(const SearchFacts* facts, object score_counts, object melds) noexcept:
    """Whether the scoring kernel's checks hold for every win of the search, so that its kernel in C
    is called in place of ``score_counts``: the compiled kernel, at most four melds as it reads
    them (a chow's lowest tile within its suit's first seven), each wind none or 27-30."""
    cdef int i, kind, tile
    if score_counts is not _score_counts or len(melds) > SEARCH_MELDS:
        return False
    for i in range(len(melds)):
        kind, tile = facts.meld_kind[i], facts.meld_tile[i]
        if kind < 0 or tile < 0 or (kind == CHOW and (tile >= 27 or tile % 9 >= 7)):
            return False
    return ((facts.seat_wind == -1 or 27 <= facts.seat_wind <= 30)
            and (facts.round_wind == -1 or 27 <= facts.round_wind <= 30))


cdef tuple _search_from(const SearchFacts* facts, object score_counts, object melds, const unsigned char* hand,
                        const unsigned char* wall, int turn, int extra, avx, bint packed, int deep_from):
    """The search of ``search``, on facts and counts in C; None, nothing searched, for a hand ``deep_from``
    or more from ready (the shanten over the forms, as the search reads it)."""
    _init_rows()
    cdef _Graph g = _Graph()
    cdef int i, v, n, total = 0
    for i in range(NS):
        g.hand[i] = hand[i]
        g.wall[i] = wall[i]
        g.origin[i] = hand[i]
        total += wall[i]
    g.score_counts = score_counts
    g.melds = melds
    g.c_scoring = _scored_in_c(facts, score_counts, melds)
    g.facts = facts[0]
    cdef unsigned char m[34]
    cdef long long spare
    cdef int shanten
    _merge(g.hand, m)
    g._set_keys()
    shanten = g._shanten(m, False, &spare)
    if shanten >= deep_from:
        return None
    g.limit = shanten + extra
    g.hint = min(max(shanten, 0), HINT_DISTANCES - 1)
    g.state(False, False)

    n = g.n
    # the discards of the hand: (kind, the draw state it leads to)
    cdef int n_found = 0
    cdef int found_kind[NS]
    cdef int found_state[NS]
    # the build puts the hand, its keys and parts back as it found them: the hand's own shanten and
    # spare kinds, worked out above, still hold
    spare = _with_red(spare)
    for i in range(NS):
        if not g.origin[i]:
            continue
        declare = g.facts.closed and shanten == 0 and (spare >> i & 1)
        g._give(i)
        v = g._find(declare, True)
        g._take(i)
        if v >= 0:
            found_kind[n_found] = i
            found_state[n_found] = v
            n_found += 1
    _STATES_HINT[g.hint] = max(1024, g.cap)
    _EDGES_HINT[g.hint] = max(4096, g.ecap)
    _SLOTS_HINT[g.hint] = min(max(4096, g.slots), _SLOTS_HINT_MOST)
    cdef double curves[NS * T1 * 3]
    g._release_build()
    _figures(g, found_state, n_found, turn, total, curves, _AVX if avx is None else (_AVX and avx))
    if packed:
        return _packed(found_kind, curves, n_found, turn), n
    return _curves(found_kind, curves, n_found, turn), n


cdef list _packed(const int* found_kind, const double* curves, int n_found, int turn):
    """``(kind, figures)`` of each discard, its curve as ``bytes``: the triples of turns ``turn`` to 17
    as they lie in ``curves``."""
    cdef list found = []
    cdef int k
    for k in range(n_found):
        found.append((found_kind[k], PyBytes_FromStringAndSize(<const char*>(curves + (k * T1 + turn) * 3),
                                                               max(0, TMAX - turn) * 3 * sizeof(double))))
    return found


cdef list _curves(const int* found_kind, const double* curves, int n_found, int turn):
    """``(kind, curve)`` of each discard, its triples made here once: the caller's figures as
    they are handed out (each tuple filled in place, no list made first)."""
    cdef list found = []
    cdef int k, t
    cdef const double* f
    for k in range(n_found):
        curve = PyTuple_New(max(0, TMAX - turn))
        for t in range(turn, TMAX):
            f = curves + (k * T1 + t) * 3
            triple = (f[0], f[1], f[2])
            Py_INCREF(triple)
            PyTuple_SET_ITEM(curve, t - turn, triple)
        found.append((found_kind[k], curve))
    return found
