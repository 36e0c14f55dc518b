"""The ``MAHJONG_FAST_NO_EXTENSIONS`` switch, read one way by ``setup.py`` and ``_dispatch``.

Imports nothing from the package, so ``setup.py`` can load it before anything is built.
"""
from __future__ import annotations

import os
import warnings
from collections.abc import Mapping

ENV_SWITCH = "MAHJONG_FAST_NO_EXTENSIONS"
_TRUE = ("1", "true", "yes", "on")
_FALSE = ("", "0", "false", "no", "off")


def extensions_disabled(environ: Mapping[str, str] = os.environ) -> bool:
    """Whether ``environ`` asks for pure Python: ``1``/``true``/``yes``/``on`` (any case).

    ``0``/``false``/``no``/``off`` or unset keep the compiled kernels; any other
    value warns and is taken as set.
    """
    value = environ.get(ENV_SWITCH, "").strip().lower()
    if value in _TRUE:
        return True
    if value not in _FALSE:
        warnings.warn(
            f"{ENV_SWITCH}={value!r} is not one of {', '.join(_TRUE + _FALSE[1:])}; "
            "taken as set (pure Python)",
            RuntimeWarning,
            stacklevel=2,
        )
        return True
    return False
