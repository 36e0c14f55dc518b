"""Pure-Python twin of ``efficiency``: the same answers and errors, one shanten call per draw.

A hand is ``held`` (34 counts, wild copies included), ``lim`` (copies the hand may hold),
``avail`` (``lim`` minus the visible copies: tile t has ``avail[t] - X[t]`` unseen copies for
a concealed hand X), ``wild`` (34 flags) and the rule ``flags``.  Definitions, the pruning of
the draws and its proof: docs/efficiency.md.
"""
from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from .._counts import read_counts
from .._layout import FIRST_HONOR, MAX_COPIES, MAX_HAND, N_KINDS, N_SUITS, ORPHANS, SUIT_SIZE
from . import rule_flags as _f
from . import shanten_py

NOT_HELD_VALUE = 127
"""The shanten reported after discarding a tile the hand does not hold (batch arrays)."""
USEFUL = 0
DISCARDS = 1
ROWS_PER_CHUNK = 4
"""Rows per ``run_rows`` call between two checks for signals."""

_INVALID = 127
_ALL = (1 << N_KINDS) - 1
_ORPHAN_BITS = sum(1 << t for t in ORPHANS)


def ensure_rows() -> None:
    """Nothing to build here (the compiled twin builds its row tables)."""


class _Ctx:
    __slots__ = ("any_wild", "avail", "fifth", "flags", "lim", "wild")

    def __init__(self, lim: bytes, avail: bytes, wild: bytes | None, flags: int, fifth: bool) -> None:
        self.lim = lim
        self.avail = avail
        self.wild = wild if wild is not None else bytes(N_KINDS)
        self.flags = flags
        self.fifth = fifth
        self.any_wild = any(self.wild)


def _shanten_of(ctx: _Ctx, held: Sequence[int]) -> int:
    """Shanten of a concealed hand (form 0) under the rules, wild copies turned into jokers; 127 if
    invalid."""
    c = bytearray(held)
    jokers = 0
    if ctx.any_wild:
        for t in range(N_KINDS):
            if ctx.wild[t]:
                jokers += c[t]
                c[t] = 0
    try:
        return shanten_py.shanten_counts(bytes(c), 0, jokers, ctx.fifth, ctx.lim, rules=ctx.flags)
    except ValueError:
        return _INVALID


def _unseen(ctx: _Ctx, held: Sequence[int], t: int) -> int:
    return max(0, ctx.avail[t] - held[t])


def _candidates(ctx: _Ctx, held: Sequence[int], total: int) -> int:
    """Draws that may lower the shanten of the 3n+1 hand ``held`` (a superset)."""
    if ctx.any_wild or ctx.flags & (_f.KNITTED | _f.DROP_MASK):
        cand = _ALL
    else:
        cand = 0
        for u in range(N_SUITS):
            m = sum(1 << i for i in range(SUIT_SIZE) if held[SUIT_SIZE * u + i])
            m = (m | m << 1 | m << 2 | m >> 1 | m >> 2) & 0x1FF
            cand |= m << (SUIT_SIZE * u)
        for t in range(N_KINDS):
            if held[t] and held[t] + 2 > ctx.lim[t]:
                cand = _ALL  # a tile held to its last copy but one: no pruning (docs)
            elif held[t] and t >= FIRST_HONOR:
                cand |= 1 << t
        if total == MAX_HAND - 1:
            if ctx.flags & (_f.SEVEN_PAIRS | _f.SEVEN_PAIRS_DISTINCT) and sum(1 for v in held if v) < 7:
                cand = _ALL
            if ctx.flags & _f.THIRTEEN_ORPHANS:
                cand |= _ORPHAN_BITS
    for t in range(N_KINDS):
        if held[t] >= ctx.lim[t]:
            cand &= ~(1 << t)
    return cand


def quick_counts(hand: object) -> bytes | None:
    """The 34 counts of a list or tuple of 1-14 plain index34 ints, at most 4 copies each;
    None for anything else."""
    if (type(hand) is not list and type(hand) is not tuple) or not 0 < len(hand) <= MAX_HAND:
        return None
    c = bytearray(N_KINDS)
    for t in hand:
        if type(t) is not int or not 0 <= t < N_KINDS or c[t] == MAX_COPIES:
            return None
        c[t] += 1
    return bytes(c)


def _useful(ctx: _Ctx, held: bytearray, total: int, s: int) -> tuple[int, int]:
    """``(mask, unseen total)`` of the useful draws of the 3n+1 hand ``held`` of shanten ``s``."""
    cand = _candidates(ctx, held, total)
    mask = tot = 0
    joker: int | None = None
    for t in range(N_KINDS):
        if not cand >> t & 1:
            continue
        if ctx.wild[t] and joker is not None:
            v = joker
        else:
            held[t] += 1
            v = _shanten_of(ctx, held)
            held[t] -= 1
            if ctx.wild[t]:
                joker = v
        if v < s:
            mask |= 1 << t
            tot += _unseen(ctx, held, t)
    return mask, tot


def _discards(
    ctx: _Ctx, c: bytearray, total: int, keep: int
) -> tuple[list[int], list[int], list[int]]:
    """Per tile: shanten after discarding it (``NOT_HELD_VALUE`` if not held), useful mask and
    unseen total (found only for discards leaving shanten ``keep`` when ``keep`` >= 0)."""
    sh = [NOT_HELD_VALUE] * N_KINDS
    mask = [0] * N_KINDS
    tot = [0] * N_KINDS
    for d in range(N_KINDS):
        if not c[d]:
            continue
        c[d] -= 1
        s = _shanten_of(ctx, c)
        sh[d] = s
        if keep < 0 or s == keep:
            mask[d], tot[d] = _useful(ctx, c, total - 1, s)
        c[d] += 1
    return sh, mask, tot


class _TwoStep:
    __slots__ = ("good_shape", "improving", "improving_total", "two_step")

    def __init__(self) -> None:
        self.two_step = 0.0
        self.improving = 0
        self.improving_total = 0
        self.good_shape = -1.0


def _good_wait(ctx: _Ctx, y: Sequence[int], e: int, waits: int) -> bool:
    """Whether the ready hand ``y - e`` waits on two kinds or more with more than four copies
    outside the hand (a two-sided wait or better; not a single, closed, edge or shanpon wait)."""
    kinds = [t for t in range(N_KINDS) if waits >> t & 1]
    copies = sum(ctx.lim[t] - y[t] + (t == e) for t in kinds)
    return len(kinds) >= 2 and copies > 4


def _two_step(ctx: _Ctx, c: bytearray, total: int, s: int, mask: int) -> _TwoStep:
    """Two-step figures of the 3n+1 hand ``c`` (shanten ``s``, useful draws ``mask``)."""
    out = _TwoStep()
    if s >= 1:
        weight = num = good = 0
        for t in range(N_KINDS):
            if not mask >> t & 1:
                continue
            n_t = _unseen(ctx, c, t)
            if n_t == 0:
                continue
            c[t] += 1
            sh, m2, tot2 = _discards(ctx, c, total + 1, s - 1)
            best = 0
            is_good = False
            for e in range(N_KINDS):
                if sh[e] == s - 1:
                    best = max(best, tot2[e])
                    if s == 1 and not is_good:
                        is_good = _good_wait(ctx, c, e, m2[e])
            c[t] -= 1
            weight += n_t
            num += n_t * best
            good += n_t if is_good else 0
        if weight:
            out.two_step = num / weight
            if s == 1:
                out.good_shape = good / weight
    elif s == 0:
        waits = sum(_unseen(ctx, c, t) for t in range(N_KINDS) if mask >> t & 1)
        for t in range(N_KINDS):
            if mask >> t & 1 or c[t] >= ctx.lim[t]:
                continue
            n_t = _unseen(ctx, c, t)
            if n_t == 0:
                continue
            c[t] += 1
            sh, m2, tot2 = _discards(ctx, c, total + 1, 0)
            c[t] -= 1
            if any(sh[e] == 0 and tot2[e] > waits for e in range(N_KINDS)):
                out.improving |= 1 << t
                out.improving_total += n_t
    return out


def _ctx_from(lim: object, avail: object, wild: object, flags: int, fifth: bool) -> _Ctx:
    lim_b = read_counts(lim, "limits")
    avail_b = read_counts(avail, "avail")
    wild_b = None if wild is None else read_counts(wild, "wild")
    for t in range(N_KINDS):
        if avail_b[t] > lim_b[t]:
            raise ValueError(f"avail[{t}] = {avail_b[t]} is above limits[{t}] = {lim_b[t]}")
    return _Ctx(lim_b, avail_b, wild_b, flags, fifth)


def _check_held(ctx: _Ctx, held: bytes, residue: int, most: int, what: str) -> None:
    for t in range(N_KINDS):
        if held[t] > ctx.lim[t]:
            raise ValueError(f"counts[{t}] = {held[t]} is above limits[{t}] = {ctx.lim[t]}")
        if held[t] > ctx.avail[t]:
            raise ValueError(f"counts[{t}] = {held[t]} is above avail[{t}] = {ctx.avail[t]}")
    total = sum(held)
    if total % 3 != residue or total > most:
        raise ValueError(f"{what}, got {total} tiles")


def useful(
    held: object, lim: object, avail: object, wild: object = None, flags: int = _f.CHINESE, fifth: bool = True
) -> tuple[int, int, int]:
    """``(shanten, mask, total)`` of a 3n+1 hand: bit t of ``mask`` is set when drawing t lowers
    the shanten; ``total`` is the unseen copies of those draws (``avail[t] - held[t]`` each)."""
    data = read_counts(held, "counts")
    ctx = _ctx_from(lim, avail, wild, flags, fifth)
    _check_held(ctx, data, 1, MAX_HAND - 1, "useful tiles need a hand of 3n+1 tiles, at most 13")
    s = _shanten_of(ctx, data)
    if s == _INVALID:
        raise ValueError("the hand has no shanten under these limits")
    mask, tot = _useful(ctx, bytearray(data), sum(data), s)
    return s, mask, tot


class Discards:
    """Every distinct discard of a 3n+2 hand, best first (see ``discards``).

    ``held`` and ``avail`` are the counts it answers; ``rows`` and ``unseen`` are None, for the
    API layer's subclass (``DiscardAnalysis``) to keep what it builds from them."""

    __slots__ = ("_mask", "_order", "_sec", "_sh", "_tot", "avail", "held", "rows", "shanten", "size",
                 "two_step", "unseen")

    def _fill(
        self, shanten: int, sh: list[int], mask: list[int], tot: list[int], sec: list[_TwoStep] | None,
        held: bytes, avail: bytes,
    ) -> None:
        self.held = held
        self.avail = avail
        self.rows: Any = None
        self.unseen: Any = None
        self.shanten = shanten
        self._sh = sh
        self._mask = mask
        self._tot = tot
        self._sec = sec
        self.two_step = sec is not None
        self._order = sorted((t for t in range(N_KINDS) if sh[t] != NOT_HELD_VALUE), key=self._key)
        self.size = len(self._order)

    def _key(self, t: int) -> tuple[float, ...]:
        if self._sec is None:
            return (self._sh[t], -self._tot[t], t)
        sec = self._sec[t]
        return (self._sh[t], -self._tot[t], -sec.two_step, -sec.improving_total, t)

    def tile(self, i: int) -> int:
        """The i-th best discard (index34)."""
        if not 0 <= i < self.size:
            raise IndexError(i)
        return self._order[i]

    def entry(self, i: int) -> tuple[Any, ...]:
        """``(tile, shanten, mask, total, two_step, improve, improve_total, good)`` of the i-th
        best discard; the last four are None without ``two_step`` (``good`` None off one-shanten)."""
        d = self.tile(i)
        if self._sec is None:
            return d, self._sh[d], self._mask[d], self._tot[d], None, None, None, None
        sec = self._sec[d]
        ready = self._sh[d] == 0
        return (
            d,
            self._sh[d],
            self._mask[d],
            self._tot[d],
            sec.two_step,
            sec.improving if ready else None,
            sec.improving_total if ready else None,
            None if sec.good_shape < 0 else sec.good_shape,
        )

    def after(self) -> list[int]:
        """34 shanten values after each discard (``NOT_HELD_VALUE`` where the tile is not held)."""
        return list(self._sh)


def discards(
    held: object,
    lim: object,
    avail: object,
    wild: object = None,
    flags: int = _f.CHINESE,
    fifth: bool = True,
    two_step: bool = False,
    cls: type[Discards] = Discards,
) -> Discards:
    """Every distinct discard of a 3n+2 hand, as a ``Discards`` (best first), or as an instance
    of ``cls``, a subclass of it."""
    if cls is not Discards and not (isinstance(cls, type) and issubclass(cls, Discards)):
        raise TypeError(f"cls must be Discards or a subclass of it, not {cls!r}")
    data = read_counts(held, "counts")
    ctx = _ctx_from(lim, avail, wild, flags, fifth)
    _check_held(ctx, data, 2, MAX_HAND, "a discard analysis needs a hand of 3n+2 tiles, at most 14")
    s = _shanten_of(ctx, data)
    if s == _INVALID:
        raise ValueError("the hand has no shanten under these limits")
    c = bytearray(data)
    total = sum(data)
    sh, mask, tot = _discards(ctx, c, total, -1)
    sec = None
    if two_step:
        sec = [_TwoStep() for _ in range(N_KINDS)]
        for t in range(N_KINDS):
            if c[t]:
                c[t] -= 1
                sec[t] = _two_step(ctx, c, total - 1, sh[t], mask[t])
                c[t] += 1
    result = cls.__new__(cls)
    result._fill(s, sh, mask, tot, sec, data, ctx.avail)
    return result


def run_rows(
    kind: int,
    counts: Any,
    avail: Any,
    lim: Any,
    flags: int,
    sh: Any,
    mask: Any,
    tot: Any,
    keep: Any,
    back: Any,
    start: int,
    stop: int,
) -> None:
    """Answer rows ``start:stop`` of ``counts`` into the flat outputs; as the compiled twin."""
    n = len(counts)
    if counts.shape[1] != N_KINDS or avail.shape[1] != N_KINDS or len(lim) != N_KINDS:
        raise ValueError(f"counts, avail and limits must have {N_KINDS} columns")
    if avail.shape[0] not in (1, n):
        raise ValueError(f"avail must have 1 or {n} rows, got {avail.shape[0]}")
    if kind not in (USEFUL, DISCARDS):
        raise ValueError(f"unknown kind {kind}")
    if not 0 <= start <= stop <= n:
        raise ValueError(f"rows {start}:{stop} are outside 0:{n}")
    width = 1 if kind == USEFUL else N_KINDS
    if len(sh) < n * width or len(tot) < n * width or (kind == USEFUL and len(mask) < n * N_KINDS) or (
        kind == DISCARDS and (len(keep) < n * N_KINDS or len(back) < n * N_KINDS)
    ):
        raise ValueError(f"outputs too small for {n} rows")
    lim_b = bytes(lim)
    per_row = avail.shape[0] == n and n > 1
    for r in range(start, stop):
        av = bytes(avail[r if per_row else 0])
        if any(a > b for a, b in zip(av, lim_b)):
            continue
        ctx = _Ctx(lim_b, av, None, flags, True)
        hand = bytes(counts[r])
        total = sum(hand)
        ok = all(hand[t] <= lim_b[t] for t in range(N_KINDS))
        if kind == USEFUL:
            s = _shanten_of(ctx, hand) if ok and total % 3 == 1 and total < MAX_HAND else _INVALID
            if s == _INVALID:
                sh[r] = NOT_HELD_VALUE
                continue
            m, v = _useful(ctx, bytearray(hand), total, s)
            sh[r] = s
            tot[r] = v
            for t in range(N_KINDS):
                mask[N_KINDS * r + t] = m >> t & 1
        else:
            s = _shanten_of(ctx, hand) if ok and total % 3 == 2 and total <= MAX_HAND else _INVALID
            if s == _INVALID:
                for t in range(N_KINDS):
                    sh[N_KINDS * r + t] = NOT_HELD_VALUE
                continue
            dsh, _, dtot = _discards(ctx, bytearray(hand), total, -1)
            for t in range(N_KINDS):
                sh[N_KINDS * r + t] = dsh[t]
                if dsh[t] == NOT_HELD_VALUE:
                    continue
                tot[N_KINDS * r + t] = dtot[t]
                keep[N_KINDS * r + t] = dsh[t] == s
                back[N_KINDS * r + t] = dsh[t] > s




def _quick_held(hand: object, limits: bytes | None, residue: int) -> bytes | None:
    held = quick_counts(hand)
    if held is None or sum(held) % 3 != residue:
        return None
    if limits is not None and any(h > lim for h, lim in zip(held, limits)):
        return None
    return held


def quick_discards(
    hand: object, cls: type[Discards] = Discards, flags: int = _f.CHINESE, limits: bytes | None = None,
    two_step: bool = False,
) -> Discards | None:
    """``discards(held, limits, limits, flags=flags, two_step=two_step, cls=cls)`` for a list or
    tuple of 3n+2 plain index34 ints, at most 4 copies each and at most ``limits`` (None: 4 of
    every tile; ``held``: their 34 counts); None for any other input."""
    held = _quick_held(hand, limits, 2)
    if held is None:
        return None
    lim = _FULL_LIMITS if limits is None else limits
    return discards(held, lim, lim, None, flags, True, two_step, cls=cls)


def quick_useful(
    hand: object, flags: int = _f.CHINESE, limits: bytes | None = None
) -> tuple[int, int, int, bytes] | None:
    """``useful(held, limits, limits, flags=flags) + (held,)`` for a list or tuple of 3n+1 plain
    index34 ints, at most 4 copies each and at most ``limits`` (None: 4 of every tile; ``held``:
    their 34 counts as bytes); None for any other input."""
    held = _quick_held(hand, limits, 1)
    if held is None:
        return None
    lim = _FULL_LIMITS if limits is None else limits
    return (*useful(held, lim, lim, None, flags, True), held)


_FULL_LIMITS = bytes([MAX_COPIES] * N_KINDS)
