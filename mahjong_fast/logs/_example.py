"""The short mjai log that the examples of ``mahjong_fast.logs`` replay (one home for it).

``LINES``: a deal (seat 1 holds ``S S F F``, seat 3 ``N N N 1s``), seat 0 draws a South and
lets it go, seat 1 pons it and discards a Green.  Each docstring example imports it (or
``seat``, a seat at its end), so the example reads as it runs:

>>> from mahjong_fast import logs
>>> from mahjong_fast.logs._example import LINES
>>> [event["type"] for event, _ in logs.replay(LINES)]
['start_kyoku', 'tsumo', 'dahai', 'pon', 'dahai']
"""
from __future__ import annotations

import json

from ._reader import replay
from ._seat import Seat


def _start(last: str) -> str:
    """A ``start_kyoku``: each seat dealt ``1m 2m 3m 4p 5p 6p 7s 8s 9s`` and four tiles of its own, seat 3 ``last``."""
    deal = [f"1m 2m 3m 4p 5p 6p 7s 8s 9s {h}".split() for h in ("E E C C", "S S F F", "W W P P", last)]
    return ('{"type": "start_kyoku", "bakaze": "E", "kyoku": 1, "honba": 0, "kyotaku": 0, "oya": 0, '
            f'"dora_marker": "1p", "scores": [25000, 25000, 25000, 25000], "tehais": {json.dumps(deal)}}}')


LINES: tuple[str, ...] = (
    _start("N N N 1s"),
    '{"type": "tsumo", "actor": 0, "pai": "S"}',
    '{"type": "dahai", "actor": 0, "pai": "S", "tsumogiri": true}',
    '{"type": "pon", "actor": 1, "target": 0, "pai": "S", "consumed": ["S", "S"]}',
    '{"type": "dahai", "actor": 1, "pai": "F", "tsumogiri": false}',
)
"""The log, one JSON event a line."""


def seat(who: int = 1) -> Seat:
    """Seat ``who`` after the whole of ``LINES`` (seat 1: its pon of South made, its Green let go).

    >>> seat().melds
    (Meld.pung('2z'),)
    """
    return list(replay(LINES))[-1][1][who]


WIN_LINES: tuple[str, ...] = (
    _start("N N 1s 1s"),
    '{"type": "tsumo", "actor": 0, "pai": "C"}',
    '{"type": "dahai", "actor": 0, "pai": "E", "tsumogiri": false}',
    '{"type": "tsumo", "actor": 1, "pai": "9m"}',
    '{"type": "dahai", "actor": 1, "pai": "9m", "tsumogiri": true}',
    '{"type": "tsumo", "actor": 2, "pai": "9m"}',
    '{"type": "dahai", "actor": 2, "pai": "9m", "tsumogiri": true}',
    '{"type": "tsumo", "actor": 3, "pai": "1s"}',
    '{"type": "hora", "actor": 3, "target": 3, "deltas": [-16000, -8000, -8000, 32000]}',
)
"""A log that ends in a win: seat 3 wins on its first draw, no call before it (地和)."""
