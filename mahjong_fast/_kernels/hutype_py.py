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

Rule sets (``rules``, the bits of ``rule_flags``) decide which shapes exist:
seven pairs (four identical = two pairs, or seven different kinds), thirteen
orphans, the knitted shapes 全不靠 / 七星不靠 / 组合龙, and how many suits a
winning hand may hold (``DROP``; ``LOCK`` marks suits declared melds hold).
With jokers the suit classes are those the rule set allows, and a joker
stands only for a kind that exists (``limits``).  Shapes and priority:
docs/hutypes.md.
"""
from __future__ import annotations

import operator
from collections.abc import Sequence
from functools import lru_cache
from itertools import permutations
from typing import Any

from .._layout import FIRST_HONOR, MAX_COPIES, MAX_HAND, N_KINDS, N_SUITS, ORPHANS, SUIT_SIZE
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
    QI_XING_BU_KAO,
    QING_YI_SE,
    QUAN_BU_KAO,
    QUAN_QIU_REN,
    SHI_SAN_YAO,
    ZI_YI_SE,
    ZU_HE_LONG,
)
from .rule_flags import (
    ALL_BITS,
    CHINESE,
    DROP_MASK,
    DROP_SHIFT,
    KNITTED,
    LOCK_MASK,
    LOCK_SHIFT,
    SEVEN_PAIRS,
    SEVEN_PAIRS_DISTINCT,
    THIRTEEN_ORPHANS,
)

CHOW = 0
PUNG = 1
KONG = 2
CONCEALED_KONG = 3
"""Meld kinds in a meld byte (``kind << 6 | tile``)."""


__all__ = [
    "CHOW",
    "CONCEALED_KONG",
    "KNITTED_SETS",
    "KONG",
    "PUNG",
    "decompositions",
    "hu_type",
    "hu_type_wild",
    "knitted_set_of",
    "read_rules",
    "straights_of",
]

_ORPHAN_SET = frozenset(ORPHANS)
_HONORS = range(FIRST_HONOR, N_KINDS)
_HONOR_PART = N_SUITS
_KNIT = 3
"""Ranks of a suit's knitted run step by three: 147, 258, 369."""
KNITTED_SETS: tuple[tuple[int, ...], ...] = tuple(
    tuple(g * SUIT_SIZE + r + _KNIT * k for g, r in enumerate(residues) for k in range(SUIT_SIZE // _KNIT))
    for residues in permutations(range(_KNIT))
)
"""The six knitted sets (147, 258, 369 given to m, p, s in some order), each as its nine index34 tiles."""
_KNITTED_FROZEN = tuple(frozenset(k) for k in KNITTED_SETS)
_RULE_BITS = ALL_BITS
_PART_KINDS = tuple(
    frozenset(range(g * SUIT_SIZE, (g + 1) * SUIT_SIZE)) for g in range(N_SUITS)
) + (frozenset(_HONORS),)
_ALL_PARTS = (1 << (N_SUITS + 1)) - 1


def _part(t: int) -> int:
    return t // SUIT_SIZE if t < FIRST_HONOR else _HONOR_PART


def _classes(rules: int) -> tuple[tuple[int, int], ...]:
    """The suit classes a rule set allows, best first: (modifier, mask of the parts it spans)."""
    honors = 1 << _HONOR_PART
    found = [(ZI_YI_SE, honors)]
    found += [(QING_YI_SE, 1 << g) for g in range(N_SUITS)]
    found += [(HUN_YI_SE, 1 << g | honors) for g in range(N_SUITS)]
    most = N_SUITS - ((rules & DROP_MASK) >> DROP_SHIFT)
    if most > 1:
        found += [(0, suits | honors) for suits in range(1 << N_SUITS) if bin(suits).count("1") == most]
    return tuple(found)


def read_rules(rules: object) -> int:
    """The rule flags of a ``rules=`` argument: an int of ``rule_flags`` bits, checked."""
    r = operator.index(rules)  # type: ignore[arg-type]
    if (r < 0 or r & ~_RULE_BITS or (r & DROP_MASK) >> DROP_SHIFT >= N_SUITS
            or r & SEVEN_PAIRS and r & SEVEN_PAIRS_DISTINCT):
        raise ValueError(f"rules {r!r} is not a set of rule flags (see _kernels.rule_flags)")
    return r


def _read_limits(limits: object) -> bytes:
    if limits is None:
        return bytes([MAX_COPIES]) * N_KINDS
    lim: bytes = bytes(limits)  # type: ignore[call-overload]
    if len(lim) != N_KINDS or max(lim) > MAX_COPIES:
        raise ValueError(f"limits must hold {N_KINDS} values of 0-{MAX_COPIES}")
    return lim


def _held_suits(whole: Sequence[int], rules: int) -> int:
    """Mask of the suits the whole hand holds, or a declared meld locks (``LOCK`` bits)."""
    held = (rules & LOCK_MASK) >> LOCK_SHIFT
    for g in range(N_SUITS):
        if any(whole[g * SUIT_SIZE:(g + 1) * SUIT_SIZE]):
            held |= 1 << g
    return held


def _suits_fit(held: int, rules: int) -> bool:
    return bin(held).count("1") <= N_SUITS - ((rules & DROP_MASK) >> DROP_SHIFT)


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


def knitted_set_of(c: Sequence[int]) -> int:
    """Index in ``KNITTED_SETS`` of the knitted set holding every suited tile of ``c``
    when each kind appears at most once, else -1 (the first such set if several)."""
    if max(c) > 1:
        return -1
    for k, knit in enumerate(_KNITTED_FROZEN):
        if all(t in knit for t in range(FIRST_HONOR) if c[t]):
            return k
    return -1


def straights_of(c: Sequence[int]) -> list[int]:
    """Indices in ``KNITTED_SETS`` of the knitted straights ``c`` holds (a copy of each of the nine)."""
    return [k for k, knit in enumerate(KNITTED_SETS) if all(c[t] for t in knit)]


def _zu_he_long(c: bytes) -> bool:
    """A knitted straight plus, in the rest of the concealed tiles, a standard form (a meld and a
    pair, or a pair beside one declared meld)."""
    if sum(c) < MAX_HAND - 3:
        return False
    for k in straights_of(c):
        rest = bytearray(c)
        for t in KNITTED_SETS[k]:
            rest[t] -= 1
        if _win.win_cluster(bytes(rest)):
            return True
    return False


def _shape(c: bytes, melds: bytes, rules: int) -> int:
    if not melds:
        if rules & THIRTEEN_ORPHANS and all(c[t] for t in ORPHANS) and sum(c[t] for t in ORPHANS) == MAX_HAND:
            return SHI_SAN_YAO
        if rules & KNITTED and knitted_set_of(c) >= 0:
            return QI_XING_BU_KAO if all(c[t] for t in _HONORS) else QUAN_BU_KAO
    if rules & KNITTED and _zu_he_long(c):
        return ZU_HE_LONG
    if not melds and rules & (SEVEN_PAIRS | SEVEN_PAIRS_DISTINCT) and all(n % 2 == 0 for n in c):
        fours = c.count(4)
        if rules & SEVEN_PAIRS:
            return HAO_HUA_QI_DUI if fours >= 2 else QI_DA_DUI if fours else QI_XIAO_DUI
        if not fours:
            return QI_XIAO_DUI
    if all_pungs(c):
        return PING_HU if any(code >> 6 == CHOW for code in melds) else DUI_DUI_HU
    return PING_HU if _win.win_cluster(c) else 0


def all_pungs(c: bytes | list[int]) -> bool:
    """Whether the counts split into pungs and one pair: one count is 2 mod 3, the rest 0."""
    return sum(1 for n in c if n % 3 == 2) == 1 and all(n % 3 != 1 for n in c)


def hu_type(counts: object, melds: object = b"", self_drawn: bool = False, rules: int = CHINESE) -> int:
    """The ``HuType`` value of a whole hand, 0 if it does not win under ``rules``.

    ``counts``: 34 concealed counts; ``melds``: one byte per declared meld
    (``kind << 6 | tile``); ``rules``: the bits of ``rule_flags`` (default
    ``CHINESE``).  Under ``rules`` a hand wins only in the forms its bits allow
    and with at most ``3 - DROP`` suits, melds and ``LOCK`` bits included.
    ``ValueError`` if a count or meld byte is out of range, a tile has more than
    four copies in hand and melds, the hand is not 14 tiles (a kong counting
    three), or ``rules`` is not a set of rule flags; ``TypeError`` if ``rules``
    is not an int.
    """
    c, m, whole = _read(counts, melds)
    r = read_rules(rules)
    if r & DROP_MASK and not _suits_fit(_held_suits(whole, r), r):
        return 0
    shape = _shape(c, m, r)
    if not shape:
        return 0
    return shape | _suit_modifier(whole) | _fixed_modifiers(m, bool(self_drawn))


class _Wild:
    """A hand with jokers: the real tiles, how many jokers, and what they may stand for."""

    __slots__ = ("real", "jokers", "caps", "melds", "fifth", "rules")

    def __init__(self, real: list[int], jokers: int, caps: list[int], melds: bytes, fifth: bool,
                 rules: int) -> None:
        self.real, self.jokers, self.caps = real, jokers, caps
        self.melds, self.fifth, self.rules = melds, fifth, rules


def hu_type_wild(
    counts: object, wild: object, melds: object = b"", self_drawn: bool = False, fifth: bool = True,
    rules: int = CHINESE, limits: object = None,
) -> int:
    """The best ``HuType`` value over every placement of the jokers that wins under ``rules``, 0 if none.

    Every copy of a kind flagged in ``wild`` (34 flags) in ``counts`` is a
    joker that may stand for any kind that exists (``limits``: 34 values, the
    copies of each kind that exist, 0 for a kind the rules leave out; default
    4 each), itself included.  ``fifth=False`` forbids a kind from ending with
    more copies than its limit in hand and melds; with ``fifth=True`` a
    seven-pairs kind held 6 or 8 times holds one or two sets of four.  Best:
    the higher shape, then 字一色 > 清一色 > 混一色 > none.  A real (not wild)
    tile beyond its limit is a ``ValueError``; the jokers' own kind need not
    exist.  Other arguments and errors as in ``hu_type``.
    """
    c, m, whole = _read(counts, melds, wild)
    r = read_rules(rules)
    lim = _read_limits(limits)
    flags = bytes(wild)  # type: ignore[call-overload]
    real = [0 if flags[t] else n for t, n in enumerate(c)]
    jokers = sum(c) - sum(real)
    # The real tiles of the whole hand; a class whose kinds miss one cannot hold.
    present = [whole[t] - (c[t] - real[t]) for t in range(N_KINDS)]
    for t in range(N_KINDS):
        if present[t] > lim[t]:
            raise ValueError(f"tile {t} appears {present[t]} times in hand and melds; its limit is {lim[t]}")
    if not jokers:
        return hu_type(c, m, self_drawn, r)
    caps = [max(0, lim[t] - (whole[t] - c[t])) for t in range(N_KINDS)]
    held = _held_suits(present, r) | (any(present[FIRST_HONOR:]) << _HONOR_PART)
    classes = []
    for mod, parts in _classes(r):
        kinds = frozenset(t for g in range(N_SUITS + 1) if parts >> g & 1 for t in _PART_KINDS[g] if lim[t])
        if held & ~parts == 0 and kinds:
            classes.append((mod, kinds))
    w = _Wild(real, jokers, caps, m, bool(fifth), r)
    for shape, needs, fits in _WILD_SHAPES:
        if needs and not r & needs:
            continue
        for mod, kinds in classes:
            if needs == KNITTED and mod:
                continue  # the knitted shapes hold tiles of all three suits: no suit modifier
            if fits(w, kinds):
                return shape | mod | _fixed_modifiers(m, bool(self_drawn))
    return 0


def _orphans_fit(w: _Wild, kinds: frozenset[int]) -> bool:
    real = w.real
    if w.melds or any(real[t] for t in range(N_KINDS) if t not in _ORPHAN_SET):
        return False
    if any(real[t] > 2 for t in ORPHANS) or sum(real[t] == 2 for t in ORPHANS) > 1:
        return False
    return all(t in kinds for t in ORPHANS if not real[t])


def _bu_kao_fit(w: _Wild, kinds: frozenset[int], seven_stars: bool) -> bool:
    """全不靠 (七星不靠 with ``seven_stars``): real tiles all different within one knitted set plus
    honours, the jokers filling kinds of it still empty."""
    real = w.real
    if w.melds or max(real) > 1:
        return False
    for knit in _KNITTED_FROZEN:
        if any(real[t] for t in range(FIRST_HONOR) if t not in knit):
            continue
        if seven_stars:
            if any(not real[t] and t not in kinds for t in _HONORS):
                continue
            suited = sum(real[t] for t in knit)
            if suited <= 7 and sum(1 for t in knit if not real[t] and t in kinds) >= 7 - suited:
                return True
        elif sum(1 for t in knit.union(_HONORS) if not real[t] and t in kinds) >= w.jokers:
            return True
    return False


def _zu_he_long_fit(w: _Wild, kinds: frozenset[int]) -> bool:
    """A knitted straight (jokers filling its missing tiles) plus a standard form of the rest."""
    if len(w.melds) > 1:
        return False
    real, caps = w.real, w.caps
    for knit in KNITTED_SETS:
        missing = [t for t in knit if not real[t]]
        if len(missing) > w.jokers or any(t not in kinds or not w.fifth and caps[t] < 1 for t in missing):
            continue
        rest, rest_caps = list(real), list(caps)
        for t in knit:
            rest[t] -= rest[t] > 0
            rest_caps[t] = max(0, rest_caps[t] - 1)
        if _standard_fits(_Wild(rest, w.jokers - len(missing), rest_caps, w.melds, w.fifth, w.rules), kinds):
            return True
    return False


def _most_fours(w: _Wild, kinds: frozenset[int]) -> int:
    """The most sets of four over the seven-pairs placements, or -1 if there is none."""
    if w.melds:
        return -1
    jokers = w.jokers
    filled = list(w.real)
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
    if w.fifth:
        one_pair = sum(1 for t in kinds if filled[t] % 4 == 2)
    else:
        one_pair = sum(1 for t in kinds if filled[t] == 2)
        if 2 * sum(1 for t in kinds if filled[t] == 0) + one_pair < pairs:
            return -1
    quick = min(pairs, one_pair)
    return fours + quick + (pairs - quick) // 2


def _distinct_pairs_fit(w: _Wild, kinds: frozenset[int]) -> bool:
    """Seven pairs of seven different kinds: a joker beside each single, the rest new pairs."""
    if w.melds or max(w.real) > 2:
        return False
    singles = w.real.count(1)
    if any(n == 1 and t not in kinds for t, n in enumerate(w.real)) or singles > w.jokers:
        return False
    return (w.jokers - singles) // 2 <= sum(1 for t in kinds if not w.real[t])


def _pairs_fit(w: _Wild, kinds: frozenset[int]) -> bool:
    if w.rules & SEVEN_PAIRS:
        return _most_fours(w, kinds) >= 0
    return _distinct_pairs_fit(w, kinds)


def _pungs_fit(w: _Wild, kinds: frozenset[int]) -> bool:
    """Whether jokers on ``kinds`` can make the concealed part pungs and one pair."""
    if any(code >> 6 == CHOW for code in w.melds):
        return False
    big = MAX_HAND + 1
    real, caps, jokers, fifth = w.real, w.caps, w.jokers, w.fifth

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


def _standard_fits(w: _Wild, kinds: frozenset[int]) -> bool:
    """Whether jokers on ``kinds`` complete the standard form (n melds and a pair)."""
    real, caps = w.real, w.caps
    if not w.fifth:
        limits = bytes(caps[t] if t in kinds else real[t] for t in range(N_KINDS))
    elif any(0 < sum(1 for t in part if t in kinds) < len(part) for part in _PART_KINDS if part & kinds):
        # A part where jokers may stand for some kinds only (a kind left out by the rules):
        # the shanten budget would let them overflow onto the others, so search exactly.
        return _exact_standard(real, w.jokers, kinds)
    else:
        # With fifth=True jokers outside the class's kinds make whole pungs, chows or the
        # pair on their own, which could as well be pungs or the pair of a kind inside it.
        limits = bytes(caps)
    return _shanten.shanten_counts(bytes(real), _shanten.FORM_STANDARD, w.jokers, w.fifth, limits) == -1


def _exact_standard(real: list[int], jokers: int, kinds: frozenset[int]) -> bool:
    """n melds and a pair from ``real`` and ``jokers`` standing for kinds of ``kinds`` (any copies)."""
    melds = (sum(real) + jokers - 2) // 3
    reach = {(0, 0, 0)}
    for g, part in enumerate(_PART_KINDS):
        lo = g * SUIT_SIZE
        rows = _part_reach(tuple(real[lo:lo + len(part)]), tuple(t in kinds for t in sorted(part)),
                           g < N_SUITS, jokers)
        reach = {(k1 + k2, p1 + p2, j1 + j2) for k1, p1, j1 in reach for k2, p2, j2 in rows
                 if k1 + k2 <= melds and p1 + p2 <= 1 and j1 + j2 <= jokers}
    return (melds, 1, jokers) in reach


@lru_cache(maxsize=1 << 12)
def _part_reach(held: tuple[int, ...], open_: tuple[bool, ...], chows: bool,
                jokers: int) -> frozenset[tuple[int, int, int]]:
    """Every (melds, pairs, jokers used) that covers the tiles of one part exactly, jokers
    standing only for its ``open_`` kinds."""
    size = len(held)
    most = MAX_HAND // 3
    # state: (chows started at i-1, chows started at i-2, melds, pairs, jokers)
    states = {(0, 0, 0, 0, 0)}
    for i in range(size):
        nxt = set()
        starts = most if chows and i <= size - 3 else 0
        for a, b, k, p, j in states:
            for s in range(min(starts, most - k) + 1):
                for g in range(most - k - s + 1):
                    for q in range(2 - p):
                        copies = a + b + s + 3 * g + 2 * q
                        extra = copies - held[i]
                        if extra < 0 or extra and not open_[i] or j + extra > jokers:
                            continue
                        nxt.add((s, a, k + s + g, p + q, j + extra))
        states = nxt
    return frozenset((k, p, j) for a, b, k, p, j in states if a == b == 0)


_WILD_SHAPES = (
    (SHI_SAN_YAO, THIRTEEN_ORPHANS, _orphans_fit),
    (QI_XING_BU_KAO, KNITTED, lambda w, kinds: _bu_kao_fit(w, kinds, True)),
    (QUAN_BU_KAO, KNITTED, lambda w, kinds: _bu_kao_fit(w, kinds, False)),
    (ZU_HE_LONG, KNITTED, _zu_he_long_fit),
    (HAO_HUA_QI_DUI, SEVEN_PAIRS, lambda w, kinds: _most_fours(w, kinds) >= 2),
    (QI_DA_DUI, SEVEN_PAIRS, lambda w, kinds: _most_fours(w, kinds) >= 1),
    (QI_XIAO_DUI, SEVEN_PAIRS | SEVEN_PAIRS_DISTINCT, _pairs_fit),
    (DUI_DUI_HU, 0, _pungs_fit),
    (PING_HU, 0, _standard_fits),
)
"""Each shape by priority: (flag, the rule bits it needs (0: always), whether jokers on a class fit it)."""


def decompositions(
    counts: bytes, cls: type, pair_tiles: Sequence[object], chows: Sequence[object],
    pungs: Sequence[object], declared: tuple[object, ...], rules: int = CHINESE,
    knitted: Sequence[object] | None = None,
) -> list[Any]:
    """Every standard-form split of ``counts``, each ``tuple.__new__(cls, (pair_tiles[p], melds))``.

    ``melds`` is a tuple: ``chows[t]`` or ``pungs[t]`` for each meld found
    (chows first, each group in tile order) followed by the tuple ``declared``.
    Sorted by pair, then melds, as ``decompose.decompose_counts``.  ``counts``
    must be 34 counts of 0-4 (a hand already checked).

    Under ``rules`` (the bits of ``rule_flags``): no split when the concealed
    tiles and the ``LOCK`` bits hold more than ``3 - DROP`` suits; with
    ``KNITTED`` and ``knitted`` (``knitted[t]``: the third of a knitted
    straight starting at suited tile ``t``), a whole hand (``declared`` counting
    three tiles each) holding a knitted straight also gives, after the
    standard splits, each split of its other concealed tiles with the three
    thirds first, knitted sets in ``KNITTED_SETS`` order.
    """
    r = read_rules(rules)
    if r & DROP_MASK and not _suits_fit(_held_suits(counts, r), r):
        return []
    found = _splits(counts, cls, pair_tiles, chows, pungs, (), declared)
    if r & KNITTED and knitted is not None and sum(counts) + 3 * len(declared) == MAX_HAND:
        for k in straights_of(counts):
            rest = bytearray(counts)
            for t in KNITTED_SETS[k]:
                rest[t] -= 1
            lead = tuple(knitted[t] for t in KNITTED_SETS[k][::_KNIT])
            found += _splits(bytes(rest), cls, pair_tiles, chows, pungs, lead, declared)
    return found


def _splits(counts: bytes, cls: type, pair_tiles: Sequence[object], chows: Sequence[object],
            pungs: Sequence[object], lead: tuple[object, ...], declared: tuple[object, ...]) -> list[Any]:
    return [
        tuple.__new__(cls, (pair_tiles[pair], lead + tuple(
            [(chows if kind == "chow" else pungs)[t] for kind, t in split]) + declared))
        for pair, split in _decompose.decompose_counts(counts)
    ]
