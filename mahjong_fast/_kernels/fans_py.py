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
compiled ``fans`` kernel.  The rules of one split (the tile numbering, the melds'
fans, the waits, the exclusions) are in ``fans_rules_py``, one layer under.

>>> counts = bytes([1] * 9 + [0] * 9 + [0, 0, 2] + [0] * 13)  # 123456789m 33s, with 222s declared
>>> count_fans(counts, ((1, 19),), 6, 0, 27, 27)
((28, 1), (75, 1), (76, 1), (77, 1))
"""
from __future__ import annotations

from .._counts import read_counts
from .decompose_py import decompose_counts
from .fan_flags import (
    F_ALL_CHOWS,
    F_ALL_PUNGS,
    F_ALL_SIMPLES,
    F_ALL_TYPES,
    F_BIG_FOUR_WINDS,
    F_CHICKEN_HAND,
    F_CONCEALED_HAND,
    F_CONCEALED_KONG,
    F_DRAGON_PUNG,
    F_FOUR_CONCEALED_PUNGS,
    F_FOUR_KONGS,
    F_FULLY_CONCEALED_HAND,
    F_GREATER_HONORS_AND_KNITTED_TILES,
    F_KNITTED_STRAIGHT,
    F_LESSER_HONORS_AND_KNITTED_TILES,
    F_MELDED_KONG,
    F_NINE_GATES,
    F_NO_HONORS,
    F_PUNG_OF_TERMINALS_OR_HONORS,
    F_PURE_STRAIGHT,
    F_PURE_TERMINAL_CHOWS,
    F_PURE_TRIPLE_CHOW,
    F_QUADRUPLE_CHOW,
    F_SELF_DRAWN,
    F_SEVEN_PAIRS,
    F_SEVEN_SHIFTED_PAIRS,
    F_SHORT_STRAIGHT,
    F_SINGLE_WAIT,
    F_THIRTEEN_ORPHANS,
    F_THREE_SUITED_TERMINAL_CHOWS,
    F_TILE_HOG,
    F_TRIPLE_PUNG,
    F_TWO_CONCEALED_PUNGS,
    GB_KONG,
    GB_LAST_COPY,
    GB_SELF_DRAWN,
    N_FAN_SLOTS,
)
from .fans_rules_py import (
    ALL,
    CODE,
    KNITTED,
    ORPHANS,
    P_CHOW,
    P_KONG,
    P_PAIR,
    P_PUNG,
    SIZE,
    Pack,
    Table,
    by_pack_traits,
    by_pair,
    by_rank_range,
    by_self_drawn,
    by_suits,
    by_tile_hog,
    by_tile_traits,
    by_wait,
    by_win_flag,
    by_winds,
    dragon,
    final,
    four_chows,
    four_pungs,
    honor,
    kongs,
    numbered,
    outside,
    terminal,
    three_chows,
    three_pungs,
    two_chows_fan,
    two_pungs_fan,
    unique_wait,
    wind,
)
from .score_flags import CHOW, CONCEALED_KONG, PUNG, check_arguments

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
    by_win_flag(flags, ft)
    if not self_drawn and not any(not melded and t - 1 <= win <= t + 1
                                  for kind, t, melded in packs if kind == P_CHOW):
        for _, t, melded in pungs:
            if t == win and not melded:
                concealed_pungs -= 1
    if pungs:
        kongs(concealed_pungs, melded_kongs, concealed_kongs, ft)
        if len(pungs) == 4 and not ft[F_FOUR_KONGS] and not ft[F_FOUR_CONCEALED_PUNGS]:
            ft[F_ALL_PUNGS] = 1
        for _, t, _ in pungs:
            if dragon(t):
                ft[F_DRAGON_PUNG] += 1
            elif outside(t):
                ft[F_PUNG_OF_TERMINALS_OR_HONORS] += 1
    n_chows = len(chows)
    if n_chows == 4:
        if _three_suited_terminal_chows(chows, pair):
            ft[F_THREE_SUITED_TERMINAL_CHOWS] = 1
        elif _pure_terminal_chows(chows, pair):
            ft[F_PURE_TERMINAL_CHOWS] = 1
        else:
            four_chows(sorted(chows), ft)
    elif n_chows == 3:
        three_chows(sorted(chows), ft)
    elif n_chows == 2:
        fan = two_chows_fan(chows[0], chows[1])
        if fan:
            ft[fan] += 1
        fan = two_pungs_fan(pungs[0][1], pungs[1][1])
        if fan:
            ft[fan] += 1
    elif n_chows == 1:
        three_pungs(sorted(t for _, t, _ in pungs), ft)
    else:
        four_pungs(sorted(t for _, t, _ in pungs), ft)
    by_self_drawn(sum(1 for _, _, melded in packs[:fixed] if melded), self_drawn, ft)
    by_pair(pair, n_chows, ft)
    by_pack_traits(packs, ft)
    by_suits(unique, ft)
    by_tile_traits(unique, ft)
    by_rank_range(unique, ft)
    if not ft[F_QUADRUPLE_CHOW]:
        by_tile_hog([a + b for a, b in zip(standing, fixed_table)], melded_kongs + concealed_kongs, ft)
    if unique_wait:
        by_wait(packs[fixed:], win, ft)
    final(ft)
    if not ft[F_BIG_FOUR_WINDS]:
        for _, t, _ in pungs:
            if wind(t):
                by_winds(t, round_wind, seat_wind, ft)
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
    seq = next((s for s in KNITTED if all(standing[t] for t in s)), None)
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
        if numbered(pair):
            ft[F_ALL_CHOWS] = 1
        if fixed_table[pair] + standing[pair] == 4:
            ft[F_TILE_HOG] = 1
    elif honor(tile):
        if wind(tile):
            ft[F_PUNG_OF_TERMINALS_OR_HONORS] = 1
            by_winds(tile, round_wind, seat_wind, ft)
            if dragon(pair):
                ft[F_ALL_TYPES] = 1
        else:
            ft[F_DRAGON_PUNG] = 1
            if wind(pair):
                ft[F_ALL_TYPES] = 1
    else:
        if terminal(tile):
            ft[F_PUNG_OF_TERMINALS_OR_HONORS] = 1
        if not honor(pair):
            ft[F_NO_HONORS] = 1
        if kind != P_KONG and fixed_table[tile] + standing[tile] == 4:
            ft[F_TILE_HOG] = 1
    by_win_flag(flags, ft)
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
        if unique_wait(table, 4, win):
            by_wait(packs, win, ft)
    elif win not in seq or standing[win] == 3:
        ft[F_SINGLE_WAIT] = 1
    final(ft)
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
            by_win_flag(flags, ft)
        else:
            ft[F_SEVEN_PAIRS] = 1
            by_suits(unique, ft)
            by_tile_traits(unique, ft)
            by_rank_range(unique, ft)
            by_tile_hog(standing, 0, ft)
            by_win_flag(flags, ft)
            final(ft)
        return ft
    if len(unique) == 14:
        numbered = [t for t in unique if not honor(t)]
        if 7 <= len(numbered) <= 9 and any(set(numbered) <= set(s) for s in KNITTED):
            if len(numbered) == 7:
                ft[F_GREATER_HONORS_AND_KNITTED_TILES] = 1
            else:
                ft[F_LESSER_HONORS_AND_KNITTED_TILES] = 1
                if len(numbered) == 9:
                    ft[F_KNITTED_STRAIGHT] = 1
            by_win_flag(flags, ft)
            return ft
    if len(unique) == 13 and tuple(unique) == ORPHANS:
        ft[F_THIRTEEN_ORPHANS] = 1
        by_win_flag(flags, ft)
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
    by_win_flag(flags, ft)
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
        one_wait = unique_wait(standing, n, w)
        for packs in _split(standing, fixed, 4 - len(fixed)):
            ft = _regular(packs, len(fixed), fixed_table, standing, unique, w, flags, one_wait, seat, round_)
            total = _total(ft)
            if total > most or (total == most and (ft[F_PURE_TRIPLE_CHOW] == 1 or seven_pairs or ft[F_TRIPLE_PUNG])):
                most = total
                best = ft
    return None if best is None else tuple([(i, n) for i, n in enumerate(best) if n])
