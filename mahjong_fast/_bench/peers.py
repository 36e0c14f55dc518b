"""The peer libraries beside mahjong_fast: one adapter each, fed its native input form.

riichienv takes 136-ids, ``mahjong`` and xiangting 34 counts, PyMahjongGB Botzone names, jansou
its own ``Hand``; each adapter converts the hands beforehand and reads the answer back into the
form of ours.  A row of a peer library that is not installed is left out of the run.  Peers
follow their own rules: riichienv, ``mahjong``, xiangting and jansou riichi rules, PyMahjongGB
Chinese Official rules; a peer row of tile efficiency is checked against the rule set it plays.

>>> to_botzone([0, 9, 18, 27, 33])
('W1', 'B1', 'T1', 'F1', 'J1')
"""
from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from .._layout import MAX_COPIES, N_KINDS
from .answers import best_first, sorted_ints
from .hands import hands13, hands14, tile_counts, to_ids136
from .rows import Row, Setup, bound, ints

GB_NAMES = tuple(
    [f"W{i}" for i in range(1, 10)]
    + [f"B{i}" for i in range(1, 10)]
    + [f"T{i}" for i in range(1, 10)]
    + ["F1", "F2", "F3", "F4", "J3", "J2", "J1"]  # index34 white, green, red = Botzone J3, J2, J1
)
"""The Botzone name of each index34 tile (PyMahjongGB's input)."""
_GB_INDEX = {name: t for t, name in enumerate(GB_NAMES)}


def to_botzone(tiles: Sequence[int]) -> tuple[str, ...]:
    """index34 tiles as Botzone names."""
    return tuple(GB_NAMES[t] for t in tiles)


def _gb_useful(forms: Sequence[tuple[int, Sequence[str]]]) -> tuple[int, int]:
    """PyMahjongGB's per-form ``(shanten, useful tiles)`` as ``(shanten, mask)``: the forms at the least shanten."""
    best = min(s for s, _ in forms)
    return best, sum({1 << _GB_INDEX[name] for s, tiles in forms if s == best for name in tiles})


def xiangting_discards() -> Callable[[list[int]], list[tuple[int, int, int, int]]]:
    """xiangting's discard analysis, as a bot writes it: per tile held, ``calculate_necessary_tiles``
    on the hand less that tile and a Python sum of the unseen copies of its mask.  The function
    answers ``(tile, shanten, mask, total)`` rows of 34 counts (riichi rules, four players)."""
    import xiangting

    four = xiangting.PlayerCount.FOUR
    necessary = xiangting.calculate_necessary_tiles

    def discards(c: list[int]) -> list[tuple[int, int, int, int]]:
        rows = []
        for d in range(N_KINDS):
            if c[d]:
                c[d] -= 1
                number, mask = necessary(c, four)
                total = 0
                for t in range(N_KINDS):
                    if mask >> t & 1:
                        total += MAX_COPIES - c[t]
                c[d] += 1
                rows.append((d, number - 1, mask, total))
        return rows

    return discards


def efficiency_peers(work: str, fewer: int) -> list[Row]:
    """The peers of tile efficiency, each fed its native form: riichi rules, GB rules for MahjongGB."""

    def xiangting_useful() -> Setup:
        import xiangting

        necessary = bound(xiangting.calculate_necessary_tiles, player_count=xiangting.PlayerCount.FOUR)
        return necessary, [tile_counts(h) for h in hands13()], lambda r: (int(r[0]) - 1, int(r[1]))

    def gb_useful() -> Setup:
        import MahjongGB as gb

        forms = (gb.RegularShanten, gb.SevenPairsShanten, gb.ThirteenOrphansShanten,
                 gb.HonorsAndKnittedTilesShanten, gb.KnittedStraightShanten)

        def useful(tiles: tuple[str, ...]) -> list[tuple[int, Sequence[str]]]:
            return [form(tiles) for form in forms]

        return useful, [to_botzone(h) for h in hands13()], _gb_useful

    def xiangting_loop() -> Setup:
        return xiangting_discards(), [tile_counts(h) for h in hands14()], best_first

    def jansou_discards() -> Setup:
        from jansou.analysis.efficiency import discard_evaluation
        from jansou.core.hand import Hand
        from jansou.core.tiles import Tile, TileKind

        def rows(options: Sequence[Any]) -> tuple[tuple[int, int, int, int], ...]:
            return best_first([(int(o.discard), o.shanten, sum(1 << int(t) for t in o.acceptance),
                                 o.total_acceptance) for o in options])

        return discard_evaluation, [Hand(tuple(Tile(TileKind(t)) for t in h)) for h in hands14()], rows

    if work == "useful":
        return [
            Row("xiangting necessary tiles, a mask (riichi)", "xiangting", xiangting_useful,
                reference="useful riichi mask", fewer=fewer),
            Row("MahjongGB per-form useful tiles (gb)", "MahjongGB", gb_useful,
                reference="useful gb mask", fewer=fewer),
        ]
    if work == "discards":
        return [
            Row("xiangting loop over discards (riichi)", "xiangting", xiangting_loop, reference="discards riichi",
                fewer=fewer),
            Row("jansou discard_evaluation (riichi)", "jansou", jansou_discards, reference="discards riichi",
                fewer=fewer),
        ]
    return [Row("jansou discard_evaluation, no two-step (riichi)", "jansou", jansou_discards,
                reference="discards riichi", fewer=fewer)]


def peer_rows(work: str) -> list[Row]:
    """The peers of a workload with peers (is_win, shanten, waits), each fed its native form."""

    def riichienv_shanten(hands: Callable[[], Sequence[Sequence[int]]], win: bool) -> Callable[[], Setup]:
        def setup() -> Setup:
            import riichienv

            read = (lambda s: s == -1) if win else int
            return riichienv.calculate_shanten, [to_ids136(h) for h in hands()], read

        return setup

    def mahjong_agari() -> Setup:
        from mahjong.agari import Agari

        return Agari().is_agari, [tile_counts(h) for h in hands14()], bool

    def mahjong_shanten() -> Setup:
        from mahjong.shanten import Shanten

        return Shanten().calculate_shanten, [tile_counts(h) for h in hands13()], int

    def xiangting_number(hands: Callable[[], Sequence[Sequence[int]]], win: bool) -> Callable[[], Setup]:
        def setup() -> Setup:
            import xiangting

            four = xiangting.PlayerCount.FOUR

            def number(counts: list[int]) -> int:
                return int(xiangting.calculate_replacement_number(counts, four)) - 1

            return number, [tile_counts(h) for h in hands()], (lambda s: s == -1) if win else int

        return setup

    def xiangting_waits() -> Setup:
        import xiangting

        four = xiangting.PlayerCount.FOUR

        def waits(counts: list[int]) -> tuple[int, ...]:
            number, tiles = xiangting.calculate_necessary_tiles(counts, four)
            return tuple(t for t in range(N_KINDS) if tiles >> t & 1) if number == 1 else ()

        return waits, [tile_counts(h) for h in hands13()], tuple

    def gb_shanten() -> Setup:
        from MahjongGB import MahjongShanten

        def shanten(tiles: tuple[str, ...]) -> int:
            return int(MahjongShanten((), tiles))

        return shanten, [to_botzone(h) for h in hands13()], int

    def riichienv_waits() -> Setup:
        from riichienv import HandEvaluator

        def waits(ids: list[int]) -> list[int]:
            return list(HandEvaluator(ids).get_waits())

        return waits, [to_ids136(h) for h in hands13()], sorted_ints

    if work == "rules is_win":
        return [Row("mahjong Agari.is_agari (riichi)", "mahjong", mahjong_agari, reference="is_win riichi")]
    if work == "rules shanten":
        return [
            Row("riichienv calculate_shanten (riichi)", "riichienv", riichienv_shanten(hands13, False),
                reference="shanten riichi"),
            Row("mahjong Shanten (riichi)", "mahjong", mahjong_shanten, reference="shanten riichi"),
            Row("xiangting replacement number (riichi)", "xiangting", xiangting_number(hands13, False),
                reference="shanten riichi"),
            Row("MahjongGB MahjongShanten (gb)", "MahjongGB", gb_shanten, reference="shanten gb"),
        ]
    if work == "rules waits":
        return [
            Row("riichienv HandEvaluator waits (riichi)", "riichienv", riichienv_waits, reference="waits riichi"),
            Row("xiangting necessary tiles (riichi)", "xiangting", xiangting_waits, reference="waits riichi"),
        ]
    if work == "is_win":
        return [
            Row("riichienv calculate_shanten", "riichienv", riichienv_shanten(hands14, True)),
            Row("mahjong Agari.is_agari", "mahjong", mahjong_agari),
            Row("xiangting replacement number", "xiangting", xiangting_number(hands14, True)),
            Row("builtin sum() of the list", None, lambda: (sum, ints(hands14()), None)),
        ]
    if work == "shanten":
        return [
            Row("riichienv calculate_shanten", "riichienv", riichienv_shanten(hands13, False)),
            Row("mahjong Shanten", "mahjong", mahjong_shanten),
            Row("MahjongGB MahjongShanten", "MahjongGB", gb_shanten),
            Row("xiangting replacement number", "xiangting", xiangting_number(hands13, False)),
        ]
    return [
        Row("riichienv HandEvaluator waits", "riichienv", riichienv_waits),
        Row("xiangting necessary tiles", "xiangting", xiangting_waits),
    ]


