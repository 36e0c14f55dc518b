"""Pure-Python twin of ``_scoring_fast``: ``score``'s arguments read on the lean path, without a compiler.

``read_score`` takes ``score``'s arguments (a four-player rule set) and gives what
the scoring kernel needs, or ``None`` for anything it cannot vouch for: the
general path (``_scoring``) then reads the call and gives the documented answer
or error.  It reads the common forms only -- plain mpsz text (``0`` a red five),
index34 or index136 ints in a list or tuple, melds as text or ``Meld``, flags as
bools, dora and ura as text or ints, winds as ``None``, index34 ints, ``"1z"``-``"4z"``
or ``"E"``-``"N"`` -- and returns ``None`` wherever the general path would raise
(a hand that does not hold 14 tiles, ``win`` not in it, contradicting flags, ...).

``score_of`` turns the kernel's answer into the ``Score`` (both paths).

``install`` puts ``score``, the public entry, in front of the general path: it answers
the calls the lean path reads and hands the rest to the general ``score`` of ``_scoring``.

Under ``rules="gb"`` ``gb_lean_score`` reads the call the same way (``read_score``, then the gb
flags; ``None`` wherever the general path would raise) and runs the fan kernel; ``gb_score``
turns the fans into the ``Score`` (flowers, the 8-fan minimum, payments; both paths).
"""
from __future__ import annotations

from typing import Any, Callable, Optional

from ._fan import Fan
from ._hand import _as_meld
from ._kernels import fan_flags as _G
from ._kernels import score_flags as _K
from ._meld import Meld
from ._yaku import YAKU_BY_ID, Points, Score, Yaku

__all__ = ["finish", "gb_lean_score", "gb_score", "install", "lean_score", "read_score", "score", "score_of"]

# (concealed counts, melds, win, situation, seat wind, round wind, dora, ura dora, red fives, dealer)
Read = tuple[bytes, tuple[tuple[int, int], ...], int, int, int, int, int, int, int, bool]
Kernel = Callable[[bytes, tuple[tuple[int, int], ...], int, int, int, int, int, int],
                  Optional[tuple[tuple[tuple[int, int], ...], int, int, int, int]]]
# a meld: (kind code, tile, red fives, concealed, index34 tiles)
MeldRead = tuple[int, int, int, bool, tuple[int, ...]]

_SUIT_BASE = {"m": 0, "p": 9, "s": 18, "z": 27}
_WINDS = {"E": 27, "S": 28, "W": 29, "N": 30, "1z": 27, "2z": 28, "3z": 29, "4z": 30}
_KIND = {"chow": _K.CHOW, "pung": _K.PUNG, "kong": _K.KONG}
_RED_IDS = (16, 52, 88)
_MELDS: dict[str, MeldRead | None] = {}
_BITS = (_K.TSUMO, _K.RIICHI, _K.DOUBLE_RIICHI, _K.IPPATSU, _K.HAITEI, _K.HOUTEI, _K.RINSHAN, _K.CHANKAN,
         _K.TENHOU, _K.CHIIHOU)


RulesKind = Callable[[object], Optional[tuple[int, int, int]]]
_installed: dict[str, Any] = {}  # general: _scoring's score; module: its globals; rules_kind: its reader of rules=


def install(general: Callable[..., Score], module: dict[str, Any], rules_kind: RulesKind) -> Callable[..., Score]:
    """Put the lean path in front of ``general`` (``_scoring``'s ``score``); return the public ``score``.

    ``module`` is ``_scoring``'s globals (its ``_kernel`` and ``_fans`` are read at each
    call: tests swap them) and ``rules_kind`` its reader of ``rules=``: ``(4, switches, red
    fives)`` for a four-player riichi rule set, ``(0, 0, 0)`` for gb, ``None`` for the rest.

    >>> from mahjong_fast import _scoring
    >>> install(_scoring.GENERAL["score"], vars(_scoring), _scoring.rules_kind)("123567m234p678s55p", "8s").fu
    30
    """
    _installed.update(general=general, module=module, rules_kind=rules_kind)
    return score


def score(hand14: object, win: object, *, melds: object = (), rules: object = "riichi", encoding: object = None,
          tsumo: object = False, riichi: object = False, double_riichi: object = False, ippatsu: object = False,
          haitei: object = False, houtei: object = False, rinshan: object = False, chankan: object = False,
          tenhou: object = False, chiihou: object = False, seat_wind: object = None, round_wind: object = None,
          dora: object = (), ura: object = (), kita: object = 0, honba: object = 0, riichi_sticks: object = 0,
          flowers: object = 0, last_copy: object = False, last_tile: object = False, kong_draw: object = False,
          robbing_kong: object = False) -> Score:
    """What a win is worth; see ``mahjong_fast.score`` (the lean path, else the general one).

    >>> score("123567m234p678s55p", "8s", riichi=True, dora="4p").points
    7700
    """
    kind = _installed["rules_kind"](rules)
    module = _installed["module"]
    if kind is not None and kind[0] == 4 and not (flowers or last_copy or last_tile or kong_draw or robbing_kong):
        done = lean_score(module["_kernel"].score_counts, kind[1], kind[2], hand14, win, melds, encoding,
                          tsumo, riichi, double_riichi, ippatsu, haitei, houtei, rinshan, chankan, tenhou,  # type: ignore[arg-type]
                          chiihou, seat_wind, round_wind, dora, ura, kita, honba, riichi_sticks)  # type: ignore[arg-type]
        if done is not None:
            return done
    elif kind is not None and kind[0] == 0 and not (
            riichi or double_riichi or ippatsu or haitei or houtei or rinshan or chankan or tenhou or chiihou or dora
            or ura or kita or honba or riichi_sticks):
        done = gb_lean_score(module["_fans"].count_fans, hand14, win, melds, encoding, tsumo, seat_wind, round_wind,
                             flowers, last_copy, last_tile, kong_draw, robbing_kong)
        if done is not None:
            return done
    return _installed["general"](  # type: ignore[no-any-return]
        hand14, win, melds=melds, rules=rules, encoding=encoding, tsumo=tsumo, riichi=riichi,
        double_riichi=double_riichi, ippatsu=ippatsu, haitei=haitei, houtei=houtei, rinshan=rinshan, chankan=chankan,
        tenhou=tenhou, chiihou=chiihou, seat_wind=seat_wind, round_wind=round_wind, dora=dora, ura=ura, kita=kita,
        honba=honba, riichi_sticks=riichi_sticks, flowers=flowers, last_copy=last_copy, last_tile=last_tile,
        kong_draw=kong_draw, robbing_kong=robbing_kong)


def _text(text: str, counts: list[int], red: list[int]) -> int:
    """Add plain mpsz text (digits then a suit letter, ``0`` a red five) to ``counts``; tiles read, -1 if not plain."""
    n = 0
    start = 0
    for i, ch in enumerate(text):
        if ch in _SUIT_BASE:
            base = _SUIT_BASE[ch]
            if i == start:
                return -1
            for d in text[start:i]:
                rank = ord(d) - 48
                if base == 27 and not 1 <= rank <= 7:
                    return -1
                if rank == 0:
                    red[base // 9] += 1
                    rank = 5
                counts[base + rank - 1] += 1
                n += 1
            start = i + 1
        elif not "0" <= ch <= "9":
            return -1
    return n if start == len(text) else -1


def _ints(value: object, encoding: str | None, counts: list[int], red: list[int]) -> int:
    """Add a list or tuple of index34 or index136 ints to ``counts``; tiles read, -1 if anything else."""
    if type(value) is not list and type(value) is not tuple:
        return -1
    seen = set()
    for v in value:
        if type(v) is not int:
            return -1
        if encoding == "index136":
            if not 0 <= v < 136 or v in seen:
                return -1
            seen.add(v)
            if v in _RED_IDS:
                red[v // 36] += 1
            v //= 4
        elif not 0 <= v < 34:
            return -1
        counts[v] += 1
    return len(value)


def _tile(value: object, encoding: str | None) -> int:
    """The index34 tile of a win or indicator: two-character text or an int in the encoding; -1 if not so."""
    if type(value) is int:
        if encoding == "index136":
            return value // 4 if 0 <= value < 136 else -1
        return value if 0 <= value < 34 else -1
    if type(value) is str:
        counts = [0] * 34
        if _text(value, counts, [0, 0, 0]) == 1:
            return counts.index(1)
    return -1


def _indicators(value: object, encoding: str | None) -> list[int] | None:
    """The index34 tiles of dora or ura indicators (falsy: none); ``None`` if not a common form."""
    if not value:
        return [] if type(value) in (list, tuple, str) else None
    if type(value) is str:
        counts = [0] * 34
        if _text(value, counts, [0, 0, 0]) < 0:
            return None
        return [t for t in range(34) for _ in range(counts[t])]
    if type(value) is not list and type(value) is not tuple:
        return None
    out = []
    for v in value:
        if type(v) is not int:
            return None
        t = _tile(v, encoding)
        if t < 0:
            return None
        out.append(t)
    return out


def _meld(m: object) -> MeldRead | None:
    """A meld's kind code, tile, red fives, concealment and tiles; ``None`` if not text or a ``Meld``."""
    if type(m) is str:
        if m in _MELDS:
            return _MELDS[m]
        try:
            meld: Meld | None = _as_meld(m, "melds")
        except (TypeError, ValueError):
            meld = None
        known = _meld_read(meld) if meld is not None else None
        if len(_MELDS) < 4096:
            _MELDS[m] = known
        return known
    if type(m) is Meld:
        return _meld_read(m)
    return None


def _meld_read(m: Meld) -> MeldRead:
    tile = int(m.tile)
    kind = _K.CONCEALED_KONG if m.concealed else _KIND[m.kind]
    tiles = (tile, tile + 1, tile + 2) if kind == _K.CHOW else (tile,) * (3 if kind == _K.PUNG else 4)
    return kind, tile, m.red, m.concealed, tiles


def _next(t: int) -> int:
    """The dora a four-player indicator shows."""
    if t < 27:
        return t - 8 if t % 9 == 8 else t + 1
    if t < 31:
        return 27 + (t - 26) % 4
    return 31 + (t - 30) % 3


def read_score(hand14: object, win: object, melds: object, encoding: object, tsumo: object, riichi: object,
               double_riichi: object, ippatsu: object, haitei: object, houtei: object, rinshan: object,
               chankan: object, tenhou: object, chiihou: object, seat_wind: object, round_wind: object,
               dora: object, ura: object, kita: object, honba: object, riichi_sticks: object) -> Read | None:
    """``score``'s four-player arguments as the kernel takes them, or ``None`` (the general path reads them).

    >>> read_score("123567m234p678s55p", "8s", (), None, False, True, False, False, False, False, False,
    ...            False, False, False, None, None, "4p", (), 0, 0, 0)[2:]
    (25, 2, -1, -1, 2, 0, 0, False)
    """
    if encoding is not None and encoding != "index34" and encoding != "index136":
        return None
    if type(kita) is not int or kita != 0:
        return None
    if type(honba) is not int or honba < 0 or type(riichi_sticks) is not int or riichi_sticks < 0:
        return None
    flags = (tsumo, riichi, double_riichi, ippatsu, haitei, houtei, rinshan, chankan, tenhou, chiihou)
    situation = 0
    for flag, bit in zip(flags, _BITS):
        if flag is True:
            situation |= bit
        elif flag is not False:
            return None
    if double_riichi:
        riichi = True
        situation |= _K.RIICHI
    counts = [0] * 34
    red = [0, 0, 0]
    if type(hand14) is str:
        if encoding is not None:
            return None
        size = _text(hand14, counts, red)
    else:
        size = _ints(hand14, encoding, counts, red)
    if size < 0 or (type(melds) is not list and type(melds) is not tuple):
        return None
    concealed = bytes(counts)
    codes = []
    open_hand = kong = False
    for m in melds:
        read = _meld(m)
        if read is None:
            return None
        kind, tile, meld_red, closed, tiles = read
        codes.append((kind, tile))
        for t in tiles:
            counts[t] += 1
        if meld_red:
            red[tile // 9] += meld_red
        open_hand = open_hand or not closed
        kong = kong or kind >= _K.KONG
    if size + 3 * len(codes) != 14 or max(counts) > 4 or max(red) > 1:
        return None
    win_tile = _tile(win, encoding)
    if win_tile < 0 or not concealed[win_tile]:
        return None
    seat = -1 if seat_wind is None else _WINDS.get(seat_wind, -1) if type(seat_wind) is str else (
        seat_wind if type(seat_wind) is int and 27 <= seat_wind <= 30 else -1)
    round_ = -1 if round_wind is None else _WINDS.get(round_wind, -1) if type(round_wind) is str else (
        round_wind if type(round_wind) is int and 27 <= round_wind <= 30 else -1)
    if (seat < 0 and seat_wind is not None) or (round_ < 0 and round_wind is not None):
        return None
    dealer = seat == 27
    ron = not tsumo
    if ((ippatsu and (not riichi or rinshan)) or (ron and (haitei or rinshan or tenhou or chiihou))
            or (tsumo and (houtei or chankan)) or (rinshan and not kong) or (tenhou and not dealer)
            or (chiihou and dealer) or ((tenhou or chiihou) and (codes or riichi)) or (riichi and open_hand)
            or (haitei and rinshan) or (houtei and chankan)):
        return None
    indicators = _indicators(dora, encoding)
    ura_indicators = _indicators(ura, encoding)
    if (indicators is None or ura_indicators is None or len(indicators) > 5
            or len(ura_indicators) > len(indicators) or (ura_indicators and not riichi)):
        return None
    dora_count = sum(counts[_next(t)] for t in indicators)
    ura_count = sum(counts[_next(t)] for t in ura_indicators)
    return (concealed, tuple(codes), win_tile, situation, seat, round_, dora_count, ura_count, sum(red), dealer)


_LIMITS = {2000: "mangan", 3000: "haneman", 4000: "baiman", 6000: "sanbaiman"}


def _up(x: int) -> int:
    return -(-x // 100) * 100


def _payments(base: int, tsumo: bool, dealer: bool) -> Points:
    if not tsumo:
        return _up(base * (6 if dealer else 4))
    if dealer:
        return (0, _up(2 * base))
    return (_up(2 * base), _up(base))


def finish(kernel: Kernel, switches: int, red_fives: int, read: Read, kita: int, tsumo: bool, honba: int,
           riichi_sticks: int, players: int) -> Score | None:
    """The ``Score`` of read arguments (both paths; ``kernel`` the scoring kernel's ``score_counts``).

    ``None`` when the tiles do not win.  ``red_fives`` false counts no red five.

    >>> from mahjong_fast._dispatch import scoring
    >>> read = read_score("123567m234p678s55p", "8s", (), None, False, True, *(False,) * 8, None, None, "4p", (),
    ...                   0, 0, 0)
    >>> finish(scoring.score_counts, 0, True, read, 0, False, 0, 0, 4).points
    7700
    """
    concealed, melds_code, win_tile, situation, seat, round_, dora, ura, red, dealer = read
    if not red_fives:
        red = 0
    result = kernel(concealed, melds_code, win_tile, situation, seat, round_, dora + ura + red + kita, switches)
    if result is None:
        return None
    return score_of(result, dora, ura, red, kita, tsumo, dealer, honba, riichi_sticks, players)


def lean_score(kernel: Kernel, switches: int, red_fives: int, hand14: object, win: object, melds: object,
               encoding: object, tsumo: bool, riichi: object, double_riichi: object, ippatsu: object, haitei: object,
               houtei: object, rinshan: object, chankan: object, tenhou: object, chiihou: object, seat_wind: object,
               round_wind: object, dora: object, ura: object, kita: object, honba: int,
               riichi_sticks: int) -> Score | None:
    """``score`` of a four-player call on the lean path; ``None``: the general path answers (or raises).

    >>> from mahjong_fast._dispatch import scoring
    >>> lean_score(scoring.score_counts, 0, True, "123567m234p678s55p", "8s", (), None, False, True,
    ...            *(False,) * 8, None, None, "4p", (), 0, 0, 0).han
    4
    """
    read = read_score(hand14, win, melds, encoding, tsumo, riichi, double_riichi, ippatsu, haitei, houtei, rinshan,
                      chankan, tenhou, chiihou, seat_wind, round_wind, dora, ura, kita, honba, riichi_sticks)
    if read is None:
        return None
    return finish(kernel, switches, red_fives, read, 0, tsumo, honba, riichi_sticks, 4)


def score_of(result: tuple[tuple[tuple[int, int], ...], int, int, int, int], dora: int, ura: int, red: int,
             kita: int, tsumo: bool, dealer: bool, honba: int, riichi_sticks: int, players: int) -> Score:
    """The ``Score`` of the scoring kernel's ``(yaku, han, fu, yakuman, base)`` and the counted dora.

    >>> score_of((((1, 1),), 3, 30, 0, 960), 2, 0, 0, 0, False, False, 0, 0, 4).points
    3900
    """
    yaku, han, fu, yakuman, base = result
    if not yaku:
        return Score(valid=False, items=(), han=0, fu=0, yakuman=0, limit="", points=0, tsumo=tsumo,
                     dealer=dealer, honba=honba, riichi_sticks=riichi_sticks, players=players)
    items = tuple([(YAKU_BY_ID[y], h) for y, h in yaku])
    if not (yakuman and fu == 0):
        extras = ((Yaku.DORA, dora), (Yaku.URA_DORA, ura), (Yaku.AKA_DORA, red), (Yaku.KITA, kita))
        items += tuple([(y, n) for y, n in extras if n])
    limit = "yakuman" if yakuman else _LIMITS.get(base, "")
    return Score(valid=True, items=items, han=han, fu=fu, yakuman=yakuman, limit=limit,
                 points=_payments(base, tsumo, dealer), tsumo=tsumo, dealer=dealer, honba=honba,
                 riichi_sticks=riichi_sticks, players=players)


FanKernel = Callable[[bytes, tuple[tuple[int, int], ...], int, int, int, int],
                     Optional[tuple[tuple[int, int], ...]]]


def gb_lean_score(kernel: FanKernel, hand14: object, win: object, melds: object, encoding: object, tsumo: object,
                  seat_wind: object, round_wind: object, flowers: object, last_copy: object, last_tile: object,
                  kong_draw: object, robbing_kong: object) -> Score | None:
    """``score`` under gb on the lean path (``kernel`` the fan kernel's ``count_fans``); ``None``: the
    general path answers (or raises).

    >>> from mahjong_fast._dispatch import fans
    >>> gb_lean_score(fans.count_fans, "123456789m55p", "5p", ["444s"], None, False, None, None, 1, False,
    ...               False, False, False).total
    19
    """
    if (type(flowers) is not int or not 0 <= flowers <= 8 or type(last_copy) is not bool
            or type(last_tile) is not bool or type(kong_draw) is not bool or type(robbing_kong) is not bool):
        return None
    read = read_score(hand14, win, melds, encoding, tsumo, False, False, False, False, False, False, False, False,
                      False, seat_wind, round_wind, "", (), 0, 0, 0)
    if read is None or read[8]:  # red fives: the general reading
        return None
    concealed, melds_code, win_tile, _, seat, round_, _, _, _, dealer = read
    if last_copy and concealed[win_tile] > 1:
        return None
    if kong_draw and (not tsumo or not any(kind >= _K.KONG for kind, _ in melds_code)):
        return None
    if robbing_kong and (tsumo or concealed[win_tile] > 1 or any(
            t <= win_tile <= t + 2 if kind == _K.CHOW else t == win_tile for kind, t in melds_code)):
        return None
    situation = ((_G.GB_SELF_DRAWN if tsumo else 0) | (_G.GB_LAST_COPY if last_copy else 0)
                 | (_G.GB_KONG if kong_draw or robbing_kong else 0) | (_G.GB_WALL_LAST if last_tile else 0))
    fans = kernel(concealed, melds_code, win_tile, situation, seat, round_)
    if fans is None:
        return None
    return gb_score(fans, flowers, bool(tsumo), dealer)


def gb_score(fans: tuple[tuple[int, int], ...], flowers: int, tsumo: bool, dealer: bool) -> Score:
    """The ``Score`` of the fan kernel's ``(fan id, count)`` pairs ``fans`` and ``flowers`` flowers.

    >>> from mahjong_fast._kernels.fan_flags import F_PURE_STRAIGHT
    >>> gb_score(((F_PURE_STRAIGHT, 1),), 2, False, False).points
    26
    """
    items: list[tuple[Fan, int]] = []
    before_flowers = 0
    placed = not flowers  # 花牌 sits in the table order, before 明暗杠
    for i, n in fans:
        if not placed and i > _FLOWERS:
            items += _FLOWER_ITEMS[flowers]
            placed = True
        item = GB_ITEMS[i - 1]
        before_flowers += item[1] * n
        if n == 1:
            items.append(item)
        else:
            items += [item] * n
    if not placed:
        items += _FLOWER_ITEMS[flowers]
    total = before_flowers + flowers
    valid = before_flowers >= 8
    points: Points = 0
    if valid:
        points = (total + 8, total + 8) if tsumo else total + 8
    return Score(valid=valid, items=tuple(items), han=0, fu=0, yakuman=0, limit="", points=points, tsumo=tsumo,
                 dealer=dealer)


_FLOWERS = Fan.FLOWER_TILES.value
GB_ITEMS = tuple([(f, f.points) for f in Fan])
"""The ``(Fan, points)`` item of each fan, at its value - 1."""
_FLOWER_ITEMS = tuple([[(Fan.FLOWER_TILES, 1)] * n for n in range(9)])
