"""``discard_values``: tenpai and win probability and expected score per discard (DESIGN.md,
"Value-aware discards"; the model in docs/values.md).

The arguments are read and checked here; the search is the ``values`` kernel
(``_kernels/values_py.py``), which scores each reachable win with the scoring kernel.
"""
from __future__ import annotations

import threading
from collections.abc import Callable, Iterable
from struct import iter_unpack
from typing import Any, TypeVar, cast

from ._dispatch import api_fast as _api_fast
from ._dispatch import scoring as _scoring_kernel
from ._dispatch import shanten as _shanten_kernel
from ._dispatch import values as _search
from ._hand import Hand, as_hand
from ._kernels import score_flags as _K
from ._kernels.situation import Situation
from ._meld import MeldLike
from ._rules import RULES, Rules, RulesLike, as_rules
from ._scoring import _MELD_CODE, _int_arg, _wind
from ._tile_names import show
from ._tiles import Tile

__all__ = ["DiscardValue", "discard_values"]

T = TypeVar("T")

LAST_TURN = 17
"""The last turn the player draws at (mahjong-cpp's ``t_max`` 18 is the turn after it)."""
MAX_INDICATORS = 5
MAX_STICKS = 1_000_000
"""The most ``honba`` and ``riichi_sticks`` each: the compiled search adds their points in C ints."""
MAX_FROM_READY = 3
"""The farthest hand searched: the model's states grow about fifteenfold with each step from ready."""
_RIICHI = RULES["riichi"]
_RIICHI_FLAGS = _RIICHI.flags
DEEP_FROM = 2
"""From here on the compiled search recurses too deep for a thread's usual stack: it runs on its own thread."""
_DEEP_STACK = 1 << 30  # address space only: the pages the search touches are all it costs
_STACK_SIZE_LOCK = threading.Lock()


def _deep(search: Callable[..., T], *args: object) -> T:
    """``search(*args)`` on a thread of its own with a deep stack.

    The search walks the model's graph depth first, as mahjong-cpp does; at 3 from ready a path
    can pass thousands of states, and the compiled search recurses in C for each, past the 8 MiB
    stack of a usual thread.  The caller waits (interruptibly); an error in the search is raised here.

    ``threading.stack_size`` is the whole process's: it is set and put back under a lock, so
    searches started side by side never leave it changed.  The recursion limit is never touched
    (the pure search keeps its path on a list): raising it, process-wide, would let another
    thread's deep C recursion (``json`` on a hostile log) overflow its stack.
    """
    outcome: list[Any] = []

    def run() -> None:
        try:
            outcome.append((True, search(*args)))
        except BaseException as error:  # carried over to the caller's thread
            outcome.append((False, error))

    worker = threading.Thread(target=run, name="mahjong_fast discard_values", daemon=True)
    with _STACK_SIZE_LOCK:
        size = threading.stack_size(_DEEP_STACK)
        try:
            worker.start()
        finally:
            threading.stack_size(size)
    while worker.is_alive():
        worker.join(0.05)
    ok, value = outcome[0]
    if not ok:
        raise value
    return value  # type: ignore[no-any-return]


SWITCHES = _K.OPEN_TANYAO | _K.DOUBLE_YAKUMAN | _K.KAZOE_YAKUMAN
"""The scoring rules of the model: open tanyao, double yakuman, kazoe yakuman, no kiriage."""
_RED_KIND = (4, 13, 22)
_TILE_OF = tuple(Tile(i) for i in range(34)) + tuple(Tile(k) for k in _RED_KIND)
"""The tile of each separated index (34-36: the red fives' kinds)."""


class DiscardValue:
    """One discard of ``discard_values``: the tile, whether it is a red five, and its figures.

    ``tenpai``, ``win`` and ``expected`` are the figures at the turn asked for; ``curves`` holds
    ``(tenpai, win, expected)`` for every turn from it to 17 (``curves[0]`` is the first).

    >>> d = DiscardValue(Tile(0), False, ((1.0, 0.5, 4000.0), (1.0, 0.25, 2000.0)))
    >>> d.tile, d.red, d.win, d.expected
    (1m, False, 0.5, 4000.0)
    >>> d.curves[1]
    (1.0, 0.25, 2000.0)
    """

    # A compiled search hands its curves over as packed doubles (``_figures``, three a turn) and
    # ``curves`` makes their tuples on first reading: most callers read only the first turn's
    # figures, and making several hundred floats and tuples a call was a measurable share of it
    # (docs/values.md, the eighteenth step).
    __slots__ = ("_curves", "_figures", "expected", "red", "tenpai", "tile", "win")
    tile: Tile
    red: bool
    tenpai: float
    win: float
    expected: float
    _curves: tuple[tuple[float, float, float], ...] | None
    _figures: bytes | None

    def __init__(self, tile: Tile, red: bool, curves: tuple[tuple[float, float, float], ...]) -> None:
        put = object.__setattr__
        put(self, "tile", tile)
        put(self, "red", red)
        put(self, "_curves", curves)
        put(self, "_figures", None)
        put(self, "tenpai", curves[0][0])
        put(self, "win", curves[0][1])
        put(self, "expected", curves[0][2])

    @property
    def curves(self) -> tuple[tuple[float, float, float], ...]:
        """``(tenpai, win, expected)`` for every turn from the one asked for to 17, ``curves[0]`` the
        figures at that turn (made on first reading when the search handed them over packed).

        >>> DiscardValue(Tile(0), False, ((1.0, 0.5, 4000.0), (1.0, 0.25, 2000.0))).curves[1]
        (1.0, 0.25, 2000.0)
        """
        curves = self._curves
        if curves is None:
            curves = tuple(iter_unpack("ddd", cast(bytes, self._figures)))
            object.__setattr__(self, "_curves", curves)
        return curves

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"DiscardValue is immutable; cannot set {name!r}")

    def __reduce__(self) -> tuple[object, tuple[object, ...]]:
        return DiscardValue, (self.tile, self.red, self.curves)

    @property
    def name(self) -> str:
        """The discard as mpsz text, a red five as ``0m``/``0p``/``0s``.

        >>> DiscardValue(Tile.M5, True, ((1.0, 0.5, 4000.0),)).name
        '0m'
        """
        return f"0{str(self.tile)[1]}" if self.red else str(self.tile)

    def __repr__(self) -> str:
        return (f"DiscardValue({self.name}, tenpai={self.tenpai:.4f}, win={self.win:.4f}, "
                f"expected={self.expected:.1f})")

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, DiscardValue):
            return NotImplemented
        return (self.tile, self.red, self.curves) == (other.tile, other.red, other.curves)

    def __hash__(self) -> int:
        return hash((self.tile, self.red, self.curves))


def _best_first(value: DiscardValue) -> tuple[float, float, int, bool]:
    """The order of ``discard_values``' answer: larger expected, then larger win, then the lower tile
    (plain before red)."""
    return -value.expected, -value.win, int(value.tile), value.red


def _tiles_counts(value: object, encoding: str | None, name: str) -> tuple[list[int], list[int]]:
    """34 counts and the red fives per suit of a tile list (``None``, ``()`` or ``""`` for none)."""
    if value is None or (isinstance(value, (str, tuple, list)) and not (value.strip() if isinstance(value, str)
                                                                        else value)):
        return [0] * 34, [0, 0, 0]
    read = _api_fast.tile_list(value, encoding)  # text and index34 lists of any length, in C
    if read is not None:
        return list(read[0]), list(read[1])
    h = as_hand(value, (), encoding, name)
    return list(h.counts), list(h.red)


def _rules(rules: RulesLike) -> Rules:
    r = RULES[rules] if type(rules) is str and rules in RULES else as_rules(rules)
    if r is not _RIICHI and r != _RIICHI:  # the preset itself: equal without comparing its fields
        raise ValueError(f"rules: discard_values models the four-player riichi game ('riichi'), not {r.name!r}")
    return r


def discard_values(
    hand14: object, *, melds: Iterable[MeldLike] = (), rules: RulesLike = "riichi", turn: int = 1,
    dora: object = (), seat_wind: object = None, round_wind: object = None, visible: object = None,
    honba: int = 0, riichi_sticks: int = 0, encoding: str | None = None,
) -> tuple[DiscardValue, ...]:
    """Each discard's tenpai probability, win probability and expected score, best first.

    The model and its figures are nekobean/mahjong-cpp's ``ExpectedScoreCalculator`` (commit
    453cae05, default configuration; docs/values.md): the player's own draws at turns ``turn`` …
    17 from a wall of the tiles not in the hand, the melds, the dora indicators or ``visible``;
    wins by tsumo only, riichi at the first closed tenpai, ura dora as an exact expectation.

    Parameters
    ----------
    hand14
        The concealed tiles (anything ``Hand`` accepts; ``0m``/``0p``/``0s`` red fives), with
        ``melds`` (a kong as three) 14 tiles.
    melds
        Declared melds (``Meld`` or text; ``{1111z}`` a concealed kong).
    rules
        ``"riichi"`` only (the model's rules: open tanyao, red fives, double and kazoe yakuman).
    turn
        The turn of the decision, 1-17.
    dora
        Dora indicators (text or tiles), at most 5; they leave the wall.
    seat_wind, round_wind
        Winds (``"1z"``-``"4z"``, ``"E"`` …) or ``None`` (a non-dealer without wind yakuhai).
    visible
        Other tiles seen (discards, others' melds); they leave the wall.  A five is plain unless
        written red (``0m``).
    honba, riichi_sticks
        Added to every win (300 per honba, 1000 per stick).

    Returns
    -------
    tuple of DiscardValue
        Best first: larger expected, then larger win, then the lower tile (plain before red).

    Raises
    ------
    ValueError
        Naming the argument: rules other than ``riichi``, ``turn`` outside 1-17, a hand of
        other than 14 tiles or more than 3 from ready (``MAX_FROM_READY``), more than 5 dora
        indicators, more copies seen than exist, ``honba`` or ``riichi_sticks`` beyond ``MAX_STICKS``.

    Examples
    --------
    >>> best = discard_values("123456789m12345p", dora="1z", seat_wind="E", round_wind="E")[0]
    >>> best.name, round(best.win, 4), round(best.expected)
    ('1p', 0.6125, 7492)
    """
    made = _values_entry(hand14, melds, rules, turn, dora, seat_wind, round_wind, visible, honba, riichi_sticks,
                         encoding)
    if made is not None:
        return made  # type: ignore[no-any-return]
    _rules(rules)
    if type(turn) is not int:
        raise TypeError(f"turn must be an int, not {type(turn).__name__} {show(turn)}")
    if not 1 <= turn <= LAST_TURN:
        raise ValueError(f"turn must be 1-{LAST_TURN}, not {turn}")
    hand = as_hand(hand14, melds, encoding, "hand14")
    made = _values_call(hand, turn, dora, seat_wind, round_wind, visible, honba, riichi_sticks, encoding)
    if made is not None:
        return made  # type: ignore[no-any-return]
    return _general_values(hand, turn, dora, seat_wind, round_wind, visible, honba, riichi_sticks, encoding)


def _general_values(hand: Hand, turn: int, dora: object, seat_wind: object, round_wind: object, visible: object,
                    honba: int, riichi_sticks: int, encoding: str | None) -> tuple[DiscardValue, ...]:
    """``discard_values``' answer for ``hand`` (the call's arguments checked up to it) read in Python:
    every form of the arguments, every error (``_values_call``, in C where compiled, answers the
    common calls 0-1 from ready the same, object for object)."""
    size = sum(hand.counts) + 3 * len(hand.melds)
    if size != 14:
        raise ValueError(f"hand14 {hand} holds {size} tiles (a meld as three), not 14")
    from_ready = _shanten_kernel.shanten_counts(bytes(hand.counts), 0, rules=_RIICHI_FLAGS)
    if from_ready > MAX_FROM_READY:
        raise ValueError(f"hand14 {hand} is {from_ready} from ready; discard_values searches hands at most "
                         f"{MAX_FROM_READY} from ready")
    seat = _wind(seat_wind, "seat_wind", 4)
    round_ = _wind(round_wind, "round_wind", 4)
    honba = _int_arg(honba, "honba", MAX_STICKS)
    riichi_sticks = _int_arg(riichi_sticks, "riichi_sticks", MAX_STICKS)
    shown, shown_red = _tiles_counts(dora, encoding, "dora")
    if sum(shown) > MAX_INDICATORS:
        raise ValueError(f"dora: at most {MAX_INDICATORS} indicators, not {sum(shown)}")
    seen, seen_red = _tiles_counts(visible, encoding, "visible")
    meld_tiles = [0] * 34
    meld_red = [0, 0, 0]
    meld_red_count = 0
    for m in hand.melds:
        for t in m.tiles:
            meld_tiles[int(t)] += 1
        if m.red:
            meld_red_count += 1
            meld_red[int(m.tile) // 9] += m.red
    wall = [4 - held - melded - indicated - other for held, melded, indicated, other in zip(hand.counts, meld_tiles,
                                                                                            shown, seen)]
    red_wall = [1 - hand.red[s] - meld_red[s] - shown_red[s] - seen_red[s] for s in range(3)]
    if min(wall) < 0 or min(red_wall) < 0 or any(wall[k] < red_wall[s] for s, k in enumerate(_RED_KIND)):
        kind = min(range(34), key=lambda i: wall[i])
        what = str(Tile(kind)) if min(wall) < 0 else "a five (plain or red)"
        name = "visible" if sum(seen) else "dora"
        raise ValueError(f"{name}: more copies of {what} are seen than exist (hand, melds, dora and visible)")
    if sum(wall) <= LAST_TURN:
        raise ValueError(f"visible: the wall keeps {sum(wall)} tiles, too few to draw until turn {LAST_TURN}")
    separated_wall = wall + [0, 0, 0]
    separated_hand = list(hand.counts) + [0, 0, 0]
    for s, kind in enumerate(_RED_KIND):
        if red_wall[s]:
            separated_wall[kind] -= 1
            separated_wall[34 + s] = 1
        if hand.red[s]:
            separated_hand[kind] -= hand.red[s]
            separated_hand[34 + s] = hand.red[s]
    indicators = [i for i, n in enumerate(shown) if n for _ in range(n)]
    melds_code = tuple([_MELD_CODE[m.kind, m.concealed] + (int(m.tile),) for m in hand.melds])
    closed = all(m.kind == "kong" and m.concealed for m in hand.melds)
    situation = Situation(_scoring_kernel.score_counts, _shanten_kernel.shanten_counts, SWITCHES, melds_code,
                          meld_tiles, meld_red_count, closed, seat, round_, indicators, honba, riichi_sticks)
    found = _deep(_search.search, situation, separated_hand, separated_wall, turn)[0] if from_ready >= DEEP_FROM \
        else _search.search(situation, separated_hand, separated_wall, turn)[0]
    result = [DiscardValue(_TILE_OF[i], i >= 34, curves) for i, curves in found]
    result.sort(key=_best_first)
    return tuple(result)


_values_entry, _values_call = _api_fast.install_values(globals(), DiscardValue, Situation, _MELD_CODE, SWITCHES,
                                                       _RIICHI_FLAGS, DEEP_FROM, LAST_TURN, MAX_INDICATORS, MAX_STICKS)
"""``_general_values``' answer in C for the common calls, None for the rest (``_api_fast_values.pxi``):
``_values_entry`` from ``discard_values``' own arguments, ``_values_call`` from a ``Hand``."""
