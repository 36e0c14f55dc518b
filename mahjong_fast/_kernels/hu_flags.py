"""The bit of each hu-type flag, shared by the hu-type kernel, its twin and ``HuType``.

The build writes ``hu_flags.pxd`` from this file for C (``mahjong_fast._c_numbers``).
"""
from __future__ import annotations

SHI_SAN_YAO = 1 << 0
"""十三幺, thirteen orphans (shape)."""
HAO_HUA_QI_DUI = 1 << 1
"""豪华大七对, seven pairs with two or more sets of four (shape)."""
QI_DA_DUI = 1 << 2
"""七大对, seven pairs with one set of four (shape)."""
QI_XIAO_DUI = 1 << 3
"""七小对, seven pairs (shape)."""
DUI_DUI_HU = 1 << 4
"""对对胡, a standard form of pungs and kongs (shape)."""
PING_HU = 1 << 5
"""平胡, any other standard form (shape)."""
QING_YI_SE = 1 << 6
"""清一色, one suit (modifier)."""
HUN_YI_SE = 1 << 7
"""混一色, one suit and honours (modifier)."""
ZI_YI_SE = 1 << 8
"""字一色, honours only (modifier)."""
MEN_QING = 1 << 9
"""门清, no exposed meld (modifier)."""
QUAN_QIU_REN = 1 << 10
"""全求人, four exposed melds and a pair won on a discard (modifier)."""
QUAN_BU_KAO = 1 << 11
"""全不靠, 14 different tiles of one knitted set plus honours (shape; rules with ``KNITTED``)."""
QI_XING_BU_KAO = 1 << 12
"""七星不靠, 全不靠 holding all seven honours (shape; rules with ``KNITTED``)."""
ZU_HE_LONG = 1 << 13
"""组合龙, a knitted straight plus one meld and a pair (shape; rules with ``KNITTED``)."""
