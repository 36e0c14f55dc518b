"""The shanten / waits / wildcard kernels (compiled ``shanten``, pure ``shanten_py``).

Every test runs on both implementations (the pure one on smaller samples). Yardsticks:
the ``mahjong`` package (standard form), PyMahjongGB (seven pairs, thirteen orphans), the
40,000 majiang-core records (``tests/data/majiang-core``, carried by the repository), the
``support.oracles`` checkers for waits and wins, and brute force
over every substitution of the jokers for the wildcard functions.
"""
from __future__ import annotations

import functools
import gzip
import itertools
import json
import random

import pytest

from mahjong_fast._kernels import missing_py, shanten_py
from mahjong_fast._layout import N_KINDS, ORPHANS

from support.hands import (
    SUIT_OFFSETS,
    complete_hand,
    concealed_beside,
    counts_of,
    heavy_hand,
    joker_hand,
    melds_and_limits,
    mixed_hand,
    orphan_hand,
    quad_hand,
    random_hand,
)
from support.impls import data_dir, implementations, load_impl
from support.oracles import free_win, naive_win

GB_NAMES = (
    [f"W{i}" for i in range(1, 10)]
    + [f"B{i}" for i in range(1, 10)]
    + [f"T{i}" for i in range(1, 10)]
    + ["F1", "F2", "F3", "F4", "J3", "J2", "J1"]  # white is J3, red (index 33) is J1
)


@pytest.fixture
def sh(impl):
    return impl.shanten


def substitutions(jokers: int):
    return itertools.combinations_with_replacement(range(N_KINDS), jokers)


def substituted(c, subst) -> list[int]:
    h = list(c)
    for t in subst:
        h[t] += 1
    return h


# ---------------------------------------------------------------- the tables and the surface


def test_tables(impl, sh):
    sh.ensure_tables()
    assert sh.ensure_tables() == 0.0
    if impl.compiled:
        info = sh.table_info()
        assert info["bytes"] < 3_000_000
        assert info["suit_vectors"] == 405_350 and info["honor_vectors"] == 43_130
        assert max(info[k] for k in info if k.endswith(("capped", "uncapped"))) <= 256


def test_same_public_names():
    for impl in implementations():
        assert set(shanten_py.__all__) <= set(dir(impl.shanten)), impl.name
        if impl.compiled:
            assert {n for n in dir(impl.shanten) if not n.startswith("_")} == set(shanten_py.__all__)


# ---------------------------------------------------------------- shanten against the peers


def test_standard_matches_mahjong(impl, sh):
    from mahjong.shanten import Shanten

    rng = random.Random(1)
    calc = Shanten().calculate_shanten
    n = impl.sample(24_000, 1_500)
    for i in range(n):
        tiles = (13, 14)[i % 2] if i < n // 2 else rng.choice((1, 2, 4, 5, 7, 8, 10, 11))
        c = mixed_hand(rng, tiles)
        want = calc(c, use_chiitoitsu=False, use_kokushi=False)
        assert sh.shanten_counts(bytes(c), 1) == want, c


def test_seven_pairs_and_orphans_match_gb(impl, sh):
    gb = pytest.importorskip("MahjongGB")
    rng = random.Random(2)
    for i in range(impl.sample(21_000, 1_200)):
        gen = (random_hand, heavy_hand, orphan_hand)[i % 3]
        c = gen(rng, 13)
        hand = tuple(GB_NAMES[t] for t in range(N_KINDS) for _ in range(c[t]))
        b = bytes(c)
        assert sh.shanten_counts(b, 2) == gb.SevenPairsShanten(hand=hand)[0], c
        assert sh.shanten_counts(b, 3) == gb.ThirteenOrphansShanten(hand=hand)[0], c


def majiang_records():
    data = data_dir("majiang-core")
    records = []
    for k in (1, 2, 3, 4):
        for rec in json.loads(gzip.decompress((data / f"xiangting_{k}.json.gz").read_bytes())):
            c = [0] * N_KINDS
            for tile in rec["q"]:
                c[SUIT_OFFSETS[tile[0]] + (int(tile[1]) or 5) - 1] += 1
            records.append((c, rec["x"]))
    return records


def test_majiang_core_records(impl, sh):
    records = majiang_records()
    assert len(records) == 40_000
    step = impl.sample(1, 20)
    for c, (standard, orphans, pairs) in records[::step]:
        b = bytes(c)
        assert sh.shanten_counts(b, 1) == standard, c
        assert sh.shanten_counts(b, 3) == orphans, c
        ours = sh.shanten_counts(b, 2)
        if max(c) >= 3:
            # riichi wants seven distinct pairs; ours counts a four as two pairs, so a
            # triplet is a pair and a single that its fourth copy pairs
            assert ours <= pairs, c
        else:
            assert ours == pairs, c
        best = sh.shanten_counts(b, 0)
        assert best == min(ours, standard, orphans), c
        assert (best == -1) == naive_win(c), c


def test_capped_distance_is_what_mahjong_counts(sh):
    """A target never holds a fifth copy: ``1111m234p567s999p`` is 1-shanten, not ready."""
    from mahjong.shanten import Shanten

    c = counts_of("1111m234p567s999p")
    assert Shanten().calculate_shanten(list(c), use_chiitoitsu=False, use_kokushi=False) == 1
    assert sh.shanten_counts(c, 1) == 1
    assert sh.waits_counts(c) == []
    # were 1m drawable a fifth time, it would be ready (tanki on 1m)
    assert missing_py.min_missing(c, [5] * N_KINDS, 13, 1, 0) - 1 == 0
    # a joker may be that fifth copy when fifth=True, never when fifth=False
    assert sh.is_win_wild(c, 1, True)
    assert not sh.is_win_wild(c, 1, False)
    one_less = counts_of("1111m234p567s99p")
    assert sh.waits_counts(one_less, 1, True) == [1, 2, 17]  # 9p: joker as a fifth 1m
    assert sh.waits_counts(one_less, 1, False) == [1, 2]


# ---------------------------------------------------------------- waits


def test_known_waits(sh):
    assert sh.waits_counts(counts_of("1111m234p567s999p")) == []
    assert sh.waits_counts(counts_of("1112345678999m")) == list(range(9))
    assert sh.waits_counts(counts_of("19m19p19s1234567z")) == list(ORPHANS)
    assert sh.waits_counts(counts_of("19m19p19s1234566z")) == [33]
    assert sh.waits_counts(counts_of("1122334455667z")) == [33]
    assert sh.waits_counts(counts_of("1111m33p55p11z22z3z")) == [29]  # a four is two pairs
    assert sh.waits_counts(counts_of("1m")) == [0]
    with pytest.raises(ValueError, match=r"counts\[0\] = 4 is above limits\[0\] = 1"):
        sh.waits_counts(counts_of("1111m"), limits=bytes([1] + [4] * 33))  # no hand the limits allow
    # every 2m is in declared melds: 1m-3m no longer waits on 2m, and is not ready
    limits = bytearray(b"\x04" * N_KINDS)
    assert sh.waits_counts(counts_of("13m55p"), limits=bytes(limits)) == [1]
    limits[1] = 0
    assert sh.waits_counts(counts_of("13m55p"), limits=bytes(limits)) == []
    assert sh.shanten_counts(counts_of("13m55p"), 1, limits=bytes(limits)) == 1


def test_waits_match_brute_force(impl, sh):
    rng = random.Random(3)
    for _ in range(impl.sample(20_000, 2_000)):
        c = mixed_hand(rng, 13)
        want = [t for t in range(N_KINDS) if c[t] < 4 and naive_win(substituted(c, (t,)))]
        assert sh.waits_counts(bytes(c)) == want, c
        assert (sh.shanten_counts(bytes(c), 0) == 0) == bool(want), c


def test_waits_beside_declared_melds(impl, sh):
    rng = random.Random(4)
    for i in range(impl.sample(8_000, 300)):
        declared = 1 + i % 4
        used, limits = melds_and_limits(rng, declared)
        c = concealed_beside(rng, used, 13 - 3 * declared, near=i % 2 == 0)
        want = [t for t in range(N_KINDS) if c[t] < limits[t] and naive_win(substituted(c, (t,)))]
        assert sh.waits_counts(bytes(c), limits=limits) == want, (c, used)
        got = sh.shanten_counts(bytes(c), 1, limits=limits)
        assert got >= 0 and (got == 0) == bool(want), (c, used)


# ---------------------------------------------------------------- wins


def test_complete_iff_win(impl, sh):
    rng = random.Random(5)
    for i in range(impl.sample(12_000, 1_200)):
        tiles = (14, 11, 8, 5, 2)[i % 5]
        if i % 3 == 0:
            c = complete_hand(rng, tiles // 3)
        elif i % 3 == 1 and tiles == 14:
            c = [0] * N_KINDS
            for t in rng.sample(range(N_KINDS), 6):
                c[t] += 2
            c[rng.randrange(N_KINDS)] += 2
            if max(c) > 4:
                continue
        else:
            c = mixed_hand(rng, tiles)
        win = naive_win(c)
        assert (sh.shanten_counts(bytes(c), 0) == -1) == win, c
        assert sh.is_win_wild(bytes(c), 0) == win, c


def test_shanten_with_limits_never_below_plain(impl, sh):
    rng = random.Random(6)
    for i in range(impl.sample(6_000, 600)):
        declared = 1 + i % 4
        used, limits = melds_and_limits(rng, declared)
        c = bytes(concealed_beside(rng, used, 14 - 3 * declared - i % 2, near=i % 3 == 0))
        with_limits = sh.shanten_counts(c, 1, limits=limits)
        assert with_limits >= sh.shanten_counts(c, 1), (list(c), used)
        if sum(c) % 3 == 2:
            assert (with_limits == -1) == naive_win(c)


# ---------------------------------------------------------------- wildcards


def brute_wins(c, jokers: int, limits: bytes, plain) -> tuple[bool, bool]:
    """(wins with fifth=True, wins with fifth=False) over every substitution of the jokers."""
    free = capped = False
    h = bytearray(c)
    for subst in substitutions(jokers):
        for t in subst:
            h[t] += 1
        if max(h) > 4:
            free = free or free_win(h)
        elif plain(bytes(h)):
            free = True
            capped = capped or all(h[t] <= limits[t] for t in subst)
        for t in subst:
            h[t] -= 1
        if free and capped:
            break
    return free, capped


@pytest.fixture(scope="module")
def plain():
    """The plain (no joker) kernels for brute force: the fastest this run tests (their
    no-joker paths are held against the oracles and ``mahjong`` above)."""
    return implementations()[0].shanten


def test_is_win_wild_matches_brute_force(impl, sh, plain):
    rng = random.Random(7)
    plain_win = functools.partial(plain.is_win_wild, jokers=0)
    for i in range(impl.sample(5_000, 300)):
        jokers = (1, 1, 2, 2, 1, 1, 2, 2, 1, 3)[i % 10] if impl.compiled else 1 + i % 2
        total = (14, 11, 8, 5)[i % 4] if jokers < 3 else 14
        c = joker_hand(rng, jokers, total)
        if i % 4 == 3:
            _, limits = melds_and_limits(rng, (14 - total) // 3 or 1)
            limits = bytes(max(a, b) for a, b in zip(limits, c))
        else:
            limits = b"\x04" * N_KINDS
        wants = brute_wins(c, jokers, limits, plain_win)
        for fifth, want in zip((True, False), wants):
            assert sh.is_win_wild(bytes(c), jokers, fifth, limits) == want, (c, jokers, fifth)
            assert (sh.shanten_counts(bytes(c), 0, jokers, fifth, limits) == -1) == want, c


def test_waits_with_jokers_and_wild_kinds(impl, sh):
    rng = random.Random(8)
    wild = bytes(1 if t == 33 else 0 for t in range(N_KINDS))  # red dragon is wild
    for i in range(impl.sample(5_000, 150)):
        jokers = 1 + i % 3
        total = (13, 13, 10, 7)[i % 4]
        c = joker_hand(rng, jokers, total)
        c[33] = 0
        if sum(c) + jokers != total:
            continue
        limits = b"\x04" * N_KINDS if i % 3 else bytes(max(4 - (i % 2), v) for v in c)
        fifth = i % 2 == 0
        mask = wild if i % 2 else b""
        b = bytes(c)
        want = []
        for t in range(N_KINDS):
            if c[t] >= limits[t]:
                continue
            if mask and mask[t]:
                if sh.is_win_wild(b, jokers + 1, fifth, limits):
                    want.append(t)
            elif sh.is_win_wild(bytes(substituted(c, (t,))), jokers, fifth, limits):
                want.append(t)
        assert sh.waits_counts(b, jokers, fifth, limits, mask) == want, (c, jokers, fifth)


def test_waits_with_jokers_brute_force(impl, sh, plain):
    rng = random.Random(9)
    plain_win = functools.partial(plain.is_win_wild, jokers=0)
    limits = b"\x04" * N_KINDS
    for i in range(impl.sample(150, 20)):
        jokers = 1 + i % 2
        c = joker_hand(rng, jokers, 13)
        wants = {t: brute_wins(substituted(c, (t,)), jokers, limits, plain_win)
                 for t in range(N_KINDS) if c[t] < 4}
        for k, fifth in enumerate((True, False)):
            want = [t for t, w in wants.items() if w[k]]
            assert sh.waits_counts(bytes(c), jokers, fifth) == want, (c, jokers, fifth)


def plain_shanten(plain, h, form: int, total: int, limits: bytes) -> int:
    caps = [max(a, b) for a, b in zip(h, limits)]
    if max(h) <= 4 and bytes(caps) == limits:
        return plain.shanten_counts(bytes(h), form, 0, True, limits)
    # jokers kept as copies beyond the limits: the target may keep what is held
    return min(shanten_py.UNREACHABLE, missing_py.min_missing(h, caps, total, form, 0) - 1)


def best_substitutions(plain, c, jokers: int, forms, total: int, limits: bytes):
    """Least plain shanten per form over every substitution of the jokers, for fifth=True and
    for fifth=False (substitutions within the limits)."""
    free = dict.fromkeys(forms, shanten_py.UNREACHABLE)
    capped = dict(free)
    for subst in substitutions(jokers):
        h = substituted(c, subst)
        legal = all(h[t] <= limits[t] for t in subst)
        for form in forms:
            value = plain_shanten(plain, h, form, total, limits)
            free[form] = min(free[form], value)
            if legal:
                capped[form] = min(capped[form], value)
    return free, capped


def test_fifth_copies_match_brute_force(impl, sh, plain):
    rng = random.Random(13)
    plain_win = functools.partial(plain.is_win_wild, jokers=0)
    differ = 0
    n = impl.sample(300, 30)
    for i in range(n):
        jokers = 1 + (i % 3 == 2)
        total = (13, 14, 10, 11, 7, 8)[i % 6]
        c = quad_hand(rng, total - jokers)
        if i % 4 == 3:
            _, limits = melds_and_limits(rng, 1)
            limits = bytes(max(a, b) for a, b in zip(limits, c))
        else:
            limits = b"\x04" * N_KINDS
        forms = (0, 1, 2, 3) if total >= 13 else (0, 1)
        wants = best_substitutions(plain, c, jokers, forms, total, limits)
        for fifth, want in zip((True, False), wants):
            for form in forms:
                got = sh.shanten_counts(bytes(c), form, jokers, fifth, limits)
                assert got == want[form], (c, jokers, fifth, form, list(limits))
        if total % 3 == 2:
            wins = brute_wins(c, jokers, limits, plain_win)
            assert sh.is_win_wild(bytes(c), jokers, True, limits) == wins[0], c
            assert sh.is_win_wild(bytes(c), jokers, False, limits) == wins[1], c
        differ += wants[0][1] != wants[1][1]
    assert differ >= n // 10  # the sample does reach the fifth-copy cases


def exchanged(c, draw: int, discard: int) -> bytes:
    h = list(c)
    h[draw] += 1
    h[discard] -= 1
    return bytes(h)


def test_one_exchange_from_ready(impl, sh, plain):
    """Shanten 1 iff not ready and one legal draw and discard make it ready (the waits are
    held against brute force above, so this checks shanten under limits independently)."""
    rng = random.Random(14)
    for i in range(impl.sample(1_500, 100)):
        declared = i % 4
        if declared:
            used, limits = melds_and_limits(rng, declared)
        else:
            used, limits = [0] * N_KINDS, b"\x04" * N_KINDS
        c = concealed_beside(rng, used, 13 - 3 * declared, near=i % 2 == 0)
        if i % 3 == 0:  # move one tile
            t = rng.choice([t for t in range(N_KINDS) if c[t]])
            u = rng.randrange(N_KINDS)
            if u != t and c[u] < limits[u]:
                c[t] -= 1
                c[u] += 1
        ready = bool(plain.waits_counts(bytes(c), limits=limits))
        one_away = not ready and any(
            plain.waits_counts(exchanged(c, t, d), limits=limits)
            for t in range(N_KINDS)
            if c[t] < limits[t]
            for d in range(N_KINDS)
            if d != t and c[d]
        )
        got = sh.shanten_counts(bytes(c), 0 if not declared else 1, limits=limits)
        assert (got == 0) == ready and (got == 1) == one_away, (c, used)


def test_shanten_with_jokers_is_best_substitution(impl, sh, plain):
    rng = random.Random(10)
    for i in range(impl.sample(400, 30)):
        jokers = 1 + (i % 5 == 4) if impl.compiled else 1
        total = (13, 14, 10, 11, 7, 4)[i % 6]
        c = joker_hand(rng, jokers, total)
        if sum(c) + jokers != total:
            continue
        forms = (0, 1, 2, 3) if total >= 13 else (0, 1)
        if i % 3 == 2:
            _, limits = melds_and_limits(rng, max(1, (14 - total) // 3))
            limits = bytes(max(a, b) for a, b in zip(limits, c))
        else:
            limits = b"\x04" * N_KINDS
        wants = best_substitutions(plain, c, jokers, forms, total, limits)
        for fifth, want in zip((True, False), wants):
            for form in forms:
                got = sh.shanten_counts(bytes(c), form, jokers, fifth, limits)
                assert got == want[form], (c, jokers, fifth, form, list(limits))


def test_implementations_agree():
    if len(implementations()) < 2:
        pytest.skip("pure-Python run: one implementation")
    compiled = load_impl("c-extension").shanten
    rng = random.Random(11)
    wild = bytes(1 if t in (31, 33) else 0 for t in range(N_KINDS))
    for i in range(300):
        jokers = (0, 0, 1, 2, 3)[i % 5]
        total = rng.choice((1, 2, 4, 5, 7, 8, 10, 11, 13, 14))
        if jokers > total:
            jokers = 0
        c = bytes(mixed_hand(rng, total - jokers))
        limits = None if i % 3 else bytes(max(v, 4 - rng.choice((0, 0, 1, 3, 4))) for v in c)
        fifth = i % 2 == 0
        for form in (0, 1, 2, 3) if total >= 13 else (0, 1):
            args = (c, form, jokers, fifth, limits)
            assert compiled.shanten_counts(*args) == shanten_py.shanten_counts(*args), args
        if total % 3 == 2:
            args = (c, jokers, fifth, limits)
            assert compiled.is_win_wild(*args) == shanten_py.is_win_wild(*args), args
        else:
            args = (c, jokers, fifth, limits, wild if i % 4 == 1 else b"")
            assert compiled.waits_counts(*args) == shanten_py.waits_counts(*args), args


def test_limits_beside_melds_match_the_pure_programme():
    """Limits below 4 without jokers: the compiled kernel first tries the plain answer
    (``_shanten_limited``: room in the limits, limited kinds away from the held tiles, a ready
    hand's waits with a copy left), else runs its programme; both against the pure twin's
    programme, on hands beside declared melds (near them or not, ready or not, pungs and kongs
    of the tiles held), and on limits not made by melds (zeros, one short)."""
    if len(implementations()) < 2:
        pytest.skip("pure-Python run: one implementation")
    compiled = load_impl("c-extension").shanten
    rng = random.Random(27)
    for i in range(3000):
        if i % 5 == 4:
            total = rng.choice((1, 2, 4, 5, 7, 8, 10, 11, 13, 14))
            c = bytes(mixed_hand(rng, total))
            limits = bytes(max(v, rng.choice((0, 1, 2, 3, 4, 4, 4))) for v in c)
        else:
            declared = 1 + i % 4
            used, limits = melds_and_limits(rng, declared)
            c = bytes(concealed_beside(rng, used, 14 - 3 * declared - (i // 4) % 2, near=i % 3 != 1))
        forms = (0, 1, 2, 3) if sum(c) >= 13 else (0, 1)
        for form in forms:
            args = (c, form, 0, True, limits)
            assert compiled.shanten_counts(*args) == shanten_py.shanten_counts(*args), (list(c), list(limits), form)


def _plain_or_error(call, *args):
    try:
        return call(*args)
    except ValueError as e:
        return "ValueError", str(e)


def test_plain_path_matches_general(impl, sh):
    """No jokers, no limits, no wild kinds: the compiled kernel's word-at-a-time path answers as the
    general path does (the same hand with explicit limits of 4), bad counts and totals included."""
    rng = random.Random(25)
    four = b"\x04" * N_KINDS
    makers = (mixed_hand, heavy_hand, orphan_hand, random_hand)
    for i in range(impl.sample(30_000, 300)):
        total = rng.choice((1, 2, 4, 5, 7, 8, 10, 11, 13, 13, 13, 14, 14, 14))
        c = list(makers[i % len(makers)](rng, total))
        if i % 7 == 0:  # six pairs and a single, or the orphans
            c = [0] * N_KINDS
            for t in rng.sample(ORPHANS if i % 2 else range(N_KINDS), 7):
                c[t] = rng.choice((1, 2, 2, 3, 4))
        if i % 13 == 5:  # thirteen orphans: every one, or twelve and a pair, or ready but for a tile
            kinds = rng.sample(ORPHANS, rng.choice((12, 13)))
            c = [0] * N_KINDS
            for t in kinds + rng.sample(kinds, 13 - len(kinds)):
                c[t] += 1
            if i % 3 == 0:
                c[rng.choice(kinds)] -= 1
                c[rng.randrange(N_KINDS)] += 1
        if i % 11 == 0:  # a bad count, or a total out of range
            c[rng.randrange(N_KINDS)] = rng.choice((0, 3, 4, 5, 6, 9, 128, 133, 255))
        c = bytes(c)
        for form in (0, 1, 2, 3):
            assert (_plain_or_error(sh.shanten_counts, c, form) ==
                    _plain_or_error(sh.shanten_counts, c, form, 0, True, four)), (list(c), form)
        assert (_plain_or_error(sh.waits_counts, c) ==
                _plain_or_error(sh.waits_counts, c, 0, True, four, bytes(N_KINDS))), list(c)


# ---------------------------------------------------------------- bad input


@pytest.mark.parametrize("length", [0, 33, 35, 136])
def test_wrong_length_names_it(sh, length):
    bad = bytes(length)
    with pytest.raises(ValueError, match=f"34 values, got {length}"):
        sh.shanten_counts(bad)
    with pytest.raises(ValueError, match=f"34 values, got {length}"):
        sh.waits_counts(bad)
    with pytest.raises(ValueError, match=f"34 values, got {length}"):
        sh.is_win_wild(bad, 1)
    good = counts_of("123m456p789s1z")
    with pytest.raises(ValueError, match=f"limits must hold 34 values, got {length}"):
        sh.shanten_counts(good, 0, 0, True, bad)
    if length:
        with pytest.raises(ValueError, match=f"wild must hold 34 values, got {length}"):
            sh.waits_counts(good, 0, True, None, bad)


@pytest.mark.parametrize("form", [-1, 4, 99])
def test_form_out_of_range(sh, form):
    with pytest.raises(ValueError, match="form"):
        sh.shanten_counts(counts_of("123m456p789s1122z"), form)


def test_bad_input(sh):
    hand = counts_of("123m456p789s11122z")  # 14 tiles
    with pytest.raises(ValueError, match="form 2 needs a hand of 13 or 14 tiles, got 10"):
        sh.shanten_counts(counts_of("123m456p789s1z"), 2)
    with pytest.raises(ValueError, match="form 3"):
        sh.shanten_counts(counts_of("1z"), 3)
    with pytest.raises(ValueError, match=r"counts\[0\] = 5 is not a tile count"):
        sh.shanten_counts(bytes([5] + [0] * 33))
    with pytest.raises(ValueError, match="got 12"):
        sh.shanten_counts(counts_of("123m456p789s123z"))
    with pytest.raises(ValueError, match="got 0"):
        sh.shanten_counts(bytes(N_KINDS))
    with pytest.raises(ValueError, match="got 15"):
        sh.shanten_counts(hand, 0, 1)
    with pytest.raises(ValueError, match="3n\\+1 tiles"):
        sh.waits_counts(hand)
    with pytest.raises(ValueError, match="jokers"):
        sh.shanten_counts(counts_of("1m"), 0, -1)
    with pytest.raises(ValueError, match=r"limits\[3\] = 7 is not a tile count"):
        sh.shanten_counts(counts_of("1m"), 0, 0, True, bytes([4, 4, 4, 7] + [4] * 30))
    assert sh.is_win_wild(counts_of("123m"), 1) is False  # 4 tiles: not a win, no error
    assert sh.is_win_wild(counts_of("123m"), 2) is True
    assert sh.shanten_counts(list(counts_of("1m")), 0) == 0  # any 34-value sequence
    assert sh.shanten_counts(bytearray(counts_of("19m")), 0) == 0
    assert sh.waits_counts(counts_of("1m"), 0, True, None, None) == [0]


def test_no_crash_on_garbage(impl, sh):
    rng = random.Random(12)
    for _ in range(impl.sample(20_000, 2_000)):
        data = bytes(rng.choice((0, 1, 2, 3, 4, 4, 5, 255)) for _ in range(N_KINDS))
        limits = bytes(rng.randrange(6) for _ in range(N_KINDS)) if rng.random() < 0.3 else None
        jokers = rng.choice((0, 0, 1, 3, 14, 15, -3))
        for call, args in (
            (sh.shanten_counts, (data, rng.randrange(-1, 5), jokers, True, limits)),
            (sh.waits_counts, (data, jokers, False, limits, data)),
            (sh.is_win_wild, (data, jokers, True, limits)),
        ):
            try:
                call(*args)
            except ValueError:
                pass


def test_inputs_untouched(sh):
    counts = bytearray(counts_of("1112345678999m"))
    limits = bytearray(b"\x04" * N_KINDS)
    sh.waits_counts(counts, 0, True, limits)
    sh.shanten_counts(counts, 0, 1, True, limits)
    sh.is_win_wild(counts, 1, False, limits)
    assert counts == counts_of("1112345678999m") and limits == b"\x04" * N_KINDS


def _seven_pairs_dp(counts, caps, distinct):
    """Seven pairs by a dynamic programme over the kinds (pairs placed so far -> least cost)."""
    best = {0: 0}
    for held, cap in zip(counts, caps):
        most = 0 if cap < 2 else 1 if distinct else cap // 2
        nxt: dict[int, int] = {}
        for pairs, cost in best.items():
            for r in range(min(most, 7 - pairs) + 1):
                value = cost + max(0, 2 * r - held)
                nxt[pairs + r] = min(nxt.get(pairs + r, value), value)
        best = nxt
    return best.get(7, shanten_py.UNREACHABLE)


def test_seven_pairs_within_the_caps_is_the_dynamic_programme():
    """The pure kernel's closed form for seven pairs without jokers (the 7 cheapest pairs) against
    a dynamic programme, with caps 0-4 and absent kinds, four as two pairs and distinct pairs."""
    rng = random.Random(57)
    for _ in range(5000):
        caps = [4] * N_KINDS if rng.random() < 0.5 else [rng.choice((4, 4, 3, 2, 1, 0, shanten_py.ABSENT))
                                                         for _ in range(N_KINDS)]
        counts = [rng.randint(0, cap) if cap > 0 and rng.random() < 0.4 else 0 for cap in caps]
        for distinct in (False, True):
            assert missing_py.seven_pairs_missing(counts, caps, 0, distinct) == _seven_pairs_dp(counts, caps, distinct)
