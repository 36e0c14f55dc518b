"""The dispatch: the compiled modules really loaded, the switch works, import stays light.

A build that silently fell back to pure Python would pass every other test, so
one test proves the compiled modules are the ones in use; the others run a
fresh interpreter to see what the ``MAHJONG_FAST_NO_EXTENSIONS`` switch selects.
"""
from __future__ import annotations

import importlib

import pytest

import mahjong_fast
from mahjong_fast import _dispatch

from support.impls import KERNELS, NO_EXTENSIONS, is_compiled, run_python

COMPILED = [f"mahjong_fast._kernels.{k}" for k in KERNELS] + ["mahjong_fast._api_fast", "mahjong_fast._scoring_fast"]


@pytest.mark.skipif(NO_EXTENSIONS, reason="pure-Python run (MAHJONG_FAST_NO_EXTENSIONS set)")
def test_compiled_modules_are_loaded():
    for name in COMPILED:
        module = importlib.import_module(name)
        assert is_compiled(module) and module.__file__.endswith((".so", ".pyd")), module.__file__
    for k in KERNELS:
        assert getattr(_dispatch, k).__name__ == f"mahjong_fast._kernels.{k}"
    assert _dispatch.api_fast is importlib.import_module("mahjong_fast._api_fast")
    assert _dispatch.scoring_fast is importlib.import_module("mahjong_fast._scoring_fast")
    assert mahjong_fast.implementation == _dispatch.implementation == "compiled"
    assert not _dispatch._missing


def test_pure_twins_are_python():
    for k in KERNELS:
        module = importlib.import_module(f"mahjong_fast._kernels.{k}_py")
        assert not is_compiled(module) and module.__file__.endswith(".py"), module.__file__


def test_dispatch_matches_the_switch():
    assert _dispatch.NO_EXTENSIONS is NO_EXTENSIONS
    assert all(is_compiled(getattr(_dispatch, k)) is not NO_EXTENSIONS for k in KERNELS)
    assert is_compiled(_dispatch.api_fast) is not NO_EXTENSIONS


REPORT = (
    "import sys, mahjong_fast as mf\n"
    "from mahjong_fast import _dispatch\n"
    "print(mf.implementation, not _dispatch.is_compiled(_dispatch.api_fast),"
    f" ' '.join(getattr(_dispatch, k).__name__ for k in {KERNELS!r}))\n"
    "assert mf.is_win('11123456789999m') and not mf.is_win('1112345678999m')\n"
)


def test_switch_selects_pure_python():
    done = run_python("-W", "error", "-c", REPORT, MAHJONG_FAST_NO_EXTENSIONS="1")
    assert done.returncode == 0, done.stderr
    implementation, no_fast, modules = done.stdout.split(" ", 2)
    assert implementation == "pure-python" and no_fast == "True"
    assert modules.split() == [f"mahjong_fast._kernels.{k}_py" for k in KERNELS]
    code = REPORT + "from mahjong_fast import _api\nassert mf.is_win is _api.is_win\n"
    assert run_python("-c", code, MAHJONG_FAST_NO_EXTENSIONS="true").returncode == 0


@pytest.mark.skipif(NO_EXTENSIONS, reason="pure-Python run (MAHJONG_FAST_NO_EXTENSIONS set)")
@pytest.mark.parametrize("value", ["0", "false", "", "off"])
def test_switch_off_keeps_compiled(value):
    done = run_python("-W", "error", "-c", REPORT, MAHJONG_FAST_NO_EXTENSIONS=value)
    assert done.returncode == 0, done.stderr
    implementation, no_fast, modules = done.stdout.split(" ", 2)
    assert implementation == "compiled" and no_fast == "False"
    assert modules.split() == [f"mahjong_fast._kernels.{k}" for k in KERNELS]


@pytest.mark.parametrize("switch", ["0", "1"])
def test_import_builds_no_tables_and_imports_no_numpy(switch):
    if switch == "0" and NO_EXTENSIONS:
        pytest.skip("pure-Python run (MAHJONG_FAST_NO_EXTENSIONS set)")
    code = (
        "import sys, mahjong_fast as mf\n"
        "from mahjong_fast import _dispatch\n"
        "mf.parse('123m')\n"
        "assert 'numpy' not in sys.modules, 'numpy imported'\n"
        "heavy = [m for m in ('mahjong_fast._batch', 'mahjong_fast._classify') if m in sys.modules]\n"
        "assert not heavy, heavy\n"
        "t = _dispatch.table\n"
        "assert not t.table_built(), 'import built the table'\n"
        "t.win_table(bytes(34))\n"
        "assert t.table_built() == (t.__name__ == 'mahjong_fast._kernels.table')\n"
        "compiled = _dispatch.shanten.__name__ == 'mahjong_fast._kernels.shanten'\n"
        "assert (_dispatch.shanten.ensure_tables() > 0) == compiled, 'import built the shanten tables'\n"
    )
    done = run_python("-c", code, MAHJONG_FAST_NO_EXTENSIONS=switch)
    assert done.returncode == 0, done.stderr
