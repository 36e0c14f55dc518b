"""The inputs of the worth workloads (``score``, ``score_gb``, ``discard_values``) and their answers.

The riichi wins are ``riichi_wins``' (four players, both winds set, as riichienv needs), the
Guobiao wins ``gb_wins``', the hands of ``discard_values`` the benchmark's 14-tile hands at one
step from ready.  A ``Score`` is read as ``(han, fu, points)`` (fu left out at 13 han and more:
the peers state a limit hand's fu differently) or, under gb, as its sorted ``(fan, points)``
items.  The reference of ``score`` is its general Python path (``_scoring.GENERAL``), so the rows
of ours check the compiled entry against it; that of ``discard_values`` is the int-list call of
the implementation in use (its pure twin takes seconds a hand here; the tests hold both twins
to mahjong-cpp's figures), so the other rows check their input forms against it.

>>> score_answer(__import__("mahjong_fast").score("123567m234p678s55p", "8s", riichi=True))
(2, 30, 2000)
"""
from __future__ import annotations

import dataclasses
import importlib
import random
from collections.abc import Callable, Sequence
from functools import cache
from typing import Any

from .gb_wins import random_situation, score_kwargs
from .hands import N_HANDS, hands14
from .riichi_wins import indicator_ids, random_win, score_args

GB_SEED = 81
RIICHI_SEED = 2026
VALUES_HANDS = 40
"""Hands of the ``discard_values`` rows (1-5 ms a hand compiled)."""
VISIBLE_VALUES = 20
"""Tiles seen outside the hand in the ``visible=`` row of ``discard_values``."""

Points = tuple[int, int, object]
Call = tuple[Any, Any, dict[str, Any]]
"""A ``score`` call: hand, winning tile, keywords."""


def package() -> Any:
    """The package, imported when a row is set up (the rows of every workload take it from here)."""
    return importlib.import_module("mahjong_fast")


def limit_points(han: int, fu: int, points: object) -> Points:
    """``(han, fu, points)`` with fu left out (0) at 13 han and more."""
    return han, fu if han < 13 else 0, points


@cache
def riichi_situations(n: int = N_HANDS) -> tuple[dict[str, Any], ...]:
    """``n`` random four-player riichi wins with both winds set (seed ``RIICHI_SEED``)."""
    rng = random.Random(RIICHI_SEED)
    out: list[dict[str, Any]] = []
    while len(out) < n:
        s = random_win(rng, 4)
        if s is not None and s["seat_wind"] is not None and s["round_wind"] is not None:
            out.append(s)
    return tuple(out)


@cache
def gb_situations(n: int = N_HANDS) -> tuple[Any, ...]:
    """``n`` random Guobiao wins (seed ``GB_SEED``)."""
    rng = random.Random(GB_SEED)
    return tuple(random_situation(rng) for _ in range(n))


def riichi_calls() -> list[Call]:
    """The riichi wins as ``score`` calls: mpsz text, keywords."""
    return [(s["hand"], s["win"], score_args(s)) for s in riichi_situations()]


def index136_calls() -> list[Call]:
    """The same wins as index136 ids (red fives as ids 16/52/88; the indicators too), the melds as text."""
    out = []
    for s in riichi_situations():
        concealed = s["ids"][:len(s["ids"]) - sum(len(ids) for _, ids in s["meld_ids"])]
        dora, ura = indicator_ids(s)
        out.append((concealed, s["win_id"], {**score_args(s), "encoding": "index136", "dora": dora, "ura": ura}))
    return out


def gb_calls() -> list[Call]:
    """The Guobiao wins as ``score`` calls: mpsz text, keywords."""
    calls = []
    for s in gb_situations():
        kw = score_kwargs(s)
        calls.append((kw.pop("hand14"), kw.pop("win"), kw))
    return calls


def _score(general: bool) -> Callable[..., Any]:
    """``score``: the general Python path with ``general``, else the package's."""
    score: Callable[..., Any] = (importlib.import_module("mahjong_fast._scoring").GENERAL["score"] if general
                                 else package().score)
    return score


def score_call(general: bool = False, rules: object = None) -> Callable[[Call], Any]:
    """``score`` on a call (the general Python path with ``general``; other ``rules`` if given)."""
    score = _score(general)
    if rules is None:
        return lambda c: score(c[0], c[1], **c[2])
    return lambda c: score(c[0], c[1], **{**c[2], "rules": rules})


def written_out(score: Callable[..., Any], calls: Sequence[Call],
                guarded: bool = False) -> tuple[Callable[[tuple[Any, ...]], Any], list[tuple[Any, ...]]]:
    """A timed ``score`` row: each call as a flat tuple ``(hand, win, *values)`` and a caller that
    passes the keywords written out, as a user's call does (``rows.bound``), not through a dict as
    ``**kw`` would send them; ``guarded``: a shape that does not win answered as ``None``, in the
    one frame the peer's row has too.  Every call of a row takes the same keywords."""
    keys = tuple(calls[0][2]) if calls else ()
    if any(tuple(c[2]) != keys for c in calls):
        raise ValueError("written_out: the calls take different keywords")
    args = "".join(f", {k}=c[{i + 2}]" for i, k in enumerate(keys))
    body = f"_f(c[0], c[1]{args})"
    source = (f"def call(c):\n    try:\n        return {body}\n    except ValueError:\n        return None\n"
              if guarded else f"def call(c):\n    return {body}\n")
    scope: dict[str, Any] = {"_f": score}
    exec(source, scope)  # noqa: S102 (names are ours)
    return scope["call"], [(c[0], c[1], *c[2].values()) for c in calls]


def score_nothing(hand: object, win: object, *, melds: object = (), rules: object = None, tsumo: object = False,
                  last_copy: object = False, last_tile: object = False, kong_draw: object = False,
                  robbing_kong: object = False, seat_wind: object = None, round_wind: object = None,
                  flowers: object = 0) -> None:
    """Takes what a gb ``score`` call takes and does nothing: the floor under any ``score`` of the bench.

    >>> score_nothing("123m", "1m", rules="gb", tsumo=True) is None
    True
    """


def gb_call(general: bool = False) -> Callable[[Call], Any]:
    """``score_call`` under gb, a shape that does not win answered as ``None``."""
    score = _score(general)

    def call(c: Call) -> Any:  # one frame around the call, as the peer's row has
        try:
            return score(c[0], c[1], **c[2])
        except ValueError:
            return None

    return call


def score_answer(s: Any) -> Points:
    """A ``Score`` read as ``(han, fu, points)``; an invalid win as zeros."""
    return limit_points(s.han, s.fu, s.points) if s.valid else (0, 0, 0)


def gb_answer(s: Any) -> tuple[tuple[str, int], ...] | None:
    """A gb ``Score`` read as its sorted ``(fan, points)`` items; ``None`` for a shape that does not win."""
    return None if s is None else tuple(sorted((f.chinese, p) for f, p in s.items))


@cache
def value_hands() -> tuple[tuple[int, ...], ...]:
    """The first ``VALUES_HANDS`` benchmark hands of 14 tiles at one step from ready (shanten 1)."""
    shanten = package().shanten
    return tuple(h for h in hands14() if max(map(h.count, h)) <= 4 and shanten(list(h)) == 1)[:VALUES_HANDS]


def values_with_dora(hand: Sequence[int]) -> Any:
    """``discard_values`` with a dora, both winds and a later turn."""
    return package().discard_values(hand, dora="5m", seat_wind="2z", round_wind="1z", turn=8)


def values_with_visible(hand: Sequence[int]) -> Any:
    """``discard_values`` with ``VISIBLE_VALUES`` kinds the hand does not hold seen once each."""
    return package().discard_values(hand, visible=[t for t in range(34) if t not in hand][:VISIBLE_VALUES])


def values_answer(values: Sequence[Any]) -> tuple[tuple[int, bool, float, float, float], ...]:
    """``discard_values``' table read as ``(tile, red, tenpai, win, expected)`` rows, best first."""
    return tuple((int(v.tile), v.red, v.tenpai, v.win, v.expected) for v in values)


def worth_reference(key: str, n: int) -> tuple[Any, ...]:
    """The reference answers of a worth key on its first ``n`` inputs (see the module docstring)."""
    if key.startswith("values"):
        f = {"values": package().discard_values, "values dora": values_with_dora,
             "values visible": values_with_visible}[key]
        return tuple(values_answer(f(list(h))) for h in value_hands()[:n])
    if key == "score gb":
        return tuple(gb_answer(gb_call(general=True)(c)) for c in gb_calls()[:n])
    general = score_call(general=True)
    double = score_call(general=True, rules=dataclasses.replace(package().RULES["riichi"], double_yakuman=True))
    out = []
    for c in riichi_calls()[:n]:
        s = general(c)
        if key == "score double" and s.yakuman and s.fu == 0:
            s = double(c)
        out.append(score_answer(s))
    return tuple(out)
