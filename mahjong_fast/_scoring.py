"""``score``: what a riichi or gb win is worth (DESIGN.md, "Scoring").

The arguments are read and checked once here; the scoring kernel
(``_dispatch.scoring``) finds the reading that pays most and its yaku, han
and fu; this module adds the dora items, the limit and the payments.  Rules
follow Tenhou (``Rules`` fields ``red_fives``, ``open_tanyao``,
``double_yakuman``, ``kazoe_yakuman``, ``kiriage`` switch the house rules).
Under ``rules="gb"`` the fan kernel (``_dispatch.fans``) counts the fans as
PyMahjongGB 1.4.0 does; ``_scoring_fast.gb_score`` adds the flowers, the
8-fan minimum and the payments (``gb_lean_score`` is the lean path, ``_gb``
here the general one).
"""
from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import TYPE_CHECKING

from ._dispatch import fans as _fans
from ._dispatch import scoring as _kernel
from ._dispatch import scoring_fast as _fast
from ._hand import Hand, _fill, as_hand
from ._kernels import fan_flags as _G
from ._kernels import score_flags as _K
from ._layout import FIRST_HONOR, N_KINDS, SUIT_SIZE
from ._meld import MeldLike
from ._rules import RULES, Rules, RulesLike, as_rules
from ._tile_lists import read_tiles, tile_items
from ._tile_names import detect_notation, show
from ._tiles import TILES, Tile, as_tile_red, decode_tile
from ._yaku import Score

__all__ = ["score"]

_NORTH = 30
_RED_IDS = (16, 52, 88)
_SITUATION = (
    ("tsumo", _K.TSUMO), ("riichi", _K.RIICHI), ("double_riichi", _K.DOUBLE_RIICHI), ("ippatsu", _K.IPPATSU),
    ("haitei", _K.HAITEI), ("houtei", _K.HOUTEI), ("rinshan", _K.RINSHAN), ("chankan", _K.CHANKAN),
    ("tenhou", _K.TENHOU), ("chiihou", _K.CHIIHOU),
)
_CONTRADICTIONS = (  # (flag, other flag or condition, message)
    ("ippatsu", "no riichi", "ippatsu needs riichi=True or double_riichi=True"),
    ("haitei", "ron", "haitei is a win by tsumo (pass tsumo=True)"),
    ("houtei", "tsumo", "houtei is a win by ron, not with tsumo=True"),
    ("rinshan", "ron", "rinshan is a win by tsumo (pass tsumo=True)"),
    ("rinshan", "no kong", "rinshan needs a kong among the melds (or a kita, at three players)"),
    ("chankan", "tsumo", "chankan is a win by ron, not with tsumo=True"),
    ("tenhou", "ron", "tenhou is a win by tsumo (pass tsumo=True)"),
    ("chiihou", "ron", "chiihou is a win by tsumo (pass tsumo=True)"),
    ("tenhou", "non-dealer", "tenhou is the dealer's win: seat_wind must be east"),
    ("chiihou", "dealer", "chiihou is a non-dealer's win, not with seat_wind east"),
    ("tenhou", "melds", "tenhou cannot have melds"),
    ("chiihou", "melds", "chiihou cannot have melds"),
    ("tenhou", "riichi", "tenhou cannot come with riichi"),
    ("chiihou", "riichi", "chiihou cannot come with riichi"),
    ("riichi", "open", "riichi needs a closed hand, not an open meld"),
    ("double_riichi", "open", "double_riichi needs a closed hand, not an open meld"),
    ("haitei", "rinshan", "haitei and rinshan cannot both hold"),
    ("houtei", "chankan", "houtei and chankan cannot both hold"),
    ("ippatsu", "rinshan", "ippatsu and rinshan cannot both hold (the kong ends ippatsu)"),
)
_GB_ONLY = ("flowers", "last_copy", "last_tile", "kong_draw", "robbing_kong")


Family = tuple[int, int, int]  # players, the kernel's house-rule switches, red fives (0 or 3)
_FAMILIES: dict[int, tuple[Rules, Family]] = {}


def _family(rules: Rules) -> Family:
    """Players (4 or 3), switches and red fives of the riichi rule set ``rules``; ``ValueError`` for another family."""
    known = _FAMILIES.get(id(rules))
    if known is not None and known[0] is rules:
        return known[1]
    family = (players(rules), (
        (_K.OPEN_TANYAO if rules.open_tanyao else 0) | (_K.DOUBLE_YAKUMAN if rules.double_yakuman else 0)
        | (_K.KAZOE_YAKUMAN if rules.kazoe_yakuman else 0) | (_K.KIRIAGE if rules.kiriage else 0)), rules.red_fives)
    if len(_FAMILIES) < 256:
        _FAMILIES[id(rules)] = (rules, family)
    return family


def players(rules: Rules) -> int:
    """The players of the riichi rule set ``rules`` (4, or 3 for riichi3); ``ValueError`` for another rule set
    (gb counts fans; chinese and sichuan do not score).

    >>> from mahjong_fast import RULES
    >>> players(RULES["riichi"]), players(RULES["riichi3"])
    (4, 3)
    """
    if rules.seven_pairs == "distinct" and rules.thirteen_orphans and not rules.knitted:
        return 3 if rules.missing else 4
    if rules.knitted:
        raise ValueError(f"rules {rules.name!r} count gb fans, not riichi yaku; players covers 'riichi' and 'riichi3'")
    raise ValueError(f"rules {rules.name!r} have hu types, not a score; score covers {_SCORING}")


_SCORING = "'riichi', 'riichi3' and 'gb'"


def _int_arg(value: object, name: str, top: int | None = None) -> int:
    if type(value) is not int:
        raise TypeError(f"{name} must be an int, not {type(value).__name__} {show(value)}")
    if value < 0 or (top is not None and value > top):
        bound = f"0-{top}" if top is not None else "0 or more"
        raise ValueError(f"{name} must be {bound}, not {value}")
    return value


def _wind(value: object, name: str, players: int) -> int:
    if value is None:
        return -1
    try:
        t = _tile(value, name, None)
    except (TypeError, ValueError):
        raise ValueError(f"{name} must be a wind (1z-4z, E S W N) or None, not {show(value)}") from None
    if not FIRST_HONOR <= t < FIRST_HONOR + 4 or (players == 3 and t == _NORTH):
        winds = "east, south or west" if players == 3 else "a wind (1z-4z)"
        raise ValueError(f"{name} must be {winds} or None, not {show(value)}")
    return t


_TEXT_TILES: dict[str, int] = {}


def _tile(value: object, name: str, encoding: str | None) -> int:
    if type(value) is int and encoding is None and 0 <= value < N_KINDS:
        return value
    if type(value) is str:
        known = _TEXT_TILES.get(value)
        if known is None:
            known = _read_tile(value, name)
            if len(_TEXT_TILES) < 1024:
                _TEXT_TILES[value] = known
        return known
    return _read_tile(value, name, encoding)


def _winning_tile(win: object, encoding: str | None, concealed: Sequence[int], meld_count: int,
                  shown: Callable[[], str]) -> int:
    """The kind of ``win``, checked: it is in the concealed tiles, which with the melds (a kong as three) make 14."""
    win_tile = _tile(win, "win", encoding)
    if not concealed[win_tile]:
        raise ValueError(f"win {show(win)} ({TILES[win_tile]}) is not in hand14 {shown()}")
    size = sum(concealed) + 3 * meld_count
    if size != 14:
        raise ValueError(f"hand14 {shown()} holds {size} tiles (a kong as three), not 14")
    return win_tile


def _read_tile(value: object, name: str, encoding: str | None = None) -> int:
    if isinstance(value, str):
        if value in ("E", "S", "W", "N", "P", "F", "C"):
            return FIRST_HONOR + "ESWNPFC".index(value)
        return int(as_tile_red(value, name)[0])
    if encoding not in (None, "index34", "counts") and not isinstance(value, Tile):
        try:
            return int(decode_tile(value, encoding))  # type: ignore[arg-type]
        except (TypeError, ValueError) as exc:
            raise type(exc)(f"{name}: {exc}") from None
    return int(as_tile_red(value, name)[0])


_TEXT_INDICATORS: dict[str, tuple[int, ...]] = {}


def _indicators(value: object, name: str, encoding: str | None) -> tuple[int, ...]:
    if type(value) is str:
        known = _TEXT_INDICATORS.get(value)
        if known is None:
            known = tuple(int(t) for t in read_tiles(value, detect_notation(value), name)) if value.strip() else ()
            if len(_TEXT_INDICATORS) < 1024:
                _TEXT_INDICATORS[value] = known
        return known
    return tuple(_tile(v, f"{name}[{i}]", encoding) for i, v in enumerate(tile_items(value, name)))


def _next(indicator: int, players: int) -> int:
    """The dora an indicator shows (three-player: 1m shows 9m and 9m shows 1m)."""
    if indicator < FIRST_HONOR:
        if players == 3 and indicator in (0, 8):
            return 8 - indicator
        return indicator - SUIT_SIZE + 1 if indicator % SUIT_SIZE == SUIT_SIZE - 1 else indicator + 1
    if indicator < FIRST_HONOR + 4:
        return FIRST_HONOR + (indicator - FIRST_HONOR + 1) % 4
    return FIRST_HONOR + 4 + (indicator - FIRST_HONOR - 4 + 1) % 3


_NEXT4 = tuple(_next(t, 4) for t in range(N_KINDS))
_NEXT3 = tuple(_next(t, 3) for t in range(N_KINDS))


def score(
    hand14: object, win: object, *, melds: Iterable[MeldLike] = (), rules: RulesLike = "riichi",
    encoding: str | None = None, tsumo: bool = False, riichi: bool = False, double_riichi: bool = False,
    ippatsu: bool = False, haitei: bool = False, houtei: bool = False, rinshan: bool = False,
    chankan: bool = False, tenhou: bool = False, chiihou: bool = False, seat_wind: object = None,
    round_wind: object = None, dora: object = (), ura: object = (), kita: int = 0, honba: int = 0,
    riichi_sticks: int = 0, flowers: int = 0, last_copy: bool = False, last_tile: bool = False,
    kong_draw: bool = False, robbing_kong: bool = False,
) -> Score:
    """What a win is worth: riichi yaku, han, fu, limit and payments, or gb fans, total and payments.

    Parameters
    ----------
    hand14
        The concealed part, the winning tile included (anything ``Hand``
        accepts; ``encoding="index136"`` reads ids 16/52/88 as red fives).
        Concealed part plus melds (a kong as three) must be 14 tiles and win.
    win
        The winning tile, in the hand's encoding (or text); it must be in ``hand14``.
    melds
        Declared melds (``Meld`` or text; ``{1111z}`` a concealed kong).
    rules
        ``"riichi"`` (Tenhou's four-player rules), ``"riichi3"`` (Tenhou's
        three-player game: kita, tsumo-son payments, no chows), ``"gb"``
        (the 81 fans counted as PyMahjongGB 1.4.0 does; at least 8 before
        flowers for a legal win) or a ``Rules`` derived from them.
        ``"chinese"`` and ``"sichuan"`` (hu types only) are a ``ValueError``.
    tsumo, riichi, double_riichi, ippatsu, haitei, houtei, rinshan, chankan, tenhou, chiihou
        The situation.  ``double_riichi`` implies riichi.
    seat_wind, round_wind
        Winds (``"1z"``-``"4z"``, ``"E"``, index34 27-30 whatever the encoding) or ``None`` (a
        non-dealer; no wind yakuhai).  The dealer is the seat whose wind is east.
    dora, ura
        Dora and ura dora indicators: text such as ``"3p5z"``, or tiles as
        ints in the hand's ``encoding``; at most 5, no more ura than dora, ura
        only with riichi.
    kita
        Three-player: the kita (北抜き) declared, one han each.
    honba, riichi_sticks
        Counters added by ``Score.deltas`` (300 per honba, 1000 per stick).
    flowers, last_copy, last_tile, kong_draw, robbing_kong
        gb only: flowers (0-8, 花牌, one fan each, not toward the 8), won on
        the last copy of the tile (和绝张), on the wall's last tile (妙手回春 /
        海底捞月), on a kong's replacement draw (杠上开花, with ``tsumo``), on
        a tile added to a kong (抢杠和, by discard).  Under gb ``seat_wind`` /
        ``round_wind`` ``None`` mean no wind fans.

    Returns
    -------
    Score

    Raises
    ------
    ValueError
        Naming the argument: a hand that does not win, ``win`` not in it,
        contradicting flags, too many indicators, rules that do not score.

    Examples
    --------
    >>> s = score("123567m234p678s55p", "8s", riichi=True, dora="4p")
    >>> print(s)
    立直 1, 平和 1, ドラ 2 — 4 han 30 fu, 7700
    >>> s.han, s.fu, s.points
    (4, 30, 7700)
    >>> g = score("123456789m55p", "5p", melds=["444s"], rules="gb", flowers=1)
    >>> [(f.chinese, p) for f, p in g.items], g.total, g.valid, g.points
    ([('清龙', 16), ('无字', 1), ('独听・单钓', 1), ('花牌', 1)], 19, True, 27)
    """
    r = RULES[rules] if type(rules) is str and rules in RULES else as_rules(rules)
    if r.knitted:
        return _gb(r, hand14, win, melds, encoding, tsumo, seat_wind, round_wind, flowers, last_copy, last_tile,
                   kong_draw, robbing_kong, dict(
                       riichi=riichi, double_riichi=double_riichi, ippatsu=ippatsu, haitei=haitei, houtei=houtei,
                       rinshan=rinshan, chankan=chankan, tenhou=tenhou, chiihou=chiihou, dora=dora, ura=ura, kita=kita,
                       honba=honba, riichi_sticks=riichi_sticks))
    return _general(r, _family(r), hand14, win, melds, encoding, tsumo, riichi, double_riichi, ippatsu, haitei,
                    houtei, rinshan, chankan, tenhou, chiihou, seat_wind, round_wind, dora, ura, kita, honba,
                    riichi_sticks, flowers, last_copy, last_tile, kong_draw, robbing_kong)


def rules_kind(rules: object) -> tuple[int, int, int] | None:
    """How the lean path of ``score`` takes ``rules=``: ``(4, switches, red fives)`` for a four-player
    riichi rule set, ``(0, 0, 0)`` for gb, ``None`` for the rest (the general path reads them).

    >>> rules_kind("riichi"), rules_kind("gb"), rules_kind("riichi3"), rules_kind("chinese")
    ((4, 5, 3), (0, 0, 0), None, None)
    """
    r = RULES.get(rules) if type(rules) is str else rules if type(rules) is Rules else None
    if r is None:
        return None
    if r.knitted:
        return (0, 0, 0)
    try:
        family = _family(r)
    except ValueError:
        return None
    return (4, family[1], family[2]) if family[0] == 4 else None


def _general(
    r: Rules, family: Family, hand14: object, win: object, melds: Iterable[MeldLike], encoding: str | None,
    tsumo: bool, riichi: bool, double_riichi: bool, ippatsu: bool, haitei: bool, houtei: bool, rinshan: bool,
    chankan: bool, tenhou: bool, chiihou: bool, seat_wind: object, round_wind: object, dora: object, ura: object,
    kita: int, honba: int, riichi_sticks: int, flowers: int, last_copy: bool, last_tile: bool, kong_draw: bool,
    robbing_kong: bool,
) -> Score:
    """``score`` read the general way: every input form, every error."""
    players = family[0]
    if flowers or last_copy or last_tile or kong_draw or robbing_kong:
        for name, value in zip(_GB_ONLY, (flowers, last_copy, last_tile, kong_draw, robbing_kong)):
            if value:
                raise ValueError(f"{name} is a gb argument; rules {r.name!r} do not take it")
    hand, shown = _read_hand(hand14, melds, encoding)
    concealed, meld_list, counts = hand.counts, hand.melds, hand.all_counts
    red = sum(hand.red) + sum(m.red for m in hand.melds)

    flags = (tsumo, riichi, double_riichi, ippatsu, haitei, houtei, rinshan, chankan, tenhou, chiihou)
    for (name, _), value in zip(_SITUATION, flags):
        if value is not True and value is not False:
            raise TypeError(f"{name} must be a bool, not {type(value).__name__}")
    if double_riichi:
        riichi = True
    win_tile = _winning_tile(win, encoding, concealed, len(meld_list), shown)
    if players == 3:
        r.check_tiles(counts, "hand14")
        if any(m.kind == "chow" for m in meld_list):
            raise ValueError(f"melds: rules {r.name!r} have no chows")
    seat = _wind(seat_wind, "seat_wind", players)
    round_ = _wind(round_wind, "round_wind", players)
    dealer = seat == FIRST_HONOR
    open_hand = any(not m.concealed for m in meld_list)
    if ippatsu or haitei or houtei or rinshan or chankan or tenhou or chiihou or (riichi and open_hand):
        _check_flags(dict(zip((n for n, _ in _SITUATION), flags), riichi=riichi), {
            "no riichi": not riichi, "ron": not tsumo, "tsumo": tsumo,
            "no kong": not any(m.kind == "kong" for m in meld_list) and not (  # a kita draws from the dead wall too
                players == 3 and type(kita) is int and kita > 0), "non-dealer": not dealer, "dealer": dealer,
            "melds": bool(meld_list), "riichi": riichi, "open": open_hand, "rinshan": rinshan, "chankan": chankan,
        })
    indicators = _indicators(dora, "dora", encoding) if dora else ()
    ura_indicators = _indicators(ura, "ura", encoding) if ura else ()
    if len(indicators) > 5:
        raise ValueError(f"dora: at most 5 indicators, not {len(indicators)}")
    if len(ura_indicators) > len(indicators):
        raise ValueError(f"ura: {len(ura_indicators)} indicators, more than the {len(indicators)} dora indicators")
    if ura_indicators and not riichi:
        raise ValueError("ura: ura dora indicators need riichi=True")
    if kita or type(kita) is not int:
        kita = _int_arg(kita, "kita", 4)
        if players == 4:
            raise ValueError(f"kita: {kita} kita under rules {r.name!r}; kita is a three-player (riichi3) count")
        if kita + counts[_NORTH] > 4:
            raise ValueError(f"kita: {kita} kita and {counts[_NORTH]} north in the hand make more than 4")
    if honba or type(honba) is not int:
        honba = _int_arg(honba, "honba")
    if riichi_sticks or type(riichi_sticks) is not int:
        riichi_sticks = _int_arg(riichi_sticks, "riichi_sticks")

    nexts = _NEXT3 if players == 3 else _NEXT4
    dora_count = sum(counts[d] + (kita if d == _NORTH else 0) for d in (nexts[i] for i in indicators))
    ura_count = sum(counts[d] + (kita if d == _NORTH else 0) for d in (nexts[i] for i in ura_indicators))
    situation = 0
    for (_, bit), value in zip(_SITUATION, flags):
        if value:
            situation |= bit
    if riichi:
        situation |= _K.RIICHI
    melds_code = tuple([_MELD_CODE[m.kind, m.concealed] + (int(m.tile),) for m in meld_list])
    read = (bytes(concealed), melds_code, win_tile, situation, seat, round_, dora_count, ura_count, red, dealer)
    done = _fast.finish(_kernel.score_counts, family[1], family[2], read, kita, tsumo, honba, riichi_sticks, players)
    if done is None:
        raise ValueError(f"hand14 {shown()} does not win under rules {r.name!r}")
    return done


def _read_hand(hand14: object, melds: Iterable[MeldLike], encoding: str | None) -> tuple[Hand, Callable[[], str]]:
    """The ``Hand`` of ``score``'s hand and melds (every form, every error), and how to show them in a message."""
    if encoding is not None and not isinstance(encoding, str):
        raise TypeError(f"encoding must be a str or None, not {type(encoding).__name__}")
    enc = "index34" if encoding is None else encoding
    hand = Hand.__new__(Hand)
    _fill(hand, hand14, melds, enc, "hand14", enc == "index136")

    def shown() -> str:
        return str(as_hand(hand14, melds, encoding, "hand14"))

    return hand, shown


_MELD_CODE = {
    ("chow", False): (_K.CHOW,), ("pung", False): (_K.PUNG,), ("kong", False): (_K.KONG,),
    ("kong", True): (_K.CONCEALED_KONG,),
}


def _check_flags(flags: dict[str, bool], conditions: dict[str, bool]) -> None:
    for flag, condition, message in _CONTRADICTIONS:
        if flags[flag] and conditions[condition]:
            raise ValueError(f"{flag}: {message}")


_GB_FLAGS = ("tsumo", "last_copy", "last_tile", "kong_draw", "robbing_kong")


def _gb(
    r: Rules, hand14: object, win: object, melds: Iterable[MeldLike], encoding: str | None, tsumo: bool,
    seat_wind: object, round_wind: object, flowers: int, last_copy: bool, last_tile: bool, kong_draw: bool,
    robbing_kong: bool, riichi_only: dict[str, object],
) -> Score:
    """``score`` under gb: the fans of the kernel, the flowers, the 8-fan minimum and the payments."""
    for name, value in riichi_only.items():
        if value:
            raise ValueError(f"{name} is a riichi argument; rules {r.name!r} count fans and do not take it")
    for name, value in zip(_GB_FLAGS, (tsumo, last_copy, last_tile, kong_draw, robbing_kong)):
        if value is not True and value is not False:
            raise TypeError(f"{name} must be a bool, not {type(value).__name__}")
    flowers = _int_arg(flowers, "flowers", 8)
    hand, shown = _read_hand(hand14, melds, encoding)
    concealed, meld_list, counts = hand.counts, hand.melds, hand.all_counts

    win_tile = _winning_tile(win, encoding, concealed, len(meld_list), shown)
    seat = _wind(seat_wind, "seat_wind", 4)
    round_ = _wind(round_wind, "round_wind", 4)
    name = str(TILES[win_tile])
    if last_copy and concealed[win_tile] > 1:
        raise ValueError(f"last_copy: the win {name} is not the last copy, hand14 holds {concealed[win_tile]} of it")
    if kong_draw and not tsumo:
        raise ValueError("kong_draw: a win on the replacement tile of a kong is self-drawn (pass tsumo=True)")
    if robbing_kong and tsumo:
        raise ValueError("robbing_kong: robbing a kong is a win on another's tile, not with tsumo=True")
    if kong_draw and not any(m.kind == "kong" for m in meld_list):
        raise ValueError("kong_draw: a win on the replacement tile needs a kong among the melds")
    if robbing_kong and counts[win_tile] > 1:
        raise ValueError(f"robbing_kong: the robbed kong holds the other copies of {name}, "
                         f"but the hand and melds hold {counts[win_tile]}")
    situation = ((_G.GB_SELF_DRAWN if tsumo else 0) | (_G.GB_LAST_COPY if last_copy else 0)
                 | (_G.GB_KONG if kong_draw or robbing_kong else 0) | (_G.GB_WALL_LAST if last_tile else 0))
    melds_code = tuple([(_MELD_CODE[m.kind, m.concealed][0], int(m.tile)) for m in meld_list])
    fans = _fans.count_fans(bytes(concealed), melds_code, win_tile, situation, seat, round_)
    if fans is None:
        raise ValueError(f"hand14 {shown()} does not win under rules {r.name!r}")
    return _fast.gb_score(fans, flowers, tsumo, seat == FIRST_HONOR)


GENERAL = {"score": score}
"""The general function, whether or not the lean path stands in front of it."""

if not TYPE_CHECKING:  # the lean path (compiled, or its pure twin) stands in front
    score = _fast.install(score, globals(), rules_kind)
