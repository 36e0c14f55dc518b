"""The public API of ``mahjong_fast`` under riichi rules (four players): ``rules="riichi"`` bound.

``from mahjong_fast import riichi as mf`` is a drop-in for ``import mahjong_fast as mf``:
every public function that takes ``rules=`` takes every other argument of
``mahjong_fast``'s and gives its answers and errors under ``rules="riichi"``
(the batch and tile-efficiency functions included); ``rules`` is the
``Rules`` object; every other name (``Tile``, ``Hand``, ``parse``, ...) is
``mahjong_fast``'s own.

>>> import mahjong_fast
>>> from mahjong_fast import riichi
>>> riichi.is_win("11112233445577p"), mahjong_fast.is_win("11112233445577p")
(False, True)
>>> riichi.shanten("11112233445577p") == mahjong_fast.shanten("11112233445577p", rules="riichi")
True
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from ._bound import install

if TYPE_CHECKING:  # the signatures, for type checkers (written by scripts/rule_stubs.py)
    from ._rule_api import *  # noqa: F403
else:
    install(globals(), "riichi")
