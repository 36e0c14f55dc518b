# cython: language_level=3, embedsignature=True, freethreading_compatible=True, cdivision=True
"""Hu-type flags of a whole hand on counts (compiled kernel).

The twin of ``hutype_py``, which states the rules and the method; both give the
same answers and errors.  ``hutype.pxd`` documents the C entry points and the
meld bytes.  ``decompositions`` builds ``decompose``'s result from the
decomposition kernel's records in one pass.
"""
from cpython.mem cimport PyMem_Free, PyMem_Malloc
from cpython.ref cimport Py_INCREF
from cpython.tuple cimport PyTuple_New, PyTuple_SET_ITEM
from libc.string cimport memcmp, memcpy, memset

from mahjong_fast._kernels.common cimport (
    KNITTED_TILES, N_KNITTED_SETS, fill_knitted_sets, part_of, popcount64,
)
from mahjong_fast._kernels.decompose cimport MELD_PUNG, decompose_c, split_width_c
from mahjong_fast._kernels.hu_flags cimport (
    DUI_DUI_HU,
    HAO_HUA_QI_DUI,
    HUN_YI_SE,
    MEN_QING,
    PING_HU,
    QI_DA_DUI,
    QI_XIAO_DUI,
    QI_XING_BU_KAO,
    QING_YI_SE,
    QUAN_BU_KAO,
    QUAN_QIU_REN,
    SHI_SAN_YAO,
    ZI_YI_SE,
    ZU_HE_LONG,
)
from mahjong_fast._kernels.rule_flags cimport (
    ALL_BITS,
    CHINESE,
    DROP_MASK,
    DROP_SHIFT,
    KNITTED,
    LOCK_MASK,
    LOCK_SHIFT,
    SEVEN_PAIRS,
    SEVEN_PAIRS_DISTINCT,
    THIRTEEN_ORPHANS,
)
from mahjong_fast._kernels.shanten cimport SHANTEN_INVALID, shanten_c
from mahjong_fast._kernels.win cimport thirteen_orphans_c, win_cluster_c
from mahjong_fast._layout cimport (
    FIRST_HONOR, MAX_COPIES, MAX_HAND, N_KINDS, N_ORPHANS, N_SUITS, ORPHANS, SUIT_SIZE,
)

from mahjong_fast._kernels.shanten import ensure_tables as _ensure_tables

_tuple_new = tuple.__new__

CHOW = HU_CHOW
PUNG = HU_PUNG
KONG = HU_KONG
CONCEALED_KONG = HU_CONCEALED_KONG

__all__ = ["CHOW", "PUNG", "KONG", "CONCEALED_KONG", "hu_type", "hu_type_wild", "decompositions"]

cdef enum:
    HONOR_PART = N_SUITS          # parts: the three suits, then the honors
    ALL_PARTS = (1 << (N_SUITS + 1)) - 1
    ALL_SUITS = (1 << N_SUITS) - 1
    N_CLASSES = 2 * N_SUITS + 2 + 3     # + the two-suit classes a DROP of 1 allows
    NOT_FOUND = 1000
    STACK_BYTES = 1024
    SORT_IN_C = 64
    RULE_BITS = ALL_BITS
    MOST_MELDS = MAX_HAND // 3
    JOKER_BITS = (1 << (MAX_HAND + 1)) - 1

# The knitted sets in the order of hutype_py.KNITTED_SETS (common.pxd: the residues, rank mod 3,
# of m, p, s run over the permutations of 0, 1, 2 in lexicographic order).
cdef unsigned char KNIT[N_KNITTED_SETS][KNITTED_TILES]
cdef unsigned char IN_KNIT[N_KNITTED_SETS][N_KINDS]
fill_knitted_sets(&KNIT[0][0])
memset(IN_KNIT, 0, sizeof(IN_KNIT))
for _k in range(N_KNITTED_SETS):
    for _j in range(KNITTED_TILES):
        IN_KNIT[_k][KNIT[_k][_j]] = 1

# The one-suit and honour classes, best first: (modifier, parts a joker may stand in); the
# classes without a suit modifier depend on the rules' DROP (hu_type_wild_rules_c).
cdef int CLASS_MOD[N_CLASSES]
cdef int CLASS_PARTS[N_CLASSES]
CLASS_MOD[0] = ZI_YI_SE
CLASS_PARTS[0] = 1 << HONOR_PART
for _g in range(N_SUITS):
    CLASS_MOD[1 + _g] = QING_YI_SE
    CLASS_PARTS[1 + _g] = 1 << _g
    CLASS_MOD[1 + N_SUITS + _g] = HUN_YI_SE
    CLASS_PARTS[1 + N_SUITS + _g] = (1 << _g) | (1 << HONOR_PART)

cdef bint _tables_ready = False


cdef int _whole(const unsigned char* counts, const unsigned char* melds, int n_melds,
                unsigned char* whole) noexcept nogil:
    """Fill the whole hand's counts; -1 for input outside the contract."""
    cdef int t, k, kind, tile, total = 0
    for t in range(N_KINDS):
        if counts[t] > MAX_COPIES:
            return -1
        whole[t] = counts[t]
        total += counts[t]
    if n_melds < 0 or total + 3 * n_melds != MAX_HAND:
        return -1
    for k in range(n_melds):
        kind = melds[k] >> 6
        tile = melds[k] & 63
        if tile >= N_KINDS:
            return -1
        if kind == HU_CHOW:
            if tile >= FIRST_HONOR or tile % SUIT_SIZE > SUIT_SIZE - 3:
                return -1
            whole[tile] += 1
            whole[tile + 1] += 1
            whole[tile + 2] += 1
        else:
            whole[tile] += 3 if kind == HU_PUNG else 4
    for t in range(N_KINDS):
        if whole[t] > MAX_COPIES:
            return -1
    return 0


cdef int _fixed_modifiers(const unsigned char* melds, int n_melds, bint self_drawn) noexcept nogil:
    cdef int k
    cdef bint closed = True, concealed_kong = False
    for k in range(n_melds):
        if melds[k] >> 6 == HU_CONCEALED_KONG:
            concealed_kong = True
        else:
            closed = False
    return ((MEN_QING if closed else 0)
            | (QUAN_QIU_REN if n_melds == 4 and not self_drawn and not concealed_kong else 0))


cdef int _suit_modifier(const unsigned char* whole) noexcept nogil:
    cdef int g, t, suits = 0
    cdef bint honors = False
    for g in range(N_SUITS):
        for t in range(g * SUIT_SIZE, (g + 1) * SUIT_SIZE):
            if whole[t]:
                suits += 1
                break
    for t in range(FIRST_HONOR, N_KINDS):
        if whole[t]:
            honors = True
            break
    if suits == 0:
        return ZI_YI_SE
    if suits == 1:
        return HUN_YI_SE if honors else QING_YI_SE
    return 0


cdef bint _has_chow(const unsigned char* melds, int n_melds) noexcept nogil:
    cdef int k
    for k in range(n_melds):
        if melds[k] >> 6 == HU_CHOW:
            return True
    return False


cdef bint _all_pungs(const unsigned char* c) noexcept nogil:
    """Whether the counts split into pungs and one pair: one count is 2 mod 3, the rest 0."""
    cdef int t, pairs = 0
    for t in range(N_KINDS):
        if c[t] % 3 == 1:
            return False
        pairs += c[t] % 3 == 2
    return pairs == 1


cdef inline bint _rules_ok(int rules) noexcept nogil:
    return (rules >= 0 and rules & ~RULE_BITS == 0 and (rules & DROP_MASK) >> DROP_SHIFT < N_SUITS
            and not (rules & SEVEN_PAIRS and rules & SEVEN_PAIRS_DISTINCT))


cdef inline int _most_suits(int rules) noexcept nogil:
    return N_SUITS - ((rules & DROP_MASK) >> DROP_SHIFT)


cdef int _held_suits(const unsigned char* whole, int rules) noexcept nogil:
    """Mask of the suits the whole hand holds, or a declared meld locks (``LOCK`` bits)."""
    cdef int g, t, held = (rules & LOCK_MASK) >> LOCK_SHIFT
    for g in range(N_SUITS):
        for t in range(g * SUIT_SIZE, (g + 1) * SUIT_SIZE):
            if whole[t]:
                held |= 1 << g
                break
    return held


cdef int _knitted_set_of(const unsigned char* c) noexcept nogil:
    """The knitted set holding every suited tile of ``c``, each kind at most once, else -1."""
    cdef int k, t
    cdef bint fits
    for t in range(N_KINDS):
        if c[t] > 1:
            return -1
    for k in range(N_KNITTED_SETS):
        fits = True
        for t in range(FIRST_HONOR):
            if c[t] and not IN_KNIT[k][t]:
                fits = False
                break
        if fits:
            return k
    return -1


cdef bint _less_knitted_set(const unsigned char* c, int k, unsigned char* rest) noexcept nogil:
    """Whether ``c`` holds every tile of knitted set ``k`` (a knitted straight, 组合龙's nine
    tiles); if so ``rest`` is ``c`` less them."""
    cdef int j
    for j in range(KNITTED_TILES):
        if not c[KNIT[k][j]]:
            return False
    memcpy(rest, c, N_KINDS)
    for j in range(KNITTED_TILES):
        rest[KNIT[k][j]] -= 1
    return True


cdef bint _zu_he_long(const unsigned char* c) noexcept nogil:
    """A knitted straight plus a standard form of the rest of the concealed tiles."""
    cdef unsigned char rest[N_KINDS]
    cdef int k, t, total = 0
    for t in range(N_KINDS):
        total += c[t]
    if total < MAX_HAND - 3:
        return False
    for k in range(N_KNITTED_SETS):
        if _less_knitted_set(c, k, rest) and win_cluster_c(rest):
            return True
    return False


cdef inline int _standard_shape(const unsigned char* c, const unsigned char* melds,
                                int n_melds) noexcept nogil:
    if _all_pungs(c):
        return PING_HU if _has_chow(melds, n_melds) else DUI_DUI_HU
    return PING_HU if win_cluster_c(c) else 0


cdef inline int _pairs_and_fours(const unsigned char* c) noexcept nogil:
    """How many kinds a hand of pairs holds four times (a set of four is two pairs), or -1 when a
    kind is held an odd number of times (no seven pairs)."""
    cdef int t, fours = 0
    for t in range(N_KINDS):
        if c[t] & 1:
            return -1
        fours += c[t] == 4
    return fours


cdef inline int _seven_pairs_shape(int fours) noexcept nogil:
    """The seven-pairs hu type of a hand of pairs holding ``fours`` sets of four."""
    return HAO_HUA_QI_DUI if fours >= 2 else QI_DA_DUI if fours else QI_XIAO_DUI


cdef int _shape(const unsigned char* c, const unsigned char* melds, int n_melds) noexcept nogil:
    """The shape under the default rules (CHINESE), kept apart so the default pays nothing."""
    cdef int fours
    if n_melds == 0:
        if thirteen_orphans_c(c):
            return SHI_SAN_YAO
        fours = _pairs_and_fours(c)
        if fours >= 0:
            return _seven_pairs_shape(fours)
    return _standard_shape(c, melds, n_melds)


cdef int _shape_rules(const unsigned char* c, const unsigned char* melds, int n_melds,
                      int rules) noexcept nogil:
    cdef int t, fours
    if n_melds == 0:
        if rules & THIRTEEN_ORPHANS and thirteen_orphans_c(c):
            return SHI_SAN_YAO
        if rules & KNITTED and _knitted_set_of(c) >= 0:
            for t in range(FIRST_HONOR, N_KINDS):
                if not c[t]:
                    return QUAN_BU_KAO
            return QI_XING_BU_KAO
    if rules & KNITTED and n_melds <= 1 and _zu_he_long(c):
        return ZU_HE_LONG
    if n_melds == 0 and rules & (SEVEN_PAIRS | SEVEN_PAIRS_DISTINCT):
        fours = _pairs_and_fours(c)
        if fours >= 0:
            if rules & SEVEN_PAIRS:
                return _seven_pairs_shape(fours)
            if not fours:
                return QI_XIAO_DUI
    return _standard_shape(c, melds, n_melds)


cdef int hu_type_c(const unsigned char* counts, const unsigned char* melds, int n_melds,
                   bint self_drawn) noexcept nogil:
    cdef unsigned char whole[N_KINDS]
    cdef int shape
    if _whole(counts, melds, n_melds, whole) < 0:
        return HU_INVALID
    shape = _shape(counts, melds, n_melds)
    if not shape:
        return 0
    return shape | _suit_modifier(whole) | _fixed_modifiers(melds, n_melds, self_drawn)


cdef int hu_type_rules_c(const unsigned char* counts, const unsigned char* melds, int n_melds,
                         bint self_drawn, int rules) noexcept nogil:
    cdef unsigned char whole[N_KINDS]
    cdef int shape
    if rules == CHINESE:
        return hu_type_c(counts, melds, n_melds, self_drawn)
    if _whole(counts, melds, n_melds, whole) < 0 or not _rules_ok(rules):
        return HU_INVALID
    if rules & DROP_MASK and popcount64(_held_suits(whole, rules)) > _most_suits(rules):
        return 0
    shape = _shape_rules(counts, melds, n_melds, rules)
    if not shape:
        return 0
    return shape | _suit_modifier(whole) | _fixed_modifiers(melds, n_melds, self_drawn)


# ---------------------------------------------------------------- jokers

include "hutype_wild.pxi"


# ---------------------------------------------------------------- Python level

cdef bytes _as_bytes(object value):
    return value if type(value) is bytes else bytes(value)


cdef inline bint _small_int(object value):
    return type(value) is int and 0 <= value <= RULE_BITS


def hu_type(counts, melds=b"", self_drawn=False, rules=CHINESE):
    """The ``HuType`` value of a whole hand, 0 if it does not win under ``rules``.

    ``counts``: 34 concealed counts; ``melds``: one byte per declared meld
    (``kind << 6 | tile``); ``rules``: the bits of ``rule_flags`` (default
    ``CHINESE``).  Under ``rules`` a hand wins only in the forms its bits allow
    and with at most ``3 - DROP`` suits, melds and ``LOCK`` bits included.
    ``ValueError`` if a count or meld byte is out of range, a tile has more than
    four copies in hand and melds, the hand is not 14 tiles (a kong counting
    three), or ``rules`` is not a set of rule flags; ``TypeError`` if ``rules``
    is not an int.
    """
    cdef bytes c = _as_bytes(counts)
    cdef bytes m = _as_bytes(melds)
    cdef int result = HU_INVALID
    if len(c) == N_KINDS and _small_int(rules):
        result = hu_type_rules_c(c, m, len(m), bool(self_drawn), rules)
    if result == HU_INVALID:
        from mahjong_fast._kernels import hutype_py

        hutype_py.hu_type(c, m, self_drawn, rules)   # raises the error
    return result


def hu_type_wild(counts, wild, melds=b"", self_drawn=False, fifth=True, rules=CHINESE, limits=None):
    """The best ``HuType`` value over every placement of the jokers that wins under ``rules``, 0 if none.

    Every copy of a kind flagged in ``wild`` (34 flags) in ``counts`` is a
    joker that may stand for any kind that exists (``limits``: 34 values, the
    copies of each kind that exist, 0 for a kind the rules leave out; default
    4 each), itself included.  ``fifth=False`` forbids a kind from ending with
    more copies than its limit in hand and melds; with ``fifth=True`` a
    seven-pairs kind held 6 or 8 times holds one or two sets of four.  Best:
    the higher shape, then 字一色 > 清一色 > 混一色 > none.  A real (not wild)
    tile beyond its limit is a ``ValueError``; the jokers' own kind need not
    exist.  Other arguments and errors as in ``hu_type``.
    """
    global _tables_ready
    cdef bytes c = _as_bytes(counts)
    cdef bytes m = _as_bytes(melds)
    cdef bytes f = _as_bytes(wild)
    cdef bytes lim = None if limits is None else _as_bytes(limits)
    cdef const unsigned char* lp = NULL
    cdef int result = HU_INVALID
    if not _tables_ready:
        _ensure_tables()
        _tables_ready = True
    if (len(c) == N_KINDS and len(f) == N_KINDS and _small_int(rules)
            and (lim is None or len(lim) == N_KINDS)):
        if lim is not None:
            lp = lim
        result = hu_type_wild_rules_c(c, f, m, len(m), bool(self_drawn), bool(fifth), rules, lp)
    if result == HU_INVALID:
        from mahjong_fast._kernels import hutype_py

        hutype_py.hu_type_wild(c, f, m, self_drawn, fifth, rules, limits)   # raises the error
    return result


cdef void _sort_records(unsigned char** recs, Py_ssize_t n, int width) noexcept nogil:
    """Insertion sort of ``n`` records by their bytes (a hand has few splits)."""
    cdef Py_ssize_t i, j
    cdef unsigned char* r
    for i in range(1, n):
        r = recs[i]
        j = i
        while j > 0 and memcmp(recs[j - 1], r, width) > 0:
            recs[j] = recs[j - 1]
            j -= 1
        recs[j] = r


def decompositions(counts, cls, pair_tiles, chows, pungs, declared, rules=CHINESE, knitted=None):
    """Every standard-form split of ``counts``, each ``tuple.__new__(cls, (pair_tiles[p], melds))``.

    ``melds`` is a tuple: ``chows[t]`` or ``pungs[t]`` for each meld found
    (chows first, each group in tile order) followed by the tuple ``declared``.
    Sorted by pair, then melds, as ``decompose.decompose_counts``.  ``counts``
    must be 34 counts of 0-4 (a hand already checked).

    Under ``rules`` (the bits of ``rule_flags``): no split when the concealed
    tiles and the ``LOCK`` bits hold more than ``3 - DROP`` suits; with
    ``KNITTED`` and ``knitted`` (``knitted[t]``: the third of a knitted
    straight starting at suited tile ``t``), a whole hand (``declared`` counting
    three tiles each) holding a knitted straight also gives, after the
    standard splits, each split of its other concealed tiles with the three
    thirds first, knitted sets in ``KNITTED_SETS`` order.
    """
    cdef bytes c
    cdef unsigned char rest[N_KINDS]
    cdef int k, t, total
    cdef list found
    if rules == CHINESE:
        return _splits(counts, cls, pair_tiles, chows, pungs, (), declared)
    if not _small_int(rules) or not _rules_ok(rules):
        from mahjong_fast._kernels import hutype_py

        hutype_py.read_rules(rules)   # raises the error
    c = _as_bytes(counts)
    if len(c) != N_KINDS:
        raise ValueError(f"counts must hold {N_KINDS} values, got {len(c)}")
    if rules & DROP_MASK and popcount64(_held_suits(c, rules)) > _most_suits(rules):
        return []
    found = _splits(c, cls, pair_tiles, chows, pungs, (), declared)
    total = 3 * len(declared)
    for t in range(N_KINDS):
        total += c[t]
    if rules & KNITTED and knitted is not None and total == MAX_HAND:
        for k in range(N_KNITTED_SETS):
            if not _less_knitted_set(<const unsigned char*>c, k, rest):
                continue
            lead = (knitted[KNIT[k][0]], knitted[KNIT[k][3]], knitted[KNIT[k][6]])
            found += _splits(rest[:N_KINDS], cls, pair_tiles, chows, pungs, lead, declared)
    return found


cdef list _splits(counts, cls, pair_tiles, chows, pungs, tuple lead, tuple declared):
    cdef bytes c = _as_bytes(counts)
    cdef const unsigned char* cp = c
    cdef unsigned char stack_buf[STACK_BYTES]
    cdef unsigned char* buf = stack_buf
    cdef unsigned char* rec
    cdef unsigned char** recs
    cdef Py_ssize_t found, k, j
    cdef int width, n_declared
    cdef tuple extra = declared
    cdef int n_lead = len(lead)
    cdef list result = []
    if len(c) != N_KINDS:
        raise ValueError(f"counts must hold {N_KINDS} values, got {len(c)}")
    width = split_width_c(cp)
    if width == 0:
        return result
    found = decompose_c(cp, buf, STACK_BYTES // width)
    if found > STACK_BYTES // width:
        buf = <unsigned char*>PyMem_Malloc(found * width)
        if buf == NULL:
            raise MemoryError()
        decompose_c(cp, buf, found)
    recs = <unsigned char**>PyMem_Malloc(found * sizeof(unsigned char*))
    if recs == NULL:
        if buf != stack_buf:
            PyMem_Free(buf)
        raise MemoryError()
    try:
        for k in range(found):
            recs[k] = buf + k * width
        if found <= SORT_IN_C:
            _sort_records(recs, found, width)
        else:
            keys = [buf[k * width:(k + 1) * width] for k in range(found)]
            order = sorted(range(found), key=keys.__getitem__)
            for k in range(found):
                recs[k] = buf + <Py_ssize_t>order[k] * width
        n_declared = len(extra)
        for k in range(found):
            rec = recs[k]
            melds = PyTuple_New(n_lead + width - 1 + n_declared)
            for j in range(n_lead):
                item = lead[j]
                Py_INCREF(item)
                PyTuple_SET_ITEM(melds, j, item)
            for j in range(1, width):
                item = pungs[rec[j] & ~MELD_PUNG] if rec[j] & MELD_PUNG else chows[rec[j]]
                Py_INCREF(item)
                PyTuple_SET_ITEM(melds, n_lead + j - 1, item)
            for j in range(n_declared):
                item = extra[j]
                Py_INCREF(item)
                PyTuple_SET_ITEM(melds, n_lead + width - 1 + j, item)
            result.append(_tuple_new(cls, (pair_tiles[rec[0]], melds)))
    finally:
        PyMem_Free(recs)
        if buf != stack_buf:
            PyMem_Free(buf)
    return result
