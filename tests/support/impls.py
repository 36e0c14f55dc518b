"""The implementations under test, the general API path, subprocess runs, external data."""
from __future__ import annotations

import functools
import importlib
import os
import subprocess
import sys
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType
from typing import Callable

import mahjong_fast
from mahjong_fast import _api
from mahjong_fast._dispatch import NO_EXTENSIONS, is_compiled
from mahjong_fast._kernels import KERNELS

__all__ = [
    "IMPL_IDS",
    "KERNELS",
    "NO_EXTENSIONS",
    "REPO_ROOT",
    "Impl",
    "data_dir",
    "general_api",
    "implementations",
    "is_compiled",
    "load_impl",
    "run_python",
]

IMPL_IDS = ("pure-python",) if NO_EXTENSIONS else ("c-extension", "pure-python")
"""The implementations this run tests: the compiled one unless the switch is set."""

PACKAGE_ROOT = os.path.dirname(os.path.dirname(mahjong_fast.__file__))
"""The folder holding the ``mahjong_fast`` under test (site-packages, or the checkout)."""

REPO_ROOT = Path(__file__).resolve().parents[2]
"""The repository checkout: the parent of ``tests/``."""


@dataclass(frozen=True, eq=False)
class Impl:
    """One implementation of every kernel: all compiled, or all pure Python.

    ``impl.NAME`` is its module of the kernel NAME, for each name of ``KERNELS``
    (``mahjong_fast._kernels.KERNELS``, the one list the dispatcher follows too).
    """

    name: str
    modules: Mapping[str, ModuleType]

    def __getattr__(self, kernel: str) -> ModuleType:
        modules = self.__dict__.get("modules", {})
        if kernel not in modules:
            raise AttributeError(f"{type(self).__name__} has no kernel {kernel!r}; KERNELS: {', '.join(KERNELS)}")
        return modules[kernel]

    @property
    def compiled(self) -> bool:
        return self.name == "c-extension"

    def sample(self, compiled: int, pure: int) -> int:
        """A sample size: ``compiled`` for the compiled kernels, ``pure`` for pure Python."""
        return compiled if self.compiled else pure


@functools.cache
def load_impl(name: str) -> Impl:
    """The kernels of implementation ``name``; a compiled one that is not built raises."""
    suffix = "" if name == "c-extension" else "_py"
    modules = {k: importlib.import_module(f"mahjong_fast._kernels.{k}{suffix}") for k in KERNELS}
    for module in modules.values():
        if is_compiled(module) != (name == "c-extension"):
            raise ImportError(f"{module.__name__} is {module.__file__}: not the {name} build")
    return Impl(name, modules)


def implementations() -> list[Impl]:
    """Every implementation this run tests, loaded."""
    return [load_impl(name) for name in IMPL_IDS]


def general_api() -> tuple[Callable[..., object], ...]:
    """``is_win``, ``shanten`` and ``waits`` of the general (Python) path of ``_api``.

    With the compiled fast paths built these are the functions ``_api_fast``
    falls back on; without them, the public functions themselves.
    """
    return _api.GENERAL["is_win"], _api.GENERAL["shanten"], _api.GENERAL["waits"]


def data_dir(name: str) -> Path:
    """``tests/data/<name>``: test data the repository carries (a user's clone has all it needs).

    Missing data is a failure, never a skip: a run that cannot see it has not
    tested what it claims.
    """
    path = REPO_ROOT / "tests" / "data" / name
    if not path.is_dir():
        raise AssertionError(f"test data {name!r} not found at {path}: the checkout is incomplete (docs/testing.md)")
    return path


def run_python(*args: str, cwd: object = None, **env: str) -> subprocess.CompletedProcess[str]:
    """Run ``python *args`` on the package under test, in a fresh interpreter.

    The child imports the same ``mahjong_fast`` as the tests (installed or from
    the source tree): it runs in ``cwd``, by default the folder holding that
    package, because ``-c`` and ``-m`` put the working folder first on the path
    (run from a checkout, an installed test run would otherwise import the
    uncompiled sources).  ``env`` adds environment variables.
    """
    full_env = dict(os.environ, PYTHONIOENCODING="utf-8", PYTHONPATH=PACKAGE_ROOT, **env)
    return subprocess.run(
        [sys.executable, *args], env=full_env, cwd=cwd or PACKAGE_ROOT, capture_output=True, text=True,
        check=False,
    )
