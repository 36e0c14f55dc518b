"""A benchmark row and its workload, how a row is timed and checked, and the input forms rows are fed.

A ``Row`` is one library or input form in one ``Workload`` (a group of rows on the same hands);
its setup converts the hands beforehand into the form it is fed (text, 136-ids, counts, ``Meld``
objects...), and ``prepare`` turns it into one timed call that maps it over all hands with
``deque(map(f, hands), 0)``, the cheapest loop Python has, beside the share of answers right.

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


def prepare(workload: Workload, row: Row, hands: int = N_HANDS) -> tuple[Callable[[], Any], int, float | None]:
    """A zero-argument timed function, the hands it covers, and the share answered right.

    Only the first ``hands`` inputs of a per-hand row are used, and the first ``hands // row.fewer``
    checked; without the compiled kernels a call costs what the check does, so only those are timed.
    """
    call, inputs, answer = row.setup()
    checked = max(1, hands // row.fewer)
    if row.hands_per_input == 1:
        inputs = list(inputs)[: checked if package().implementation != "compiled" else hands]

    def timed() -> Any:
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


def bound(f: Callable[..., Any], **kw: Any) -> Callable[[Any], Any]:
    """``lambda x: f(x, key=value, ...)`` with the keywords written out, as a user's call is: the
    keywords go by name (vectorcall), not through a dict as ``partial`` or ``**kw`` would send them,
    so a row pays one lambda frame beside the bare call and nothing per keyword."""
    scope = {"_f": f, **{f"_{k}": v for k, v in kw.items()}}
    args = "".join(f", {k}=_{k}" for k in kw)
    made: Callable[[Any], Any] = eval(f"lambda x: _f(x{args})", scope)  # noqa: S307 (names are ours)
    return made


def star(f: Callable[..., Any], **kw: Any) -> Callable[[Any], Any]:
    """``f`` on a ``(hand, melds)`` input, the keywords written out as ``bound`` writes them."""
    scope = {"_f": f, **{f"_{k}": v for k, v in kw.items()}}
    args = "".join(f", {k}=_{k}" for k in kw)
    made: Callable[[Any], Any] = eval(f"lambda x: _f(x[0], melds=x[1]{args})", scope)  # noqa: S307 (names are ours)
    return made


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


def seen(f: Callable[..., Any]) -> Callable[[Any], Any]:
    """``f`` on a ``(hand, visible)`` input."""
    return lambda args: f(args[0], visible=args[1])


def and_seen(size: int) -> list[tuple[list[int], list[int]]]:
    """Each hand of ``size`` tiles as ints beside the tiles it sees as ints."""
    return [(list(h), list(v)) for h, v in zip(hands14() if size == 14 else hands13(), visible(size))]


