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
from mahjong_fast._layout cimport (
    FIRST_HONOR, MAX_COPIES, MAX_HAND, N_HONORS, N_KINDS, N_ORPHANS, N_SUITS, ORPHANS, SUIT_SIZE,
)

from mahjong_fast._counts import read_counts as _read_counts

include "shanten_ranks.pxi"
include "shanten_rows.pxi"
include "shanten_tables.pxi"
include "shanten_exact.pxi"
include "shanten_entry.pxi"

FORM_ANY = 0
FORM_STANDARD = 1
FORM_SEVEN_PAIRS = 2
FORM_THIRTEEN_ORPHANS = 3
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


cdef object _explain(bytes data, int jokers, object limits, str kind, int form=0):
    """Raise the ``ValueError`` describing why an entry point rejected its input."""
    _read_counts(data, "counts")
    if limits is not None:
        _read_counts(limits, "limits")
    if not 0 <= jokers <= MAX_HAND:
        raise ValueError(f"jokers must be in 0-{MAX_HAND}, got {jokers}")
    total = sum(data) + jokers
    if kind == "waits":
        raise ValueError(f"a hand for waits holds 3n+1 tiles (n <= 4), got {total}")
    if total % 3 == 0 or not 0 < total <= MAX_HAND:
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
    ``counts`` and ``limits`` are read by ``read_counts`` (``ValueError`` for a wrong length
    or a value outside 0-4).
    """
    cdef int result
    if not _plain_args(counts, limits):
        counts, limits = _checked_args(counts, limits)
    _check_limits(counts, limits)
    result = shanten_c(_data(counts), form, jokers, fifth, _data(limits))
    if result == SHANTEN_INVALID:
        _explain(counts, jokers, limits, "shanten", form)
    return result


def is_win_wild(counts, int jokers, bint fifth=True, limits=None):
    """Whether ``counts`` plus ``jokers`` wild tiles form a complete hand in any form.

    Jokers may stand for any tile: in a meld or the pair (standard form), to fill a single
    (seven pairs) or a missing orphan (thirteen orphans). With ``fifth=False`` the copies of a
    tile, real and joker, may not exceed ``limits[t]`` (default 4). Any total other than 3n+2
    (n <= 4) is simply not a win.  ``counts`` and ``limits`` are read by ``read_counts``.
    """
    cdef int result
    if not _plain_args(counts, limits):
        counts, limits = _checked_args(counts, limits)
    _check_limits(counts, limits)
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
    found = waits_c(_data(counts), jokers, fifth, _data(limits), _data(wild), out)
    if found < 0:
        _explain(counts, jokers, limits, "waits")
    result = []
    if found:
        for t in range(N_KINDS):
            if out[t]:
                result.append(t)
    return result
