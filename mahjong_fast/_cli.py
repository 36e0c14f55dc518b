"""The ``mahjong-fast`` command line (also ``python -m mahjong_fast``).

``main(argv)`` returns the exit status: 0 done, 2 bad input (one line on
stderr), 1 when the output cannot be written (a closed pipe exits quietly, a
full disk says so in one line).  Output that the terminal cannot encode falls
back to mpsz text and English names.
"""
from __future__ import annotations

import argparse
import collections
import json
import os
import sys
from collections.abc import Callable, Iterable, Sequence
from typing import IO, Any

from ._api import is_win, rule_flags, shanten, waits
from ._classify import HuType, classify, decompose
from ._dispatch import implementation
from ._efficiency import UsefulTiles, discard_analysis, useful_tiles
from ._fan import Fan
from ._hand import Hand
from ._layout import FIRST_HONOR, MAX_HAND
from ._notation import format as format_hand
from ._options import Wild, wild_kinds
from ._rules import RULES, as_rules
from ._scoring import _wind, score
from ._tiles import Tile
from ._values import DiscardValue, discard_values
from ._version import __version__
from ._yaku import Score, who_pays

NOTATION_HELP = """\
Hands may be written in any of these notations (detected automatically):

  mpsz     123m456p789s11z       m characters, p dots, s bamboo, z honors
                                 1z-4z east south west north, 5z white 6z green 7z red;
                                 0m/0p/0s is a red five (kept, but every answer reads a five)
  botzone  W1 W2 W3 B4 T7 F1 J3  W characters, B dots, T bamboo, F1-F4 winds,
                                 J1 red J2 green J3 white (MahjongGB / Botzone)
  unicode  🀇🀈🀉🀜🀖🀀🀆           the U+1F000 mahjong tiles block
  chinese  一万 二万 五筒 七条 东 白  also 东风 白板 红中 发财, 饼/索, 萬/發
  mjai     1m 5mr 9s E S W N P F C  mjai's names: 5mr a red five, P white F green C red

Declared melds follow the concealed tiles in brackets, in the same notation:
  [789s] an exposed chow, [555p] a pung, [1111z] an exposed kong,
  {1111z} a concealed kong.   Example:  mahjong-fast check '123m456p11z [789s] {5555z}'

A hand holds at most 14 tiles, a kong counting three: beside k declared melds
the concealed part has 14 - 3k tiles to check a win, 13 - 3k to see its waits.

Examples:
  mahjong-fast check 11123456789999m
  mahjong-fast check 1112345678999m            (13 tiles: prints waits and shanten)
  mahjong-fast check 123m456p11z --melds 789s 5555z
  mahjong-fast check 123456m456p789s1z7z --wild 7z
  mahjong-fast check 11223344m556677p --rules riichi

Rule sets (--rules; chinese is the default):
  chinese  seven pairs (four identical = two pairs), thirteen orphans
  riichi   seven pairs of seven different kinds, thirteen orphans
  riichi3  as riichi, no 2m-8m
  sichuan  seven pairs (龙七对), at most two suits, no honours, no chows
  gb       as chinese, plus 全不靠, 七星不靠 and 组合龙
"""

EXIT_OK, EXIT_OUTPUT, EXIT_BAD_INPUT = 0, 1, 2
_PROBE = "\U0001F007清一色"  # a tile and a Chinese name: what the full output needs


class _ArgumentParser(argparse.ArgumentParser):
    """argparse that writes help and usage errors through ``_write``.

    argparse's own writer drops an ``OSError`` and lets a ``UnicodeEncodeError``
    escape, which would report a full disk as success and an ASCII terminal as
    bad input.
    """

    def _print_message(self, message: str, file: Any = None) -> None:
        if message:
            _write(file or sys.stderr, message)


def _parser() -> argparse.ArgumentParser:
    parser = _ArgumentParser(
        prog="mahjong-fast",
        description="Fast mahjong win check (胡牌), hu types, waits (听牌) and shanten (向听数).",
        epilog=NOTATION_HELP,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--version", action="version", version=_version_line(),
                        help="print the version and the active implementation (compiled or pure-python)")
    sub = parser.add_subparsers(dest="command", required=True)
    check = sub.add_parser(
        "check",
        help="check one hand: win, hu types, decompositions, waits, shanten",
        epilog=NOTATION_HELP,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    check.add_argument("hand", nargs="+", help="the hand, in any notation (quote it if it has spaces)")
    check.add_argument("--melds", nargs="+", default=[], metavar="MELD",
                       help="declared melds, e.g. 789s 555p or {1111z} for a concealed kong")
    check.add_argument("--self-drawn", action="store_true", help="the winning tile was self-drawn (自摸)")
    check.add_argument("--wild", nargs="+", default=None, metavar="TILE",
                       help="tile kind(s) acting as jokers (癞子), e.g. --wild 7z")
    check.add_argument("--no-fifth", action="store_true",
                       help="a joker may not stand for a fifth copy of a tile")
    check.add_argument("--rules", default=None, choices=list(RULES), metavar="RULES",
                       help=f"the rule set: {', '.join(RULES)} (default chinese)")
    check.add_argument("--visible", default=None, metavar="TILES",
                       help="tiles seen outside the hand (discards, melds, dora indicators): "
                            "subtracted from the unseen useful tiles")
    check.add_argument("--json", action="store_true",
                       help="print one JSON object with every figure (schema: docs/cli.md)")
    win = check.add_argument_group("the score of a riichi win (--win; rules riichi unless --rules riichi3)")
    win.add_argument("--win", default=None, metavar="TILE", help="score the hand, won on TILE (in the hand)")
    win.add_argument("--tsumo", action="store_true", help="won by self-draw (also --self-drawn)")
    for flag, what in (("riichi", "riichi declared"), ("double-riichi", "double riichi"),
                       ("ippatsu", "ippatsu"), ("haitei", "won on the last draw"),
                       ("houtei", "won on the last discard"), ("rinshan", "won on a kong's replacement draw"),
                       ("chankan", "won on a tile added to a kong"), ("tenhou", "the dealer's first draw"),
                       ("chiihou", "a non-dealer's first draw")):
        win.add_argument(f"--{flag}", action="store_true", help=what)
    win.add_argument("--dora", default="", metavar="TILES", help="dora indicators, e.g. 3p5z")
    win.add_argument("--ura", default="", metavar="TILES", help="ura dora indicators (with --riichi)")
    win.add_argument("--seat-wind", default=None, metavar="WIND", help="E, S, W, N (or 1z-4z); E is the dealer")
    win.add_argument("--round-wind", default=None, metavar="WIND", help="E, S, W, N (or 1z-4z)")
    win.add_argument("--kita", type=int, default=0, metavar="N", help="kita declared (riichi3)")
    win.add_argument("--honba", type=int, default=0, metavar="N", help="honba counters (300 each)")
    win.add_argument("--sticks", type=int, default=0, metavar="N", help="riichi sticks on the table (1000 each)")
    gb = check.add_argument_group("the fans of a gb win (--win with --rules gb; --tsumo and the winds as above)")
    gb.add_argument("--flowers", type=int, default=0, metavar="N", help="flowers (花牌, 0-8), one fan each")
    for flag, what in (("last-copy", "won on the last copy of the tile (和绝张)"),
                       ("last-tile", "won on the wall's last tile (妙手回春 / 海底捞月)"),
                       ("kong-draw", "won on a kong's replacement draw (杠上开花)"),
                       ("robbing-kong", "won on a tile added to a kong (抢杠和)")):
        gb.add_argument(f"--{flag}", action="store_true", help=what)
    values = check.add_argument_group(
        "value-aware discards (--values; riichi): tenpai and win probability and expected score per discard, "
        "with --dora, --seat-wind, --round-wind, --visible, --honba, --sticks (docs/values.md)")
    values.add_argument("--values", action="store_true", help="print each discard's tenpai, win and expected score")
    values.add_argument("--turn", type=int, default=1, metavar="T", help="the turn of the decision, 1-17 (default 1)")
    # Listed for --help only: main() hands everything after "bench" to _bench.run.
    sub.add_parser("bench", help="time mahjong_fast beside the peers installed here "
                                 "(mahjong-fast bench --help for its options)")
    sub.add_parser("analyze", help="judge every discard of mjai logs for tile efficiency "
                                   "(mahjong-fast analyze --help for its options; needs the [logs] extra)")
    sub.add_parser("convert", help="write a game log (a Tenhou record: mjlog XML or tenhou.net/6 JSON) as mjai "
                                   "JSON lines (mahjong-fast convert --help for its options)")
    return parser


def _version_line() -> str:
    """``mahjong-fast 0.2.0 (compiled, Python 3.11.7)``: ``implementation`` is compiled or pure-python."""
    return f"mahjong-fast {__version__} ({implementation}, Python {sys.version.split()[0]})"


class _Output:
    """Lines to a text stream; ``fancy`` when it can encode tiles and Chinese names."""

    def __init__(self, stream: IO[str]) -> None:
        self.stream = stream
        self.fancy = _encodable(stream, _PROBE)

    def line(self, text: str = "") -> None:
        _write(self.stream, text + "\n")


def _encodable(stream: IO[str], text: str) -> bool:
    encoding = getattr(stream, "encoding", None) or "utf-8"
    try:
        text.encode(encoding)
    except (UnicodeError, LookupError):
        return False
    return True


def _write(stream: IO[str], text: str) -> None:
    """Write ``text``, replacing what the stream's encoding cannot hold."""
    try:
        stream.write(text)
    except UnicodeEncodeError:
        encoding = getattr(stream, "encoding", None) or "ascii"
        stream.write(text.encode(encoding, "backslashreplace").decode(encoding))


def _print(stream: IO[str], text: str) -> int:
    _write(stream, text + "\n")
    return EXIT_OK


def _plural(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


def _hand_shape_error(n: int, k: int, size: int) -> str | None:
    """Why a hand of ``n`` concealed tiles beside ``k`` melds cannot be checked, or None."""
    if size == 0:
        return "empty hand: give the tiles to check, e.g. mahjong-fast check 11123456789999m"
    if size > MAX_HAND:
        parts = _plural(n, "concealed tile") + (f" and {_plural(k, 'meld')}" if k else "")
        beside = f"; beside {_plural(k, 'meld')} the concealed part has at most {MAX_HAND - 3 * k}" if k else ""
        return (f"too many tiles: {parts} make {size}, and a hand holds at most {MAX_HAND} "
                f"(a kong counting three){beside}")
    return None


def _check(args: argparse.Namespace, out: _Output) -> int:
    scored = None if args.win is None else _score_of(args)  # a bad score argument fails before any output
    valued = _values_of(args) if args.values else None
    hand = Hand(" ".join(args.hand), args.melds)
    n, k = len(hand.tiles), len(hand.melds)
    problem = _hand_shape_error(n, k, hand.size)
    if problem:
        raise ValueError(problem)
    wild = args.wild
    fifth = not args.no_fifth
    rules = args.rules if args.win is None and not args.values else args.rules or "riichi"
    kinds = wild_kinds(wild)
    rule_flags(hand, as_rules(rules), kinds)  # a tile or meld the rules leave out fails before any output
    if args.json:
        report = check_report(hand, self_drawn=args.self_drawn, wild=wild, fifth=fifth, rules=rules,
                              visible=args.visible)
        report["score"] = None if scored is None else score_report(*scored)
        if valued is not None:
            report["values"] = values_report(valued, args.turn)
        out.line(json.dumps(report, ensure_ascii=not out.fancy))
        return EXIT_OK
    if out.fancy:
        out.line(f"hand:      {format_hand(hand, 'unicode')}   ({format_hand(hand)})")
    else:
        out.line(f"hand:      {format_hand(hand)}")
    if rules is not None:
        out.line(f"rules:     {rules}")
    if kinds:
        shown = " ".join(_tile_text(t, out) for t in kinds)
        out.line(f"wild:      {shown}" + ("" if fifth else " (no fifth copy)"))
    won = False
    if n % 3 == 2:
        won = is_win(hand, wild=wild, fifth=fifth, rules=rules)
        out.line(f"win:       {'yes' if won else 'no'}")
        if won:
            _report_shape(hand, args.self_drawn, out, wild, fifth, rules)
    elif n % 3 == 1:
        found = waits(hand, wild=wild, fifth=fifth, rules=rules)
        out.line("waits:     " + (" ".join(_tile_text(t, out) for t in found) or "none"))
    else:
        beside = f" beside {_plural(k, 'meld')}" if k else ""
        out.line(f"win:       no ({_plural(n, 'concealed tile')}{beside}: a concealed part "
                 f"wins with 3n+2 tiles and waits with 3n+1)")
    if n % 3:
        out.line(f"shanten:   {shanten(hand, wild=wild, fifth=fifth, rules=rules)}")
    plain = not out.fancy
    if n % 3 == 2 and not won:  # a complete hand needs no discard table
        out.line("discards:")
        table = discard_analysis(hand, visible=args.visible, rules=rules, wild=wild, fifth=fifth, two_step=True)
        for line in table.render(plain).splitlines():
            out.line(f"  {line}")
    elif n % 3 == 1:
        useful = useful_tiles(hand, visible=args.visible, rules=rules, wild=wild, fifth=fifth)
        out.line("useful:    " + useful.render(plain))
    if scored is not None:
        _print_score(*scored, out)
    if valued is not None:
        out.line(f"values:    turn {args.turn}, best first (tenpai, win, expected score)")
        for d in valued:
            out.line(f"  {d.name}  tenpai {d.tenpai:6.1%}  win {d.win:6.1%}  expected {d.expected:8.1f}")
    return EXIT_OK


def _values_of(args: argparse.Namespace) -> tuple[DiscardValue, ...]:
    """The ``mf.discard_values`` of ``check --values``."""
    return discard_values(" ".join(args.hand), melds=args.melds, rules=args.rules or "riichi", turn=args.turn,
                          dora=args.dora, seat_wind=args.seat_wind, round_wind=args.round_wind,
                          visible=args.visible, honba=args.honba, riichi_sticks=args.sticks)


def values_report(values: Sequence[DiscardValue], turn: int) -> list[dict[str, Any]]:
    """The ``values`` list of ``check --values --json`` (schema: docs/cli.md), best first.

    >>> from mahjong_fast._values import discard_values
    >>> r = values_report(discard_values("123456789m12345p", seat_wind="E", round_wind="E", turn=16), 16)
    >>> r[0]["tile"], sorted(r[0]), len(r[0]["curves"])
    ('1p', ['curves', 'expected', 'tenpai', 'tile', 'win'], 2)
    """
    return [{"tile": d.name, "tenpai": d.tenpai, "win": d.win, "expected": d.expected,
             "curves": [{"turn": t, "tenpai": c[0], "win": c[1], "expected": c[2]}
                        for t, c in enumerate(d.curves, turn)]} for d in values]


def _report_shape(hand: Hand, self_drawn: bool, out: _Output, wild: object, fifth: bool, rules: str | None) -> None:
    """Hu types of a whole winning hand, and the splits that match its shape (none with jokers)."""
    shape = HuType(0)
    if hand.size == MAX_HAND:
        hu = classify(hand, self_drawn=self_drawn, wild=wild, fifth=fifth, rules=rules)  # type: ignore[arg-type]
        shape = hu.shape
        out.line("hu types:  " + (str(hu) if out.fancy else hu.english))
    if wild:
        return
    pairs, splits = _shape_parts(hand, shape, rules)
    if pairs:
        out.line("  pairs:   " + " ".join(pairs))
    for d in splits:
        out.line(f"  split:   {d}")


def _shape_parts(hand: Hand, shape: HuType, rules: str | None) -> tuple[list[str], list[str]]:
    """The pairs of a seven-pairs shape, or the splits that fit ``shape`` (the all-pung ones of 对对胡)."""
    if shape in (HuType.QI_XIAO_DUI, HuType.QI_DA_DUI, HuType.HAO_HUA_QI_DUI):
        return [format_hand([t, t]) for t in Tile for _ in range(hand.counts[t] // 2)], []
    if shape == HuType.SHI_SAN_YAO:
        return [], []
    all_pungs = shape == HuType.DUI_DUI_HU
    return [], [str(d) for d in decompose(hand, rules=rules)
                if not all_pungs or all(m.kind != "chow" for m in d.melds)]


def _tiles(tiles: Iterable[Tile]) -> list[str]:
    return [str(t) for t in tiles]


def _useful_report(u: UsefulTiles) -> dict[str, Any]:
    """A ``UsefulTiles`` in JSON: the shanten of its hand (after the discard, in a discard row)."""
    return {"shanten": u.shanten, "tiles": _tiles(u.tiles), "unseen": {str(t): n for t, n in u.counts.items()},
            "total": u.total}


def check_report(hand: Hand, *, self_drawn: bool = False, wild: Wild = None, fifth: bool = True,
                 rules: str | None = None, visible: object = None) -> dict[str, Any]:
    """What ``mahjong-fast check`` prints, as the object ``--json`` writes (schema: docs/cli.md).

    >>> import json
    >>> r = check_report(Hand("123m456p789s1123z"))
    >>> r["shanten"], r["waits"], r["useful"]["total"], r["win"]
    (1, [], 8, None)
    >>> json.loads(json.dumps(r)) == r
    True
    """
    n = len(hand.tiles)
    report: dict[str, Any] = {
        "hand": format_hand(hand), "concealed": n, "melds": len(hand.melds), "rules": rules or "chinese",
        "wild": _tiles(wild_kinds(wild)), "fifth": fifth, "self_drawn": self_drawn,
        "win": None, "hu": None, "pairs": None, "splits": None, "waits": None, "shanten": None,
        "useful": None, "discards": None, "score": None,
    }
    if n % 3 == 2:
        report["win"] = won = is_win(hand, wild=wild, fifth=fifth, rules=rules)
        if won and hand.size == MAX_HAND:
            hu = classify(hand, self_drawn=self_drawn, wild=wild, fifth=fifth, rules=rules)
            report["hu"] = {"value": int(hu), "text": hu.english, "flags": [
                {"name": f.name, "chinese": f.chinese, "english": f.english} for f in hu.flags()]}
            if not wild:
                report["pairs"], report["splits"] = _shape_parts(hand, hu.shape, rules)
        elif won and not wild:
            report["pairs"], report["splits"] = _shape_parts(hand, HuType(0), rules)
        if not won:
            table = discard_analysis(hand, visible=visible, rules=rules, wild=wild, fifth=fifth, two_step=True)
            report["discards"] = [
                {"tile": str(d.tile), **_useful_report(d.useful), "backward": d.backward,
                 "two_step": d.two_step, "good_shape": d.good_shape,
                 "improvements": None if d.improvements is None else {str(t): c for t, c in d.improvements.items()}}
                for d in table
            ]
    elif n % 3 == 1:
        report["waits"] = _tiles(waits(hand, wild=wild, fifth=fifth, rules=rules))
        report["useful"] = _useful_report(useful_tiles(hand, visible=visible, rules=rules, wild=wild, fifth=fifth))
    if n % 3:
        report["shanten"] = shanten(hand, wild=wild, fifth=fifth, rules=rules)
    return report


_FLAGS = ("riichi", "double_riichi", "ippatsu", "haitei", "houtei", "rinshan", "chankan", "tenhou", "chiihou",
          "last_copy", "last_tile", "kong_draw", "robbing_kong")


def _score_of(args: argparse.Namespace) -> tuple[Score, int, int | None]:
    """The ``mf.score`` of ``check --win``, the dealer's seat and the discarder's (None on tsumo)
    when the winner is seat 0 and a ron comes from seat 1."""
    rules = args.rules or "riichi"
    tsumo = args.tsumo or args.self_drawn
    s = score(" ".join(args.hand), args.win, melds=args.melds, rules=rules, tsumo=tsumo,
              **{f: getattr(args, f) for f in _FLAGS}, seat_wind=args.seat_wind, round_wind=args.round_wind,
              dora=args.dora, ura=args.ura, kita=args.kita, honba=args.honba, riichi_sticks=args.sticks,
              flowers=args.flowers)
    wind = _wind(args.seat_wind, "seat_wind", s.players)  # -1: a non-dealer
    dealer = s.players - 1 if wind < 0 else (FIRST_HONOR - wind) % s.players
    return s, dealer, None if tsumo else 1


def score_report(s: Score, dealer: int, loser: int | None) -> dict[str, Any]:
    """The ``score`` object of ``check --win --json`` (schema: docs/cli.md): the winner is seat 0, a
    ron's discarder seat 1.

    >>> from mahjong_fast import score
    >>> r = score_report(score("123567m234p678s55p", "8s", riichi=True, dora="4p"), 3, 1)
    >>> r["han"], r["fu"], r["points"], r["deltas"], [i["japanese"] for i in r["items"]]
    (4, 30, 7700, [7700, -7700, 0, 0], ['立直', '平和', 'ドラ'])
    >>> r = score_report(score("123456789m55p", "5p", melds=["444s"], rules="gb"), 3, 1)
    >>> r["total"], r["valid"], r["points"], r["deltas"], [i["chinese"] for i in r["items"]]
    (18, True, 26, [42, -26, -8, -8], ['清龙', '无字', '独听・单钓'])
    """
    if s.total:
        return {
            "valid": s.valid, "items": [{"name": f.name, "chinese": f.chinese, "english": f.english, "points": p}
                                        for f, p in s.items],
            "total": s.total, "points": s.points if isinstance(s.points, int) else list(s.points), "tsumo": s.tsumo,
            "dealer": s.dealer, "deltas": list(s.deltas(0, dealer, loser)),
        }
    return {
        "valid": s.valid, "items": [{"name": y.name, "japanese": y.japanese, "english": y.english, "han": h}
                                    for y, h in s.items],
        "han": s.han, "fu": s.fu, "yakuman": s.yakuman, "limit": s.limit,
        "points": s.points if isinstance(s.points, int) else list(s.points), "tsumo": s.tsumo, "dealer": s.dealer,
        "honba": s.honba, "riichi_sticks": s.riichi_sticks, "deltas": list(s.deltas(0, dealer, loser)),
    }


def _print_score(s: Score, dealer: int, loser: int | None, out: _Output) -> None:
    """The ``score:`` lines of ``check --win``: each yaku with its han, han/fu and limit, the payments
    (gb: each fan with its points, the total, whether the win is legal)."""
    if s.total:
        _print_fans(s, dealer, loser, out)
        return
    if not s.valid:
        out.line("score:     no yaku: not a legal win, it pays nothing")
        return
    out.line(f"score:     {s.han} han" + (f" {s.fu} fu" if s.fu else "") + (f", {s.limit}" if s.limit else "")
             + (", tsumo" if s.tsumo else ", ron"))
    for y, h in s.items:
        out.line(f"  yaku:    {y.japanese} ({y.english}) {h}" if out.fancy else f"  yaku:    {y.english} {h}")
    payers = who_pays(s, "{0} from the discarder", "{1} from each", "{0} from the dealer, {1} from each other seat")
    extra = f" (+{s.honba} honba, {s.riichi_sticks} riichi sticks)" if s.honba or s.riichi_sticks else ""
    out.line(f"points:    {payers}{extra}; the winner gains {s.deltas(0, dealer, loser)[0]}")


def _print_fans(s: Score, dealer: int, loser: int | None, out: _Output) -> None:
    flowers = sum(1 for f, _ in s.items if f is Fan.FLOWER_TILES)
    legal = "a legal win" if s.valid else "under 8 before flowers: not a legal win, it pays nothing"
    out.line(f"score:     {s.total} fans" + (f" ({flowers} for flowers)" if flowers else "") + f", {legal}"
             + (", self-drawn" if s.tsumo else ", by discard"))
    for fan, count in collections.Counter(f for f, _ in s.items).items():
        times = f" x{count}" if count > 1 else ""
        name = f"{fan.chinese} ({fan.english})" if out.fancy else fan.english
        out.line(f"  fan:     {name} {fan.points}{times}")
    if s.valid:
        paid = (f"{s.points[0]} from each" if isinstance(s.points, tuple)
                else f"{s.points} from the discarder, 8 from each other seat")
        out.line(f"points:    {paid}; the winner gains {s.deltas(0, dealer, loser)[0]}")


def _tile_text(tile: Tile, out: _Output) -> str:
    return f"{tile.unicode} {tile}" if out.fancy else str(tile)


def _drop_stdout(stream: IO[str]) -> None:
    """Point a failed real stdout at devnull, so the flush at exit does not fail again."""
    if stream is not sys.__stdout__:
        return
    try:
        fd = stream.fileno()
    except (AttributeError, OSError, ValueError):
        return
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, fd)
    os.close(devnull)


def _guarded(work: Callable[[], int], stdout: IO[str], stderr: IO[str]) -> int:
    """Run ``work``, turning bad input and unwritable output into an exit status."""
    try:
        status = work()
        stdout.flush()
        return status
    except BrokenPipeError:  # the reader went away (| head): nothing to say
        _drop_stdout(stdout)
        return EXIT_OUTPUT
    except (ValueError, TypeError) as exc:
        _write(stderr, f"mahjong-fast: error: {exc}\n")
        return EXIT_BAD_INPUT
    except OSError as exc:
        _drop_stdout(stdout)
        _write(stderr, f"mahjong-fast: error: cannot write the output: {exc.strerror or exc}\n")
        return EXIT_OUTPUT


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the ``mahjong-fast`` console script; returns the exit status.

    ``--help`` and usage errors raise ``SystemExit`` as argparse does.
    """
    argv = list(sys.argv[1:] if argv is None else argv)
    stdout, stderr = sys.stdout, sys.stderr
    if argv[:1] == ["bench"]:
        from ._bench import run  # lazy: only this command needs the benchmark code

        return _guarded(lambda: run(argv[1:]), stdout, stderr)
    if argv[:1] == ["analyze"]:
        from .logs._cli import run as analyze  # lazy, as bench: only this command reads logs

        return _guarded(lambda: analyze(argv[1:], stdout, stderr), stdout, stderr)
    if argv[:1] == ["convert"]:
        from .logs._convert import run as convert  # lazy, as analyze

        return _guarded(lambda: convert(argv[1:], stdout), stdout, stderr)
    if argv == ["--version"]:  # argparse's own action would hide a failed write
        return _guarded(lambda: _print(stdout, _version_line()), stdout, stderr)
    parsed: list[argparse.Namespace | SystemExit] = []

    def parse() -> int:
        try:
            parsed.append(_parser().parse_args(argv))
        except SystemExit as exit_:  # --help, --version or a usage error, already printed
            parsed.append(exit_)
        return EXIT_OK

    status = _guarded(parse, stdout, stderr)
    if status != EXIT_OK:
        return status
    args = parsed[0]
    if isinstance(args, SystemExit):
        raise args
    return _guarded(lambda: _check(args, _Output(stdout)), stdout, stderr)


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
