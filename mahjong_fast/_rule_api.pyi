"""The names of the rule-bound modules (``mahjong_fast.riichi`` & co.): the public API, ``rules=`` bound.

Written by ``scripts/rule_stubs.py`` from the typed definitions; do not edit.
"""

from collections.abc import Iterable

import numpy as np

from mahjong_fast import ENCODINGS as ENCODINGS
from mahjong_fast import NOTATIONS as NOTATIONS
from mahjong_fast import RULES as RULES
from mahjong_fast import STRATEGIES as STRATEGIES
from mahjong_fast import Decomposition as Decomposition
from mahjong_fast import Discard as Discard
from mahjong_fast import DiscardAnalysis as DiscardAnalysis
from mahjong_fast import DiscardBatch as DiscardBatch
from mahjong_fast import DiscardValue as DiscardValue
from mahjong_fast import Fan as Fan
from mahjong_fast import Hand as Hand
from mahjong_fast import HuType as HuType
from mahjong_fast import Meld as Meld
from mahjong_fast import Rules as Rules
from mahjong_fast import Score as Score
from mahjong_fast import Tile as Tile
from mahjong_fast import UsefulTiles as UsefulTiles
from mahjong_fast import Yaku as Yaku
from mahjong_fast import __version__ as __version__
from mahjong_fast import decode as decode
from mahjong_fast import encode as encode
from mahjong_fast import format as format
from mahjong_fast import implementation as implementation
from mahjong_fast import parse as parse
from mahjong_fast import to_counts as to_counts
from mahjong_fast._meld import MeldLike
from mahjong_fast._options import Wild

rules: Rules
"""The rule set the module binds."""

def classify(
    hand: object, *, melds: Iterable[MeldLike] = ..., self_drawn: bool = ..., encoding: str | None = ...,
    wild: Wild = ..., fifth: bool = ...,
) -> HuType: ...

def decompose(hand: object, *, melds: Iterable[MeldLike] = ..., encoding: str | None = ...) -> list[Decomposition]: ...

def discard_analysis(
    hand: object, *, melds: Iterable[MeldLike] = ..., visible: object = ..., wild: Wild = ..., fifth: bool = ...,
    encoding: str | None = ..., two_step: bool = ...,
) -> DiscardAnalysis: ...

def discard_analysis_batch(counts: object, *, visible: object = ..., threads: int | None = ...) -> DiscardBatch: ...

def discard_values(
    hand14: object, *, melds: Iterable[MeldLike] = ..., turn: int = ..., dora: object = ..., seat_wind: object = ...,
    round_wind: object = ..., visible: object = ..., honba: int = ..., riichi_sticks: int = ...,
    encoding: str | None = ...,
) -> tuple[DiscardValue, ...]: ...

def is_win(
    hand: object, *, melds: Iterable[MeldLike] = ..., encoding: str | None = ..., strategy: str | None = ...,
    wild: Wild = ..., fifth: bool = ...,
) -> bool: ...

def is_win_batch(counts: object, *, threads: int | None = ...) -> np.ndarray: ...

def score(
    hand14: object, win: object, *, melds: Iterable[MeldLike] = ..., encoding: str | None = ..., tsumo: bool = ...,
    riichi: bool = ..., double_riichi: bool = ..., ippatsu: bool = ..., haitei: bool = ..., houtei: bool = ...,
    rinshan: bool = ..., chankan: bool = ..., tenhou: bool = ..., chiihou: bool = ..., seat_wind: object = ...,
    round_wind: object = ..., dora: object = ..., ura: object = ..., kita: int = ..., honba: int = ...,
    riichi_sticks: int = ..., flowers: int = ..., last_copy: bool = ..., last_tile: bool = ..., kong_draw: bool = ...,
    robbing_kong: bool = ...,
) -> Score: ...

def shanten(
    hand: object, *, form: str | None = ..., melds: Iterable[MeldLike] = ..., wild: Wild = ..., fifth: bool = ...,
    encoding: str | None = ...,
) -> int: ...

def shanten_batch(counts: object, *, threads: int | None = ...) -> np.ndarray: ...

def useful_tiles(
    hand: object, *, melds: Iterable[MeldLike] = ..., visible: object = ..., wild: Wild = ..., fifth: bool = ...,
    encoding: str | None = ...,
) -> UsefulTiles: ...

def useful_tiles_batch(
    counts: object, *, visible: object = ..., threads: int | None = ...,
) -> tuple[np.ndarray, np.ndarray, np.ndarray]: ...

def waits(
    hand: object, *, melds: Iterable[MeldLike] = ..., wild: Wild = ..., fifth: bool = ..., encoding: str | None = ...,
) -> list[Tile]: ...

def waits_batch(counts: object, *, threads: int | None = ...) -> np.ndarray: ...
