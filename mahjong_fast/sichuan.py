"""The public API of ``mahjong_fast`` under Sichuan rules (at most two suits): ``rules="sichuan"`` bound.

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
