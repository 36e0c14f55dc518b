"""Every discard of the logs judged for tile efficiency, in this process or on a Dask cluster.

A row per discard (a seat's own discard after a draw or a call, riichi
declarations included).  With ``H`` the concealed hand before the discard and
``V`` what the seat sees plus its own melds, ``discard_analysis_batch(H,
visible=V, rules=rules)`` gives for every held tile the shanten of the hand
left and its unseen useful count; then

- ``shanten_before``: the shanten of ``H`` (-1 if it was already complete);
- ``shanten_after``: the shanten after the discard made;
- ``best_useful``: the largest unseen useful count among the discards that
  leave the lowest shanten;
- ``best``: the discard left the lowest shanten with ``best_useful`` useful tiles;
- ``useful``: the unseen useful count after the discard made;
- ``lost``: ``best_useful - useful`` when the discard left the lowest shanten,
  else ``best_useful`` (a discard that raises the shanten gives up all of them).

``forced`` marks discards made in riichi (the drawn tile must go); summaries
leave them out.  Rows come in the order of the sources, then of the log.
"""
from __future__ import annotations

import os
from collections.abc import Callable, Iterable
from typing import Any

from .._batch import is_win_batch
from .._efficiency import discard_analysis_batch
from .._layout import N_KINDS
from .._rules import Rules, as_rules
from ._arrays import as_sources
from ._reader import Source, _error, read_events
from ._require import require
from ._state import N_SEATS, Inconsistent, Table

COLUMNS = ("log", "player", "round", "seat", "turn", "tile", "riichi", "forced", "shanten_before",
           "shanten_after", "best", "useful", "best_useful", "lost")
"""The columns of ``analyze``'s table, in order."""

_INTS = {"round": "int16", "seat": "int8", "turn": "int16", "tile": "int8"}


def analyze_log(source: Source, rules: Rules | str | None = "riichi") -> dict[str, Any]:
    """The columns of one log's rows (numpy arrays, ``log``/``player`` as lists of str)."""
    np = require("numpy", "analyze")
    rule_set = as_rules(rules)
    name, lines, events = read_events(source)
    hands, face_up, cols = _discards(name, lines, events)
    n = len(cols["seat"])
    out: dict[str, Any] = {"log": [name] * n, "player": cols.pop("player")}
    for k, dt in _INTS.items():
        out[k] = np.array(cols[k], dtype=dt)
    out["riichi"] = np.array(cols["riichi"], dtype=bool)
    out["forced"] = np.array(cols["forced"], dtype=bool)
    h = np.frombuffer(bytes(hands), dtype=np.uint8).reshape(n, N_KINDS)
    v = np.frombuffer(bytes(face_up), dtype=np.uint8).reshape(n, N_KINDS)
    out.update(_judge(np, h, v, out["tile"], rule_set))
    return out


def _discards(name: str, lines: list[str], events: list[dict[str, Any]]) -> tuple[bytearray, bytearray,
                                                                                  dict[str, list[Any]]]:
    """Each discard's hand and what lies face up (the seat's ``visible`` plus its own melds), and its ids.

    The same rows as the ``DISCARD``/``RIICHI`` decisions of ``decisions(offers=False)``, in one pass
    over the events without the decision objects.
    """
    table = Table()
    apply = table.apply
    hands, face_up = bytearray(), bytearray()
    rows: list[tuple[Any, ...]] = []  # (round, seat, turn, tile, (riichi, forced), player) of each discard
    turns = [0] * N_SEATS
    for i, event in enumerate(events):
        kind = event.get("type")
        actor: Any = event.get("actor")
        mine = kind == "dahai" and actor.__class__ is int and 0 <= actor < N_SEATS
        if mine:  # the state the discard is chosen in: before the event
            seat = table.seats[actor]
            hands += seat.counts
            face_up += table.face_up
            flags = (seat.declared and not seat.riichi, seat.riichi)
        try:
            apply(event)
        except Inconsistent as exc:
            raise _error(name, i + 1, str(exc), lines[i]) from None
        if mine:
            rows.append((table.round, actor, turns[actor], table.last_discard[1], flags,  # type: ignore[index]
                         table.names[actor]))
        elif kind == "tsumo" or kind == "chi" or kind == "pon":
            turns[actor] += 1
        elif kind == "start_kyoku":
            turns = [0] * N_SEATS
    cols: dict[str, list[Any]] = {
        "player": [r[5] for r in rows],
        "round": [r[0] for r in rows],
        "seat": [r[1] for r in rows],
        "turn": [r[2] for r in rows],
        "tile": [r[3] for r in rows],
        "riichi": [r[4][0] for r in rows],
        "forced": [r[4][1] for r in rows],
    }
    return hands, face_up, cols


def _judge(np: Any, hands: Any, visible: Any, tiles: Any, rules: Rules) -> dict[str, Any]:
    n = len(hands)
    if n == 0:
        empty = np.zeros(0, dtype=np.int8)
        return {"shanten_before": empty, "shanten_after": empty.copy(), "best": np.zeros(0, dtype=bool),
                "useful": np.zeros(0, dtype=np.int16), "best_useful": np.zeros(0, dtype=np.int16),
                "lost": np.zeros(0, dtype=np.int16)}
    result = discard_analysis_batch(hands, visible=visible, rules=rules)
    rows = np.arange(n)
    held = hands > 0
    shanten = np.where(held, result.shanten.astype(np.int16), np.iinfo(np.int16).max)
    lowest = shanten.min(axis=1)
    useful_all = result.useful.astype(np.int16)
    best_useful = np.where(held & (shanten == lowest[:, None]), useful_all, -1).max(axis=1).astype(np.int16)
    after = shanten[rows, tiles]
    useful = useful_all[rows, tiles]
    kept = after == lowest
    complete = _complete(hands, rules)
    return {
        "shanten_before": np.where(complete, -1, lowest).astype(np.int8),
        "shanten_after": after.astype(np.int8),
        "best": kept & (useful == best_useful),
        "useful": useful,
        "best_useful": best_useful,
        "lost": np.where(kept, best_useful - useful, best_useful).astype(np.int16),
    }


def _complete(hands: Any, rules: Rules) -> Any:
    return is_win_batch(hands, rules=rules)


def analyze(
    sources: Source | Iterable[Source],
    *,
    rules: Rules | str | None = "riichi",
    client: Any = None,
    progress: Callable[[int, int], None] | None = None,
) -> Any:
    """One row per discard of the logs, as a ``pyarrow.Table`` (columns ``COLUMNS``).

    ``sources``: one log or a list of logs (paths, files, or ``[lines]``).
    ``rules``: the rule set of the efficiency judgement (``"riichi"`` for mjai
    logs).  ``client``: ``None`` runs in this process; a
    ``dask.distributed.Client`` runs one task per log file (paths only) on its
    cluster and returns the same rows in the same order.  ``progress(done,
    total)`` is called as each log is finished.
    """
    pa = require("pyarrow", "analyze")
    rule_set = as_rules(rules)
    items = as_sources(sources)
    total = len(items)
    parts: list[dict[str, Any]] = []
    if client is None:
        for i, source in enumerate(items):
            parts.append(analyze_log(source, rule_set))
            if progress is not None:
                progress(i + 1, total)
    else:
        parts = _on_cluster(client, items, rule_set, progress)
    return _table(pa, parts)


def _on_cluster(client: Any, items: list[Any], rules: Rules, progress: Callable[[int, int], None] | None) -> list[Any]:
    distributed = require("distributed", "analyze(client=...)")
    for source in items:
        if not isinstance(source, (str, os.PathLike)):
            raise TypeError(f"analyze(client=...) reads logs on the workers: every source must be a path, not "
                            f"{type(source).__name__}")
    paths = [os.fspath(os.path.abspath(s)) for s in items]
    futures = client.map(analyze_log, paths, rules=rules, pure=False)
    index = {f.key: i for i, f in enumerate(futures)}
    parts: list[Any] = [None] * len(futures)
    for done, future in enumerate(distributed.as_completed(futures), 1):
        parts[index[future.key]] = future.result()
        if progress is not None:
            progress(done, len(futures))
    for part, source in zip(parts, items):  # the rows name each log as the caller did
        part["log"] = [os.fsdecode(source)] * len(part["log"])
    return parts


def _table(pa: Any, parts: list[dict[str, Any]]) -> Any:
    np = require("numpy", "analyze")
    columns = {}
    for key in COLUMNS:
        if key in ("log", "player"):
            columns[key] = pa.array([v for p in parts for v in p[key]], type=pa.string())
        else:
            arrays = [p[key] for p in parts]
            columns[key] = pa.array(np.concatenate(arrays) if arrays else np.zeros(0, dtype=np.int8))
    return pa.table(columns)
