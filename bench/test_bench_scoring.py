"""``mf.score`` beside the ``mahjong`` package and riichienv on the same random wins (pytest-benchmark).

One group, one row per library; each call scores every situation as a user calls the library
(its objects built per call: ``HandConfig`` and ``Meld`` for ``mahjong``, ``HandEvaluator`` and
``Conditions`` for riichienv).  The situations are ``tests/support/riichi_wins.py``'s, four
players, both winds set (riichienv needs them).  ``extra_info["agreement"]`` is the share of
situations where the row gives our han, fu and points (riichienv: with its double yakuman).  Run

    pytest bench/test_bench_scoring.py --benchmark-only
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
