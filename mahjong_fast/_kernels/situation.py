"""The fixed facts of one value-aware discard search, read by both twins of the ``values`` kernel.

>>> s = Situation(None, None, 0, (), [0] * 34, 0, True, 27, 27, [33], 1, 0)
>>> s.dora_kinds, s.dealer, s.bonus
([31], True, 300)
"""
from __future__ import annotations

from collections.abc import Callable, Sequence

ScoreKernel = Callable[[bytes, tuple[tuple[int, int], ...], int, int, int, int, int, int],
                       "tuple[tuple[tuple[int, int], ...], int, int, int, int] | None"]
"""The scoring kernel's ``score_counts``."""
ShantenKernel = Callable[[bytes, int], int]
"""The shanten kernel's ``shanten_counts`` (counts, form)."""
EAST = 27


def dora_of(indicator: int) -> int:
    """The dora an indicator shows (four players).

    >>> dora_of(8), dora_of(30), dora_of(33)
    (0, 27, 31)
    """
    if indicator < 27:
        return indicator - 8 if indicator % 9 == 8 else indicator + 1
    if indicator < 31:
        return 27 + (indicator - 26) % 4
    return 31 + (indicator - 30) % 3


class Situation:
    """The scoring situation and the kernels a search calls: ``score_counts`` and ``shanten`` (the
    Python-level kernel functions; the compiled twin calls the shanten kernel in C), the rule
    ``switches``, the melds as the scoring kernel reads them (``melds``), their 34 tile counts and
    the count of melds holding a red five, whether the hand is closed, the winds (index34, -1 for
    none), the dora indicators (index34), honba and riichi sticks.

    The compiled call of ``discard_values`` makes it in C, its slots set as ``__init__`` sets them
    from the class's ``DORA_OF``, ``HONBA_POINTS`` and ``STICK_POINTS`` (``_api_fast_values.pxi``)."""

    __slots__ = ("bonus", "closed", "dealer", "dora_kinds", "indicators", "meld_red", "meld_tiles", "melds", "n_melds",
                 "round_wind", "score_counts", "seat_wind", "shanten", "switches")
    DORA_OF = tuple(dora_of(i) for i in range(34))
    """The dora each indicator shows, by index34."""
    HONBA_POINTS = 300
    """What a honba adds to a win."""
    STICK_POINTS = 1000
    """What a riichi stick on the table adds to a win."""

    def __init__(self, score_counts: ScoreKernel | None, shanten: ShantenKernel | None, switches: int,
                 melds: tuple[tuple[int, int], ...], meld_tiles: Sequence[int], meld_red: int, closed: bool,
                 seat_wind: int, round_wind: int, dora: Sequence[int], honba: int, riichi_sticks: int) -> None:
        self.score_counts = score_counts
        self.shanten = shanten
        self.switches = switches
        self.melds = melds
        self.n_melds = len(melds)
        self.meld_tiles = list(meld_tiles)
        self.meld_red = meld_red
        self.closed = closed
        self.seat_wind = seat_wind
        self.round_wind = round_wind
        self.dora_kinds = [self.DORA_OF[i] for i in dora]
        self.indicators = len(dora)
        self.dealer = seat_wind == EAST
        self.bonus = self.HONBA_POINTS * honba + self.STICK_POINTS * riichi_sticks
