"""JSON as the log readers take it: no NaN or Infinity, no number beyond a float, no repeated key, and
lists and objects nested more than ``MAX_DEPTH`` deep a ``ValueError`` (never ``RecursionError``, never
a crash: the depth is read before the json module recurses, whatever the recursion limit).

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
import re
from typing import Any

MAX_DEPTH = 100
"""The deepest nesting of lists and objects read (a log nests four deep).  Deeper is refused before the
json module parses it: its C parser recurses once a level, bounded only by the recursion limit, and a
limit raised in the process (it is the whole process's) would let it overflow the thread's stack."""
_SPECIAL = re.compile(r'[\[\]{}"]')


def _string_end(text: str, start: int) -> int:
    """The index after the quote closing the string whose first character is ``text[start]``; -1 if none."""
    pos = start
    while True:
        quote = text.find('"', pos)
        if quote < 0:
            return -1
        first = quote
        while first > start and text[first - 1] == "\\":
            first -= 1
        if (quote - first) % 2 == 0:  # an even run of backslashes escapes none of this quote
            return quote + 1
        pos = quote + 1


def too_deep(text: str, pos: int) -> bool:
    """Whether the list or object at ``text[pos]`` nests lists and objects more than ``MAX_DEPTH`` deep
    (strings skipped); reads no further than its end, or the first character past ``MAX_DEPTH``.

    >>> too_deep("[" * 101 + "]" * 101, 0), too_deep("[" * 100 + "]" * 100, 0), too_deep('["[[[[", 1]', 0)
    (True, False, False)
    """
    if text[pos:pos + 1] not in ("[", "{"):
        return False
    depth = 0
    search = _SPECIAL.search
    while True:
        found = search(text, pos)
        if found is None:
            return False
        char = text[found.start()]
        pos = found.end()
        if char == '"':
            pos = _string_end(text, pos)
            if pos < 0:
                return False
        elif char in "[{":
            depth += 1
            if depth > MAX_DEPTH:
                return True
        else:
            depth -= 1
            if depth == 0:
                return False


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
    if len(text) > 2 * MAX_DEPTH and text.count("[") + text.count("{") > MAX_DEPTH and too_deep(
            text, len(text) - len(text.lstrip(" \t\r\n"))):
        raise ValueError("nested too deep")
    try:
        value = _DECODER.decode(text)
        if type(value) is dict and text.count(":") > len(value):
            _STRICT.decode(text)
    except RecursionError:
        raise ValueError("nested too deep") from None
    return value


def raw_decode(text: str, pos: int) -> tuple[Any, int]:
    """``JSONDecoder.raw_decode`` from ``pos``, refusing what ``loads`` refuses (repeated keys included)."""
    if too_deep(text, pos):
        raise ValueError("nested too deep")
    try:
        return _STRICT.raw_decode(text, pos)
    except RecursionError:
        raise ValueError("nested too deep") from None
