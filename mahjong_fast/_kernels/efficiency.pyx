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

Every shanten is the shanten kernel's (``shanten_rules_c``, one call site: ``_shanten_of``), or,
without wild kinds, with limits of 4 and the plain forms (``ctx.row_path``), read from its per-part
cost rows: every row and every min-plus product of rows is one of fewer than 256, so a row is a
one-byte id and a product one table load (efficiency_tables.pxi); the useful draws of every
discard come from per-part records of the row entries each added tile lowers
(efficiency_row_path.pxi), and the two-step figures of every discard from one pass per draw
(efficiency_draw.pxi, efficiency_two_step.pxi).  The Python-level calls: efficiency_calls.pxi.
Glossary of the derivation's letters: docs/efficiency.md.
"""
from libc.stdint cimport int8_t, int16_t, uint8_t, uint16_t, uint32_t, uint64_t
from libc.stdlib cimport free, malloc
from libc.string cimport memcmp, memcpy, memset

from mahjong_fast._counts cimport is_counts_bytes
from mahjong_fast._kernels.common cimport (
    INF, KNITTED_TILES, N_KNITTED_SETS, N_PARTS, ROW_LEN, ctz64, knitted_residue, part_of, popcount64, row_product,
    table_calloc, weighted_popcount3,
)
from mahjong_fast._kernels.rule_flags cimport (
    CHINESE, DROP_MASK, KNITTED, SEVEN_PAIRS, SEVEN_PAIRS_DISTINCT, THIRTEEN_ORPHANS,
)
from mahjong_fast._kernels.shanten cimport (
    HONOR_VECTORS, SHANTEN_INVALID, SUIT_VECTORS, part_row_id_c, part_rows_c, rank_offsets_c, shanten_rules_c,
)
from mahjong_fast._layout cimport (
    FIRST_HONOR, MAX_COPIES, MAX_HAND, N_KINDS, N_ORPHANS, N_SUITS, ORPHANS, SUIT_SIZE,
)

from mahjong_fast._counts import read_counts as _read_counts
import threading as _threading

from mahjong_fast._kernels.shanten import ensure_tables

_rows_lock = _threading.Lock()

cdef enum:
    PLAIN_FORMS = SEVEN_PAIRS | SEVEN_PAIRS_DISTINCT | THIRTEEN_ORPHANS
    K_USEFUL = 0
    K_DISCARDS = 1

NOT_HELD_VALUE = NOT_HELD
"""The shanten reported after discarding a tile the hand does not hold (batch arrays)."""
USEFUL = K_USEFUL
DISCARDS = K_DISCARDS
ROWS_PER_CHUNK = 512
"""Rows per ``run_rows`` call between two checks for signals."""

cdef uint64_t ALL_TILES = (<uint64_t>1 << N_KINDS) - 1
cdef uint64_t ORPHAN_BITS = 0
cdef int _i
for _i in range(N_ORPHANS):
    ORPHAN_BITS |= <uint64_t>1 << ORPHANS[_i]


cdef inline int _shanten_of(const Ctx* ctx, const uint8_t* held) noexcept nogil:
    """Shanten of a concealed hand (form 0) under the rules, wild copies turned into jokers."""
    cdef uint8_t c[N_KINDS]
    cdef int t, jokers = 0
    if not ctx.any_wild:
        return shanten_rules_c(held, 0, 0, ctx.fifth, ctx.lim, ctx.flags)
    memcpy(c, held, N_KINDS)
    for t in range(N_KINDS):
        if ctx.wild[t]:
            jokers += c[t]
            c[t] = 0
    return shanten_rules_c(c, 0, jokers, ctx.fifth, ctx.lim, ctx.flags)


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
    ctx.any_wild = False
    for t in range(N_KINDS):
        if lim[t] > MAX_COPIES or avail[t] > lim[t]:
            return -1
        full = full and lim[t] == MAX_COPIES
        ctx.any_wild = ctx.any_wild or ctx.wild[t] != 0
    ctx.row_path = full and not ctx.any_wild and _plain_forms_only(flags)
    ctx.knitted_rows = (full and not ctx.any_wild and (flags & KNITTED) != 0
                        and _plain_forms_only(flags & ~KNITTED))
    return 0


cdef inline bint _plain_forms_only(int flags) noexcept nogil:
    """Whether ``flags`` play only the plain forms the row path answers."""
    return (flags & ~PLAIN_FORMS) == 0 and (
        flags & (SEVEN_PAIRS | SEVEN_PAIRS_DISTINCT)) != (SEVEN_PAIRS | SEVEN_PAIRS_DISTINCT)


cdef inline int _hand_size(const Ctx* ctx, const uint8_t* held) noexcept nogil:
    """Tiles in ``held``, or -1 when a count exceeds its limit."""
    cdef int t, total = 0
    for t in range(N_KINDS):
        if held[t] > ctx.lim[t]:
            return -1
        total += held[t]
    return total


cdef int hand_shanten(const Ctx* ctx, const uint8_t* held) noexcept nogil:
    if _hand_size(ctx, held) < 0:
        return SHANTEN_INVALID
    return _shanten_of(ctx, held)


cdef inline int _unseen(const Ctx* ctx, const uint8_t* held, int t) noexcept nogil:
    cdef int u = ctx.avail[t] - held[t]
    return u if u > 0 else 0


cdef uint64_t _candidates(const Ctx* ctx, const uint8_t* held, int total) noexcept nogil:
    """Draws that may lower the shanten of the 3n+1 hand ``held`` (a superset; docs/efficiency.md)."""
    cdef uint64_t cand = 0, m
    cdef int u, t, kinds = 0
    if ctx.any_wild or ctx.flags & (KNITTED | DROP_MASK):
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
            if held[t] and held[t] + 2 > ctx.lim[t]:
                cand = ALL_TILES    # a tile held to its last copy but one: no pruning (docs)
            elif held[t] and t >= FIRST_HONOR:
                cand |= <uint64_t>1 << t
        if total == MAX_HAND - 1:
            if ctx.flags & (SEVEN_PAIRS | SEVEN_PAIRS_DISTINCT):
                for t in range(N_KINDS):
                    kinds += held[t] != 0
                if kinds < 7:
                    cand = ALL_TILES
            if ctx.flags & THIRTEEN_ORPHANS:
                cand |= ORPHAN_BITS
    for t in range(N_KINDS):
        if held[t] >= ctx.lim[t]:
            cand &= ~(<uint64_t>1 << t)
    return cand


cdef int _useful_general(const Ctx* ctx, uint8_t* held, int total, int s, uint64_t* mask) noexcept nogil:
    """Useful draws of the 3n+1 hand ``held`` of shanten ``s`` by one shanten call per candidate."""
    cdef uint64_t cand = _candidates(ctx, held, total), m = 0
    cdef int t, v, tot = 0, joker = -2
    for t in range(N_KINDS):
        if not (cand >> t) & 1:
            continue
        if ctx.wild[t]:
            if joker == -2:
                held[t] += 1
                joker = _shanten_of(ctx, held)
                held[t] -= 1
            v = joker
        else:
            held[t] += 1
            v = _shanten_of(ctx, held)
            held[t] -= 1
        if v < s:
            m |= <uint64_t>1 << t
            tot += _unseen(ctx, held, t)
    mask[0] = m
    return tot


# ---------------------------------------------------------------- the row path

ctypedef struct TwoStep:        # the figures of one discard that look one draw further
    double two_step             # mean best unseen useful total after a useful draw
    uint64_t improving          # hand left ready: the draws that widen its wait (改良)
    int improving_total         # their unseen copies
    double good_shape           # hand left one from ready: good-shape share (-1 when undefined)


cdef inline void _two_step_clear(TwoStep* out) noexcept nogil:
    """The figures of a discard before any draw is read: no two-step, no improvement, no good shape."""
    out.two_step = 0.0
    out.improving = 0
    out.improving_total = 0
    out.good_shape = -1.0


cdef inline uint64_t _left_unseen(const Ctx* ctx, const uint8_t* c, uint64_t unseen, int d) noexcept nogil:
    """The kinds with unseen copies for the hand ``c`` less ``d``, ``unseen`` holding those of ``c``:
    the same and one more of d.  They are drawable: a kind with unseen copies has room, for
    ``ctx_init`` keeps ``avail`` at most ``lim``."""
    return unseen | (<uint64_t>1 << d if ctx.avail[d] >= c[d] else 0)


include "efficiency_tables.pxi"
include "efficiency_row_path.pxi"
include "efficiency_draw.pxi"
include "efficiency_two_step.pxi"


cdef int _discards_general(const Ctx* ctx, uint8_t* c, int total, int keep, signed char* sh,
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
        s = _shanten_of(ctx, c)
        sh[d] = s
        if s < best:
            best = s
        if keep < 0 or s == keep:
            tot[d] = _useful_general(ctx, c, total - 1, s, &m)
            mask[d] = m
        c[d] += 1
    return best


cdef inline int _discards_any(const Ctx* ctx, uint8_t* c, int total, int keep, signed char* sh,
                              uint64_t* mask, int* tot) noexcept nogil:
    if ctx.row_path:
        return _discards_rows(ctx, c, total, keep, sh, mask, tot, NULL)
    return _discards_general(ctx, c, total, keep, sh, mask, tot)


cdef int discards_c(const Ctx* ctx, const uint8_t* held, signed char* sh, uint64_t* mask,
                    int* total) noexcept nogil:
    cdef uint8_t c[N_KINDS]
    cdef int n = _hand_size(ctx, held), s
    if n < 0 or n % 3 != 2 or n > MAX_HAND:
        return -2
    if ctx.row_path:
        memcpy(c, held, N_KINDS)
        _discards_rows(ctx, c, n, -1, sh, mask, total, &s)
        return s
    s = _shanten_of(ctx, held)
    if s == SHANTEN_INVALID:
        return -2
    memcpy(c, held, N_KINDS)
    _discards_any(ctx, c, n, -1, sh, mask, total)
    return s


cdef int useful_c(const Ctx* ctx, const uint8_t* held, int* shanten, uint64_t* mask) noexcept nogil:
    cdef uint8_t c[N_KINDS]
    cdef int n = _hand_size(ctx, held), s
    mask[0] = 0
    if n < 0 or n % 3 != 1 or n > MAX_HAND - 1:
        return -1
    if ctx.row_path:
        memcpy(c, held, N_KINDS)
        return _useful_rows(ctx, c, n, shanten, mask)
    if ctx.knitted_rows:
        memcpy(c, held, N_KINDS)
        return _useful_knitted(ctx, c, n, shanten, mask)
    s = _shanten_of(ctx, held)
    if s == SHANTEN_INVALID:
        return -1
    shanten[0] = s
    memcpy(c, held, N_KINDS)
    return _useful_general(ctx, c, n, s, mask)


cdef enum:
    FORM_KNITTED_C = 4              # 全不靠, a form code of shanten_rules_c
    FORM_KNITTED_STRAIGHT_C = 5     # 组合龙


cdef inline void _knitted_floors(const uint8_t* c, int* floors) noexcept nogil:
    """Lower bounds of the shanten of the knitted forms (shanten = tiles missing from the nearest
    complete hand, less one).  With k the most kinds of one knitted set held and h the honour kinds
    held, a complete 全不靠 (14 different tiles of a set and the honours) shares at most k + h tiles
    with the hand, and 组合龙 misses at least the 9 - k tiles of its set the hand lacks: their
    shanten is at least ``floors[0]`` = 13 - k - h and ``floors[1]`` = 8 - k (limits below 4 only
    take targets away)."""
    cdef int u, r, s, t, h = 0, k = 0, have
    cdef int kinds[N_SUITS][N_SUITS]    # [suit][residue]: kinds held of ranks residue + 1, 4, 7
    for u in range(N_SUITS):
        for r in range(N_SUITS):
            t = SUIT_SIZE * u + r
            kinds[u][r] = (c[t] != 0) + (c[t + N_SUITS] != 0) + (c[t + 2 * N_SUITS] != 0)
    for t in range(FIRST_HONOR, N_KINDS):
        h += c[t] != 0
    for s in range(N_KNITTED_SETS):
        have = (kinds[0][knitted_residue(s, 0)] + kinds[1][knitted_residue(s, 1)]
                + kinds[2][knitted_residue(s, 2)])
        if have > k:
            k = have
    floors[0] = MAX_HAND - 1 - k - h
    floors[1] = KNITTED_TILES - 1 - k


cdef int _useful_knitted(const Ctx* ctx, uint8_t* c, int total, int* shanten, uint64_t* mask) noexcept nogil:
    """Useful draws of a 3n+1 hand under rules with the knitted forms beside the plain ones
    (``ctx.knitted_rows``).  The shanten is the least over the forms, and a draw lowers a form's
    shanten by one at most, so a draw is useful when it lowers the shanten of a form at the
    least: the row path's draws for the plain forms (its ``flags`` bits of the knitted forms
    unread), one shanten call per drawable tile for each knitted form at the least.  A form whose
    floor (``_knitted_floors``, of the hand or of the hand and a draw) is not below the least cannot
    be lowered below it: no call."""
    cdef uint64_t m, bits
    cdef int s, best, form, t, v, tot = 0
    cdef int knitted[2]
    cdef int floors[2]
    _useful_rows(ctx, c, total, &s, &m)
    best = s
    _knitted_floors(c, knitted)
    for form in range(2):
        if knitted[form] > s:       # the form is never at the least: no call, no draws of its own
            knitted[form] = SHANTEN_INVALID
            continue
        knitted[form] = shanten_rules_c(c, FORM_KNITTED_C + form, 0, ctx.fifth, ctx.lim, ctx.flags)
        if knitted[form] < best:    # SHANTEN_INVALID (a form the hand's size rules out) never is
            best = knitted[form]
    if best < s:
        m = 0
    for form in range(2):
        if knitted[form] != best:
            continue
        for t in range(N_KINDS):
            if c[t] >= ctx.lim[t] or (m >> t) & 1:
                continue
            c[t] += 1
            _knitted_floors(c, floors)
            v = best
            if floors[form] < best:
                v = shanten_rules_c(c, FORM_KNITTED_C + form, 0, ctx.fifth, ctx.lim, ctx.flags)
            c[t] -= 1
            if v < best:
                m |= <uint64_t>1 << t
    shanten[0] = best
    mask[0] = m
    bits = m
    while bits:
        t = ctz64(bits)
        bits &= bits - 1
        tot += _unseen(ctx, c, t)
    return tot


# ---------------------------------------------------------------- two-step figures

cdef void _two_step_general(const Ctx* ctx, uint8_t* c, int total, int s, uint64_t mask, TwoStep* out) noexcept nogil:
    """Two-step figures of the 3n+1 hand left ``c`` (shanten ``s``, useful draws ``mask``) off the
    row path, by the definitions: every useful draw (every other draw at tenpai), then every
    discard of the drawn hand (``_two_step_rows`` answers every discard at once on the row path)."""
    cdef signed char sh[N_KINDS]
    cdef uint64_t m2[N_KINDS]
    cdef int tot2[N_KINDS]
    cdef int t, e, n_t, best, waits, weight = 0, num = 0, good = 0
    cdef bint is_good
    _two_step_clear(out)
    if s >= 1:
        for t in range(N_KINDS):
            if not (mask >> t) & 1:
                continue
            n_t = _unseen(ctx, c, t)
            if n_t == 0:
                continue
            c[t] += 1
            _discards_any(ctx, c, total + 1, s - 1, sh, m2, tot2)
            best = 0
            is_good = False
            for e in range(N_KINDS):
                if sh[e] == s - 1:
                    if tot2[e] > best:
                        best = tot2[e]
                    if s == 1 and not is_good:
                        c[e] -= 1
                        is_good = _good_wait(ctx, c, m2[e])
                        c[e] += 1
            c[t] -= 1
            weight += n_t
            num += n_t * best
            good += n_t if is_good else 0
        if weight:
            out.two_step = <double>num / weight
            if s == 1:
                out.good_shape = <double>good / weight
    elif s == 0:
        waits = 0
        for t in range(N_KINDS):
            if (mask >> t) & 1:
                waits += _unseen(ctx, c, t)
        for t in range(N_KINDS):
            if (mask >> t) & 1 or c[t] >= ctx.lim[t]:
                continue
            n_t = _unseen(ctx, c, t)
            if n_t == 0:
                continue
            c[t] += 1
            _discards_any(ctx, c, total + 1, 0, sh, m2, tot2)
            c[t] -= 1
            for e in range(N_KINDS):
                if sh[e] == 0 and tot2[e] > waits:
                    out.improving |= <uint64_t>1 << t
                    out.improving_total += n_t
                    break


# ---------------------------------------------------------------- Python level

include "efficiency_calls.pxi"


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
