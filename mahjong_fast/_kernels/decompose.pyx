# cython: language_level=3, embedsignature=True, freethreading_compatible=True
"""Every pair + melds split of a standard-form concealed part (compiled kernel).

The enumeration runs in C on a copy of the 34 counts: for each possible pair it
recurses over the lowest non-empty tile ``i``.  Every meld that still holds a
copy of ``i`` must start at ``i``, so the copies of ``i`` are consumed in one
step as ``p`` pungs (0 or 1) plus ``c[i] - 3p`` chows ``i, i+1, i+2``.  Each
multiset of melds is therefore reached exactly once and no split is duplicated.
Honors never form chows and a chow never starts above 7 in its suit.

The pure-Python twin is ``_decompose_py``; both give identical results.
"""
from cpython.mem cimport PyMem_Free, PyMem_Malloc
from libc.string cimport memcpy

cdef enum:
    N_TILES = 34
    N_SUITED = 27
    STACK_BYTES = 1024

ctypedef struct _Search:
    unsigned char c[N_TILES]
    unsigned char chows[MAX_MELDS]
    unsigned char pungs[MAX_MELDS]
    int n_chows
    int n_pungs
    unsigned char pair
    unsigned char* out
    Py_ssize_t capacity
    Py_ssize_t found

# Python objects reused for every result: a meld is ("chow" | "pung", tile).
_CHOW = tuple([("chow", t) for t in range(N_TILES)])
_PUNG = tuple([("pung", t) for t in range(N_TILES)])


cdef inline int _total(const unsigned char* counts) noexcept nogil:
    """Tile count, or -1 when a count is outside 0-4 (out of contract)."""
    cdef int i, total = 0
    for i in range(N_TILES):
        if counts[i] > 4:
            return -1
        total += counts[i]
    return total


cdef int split_width_c(const unsigned char* counts) noexcept nogil:
    """Bytes per split record (1 + n), or 0 when the total is not 3n+2."""
    cdef int total = _total(counts)
    if total < 2 or total % 3 != 2:
        return 0
    return 1 + (total - 2) // 3


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
    while i < N_TILES and s.c[i] == 0:
        i += 1
    if i == N_TILES:
        _emit(s)
        return
    n = s.c[i]
    for p in range(1 if n >= 3 else 0, -1, -1):
        k = n - 3 * p
        if k:
            if i >= N_SUITED or i % 9 > 6 or s.c[i + 1] < k or s.c[i + 2] < k:
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

    Records are ``split_width_c(counts)`` bytes each (see _decompose.pxd).
    A return value above ``capacity`` means the caller should retry with a
    larger buffer.  Counts outside 0-4 or a total other than 3n+2 give 0.
    """
    cdef _Search s
    cdef int i, g, pair_group = -1
    cdef int mods[4]
    if split_width_c(counts) == 0:
        return 0
    # Each suit (and the honors) splits on its own: the pair sits in the only
    # group whose size is 2 mod 3, and every other group must be 0 mod 3.
    for g in range(4):
        mods[g] = 0
    for i in range(N_TILES):
        mods[i // 9 if i < N_SUITED else 3] += counts[i]
    for g in range(4):
        mods[g] %= 3
        if mods[g] == 2:
            pair_group = g
        elif mods[g] == 1:
            return 0
    memcpy(s.c, counts, N_TILES)
    s.n_chows = 0
    s.n_pungs = 0
    s.out = out
    s.capacity = capacity
    s.found = 0
    for i in range(pair_group * 9, N_TILES if pair_group == 3 else pair_group * 9 + 9):
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
        34 tile counts (0-4) in index34 order; any other buffer of 34 values
        or sequence of 34 ints is converted with ``bytes()``.

    Returns
    -------
    list of (int, tuple of (str, int))
        ``(pair, melds)`` for each split, sorted; ``melds`` holds n
        ``("chow" | "pung", first tile index34)`` tuples, sorted.  Empty when
        the tiles are not 3n+2 or do not split.

    Raises
    ------
    ValueError
        If ``counts`` does not hold exactly 34 values.
    """
    if not isinstance(counts, bytes):
        counts = bytes(counts)
    if len(counts) != N_TILES:
        raise ValueError(f"counts must hold 34 values, got {len(counts)}")
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
