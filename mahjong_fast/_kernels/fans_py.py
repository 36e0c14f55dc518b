"""Guobiao (MCR) fan counting of one win: the pure-Python twin.

``count_fans(counts, melds, win, situation, seat_wind, round_wind)`` reads the
concealed part (34 counts, the winning tile included), the declared melds as
``(kind, tile)`` pairs (``score_flags``: ``CHOW`` with its lowest tile,
``PUNG``, ``KONG``, ``CONCEALED_KONG``), the winning tile, the situation bits
(``fan_flags``: ``GB_SELF_DRAWN``, ``GB_LAST_COPY``, ``GB_KONG``,
``GB_WALL_LAST``) and the winds (index34 27-30, or -1 for none).  It answers
``(fan id, count)`` for every fan counted, in fan id order (the id is the
value of ``mahjong_fast.Fan``; flowers are not counted here), or ``None`` when
the tiles do not win.

The counting is PyMahjongGB 1.4.0's (``MahjongFanCalculator``): the special
forms first (seven pairs, 全不靠 / 七星不靠, thirteen orphans, 组合龙 with at
most one meld, nine gates); then, when none holds or the hand is seven pairs,
every split of the concealed part into melds and a pair (the decomposition
kernel's, taken in the reference's order), each counted with the exclusion
rules, the best total kept (on equal totals the later split when it has
一色三同顺 or 三同刻, or when seven pairs came first).  Same answers as the
compiled ``fans`` kernel.

>>> counts = bytes([1] * 9 + [0] * 9 + [0, 0, 2] + [0] * 13)  # 123456789m 33s, with 222s declared
>>> count_fans(counts, ((1, 19),), 6, 0, 27, 27)
((28, 1), (75, 1), (76, 1), (77, 1))
"""
from __future__ import annotations

from .._counts import read_counts
from .decompose_py import decompose_counts
from .fan_flags import (
    EXCLUDES,
    EXCLUDES_LAST,
    EXCLUDES_LATER,
    F_ALL_CHOWS,
    F_ALL_EVEN_PUNGS,
    F_ALL_FIVE,
    F_ALL_GREEN,
    F_ALL_HONORS,
    F_ALL_PUNGS,
    F_ALL_SIMPLES,
    F_ALL_TERMINALS,
    F_ALL_TERMINALS_AND_HONORS,
    F_ALL_TYPES,
    F_BIG_FOUR_WINDS,
    F_BIG_THREE_DRAGONS,
    F_BIG_THREE_WINDS,
    F_CHICKEN_HAND,
    F_CLOSED_WAIT,
    F_CONCEALED_HAND,
    F_CONCEALED_KONG,
    F_CONCEALED_KONG_AND_MELDED_KONG,
    F_DOUBLE_PUNG,
    F_DRAGON_PUNG,
    F_EDGE_WAIT,
    F_FOUR_CONCEALED_PUNGS,
    F_FOUR_KONGS,
    F_FOUR_PURE_SHIFTED_CHOWS,
    F_FOUR_PURE_SHIFTED_PUNGS,
    F_FULL_FLUSH,
    F_FULLY_CONCEALED_HAND,
    F_GREATER_HONORS_AND_KNITTED_TILES,
    F_HALF_FLUSH,
    F_KNITTED_STRAIGHT,
    F_LAST_TILE,
    F_LAST_TILE_CLAIM,
    F_LAST_TILE_DRAW,
    F_LESSER_HONORS_AND_KNITTED_TILES,
    F_LITTLE_FOUR_WINDS,
    F_LITTLE_THREE_DRAGONS,
    F_LOWER_FOUR,
    F_LOWER_TILES,
    F_MELDED_HAND,
    F_MELDED_KONG,
    F_MIDDLE_TILES,
    F_MIXED_DOUBLE_CHOW,
    F_MIXED_SHIFTED_CHOWS,
    F_MIXED_SHIFTED_PUNGS,
    F_MIXED_STRAIGHT,
    F_MIXED_TRIPLE_CHOW,
    F_NINE_GATES,
    F_NO_HONORS,
    F_ONE_VOIDED_SUIT,
    F_OUT_WITH_REPLACEMENT_TILE,
    F_OUTSIDE_HAND,
    F_PREVALENT_WIND,
    F_PUNG_OF_TERMINALS_OR_HONORS,
    F_PURE_DOUBLE_CHOW,
    F_PURE_SHIFTED_CHOWS,
    F_PURE_SHIFTED_PUNGS,
    F_PURE_STRAIGHT,
    F_PURE_TERMINAL_CHOWS,
    F_PURE_TRIPLE_CHOW,
    F_QUADRUPLE_CHOW,
    F_REVERSIBLE_TILES,
    F_ROBBING_THE_KONG,
    F_SEAT_WIND,
    F_SELF_DRAWN,
    F_SEVEN_PAIRS,
    F_SEVEN_SHIFTED_PAIRS,
    F_SHORT_STRAIGHT,
    F_SINGLE_WAIT,
    F_THIRTEEN_ORPHANS,
    F_THREE_CONCEALED_PUNGS,
    F_THREE_KONGS,
    F_THREE_SUITED_TERMINAL_CHOWS,
    F_TILE_HOG,
    F_TRIPLE_PUNG,
    F_TWO_CONCEALED_KONGS,
    F_TWO_CONCEALED_PUNGS,
    F_TWO_DRAGONS_PUNGS,
    F_TWO_MELDED_KONGS,
    F_TWO_TERMINAL_CHOWS,
    F_UPPER_FOUR,
    F_UPPER_TILES,
    GB_KONG,
    GB_LAST_COPY,
    GB_SELF_DRAWN,
    GB_WALL_LAST,
    N_FAN_SLOTS,
)
from .score_flags import CHOW, CONCEALED_KONG, PUNG, check_arguments

Table = list[int]
Pack = tuple[int, int, bool]
"""``(kind, tile, melded)``: kind ``P_CHOW`` (tile: the middle one), ``P_PUNG``, ``P_KONG``, ``P_PAIR``."""

P_CHOW, P_PUNG, P_KONG, P_PAIR = 1, 2, 3, 4

# Tiles are counted here as the reference numbers them: suit << 4 | rank, the suits
# characters (1), bamboo (2), dots (3), honours (4: E S W N, then red, green, white).
SIZE = 0x48
CODE = tuple([0x11 + r for r in range(9)] + [0x31 + r for r in range(9)] + [0x21 + r for r in range(9)]
             + [0x41, 0x42, 0x43, 0x44, 0x47, 0x46, 0x45])
"""The reference's number of each index34 tile."""
ALL = tuple(sorted(CODE))
EAST, RED, GREEN, WHITE = 0x41, 0x45, 0x46, 0x47
_GREEN_TILES = frozenset((0x22, 0x23, 0x24, 0x26, 0x28, GREEN))
_REVERSIBLE = frozenset((0x22, 0x24, 0x25, 0x26, 0x28, 0x29, 0x31, 0x32, 0x33, 0x34, 0x35, 0x38, 0x39, WHITE))
_ORPHANS = (0x11, 0x19, 0x21, 0x29, 0x31, 0x39, 0x41, 0x42, 0x43, 0x44, 0x45, 0x46, 0x47)
_HONORS = _ORPHANS[6:]
_KNITTED = tuple(
    tuple(sorted(0x10 * (s + 1) + r for s, first in enumerate(firsts) for r in (first, first + 3, first + 6)))
    for firsts in ((1, 2, 3), (1, 3, 2), (2, 1, 3), (2, 3, 1), (3, 1, 2), (3, 2, 1))
)
"""The six knitted straights (组合龙): 147m 258s 369p, 147m 369s 258p, …"""


def _numbered(t: int) -> bool:
    return t < 0x40


def _honor(t: int) -> bool:
    return t > 0x40


def _wind(t: int) -> bool:
    return 0x40 < t < 0x45


def _dragon(t: int) -> bool:
    return 0x44 < t < 0x48


def _terminal(t: int) -> bool:
    return t < 0x40 and t & 0xF in (1, 9)


def _outside(t: int) -> bool:
    return t > 0x40 or t & 0xF in (1, 9)


# ---------------------------------------------------------------- groups of melds


def _four_chows_fan(t0: int, t1: int, t2: int, t3: int) -> int:
    if (t0 + 2 == t1 and t1 + 2 == t2 and t2 + 2 == t3) or (t0 + 1 == t1 and t1 + 1 == t2 and t2 + 1 == t3):
        return F_FOUR_PURE_SHIFTED_CHOWS
    if t0 == t1 == t2 == t3:
        return F_QUADRUPLE_CHOW
    return 0


def _three_chows_fan(t0: int, t1: int, t2: int) -> int:
    s0, s1, s2 = t0 >> 4, t1 >> 4, t2 >> 4
    r0, r1, r2 = t0 & 0xF, t1 & 0xF, t2 & 0xF
    if s0 != s1 and s0 != s2 and s1 != s2:
        ranks = sorted((r0, r1, r2))
        if ranks[0] + 1 == ranks[1] and ranks[1] + 1 == ranks[2]:
            return F_MIXED_SHIFTED_CHOWS
        if r0 == r1 == r2:
            return F_MIXED_TRIPLE_CHOW
        if ranks == [2, 5, 8]:
            return F_MIXED_STRAIGHT
        return 0
    if t0 + 3 == t1 and t1 + 3 == t2:
        return F_PURE_STRAIGHT
    if (t0 + 2 == t1 and t1 + 2 == t2) or (t0 + 1 == t1 and t1 + 1 == t2):
        return F_PURE_SHIFTED_CHOWS
    if t0 == t1 == t2:
        return F_PURE_TRIPLE_CHOW
    return 0


def _two_chows_fan(t0: int, t1: int) -> int:
    if t0 >> 4 != t1 >> 4:
        return F_MIXED_DOUBLE_CHOW if t0 & 0xF == t1 & 0xF else 0
    if t0 + 3 == t1 or t1 + 3 == t0:
        return F_SHORT_STRAIGHT
    if (t0 & 0xF, t1 & 0xF) in ((2, 8), (8, 2)):
        return F_TWO_TERMINAL_CHOWS
    return F_PURE_DOUBLE_CHOW if t0 == t1 else 0


def _four_pungs_fan(t0: int, t1: int, t2: int, t3: int) -> int:
    if _numbered(t0) and t0 + 1 == t1 and t1 + 1 == t2 and t2 + 1 == t3:
        return F_FOUR_PURE_SHIFTED_PUNGS
    if (t0, t1, t2, t3) == (0x41, 0x42, 0x43, 0x44):
        return F_BIG_FOUR_WINDS
    return 0


def _three_pungs_fan(t0: int, t1: int, t2: int) -> int:
    if _numbered(t0) and _numbered(t1) and _numbered(t2):
        s0, s1, s2 = t0 >> 4, t1 >> 4, t2 >> 4
        if s0 != s1 and s0 != s2 and s1 != s2:
            ranks = sorted((t0 & 0xF, t1 & 0xF, t2 & 0xF))
            if ranks[0] + 1 == ranks[1] and ranks[1] + 1 == ranks[2]:
                return F_MIXED_SHIFTED_PUNGS
            if ranks[0] == ranks[2]:
                return F_TRIPLE_PUNG
        elif t0 + 1 == t1 and t1 + 1 == t2:
            return F_PURE_SHIFTED_PUNGS
        return 0
    if (t0, t1, t2) in ((0x41, 0x42, 0x43), (0x41, 0x42, 0x44), (0x41, 0x43, 0x44), (0x42, 0x43, 0x44)):
        return F_BIG_THREE_WINDS
    if (t0, t1, t2) == (RED, GREEN, WHITE):
        return F_BIG_THREE_DRAGONS
    return 0


def _two_pungs_fan(t0: int, t1: int) -> int:
    if _numbered(t0) and _numbered(t1):
        return F_DOUBLE_PUNG if t0 & 0xF == t1 & 0xF else 0
    return F_TWO_DRAGONS_PUNGS if _dragon(t0) and _dragon(t1) else 0


def _extra_chow_fan(t0: int, t1: int, t2: int, extra: int) -> int:
    """The best two-chow fan the fourth chow ``extra`` makes with one of three (a three-chow fan's rest)."""
    fans = (_two_chows_fan(t0, extra), _two_chows_fan(t1, extra), _two_chows_fan(t2, extra))
    for fan in (F_PURE_DOUBLE_CHOW, F_MIXED_DOUBLE_CHOW, F_SHORT_STRAIGHT, F_TWO_TERMINAL_CHOWS):
        if fan in fans:
            return fan
    return 0


_ONCE = (F_PURE_DOUBLE_CHOW, F_MIXED_DOUBLE_CHOW, F_SHORT_STRAIGHT, F_TWO_TERMINAL_CHOWS)


def _account_once(fans: tuple[int, ...], most: int, ft: Table) -> None:
    """The two-chow fans of ``fans``, at most ``most`` of them: the account-once rule (一次原则),
    dropping 老少副 first, then 连六, 喜相逢, 一般高, down to one of each, then none."""
    table = [0, 0, 0, 0]
    n = 0
    for fan in fans:
        if fan:
            n += 1
            table[_ONCE.index(fan)] += 1
    limit = 1
    while n > most and limit >= 0:
        i = 4
        while n > most and i > 0:
            i -= 1
            while table[i] > limit and n > most:
                table[i] -= 1
                n -= 1
        limit -= 1
    for fan, count in zip(_ONCE, table):
        ft[fan] = count


def _three_of_four_chows(t0: int, t1: int, t2: int, extra: int, ft: Table) -> bool:
    fan = _three_chows_fan(t0, t1, t2)
    if not fan:
        return False
    ft[fan] = 1
    fan = _extra_chow_fan(t0, t1, t2, extra)
    if fan:
        ft[fan] = 1
    return True


def _four_chows(t: list[int], ft: Table) -> None:
    fan = _four_chows_fan(t[0], t[1], t[2], t[3])
    if fan:
        ft[fan] = 1
        return
    if (_three_of_four_chows(t[0], t[1], t[2], t[3], ft) or _three_of_four_chows(t[0], t[1], t[3], t[2], ft)
            or _three_of_four_chows(t[0], t[2], t[3], t[1], ft) or _three_of_four_chows(t[1], t[2], t[3], t[0], ft)):
        return
    fans = (_two_chows_fan(t[0], t[1]), _two_chows_fan(t[0], t[2]), _two_chows_fan(t[0], t[3]),
            _two_chows_fan(t[1], t[2]), _two_chows_fan(t[1], t[3]), _two_chows_fan(t[2], t[3]))
    most = 3
    for a, b, c in ((0, 1, 2), (0, 3, 4), (1, 3, 5), (2, 4, 5)):  # a chow in no pair with a fan
        if not fans[a] and not fans[b] and not fans[c]:
            most -= 1
    if most > 0:
        _account_once(fans, most, ft)


def _three_chows(t: list[int], ft: Table) -> None:
    fan = _three_chows_fan(t[0], t[1], t[2])
    if fan:
        ft[fan] = 1
        return
    _account_once((_two_chows_fan(t[0], t[1]), _two_chows_fan(t[0], t[2]), _two_chows_fan(t[1], t[2])), 2, ft)


def _two_pungs_each(t: list[int], n: int, ft: Table) -> None:
    """Counts the fan of every two of the ``n`` pungs ``t`` (双同刻 and the like)."""
    for a in range(n):
        for b in range(a + 1, n):
            fan = _two_pungs_fan(t[a], t[b])
            if fan:
                ft[fan] += 1


def _four_pungs(t: list[int], ft: Table) -> None:
    fan = _four_pungs_fan(t[0], t[1], t[2], t[3])
    if fan:
        ft[fan] = 1
        return
    for free, (a, b, c) in ((3, (0, 1, 2)), (2, (0, 1, 3)), (1, (0, 2, 3)), (0, (1, 2, 3))):
        fan = _three_pungs_fan(t[a], t[b], t[c])
        if fan:
            ft[fan] = 1
            for i in range(4):
                if i != free:
                    fan = _two_pungs_fan(t[i], t[free])
                    if fan:
                        ft[fan] += 1
                        break
            return
    _two_pungs_each(t, 4, ft)


def _three_pungs(t: list[int], ft: Table) -> None:
    fan = _three_pungs_fan(t[0], t[1], t[2])
    if fan:
        ft[fan] = 1
        return
    _two_pungs_each(t, 3, ft)


def _kongs(concealed_pungs: int, melded_kongs: int, concealed_kongs: int, ft: Table) -> None:
    """The kong fans and the concealed pungs (双暗刻 三暗刻 四暗刻), concealed kongs among them."""
    kongs = melded_kongs + concealed_kongs
    hidden = 0  # concealed pungs and kongs, as the reference counts them beside the kong fans
    if kongs == 0:
        hidden = concealed_pungs
    elif kongs == 1:
        ft[F_MELDED_KONG if melded_kongs else F_CONCEALED_KONG] = 1
        hidden = concealed_pungs + concealed_kongs
    elif kongs == 2:
        ft[(F_TWO_MELDED_KONGS, F_CONCEALED_KONG_AND_MELDED_KONG, F_TWO_CONCEALED_KONGS)[concealed_kongs]] = 1
        if concealed_kongs == 0:
            hidden = 2 if concealed_pungs == 2 else 0
        elif concealed_pungs:
            hidden = concealed_pungs + concealed_kongs
    elif kongs == 3:
        ft[F_THREE_KONGS] = 1
        if concealed_kongs:
            hidden = concealed_kongs + (1 if concealed_pungs else 0)
    else:
        ft[F_FOUR_KONGS] = 1
        hidden = concealed_kongs
    if hidden >= 2:
        ft[_HIDDEN[hidden]] = 1


_HIDDEN = (0, 0, F_TWO_CONCEALED_PUNGS, F_THREE_CONCEALED_PUNGS, F_FOUR_CONCEALED_PUNGS)


# ---------------------------------------------------------------- waits


def _seven_pairs_wait(table: Table, waiting: Table) -> None:
    pairs = 0
    for t in ALL:
        n = table[t]
        pairs += 1 if n in (2, 3) else 2 if n == 4 else 0
    if pairs == 6:
        for t in ALL:
            if table[t] in (1, 3):
                waiting[t] = 1
                break


def _pair_rest_wait(table: Table, waiting: Table) -> None:
    for t in ALL:
        n = table[t]
        if n < 1:
            continue
        if n > 1:
            waiting[t] = 1
            return
        if _numbered(t):
            r = t & 0xF
            if r > 1 and table[t - 1]:
                if r < 9:
                    waiting[t + 1] = 1
                if r > 2:
                    waiting[t - 2] = 1
                return
            if r > 2 and table[t - 2]:
                waiting[t - 1] = 1
                return


def _regular_wait(table: Table, n: int, previous: int, waiting: Table) -> None:
    if n == 1:
        for t in ALL:
            if table[t] == 1:
                waiting[t] = 1
                break
        return
    if n == 4:
        for t in ALL:
            if table[t] >= 2:
                table[t] -= 2
                _pair_rest_wait(table, waiting)
                table[t] += 2
    for t in ALL:
        if table[t] < 1:
            continue
        if table[t] > 2:
            eigen = t << 16 | t << 8 | t
            if eigen > previous:
                table[t] -= 3
                _regular_wait(table, n - 3, eigen, waiting)
                table[t] += 3
        if t < 0x40 and t & 0xF < 8 and table[t + 1] and table[t + 2]:
            eigen = t << 16 | (t + 1) << 8 | (t + 2)
            if eigen >= previous:
                table[t] -= 1
                table[t + 1] -= 1
                table[t + 2] -= 1
                _regular_wait(table, n - 3, eigen, waiting)
                table[t] += 1
                table[t + 1] += 1
                table[t + 2] += 1


def _unique_wait(standing: Table, n: int, win: int) -> bool:
    """Whether the hand before the winning tile waits on that one tile alone (the reference's reading)."""
    waiting = [0] * SIZE
    standing[win] -= 1
    if n == 13:
        _seven_pairs_wait(standing, waiting)
    _regular_wait(standing, n, 0, waiting)
    standing[win] += 1
    return sum(waiting) == 1


# ---------------------------------------------------------------- adjustments


def _by_win_flag(flags: int, ft: Table) -> None:
    if flags & GB_LAST_COPY:
        ft[F_LAST_TILE] = 1
    if flags & GB_SELF_DRAWN:
        ft[F_SELF_DRAWN] = 1
        if flags & GB_WALL_LAST:
            ft[F_LAST_TILE_DRAW] = 1
            ft[F_SELF_DRAWN] = 0
        if flags & GB_KONG:
            ft[F_OUT_WITH_REPLACEMENT_TILE] = 1
            ft[F_SELF_DRAWN] = 0
    else:
        if flags & GB_WALL_LAST:
            ft[F_LAST_TILE_CLAIM] = 1
        if flags & GB_KONG:
            ft[F_ROBBING_THE_KONG] = 1
            ft[F_LAST_TILE] = 0


def _by_self_drawn(melded: int, self_drawn: bool, ft: Table) -> None:
    if melded == 0:
        ft[F_FULLY_CONCEALED_HAND if self_drawn else F_CONCEALED_HAND] = 1
    elif melded == 4:
        ft[F_SELF_DRAWN if self_drawn else F_MELDED_HAND] = 1
    elif self_drawn:
        ft[F_SELF_DRAWN] = 1


def _by_pair(pair: int, chows: int, ft: Table) -> None:
    if chows == 4:
        if _numbered(pair):
            ft[F_ALL_CHOWS] = 1
    elif ft[F_TWO_DRAGONS_PUNGS]:
        if _dragon(pair):
            ft[F_LITTLE_THREE_DRAGONS] = 1
            ft[F_TWO_DRAGONS_PUNGS] = 0
    elif ft[F_BIG_THREE_WINDS] and _wind(pair):
        ft[F_LITTLE_FOUR_WINDS] = 1
        ft[F_BIG_THREE_WINDS] = 0


def _by_suits(unique: list[int], ft: Table) -> None:
    suits = 0
    for t in unique:
        suits |= 1 << (t >> 4)
    if not suits & 0x10:
        ft[F_NO_HONORS] = 1
    voided = sum(1 for s in (1, 2, 3) if not suits & (1 << s))
    ft[F_ONE_VOIDED_SUIT] += voided
    if ft[F_ONE_VOIDED_SUIT] == 2:
        ft[F_ONE_VOIDED_SUIT] = 0
        if ft[F_NO_HONORS] == 0:
            ft[F_HALF_FLUSH] = 1
        else:
            ft[F_FULL_FLUSH] = 1
            ft[F_NO_HONORS] = 0
    if suits == 0x1E and any(_wind(t) for t in unique) and any(_dragon(t) for t in unique):
        ft[F_ALL_TYPES] = 1


def _by_rank_range(unique: list[int], ft: Table) -> None:
    ranks = 0
    for t in unique:
        if not _numbered(t):
            return
        ranks |= 1 << (t & 0xF)
    if not ranks & 0xFFE1:
        ft[F_LOWER_FOUR if ranks & 0x10 else F_LOWER_TILES] = 1
    elif not ranks & 0xFC3F:
        ft[F_UPPER_FOUR if ranks & 0x40 else F_UPPER_TILES] = 1
    elif not ranks & 0xFF8F:
        ft[F_MIDDLE_TILES] = 1


def _by_pack_traits(packs: list[Pack], ft: Table) -> None:
    terminal = honor = five = even = 0
    for kind, t, _ in packs:
        if _numbered(t):
            r = t & 0xF
            if kind == P_CHOW:
                if r in (2, 8):
                    terminal += 1
                elif r in (4, 5, 6):
                    five += 1
            elif r in (1, 9):
                terminal += 1
            elif r == 5:
                five += 1
            elif r in (2, 4, 6, 8):
                even += 1
        else:
            honor += 1
    if terminal + honor == 5:
        ft[F_OUTSIDE_HAND] = 1
    elif five == 5:
        ft[F_ALL_FIVE] = 1
    elif even == 5:
        ft[F_ALL_EVEN_PUNGS] = 1


def _by_tile_traits(unique: list[int], ft: Table) -> None:
    simples = not any(_outside(t) for t in unique)
    ft[F_ALL_SIMPLES] |= simples
    ft[F_REVERSIBLE_TILES] |= all(t in _REVERSIBLE for t in unique)
    ft[F_ALL_GREEN] |= all(t in _GREEN_TILES for t in unique)
    if not simples:
        honors = all(_honor(t) for t in unique)
        terminals = all(_terminal(t) for t in unique)
        ft[F_ALL_HONORS] |= honors
        ft[F_ALL_TERMINALS] |= terminals and not honors
        ft[F_ALL_TERMINALS_AND_HONORS] |= all(_outside(t) for t in unique) and not (honors or terminals)


def _by_tile_hog(table: Table, kongs: int, ft: Table) -> None:
    ft[F_TILE_HOG] = sum(1 for n in table if n == 4) - kongs


def _by_wait(packs: list[Pack], win: int, ft: Table) -> None:
    if ft[F_MELDED_HAND] or ft[F_FOUR_KONGS]:
        return
    where = 0
    for kind, t, _ in packs:
        if kind == P_CHOW:
            if t == win:
                where |= 2
            elif t + 1 == win or t - 1 == win:
                where |= 1
        elif kind == P_PAIR and t == win:
            where |= 4
    if where & 1:
        ft[F_EDGE_WAIT] = 1
    elif where & 2:
        ft[F_CLOSED_WAIT] = 1
    elif where & 4:
        ft[F_SINGLE_WAIT] = 1


def _exclude(pairs: tuple[int, ...], ft: Table) -> None:
    """Each pair ``(fan, excluded)`` of the flat ``pairs`` in turn: ``excluded`` is not counted beside ``fan``."""
    for i in range(0, len(pairs), 2):
        if ft[pairs[i]]:
            ft[pairs[i + 1]] = 0


def _final(ft: Table) -> None:
    """The fans the rules do not count beside a bigger one (不计), in the reference's order."""
    _exclude(EXCLUDES, ft)
    if ft[F_FOUR_CONCEALED_PUNGS]:
        ft[F_ALL_PUNGS] = 0
        ft[F_CONCEALED_HAND] = 0
        if ft[F_FULLY_CONCEALED_HAND]:
            ft[F_FULLY_CONCEALED_HAND] = 0
            ft[F_SELF_DRAWN] = 1
    _exclude(EXCLUDES_LATER, ft)
    if ft[F_BIG_THREE_WINDS] and not ft[F_ALL_HONORS] and not ft[F_ALL_TERMINALS_AND_HONORS]:
        ft[F_PUNG_OF_TERMINALS_OR_HONORS] -= 3
    _exclude(EXCLUDES_LAST, ft)


def _by_winds(t: int, round_wind: int, seat_wind: int, ft: Table) -> None:
    deducted = (ft[F_BIG_THREE_WINDS] or ft[F_ALL_TERMINALS_AND_HONORS] or ft[F_ALL_HONORS]
                or ft[F_LITTLE_FOUR_WINDS])
    if t == round_wind:
        ft[F_PREVALENT_WIND] = 1
        if not deducted:
            ft[F_PUNG_OF_TERMINALS_OR_HONORS] -= 1
    if t == seat_wind:
        ft[F_SEAT_WIND] = 1
        if seat_wind != round_wind and not deducted:
            ft[F_PUNG_OF_TERMINALS_OR_HONORS] -= 1


# ---------------------------------------------------------------- the forms


def _regular(packs: list[Pack], fixed: int, fixed_table: Table, standing: Table, unique: list[int], win: int,
             flags: int, unique_wait: bool, seat_wind: int, round_wind: int) -> Table:
    """The fans of one split: ``packs`` the declared melds (first ``fixed``), the concealed melds and the pair."""
    ft = [0] * N_FAN_SLOTS
    chows: list[int] = []
    pungs: list[Pack] = []
    pair = 0
    concealed_pungs = melded_kongs = concealed_kongs = 0
    for pack in packs:
        kind, t, melded = pack
        if kind == P_CHOW:
            chows.append(t)
        elif kind == P_PUNG:
            pungs.append(pack)
            if not melded:
                concealed_pungs += 1
        elif kind == P_KONG:
            pungs.append(pack)
            if melded:
                melded_kongs += 1
            else:
                concealed_kongs += 1
        else:
            pair = t
    self_drawn = bool(flags & GB_SELF_DRAWN)
    _by_win_flag(flags, ft)
    if not self_drawn and not any(not melded and t - 1 <= win <= t + 1
                                  for kind, t, melded in packs if kind == P_CHOW):
        for _, t, melded in pungs:
            if t == win and not melded:
                concealed_pungs -= 1
    if pungs:
        _kongs(concealed_pungs, melded_kongs, concealed_kongs, ft)
        if len(pungs) == 4 and not ft[F_FOUR_KONGS] and not ft[F_FOUR_CONCEALED_PUNGS]:
            ft[F_ALL_PUNGS] = 1
        for _, t, _ in pungs:
            if _dragon(t):
                ft[F_DRAGON_PUNG] += 1
            elif _outside(t):
                ft[F_PUNG_OF_TERMINALS_OR_HONORS] += 1
    n_chows = len(chows)
    if n_chows == 4:
        if _three_suited_terminal_chows(chows, pair):
            ft[F_THREE_SUITED_TERMINAL_CHOWS] = 1
        elif _pure_terminal_chows(chows, pair):
            ft[F_PURE_TERMINAL_CHOWS] = 1
        else:
            _four_chows(sorted(chows), ft)
    elif n_chows == 3:
        _three_chows(sorted(chows), ft)
    elif n_chows == 2:
        fan = _two_chows_fan(chows[0], chows[1])
        if fan:
            ft[fan] += 1
        fan = _two_pungs_fan(pungs[0][1], pungs[1][1])
        if fan:
            ft[fan] += 1
    elif n_chows == 1:
        _three_pungs(sorted(t for _, t, _ in pungs), ft)
    else:
        _four_pungs(sorted(t for _, t, _ in pungs), ft)
    _by_self_drawn(sum(1 for _, _, melded in packs[:fixed] if melded), self_drawn, ft)
    _by_pair(pair, n_chows, ft)
    _by_pack_traits(packs, ft)
    _by_suits(unique, ft)
    _by_tile_traits(unique, ft)
    _by_rank_range(unique, ft)
    if not ft[F_QUADRUPLE_CHOW]:
        _by_tile_hog([a + b for a, b in zip(standing, fixed_table)], melded_kongs + concealed_kongs, ft)
    if unique_wait:
        _by_wait(packs[fixed:], win, ft)
    _final(ft)
    if not ft[F_BIG_FOUR_WINDS]:
        for _, t, _ in pungs:
            if _wind(t):
                _by_winds(t, round_wind, seat_wind, ft)
    if not any(ft):
        ft[F_CHICKEN_HAND] = 1
    return ft


def _pure_terminal_chows(chows: list[int], pair: int) -> bool:
    if pair & 0xF != 5 or pair > 0x40:
        return False
    if any(t >> 4 != pair >> 4 for t in chows):
        return False
    ranks = sorted(t & 0xF for t in chows)
    return ranks == [2, 2, 8, 8]


def _three_suited_terminal_chows(chows: list[int], pair: int) -> bool:
    if pair & 0xF != 5 or pair > 0x40:
        return False
    if any(t >> 4 == pair >> 4 or t & 0xF not in (2, 8) for t in chows):
        return False
    return len({(t >> 4, t & 0xF) for t in chows}) == 4


def _split(table: Table, fixed: list[Pack], need: int) -> list[list[Pack]]:
    """Every split of ``table`` (reference numbering) into ``need`` melds and a pair, after ``fixed``, in
    the reference's order; the decomposition kernel finds them."""
    counts = bytearray(34)
    for i, t in enumerate(CODE):
        counts[i] = table[t]
    out = []
    for pair, melds in decompose_counts(bytes(counts)):
        if len(melds) != need:
            continue
        concealed = [(P_PUNG, CODE[t], False) if kind == "pung" else (P_CHOW, CODE[t] + 1, False) for kind, t in melds]
        concealed.sort(key=lambda p: (p[1] - (p[0] == P_CHOW), p[0] == P_CHOW))
        out.append(concealed + [(P_PAIR, CODE[pair], False)])
    # the reference's order: its melds ordered by first tile (a pung before a chow), compared in turn
    out.sort(key=lambda s: [(p[1] - (p[0] == P_CHOW), p[0] == P_CHOW) for p in s[:-1]])
    return [fixed + s for s in out]


def _knitted_straight(fixed: list[Pack], fixed_table: Table, standing: Table, win: int, flags: int,
                      seat_wind: int, round_wind: int) -> Table | None:
    """组合龙 with one meld and a pair beside it (concealed, or the one declared meld)."""
    if not any(n >= 2 for n in standing):
        return None
    seq = next((s for s in _KNITTED if all(standing[t] for t in s)), None)
    if seq is None:
        return None
    table = list(standing)
    for t in seq:
        table[t] -= 1
    if fixed:
        rest = [n for n in table if n]
        if rest != [2]:
            return None
        packs = [fixed[0], (P_PAIR, next(t for t in ALL if table[t]), False)]
    else:
        splits = _split(table, [], 1)
        if len(splits) != 1:
            return None
        packs = splits[0]
    ft = [0] * N_FAN_SLOTS
    kind, tile, melded = packs[0]
    pair = packs[1][1]
    ft[F_KNITTED_STRAIGHT] = 1
    if kind == P_CHOW:
        if _numbered(pair):
            ft[F_ALL_CHOWS] = 1
        if fixed_table[pair] + standing[pair] == 4:
            ft[F_TILE_HOG] = 1
    elif _honor(tile):
        if _wind(tile):
            ft[F_PUNG_OF_TERMINALS_OR_HONORS] = 1
            _by_winds(tile, round_wind, seat_wind, ft)
            if _dragon(pair):
                ft[F_ALL_TYPES] = 1
        else:
            ft[F_DRAGON_PUNG] = 1
            if _wind(pair):
                ft[F_ALL_TYPES] = 1
    else:
        if _terminal(tile):
            ft[F_PUNG_OF_TERMINALS_OR_HONORS] = 1
        if not _honor(pair):
            ft[F_NO_HONORS] = 1
        if kind != P_KONG and fixed_table[tile] + standing[tile] == 4:
            ft[F_TILE_HOG] = 1
    _by_win_flag(flags, ft)
    if melded:
        if kind == P_KONG:
            ft[F_MELDED_KONG] = 1
    else:
        if kind == P_KONG:
            ft[F_CONCEALED_KONG] = 1
        if flags & GB_SELF_DRAWN:
            ft[F_FULLY_CONCEALED_HAND] = 1
            ft[F_SELF_DRAWN] = 0
        else:
            ft[F_CONCEALED_HAND] = 1
    if not fixed:
        if _unique_wait(table, 4, win):
            _by_wait(packs, win, ft)
    elif win not in seq or standing[win] == 3:
        ft[F_SINGLE_WAIT] = 1
    _final(ft)
    return ft


def _special(standing: Table, win: int, unique: list[int], flags: int) -> Table | None:
    """Seven pairs (连七对), 全不靠 / 七星不靠, thirteen orphans: a concealed hand of 14."""
    ft = [0] * N_FAN_SLOTS
    if all(n % 2 == 0 for n in standing):
        s = win >> 4
        if _seven_shifted_pairs(standing, s):
            ft[F_SEVEN_SHIFTED_PAIRS] = 1
            if standing[s << 4 | 1] == 0 and standing[s << 4 | 9] == 0:
                ft[F_ALL_SIMPLES] = 1
            _by_win_flag(flags, ft)
        else:
            ft[F_SEVEN_PAIRS] = 1
            _by_suits(unique, ft)
            _by_tile_traits(unique, ft)
            _by_rank_range(unique, ft)
            _by_tile_hog(standing, 0, ft)
            _by_win_flag(flags, ft)
            _final(ft)
        return ft
    if len(unique) == 14:
        numbered = [t for t in unique if not _honor(t)]
        if 7 <= len(numbered) <= 9 and any(set(numbered) <= set(s) for s in _KNITTED):
            if len(numbered) == 7:
                ft[F_GREATER_HONORS_AND_KNITTED_TILES] = 1
            else:
                ft[F_LESSER_HONORS_AND_KNITTED_TILES] = 1
                if len(numbered) == 9:
                    ft[F_KNITTED_STRAIGHT] = 1
            _by_win_flag(flags, ft)
            return ft
    if len(unique) == 13 and tuple(unique) == _ORPHANS:
        ft[F_THIRTEEN_ORPHANS] = 1
        _by_win_flag(flags, ft)
        return ft
    return None


def _seven_shifted_pairs(table: Table, s: int) -> bool:
    if s == 4:
        return False
    t3 = s << 4 | 3
    if all(table[t3 + i] == 2 for i in range(5)):
        if table[t3 - 1] == 2:
            return table[t3 - 2] == 2 or table[t3 + 5] == 2
        return table[t3 + 5] == 2 and table[t3 + 6] == 2
    return False


def _nine_gates(standing: Table, win: int, flags: int) -> Table | None:
    s, r = win >> 4, win & 0xF
    if s == 4:
        return None
    base = s << 4
    middle = [standing[base | i] for i in range(2, 9)]
    if r in (1, 9):
        other = base | (10 - r)
        if standing[win] != 4 or standing[other] != 3 or any(n != 1 for n in middle):
            return None
    elif (standing[win] != 2 or standing[base | 1] != 3 or standing[base | 9] != 3
          or any(n != 1 for i, n in enumerate(middle, 2) if i != r)):
        return None
    ft = [0] * N_FAN_SLOTS
    ft[F_NINE_GATES] = 1
    if r in (1, 9):
        ft[F_PURE_STRAIGHT] = 1
        ft[F_TILE_HOG] = 1
    elif r in (2, 8):
        ft[F_TWO_CONCEALED_PUNGS] = 1
        ft[F_SHORT_STRAIGHT] = 1
        ft[F_PUNG_OF_TERMINALS_OR_HONORS] = 1
    elif r == 5:
        ft[F_TWO_CONCEALED_PUNGS] = 1
        ft[F_PUNG_OF_TERMINALS_OR_HONORS] = 1
    else:
        ft[F_SHORT_STRAIGHT] = 1
    _by_win_flag(flags, ft)
    return ft


def _total(ft: Table) -> int:
    return sum(n * _POINTS[i] for i, n in enumerate(ft) if n)


_POINTS = (0, *[88] * 7, *[64] * 6, *[48] * 2, *[32] * 3, *[24] * 9, *[16] * 6, *[12] * 5, *[8] * 9, *[6] * 7,
           *[4] * 4, *[2] * 10, *[1] * 12, 1, 5)
"""Each fan id's points (``Fan.points``)."""


def count_fans(counts: object, melds: tuple[tuple[int, int], ...], win: int, situation: int,
               seat_wind: int, round_wind: int) -> tuple[tuple[int, int], ...] | None:
    """The count of each fan of a win (see the module docstring); ``None`` when the tiles do not win.

    ``counts`` is read by ``read_counts``; a meld, ``win`` or a wind outside its range, tiles that are
    not 14 (a kong as three) or a ``win`` not in ``counts`` is a ``ValueError``.
    """
    concealed = read_counts(counts, "counts")
    check_arguments(melds, win, seat_wind, round_wind)
    if sum(concealed) + 3 * len(melds) != 14:
        raise ValueError(f"counts and melds hold {sum(concealed) + 3 * len(melds)} tiles (a kong as three), not 14")
    if not concealed[win]:
        raise ValueError(f"win {win} is not in counts")
    standing = [0] * SIZE
    for i, n in enumerate(concealed):
        standing[CODE[i]] = n
    fixed_table = [0] * SIZE
    fixed: list[Pack] = []
    for kind, t in melds:
        code = CODE[t]
        if kind == CHOW:
            fixed.append((P_CHOW, code + 1, True))
            for c in (code, code + 1, code + 2):
                fixed_table[c] += 1
        else:
            fixed.append((P_PUNG if kind == PUNG else P_KONG, code, kind != CONCEALED_KONG))
            fixed_table[code] += 3 if kind == PUNG else 4
    w = CODE[win]
    seat = CODE[seat_wind] if seat_wind >= 0 else -1
    round_ = CODE[round_wind] if round_wind >= 0 else -1
    unique = [t for t in ALL if standing[t] or fixed_table[t]]
    flags = situation
    if standing[w] != 1:
        flags &= ~GB_LAST_COPY
    if fixed_table[w] == 3:
        flags |= GB_LAST_COPY
    if flags & GB_KONG:
        if flags & GB_SELF_DRAWN:
            if not any(kind == P_KONG for kind, _, _ in fixed):
                flags &= ~GB_KONG
        elif fixed_table[w] or standing[w] != 1:
            flags &= ~GB_KONG
    best: Table | None = None
    if not fixed:
        best = _special(standing, w, unique, flags)
        if best is None:
            best = _knitted_straight(fixed, fixed_table, standing, w, flags, seat, round_)
        if best is None:
            best = _nine_gates(standing, w, flags)
    elif len(fixed) == 1:
        best = _knitted_straight(fixed, fixed_table, standing, w, flags, seat, round_)
    most = _total(best) if best is not None else 0
    if best is None or best[F_SEVEN_PAIRS]:
        seven_pairs = best is not None
        n = 13 - 3 * len(fixed)
        unique_wait = _unique_wait(standing, n, w)
        for packs in _split(standing, fixed, 4 - len(fixed)):
            ft = _regular(packs, len(fixed), fixed_table, standing, unique, w, flags, unique_wait, seat, round_)
            total = _total(ft)
            if total > most or (total == most and (ft[F_PURE_TRIPLE_CHOW] == 1 or seven_pairs or ft[F_TRIPLE_PUNG])):
                most = total
                best = ft
    return None if best is None else tuple([(i, n) for i, n in enumerate(best) if n])
