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
import warnings
from array import array
from collections.abc import Callable, Iterable, Iterator
from typing import Any

from .._batch import is_win_batch
from .._dispatch import logscan
from .._efficiency_batch import discard_analysis_batch
from .._layout import N_KINDS
from .._rules import RULES, Rules, as_rules
from .._tile_names import RED_FIVES
from ._arrays import as_sources
from ._names import TILE_OF
from ._reader import Events, Lines, _shared, inconsistent, read_event, read_source
from ._require import require
from ._state import N_SEATS, Inconsistent, Table, call_of
from ._text import Source

COLUMNS = ("log", "player", "round", "seat", "turn", "tile", "riichi", "forced", "shanten_before",
           "shanten_after", "best", "useful", "best_useful", "lost")
"""The columns of ``analyze``'s table, in order."""

_INTS = {"round": "int16", "seat": "int8", "turn": "int16", "tile": "int8"}
_DTYPES = {**_INTS, "riichi": "bool", "forced": "bool", "shanten_before": "int8", "shanten_after": "int8",
           "best": "bool", "useful": "int16", "best_useful": "int16", "lost": "int16"}
"""The numpy dtype of each column after ``log`` and ``player`` (strings)."""


class BadLogWarning(UserWarning):
    """A log ``analyze(..., errors="skip")`` left out; the message names the file and says why.

    >>> import warnings
    >>> from mahjong_fast import logs
    >>> with warnings.catch_warnings(record=True) as caught:
    ...     warnings.simplefilter("always")
    ...     logs.analyze([['{"type": "start_game"}', "[[["]], errors="skip").num_rows
    0
    >>> print(caught[0].message)
    <lines>, line 2: not JSON (Expecting value at column 4): '[[['
    """


ERRORS = ("raise", "skip")
"""What ``analyze`` may do with a bad log: raise its ``ValueError``, or skip it with a ``BadLogWarning``."""


def analyze_log(source: Source, rules: Rules | str | None = "riichi") -> dict[str, Any]:
    """The columns of one log's rows (numpy arrays, ``log``/``player`` as lists of str)."""
    np = require("numpy", "analyze")
    rule_set = as_rules(rules)
    out, hands, face_up = discard_rows(source)
    if out.pop("three_players") and rule_set is RULES["riichi"]:
        rule_set = RULES["riichi3"]  # the default judged by the record's own tiles: no 2m-8m to count
    out.update(_judge(np, hands, face_up, out["tile"], rule_set))
    return out


def discard_rows(source: Source) -> tuple[dict[str, Any], Any, Any]:
    """``(columns, hands, face_up)`` of one log's discards: all ``analyze_log`` needs before the judgement.

    ``columns`` holds ``log`` (the source's name), ``players`` (the players' names in the order they
    first discard) and numpy arrays of the ids (``player`` as codes into ``players``), ``riichi`` and
    ``forced``, and ``three_players`` (a three-player log); ``hands`` and ``face_up`` are uint8 ``(N, 34)``.
    """
    np = require("numpy", "analyze")
    name, lines, events, record = read_source(source)
    hands, face_up, codes, segments = _discards(name, lines, events)
    code = np.frombuffer(codes, dtype=np.int64)
    seat = (code & _SEAT_MASK).astype(np.int8)
    key = code >> _KEY_SHIFT  # segment * N_SEATS + seat
    # the names travel once per log, the rows as codes: a cluster's results stay small
    players: dict[str, int] = {}
    lookup = [0] * (len(segments) * N_SEATS)
    starts = [start for start, _, _ in segments] + [len(code)]
    for k, (start, _, names) in enumerate(segments):
        end = starts[k + 1]
        if start < end and not all(p in players for p in names):  # a new name: in the order of first discards
            present, first = np.unique(seat[start:end], return_index=True)
            for who in present[np.argsort(first)].tolist():
                players.setdefault(names[who], len(players))
        for who, p in enumerate(names):
            lookup[k * N_SEATS + who] = players.get(p, 0)
    out: dict[str, Any] = {
        "log": name,
        "players": list(players),
        "player": np.array(lookup, dtype=np.int32)[key],
        "round": np.array([r for _, r, _ in segments], dtype=_INTS["round"])[key >> _SEAT_BITS],
        "seat": seat,
        "turn": (code >> _TURN_SHIFT & _TURN_MASK).astype(_INTS["turn"]),
        "tile": (code >> _TILE_SHIFT & _TILE_MASK).astype(_INTS["tile"]),
        "riichi": (code & _RIICHI).astype(bool),
        "forced": (code & _FORCED).astype(bool),
        "three_players": record.players == 3,
    }
    n = len(code)
    return out, np.frombuffer(hands, dtype=np.uint8).reshape(n, N_KINDS), np.frombuffer(
        face_up, dtype=np.uint8).reshape(n, N_KINDS)


# A discard's ids packed in one int: seat | tile << 2 | riichi << 8 | forced << 9 | turn << 10
# | (segment * 4 + seat) << 26; a turn (draws and calls in a round) stays far below 2 ** 16.
_SEAT_BITS = 2
_SEAT_MASK = N_SEATS - 1
_TILE_SHIFT = 2
_TILE_MASK = 63
_RIICHI = 1 << 8
_FORCED = 1 << 9
_TURN_SHIFT = 10
_TURN_MASK = (1 << 16) - 1
_TURN = 1 << _TURN_SHIFT
_FLAGS = _RIICHI | _FORCED
_KEY_SHIFT = 26

OPS_MAX = 1 << 14
"""How many lines ``_discards`` remembers (a real log is mostly a few hundred distinct ones)."""
LINE_MAX = 200
"""The longest line it remembers."""
# kinds of line remembered: logscan's draws and discards, then calls (chi and pon count a turn)
_TSUMO, _TSUMO_RED, _DAHAI, _DAHAI_FIVE, _DAHAI_RED = (logscan.TSUMO, logscan.TSUMO_RED, logscan.DAHAI,
                                                       logscan.DAHAI_FIVE, logscan.DAHAI_RED)
_CALL_TURN, _CALL = 5, 6
_SLOW = (-1, 0, 0, 0, None)
_ops: dict[str, tuple[int, int, int, int, Any]] = {}
"""A line seen before: ``(its kind above, seat, index34, the row's seat | tile bits, Table.last_discard
after a dahai or the Call of a call)``; ``_SLOW`` for another line."""


def _remember(line: str, event: dict[str, Any]) -> None:
    """Remember a line ``Table.apply`` has just accepted."""
    if len(line) > LINE_MAX or len(_ops) >= OPS_MAX:
        return
    kind = event["type"]
    if kind == "tsumo" or kind == "dahai":
        who = event["actor"]
        t, red = TILE_OF[event["pai"]]
        if kind == "tsumo":
            op = _TSUMO_RED if red else _TSUMO
        else:
            op = _DAHAI_RED if red else _DAHAI_FIVE if t in RED_FIVES else _DAHAI
        _ops[line] = (op, who, t, who | t << _TILE_SHIFT, (who, t, red))
    elif kind == "chi" or kind == "pon" or kind == "daiminkan":
        _ops[line] = (_CALL if kind == "daiminkan" else _CALL_TURN, event["actor"], 0, 0, call_of(event))
    else:
        _ops[line] = _SLOW


def _discards(name: str, lines: Lines, events: Events | None = None
              ) -> tuple[bytearray, bytearray, array[int], list[tuple[int, int, list[str]]]]:
    """Each discard's hand and what lies face up (the seat's ``visible`` plus its own melds), its ids
    packed in one int (``_TURN`` and the masks above), and the log's segments ``(first row, round,
    names)``: the round and the players' names from that row on.

    The same rows as the ``DISCARD``/``RIICHI`` decisions of ``decisions(offers=False)``, in one pass
    over the lines.  The ``tsumo`` and ``dahai`` lines seen before (``_ops``) that the state allows take
    the straight path of ``Table.apply`` in ``logscan.run`` (compiled), and a call seen before goes to
    ``Table.call``, without parsing either again; every other line is parsed and applied by
    ``Table.apply``, and the errors are the reader's: the first line that is not a JSON object, else
    the first event the state rules out.  The lines are read a batch at a time (``LazyLines.batches``:
    those of one chunk; a Tenhou record's: whole rounds, ``BATCH_LINES`` or more), never held all at once.
    A Tenhou record's ``events`` (as converted) are applied as they are, their lines not parsed again.
    """
    table = Table()
    seats, known, face_up, in_round = table.seats, table._known, table.face_up, table.in_round
    hands, seen = bytearray(), bytearray()
    codes = array("q")
    segments: list[tuple[int, int, list[str]]] = [(0, table.round, list(table.names))]
    bits = [who << _KEY_SHIFT for who in range(len(seats))]  # per seat: key << _KEY_SHIFT | turn | forced | riichi
    op_of = _ops.get
    event_of = _shared.get
    run = logscan.run
    batches = iter([lines] if isinstance(lines, list) else lines.batches())
    base = 0  # the lines before this batch
    for batch in batches:
        i, n = 0, len(batch)
        while i < n:
            if in_round:  # the straight path, up to the first line it does not take
                i = run(batch, i, _ops, seats, known, face_up, bits, _TURN, hands, seen, codes, table)
                if i == n:
                    break
            state = _line(name, batch, i, base, batches, table, bits, seats, hands, seen, codes, segments,
                          op_of(batch[i]), event_of, events)
            if state is not None:
                seats, known, face_up, in_round = state
            i += 1
        base += n
    return hands, seen, codes, segments


def _rest(name: str, batch: list[str], i: int, base: int, batches: Iterator[list[str]]) -> Iterator[None]:
    """Parse the lines after ``batch[i]`` (and the batches left): the first that is not JSON raises."""
    lineno = base + i + 1
    for line in batch[i + 1:]:
        lineno += 1
        read_event(name, lineno, line)
        yield None
    for later in batches:
        for line in later:
            lineno += 1
            read_event(name, lineno, line)
            yield None


def _line(name: str, batch: list[str], i: int, base: int, batches: Iterator[list[str]], table: Table,
          bits: list[int], seats: tuple[Any, ...], hands: bytearray, seen: bytearray, codes: array[int],
          segments: list[tuple[int, int, list[str]]], op: Any, event_of: Any, events: Events | None
          ) -> tuple[Any, Any, Any, bool] | None:
    """Apply the line ``batch[i]`` the straight path left; the table's new (seats, known, face_up,
    in_round) when they change, else None."""
    line = batch[i]
    lineno = base + i + 1
    if op is not None and table.in_round and op[0] >= _CALL_TURN:  # a call seen before: the state to check
        try:
            table.call(op[4])
        except Inconsistent as exc:  # a later line that is not JSON comes first (as below)
            raise inconsistent(name, lineno, str(exc), line, _rest(name, batch, i, base, batches)) from None
        if op[0] == _CALL_TURN:
            bits[op[1]] += _TURN
        return None
    event = events[lineno - 1] if events is not None else event_of(line) or read_event(name, lineno, line)
    what: Any = event.get("type")
    actor: Any = event.get("actor")
    mine = what == "dahai" and actor.__class__ is int and 0 <= actor < len(seats)
    if mine:  # the state the discard is chosen in: before the event
        hands += seats[actor].counts
        seen += table.face_up
    try:
        table.apply(event)
    except Inconsistent as exc:  # a line that is not JSON comes first, as when all lines are parsed first
        raise inconsistent(name, lineno, str(exc), line, _rest(name, batch, i, base, batches)) from None
    if op is None:
        _remember(line, event)
    if mine:
        codes.append(actor | table.last_discard[1] << _TILE_SHIFT | bits[actor])  # type: ignore[index]
    elif what == "tsumo" or what == "chi" or what == "pon":
        bits[actor] += _TURN
    elif what == "reach" or what == "reach_accepted":
        seat = seats[actor]
        bits[actor] = bits[actor] & ~_FLAGS | (_RIICHI if seat.declared and not seat.riichi else 0) | (
            _FORCED if seat.riichi else 0)
    elif what == "start_kyoku" or what == "start_game":
        segments.append((len(codes), table.round, list(table.names)))
        bits[:] = [(len(segments) - 1 << _SEAT_BITS | who) << _KEY_SHIFT for who in range(table.players)]
        return table.seats, table._known, table.face_up, table.in_round
    return seats, table._known, table.face_up, table.in_round


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
    files_per_task: int | None = None,
    progress: Callable[[int, int], None] | None = None,
    errors: str = "raise",
) -> Any:
    """One row per discard of the logs, as a ``pyarrow.Table`` (columns ``COLUMNS``).

    ``sources``: one log or a list of logs (paths, files, or ``[lines]``).
    ``rules``: the rule set of the efficiency judgement (``"riichi"`` for mjai
    logs; a three-player log is judged under ``"riichi3"`` when it is
    ``"riichi"``).  ``client``: ``None`` runs in this process; a
    ``dask.distributed.Client`` runs one task per chunk of ``files_per_task``
    log files (paths only; ``None``: enough chunks for eight tasks a worker, so
    small files do not drown in task overhead) and returns the same rows in
    the same order.  ``progress(done, total)`` is called as logs are finished.
    ``errors="skip"`` leaves out each log that is malformed or inconsistent
    and reports it as a ``BadLogWarning`` (on the client too when the work
    runs on Dask); the other logs' rows are those of a run without it.
    See docs/logs.md for what each column means.

    Parameters
    ----------
    sources
        One log or several (paths, files, or ``[lines]``).
    rules
        The rule set of the judgement: a preset name or a ``Rules``.
    client
        ``None``, or a ``dask.distributed.Client`` to run on.
    files_per_task
        Log files per cluster task; ``None`` picks.
    progress
        Called as ``progress(done, total)`` as logs are finished.
    errors
        ``"raise"`` (the first bad log's ``ValueError``) or ``"skip"`` (one
        ``BadLogWarning`` per bad log, its rows left out).

    Returns
    -------
    pyarrow.Table
        One row per discard, columns ``COLUMNS``, in log order.

    Raises
    ------
    ValueError
        A malformed or inconsistent log (with ``errors="raise"``: the first
        bad one in the order of the sources, also on a cluster), a
        ``files_per_task`` below 1, ``errors`` other than "raise" or "skip".
    TypeError
        An argument of the wrong type (a source that is not a path, with a ``client``).
    ImportError
        pyarrow (or, with a ``client``, ``dask.distributed``) is not installed.

    Examples
    --------
    >>> from mahjong_fast import logs
    >>> from mahjong_fast.logs._example import LINES as lines  # a deal, a draw and discard, a pon, a discard
    >>> table = logs.analyze([lines])
    >>> table.num_rows, table.column_names == list(logs.COLUMNS)
    (2, True)
    >>> [(row["seat"], row["tile"], row["best"], row["useful"], row["best_useful"]) for row in table.to_pylist()]
    [(0, 28, True, 4, 4), (1, 32, False, 3, 8)]
    """
    pa = require("pyarrow", "analyze")
    rule_set = as_rules(rules)
    if errors not in ERRORS:
        raise ValueError(f"errors must be 'raise' or 'skip', not {errors!r}")
    skip = errors == "skip"
    items = as_sources(sources)
    total = len(items)
    parts: list[dict[str, Any] | str] = []
    if client is None:
        for i, source in enumerate(items):
            parts.append(_analyze_or_why(source, rule_set, skip))
            if progress is not None:
                progress(i + 1, total)
    else:
        parts = _on_cluster(client, items, rule_set, files_per_task, progress, skip)
    good = []
    for part in parts:
        if isinstance(part, str):
            warnings.warn(BadLogWarning(part), stacklevel=2)
        else:
            good.append(part)
    return _table(pa, good)


def _analyze_or_why(source: Source, rules: Rules, skip: bool) -> dict[str, Any] | str:
    """``analyze_log(source)``; with ``skip``, the message of its ``ValueError`` instead of raising it."""
    try:
        return analyze_log(source, rules)
    except ValueError as exc:
        if not skip:
            raise
        return str(exc)


TASKS_PER_WORKER = 8
"""With ``files_per_task=None``: chunks enough for this many tasks per worker."""


def analyze_logs(paths: list[str], rules: Rules, skip: bool = False) -> list[dict[str, Any] | str]:
    """``analyze_log`` of each path: one cluster task (with ``skip``, a bad log's message in its place)."""
    return [_analyze_or_why(path, rules, skip) for path in paths]


def _on_cluster(
    client: Any, items: list[Any], rules: Rules, files_per_task: int | None,
    progress: Callable[[int, int], None] | None, skip: bool,
) -> list[Any]:
    distributed = require("distributed", "analyze(client=...)")
    for source in items:
        if not isinstance(source, (str, os.PathLike)):
            raise TypeError(f"analyze(client=...) reads logs on the workers: every source must be a path, not "
                            f"{type(source).__name__}")
    if files_per_task is None:
        # nthreads() asks the scheduler each time; scheduler_info() may return the client's cached
        # identity, which a periodic refresh leaves without its workers (distributed 2026.x)
        workers = max(1, len(client.nthreads()))
        files_per_task = max(1, -(-len(items) // (workers * TASKS_PER_WORKER)))
    elif type(files_per_task) is not int or files_per_task < 1:
        raise ValueError(f"files_per_task must be a positive int or None, not {files_per_task!r}")
    paths = [os.fspath(os.path.abspath(s)) for s in items]
    chunks = [paths[i:i + files_per_task] for i in range(0, len(paths), files_per_task)]
    futures = client.map(analyze_logs, chunks, rules=rules, skip=skip, pure=False)
    index = {f.key: i for i, f in enumerate(futures)}
    results: list[Any] = [None] * len(futures)
    done = 0
    finished = 0  # the tasks before this one have all answered
    failed: tuple[int, ValueError] | None = None  # the bad log first in the caller's order, as on one process
    for future in distributed.as_completed(futures):
        i = index[future.key]
        try:
            results[i] = future.result()
        except ValueError as exc:
            if failed is None or i < failed[0]:
                failed = (i, exc)
        else:
            done += len(chunks[i])
            if progress is not None:
                progress(done, len(items))
            while finished < len(results) and results[finished] is not None:
                finished += 1
        if failed is not None and finished >= failed[0]:
            client.cancel(futures)
            raise failed[1]
    parts = [part for result in results for part in result]
    for i, (part, source, path) in enumerate(zip(parts, items, paths)):  # name each log as the caller did
        name = os.fsdecode(source)
        if isinstance(part, str):
            parts[i] = name + part[len(path):] if part.startswith(path) else part
        else:
            part["log"] = name
    return parts


def _table(pa: Any, parts: list[dict[str, Any]]) -> Any:
    np = require("numpy", "analyze")
    columns = {}
    sizes = [len(p["seat"]) for p in parts]
    logs = pa.array([p["log"] for p in parts], type=pa.string())
    columns["log"] = logs.take(pa.array(np.repeat(np.arange(len(parts)), sizes)))
    names = [name for p in parts for name in p["players"]]
    offsets = np.cumsum([0] + [len(p["players"]) for p in parts[:-1]]).astype(np.int32)
    codes = np.concatenate([p["player"] + off for p, off in zip(parts, offsets)]) if parts else np.zeros(0, np.int32)
    columns["player"] = pa.array(names, type=pa.string()).take(pa.array(codes))
    for key in COLUMNS[2:]:
        arrays = [p[key] for p in parts]
        columns[key] = pa.array(np.concatenate(arrays) if arrays else np.zeros(0, dtype=_DTYPES[key]))
    return pa.table(columns)
