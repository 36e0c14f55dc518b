"""Game logs: replay mjai logs seat by seat, list their decision points, judge every discard.

``replay(source)`` yields ``(event, seats)`` after each event of an mjai log;
``decisions(source)`` the decision points with the action taken;
``to_arrays(sources)`` those as numpy arrays for the batch functions;
``wins(source)`` every win scored (``mf.score``) beside the log's own figures;
``analyze(sources, rules=..., client=...)`` one row per discard (a
``pyarrow.Table``), in this process or on a Dask cluster.  Reading and
replaying need nothing beyond the package; ``to_arrays`` needs numpy,
``analyze`` pyarrow, a cluster ``dask.distributed``: ``pip install
'mahjong-fast[logs]'``.  See docs/logs.md.
"""
from __future__ import annotations

from ._analysis import COLUMNS, BadLogWarning, analyze
from ._arrays import LogArrays, to_arrays
from ._decisions import Action, Decision, Point, decisions
from ._reader import MAX_TENHOU_JSON, record_rules, replay, to_mjai
from ._record import RecordRules
from ._seat import Seat
from ._text import MAX_LINE, MAX_LOG, Source
from ._wins import Expected, Win, wins

__all__ = [
    "COLUMNS",
    "Action",
    "BadLogWarning",
    "Decision",
    "Expected",
    "LogArrays",
    "MAX_LINE",
    "MAX_LOG",
    "MAX_TENHOU_JSON",
    "Point",
    "RecordRules",
    "Seat",
    "Source",
    "Win",
    "analyze",
    "decisions",
    "record_rules",
    "replay",
    "to_arrays",
    "to_mjai",
    "wins",
]
