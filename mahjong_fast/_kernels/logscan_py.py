"""The straight path of ``logs.analyze`` through an mjai log (pure Python twin of ``logscan.pyx``).

``run`` takes the runs of ``tsumo`` and ``dahai`` lines a log is mostly made of: each line is looked up
in ``ops``, the lines already read and checked (``logs._analysis._remember``), and applied to the seats
as ``logs._state.Table.apply`` would, when the state allows it: a draw with 3n+1 concealed tiles and a
copy left in the wall, a discard with 3n+2 and the tile held (a red five is its own tile).  Each discard
appends the seat's concealed counts and the face-up counts before it to ``hands`` and ``seen`` and its
packed ids (``op[3] | bits[seat]``) to ``codes``; each draw adds ``turn`` to ``bits[seat]``.  It stops at
the first line it does not take (not in ``ops``, another kind, or one the state rules out) and returns
its index, for the caller to apply, or to tell what is wrong.  The seats are objects with ``counts``
and ``_reds`` (34-byte ``bytearray``) and an int ``size``; ``table.last_discard`` is set as ``Table``
sets it.  Same answers as the compiled ``logscan``.
"""
from __future__ import annotations

from array import array
from typing import Any

from .._layout import MAX_COPIES, N_KINDS

TSUMO, TSUMO_RED, DAHAI, DAHAI_FIVE, DAHAI_RED = range(5)
"""The kinds of line ``run`` takes (``op[0]``): a draw, of a red five; a discard of a tile with no red
copy, of a plain five, of a red five."""


def run(lines: list[str], i: int, ops: dict[str, tuple[int, int, int, int, Any]], seats: tuple[Any, ...],
        known: bytearray, face_up: bytearray, bits: list[int], turn: int, hands: bytearray, seen: bytearray,
        codes: array[int], table: Any) -> int:
    """Apply ``lines[i:]`` while they are remembered draws and discards the state allows; the index of the
    first line not applied.  ``ops[line]`` is ``(kind, seat, index34, code, last_discard)``; ``codes`` is
    an ``array("q")`` and ``bits`` holds an int per seat."""
    if len(bits) != len(seats) or codes.typecode != "q":
        raise ValueError("bits must hold an int per seat, and codes be an array('q')")
    op_of = ops.get
    n = len(lines)
    while i < n:
        op = op_of(lines[i])
        if op is None:
            break
        kind, who, t, code, last = op
        if not (0 <= who < len(seats) and 0 <= t < N_KINDS):
            break
        seat = seats[who]
        counts = seat.counts
        if kind == DAHAI or kind == DAHAI_FIVE or kind == DAHAI_RED:
            held = counts[t] if kind == DAHAI else seat._reds[t] if kind == DAHAI_RED else counts[t] - seat._reds[t]
            if not held or seat.size % 3 != 2:
                break
            hands += counts
            seen += face_up
            codes.append(code | bits[who])
            counts[t] -= 1
            seat.size -= 1
            if kind == DAHAI_RED:
                seat._reds[t] -= 1
            face_up[t] += 1
            table.last_discard = last
        elif kind == TSUMO or kind == TSUMO_RED:
            if seat.size % 3 != 1 or known[t] >= MAX_COPIES:
                break
            known[t] += 1
            counts[t] += 1
            seat.size += 1
            if kind == TSUMO_RED:
                seat._reds[t] += 1
            table.last_discard = None
            bits[who] += turn
        else:
            break
        i += 1
    return i
