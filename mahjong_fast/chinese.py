"""The public API of ``mahjong_fast`` under the default rules (Chinese): ``rules="chinese"`` bound.

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
