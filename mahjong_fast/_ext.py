"""Choose between a compiled kernel module and its pure-Python twin.

``MAHJONG_FAST_NO_EXTENSIONS=1`` (or a non-CPython interpreter, or a missing
build) selects the pure-Python modules; they are also the yardstick in tests.
"""
from __future__ import annotations

import importlib
import os
import platform
from types import ModuleType

NO_EXTENSIONS = bool(os.environ.get("MAHJONG_FAST_NO_EXTENSIONS")) or (
    platform.python_implementation() != "CPython"
)


def load(name: str) -> ModuleType:
    """Return ``mahjong_fast.<name>`` compiled, else ``mahjong_fast.<name>_py``."""
    if not NO_EXTENSIONS:
        try:
            return importlib.import_module(f"mahjong_fast.{name}")
        except ImportError:
            pass
    return importlib.import_module(f"mahjong_fast.{name}_py")


def compiled(name: str) -> ModuleType | None:
    """Return the compiled module if it is built, regardless of the switch."""
    try:
        mod = importlib.import_module(f"mahjong_fast.{name}")
    except ImportError:
        return None
    return mod if not mod.__file__.endswith(".py") else None
