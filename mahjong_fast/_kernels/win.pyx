# cython: language_level=3, embedsignature=True, freethreading_compatible=True
"""Win check on 34 counts (compiled): the ``cluster`` and ``carry`` methods and the special forms.

``win_cluster`` and ``win_carry`` answer the standard form (n melds and one
pair) by two methods, the cluster recursion and carry stripping; ``seven_pairs``
(14 tiles, four identical tiles are two pairs) and ``thirteen_orphans``
complete ``is_win_counts(counts, strategy)``.  ``counts`` is read by
``_counts.read_counts`` (an exact ``bytes`` of 34 valid counts is used as it
is): ``TypeError`` for another type, ``ValueError`` naming the value for a
wrong length or a count outside 0-4; more than 14 tiles or a total other than
3n+2 answers False.  The C entry points of ``win.pxd`` run ``nogil``.  Same
answers as the pure twin ``win_py``; the methods and their proofs: docs/win.md.
"""
cimport cython
from cpython.bytes cimport PyBytes_AS_STRING
from libc.string cimport memcpy, memset

from mahjong_fast._counts cimport is_counts_bytes
from mahjong_fast._layout cimport (
    FIRST_HONOR, MAX_COPIES, MAX_HAND, N_KINDS, N_ORPHANS, N_SUITS, ORPHANS, SUIT_SIZE,
)

from mahjong_fast._counts import read_counts as _read_counts
from mahjong_fast._kernels.carry import carry_table

cdef enum:
    N_SLOTS = 40                # the cluster array: suit s at 10s+1 .. 10s+9, honors at 30-36
    LAST_CHOW_SLOT = 27         # a chow from 28 would reach the first honor slot, 30
    HONOR_GROUP = N_SUITS
    MAX_RUN_DIGITS = SUIT_SIZE
    RUN_WIDTH = MAX_RUN_DIGITS + 2
    HEAD_SCALE = 100000000      # 10 ** (RUN_WIDTH - 3): a constant, so dividing by it is a multiply
    CARRY_HEADS = 500


cdef short _CARRY[CARRY_HEADS]
cdef long long _POW10[RUN_WIDTH + 1]
# Bit g set when group g (3 = honors) holds 3k+2 tiles -> the pair group, if it is the only one.
cdef signed char _PAIR_GROUP[16]
_PAIR_GROUP[:] = [-1, 0, 1, -1, 2, -1, -1, -1, 3, -1, -1, -1, -1, -1, -1, -1]


memset(_CARRY, 0, sizeof(_CARRY))
for _head, _strip in carry_table().items():
    _CARRY[_head] = _strip
_POW10[0] = 1
for _e in range(1, RUN_WIDTH + 1):
    _POW10[_e] = _POW10[_e - 1] * 10
del _head, _strip, _e


@cython.cdivision(True)
cdef int _pair_group(const unsigned char* counts) noexcept nogil:
    """Group holding the pair (0-2 a suit, 3 the honors), or -1 if no split can exist."""
    # The loops hold no branch on purpose: most losing hands end here, on random counts.
    cdef int i, n, total, over = 0, m = 0, p = 0, s = 0, honors = 0, seen = 0, honor_pairs = 0
    for i in range(SUIT_SIZE):
        m += counts[i]
        p += counts[SUIT_SIZE + i]
        s += counts[2 * SUIT_SIZE + i]
        over |= ((MAX_COPIES - counts[i]) | (MAX_COPIES - counts[SUIT_SIZE + i])
                 | (MAX_COPIES - counts[2 * SUIT_SIZE + i]))
    for i in range(FIRST_HONOR, N_KINDS):
        n = counts[i]
        over |= MAX_COPIES - n
        seen |= 1 << (n & 7)         # bit n: some honor is held n times
        honor_pairs += n == 2
        honors += n
    total = m + p + s + honors
    m %= 3
    p %= 3
    s %= 3
    if (over < 0 or seen & 0x12 or honor_pairs > 1 or m == 1 or p == 1 or s == 1
            or total > MAX_HAND):
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
    for i in range(FIRST_HONOR):
        c[i + 1 + i // SUIT_SIZE] = counts[i]
    for i in range(FIRST_HONOR, N_KINDS):
        c[i + 3] = counts[i]
    for i in range(N_SUITS):
        if i != g and not _melds(c, 10 * i + 1, 10 * i + 10):
            return False
    if g == HONOR_GROUP:
        return True                 # _pair_group proved every honor a pung or the pair
    lo = 10 * g + 1
    for rank in range(SUIT_SIZE):
        weight += rank * c[lo + rank]
    for rank in range(2 * weight % 3, SUIT_SIZE, 3):
        if c[lo + rank] >= 2:
            memcpy(work + lo, c + lo, 10 * sizeof(int))
            work[lo + rank] -= 2
            if _melds(work, lo, lo + SUIT_SIZE):
                return True
    return False


# ---------------------------------------------------------------- carry

@cython.cdivision(True)
cdef bint _run_melds(long long run, int ndigits) noexcept nogil:
    """Whether a run (one decimal digit per rank, lowest first) splits into melds."""
    # The run stands left-aligned in RUN_WIDTH digits (two zeros after its last), so the head,
    # its lead three digits, is always v // HEAD_SCALE: a constant divisor, a multiply.  Each
    # step strips the lead digit to zero and shifts it out.
    cdef long long v = run * _POW10[RUN_WIDTH - ndigits]
    cdef long long head, strip
    cdef int _step
    for _step in range(ndigits):
        head = v // HEAD_SCALE
        if head >= 100:             # else the lead digit is used up already
            if head >= CARRY_HEADS:
                return False
            strip = _CARRY[head]
            if strip == 0:
                return False
            v -= strip * HEAD_SCALE
        v *= 10
    return v == 0


@cython.cdivision(True)
cdef bint _suit_runs(const unsigned char* counts, int lo, int pair) noexcept nogil:
    """Cut suit ``lo..lo+8`` (less the pair at ``pair``) into runs and strip each."""
    cdef long long run = 0
    cdef int i, n, ndigits = 0, tiles = 0
    for i in range(lo, lo + SUIT_SIZE):
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
    for s in range(N_SUITS):
        if s != g and not _suit_runs(counts, SUIT_SIZE * s, -1):
            return False
    if g == HONOR_GROUP:
        return True                 # each honor is a one-digit run: 3, or the pair
    for tile in range(SUIT_SIZE * g, SUIT_SIZE * g + SUIT_SIZE):
        if counts[tile] >= 2 and _suit_runs(counts, SUIT_SIZE * g, tile):
            return True
    return False


# ---------------------------------------------------------------- special forms

cdef bint seven_pairs_c(const unsigned char* counts) noexcept nogil:
    """Seven pairs: exactly 14 tiles, every count even (four identical = two pairs)."""
    cdef int i, total = 0
    for i in range(N_KINDS):
        if counts[i] & 1 or counts[i] > MAX_COPIES:
            return False
        total += counts[i]
    return total == MAX_HAND


cdef bint thirteen_orphans_c(const unsigned char* counts) noexcept nogil:
    """Thirteen orphans: every terminal and honor, one of them twice, nothing else."""
    cdef int i, n, total = 0, orphans = 0
    for i in range(N_KINDS):
        total += counts[i]
    if total != MAX_HAND:
        return False
    for i in range(N_ORPHANS):
        n = counts[ORPHANS[i]]
        if n == 0 or n > 2:
            return False
        orphans += n
    return orphans == MAX_HAND


cdef bint _any_form_cluster(const unsigned char* counts) noexcept nogil:
    return win_cluster_c(counts) or seven_pairs_c(counts) or thirteen_orphans_c(counts)


cdef bint _any_form_carry(const unsigned char* counts) noexcept nogil:
    return win_carry_c(counts) or seven_pairs_c(counts) or thirteen_orphans_c(counts)


# ---------------------------------------------------------------- Python level

ctypedef bint (*kernel_t)(const unsigned char*) noexcept nogil


cdef inline object apply_kernel(kernel_t kernel, object counts):
    """Run ``kernel`` on counts read by the rule of ``_counts.read_counts``."""
    if not is_counts_bytes(counts):
        counts = _read_counts(counts, "counts")
    return kernel(<const unsigned char*>PyBytes_AS_STRING(counts))


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
        if value % 10 > MAX_COPIES:
            raise ValueError(f"run digits must be 0-{MAX_COPIES}, got {run!r}")
        value //= 10
        ndigits += 1
    return _run_melds(run, ndigits)
