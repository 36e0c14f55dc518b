"""The value-aware discard search (DESIGN.md, "Value-aware discards"): pure-Python twin.

A hand is 37 counts, *separated*: index34 kinds 0-33 with the red fives taken out of their
kinds' counts, then the red 5m, 5p, 5s (34-36).  ``search`` builds the graph of hand states the
model reaches (a *draw state* holds 13 tiles and waits for a draw, a *choice state* holds 14 and
chooses a discard; each with whether riichi is declared), then fills every state's tenpai and
win probability and expected score from the last turn back to ``turn``:

* a draw state at turn u: each kind i it may draw (weight wᵢ, the wall's count at that state)
  leads to the choice state with i added; the other draws are thrown back (the state stays), so
  ``V(u) = V(u+1) + Σᵢ wᵢ (V'ᵢ(u+1) − V(u+1)) / (S − u)``; a winning draw (score > 0) makes
  tenpai and win 1 and the expected score ``max(score, V'ᵢ(u+1))``; a tenpai state's tenpai is 1;
* a choice state at turn u: each figure is the largest over the draw states its discards reach.

The states it searches and the edges between them follow nekobean/mahjong-cpp 453cae05
(``ExpectedScoreCalculator``) exactly: waits and discards that keep the shanten, plus any
draw and discard while the tiles exchanged and the shanten stay below the starting shanten
plus one and no riichi is declared; riichi at the first closed tenpai.  The score of a win is
the scoring kernel's (passed in as ``score_counts``) with ura dora as an exact expectation.
"""
from __future__ import annotations

from array import array
from collections.abc import Generator, Iterable, Sequence
from typing import Any

from .score_flags import RIICHI, TSUMO
from .scoring_py import base_points
from .situation import Situation

MAX_TURN = 18
"""The turn after the last draw (mahjong-cpp's ``t_max``)."""
N_SEPARATED = 37
RED_OF = ((4, 34), (13, 35), (22, 36))
"""(kind of a five, index of its red copy)."""
_ORPHANS = (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33)
_KINDS = range(34)
_MIDDLE = tuple(t for t in range(27) if t % 9 not in (0, 8))



def merged(hand: Sequence[int]) -> list[int]:
    """The 34 counts of a separated hand, each red five counted as its five.

    >>> merged([0] * 4 + [1] + [0] * 29 + [1, 0, 0])[4]
    2
    """
    m = list(hand[:34])
    for kind, red in RED_OF:
        m[kind] += hand[red]
    return m


def _with_red(mask: int) -> int:
    for kind, red in RED_OF:
        if mask >> kind & 1:
            mask |= 1 << red
    return mask


def _indicator_of(tile: int) -> int:
    """The dora indicator that shows ``tile``."""
    if tile < 27:
        return tile + 8 if tile % 9 == 0 else tile - 1
    if tile < 31:
        return 30 if tile == 27 else tile - 1
    return 33 if tile == 31 else tile - 1


def combination(n: int, r: int) -> float:
    """C(n, r) as a float, computed as the model does (0 outside 0 <= r <= n).

    >>> combination(5, 2)
    10.0
    """
    if r < 0 or r > n:
        return 0.0
    k = min(r, n - r)
    value = 1.0
    for i in range(1, k + 1):
        value *= float(n - k + i)
        value /= float(i)
    return value


def ura_distribution(wall: Sequence[int], tiles: Sequence[int], indicators: int) -> list[float]:
    """The probability of 0 … 12 ura dora (12 meaning 12 or more) when ``indicators`` ura
    indicators are drawn from ``wall`` (34 counts) and the hand and melds hold ``tiles`` (34).

    >>> [round(p, 4) for p in ura_distribution([1] + [0] * 33, [0, 2] + [0] * 32, 1)[:3]]
    [0.0, 0.0, 1.0]
    """
    dp = [[0.0] * 13 for _ in range(6)]
    dp[0][0] = 1.0
    for tile in range(34):
        count = wall[_indicator_of(tile)]
        gain = tiles[tile]
        if count == 0:
            continue
        nxt = [row[:] for row in dp]
        for selected in range(indicators):
            row = dp[selected]
            for ura in range(13):
                p = row[ura]
                if p == 0.0:
                    continue
                for take in range(1, min(count, indicators - selected) + 1):
                    nxt[selected + take][min(12, ura + gain * take)] += p * combination(count, take)
        dp = nxt
    denominator = combination(sum(wall[:34]), indicators)
    return [dp[indicators][u] / denominator for u in range(13)]


def _tally(m: list[int], kinds: Iterable[int]) -> tuple[int, int, int, int]:
    """Over ``kinds``: how many the counts ``m`` pair and hold, and the kinds held none and once (masks)."""
    pairs = distinct = zero = one = 0
    for i in kinds:
        if m[i] == 0:
            zero |= 1 << i
        elif m[i] == 1:
            distinct += 1
            one |= 1 << i
        else:
            distinct += 1
            pairs += 1
    return pairs, distinct, zero, one


def _least(s: int, kinds: int, best: int, mask: int) -> tuple[int, int]:
    """A form at shanten ``s`` with its ``kinds``: the least shanten and the kinds of every form at it."""
    if s < best:
        return s, kinds
    if s == best:
        return best, mask | kinds
    return best, mask


class Table:
    """A ``Situation`` with the pure twin's cache of standard-form shanten."""

    def __init__(self, situation: Situation) -> None:
        self.s = situation
        self.n_melds = situation.n_melds
        self.closed = situation.closed
        self._standard: dict[bytes, int] = {}
        self._forms: dict[tuple[bytes, bool], tuple[int, int]] = {}

    def standard(self, counts: list[int]) -> int:
        """The standard-form shanten of 34 counts (cached)."""
        key = bytes(counts)
        known = self._standard.get(key)
        if known is None:
            shanten = self.s.shanten
            assert shanten is not None
            known = shanten(key, 1)
            self._standard[key] = known
        return known

    def shanten(self, m: list[int], draw: bool) -> tuple[int, int]:
        """``needed`` (``draw``: 13 tiles) or ``spare`` (14) of the merged counts ``m``, kept by
        merged hand: the red fives and riichi of a state do not change them."""
        key = (bytes(m), draw)
        known = self._forms.get(key)
        if known is None:
            known = self.needed(m) if draw else self.spare(m)
            self._forms[key] = known
        return known

    def total(self, base: int) -> int:
        """The tsumo total of basic points ``base``, honba and sticks included."""
        if self.s.dealer:
            return 3 * (-(-2 * base // 100) * 100) + self.s.bonus
        return -(-2 * base // 100) * 100 + 2 * (-(-base // 100) * 100) + self.s.bonus

    def needed(self, m: list[int]) -> tuple[int, int]:
        """(shanten, kinds that lower it) of 13-tile counts, over the forms at the least shanten."""
        best, mask = 100, 0
        s = self.standard(m)
        if s <= best:
            w = 0
            for i in range(34):
                if m[i] < 4:
                    m[i] += 1
                    if self.standard(m) < s:
                        w |= 1 << i
                    m[i] -= 1
            best, mask = s, w
        if self.n_melds == 0:
            pairs, kinds, zero, one = _tally(m, _KINDS)
            best, mask = _least(6 - pairs + max(0, 7 - kinds), zero | one if kinds < 7 else (0 if pairs == 7 else one),
                                best, mask)
            pairs, kinds, zero, one = _tally(m, _ORPHANS)
            best, mask = _least(13 - kinds - (1 if pairs else 0), zero if pairs else zero | one, best, mask)
        return best, mask

    def spare(self, m: list[int]) -> tuple[int, int]:
        """(shanten, kinds whose discard keeps it) of 14-tile counts, over the forms at the least shanten."""
        best, mask = 100, 0
        s = self.standard(m)
        d = 0
        for i in range(34):
            if m[i]:
                m[i] -= 1
                if self.standard(m) == s:
                    d |= 1 << i
                m[i] += 1
        best, mask = s, d
        if self.n_melds == 0:
            pairs = kinds = 0
            one = many = 0
            for i in range(34):
                if m[i] == 1:
                    kinds += 1
                    one |= 1 << i
                elif m[i] >= 2:
                    kinds += 1
                    pairs += 1
                    if m[i] >= 3:
                        many |= 1 << i
            best, mask = _least(6 - pairs + max(0, 7 - kinds), one | many if kinds > 7 else many, best, mask)
            pairs = kinds = 0
            two = many = 0
            middle = 0
            for i in _MIDDLE:
                if m[i]:
                    middle |= 1 << i
            for i in _ORPHANS:
                if m[i] == 1:
                    kinds += 1
                elif m[i] == 2:
                    two |= 1 << i
                    kinds += 1
                    pairs += 1
                elif m[i] > 2:
                    many |= 1 << i
                    kinds += 1
                    pairs += 1
            best, mask = _least(13 - kinds - (1 if pairs else 0), middle | many | two if pairs >= 2 else middle | many,
                                best, mask)
        return best, mask

    def score(self, hand: list[int], wall: list[int], win: int, riichi: bool) -> float:
        """The expected tsumo total of the complete separated ``hand`` won on ``win`` (0 with no yaku)."""
        s = self.s
        m = merged(hand)
        red = hand[34] + hand[35] + hand[36] + s.meld_red
        dora = 0
        for d in s.dora_kinds:
            dora += m[d] + s.meld_tiles[d]
        win34 = win if win < 34 else RED_OF[win - 34][0]
        assert s.score_counts is not None
        result = s.score_counts(bytes(m), s.melds, win34, TSUMO | (RIICHI if riichi else 0),
                                s.seat_wind, s.round_wind, dora + red, s.switches)
        if result is None or not result[0]:
            return 0.0
        _, han, fu, yakuman, base = result
        total = self.total(base)
        if not riichi or not s.indicators or yakuman or han >= 13:
            return float(total)
        tiles = [m[i] + s.meld_tiles[i] for i in range(34)]
        p = ura_distribution(merged(wall), tiles, s.indicators)
        value = 0.0
        for k in range(13):
            value += self.total(base_points(han + k, fu, 0, s.switches)) * p[k]
        return value


class Graph:
    """The states of one search and the edges between them (built by ``build``)."""

    def __init__(self, table: Table, hand: list[int], wall: list[int], extra: int = 1) -> None:
        self.table = table
        self.hand = hand
        self.wall = wall
        self.origin = list(hand)
        self.limit = table.spare(merged(hand))[0] + extra
        self.tenpai: list[bool] = []
        self.out: list[list[tuple[int, int, float]]] = []
        self.into: list[list[int]] = []
        self.edges: set[tuple[int, int]] = set()
        self.draws: dict[tuple[bytes, bool], int] = {}
        self.choices: dict[tuple[bytes, bool], int] = {}
        self.draw_states: list[int] = []
        self.choice_states: list[int] = []

    def _distance(self) -> int:
        d = 0
        for a, b in zip(self.hand, self.origin):
            if a > b:
                d += a - b
        return d

    def _vertex(self, tenpai: bool) -> int:
        self.tenpai.append(tenpai)
        self.out.append([])
        self.into.append([])
        return len(self.tenpai) - 1

    def _edge(self, source: int, target: int, weight: int, score: float) -> None:
        self.edges.add((source, target))
        self.out[source].append((target, weight, score))
        self.into[target].append(source)

    def _open(self, riichi: bool, draw: bool) -> tuple[int, bool, int, int, bool]:
        """(the state of the hand in hand, whether it is new, its shanten, the kinds to follow
        (waits of a draw state, discards keeping the shanten of a choice state), whether any
        draw or discard is followed too)."""
        states = self.draws if draw else self.choices
        key = (bytes(self.hand), riichi)
        known = states.get(key)
        if known is not None:
            return known, False, 0, 0, False
        shanten, mask = self.table.shanten(merged(self.hand), draw)
        free = not riichi and self._distance() + shanten < self.limit
        v = self._vertex(shanten == 0)
        states[key] = v
        (self.draw_states if draw else self.choice_states).append(v)
        return v, True, shanten, _with_red(mask), free

    def state(self, riichi: bool, draw: bool) -> int:
        """The draw state (``draw``: 13 tiles) or choice state (14) of the hand in hand, building it
        and what it reaches when new: each kind the wall gives, or the hand gives up.

        The walk is depth first, thousands of states deep at 3 from ready: each new state is a
        generator (``_reach``) on a list, never a Python call deeper, so the recursion limit, which
        is the whole process's, is never touched."""
        v, new, shanten, follow, free = self._open(riichi, draw)
        if not new:
            return v
        path = [self._reach(v, riichi, draw, shanten, follow, free)]
        reached: Any = None  # a new generator is started with None, then sent the state it reached
        while path:
            try:
                riichi, draw = path[-1].send(reached)
            except StopIteration as done:
                path.pop()
                reached = done.value
                continue
            reached, new, shanten, follow, free = self._open(riichi, draw)
            if new:
                path.append(self._reach(reached, riichi, draw, shanten, follow, free))
                reached = None
        return v

    def _reach(self, v: int, riichi: bool, draw: bool, shanten: int, follow: int, free: bool
               ) -> Generator[tuple[bool, bool], int, int]:
        """The kinds the new state ``v`` follows, one at a time: yields the (riichi, draw) of the state
        each reaches (``self.hand`` holding its tiles) and is sent that state back; returns ``v``."""
        give, take = (self.wall, self.hand) if draw else (self.hand, self.wall)
        for i in range(N_SEPARATED):
            followed = follow >> i & 1 == 1
            if give[i] and (free or followed):
                declare = True if not draw and self.table.closed and shanten == 0 and followed else riichi
                give[i] -= 1
                take[i] += 1
                other = yield declare, not draw
                if draw:  # the draw of i wins when the hand waits on it
                    self._link(v, other, i, riichi, shanten == 0 and followed)
                give[i] += 1
                take[i] -= 1
                if not draw:  # the hand holds 14 tiles again: the draw of i won when it is complete
                    self._link(other, v, i, riichi, shanten == -1)
        return v

    def _link(self, source: int, target: int, i: int, riichi: bool, wins: bool) -> None:
        """The edge of drawing ``i`` from the draw state ``source`` to the choice state ``target``, once:
        weighed by the copies of ``i`` in the wall before the draw, scored when the draw ``wins``
        (``self.hand`` holds the 14 tiles of ``target``)."""
        if (source, target) not in self.edges:
            score = self.table.score(self.hand, self.wall, i, riichi) if wins else 0.0
            self._edge(source, target, self.wall[i] + 1, score)

    def depths(self, starts: Iterable[int]) -> dict[int, int]:
        """The fewest draws from the draw states ``starts`` to each state they reach: a state that
        many draws away is first needed that many turns after ``turn`` (a draw state's figures at
        turn u read its choice states' at u + 1; a choice state's at u its draw states' at u)."""
        depth = dict.fromkeys(starts, 0)
        layer = list(depth)
        d = 0
        while layer:
            d += 1
            nxt: list[int] = []
            for v in layer:
                for target, _, _ in self.out[v]:
                    if target not in depth:
                        depth[target] = d
                        for source in self.into[target]:
                            if source not in depth:
                                depth[source] = d
                                nxt.append(source)
            layer = nxt
        return depth

    def figures(self, total: int, turn: int, starts: Iterable[int]
                ) -> tuple[list[list[float]], list[list[float]], list[list[float]]]:
        """Tenpai, win and expected score for turns ``turn`` … 18 (lists of 19) of the draw states
        ``starts`` and each state they reach, at the turns it can be reached (``depths``)."""
        n = len(self.tenpai)
        tp = [[0.0] * (MAX_TURN + 1) for _ in range(n)]
        wp = [[0.0] * (MAX_TURN + 1) for _ in range(n)]
        ep = [[0.0] * (MAX_TURN + 1) for _ in range(n)]
        tenpai, out, into = self.tenpai, self.out, self.into
        depth = self.depths(starts)
        draw_states = sorted((v for v in self.draw_states if v in depth), key=depth.__getitem__)
        choice_states = sorted((v for v in self.choice_states if v in depth), key=depth.__getitem__)
        for t in range(MAX_TURN, turn - 1, -1):
            for v in draw_states:
                if depth[v] > t - turn:
                    break
                if t == MAX_TURN:
                    if tenpai[v]:
                        tp[v][t] = 1.0
                    continue
                t1, w1, e1 = tp[v][t + 1], wp[v][t + 1], ep[v][t + 1]
                at = aw = ae = 0.0
                for target, weight, score in reversed(out[v]):
                    xt, xw, xe = tp[target][t + 1], wp[target][t + 1], ep[target][t + 1]
                    if score > 0.0:
                        xt = xw = 1.0
                        xe = max(score, xe)
                    at += weight * (xt - t1)
                    aw += weight * (xw - w1)
                    ae += weight * (xe - e1)
                left = total - t
                tp[v][t] = 1.0 if tenpai[v] else t1 + at / left
                wp[v][t] = w1 + aw / left
                ep[v][t] = e1 + ae / left
            for v in choice_states:
                if depth[v] > t - turn:
                    break
                bt = bw = be = 0.0
                for source in into[v]:
                    if tp[source][t] > bt:
                        bt = tp[source][t]
                    if wp[source][t] > bw:
                        bw = wp[source][t]
                    if ep[source][t] > be:
                        be = ep[source][t]
                tp[v][t], wp[v][t], ep[v][t] = bt, bw, be
        return tp, wp, ep


def search(situation: Situation, hand: Sequence[int], wall: Sequence[int], turn: int, extra: int = 1,
           avx: bool | None = None) -> tuple[list[tuple[int, tuple[tuple[float, float, float], ...]]], int]:
    """Each discard of the separated 14-tile ``hand`` with its ``(tenpai, win, expected)`` curve
    (a tuple, one triple a turn from ``turn`` to 17) and the count of states searched.

    ``wall`` is the separated wall (37); its first 34 counts (a red five in its kind's count
    too) make the total S the draws are divided by.  ``avx`` is the compiled kernel's (whether
    it sums by AVX); here the sums are scalars, the same figures.
    """
    table = Table(situation)
    h = list(hand)
    w = list(wall)
    total = sum(merged(w))
    graph = Graph(table, h, w, extra)
    graph.state(False, False)
    shanten, spare = table.spare(merged(h))
    spare = _with_red(spare)
    found = []
    for i in range(N_SEPARATED):
        if not h[i]:
            continue
        declare = table.closed and shanten == 0 and bool(spare >> i & 1)
        h[i] -= 1
        v = graph.draws.get((bytes(h), declare))
        h[i] += 1
        if v is not None:
            found.append((i, v))
    tp, wp, ep = graph.figures(total, turn, [v for _, v in found])
    return [(i, tuple(zip(tp[v][turn:MAX_TURN], wp[v][turn:MAX_TURN], ep[v][turn:MAX_TURN]))) for i, v in found], \
        len(graph.tenpai)


def search_packed(situation: Situation, hand: Sequence[int], wall: Sequence[int],
                  turn: int) -> tuple[list[tuple[int, bytes]], int]:
    """``search(situation, hand, wall, turn)`` with each curve as ``bytes``: its triples as native
    doubles, three a turn (``DiscardValue`` makes the tuples when they are read)."""
    found, states = search(situation, hand, wall, turn)
    return [(i, array("d", [x for triple in curve for x in triple]).tobytes()) for i, curve in found], states
