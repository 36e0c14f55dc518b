"""Tenhou's records as mjai events: mjlog XML (``<mjloggm>``) and tenhou.net/6 JSON (``{"log": [...]}``).

``record_kind(text)`` tells the three forms apart by content (``"mjlog"``,
``"tenhou6"`` or ``"mjai"``); ``open_record(kind, pieces)`` opens a Tenhou
record of either form (``_mjlog``, ``_tenhou6``), whose rounds turn into the
mjai events Mortal's engine would have written for the same game, and their
lines (``_record``: the one ``Round`` builder).

>>> record = open_record("mjlog", ['<mjloggm ver="2.3"><GO type="169"/><TAIKYOKU oya="0"/></mjloggm>'])
>>> record_kind('<mjloggm ver="2.3"></mjloggm>'), record.rules.rules
('mjlog', 'riichi')
"""
from __future__ import annotations

import re
from collections.abc import Iterable

from ._mjlog import MjlogRecord
from ._tenhou6 import First, Tenhou6Record, decode_json

_SPACE = re.compile(r"[\s\ufeff]*")


def record_kind(text: str) -> str:
    """``"mjlog"`` (XML), ``"tenhou6"`` (a JSON object with no ``type``: tenhou.net/6 holds ``log``) or
    ``"mjai"`` (anything else).

    >>> record_kind('<mjloggm ver="2.3"></mjloggm>'), record_kind('{"log": []}'), record_kind('{"type": "end_game"}')
    ('mjlog', 'tenhou6', 'mjai')
    """
    return kind_and_first(text)[0]


def kind_and_first(text: str) -> tuple[str, First]:
    """``record_kind`` of ``text``, and for ``"tenhou6"`` the first object it read (``open_record`` reads it
    no more: the record's text starts with ``text``)."""
    start = _SPACE.match(text).end()  # type: ignore[union-attr]
    if text.startswith("<", start):
        return "mjlog", None
    if text.startswith("{", start):
        try:
            first, end = decode_json(text, start)
        except ValueError:
            return "mjai", None  # the mjai reader says what is wrong with the line
        if isinstance(first, dict) and "type" not in first:  # every mjai event has a type
            return "tenhou6", (start, first, end)
    return "mjai", None


def open_record(kind: str, pieces: Iterable[str], first: First = None) -> MjlogRecord | Tenhou6Record:
    """A Tenhou record of ``kind`` (``"mjlog"`` or ``"tenhou6"``), its text given in pieces (tenhou.net/6: with
    ``first``, the first object ``kind_and_first`` read of its start): its header read (``rules``), its rounds
    to come (``rounds()``); a malformed record raises ``RecordError``."""
    if kind == "mjlog":
        return MjlogRecord(pieces)
    return Tenhou6Record("".join(pieces), first)
