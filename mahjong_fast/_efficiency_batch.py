"""Tile efficiency over (N, 34) arrays: ``useful_tiles_batch`` and ``discard_analysis_batch``.

Each row is a hand of concealed counts (3n+1 tiles for useful tiles, 3n+2 for discards), read as
``useful_tiles`` and ``discard_analysis`` read one hand (docs/efficiency.md), and answered by the
efficiency kernel without the GIL, over ``threads`` threads; Ctrl-C stops the batch between
chunks.  ``DiscardBatch`` holds the arrays of a discard batch.
"""
from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from . import _batch
from ._dispatch import efficiency as _kernel
from ._docs import shared_doc
from ._layout import MAX_HAND, N_KINDS
from ._rules import Rules, as_rules
from ._tiles import TILES

if TYPE_CHECKING:
    import numpy as np

NOT_HELD: int = _kernel.NOT_HELD_VALUE
"""``discard_analysis_batch(...).shanten`` where the row does not hold the tile (127)."""


class DiscardBatch:
    """``discard_analysis_batch`` result: four (N, 34) arrays.

    ``shanten`` int8: shanten after discarding each tile (``NOT_HELD`` = 127 where the row
    does not hold it); ``useful`` int16: unseen useful copies after each discard (0 where not
    held); ``keep`` bool: the discards that keep the row's shanten; ``back`` bool: the
    discards that raise it (by one).  It unpacks as ``shanten, useful, keep, back``.

    Examples
    --------
    >>> import numpy as np
    >>> from mahjong_fast import discard_analysis_batch, to_counts
    >>> batch = discard_analysis_batch(np.array([list(to_counts("456m2379p23455s44z"))]))
    >>> batch
    DiscardBatch(rows=1)
    >>> shanten, useful, keep, back = batch
    >>> shanten.shape, useful.dtype, int(keep.sum()), int(back.sum())
    ((1, 34), dtype('int16'), 7, 5)
    """

    __slots__ = ("back", "keep", "shanten", "useful")

    def __init__(self, shanten: np.ndarray, useful: np.ndarray, keep: np.ndarray, back: np.ndarray) -> None:
        self.shanten = shanten
        self.useful = useful
        self.keep = keep
        self.back = back

    def __iter__(self) -> Iterator[np.ndarray]:
        return iter((self.shanten, self.useful, self.keep, self.back))

    def __repr__(self) -> str:
        return f"DiscardBatch(rows={self.shanten.shape[0]})"


def _batch_args(counts: object, visible: object, rules: object, residue: int, most: int, what: str) -> tuple[
    np.ndarray, np.ndarray, bytes, int
]:
    np_ = _batch._numpy()
    r = as_rules(rules)
    c = _batch._as_counts(counts)
    _batch._check_totals(c, 1 << residue, most, what)
    limits = np_.frombuffer(r.limits, dtype=np_.uint8)
    if visible is None:
        seen = np_.zeros((1, N_KINDS), dtype=np_.uint8)
    else:
        v = np_.asarray(visible)
        if v.ndim == 1:
            v = v.reshape(1, -1)
        if v.ndim != 2 or v.shape[1] != N_KINDS or v.shape[0] not in (1, c.shape[0]):
            raise ValueError(
                f"visible must have shape ({N_KINDS},) or ({c.shape[0]}, {N_KINDS}), got {np_.shape(visible)}"
            )
        try:
            seen = _batch._as_counts(v)
        except (TypeError, ValueError) as exc:
            raise type(exc)(str(exc).replace("counts", "visible", 1)) from None
    step = 1 << 16
    for start in range(0, c.shape[0], step):
        block = c[start : start + step].astype(np_.int16)
        vis = seen if seen.shape[0] == 1 else seen[start : start + step]
        over = block + vis > limits
        if over.any():
            row, t = divmod(int(over.argmax()), N_KINDS)
            total = int(block[row, t]) + int(vis[0 if vis.shape[0] == 1 else row, t])
            where = f"counts row {start + row}"
            if not limits[t]:
                raise ValueError(f"{where} holds {TILES[t]}, which does not exist under rules {r.name!r}")
            raise ValueError(f"{where}: tile {TILES[t]}: hand and visible hold {total} copies; at most {limits[t]}")
    avail = np_.ascontiguousarray(limits[None, :] - seen)
    return c, avail, r.limits, r.flags


def _run(kind: int, c: np.ndarray, avail: np.ndarray, limits: bytes, flags: int, outs: list[np.ndarray],
         threads: object) -> None:
    np_ = _batch._numpy()
    n = c.shape[0]
    lim = np_.frombuffer(limits, dtype=np_.uint8)
    flat = [o.reshape(-1) for o in outs]
    empty8 = np_.zeros(0, dtype=np_.uint8)
    if kind == _kernel.USEFUL:
        sh, mask, tot = flat
        args = (sh.view(np_.int8), mask.view(np_.uint8), tot, empty8, empty8)
    else:
        sh, tot, keep, back = flat
        args = (sh.view(np_.int8), empty8, tot, keep.view(np_.uint8), back.view(np_.uint8))
    _kernel.ensure_rows()
    step = _kernel.ROWS_PER_CHUNK
    workers = _batch._threads(threads, n)
    _batch.run_blocks(lambda start, stop: _kernel.run_rows(kind, c, avail, lim, flags, *args, start, stop),
                      n, step, workers)


@shared_doc
def useful_tiles_batch(
    counts: object, *, visible: object = None, rules: str | Rules | None = None, threads: int | None = None
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Useful draws of each hand of an (N, 34) array of 3n+1 concealed tiles (at most 13).

    ``visible``: None, 34 counts for every row, or (N, 34) counts, any integer dtype.
    Returns ``(shanten int8 (N,), useful mask bool (N, 34), unseen useful total int16 (N,))``.
    Any integer dtype and layout; inputs are never modified; ``ValueError`` names the first
    bad row.  ``threads`` as for ``shanten_batch``.  Rows have no melds and no wild tiles.

    Parameters
    ----------
    counts
        An (N, 34) array of tile counts, one hand a row, each of 3n+1 tiles.
    visible
        Tiles seen outside the hands: 34 counts for every row, (N, 34) counts, or None.
    rules
        A preset name or a ``Rules``.
    {threads}

    Returns
    -------
    tuple of numpy.ndarray
        The shanten (int8, (N,)), the useful tiles (bool, (N, 34)) and
        their unseen copies in all (int16, (N,)).

    Raises
    ------
    ValueError
        A row that is not 3n+1 tiles of at most 13, a count above 4, a
        ``visible`` that does not fit.
    {numpy_errors}

    Examples
    --------
    >>> import numpy as np
    >>> from mahjong_fast import to_counts, useful_tiles_batch
    >>> rows = np.array([list(to_counts("1112345678999m")), list(to_counts("456m2379p23455s4z"))])
    >>> shanten, useful, total = useful_tiles_batch(rows)
    >>> shanten.tolist(), total.tolist(), useful[1].nonzero()[0].tolist()
    ([0, 1], [23, 12], [9, 12, 16])
    """
    np_ = _batch._numpy()
    c, avail, limits, flags = _batch_args(counts, visible, rules, 1, MAX_HAND - 1,
                                          "useful tiles need 3n+1 tiles, at most 13")
    n = c.shape[0]
    sh = np_.zeros(n, dtype=np_.int8)
    mask = np_.zeros((n, N_KINDS), dtype=bool)
    tot = np_.zeros(n, dtype=np_.int16)
    _run(_kernel.USEFUL, c, avail, limits, flags, [sh, mask, tot], threads)
    return sh, mask, tot


@shared_doc
def discard_analysis_batch(
    counts: object, *, visible: object = None, rules: str | Rules | None = None, threads: int | None = None
) -> DiscardBatch:
    """Every discard of each hand of an (N, 34) array of 3n+2 concealed tiles (at most 14).

    Returns a ``DiscardBatch`` (``shanten``, ``useful``, ``keep``, ``back``; see there).
    ``visible``, dtypes, errors and ``threads`` as for ``useful_tiles_batch``.

    Parameters
    ----------
    counts
        An (N, 34) array of tile counts, one hand a row, each of 3n+2 tiles.
    visible, rules, threads
        As for ``useful_tiles_batch``.

    Returns
    -------
    DiscardBatch
        Four (N, 34) arrays: per discard the shanten, the unseen useful
        copies, whether it keeps the shanten, whether it raises it.

    Raises
    ------
    ValueError, TypeError, ImportError
        As for ``useful_tiles_batch``, the rows of 3n+2 tiles, at most 14.

    Examples
    --------
    >>> import numpy as np
    >>> from mahjong_fast import Tile, discard_analysis_batch, to_counts
    >>> batch = discard_analysis_batch(np.array([list(to_counts("456m2379p23455s44z"))]))
    >>> int(batch.shanten[0, Tile.P7]), int(batch.useful[0, Tile.P7]), bool(batch.keep[0, Tile.P7])
    (1, 12, True)
    >>> [str(Tile(t)) for t in batch.back[0].nonzero()[0]]
    ['4m', '5m', '6m', '3s', '4s']
    """
    np_ = _batch._numpy()
    c, avail, limits, flags = _batch_args(counts, visible, rules, 2, MAX_HAND,
                                          "a discard analysis needs 3n+2 tiles, at most 14")
    n = c.shape[0]
    sh = np_.full((n, N_KINDS), NOT_HELD, dtype=np_.int8)
    tot = np_.zeros((n, N_KINDS), dtype=np_.int16)
    keep = np_.zeros((n, N_KINDS), dtype=bool)
    back = np_.zeros((n, N_KINDS), dtype=bool)
    _run(_kernel.DISCARDS, c, avail, limits, flags, [sh, tot, keep, back], threads)
    return DiscardBatch(sh, tot, keep, back)


__all__ = ["NOT_HELD", "DiscardBatch", "discard_analysis_batch", "useful_tiles_batch"]
