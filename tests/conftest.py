"""Shared fixtures: every kernel test runs against each implementation.

``kernel_impls("_win")`` gives pytest params for the compiled module (unless
``MAHJONG_FAST_NO_EXTENSIONS`` is set) and for its pure-Python twin.
"""
from __future__ import annotations

import importlib
import os
import subprocess
import sys

import pytest

import mahjong_fast

from mahjong_fast._dispatch import NO_EXTENSIONS


def _load_compiled(name: str):
    mod = importlib.import_module(f"mahjong_fast._kernels.{name.lstrip('_')}")
    assert not mod.__file__.endswith(".py"), f"{name} is not compiled"
    return mod


def compiled_kernel(name: str):
    """The compiled kernel module ``name`` if it is built, else None."""
    try:
        mod = importlib.import_module(f"mahjong_fast._kernels.{name}")
    except ImportError:
        return None
    return mod if not mod.__file__.endswith(".py") else None


def kernel_impls(name: str) -> list:
    """Pytest params ``[c-extension, pure-python]`` for kernel module ``name``."""
    params = [
        pytest.param(
            lambda: importlib.import_module(f"mahjong_fast._kernels.{name.lstrip('_')}_py"),
            id="pure-python",
        )
    ]
    if not NO_EXTENSIONS:
        params.insert(0, pytest.param(lambda: _load_compiled(name), id="c-extension"))
    return params


def run_python(*args: str, cwd=None, **env: str) -> subprocess.CompletedProcess:
    """Run ``python *args`` on the package under test, in a fresh interpreter.

    The child imports the same ``mahjong_fast`` as the tests (installed or from
    the source tree) wherever it runs; ``env`` adds environment variables.
    """
    package_root = os.path.dirname(os.path.dirname(mahjong_fast.__file__))
    full_env = dict(os.environ, PYTHONIOENCODING="utf-8", PYTHONPATH=package_root, **env)
    return subprocess.run(
        [sys.executable, *args], env=full_env, cwd=cwd, capture_output=True, text=True, check=False
    )
