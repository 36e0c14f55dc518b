# cython: language_level=3, embedsignature=True, freethreading_compatible=True
"""Win-check kernels on 34 counts (compiled): ``cluster``, ``carry`` and the special forms.

Both standard-form kernels start from one exact pre-check (``_pair_group``): a
meld never crosses a group (suit or honors), so every suit holds 3k tiles except
the single group holding the pair (3k+2 tiles); every honor is held 0 or 3
times except the pair; no count exceeds 4 and the total is 2, 5, 8, 11 or 14.

``cluster`` (after seed 000, ``AI.isPingHu``) copies the counts into a C
``int[40]``: slots 1-9, 11-19 and 21-29 are the suits (m, p, s), 30-36 the
honors, and slots 0, 10 and 20 stay empty so a chow cannot cross a suit; a
chow must also end below 30, since the honor slots are consecutive.  The
recursion takes as pivot the lowest slot still holding tiles (an empty slot
passes straight to the next level): every meld holding a copy of the pivot
starts there, so a level has at most two choices, a pung
or a chow of the pivot, and the choice is forced.  With three copies or
more take the pung (three chows from the pivot remove the same tiles as
three pungs of the pivot and the next two slots, which later levels take);
the 0-2 copies left must each open a chow.  So a level empties its pivot in
one step and the melds are never backtracked: the pair is the only real
choice, made once at the top.  The weighted sum ``sum(rank * count)`` of
the pair's suit fixes the pair's rank modulo 3 (a chow or pung adds a
multiple of 3), so at most three ranks are tried.  Seed 000 tried a chow and
a pung at every slot on each level, not just at the pivot, so it visited
the same melds in every order: correct, but exponential.

``carry`` (after seed 004, ``huLegal``) tries each pair of the pair group,
cuts the group at empty ranks into runs, writes a run's counts as decimal
digits, lowest tile first (counts 3,1,2,2,1 give 31221; 9 digits at most,
well within 64 bits) and strips it from the head.  ``carry_table()`` is
derived at import: for a head ``abc`` the ``a`` lowest copies open ``p``
pungs (0 or 1) and ``k = a - 3p`` chows, with ``k <= b`` and ``k <= c``,
preferring the fewest chows for the pung argument above; the head loses
``100a + 11k``.  Each step empties the lead digit, so a run of n digits
needs at most n steps.  The tests hold every digit string of 1-9 digits 1-4
against a brute force.  Faults of the seed fixed here:

* honors form runs: the honor codes 0x31-0x37 are consecutive, so 1z2z3z
  stripped as a chow; here each honor is a run of its own and must be 0 or 3
  copies (or the pair).
* digits read with ``Mathf.Log10`` / ``Mathf.Pow`` (single precision): above
  2**24 the run value is rounded, so 8- and 9-digit runs strip wrongly.  An
  exhaustive emulation over all digit strings of 1-9 digits 1-4 (total a
  multiple of 3) gives 11,404 wrong answers, 33 of them at 12 tiles or fewer
  (so inside a 14-tile hand), all rejecting a winning hand: 123456789m +
  123s + 11p, or the run 3,1,1,1,1,1,1,3 (111 + 234 + 567 + 888), is
  declared not winning.  Here the value is an integer and the head comes
  from a power-of-ten table; a run is padded with two zero digits so a head
  always has three digits, where the seed divided by ``Pow(10, -1)``.
* the 9-iteration cap of ``isMianPart``: an arbitrary bound.  With exact
  arithmetic the seed's table never needs more, and its decisions are
  right for every digit string of up to 9 digits (exhaustive check; a
  string that splits needs 7 steps at most), but its fallbacks ``4 -> 3``
  and ``44 -> 33`` leave the lead digit non-zero, so nothing bounds the loop
  but the cap (they fire only on strings that cannot split).  Here each
  step uses up the lead digit, so the loop ends by itself.
* pair extraction by zeroing two codes and re-sorting, a zero-padded break
  array of fixed size 22 and a conversion to digits the post leaves out: here
  the pair is two counts taken off one rank, and runs are cut while walking
  the counts, so nothing is sorted or allocated.
* no bound on the hand: the seed accepts any 3n+2 tiles and any copies; here
  counts above 4 or more than 14 tiles answer False.

``seven_pairs`` (14 tiles, all in pairs, four identical tiles count as two
pairs) and ``thirteen_orphans`` (14 tiles: every terminal and honor, one of
them twice) complete ``is_win_counts``.  All C entry points are declared in
``_win.pxd`` and run ``nogil``; the Python functions take a ``bytes`` of 34
counts (or any C-contiguous buffer of 34 bytes) and raise ``ValueError`` for
another length.  ``_win_py`` is the pure-Python twin with identical results.
"""
cimport cython
from cpython.buffer cimport PyBUF_SIMPLE, PyBuffer_Release, PyObject_GetBuffer
from cpython.bytes cimport PyBytes_AS_STRING, PyBytes_CheckExact, PyBytes_GET_SIZE
from libc.string cimport memcpy, memset

from mahjong_fast._kernels.carry import carry_table

cdef enum:
    N_TILES = 34
    N_SUITED = 27
    N_SLOTS = 40
    LAST_CHOW_SLOT = 27         # a chow from 28 would reach the first honor slot, 30
    HONOR_GROUP = 3
    MAX_COUNT = 4
    MAX_TILES = 14
    MAX_RUN_DIGITS = 9
    CARRY_HEADS = 500


cdef short _CARRY[CARRY_HEADS]
cdef long long _POW10[MAX_RUN_DIGITS + 1]
cdef int _ORPHANS[13]
_ORPHANS[:] = [0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33]
# Bit g set when group g (3 = honors) holds 3k+2 tiles -> the pair group, if it is the only one.
cdef signed char _PAIR_GROUP[16]
_PAIR_GROUP[:] = [-1, 0, 1, -1, 2, -1, -1, -1, 3, -1, -1, -1, -1, -1, -1, -1]


memset(_CARRY, 0, sizeof(_CARRY))
for _head, _strip in carry_table().items():
    _CARRY[_head] = _strip
_POW10[0] = 1
for _e in range(1, MAX_RUN_DIGITS + 1):
    _POW10[_e] = _POW10[_e - 1] * 10
del _head, _strip, _e


@cython.cdivision(True)
cdef int _pair_group(const unsigned char* counts) noexcept nogil:
    """Group holding the pair (0-2 a suit, 3 the honors), or -1 if no split can exist."""
    # The loops hold no branch on purpose: most losing hands end here, on random counts.
    cdef int i, n, total, over = 0, m = 0, p = 0, s = 0, honors = 0, seen = 0, honor_pairs = 0
    for i in range(9):
        m += counts[i]
        p += counts[9 + i]
        s += counts[18 + i]
        over |= (MAX_COUNT - counts[i]) | (MAX_COUNT - counts[9 + i]) | (MAX_COUNT - counts[18 + i])
    for i in range(N_SUITED, N_TILES):
        n = counts[i]
        over |= MAX_COUNT - n
        seen |= 1 << (n & 7)         # bit n: some honor is held n times
        honor_pairs += n == 2
        honors += n
    total = m + p + s + honors
    m %= 3
    p %= 3
    s %= 3
    if (over < 0 or seen & 0x12 or honor_pairs > 1 or m == 1 or p == 1 or s == 1
            or total > MAX_TILES):
        return -1                   # a count > 4, an honor held 1 or 4 times, a 3k+1 suit...
    return _PAIR_GROUP[(m >> 1) | (p & 2) | (s & 2) << 1 | honor_pairs << 3]


# ---------------------------------------------------------------- cluster

cdef bint _melds(int* c, int pivot, int stop) noexcept nogil:
    """Whether slots ``pivot..stop-1`` of the cluster array split into pungs and chows.

    Every slot below ``pivot`` is empty, so the pivot is the lowest slot that
    may hold tiles: empty it (one pung if it holds three or more, the rest as
    chows from it) and recurse on the next slot.  Consumes ``c``.
    """
    cdef int chows
    if pivot == stop:
        return True
    chows = c[pivot] - 3 if c[pivot] >= 3 else c[pivot]
    if chows:
        if pivot > LAST_CHOW_SLOT or c[pivot + 1] < chows or c[pivot + 2] < chows:
            return False
        c[pivot + 1] -= chows
        c[pivot + 2] -= chows
    return _melds(c, pivot + 1, stop)


@cython.cdivision(True)
cdef bint win_cluster_c(const unsigned char* counts) noexcept nogil:
    """Standard form (3n+2 tiles = n melds + a pair) by recursion on the cluster array."""
    cdef int c[N_SLOTS]
    cdef int work[N_SLOTS]
    cdef int g, i, lo, rank, weight = 0
    g = _pair_group(counts)
    if g < 0:
        return False
    memset(c, 0, sizeof(c))
    for i in range(N_SUITED):
        c[i + 1 + i // 9] = counts[i]
    for i in range(N_SUITED, N_TILES):
        c[i + 3] = counts[i]
    for i in range(3):
        if i != g and not _melds(c, 10 * i + 1, 10 * i + 10):
            return False
    if g == HONOR_GROUP:
        return True                 # _pair_group proved every honor a pung or the pair
    lo = 10 * g + 1
    for rank in range(9):
        weight += rank * c[lo + rank]
    for rank in range(2 * weight % 3, 9, 3):
        if c[lo + rank] >= 2:
            memcpy(work + lo, c + lo, 10 * sizeof(int))
            work[lo + rank] -= 2
            if _melds(work, lo, lo + 9):
                return True
    return False


# ---------------------------------------------------------------- carry

@cython.cdivision(True)
cdef inline long long _shift_down(long long v, int e) noexcept nogil:
    """``v // 10**e`` for e in 0-8, by constant divisors (a multiply each, not a division)."""
    if e == 0:
        return v
    if e == 1:
        return v // 10
    if e == 2:
        return v // 100
    if e == 3:
        return v // 1000
    if e == 4:
        return v // 10000
    if e == 5:
        return v // 100000
    if e == 6:
        return v // 1000000
    if e == 7:
        return v // 10000000
    return v // 100000000


cdef bint _run_melds(long long run, int ndigits) noexcept nogil:
    """Whether a run (one decimal digit per rank, lowest first) splits into melds."""
    # Two zero digits are appended so a head always has three digits; the run
    # stays a multiple of 100, hence e >= 0 while it is non-zero.
    cdef long long v = run * 100
    cdef long long head, strip
    cdef int e = ndigits - 1
    while v != 0 and e >= 0:
        head = _shift_down(v, e)
        if head >= 100:             # else the lead digit is used up already
            if head >= CARRY_HEADS:
                return False
            strip = _CARRY[head]
            if strip == 0:
                return False
            v -= strip * _POW10[e]
        e -= 1
    return v == 0


@cython.cdivision(True)
cdef bint _suit_runs(const unsigned char* counts, int lo, int pair) noexcept nogil:
    """Cut suit ``lo..lo+8`` (less the pair at ``pair``) into runs and strip each."""
    cdef long long run = 0
    cdef int i, n, ndigits = 0, tiles = 0
    for i in range(lo, lo + 9):
        n = counts[i] - 2 if i == pair else counts[i]
        if n:
            run = run * 10 + n
            ndigits += 1
            tiles += n
        elif ndigits:
            if tiles % 3 or not _run_melds(run, ndigits):
                return False
            run = ndigits = tiles = 0
    return ndigits == 0 or (tiles % 3 == 0 and _run_melds(run, ndigits))


cdef bint win_carry_c(const unsigned char* counts) noexcept nogil:
    """Standard form (3n+2 tiles = n melds + a pair) by digit-string carry stripping."""
    cdef int g, s, tile
    g = _pair_group(counts)
    if g < 0:
        return False
    for s in range(3):
        if s != g and not _suit_runs(counts, 9 * s, -1):
            return False
    if g == HONOR_GROUP:
        return True                 # each honor is a one-digit run: 3, or the pair
    for tile in range(9 * g, 9 * g + 9):
        if counts[tile] >= 2 and _suit_runs(counts, 9 * g, tile):
            return True
    return False


# ---------------------------------------------------------------- special forms

cdef bint seven_pairs_c(const unsigned char* counts) noexcept nogil:
    """Seven pairs: exactly 14 tiles, every count even (four identical = two pairs)."""
    cdef int i, total = 0
    for i in range(N_TILES):
        if counts[i] & 1 or counts[i] > MAX_COUNT:
            return False
        total += counts[i]
    return total == MAX_TILES


cdef bint thirteen_orphans_c(const unsigned char* counts) noexcept nogil:
    """Thirteen orphans: every terminal and honor, one of them twice, nothing else."""
    cdef int i, n, total = 0, orphans = 0
    for i in range(N_TILES):
        total += counts[i]
    if total != MAX_TILES:
        return False
    for i in range(13):
        n = counts[_ORPHANS[i]]
        if n == 0 or n > 2:
            return False
        orphans += n
    return orphans == MAX_TILES


cdef bint _any_form_cluster(const unsigned char* counts) noexcept nogil:
    return win_cluster_c(counts) or seven_pairs_c(counts) or thirteen_orphans_c(counts)


cdef bint _any_form_carry(const unsigned char* counts) noexcept nogil:
    return win_carry_c(counts) or seven_pairs_c(counts) or thirteen_orphans_c(counts)


# ---------------------------------------------------------------- Python level

cdef object apply_kernel(kernel_t kernel, object counts):
    """Run ``kernel`` on a 34-byte counts buffer; bytes take the fast path."""
    cdef Py_buffer view
    cdef bint result
    if PyBytes_CheckExact(counts):
        if PyBytes_GET_SIZE(counts) != N_TILES:
            raise ValueError(f"counts must be {N_TILES} bytes, got {PyBytes_GET_SIZE(counts)}")
        return kernel(<const unsigned char*>PyBytes_AS_STRING(counts))
    try:
        PyObject_GetBuffer(counts, &view, PyBUF_SIMPLE)
    except BufferError as exc:
        raise ValueError(f"counts must be a C-contiguous buffer: {exc}") from None
    try:
        if view.len != N_TILES:
            raise ValueError(f"counts must be {N_TILES} bytes, got {view.len}")
        result = kernel(<const unsigned char*>view.buf)
    finally:
        PyBuffer_Release(&view)
    return result


def win_cluster(counts):
    """Whether 34 counts form a standard hand (n melds + a pair), by the cluster recursion."""
    return apply_kernel(win_cluster_c, counts)


def win_carry(counts):
    """Whether 34 counts form a standard hand (n melds + a pair), by carry stripping."""
    return apply_kernel(win_carry_c, counts)


def seven_pairs(counts):
    """Whether 34 counts are seven pairs (14 tiles; four identical tiles are two pairs)."""
    return apply_kernel(seven_pairs_c, counts)


def thirteen_orphans(counts):
    """Whether 34 counts are thirteen orphans (十三幺), 14 tiles."""
    return apply_kernel(thirteen_orphans_c, counts)


def is_win_counts(counts, strategy="cluster"):
    """Whether 34 counts win in any form; ``strategy`` is ``"cluster"`` or ``"carry"``."""
    if strategy == "cluster":
        return apply_kernel(_any_form_cluster, counts)
    if strategy == "carry":
        return apply_kernel(_any_form_carry, counts)
    raise ValueError(f"unknown strategy {strategy!r}; expected 'cluster' or 'carry'")


def run_melds(run):
    """Whether a run written as decimal digits (counts 3,1,2,2,1 -> 31221) splits into melds.

    ``run`` has at most 9 digits, each 0-4, lowest rank first; 0 is the empty run.
    """
    cdef long long value
    cdef int ndigits = 0
    if not isinstance(run, int):
        raise TypeError(f"run must be an int, not {type(run).__name__}")
    if not 0 <= run < _POW10[MAX_RUN_DIGITS]:
        raise ValueError(f"run must have at most {MAX_RUN_DIGITS} digits, got {run!r}")
    value = run
    while value:
        if value % 10 > MAX_COUNT:
            raise ValueError(f"run digits must be 0-{MAX_COUNT}, got {run!r}")
        value //= 10
        ndigits += 1
    return _run_melds(run, ndigits)
