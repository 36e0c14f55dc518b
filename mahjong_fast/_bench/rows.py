"""A benchmark row and its workload, how a row is timed and checked, and the input forms rows are fed.

A ``Row`` is one library or input form in one ``Workload`` (a group of rows on the same hands);
its setup converts the hands beforehand into the form it is fed (text, 136-ids, counts, ``Meld``
objects...), and ``prepare`` turns it into one timed call over all hands, beside the share of
answers right.  A row is timed as ``deque(map(f, hands), 0)``, the cheapest loop Python has, unless its
group holds a call with keywords (``bound``, ``star``): then every row of the group is timed as the
``for`` loop a user writes around such a call (``Written.loop``), so the rows of a group are timed alike
and a keyword row pays no frame a user's code does not.

>>> bound(max, default=0)([])
0
"""
from __future__ import annotations

import importlib
from collections import deque
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import cache
from typing import Any, Optional

from .._layout import N_KINDS
from .answers import reference
from .hands import N_HANDS, Melded, hands13, hands14, meld_tiles, tile_counts, visible
from .situations import package

Setup = tuple[Callable[[Any], Any], Sequence[Any], Optional[Callable[[Any], Any]]]
"""What a row's setup returns: the call, its inputs, and how to read an answer (None: not checked)."""


@dataclass
class Row:
    """One library or input form in one workload: ``call`` maps over ``inputs``; ``answer`` reads a result.

    ``reference`` names the answers it is checked against (the workload's name by default);
    a batch row's one input holds ``hands_per_input`` hands.  A row whose check is slow is checked
    on the first ``hands // fewer`` hands (a batch row: on its first ``N_HANDS // fewer`` rows).
    """

    library: str
    requires: str | None
    setup: Callable[[], Setup]
    hands_per_input: int = 1
    reference: str | None = None
    fewer: int = 1
    written: bool = False
    """Its call is a ``Written`` (keywords written out): its group is timed as loops."""

    def available(self) -> bool:
        if self.requires is None:
            return True
        try:
            importlib.import_module(self.requires)
        except ImportError:
            return False
        return True


@dataclass
class Workload:
    name: str
    title: str
    rows: list[Row] = field(default_factory=list)
    reference: str | None = None
    """The answers its rows are checked against unless a row names its own (default: ``name``)."""

    @property
    def written(self) -> bool:
        """Whether a row calls with keywords written out, so that every row is timed as a ``for`` loop."""
        return any(r.written for r in self.rows)


def prepare(workload: Workload, row: Row, hands: int = N_HANDS) -> tuple[Callable[[], Any], int, float | None]:
    """A zero-argument timed function, the hands it covers, and the share answered right.

    Only the first ``hands`` inputs of a per-hand row are used, and the first ``hands // row.fewer``
    checked; without the compiled kernels a call costs what the check does, so only those are timed.
    """
    call, inputs, answer = row.setup()
    checked = max(1, hands // row.fewer)
    if row.hands_per_input == 1:
        inputs = list(inputs)[: checked if package().implementation != "compiled" else hands]

    if workload.written and not isinstance(call, Written):
        call = bound(call)

    def timed() -> Any:
        if isinstance(call, Written):
            return call.loop(inputs)
        return deque(map(call, inputs), 0)

    correct = None
    key = row.reference or workload.reference or workload.name
    if answer is not None and row.hands_per_input > 1:
        import numpy as np

        got = np.asarray(answer(call(inputs[0])))
        if row.fewer > 1:
            got = got[: N_HANDS // row.fewer]
        distinct = min(len(got), N_HANDS)
        if key.startswith("waits"):
            want = np.array([[t in w for t in range(N_KINDS)] for w in reference(key, distinct)])
        else:
            want = np.array(reference(key, distinct))
        want = np.resize(want, (len(got), *want.shape[1:]))
        correct = float((got == want).reshape(len(got), -1).all(axis=1).mean())
    elif answer is not None:
        answers = reference(key, min(len(inputs), checked))
        correct = float(sum(answer(call(x)) == w for x, w in zip(inputs, answers))) / len(answers)
    return timed, len(inputs) * row.hands_per_input, correct


@cache
def batch_array(rows: int, size: int = 14, seen: bool = False) -> Any:
    """The hands of ``size`` tiles (or the tiles each sees) as uint8 counts, repeated to ``rows``."""
    import numpy as np

    hands = visible(size) if seen else hands14() if size == 14 else hands13()
    base = np.array([tile_counts(h) for h in hands], dtype=np.uint8)
    return np.ascontiguousarray(np.resize(base, (rows, N_KINDS)))


def ints(hands: Sequence[Sequence[int]]) -> list[list[int]]:
    """Each hand as a list of index34 ints."""
    return [list(h) for h in hands]


def text(hands: Sequence[Sequence[int]], notation: str = "mpsz") -> list[str]:
    """Each hand as text in ``notation``."""
    return [package().format(list(h), notation) for h in hands]


class Written:
    """``f`` called as a user writes the call, ``f(x, key=value, ...)``: the keywords by name (vectorcall),
    not through a dict as ``partial`` or ``**kw`` would send them.

    Called, it answers one input (the check); ``loop(inputs)`` is what is timed, the ``for`` loop a
    user writes around the call, so a keyword row pays that loop and no lambda frame of the bench's.
    """

    __slots__ = ("one", "loop")

    def __init__(self, one: Callable[[Any], Any], loop: Callable[[Sequence[Any]], None]) -> None:
        self.one = one
        self.loop = loop

    def __call__(self, x: Any) -> Any:
        return self.one(x)


def _written(f: Callable[..., Any], kw: dict[str, Any], name: str, call: str, one: str) -> Written:
    """A ``Written`` of ``f``: ``for {name} in inputs: f({call}, key=value...)``, and ``one`` for one input."""
    scope = {"_f": f, **{f"_{k}": v for k, v in kw.items()}}
    keywords = "".join(f", {k}=_{k}" for k in kw)
    exec(f"def loop(inputs):\n    for {name} in inputs:\n        _f({call}{keywords})\n", scope)  # noqa: S102 (names are ours)
    return Written(eval(f"lambda x: _f({one}{keywords})", scope), scope["loop"])  # noqa: S307 (names are ours)


def bound(f: Callable[..., Any], **kw: Any) -> Written:
    """``f(x, key=value, ...)`` with the keywords written out, as a user's call is (``Written``)."""
    return _written(f, kw, "x", "x", "x")


def star(f: Callable[..., Any], **kw: Any) -> Written:
    """``f`` on a ``(hand, melds)`` input, ``f(hand, melds=melds, key=value, ...)`` (``Written``)."""
    return _written(f, kw, "hand, melds", "hand, melds=melds", "x[0], melds=x[1]")


def prebuilt(hands: Sequence[Sequence[int]]) -> list[Any]:
    """Each hand as a ``Hand``, built beforehand."""
    return [package().Hand(list(h)) for h in hands]


def with_melds(hands: Sequence[Melded], meld_form: str, hand_form: str = "ints") -> list[tuple[Any, list[Any]]]:
    """Each hand as ``(concealed, melds)``: concealed ints or text, melds as text or ``Meld`` objects."""
    mf = package()
    out = []
    for concealed, melds in hands:
        if meld_form == "text":
            ms: list[Any] = [mf.format(meld_tiles(m)) for m in melds]
        else:
            ms = [mf.Meld.chow(t) if kind == "chow" else mf.Meld.pung(t) for kind, t in melds]
        out.append((mf.format(list(concealed)) if hand_form == "text" else list(concealed), ms))
    return out


def whole(hands: Sequence[Melded]) -> list[list[int]]:
    """Each hand's concealed and declared tiles together, as ints."""
    return [sorted(list(c) + [t for m in ms for t in meld_tiles(m)]) for c, ms in hands]


def numpy_rows(hands: Sequence[Sequence[int]]) -> list[Any]:
    """Each hand as a numpy row of uint8 counts."""
    import numpy as np

    return list(np.array([tile_counts(h) for h in hands], dtype=np.uint8))


def seen(f: Callable[..., Any]) -> Written:
    """``f`` on a ``(hand, visible)`` input, ``f(hand, visible=tiles)`` (``Written``)."""
    return _written(f, {}, "hand, tiles", "hand, visible=tiles", "x[0], visible=x[1]")


def and_seen(size: int) -> list[tuple[list[int], list[int]]]:
    """Each hand of ``size`` tiles as ints beside the tiles it sees as ints."""
    return [(list(h), list(v)) for h, v in zip(hands14() if size == 14 else hands13(), visible(size))]


