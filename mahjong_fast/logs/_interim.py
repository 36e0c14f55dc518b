"""TEMPORARY stand-in for ``mahjong_fast.discard_analysis_batch`` (issue 13), used by ``analyze``
only while the package lacks it; delete this module when it lands.

Same contract (DESIGN "Tile efficiency"), built on ``shanten_batch``: for each
held tile, the shanten of the hand left and the unseen copies of the draws that
lower it, under ``rules``.  Slow.
"""
from __future__ import annotations

from typing import Any, NamedTuple

from .._layout import MAX_COPIES, N_KINDS

NOT_HELD = 127
"""``shanten`` where the tile is not held."""


class Analysis(NamedTuple):
    shanten: Any
    useful: Any
    keep: Any
    back: Any


def discard_analysis_batch(counts: Any, *, visible: Any = None, rules: Any = None) -> Analysis:
    import numpy as np

    from .._batch import shanten_batch

    counts = np.asarray(counts, dtype=np.uint8)
    n = len(counts)
    seen = counts.astype(np.int16) + (0 if visible is None else np.asarray(visible, dtype=np.int16))
    before = shanten_batch(counts, rules=rules).astype(np.int16)
    eye = np.eye(N_KINDS, dtype=np.int16)
    after = counts[:, None, :].astype(np.int16) - eye[None]  # (n, discard, 34)
    held = counts > 0
    rows = after[held]  # (m, 34): one row per held discard
    left = shanten_batch(np.clip(rows, 0, MAX_COPIES).astype(np.uint8), rules=rules).astype(np.int16)
    drawn = rows[:, None, :] + eye[None]  # (m, draw, 34)
    possible = (drawn <= MAX_COPIES).all(axis=2)
    drawn_shanten = shanten_batch(np.clip(drawn, 0, MAX_COPIES).reshape(-1, N_KINDS).astype(np.uint8), rules=rules)
    lowers = possible & (drawn_shanten.reshape(len(rows), N_KINDS) < left[:, None])
    owner = np.nonzero(held)[0]
    discard = np.nonzero(held)[1]
    unseen = MAX_COPIES - seen[owner] + eye[discard]  # the discarded tile is unseen again
    useful_rows = (np.where(lowers, unseen, 0)).sum(axis=1)
    shanten = np.full((n, N_KINDS), NOT_HELD, dtype=np.int8)
    useful = np.zeros((n, N_KINDS), dtype=np.int16)
    shanten[held] = left
    useful[held] = useful_rows
    keep = held & (shanten == np.maximum(before, 0)[:, None])
    back = held & (shanten > np.maximum(before, 0)[:, None])
    return Analysis(shanten, useful, keep, back)
