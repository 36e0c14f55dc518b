"""``rules=`` through the public API: peers, fast == general, batch == single, errors.

Runs on the implementation ``mahjong_fast`` dispatched to (CI runs it again with
``MAHJONG_FAST_NO_EXTENSIONS=1``); the 100,000-hand comparisons of the rule-set
kernels themselves live with the kernels.  Here every preset goes through every
entry point and input form: ``riichi`` against ``mahjong`` (Agari, Shanten) and
riichienv (waits), ``riichi3`` against xiangting's three-player mode, ``gb``
against PyMahjongGB, ``sichuan`` on cases worked by hand and on its definition
(at most two suits, melds included).
"""
from __future__ import annotations

import dataclasses
import random

import pytest

import mahjong_fast as mf
from mahjong_fast import _api, _dispatch
from mahjong_fast._kernels import rule_flags
from mahjong_fast._layout import FIRST_HONOR, N_KINDS, SUIT_SIZE

from support.hands import complete_hand, heavy_hand, mixed_hand, tile_counts, tiles_of
from support.oracles import naive_win

COMPILED = mf.implementation == "compiled"
PRESETS = tuple(mf.RULES)
FUNCTIONS = ("is_win", "shanten", "waits")
GENERAL = _api.GENERAL
GB_NAMES = tuple(
    [f"W{r}" for r in range(1, 10)] + [f"B{r}" for r in range(1, 10)] + [f"T{r}" for r in range(1, 10)]
    + ["F1", "F2", "F3", "F4", "J3", "J2", "J1"]
)
KNITTED_ORDERS = ((0, 1, 2), (0, 2, 1), (1, 0, 2), (1, 2, 0), (2, 0, 1), (2, 1, 0))
HONOURS = tuple(range(FIRST_HONOR, N_KINDS))


def sample(compiled: int, pure: int) -> int:
    return compiled if COMPILED else pure


def outcome(fn, args, kwargs):
    try:
        return ("ok", fn(*args, **kwargs))
    except (ValueError, TypeError) as exc:
        return (type(exc).__name__, str(exc))


# ---------------------------------------------------------------- hands under each rule set


def exists(rules: mf.Rules, counts) -> bool:
    return all(not c or rules.limits[t] for t, c in enumerate(counts))


def knitted_tiles(rng: random.Random) -> list[int]:
    """The nine tiles of a knitted straight: 147, 258, 369 over the three suits in some order."""
    order = rng.choice(KNITTED_ORDERS)
    return [SUIT_SIZE * suit + start + 3 * k for start, suit in enumerate(order) for k in range(3)]


def knitted_hand(rng: random.Random, n: int) -> list[int]:
    """Near 全不靠 / 七星不靠 (distinct knitted tiles and honours) or 组合龙 (a knitted straight,
    a meld and a pair), a few tiles changed."""
    straight = knitted_tiles(rng)
    if rng.random() < 0.5:
        tiles = rng.sample(straight + list(HONOURS), 14)
    else:
        rest = complete_hand(rng, 1)
        tiles = straight + tiles_of(rest)
    c = tile_counts(tiles)
    for _ in range(rng.choice((0, 0, 1, 2))):
        t = rng.choice([t for t in range(N_KINDS) if c[t]])
        u = rng.randrange(N_KINDS)
        if c[u] < 4:
            c[t] -= 1
            c[u] += 1
    while sum(c) > n:
        c[rng.choice([t for t in range(N_KINDS) if c[t]])] -= 1
    return c


def four_hand(rng: random.Random, n: int) -> list[int]:
    """One to three tiles held four times, the rest from the wall: seven pairs of four identical
    tiles, and draws the four-copy limit forbids."""
    c = [0] * N_KINDS
    for t in rng.sample(range(N_KINDS), min(n // 4, rng.randint(1, 3))):
        c[t] = 4
    wall = [t for t in range(N_KINDS) for _ in range(4 - c[t])]
    for t in rng.sample(wall, n - sum(c)):
        c[t] += 1
    return c


def two_suit_hand(rng: random.Random, n: int) -> list[int]:
    """Tiles of at most two suits (sometimes a third creeps in): where Sichuan hands live."""
    suits = rng.sample(range(3), 2)
    pool = [SUIT_SIZE * s + r for s in suits for r in range(SUIT_SIZE)]
    if rng.random() < 0.5:
        c = heavy_hand(rng, n, pool)
    else:
        c = [0] * N_KINDS
        while sum(c) < n:
            t = rng.choice(pool)
            if c[t] < 4:
                c[t] += 1
    if rng.random() < 0.15:
        t = rng.choice([t for t in range(N_KINDS) if c[t]])
        c[t] -= 1
        c[rng.randrange(FIRST_HONOR)] += 1 if max(c) < 4 else 0
        while sum(c) < n:
            c[t] += 1
    return c


def rule_hand(rng: random.Random, rules: mf.Rules, n: int) -> list[int]:
    """``n`` tiles that exist under ``rules`` (four copies at most), biased toward wins."""
    for _ in range(200):
        gen = rng.random()
        if rules.knitted and gen < 0.4:
            c = knitted_hand(rng, n)
        elif rules.max_suits < 3 and gen < 0.6:
            c = two_suit_hand(rng, n)
        elif gen < 0.75:
            c = four_hand(rng, n) if rng.random() < 0.3 else mixed_hand(rng, n)
        else:
            wall = [t for t in range(N_KINDS) for _ in range(rules.limits[t])]
            c = tile_counts(rng.sample(wall, n))
        if sum(c) == n and max(c) <= 4 and exists(rules, c):
            return c
    raise AssertionError("no hand drawn")


# ---------------------------------------------------------------- peers


def ids136(counts):
    return [4 * t + k for t in range(N_KINDS) for k in range(counts[t])]


def test_riichi_is_win_matches_mahjong_agari():
    from mahjong.agari import Agari

    agari = Agari()
    rng = random.Random(1)
    riichi = mf.RULES["riichi"]
    wins = 0
    for _ in range(sample(6000, 600)):
        c = rule_hand(rng, riichi, 14)
        want = bool(agari.is_agari(c))
        assert mf.is_win(tiles_of(c), rules="riichi") is want, c
        assert mf.is_win(bytes(c), encoding="counts", rules=riichi) is want, c
        wins += want
    assert wins > sample(600, 60)


def test_riichi_shanten_and_waits_match_mahjong_and_riichienv():
    from mahjong.shanten import Shanten
    from riichienv import HandEvaluator

    calc = Shanten().calculate_shanten
    rng = random.Random(2)
    ready = 0
    for _ in range(sample(4000, 300)):
        c = rule_hand(rng, mf.RULES["riichi"], 13)
        tiles = tiles_of(c)
        shanten = mf.shanten(tiles, rules="riichi")
        assert shanten == calc(c), c
        waits = mf.waits(tiles, rules="riichi")
        assert waits == sorted(HandEvaluator(ids136(c)).get_waits()), c
        ready += bool(waits)
    assert ready > sample(200, 15)


def test_riichi3_shanten_matches_xiangting_three_player():
    import xiangting

    three = xiangting.PlayerCount.THREE
    rng = random.Random(3)
    for _ in range(sample(4000, 300)):
        n = rng.choice((13, 14))
        c = rule_hand(rng, mf.RULES["riichi3"], n)
        want = xiangting.calculate_replacement_number(c, three) - 1
        assert mf.shanten(tiles_of(c), rules="riichi3") == want, c


def gb_useful(hand: tuple[str, ...]) -> tuple[int, set[int]]:
    """PyMahjongGB's shanten of a concealed hand and the useful tiles of the forms reaching it."""
    import MahjongGB as gb

    forms = [gb.RegularShanten, gb.SevenPairsShanten, gb.ThirteenOrphansShanten,
             gb.HonorsAndKnittedTilesShanten, gb.KnittedStraightShanten]
    found = [f(hand=hand) for f in forms] if len(hand) == 13 else [gb.RegularShanten(hand=hand)]
    best = min(s for s, _ in found)
    return best, {GB_NAMES.index(t) for s, useful in found if s == best for t in useful}


def test_gb_shanten_and_waits_match_pymahjonggb():
    from MahjongGB import MahjongShanten

    rng = random.Random(4)
    knitted_ready = 0
    for _ in range(sample(4000, 300)):
        c = rule_hand(rng, mf.RULES["gb"], 13)
        if max(c) == 4:  # PyMahjongGB counts a fifth copy as drawable; we never do
            continue
        hand = tuple(GB_NAMES[t] for t in tiles_of(c))
        tiles = tiles_of(c)
        ours = mf.shanten(tiles, rules="gb")
        assert ours == MahjongShanten((), hand), c
        best, useful = gb_useful(hand)
        assert ours == best
        if ours == 0:
            waits = mf.waits(tiles, rules="gb")
            assert waits == sorted(t for t in useful if c[t] < 4), c
            knitted_ready += mf.shanten(tiles, rules="gb", form="standard") > 0
    assert knitted_ready > sample(40, 2)  # the knitted forms made some of these ready


@pytest.mark.parametrize(
    "text, melds, want",
    [
        ("147m258p369s1234z", (), {"knitted": 0}),  # 13 tiles of 全不靠: ready
        ("147m258p369s12345z", (), {"knitted": -1}),  # 全不靠
        ("14m258p36s1234567z", (), {"knitted": -1}),  # 七星不靠
        ("14m258p36s1234577z", (), {"knitted": 0}),
        ("147m258p369s123m11z", (), {"knitted_straight": -1}),  # 组合龙
        ("147m258p369s11z", ("[555z]",), {"knitted_straight": -1}),
        ("147m258p369s1z", ("[789m]",), {"knitted_straight": 0}),
    ],
)
def test_knitted_forms_directly(text, melds, want):
    hand = mf.Hand(text, melds)
    n = len(hand.tiles)
    for form, value in want.items():
        if n % 3 == 2 and value == -1:
            assert mf.is_win(text, melds=melds, rules="gb") is True
            assert mf.is_win(text, melds=melds) is False
        if n % 3:
            assert mf.shanten(text, melds=melds, rules="gb", form=form) == value
            assert mf.shanten(text, melds=melds, rules="gb") <= value
        with pytest.raises(ValueError, match=f"form '{form}' does not win under rules 'chinese'"):
            mf.shanten(text, melds=melds, form=form)


def test_gb_knitted_straight_beside_melds_matches_pymahjonggb():
    from MahjongGB import MahjongShanten

    rng = random.Random(5)
    kinds = {"chow": "CHI", "pung": "PENG", "kong": "GANG"}
    checked = 0
    for _ in range(sample(1500, 150)):
        straight = knitted_tiles(rng)
        kind = rng.choice(("chow", "pung", "kong"))
        t = rng.randrange(FIRST_HONOR) if kind == "chow" else rng.randrange(N_KINDS)
        if kind == "chow":
            t = t - t % SUIT_SIZE + min(t % SUIT_SIZE, SUIT_SIZE - 3)
        meld = mf.Meld(kind, t)
        rest = [rng.randrange(N_KINDS) for _ in range(rng.choice((1, 2)))]
        c = tile_counts(straight + rest)
        for _ in range(rng.choice((0, 1, 2))):
            c[rng.choice([u for u in range(N_KINDS) if c[u]])] -= 1
            c[rng.randrange(N_KINDS)] += 1
        tiles = tiles_of(c)
        if len(tiles) % 3 != 1:
            continue
        whole = tile_counts(tiles + [int(x) for x in meld.tiles])
        if max(whole) >= 4:
            continue
        pack = ((kinds[kind], GB_NAMES[t + (kind == "chow")], 1),)
        want = MahjongShanten(pack, tuple(GB_NAMES[u] for u in tiles))
        assert mf.shanten(tiles, melds=[meld], rules="gb") == want, (tiles, meld)
        checked += 1
    assert checked > sample(300, 30)


# ---------------------------------------------------------------- Sichuan


@pytest.mark.parametrize(
    "text, melds, chinese, sichuan",
    [
        ("11123456789999m", (), True, True),  # one suit
        ("123456m789p11p123p", (), True, True),  # two suits
        ("123m456m789p123s11m", (), True, False),  # three suits
        ("11223344m556677p", (), True, True),  # seven pairs, two suits
        ("11112233m556677p", (), True, True),  # 龙七对: four identical = two pairs
        ("11223344m5566p77s", (), True, False),  # seven pairs over three suits
        ("123m456m11p", ("[777m]", "[555p]"), True, True),
        ("123m456m11p", ("[777m]", "[555s]"), True, False),  # the meld's suit counts
        ("123m456m11m", ("{9999s}", "[555p]"), True, False),
    ],
)
def test_sichuan_wins_worked_by_hand(text, melds, chinese, sichuan):
    assert mf.is_win(text, melds=melds) is chinese
    assert mf.is_win(text, melds=melds, rules="sichuan") is sichuan
    assert (mf.shanten(text, melds=melds, rules="sichuan") == -1) is sichuan


def test_sichuan_waits_and_shanten_worked_by_hand():
    assert mf.waits("1112345678999m", rules="sichuan") == [mf.Tile(t) for t in range(9)]
    assert mf.waits("1122m3344p5566s7s", rules="sichuan") == []  # seven pairs over three suits
    assert mf.waits("123m456m789m11p23p", rules="sichuan") == [mf.Tile(SUIT_SIZE), mf.Tile(SUIT_SIZE + 3)]
    assert mf.waits("123m456m789m234p1s", rules="sichuan") == []  # three suits: no single tile wins
    assert mf.waits("123m456m789m234p1s") == [mf.Tile(2 * SUIT_SIZE)]
    assert mf.shanten("123m456m789m234p1s", rules="sichuan") == 1
    assert mf.shanten("123m456m789m234p1s") == 0
    # the concealed suit can still be given up: all four tiles useless, five to draw
    assert mf.waits("1234m", melds=["[555p]", "[666p]", "[777s]"], rules="sichuan") == []
    assert mf.shanten("1234m", melds=["[555p]", "[666p]", "[777s]"], rules="sichuan") == 4
    # every suit held by a declared meld: no win can be reached
    assert mf.shanten("1234p", melds=["[111m]", "[555p]", "[777s]"], rules="sichuan") == 99
    assert mf.shanten("1234p", melds=["[111m]", "[555p]", "[777s]"]) == 0


def test_sichuan_with_red_dragon_jokers():
    """红中 jokers under Sichuan rules: the wild kind need not exist; a joker stands only for a
    tile that does, and a drawn 红中 is one more joker."""
    assert mf.is_win("1112345678999p7z", wild="7z", rules="sichuan") is True
    assert mf.is_win("1112345678999p7z", wild="7z", rules="sichuan", fifth=False) is True
    assert mf.is_win("111234567p11s1m7z7z", wild="7z", rules="sichuan") is False  # a third suit
    assert mf.is_win("111234567p11s1m7z7z", wild="7z") is True
    assert mf.classify("1112345678999p7z", wild="7z", rules="sichuan")
    with pytest.raises(ValueError, match="hand holds 7z, which does not exist under rules 'sichuan'"):
        mf.is_win("1112345678999p7z", rules="sichuan")
    waits = mf.waits("1112345678999p", wild="7z", rules="sichuan")
    assert waits == [mf.Tile(t) for t in range(SUIT_SIZE, 2 * SUIT_SIZE)] + [mf.Tile.RED]
    assert mf.waits("111234567p7777z", wild="7z", rules="sichuan")[-1:] != [mf.Tile.RED]  # none left to draw
    assert mf.waits("22m45p", melds=["[111p]", "[999p]", "[333m]"], wild="7z", rules="sichuan")[-1] == mf.Tile.RED
    for args, kw in [(("1112345678999p",), {"wild": "7z"}), (("2m45p7z",), {"wild": ["7z", "1z"]}),
                     (("1112345678p7777z",), {"wild": "7z", "fifth": False})]:
        kw = {**kw, "rules": "sichuan"}
        assert outcome(mf.waits, args, kw) == outcome(GENERAL["waits"], args, kw)
        assert outcome(mf.shanten, args, kw) == outcome(GENERAL["shanten"], args, kw)


def sichuan_win(counts, meld_suits) -> bool:
    suits = {t // SUIT_SIZE for t in range(N_KINDS) if counts[t]} | set(meld_suits)
    return len(suits) <= 2 and naive_win(counts)


def test_sichuan_against_its_definition():
    rng = random.Random(6)
    sichuan = mf.RULES["sichuan"]
    wins = 0
    for _ in range(sample(3000, 250)):
        declared = rng.choice((0, 0, 0, 1, 2))
        melds = []
        for _ in range(declared):
            s = rng.randrange(3)
            melds.append(mf.Meld(rng.choice(("pung", "kong")), SUIT_SIZE * s + rng.randrange(SUIT_SIZE)))
        n = 14 - 3 * declared
        c = rule_hand(rng, sichuan, n)
        used = tile_counts(tiles_of(c) + [int(t) for m in melds for t in m.tiles])
        if max(used) > 4:
            continue
        tiles = tiles_of(c)
        suits = [m.tile // SUIT_SIZE for m in melds]
        want = sichuan_win(c, suits)
        assert mf.is_win(tiles, melds=melds, rules="sichuan") is want, (tiles, melds)
        wins += want
        drop = rng.choice(tiles)
        c13 = list(c)
        c13[drop] -= 1
        tiles13 = tiles_of(c13)
        brute = [t for t in range(FIRST_HONOR)
                 if used[t] - (t == drop) < 4 and sichuan_win(tile_counts(tiles13 + [t]), suits)]
        assert [int(t) for t in mf.waits(tiles13, melds=melds, rules="sichuan")] == brute, (tiles13, melds)
        assert (mf.shanten(tiles13, melds=melds, rules="sichuan") == 0) is bool(brute), (tiles13, melds)
    assert wins > sample(100, 8)


# ---------------------------------------------------------------- every preset: shape laws


@pytest.mark.parametrize("name", PRESETS)
def test_shanten_is_minus_one_exactly_on_wins_and_waits_are_brute_force(name):
    rules = mf.RULES[name]
    rng = random.Random(hash(name) % 1000)
    for _ in range(sample(700, 60)):
        c = rule_hand(rng, rules, 14)
        tiles = tiles_of(c)
        won = mf.is_win(tiles, rules=name)
        assert (mf.shanten(tiles, rules=name) == -1) is won, tiles
        t = rng.choice(tiles)
        tiles13 = list(tiles)
        tiles13.remove(t)
        brute = [u for u in range(N_KINDS)
                 if rules.limits[u] and tiles13.count(u) < 4 and mf.is_win(tiles13 + [u], rules=name)]
        assert [int(u) for u in mf.waits(tiles13, rules=name)] == brute, tiles13
        assert (mf.shanten(tiles13, rules=name) == 0) is bool(brute), tiles13
        if won and not rules.is_default:
            assert mf.shanten(tiles13, rules=name) <= 0


# ---------------------------------------------------------------- fast path == general path

CUSTOM = (
    mf.Rules("house", seven_pairs=None),
    mf.Rules("three-suit sichuan", max_suits=2),
    mf.Rules("no east", missing="1z"),
    dataclasses.replace(mf.RULES["gb"], name="gb, no chows", chows=False),
    mf.Rules(),
)


def rules_value(rng: random.Random):
    r = rng.random()
    if r < 0.55:
        return rng.choice(PRESETS)
    if r < 0.8:
        return mf.RULES[rng.choice(PRESETS)]
    if r < 0.95:
        return rng.choice(CUSTOM)
    return rng.choice(["Riichi", "", 3, b"gb", ["gb"], None])


def meld_forms(rng: random.Random):
    kind = rng.choice(["chow", "pung", "pung", "kong"])
    if kind == "chow":
        tile = rng.randrange(3) * SUIT_SIZE + rng.randrange(SUIT_SIZE - 2)
    else:
        tile = rng.randrange(N_KINDS)
    meld = mf.Meld(kind, tile, concealed=kind == "kong" and rng.random() < 0.4)
    return str(meld) if rng.random() < 0.5 else meld


def random_call(rng: random.Random):
    """(args, kwargs) of one call under a random rule set, in a random input form."""
    rules = rules_value(rng)
    as_rules = mf.RULES.get(rules) if isinstance(rules, str) else rules
    n = rng.choice([1, 2, 4, 5, 7, 8, 10, 11, 13, 13, 14, 14, 14])
    c = rule_hand(rng, as_rules if isinstance(as_rules, mf.Rules) else mf.RULES["chinese"], n)
    if rng.random() < 0.1:  # maybe a tile the rules leave out
        c[rng.choice([1, 4, 7, 27, 33])] += 1
    tiles = tiles_of(c)
    rng.shuffle(tiles)
    declared = rng.choice([0, 0, 0, 1, 2, 3]) if n <= 11 else 0
    melds = [meld_forms(rng) for _ in range(declared)]
    form = rng.random()
    kwargs: dict = {"rules": rules}
    if form < 0.35:
        hand = tiles if rng.random() < 0.7 else tuple(tiles)
    elif form < 0.55:
        hand = mf.format(sorted(tiles))
        if melds and rng.random() < 0.5:
            hand += " " + " ".join(str(m) for m in melds)
            melds = []
    elif form < 0.7:
        hand = bytes(min(v, 255) for v in tile_counts(tiles))
        kwargs["encoding"] = "counts"
    elif form < 0.85:
        hand = [4 * t + k for t, k in zip(sorted(tiles), [0, 1, 2, 3] * 14)]
        kwargs["encoding"] = "index136"
    else:
        try:
            hand = mf.Hand(tiles, melds)
            melds = []
        except ValueError:
            hand = tiles
    if melds:
        kwargs["melds"] = melds
    if rng.random() < 0.15:
        kwargs["wild"] = rng.choice(["7z", "1m", 9, ["5p", "7z"], "2m"])
    if rng.random() < 0.1:
        kwargs["fifth"] = False
    return (hand,), kwargs


@pytest.mark.parametrize("seed", range(3))
def test_fast_paths_match_the_general_path_under_rules(seed):
    rng = random.Random(seed)
    answered = dict.fromkeys(FUNCTIONS, 0)
    errors = dict.fromkeys(FUNCTIONS, 0)
    for _ in range(sample(5000, 500)):
        args, kwargs = random_call(rng)
        for name in FUNCTIONS:
            kw = dict(kwargs)
            if name == "shanten" and rng.random() < 0.4:
                kw["form"] = rng.choice([None, "standard", "seven_pairs", "thirteen_orphans", "knitted",
                                         "knitted_straight"])
            fast = outcome(getattr(mf, name), args, kw)
            general = outcome(GENERAL[name], args, kw)
            assert fast == general, (name, args, kw)
            answered[name] += fast[0] == "ok"
            errors[name] += fast[0] != "ok"
    for name in FUNCTIONS:  # real answers and real errors both reached
        assert answered[name] > sample(1000, 100) and errors[name] > sample(100, 10), (name, answered, errors)


@pytest.mark.parametrize("seed", range(2))
def test_classify_and_decompose_fast_paths_match_the_general_path_under_rules(seed):
    from mahjong_fast import _classify

    rng = random.Random(50 + seed)
    answered = 0
    for _ in range(sample(4000, 400)):
        args, kwargs = random_call(rng)
        kwargs["self_drawn"] = rng.random() < 0.3
        for name in ("classify", "decompose"):
            kw = dict(kwargs) if name == "classify" else {
                k: v for k, v in kwargs.items() if k in ("melds", "encoding", "rules")}
            fast = outcome(getattr(mf, name), args, kw)
            general = outcome(_classify.GENERAL[name], args, kw)
            assert fast == general, (name, args, kw)
            answered += fast[0] == "ok" and bool(fast[1])
    assert answered > sample(200, 20)


def test_a_remembered_rules_value_is_never_stale():
    hand = list(mf.parse("11223344m555577p").tiles)  # only seven pairs, with four identical tiles
    cases = [("riichi", False), ("chinese", True), (mf.RULES["riichi"], False), (None, True), ("gb", True),
             (mf.Rules("x", seven_pairs="distinct"), False), ("riichi", False), (mf.Rules(), True),
             ("sichuan", True), (mf.Rules("y", seven_pairs=None), False)]
    for value, want in cases * 2:
        for form in (hand, mf.format(hand), bytes(tile_counts(hand))):
            kw = {"encoding": "counts"} if isinstance(form, bytes) else {}
            assert mf.is_win(form, rules=value, **kw) is want, value
            assert (mf.shanten(form, rules=value, **kw) == -1) is want, value


# ---------------------------------------------------------------- batch == single calls


@pytest.mark.parametrize("name", PRESETS + ("custom",))
def test_batch_equals_single_calls(name):
    import numpy as np

    rules = mf.Rules("custom", seven_pairs="distinct", max_suits=2, missing="2m") if name == "custom" else name
    as_rules = rules if isinstance(rules, mf.Rules) else mf.RULES[rules]
    rng = random.Random(7)
    rows = sample(600, 60)
    h14 = np.array([rule_hand(rng, as_rules, rng.choice((14, 11, 8))) for _ in range(rows)], dtype=np.uint8)
    h13 = np.array([rule_hand(rng, as_rules, rng.choice((13, 10, 7))) for _ in range(rows)], dtype=np.uint8)
    for threads in (None, 2):
        won = mf.is_win_batch(h14, rules=rules, threads=threads)
        assert won.tolist() == [mf.is_win(bytes(r), encoding="counts", rules=rules) for r in h14]
        both = np.concatenate([h14, h13])
        assert mf.shanten_batch(both, rules=rules, threads=threads).tolist() == [
            mf.shanten(bytes(r), encoding="counts", rules=rules) for r in both]
        masks = mf.waits_batch(h13, rules=rules, threads=threads)
        assert [[int(t) for t in np.flatnonzero(m)] for m in masks] == [
            [int(t) for t in mf.waits(bytes(r), encoding="counts", rules=rules)] for r in h13]


def test_batch_under_rules_names_a_missing_tile():
    import numpy as np

    rows = np.zeros((3, N_KINDS), dtype=np.int64)
    rows[:, 0] = 2
    rows[2, 4] = 1
    with pytest.raises(ValueError, match=r"counts\[2, 4\] = 1: 5m does not exist under rules 'riichi3'"):
        mf.is_win_batch(rows, rules="riichi3")
    rows[2, 4] = 0
    rows[1, 30] = 3
    with pytest.raises(ValueError, match=r"counts\[1, 30\] = 3: 4z does not exist under rules 'sichuan'"):
        mf.shanten_batch(rows, rules="sichuan")
    with pytest.raises(ValueError, match="unknown rules 'mcr'"):
        mf.waits_batch(rows, rules="mcr")
    with pytest.raises(TypeError, match="rules must be a preset name or a Rules object, not int"):
        mf.waits_batch(rows, rules=1)


# ---------------------------------------------------------------- the default rules


def test_default_rules_give_todays_answers():
    rng = random.Random(8)
    defaults = (None, "chinese", mf.RULES["chinese"], mf.Rules(), mf.Rules("mine"))
    for _ in range(sample(2500, 250)):
        (hand,), kwargs = random_call(rng)
        kwargs.pop("rules")
        for name in FUNCTIONS:
            today = outcome(getattr(mf, name), (hand,), kwargs)
            for value in defaults:
                assert outcome(getattr(mf, name), (hand,), {**kwargs, "rules": value}) == today
                assert outcome(GENERAL[name], (hand,), {**kwargs, "rules": value}) == today


def test_default_rules_batch_is_todays_batch():
    import numpy as np

    rng = random.Random(9)
    rows = np.array([mixed_hand(rng, 14) for _ in range(sample(500, 50))], dtype=np.uint8)
    for value in ("chinese", mf.Rules()):
        assert (mf.is_win_batch(rows, rules=value) == mf.is_win_batch(rows)).all()
        assert (mf.shanten_batch(rows, rules=value) == mf.shanten_batch(rows)).all()


# ---------------------------------------------------------------- errors


@pytest.mark.parametrize(
    "call, error, message",
    [
        (lambda: mf.is_win("11123456789999m", rules="mcr"), ValueError,
         "unknown rules 'mcr'; expected one of chinese, riichi, riichi3, sichuan, gb or a Rules object"),
        (lambda: mf.shanten([0] * 13, rules=["riichi"]), TypeError,
         "rules must be a preset name or a Rules object, not list"),
        (lambda: mf.waits("1112345678999p", rules=b"gb"), TypeError,
         "rules must be a preset name or a Rules object, not bytes"),
        (lambda: mf.is_win("11123456789999m", rules="riichi3"), ValueError,
         "hand holds 2m, which does not exist under rules 'riichi3'"),
        (lambda: mf.shanten("1112345678999p", rules="sichuan", melds=["[111z]"]), ValueError,
         "meld [111z] holds 1z, which does not exist under rules 'sichuan'"),
        (lambda: mf.waits("1112345678999p1z", rules="sichuan"), ValueError,
         "hand holds 1z, which does not exist under rules 'sichuan'"),
        (lambda: mf.waits("1112345699p", melds=["[789p]"], rules="sichuan"), ValueError,
         "meld [789p] is a chow, which rules 'sichuan' do not allow"),
        (lambda: mf.is_win("11123459999p7z", melds="[777z]", wild="7z", rules="sichuan"), ValueError,
         "meld [777z] holds 7z, which does not exist under rules 'sichuan'"),
        (lambda: mf.shanten("1112345678999p", form="knitted", rules="riichi"), ValueError,
         "form 'knitted' does not win under rules 'riichi'"),
        (lambda: mf.shanten("1112345678999p", form="thirteen_orphans", rules="sichuan"), ValueError,
         "form 'thirteen_orphans' does not win under rules 'sichuan'"),
        (lambda: mf.shanten("1112345p", form="knitted_straight", rules="gb"), ValueError,
         "form 'knitted_straight' needs at least 10 concealed tiles"),
        (lambda: mf.shanten("1112345p", form="pairs", rules="gb"), ValueError, "unknown form 'pairs'"),
    ],
)
def test_errors_name_the_argument_and_value(call, error, message):
    with pytest.raises(error) as info:
        call()
    assert message in str(info.value)


def test_the_public_names():
    assert mf.Rules is _api.Rules and mf.RULES is _api.RULES
    assert {"Rules", "RULES"} <= set(mf.__all__) <= set(dir(mf))
    assert _dispatch.is_compiled(_dispatch.api_fast) is COMPILED


# ---------------------------------------------------------------- the command line


@pytest.mark.parametrize(
    "argv, status, lines",
    [
        (["check", "11223344m555577p", "--rules", "riichi"], 0, ["rules:     riichi", "win:       no", "shanten:   0"]),
        (["check", "11223344m555577p"], 0, ["win:       yes"]),
        (["check", "147m258p369s12345z", "--rules", "gb"], 0, ["win:       yes", "Knitted and Honours"]),
        (["check", "147m258p369s1234z", "--rules", "gb"], 0, ["waits:     5z 6z 7z", "shanten:   0"]),
        (["check", "1112345678999p", "--rules", "sichuan", "--wild", "7z"], 0,
         ["waits:     1p 2p 3p 4p 5p 6p 7p 8p 9p 7z"]),
        (["check", "123m456p789s11z", "--rules", "sichuan"], 2,
         ["error: hand holds 1z, which does not exist under rules 'sichuan'"]),
        (["check", "123m456p789s11m", "--melds", "789s", "--rules", "sichuan"], 2,
         ["error: meld [789s] is a chow, which rules 'sichuan' do not allow"]),
    ],
)
def test_check_takes_rules(argv, status, lines, capsys, monkeypatch):
    from mahjong_fast._cli import main

    monkeypatch.setattr("mahjong_fast._cli._encodable", lambda stream, text: False)  # plain text
    assert main(argv) == status
    captured = capsys.readouterr()
    text = captured.out + captured.err
    for line in lines:
        assert line in text, text
    if status:
        assert captured.out == ""


def test_check_refuses_an_unknown_rule_set(capsys):
    from mahjong_fast._cli import main

    with pytest.raises(SystemExit) as info:
        main(["check", "11123456789999m", "--rules", "mcr"])
    assert info.value.code == 2
    assert "invalid choice: 'mcr'" in capsys.readouterr().err


def test_calls_under_rules_stay_on_the_compiled_fast_path(monkeypatch):
    """Compiled: well-formed calls under every preset, in every common input form, never reach the
    general path (the keyword costs tens of nanoseconds, not a ``Hand``)."""
    fast = _dispatch.api_fast
    if not COMPILED:
        pytest.skip("pure-Python run: the general path answers most calls under rules")

    def refuse(*args, **kwargs):
        raise AssertionError(f"general path taken: {args} {kwargs}")

    assert mf.classify is fast.classify  # installed (mahjong_fast loads _classify on first use)
    for name in ("_general_is_win", "_general_shanten", "_general_waits", "_general_classify"):
        monkeypatch.setattr(fast, name, refuse)
    rng = random.Random(11)
    for preset in PRESETS:
        rules = mf.RULES[preset]
        for _ in range(100):
            c = rule_hand(rng, rules, 14)
            tiles = tiles_of(c)
            for value in (preset, rules):
                for hand, kw in ((tiles, {}), (mf.format(tiles), {}), (bytes(c), {"encoding": "counts"})):
                    fast.is_win(hand, rules=value, **kw)
                    fast.shanten(hand, rules=value, **kw)
                    fast.classify(hand, rules=value, **kw)
                fast.waits(tiles[1:], rules=value)
                fast.waits(mf.format(tiles[1:]), rules=value, wild="1p")
                fast.shanten(tiles[:11], melds=[mf.Meld.pung(rng.choice(tiles))] if max(c) < 2 else (), rules=value)


def test_rules_is_default_marks_the_default_route():
    assert [name for name, r in mf.RULES.items() if r.is_default] == ["chinese"]
    assert mf.Rules().is_default and mf.Rules("mine").is_default
    assert not mf.Rules(missing="1z").is_default
    assert not mf.Rules(chows=False).is_default
    assert not mf.Rules(honours=False).is_default
    assert not dataclasses.replace(mf.RULES["chinese"], seven_pairs="distinct").is_default


@pytest.mark.parametrize("fifth", [True, False])
def test_a_joker_never_stands_for_a_tile_a_house_rule_leaves_out(fifth):
    """``Rules(missing=...)`` with the default win forms: its flags carry ABSENT, so the kernels
    read a limit of 0 as "not played", not as "no copy left" that ``fifth=True`` may exceed."""
    import mahjong_fast as mf

    gap = mf.Rules(missing="5m")
    hand = "46m111222333p99s7z"  # the 7z joker could only be the 5m
    assert mf.is_win(hand, wild="7z", fifth=fifth)
    assert not mf.is_win(hand, wild="7z", fifth=fifth, rules=gap)
    assert mf.shanten(hand, wild="7z", fifth=fifth, rules=gap) == 0
    assert mf.classify(hand, wild="7z", fifth=fifth, rules=gap) == mf.HuType(0)
    assert mf.Tile(4) not in mf.waits("46m111222333p99s", wild="7z", fifth=fifth, rules=gap)
    no_honours = mf.Rules(honours=False)
    assert no_honours.flags == mf.RULES["chinese"].flags | rule_flags.ABSENT
