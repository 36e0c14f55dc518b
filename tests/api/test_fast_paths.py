"""The fast paths give exactly the answers and errors of the general path: the one module for it.

A fast path answers the calls it can vouch for and hands every other call to the general
function of ``_api`` (``_api.GENERAL``; ``_classify.GENERAL`` for ``classify`` and ``decompose``).
Here, in order:

- which functions are public: the compiled fast paths (``_api_fast``) in a compiled run, the
  pure-Python ones (``_api_fast_py.fast_paths``) in a pure run;
- every input form (ints in each numeric encoding, counts as list/tuple/bytes/bytearray/numpy,
  mpsz text with melds in brackets, ``Hand`` objects, melds as text or ``Meld`` objects) and every
  keyword of ``is_win``/``shanten``/``waits``/``classify``/``decompose``, thrown at the public
  function and at the general function behind it;
- the compiled fast paths on chosen hands, bad input and keywords (compiled builds only);
- the pure-Python fast paths on plain and odd index34 lists (both runs);
- the shortcuts inside the pure ``shanten`` kernel: the uncapped joker win check against its
  target DP, suit blocks against whole suits, and the pure kernel against the compiled one on
  hands with jokers and limits.
"""
from __future__ import annotations

import importlib
import random
from types import SimpleNamespace

import pytest

import mahjong_fast as mf
from mahjong_fast import _api, _api_fast_py, _classify, _dispatch
from mahjong_fast._kernels import missing_py, shanten_py
from mahjong_fast._layout import MAX_COPIES, N_KINDS, ORPHANS, SUIT_SIZE
from mahjong_fast._tiles import encode_tile

from support.hands import mixed_hands, tile_counts, tiles_of
from support.hu_types import random_case
from support.impls import NO_EXTENSIONS, general_api

FUNCTIONS = ("is_win", "shanten", "waits")
GENERAL = {**_api.GENERAL, **_classify.GENERAL}
compiled_only = pytest.mark.skipif(NO_EXTENSIONS, reason="pure-Python run: no compiled fast paths")


def outcome(fn, *args, **kwargs):
    """``("ok", answer)``, or the error's type name and message: what two paths must share."""
    try:
        return ("ok", fn(*args, **kwargs))
    except (ValueError, TypeError) as exc:
        return (type(exc).__name__, str(exc))


@pytest.fixture(scope="module")
def fast():
    return importlib.import_module("mahjong_fast._api_fast")


@pytest.fixture(scope="module")
def slow():
    return general_api()[0]


@pytest.fixture(scope="module")
def api():
    is_win, shanten, waits = general_api()
    return SimpleNamespace(is_win=is_win, shanten=shanten, waits=waits)


# ------------------------------------------------------------------- which functions are public


@compiled_only
def test_public_functions_are_the_fast_paths(fast):
    for f in (fast.is_win, fast.shanten, fast.waits):
        assert type(f).__name__ in ("cython_function_or_method", "builtin_function_or_method"), f
    assert mf.is_win is fast.is_win
    assert mf.shanten is fast.shanten
    assert mf.waits is fast.waits
    assert (_api.is_win, _api.shanten, _api.waits) == (fast.is_win, fast.shanten, fast.waits)


@compiled_only
def test_fast_paths_fall_back_on_the_general_functions():
    for general, name in zip(general_api(), ("is_win", "shanten", "waits")):
        assert general.__module__ == "mahjong_fast._api" and general.__name__ == name
        assert general.__code__.co_filename.endswith("_api.py")


def test_the_public_functions_are_the_fast_paths_when_compiled():
    if not _dispatch.is_compiled(_dispatch.api_fast):
        for name in FUNCTIONS:  # the pure-Python fast paths, compared above like the compiled ones
            assert getattr(mf, name) is getattr(_api, name) is not _api.GENERAL[name]
        pytest.skip("pure-Python run: the pure fast paths are public")
    for name in FUNCTIONS:
        assert getattr(mf, name) is getattr(_dispatch.api_fast, name)
        assert getattr(mf, name) is not _api.GENERAL[name]


def test_classify_and_decompose_are_the_fast_paths_when_compiled():
    if not _dispatch.is_compiled(_dispatch.api_fast):
        assert mf.classify is _classify.GENERAL["classify"]
        pytest.skip("pure-Python run: the general functions are public")
    assert mf.classify is _dispatch.api_fast.classify
    assert mf.decompose is _dispatch.api_fast.decompose


def test_public_functions_in_a_pure_run():
    if _dispatch.is_compiled(_dispatch.api_fast):
        pytest.skip("compiled run: the compiled fast paths are public")
    for name in FUNCTIONS:
        assert getattr(mf, name) is getattr(_api, name)
        assert getattr(mf, name) is not _api.GENERAL[name]
        assert getattr(mf, name).__doc__ == _api.GENERAL[name].__doc__


# ------------------------------------------------------ every input form and keyword, at random


CHINESE_ALIASES = [("东", "东风"), ("东", "東"), ("中", "红中"), ("发", "發財"), ("发", "青发"), ("白", "白板"),
                   ("万", "萬"), ("筒", "饼"), ("条", "索"), ("一", "1"), ("九", "９"), ("北", "北風"),
                   ("东", "東风"), ("发", "發财"), ("中", "紅中"), ("发", "發")]
MELD_TEXT = {"chow": "{0}{1}{2}{s}", "pung": "{0}{0}{0}{s}", "kong": "{0}{0}{0}{0}{s}"}


def _uint8_row(values):
    """A numpy row of counts in one of the layouts bots keep: uint8 (contiguous or not), int64, 2-D."""
    import numpy as np

    row = np.array(list(values), dtype=np.uint8)
    return random.choice([row, row, row.astype(np.int64), np.repeat(row, 2)[::2], row.reshape(2, 17)])


def mpsz(tiles, rng):
    groups = {}
    for t in sorted(tiles):
        suit = "mpsz"[t // 9]
        rank = t % 9 + 1
        if rank == 5 and suit != "z" and rng.random() < 0.2:
            rank = 0  # a red five
        groups.setdefault(suit, []).append(str(rank))
    order = list(groups)
    rng.shuffle(order)
    sep = rng.choice(["", "", " ", ",", " ; "])
    return sep.join("".join(groups[s]) + s for s in order)


def meld_forms(rng):
    """A random legal-looking meld as (kind, tile) and its text/object forms."""
    kind = rng.choice(["chow", "pung", "pung", "kong"])
    if kind == "chow":
        suit = rng.randrange(3)
        tile = suit * 9 + rng.randrange(7)
    else:
        tile = rng.randrange(34)
    concealed = kind == "kong" and rng.random() < 0.4
    suit = "mpsz"[tile // 9]
    r = tile % 9 + 1
    text = MELD_TEXT[kind].format(r, r + 1, r + 2, s=suit)
    if concealed:
        text = "{" + text + "}"
    elif rng.random() < 0.3:
        text = "[" + text + "]"
    obj = {"chow": mf.Meld.chow, "pung": mf.Meld.pung}.get(kind)
    meld = obj(tile) if obj else mf.Meld.kong(tile, concealed=concealed)
    return text, meld


def random_call(rng):
    """(args, kwargs) for one call, in a random input form; sometimes malformed."""
    n = rng.choice([1, 2, 4, 5, 7, 8, 10, 11, 13, 13, 14, 14, 14])
    wall = [t for t in range(34) for _ in range(4)]
    rng.shuffle(wall)
    if rng.random() < 0.5:  # near a win: runs and pairs
        tiles = []
        while len(tiles) < n:
            t = rng.randrange(34)
            tiles += [t, t] if rng.random() < 0.4 else ([t, t + 1, t + 2] if t % 9 < 7 and t < 27 else [t])
        tiles = tiles[:n]
    else:
        tiles = wall[:n]
    if rng.random() < 0.05:
        tiles.append(tiles[0])  # maybe a fifth copy
    melds_n = rng.choice([0, 0, 0, 1, 2, 3, 4])
    melds = [meld_forms(rng) for _ in range(melds_n)]
    form = rng.random()
    kwargs = {}
    if form < 0.2:
        hand = list(tiles)
    elif form < 0.3:
        hand = tuple(tiles)
    elif form < 0.45:
        hand = mpsz(tiles, rng)
        if melds and rng.random() < 0.5:
            hand += " " + " ".join(text for text, _ in melds)
            melds = []
    elif form < 0.55:
        notation = rng.choice(["botzone", "unicode", "chinese"])
        try:
            hand = mf.format(mf.Hand(tiles, [m for _, m in melds]), notation)
            melds = []
        except ValueError:
            hand = mf.format(sorted(set(tiles)), notation)
        if notation == "chinese" and rng.random() < 0.5:
            for plain, alias in rng.sample(CHINESE_ALIASES, 3):
                hand = hand.replace(plain, alias)
        if rng.random() < 0.3:
            hand = hand.replace(" ", rng.choice(["", ",", "，", "、"]))
    elif form < 0.7:
        counts = [0] * 34
        for t in tiles:
            counts[t] += 1
        hand = rng.choice([list, tuple, bytes, bytearray, _uint8_row, _uint8_row])(min(c, 255) for c in counts)
        kwargs["encoding"] = "counts"
    elif form < 0.85:
        encoding = rng.choice(["index136", "decimal", "nibble", "hex", "index34"])
        if encoding == "index136":
            copies = {}
            hand = []
            for t in tiles:
                copies[t] = copies.get(t, -1) + 1
                hand.append(t * 4 + copies[t] % 4)
        else:
            hand = [encode_tile(t, encoding) for t in tiles]
        kwargs["encoding"] = encoding
    else:
        try:
            hand = mf.Hand(tiles, [m for _, m in melds] if rng.random() < 0.5 else ())
            melds = []
        except ValueError:
            hand = list(tiles)
    if melds:
        kwargs["melds"] = [m if rng.random() < 0.5 else text for text, m in melds]
        if len(melds) == 1 and rng.random() < 0.3:
            kwargs["melds"] = melds[0][0]  # one meld as a plain string
    if rng.random() < 0.25:
        kwargs["wild"] = rng.choice(["7z", "5z", 33, [33, "1m"], ("7z",), mf.Tile.RED, "0m", "9z", "77z"])
    if rng.random() < 0.15:
        kwargs["fifth"] = rng.choice([True, False])
    if rng.random() < 0.05:  # malformed on purpose
        hand = rng.choice([hand, "1x2m", "", "123", [0, 34], [True], [0, -1], "[123m", "11m {123m}", 5])
    return (hand,), kwargs


def keyword_variants(name, kwargs, rng):
    kw = dict(kwargs)
    if name == "is_win" and rng.random() < 0.3:
        kw["strategy"] = rng.choice([None, "table", "cluster", "carry", "python"])
    if name == "shanten" and rng.random() < 0.4:
        kw["form"] = rng.choice([None, "standard", "seven_pairs", "thirteen_orphans"])
    return kw


@pytest.mark.parametrize("seed", range(4))
def test_fast_paths_match_the_general_path(seed):
    rng = random.Random(seed)
    checked = {name: 0 for name in FUNCTIONS}
    answered = {name: 0 for name in FUNCTIONS}
    for _ in range(6000):
        args, kwargs = random_call(rng)
        for name in FUNCTIONS:
            kw = keyword_variants(name, kwargs, rng)
            fast = outcome(getattr(mf, name), *args, **kw)
            general = outcome(GENERAL[name], *args, **kw)
            assert fast == general, (name, args, kw)
            checked[name] += 1
            answered[name] += fast[0] == "ok"
    for name in FUNCTIONS:  # the sample reaches real answers, not only errors
        assert answered[name] > checked[name] // 5, (name, answered[name])


@pytest.mark.parametrize(
    "args, kwargs",
    [
        (("11123456789999m",), {}),
        (("11m",), {"melds": ["123p", "[456p]", "789s", "{7777z}"]}),
        (("11m 123p [456p] [789s] {7777z}",), {}),
        (("11m",), {"melds": "123p"}),
        (("123456m456p789s1z7z",), {"wild": "7z"}),
        (([0, 0, 0, 1, 2, 3, 4, 5, 6, 7, 8, 8, 8, 33],), {"wild": 33, "fifth": False}),
        (("1112345678999m",), {}),
    ],
)
def test_documented_forms_agree(args, kwargs):
    for name in FUNCTIONS:
        assert outcome(getattr(mf, name), *args, **kwargs) == outcome(_api.GENERAL[name], *args, **kwargs)


def whole_hand_call(rng):
    """(args, kwargs) of a whole hand, winning-biased, in a random input form."""
    counts, specs, self_drawn = random_case(rng)
    tiles = [t for t in range(34) for _ in range(counts[t])]
    melds = []
    for kind, tile in specs:
        meld = {0: mf.Meld.chow, 1: mf.Meld.pung, 2: mf.Meld.kong}.get(kind)
        meld = meld(tile) if meld else mf.Meld.kong(tile, concealed=True)
        melds.append(meld if rng.random() < 0.5 else mf.format(mf.Hand((), [meld])))
    form = rng.random()
    kwargs = {"self_drawn": self_drawn}
    if form < 0.35:
        hand = list(tiles)
    elif form < 0.7:
        hand = mpsz(tiles, rng)
    elif form < 0.85:
        hand = bytes(counts)
        kwargs["encoding"] = "counts"
    else:
        hand = mf.Hand(tiles)
    if melds:
        kwargs["melds"] = melds
    if rng.random() < 0.3:
        kwargs["wild"] = rng.choice([rng.choice(tiles), "7z", [rng.choice(tiles), 33]])
        if rng.random() < 0.3:
            kwargs["fifth"] = False
    return (hand,), kwargs


@pytest.mark.parametrize("seed", range(3))
def test_classify_and_decompose_fast_paths_match_the_general_path(seed):
    rng = random.Random(100 + seed)
    answered = {"classify": 0, "decompose": 0}
    for k in range(6000):
        args, kwargs = whole_hand_call(rng) if k % 2 else random_call(rng)
        for name in ("classify", "decompose"):
            kw = dict(kwargs) if name == "classify" else {
                key: v for key, v in kwargs.items() if key in ("melds", "encoding")}
            fast = outcome(getattr(mf, name), *args, **kw)
            general = outcome(GENERAL[name], *args, **kw)
            assert fast == general, (name, args, kw)
            answered[name] += fast[0] == "ok" and bool(fast[1])
    assert min(answered.values()) > 1000, answered  # real wins reached, not only errors


def test_a_remembered_wild_tile_is_never_stale():
    hand = [0, 0, 0, 1, 2, 3, 4, 5, 6, 7, 8, 8, 8, 33]
    wilds = ["7z", "5z", 33, 31, "7z", [33], ["5z"], "7z", 31]
    for wild in wilds * 2:
        for name in FUNCTIONS:
            args = (hand if name != "waits" else hand[:13],)
            assert outcome(getattr(mf, name), *args, wild=wild) == outcome(GENERAL[name], *args, wild=wild)
    kinds = ["5z"]
    assert mf.is_win(hand, wild=kinds) is False
    kinds[0] = "7z"  # a list may change between calls: read again, not remembered
    assert mf.is_win(hand, wild=kinds) is True


ODD_TEXT = [
    "123m456p789s11z", "123m456p789s11z ", " 1,2,3m;4 5 6p", "123m 456p\t789s\n1z\r1z", "1 23m",
    "123m\v456p", "123m\f", "0m0p0s55m55p", "0z", "8z", "9z123m", "11112m", "m123", "123", "12m3",
    "123m456p789s12345z7777z", "1111122223333m", "123M", "123mr", "5mr5m", "123m[456p]", "123x",
    "1\u00e9m", "１２３万", "一万二万三万", "一万 二万，三万、四万", "二条二條二索", "东风南風西风北风白板发财红中",
    "東风", "发財", "青发中中", "一二万", "万", "🀇🀈🀉", "🀇\ufe0f🀈", "W1W2W3", "E S W", "1m2m3m5mr",
    "", " ", ",", "１m",
]
ODD_MELDS = [
    "123m", " 123m ", "[123m]", "\t[456p]\n", "{1111z}", "{123m}", "[1111z]", "1111z", "0m46m", "[406p]",
    "12m", "12345m", "[123m", "123m]", "{1111z]", "\v123m", "123m,", "[ 123m ]", "[1 23m]", "8z8z8z", "888z",
    "000m", "[555m]", "一二三万", "[123m] 4p", "123m456p", "", "[]", "{}", "1z1z1z",
]


def _odd_counts(rng):
    import numpy as np

    c = [rng.choice((0, 0, 0, 1, 1, 2, 3, 4)) for _ in range(N_KINDS)]
    row = np.array(c, dtype=np.uint8)
    odd = [
        list(c), tuple(c), bytes(c), row, row.astype(np.int8), row.astype(np.uint16), row.astype(bool),
        row.reshape(2, 17), np.repeat(row, 2)[::2], np.append(row, 0), row[:33], row.view(np.int8),
        np.asarray(row, dtype=">u1"), row.astype(np.float64), np.ma.masked_array(row),
        [*c[:5], True, *c[6:]], [*c[:5], 5, *c[6:]], [*c[:5], -1, *c[6:]], [*c[:5], 2**70, *c[6:]],
        [*c[:5], mf.Tile(3), *c[6:]], [*c[:5], 1.0, *c[6:]], [*c[:5], None, *c[6:]], c[:33], c + [0],
    ]
    return rng.choice(odd)


def _odd_ints(rng, encoding):
    tiles = [rng.randrange(N_KINDS) for _ in range(rng.choice((1, 2, 4, 5, 13, 14, 14, 15)))]
    if encoding == "index136":
        ids = [t * 4 + rng.randrange(4) for t in tiles]
        if rng.random() < 0.3:
            ids[0] = rng.choice((136, -1, 2**70, True, 16, 52, 88, ids[-1]))
        return ids
    codes = [encode_tile(t, encoding) for t in tiles]
    if rng.random() < 0.3:
        codes[0] = rng.choice((0, 10, 20, 30, 40, 48, 50, 51, 53, 54, 60, 255, 256, -1, True, 2**70, 1.0))
    return codes


@pytest.mark.parametrize("seed", range(2))
def test_odd_input_forms_match_the_general_path(seed):
    """The readers of each input form on odd and bad input: counts lists with bools, ints out of
    range or a ``Tile``; numpy rows of other dtypes, shapes and layouts; ids and codes out of range
    or repeated; text in every notation with odd separators, red fives, too many tiles; melds as
    text in and out of brackets, blanks and all."""
    rng = random.Random(300 + seed)
    for _ in range(1500):
        kwargs = {}
        form = rng.random()
        if form < 0.25:
            hand = _odd_counts(rng)
            kwargs["encoding"] = "counts"
        elif form < 0.5:
            kwargs["encoding"] = rng.choice(("index136", "decimal", "nibble", "hex", "tenhou"))
            hand = _odd_ints(rng, kwargs["encoding"])
        elif form < 0.75:
            hand = rng.choice(ODD_TEXT)
        else:
            hand = rng.choice(([0, 0, 1, 2, 3], [0, 0], [5, 6, 7, 9], "11z", "1z", [0, 1, 2, 3]))
        if rng.random() < 0.4:
            melds = rng.sample(ODD_MELDS, rng.choice((1, 1, 2, 3)))
            kwargs["melds"] = melds[0] if len(melds) == 1 and rng.random() < 0.3 else melds
        for name in FUNCTIONS:
            fast = outcome(getattr(mf, name), hand, **kwargs)
            general = outcome(GENERAL[name], hand, **kwargs)
            assert fast == general, (name, hand, kwargs)


# ------------------------------------------------------ the compiled fast paths on chosen hands


FAST_CASES = [
    [0, 0, 0, 1, 2, 3, 4, 5, 6, 9, 10, 11, 27, 27],
    [27, 27],
    [27, 28],
    [0, 1, 2],
    [0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33, 33],
    [0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6],
    [0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3],
]

BAD_LISTS = [
    [0, 0, 0, 0, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9],  # a fifth copy
    [34, 0, 0],
    [-1, 0, 0],
    [2**70, 0, 0],
    [-(2**70), 0, 0],
    [1.0, 0, 0],
    [True, 0, 0],
    [None, 1, 2],
    ["1m", "1m"],
    [],
    list(range(N_KINDS)) * 4 + [0],
    [0, 0, 0, 1, 1, 1, 2, 2, 2, 3, 3, 3, 4, 4, 4, 5, 5],  # 17 tiles
]


@compiled_only
def test_fast_path_matches_slow_on_hands(slow, fast):
    hands = [bytes(c) for c in map(bytearray, [[0] * N_KINDS])] + mixed_hands(3, 3_000)
    for counts in hands:
        tiles = tiles_of(counts)
        for hand in (tiles, tuple(tiles)):
            assert outcome(fast.is_win, hand) == outcome(slow, hand), tiles
            got = outcome(fast.is_win, hand, encoding="index34")
            assert got == outcome(slow, hand, encoding="index34")
        for hand in (counts, bytearray(counts), list(counts), memoryview(counts)):
            got = outcome(fast.is_win, hand, encoding="counts")
            assert got == outcome(slow, hand, encoding="counts"), (type(hand), list(counts))


@compiled_only
@pytest.mark.parametrize("hand", FAST_CASES)
def test_fast_path_cases(slow, fast, hand):
    assert fast.is_win(hand) is slow(hand)
    assert fast.is_win(hand) is (len(hand) == 14 or hand == [27, 27])


@compiled_only
@pytest.mark.parametrize("hand", BAD_LISTS, ids=repr)
def test_fast_path_bad_input_same_outcome(slow, fast, hand):
    assert outcome(fast.is_win, hand) == outcome(slow, hand)
    assert outcome(fast.is_win, tuple(hand)) == outcome(slow, tuple(hand))


@compiled_only
@pytest.mark.parametrize(
    "counts",
    [
        bytes(33), bytes([5] + [0] * 33), bytes([4] * N_KINDS), bytes(N_KINDS),
        bytes([2] + [0] * 32 + [255]), b"x" * N_KINDS,
    ],
    ids=repr,
)
def test_fast_path_bad_counts_same_outcome(slow, fast, counts):
    for hand in (counts, bytearray(counts), list(counts)):
        assert outcome(fast.is_win, hand, encoding="counts") == outcome(slow, hand, encoding="counts")


@compiled_only
@pytest.mark.parametrize(
    "kwargs",
    [
        {"melds": ["123m"]},
        {"melds": []},
        {"strategy": "cluster"},
        {"strategy": "table"},
        {"strategy": "nope"},
        {"strategy": 3},
        {"encoding": "index136"},
        {"encoding": "nope"},
        {"wild": "7z"},
        {"fifth": False},
    ],
    ids=repr,
)
def test_fast_path_keywords_go_slow(slow, fast, kwargs):
    for hand in ([0, 0, 0, 1, 2, 3, 4, 5, 6, 9, 10, 11, 27, 27], [0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 33]):
        assert outcome(fast.is_win, hand, **kwargs) == outcome(slow, hand, **kwargs)


@compiled_only
def test_fast_path_other_hand_types(slow, fast):
    makers = (lambda: "11123456789999m", lambda: "1m", lambda: 5, lambda: None, object, lambda: iter([0, 0]))
    for make in makers:
        assert outcome(fast.is_win, make()) == outcome(slow, make())


@compiled_only
def test_shanten_and_waits_fast_paths_match_slow(api, fast):
    rng = random.Random(11)
    hands = []
    for counts in mixed_hands(5, 1_500):
        tiles = tiles_of(counts)
        if rng.random() < 0.5 and tiles:
            del tiles[rng.randrange(len(tiles))]  # 3n+1 tiles now and then
        hands.append(tiles)
    for tiles in hands + [[0], [0, 0], [0, 1, 2], [], [0] * 5, [33] * 3 + [40]]:
        valid = tiles and max(tiles) < N_KINDS and max(tile_counts(tiles)) <= 4
        counts = bytes(tile_counts(tiles)) if valid else b""
        for hand in (tiles, tuple(tiles)):
            assert outcome(fast.shanten, hand) == outcome(api.shanten, hand), tiles
            assert outcome(fast.waits, hand) == outcome(api.waits, hand), tiles
        if counts:
            for hand in (counts, bytearray(counts), list(counts)):
                assert outcome(fast.shanten, hand, encoding="counts") == outcome(
                    api.shanten, hand, encoding="counts"
                )
                got = outcome(fast.waits, hand, encoding="counts")
                assert got == outcome(api.waits, hand, encoding="counts")


@compiled_only
@pytest.mark.parametrize(
    "kwargs",
    [{"form": "standard"}, {"form": "seven_pairs"}, {"form": "nope"}, {"melds": ["123m"]}, {"wild": "7z"},
     {"fifth": False}, {"encoding": "index136"}, {"encoding": 5}],
    ids=repr,
)
def test_shanten_and_waits_keywords_go_slow(api, fast, kwargs):
    hand = [0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 33]
    assert outcome(fast.shanten, hand, **kwargs) == outcome(api.shanten, hand, **kwargs)
    kwargs.pop("form", None)
    assert outcome(fast.waits, hand, **kwargs) == outcome(api.waits, hand, **kwargs)


@compiled_only
def test_waits_fast_path_returns_tiles(fast):
    got = fast.waits([0, 0, 0, 1, 2, 3, 4, 5, 6, 7, 8, 8, 8])
    assert got == list(range(9))
    assert all(type(t) is mf.Tile for t in got)


# ------------------------------------------------------------------- the pure-Python fast paths


PURE_FAST = dict(zip(FUNCTIONS, _api_fast_py.fast_paths(*(_api.GENERAL[f] for f in FUNCTIONS))))
WALL = [t for t in range(N_KINDS) for _ in range(MAX_COPIES)]


def winning(rng: random.Random) -> list[int]:
    tiles: list[int] = []
    for _ in range(4):
        if rng.random() < 0.6:
            lo = SUIT_SIZE * rng.randrange(3) + rng.randrange(SUIT_SIZE - 2)
            tiles += [lo, lo + 1, lo + 2]
        else:
            tiles += [rng.randrange(N_KINDS)] * 3
    tiles += [rng.randrange(N_KINDS)] * 2
    rng.shuffle(tiles)
    return tiles


def some_hand(rng: random.Random) -> object:
    r = rng.random()
    if r < 0.3:
        hand: list[object] = list(winning(rng)[: rng.choice([14, 13, 11, 10, 8, 7, 5, 4, 2, 1])])
    elif r < 0.4:
        hand = [t for t in range(0, N_KINDS, 3) for _ in range(2)][:14]  # seven pairs
    elif r < 0.5:
        hand = list(ORPHANS) + [rng.choice(ORPHANS + (4,))]
        hand = hand[: rng.choice([13, 14])]
    elif r < 0.6:
        hand = [rng.randrange(N_KINDS) for _ in range(rng.randrange(17))]  # may hold 5 copies
    else:
        hand = rng.sample(WALL, rng.randrange(16))
    if hand and rng.random() < 0.1:
        hand[rng.randrange(len(hand))] = rng.choice([-1, N_KINDS, 300, True, 3.0, "1m", None])
    return tuple(hand) if rng.random() < 0.3 else hand


@pytest.mark.parametrize("seed", range(3))
def test_pure_fast_paths_match_the_general_path(seed):
    rng = random.Random(seed)
    answered = 0
    for _ in range(3000):
        hand = some_hand(rng)
        for name in FUNCTIONS:
            fast = outcome(PURE_FAST[name], hand)
            assert fast == outcome(_api.GENERAL[name], hand), (name, hand)
            answered += fast[0] == "ok"
    assert answered > 3000


@pytest.mark.parametrize(
    "kwargs",
    [{"melds": ["123p"]}, {"melds": []}, {"wild": "7z"}, {"fifth": False}, {"encoding": "index34"},
     {"strategy": "carry"}, {"form": "standard"}, {"wild": None, "fifth": True}],
)
def test_pure_fast_paths_pass_keywords_to_the_general_path(kwargs):
    rng = random.Random(7)
    for _ in range(300):
        hand = rng.sample(WALL, rng.choice([4, 5, 10, 11, 13, 14]))
        for name in FUNCTIONS:
            if "form" in kwargs and name != "shanten" or "strategy" in kwargs and name != "is_win":
                continue
            assert outcome(PURE_FAST[name], hand, **kwargs) == outcome(_api.GENERAL[name], hand, **kwargs)


# ------------------------------------------------- the shortcuts inside the pure shanten kernel


def joker_case(rng: random.Random) -> tuple[list[int], bytes, int]:
    jokers = rng.randrange(1, 6)
    size = rng.choice([2, 5, 8, 11, 14]) - jokers
    if rng.random() < 0.5:
        tiles = winning(rng)[: max(size, 0)]
    else:
        tiles = rng.sample(WALL, max(size, 0))
    c = [0] * N_KINDS
    for t in tiles:
        c[t] += 1
    caps = bytes(
        max(v, rng.choice([4, 3, 2, 1, 0]) if rng.random() < 0.3 else MAX_COPIES) for v in c
    )
    return c, caps, jokers


def test_uncapped_joker_win_matches_the_target_dp():
    rng = random.Random(11)
    wins = 0
    for _ in range(800):
        c, caps, jokers = joker_case(rng)
        if max(c) > MAX_COPIES:
            continue
        for fifth in (True, False):
            want = shanten_py._wins_generic(c, caps, jokers, fifth)
            assert shanten_py._wins(c, caps, jokers, fifth) == want, (c, caps, jokers, fifth)
            wins += want
    assert wins > 100


@pytest.mark.skipif(_dispatch.NO_EXTENSIONS, reason="pure-Python run: nothing compiled to compare")
def test_pure_shanten_kernel_matches_compiled_with_jokers():
    compiled = pytest.importorskip("mahjong_fast._kernels.shanten")
    rng = random.Random(13)
    for _ in range(500):
        c, caps, jokers = joker_case(rng)
        if max(c) > MAX_COPIES:
            continue
        b = bytes(c)
        total = sum(c) + jokers
        mask = bytes(1 if rng.random() < 0.05 and not c[t] else 0 for t in range(N_KINDS))
        for fifth in (True, False):
            for limits in (None, caps):
                args = (b, jokers, fifth, limits)
                assert outcome(shanten_py.is_win_wild, *args) == outcome(compiled.is_win_wild, *args)
                if total % 3 == 1:
                    assert outcome(shanten_py.waits_counts, *args, mask) == outcome(
                        compiled.waits_counts, *args, mask
                    ), (c, jokers, fifth, limits)
                if total % 3:
                    assert outcome(shanten_py.shanten_counts, b, 0, jokers, fifth, limits) == outcome(
                        compiled.shanten_counts, b, 0, jokers, fifth, limits
                    )


def _standard_whole_suits(data: bytes, melds: int) -> int:
    """``missing_py._standard_free`` with each suit answered whole, not block by block."""
    best = {(0, 0): 0}
    parts = [missing_py._suit_rows_free(tuple(data[lo : lo + SUIT_SIZE])) for lo in (0, 9, 18)]
    for rows in (*parts, missing_py._honor_rows_free(tuple(data[3 * SUIT_SIZE :]))):
        nxt: dict[tuple[int, int], int] = {}
        for (k1, p1), c1 in best.items():
            for k2, p2, c2 in rows:
                key = (k1 + k2, p1 + p2)
                if key[0] <= melds and key[1] <= 1 and nxt.get(key, 99) > c1 + c2:
                    nxt[key] = c1 + c2
        best = nxt
    return min(c + 3 * (melds - k) + 2 * (1 - p) for (k, p), c in best.items())


def test_suit_blocks_give_the_whole_suit_answer():
    rng = random.Random(17)
    for _ in range(3000):
        n = rng.choice([1, 2, 4, 5, 7, 8, 10, 11, 13, 14])
        tiles = rng.sample(WALL[: rng.choice([4 * SUIT_SIZE, 12 * SUIT_SIZE, len(WALL)])], n)
        c = bytearray(N_KINDS)
        for t in tiles:
            c[t] += 1
        data = bytes(c)
        assert missing_py._standard_free(data, n // 3) == _standard_whole_suits(data, n // 3), tiles


CHINESE_PIECES = ("一", "二", "五", "九", "万", "萬", "筒", "饼", "餅", "条", "索", "條", "东", "東", "南", "西", "北",
                  "风", "風", "白", "板", "发", "發", "财", "財", "青", "中", "红", "紅", "１", "9", "0", " ", "，",
                  "、", ";", "x", "七万", "三筒", "八条", "东风", "白板", "发财", "红中", "🀄", "[", "{", "]")


@pytest.mark.parametrize("seed", range(2))
def test_chinese_text_matches_the_general_path(seed):
    """The table reader of two-byte Chinese text on random streams of numerals, suits, honours,
    their aliases, separators and strays (four-byte text among them)."""
    rng = random.Random(500 + seed)
    for _ in range(3000):
        hand = "".join(rng.choice(CHINESE_PIECES) for _ in range(rng.randrange(1, 20)))
        for name in FUNCTIONS:
            fast = outcome(getattr(mf, name), hand)
            general = outcome(GENERAL[name], hand)
            assert fast == general, (name, hand)


@pytest.mark.parametrize("seed", range(2))
def test_counts_lists_of_cached_ints_match_the_general_path(seed):
    """34 counts read by the cached ints' addresses, beside lists that hold other objects."""
    rng = random.Random(600 + seed)
    odd = (5, -1, True, False, 2**70, 1.0, 256, mf.Tile(0))
    for _ in range(3000):
        counts = [0] * N_KINDS
        for _ in range(rng.randrange(0, 16)):
            counts[rng.randrange(N_KINDS)] += 1
        if rng.random() < 0.2:
            counts[rng.randrange(N_KINDS)] = rng.choice(odd)
        hand = counts if rng.random() < 0.8 else counts[: rng.randrange(N_KINDS + 2)] + [0] * rng.randrange(2)
        for name in FUNCTIONS:
            fast = outcome(getattr(mf, name), hand, encoding="counts")
            general = outcome(GENERAL[name], hand, encoding="counts")
            assert fast == general, (name, hand)


@pytest.mark.parametrize("seed", range(2))
def test_melded_shanten_and_waits_match_the_general_path(seed):
    """shanten and waits beside melds whose tiles the hand also holds (the melds' copies leave
    few or none to draw), where the plain answer stands or the limits change it."""
    rng = random.Random(700 + seed)
    for _ in range(3000):
        n_melds = rng.choice((1, 1, 2, 3))
        held, given = [], []
        for _ in range(n_melds):
            t = rng.randrange(N_KINDS)
            if t < 27 and t % SUIT_SIZE < 7 and rng.random() < 0.5:
                meld, its = mf.Meld.chow(t), [t, t + 1, t + 2]
            elif rng.random() < 0.8:
                meld, its = mf.Meld.pung(t), [t] * 3
            else:
                meld, its = mf.Meld.kong(t), [t] * 4
            held += its
            given.append(meld if rng.random() < 0.5 else mf.format(its))
        near = [t for t in held for _ in range(rng.randrange(0, 2))]
        size = 13 - 3 * n_melds + rng.choice((0, 1))
        tiles = (near + [rng.randrange(N_KINDS) for _ in range(size)])[:size]
        for name in ("shanten", "waits", "is_win"):
            fast = outcome(getattr(mf, name), tiles, melds=given)
            general = outcome(GENERAL[name], tiles, melds=given)
            assert fast == general, (name, tiles, given)
