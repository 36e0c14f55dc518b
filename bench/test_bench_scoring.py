"""``mf.score`` beside the ``mahjong`` package and riichienv on the same random wins, and under
``rules="gb"`` beside PyMahjongGB's ``MahjongFanCalculator`` (pytest-benchmark).

One group, one row per library; each call scores every situation as a user calls the library
(its objects built per call: ``HandConfig`` and ``Meld`` for ``mahjong``, ``HandEvaluator`` and
``Conditions`` for riichienv).  The situations are ``tests/support/riichi_wins.py``'s, four
players, both winds set (riichienv needs them).  ``extra_info["agreement"]`` is the share of
situations where the row gives our han, fu and points (riichienv: with its double yakuman).  Run

    pytest bench/test_bench_scoring.py --benchmark-only

The gb group scores ``tests/support/gb_wins.py``'s random situations (every fan reached): ours
from mpsz text and meld text, PyMahjongGB from its own tuples (built once, outside the timing);
``extra_info["agreement"]`` is the share of situations with our fans and counts.
"""
from __future__ import annotations

import dataclasses
import random
import sys
from pathlib import Path
from typing import Any, Callable

import pytest

import mahjong_fast as mf
from mahjong_fast._dispatch import NO_EXTENSIONS

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))
from support.gb_wins import random_situation, reference_arguments, score_kwargs  # noqa: E402
from support.riichi_wins import package_score, random_win, riichienv_score, score_args  # noqa: E402

N = 100 if NO_EXTENSIONS else 500
DOUBLE = dataclasses.replace(mf.RULES["riichi"], double_yakuman=True)


def _situations() -> list[dict[str, Any]]:
    rng = random.Random(2026)
    out: list[dict[str, Any]] = []
    while len(out) < N:
        s = random_win(rng, 4)
        if s is not None and s["seat_wind"] is not None and s["round_wind"] is not None:
            out.append(s)
    return out


SITUATIONS = _situations()
CALLS = [(s["hand"], s["win"], score_args(s)) for s in SITUATIONS]


def _ours() -> list[tuple[int, int, object]]:
    out = []
    for hand, win, args in CALLS:
        s = mf.score(hand, win, **args)
        out.append((s.han, s.fu, s.points) if s.valid else (0, 0, 0))
    return out


def _mahjong() -> list[tuple[int, int, object]]:
    out: list[tuple[int, int, object]] = []
    for s in SITUATIONS:
        r = package_score(s)
        if r is None or "error" in r:
            out.append((0, 0, 0))
            continue
        c = r["cost"]
        dealer = s["seat_wind"] == 27
        points = c["main"] if not s["tsumo"] else (0, c["main"]) if dealer else (c["main"], c["additional"])
        out.append((r["han"], r["fu"], points))
    return out


def _riichienv() -> list[tuple[int, int, object]]:
    out: list[tuple[int, int, object]] = []
    for s in SITUATIONS:
        is_win, han, fu, points, _ = riichienv_score(s, wrapper=True)
        out.append((han, fu, points) if is_win else (0, 0, 0))
    return out


def _reference(double: bool) -> list[tuple[int, int, object]]:
    out = []
    for hand, win, args in CALLS:
        s = mf.score(hand, win, **args)
        if double and s.yakuman and s.fu == 0:
            s = mf.score(hand, win, **{**args, "rules": DOUBLE})
        out.append((s.han, 0 if s.yakuman and s.fu == 0 else s.fu, s.points) if s.valid else (0, 0, 0))
    return out


def _agreement(got: list[tuple[int, int, object]], double: bool) -> float:
    want = _reference(double)
    same = sum(1 for g, w in zip(got, want) if (g[0], g[2]) == (w[0], w[2]) and (w[1] == 0 or g[1] == w[1]))
    return same / len(want)


ROWS: list[tuple[str, str | None, Callable[[], list[tuple[int, int, object]]]]] = [
    ("mahjong_fast", None, _ours),
    ("mahjong", "mahjong.hand_calculating.hand", _mahjong),
    ("riichienv", "riichienv", _riichienv),
]


@pytest.mark.parametrize(("library", "requires", "run"), ROWS, ids=[r[0] for r in ROWS])
def test_score(benchmark, library: str, requires: str | None,
               run: Callable[[], list[tuple[int, int, object]]]) -> None:
    if requires:
        pytest.importorskip(requires)
    benchmark.group = f"riichi scoring, {N} random wins"
    benchmark.extra_info["lib"] = library
    benchmark.extra_info["hands_per_call"] = N
    agreement = _agreement(run(), double=library == "riichienv")
    benchmark.extra_info["agreement"] = agreement
    benchmark.extra_info["correct"] = agreement == 1.0
    benchmark.extra_info["implementation"] = "pure-python" if NO_EXTENSIONS else "compiled"
    benchmark(run)
    if library == "mahjong_fast":
        assert agreement == 1.0


GB_N = 300 if NO_EXTENSIONS else 3000
_GB_RNG = random.Random(81)
GB_SITUATIONS = [random_situation(_GB_RNG) for _ in range(GB_N)]
GB_CALLS = [score_kwargs(s) for s in GB_SITUATIONS]


def _gb_ours() -> list[tuple[tuple[str, int], ...] | None]:
    out: list[tuple[tuple[str, int], ...] | None] = []
    for kwargs in GB_CALLS:
        try:
            s = mf.score(**kwargs)  # type: ignore[arg-type]
        except ValueError:
            out.append(None)
            continue
        out.append(tuple(sorted((f.chinese, p) for f, p in s.items)))
    return out


def _gb_reference() -> Callable[[], list[tuple[tuple[str, int], ...] | None]]:
    from MahjongGB import MahjongFanCalculator

    calls = [reference_arguments(s) for s in GB_SITUATIONS]

    def run() -> list[tuple[tuple[str, int], ...] | None]:
        out: list[tuple[tuple[str, int], ...] | None] = []
        for args in calls:
            try:
                fans = MahjongFanCalculator(*args, verbose=True)
            except TypeError:
                out.append(None)
                continue
            out.append(tuple(sorted((name, points) for points, count, name, _ in fans for _ in range(count))))
        return out

    return run


@pytest.mark.parametrize("library", ["mahjong_fast", "PyMahjongGB"])
def test_gb_fans(benchmark, library: str) -> None:
    if library == "PyMahjongGB":
        pytest.importorskip("MahjongGB")
        run = _gb_reference()
    else:
        run = _gb_ours
    benchmark.group = f"gb fans, {GB_N} random situations"
    benchmark.extra_info["lib"] = library
    benchmark.extra_info["hands_per_call"] = GB_N
    benchmark.extra_info["implementation"] = "pure-python" if NO_EXTENSIONS else "compiled"
    got = run()
    try:
        want = _gb_reference()()
    except ImportError:
        want = got
    agreement = sum(1 for g, w in zip(got, want) if g == w) / GB_N
    benchmark.extra_info["agreement"] = agreement
    benchmark.extra_info["correct"] = agreement == 1.0
    benchmark(run)
    assert agreement == 1.0
