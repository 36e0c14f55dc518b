"""Win-check kernels on 34 counts (pure Python): ``cluster``, ``carry`` and the special forms.

The twin of the compiled ``_win`` with the same functions and the same
answers; see ``_win.pyx`` for the algorithms, the proofs they lean on and the
faults of seeds 000 and 004 that they fix.  In short:

* one exact pre-check (``_pair_group``): each suit holds 3k tiles except the
  group of the pair (3k+2), each honor 0 or 3 copies except the pair, counts
  0-4, 2-14 tiles;
* ``cluster`` recurses over a 40-slot array (suits at 1-9, 11-19, 21-29,
  honors at 30-36), each level emptying the lowest slot (a pung if it holds
  three copies or more, the rest as chows from it), after a pair among the
  ranks that fit the suit's weighted sum modulo 3;
* ``carry`` tries each pair of the pair group, cuts the suit into runs at
  empty ranks, writes a run as decimal digits (3,1,2,2,1 -> 31221) and
  strips it head first with ``carry_table()``.
"""
from __future__ import annotations

from operator import mul

from .carry import carry_table
from typing import Callable, Union

N_TILES = 34
N_SUITED = 27
LAST_CHOW_SLOT = 27  # a chow from 28 would reach the first honor slot, 30
HONOR_GROUP = 3
MAX_COUNT = 4
MAX_TILES = 14
MAX_RUN_DIGITS = 9
ORPHANS = (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33)
_COUNTS_0_TO_4 = bytes(range(MAX_COUNT + 1))

Counts = Union[bytes, bytearray, memoryview]


_CARRY = carry_table()


def _as_counts(counts: object) -> bytes:
    """34 counts as ``bytes``; another length raises ``ValueError``."""
    if type(counts) is bytes:
        data = counts
    else:
        with memoryview(counts) as view:  # type: ignore[arg-type]  # TypeError when no buffer
            if not view.c_contiguous:
                raise ValueError("counts must be a C-contiguous buffer")
            data = view.tobytes()
    if len(data) != N_TILES:
        raise ValueError(f"counts must be {N_TILES} bytes, got {len(data)}")
    return data


def _pair_group(counts: bytes) -> int:
    """Group holding the pair (0-2 a suit, 3 the honors), or -1 if no split can exist."""
    honors = counts[N_SUITED:]
    if 1 in honors or 4 in honors or counts.translate(None, _COUNTS_0_TO_4):
        return -1  # an honor held once or four times, or a count above 4
    honor_pairs = honors.count(2)
    suits = (sum(counts[0:9]), sum(counts[9:18]), sum(counts[18:27]))
    if honor_pairs > 1 or sum(suits) + sum(honors) > MAX_TILES:
        return -1
    rests = (suits[0] % 3, suits[1] % 3, suits[2] % 3, 2 * honor_pairs)
    if 1 in rests or rests.count(2) != 1:
        return -1
    return rests.index(2)


# ---------------------------------------------------------------- cluster


def _melds(c: list[int], pivot: int, stop: int) -> bool:
    """Whether slots ``pivot..stop-1`` of the cluster array split into pungs and chows.

    Every slot below ``pivot`` is empty, so the pivot is the lowest slot that
    may hold tiles: empty it (one pung if it holds three or more, the rest as
    chows from it) and recurse on the next slot.  Consumes ``c``.
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
    c = [0, *counts[0:9], 0, *counts[9:18], 0, *counts[18:27], *counts[N_SUITED:], 0, 0, 0]
    for s in range(3):
        if s != g and not _melds(c, 10 * s + 1, 10 * s + 10):
            return False
    if g == HONOR_GROUP:
        return True  # _pair_group proved every honor a pung or the pair
    lo = 10 * g + 1
    weight = sum(map(mul, range(9), c[lo : lo + 9]))
    for rank in range(2 * weight % 3, 9, 3):
        if c[lo + rank] >= 2:
            work = c.copy()
            work[lo + rank] -= 2
            if _melds(work, lo, lo + 9):
                return True
    return False


# ---------------------------------------------------------------- carry


def _run_melds(run: int, ndigits: int) -> bool:
    """Whether a run (one decimal digit per rank, lowest first) splits into melds."""
    # Two zero digits are appended so a head always has three digits; the run
    # stays a multiple of 100, hence e >= 0 while it is non-zero.
    v = run * 100
    e = ndigits - 1
    while v != 0 and e >= 0:
        scale = 10**e
        head = v // scale
        if head >= 100:  # else the lead digit is used up already
            strip = _CARRY.get(head, 0)
            if strip == 0:
                return False
            v -= strip * scale
        e -= 1
    return v == 0


def _suit_runs(counts: bytes, lo: int, pair: int) -> bool:
    """Cut suit ``lo..lo+8`` (less the pair at ``pair``) into runs and strip each."""
    run = ndigits = tiles = 0
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


def _win_carry(counts: bytes) -> bool:
    g = _pair_group(counts)
    if g < 0:
        return False
    for s in range(3):
        if s != g and not _suit_runs(counts, 9 * s, -1):
            return False
    if g == HONOR_GROUP:
        return True  # each honor is a one-digit run: 3, or the pair
    return any(counts[t] >= 2 and _suit_runs(counts, 9 * g, t) for t in range(9 * g, 9 * g + 9))


# ---------------------------------------------------------------- special forms


def _seven_pairs(counts: bytes) -> bool:
    return sum(counts) == MAX_TILES and all(n in (0, 2, 4) for n in counts)


def _thirteen_orphans(counts: bytes) -> bool:
    if sum(counts) != MAX_TILES:
        return False
    orphans = [counts[i] for i in ORPHANS]
    return min(orphans) >= 1 and max(orphans) <= 2 and sum(orphans) == MAX_TILES


# ---------------------------------------------------------------- Python level


def win_cluster(counts: Counts) -> bool:
    """Whether 34 counts form a standard hand (n melds + a pair), by the cluster recursion."""
    return _win_cluster(_as_counts(counts))


def win_carry(counts: Counts) -> bool:
    """Whether 34 counts form a standard hand (n melds + a pair), by carry stripping."""
    return _win_carry(_as_counts(counts))


def seven_pairs(counts: Counts) -> bool:
    """Whether 34 counts are seven pairs (14 tiles; four identical tiles are two pairs)."""
    return _seven_pairs(_as_counts(counts))


def thirteen_orphans(counts: Counts) -> bool:
    """Whether 34 counts are thirteen orphans (十三幺), 14 tiles."""
    return _thirteen_orphans(_as_counts(counts))


_STANDARD: dict[str, Callable[[bytes], bool]] = {"cluster": _win_cluster, "carry": _win_carry}


def is_win_counts(counts: Counts, strategy: str = "cluster") -> bool:
    """Whether 34 counts win in any form; ``strategy`` is ``"cluster"`` or ``"carry"``."""
    standard = _STANDARD.get(strategy) if isinstance(strategy, str) else None
    if standard is None:
        raise ValueError(f"unknown strategy {strategy!r}; expected 'cluster' or 'carry'")
    c = _as_counts(counts)
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
    if any(d > str(MAX_COUNT) for d in digits):
        raise ValueError(f"run digits must be 0-{MAX_COUNT}, got {run!r}")
    return _run_melds(run, len(digits))
