"""Shared fixtures: every kernel test runs against each implementation.

``kernel_impls("_win")`` gives pytest params for the compiled module (unless
``MAHJONG_FAST_NO_EXTENSIONS`` is set) and for its pure-Python twin.
"""
from __future__ import annotations

import importlib

import pytest

from mahjong_fast._ext import NO_EXTENSIONS


def _load_compiled(name: str):
    mod = importlib.import_module(f"mahjong_fast.{name}")
    assert not mod.__file__.endswith(".py"), f"{name} is not compiled"
    return mod


def kernel_impls(name: str) -> list:
    """Pytest params ``[c-extension, pure-python]`` for kernel module ``name``."""
    params = [
        pytest.param(
            lambda: importlib.import_module(f"mahjong_fast.{name}_py"),
            id="pure-python",
        )
    ]
    if not NO_EXTENSIONS:
        params.insert(0, pytest.param(lambda: _load_compiled(name), id="c-extension"))
    return params
