"""The fast object readers switched off, and what a result shows: for holding a fast path to the general code.

``general_only()`` takes the readers of ``_meld.READERS`` out for a block (every call then takes the
general code of ``Hand``, ``Meld``, ``parse``...); ``seen(value)`` is what two paths must share of an
answer: a hand or meld by its fields, types included; ``outcome(fn, ...)`` the call's answer so seen, or
its error's type name and message.

>>> import mahjong_fast as mf
>>> with general_only():
...     seen(mf.Meld.pung(0))
('Meld', 'pung', 1m, <enum 'Tile'>, False, 0, '[111m]')
"""
from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager

import mahjong_fast as mf
from mahjong_fast._meld import READERS

ORDER = ("hand", "meld", "parse_meld", "parse", "counts", "write", "encode")
"""The readers in ``Readers.install``'s order."""


def _none(*args: object) -> None:
    return None


@contextmanager
def general_only() -> Iterator[None]:
    """No reader in front: every call takes the general code."""
    saved = tuple(getattr(READERS, name) for name in ORDER)
    READERS.install((_none,) * len(ORDER))
    try:
        yield
    finally:
        READERS.install(saved)


def seen(value: object) -> object:
    """What a result shows: a hand or meld by its fields (types included), anything else as it is."""
    if isinstance(value, mf.Hand):
        return ("Hand", value.tiles, [type(t) for t in value.tiles], value.counts, value.all_counts, value.red,
                [seen(m) for m in value.melds], type(value.melds), str(value), hash(value))
    if isinstance(value, mf.Meld):
        return ("Meld", value.kind, value.tile, type(value.tile), value.concealed, value.red, str(value))
    if isinstance(value, list):
        return ("list", [(v, type(v)) for v in value])
    return (type(value), value)


def outcome(fn: Callable[..., object], *args: object, **kwargs: object) -> tuple[str, object]:
    """``("ok", what the answer shows)``, or the error's type name and message."""
    try:
        return ("ok", seen(fn(*args, **kwargs)))
    except (ValueError, TypeError) as exc:
        return (type(exc).__name__, str(exc))
