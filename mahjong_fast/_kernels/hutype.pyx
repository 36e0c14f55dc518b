# cython: language_level=3, embedsignature=True, freethreading_compatible=True
"""Hu-type flags of a whole hand on counts (compiled kernel).

The twin of ``hutype_py``, which states the rules and the method; both give the
same answers and errors.  ``hutype.pxd`` documents the C entry points and the
meld bytes.  ``decompositions`` builds ``decompose``'s result from the
decomposition kernel's records in one pass.
"""
from cpython.mem cimport PyMem_Free, PyMem_Malloc
from cpython.ref cimport Py_INCREF
from cpython.tuple cimport PyTuple_New, PyTuple_SET_ITEM
from libc.string cimport memcmp

from mahjong_fast._kernels.decompose cimport MELD_PUNG, decompose_c, split_width_c
from mahjong_fast._kernels.hu_flags cimport (
    DUI_DUI_HU,
    HAO_HUA_QI_DUI,
    HUN_YI_SE,
    MEN_QING,
    PING_HU,
    QI_DA_DUI,
    QI_XIAO_DUI,
    QING_YI_SE,
    QUAN_QIU_REN,
    SHI_SAN_YAO,
    ZI_YI_SE,
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
    N_CLASSES = 2 * N_SUITS + 2
    NOT_FOUND = 1000
    STACK_BYTES = 1024
    SORT_IN_C = 64

# The suit classes, best first: (modifier, parts a joker may stand in).
cdef int CLASS_MOD[N_CLASSES]
cdef int CLASS_PARTS[N_CLASSES]
CLASS_MOD[0] = ZI_YI_SE
CLASS_PARTS[0] = 1 << HONOR_PART
for _g in range(N_SUITS):
    CLASS_MOD[1 + _g] = QING_YI_SE
    CLASS_PARTS[1 + _g] = 1 << _g
    CLASS_MOD[1 + N_SUITS + _g] = HUN_YI_SE
    CLASS_PARTS[1 + N_SUITS + _g] = (1 << _g) | (1 << HONOR_PART)
CLASS_MOD[N_CLASSES - 1] = 0
CLASS_PARTS[N_CLASSES - 1] = ALL_PARTS

cdef bint _tables_ready = False


cdef inline int _part(int t) noexcept nogil:
    return t // SUIT_SIZE if t < FIRST_HONOR else HONOR_PART


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


cdef int _shape(const unsigned char* c, const unsigned char* melds, int n_melds) noexcept nogil:
    cdef int t, fours = 0
    cdef bint even = True
    if n_melds == 0:
        if thirteen_orphans_c(c):
            return SHI_SAN_YAO
        for t in range(N_KINDS):
            if c[t] & 1:
                even = False
                break
            fours += c[t] == 4
        if even:
            return HAO_HUA_QI_DUI if fours >= 2 else QI_DA_DUI if fours else QI_XIAO_DUI
    if _all_pungs(c):
        return PING_HU if _has_chow(melds, n_melds) else DUI_DUI_HU
    return PING_HU if win_cluster_c(c) else 0


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


# ---------------------------------------------------------------- jokers

ctypedef struct _Wild:
    unsigned char real[N_KINDS]     # concealed counts without the jokers
    unsigned char caps[N_KINDS]     # 4 minus the copies in declared melds
    int jokers
    bint fifth
    bint melds                      # any declared meld
    bint chow                       # any declared chow


cdef bint _orphans_fit(const _Wild* w, int parts) noexcept nogil:
    cdef int k, t, held = 0, dups = 0, total = 0
    if w.melds:
        return False
    for t in range(N_KINDS):
        total += w.real[t]
    for k in range(N_ORPHANS):
        t = ORPHANS[k]
        if w.real[t] > 2:
            return False
        held += w.real[t]
        dups += w.real[t] == 2
        if not w.real[t] and not (parts >> _part(t)) & 1:
            return False
    return held == total and dups <= 1


cdef int _most_fours(const _Wild* w, int parts) noexcept nogil:
    """The most sets of four over the seven-pairs placements, or -1 if there is none."""
    cdef int t, n, pairs, quick, jokers = w.jokers, fours = 0, one_pair = 0, empty = 0
    cdef bint inside
    if w.melds:
        return -1
    for t in range(N_KINDS):
        n = w.real[t]
        inside = (parts >> _part(t)) & 1
        if n & 1:
            if not inside:
                return -1
            n += 1
            jokers -= 1
        fours += n // 4
        if inside:
            if w.fifth:
                one_pair += n % 4 == 2
            else:
                one_pair += n == 2
                empty += n == 0
    if jokers < 0:
        return -1
    pairs = jokers // 2
    if not w.fifth and 2 * empty + one_pair < pairs:
        return -1
    quick = pairs if pairs < one_pair else one_pair
    return fours + quick + (pairs - quick) // 2


cdef inline int _to(const _Wild* w, int t, int parts, int rest) noexcept nogil:
    """Jokers that bring kind ``t`` to ``rest`` mod 3, or NOT_FOUND."""
    cdef int n = w.real[t]
    cdef int extra = (rest + 3 - n % 3) % 3
    if extra and (not (parts >> _part(t)) & 1 or not w.fifth and n + extra > w.caps[t]):
        return NOT_FOUND
    return extra


cdef inline int _roomy(const _Wild* w, int t, int parts) noexcept nogil:
    """1 if a pung of jokers fits on kind ``t`` beside the tiles placed, else 0."""
    return 1 if w.real[t] == 0 and w.caps[t] >= 3 and (parts >> _part(t)) & 1 else 0


cdef bint _pungs_fit(const _Wild* w, int parts) noexcept nogil:
    """Whether jokers in ``parts`` can make the concealed part pungs and one pair."""
    cdef int t, pair, need, base = 0, room = 0
    cdef int to_pung[N_KINDS]
    if w.chow:
        return False
    for t in range(N_KINDS):
        to_pung[t] = _to(w, t, parts, 0)
        base += to_pung[t]
        room += _roomy(w, t, parts)
    for pair in range(N_KINDS):
        need = base - to_pung[pair] + _to(w, pair, parts, 2)
        if need > w.jokers or (w.jokers - need) % 3:
            continue
        if w.fifth:
            return True
        if (w.jokers - need) // 3 <= room - _roomy(w, pair, parts):
            return True
    return False


cdef int _standard_fits(const _Wild* w, int parts) noexcept nogil:
    """1 if jokers in ``parts`` complete the standard form, 0 if not, -1 without tables."""
    cdef unsigned char limits[N_KINDS]
    cdef int t, s
    for t in range(N_KINDS):
        # With fifth=True jokers outside the parts make whole pungs, chows or the
        # pair on their own, which could as well be pungs or the pair of a kind inside.
        limits[t] = w.caps[t] if w.fifth or (parts >> _part(t)) & 1 else w.real[t]
    s = shanten_c(w.real, 1, w.jokers, w.fifth, limits)
    if s == SHANTEN_INVALID:
        return -1
    return s == -1


cdef int hu_type_wild_c(const unsigned char* counts, const unsigned char* wild,
                        const unsigned char* melds, int n_melds, bint self_drawn,
                        bint fifth) noexcept nogil:
    cdef unsigned char whole[N_KINDS]
    cdef _Wild w
    cdef int t, k, parts, shape, fit, present = 0
    cdef int classes[N_CLASSES]
    cdef int n_classes = 0
    if _whole(counts, melds, n_melds, whole) < 0:
        return HU_INVALID
    if wild == NULL:
        return hu_type_c(counts, melds, n_melds, self_drawn)
    w.jokers = 0
    for t in range(N_KINDS):
        w.real[t] = 0 if wild[t] else counts[t]
        w.jokers += counts[t] - w.real[t]
        w.caps[t] = MAX_COPIES - (whole[t] - counts[t])
        if whole[t] - counts[t] + w.real[t]:
            present |= 1 << _part(t)
    if w.jokers == 0:
        return hu_type_c(counts, melds, n_melds, self_drawn)
    w.fifth = fifth
    w.melds = n_melds > 0
    w.chow = _has_chow(melds, n_melds)
    for k in range(N_CLASSES):
        if present & ~CLASS_PARTS[k] == 0:
            classes[n_classes] = k
            n_classes += 1
    for shape in range(6):
        for k in range(n_classes):
            parts = CLASS_PARTS[classes[k]]
            if shape == 0:
                fit = _orphans_fit(&w, parts)
            elif shape <= 3:
                fit = _most_fours(&w, parts) >= 3 - shape
            elif shape == 4:
                fit = _pungs_fit(&w, parts)
            else:
                fit = _standard_fits(&w, parts)
                if fit < 0:
                    return HU_INVALID
            if fit:
                return ((1 << shape) | CLASS_MOD[classes[k]]
                        | _fixed_modifiers(melds, n_melds, self_drawn))
    return 0


# ---------------------------------------------------------------- Python level

cdef bytes _as_bytes(object value):
    return value if type(value) is bytes else bytes(value)


def hu_type(counts, melds=b"", self_drawn=False):
    """The ``HuType`` value of a whole hand, 0 if it does not win.

    ``counts``: 34 concealed counts; ``melds``: one byte per declared meld
    (``kind << 6 | tile``).  ``ValueError`` if a count or meld byte is out of
    range, a tile has more than four copies in hand and melds, or the hand is
    not 14 tiles (a kong counting three).
    """
    cdef bytes c = _as_bytes(counts)
    cdef bytes m = _as_bytes(melds)
    cdef int result = HU_INVALID
    if len(c) == N_KINDS:
        result = hu_type_c(c, m, len(m), bool(self_drawn))
    if result == HU_INVALID:
        from mahjong_fast._kernels import hutype_py

        hutype_py.hu_type(c, m, self_drawn)   # raises the error
    return result


def hu_type_wild(counts, wild, melds=b"", self_drawn=False, fifth=True):
    """The best ``HuType`` value over every placement of the jokers, 0 if none wins.

    Every copy of a kind flagged in ``wild`` (34 flags) in ``counts`` is a
    joker that may stand for any kind, itself included.  ``fifth=False``
    forbids a kind from ending with more than four copies in hand and melds;
    with ``fifth=True`` a seven-pairs kind held 6 or 8 times holds one or two
    sets of four.  Best: the higher shape, then 字一色 > 清一色 > 混一色 > none.
    Other arguments and errors as in ``hu_type``.
    """
    global _tables_ready
    cdef bytes c = _as_bytes(counts)
    cdef bytes m = _as_bytes(melds)
    cdef bytes f = _as_bytes(wild)
    cdef int result = HU_INVALID
    if not _tables_ready:
        _ensure_tables()
        _tables_ready = True
    if len(c) == N_KINDS and len(f) == N_KINDS:
        result = hu_type_wild_c(c, f, m, len(m), bool(self_drawn), bool(fifth))
    if result == HU_INVALID:
        from mahjong_fast._kernels import hutype_py

        hutype_py.hu_type_wild(c, f, m, self_drawn, fifth)   # raises the error
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


def decompositions(counts, cls, pair_tiles, chows, pungs, declared):
    """Every standard-form split of ``counts``, each ``tuple.__new__(cls, (pair_tiles[p], melds))``.

    ``melds`` is a tuple: ``chows[t]`` or ``pungs[t]`` for each meld found
    (chows first, each group in tile order) followed by the tuple ``declared``.
    Sorted by pair, then melds, as ``decompose.decompose_counts``.  ``counts``
    must be 34 counts of 0-4 (a hand already checked).
    """
    cdef bytes c = _as_bytes(counts)
    cdef const unsigned char* cp = c
    cdef unsigned char stack_buf[STACK_BYTES]
    cdef unsigned char* buf = stack_buf
    cdef unsigned char* rec
    cdef unsigned char** recs
    cdef Py_ssize_t found, k, j
    cdef int width, n_declared
    cdef tuple extra = declared
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
            melds = PyTuple_New(width - 1 + n_declared)
            for j in range(1, width):
                item = pungs[rec[j] & ~MELD_PUNG] if rec[j] & MELD_PUNG else chows[rec[j]]
                Py_INCREF(item)
                PyTuple_SET_ITEM(melds, j - 1, item)
            for j in range(n_declared):
                item = extra[j]
                Py_INCREF(item)
                PyTuple_SET_ITEM(melds, width - 1 + j, item)
            result.append(_tuple_new(cls, (pair_tiles[rec[0]], melds)))
    finally:
        PyMem_Free(recs)
        if buf != stack_buf:
            PyMem_Free(buf)
    return result
