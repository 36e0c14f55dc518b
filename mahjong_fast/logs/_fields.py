"""Reading the fields of one mjai event: its tiles, its seats, and the fields the replay checks but
does not use.

Each function answers the value or raises ``Inconsistent`` saying what is wrong with the field;
``_reader`` adds the file and the line.  A tile is ``(kind, red)`` as ``_names.TILE_OF`` maps an
mjai name.

>>> tile_of({"pai": "5mr"}, "pai"), seat_of({"actor": 2})
((4, True), 2)
"""
from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from ._names import TILE_OF

N_SEATS = 4
"""Seats at an mjai table (three in a three-player game: ``start_game`` with ``"rules": "riichi3"``)."""

Event = Mapping[str, Any]


class Inconsistent(Exception):
    """An event that cannot happen in the state it finds; the message says why."""


_TILE_OF_GET = TILE_OF.get


def tile_of(event: Event, key: str) -> tuple[int, bool]:
    """The tile named by ``event[key]``."""
    return named(event.get(key), key)


def named(name: object, key: str) -> tuple[int, bool]:
    """The tile of the mjai name ``name`` (read from the field ``key``)."""
    found = TILE_OF.get(name) if name.__class__ is str else None
    if found is None:
        if name == "?":
            raise Inconsistent(f"{key!r} is hidden ('?'): the reader needs full logs, with every hand and draw")
        raise Inconsistent(f"{key!r} is not an mjai tile: {name!r}")
    return found


def tiles_of(event: Event, key: str, n: int) -> list[tuple[int, bool]]:
    """The ``n`` tiles listed by ``event[key]``."""
    return tile_list(event.get(key), key, n)


def tile_list(names: object, key: str, n: int) -> list[tuple[int, bool]]:
    """The tiles of a list of ``n`` mjai names (read from the field ``key``)."""
    if names.__class__ is list and len(names) == n:
        try:
            found = [_TILE_OF_GET(name) for name in names]
        except TypeError:  # an unhashable name: said below
            found = [None]
        if None not in found:
            return found  # type: ignore[return-value]
    if not isinstance(names, list) or len(names) != n:
        raise Inconsistent(f"{key!r} must be a list of {n} tiles, not {names!r}")
    return [named(name, key) for name in names]



def seat_of(event: Event, key: str = "actor", players: int = N_SEATS) -> int:
    """The seat ``event[key]``, 0 to ``players - 1``."""
    value = event.get(key)
    if value.__class__ is not int or not 0 <= value < players:
        raise Inconsistent(f"{key!r} must be a seat 0-{players - 1}, not {value!r}")
    return value


_POINTS = 10**9
"""The largest score or score change an event may name (a real one is below 10**6)."""


def _is_int(value: Any, low: int, high: int) -> bool:
    return value.__class__ is int and low <= value <= high


def _is_points(value: Any, players: int) -> bool:
    return value.__class__ is list and len(value) == players and all(_is_int(v, -_POINTS, _POINTS) for v in value)


def _is_tiles(value: Any, players: int) -> bool:
    return value.__class__ is list and all(v.__class__ is str and v in TILE_OF for v in value)


_POINTS_OF = "a list of {n} ints"
_FIELDS: dict[str, tuple[tuple[str, Callable[[Any, int], bool], str], ...]] = {
    "start_kyoku": (("bakaze", lambda v, n: v in ("E", "S", "W", "N"), "a wind E, S, W or N"),
                    ("kyoku", lambda v, n: _is_int(v, 1, 4), "an int 1-4"),
                    ("honba", lambda v, n: _is_int(v, 0, 1000), "an int 0-1000"),
                    ("kyotaku", lambda v, n: _is_int(v, 0, 1000), "an int 0-1000"),
                    ("oya", lambda v, n: _is_int(v, 0, n - 1), "a seat 0-{last}"),
                    ("scores", _is_points, _POINTS_OF)),
    "dahai": (("tsumogiri", lambda v, n: v.__class__ is bool, "true or false"),),
    "reach_accepted": (("scores", _is_points, _POINTS_OF), ("deltas", _is_points, _POINTS_OF)),
    "hora": (("deltas", _is_points, _POINTS_OF), ("scores", _is_points, _POINTS_OF),
             ("ura_markers", _is_tiles, "a list of tiles")),
    "ryukyoku": (("deltas", _is_points, _POINTS_OF), ("scores", _is_points, _POINTS_OF)),
}
"""The fields an event may hold that the replay does not use, and what each must be when given (``n``:
the seats at the table)."""


def check_fields(kind: Any, event: Event, players: int) -> None:
    """Each field of ``_FIELDS[kind]`` that ``event`` holds is what it must be."""
    for key, good, what in _FIELDS.get(kind, ()):
        if key in event and not good(event[key], players):
            what = what.format(n=players, last=players - 1)
            raise Inconsistent(f"{key!r} must be {what}, not {short(event[key])}")


def short(value: object) -> str:
    """``repr(value)``, cut at 60 characters: a bad value quoted in a message."""
    text = repr(value)
    return text if len(text) <= 60 else text[:60] + "..."
