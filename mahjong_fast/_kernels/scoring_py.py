"""Riichi scoring of one win: yaku, han, fu and the best split (the pure-Python twin).

``score_counts(counts, melds, win, situation, seat_wind, round_wind, dora_han,
switches)`` reads the concealed part (34 counts, the winning tile included),
the declared melds as ``(kind, tile)`` pairs (``CHOW``, ``PUNG``, ``KONG``,
``CONCEALED_KONG``; ``tile`` the chow's lowest), the winning tile, the
situation bits (``TSUMO`` …), the winds (index34, or -1 for none), the han of
dora, red fives, ura dora and kita (counted only with a yaku) and the rule
switches (``OPEN_TANYAO`` …).  It returns ``(yaku, han, fu, yakuman, base)``
for the reading that pays most: ``yaku`` the ``(Tenhou yaku id, han)`` pairs
(dora not included), ``han`` with the dora, ``yakuman`` the count (a kazoe
yakuman 1, a doubled yakuman 2), ``base`` the basic points (fu × 2^(han+2),
capped by the limits); ``None`` when the tiles do not win, and for more
tiles than a hand holds (the concealed part and three a meld past 14).  A reading
without a yaku returns ``((), 0, fu, 0, 0)`` when no reading has one.

Readings: every pair-and-melds split of the concealed part (the
decomposition kernel's) with the winning tile placed in each group that holds
it, seven pairs, thirteen orphans.  On equal points a yakuman beats a kazoe,
then more han, then more fu.  Same answers as the compiled ``scoring`` kernel.
"""
from __future__ import annotations

from .._counts import read_counts
from .decompose_py import decompose_counts
from .score_flags import (
    CHANKAN,
    CHIIHOU,
    CHOW,
    CONCEALED_KONG,
    DOUBLE_RIICHI,
    DOUBLE_YAKUMAN,
    HAITEI,
    HOUTEI,
    IPPATSU,
    KAZOE_YAKUMAN,
    KIRIAGE,
    KONG,
    OPEN_TANYAO,
    PUNG,
    RIICHI,
    RINSHAN,
    TENHOU,
    TSUMO,
    Y_CHANKAN,
    Y_CHANTA,
    Y_CHIIHOU,
    Y_CHIITOITSU,
    Y_CHINITSU,
    Y_CHINROUTOU,
    Y_CHUUREN,
    Y_DAISANGEN,
    Y_DAISUUSHII,
    Y_DOUBLE_RIICHI,
    Y_DRAGON,
    Y_HAITEI,
    Y_HONITSU,
    Y_HONROUTOU,
    Y_HOUTEI,
    Y_IIPEIKOU,
    Y_IPPATSU,
    Y_ITTSU,
    Y_JUNCHAN,
    Y_JUNSEI_CHUUREN,
    Y_KOKUSHI,
    Y_KOKUSHI_13,
    Y_MENZEN_TSUMO,
    Y_PINFU,
    Y_RIICHI,
    Y_RINSHAN,
    Y_ROUND_WIND,
    Y_RYANPEIKOU,
    Y_RYUUIISOU,
    Y_SANANKOU,
    Y_SANKANTSU,
    Y_SANSHOKU,
    Y_SANSHOKU_DOUKOU,
    Y_SEAT_WIND,
    Y_SHOUSANGEN,
    Y_SHOUSUUSHII,
    Y_SUUANKOU,
    Y_SUUANKOU_TANKI,
    Y_SUUKANTSU,
    Y_TANYAO,
    Y_TENHOU,
    Y_TOITOI,
    Y_TSUUIISOU,
    check_arguments,
)

Result = tuple[tuple[tuple[int, int], ...], int, int, int, int]
"""A reading's ``(yaku, han, fu, yakuman, base)``."""

DOUBLED = (Y_SUUANKOU_TANKI, Y_JUNSEI_CHUUREN, Y_KOKUSHI_13, Y_DAISUUSHII)

EAST, WHITE = 27, 31
_ORPHANS = (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33)
_GREEN = frozenset((19, 20, 21, 23, 25, 32))
_CHUUREN = (3, 1, 1, 1, 1, 1, 1, 1, 3)


def _orphan(t: int) -> bool:
    return t >= 27 or t % 9 in (0, 8)


def base_points(han: int, fu: int, yakuman: int, switches: int) -> int:
    """The basic points of a hand: fu × 2^(han+2) up to the limits (mangan 2000 … yakuman 8000 each)."""
    if yakuman:
        return 8000 * yakuman
    if han >= 13:
        return 8000 if switches & KAZOE_YAKUMAN else 6000
    if han >= 11:
        return 6000
    if han >= 8:
        return 4000
    if han >= 6:
        return 3000
    base = fu << (han + 2)
    if han >= 5 or base >= 2000 or (switches & KIRIAGE and base >= 1920):
        return 2000
    return base


def _situation_yaku(situation: int, closed: bool) -> list[tuple[int, int]]:
    yaku = []
    if situation & DOUBLE_RIICHI:
        yaku.append((Y_DOUBLE_RIICHI, 2))
    elif situation & RIICHI:
        yaku.append((Y_RIICHI, 1))
    if situation & IPPATSU:
        yaku.append((Y_IPPATSU, 1))
    if closed and situation & TSUMO:
        yaku.append((Y_MENZEN_TSUMO, 1))
    for bit, y in ((CHANKAN, Y_CHANKAN), (RINSHAN, Y_RINSHAN), (HAITEI, Y_HAITEI), (HOUTEI, Y_HOUTEI)):
        if situation & bit:
            yaku.append((y, 1))
    return yaku


def _suit_yaku(all_counts: list[int], closed: bool, yaku: list[tuple[int, int]]) -> None:
    """Tanyao is elsewhere; honitsu / chinitsu from the tiles."""
    suits = [any(all_counts[s * 9:s * 9 + 9]) for s in range(3)]
    honors = any(all_counts[27:])
    if sum(suits) == 1:
        if honors:
            yaku.append((Y_HONITSU, 3 if closed else 2))
        else:
            yaku.append((Y_CHINITSU, 6 if closed else 5))


def _tile_yakuman(all_counts: list[int]) -> list[int]:
    """The yakuman that depend on the tiles alone: tsuuiisou, ryuuiisou, chinroutou."""
    held = [t for t in range(34) if all_counts[t]]
    out = []
    if all(t >= 27 for t in held):
        out.append(Y_TSUUIISOU)
    if all(t in _GREEN for t in held):
        out.append(Y_RYUUIISOU)
    if all(t < 27 and t % 9 in (0, 8) for t in held):
        out.append(Y_CHINROUTOU)
    return out


def _result(yaku: list[tuple[int, int]], yakuman: list[int], fu: int, dora_han: int,
            switches: int) -> tuple[tuple[tuple[int, int], ...], int, int, int, int]:
    if yakuman:
        double = switches & DOUBLE_YAKUMAN
        items = tuple((y, 26 if double and y in DOUBLED else 13) for y in sorted(yakuman))
        count = sum(h // 13 for _, h in items)
        return items, 13 * count, 0, count, 8000 * count
    if not yaku:
        return (), 0, fu, 0, 0
    han = sum(h for _, h in yaku) + dora_han
    kazoe = 1 if han >= 13 and switches & KAZOE_YAKUMAN else 0
    return tuple(sorted(yaku)), han, fu, kazoe, base_points(han, fu, 0, switches)


def _better(a: tuple[tuple[tuple[int, int], ...], int, int, int, int] | None,
            b: tuple[tuple[tuple[int, int], ...], int, int, int, int]) -> bool:
    """Whether ``b`` pays more than ``a`` (ties: a real yakuman, then han, then fu)."""
    if a is None:
        return True
    return (b[4], b[2] == 0 and b[3] > 0, b[1], b[2]) > (a[4], a[2] == 0 and a[3] > 0, a[1], a[2])


def _seven_pairs(counts: list[int], situation: int, dora_han: int, switches: int, fixed: list[int]) -> Result:
    """Seven pairs; its yakuman are those of the tiles and the first turn (``fixed``, no melds)."""
    yaku = _situation_yaku(situation, True)
    yaku.append((Y_CHIITOITSU, 2))
    if not any(counts[t] for t in _ORPHANS):
        yaku.append((Y_TANYAO, 1))
    elif all(counts[t] == 0 for t in range(34) if not _orphan(t)):
        yaku.append((Y_HONROUTOU, 2))
    _suit_yaku(counts, True, yaku)
    return _result(yaku, list(fixed), 25, dora_han, switches)


def _orphans(counts: list[int], win: int, switches: int, fixed: list[int]) -> Result:
    """Thirteen orphans, with the first turn's yakuman (``fixed``: no tile yakuman holds)."""
    return _result([], [Y_KOKUSHI_13 if counts[win] == 2 else Y_KOKUSHI, *fixed], 0, 0, switches)


def _reading(groups: list[tuple[int, int, bool]], pair: int, placed: int, win: int, closed: bool,
             all_counts: list[int], situation: int, seat_wind: int,
             round_wind: int, dora_han: int, switches: int, fixed_yakuman: list[int]
             ) -> tuple[tuple[tuple[int, int], ...], int, int, int, int]:
    """One reading: ``groups`` ``(kind, tile, open)`` (kind CHOW, PUNG, KONG), the winning tile in
    group ``placed`` (-1: the pair); a ron-completed pung is already open."""
    tsumo = situation & TSUMO
    chows = sorted(t for k, t, _ in groups if k == CHOW)
    sets = [(t, k, o) for k, t, o in groups if k != CHOW]
    set_tiles = [t for t, _, _ in sets]
    kongs = sum(1 for _, k, _ in sets if k == KONG)
    concealed_sets = sum(1 for _, _, o in sets if not o)

    yakuman = list(fixed_yakuman)
    dragons = sum(1 for t in set_tiles if t >= WHITE)
    winds = sum(1 for t in set_tiles if 27 <= t < WHITE)
    if dragons == 3:
        yakuman.append(Y_DAISANGEN)
    if concealed_sets == 4:
        yakuman.append(Y_SUUANKOU_TANKI if placed < 0 else Y_SUUANKOU)
    if winds == 4:
        yakuman.append(Y_DAISUUSHII)
    elif winds == 3 and 27 <= pair < WHITE:
        yakuman.append(Y_SHOUSUUSHII)
    if kongs == 4:
        yakuman.append(Y_SUUKANTSU)
    if yakuman:
        return _result([], yakuman, 0, 0, switches)

    yaku = _situation_yaku(situation, closed)
    # wait and pinfu
    wait_fu = 0
    if placed < 0:
        wait_fu = 2
    else:
        kind, t, _ = groups[placed]
        if kind == CHOW and (win == t + 1 or (win == t + 2 and t % 9 == 0) or (win == t and t % 9 == 6)):
            wait_fu = 2
    yakuhai_pair = 0
    if pair >= WHITE:
        yakuhai_pair += 2
    if pair == seat_wind:
        yakuhai_pair += 2
    if pair == round_wind:
        yakuhai_pair += 2
    pinfu = closed and not sets and wait_fu == 0 and yakuhai_pair == 0 and placed >= 0
    if pinfu:
        yaku.append((Y_PINFU, 1))
    if (closed or switches & OPEN_TANYAO) and not any(all_counts[t] for t in _ORPHANS):
        yaku.append((Y_TANYAO, 1))
    if closed and len(chows) >= 2:
        same = sum(chows.count(t) // 2 for t in set(chows))
        if same >= 2:
            yaku.append((Y_RYANPEIKOU, 3))
        elif same == 1:
            yaku.append((Y_IIPEIKOU, 1))
    for t in set_tiles:
        if t >= WHITE:
            yaku.append((Y_DRAGON + t - WHITE, 1))
        else:
            if t == seat_wind:
                yaku.append((Y_SEAT_WIND + t - EAST, 1))
            if t == round_wind:
                yaku.append((Y_ROUND_WIND + t - EAST, 1))
    # outside hands
    if chows and _orphan(pair) and all(t % 9 in (0, 6) for t in chows) and all(_orphan(t) for t in set_tiles):
        if any(all_counts[27:]):
            yaku.append((Y_CHANTA, 2 if closed else 1))
        else:
            yaku.append((Y_JUNCHAN, 3 if closed else 2))
    for s in range(0, 27, 9):
        if s in chows and s + 3 in chows and s + 6 in chows:
            yaku.append((Y_ITTSU, 2 if closed else 1))
    for n in range(7):
        if n in chows and n + 9 in chows and n + 18 in chows:
            yaku.append((Y_SANSHOKU, 2 if closed else 1))
            break
    for n in range(9):
        if n in set_tiles and n + 9 in set_tiles and n + 18 in set_tiles:
            yaku.append((Y_SANSHOKU_DOUKOU, 2))
    if kongs == 3:
        yaku.append((Y_SANKANTSU, 2))
    if len(sets) == 4:
        yaku.append((Y_TOITOI, 2))
    if concealed_sets == 3:
        yaku.append((Y_SANANKOU, 2))
    if dragons == 2 and pair >= WHITE:
        yaku.append((Y_SHOUSANGEN, 2))
    if not chows and all(_orphan(t) for t in set_tiles) and _orphan(pair):
        yaku.append((Y_HONROUTOU, 2))
    _suit_yaku(all_counts, closed, yaku)

    # fu
    if pinfu:
        fu = 20 if tsumo else 30
    else:
        fu = 20 + wait_fu + yakuhai_pair
        if closed and not tsumo:
            fu += 10
        if tsumo:
            fu += 2
        for t, k, o in sets:
            f = 2
            if not o:
                f *= 2
            if _orphan(t):
                f *= 2
            if k == KONG:
                f *= 4
            fu += f
        if fu == 20:  # an open pinfu shape won by ron
            fu = 30
        fu = (fu + 9) // 10 * 10
    return _result(yaku, yakuman, fu, dora_han, switches)


def score_counts(counts: bytes, melds: tuple[tuple[int, int], ...], win: int, situation: int,
                 seat_wind: int, round_wind: int, dora_han: int, switches: int) -> Result | None:
    """The reading of a win that pays most (see the module docstring); ``None`` when it does not win.

    ``counts`` is read by ``read_counts``; a meld, ``win`` or a wind outside its range is a
    ``ValueError`` (the compiled twin's errors).
    """
    concealed = list(read_counts(counts, "counts"))
    check_arguments(melds, win, seat_wind, round_wind)
    if sum(concealed) + 3 * len(melds) > 14:  # more tiles than a hand holds (the compiled kernel's records fit a hand)
        return None
    all_counts = list(concealed)
    declared: list[tuple[int, int, bool]] = []
    closed = True
    for kind, t in melds:
        if kind == CHOW:
            all_counts[t] += 1
            all_counts[t + 1] += 1
            all_counts[t + 2] += 1
            declared.append((CHOW, t, True))
            closed = False
        else:
            all_counts[t] += 3 if kind == PUNG else 4
            declared.append((PUNG if kind == PUNG else KONG, t, kind != CONCEALED_KONG))
            if kind != CONCEALED_KONG:
                closed = False
    fixed: list[int] = []
    if situation & TENHOU:
        fixed.append(Y_TENHOU)
    if situation & CHIIHOU:
        fixed.append(Y_CHIIHOU)
    fixed += _tile_yakuman(all_counts)
    best: Result | None = None
    if not melds:
        if sum(1 for n in concealed if n == 2) == 7:
            best = _seven_pairs(concealed, situation, dora_han, switches, fixed)
        if all(concealed[t] for t in _ORPHANS) and sum(concealed) == 14 and sum(concealed[t] for t in _ORPHANS) == 14:
            best = _orphans(concealed, win, switches, fixed)
        if sum(concealed) == 14:
            fixed.extend(_chuuren(concealed, win))
    tsumo = situation & TSUMO
    for pair, split in decompose_counts(bytes(concealed)):
        groups = [(CHOW if kind == "chow" else PUNG, t, False) for kind, t in split]
        places = []
        if pair == win:
            places.append(-1)
        seen = set()
        for i, (kind, t, _) in enumerate(groups):
            if (kind, t) in seen:
                continue
            if (kind == CHOW and t <= win <= t + 2) or (kind == PUNG and t == win):
                seen.add((kind, t))
                places.append(i)
        for placed in places:
            reading = list(groups)
            if placed >= 0 and not tsumo and reading[placed][0] == PUNG:
                reading[placed] = (PUNG, win, True)
            result = _reading(reading + declared, pair, placed, win, closed, all_counts, situation,
                              seat_wind, round_wind, dora_han, switches, fixed)
            if _better(best, result):
                best = result
    return best


def _chuuren(concealed: list[int], win: int) -> list[int]:
    """Nine gates of a closed one-suit hand with no melds (14 tiles ``concealed``), or nothing."""
    suit = win // 9 * 9
    if win >= 27 or any(concealed[t] for t in range(34) if not suit <= t < suit + 9):
        return []
    ranks = concealed[suit:suit + 9]
    if any(n < m for n, m in zip(ranks, _CHUUREN)):
        return []
    before = list(ranks)
    before[win - suit] -= 1
    return [Y_JUNSEI_CHUUREN if tuple(before) == _CHUUREN else Y_CHUUREN]
