"""The compiled fast paths give exactly the answers and errors of the general path.

Every input form (ints in each numeric encoding, counts as list/tuple/bytes/
bytearray, mpsz text with melds in brackets, ``Hand`` objects, melds as text or
``Meld`` objects) and every keyword of ``is_win``/``shanten``/``waits`` is
thrown at the public function and at the general function behind it.
"""
from __future__ import annotations

import random

import pytest

import mahjong_fast as mf
from mahjong_fast import _api, _classify, _dispatch
from mahjong_fast._tiles import encode_tile

from support.hu_types import random_case

FUNCTIONS = ("is_win", "shanten", "waits")
CHINESE_ALIASES = [("东", "东风"), ("东", "東"), ("中", "红中"), ("发", "發財"), ("发", "青发"), ("白", "白板"),
                   ("万", "萬"), ("筒", "饼"), ("条", "索"), ("一", "1"), ("九", "９"), ("北", "北風"),
                   ("东", "東风"), ("发", "發财"), ("中", "紅中"), ("发", "發")]
MELD_TEXT = {"chow": "{0}{1}{2}{s}", "pung": "{0}{0}{0}{s}", "kong": "{0}{0}{0}{0}{s}"}


def _uint8_row(values):
    """A numpy row of counts in one of the layouts bots keep: uint8 (contiguous or not), int64, 2-D."""
    import numpy as np

    row = np.array(list(values), dtype=np.uint8)
    return random.choice([row, row, row.astype(np.int64), np.repeat(row, 2)[::2], row.reshape(2, 17)])


def outcome(fn, args, kwargs):
    try:
        return ("ok", fn(*args, **kwargs))
    except (ValueError, TypeError) as exc:
        return (type(exc).__name__, str(exc))


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


GENERAL = {**_api.GENERAL, **_classify.GENERAL}


@pytest.mark.parametrize("seed", range(4))
def test_fast_paths_match_the_general_path(seed):
    rng = random.Random(seed)
    checked = {name: 0 for name in FUNCTIONS}
    answered = {name: 0 for name in FUNCTIONS}
    for _ in range(6000):
        args, kwargs = random_call(rng)
        for name in FUNCTIONS:
            kw = keyword_variants(name, kwargs, rng)
            fast = outcome(getattr(mf, name), args, kw)
            general = outcome(GENERAL[name], args, kw)
            assert fast == general, (name, args, kw)
            checked[name] += 1
            answered[name] += fast[0] == "ok"
    for name in FUNCTIONS:  # the sample reaches real answers, not only errors
        assert answered[name] > checked[name] // 5, (name, answered[name])


def test_the_public_functions_are_the_fast_paths_when_compiled():
    if not _dispatch.is_compiled(_dispatch.api_fast):
        for name in FUNCTIONS:  # the pure-Python fast paths, compared above like the compiled ones
            assert getattr(mf, name) is getattr(_api, name) is not _api.GENERAL[name]
        pytest.skip("pure-Python run: the pure fast paths are public")
    for name in FUNCTIONS:
        assert getattr(mf, name) is getattr(_dispatch.api_fast, name)
        assert getattr(mf, name) is not _api.GENERAL[name]


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
        assert outcome(getattr(mf, name), args, kwargs) == outcome(_api.GENERAL[name], args, kwargs)


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
            fast = outcome(getattr(mf, name), args, kw)
            general = outcome(GENERAL[name], args, kw)
            assert fast == general, (name, args, kw)
            answered[name] += fast[0] == "ok" and bool(fast[1])
    assert min(answered.values()) > 1000, answered  # real wins reached, not only errors


def test_classify_and_decompose_are_the_fast_paths_when_compiled():
    if not _dispatch.is_compiled(_dispatch.api_fast):
        assert mf.classify is _classify.GENERAL["classify"]
        pytest.skip("pure-Python run: the general functions are public")
    assert mf.classify is _dispatch.api_fast.classify
    assert mf.decompose is _dispatch.api_fast.decompose


def test_a_remembered_wild_tile_is_never_stale():
    hand = [0, 0, 0, 1, 2, 3, 4, 5, 6, 7, 8, 8, 8, 33]
    wilds = ["7z", "5z", 33, 31, "7z", [33], ["5z"], "7z", 31]
    for wild in wilds * 2:
        for name in FUNCTIONS:
            args = (hand if name != "waits" else hand[:13],)
            assert outcome(getattr(mf, name), args, {"wild": wild}) == outcome(GENERAL[name], args, {"wild": wild})
    kinds = ["5z"]
    assert mf.is_win(hand, wild=kinds) is False
    kinds[0] = "7z"  # a list may change between calls: read again, not remembered
    assert mf.is_win(hand, wild=kinds) is True
