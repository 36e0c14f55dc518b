"""The efficiency kernels (compiled ``efficiency``, pure ``efficiency_py``) against brute force.

The brute force is the definition with nothing pruned: remove each held tile, add each tile
the hand may still draw, compare shanten (the shanten kernels, or ``shanten_batch`` for the
large samples).  Sample sizes: 50,000 hands per check on the compiled kernel (vectorised),
a few dozen on pure Python (one pure shanten call per draw costs milliseconds).
"""
from __future__ import annotations

import functools
import importlib
import random

import pytest

import mahjong_fast as mf
import mahjong_fast._dispatch
from mahjong_fast._dispatch import NO_EXTENSIONS
from mahjong_fast._kernels.rule_flags import CHINESE, SEVEN_PAIRS_DISTINCT, THIRTEEN_ORPHANS
from mahjong_fast._layout import N_KINDS, ORPHANS
from mahjong_fast._rules import RULES

from support.hands import concealed_beside, heavy_hand, melds_and_limits, mixed_hand, random_hand

np = pytest.importorskip("numpy")

FULL = bytes([4]) * N_KINDS
IDS = ("pure-python",) if NO_EXTENSIONS else ("c-extension", "pure-python")


@pytest.fixture(scope="module", params=IDS)
def eff(request: pytest.FixtureRequest):
    """The efficiency kernel of one implementation, with the shanten kernel of the same one."""
    compiled = request.param == "c-extension"
    k = importlib.import_module("mahjong_fast._kernels.efficiency" + ("" if compiled else "_py"))
    s = importlib.import_module("mahjong_fast._kernels.shanten" + ("" if compiled else "_py"))
    k.compiled = compiled
    k.sh = s
    return k


def sample(eff, compiled: int, pure: int) -> int:
    return compiled if eff.compiled else pure


# ---------------------------------------------------------------- brute force

def brute_useful(shanten_counts, c, lim=FULL, avail=FULL):
    """(shanten, mask, total) of a 3n+1 hand by one shanten call per drawable tile."""
    c = bytearray(c)
    s = shanten_counts(bytes(c), 0, 0, True, lim)
    mask = total = 0
    for t in range(N_KINDS):
        if c[t] < lim[t]:
            c[t] += 1
            if shanten_counts(bytes(c), 0, 0, True, lim) < s:
                mask |= 1 << t
                total += max(0, avail[t] - (c[t] - 1))
            c[t] -= 1
    return s, mask, total


def brute_discards(shanten_counts, h, lim=FULL, avail=FULL):
    """{d: (shanten, mask, total)} over the held tiles of a 3n+2 hand."""
    out = {}
    for d in range(N_KINDS):
        if h[d]:
            c = bytearray(h)
            c[d] -= 1
            out[d] = brute_useful(shanten_counts, c, lim, avail)
    return out


def entries(result):
    return {e[0]: e[1:4] for e in (result.entry(i) for i in range(result.size))}


def quads(rng: random.Random, n: int) -> list[int]:
    """``n`` tiles with one or two fours and a triplet among few kinds: where pruning is delicate."""
    c = [0] * N_KINDS
    kinds = rng.sample(range(N_KINDS), 6)
    for t in kinds[: rng.randint(1, 2)]:
        c[t] = min(4, n - sum(c))
    if sum(c) < n:
        c[kinds[2]] = min(3, n - sum(c))
    while sum(c) < n:
        t = rng.choice(kinds[3:] + [rng.randrange(N_KINDS)])
        if c[t] < 4:
            c[t] += 1
    return c


def rows(seed: int, n: int, sizes=(14, 14, 14, 11, 8)) -> np.ndarray:
    """Random hands: wall draws, few kinds, fours, orphans, near wins (``support.hands``)."""
    rng = random.Random(seed)
    out = np.zeros((n, N_KINDS), dtype=np.uint8)
    for r in range(n):
        size = rng.choice(sizes)
        kind = r % 4
        c = mixed_hand(rng, size) if kind < 2 else heavy_hand(rng, size) if kind == 2 else quads(rng, size)
        out[r] = c
    return out


def batch_brute(hands: np.ndarray, avail: np.ndarray | None = None, rules: str = "chinese"):
    """(shanten after each discard (N, 34), unseen useful total (N, 34), useful masks (N, 34) as
    int64 bits) by ``shanten_batch`` over every discard and every draw the rules allow."""
    n = hands.shape[0]
    lim = np.frombuffer(RULES[rules].limits, dtype=np.uint8).astype(np.int16)
    after = np.full((n, N_KINDS), 127, dtype=np.int8)
    totals = np.zeros((n, N_KINDS), dtype=np.int64)
    masks = np.zeros((n, N_KINDS), dtype=np.int64)
    eye = np.eye(N_KINDS, dtype=np.int16)
    for lo in range(0, n, 1000):
        h = hands[lo:lo + 1000].astype(np.int16)
        rr, dd = np.nonzero(h)
        x = h[rr] - eye[dd]                      # the hands left, one per (row, discard)
        sx = mf.shanten_batch(x, rules=rules)
        after[lo + rr, dd] = sx
        ok = x < lim                             # every draw the hand may make
        k, t = np.nonzero(ok)
        sy = mf.shanten_batch(x[k] + eye[t], rules=rules)
        useful = np.zeros(ok.shape, dtype=bool)
        useful[k, t] = sy < sx[k]
        av = lim if avail is None else avail[lo + rr].astype(np.int16)
        unseen = np.clip(av - x, 0, None)
        totals[lo + rr, dd] = (useful * unseen).sum(axis=1)
        masks[lo + rr, dd] = (useful.astype(np.int64) << np.arange(N_KINDS, dtype=np.int64)).sum(axis=1)
    return after, totals, masks


def rule_rows(rules: str, seed: int, n: int, sizes=(14, 14, 14, 11, 8)) -> np.ndarray:
    """Random hands of the tiles ``rules`` play: wall draws, few kinds, fours and triplets."""
    exist = [t for t in range(N_KINDS) if RULES[rules].limits[t]]
    rng = random.Random(seed)
    wall = [t for t in exist for _ in range(4)]
    out = np.zeros((n, N_KINDS), dtype=np.uint8)
    for r in range(n):
        size = rng.choice(sizes)
        kind = r % 4
        if kind < 2:
            for t in rng.sample(wall, size):
                out[r, t] += 1
        else:
            c = heavy_hand(rng, size, exist) if kind == 2 else quads(rng, size)
            if kind == 3:
                c = [0] * N_KINDS
                kinds = rng.sample(exist, 6)
                c[kinds[0]] = 4
                c[kinds[1]] = 3 if size >= 7 else 0
                while sum(c) < size:
                    t = rng.choice(kinds[2:] + [rng.choice(exist)])
                    if c[t] < 4:
                        c[t] += 1
            out[r] = c
    return out


# ---------------------------------------------------------------- useful tiles of 3n+1 hands

def test_useful_matches_brute_force(eff):
    rng = random.Random(13)
    for _ in range(sample(eff, 3000, 25)):
        size = rng.choice((13, 13, 10, 7, 4, 1))
        c = bytes(mixed_hand(rng, size) if rng.random() < 0.7 else heavy_hand(rng, size))
        assert eff.useful(c, FULL, FULL) == brute_useful(eff.sh.shanten_counts, c), list(c)


def _beside_melds(rng: random.Random, size: int) -> tuple[list[int], bytes, bytes]:
    """A concealed part of ``size`` tiles less three a meld beside 1-3 random melds, the limits the melds
    leave, and the unseen counts with about a third of the kinds partly seen."""
    declared = rng.randint(1, 3)
    used, lim = melds_and_limits(rng, declared)
    c = concealed_beside(rng, used, size - 3 * declared, rng.random() < 0.5)
    seen = [rng.randint(0, lim[t] - c[t]) if rng.random() < 0.3 else 0 for t in range(N_KINDS)]
    return c, lim, bytes(lim[t] - seen[t] for t in range(N_KINDS))


def test_useful_with_melds_and_visible(eff):
    rng = random.Random(14)
    for _ in range(sample(eff, 2000, 15)):
        c, lim, avail = _beside_melds(rng, 13)
        assert eff.useful(bytes(c), lim, avail) == brute_useful(eff.sh.shanten_counts, c, lim, avail)


RULE_SETS = ("chinese", "riichi", "riichi3", "sichuan", "gb")


def knitted_biased(rng: random.Random, size: int) -> list[int]:
    """A hand of ``size`` tiles drawn mostly from one knitted set (147m 258p 369s, permuted) and the
    honours, with a few others: near 全不靠 and 组合龙."""
    perm = rng.sample(range(3), 3)
    pool = [u * 9 + perm[u] + 3 * k for u in range(3) for k in range(3)] + list(range(27, 34))
    c = [0] * N_KINDS
    while sum(c) < size:
        t = rng.choice(pool) if rng.random() < 0.8 else rng.randrange(N_KINDS)
        if c[t] < 4:
            c[t] += 1
    return c


@pytest.mark.parametrize("rules", RULE_SETS)
def test_useful_under_rules_matches_brute_force(eff, rules):
    """Useful draws under every rule set against one shanten call per drawable tile: under GB the
    compiled kernel takes the plain forms' draws from the row path and each knitted form's by its
    own shanten calls (``_useful_knitted``); hands near the knitted forms included, visible tiles
    on every third."""
    rng = random.Random(17)
    r = RULES[rules]
    lim = r.limits
    hands = rule_rows(rules, 3, sample(eff, 1500, 8), sizes=(13, 13, 13, 10, 7, 4))
    for i, row in enumerate(hands):
        c = list(row)
        if rules == "gb" and i % 2:
            c = knitted_biased(rng, rng.choice((13, 13, 10)))
        seen = [rng.randint(0, lim[t] - c[t]) if i % 3 == 0 and rng.random() < 0.3 else 0 for t in range(N_KINDS)]
        avail = bytes(lim[t] - seen[t] for t in range(N_KINDS))
        want = brute_useful(functools.partial(eff.sh.shanten_counts, rules=r.flags), c, lim, avail)
        assert eff.useful(bytes(c), lim, avail, None, r.flags) == want, (rules, c)


# ---------------------------------------------------------------- every discard of 3n+2 hands

@pytest.mark.parametrize("rules", RULE_SETS)
def test_discards_50k_against_batch_brute_force(eff, rules):
    """Shanten after each discard and unseen useful totals of 50,000 hands per rule set (every 5th
    with visible tiles) through ``discard_analysis_batch`` on the dispatched kernel, against the
    brute force; the useful masks of the kernel under test, hand by hand, on 3,000 of them (16
    and 12 on pure Python)."""
    if eff.compiled != mf._dispatch.is_compiled(mf._dispatch.efficiency):
        n_batch = 0
    else:
        n_batch = sample(eff, 50000, 16)
    n_single = sample(eff, 3000, 12)
    n = max(n_batch, n_single)
    hands = rule_rows(rules, 1, n)
    lim = np.frombuffer(RULES[rules].limits, dtype=np.uint8)
    rng = np.random.default_rng(2)
    seen = rng.integers(0, 3, size=(n, N_KINDS)) * (rng.random((n, N_KINDS)) < 0.25)
    seen = np.minimum(seen, lim - hands).astype(np.uint8)
    seen[np.arange(n) % 5 != 0] = 0
    avail = (lim - seen).astype(np.uint8)
    after, totals, masks = batch_brute(hands, avail, rules)
    shanten = mf.shanten_batch(hands, rules=rules)
    if n_batch:
        got = mf.discard_analysis_batch(hands[:n_batch], visible=seen[:n_batch], rules=rules)
        assert (got.shanten == after[:n_batch]).all()
        assert (got.useful == totals[:n_batch]).all()
        held = hands[:n_batch] > 0
        assert (got.keep == (held & (after[:n_batch] == shanten[:n_batch, None]))).all()
        assert (got.back == (held & (after[:n_batch] > shanten[:n_batch, None]))).all()
    flags = RULES[rules].flags
    for r in range(n_single):
        res = eff.discards(hands[r].tobytes(), RULES[rules].limits, avail[r].tobytes(), None, flags)
        assert res.shanten == shanten[r]
        assert res.after() == after[r].tolist(), r
        for d, (s, mask, total) in entries(res).items():
            assert (s, mask, total) == (after[r, d], masks[r, d], totals[r, d]), (r, d)


def test_discards_with_melds(eff):
    rng = random.Random(15)
    for _ in range(sample(eff, 3000, 10)):
        c, lim, avail = _beside_melds(rng, 14)
        got = entries(eff.discards(bytes(c), lim, avail))
        assert got == brute_discards(eff.sh.shanten_counts, c, lim, avail), (list(c), list(lim))


def test_missing_tiles_are_never_drawn(eff):
    """Limits of 0 (three-player 2m-8m, Sichuan honours): such a tile is never useful."""
    rng = random.Random(16)
    lim = bytes(0 if 1 <= t <= 7 else 4 for t in range(N_KINDS))
    for _ in range(sample(eff, 2000, 10)):
        c = random_hand(rng, 14)
        for t in range(1, 8):
            c[t] = 0
        while sum(c) % 3 != 2:
            c[0 if c[0] < 4 else 8] += 1
        got = entries(eff.discards(bytes(c), lim, lim))
        assert got == brute_discards(eff.sh.shanten_counts, c, lim, lim)
        for _, mask, _ in got.values():
            assert not mask & (0x7F << 1)


def test_wild_draws_are_jokers(eff):
    """With a wild kind the draws are checked without pruning, a wild draw as a joker."""
    rng = random.Random(17)
    wild = bytes(1 if t == 33 else 0 for t in range(N_KINDS))
    for _ in range(sample(eff, 300, 3)):
        c = bytearray(mixed_hand(rng, 13))
        res = eff.useful(bytes(c), FULL, FULL, wild)
        joker = c[33]
        base = bytearray(c)
        base[33] = 0
        s = eff.sh.shanten_counts(bytes(base), 0, joker, True, FULL)
        mask = 0
        for t in range(N_KINDS):
            if c[t] >= 4:
                continue
            y = bytearray(base)
            j = joker
            if t == 33:
                j += 1
            else:
                y[t] += 1
            if eff.sh.shanten_counts(bytes(y), 0, j, True, FULL) < s:
                mask |= 1 << t
        assert res[:2] == (s, mask)


# ---------------------------------------------------------------- two-step figures

def _brute_best(shanten_counts, y, keep, lim, avail):
    """Largest unseen useful total over the discards of ``y`` leaving shanten ``keep``, and
    whether one of them leaves a wait on two kinds or more."""
    best, good = 0, False
    for e in range(N_KINDS):
        if y[e]:
            z = bytearray(y)
            z[e] -= 1
            s, mask, total = brute_useful(shanten_counts, z, lim, avail)
            if s == keep:
                best = max(best, total)
                waits = [u for u in range(N_KINDS) if mask >> u & 1]
                good = good or (len(waits) >= 2 and sum(lim[u] - z[u] for u in waits) > 4)
    return best, good


def brute_second(shanten_counts, x, s, mask, lim=FULL, avail=FULL):
    """(two_step, improve mask, improve total, good share) straight from the definitions."""
    unseen = [max(0, avail[t] - x[t]) for t in range(N_KINDS)]
    if s >= 1:
        weight = num = good = 0
        for t in range(N_KINDS):
            if mask >> t & 1 and unseen[t]:
                y = bytearray(x)
                y[t] += 1
                best, g = _brute_best(shanten_counts, y, s - 1, lim, avail)
                weight += unseen[t]
                num += unseen[t] * best
                good += unseen[t] * g
        two = num / weight if weight else 0.0
        return two, None, None, (good / weight if weight and s == 1 else None)
    if s == 0:
        waits = sum(unseen[t] for t in range(N_KINDS) if mask >> t & 1)
        imp = tot = 0
        for t in range(N_KINDS):
            if mask >> t & 1 or x[t] >= lim[t] or not unseen[t]:
                continue
            y = bytearray(x)
            y[t] += 1
            if _brute_best(shanten_counts, y, 0, lim, avail)[0] > waits:
                imp |= 1 << t
                tot += unseen[t]
        return 0.0, imp, tot, None
    return 0.0, None, None, None


def _brute_shanten(eff):
    """The shanten the brute force calls: the compiled kernel's on the compiled run."""
    if eff.compiled:
        from mahjong_fast._kernels import shanten as fast

        return fast.shanten_counts
    return eff.sh.shanten_counts


def _assert_two_step(eff, shanten_counts, c, rng: random.Random, seen_share: float, flags: int = CHINESE) -> None:
    """Every discard's two-step figures of the hand ``c`` (a share of the kinds partly seen)
    equal ``brute_second``'s."""
    seen = [rng.randint(0, 4 - c[t]) if rng.random() < seen_share else 0 for t in range(N_KINDS)]
    avail = bytes(4 - v for v in seen)
    res = eff.discards(bytes(c), FULL, avail, None, flags, True, True)
    for j in range(res.size):
        d, s, mask, _, two, imp, imp_total, good = res.entry(j)
        x = bytearray(c)
        x[d] -= 1
        want = brute_second(functools.partial(_flags_shanten, shanten_counts, flags), x, s, mask, FULL, avail)
        assert (two, imp, imp_total, good) == pytest.approx(want), (list(c), d)


def test_two_step_against_definition(eff):
    """2,000 hands on the compiled kernel (near wins, where the figures are busy; one in eight of
    14 tiles, where seven pairs and orphans count too), 3 on pure."""
    rng = random.Random(18)
    shanten_counts = _brute_shanten(eff)
    for i in range(sample(eff, 2000, 3)):
        size = (8, 11, 5, 8, 11, 5, 8, 14)[i % 8] if eff.compiled else 8
        _assert_two_step(eff, shanten_counts, mixed_hand(rng, size), rng, 0.2)


def _flags_shanten(shanten_counts, flags, c, form, jokers, fifth, lim):
    """``shanten_counts`` under the rule ``flags``."""
    return shanten_counts(c, form, jokers, fifth, lim, rules=flags)


def _row_path_hands(rng: random.Random, n: int) -> list[bytearray]:
    """14-tile hands where the row path of the two-step figures branches: ready hands (a winning
    hand with one tile swapped: improving draws, and drawn hands skipped by the bound), hands in
    one suit (a drawn tile would make 15 in one part), hands holding four of a kind (the draw of
    the discarded kind gives back the hand itself) and pair-rich hands (seven pairs)."""
    hands = []
    for i in range(n):
        kind = i % 4
        c = bytearray(N_KINDS)
        if kind == 0:
            suit = rng.randrange(3) * 9
            tiles = [suit + rng.randrange(9) for _ in range(14)]
        elif kind == 1:
            q = rng.randrange(N_KINDS)
            tiles = [q] * 4 + [rng.randrange(N_KINDS) for _ in range(10)]
        elif kind == 2:
            tiles = [t for t in rng.sample(range(N_KINDS), 7) for _ in range(2)]
            tiles[rng.randrange(14)] = rng.randrange(N_KINDS)
        else:
            tiles = [t for t in (rng.randrange(7) + 9 * rng.randrange(3) for _ in range(4)) for t in (t, t + 1, t + 2)]
            tiles += [rng.randrange(N_KINDS)] * 2
            tiles[rng.randrange(14)] = rng.randrange(N_KINDS)
        for t in tiles:
            c[t] += 1
        if max(c) <= 4:
            hands.append(c)
    return hands


def test_two_step_row_path_cases_against_definition(eff):
    """The cases ``_row_path_hands`` names, 14 tiles, some with seen tiles, against the definitions."""
    rng = random.Random(19)
    shanten_counts = _brute_shanten(eff)
    hands = _row_path_hands(rng, sample(eff, 240, 4))
    assert len(hands) > sample(eff, 180, 2)
    for c in hands:
        _assert_two_step(eff, shanten_counts, c, rng, 0.1)


def _far_from_standard_hands(rng: random.Random, n: int) -> list[bytearray]:
    """14-tile hands where lone draws change: 9-13 kinds of orphans, the rest any tiles (thirteen
    orphans two from a win or nearer, where an orphan held nowhere near still counts, or just
    further), and seven pairs, complete or with a tile swapped (often far from the standard form,
    where any tile not held is lone)."""
    hands = []
    while len(hands) < n:
        if len(hands) % 2:
            tiles = [t for t in rng.sample(range(N_KINDS), 7) for _ in range(2)]
            if rng.random() < 0.5:
                tiles[rng.randrange(14)] = rng.randrange(N_KINDS)
        else:
            tiles = rng.sample(ORPHANS, rng.randint(9, 13))
            tiles += [rng.choice(tiles if rng.random() < 0.5 else range(N_KINDS)) for _ in range(14 - len(tiles))]
        c = bytearray(N_KINDS)
        for t in tiles:
            c[t] += 1
        if max(c) <= 4:
            hands.append(c)
    return hands


@pytest.mark.parametrize("flags", [CHINESE, SEVEN_PAIRS_DISTINCT | THIRTEEN_ORPHANS], ids=["chinese", "riichi"])
def test_two_step_far_from_a_form_against_definition(eff, flags):
    """Hands near thirteen orphans or seven pairs, some with seen tiles, against the definitions:
    a tile not held counts exactly as far as the forms within reach of the hand use it."""
    rng = random.Random(20)
    shanten_counts = _brute_shanten(eff)
    for c in _far_from_standard_hands(rng, sample(eff, 200, 2)):
        _assert_two_step(eff, shanten_counts, c, rng, 0.1, flags)


def _twin_honour_hands(rng: random.Random, n: int) -> list[bytearray]:
    """14-tile hands holding two to five honours of equal copies (twins: the pass reads one and
    swaps), with some honours held one copy fewer, the rest suit tiles near each other."""
    hands = []
    while len(hands) < n:
        copies = rng.choice((1, 1, 2, 2, 3))
        honours = rng.sample(range(27, N_KINDS), rng.randint(2, 5))
        tiles = [t for t in honours for _ in range(copies)]
        if rng.random() < 0.5:
            tiles += [rng.choice([t for t in range(27, N_KINDS) if t not in honours])] * max(copies - 1, 1)
        suit = 9 * rng.randrange(3)
        tiles += [suit + rng.randrange(9) if rng.random() < 0.7 else rng.randrange(27) for _ in range(14 - len(tiles))]
        c = bytearray(N_KINDS)
        for t in tiles[:14]:
            c[t] += 1
        if len(tiles) >= 14 and max(c) <= 4:
            hands.append(c)
    return hands


@pytest.mark.parametrize("flags", [CHINESE, SEVEN_PAIRS_DISTINCT | THIRTEEN_ORPHANS], ids=["chinese", "riichi"])
def test_two_step_twin_honours_against_definition(eff, flags):
    """Hands holding honours of equal copies (some seen, so that twins differ in unseen copies)
    against the definitions: a later twin's figures are its first twin's, the twins swapped."""
    rng = random.Random(21)
    shanten_counts = _brute_shanten(eff)
    for c in _twin_honour_hands(rng, sample(eff, 200, 2)):
        _assert_two_step(eff, shanten_counts, c, rng, 0.2, flags)


# ---------------------------------------------------------------- batches

def _complete_hands(rng: random.Random, n: int) -> list[bytearray]:
    """Complete standard hands (four melds and a pair, some in one or two suits, some with four
    of a kind): every discard leaves a ready hand, read from the hands of its pairs of discards."""
    hands = []
    while len(hands) < n:
        kinds = rng.choice((range(9), range(18), range(27), range(N_KINDS)))
        c = bytearray(N_KINDS)
        for _ in range(4):
            if rng.random() < 0.6:
                start = rng.choice([t for t in kinds if t < 27 and t % 9 < 7])
                meld = [start, start + 1, start + 2]
            else:
                meld = [rng.choice(kinds)] * 3
            for t in meld:
                c[t] += 1
        c[rng.choice(kinds)] += 2
        if max(c) <= 4:
            hands.append(c)
    return hands


@pytest.mark.parametrize("flags", [CHINESE, SEVEN_PAIRS_DISTINCT | THIRTEEN_ORPHANS], ids=["chinese", "riichi"])
def test_two_step_complete_hands_against_definition(eff, flags):
    """Complete hands, some with seen tiles, against the definitions: the improving draws of
    every discard."""
    rng = random.Random(22)
    shanten_counts = _brute_shanten(eff)
    for c in _complete_hands(rng, sample(eff, 240, 3)):
        _assert_two_step(eff, shanten_counts, c, rng, 0.2, flags)


def _seven_pairs_wins(rng: random.Random, n: int) -> list[bytearray]:
    """Wins by seven pairs: seven kinds twice (some near each other, so that the standard form
    reaches the hands left too), some with four of a kind (two pairs under the Chinese rules),
    and complete standard hands of pairs (a run held twice and a pair and a run of pairs)."""
    hands = []
    while len(hands) < n:
        c = bytearray(N_KINDS)
        kind = len(hands) % 3
        if kind == 0:
            pool = range(9 * rng.randrange(3), 27) if rng.random() < 0.5 else range(N_KINDS)
            for t in rng.sample(list(pool), 7):
                c[t] += 2
        elif kind == 1:
            for t in rng.sample(range(N_KINDS), 5):
                c[t] += 2
            c[rng.randrange(N_KINDS)] += 4
        else:
            for _ in range(2):
                start = rng.choice([t for t in range(27) if t % 9 < 7])
                for t in (start, start + 1, start + 2):
                    c[t] += 2
            c[rng.randrange(N_KINDS)] += 2
        if sum(c) == 14 and max(c) <= 4:
            hands.append(c)
    return hands


@pytest.mark.parametrize("flags", [CHINESE, SEVEN_PAIRS_DISTINCT | THIRTEEN_ORPHANS], ids=["chinese", "riichi"])
def test_two_step_seven_pairs_wins_against_definition(eff, flags):
    """Wins by seven pairs (and complete standard hands of pairs), a share of the tiles seen, against
    the definitions: their improving draws come from the hands of the pairs {d, e}, seven pairs'
    waits beside the standard form's."""
    rng = random.Random(23)
    shanten_counts = _brute_shanten(eff)
    for c in _seven_pairs_wins(rng, sample(eff, 180, 3)):
        _assert_two_step(eff, shanten_counts, c, rng, 0.3, flags)


def test_run_rows_equals_single_calls(eff):
    n = sample(eff, 3000, 12)
    hands14 = rows(3, n)
    hands13 = rows(4, n, sizes=(13, 13, 10, 7))
    avail = np.full((1, N_KINDS), 4, dtype=np.uint8)
    lim = np.full(N_KINDS, 4, dtype=np.uint8)
    sh = np.zeros(n * N_KINDS, dtype=np.int8)
    tot = np.zeros(n * N_KINDS, dtype=np.int16)
    keep = np.zeros(n * N_KINDS, dtype=np.uint8)
    back = np.zeros(n * N_KINDS, dtype=np.uint8)
    eff.ensure_rows()
    eff.run_rows(eff.DISCARDS, hands14, avail, lim, CHINESE, sh, np.zeros(0, np.uint8), tot, keep, back, 0, n)
    for r in range(n):
        res = eff.discards(hands14[r].tobytes(), FULL, FULL)
        after = res.after()
        assert sh[r * N_KINDS:(r + 1) * N_KINDS].tolist() == after
        got = entries(res)
        for d in range(N_KINDS):
            i = r * N_KINDS + d
            if d in got:
                assert tot[i] == got[d][2] and keep[i] == (after[d] == res.shanten)
                assert back[i] == (after[d] > res.shanten)
            else:
                assert tot[i] == keep[i] == back[i] == 0
    sh1 = np.zeros(n, dtype=np.int8)
    tot1 = np.zeros(n, dtype=np.int16)
    mask1 = np.zeros(n * N_KINDS, dtype=np.uint8)
    eff.run_rows(eff.USEFUL, hands13, avail, lim, CHINESE, sh1, mask1, tot1, keep, back, 0, n)
    for r in range(n):
        s, mask, total = eff.useful(hands13[r].tobytes(), FULL, FULL)
        assert (sh1[r], tot1[r]) == (s, total)
        assert mask1[r * N_KINDS:(r + 1) * N_KINDS].tolist() == [mask >> t & 1 for t in range(N_KINDS)]


def test_kernel_errors(eff):
    h = bytes([2] + [1] * 12 + [0] * 21)
    with pytest.raises(ValueError, match="3n\\+2"):
        eff.discards(bytes([1] * 13 + [0] * 21), FULL, FULL)
    with pytest.raises(ValueError, match="3n\\+1"):
        eff.useful(h, FULL, FULL)
    with pytest.raises(ValueError, match="avail\\[0\\] = 4 is above limits\\[0\\] = 3"):
        eff.discards(h, bytes([3]) + FULL[1:], FULL)
    with pytest.raises(ValueError, match="counts\\[0\\] = 2 is above limits\\[0\\] = 1"):
        eff.discards(h, bytes([1]) + FULL[1:], bytes([1]) + FULL[1:])
    with pytest.raises(ValueError, match="counts\\[0\\] = 2 is above avail\\[0\\] = 1"):
        eff.discards(h, FULL, bytes([1]) + FULL[1:])
    with pytest.raises(ValueError, match="limits"):
        eff.discards(h, b"\x05" * N_KINDS, FULL)
    with pytest.raises(TypeError):
        eff.discards(3.5, FULL, FULL)
    with pytest.raises(IndexError):
        eff.discards(h, FULL, FULL).entry(99)
    for cls in (int, 42):  # the answer's class must be Discards or a subclass of it
        with pytest.raises(TypeError, match="cls must be Discards or a subclass of it"):
            eff.discards(h + b"", FULL, FULL, None, CHINESE, True, False, cls)
        with pytest.raises(TypeError, match="cls must be Discards or a subclass of it"):
            eff.quick_discards([0, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12], cls)


def test_quick_counts(eff):
    assert eff.quick_counts([0, 0, 33]) == bytes([2] + [0] * 32 + [1])
    for bad in ([], [0] * 5, [34], [-1], [True], [0.0], "0", [0] * 15, (1, 2, None)):
        assert eff.quick_counts(bad) is None
