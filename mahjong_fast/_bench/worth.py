"""The workloads of what a hand is worth: ``score`` (riichi and gb) beside its peers, ``discard_values``.

``score`` is timed on random riichi wins beside the ``mahjong`` package's ``HandCalculator`` and
riichienv's ``HandEvaluator.calc``, each building its own objects per call as a user's code does;
``score_gb`` on random Guobiao wins beside PyMahjongGB's ``MahjongFanCalculator``, fed its own
tuples built beforehand; ``discard_values`` on hands one step from ready, in its input forms and
keywords.  The inputs and the answers are ``situations``'.

>>> [w.name for w in worth_workloads()]
['score', 'score_gb', 'values']
"""
from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from .gb_wins import reference_arguments
from .hands import N_HANDS
from .riichi_wins import package_score, riichienv_score
from .rows import Row, Setup, Workload
from .situations import (
    VALUES_HANDS,
    VISIBLE_VALUES,
    Points,
    gb_answer,
    gb_calls,
    gb_situations,
    index136_calls,
    limit_points,
    package,
    riichi_calls,
    riichi_situations,
    score_answer,
    score_nothing,
    value_hands,
    values_answer,
    values_with_dora,
    values_with_visible,
    written_out,
)

VALUES_SHARE = 20
"""The ``discard_values`` rows are checked (and, without the compiled kernels, timed) on a
twentieth of their hands: two."""


def _mahjong_score() -> Setup:
    def call(s: dict[str, Any]) -> Points:
        r = package_score(s)
        if r is None or "error" in r:
            return (0, 0, 0)
        c = r["cost"]
        dealer = s["seat_wind"] == 27
        points = c["main"] if not s["tsumo"] else (0, c["main"]) if dealer else (c["main"], c["additional"])
        return limit_points(r["han"], r["fu"], points)

    return call, riichi_situations(), _read


def _riichienv_score() -> Setup:
    def call(s: dict[str, Any]) -> Points:
        is_win, han, fu, points, _ = riichienv_score(s, wrapper=True)
        return limit_points(han, fu, points) if is_win else (0, 0, 0)

    return call, riichi_situations(), _read


def _gb_reference() -> Setup:
    from MahjongGB import MahjongFanCalculator

    def call(args: Sequence[object]) -> Any:
        try:
            return MahjongFanCalculator(*args, verbose=True)
        except TypeError:
            return None

    return call, [reference_arguments(s) for s in gb_situations()], _reference_fans


def _reference_fans(fans: Any) -> tuple[tuple[str, int], ...] | None:
    """``MahjongFanCalculator``'s answer read as ``gb_answer`` reads ours, outside the timed call."""
    if fans is None:
        return None
    return tuple(sorted((name, points) for points, count, name, _ in fans for _ in range(count)))


def _read(answer: Any) -> Any:
    """A peer's answer, already read by its call."""
    return answer


def _values(f: Callable[[Any], Any], form: Callable[[Sequence[int]], Any]) -> Callable[[], Setup]:
    def setup() -> Setup:
        return f, [form(h) for h in value_hands()], values_answer

    return setup


def worth_workloads() -> list[Workload]:
    """The ``score``, ``score_gb`` and ``discard_values`` workloads."""
    mf = package()
    few = VALUES_SHARE
    return [
        Workload("score", f"score (riichi), {N_HANDS:,} random wins", [
            Row("mahjong_fast mpsz text + keywords", None,
                lambda: (*written_out(package().score, riichi_calls()), score_answer)),
            Row('index136 ids, encoding="index136"', None,
                lambda: (*written_out(package().score, index136_calls()), score_answer)),
            Row("mahjong HandCalculator.estimate_hand_value", "mahjong", _mahjong_score),
            Row("riichienv HandEvaluator.calc (double yakuman)", "riichienv", _riichienv_score,
                reference="score double"),
        ]),
        Workload("score_gb", f"score (gb), {N_HANDS:,} random wins", [
            Row("mahjong_fast mpsz text + keywords", None,
                lambda: (*written_out(package().score, gb_calls(), guarded=True), gb_answer)),
            Row("MahjongGB MahjongFanCalculator", "MahjongGB", _gb_reference),
            Row("a call that does nothing (the floor)", None,
                lambda: (*written_out(score_nothing, gb_calls(), guarded=True), None)),
        ], "score gb"),
        Workload("values", f"discard_values, {VALUES_HANDS} hands one step from ready", [
            Row("mahjong_fast list of 14 ints", None, _values(mf.discard_values, list), fewer=few),
            Row("mpsz text", None, _values(mf.discard_values, mf.format), fewer=few),
            Row("dora, winds, turn 8", None, _values(values_with_dora, list), reference="values dora", fewer=few),
            Row(f"visible= list of {VISIBLE_VALUES} ints", None, _values(values_with_visible, list),
                reference="values visible", fewer=few),
        ]),
    ]
