"""The bits of a rule set as the kernels see it: one C ``int`` per call.

``mahjong_fast.Rules.flags`` packs a rule set into these bits; the kernels and
their twins read them.  The build writes ``rule_flags.pxd`` from this file for C
(``mahjong_fast._c_numbers``).  Which tiles exist is not a flag: the API turns it
into the per-tile ``limits`` the kernels already take (0 for a tile that does
not exist).
"""
from __future__ import annotations

SEVEN_PAIRS = 1 << 0
"""Seven pairs wins; four identical tiles count as two pairs (Chinese, GB, Sichuan)."""
SEVEN_PAIRS_DISTINCT = 1 << 1
"""Seven pairs wins only with seven different kinds (riichi); never set with ``SEVEN_PAIRS``."""
THIRTEEN_ORPHANS = 1 << 2
"""Thirteen orphans (十三幺) wins."""
KNITTED = 1 << 3
"""The knitted forms win: 全不靠 (七星不靠 is one of them) and 组合龙 (GB)."""
DROP_SHIFT = 4
"""Bits 4-5: how many of the three suits a winning hand must lack (0-2); Sichuan's 缺一门 is 1."""
DROP_MASK = 3 << DROP_SHIFT
LOCK_SHIFT = 6
"""Bits 6-8: suit ``u`` (0 man, 1 pin, 2 sou) is held by a declared meld, so it cannot be dropped."""
LOCK_MASK = 7 << LOCK_SHIFT
ABSENT = 1 << 9
"""Some tile is not played (a limit of 0 in ``Rules.limits``): no target, jokers included, uses a
tile whose limit is 0.  Without it a limit of 0 only means "no copy left" (a declared kong)."""
ALL_BITS = (1 << 10) - 1
"""Every bit defined here; a kernel rejects any other."""

CHINESE = SEVEN_PAIRS | THIRTEEN_ORPHANS
"""The default rule set's flags: today's behaviour."""
