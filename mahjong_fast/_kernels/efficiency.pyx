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
(efficiency_two_step.pxi).  Glossary of the derivation's letters: docs/efficiency.md.
"""
from libc.stdint cimport int8_t, int16_t, uint8_t, uint16_t, uint32_t, uint64_t
from libc.stdlib cimport calloc, free, malloc
from libc.string cimport memcmp, memcpy, memset

from mahjong_fast._counts cimport is_counts_bytes
from mahjong_fast._kernels.common cimport (
    INF, N_PARTS, ROW_LEN, ctz64, part_of, row_product, weighted_popcount3,
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


include "efficiency_tables.pxi"
include "efficiency_row_path.pxi"
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


cdef int _useful_knitted(const Ctx* ctx, uint8_t* c, int total, int* shanten, uint64_t* mask) noexcept nogil:
    """Useful draws of a 3n+1 hand under rules with the knitted forms beside the plain ones
    (``ctx.knitted_rows``).  The shanten is the least over the forms, and a draw lowers a form's
    shanten by one at most, so a draw is useful when it lowers the shanten of a form at the
    least: the row path's draws for the plain forms (its ``flags`` bits of the knitted forms
    unread), one shanten call per drawable tile for each knitted form at the least."""
    cdef uint64_t m, bits
    cdef int s, best, form, t, v, tot = 0
    cdef int knitted[2]
    _useful_rows(ctx, c, total, &s, &m)
    best = s
    for form in range(2):
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
    out.two_step = 0.0
    out.improving = 0
    out.improving_total = 0
    out.good_shape = -1.0
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


def useful(held, lim, avail, wild=None, int flags=CHINESE, bint fifth=True):
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
    """Every distinct discard of a 3n+2 hand, best first (see ``discards``).

    ``held`` and ``avail`` are the counts it answers; ``rows`` and ``unseen`` are None, for the
    API layer's subclass (``DiscardAnalysis``) to keep what it builds from them."""
    cdef readonly int shanten
    cdef readonly int size         # the distinct discards
    cdef readonly bint two_step
    cdef public object held
    cdef public object avail
    cdef public object rows
    cdef public object unseen
    cdef signed char sh[N_KINDS]
    cdef uint64_t mask[N_KINDS]
    cdef int tot[N_KINDS]
    cdef TwoStep two_steps[N_KINDS]
    cdef int order[N_KINDS]

    def tile(self, int i):
        """The i-th best discard (index34)."""
        if not 0 <= i < self.size:
            raise IndexError(i)
        return self.order[i]

    def entry(self, int i):
        """``(tile, shanten, mask, total, two_step, improve, improve_total, good)`` of the i-th
        best discard; the last four are None without ``two_step`` (``good`` None off one-shanten)."""
        cdef int d
        if not 0 <= i < self.size:
            raise IndexError(i)
        d = self.order[i]
        if not self.two_step:
            return d, self.sh[d], self.mask[d], self.tot[d], None, None, None, None
        return (d, self.sh[d], self.mask[d], self.tot[d], self.two_steps[d].two_step,
                self.two_steps[d].improving if self.sh[d] == 0 else None,
                self.two_steps[d].improving_total if self.sh[d] == 0 else None,
                None if self.two_steps[d].good_shape < 0 else self.two_steps[d].good_shape)

    def after(self):
        """34 shanten values after each discard (``NOT_HELD`` where the tile is not held)."""
        return [self.sh[t] for t in range(N_KINDS)]

    def __reduce__(self):
        # Cython's own pickling turns the signed char array into a C string (cut at the first 0).
        # The rows built so far are not kept: they are built again on first access.
        return _restore_discards, (
            type(self), self.shanten, self.size, self.two_step, self.held, self.avail,
            [self.sh[t] for t in range(N_KINDS)], [self.mask[t] for t in range(N_KINDS)],
            [self.tot[t] for t in range(N_KINDS)], [self.order[t] for t in range(N_KINDS)],
            [(s.two_step, s.improving, s.improving_total, s.good_shape) for s in self.two_steps])


def _restore_discards(cls, int shanten, int size, bint two_step, held, avail, list sh, list mask,
                      list tot, list order, list two_steps):
    """A ``Discards`` (or subclass) again from what ``Discards.__reduce__`` gave."""
    cdef Discards r = cls.__new__(cls)
    cdef int t
    r.shanten, r.size, r.two_step, r.held, r.avail = shanten, size, two_step, held, avail
    for t in range(N_KINDS):
        r.sh[t], r.mask[t], r.tot[t], r.order[t] = sh[t], mask[t], tot[t], order[t]
        (r.two_steps[t].two_step, r.two_steps[t].improving, r.two_steps[t].improving_total,
         r.two_steps[t].good_shape) = two_steps[t]
    return r


cdef inline bint _before(Discards r, int a, int b) noexcept:
    """Whether discard ``a`` ranks before ``b``: lower shanten, more unseen useful copies, then
    (two-step) the larger two-step figure, then more improving copies, then the lower tile."""
    if r.sh[a] != r.sh[b]:
        return r.sh[a] < r.sh[b]
    if r.tot[a] != r.tot[b]:
        return r.tot[a] > r.tot[b]
    if r.two_step:
        if r.two_steps[a].two_step != r.two_steps[b].two_step:
            return r.two_steps[a].two_step > r.two_steps[b].two_step
        if r.two_steps[a].improving_total != r.two_steps[b].improving_total:
            return r.two_steps[a].improving_total > r.two_steps[b].improving_total
    return a < b


def discards(held, lim, avail, wild=None, int flags=CHINESE, bint fifth=True,
             bint two_step=False, cls=Discards):
    """Every distinct discard of a 3n+2 hand, as a ``Discards`` (best first), or as an instance
    of ``cls``, a subclass of it."""
    cdef Ctx ctx
    if not rows_ready:
        ensure_rows()
    if not is_counts_bytes(held):
        held = _read_counts(held, "counts")
    _ctx_from(&ctx, lim, avail, wild, flags, fifth)
    _check_held(&ctx, held, 2, MAX_HAND, "a discard analysis needs a hand of 3n+2 tiles, at most 14")
    return _discards_obj(&ctx, held, (<char*>ctx.avail)[:N_KINDS], two_step, cls)


cdef Discards _discards_obj(const Ctx* ctx, bytes held, bytes avail, bint two_step, object cls):
    cdef Discards r
    cdef uint8_t c[N_KINDS]
    cdef int t, size = 0
    if cls is not Discards and not (isinstance(cls, type) and issubclass(cls, Discards)):
        raise TypeError(f"cls must be Discards or a subclass of it, not {cls!r}")
    r = Discards.__new__(cls)
    r.shanten = discards_c(ctx, held, r.sh, r.mask, r.tot)
    if r.shanten < -1:
        raise ValueError("the hand has no shanten under these limits")
    r.two_step = two_step
    r.held = held
    r.avail = avail
    memcpy(c, <const uint8_t*>held, N_KINDS)
    for t in range(N_KINDS):
        size += c[t]
    if two_step and ctx.row_path:
        _two_step_rows(ctx, c, size, r.sh, r.mask, r.tot, r.two_steps)
    _order(r, ctx, c, size)
    return r


cdef void _order(Discards r, const Ctx* ctx, uint8_t* c, int size) noexcept:
    """Two-step figures when asked for off the row path, and the order of the discards, best first."""
    cdef int t, j, n = 0
    for t in range(N_KINDS):
        if c[t]:
            if r.two_step and not ctx.row_path:
                c[t] -= 1
                _two_step_general(ctx, c, size - 1, r.sh[t], r.mask[t], &r.two_steps[t])
                c[t] += 1
            j = n
            while j > 0 and _before(r, t, r.order[j - 1]):
                r.order[j] = r.order[j - 1]
                j -= 1
            r.order[j] = t
            n += 1
    r.size = n


cdef Ctx QUICK_CTX
cdef uint8_t _full_limits[N_KINDS]
memset(_full_limits, MAX_COPIES, N_KINDS)
cdef bytes _FULL_BYTES = (<char*>_full_limits)[:N_KINDS]
ctx_init(&QUICK_CTX, _full_limits, _full_limits, NULL, CHINESE, True)


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


cdef bint _quick_ctx(Ctx* ctx, const uint8_t* c, int flags, object limits) except -1:
    """The context of a quick call: ``QUICK_CTX`` for the default rules (``limits`` None), else
    one of ``limits`` (34 bytes) and ``flags``; False when the hand holds more of a tile than its
    limit (the general path names it)."""
    cdef const uint8_t* lim
    cdef int t
    if limits is None:
        ctx[0] = QUICK_CTX
        return True
    if not is_counts_bytes(limits):
        raise TypeError("limits must be 34 counts as bytes")
    lim = <const uint8_t*><bytes>limits
    if memcmp(lim, _full_limits, N_KINDS) == 0:     # 4 of every tile: the default's context
        ctx[0] = QUICK_CTX
        ctx.flags = flags
        ctx.row_path = _plain_forms_only(flags)
        ctx.knitted_rows = (flags & KNITTED) != 0 and _plain_forms_only(flags & ~KNITTED)
        return True
    for t in range(N_KINDS):
        if c[t] > lim[t]:
            return False
    if ctx_init(ctx, lim, lim, NULL, flags, True) < 0:
        raise ValueError("limits above 4")
    return True


def quick_useful(hand, int flags=CHINESE, limits=None):
    """``useful(held, limits, limits, flags=flags) + (held,)`` for a list or tuple of 3n+1 plain
    index34 ints, at most 4 copies each and at most ``limits`` (None: 4 of every tile; ``held``:
    their 34 counts as bytes); None for any other input."""
    cdef uint8_t c[N_KINDS]
    cdef int s = 0, tot
    cdef uint64_t m = 0
    cdef Ctx ctx
    if _quick_read(hand, c) % 3 != 1 or not _quick_ctx(&ctx, c, flags, limits):
        return None
    if not rows_ready:
        ensure_rows()
    tot = useful_c(&ctx, c, &s, &m)
    if tot < 0:
        raise ValueError("the hand has no shanten under these limits")
    return s, m, tot, (<char*>c)[:N_KINDS]


def quick_discards(hand, cls=Discards, int flags=CHINESE, limits=None):
    """``discards(held, limits, limits, flags=flags, cls=cls)`` for a list or tuple of 3n+2 plain
    index34 ints, at most 4 copies each and at most ``limits`` (None: 4 of every tile; ``held``:
    their 34 counts); None for any other input."""
    cdef uint8_t c[N_KINDS]
    cdef Ctx ctx
    if _quick_read(hand, c) % 3 != 2 or not _quick_ctx(&ctx, c, flags, limits):
        return None
    if not rows_ready:
        ensure_rows()
    return _discards_obj(&ctx, (<char*>c)[:N_KINDS], _FULL_BYTES if limits is None else limits, False, cls)


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
