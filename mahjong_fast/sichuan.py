"""The public API of ``mahjong_fast`` under Sichuan rules (at most two suits): ``rules="sichuan"`` bound.

``from mahjong_fast import sichuan as mf`` is a drop-in for ``import mahjong_fast as mf``:
every public function that takes ``rules=`` takes every other argument of
``mahjong_fast``'s and gives its answers and errors under ``rules="sichuan"``
(the batch and tile-efficiency functions included); ``rules`` is the
``Rules`` object; every other name (``Tile``, ``Hand``, ``parse``, ...) is
``mahjong_fast``'s own.

>>> import mahjong_fast
>>> from mahjong_fast import sichuan
>>> sichuan.is_win("123m456m789p11p555s"), mahjong_fast.is_win("123m456m789p11p555s")
(False, True)
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from ._bound import install

if TYPE_CHECKING:  # the signatures, for type checkers (written by scripts/rule_stubs.py)
    from ._rule_api import *  # noqa: F403
else:
    install(globals(), "sichuan")
