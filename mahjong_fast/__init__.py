"""mahjong_fast: a Cython-accelerated mahjong win checker for bots.

Whether a hand wins (胡牌), which kind of win it is, which tiles it waits on
and how far it is from ready, for one hand or millions; see the README and
DESIGN.md in the repository.  ``implementation`` says whether the compiled
kernels are in use.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from ._api import STRATEGIES, is_win, shanten, waits
from ._dispatch import implementation
from ._hand import Hand, to_counts
from ._meld import Meld
from ._notation import NOTATIONS, format, parse
from ._rules import RULES, Rules
from ._tile_lists import decode, encode
from ._tile_names import ENCODINGS
from ._tiles import Tile
from ._version import __version__

if TYPE_CHECKING:
    from ._batch import is_win_batch, shanten_batch, waits_batch
    from ._classify import Decomposition, HuType, classify, decompose
    from ._efficiency import Discard, DiscardAnalysis, UsefulTiles, discard_analysis, useful_tiles
    from ._efficiency_batch import DiscardBatch, discard_analysis_batch, useful_tiles_batch
    from ._fan import Fan
    from ._scoring import score
    from ._values import DiscardValue, discard_values
    from ._yaku import Score, Yaku

_LAZY = {  # loaded on first use, so that `import mahjong_fast` stays light
    "HuType": "_classify",
    "Decomposition": "_classify",
    "classify": "_classify",
    "decompose": "_classify",
    "is_win_batch": "_batch",
    "shanten_batch": "_batch",
    "waits_batch": "_batch",
    "Discard": "_efficiency",
    "DiscardAnalysis": "_efficiency",
    "DiscardBatch": "_efficiency_batch",
    "UsefulTiles": "_efficiency",
    "discard_analysis": "_efficiency",
    "discard_analysis_batch": "_efficiency_batch",
    "useful_tiles": "_efficiency",
    "useful_tiles_batch": "_efficiency_batch",
    "score": "_scoring",
    "Fan": "_fan",
    "DiscardValue": "_values",
    "discard_values": "_values",
    "Score": "_yaku",
    "Yaku": "_yaku",
}


def __getattr__(name: str) -> object:
    import importlib

    if name == "logs":  # the game-log reader, a subpackage: mf.logs without importing it first
        return importlib.import_module("mahjong_fast.logs")
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module 'mahjong_fast' has no attribute {name!r}")
    value = getattr(importlib.import_module(f"mahjong_fast.{module}"), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(__all__))


__all__ = [
    "ENCODINGS",
    "NOTATIONS",
    "RULES",
    "STRATEGIES",
    "Decomposition",
    "Discard",
    "DiscardAnalysis",
    "DiscardBatch",
    "DiscardValue",
    "Fan",
    "Hand",
    "HuType",
    "Meld",
    "Rules",
    "Score",
    "Tile",
    "UsefulTiles",
    "Yaku",
    "__version__",
    "classify",
    "decode",
    "decompose",
    "discard_analysis",
    "discard_analysis_batch",
    "discard_values",
    "encode",
    "format",
    "implementation",
    "is_win",
    "is_win_batch",
    "parse",
    "score",
    "shanten",
    "shanten_batch",
    "to_counts",
    "useful_tiles",
    "useful_tiles_batch",
    "waits",
    "waits_batch",
]
