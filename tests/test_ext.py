"""The compiled kernels are really the ones loaded, and the switch works."""
from __future__ import annotations

import os
import subprocess
import sys

import pytest

import mahjong_fast
from mahjong_fast import _ext

KERNELS = ("_win", "_table", "_shanten", "_decompose", "_batch")


@pytest.mark.skipif(_ext.NO_EXTENSIONS, reason="pure-Python run (MAHJONG_FAST_NO_EXTENSIONS set)")
@pytest.mark.parametrize("name", KERNELS)
def test_compiled_kernels_are_loaded(name):
    mod = _ext.load(name)
    assert mod.__name__ == f"mahjong_fast.{name}"
    assert mod.__file__.endswith((".so", ".pyd")), mod.__file__


@pytest.mark.skipif(_ext.NO_EXTENSIONS, reason="pure-Python run (MAHJONG_FAST_NO_EXTENSIONS set)")
def test_public_is_win_is_the_compiled_fast_path():
    assert type(mahjong_fast.is_win).__name__ in ("cython_function_or_method", "builtin_function_or_method")


def test_switch_selects_pure_python():
    package_root = os.path.dirname(os.path.dirname(mahjong_fast.__file__))
    code = (
        "import mahjong_fast as mf; from mahjong_fast import _ext\n"
        f"assert all(_ext.load(n).__name__.endswith('_py') for n in {KERNELS!r})\n"
        "assert mf.is_win is mf._api.is_win\n"
        "assert mf.is_win('11123456789999m')\n"
    )
    env = dict(os.environ, MAHJONG_FAST_NO_EXTENSIONS="1", PYTHONPATH=package_root)
    done = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr


def test_import_builds_no_table():
    package_root = os.path.dirname(os.path.dirname(mahjong_fast.__file__))
    code = (
        "import sys, mahjong_fast as mf\n"
        "mf.parse('123m')\n"
        "heavy = [m for m in ('mahjong_fast._table', 'mahjong_fast._shanten', 'mahjong_fast._batch', "
        "'mahjong_fast._shanten_py', 'mahjong_fast._table_py', 'numpy') if m in sys.modules]\n"
        "assert not heavy, heavy\n"
    )
    env = dict(os.environ, MAHJONG_FAST_NO_EXTENSIONS="1", PYTHONPATH=package_root)
    done = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr
