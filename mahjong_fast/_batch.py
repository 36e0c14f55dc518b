"""The numpy batch API: one call for many hands of 34 counts.

Every function takes an ``(N, 34)`` array of any integer dtype and layout,
checks it on its own dtype (so 256 is an error, not a 0) without allocating
anything of the input's size, converts it once to contiguous ``uint8`` and runs
the chosen ``batch`` kernel over blocks of rows.  Between blocks the caller's
thread checks for signals, so Ctrl-C raises ``KeyboardInterrupt`` within a few
milliseconds and no block is left running.  ``threads=n`` shares the blocks
with up to n-1 workers of one reused pool (capped at the cores present and the
rows there are); answers never depend on it.  ``rules=`` (a preset name or a
``Rules`` object) reaches the kernels as an int and 34 bytes, the GIL still
released.  numpy is imported on first use.
"""
from __future__ import annotations

import os
import threading
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from operator import index
from typing import TYPE_CHECKING, Any

from ._dispatch import batch as _kernel
from ._dispatch import is_compiled
from ._docs import shared_doc
from ._layout import MAX_COPIES, MAX_HAND, N_KINDS
from ._rules import Rules, RulesLike, as_rules
from ._tiles import TILES

if TYPE_CHECKING:
    import numpy as np

_np: Any = None
_CHECK_ROWS = 1 << 16  # rows checked per step when looking for a bad count
_MIN_ROWS_PER_THREAD = 4096
_pool: ThreadPoolExecutor | None = None
_pool_size = 0
_pool_lock = threading.Lock()


def _numpy() -> Any:
    global _np
    if _np is None:
        import numpy

        _np = numpy
    return _np


def _cores() -> int:
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        return os.cpu_count() or 1


def _threads(threads: object, rows: int) -> int:
    """Threads to use: the number asked for (None means 1), capped at cores and rows."""
    if threads is None:
        return 1
    if isinstance(threads, bool) or not hasattr(threads, "__index__"):
        raise TypeError(f"threads must be an int or None, not {type(threads).__name__}")
    asked = index(threads)
    if asked < 1:
        raise ValueError(f"threads must be at least 1, got {asked}")
    if not is_compiled(_kernel):  # pure Python rows hold the GIL: threads would only contend
        return 1
    return max(1, min(asked, _cores(), -(-rows // _MIN_ROWS_PER_THREAD)))


def _as_counts(counts: object) -> np.ndarray:
    """Check an (N, 34) integer array of counts 0-4; return it as contiguous uint8."""
    numpy = _numpy()
    arr = numpy.asarray(counts)
    if arr.dtype.kind not in "iu":
        raise TypeError(f"counts must be an integer array, not dtype {arr.dtype}")
    if arr.ndim != 2 or arr.shape[1] != N_KINDS:
        raise ValueError(f"counts must have shape (N, {N_KINDS}), got {arr.shape}")
    signed = arr.dtype.kind == "i"
    for start in range(0, arr.shape[0], _CHECK_ROWS):
        block = arr[start : start + _CHECK_ROWS]
        if block.max() > MAX_COPIES or (signed and block.min() < 0):
            r, col = divmod(int(((block < 0) | (block > MAX_COPIES)).argmax()), N_KINDS)
            raise ValueError(
                f"counts[{start + r}, {col}] = {block[r, col]} is not a tile count 0-{MAX_COPIES}"
            )
    contiguous: np.ndarray = numpy.ascontiguousarray(arr, dtype=numpy.uint8)
    return contiguous


def _rule_args(c: np.ndarray, rules: Rules) -> tuple[int, bytes | None]:
    """The kernels' rule bits and limits for ``rules`` (``(-1, None)`` for the default);
    ``ValueError`` naming the first count of a tile that does not exist under them."""
    if rules.is_default:
        return -1, None
    missing = [t for t in range(N_KINDS) if not rules.limits[t]]
    if missing:
        for start in range(0, c.shape[0], _CHECK_ROWS):
            block = c[start : start + _CHECK_ROWS, missing]
            if block.any():
                r, k = divmod(int(block.argmax()), len(missing))
                col = missing[k]
                raise ValueError(
                    f"counts[{start + r}, {col}] = {block[r, k]}: {TILES[col]} does not exist "
                    f"under rules {rules.name!r}"
                )
    return rules.flags, rules.limits


def _check_totals(c: np.ndarray, residues: int, most: int, what: str) -> None:
    row, total = _kernel.first_bad_row(c, residues, most)
    if row >= 0:
        raise ValueError(f"counts row {row} holds {total} tiles; {what}")


def _answer(kernel: int, counts: object, threads: object, rules: RulesLike, dtype: str, per_tile: bool = False,
            totals: tuple[int, int, str] | None = None) -> np.ndarray:
    """The public batch functions' one body: read and check ``counts`` (with ``totals``, each row's size:
    ``_check_totals``'s residues, most and message) and answer each row into a new array of ``dtype``, a
    value per row or, ``per_tile``, 34."""
    r = as_rules(rules)
    c = _as_counts(counts)
    spec = _rule_args(c, r)
    if totals is not None:
        _check_totals(c, *totals)
    out: np.ndarray = _numpy().zeros(c.shape if per_tile else c.shape[0], dtype=dtype)
    _run(kernel, c, out, _threads(threads, c.shape[0]), spec)
    return out


def _worker_pool(workers: int) -> ThreadPoolExecutor:
    global _pool, _pool_size
    with _pool_lock:
        if _pool is None or _pool_size < workers:
            if _pool is not None:
                _pool.shutdown(wait=False)
            _pool = ThreadPoolExecutor(max_workers=workers, thread_name_prefix="mahjong_fast")
            _pool_size = workers
        return _pool


def _run(
    kernel: int, c: np.ndarray, out: np.ndarray, threads: int, rules: tuple[int, bytes | None] = (-1, None)
) -> None:
    """Answer every row of ``c`` into ``out``, block by block, interruptibly."""
    n = c.shape[0]
    flat = out.reshape(-1).view(_numpy().uint8)
    step = _kernel.ROWS_PER_CHUNK
    flags, limits = rules
    _kernel.prepare(kernel, flags)
    run_blocks(lambda start, stop: _kernel.run_rows(kernel, c, flat, start, stop, flags, limits), n, step, threads)


def run_blocks(block: Callable[[int, int], None], n: int, step: int, threads: int) -> None:
    """``block(start, stop)`` over the rows ``0..n`` in blocks of ``step``, on ``threads`` threads.

    The blocks run with the GIL released (``block`` is a kernel loop), so Ctrl-C is
    seen between blocks: the workers finish the block they hold and stop.
    """
    if threads <= 1:
        for start in range(0, n, step):
            block(start, min(n, start + step))
        return
    starts = iter(range(0, n, step))
    lock = threading.Lock()
    stop = threading.Event()

    def work() -> None:
        while not stop.is_set():
            with lock:
                start = next(starts, None)
            if start is None:
                return
            block(start, min(n, start + step))

    jobs = [_worker_pool(threads - 1).submit(work) for _ in range(threads - 1)]
    try:
        work()
    finally:
        stop.set()  # on KeyboardInterrupt the workers finish their block and stop
        for job in jobs:
            job.result()


@shared_doc
def is_win_batch(counts: object, *, threads: int | None = None, rules: RulesLike = None) -> np.ndarray:
    """Whether each hand wins: standard form, seven pairs or thirteen orphans (by default).

    Parameters
    ----------
    counts
        (N, 34) array of tile counts 0-4, any integer dtype and layout.
    {threads}
    {batch_rules}

    Returns
    -------
    numpy.ndarray
        (N,) bool; rows whose total is not 3n+2 (or above 14) are False.

    Raises
    ------
    ValueError
        ``counts`` not of shape (N, 34), a count outside 0-4, a tile the
        rules leave out (naming the row), ``threads`` below 1.
    {numpy_errors}

    Examples
    --------
    >>> import numpy as np
    >>> from mahjong_fast import is_win_batch, to_counts
    >>> rows = np.array([list(to_counts(hand)) for hand in ("11123456789999m", "1112345678999m1p")])
    >>> is_win_batch(rows, threads=2).tolist()
    [True, False]
    """
    return _answer(_kernel.IS_WIN, counts, threads, rules, "bool")


@shared_doc
def shanten_batch(counts: object, *, threads: int | None = None, rules: RulesLike = None) -> np.ndarray:
    """Shanten of each hand, the minimum over the forms the rules play (-1 = complete, 0 = ready).

    Parameters
    ----------
    counts
        (N, 34) array of tile counts 0-4, any integer dtype; each row 3n+1 or
        3n+2 tiles, at most 14 (ValueError naming the first row that is not).
        Rows under 13 tiles have the standard form only.
    {threads}
    {batch_rules}

    Returns
    -------
    numpy.ndarray
        (N,) int8.

    Raises
    ------
    ValueError
        ``counts`` not of shape (N, 34), a count outside 0-4, a row of 3n
        tiles or more than 14, a tile the rules leave out, ``threads`` below 1.
    {numpy_errors}

    Examples
    --------
    >>> import numpy as np
    >>> from mahjong_fast import shanten_batch, to_counts
    >>> hands = ["11123456789999m", "123m456p789s1z2z3z4z"]
    >>> shanten_batch(np.array([list(to_counts(hand)) for hand in hands])).tolist()
    [-1, 2]
    >>> shanten_batch(np.array([list(to_counts("123m"))]))
    Traceback (most recent call last):
    ...
    ValueError: counts row 0 holds 3 tiles; shanten needs 3n+1 or 3n+2 tiles, at most 14
    """
    return _answer(_kernel.SHANTEN, counts, threads, rules, "int8",
                   totals=(0b110, MAX_HAND, "shanten needs 3n+1 or 3n+2 tiles, at most 14"))


@shared_doc
def waits_batch(counts: object, *, threads: int | None = None, rules: RulesLike = None) -> np.ndarray:
    """The tiles each hand waits on, as a mask.

    Parameters
    ----------
    counts
        (N, 34) array of tile counts 0-4, any integer dtype; each row 3n+1
        tiles, at most 13 (ValueError naming the first row that is not).
    {threads}
    {batch_rules}

    Returns
    -------
    numpy.ndarray
        (N, 34) bool: ``out[r, t]`` is True when tile t completes hand r (a
        tile the hand holds four of, or that does not exist under the rules,
        never does).

    Raises
    ------
    ValueError
        ``counts`` not of shape (N, 34), a count outside 0-4, a row that is
        not 3n+1 tiles of at most 13, a tile the rules leave out, ``threads``
        below 1.
    {numpy_errors}

    Examples
    --------
    >>> import numpy as np
    >>> from mahjong_fast import to_counts, waits_batch
    >>> out = waits_batch(np.array([list(to_counts("1112345678999m")), list(to_counts("1234m"))]))
    >>> out.shape, out[0].nonzero()[0].tolist(), out[1].nonzero()[0].tolist()
    ((2, 34), [0, 1, 2, 3, 4, 5, 6, 7, 8], [0, 3])
    """
    return _answer(_kernel.WAITS, counts, threads, rules, "bool", per_tile=True,
                   totals=(0b010, MAX_HAND - 1, "waits needs 3n+1 tiles, at most 13"))
