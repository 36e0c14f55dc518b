"""Brute-force oracles and hand generators for the rule sets (``rules=``).

The oracles share no code or shortcut with the kernels: the flags are read as the
contract of ``_kernels/rule_flags`` states them, every other fact is written out.

* ``brute_is_win(counts, rules, limits, jokers, fifth)``: every split of the standard
  form by backtracking, the special forms by their definitions, the suit count of a
  dropped suit; jokers replaced by every multiset of tiles they may stand for.
* ``brute_waits``: add each tile that is left, ask ``brute_is_win``.
* ``brute_shanten(counts, rules, limits, jokers)``: the least number of tiles missing
  from a complete hand, by exhaustion over complete hands: every target of a suit (all
  multisets of melds, and a pair) is listed once, the least cost of every suit vector is
  taken over all of them (a distance transform over the 5**9 lattice, in numpy, for
  limits of 4; a plain minimum over the list otherwise), then the parts are joined, for
  every allowed choice of dropped suits.  Jokers cannot exceed the limits here (the
  kernels' ``fifth=False``).
* ``uncapped_shanten``: the same with any number of copies of a tile (PyMahjongGB's
  reading), to tell where a difference with it comes from the four-copy limit.

Semantics (docs/rules.md): under any rules but the default a limit of 0 means the tile
is not played, so no target holds it; a dropped suit is one no target uses, its tiles
stay in the hand.  Generators take a ``random.Random`` and return 34-count ``bytes``.
"""
from __future__ import annotations

import functools
import itertools
import random
from collections.abc import Iterable, Sequence

import numpy as np

from mahjong_fast._kernels import rule_flags as F

N_KINDS = 34
SUIT = 9
HONORS = tuple(range(27, 34))
ORPHANS = (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33)
INF = 99
KNITTED_SETS = tuple(
    tuple(SUIT * u + perm[u] + 3 * j for u in range(3) for j in range(3))
    for perm in itertools.permutations(range(3))
)
"""The six knitted sets: 147, 258, 369 given to man, pin and sou, one each."""

PRESET_FLAGS = {
    "chinese": F.SEVEN_PAIRS | F.THIRTEEN_ORPHANS,
    "riichi": F.SEVEN_PAIRS_DISTINCT | F.THIRTEEN_ORPHANS,
    "riichi3": F.SEVEN_PAIRS_DISTINCT | F.THIRTEEN_ORPHANS | F.ABSENT,
    "sichuan": F.SEVEN_PAIRS | (1 << F.DROP_SHIFT) | F.ABSENT,
    "gb": F.SEVEN_PAIRS | F.THIRTEEN_ORPHANS | F.KNITTED,
}
"""The presets' flags, written out from the rule table of DESIGN.md."""

PRESET_LIMITS = {
    "chinese": bytes([4] * N_KINDS),
    "riichi": bytes([4] * N_KINDS),
    "riichi3": bytes([4] + [0] * 7 + [4] * 26),
    "sichuan": bytes([4] * 27 + [0] * 7),
    "gb": bytes([4] * N_KINDS),
}
"""The presets' limits: 2m-8m missing in three-player riichi, no honours in Sichuan."""


def _drop(rules: int) -> int:
    return (rules & F.DROP_MASK) >> F.DROP_SHIFT


def _lock(rules: int) -> int:
    return (rules & F.LOCK_MASK) >> F.LOCK_SHIFT


def kept_choices(rules: int) -> list[tuple[int, ...]]:
    """The suits a complete hand may use, per allowed choice of dropped suits."""
    drop, lock = _drop(rules), _lock(rules)
    return [
        kept for kept in itertools.combinations(range(3), 3 - drop)
        if all(u in kept for u in range(3) if lock >> u & 1)
    ]


def _played(limits: Sequence[int], rules: int) -> list[bool]:
    """Which kinds a complete hand may hold: all under the default; else a limit above 0."""
    if rules == PRESET_FLAGS["chinese"]:
        return [True] * N_KINDS
    return [lim > 0 for lim in limits]


# ---------------------------------------------------------------- wins


@functools.cache
def _splits(counts: tuple[int, ...], pair_left: bool) -> bool:
    """Whether ``counts`` (any copies) is melds plus ``pair_left`` pairs, by backtracking."""
    i = next((t for t, v in enumerate(counts) if v), -1)
    if i < 0:
        return not pair_left
    c = list(counts)
    if pair_left and c[i] >= 2:
        c[i] -= 2
        if _splits(tuple(c), False):
            return True
        c[i] += 2
    if c[i] >= 3:
        c[i] -= 3
        if _splits(tuple(c), pair_left):
            return True
        c[i] += 3
    if i < 27 and i % SUIT <= 6 and c[i + 1] and c[i + 2]:
        for t in (i, i + 1, i + 2):
            c[t] -= 1
        if _splits(tuple(c), pair_left):
            return True
    return False


def _shape_win(c: Sequence[int], rules: int) -> bool:
    total = sum(c)
    if total % 3 != 2:
        return False
    suits = sum(1 for u in range(3) if _lock(rules) >> u & 1 or any(c[SUIT * u : SUIT * u + SUIT]))
    if suits > 3 - _drop(rules):
        return False
    if _splits(tuple(c), True):
        return True
    if total == 14:
        if rules & F.SEVEN_PAIRS and all(v % 2 == 0 for v in c):
            return True
        if rules & F.SEVEN_PAIRS_DISTINCT and sorted(v for v in c if v) == [2] * 7:
            return True
        if rules & F.THIRTEEN_ORPHANS and all(c[t] for t in ORPHANS) and sum(c[t] for t in ORPHANS) == 14:
            return True
    if rules & F.KNITTED:
        for s in KNITTED_SETS:
            held = [t for t in range(N_KINDS) if c[t]]
            if total == 14 and max(c) == 1 and all(t in s or t >= 27 for t in held):
                return True
            if total >= 11 and all(c[t] for t in s):
                rest = list(c)
                for t in s:
                    rest[t] -= 1
                if _splits(tuple(rest), True):
                    return True
    return False


def brute_is_win(
    counts: Sequence[int], rules: int, limits: Sequence[int] | None = None, jokers: int = 0, fifth: bool = True
) -> bool:
    """Whether counts plus ``jokers`` win under ``rules``: every joker placement tried.

    A joker stands for a tile the rules play (any under the default); with ``fifth=False``
    no tile's copies exceed ``limits``, with ``fifth=True`` only jokers may.
    """
    lim = limits if limits is not None else [4] * N_KINDS
    played = _played(lim, rules)
    kinds = [t for t in range(N_KINDS) if played[t]]
    for extra in itertools.combinations_with_replacement(kinds, jokers):
        c = list(counts)
        for t in extra:
            c[t] += 1
        if not fifth and any(c[t] > lim[t] for t in range(N_KINDS)):
            continue
        if _shape_win(c, rules):
            return True
    return False


def brute_waits(
    counts: Sequence[int], rules: int, limits: Sequence[int] | None = None, jokers: int = 0, fifth: bool = True
) -> list[int]:
    """The tiles left to draw (``counts[t] < limits[t]``) whose addition wins."""
    lim = limits if limits is not None else [4] * N_KINDS
    out = []
    for t in range(N_KINDS):
        if counts[t] < lim[t]:
            c = list(counts)
            c[t] += 1
            if brute_is_win(c, rules, lim, jokers, fifth):
                out.append(t)
    return out


# ---------------------------------------------------------------- shanten by exhaustion


@functools.cache
def part_targets(size: int, chows: bool, cap: int = 4) -> dict[tuple[int, int], np.ndarray]:
    """Every target of one part, per (melds k, pairs p): all multisets of k melds and p
    pairs whose counts stay within ``cap``, as rows of counts."""
    melds = [tuple(3 if j == i else 0 for j in range(size)) for i in range(size)]
    if chows:
        melds += [tuple(1 if i <= j < i + 3 else 0 for j in range(size)) for i in range(size - 2)]
    out: dict[tuple[int, int], set[tuple[int, ...]]] = {}
    for k in range(5):
        for combo in itertools.combinations_with_replacement(melds, k):
            base = [sum(m[j] for m in combo) for j in range(size)]
            if max(base, default=0) > cap:
                continue
            out.setdefault((k, 0), set()).add(tuple(base))
            for j in range(size):
                if base[j] + 2 <= cap:
                    with_pair = list(base)
                    with_pair[j] += 2
                    out.setdefault((k, 1), set()).add(tuple(with_pair))
    return {key: np.array(sorted(rows), dtype=np.int16).reshape(-1, size) for key, rows in out.items()}


@functools.cache
def _lattice(size: int, chows: bool) -> np.ndarray:
    """Least cost per part vector (counts 0-4) and (k, p): a distance transform from the
    exact targets, ``F(x) = min_v F(v) + max(0, v - x)`` along each axis."""
    lat = np.full((5,) * size + (10,), INF, dtype=np.int16)
    for (k, p), rows in part_targets(size, chows).items():
        lat[tuple(rows.T) + (2 * k + p,)] = 0
    for axis in range(size):
        f = np.moveaxis(lat, axis, 0)
        out = f.copy()
        suffix = f[4].copy()
        for x in range(3, -1, -1):
            suffix = np.minimum(f[x], suffix + 1)
            out[x] = np.minimum(out[x], suffix)
        for x in range(1, 5):
            out[x] = np.minimum(out[x], out[x - 1])
        lat = np.moveaxis(out, 0, axis)
    return np.ascontiguousarray(lat)


@functools.lru_cache(maxsize=1 << 16)
def _part_row(counts: tuple[int, ...], caps: tuple[int, ...], chows: bool, melds: int) -> tuple[int, ...]:
    """Least cost of each (k <= ``melds``, p) target of one part; ``caps`` 0 where not played."""
    size = len(counts)
    if all(v == 4 for v in caps):
        return tuple(int(v) for v in _lattice(size, chows)[counts])
    cap = np.array(caps, dtype=np.int16)
    held = np.array(counts, dtype=np.int16)
    row = [INF] * 10
    for (k, p), rows in part_targets(size, chows).items():
        if k > melds:
            continue
        ok = rows[(rows <= cap).all(axis=1)]
        if len(ok):
            row[2 * k + p] = int(np.maximum(ok - held, 0).sum(axis=1).min())
    return tuple(row)


def _join(rows: Sequence[Sequence[int]], n: int) -> int:
    """Least cost of n melds and the pair over parts with these rows (index 2k + p)."""
    if not rows:
        return INF
    acc = list(rows[0])
    for row in rows[1:-1]:
        nxt = [INF] * 10
        for i, v1 in enumerate(acc):
            if v1 < INF:
                k1, p1 = divmod(i, 2)
                for k2 in range(n + 1 - k1):
                    for p2 in range(2 - p1):
                        j = 2 * (k1 + k2) + p1 + p2
                        nxt[j] = min(nxt[j], v1 + row[2 * k2 + p2])
        acc = nxt
    if len(rows) == 1:
        return acc[2 * n + 1]
    last = rows[-1]
    return min(acc[2 * k + p] + last[2 * (n - k) + 1 - p] for k in range(n + 1) for p in range(2))


def _standard(c: Sequence[int], lim: Sequence[int], played: Sequence[bool], kept: tuple[int, ...], n: int) -> int:
    """Least cost of n melds and the pair over the kept suits and the honours, part by part."""
    rows = []
    for lo, hi, chows in [(SUIT * u, SUIT * u + SUIT, True) for u in kept] + [(27, 34, False)]:
        caps = tuple(lim[t] if played[t] else 0 for t in range(lo, hi))
        if any(caps):  # else nothing of this part can be placed: its tiles are useless
            rows.append(_part_row(tuple(c[lo:hi]), caps, chows, n))
    return _join(rows, n)


def _seven_pairs(c: Sequence[int], lim: Sequence[int], kinds: Iterable[int], distinct: bool) -> int:
    """Seven pairs, every way: up to two pairs per held kind (one if ``distinct``, two only with
    four copies allowed) by a search over the held kinds; the pairs still missing go on kinds
    not held, 2 tiles each, as long as such kinds are left."""
    per_kind = 1 if distinct else 2
    held = []
    empty_pairs = 0
    for t in kinds:
        room = min(per_kind, lim[t] // 2)
        if c[t]:
            if room:
                held.append((c[t], room))
        else:
            empty_pairs += room
    return _pairs_search(tuple(sorted(held)), min(empty_pairs, 7))


@functools.cache
def _pairs_search(held: tuple[tuple[int, int], ...], empty_pairs: int) -> int:
    best = {0: 0}  # pairs placed on held kinds -> least cost
    for copies, room in held:
        nxt = dict(best)
        for pairs, cost in best.items():
            for r in range(1, room + 1):
                if pairs + r <= 7:
                    value = cost + max(0, 2 * r - copies)
                    if value < nxt.get(pairs + r, INF):
                        nxt[pairs + r] = value
        best = nxt
    return min((cost + 2 * (7 - pairs) for pairs, cost in best.items() if 7 - pairs <= empty_pairs), default=INF)


def _orphans(c: Sequence[int], lim: Sequence[int]) -> int:
    """Each orphan once and one of them twice, every way."""
    if any(lim[t] < 1 for t in ORPHANS):
        return INF
    return min(
        (sum(max(0, (2 if t == d else 1) - c[t]) for t in ORPHANS) for d in ORPHANS if lim[d] >= 2), default=INF
    )


def _knitted(c: Sequence[int], lim: Sequence[int], played: Sequence[bool], n: int, total: int, form: int) -> int:
    best = INF
    for s in KNITTED_SETS:
        usable = [t for t in s + HONORS if played[t] and lim[t] >= 1]
        if form in (0, 4) and total >= 13 and len(usable) >= 14:
            best = min(best, 14 - min(14, sum(1 for t in usable if c[t])))
        if form in (0, 5) and total >= 10 and all(played[t] and lim[t] >= 1 for t in s):
            rest = list(c)
            rest_lim = list(lim)
            missing = 0
            for t in s:
                missing += rest[t] == 0
                rest[t] = max(0, rest[t] - 1)
                rest_lim[t] -= 1
            rest_played = [played[t] and rest_lim[t] > 0 for t in range(N_KINDS)]
            best = min(best, missing + _standard(rest, rest_lim, rest_played, (0, 1, 2), n - 3))
    return best


PARTS = ((0, 9, True), (9, 18, True), (18, 27, True), (27, 34, False))


def brute_cost(counts: Sequence[int], rules: int, limits: Sequence[int] | None = None, jokers: int = 0,
               form: int = 0) -> int:
    """Least number of tiles a complete hand of the form lacks (jokers count as held)."""
    lim = list(limits) if limits is not None else [4] * N_KINDS
    counts = list(counts)
    played = _played(lim, rules)
    caps = [lim[t] if played[t] else 0 for t in range(N_KINDS)]
    total = sum(counts) + jokers
    n = total // 3
    rows = []
    for lo, hi, chows in PARTS:
        part_caps = tuple(caps[lo:hi])
        rows.append(_part_row(tuple(counts[lo:hi]), part_caps, chows, n) if any(part_caps) else None)
    best = INF
    for kept in kept_choices(rules):
        every = len(kept) == 3
        if form in (0, 1):
            best = min(best, _join([rows[u] for u in (*kept, 3) if rows[u] is not None], n))
        if total >= 13 and form in (0, 2) and rules & (F.SEVEN_PAIRS | F.SEVEN_PAIRS_DISTINCT):
            kinds = [t for u in (*kept, 3) for t in range(PARTS[u][0], PARTS[u][1])]
            best = min(best, _seven_pairs(counts, caps, kinds, bool(rules & F.SEVEN_PAIRS_DISTINCT)))
        if every and total >= 13 and form in (0, 3) and rules & F.THIRTEEN_ORPHANS:
            best = min(best, _orphans(counts, caps))
        if every and form in (0, 4, 5) and rules & F.KNITTED:
            best = min(best, _knitted(counts, lim, played, n, total, form))
    return best


def brute_shanten(counts: Sequence[int], rules: int, limits: Sequence[int] | None = None, jokers: int = 0,
                  form: int = 0) -> int:
    """Shanten by exhaustion (``99`` when no complete hand fits the limits); jokers within limits."""
    cost = brute_cost(counts, rules, limits, jokers, form)
    return 99 if cost >= INF else cost - jokers - 1


def uncapped_shanten(counts: Sequence[int], rules: int, form: int = 0) -> int:
    """Shanten when any number of copies of a tile may be drawn (PyMahjongGB ignores the limit)."""
    total = sum(counts)
    n = total // 3
    best = _uncapped_standard(counts, n)
    if total >= 13 and rules & F.SEVEN_PAIRS and form in (0, 2):
        best = min(best, _seven_pairs(counts, [14] * N_KINDS, range(N_KINDS), False))
    if total >= 13 and rules & F.THIRTEEN_ORPHANS and form in (0, 3):
        best = min(best, _orphans(counts, [14] * N_KINDS))
    if rules & F.KNITTED:
        for s in KNITTED_SETS:
            if total >= 13 and form in (0, 4):
                best = min(best, 14 - min(14, sum(1 for t in s + HONORS if counts[t])))
            if total >= 10 and form in (0, 5):
                rest = [max(0, counts[t] - (t in s)) for t in range(N_KINDS)]
                best = min(best, sum(1 for t in s if not counts[t]) + _uncapped_standard(rest, n - 3))
    return best - 1


def _uncapped_standard(c: Sequence[int], n: int) -> int:
    best = {(0, 0): 0}
    for lo, hi, chows in ((0, 9, True), (9, 18, True), (18, 27, True), (27, 34, False)):
        row = _uncapped_row(tuple(c[lo:hi]), chows)
        nxt: dict[tuple[int, int], int] = {}
        for (k1, p1), v1 in best.items():
            for k2 in range(n + 1 - k1):
                for p2 in range(2 - p1):
                    v = v1 + row[2 * k2 + p2]
                    if v < nxt.get((k1 + k2, p1 + p2), INF):
                        nxt[(k1 + k2, p1 + p2)] = v
        best = nxt
    return best.get((n, 1), INF)


@functools.cache
def _uncapped_row(part: tuple[int, ...], chows: bool) -> tuple[int, ...]:
    held = np.array(part, dtype=np.int16)
    row = [INF] * 10
    for (k, p), rows in part_targets(len(part), chows, 14).items():
        row[2 * k + p] = int(np.maximum(rows - held, 0).sum(axis=1).min())
    return tuple(row)


# ---------------------------------------------------------------- generators


def _add(c: list[int], lim: Sequence[int], tiles: Sequence[int]) -> bool:
    if any(c[t] + tiles.count(t) > lim[t] for t in set(tiles)):
        return False
    for t in tiles:
        c[t] += 1
    return True


def complete_target(rng: random.Random, kinds: Sequence[int], limits: Sequence[int], melds: int = 4,
                    seven_pairs: float = 0.15, quads: float = 0.3) -> list[int]:
    """A complete hand (melds + pair, or seven pairs) on ``kinds`` within ``limits``."""
    lim = list(limits)
    usable = [t for t in kinds if lim[t]]
    for _ in range(1000):
        c = [0] * N_KINDS
        if melds == 4 and rng.random() < seven_pairs:
            pool = list(usable)
            rng.shuffle(pool)
            pairs = 0
            for t in pool:
                if pairs < 7 and lim[t] >= 2:
                    c[t] += 2
                    pairs += 1
                    if pairs < 7 and lim[t] >= 4 and rng.random() < quads:
                        c[t] += 2
                        pairs += 1
            if pairs == 7:
                return c
            continue
        ok = True
        for _ in range(melds):
            for _ in range(20):
                t = rng.choice(usable)
                if t < 27 and t % SUIT <= 6 and rng.random() < 0.55:
                    if _add(c, lim, [t, t + 1, t + 2]):
                        break
                elif _add(c, lim, [t] * 3):
                    break
            else:
                ok = False
        for _ in range(20):
            t = rng.choice(usable)
            if _add(c, lim, [t, t]):
                break
        else:
            ok = False
        if ok and sum(c) == 3 * melds + 2:
            return c
    raise AssertionError("no complete hand fits these limits")


def perturb(rng: random.Random, c: list[int], kinds: Sequence[int], limits: Sequence[int], changes: int,
            quads: float = 0.3) -> list[int]:
    """Swap ``changes`` tiles of ``c`` for others of ``kinds`` (a quad now and then)."""
    c = list(c)
    usable = [t for t in kinds if limits[t]]
    for _ in range(changes):
        held = [t for t in range(N_KINDS) if c[t]]
        c[rng.choice(held)] -= 1
        for _ in range(50):
            if rng.random() < quads:
                t = rng.choice([t for t in range(N_KINDS) if c[t]] or usable)
            else:
                t = rng.choice(usable)
            if c[t] < limits[t] and t in usable:
                c[t] += 1
                break
        else:
            c[rng.choice(held)] += 1
    return c


def near_win_hands(rng: random.Random, n: int, limits: Sequence[int] | None = None, size: int = 13,
                   kinds: Sequence[int] | None = None, max_changes: int = 3, quads: float = 0.3,
                   per_target: int = 8) -> list[bytes]:
    """``n`` hands of ``size`` tiles up to ``max_changes`` swaps from a complete hand (of the
    least 3m+2 tiles at least ``size``, less random tiles) on ``kinds`` within ``limits``
    (``per_target`` hands from each complete hand)."""
    lim = list(limits) if limits is not None else [4] * N_KINDS
    pool = list(kinds) if kinds is not None else [t for t in range(N_KINDS) if lim[t]]
    melds = size // 3 if size % 3 != 2 else (size - 2) // 3
    out: list[bytes] = []
    while len(out) < n:
        target = complete_target(rng, pool, lim, melds, quads=quads)
        for _ in range(min(per_target, n - len(out))):
            c = perturb(rng, target, pool, lim, rng.randint(0, max_changes), quads)
            for _ in range(3 * melds + 2 - size):
                c[rng.choice([t for t in range(N_KINDS) if c[t]])] -= 1
            out.append(bytes(c))
    return out


def knitted_hands(rng: random.Random, n: int, form: int, size: int = 13, limits: Sequence[int] | None = None,
                  max_changes: int = 3) -> list[bytes]:
    """Hands near 全不靠 (``form`` 4: 14 of a knitted set's nine tiles and the honours) or
    组合龙 (5: a knitted set, ``size // 3 - 3`` melds and the pair), ``size`` tiles."""
    lim = list(limits) if limits is not None else [4] * N_KINDS
    out = []
    while len(out) < n:
        s = rng.choice(KNITTED_SETS)
        c = [0] * N_KINDS
        if form == 4:
            for t in rng.sample(s + HONORS, 14):
                c[t] += 1
        else:
            for t in s:
                c[t] += 1
            rest = complete_target(rng, range(N_KINDS), [lim[t] - c[t] for t in range(N_KINDS)], (size - 1) // 3 - 3,
                                   seven_pairs=0)
            c = [a + b for a, b in zip(c, rest)]
        if any(c[t] > lim[t] for t in range(N_KINDS)):
            continue
        c = perturb(rng, c, range(N_KINDS), lim, rng.randint(0, max_changes), quads=0.1)
        if size % 3 == 1:
            held = [t for t in range(N_KINDS) if c[t]]
            c[rng.choice(held)] -= 1
        out.append(bytes(c))
    return out


def declared_limits(rng: random.Random, base: Sequence[int], melds: int, chows: bool = True,
                    suits: Sequence[int] = (0, 1, 2)) -> tuple[bytes, list[int]]:
    """Limits after ``melds`` declared melds drawn from ``base`` (4 minus their copies), and
    the suits they hold (for the lock bits)."""
    lim = list(base)
    held: list[int] = []
    for _ in range(melds):
        for _ in range(100):
            u = rng.choice(list(suits) + ([3] if any(lim[27:]) else []))
            if u == 3:
                t = rng.choice(HONORS)
                tiles = [t] * 3
            else:
                t = SUIT * u + rng.randrange(SUIT)
                tiles = [t, t + 1, t + 2] if chows and t % SUIT <= 6 and rng.random() < 0.5 else [t] * 3
            if all(lim[x] >= tiles.count(x) for x in set(tiles)):
                for x in tiles:
                    lim[x] -= 1
                if u < 3:
                    held.append(u)
                break
    return bytes(lim), sorted(set(held))


def lock_flags(rules: int, suits: Iterable[int]) -> int:
    """``rules`` with the lock bits of ``suits``."""
    for u in suits:
        rules |= 1 << (F.LOCK_SHIFT + u)
    return rules
