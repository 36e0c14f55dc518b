"""The one reader of a 34-count argument, shared by every kernel and entry point.

A counts argument is ``bytes``, ``bytearray``, a 1-D buffer of integers (a
numpy row, ``array.array``, ``memoryview``, strided or not) or a list or tuple
of ints: 34 values in 0-4, in index34 order.  Anything else is a
``TypeError``; a wrong length or a value outside 0-4 is a ``ValueError`` that
names the argument and the value.  ``_counts.pxd`` is the C fast path of the
same rule for an exact ``bytes`` of 34 valid counts.
"""
from __future__ import annotations

from operator import index

from ._layout import MAX_COPIES, N_KINDS

_VALID = bytes(range(MAX_COPIES + 1))


def _bad_length(name: str, n: int) -> ValueError:
    return ValueError(f"{name} must hold {N_KINDS} values, got {n}")


def _bad_count(name: str, i: int, value: object) -> ValueError:
    return ValueError(f"{name}[{i}] = {value!r} is not a tile count 0-{MAX_COPIES}")


def read_counts(value: object, name: str = "counts") -> bytes:
    """``value`` as 34 counts in ``bytes``, or ``TypeError``/``ValueError`` naming ``name``."""
    if type(value) is bytes and len(value) == N_KINDS and not value.translate(None, _VALID):
        return value  # the common call, answered first
    if isinstance(value, (bytes, bytearray)):
        data = bytes(value)
        if len(data) != N_KINDS:
            raise _bad_length(name, len(data))
        if data.translate(None, _VALID):  # some byte is above MAX_COPIES
            i = next(i for i, v in enumerate(data) if v > MAX_COPIES)
            raise _bad_count(name, i, data[i])
        return data
    items = _items(value, name)
    if len(items) != N_KINDS:
        raise _bad_length(name, len(items))
    for i, v in enumerate(items):
        if not 0 <= v <= MAX_COPIES:
            raise _bad_count(name, i, v)
    return bytes(items)


def _items(value: object, name: str) -> list[int]:
    if isinstance(value, (list, tuple)):
        items = list(value)
    else:
        try:
            view = memoryview(value)  # type: ignore[arg-type]
        except TypeError:
            raise TypeError(
                f"{name} must be bytes, a buffer or a list of {N_KINDS} ints, "
                f"not {type(value).__name__}"
            ) from None
        with view:
            if view.ndim != 1 or view.format.lstrip("@=<>!") not in "bBhHiIlLqQnN":
                raise TypeError(
                    f"{name} must be a 1-D buffer of integers, "
                    f"got format {view.format!r} with {view.ndim} dimensions"
                )
            items = view.tolist()
    out = []
    for v in items:
        if isinstance(v, bool) or not hasattr(v, "__index__"):
            raise TypeError(f"{name} must hold ints, not {type(v).__name__}")
        out.append(index(v))
    return out
