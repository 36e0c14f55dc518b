"""The numbers the scoring kernel reads and writes: meld kinds, situation and rule bits, yaku ids.

The build writes ``score_flags.pxd`` from this file for C (``mahjong_fast._c_numbers``).
A yaku id is Tenhou's (the value of ``mahjong_fast.Yaku``).  ``check_arguments``
is the one range check of both scoring twins.
"""
from __future__ import annotations

CHOW = 0
"""A declared chow (tile: its lowest)."""
PUNG = 1
"""A declared pung."""
KONG = 2
"""A declared open kong."""
CONCEALED_KONG = 3
"""A concealed kong (暗槓): the hand stays closed."""

Y_MENZEN_TSUMO = 0
Y_RIICHI = 1
Y_IPPATSU = 2
Y_CHANKAN = 3
Y_RINSHAN = 4
Y_HAITEI = 5
Y_HOUTEI = 6
Y_PINFU = 7
Y_TANYAO = 8
Y_IIPEIKOU = 9
Y_SEAT_WIND = 10
"""Plus the wind (0 east … 3 north)."""
Y_ROUND_WIND = 14
"""Plus the wind (0 east … 3 north)."""
Y_DRAGON = 18
"""Plus the dragon (0 white, 1 green, 2 red)."""
Y_DOUBLE_RIICHI = 21
Y_CHIITOITSU = 22
Y_CHANTA = 23
Y_ITTSU = 24
Y_SANSHOKU = 25
Y_SANSHOKU_DOUKOU = 26
Y_SANKANTSU = 27
Y_TOITOI = 28
Y_SANANKOU = 29
Y_SHOUSANGEN = 30
Y_HONROUTOU = 31
Y_RYANPEIKOU = 32
Y_JUNCHAN = 33
Y_HONITSU = 34
Y_CHINITSU = 35
Y_TENHOU = 37
Y_CHIIHOU = 38
Y_DAISANGEN = 39
Y_SUUANKOU = 40
Y_SUUANKOU_TANKI = 41
Y_TSUUIISOU = 42
Y_RYUUIISOU = 43
Y_CHINROUTOU = 44
Y_CHUUREN = 45
Y_JUNSEI_CHUUREN = 46
Y_KOKUSHI = 47
Y_KOKUSHI_13 = 48
Y_DAISUUSHII = 49
Y_SHOUSUUSHII = 50
Y_SUUKANTSU = 51

TSUMO = 1 << 0
RIICHI = 1 << 1
DOUBLE_RIICHI = 1 << 2
IPPATSU = 1 << 3
HAITEI = 1 << 4
HOUTEI = 1 << 5
RINSHAN = 1 << 6
CHANKAN = 1 << 7
TENHOU = 1 << 8
CHIIHOU = 1 << 9
"""Situation bits: how the hand was won."""

OPEN_TANYAO = 1 << 0
DOUBLE_YAKUMAN = 1 << 1
KAZOE_YAKUMAN = 1 << 2
KIRIAGE = 1 << 3
"""Rule switch bits (``Rules`` fields of the same names)."""


def check_arguments(melds: tuple[tuple[int, int], ...], win: int, seat_wind: int, round_wind: int) -> None:
    """``ValueError`` for more than 4 melds, a meld, ``win`` or a wind outside its range."""
    if len(melds) > 4:
        raise ValueError(f"at most 4 melds, not {len(melds)}")
    for kind, tile in melds:
        if not (CHOW <= kind <= CONCEALED_KONG and 0 <= tile < 34) or (kind == CHOW and (tile >= 27 or tile % 9 > 6)):
            raise ValueError(f"not a meld: ({kind}, {tile})")
    if not 0 <= win < 34:
        raise ValueError(f"win must be 0-33, not {win}")
    for wind in (seat_wind, round_wind):
        if wind != -1 and not 27 <= wind <= 30:
            raise ValueError(f"a wind must be -1 or 27-30, not {wind}")
