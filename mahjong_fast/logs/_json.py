"""JSON as the log readers take it: no NaN or Infinity, no number beyond a float, no repeated key, and
nesting too deep for the parser a ``ValueError`` (never ``RecursionError``).

>>> loads('{"type": "tsumo", "actor": 0}')
{'type': 'tsumo', 'actor': 0}
>>> loads('{"type": "tsumo", "type": "dahai"}')
Traceback (most recent call last):
...
ValueError: the key 'type' is given twice
"""
from __future__ import annotations

import json
import math
from typing import Any


def _constant(word: str) -> Any:
    raise ValueError(f"{word} is not a number a log holds")


def _float(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise ValueError(f"the number {text[:40]} is out of range")
    return value


def _unique(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out = dict(pairs)
    if len(out) != len(pairs):
        seen: set[str] = set()
        for key, _ in pairs:
            if key in seen:
                raise ValueError(f"the key {key!r} is given twice")
            seen.add(key)
    return out


_DECODER = json.JSONDecoder(parse_constant=_constant, parse_float=_float)
_STRICT = json.JSONDecoder(parse_constant=_constant, parse_float=_float, object_pairs_hook=_unique)


def loads(text: str) -> Any:
    """``json.loads(text)`` refusing what a log never holds (see the module); a ``ValueError`` says what.

    A repeated key is looked for only when ``text`` has more colons than the top object has keys (a
    nested object, or a colon inside a string), so a flat event is parsed once.
    """
    try:
        value = _DECODER.decode(text)
        if type(value) is dict and text.count(":") > len(value):
            _STRICT.decode(text)
    except RecursionError:
        raise ValueError("nested too deep") from None
    return value


def raw_decode(text: str, pos: int) -> tuple[Any, int]:
    """``JSONDecoder.raw_decode`` from ``pos``, refusing what ``loads`` refuses (repeated keys included)."""
    try:
        return _STRICT.raw_decode(text, pos)
    except RecursionError:
        raise ValueError("nested too deep") from None
