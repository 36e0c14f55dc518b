# cython: language_level=3, embedsignature=True, freethreading_compatible=True
# cython: boundscheck=False, wraparound=False, cdivision=True, initializedcheck=False
"""Shanten, waits and wildcards on 34 counts, by per-part distance tables (compiled).

``shanten_counts(counts, form, jokers, fifth, limits)`` is the distance from a
complete hand (-1 complete, 0 ready), ``waits_counts`` the tiles that complete a
hand of 3n+1 tiles, ``is_win_wild`` whether counts plus jokers win.  ``counts``,
``limits`` and ``wild`` are read by ``_counts.read_counts``: ``TypeError`` for
another type, ``ValueError`` naming the value for a wrong length or a value
outside 0-4; a bad form, joker count or tile total is a ``ValueError`` too.  The
tables are built in C on first use (``ensure_tables``; about 2 MB, 0.1 s) and
published with release/acquire order.  Same answers as the pure twin
``shanten_py``.  Terms, tables and proofs: docs/shanten.md.
"""
import threading as _threading
import time as _time

from cpython.bytes cimport PyBytes_AS_STRING, PyBytes_GET_SIZE
from libc.stdint cimport uint8_t, uint16_t, uint32_t, uint64_t
from libc.stdlib cimport calloc, free, malloc
from libc.string cimport memcmp, memcpy, memset

from mahjong_fast._counts cimport is_counts_bytes
from mahjong_fast._kernels.common cimport (
    INF, KNITTED_TILES, N_KNITTED_SETS, ROW_LEN, ctz64, fill_knitted_sets, knitted_residue, part_of, popcount64,
    row_product,
)
from mahjong_fast._kernels.rule_flags cimport (
    ALL_BITS, CHINESE, DROP_MASK, DROP_SHIFT, KNITTED, LOCK_MASK, LOCK_SHIFT, SEVEN_PAIRS, SEVEN_PAIRS_DISTINCT,
    THIRTEEN_ORPHANS,
)
from mahjong_fast._layout cimport (
    FIRST_HONOR, MAX_COPIES, MAX_HAND, N_HONORS, N_KINDS, N_ORPHANS, N_SUITS, ORPHANS, SUIT_SIZE,
)

from mahjong_fast._counts import read_counts as _read_counts

include "shanten_ranks.pxi"
include "shanten_rows.pxi"
include "shanten_tables.pxi"
include "shanten_plain.pxi"
include "shanten_exact.pxi"
include "shanten_rules.pxi"
include "shanten_knitted.pxi"
include "shanten_entry.pxi"
include "shanten_entry_rules.pxi"

FORM_ANY = 0
FORM_STANDARD = 1
FORM_SEVEN_PAIRS = 2
FORM_THIRTEEN_ORPHANS = 3
FORM_KNITTED = FORM_C_KNITTED
FORM_KNITTED_STRAIGHT = FORM_C_KNITTED_STRAIGHT
UNREACHABLE = SHANTEN_UNREACHABLE

_build_lock = _threading.Lock()


def ensure_tables() -> float:
    """Build the lookup tables if needed; return the seconds this call spent building.

    Thread-safe: one thread builds, under a lock, and the others wait for it.  Called by
    the first Python-level call; call it before using the C entry points of
    ``shanten.pxd`` without the GIL.
    """
    cdef int rc
    if tables_ready():
        return 0.0
    with _build_lock:
        if tables_ready():
            return 0.0
        start = _time.perf_counter()
        with nogil:
            rc = _build_and_publish()
        if rc == -1:
            raise MemoryError("cannot allocate the shanten tables")
        if rc != 0:
            raise RuntimeError("shanten row dictionary overflowed")
        tables.build_seconds = _time.perf_counter() - start
        return tables.build_seconds


def table_info() -> dict:
    """Sizes and build time of the tables (building them if needed)."""
    ensure_tables()
    return {
        "bytes": tables.nbytes,
        "build_seconds": tables.build_seconds,
        "suit_vectors": SUIT_VECTORS,
        "honor_vectors": HONOR_VECTORS,
        "suit_rows_capped": tables.suit.n_capped,
        "suit_rows_uncapped": tables.suit.n_uncapped,
        "honor_rows_capped": tables.honors.n_capped,
        "honor_rows_uncapped": tables.honors.n_uncapped,
    }


cdef inline bint _plain_args(object counts, object limits) noexcept:
    """Whether the tables are ready and ``counts`` and ``limits`` (or None) are 34 bytes each.

    The entry point then checks the values itself, and ``_explain`` names a bad one as
    ``read_counts`` would.
    """
    return (type(counts) is bytes and PyBytes_GET_SIZE(counts) == N_KINDS
            and (limits is None
                 or (type(limits) is bytes and PyBytes_GET_SIZE(limits) == N_KINDS))
            and tables_ready())


cdef tuple _checked_args(object counts, object limits):
    """``(counts, limits)`` read by ``read_counts`` (None limits stay None), tables built."""
    counts = _read_counts(counts, "counts")
    if limits is not None:
        limits = _read_counts(limits, "limits")
    ensure_tables()
    return counts, limits


cdef object _check_limits(object counts, object limits):
    """A count above its limit is no hand the limits allow: ``ValueError`` naming it."""
    cdef const unsigned char* c
    cdef const unsigned char* lim
    cdef int t
    if limits is None:
        return
    c, lim = _data(counts), _data(limits)
    for t in range(N_KINDS):
        if c[t] > MAX_COPIES or lim[t] > MAX_COPIES:
            return  # a bad count or limit: the entry point names it as read_counts would
    for t in range(N_KINDS):
        if c[t] > lim[t]:
            raise ValueError(f"counts[{t}] = {c[t]} is above limits[{t}] = {lim[t]}")


cdef inline bint _no_wild(object wild):
    """Whether ``wild`` says "no wild kinds": None, or an empty bytes, bytearray, list or tuple."""
    return wild is None or (isinstance(wild, (bytes, bytearray, list, tuple)) and len(wild) == 0)


cdef inline const unsigned char* _data(object data) noexcept:
    """The bytes of a 34-byte argument, or NULL for None."""
    if data is None:
        return NULL
    return <const unsigned char*>PyBytes_AS_STRING(data)


_FORM_NAMES = {2: "seven pairs", 3: "thirteen orphans", 4: "knitted, 全不靠", 5: "knitted straight, 组合龙"}


def rules_problem(rules) -> str:
    """Why ``rules`` is no valid set of ``rule_flags`` bits (an int), or ``""`` when it is one."""
    if type(rules) is not int:
        return f"rules must be an int of rule_flags bits, not {type(rules).__name__}"
    if rules < 0 or rules & ~RULE_BITS:
        return f"rules = {rules} holds bits that rule_flags does not define (0-9)"
    if rules & SEVEN_PAIRS and rules & SEVEN_PAIRS_DISTINCT:
        return f"rules = {rules} sets both SEVEN_PAIRS and SEVEN_PAIRS_DISTINCT"
    if (rules & DROP_MASK) >> DROP_SHIFT > 2:
        return f"rules = {rules} drops 3 suits (DROP is 0, 1 or 2)"
    return ""


cdef object _explain(bytes data, int jokers, object limits, str kind, int form=0, int rules=CHINESE):
    """Raise the ``ValueError`` describing why an entry point rejected its input."""
    _read_counts(data, "counts")
    if limits is not None:
        _read_counts(limits, "limits")
    if not 0 <= jokers <= MAX_HAND:
        raise ValueError(f"jokers must be in 0-{MAX_HAND}, got {jokers}")
    problem = rules_problem(rules)
    if problem:
        raise ValueError(problem)
    total = sum(data) + jokers
    if kind == "waits":
        raise ValueError(f"a hand for waits holds 3n+1 tiles (n <= 4), got {total}")
    if total % 3 == 0 or not 0 < total <= MAX_HAND:
        raise ValueError(f"a hand for shanten holds 3n+1 or 3n+2 tiles (n <= 4), got {total}")
    form_problem(form, rules, total)
    raise AssertionError("an entry point rejected valid input")  # pragma: no cover


def form_problem(int form, int rules, int total):
    """``ValueError`` for a form outside 0-5, one ``rules`` do not allow, or one a hand of
    ``total`` tiles cannot take."""
    if not 0 <= form <= 5:
        raise ValueError(f"form must be 0 (any), 1, 2, 3, 4 or 5, got {form}")
    if not _form_allowed(form, rules):
        raise ValueError(f"form {form} ({_FORM_NAMES[form]}) is not allowed by rules = {rules}")
    if form == FORM_C_KNITTED_STRAIGHT and total < 10:
        raise ValueError(f"form {form} needs a hand of 10, 11, 13 or 14 tiles, got {total}")
    if 2 <= form <= 4 and total < MAX_HAND - 1:
        raise ValueError(f"form {form} needs a hand of 13 or 14 tiles, got {total}")


def shanten_counts(counts, int form=0, int jokers=0, bint fifth=True, limits=None, *, int rules=CHINESE):
    """Shanten number of a concealed hand given as 34 counts (-1 complete, 0 ready).

    ``form``: 0 the least over every form ``rules`` allow, 1 standard (n melds + a pair),
    2 seven pairs, 3 thirteen orphans, 4 全不靠 (七星不靠 included), 5 组合龙. The hand holds
    ``sum(counts) + jokers`` tiles, 3n+1 or 3n+2 with n <= 4, and is completed to n melds and a
    pair; forms 2-4 need 13 or 14 tiles and form 5 10, 11, 13 or 14 (``ValueError`` otherwise;
    form 0 then leaves them out). ``jokers`` wild tiles, already removed from ``counts``, stand
    for any tile. ``limits`` (34 values, default 4 each; pass 4 minus the copies in declared
    melds) caps the copies of each tile in the completed hand; ``fifth=True`` lets jokers exceed
    it. When the limits leave no complete hand of the form at all, the result is
    ``UNREACHABLE`` (99).  ``rules``: the bits of ``rule_flags`` (default ``CHINESE``, today's
    forms); a bad combination or a form the rules do not allow is a ``ValueError``.  Under any
    other rules a limit of 0 means the tile is not played (never in a target, jokers included)
    and a dropped suit's tiles stay in the hand as useless tiles (docs/rules.md).
    Without jokers the standard form equals the ``mahjong`` package's
    ``Shanten().calculate_shanten(..., use_chiitoitsu=False, use_kokushi=False)``.
    ``counts`` and ``limits`` are read by ``read_counts`` (``ValueError`` for a wrong length
    or a value outside 0-4).
    """
    cdef int result
    if not _plain_args(counts, limits):
        counts, limits = _checked_args(counts, limits)
    _check_limits(counts, limits)
    result = shanten_rules_c(_data(counts), form, jokers, fifth, _data(limits), rules)
    if result == SHANTEN_INVALID:
        _explain(counts, jokers, limits, "shanten", form, rules)
    return result


def is_win_wild(counts, int jokers, bint fifth=True, limits=None, *, int rules=CHINESE):
    """Whether ``counts`` plus ``jokers`` wild tiles form a complete hand in any form.

    Jokers may stand for any tile: in a meld or the pair (standard form), to fill a single
    (seven pairs) or a missing orphan (thirteen orphans). With ``fifth=False`` the copies of a
    tile, real and joker, may not exceed ``limits[t]`` (default 4). Any total other than 3n+2
    (n <= 4) is simply not a win.  ``rules`` as for ``shanten_counts``: the forms they allow,
    at most ``3 - DROP`` suits among the concealed tiles and the locked ones.  ``counts`` and
    ``limits`` are read by ``read_counts``.
    """
    cdef int result
    if not _plain_args(counts, limits):
        counts, limits = _checked_args(counts, limits)
    _check_limits(counts, limits)
    result = is_win_rules_c(_data(counts), jokers, fifth, _data(limits), rules)
    if result < 0:
        _explain(counts, jokers, limits, "win", 0, rules)
    return result == 1


def waits_counts(counts, int jokers=0, bint fifth=True, limits=None, wild=b"", *, int rules=CHINESE):
    """Sorted index34 tiles that complete a hand of 3n+1 tiles (counts plus jokers).

    A tile ``t`` is a wait iff ``counts[t] < limits[t]`` (a tile whose remaining copies are all
    held is never a wait) and the hand with ``t`` added wins in any form ``rules`` allow (as
    ``is_win_wild``). ``wild`` (34 flags, default none) marks the wild kinds:
    drawing one adds a joker instead, so a wild ``t`` is a wait iff ``counts[t] < limits[t]``
    and the hand with one more joker wins. The caller strips wild copies from ``counts``, so
    ``counts[t]`` is normally 0 there; it knows how many it stripped and should drop ``t`` when
    that reaches ``limits[t]``.  ``counts``, ``limits`` and ``wild`` (unless None or an empty
    bytes, list or tuple: no wild kinds) are read by ``read_counts``.
    """
    cdef unsigned char out[N_KINDS]
    cdef int found, t
    if not _plain_args(counts, limits):
        counts, limits = _checked_args(counts, limits)
    _check_limits(counts, limits)
    if wild is None or (type(wild) is bytes and PyBytes_GET_SIZE(wild) == 0):
        wild = None
    elif not is_counts_bytes(wild):
        wild = None if _no_wild(wild) else _read_counts(wild, "wild")
    found = waits_rules_c(_data(counts), jokers, fifth, _data(limits), _data(wild), rules, out)
    if found < 0:
        _explain(counts, jokers, limits, "waits", 0, rules)
    result = []
    if found:
        for t in range(N_KINDS):
            if out[t]:
                result.append(t)
    return result
