"""Shanten, waits and wildcards on 34 counts in pure Python: the twin of the compiled ``shanten``.

``shanten_counts(counts, form, jokers, fifth, limits)`` is the distance from a
complete hand (-1 complete, 0 ready), ``waits_counts`` the tiles that complete a
hand of 3n+1 tiles, ``is_win_wild`` whether counts plus jokers win.  ``counts``,
``limits`` and ``wild`` are read by ``_counts.read_counts``: ``TypeError`` for
another type, ``ValueError`` naming the value for a wrong length or a value
outside 0-4; a bad form, joker count or tile total is a ``ValueError`` too.
Same answers as the compiled module, by a different, plainly exact method: a
dynamic programme per part over the target hand.  Terms and proofs: docs/shanten.md.
"""
from __future__ import annotations

import operator
from collections.abc import Sequence
from functools import lru_cache

from .._counts import read_counts
from .._layout import FIRST_HONOR, MAX_HAND, N_KINDS, N_SUITS, ORPHANS, SUIT_SIZE
from . import rule_flags as _rf
from .missing_py import (
    ABSENT,
    FORM_ANY,
    FORM_KNITTED,
    FORM_KNITTED_STRAIGHT,
    FORM_SEVEN_PAIRS,
    FORM_STANDARD,
    FORM_THIRTEEN_ORPHANS,
    FULL_CAPS,
    PARTS,
    SPECIAL_MIN,
    UNREACHABLE,
    min_missing,
    seven_pairs_missing,
    standard_missing,
    thirteen_orphans_missing,
)
from .suits_py import MELDS, PAIR, split_kind

__all__ = [
    "FORM_ANY",
    "FORM_SEVEN_PAIRS",
    "FORM_STANDARD",
    "FORM_KNITTED",
    "FORM_KNITTED_STRAIGHT",
    "FORM_THIRTEEN_ORPHANS",
    "UNREACHABLE",
    "ensure_tables",
    "form_problem",
    "is_win_wild",
    "rules_problem",
    "shanten_counts",
    "table_info",
    "waits_counts",
]


def ensure_tables() -> float:
    """Build the lookup tables (the compiled module's); here there are none, so return ``0.0``."""
    return 0.0


def table_info() -> dict[str, object]:
    """Sizes and build time of the lookup tables: none here (the compiled module has them)."""
    return {"bytes": 0, "build_seconds": 0.0}


def _check_limits(counts: bytes, limits: bytes) -> None:
    """A count above its limit is no hand the limits allow: ``ValueError`` naming it."""
    for t, (held, cap) in enumerate(zip(counts, limits)):
        if held > cap:
            raise ValueError(f"counts[{t}] = {held} is above limits[{t}] = {cap}")


def _check(
    counts: object, jokers: int, limits: object
) -> tuple[bytes, int, bytes]:
    """Validate the shared arguments; return ``(counts, total tiles, limits)``."""
    data = read_counts(counts, "counts")
    caps = FULL_CAPS if limits is None else read_counts(limits, "limits")
    if limits is not None:
        _check_limits(data, caps)
    jokers = operator.index(jokers)
    if not 0 <= jokers <= MAX_HAND:
        raise ValueError(f"jokers must be in 0-{MAX_HAND}, got {jokers}")
    return data, sum(data) + jokers, caps


# ---------------------------------------------------------------- rule sets
#
# Under any rules but CHINESE a cap of 0 means the kind is not played (``ABSENT``), and a
# dropped suit is a suit whose kinds are all absent for the target: its tiles stay in the hand
# and are never used.  Every form is then the same DP over targets, with absent kinds.

_RULE_BITS = _rf.ALL_BITS
_FORM_NAMES = {2: "seven pairs", 3: "thirteen orphans", 4: "knitted, 全不靠", 5: "knitted straight, 组合龙"}
_KNITTED_MELDS = 3
"""The nine tiles of 组合龙 stand for three melds."""
_KNITTED_SIZE = 14


def _knitted_sets() -> tuple[tuple[int, ...], ...]:
    """The six knitted sets: 147, 258 and 369 given to the three suits, one each."""
    sets = []
    for a in range(N_SUITS):
        for b in range(N_SUITS):
            if b != a:
                offsets = (a, b, N_SUITS - a - b)
                sets.append(tuple(SUIT_SIZE * u + offsets[u] + 3 * j for u in range(N_SUITS) for j in range(3)))
    return tuple(sets)


KNITTED_SETS = _knitted_sets()
"""The index34 tiles of each of the six knitted sets (147/258/369 over man, pin, sou)."""
_HONORS = tuple(range(FIRST_HONOR, N_KINDS))


def rules_problem(rules: int) -> str:
    """Why ``rules`` (an int) is no valid set of ``rule_flags`` bits, or ``""`` when it is one."""
    if rules < 0 or rules & ~_RULE_BITS:
        return f"rules = {rules} holds bits that rule_flags does not define (0-9)"
    if rules & _rf.SEVEN_PAIRS and rules & _rf.SEVEN_PAIRS_DISTINCT:
        return f"rules = {rules} sets both SEVEN_PAIRS and SEVEN_PAIRS_DISTINCT"
    if (rules & _rf.DROP_MASK) >> _rf.DROP_SHIFT > 2:
        return f"rules = {rules} drops 3 suits (DROP is 0, 1 or 2)"
    return ""


def _form_allowed(form: int, rules: int) -> bool:
    if form in (FORM_ANY, FORM_STANDARD):
        return True
    if form == FORM_SEVEN_PAIRS:
        return bool(rules & (_rf.SEVEN_PAIRS | _rf.SEVEN_PAIRS_DISTINCT))
    if form == FORM_THIRTEEN_ORPHANS:
        return bool(rules & _rf.THIRTEEN_ORPHANS)
    return bool(rules & _rf.KNITTED)


def form_problem(form: int, rules: int, total: int) -> None:
    """``ValueError`` for a form outside 0-5, one ``rules`` do not allow, or one a hand of
    ``total`` tiles cannot take."""
    if form not in range(6):
        raise ValueError(f"form must be 0 (any), 1, 2, 3, 4 or 5, got {form}")
    if not _form_allowed(form, rules):
        raise ValueError(f"form {form} ({_FORM_NAMES[form]}) is not allowed by rules = {rules}")
    if form == FORM_KNITTED_STRAIGHT and total < 10:
        raise ValueError(f"form {form} needs a hand of 10, 11, 13 or 14 tiles, got {total}")
    if 2 <= form <= 4 and total < SPECIAL_MIN:
        raise ValueError(f"form {form} needs a hand of 13 or 14 tiles, got {total}")


def _check_rules(rules: object) -> int:
    value = operator.index(rules)  # type: ignore[arg-type]
    problem = rules_problem(value)
    if problem:
        raise ValueError(problem)
    return value


def _kept_choices(rules: int) -> list[tuple[int, ...]]:
    """The suits a target may use, per allowed choice of dropped suits (locked ones stay)."""
    drop = (rules & _rf.DROP_MASK) >> _rf.DROP_SHIFT
    lock = (rules & _rf.LOCK_MASK) >> _rf.LOCK_SHIFT
    choices = []
    for mask in range(1 << N_SUITS):
        if bin(mask).count("1") == drop and not mask & lock:
            choices.append(tuple(u for u in range(N_SUITS) if not mask >> u & 1))
    return choices


def _absent_caps(caps: Sequence[int], kept: tuple[int, ...]) -> tuple[int, ...]:
    """Caps with ``ABSENT`` for a kind of cap 0 or of a suit not kept."""
    out = [ABSENT if cap == 0 else cap for cap in caps]
    for u in range(N_SUITS):
        if u not in kept:
            out[SUIT_SIZE * u : SUIT_SIZE * (u + 1)] = [ABSENT] * SUIT_SIZE
    return tuple(out)


def _knitted(counts: Sequence[int], caps: Sequence[int]) -> int:
    """全不靠: 14 different kinds among a knitted set's nine and the honors, each played."""
    best = UNREACHABLE
    for tiles in KNITTED_SETS:
        kinds = [t for t in tiles + _HONORS if caps[t] != ABSENT]
        if len(kinds) >= _KNITTED_SIZE:
            best = min(best, _KNITTED_SIZE - min(_KNITTED_SIZE, sum(1 for t in kinds if counts[t])))
    return best


def _knitted_straight(counts: Sequence[int], caps: Sequence[int], melds: int, budget: int) -> int:
    """组合龙: a knitted set's nine tiles, then ``melds`` - 3 melds and the pair.

    Any target holds one copy of each of the nine and a rest; its cost is the copies it lacks
    per kind, so a held copy can be given to the nine first: the cost is the nine's missing
    tiles plus the rest's cost on the hand less those copies, under caps less one.
    """
    best = UNREACHABLE
    for tiles in KNITTED_SETS:
        if any(caps[t] == ABSENT for t in tiles):
            continue
        rest = list(counts)
        rest_caps = list(caps)
        missing = 0
        for t in tiles:
            if rest[t]:
                rest[t] -= 1
            else:
                missing += 1
            rest_caps[t] = ABSENT if caps[t] == 1 else caps[t] - 1
        best = min(best, missing + standard_missing(rest, rest_caps, melds - _KNITTED_MELDS, budget))
    return best


def _min_missing_rules(
    counts: Sequence[int], caps: Sequence[int], total: int, form: int, budget: int, rules: int
) -> int:
    """``min_missing`` under ``rules`` (not CHINESE): the least over the allowed dropped suits."""
    if rules == _rf.CHINESE:
        return min_missing(counts, caps, total, form, budget)
    melds = total // 3
    best = UNREACHABLE
    for kept in _kept_choices(rules):
        eff = _absent_caps(caps, kept)
        every = len(kept) == N_SUITS
        if form in (FORM_ANY, FORM_STANDARD):
            best = min(best, standard_missing(counts, eff, melds, budget))
        if total >= SPECIAL_MIN:
            if form in (FORM_ANY, FORM_SEVEN_PAIRS) and rules & (_rf.SEVEN_PAIRS | _rf.SEVEN_PAIRS_DISTINCT):
                best = min(best, seven_pairs_missing(counts, eff, budget, bool(rules & _rf.SEVEN_PAIRS_DISTINCT)))
            if every and form in (FORM_ANY, FORM_THIRTEEN_ORPHANS) and rules & _rf.THIRTEEN_ORPHANS:
                best = min(best, thirteen_orphans_missing(counts, eff, budget))
            if every and form in (FORM_ANY, FORM_KNITTED) and rules & _rf.KNITTED:
                best = min(best, _knitted(counts, eff))
        if every and form in (FORM_ANY, FORM_KNITTED_STRAIGHT) and rules & _rf.KNITTED and total >= 10:
            best = min(best, _knitted_straight(counts, eff, melds, budget))
    return best


def _plain_win_rules(data: Sequence[int], total: int, rules: int) -> bool:
    """A win without jokers under ``rules`` (counts within their caps)."""
    drop = (rules & _rf.DROP_MASK) >> _rf.DROP_SHIFT
    lock = (rules & _rf.LOCK_MASK) >> _rf.LOCK_SHIFT
    suits = sum(1 for u in range(N_SUITS) if lock >> u & 1 or any(data[SUIT_SIZE * u : SUIT_SIZE * (u + 1)]))
    if suits > N_SUITS - drop:
        return False
    if rules & _rf.KNITTED and total >= 10:
        if _min_missing_rules(data, FULL_CAPS, total, FORM_KNITTED_STRAIGHT, 0, rules) == 0:
            return True
        if total == MAX_HAND and _knitted(data, FULL_CAPS) == 0 and max(data) == 1:
            return True
    return _plain_win(data, total, rules)


def _wins_rules(data: Sequence[int], caps: Sequence[int], jokers: int, fifth: bool, rules: int) -> bool:
    if rules == _rf.CHINESE:
        return _wins(data, caps, jokers, fifth)
    total = sum(data) + jokers
    if total % 3 != 2 or total > MAX_HAND:
        return False
    if jokers == 0:
        return _plain_win_rules(data, total, rules)
    return _min_missing_rules(data, caps, total, FORM_ANY, jokers if fifth else 0, rules) == jokers


def shanten_counts(
    counts: bytes,
    form: int = FORM_ANY,
    jokers: int = 0,
    fifth: bool = True,
    limits: bytes | None = None,
    *,
    rules: int = _rf.CHINESE,
) -> int:
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
    """
    data, total, caps = _check(counts, jokers, limits)
    form = operator.index(form)
    rules = _check_rules(rules)
    if total % 3 == 0 or not 0 < total <= MAX_HAND:
        raise ValueError(f"a hand for shanten holds 3n+1 or 3n+2 tiles (n <= 4), got {total}")
    form_problem(form, rules, total)
    if rules == _rf.CHINESE:
        cost = min_missing(data, caps, total, form, jokers if fifth else 0)
    else:
        cost = _min_missing_rules(data, caps, total, form, jokers if fifth else 0, rules)
    return UNREACHABLE if cost >= UNREACHABLE else cost - jokers - 1


def _plain_win(data: Sequence[int], total: int, rules: int = _rf.CHINESE) -> bool:
    """A win without jokers in the standard form, or in seven pairs or thirteen orphans where
    ``rules`` play them (counts within their caps; the suits and knitted forms checked before)."""
    pairs = 0
    for lo, hi, chows in PARTS:
        part = tuple(data[lo:hi])
        size = sum(part)
        if split_kind(part, chows) != (PAIR if size % 3 == 2 else MELDS):
            break
        pairs += size % 3 == 2
    else:
        if pairs == 1:
            return True
    if total != MAX_HAND:
        return False
    if rules & _rf.SEVEN_PAIRS and all(v % 2 == 0 for v in data):
        return True
    if rules & _rf.SEVEN_PAIRS_DISTINCT and sum(1 for v in data if v == 2) == 7:
        return True
    return bool(rules & _rf.THIRTEEN_ORPHANS) and (
        all(data[t] for t in ORPHANS) and sum(data[t] for t in ORPHANS) == MAX_HAND
    )


# ---------------------------------------------------------------- jokers free of the caps
#
# A target costs at least ``jokers`` (its size is the held tiles plus the jokers), and the
# copies it places beyond the caps are never more than its cost while no count exceeds its
# cap. So with ``fifth=True`` (budget = jokers) a target of cost ``jokers`` always fits the
# budget: the hand wins iff some target of any copies per kind costs exactly ``jokers``, and
# per part that is the fewest jokers completing it, memoised on the part's counts alone.


@lru_cache(maxsize=1 << 16)
def _need(part: tuple[int, ...], chows: bool) -> tuple[int, int]:
    """Fewest jokers completing one part into melds only, and into melds and one pair.

    Every meld or pair holds a copy of the lowest kind held or none of the held tiles; a
    meld holding a copy of it takes real tiles wherever some are held (swapping a joker for a
    held copy placed elsewhere costs nothing), so the choices at that kind are exhaustive.
    """
    total = sum(part)
    if total == 0:
        return 0, 2
    i = next(k for k, v in enumerate(part) if v)
    rest = list(part)
    best_m = best_p = UNREACHABLE
    held = part[i]
    # a pung of the lowest kind
    take = min(held, 3)
    rest[i] -= take
    m, p = _need(tuple(rest), chows)
    best_m = min(best_m, m + 3 - take)
    best_p = min(best_p, p + 3 - take)
    rest[i] += take
    # the pair on the lowest kind
    take = min(held, 2)
    rest[i] -= take
    m, _ = _need(tuple(rest), chows)
    best_p = min(best_p, m + 2 - take)
    rest[i] += take
    if chows:
        size = len(part)
        for lo in range(max(0, i - 2), min(i, size - 3) + 1):
            used = [k for k in range(lo, lo + 3) if rest[k]]
            for k in used:
                rest[k] -= 1
            m, p = _need(tuple(rest), chows)
            best_m = min(best_m, m + 3 - len(used))
            best_p = min(best_p, p + 3 - len(used))
            for k in used:
                rest[k] += 1
    return best_m, min(best_p, best_m + 2)


def _wins_uncapped(data: Sequence[int], jokers: int, total: int) -> bool:
    """Whether ``data`` plus ``jokers`` wins when the caps do not bind (see above)."""
    melds_only = 0
    pair_extra = UNREACHABLE
    for lo, hi, chows in PARTS:
        m, p = _need(tuple(data[lo:hi]), chows)
        melds_only += m
        pair_extra = min(pair_extra, p - m)
    if melds_only + pair_extra <= jokers:
        return True
    if total != MAX_HAND:
        return False
    # seven pairs: every held copy in a pair, as many pairs per kind as wanted
    if sum((v + 1) // 2 for v in data) <= 7:
        return True
    orphans = [data[t] for t in ORPHANS]
    return sum(orphans) == sum(data) and max(orphans) <= 2 and orphans.count(2) <= 1


def _wins(data: Sequence[int], caps: Sequence[int], jokers: int, fifth: bool) -> bool:
    total = sum(data) + jokers
    if total % 3 != 2 or total > MAX_HAND:
        return False
    if jokers == 0:
        return _plain_win(data, total)
    if fifth and all(map(operator.le, data, caps)):
        return _wins_uncapped(data, jokers, total)
    return min_missing(bytes(data), caps, total, FORM_ANY, jokers if fifth else 0) == jokers


def _wins_generic(data: Sequence[int], caps: Sequence[int], jokers: int, fifth: bool) -> bool:
    """``_wins`` by the target DP alone, for the tests."""
    total = sum(data) + jokers
    if total % 3 != 2 or total > MAX_HAND:
        return False
    return min_missing(list(data), caps, total, FORM_ANY, jokers if fifth else 0) == jokers


def _may_complete(data: Sequence[int], t: int) -> bool:
    """Without jokers a drawn tile must pair, or join a meld, with a tile held: one held
    within two of it in its suit (or itself, for honors and orphans)."""
    if data[t] or t in ORPHANS and any(data[u] for u in ORPHANS):
        return True
    if t >= FIRST_HONOR:
        return False
    lo = t - t % SUIT_SIZE
    return any(data[u] for u in range(max(lo, t - 2), min(lo + SUIT_SIZE, t + 3)))


def is_win_wild(
    counts: bytes, jokers: int, fifth: bool = True, limits: bytes | None = None, *, rules: int = _rf.CHINESE
) -> bool:
    """Whether ``counts`` plus ``jokers`` wild tiles form a complete hand in any form.

    Jokers may stand for any tile: in a meld or the pair (standard form), to fill a single
    (seven pairs) or a missing orphan (thirteen orphans). With ``fifth=False`` the copies of a
    tile, real and joker, may not exceed ``limits[t]`` (default 4). Any total other than 3n+2
    (n <= 4) is simply not a win.  ``rules`` as for ``shanten_counts``: the forms they allow,
    at most ``3 - DROP`` suits among the concealed tiles and the locked ones.
    """
    data, _, caps = _check(counts, jokers, limits)
    rules = _check_rules(rules)
    return _wins_rules(data, caps, jokers, fifth, rules)


def waits_counts(
    counts: bytes,
    jokers: int = 0,
    fifth: bool = True,
    limits: bytes | None = None,
    wild: object = b"",
    *,
    rules: int = _rf.CHINESE,
) -> list[int]:
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
    data, total, caps = _check(counts, jokers, limits)
    no_wild = wild is None or (isinstance(wild, (bytes, bytearray, list, tuple)) and not wild)
    flags = bytes(N_KINDS) if no_wild else read_counts(wild, "wild")
    rules = _check_rules(rules)
    if total % 3 != 1 or total > MAX_HAND - 1:
        raise ValueError(f"a hand for waits holds 3n+1 tiles (n <= 4), got {total}")
    if rules != _rf.CHINESE:
        return _waits_rules(data, caps, jokers, fifth, flags, rules)
    extra_joker_wins: bool | None = None
    result = []
    hand = list(data)
    # Without jokers a drawn tile changes one part: the others keep their split kinds.
    kinds = [split_kind(tuple(data[lo:hi]), chows) for lo, hi, chows in PARTS]
    for t in range(N_KINDS):
        if data[t] >= caps[t] or not (jokers or flags[t] or _may_complete(data, t)):
            continue
        if flags[t]:
            if extra_joker_wins is None:
                extra_joker_wins = _wins(data, caps, jokers + 1, fifth)
            if extra_joker_wins:
                result.append(t)
            continue
        hand[t] += 1
        if jokers:
            won = _wins(hand, caps, jokers, fifth)
        else:
            g = min(t // SUIT_SIZE, N_SUITS)
            lo, hi, chows = PARTS[g]
            kind = split_kind(tuple(hand[lo:hi]), chows)
            others = kinds[:g] + kinds[g + 1 :]
            won = bool(kind) and 0 not in others and (kind == PAIR) + others.count(PAIR) == 1
            if not won and total + 1 == MAX_HAND:
                won = all(v % 2 == 0 for v in hand) or (
                    all(hand[u] for u in ORPHANS) and sum(hand[u] for u in ORPHANS) == MAX_HAND
                )
        if won:
            result.append(t)
        hand[t] -= 1
    return result


def _waits_rules(data: bytes, caps: bytes, jokers: int, fifth: bool, flags: bytes, rules: int) -> list[int]:
    """``waits_counts`` under ``rules`` (not CHINESE): add each tile, ask ``_wins_rules``."""
    result = []
    hand = list(data)
    extra_joker_wins: bool | None = None
    for t in range(N_KINDS):
        if data[t] >= caps[t]:
            continue
        if flags[t]:
            if extra_joker_wins is None:
                extra_joker_wins = _wins_rules(data, caps, jokers + 1, fifth, rules)
            if extra_joker_wins:
                result.append(t)
            continue
        if not (jokers or rules & _rf.KNITTED or _may_complete(data, t)):
            continue
        hand[t] += 1
        if _wins_rules(hand, caps, jokers, fifth, rules):
            result.append(t)
        hand[t] -= 1
    return result
