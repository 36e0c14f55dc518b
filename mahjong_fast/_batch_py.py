"""Pure-Python twin of ``_batch``: the numpy batch API over the pure kernels.

Same arguments, validation and answers as the compiled module, one row at a
time through ``_table_py``, ``_win_py`` and ``_shanten_py``: slow, but it needs
no compiler.  ``threads`` is validated and otherwise ignored (the rows are
Python work and would only contend for the GIL).  The argument checks here are
shared by the compiled module.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import numpy as np

_np: Any = None
SHANTEN_ROWS = "shanten needs 3n+1 or 3n+2 tiles, at most 14"
WAITS_ROWS = "waits needs 3n+1 tiles, at most 13"


def _numpy() -> Any:
    global _np
    if _np is None:
        import numpy

        _np = numpy
    return _np


def _threads(threads: object) -> int:
    """The number of threads asked for: None means 1."""
    if threads is None:
        return 1
    if isinstance(threads, bool) or not isinstance(threads, int):
        raise TypeError(f"threads must be an int or None, not {type(threads).__name__}")
    if threads < 1:
        raise ValueError(f"threads must be at least 1, got {threads}")
    return threads


def _as_counts(counts: object) -> np.ndarray:
    """Validate an (N, 34) integer array of counts 0-4; return it as contiguous uint8.

    Values are checked on the input's own dtype, so 256 is an error, not a 0.
    """
    np = _numpy()
    arr = np.asarray(counts)
    if arr.dtype.kind not in "iu":
        raise TypeError(f"counts must be an integer array, not dtype {arr.dtype}")
    if arr.ndim != 2 or arr.shape[1] != 34:
        raise ValueError(f"counts must have shape (N, 34), got {arr.shape}")
    if arr.size and ((arr.dtype.kind == "i" and arr.min() < 0) or arr.max() > 4):
        r, col = np.argwhere((arr < 0) | (arr > 4))[0]
        raise ValueError(f"counts[{r}, {col}] = {arr[r, col]} is not a tile count 0-4")
    return np.ascontiguousarray(arr, dtype=np.uint8)


def _check_totals(c: np.ndarray, residues: tuple[int, ...], most: int, what: str) -> None:
    """Every row must hold 3n + r tiles (r in ``residues``), at most ``most``.

    ValueError names the first row that does not.
    """
    np = _numpy()
    totals = c.sum(axis=1, dtype=np.int64)
    bad = np.flatnonzero(~np.isin(totals % 3, residues) | (totals > most))
    if bad.size:
        r = int(bad[0])
        raise ValueError(f"row {r} holds {int(totals[r])} tiles; {what}")


def is_win_batch(counts: object, *, threads: int | None = None) -> np.ndarray:
    """Whether each hand wins: standard form, seven pairs or thirteen orphans.

    Parameters
    ----------
    counts
        (N, 34) array of tile counts 0-4, any integer dtype.
    threads
        None or 1 for one thread; n > 1 splits the rows over n threads.

    Returns
    -------
    numpy.ndarray
        (N,) bool; rows whose total is not 3n+2 are False.
    """
    from mahjong_fast import _table_py, _win_py

    _threads(threads)
    c = _as_counts(counts)
    out = _numpy().zeros(c.shape[0], dtype=bool)
    for r, row in enumerate(c):
        hand = row.tobytes()
        n = sum(hand)
        out[r] = n % 3 == 2 and (
            _table_py.win_table(hand)
            or (n == 14 and (_win_py.seven_pairs(hand) or _win_py.thirteen_orphans(hand)))
        )
    return out


def shanten_batch(counts: object, *, threads: int | None = None) -> np.ndarray:
    """Shanten of each hand, the minimum over the three forms (-1 = complete, 0 = ready).

    Parameters
    ----------
    counts
        (N, 34) array of tile counts 0-4, any integer dtype; each row 3n+1 or 3n+2 tiles.
    threads
        None or 1 for one thread; n > 1 splits the rows over n threads.

    Returns
    -------
    numpy.ndarray
        (N,) int8.
    """
    from mahjong_fast import _shanten_py

    _threads(threads)
    c = _as_counts(counts)
    _check_totals(c, (1, 2), 14, SHANTEN_ROWS)
    out = _numpy().empty(c.shape[0], dtype=_np.int8)
    for r, row in enumerate(c):
        out[r] = _shanten_py.shanten_counts(row.tobytes(), 0)
    return out


def waits_batch(counts: object, *, threads: int | None = None) -> np.ndarray:
    """The tiles each hand waits on, as a mask.

    Parameters
    ----------
    counts
        (N, 34) array of tile counts 0-4, any integer dtype; each row 3n+1 tiles.
    threads
        None or 1 for one thread; n > 1 splits the rows over n threads.

    Returns
    -------
    numpy.ndarray
        (N, 34) bool: ``out[r, t]`` is True when tile t completes hand r.
    """
    from mahjong_fast import _shanten_py

    _threads(threads)
    c = _as_counts(counts)
    _check_totals(c, (1,), 13, WAITS_ROWS)
    out = _numpy().zeros(c.shape, dtype=bool)
    for r, row in enumerate(c):
        for t in _shanten_py.waits_counts(row.tobytes()):
            out[r, t] = True
    return out
