"""The rule-bound modules (``mahjong_fast.riichi`` & co.) equal the ``rules=`` calls, errors included."""
from __future__ import annotations

import importlib
import importlib.util
import inspect
import random
import re

import numpy as np
import pytest

import mahjong_fast as mf
from mahjong_fast import _api, _bound, _classify
from mahjong_fast._api_fast_py import bind as pure_bind
from mahjong_fast._layout import N_KINDS

from support.impls import REPO_ROOT, run_python

PRESETS = tuple(mf.RULES)
BOUND = tuple(name for name in mf.__all__ if _bound.takes_rules(getattr(mf, name)))
HAND_FUNCTIONS = ("is_win", "shanten", "waits", "classify", "decompose", "useful_tiles", "discard_analysis")
BATCH_FUNCTIONS = ("is_win_batch", "shanten_batch", "waits_batch", "useful_tiles_batch", "discard_analysis_batch")


def _module(preset: str):
    return importlib.import_module(f"mahjong_fast.{preset}")


def _plain(value: object) -> object:
    """A value comparable with ``==``: arrays with their dtype, discard rows field by field."""
    if isinstance(value, np.ndarray):
        return value.dtype.str, value.shape, value.tolist()
    if isinstance(value, mf.DiscardAnalysis):
        return value.shanten, [_plain(d) for d in value]
    if isinstance(value, mf.Discard):
        return (value.tile, value.shanten, value.useful, value.backward, value.two_step, value.improvements,
                value.good_shape)
    if isinstance(value, (tuple, mf.DiscardBatch)):
        return tuple(_plain(v) for v in value)
    return value


def _outcome(call, *args, **kwargs) -> tuple[str, object]:
    try:
        return "value", _plain(call(*args, **kwargs))
    except (ValueError, TypeError) as exc:
        return type(exc).__name__, str(exc)


def _random_hand(rng: random.Random, preset: str = "chinese") -> list[int]:
    """Mostly tiles that exist under ``preset``, now and then any tile."""
    limits = mf.RULES[preset].limits if rng.random() < 0.8 else bytes([4]) * N_KINDS
    wall = [t for t in range(N_KINDS) for _ in range(limits[t])]
    return sorted(rng.sample(wall, rng.choice((1, 2, 4, 5, 7, 8, 10, 11, 12, 13, 13, 14, 14, 14))))


def _random_call(rng: random.Random, name: str, preset: str) -> tuple[tuple[object, ...], dict[str, object]]:
    """Arguments of a call of ``name``: hands as ints, text or counts, with melds, jokers, visible
    tiles, forms and the odd bad value."""
    tiles = _random_hand(rng, preset)
    hand: object = tiles
    kwargs: dict[str, object] = {}
    roll = rng.random()
    if roll < 0.3:
        hand = mf.format(tiles)
    elif roll < 0.4:
        hand, kwargs["encoding"] = bytes(mf.to_counts(tiles)), "counts"
    elif roll < 0.45:
        hand = tiles + [40]  # a bad tile: the same error either way
    if name in ("is_win", "shanten", "waits", "classify", "decompose") and rng.random() < 0.2:
        kwargs["melds"] = [rng.choice(["123s", "777z", "5555p", "{1111z}", "234m"])]
    if name in ("is_win", "shanten", "waits", "classify") and rng.random() < 0.2:
        kwargs["wild"] = rng.choice(["7z", "5m", ["1z", "9s"]])
    if name == "shanten" and rng.random() < 0.2:
        kwargs["form"] = rng.choice(["standard", "seven_pairs", "thirteen_orphans", "knitted", "bogus"])
    if name in ("useful_tiles", "discard_analysis") and rng.random() < 0.3:
        kwargs["visible"] = mf.format(rng.sample(range(N_KINDS), 5))
    if name == "classify" and rng.random() < 0.3:
        kwargs["self_drawn"] = True
    if name == "discard_analysis" and rng.random() < 0.1:
        kwargs["two_step"] = True
    return (hand,), kwargs


def _random_rows(rng: random.Random, preset: str) -> np.ndarray:
    rows = np.zeros((6, N_KINDS), dtype=rng.choice([np.uint8, np.int64]))
    for row in rows:
        for t in _random_hand(rng, preset):
            row[t] += 1
    if rng.random() < 0.2:
        rows[rng.randrange(6), rng.randrange(N_KINDS)] = 5  # a bad count: the same error either way
    return rows


def test_every_preset_has_a_module():
    assert set(PRESETS) == {"chinese", "riichi", "riichi3", "sichuan", "gb"}
    for preset in PRESETS:
        module = _module(preset)
        assert module.rules is mf.RULES[preset]
        assert set(module.__all__) == set(mf.__all__) | {"rules"}
        assert set(mf.__all__) <= set(dir(module))


def test_bound_functions_are_the_functions_that_take_rules():
    assert set(BOUND) == set(HAND_FUNCTIONS) | set(BATCH_FUNCTIONS) | {"score", "discard_values"}


@pytest.mark.parametrize("preset", PRESETS)
def test_bound_discard_values_equals_the_rules_call(preset):
    """``riichi.discard_values(...)`` is ``mf.discard_values(..., rules="riichi")``; every other rule set
    is the same ``ValueError``."""
    module = _module(preset)
    args = ("123456789m1234p5z",)
    assert _outcome(module.discard_values, *args, turn=12) == _outcome(mf.discard_values, *args, rules=preset,
                                                                        turn=12)


@pytest.mark.parametrize("preset", PRESETS)
def test_bound_score_equals_the_rules_call(preset):
    """``riichi.score(...)`` is ``mf.score(..., rules="riichi")``, its errors included (``gb`` and the
    rule sets without a score say so the same way)."""
    module = _module(preset)
    for hand, win, kwargs in (("123m456p789s234s55z", "5z", {"tsumo": True}),
                              ("11223344556677z", "7z", {}),
                              ("123m456p789s23s555z", "5z", {"riichi": True}),
                              ("123m456p789s234s55z", "1m", {})):
        assert _outcome(module.score, hand, win, **kwargs) == _outcome(mf.score, hand, win, rules=preset, **kwargs)


@pytest.mark.parametrize("preset", PRESETS)
def test_other_names_are_reexported_unchanged(preset):
    module = _module(preset)
    for name in mf.__all__:
        if name not in BOUND:
            assert getattr(module, name) is getattr(mf, name), name


@pytest.mark.parametrize("preset", PRESETS)
def test_signatures_and_names(preset):
    module = _module(preset)
    for name in BOUND:
        f, g = getattr(module, name), getattr(mf, name)
        assert f.__name__ == name and f.__module__ == module.__name__
        expected = [p for p in inspect.signature(g).parameters.values() if p.name != "rules"]
        assert list(inspect.signature(f).parameters.values()) == expected
        assert f"rules {preset!r}" in f.__doc__


@pytest.mark.parametrize("preset", PRESETS)
@pytest.mark.parametrize("name", HAND_FUNCTIONS)
def test_bound_equals_rules_call_on_random_hands(preset, name):
    rng = random.Random(f"{preset} {name}")
    bound, plain = getattr(_module(preset), name), getattr(mf, name)
    kinds = set()
    for _ in range(60 if name != "discard_analysis" else 15):
        args, kwargs = _random_call(rng, name, preset)
        got = _outcome(bound, *args, **kwargs)
        assert got == _outcome(plain, *args, **kwargs, rules=preset), (args, kwargs)
        assert got == _outcome(plain, *args, **kwargs, rules=mf.RULES[preset]), (args, kwargs)
        kinds.add(got[0])
    assert "value" in kinds and "ValueError" in kinds


@pytest.mark.parametrize("preset", PRESETS)
@pytest.mark.parametrize("name", BATCH_FUNCTIONS)
def test_bound_batch_equals_rules_call(preset, name):
    rng = random.Random(f"{preset} {name}")
    bound, plain = getattr(_module(preset), name), getattr(mf, name)
    for _ in range(8):
        rows = _random_rows(rng, preset)
        kwargs = {"threads": rng.choice([None, 2])}
        assert _outcome(bound, rows, **kwargs) == _outcome(plain, rows, **kwargs, rules=preset)


def _without_keyword_count(outcome: tuple[str, object]) -> tuple[str, object]:
    """Python counts the ``rules=`` keyword of the unbound call in a positional-count error
    (``... but 2 positional arguments (and 1 keyword-only argument) were given``); the bound
    call passes none."""
    kind, text = outcome
    return kind, re.sub(r"(\d+) positional arguments? \(and \d+ keyword-only arguments?\) were", r"\1 were",
                        str(text))


@pytest.mark.parametrize("name", BOUND)
def test_bad_arguments_fail_alike(name):
    bound, plain = getattr(_module("riichi"), name), getattr(mf, name)
    for args, kwargs in [((), {}), (("123m", "456p"), {}), (("123m",), {"bogus": 1}), (([0] * 13,), {"threads": "x"}),
                         (("123m456p789s1122z",), {"encoding": "nope"}), ((None,), {})]:
        expected = _without_keyword_count(_outcome(plain, *args, **kwargs, rules="riichi"))
        assert _outcome(bound, *args, **kwargs) == expected, (args, kwargs)


@pytest.mark.parametrize("name", BOUND)
def test_rules_is_not_taken_again(name):
    with pytest.raises(TypeError, match=rf"^{name}\(\) got an unexpected keyword argument 'rules'$"):
        getattr(_module("gb"), name)("123m", rules="riichi")


def test_python_bindings_equal_the_compiled_binding():
    """The copy of a Python function (``_copy``: every bound function without a compiler) and the
    wrapper (``_wrapper``, for what cannot be copied), over the general functions, answer as the
    bound fast paths."""
    assert pure_bind(mf.shanten, mf.RULES["riichi"]) is None
    general = {**_api.GENERAL, **_classify.GENERAL}
    rng = random.Random(7)
    for preset in ("riichi", "riichi3", "sichuan", "gb"):
        for name in ("is_win", "shanten", "waits", "classify", "decompose"):
            copied = _bound._copy(general[name], preset)
            wrapped = _bound._wrapper(general[name], name, preset)
            fast = getattr(_module(preset), name)
            assert copied is not None
            for _ in range(30):
                args, kwargs = _random_call(rng, name, preset)
                expected = _outcome(fast, *args, **kwargs)
                assert _outcome(copied, *args, **kwargs) == expected, (args, kwargs)
                assert _outcome(wrapped, *args, **kwargs) == expected, (args, kwargs)


def test_the_python_functions_are_copied():
    """A bound Python function is a copy of the function (its code, no call in between)."""
    from mahjong_fast import riichi

    for name in BOUND:
        f = getattr(mf, name)
        if inspect.isfunction(f):
            assert getattr(riichi, name).__code__.co_code == f.__code__.co_code, name
    assert _bound._copy(len, "riichi") is None and _bound._copy(mf.parse, "riichi") is None


def test_unknown_name():
    from mahjong_fast import sichuan

    with pytest.raises(AttributeError, match="module 'mahjong_fast.sichuan' has no attribute 'nope'"):
        sichuan.nope  # noqa: B018


def test_star_import_and_drop_in():
    namespace: dict[str, object] = {}
    exec("from mahjong_fast.riichi import *", namespace)
    assert namespace["rules"] is mf.RULES["riichi"] and namespace["Tile"] is mf.Tile
    assert namespace["is_win"]("11112233445577p") is False and mf.is_win("11112233445577p") is True


def test_import_stays_light():
    done = run_python("-c", "import sys; from mahjong_fast import riichi; riichi.shanten('1234m'); "
                            "print(sorted(m for m in ('numpy', 'mahjong_fast._efficiency', 'mahjong_fast._batch') "
                            "if m in sys.modules))")
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "[]"


def test_stub_is_current():
    spec = importlib.util.spec_from_file_location("rule_stubs", REPO_ROOT / "scripts" / "rule_stubs.py")
    assert spec is not None and spec.loader is not None
    rule_stubs = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(rule_stubs)
    assert rule_stubs.STUB.read_text(encoding="utf-8") == rule_stubs.stub(), (
        "mahjong_fast/_rule_api.pyi is stale: run python scripts/rule_stubs.py"
    )
