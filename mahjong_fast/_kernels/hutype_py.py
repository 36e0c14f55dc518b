"""Hu-type flags of a whole hand on counts (pure Python): the twin of ``hutype``.

The rules are DESIGN.md's "Win forms and hu types"; the flag values are those
of ``HuType``.  A hand is 34 concealed counts plus the declared melds, one byte
each: ``kind << 6 | tile`` with kind ``CHOW``, ``PUNG``, ``KONG`` (exposed) or
``CONCEALED_KONG`` and the meld's lowest index34 tile.

With jokers (``hu_type_wild``) the answer is the best hu type over every way
of letting the jokers stand for tiles, ranked by shape priority, then by the
suit modifier 字一色 > 清一色 > 混一色 > none (门清 and 全求人 do not depend
on the jokers).  Rather than enumerate placements it asks, for each shape from
the highest and each suit class from the best, whether some placement fits
with jokers only on that class's kinds; the first yes is the answer, because a
placement that fits a higher shape or a better class was tried before.  Each
question has a direct answer: thirteen orphans and seven pairs by counting,
all pungs by the counts mod 3, the plain standard form by the exact joker
shanten of ``shanten`` (form 1), which is -1 exactly when some placement wins.
"""
from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from .._layout import (
    FIRST_HONOR,
    MAX_COPIES,
    MAX_HAND,
    N_KINDS,
    N_SUITS,
    ORPHANS,
    SUIT_SIZE,
)
from . import decompose_py as _decompose
from . import shanten_py as _shanten
from . import win_py as _win
from .hu_flags import (
    DUI_DUI_HU,
    HAO_HUA_QI_DUI,
    HUN_YI_SE,
    MEN_QING,
    PING_HU,
    QI_DA_DUI,
    QI_XIAO_DUI,
    QING_YI_SE,
    QUAN_QIU_REN,
    SHI_SAN_YAO,
    ZI_YI_SE,
)

CHOW = 0
PUNG = 1
KONG = 2
CONCEALED_KONG = 3
"""Meld kinds in a meld byte (``kind << 6 | tile``)."""


__all__ = [
    "CHOW",
    "CONCEALED_KONG",
    "KONG",
    "PUNG",
    "decompositions",
    "hu_type",
    "hu_type_wild"
]

_ORPHAN_SET = frozenset(ORPHANS)
_HONORS = range(FIRST_HONOR, N_KINDS)
# The suit classes, best first: (modifier, kinds a joker may stand for).
_CLASSES = (
    ((ZI_YI_SE, frozenset(_HONORS)),)
    + tuple(
        (QING_YI_SE, frozenset(range(g * SUIT_SIZE, (g + 1) * SUIT_SIZE))) for g in range(N_SUITS)
    )
    + tuple(
        (HUN_YI_SE, frozenset(range(g * SUIT_SIZE, (g + 1) * SUIT_SIZE)) | frozenset(_HONORS))
        for g in range(N_SUITS)
    )
    + ((0, frozenset(range(N_KINDS))),)
)


def _read(counts: object, melds: object, wild: object = None) -> tuple[bytes, bytes, list[int]]:
    """Validate; return the counts, the meld bytes and the whole hand's counts."""
    c = bytes(counts)  # type: ignore[call-overload]
    m = bytes(melds)  # type: ignore[call-overload]
    if len(c) != N_KINDS:
        raise ValueError(f"counts must hold {N_KINDS} values, got {len(c)}")
    if wild is not None and len(bytes(wild)) != N_KINDS:  # type: ignore[call-overload]
        raise ValueError(f"wild must hold {N_KINDS} flags, got {len(bytes(wild))}")  # type: ignore[call-overload]
    whole = list(c)
    for code in m:
        kind, tile = code >> 6, code & 63
        if tile >= N_KINDS or kind == CHOW and (tile >= FIRST_HONOR or tile % SUIT_SIZE > 6):
            raise ValueError(f"meld byte {code} is not a meld")
        if kind == CHOW:
            for t in range(tile, tile + 3):
                whole[t] += 1
        else:
            whole[tile] += 3 if kind == PUNG else 4
    for t, n in enumerate(whole):
        if n > MAX_COPIES:
            raise ValueError(f"tile {t} appears {n} times in hand and melds; at most {MAX_COPIES}")
    if sum(c) + 3 * len(m) != MAX_HAND:
        raise ValueError(f"a whole hand has {MAX_HAND} tiles, a kong counting three; got "
                         f"{sum(c)} concealed and {len(m)} melds")
    return c, m, whole


def _fixed_modifiers(melds: bytes, self_drawn: bool) -> int:
    """门清 and 全求人: they depend on the melds and self_drawn alone."""
    kinds = [code >> 6 for code in melds]
    result = MEN_QING if all(k == CONCEALED_KONG for k in kinds) else 0
    if len(kinds) == 4 and not self_drawn and CONCEALED_KONG not in kinds:
        result |= QUAN_QIU_REN
    return result


def _suit_modifier(whole: list[int]) -> int:
    suits = sum(1 for g in range(N_SUITS) if any(whole[g * SUIT_SIZE:(g + 1) * SUIT_SIZE]))
    if suits == 0:
        return ZI_YI_SE
    if suits == 1:
        return HUN_YI_SE if any(whole[FIRST_HONOR:]) else QING_YI_SE
    return 0


def _shape(c: bytes, melds: bytes) -> int:
    if not melds:
        if all(c[t] for t in ORPHANS) and sum(c[t] for t in ORPHANS) == MAX_HAND:
            return SHI_SAN_YAO
        if all(n % 2 == 0 for n in c):
            fours = c.count(4)
            return HAO_HUA_QI_DUI if fours >= 2 else QI_DA_DUI if fours else QI_XIAO_DUI
    if all_pungs(c):
        return PING_HU if any(code >> 6 == CHOW for code in melds) else DUI_DUI_HU
    return PING_HU if _win.win_cluster(c) else 0


def all_pungs(c: bytes | list[int]) -> bool:
    """Whether the counts split into pungs and one pair: one count is 2 mod 3, the rest 0."""
    return sum(1 for n in c if n % 3 == 2) == 1 and all(n % 3 != 1 for n in c)


def hu_type(counts: object, melds: object = b"", self_drawn: bool = False) -> int:
    """The ``HuType`` value of a whole hand, 0 if it does not win.

    ``counts``: 34 concealed counts; ``melds``: one byte per declared meld
    (``kind << 6 | tile``).  ``ValueError`` if a count or meld byte is out of
    range, a tile has more than four copies in hand and melds, or the hand is
    not 14 tiles (a kong counting three).
    """
    c, m, whole = _read(counts, melds)
    shape = _shape(c, m)
    if not shape:
        return 0
    return shape | _suit_modifier(whole) | _fixed_modifiers(m, bool(self_drawn))


def hu_type_wild(
    counts: object, wild: object, melds: object = b"", self_drawn: bool = False, fifth: bool = True
) -> int:
    """The best ``HuType`` value over every placement of the jokers, 0 if none wins.

    Every copy of a kind flagged in ``wild`` (34 flags) in ``counts`` is a
    joker that may stand for any kind, itself included.  ``fifth=False``
    forbids a kind from ending with more than four copies in hand and melds;
    with ``fifth=True`` a seven-pairs kind held 6 or 8 times holds one or two
    sets of four.  Best: the higher shape, then 字一色 > 清一色 > 混一色 > none.
    Other arguments and errors as in ``hu_type``.
    """
    c, m, whole = _read(counts, melds, wild)
    flags = bytes(wild)  # type: ignore[call-overload]
    real = [0 if flags[t] else n for t, n in enumerate(c)]
    jokers = sum(c) - sum(real)
    if not jokers:
        return hu_type(c, m, self_drawn)
    # The real tiles of the whole hand; a class whose kinds miss one cannot hold.
    present = [whole[t] - (c[t] - real[t]) for t in range(N_KINDS)]
    caps = [MAX_COPIES - (whole[t] - c[t]) for t in range(N_KINDS)]
    classes = [(mod, kinds) for mod, kinds in _CLASSES
               if all(kinds.__contains__(t) for t in range(N_KINDS) if present[t])]
    shape_found = 0
    for shape, fits in _WILD_SHAPES:
        for mod, kinds in classes:
            if fits(real, jokers, kinds, caps, m, fifth):
                shape_found = shape | mod
                break
        if shape_found:
            return shape_found | _fixed_modifiers(m, bool(self_drawn))
    return 0


def _orphans_fit(real: list[int], jokers: int, kinds: frozenset[int], caps: list[int],
                 melds: bytes, fifth: bool) -> bool:
    if melds or any(real[t] for t in range(N_KINDS) if t not in _ORPHAN_SET):
        return False
    if any(real[t] > 2 for t in ORPHANS) or sum(real[t] == 2 for t in ORPHANS) > 1:
        return False
    return all(t in kinds for t in ORPHANS if not real[t])


def _most_fours(real: list[int], jokers: int, kinds: frozenset[int], caps: list[int],
                melds: bytes, fifth: bool) -> int:
    """The most sets of four over the seven-pairs placements, or -1 if there is none."""
    if melds:
        return -1
    filled = list(real)
    for t in range(N_KINDS):
        if filled[t] % 2:
            if t not in kinds:
                return -1
            filled[t] += 1
            jokers -= 1
    if jokers < 0:
        return -1
    pairs = jokers // 2
    fours = sum(n // 4 for n in filled)
    if fifth:
        one_pair = sum(1 for t in kinds if filled[t] % 4 == 2)
    else:
        one_pair = sum(1 for t in kinds if filled[t] == 2)
        if 2 * sum(1 for t in kinds if filled[t] == 0) + one_pair < pairs:
            return -1
    quick = min(pairs, one_pair)
    return fours + quick + (pairs - quick) // 2


def _pungs_fit(real: list[int], jokers: int, kinds: frozenset[int], caps: list[int],
               melds: bytes, fifth: bool) -> bool:
    """Whether jokers on ``kinds`` can make the concealed part pungs and one pair."""
    if any(code >> 6 == CHOW for code in melds):
        return False
    big = MAX_HAND + 1

    def cost(t: int, rest: int) -> int:
        n = real[t]
        extra = (rest - n % 3) % 3
        if extra and (t not in kinds or not fifth and n + extra > caps[t]):
            return big
        return extra

    to_pung = [cost(t, 0) for t in range(N_KINDS)]
    base = sum(to_pung)
    for pair in range(N_KINDS):
        need = base - to_pung[pair] + cost(pair, 2)
        if need > jokers or (jokers - need) % 3:
            continue
        if fifth:
            return True
        room = sum(1 for t in kinds if t != pair and real[t] == 0 and caps[t] >= 3)
        if (jokers - need) // 3 <= room:
            return True
    return False


def _standard_fits(real: list[int], jokers: int, kinds: frozenset[int], caps: list[int],
                   melds: bytes, fifth: bool) -> bool:
    # With fifth=True jokers outside the class's kinds make whole pungs, chows or the
    # pair on their own, which could as well be pungs or the pair of a kind inside it.
    if fifth:
        limits = bytes(caps)
    else:
        limits = bytes(caps[t] if t in kinds else real[t] for t in range(N_KINDS))
    return _shanten.shanten_counts(bytes(real), _shanten.FORM_STANDARD, jokers, fifth, limits) == -1


_WILD_SHAPES = (
    (SHI_SAN_YAO, _orphans_fit),
    (HAO_HUA_QI_DUI, lambda *a: _most_fours(*a) >= 2),
    (QI_DA_DUI, lambda *a: _most_fours(*a) >= 1),
    (QI_XIAO_DUI, lambda *a: _most_fours(*a) >= 0),
    (DUI_DUI_HU, _pungs_fit),
    (PING_HU, _standard_fits),
)


def decompositions(
    counts: bytes, cls: type, pair_tiles: Sequence[object], chows: Sequence[object],
    pungs: Sequence[object], declared: tuple[object, ...],
) -> list[Any]:
    """Every standard-form split of ``counts``, each ``tuple.__new__(cls, (pair_tiles[p], melds))``.

    ``melds`` is a tuple: ``chows[t]`` or ``pungs[t]`` for each meld found
    (chows first, each group in tile order) followed by the tuple ``declared``.
    Sorted by pair, then melds, as ``decompose.decompose_counts``.  ``counts``
    must be 34 counts of 0-4 (a hand already checked).
    """
    return [
        tuple.__new__(cls, (pair_tiles[pair], tuple(
            [(chows if kind == "chow" else pungs)[t] for kind, t in split]) + declared))
        for pair, split in _decompose.decompose_counts(counts)
    ]
