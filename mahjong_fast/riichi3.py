"""The public API of ``mahjong_fast`` under three-player riichi rules (no 2m-8m): ``rules="riichi3"`` bound.

>>> import mahjong_fast
>>> from mahjong_fast import riichi3
>>> riichi3.waits("1112345678999p")
[1p, 2p, 3p, 4p, 5p, 6p, 7p, 8p, 9p]
>>> riichi3.shanten("123m456p789s1122z")
Traceback (most recent call last):
    ...
ValueError: hand holds 2m, which does not exist under rules 'riichi3'
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from ._bound import install

if TYPE_CHECKING:  # the signatures, for type checkers (written by scripts/rule_stubs.py)
    from ._rule_api import *  # noqa: F403
else:
    install(globals(), "riichi3")
