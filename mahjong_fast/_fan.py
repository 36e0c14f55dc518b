"""The Guobiao (MCR, 国标) fans: ``Fan``, the 81 fans and PyMahjongGB's 明暗杠 (DESIGN.md, "Scoring").

``Fan`` lists every fan in the order of PyMahjongGB 1.4.0's fan table (its
value is that table's index), with its Chinese name as that version spells
it, its English name and its points.  ``mf.score(..., rules="gb")`` lists a
win's fans as ``(Fan, points)`` items in this order.
"""
from __future__ import annotations

import enum

__all__ = ["FANS", "Fan"]


class Fan(enum.Enum):
    """A Guobiao fan: ``.chinese`` (PyMahjongGB 1.4.0's name), ``.english`` and ``.points``.

    Examples
    --------
    >>> Fan.PURE_STRAIGHT.chinese, Fan.PURE_STRAIGHT.english, Fan.PURE_STRAIGHT.points
    ('清龙', 'Pure Straight', 16)
    >>> Fan.EDGE_WAIT.chinese
    '独听・边张'
    >>> len(Fan)
    82
    """

    chinese: str
    english: str
    points: int

    def __new__(cls, value: int, chinese: str, english: str, points: int) -> Fan:
        member = object.__new__(cls)
        member._value_ = value
        member.chinese = chinese
        member.english = english
        member.points = points
        return member

    BIG_FOUR_WINDS = 1, "大四喜", "Big Four Winds", 88
    BIG_THREE_DRAGONS = 2, "大三元", "Big Three Dragons", 88
    ALL_GREEN = 3, "绿一色", "All Green", 88
    NINE_GATES = 4, "九莲宝灯", "Nine Gates", 88
    FOUR_KONGS = 5, "四杠", "Four Kongs", 88
    SEVEN_SHIFTED_PAIRS = 6, "连七对", "Seven Shifted Pairs", 88
    THIRTEEN_ORPHANS = 7, "十三幺", "Thirteen Orphans", 88
    ALL_TERMINALS = 8, "清幺九", "All Terminals", 64
    LITTLE_FOUR_WINDS = 9, "小四喜", "Little Four Winds", 64
    LITTLE_THREE_DRAGONS = 10, "小三元", "Little Three Dragons", 64
    ALL_HONORS = 11, "字一色", "All Honors", 64
    FOUR_CONCEALED_PUNGS = 12, "四暗刻", "Four Concealed Pungs", 64
    PURE_TERMINAL_CHOWS = 13, "一色双龙会", "Pure Terminal Chows", 64
    QUADRUPLE_CHOW = 14, "一色四同顺", "Quadruple Chow", 48
    FOUR_PURE_SHIFTED_PUNGS = 15, "一色四节高", "Four Pure Shifted Pungs", 48
    FOUR_PURE_SHIFTED_CHOWS = 16, "一色四步高", "Four Pure Shifted Chows", 32
    THREE_KONGS = 17, "三杠", "Three Kongs", 32
    ALL_TERMINALS_AND_HONORS = 18, "混幺九", "All Terminals and Honors", 32
    SEVEN_PAIRS = 19, "七对", "Seven Pairs", 24
    GREATER_HONORS_AND_KNITTED_TILES = 20, "七星不靠", "Greater Honors and Knitted Tiles", 24
    ALL_EVEN_PUNGS = 21, "全双刻", "All Even Pungs", 24
    FULL_FLUSH = 22, "清一色", "Full Flush", 24
    PURE_TRIPLE_CHOW = 23, "一色三同顺", "Pure Triple Chow", 24
    PURE_SHIFTED_PUNGS = 24, "一色三节高", "Pure Shifted Pungs", 24
    UPPER_TILES = 25, "全大", "Upper Tiles", 24
    MIDDLE_TILES = 26, "全中", "Middle Tiles", 24
    LOWER_TILES = 27, "全小", "Lower Tiles", 24
    PURE_STRAIGHT = 28, "清龙", "Pure Straight", 16
    THREE_SUITED_TERMINAL_CHOWS = 29, "三色双龙会", "Three-Suited Terminal Chows", 16
    PURE_SHIFTED_CHOWS = 30, "一色三步高", "Pure Shifted Chows", 16
    ALL_FIVE = 31, "全带五", "All Five", 16
    TRIPLE_PUNG = 32, "三同刻", "Triple Pung", 16
    THREE_CONCEALED_PUNGS = 33, "三暗刻", "Three Concealed Pungs", 16
    LESSER_HONORS_AND_KNITTED_TILES = 34, "全不靠", "Lesser Honors and Knitted Tiles", 12
    KNITTED_STRAIGHT = 35, "组合龙", "Knitted Straight", 12
    UPPER_FOUR = 36, "大于五", "Upper Four", 12
    LOWER_FOUR = 37, "小于五", "Lower Four", 12
    BIG_THREE_WINDS = 38, "三风刻", "Big Three Winds", 12
    MIXED_STRAIGHT = 39, "花龙", "Mixed Straight", 8
    REVERSIBLE_TILES = 40, "推不倒", "Reversible Tiles", 8
    MIXED_TRIPLE_CHOW = 41, "三色三同顺", "Mixed Triple Chow", 8
    MIXED_SHIFTED_PUNGS = 42, "三色三节高", "Mixed Shifted Pungs", 8
    CHICKEN_HAND = 43, "无番和", "Chicken Hand", 8
    LAST_TILE_DRAW = 44, "妙手回春", "Last Tile Draw", 8
    LAST_TILE_CLAIM = 45, "海底捞月", "Last Tile Claim", 8
    OUT_WITH_REPLACEMENT_TILE = 46, "杠上开花", "Out with Replacement Tile", 8
    ROBBING_THE_KONG = 47, "抢杠和", "Robbing The Kong", 8
    ALL_PUNGS = 48, "碰碰和", "All Pungs", 6
    HALF_FLUSH = 49, "混一色", "Half Flush", 6
    MIXED_SHIFTED_CHOWS = 50, "三色三步高", "Mixed Shifted Chows", 6
    ALL_TYPES = 51, "五门齐", "All Types", 6
    MELDED_HAND = 52, "全求人", "Melded Hand", 6
    TWO_CONCEALED_KONGS = 53, "双暗杠", "Two Concealed Kongs", 6
    TWO_DRAGONS_PUNGS = 54, "双箭刻", "Two Dragons Pungs", 6
    OUTSIDE_HAND = 55, "全带幺", "Outside Hand", 4
    FULLY_CONCEALED_HAND = 56, "不求人", "Fully Concealed Hand", 4
    TWO_MELDED_KONGS = 57, "双明杠", "Two Melded Kongs", 4
    LAST_TILE = 58, "和绝张", "Last Tile", 4
    DRAGON_PUNG = 59, "箭刻", "Dragon Pung", 2
    PREVALENT_WIND = 60, "圈风刻", "Prevalent Wind", 2
    SEAT_WIND = 61, "门风刻", "Seat Wind", 2
    CONCEALED_HAND = 62, "门前清", "Concealed Hand", 2
    ALL_CHOWS = 63, "平和", "All Chows", 2
    TILE_HOG = 64, "四归一", "Tile Hog", 2
    DOUBLE_PUNG = 65, "双同刻", "Double Pung", 2
    TWO_CONCEALED_PUNGS = 66, "双暗刻", "Two Concealed Pungs", 2
    CONCEALED_KONG = 67, "暗杠", "Concealed Kong", 2
    ALL_SIMPLES = 68, "断幺", "All Simples", 2
    PURE_DOUBLE_CHOW = 69, "一般高", "Pure Double Chow", 1
    MIXED_DOUBLE_CHOW = 70, "喜相逢", "Mixed Double Chow", 1
    SHORT_STRAIGHT = 71, "连六", "Short Straight", 1
    TWO_TERMINAL_CHOWS = 72, "老少副", "Two Terminal Chows", 1
    PUNG_OF_TERMINALS_OR_HONORS = 73, "幺九刻", "Pung of Terminals or Honors", 1
    MELDED_KONG = 74, "明杠", "Melded Kong", 1
    ONE_VOIDED_SUIT = 75, "缺一门", "One Voided Suit", 1
    NO_HONORS = 76, "无字", "No Honors", 1
    EDGE_WAIT = 77, "独听・边张", "Edge Wait", 1
    CLOSED_WAIT = 78, "独听・嵌张", "Closed Wait", 1
    SINGLE_WAIT = 79, "独听・单钓", "Single Wait", 1
    SELF_DRAWN = 80, "自摸", "Self-Drawn", 1
    FLOWER_TILES = 81, "花牌", "Flower Tiles", 1
    CONCEALED_KONG_AND_MELDED_KONG = 82, "明暗杠", "Concealed Kong and Melded Kong", 5

    def __repr__(self) -> str:
        return f"Fan.{self.name}"

    def __str__(self) -> str:
        return self.chinese


FANS: tuple[Fan | None, ...] = (None, *Fan)
"""Each ``Fan`` at its value (index 0, no fan, is ``None``): the fan counter's table order."""
