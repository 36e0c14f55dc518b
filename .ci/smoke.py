"""Cross-version check of an installed compiled build: the compiled kernels and fast paths
agree with pure Python, and the README's examples give the README's answers.

Run by ``.ci/run`` on every supported Python, from outside the source tree, against a
compiled install; independent of the peer libraries (needs numpy only).

* Kernels: each compiled kernel against its pure twin, in this process, on random hands.
* Public calls: the same calls answered here (compiled fast paths) and by a child
  interpreter with ``MAHJONG_FAST_NO_EXTENSIONS=1``; answers and errors (type and message)
  must be equal.  The calls include lists of ints that reach the version-specific reader of
  small ints in ``_api_fast`` (compact ints on 3.12+, ``ob_digit`` on 3.11,
  ``PyLong_AsLongAndOverflow`` before): small, multi-digit, negative, numpy and bool values.
* README: the calls of its "Use" section, with the answers it states.

``python smoke.py [HANDS]``; HANDS random hands per kernel check (default 3000).
"""
from __future__ import annotations

import enum
import importlib
import json
import os
import random
import subprocess
import sys

import numpy as np

import mahjong_fast as mf
from mahjong_fast import _dispatch
from mahjong_fast._bench.hands import tile_counts
from mahjong_fast._kernels import KERNELS  # the one list: every kernel must be compiled

SEED = 20241130
KINDS = 34


def outcome(call, *args, **kwargs):
    """An answer or an error, as comparable text."""
    try:
        return ["ok", repr(call(*args, **kwargs))]
    except Exception as e:  # noqa: BLE001 - every error is an outcome to compare
        return ["error", type(e).__name__, str(e)]


# ---------------------------------------------------------------- random hands


def wall_hand(rng: random.Random, size: int) -> list[int]:
    """``size`` tiles drawn from a full wall, as sorted index34 ints."""
    return sorted(t // 4 for t in rng.sample(range(4 * KINDS), size))


def built_hand(rng: random.Random, melds: int) -> list[int]:
    """``melds`` random melds and a pair (often a win), with at most four copies of a tile."""
    while True:
        tiles = [rng.randrange(KINDS)] * 2
        for _ in range(melds):
            if rng.random() < 0.5:
                s = rng.randrange(3) * 9 + rng.randrange(7)
                tiles += [s, s + 1, s + 2]
            else:
                tiles += [rng.randrange(KINDS)] * 3
        if max(tiles.count(t) for t in set(tiles)) <= 4:
            return sorted(tiles)


def near_miss(rng: random.Random, melds: int) -> list[int]:
    """A built hand with one tile changed."""
    while True:
        tiles = built_hand(rng, melds)
        tiles[rng.randrange(len(tiles))] = rng.randrange(KINDS)
        if max(tiles.count(t) for t in set(tiles)) <= 4:
            return sorted(tiles)


def counts(tiles: list[int]) -> bytes:
    return bytes(tile_counts(tiles))


def random_hands(n: int) -> list[list[int]]:
    rng = random.Random(SEED)
    hands = []
    for i in range(n):
        melds = rng.randrange(5)
        kind = i % 4
        if kind == 0:
            hands.append(built_hand(rng, melds))
        elif kind == 1:
            hands.append(near_miss(rng, melds))
        elif kind == 2:
            hands.append(wall_hand(rng, 3 * melds + 2))
        else:
            hands.append(wall_hand(rng, 3 * melds + 1))
    return hands


# ---------------------------------------------------------------- kernels


def check_kernels(n: int) -> int:
    """Compare every compiled kernel with its pure twin; the number of comparisons."""
    compiled = {k: importlib.import_module(f"mahjong_fast._kernels.{k}") for k in KERNELS}
    pure = {k: importlib.import_module(f"mahjong_fast._kernels.{k}_py") for k in KERNELS}
    for name, module in compiled.items():
        assert _dispatch.is_compiled(module), f"mahjong_fast._kernels.{name} is not compiled"
    win, win_py = compiled["win"], pure["win"]
    sh, sh_py = compiled["shanten"], pure["shanten"]
    dec, dec_py = compiled["decompose"], pure["decompose"]
    table = compiled["table"]
    checks = 0
    wins = 0

    def same(what: str, hand: object, fast: object, slow: object) -> None:
        nonlocal checks
        checks += 1
        if fast != slow:
            raise AssertionError(f"{what} {hand!r}: compiled {fast!r}, pure {slow!r}")

    for tiles in random_hands(n):
        c = counts(tiles)
        want = outcome(win_py.win_cluster, c)
        wins += want == ["ok", "True"]
        same("win_cluster", tiles, outcome(win.win_cluster, c), want)
        same("win_carry", tiles, outcome(win.win_carry, c), want)
        same("win_table", tiles, outcome(table.win_table, c), want)
        same("seven_pairs", tiles, outcome(win.seven_pairs, c), outcome(win_py.seven_pairs, c))
        same("thirteen_orphans", tiles, outcome(win.thirteen_orphans, c), outcome(win_py.thirteen_orphans, c))
        for form in (0, 1, 2, 3):
            same(f"shanten_counts form={form}", tiles,
                 outcome(sh.shanten_counts, c, form), outcome(sh_py.shanten_counts, c, form))
        if len(tiles) % 3 == 1:
            same("waits_counts", tiles, outcome(sh.waits_counts, c), outcome(sh_py.waits_counts, c))
        else:
            same("decompose_counts", tiles, outcome(dec.decompose_counts, c),
                 outcome(dec_py.decompose_counts, c))
            same("is_win_wild 1 joker", tiles[1:], outcome(sh.is_win_wild, counts(tiles[1:]), 1),
                 outcome(sh_py.is_win_wild, counts(tiles[1:]), 1))
    for bad in (b"", bytes(33), bytes(35), bytes([5] + [0] * 33), bytes([4] * 34)):
        for fn in ("win_cluster", "win_carry", "seven_pairs", "thirteen_orphans"):
            same(fn, bad, outcome(getattr(win, fn), bad)[:2], outcome(getattr(win_py, fn), bad)[:2])
    assert n // 8 < wins < n, f"{wins} winning hands of {n}: the hand source is broken"
    return checks


# ---------------------------------------------------------------- public calls


class Small(int):
    pass


class Kind(enum.IntEnum):
    M1 = 0
    M9 = 8


ODD_INTS = [
    2**15, 2**30 - 1, 2**30, 2**30 + 3, 2**31, 2**31 + 3, 2**32 + 3, 2**60 + 3, 2**63,
    2**64 + 3, 2**100 + 3, -1, -3, -(2**30), -(2**30) - 3, -(2**63), -(2**64) - 3, 34, 35, 255,
    256 + 3,
]


def check_efficiency(n: int) -> int:
    """The compiled efficiency kernel against its pure twin: every discard's shanten, useful draws
    and unseen copies of 14-tile hands under the default and riichi rules, and the two-step figures
    of 8-tile hands (the pure twin is slow on 14); the number of comparisons."""
    from mahjong_fast._kernels import efficiency, efficiency_py
    from mahjong_fast._rules import RULES

    assert _dispatch.is_compiled(efficiency), "mahjong_fast._kernels.efficiency is not compiled"
    rng = random.Random(23)
    checks = 0
    for i in range(n):
        rules = RULES["riichi" if i % 2 else "chinese"]
        size, two_step = (8, True) if i % 10 == 0 else (14, False)
        c = counts(near_miss(rng, (size - 2) // 3) if i % 3 else wall_hand(rng, size))
        args = (c, rules.limits, rules.limits, None, rules.flags, True, two_step)
        fast, pure = efficiency.discards(*args), efficiency_py.discards(*args)
        assert fast.shanten == pure.shanten and fast.size == pure.size, list(c)
        for j in range(fast.size):
            assert fast.entry(j) == pure.entry(j), (list(c), j)
        checks += 1
    return checks


def odd_values() -> list[object]:
    return [
        *ODD_INTS, True, False, np.int64(3), np.uint8(3), np.int8(-1), np.int64(2**40),
        Small(3), Kind.M9, 3.0, "3m", None,
    ]


def public_calls() -> list[tuple[str, list[object], dict[str, object]]]:
    """The calls whose answers must not depend on the implementation."""
    calls: list[tuple[str, list[object], dict[str, object]]] = []
    rng = random.Random(SEED + 1)
    win = [0, 0, 0, 1, 2, 3, 4, 5, 6, 7, 8, 8, 8, 8]
    ready = [0, 0, 0, 1, 2, 3, 4, 5, 6, 7, 8, 8, 8]
    for hand in (win, ready):
        calls += [("is_win", [hand], {}), ("is_win", [tuple(hand)], {})]
        for i in (0, 5, len(hand) - 1):
            for v in odd_values():
                odd = list(hand)
                odd[i] = v
                calls += [("is_win", [odd], {}), ("is_win", [tuple(odd)], {})]
                if len(hand) == 13:
                    calls += [("shanten", [odd], {}), ("waits", [odd], {})]
        c = list(counts(hand))
        calls += [("is_win", [c], {"encoding": "counts"}), ("is_win", [bytes(c)], {"encoding": "counts"})]
        for i in (0, 8, 9, 33):
            for v in odd_values():
                odd = list(c)
                odd[i] = v
                calls.append(("is_win", [odd], {"encoding": "counts"}))
                calls.append(("is_win", [tuple(odd)], {"encoding": "counts"}))
                if len(hand) == 13:
                    calls.append(("shanten", [odd], {"encoding": "counts"}))
        calls.append(("is_win", [np.array(c, dtype=np.uint8)], {"encoding": "counts"}))
        calls.append(("is_win", [bytearray(c)], {"encoding": "counts"}))
    for size in range(0, 16):
        hand = [rng.randrange(KINDS) for _ in range(size)]
        calls.append(("is_win", [hand], {}))
        calls.append(("shanten", [hand], {}))
        calls.append(("waits", [hand], {}))
    for tiles in random_hands(600):
        calls.append(("is_win", [tiles], {}))
        calls.append(("is_win", [list(counts(tiles))], {"encoding": "counts"}))
        calls.append(("shanten", [tiles], {}))
        if len(tiles) % 3 == 1:
            calls.append(("waits", [tiles], {}))
    return calls


def public_outcomes() -> list[list[str]]:
    return [outcome(getattr(mf, name), *args, **kwargs) for name, args, kwargs in public_calls()]


def check_public() -> int:
    """Compare this process's public answers with a pure-Python child's; the number compared."""
    here = public_outcomes()
    env = dict(os.environ, MAHJONG_FAST_NO_EXTENSIONS="1", PYTHONIOENCODING="utf-8")
    child = subprocess.run(
        [sys.executable, __file__, "--public-outcomes"], env=env, capture_output=True, text=True, check=False
    )
    if child.returncode:
        raise AssertionError(f"pure-Python child failed:\n{child.stderr}")
    there = json.loads(child.stdout)
    assert len(here) == len(there)
    for (name, args, kwargs), fast, slow in zip(public_calls(), here, there):
        if fast != slow:
            raise AssertionError(f"mf.{name}(*{args!r}, **{kwargs!r}): compiled {fast!r}, pure {slow!r}")
    return len(here)


# ---------------------------------------------------------------- README


def check_readme() -> int:
    """The calls of the README's "Use" section and the answers it gives."""
    checks = [
        mf.is_win("11123456789999m") is True,
        mf.is_win([0, 0, 0, 1, 2, 3, 4, 5, 6, 7, 8, 8, 8, 8]) is True,
        mf.is_win(mf.to_counts("11123456789999m"), encoding="counts") is True,
        mf.is_win(list(mf.to_counts("11123456789999m")), encoding="counts") is True,
        mf.is_win(np.frombuffer(mf.to_counts("11123456789999m"), np.uint8), encoding="counts") is True,
        mf.is_win("11m", melds=["123p", "555s", "789m", "{7777z}"]) is True,
        mf.is_win([11, 12, 13, 22, 23, 24, 33, 33, 33, 36, 36], encoding="decimal") is True,
        mf.classify("11123456789999m") == mf.HuType.PING_HU | mf.HuType.QING_YI_SE | mf.HuType.MEN_QING,
        len(mf.decompose("111222333m444p55s")) >= 2,
        [str(t) for t in mf.waits("1112345678999m")] == [f"{k}m" for k in range(1, 10)],
        mf.waits("1111m234p567s999p") == [],
        mf.shanten("123m456p789s1z2z3z4z") == 2,
        mf.is_win("123456m456p789s1z7z", wild="7z") is True,
        mf.Tile.M1 == 0 and str(mf.Tile.M1) == "1m",
        mf.Tile.WHITE.chinese == "白" and mf.Tile.WHITE.botzone == "J3",
        mf.classify("11223344556677m") & mf.HuType.QI_XIAO_DUI == mf.HuType.QI_XIAO_DUI,
        mf.classify("111222333m444p55s") & mf.HuType.DUI_DUI_HU == mf.HuType.DUI_DUI_HU,
    ]
    failed = [i for i, ok in enumerate(checks) if not ok]
    assert not failed, f"README examples {failed} (0-based) give other answers than the README"
    hands = ("11123456789999m", "1112345678999m", "11m22p")
    rows = np.array([list(mf.to_counts(h)) for h in hands], np.uint8)
    got = mf.is_win_batch(rows, threads=2)
    assert got.dtype == np.bool_ and got.tolist() == [True, False, False], got
    cli = subprocess.run(
        [sys.executable, "-m", "mahjong_fast", "check", "11123456789999m"],
        capture_output=True, text=True, check=True, env=dict(os.environ, PYTHONIOENCODING="utf-8"),
    )
    assert "win:       yes" in cli.stdout, cli.stdout
    return len(checks) + 2


def main() -> None:
    if sys.argv[1:] == ["--public-outcomes"]:
        assert mf.implementation == "pure-python", mf.implementation
        json.dump(public_outcomes(), sys.stdout)
        return
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 3000
    assert mf.implementation == "compiled", f"expected a compiled build, got {mf.implementation}"
    kernels = check_kernels(n) + check_efficiency(max(20, n // 30))
    public = check_public()
    readme = check_readme()
    print(
        f"smoke: Python {sys.version.split()[0]}: {kernels} kernel comparisons, {public} public calls "
        f"compiled = pure, {readme} README examples: all agree"
    )


if __name__ == "__main__":
    main()
