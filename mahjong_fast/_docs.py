"""One home for the docstring text that several public functions share.

A line of a docstring that holds only ``{name}``, for a name of ``PARTS``, stands for that
part: ``shared_doc`` puts the part there, at the line's indentation, when the function is
defined, so ``help()`` and the doctests read the whole text.  The parts are the numpy-style
entries of arguments and errors that read the same wherever they stand (``threads`` of the
batch functions, the errors every numpy function can raise...).

>>> @shared_doc
... def f(threads=None):
...     '''Does nothing.
...
...     Parameters
...     ----------
...     {threads}
...     '''
>>> print(f.__doc__.splitlines()[4].strip())
threads
"""
from __future__ import annotations

import re
from collections.abc import Callable
from typing import TypeVar

F = TypeVar("F", bound=Callable[..., object])

PARTS = {
    "threads": """threads
    None or 1 for one thread; n > 1 shares the rows with up to n-1 workers.""",
    "batch_rules": """rules
    A preset name or a ``Rules`` object, as for ``is_win``; ``None`` is
    ``"chinese"``.  A count of a tile that does not exist under it is a
    ``ValueError`` naming the row and the tile.""",
    "numpy_errors": """TypeError
    An argument of the wrong type.
ImportError
    numpy is not installed.""",
    "type_error": """TypeError
    An argument of the wrong type.""",
}
"""The shared parts by name, each unindented (``shared_doc`` indents it where it stands)."""

_FIELD = re.compile(r"^(?P<indent>[ ]*)\{(?P<name>\w+)\}$", re.MULTILINE)


def fill(doc: str) -> str:
    """``doc`` with each line ``{name}`` replaced by ``PARTS[name]`` at that line's indentation.

    >>> fill("Raises\\n------\\n{type_error}")
    'Raises\\n------\\nTypeError\\n    An argument of the wrong type.'
    """
    def part(match: re.Match[str]) -> str:
        indent = match["indent"]
        return "\n".join(indent + line if line else line for line in PARTS[match["name"]].splitlines())

    return _FIELD.sub(part, doc)


def shared_doc(function: F) -> F:
    """Fill ``function``'s docstring with the shared parts it names (``fill``); a decorator.

    >>> shared_doc(len) is len
    True
    """
    if function.__doc__ and "{" in function.__doc__:
        function.__doc__ = fill(function.__doc__)
    return function
