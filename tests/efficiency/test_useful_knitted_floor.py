"""The floor of the knitted forms' shanten that lets useful draws under GB skip their shanten calls.

``_useful_knitted`` (compiled efficiency kernel) calls the shanten kernel for 全不靠 or 组合龙 only
when the form's floor is at most the plain forms' shanten: with k the most kinds of one knitted set
held and h the honour kinds held, 全不靠's shanten is at least 13 - k - h and 组合龙's at least
8 - k (``_knitted_floors``, docs/efficiency.md).  Checked here against the shanten kernels of both implementations, and
the useful draws under GB against one shanten call per drawable tile on hands where the floor is
at or next to the plain shanten (where a wrong floor would show).
"""
from __future__ import annotations

import importlib
import itertools
import random

import pytest

from mahjong_fast._dispatch import NO_EXTENSIONS
from mahjong_fast._kernels.rule_flags import KNITTED
from mahjong_fast._layout import N_KINDS
from mahjong_fast._rules import RULES

GB = RULES["gb"].flags
FULL = bytes([4]) * N_KINDS
IDS = ("pure-python",) if NO_EXTENSIONS else ("c-extension", "pure-python")
WALL = [t for t in range(N_KINDS) for _ in range(4)]
SETS = [[9 * u + perm[u] + 3 * j for u in range(3) for j in range(3)] for perm in itertools.permutations(range(3))]


def floors(c) -> tuple[int, int]:
    """``_knitted_floors``: the least shanten 全不靠 and 组合龙 can have."""
    k = max(sum(1 for t in s if c[t]) for s in SETS)
    h = sum(1 for t in range(27, N_KINDS) if c[t])
    return 13 - k - h, 8 - k


def knitted_biased(rng: random.Random, size: int) -> list[int]:
    """``size`` tiles mostly of one knitted set and the honours: near 全不靠 and 组合龙."""
    pool = rng.choice(SETS) + list(range(27, N_KINDS))
    c = [0] * N_KINDS
    while sum(c) < size:
        t = rng.choice(pool) if rng.random() < rng.choice((0.5, 0.8, 0.95)) else rng.randrange(N_KINDS)
        if c[t] < 4:
            c[t] += 1
    return c


def hands(seed: int, n: int):
    rng = random.Random(seed)
    for i in range(n):
        size = rng.choice((13, 13, 13, 10))
        if i % 2:
            yield knitted_biased(rng, size)
        else:
            c = [0] * N_KINDS
            for t in rng.sample(WALL, size):
                c[t] += 1
            yield c


@pytest.fixture(scope="module", params=IDS)
def kernels(request: pytest.FixtureRequest):
    suffix = "" if request.param == "c-extension" else "_py"
    return (importlib.import_module("mahjong_fast._kernels.shanten" + suffix),
            importlib.import_module("mahjong_fast._kernels.efficiency" + suffix), request.param)


def test_the_floors_are_below_the_knitted_forms(kernels):
    sh, _, which = kernels
    n = 20_000 if which == "c-extension" else 150
    reached = [0, 0]
    for c in hands(5, n):
        low = floors(c)
        for form in (4, 5) if sum(c) == 13 else (5,):
            got = sh.shanten_counts(bytes(c), form, 0, True, FULL, rules=GB)
            assert got >= low[form - 4], (c, form, got, low)
            reached[form - 4] += got == low[form - 4]
    assert min(reached) > n // 20  # each floor is tight on many hands, not vacuous


def brute_useful(sh, c):
    s = sh.shanten_counts(bytes(c), 0, 0, True, FULL, rules=GB)
    mask = 0
    for t in range(N_KINDS):
        if c[t] < 4:
            c[t] += 1
            if sh.shanten_counts(bytes(c), 0, 0, True, FULL, rules=GB) < s:
                mask |= 1 << t
            c[t] -= 1
    return s, mask


def test_useful_draws_where_the_floor_decides(kernels):
    """Hands whose floors are the plain shanten, one above it, or far above: the useful draws equal the
    brute force (the compiled kernel skips a knitted form's calls on the last two)."""
    sh, eff, which = kernels
    n = 6_000 if which == "c-extension" else 40
    near = 0
    for c in hands(11, n):
        plain = sh.shanten_counts(bytes(c), 0, 0, True, FULL, rules=GB & ~KNITTED)
        near += abs(min(floors(c)) - plain) <= 1
        s, mask, _ = eff.useful(bytes(c), FULL, FULL, None, GB)
        assert (s, mask) == brute_useful(sh, c), c
    assert near > n // 10
