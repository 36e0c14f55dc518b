# cython: language_level=3, embedsignature=True, freethreading_compatible=True
"""Every pair + melds split of a standard-form concealed part (compiled).

``decompose_counts(counts)`` lists each distinct ``(pair, melds)`` split of 34
counts, sorted, with the melds of a split sorted as ``("chow" | "pung", first
tile)``; empty when the tiles are not 3n+2 or do not split.  ``counts`` is read
by ``_counts.read_counts`` (an exact ``bytes`` of 34 valid counts is used as it
is): ``TypeError`` for another type, ``ValueError`` naming the value for a
wrong length or a count outside 0-4.  The enumeration runs in C (``decompose_c``
in ``decompose.pxd``, ``nogil``).  Same answers as the pure twin
``decompose_py``; why each split is met exactly once: docs/decompose.md.
"""
from cpython.mem cimport PyMem_Free, PyMem_Malloc
from libc.string cimport memcpy

from mahjong_fast._counts cimport is_counts_bytes
from mahjong_fast._layout cimport FIRST_HONOR, MAX_COPIES, N_KINDS, N_SUITS, SUIT_SIZE

from mahjong_fast._counts import read_counts as _read_counts

cdef enum:
    STACK_BYTES = 1024

ctypedef struct _Search:
    unsigned char c[N_KINDS]
    unsigned char chows[MAX_SPLIT_MELDS]
    unsigned char pungs[MAX_SPLIT_MELDS]
    int n_chows
    int n_pungs
    unsigned char pair
    unsigned char* out
    Py_ssize_t capacity
    Py_ssize_t found

# Python objects reused for every result: a meld is ("chow" | "pung", tile).
_CHOW = tuple([("chow", t) for t in range(N_KINDS)])
_PUNG = tuple([("pung", t) for t in range(N_KINDS)])


cdef inline int _total(const unsigned char* counts) noexcept nogil:
    """Tile count, or -1 when a count is outside 0-4 (out of contract)."""
    cdef int i, total = 0
    for i in range(N_KINDS):
        if counts[i] > MAX_COPIES:
            return -1
        total += counts[i]
    return total


cdef int split_width_c(const unsigned char* counts) noexcept nogil:
    """Bytes per split record (1 + n), or 0 when the total is not 3n+2."""
    return split_width_of_total(_total(counts))


cdef void _emit(_Search* s) noexcept nogil:
    cdef unsigned char* rec
    cdef int k
    if s.found < s.capacity:
        rec = s.out + s.found * (1 + s.n_chows + s.n_pungs)
        rec[0] = s.pair
        for k in range(s.n_chows):
            rec[1 + k] = s.chows[k]
        for k in range(s.n_pungs):
            rec[1 + s.n_chows + k] = MELD_PUNG | s.pungs[k]
    s.found += 1


cdef void _melds(_Search* s, int i) noexcept nogil:
    cdef int n, p, k, j
    while i < N_KINDS and s.c[i] == 0:
        i += 1
    if i == N_KINDS:
        _emit(s)
        return
    n = s.c[i]
    for p in range(1 if n >= 3 else 0, -1, -1):
        k = n - 3 * p
        if k:
            if (i >= FIRST_HONOR or i % SUIT_SIZE > SUIT_SIZE - 3
                    or s.c[i + 1] < k or s.c[i + 2] < k):
                continue
            s.c[i + 1] -= k
            s.c[i + 2] -= k
            for j in range(k):
                s.chows[s.n_chows + j] = i
            s.n_chows += k
        if p:
            s.pungs[s.n_pungs] = i
            s.n_pungs += 1
        s.c[i] = 0
        _melds(s, i + 1)
        s.c[i] = n
        s.n_pungs -= p
        if k:
            s.n_chows -= k
            s.c[i + 1] += k
            s.c[i + 2] += k


cdef Py_ssize_t decompose_c(const unsigned char* counts, unsigned char* out,
                            Py_ssize_t capacity) noexcept nogil:
    """Write up to ``capacity`` split records to ``out``; return how many exist.

    Records are ``split_width_c(counts)`` bytes each (see decompose.pxd).
    A return value above ``capacity`` means the caller should retry with a
    larger buffer.  Counts outside 0-4 or a total other than 3n+2 give 0.
    """
    if split_width_c(counts) == 0:
        return 0
    return decompose_sized_c(counts, out, capacity)


cdef Py_ssize_t decompose_sized_c(const unsigned char* counts, unsigned char* out,
                                  Py_ssize_t capacity) noexcept nogil:
    """``decompose_c`` of counts the caller knows to be 0-4 with a 3n+2 total (``split_width_c`` not 0)."""
    cdef _Search s
    cdef int i, g, size, pair_group = -1
    # Each suit (and the honors) splits on its own: the pair sits in the only
    # group whose size is 2 mod 3, and every other group must be 0 mod 3.
    for g in range(N_SUITS + 1):
        size = 0  # summed in a register: a sum kept in memory waits on its last store at every tile
        for i in range(g * SUIT_SIZE, (g + 1) * SUIT_SIZE if g < N_SUITS else N_KINDS):
            size += counts[i]
        if size % 3 == 2:
            pair_group = g
        elif size % 3 == 1:
            return 0
    memcpy(s.c, counts, N_KINDS)
    s.n_chows = 0
    s.n_pungs = 0
    s.out = out
    s.capacity = capacity
    s.found = 0
    for i in range(pair_group * SUIT_SIZE,
                   N_KINDS if pair_group == N_SUITS else pair_group * SUIT_SIZE + SUIT_SIZE):
        if s.c[i] >= 2:
            s.pair = i
            s.c[i] -= 2
            _melds(&s, 0)
            s.c[i] += 2
    return s.found


def decompose_counts(counts) -> list:
    """Every distinct split of a standard-form concealed part into pair + melds.

    Parameters
    ----------
    counts : bytes
        34 tile counts (0-4) in index34 order, or any value ``read_counts`` accepts.

    Returns
    -------
    list of (int, tuple of (str, int))
        ``(pair, melds)`` for each split, sorted; ``melds`` holds n
        ``("chow" | "pung", first tile index34)`` tuples, sorted.  Empty when
        the tiles are not 3n+2 or do not split.

    Raises
    ------
    TypeError
        If ``counts`` is not bytes, a buffer or a list/tuple of ints.
    ValueError
        If ``counts`` does not hold exactly 34 values, or a count is outside 0-4.
    """
    if not is_counts_bytes(counts):
        counts = _read_counts(counts, "counts")
    cdef const unsigned char* c = counts
    cdef unsigned char stack_buf[STACK_BYTES]
    cdef unsigned char* buf = stack_buf
    cdef unsigned char* rec
    cdef int width = split_width_c(c)
    cdef Py_ssize_t found, k, j
    if width == 0:
        return []
    with nogil:
        found = decompose_c(c, buf, STACK_BYTES // width)
    if found > STACK_BYTES // width:
        buf = <unsigned char*>PyMem_Malloc(found * width)
        if buf == NULL:
            raise MemoryError()
        with nogil:
            decompose_c(c, buf, found)
    try:
        result = []
        for k in range(found):
            rec = buf + k * width
            melds = []
            for j in range(1, width):
                if rec[j] & MELD_PUNG:
                    melds.append(_PUNG[rec[j] & ~MELD_PUNG])
                else:
                    melds.append(_CHOW[rec[j]])
            result.append((rec[0], tuple(melds)))
    finally:
        if buf != stack_buf:
            PyMem_Free(buf)
    result.sort()
    return result
