"""The public API of ``mahjong_fast`` under the default rules (Chinese): ``rules="chinese"`` bound.

``from mahjong_fast import chinese as mf`` is a drop-in for ``import mahjong_fast as mf``:
every public function that takes ``rules=`` takes every other argument of
``mahjong_fast``'s and gives its answers and errors under ``rules="chinese"``
(the batch and tile-efficiency functions included); ``rules`` is the
``Rules`` object; every other name (``Tile``, ``Hand``, ``parse``, ...) is
``mahjong_fast``'s own.

>>> import mahjong_fast
>>> from mahjong_fast import chinese
>>> chinese.classify("11112233445577p").shape
HuType.QI_DA_DUI
>>> chinese.shanten("123m456p789s1122z") == mahjong_fast.shanten("123m456p789s1122z")
True
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from ._bound import install

if TYPE_CHECKING:  # the signatures, for type checkers (written by scripts/rule_stubs.py)
    from ._rule_api import *  # noqa: F403
else:
    install(globals(), "chinese")
