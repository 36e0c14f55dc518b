"""The public API of ``mahjong_fast`` under Guobiao rules (国标, with 全不靠 and 组合龙): ``rules="gb"`` bound.

>>> import mahjong_fast
>>> from mahjong_fast import gb
>>> gb.classify("147m258p369s12345z").shape
HuType.QUAN_BU_KAO
>>> mahjong_fast.is_win("147m258p369s12345z")
False
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from ._bound import install

if TYPE_CHECKING:  # the signatures, for type checkers (written by scripts/rule_stubs.py)
    from ._rule_api import *  # noqa: F403
else:
    install(globals(), "gb")
