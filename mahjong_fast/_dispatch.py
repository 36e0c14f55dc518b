"""Compiled kernels or their pure-Python twins: chosen once, at import.

Each kernel (``_kernels.KERNELS`` names them) is a compiled module ``_kernels/NAME.pyx`` with a
pure-Python twin ``_kernels/NAME_py.py`` that gives the same answers and errors; this module
holds the one chosen for each name as an attribute of that name.  The compiled
one is used unless ``MAHJONG_FAST_NO_EXTENSIONS`` is set to a true value
(``1``, ``true``, ``yes``, ``on``), the interpreter is not CPython, or it is not
built.  Type checkers read the typed twins.  ``implementation`` says which is
active; a missing build that was expected warns once.
"""
from __future__ import annotations

import importlib
import platform
import warnings
from types import ModuleType
from typing import TYPE_CHECKING

from ._kernels import KERNELS
from ._switch import ENV_SWITCH, extensions_disabled

NO_EXTENSIONS = extensions_disabled() or platform.python_implementation() != "CPython"


def is_compiled(module: ModuleType) -> bool:
    """Whether ``module`` is an extension module, not Python source."""
    return not (module.__file__ or "").endswith((".py", ".pyc"))


def choose(compiled: str, pure: str) -> ModuleType:
    """The module ``compiled`` unless pure Python is asked for or it is not built."""
    if not NO_EXTENSIONS:
        try:
            return importlib.import_module(compiled)
        except ImportError:
            _missing.append(compiled)
    return importlib.import_module(pure)


_missing: list[str] = []

if TYPE_CHECKING:  # the typed twins, one per name of KERNELS (tests/kernels/test_kernel_contract.py checks)
    from ._kernels import (
        batch_py,
        decompose_py,
        efficiency_py,
        fans_py,
        hutype_py,
        logscan_py,
        mjlogscan_py,
        scoring_py,
        shanten_py,
        table_py,
        values_py,
        win_py,
    )

    win = win_py
    table = table_py
    shanten = shanten_py
    decompose = decompose_py
    hutype = hutype_py
    batch = batch_py
    efficiency = efficiency_py
    logscan = logscan_py
    scoring = scoring_py
    fans = fans_py
    values = values_py
    mjlogscan = mjlogscan_py
else:  # one module per name of KERNELS: win, table, shanten, ...
    globals().update({name: choose(f"mahjong_fast._kernels.{name}", f"mahjong_fast._kernels.{name}_py")
                      for name in KERNELS})

if TYPE_CHECKING:
    from . import _api_fast_py, _scoring_fast_py

    api_fast = _api_fast_py
    scoring_fast = _scoring_fast_py
else:  # the compiled fast paths of the public functions, or their pure twin
    api_fast = choose("mahjong_fast._api_fast", "mahjong_fast._api_fast_py")
    scoring_fast = choose("mahjong_fast._scoring_fast", "mahjong_fast._scoring_fast_py")

implementation = "pure-python" if NO_EXTENSIONS or _missing else "compiled"
"""``"compiled"`` when every kernel is the compiled one, else ``"pure-python"``."""

if _missing and not NO_EXTENSIONS:
    warnings.warn(
        f"mahjong_fast: compiled kernels not built ({', '.join(_missing)}); using pure Python, "
        f"about 100x slower. Install with pip, or set {ENV_SWITCH}=1 to silence this.",
        RuntimeWarning,
        stacklevel=2,
    )
