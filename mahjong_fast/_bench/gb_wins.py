"""Random Guobiao winning situations built to reach every fan, and PyMahjongGB's reading of them.

``random_situation(rng)`` draws one win: a shape (the standard form with themed melds, seven
pairs, 连七对, thirteen orphans, 全不靠 / 七星不靠, 组合龙 with a meld and a pair, nine gates), 0-4
declared melds of every kind (chows, pungs, open and concealed kongs), the winning tile, every
situational flag the tiles allow, the winds and 0-8 flowers.  ``score_kwargs`` turns it into
``mf.score`` arguments; ``reference_fans`` asks ``MahjongGB.MahjongFanCalculator`` and answers
``{chinese name: count}`` (flowers included), or ``None`` when it finds no win.
"""
from __future__ import annotations

import random
from dataclasses import dataclass

__all__ = ["Situation", "random_situation", "reference_arguments", "reference_fans", "score_kwargs", "tile_text"]

WINDS = (27, 28, 29, 30)
DRAGONS = (31, 32, 33)
TERMINALS = (0, 8, 9, 17, 18, 26)
GREEN = (19, 20, 21, 23, 25, 32)  # 2s 3s 4s 6s 8s and green dragon
REVERSIBLE = (10, 11, 12, 13, 16, 17, 19, 21, 22, 23, 25, 26, 31)  # 1234589p 245689s white


def tile_text(t: int) -> str:
    """index34 → text (``"1m"`` … ``"7z"``)."""
    return f"{t % 9 + 1}{'mps'[t // 9]}" if t < 27 else f"{t - 26}z"


def _reference_tile(t: int) -> str:
    if t < 9:
        return f"W{t + 1}"
    if t < 18:
        return f"B{t - 8}"
    if t < 27:
        return f"T{t - 17}"
    if t < 31:
        return f"F{t - 26}"
    return f"J{34 - t}"  # white J3, green J2, red J1


@dataclass(frozen=True)
class Situation:
    """One win: ``concealed`` (index34 tiles, the winning tile included), ``melds`` as
    ``(kind, tile)`` (``"chow"`` with its lowest tile, ``"pung"``, ``"kong"``, ``"ckong"`` a
    concealed kong), the flags, winds (27-30) and flowers."""

    concealed: tuple[int, ...]
    melds: tuple[tuple[str, int], ...]
    win: int
    tsumo: bool
    last_copy: bool
    last_tile: bool
    kong_draw: bool
    robbing_kong: bool
    seat_wind: int
    round_wind: int
    flowers: int


def score_kwargs(s: Situation) -> dict[str, object]:
    """The ``mf.score`` arguments of ``s`` (hand and win as text)."""
    melds = []
    for kind, t in s.melds:
        if kind == "chow":
            melds.append("".join(tile_text(t + i) for i in range(3)))
        elif kind == "pung":
            melds.append(tile_text(t) * 3)
        elif kind == "kong":
            melds.append(tile_text(t) * 4)
        else:
            melds.append("{" + tile_text(t) * 4 + "}")
    return dict(hand14="".join(tile_text(t) for t in sorted(s.concealed)), win=tile_text(s.win), melds=melds,
                rules="gb", tsumo=s.tsumo, last_copy=s.last_copy, last_tile=s.last_tile, kong_draw=s.kong_draw,
                robbing_kong=s.robbing_kong, seat_wind=tile_text(s.seat_wind), round_wind=tile_text(s.round_wind),
                flowers=s.flowers)


def reference_arguments(s: Situation) -> tuple[object, ...]:
    """The positional arguments of ``MahjongFanCalculator`` for ``s`` (its hand: without the winning tile)."""
    packs = []
    for i, (kind, t) in enumerate(s.melds):
        offer = 1 + i % 3
        if kind == "chow":
            packs.append(("CHI", _reference_tile(t + 1), offer))
        elif kind == "pung":
            packs.append(("PENG", _reference_tile(t), offer))
        else:
            packs.append(("GANG", _reference_tile(t), offer if kind == "kong" else 0))
    hand = list(s.concealed)
    hand.remove(s.win)
    return (tuple(packs), tuple(_reference_tile(t) for t in hand), _reference_tile(s.win), s.flowers, s.tsumo,
            s.last_copy, s.kong_draw or s.robbing_kong, s.last_tile, s.seat_wind - 27, s.round_wind - 27)


def reference_fans(s: Situation) -> dict[str, int] | None:
    """PyMahjongGB 1.4.0's fans of ``s``: ``{chinese name: count}``; ``None`` for ERROR_NOT_WIN."""
    from MahjongGB import MahjongFanCalculator

    try:
        fans = MahjongFanCalculator(*reference_arguments(s), verbose=True)
    except TypeError as exc:
        if "ERROR_NOT_WIN" in str(exc):
            return None
        raise
    return {name: count for _, count, name, _ in fans}


# ---------------------------------------------------------------- shapes


def _pool(rng: random.Random) -> list[int]:
    """The tiles a themed hand draws its groups from."""
    theme = rng.randrange(14)
    if theme == 0:  # one suit (清一色 and its chow/pung fans)
        s = rng.randrange(3) * 9
        return list(range(s, s + 9))
    if theme == 1:  # one suit and honours
        s = rng.randrange(3) * 9
        return list(range(s, s + 9)) + list(range(27, 34))
    if theme == 2:
        return list(range(27, 34))
    if theme == 3:
        return list(TERMINALS) + (list(range(27, 34)) if rng.random() < 0.5 else [])
    if theme == 4:
        return list(GREEN)
    if theme == 5:
        return list(REVERSIBLE)
    if theme == 6:  # upper / middle / lower ranks
        lo = rng.choice((0, 3, 6, 0, 5))
        width = 4 if lo in (0, 5) else 3
        return [s * 9 + r for s in range(3) for r in range(lo, lo + width)]
    if theme == 7:
        return [t for t in range(27) if t % 9 not in (0, 8)]
    if theme == 8:  # two suits
        a, b = rng.sample(range(3), 2)
        return list(range(a * 9, a * 9 + 9)) + list(range(b * 9, b * 9 + 9))
    if theme == 9:  # even pungs, fives
        return [s * 9 + r for s in range(3) for r in ((1, 3, 5, 7) if rng.random() < 0.5 else (3, 4, 5))]
    return list(range(34))


def _structured(rng: random.Random) -> list[tuple[str, int]]:
    """Groups that make the chow and pung patterns (三同顺, 三步高, 花龙, 双龙会, 节高, 风刻 …)."""
    kind = rng.randrange(12)
    s = rng.randrange(3) * 9
    suits = rng.sample((0, 9, 18), 3)
    r = rng.randrange(7)
    if kind == 0:
        return [("chow", s + r)] * rng.choice((2, 3, 4))
    if kind == 1:
        step = rng.choice((1, 2))
        n = rng.choice((3, 4))
        r = rng.randrange(7 - step * (n - 1))
        return [("chow", s + r + step * i) for i in range(n)]
    if kind == 2:
        return [("chow", s), ("chow", s + 3), ("chow", s + 6)]
    if kind == 3:
        return [("chow", suits[0]), ("chow", suits[1] + 3), ("chow", suits[2] + 6)]
    if kind == 4:
        return [("chow", suits[i] + r) for i in range(3)]
    if kind == 5:
        r = rng.randrange(5)
        return [("chow", suits[i] + r + i) for i in range(3)]
    if kind == 6:
        return [("chow", s), ("chow", s + 6), ("chow", s), ("chow", s + 6)]
    if kind == 7:
        return [("chow", suits[0]), ("chow", suits[0] + 6), ("chow", suits[1]), ("chow", suits[1] + 6)]
    if kind == 8:
        n = rng.choice((3, 4))
        r = rng.randrange(10 - n)
        return [("pung", s + r + i) for i in range(n)]
    if kind == 9:
        r = rng.randrange(9)
        return [("pung", suits[i] + r) for i in range(rng.choice((2, 3)))]
    if kind == 10:
        return [("pung", t) for t in rng.sample(WINDS, rng.choice((2, 3, 3, 4)))]
    return [("pung", t) for t in rng.sample(DRAGONS, rng.choice((1, 2, 2, 3)))]


def _group_tiles(kind: str, t: int) -> list[int]:
    return [t, t + 1, t + 2] if kind == "chow" else [t] * 3


def _standard(rng: random.Random, plain: bool = False) -> tuple[list[tuple[str, int]], int] | None:
    """Four groups and a pair; ``plain``: simples of every suit and an honour pair (无番和 is near)."""
    groups = _structured(rng) if rng.random() < 0.45 and not plain else []
    pool = [t for t in range(27) if t % 9 not in (0, 8)] if plain else _pool(rng)
    chow_share = 0.8 if plain else rng.choice((0.0, 0.3, 0.6, 1.0))
    counts = [0] * 34
    for kind, t in groups:
        for x in _group_tiles(kind, t):
            counts[x] += 1
    while len(groups) < 4:
        t = rng.choice(pool)
        if t < 27 and t % 9 < 7 and rng.random() < chow_share and t + 1 in pool and t + 2 in pool:
            kind = "chow"
        else:
            kind = "pung"
        groups.append((kind, t))
        for x in _group_tiles(kind, t):
            counts[x] += 1
    pair = rng.randrange(27, 34) if plain else rng.choice(pool if rng.random() < 0.8 else list(range(34)))
    counts[pair] += 2
    if max(counts) > 4:
        return None
    return groups[:4], pair


def _concealed_form(rng: random.Random) -> tuple[list[int], list[tuple[str, int]]] | None:
    """Seven pairs, 连七对, thirteen orphans, 全不靠 / 七星不靠, nine gates, 组合龙 (its group declared
    or not): the concealed tiles and the melds."""
    melds: list[tuple[str, int]] = []
    form = rng.randrange(6)
    if form == 0:
        pool = _pool(rng)
        tiles = [rng.choice(pool) for _ in range(7)]
        hand = [t for t in tiles for _ in range(2)]
    elif form == 1:
        s = rng.randrange(3) * 9 + rng.randrange(3)
        hand = [s + i for i in range(7) for _ in range(2)]
    elif form == 2:
        orphans = list(TERMINALS) + list(range(27, 34))
        hand = orphans + [rng.choice(orphans)]
    elif form == 3:
        suits = rng.sample((0, 9, 18), 3)
        knitted = [suits[i] + r for i in range(3) for r in (i, i + 3, i + 6)]
        n = rng.choice((7, 8, 9))
        hand = rng.sample(knitted, n) + rng.sample(range(27, 34), 14 - n)
    elif form == 4:
        s = rng.randrange(3) * 9
        hand = [s] * 3 + [s + i for i in range(1, 8)] + [s + 8] * 3 + [s + rng.randrange(9)]
    else:
        suits = rng.sample((0, 9, 18), 3)
        hand = [suits[i] + r for i in range(3) for r in (i, i + 3, i + 6)]
        rest = _standard(rng)
        if rest is None:
            return None
        kind, t = rest[0][0]
        if rng.random() < 0.4:
            melds.append((rng.choice(("pung", "kong", "ckong")) if kind == "pung" else kind, t))
        else:
            hand += _group_tiles(kind, t)
        hand += [rest[1]] * 2
    if max(hand.count(t) for t in set(hand)) > 4:
        return None
    return hand, melds


def random_situation(rng: random.Random) -> Situation:
    """One random winning situation (see the module docstring)."""
    while True:
        melds: list[tuple[str, int]] = []
        plain = rng.random() < 0.05
        if rng.random() < 0.25 and not plain:
            form = _concealed_form(rng)
            if form is None:
                continue
            concealed, melds = form
        else:
            shape = _standard(rng, plain)
            if shape is None:
                continue
            groups, pair = shape
            rng.shuffle(groups)
            n_declared = rng.choice((1, 2, 3) if plain else (0, 0, 1, 1, 2, 3, 4))
            concealed = [pair, pair]
            for i, (kind, t) in enumerate(groups):
                if i < n_declared:
                    if kind == "pung":
                        kind = rng.choice(("pung", "pung", "kong", "ckong"))
                    melds.append((kind, t))
                else:
                    concealed += _group_tiles(kind, t)
        counts = [0] * 34
        for t in concealed:
            counts[t] += 1
        for kind, t in melds:
            for x in ([t] * 4 if kind in ("kong", "ckong") else _group_tiles(kind, t)):
                counts[x] += 1
        if max(counts) > 4:
            continue
        win = rng.choice(concealed)
        tsumo = rng.random() < 0.5 and not plain
        kongs = any(kind in ("kong", "ckong") for kind, _ in melds)
        in_melds = sum(1 for kind, t in melds if t == win or (kind == "chow" and t <= win <= t + 2))
        alone = concealed.count(win) == 1
        last_copy = alone and rng.random() < 0.2
        last_tile = rng.random() < 0.12
        kong_draw = tsumo and kongs and rng.random() < 0.3
        robbing_kong = not tsumo and alone and not in_melds and rng.random() < 0.1
        return Situation(tuple(concealed), tuple(melds), win, tsumo, last_copy, last_tile, kong_draw, robbing_kong,
                         rng.choice(WINDS), rng.choice(WINDS), rng.choice((0, 0, 0, 1, 2, 3, 8, rng.randrange(9))))
