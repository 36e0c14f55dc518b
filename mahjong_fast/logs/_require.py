"""The optional dependencies of the logs extra, imported when first needed."""
from __future__ import annotations

import importlib
from typing import Any

EXTRA = "pip install 'mahjong-fast[logs]'"


def require(module: str, what: str) -> Any:
    """Import ``module`` for ``what``, or raise ``ImportError`` naming the extra that brings it."""
    try:
        return importlib.import_module(module)
    except ImportError as exc:
        raise ImportError(f"{what} needs {module.split('.')[0]}, which is not installed: {EXTRA}") from exc
