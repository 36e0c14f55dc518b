"""The compiled kernels are really the ones loaded, and the switch works."""
from __future__ import annotations

import pytest

import mahjong_fast
from conftest import run_python
from mahjong_fast import _dispatch
from conftest import compiled_kernel

KERNELS = ("_win", "_table", "_shanten", "_decompose", "_batch")


@pytest.mark.skipif(_dispatch.NO_EXTENSIONS, reason="pure-Python run (MAHJONG_FAST_NO_EXTENSIONS set)")
@pytest.mark.parametrize("name", KERNELS)
def test_compiled_kernels_are_loaded(name):
    mod = _ext.load(name)
    assert mod.__name__ == f"mahjong_fast.{name}"
    assert mod.__file__.endswith((".so", ".pyd")), mod.__file__


@pytest.mark.skipif(_dispatch.NO_EXTENSIONS, reason="pure-Python run (MAHJONG_FAST_NO_EXTENSIONS set)")
def test_public_is_win_is_the_compiled_fast_path():
    assert type(mahjong_fast.is_win).__name__ in ("cython_function_or_method", "builtin_function_or_method")


def test_switch_selects_pure_python():
    code = (
        "import mahjong_fast as mf; from mahjong_fast import _ext\n"
        f"assert all(_ext.load(n).__name__.endswith('_py') for n in {KERNELS!r})\n"
        "assert mf.is_win is mf._api.is_win\n"
        "assert mf.is_win('11123456789999m')\n"
    )
    done = run_python("-c", code, MAHJONG_FAST_NO_EXTENSIONS="1")
    assert done.returncode == 0, done.stderr


def test_import_stays_light():
    # the table builds are covered by test_table; here: no heavy module is imported
    code = (
        "import sys, mahjong_fast as mf\n"
        "mf.parse('123m')\n"
        "heavy = [m for m in ('mahjong_fast._kernels.table', 'mahjong_fast._shanten', 'mahjong_fast._batch', "
        "'mahjong_fast._shanten_py', 'mahjong_fast._table_py', 'numpy') if m in sys.modules]\n"
        "assert not heavy, heavy\n"
    )
    done = run_python("-c", code, MAHJONG_FAST_NO_EXTENSIONS="1")
    assert done.returncode == 0, done.stderr
