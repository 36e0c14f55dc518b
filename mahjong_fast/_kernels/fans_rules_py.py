"""Guobiao (MCR) fan counting, the rules of one split: the pure-Python twin's lower half.

The reference's tile numbering (``CODE``: suit << 4 | rank, honours 0x41-0x47), the
tile traits, the fans of the melds taken together (chows, pungs, kongs and concealed
pungs), the one-tile waits, the fans read off the whole hand and the situation, and the
exclusion rules (不计).  ``fans_py`` stands on it: the splits, the special forms and
``count_fans``.

>>> from mahjong_fast._kernels.fan_flags import N_FAN_SLOTS
>>> ft = [0] * N_FAN_SLOTS
>>> four_chows([0x12, 0x13, 0x14, 0x15], ft)  # 123 234 345 456m: 一色四步高
>>> [i for i, n in enumerate(ft) if n] == [F_FOUR_PURE_SHIFTED_CHOWS]
True
"""
from __future__ import annotations

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
    F_CLOSED_WAIT,
    F_CONCEALED_HAND,
    F_CONCEALED_KONG,
    F_CONCEALED_KONG_AND_MELDED_KONG,
    F_DOUBLE_PUNG,
    F_EDGE_WAIT,
    F_FOUR_CONCEALED_PUNGS,
    F_FOUR_KONGS,
    F_FOUR_PURE_SHIFTED_CHOWS,
    F_FOUR_PURE_SHIFTED_PUNGS,
    F_FULL_FLUSH,
    F_FULLY_CONCEALED_HAND,
    F_HALF_FLUSH,
    F_LAST_TILE,
    F_LAST_TILE_CLAIM,
    F_LAST_TILE_DRAW,
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
    F_PURE_TRIPLE_CHOW,
    F_QUADRUPLE_CHOW,
    F_REVERSIBLE_TILES,
    F_ROBBING_THE_KONG,
    F_SEAT_WIND,
    F_SELF_DRAWN,
    F_SHORT_STRAIGHT,
    F_SINGLE_WAIT,
    F_THREE_CONCEALED_PUNGS,
    F_THREE_KONGS,
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
)

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
ORPHANS = (0x11, 0x19, 0x21, 0x29, 0x31, 0x39, 0x41, 0x42, 0x43, 0x44, 0x45, 0x46, 0x47)
_HONORS = ORPHANS[6:]
KNITTED = tuple(
    tuple(sorted(0x10 * (s + 1) + r for s, first in enumerate(firsts) for r in (first, first + 3, first + 6)))
    for firsts in ((1, 2, 3), (1, 3, 2), (2, 1, 3), (2, 3, 1), (3, 1, 2), (3, 2, 1))
)
"""The six knitted straights (组合龙): 147m 258s 369p, 147m 369s 258p, …"""


def numbered(t: int) -> bool:
    return t < 0x40


def honor(t: int) -> bool:
    return t > 0x40


def wind(t: int) -> bool:
    return 0x40 < t < 0x45


def dragon(t: int) -> bool:
    return 0x44 < t < 0x48


def terminal(t: int) -> bool:
    return t < 0x40 and t & 0xF in (1, 9)


def outside(t: int) -> bool:
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


def two_chows_fan(t0: int, t1: int) -> int:
    if t0 >> 4 != t1 >> 4:
        return F_MIXED_DOUBLE_CHOW if t0 & 0xF == t1 & 0xF else 0
    if t0 + 3 == t1 or t1 + 3 == t0:
        return F_SHORT_STRAIGHT
    if (t0 & 0xF, t1 & 0xF) in ((2, 8), (8, 2)):
        return F_TWO_TERMINAL_CHOWS
    return F_PURE_DOUBLE_CHOW if t0 == t1 else 0


def _four_pungs_fan(t0: int, t1: int, t2: int, t3: int) -> int:
    if numbered(t0) and t0 + 1 == t1 and t1 + 1 == t2 and t2 + 1 == t3:
        return F_FOUR_PURE_SHIFTED_PUNGS
    if (t0, t1, t2, t3) == (0x41, 0x42, 0x43, 0x44):
        return F_BIG_FOUR_WINDS
    return 0


def _three_pungs_fan(t0: int, t1: int, t2: int) -> int:
    if numbered(t0) and numbered(t1) and numbered(t2):
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


def two_pungs_fan(t0: int, t1: int) -> int:
    if numbered(t0) and numbered(t1):
        return F_DOUBLE_PUNG if t0 & 0xF == t1 & 0xF else 0
    return F_TWO_DRAGONS_PUNGS if dragon(t0) and dragon(t1) else 0


def _extra_chow_fan(t0: int, t1: int, t2: int, extra: int) -> int:
    """The best two-chow fan the fourth chow ``extra`` makes with one of three (a three-chow fan's rest)."""
    fans = (two_chows_fan(t0, extra), two_chows_fan(t1, extra), two_chows_fan(t2, extra))
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


def four_chows(t: list[int], ft: Table) -> None:
    fan = _four_chows_fan(t[0], t[1], t[2], t[3])
    if fan:
        ft[fan] = 1
        return
    if (_three_of_four_chows(t[0], t[1], t[2], t[3], ft) or _three_of_four_chows(t[0], t[1], t[3], t[2], ft)
            or _three_of_four_chows(t[0], t[2], t[3], t[1], ft) or _three_of_four_chows(t[1], t[2], t[3], t[0], ft)):
        return
    fans = (two_chows_fan(t[0], t[1]), two_chows_fan(t[0], t[2]), two_chows_fan(t[0], t[3]),
            two_chows_fan(t[1], t[2]), two_chows_fan(t[1], t[3]), two_chows_fan(t[2], t[3]))
    most = 3
    for a, b, c in ((0, 1, 2), (0, 3, 4), (1, 3, 5), (2, 4, 5)):  # a chow in no pair with a fan
        if not fans[a] and not fans[b] and not fans[c]:
            most -= 1
    if most > 0:
        _account_once(fans, most, ft)


def three_chows(t: list[int], ft: Table) -> None:
    fan = _three_chows_fan(t[0], t[1], t[2])
    if fan:
        ft[fan] = 1
        return
    _account_once((two_chows_fan(t[0], t[1]), two_chows_fan(t[0], t[2]), two_chows_fan(t[1], t[2])), 2, ft)


def _two_pungs_each(t: list[int], n: int, ft: Table) -> None:
    """Counts the fan of every two of the ``n`` pungs ``t`` (双同刻 and the like)."""
    for a in range(n):
        for b in range(a + 1, n):
            fan = two_pungs_fan(t[a], t[b])
            if fan:
                ft[fan] += 1


def four_pungs(t: list[int], ft: Table) -> None:
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
                    fan = two_pungs_fan(t[i], t[free])
                    if fan:
                        ft[fan] += 1
                        break
            return
    _two_pungs_each(t, 4, ft)


def three_pungs(t: list[int], ft: Table) -> None:
    fan = _three_pungs_fan(t[0], t[1], t[2])
    if fan:
        ft[fan] = 1
        return
    _two_pungs_each(t, 3, ft)


def kongs(concealed_pungs: int, melded_kongs: int, concealed_kongs: int, ft: Table) -> None:
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
        if numbered(t):
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


def unique_wait(standing: Table, n: int, win: int) -> bool:
    """Whether the hand before the winning tile waits on that one tile alone (the reference's reading)."""
    waiting = [0] * SIZE
    standing[win] -= 1
    if n == 13:
        _seven_pairs_wait(standing, waiting)
    _regular_wait(standing, n, 0, waiting)
    standing[win] += 1
    return sum(waiting) == 1


# ---------------------------------------------------------------- adjustments


def by_win_flag(flags: int, ft: Table) -> None:
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


def by_self_drawn(melded: int, self_drawn: bool, ft: Table) -> None:
    if melded == 0:
        ft[F_FULLY_CONCEALED_HAND if self_drawn else F_CONCEALED_HAND] = 1
    elif melded == 4:
        ft[F_SELF_DRAWN if self_drawn else F_MELDED_HAND] = 1
    elif self_drawn:
        ft[F_SELF_DRAWN] = 1


def by_pair(pair: int, chows: int, ft: Table) -> None:
    if chows == 4:
        if numbered(pair):
            ft[F_ALL_CHOWS] = 1
    elif ft[F_TWO_DRAGONS_PUNGS]:
        if dragon(pair):
            ft[F_LITTLE_THREE_DRAGONS] = 1
            ft[F_TWO_DRAGONS_PUNGS] = 0
    elif ft[F_BIG_THREE_WINDS] and wind(pair):
        ft[F_LITTLE_FOUR_WINDS] = 1
        ft[F_BIG_THREE_WINDS] = 0


def by_suits(unique: list[int], ft: Table) -> None:
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
    if suits == 0x1E and any(wind(t) for t in unique) and any(dragon(t) for t in unique):
        ft[F_ALL_TYPES] = 1


def by_rank_range(unique: list[int], ft: Table) -> None:
    ranks = 0
    for t in unique:
        if not numbered(t):
            return
        ranks |= 1 << (t & 0xF)
    if not ranks & 0xFFE1:
        ft[F_LOWER_FOUR if ranks & 0x10 else F_LOWER_TILES] = 1
    elif not ranks & 0xFC3F:
        ft[F_UPPER_FOUR if ranks & 0x40 else F_UPPER_TILES] = 1
    elif not ranks & 0xFF8F:
        ft[F_MIDDLE_TILES] = 1


def by_pack_traits(packs: list[Pack], ft: Table) -> None:
    terminal = honor = five = even = 0
    for kind, t, _ in packs:
        if numbered(t):
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


def by_tile_traits(unique: list[int], ft: Table) -> None:
    simples = not any(outside(t) for t in unique)
    ft[F_ALL_SIMPLES] |= simples
    ft[F_REVERSIBLE_TILES] |= all(t in _REVERSIBLE for t in unique)
    ft[F_ALL_GREEN] |= all(t in _GREEN_TILES for t in unique)
    if not simples:
        honors = all(honor(t) for t in unique)
        terminals = all(terminal(t) for t in unique)
        ft[F_ALL_HONORS] |= honors
        ft[F_ALL_TERMINALS] |= terminals and not honors
        ft[F_ALL_TERMINALS_AND_HONORS] |= all(outside(t) for t in unique) and not (honors or terminals)


def by_tile_hog(table: Table, kongs: int, ft: Table) -> None:
    ft[F_TILE_HOG] = sum(1 for n in table if n == 4) - kongs


def by_wait(packs: list[Pack], win: int, ft: Table) -> None:
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


def final(ft: Table) -> None:
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


def by_winds(t: int, round_wind: int, seat_wind: int, ft: Table) -> None:
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
