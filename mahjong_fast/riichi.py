"""The public API of ``mahjong_fast`` under riichi rules (four players): ``rules="riichi"`` bound.

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
