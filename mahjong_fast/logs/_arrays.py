"""Decision points as numpy arrays, ready for the batch functions (needs numpy)."""
from __future__ import annotations

import os
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any, NamedTuple

from .._layout import N_KINDS
from .._rules import Rules, as_rules
from ._decisions import _decisions
from ._reader import read_source, stream_events
from ._require import require
from ._text import Source

if TYPE_CHECKING:
    import numpy as np


class LogArrays(NamedTuple):
    """One row per decision point of the logs, in log order.

    ``hands`` uint8 (N, 34): the concealed tiles at the decision; ``melds``
    uint8 (N, 34): the tiles of the seat's own melds; ``visible`` uint8 (N, 34):
    what the seat sees outside its own hand and melds (so the tiles it has not
    seen are ``4 - hands - melds - visible``, and ``visible + melds`` is the
    ``visible=`` of the batch functions, which take no melds); ``point`` int8
    (``Point``: 0 draw, 1 call, 2 offer); ``action`` int8 (``Action``: 0 discard,
    1 riichi with a discard, 2 tsumo, 3 ankan, 4 kakan, 5 nine terminals,
    6 ron, 7 pon, 8 chi, 9 daiminkan, 10 pass); ``tile`` int8: index34 of the
    tile acted on, -1 for none; ``riichi`` bool: the seat was already in
    riichi.  Ids: ``log`` int32 (index into ``names``), ``round`` int16 (kyoku
    in the log, from 0), ``seat`` int8, ``turn`` int16 (the seat's own turns in
    the round, from 1).  ``names``: the sources' names, indexed by ``log``.

    Examples
    --------
    >>> from mahjong_fast import logs
    >>> from mahjong_fast.logs._example import LINES as lines  # a deal, a draw and discard, a pon, a discard
    >>> arrays = logs.to_arrays([lines])
    >>> arrays.hands.shape, arrays.hands.dtype, arrays.names
    ((3, 34), dtype('uint8'), ['<lines>'])
    >>> arrays.point.tolist(), arrays.action.tolist(), arrays.tile.tolist()
    ([0, 2, 1], [0, 7, 0], [28, 28, 32])
    """

    hands: np.ndarray
    melds: np.ndarray
    visible: np.ndarray
    point: np.ndarray
    action: np.ndarray
    tile: np.ndarray
    riichi: np.ndarray
    log: np.ndarray
    round: np.ndarray
    seat: np.ndarray
    turn: np.ndarray
    names: list[str]


def _columns(index: int, source: Source, offers: bool, rules: Rules) -> dict[str, Any]:
    name, lines, events, record = read_source(source)
    hands, melds, visible = bytearray(), bytearray(), bytearray()
    small: dict[str, list[int]] = {k: [] for k in ("point", "action", "tile", "riichi", "round", "seat", "turn")}
    for d in _decisions(name, stream_events(name, lines, events), offers, rules, record):
        hands += d.hand
        melds += d.meld_counts
        visible += d.visible
        small["point"].append(d.point)
        small["action"].append(d.action)
        small["tile"].append(d.tile)
        small["riichi"].append(d.riichi)
        small["round"].append(d.round)
        small["seat"].append(d.seat)
        small["turn"].append(d.turn)
    return {"name": name, "hands": hands, "melds": melds, "visible": visible, "log": index, **small}


_DTYPES = {"point": "int8", "action": "int8", "tile": "int8", "riichi": "bool", "round": "int16", "seat": "int8",
           "turn": "int16"}


def to_arrays(
    sources: Source | Iterable[Source], *, offers: bool = True, rules: Rules | str | None = "riichi"
) -> LogArrays:
    """The decision points of one log or a list of logs as numpy arrays (see ``LogArrays``).

    ``sources`` is one source (a path or a file) or several (a list or tuple,
    or an iterable of ``Path``; see ``as_sources``): a log given as its lines
    goes inside a list, ``[lines]``.  ``offers=False`` keeps only the seats'
    own turns (draws and calls); ``rules`` as for ``decisions``.

    Parameters
    ----------
    sources
        One log or several (a list or tuple, or an iterable of ``Path``).
    offers
        Whether to keep the ``OFFER`` points.
    rules
        The rule set of the ``RON`` offers, as for ``decisions``.

    Returns
    -------
    LogArrays
        One row per decision point, in log order.

    Raises
    ------
    ValueError
        A malformed or inconsistent log (see ``decisions``).
    TypeError
        An argument of the wrong type.
    ImportError
        numpy is not installed (``pip install 'mahjong-fast[logs]'``).

    Examples
    --------
    >>> from mahjong_fast import logs
    >>> from mahjong_fast.logs._example import LINES as lines  # a deal, a draw and discard, a pon, a discard
    >>> arrays = logs.to_arrays([lines], offers=False)
    >>> arrays.seat.tolist(), arrays.action.tolist(), arrays.turn.tolist()
    ([0, 1], [0, 0], [1, 1])
    """
    np = require("numpy", "to_arrays")
    rule_set = as_rules(rules)
    parts = [_columns(i, s, offers, rule_set) for i, s in enumerate(as_sources(sources))]
    rows = [len(p["seat"]) for p in parts]

    def table(key: str) -> Any:
        data = b"".join(p[key] for p in parts)
        return np.frombuffer(data, dtype=np.uint8).reshape(-1, N_KINDS).copy()

    small = {k: np.array([v for p in parts for v in p[k]], dtype=dt) for k, dt in _DTYPES.items()}
    log = np.repeat(np.arange(len(parts), dtype=np.int32), rows)
    return LogArrays(table("hands"), table("melds"), table("visible"), small["point"], small["action"],
                     small["tile"], small["riichi"], log, small["round"], small["seat"], small["turn"],
                     [p["name"] for p in parts])


def as_sources(sources: object) -> list[Any]:
    """``sources`` as a list: a list or tuple holds several sources, and so does any other iterable of
    ``os.PathLike`` (``Path.glob(...)``); anything else is one source.

    So a log given as its lines is passed inside a list: ``[lines]``.
    """
    if isinstance(sources, (list, tuple)):
        return list(sources)
    if isinstance(sources, (str, bytes, os.PathLike)) or hasattr(sources, "read") or not isinstance(sources, Iterable):
        return [sources]
    items = list(sources)
    return items if items and all(isinstance(item, os.PathLike) for item in items) else [items]
