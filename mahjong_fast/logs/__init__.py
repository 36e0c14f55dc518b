"""Game logs: replay mjai logs seat by seat, turn them into arrays, analyse every discard."""
from ._reader import replay

__all__ = ["replay"]
