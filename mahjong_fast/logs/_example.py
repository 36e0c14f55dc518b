"""The short mjai log that the examples of ``mahjong_fast.logs`` replay (one home for it).

``LINES``: a deal (seat 1 holds ``S S F F``, seat 3 ``N N N 1s``), seat 0 draws a South and
lets it go, seat 1 pons it and discards a Green.  Each docstring example imports it, so the
example reads as it runs:

>>> from mahjong_fast import logs
>>> from mahjong_fast.logs._example import LINES
>>> [event["type"] for event, _ in logs.replay(LINES)]
['start_kyoku', 'tsumo', 'dahai', 'pon', 'dahai']
"""
from __future__ import annotations

import json

_DEAL = json.dumps([f"1m 2m 3m 4p 5p 6p 7s 8s 9s {h}".split() for h in ("E E C C", "S S F F", "W W P P", "N N N 1s")])

LINES: tuple[str, ...] = (
    '{"type": "start_kyoku", "bakaze": "E", "kyoku": 1, "honba": 0, "kyotaku": 0, "oya": 0, '
    f'"dora_marker": "1p", "scores": [25000, 25000, 25000, 25000], "tehais": {_DEAL}}}',
    '{"type": "tsumo", "actor": 0, "pai": "S"}',
    '{"type": "dahai", "actor": 0, "pai": "S", "tsumogiri": true}',
    '{"type": "pon", "actor": 1, "target": 0, "pai": "S", "consumed": ["S", "S"]}',
    '{"type": "dahai", "actor": 1, "pai": "F", "tsumogiri": false}',
)
"""The log, one JSON event a line."""
