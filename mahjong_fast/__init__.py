"""mahjong_fast: a Cython-accelerated mahjong win checker for bots.

Whether a hand wins (胡牌), which kind of win it is, which tiles it waits on
and how far it is from ready, for one hand or millions. See DESIGN.md.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from . import _ext
from ._api import STRATEGIES
from ._hand import Hand, Meld, to_counts
from ._notation import NOTATIONS, format, parse
from ._tiles import ENCODINGS, Tile, decode, encode

if TYPE_CHECKING:
    from ._api import is_win, shanten, waits
    from ._batch_py import is_win_batch, shanten_batch, waits_batch
    from ._classify import Decomposition, HuType, classify, decompose
else:
    from ._api import is_win, shanten, waits

    if not _ext.NO_EXTENSIONS:
        try:  # compiled fast paths of the _api functions, same answers and errors
            from ._table import is_win, shanten, waits
        except ImportError:
            pass


def __getattr__(name: str):
    # Heavier layers load on first use so that `import mahjong_fast` stays light.
    if name in ("HuType", "Decomposition", "classify", "decompose"):
        from . import _classify

        return getattr(_classify, name)
    if name in ("is_win_batch", "shanten_batch", "waits_batch"):
        return getattr(_ext.load("_batch"), name)
    raise AttributeError(f"module 'mahjong_fast' has no attribute {name!r}")


__version__ = "0.1.0"
__all__ = [
    "ENCODINGS",
    "NOTATIONS",
    "STRATEGIES",
    "Decomposition",
    "Hand",
    "HuType",
    "Meld",
    "Tile",
    "classify",
    "decode",
    "decompose",
    "encode",
    "format",
    "is_win",
    "is_win_batch",
    "parse",
    "shanten",
    "shanten_batch",
    "to_counts",
    "waits",
    "waits_batch",
]
