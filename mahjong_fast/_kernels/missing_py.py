"""The fewest tiles a hand misses from a winning target, in pure Python: the method of ``shanten_py``.

``min_missing(counts, caps, total, form, budget)`` is the least number of tiles to add over every
target of ``form`` (a standard hand of melds and a pair, seven pairs, thirteen orphans) that the
caps allow, ``budget`` copies beyond the caps at most: an exact dynamic programme per part (a
suit, or the honours), with a fast path for the default caps.  ``shanten_py`` builds shanten,
waits and jokers on it; terms and proofs: docs/shanten.md.

>>> min_missing(bytes([1, 1, 1, 0, 0, 0, 0, 0, 0] * 3 + [2, 1, 1, 1, 1, 1, 1]), FULL_CAPS, 14, FORM_STANDARD, 0)
2
"""
from __future__ import annotations

from collections.abc import Sequence
from functools import cache, lru_cache

from .._layout import FIRST_HONOR, MAX_COPIES, MAX_HAND, N_KINDS, N_SUITS, ORPHANS, SUIT_SIZE

FORM_ANY = 0
FORM_STANDARD = 1
FORM_SEVEN_PAIRS = 2
FORM_THIRTEEN_ORPHANS = 3
FORM_KNITTED = 4
FORM_KNITTED_STRAIGHT = 5

UNREACHABLE = 99
ABSENT = -1
"""A cap meaning "not played": no copy of the kind in any target, jokers included."""
FULL_CAPS = bytes([MAX_COPIES]) * N_KINDS
SUIT_STARTS = range(0, N_SUITS * SUIT_SIZE, SUIT_SIZE)
SPECIAL_MIN = MAX_HAND - 1
"""Seven pairs and thirteen orphans need a hand of 13 or 14 tiles."""
PARTS = tuple((lo, lo + SUIT_SIZE, True) for lo in SUIT_STARTS) + (
    (FIRST_HONOR, N_KINDS, False),
)


@lru_cache(maxsize=1 << 16)
def _part_rows(
    counts: tuple[int, ...], caps: tuple[int, ...], chows: bool, budget: int
) -> dict[tuple[int, int, int], int]:
    """Min cost of ``k`` melds + ``p`` pairs (p <= 1) inside one part, per overflow ``o``.

    Keys ``(k, p, o)``: ``o`` copies beyond the caps, ``o <= budget``.  A cap of ``ABSENT``
    (-1): no copy of the kind in the target, jokers included.
    """
    size = len(counts)
    # state: (chows started at i-1, chows started at i-2, melds, pairs, overflow) -> cost
    states: dict[tuple[int, int, int, int, int], int] = {(0, 0, 0, 0, 0): 0}
    for i in range(size):
        held, cap = counts[i], caps[i]
        can_start = chows and i <= size - 3
        nxt: dict[tuple[int, int, int, int, int], int] = {}
        for (a, b, k, p, o), cost in states.items():
            if cap == ABSENT:
                if a == 0 and b == 0 and nxt.get((0, 0, k, p, o), UNREACHABLE) > cost:
                    nxt[(0, 0, k, p, o)] = cost
                continue
            for s in range((4 - k if can_start else 0) + 1):
                for g in range(4 - k - s + 1):
                    for q in range(2 - p):
                        copies = a + b + s + 3 * g + 2 * q
                        over = o + max(0, copies - cap)
                        if over > budget:
                            continue
                        key = (s, a, k + s + g, p + q, over)
                        value = cost + max(0, copies - held)
                        if nxt.get(key, UNREACHABLE) > value:
                            nxt[key] = value
        states = nxt
    rows: dict[tuple[int, int, int], int] = {}
    for (a, b, k, p, o), cost in states.items():
        if a == 0 and b == 0 and rows.get((k, p, o), UNREACHABLE) > cost:
            rows[(k, p, o)] = cost
    return rows


def standard_missing(counts: Sequence[int], caps: Sequence[int], melds: int, budget: int) -> int:
    best: dict[tuple[int, int, int], int] = {(0, 0, 0): 0}
    for lo, hi, chows in PARTS:
        rows = _part_rows(tuple(counts[lo:hi]), tuple(caps[lo:hi]), chows, budget)
        nxt: dict[tuple[int, int, int], int] = {}
        for (k1, p1, o1), c1 in best.items():
            for (k2, p2, o2), c2 in rows.items():
                key = (k1 + k2, p1 + p2, o1 + o2)
                if (
                    key[0] <= melds
                    and key[1] <= 1
                    and key[2] <= budget
                    and nxt.get(key, UNREACHABLE) > c1 + c2
                ):
                    nxt[key] = c1 + c2
        best = nxt
    return min(
        (c for (k, p, _), c in best.items() if k == melds and p == 1), default=UNREACHABLE
    )


def seven_pairs_missing(counts: Sequence[int], caps: Sequence[int], budget: int, distinct: bool = False) -> int:
    if budget == 0:
        return _seven_pairs_capped(counts, caps, distinct)
    best = {(0, 0): 0}  # (pairs, overflow) -> cost
    for held, cap in zip(counts, caps):
        nxt: dict[tuple[int, int], int] = {}
        most = 0 if cap == ABSENT else 1 if distinct else 7
        for (pairs, o), cost in best.items():
            for r in range(min(most, 7 - pairs) + 1):
                over = o + max(0, 2 * r - max(cap, 0))
                if over > budget:
                    break
                key = (pairs + r, over)
                value = cost + max(0, 2 * r - held)
                if nxt.get(key, UNREACHABLE) > value:
                    nxt[key] = value
        best = nxt
    return min((c for (pairs, _), c in best.items() if pairs == 7), default=UNREACHABLE)


def _seven_pairs_capped(counts: Sequence[int], caps: Sequence[int], distinct: bool) -> int:
    """``seven_pairs_missing`` without copies beyond the caps: a kind gives a first pair if its cap is 2
    or more, at ``max(0, 2 - h)``, and (four as two pairs) a second if its cap is 4, at
    ``max(0, 4 - h)`` less that; a kind's second pair never costs less than its first, so the 7
    cheapest pairs over all kinds are a target."""
    cheap = [0, 0, 0]  # pairs costing 0, 1, 2
    for held, cap in zip(counts, caps):
        if cap >= 2:
            first = max(0, 2 - held)
            cheap[first] += 1
            if not distinct and cap >= 4:
                cheap[max(0, 4 - held) - first] += 1
    need, cost = 7, 0
    for price in range(3):
        take = min(need, cheap[price])
        cost += take * price
        need -= take
    return cost if need == 0 else UNREACHABLE


def thirteen_orphans_missing(counts: Sequence[int], caps: Sequence[int], budget: int) -> int:
    best = {(0, 0): 0}  # (duplicate placed, overflow) -> cost
    for t in ORPHANS:
        held, cap = counts[t], caps[t]
        nxt: dict[tuple[int, int], int] = {}
        for (dup, o), cost in best.items():
            for copies in () if cap == ABSENT else (1, 2) if dup == 0 else (1,):
                over = o + max(0, copies - cap)
                if over > budget:
                    continue
                key = (dup + copies - 1, over)
                value = cost + max(0, copies - held)
                if nxt.get(key, UNREACHABLE) > value:
                    nxt[key] = value
        best = nxt
    return min((c for (dup, _), c in best.items() if dup == 1), default=UNREACHABLE)


# ---------------------------------------------------------------- default-caps fast path
#
# With every cap 4, no copy beyond the caps (budget 0) and at most 14 held tiles, a meld or
# pair laid wholly on kinds not held costs its full size (3 or 2) wherever it sits, and a
# target of at most 14 tiles leaves at least 34 - 14 - 14 = 6 kinds neither held nor used, room
# for the at most 5 such blocks. So the min cost is the min over targets whose melds and pair
# each touch a held kind, plus 3 per missing meld and 2 for a missing pair ("free" blocks).
# Touching blocks sit near held tiles, which makes the per-part DP tiny and its memo (keyed
# on the part's counts alone) hit often.


@cache
def _moves(
    base: int, held: int, near: int, k: int, p: int
) -> tuple[tuple[int, int, int, int], ...]:
    """``(s, k', p', added cost)`` per choice at one kind: ``s`` chows start there, a pung
    and the pair only on a held kind; ``base`` copies come from chows started before."""
    result = []
    for s in range(min(4 - k, 4 - base, near) + 1):
        start = base + s
        for g in range((1 if held and start <= 1 and k + s < 4 else 0) + 1):
            for q in range((1 if held and p == 0 else 0) + 1):
                copies = start + 3 * g + 2 * q
                if copies <= 4:
                    result.append((s, k + s + g, p + q, max(0, copies - held)))
    return tuple(result)


@lru_cache(maxsize=1 << 16)
def _suit_rows_free(part: tuple[int, ...]) -> tuple[tuple[int, int, int], ...]:
    """``(k, p, cost)``: min cost of ``k`` touching melds + ``p`` touching pairs in a suit.

    Same DP as ``_part_rows`` with caps 4 and budget 0, restricted to chows with a held tile
    among their three and pungs/pairs on a held kind.
    """
    size = len(part)
    # state: (chows started at i-1, chows started at i-2, melds, pairs) -> cost
    states: dict[tuple[int, int, int, int], int] = {(0, 0, 0, 0): 0}
    later = sum(part)
    for i in range(size):
        held = part[i]
        later -= held
        # Chows starting here are charged to distinct matched copies of their three kinds.
        near = min(4, held + part[i + 1] + part[i + 2]) if i <= size - 3 else 0
        nxt: dict[tuple[int, int, int, int], int] = {}
        for (a, b, k, p), cost in states.items():
            for s, ks, pq, value in _moves(a + b, held, near, k, p):
                value += cost
                # Matched copies so far (3k + 2p - 2s - a - cost) plus those held further
                # on must reach k + p, or the target is never needed.
                if 2 * ks + pq - 2 * s - a - value + later < 0:
                    continue
                key = (s, a, ks, pq)
                if nxt.get(key, UNREACHABLE) > value:
                    nxt[key] = value
        states = _undominated(nxt)
    return tuple((k, p, c) for (a, b, k, p), c in states.items() if a == 0 and b == 0)


def _undominated(
    states: dict[tuple[int, int, int, int], int]
) -> dict[tuple[int, int, int, int], int]:
    """Drop a state when one with the same pending chows, no more melds or pairs, and a cost
    at least 3 per meld and 2 per pair lower exists: free blocks complete it as cheaply, and
    its futures are a superset. Kept: per pending chows, ``3k + 2p - cost`` rising in k, p."""
    kept: dict[tuple[int, int, int, int], int] = {}
    pending = None
    best0 = best1 = -UNREACHABLE
    for key in sorted(states):
        a, b, k, p = key
        if (a, b) != pending:
            pending = (a, b)
            best0 = best1 = -UNREACHABLE
        cost = states[key]
        if p:
            value = 3 * k + 2 - cost
            if value > best0 and value > best1:
                kept[key] = cost
                best1 = value
        else:
            value = 3 * k - cost
            if value > best0:
                kept[key] = cost
                best0 = value
    return kept


@lru_cache(maxsize=1 << 12)
def _honor_rows_free(part: tuple[int, ...]) -> tuple[tuple[int, int, int], ...]:
    """``(k, p, cost)`` for the honors: each held honor is left, a pung or the pair."""
    rows: dict[tuple[int, int], int] = {(0, 0): 0}
    for held in part:
        if not held:
            continue
        nxt = dict(rows)
        for (k, p), cost in rows.items():
            if k < 4:
                key = (k + 1, p)
                value = cost + (3 - held if held < 3 else 0)
                if nxt.get(key, UNREACHABLE) > value:
                    nxt[key] = value
            if p == 0:
                key = (k, 1)
                value = cost + (2 - held if held < 2 else 0)
                if nxt.get(key, UNREACHABLE) > value:
                    nxt[key] = value
        rows = nxt
    return tuple((k, p, c) for (k, p), c in rows.items())


@lru_cache(maxsize=1 << 16)
def _suit_rows_blocks(part: tuple[int, ...]) -> tuple[tuple[int, int, int], ...]:
    """``_suit_rows_free`` of a suit, combined from its blocks of held ranks.

    Ranks held with two or more empty ranks between them never share a touching meld, and a
    kind copied only by chows is copied at most 4 times (4 melds at most), so the blocks are
    independent: each is answered alone with the room it has for chows (up to two ranks each
    side), memoised on that shape, and their rows are combined. Dominated rows may remain;
    they never decide the minimum."""
    blocks = []
    start = last = -3
    for r, held in enumerate(part):
        if held:
            if r - last > 2:
                if start >= 0:
                    blocks.append((start, last))
                start = r
            last = r
    if start >= 0:
        blocks.append((start, last))
    if len(blocks) <= 1:
        return _suit_rows_free(part)
    size = len(part)
    best: dict[tuple[int, int], int] = {(0, 0): 0}
    for lo, hi in blocks:
        shape = part[max(0, lo - 2) : min(size, hi + 3)]
        nxt: dict[tuple[int, int], int] = {}
        for (k1, p1), c1 in best.items():
            for k2, p2, c2 in _suit_rows_free(shape):
                k = k1 + k2
                p = p1 + p2
                if k <= 4 and p <= 1:
                    value = c1 + c2
                    if nxt.get((k, p), UNREACHABLE) > value:
                        nxt[(k, p)] = value
        best = nxt
    return tuple((k, p, c) for (k, p), c in best.items())


def _standard_free(data: bytes, melds: int) -> int:
    best: dict[tuple[int, int], int] = {(0, 0): 0}
    for rows in (
        *(_suit_rows_blocks(tuple(data[lo : lo + SUIT_SIZE])) for lo in SUIT_STARTS),
        _honor_rows_free(tuple(data[FIRST_HONOR:])),
    ):
        if len(rows) == 1:  # an empty part
            continue
        nxt: dict[tuple[int, int], int] = {}
        for (k1, p1), c1 in best.items():
            for k2, p2, c2 in rows:
                k = k1 + k2
                p = p1 + p2
                if k <= melds and p <= 1:
                    value = c1 + c2
                    if nxt.get((k, p), UNREACHABLE) > value:
                        nxt[(k, p)] = value
        best = nxt
    return min(c + 3 * (melds - k) + 2 * (1 - p) for (k, p), c in best.items())


def _seven_pairs_free(data: bytes) -> int:
    """Seven pairs with caps 4, budget 0: per kind the first pair costs ``max(0, 2 - h)``,
    the second ``min(2, 4 - h)`` more; the costs rise per kind, so take the 7 cheapest."""
    zero = one = 0
    for held in data:
        if held >= 2:
            zero += 2 if held == 4 else 1
            one += held == 3
        elif held == 1:
            one += 1
    if zero >= 7:
        return 0
    if zero + one >= 7:
        return 7 - zero
    return one + 2 * (7 - zero - one)


def _thirteen_orphans_free(data: bytes) -> int:
    missing = 0
    dup = 1
    for t in ORPHANS:
        held = data[t]
        if not held:
            missing += 1
        elif held >= 2:
            dup = 0
    return missing + dup


def min_missing(
    counts: Sequence[int], caps: Sequence[int], total: int, form: int, budget: int
) -> int:
    """Min cost (tiles not held) of a target of ``form`` for a hand of ``total`` tiles.

    ``counts`` may hold any non-negative counts (tests pass 5 or 6 copies after substituting
    jokers); ``caps`` are per-tile limits, ``budget`` the copies allowed beyond them. Forms 2
    and 3, and form 0's share of them, need ``total`` 13 or 14; else ``UNREACHABLE``.
    """
    melds = total // 3
    if (
        budget == 0
        and caps == FULL_CAPS
        and isinstance(counts, bytes)
        and max(counts) <= 4
        and sum(counts) <= MAX_HAND
    ):
        best = _standard_free(counts, melds) if form in (FORM_ANY, FORM_STANDARD) else UNREACHABLE
        if total >= SPECIAL_MIN and form in (FORM_ANY, FORM_SEVEN_PAIRS):
            best = min(best, _seven_pairs_free(counts))
        if total >= SPECIAL_MIN and form in (FORM_ANY, FORM_THIRTEEN_ORPHANS):
            best = min(best, _thirteen_orphans_free(counts))
        return best
    best = UNREACHABLE
    if form in (FORM_ANY, FORM_STANDARD):
        best = standard_missing(counts, caps, melds, budget)
    if total >= SPECIAL_MIN and form in (FORM_ANY, FORM_SEVEN_PAIRS):
        best = min(best, seven_pairs_missing(counts, caps, budget))
    if total >= SPECIAL_MIN and form in (FORM_ANY, FORM_THIRTEEN_ORPHANS):
        best = min(best, thirteen_orphans_missing(counts, caps, budget))
    return best
