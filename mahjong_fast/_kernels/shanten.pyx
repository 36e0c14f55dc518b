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
discard a copy of it, or take the meld or pair that holds it. Honors (seven counts) are the
same over the 5**7 lattice, without chows. Only 126 distinct capped rows of ten values exist
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

Layout: ``_shanten_tables.pxi`` builds and indexes the tables, ``_shanten_exact.pxi`` holds the
exact dynamic programmes; both are compiled into this module, which keeps the entry points.
"""

import threading as _threading
import time as _time

from cpython.bytes cimport PyBytes_AS_STRING, PyBytes_GET_SIZE
from libc.stdint cimport uint8_t, uint16_t, uint32_t, uint64_t
from libc.stdlib cimport calloc, free, malloc
from libc.string cimport memcmp, memcpy, memset

FORM_ANY = 0
FORM_STANDARD = 1
FORM_SEVEN_PAIRS = 2
FORM_THIRTEEN_ORPHANS = 3
UNREACHABLE = 99

cdef enum:
    INF = 60              # unreachable; small enough that sums of four stay in a byte
    OMAX = 14             # overflow copies tracked (never more than the jokers)

cdef uint8_t ORPHAN_IDX[13]
ORPHAN_IDX[:] = [0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33]
cdef uint8_t FULL_LIMITS[34]
FULL_LIMITS[:] = [4] * 34

include "shanten_tables.pxi"
include "shanten_exact.pxi"


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


cdef inline const uint8_t* _limits_arg(const uint8_t* limits, bint* full) noexcept nogil:
    """The limits to apply (``FULL_LIMITS`` for NULL), or NULL if one exceeds 4; sets ``full``."""
    cdef int i
    full[0] = limits == NULL or memcmp(limits, FULL_LIMITS, 34) == 0
    if full[0]:
        return FULL_LIMITS
    for i in range(34):
        if limits[i] > 4:
            return NULL
    return limits


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


cdef inline const uint8_t* _part_row(const uint8_t* c, int u, bint uncapped) noexcept nogil:
    """Table row of part ``u`` (0-2 the suits, 3 the honors) of 34 counts."""
    if u == 3:
        if uncapped:
            return g_hurows[g_hunc[_rank7(c + 27)]]
        return g_hrows[g_hcap[_rank7(c + 27)]]
    if uncapped:
        return g_urows[g_sunc[_rank9(c + 9 * u)]]
    return g_srows[g_scap[_rank9(c + 9 * u)]]


cdef inline void _part_rows(const uint8_t* c, bint uncapped, const uint8_t** rows) noexcept nogil:
    cdef int u
    for u in range(4):
        rows[u] = _part_row(c, u, uncapped)


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
    limits = _limits_arg(limits, &full)
    if limits == NULL:
        return SHANTEN_INVALID
    cost = _cost(counts, total, form, jokers if fifth else 0, limits, full)
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
    limits = _limits_arg(limits, &full)
    if limits == NULL:
        return -1
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
    cdef int u, t, n = (total + 1) // 3
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
            if _final(_part_row(hand, u, fifth), rest[u], n) == jokers:
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
    limits = _limits_arg(limits, &full)
    if limits == NULL:
        return -1
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


cdef inline bint _plain_args(object counts, object limits) noexcept:
    """Whether the tables are built, ``counts`` is 34 bytes and ``limits`` is None."""
    return (g_ready and limits is None and type(counts) is bytes
            and PyBytes_GET_SIZE(counts) == 34)


cdef tuple _checked_args(object counts, object limits):
    """``(counts, limits)`` as 34 bytes each (None limits stay None), tables built."""
    if not g_ready:
        ensure_tables()
    if type(counts) is not bytes or PyBytes_GET_SIZE(counts) != 34:
        counts = _as_34(counts, "counts")
    if limits is not None:
        limits = _as_34(limits, "limits")
    return counts, limits


cdef inline const unsigned char* _data(object data) noexcept:
    """The bytes of a 34-byte argument, or NULL for None."""
    if data is None:
        return NULL
    return <const unsigned char*>PyBytes_AS_STRING(data)


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
    cdef int result
    if not _plain_args(counts, limits):
        counts, limits = _checked_args(counts, limits)
    result = shanten_c(_data(counts), form, jokers, fifth, _data(limits))
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
    cdef int result
    if not _plain_args(counts, limits):
        counts, limits = _checked_args(counts, limits)
    result = is_win_wild_c(_data(counts), jokers, fifth, _data(limits))
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
    cdef unsigned char out[34]
    cdef int found, t
    if not _plain_args(counts, limits):
        counts, limits = _checked_args(counts, limits)
    if wild is not None and len(wild):
        wild = _as_34(wild, "wild")
    else:
        wild = None
    found = waits_c(_data(counts), jokers, fifth, _data(limits), _data(wild), out)
    if found < 0:
        _explain(counts, jokers, limits, "waits")
    result = []
    if found:
        for t in range(34):
            if out[t]:
                result.append(t)
    return result
