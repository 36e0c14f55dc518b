"""Win check on 34 counts in pure Python: the twin of the compiled ``win`` kernel.

``win_cluster`` and ``win_carry`` answer the standard form (n melds and one
pair) by two methods, the cluster recursion and carry stripping; ``seven_pairs``
(14 tiles, four identical tiles are two pairs) and ``thirteen_orphans``
complete ``is_win_counts(counts, strategy)``.  ``counts`` is read by
``_counts.read_counts``: ``TypeError`` for another type, ``ValueError`` naming
the value for a wrong length or a count outside 0-4; more than 14 tiles or a
total other than 3n+2 answers False.  ``run_melds`` checks one run written as
decimal digits.  The methods and their proofs: docs/win.md.
"""
from __future__ import annotations

from operator import mul
from typing import Callable

from .._counts import read_counts
from .._layout import FIRST_HONOR, MAX_COPIES, MAX_HAND, N_SUITS, ORPHANS, SUIT_SIZE
from .carry import carry_table

LAST_CHOW_SLOT = 27  # a chow from 28 would reach the first honor slot, 30
HONOR_GROUP = N_SUITS
MAX_RUN_DIGITS = SUIT_SIZE
RUN_WIDTH = MAX_RUN_DIGITS + 2
HEAD_SCALE = 10 ** (RUN_WIDTH - 3)

_CARRY = carry_table()


def _pair_group(counts: bytes) -> int:
    """Group holding the pair (0-2 a suit, 3 the honors), or -1 if no split can exist."""
    honors = counts[FIRST_HONOR:]
    if 1 in honors or 4 in honors:
        return -1
    honor_pairs = honors.count(2)
    suits = [sum(counts[lo : lo + SUIT_SIZE]) for lo in range(0, FIRST_HONOR, SUIT_SIZE)]
    if honor_pairs > 1 or sum(suits) + sum(honors) > MAX_HAND:
        return -1
    rests = [s % 3 for s in suits] + [2 * honor_pairs]
    if 1 in rests or rests.count(2) != 1:
        return -1
    return rests.index(2)


# ---------------------------------------------------------------- cluster


def _melds(c: list[int], pivot: int, stop: int) -> bool:
    """Whether slots ``pivot..stop-1`` of the cluster array split into pungs and chows.

    Every slot below ``pivot`` is empty: empty the pivot (one pung if it holds three or
    more, the rest as chows from it) and go on with the next slot.  Consumes ``c``.
    """
    if pivot == stop:
        return True
    chows = c[pivot] - 3 if c[pivot] >= 3 else c[pivot]
    if chows:
        if pivot > LAST_CHOW_SLOT or c[pivot + 1] < chows or c[pivot + 2] < chows:
            return False
        c[pivot + 1] -= chows
        c[pivot + 2] -= chows
    return _melds(c, pivot + 1, stop)


def _win_cluster(counts: bytes) -> bool:
    g = _pair_group(counts)
    if g < 0:
        return False
    # suit s at slots 10s+1 .. 10s+9, honors from 30; the empty slots stop chows
    c = [0, *counts[0:9], 0, *counts[9:18], 0, *counts[18:27], *counts[FIRST_HONOR:], 0, 0, 0]
    for s in range(N_SUITS):
        if s != g and not _melds(c, 10 * s + 1, 10 * s + 10):
            return False
    if g == HONOR_GROUP:
        return True  # _pair_group proved every honor a pung or the pair
    lo = 10 * g + 1
    weight = sum(map(mul, range(SUIT_SIZE), c[lo : lo + SUIT_SIZE]))
    for rank in range(2 * weight % 3, SUIT_SIZE, 3):
        if c[lo + rank] >= 2:
            work = c.copy()
            work[lo + rank] -= 2
            if _melds(work, lo, lo + SUIT_SIZE):
                return True
    return False


# ---------------------------------------------------------------- carry


def _run_melds(run: int, ndigits: int) -> bool:
    """Whether a run (one decimal digit per rank, lowest first) splits into melds."""
    # The run stands left-aligned in RUN_WIDTH digits (two zeros after its last), so the head,
    # its lead three digits, is always v // HEAD_SCALE.  Each step strips the lead digit to zero
    # and shifts it out.
    v: int = run * 10 ** (RUN_WIDTH - ndigits)
    for _ in range(ndigits):
        head = v // HEAD_SCALE
        if head >= 100:  # else the lead digit is used up already
            strip = _CARRY.get(head, 0)
            if strip == 0:
                return False
            v -= strip * HEAD_SCALE
        v *= 10
    return v == 0


def _suit_runs(counts: bytes, lo: int, pair: int) -> bool:
    """Cut suit ``lo..lo+8`` (less the pair at ``pair``) into runs and strip each."""
    run = ndigits = tiles = 0
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


def _win_carry(counts: bytes) -> bool:
    g = _pair_group(counts)
    if g < 0:
        return False
    for s in range(N_SUITS):
        if s != g and not _suit_runs(counts, SUIT_SIZE * s, -1):
            return False
    if g == HONOR_GROUP:
        return True  # each honor is a one-digit run: 3, or the pair
    lo = SUIT_SIZE * g
    return any(counts[t] >= 2 and _suit_runs(counts, lo, t) for t in range(lo, lo + SUIT_SIZE))


# ---------------------------------------------------------------- special forms


def _seven_pairs(counts: bytes) -> bool:
    return sum(counts) == MAX_HAND and all(n in (0, 2, 4) for n in counts)


def _thirteen_orphans(counts: bytes) -> bool:
    if sum(counts) != MAX_HAND:
        return False
    orphans = [counts[i] for i in ORPHANS]
    return min(orphans) >= 1 and max(orphans) <= 2 and sum(orphans) == MAX_HAND


# ---------------------------------------------------------------- Python level


def win_cluster(counts: object) -> bool:
    """Whether 34 counts form a standard hand (n melds + a pair), by the cluster recursion."""
    return _win_cluster(read_counts(counts, "counts"))


def win_carry(counts: object) -> bool:
    """Whether 34 counts form a standard hand (n melds + a pair), by carry stripping."""
    return _win_carry(read_counts(counts, "counts"))


def seven_pairs(counts: object) -> bool:
    """Whether 34 counts are seven pairs (14 tiles; four identical tiles are two pairs)."""
    return _seven_pairs(read_counts(counts, "counts"))


def thirteen_orphans(counts: object) -> bool:
    """Whether 34 counts are thirteen orphans (十三幺), 14 tiles."""
    return _thirteen_orphans(read_counts(counts, "counts"))


_STANDARD: dict[str, Callable[[bytes], bool]] = {"cluster": _win_cluster, "carry": _win_carry}


def is_win_counts(counts: object, strategy: str = "cluster") -> bool:
    """Whether 34 counts win in any form; ``strategy`` is ``"cluster"`` or ``"carry"``."""
    standard = _STANDARD.get(strategy) if isinstance(strategy, str) else None
    if standard is None:
        raise ValueError(f"unknown strategy {strategy!r}; expected 'cluster' or 'carry'")
    c = read_counts(counts, "counts")
    return standard(c) or _seven_pairs(c) or _thirteen_orphans(c)


def run_melds(run: int) -> bool:
    """Whether a run written as decimal digits (counts 3,1,2,2,1 -> 31221) splits into melds.

    ``run`` has at most 9 digits, each 0-4, lowest rank first; 0 is the empty run.
    """
    if not isinstance(run, int):
        raise TypeError(f"run must be an int, not {type(run).__name__}")
    if not 0 <= run < 10**MAX_RUN_DIGITS:
        raise ValueError(f"run must have at most {MAX_RUN_DIGITS} digits, got {run!r}")
    digits = str(int(run)) if run else ""
    if any(d > str(MAX_COPIES) for d in digits):
        raise ValueError(f"run digits must be 0-{MAX_COPIES}, got {run!r}")
    return _run_melds(run, len(digits))
