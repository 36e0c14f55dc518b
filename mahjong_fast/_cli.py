"""The ``mahjong-fast`` command line (also ``python -m mahjong_fast``)."""
from __future__ import annotations

import argparse
import sys
from typing import Sequence

NOTATION_HELP = """\
Hands may be written in any of these notations (detected automatically):

  mpsz     123m456p789s11z       m characters, p dots, s bamboo, z honors
                                 1z-4z east south west north, 5z white 6z green 7z red;
                                 0m/0p/0s is a red five (read as a five)
  botzone  W1 W2 W3 B4 T7 F1 J3  W characters, B dots, T bamboo, F1-F4 winds,
                                 J1 red J2 green J3 white (MahjongGB / Botzone)
  unicode  🀇🀈🀉🀜🀖🀀🀆           the U+1F000 mahjong tiles block
  chinese  一万 二万 五筒 七条 东 白  also 东风 白板 红中 发财, 饼/索, 萬/發

Declared melds follow the concealed tiles in brackets, in the same notation:
  [789s] an exposed chow, [555p] a pung, [1111z] an exposed kong,
  {1111z} a concealed kong.   Example:  mahjong-fast check '123m456p11z [789s] {5555z}'

Examples:
  mahjong-fast check 11123456789999m
  mahjong-fast check 1112345678999m            (13 tiles: prints waits and shanten)
  mahjong-fast check 123m456p11z --melds 789s 5555z
  mahjong-fast check 1234m456p789s77z --wild 7z
"""


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="mahjong-fast",
        description="Fast mahjong win check (胡牌), hu types, waits (听牌) and shanten (向听数).",
        epilog=NOTATION_HELP,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
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
    bench = sub.add_parser("bench", help="time mahjong_fast beside the peers installed here", add_help=False)
    bench.add_argument("args", nargs=argparse.REMAINDER, help="options passed to the benchmark")
    return parser


def _check(args: argparse.Namespace, out) -> int:
    import mahjong_fast as mf

    hand = mf.Hand(" ".join(args.hand), args.melds)
    wild = args.wild
    fifth = not args.no_fifth
    unicode_hand = mf.format(hand, "unicode")
    print(f"hand:      {unicode_hand}   ({mf.format(hand)})", file=out)
    n = len(hand.tiles)
    if wild:
        kinds = " ".join(mf.format([t], "unicode") for t in mf._api.wild_kinds(wild))
        print(f"wild:      {kinds}" + ("" if fifth else " (no fifth copy)"), file=out)
    if n % 3 == 2:
        won = mf.is_win(hand, wild=wild, fifth=fifth)
        print(f"win:       {'yes' if won else 'no'}", file=out)
        if hand.size == 14 and not wild:
            hu = mf.classify(hand, self_drawn=args.self_drawn)
            if hu:
                print("hu types:  " + ", ".join(f"{f.chinese} {f.english}" for f in hu.flags()), file=out)
        if won and not wild:
            for d in mf.decompose(hand):
                print(f"  split:   {_split_text(d)}", file=out)
    elif n % 3 == 1 and hand.size <= 13:
        found = mf.waits(hand, wild=wild, fifth=fifth)
        shown = " ".join(f"{t.unicode} {t}" for t in found) or "none"
        print(f"waits:     {shown}", file=out)
    else:
        print(f"win:       no ({n} concealed tiles is not 3n+2)", file=out)
    if n % 3 and hand.size <= 14:
        print(f"shanten:   {mf.shanten(hand, wild=wild, fifth=fifth)}", file=out)
    return 0


def _split_text(decomposition) -> str:
    from ._notation import format as fmt

    melds = []
    for m in decomposition.melds:
        text = fmt(list(m.tiles), "mpsz")
        if m.declared:
            text = "{" + text + "}" if m.concealed else f"[{text}]"
        melds.append(text)
    return f"{decomposition.pair}{decomposition.pair} + " + " ".join(melds)


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the ``mahjong-fast`` console script."""
    args, extra = _parser().parse_known_args(argv)
    if args.command == "bench":
        from ._bench import run

        return run(list(args.args) + extra)
    if extra:
        _parser().error(f"unrecognized arguments: {' '.join(extra)}")
    try:
        return _check(args, sys.stdout)
    except (ValueError, TypeError) as exc:
        print(f"mahjong-fast: error: {exc}", file=sys.stderr)
        return 2


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
