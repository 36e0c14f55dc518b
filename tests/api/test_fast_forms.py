"""The quick readers of the input forms give exactly the answers and errors of the general path.

Each public call below is made beside the general function behind it (``_api.GENERAL``), and each
``Hand`` and ``parse`` with the fast object readers installed and with none, on random input that
is mostly well formed and sometimes not: same answer, or same exception type and message.  The
forms: text in each notation (read in one pass: one-byte mpsz, mjai and botzone text by the mark it
ends in, two-byte Chinese, four-byte Unicode tiles; mixed notations and damaged text included),
a list or tuple of index34 ints beside melds as text or ``Meld`` objects, and 34 counts as a list
or tuple of ints.  Both implementations: in a pure run the public functions are the pure fast paths.
"""
from __future__ import annotations

import random

import pytest

import mahjong_fast as mf
from mahjong_fast import _api
from mahjong_fast._layout import N_KINDS, SUIT_SIZE
from mahjong_fast._tile_names import BOTZONE_NAMES, MJAI_NAMES

from support.readers import general_only, outcome

FUNCTIONS = ("is_win", "shanten", "waits")
WALL = [t for t in range(N_KINDS) for _ in range(4)]


def same_answers(hand, **kwargs):
    """Every function's public call and general call agree on ``hand``; so do ``Hand`` and ``parse``."""
    for name in FUNCTIONS:
        fast = outcome(getattr(mf, name), hand, **kwargs)
        general = outcome(_api.GENERAL[name], hand, **kwargs)
        assert fast == general, (name, hand, kwargs)
    builds = [lambda: mf.Hand(hand, **kwargs)]
    if isinstance(hand, str) and not kwargs:
        builds.append(lambda: mf.parse(hand))
    for build in builds:
        fast = outcome(build)
        with general_only():
            general = outcome(build)
        assert fast == general, (hand, kwargs)


def _hand_tiles(rng):
    n = rng.choice([1, 2, 4, 5, 7, 8, 10, 11, 13, 13, 14, 14, 14])
    if rng.random() < 0.5:  # near a win: runs and pairs
        tiles = []
        while len(tiles) < n:
            t = rng.randrange(N_KINDS)
            tiles += [t, t] if rng.random() < 0.4 else ([t, t + 1, t + 2] if t % 9 < 7 and t < 27 else [t])
        return sorted(tiles[:n])
    return sorted(rng.sample(WALL, n))


MJAI_STRAYS = ("0m", "5mr", "5pr", "5sr", "6mr", "e", "r", "1z", "5", "m", "W1", "x", "é", "[", "]", "{1111z}",
               "[5mr 5m 5m]", "?", "\t", ";", ",", "  ")
BOTZONE_STRAYS = ("W0", "F5", "J4", "J0", "w1", "j3", "W", "1", ";", "E", "P", "é", "[W1 W2 W3]", "{F1 F1 F1 F1}",
                  "\t", ",", "  ", "B")


def mjai_text(rng):
    """A hand in mjai, honours last as mjai writes them; red fives, separators and strays at random."""
    names = [MJAI_NAMES[t] for t in _hand_tiles(rng)]
    names = [name + "r" if name[0] == "5" and name[1] != "z" and rng.random() < 0.3 else name for name in names]
    if rng.random() < 0.3:
        rng.shuffle(names)
    sep = rng.choice([" ", " ", "", ",", " ; ", "\t", "\n"])
    text = sep.join(names) + rng.choice(["", "", " ", "\n", ","])
    return _stray(rng, text, MJAI_STRAYS)


def botzone_text(rng):
    """A hand in botzone codes, separators and strays at random."""
    names = [BOTZONE_NAMES[t] for t in _hand_tiles(rng)]
    if rng.random() < 0.2:
        names = [name.lower() for name in names]
    sep = rng.choice([" ", " ", "", ",", "\t", "\n"])
    return _stray(rng, sep.join(names) + rng.choice(["", "", " ", ","]), BOTZONE_STRAYS)


def _stray(rng, text, strays):
    for _ in range(rng.choice([0, 0, 0, 1, 2])):
        at = rng.randrange(len(text) + 1)
        text = text[:at] + rng.choice(strays) + text[at:]
    return text


@pytest.mark.parametrize("seed", range(3))
def test_mjai_and_botzone_text_match_the_general_path(seed):
    rng = random.Random(900 + seed)
    for _ in range(1500):
        same_answers(mjai_text(rng))
        same_answers(botzone_text(rng))


MPSZ_STRAYS = ("0", "0m", "0z", "8z", "9z", "5z5z5z5z5z", "m", "z", "1", " ", "\t", ",", ";", "  ", "x", "é", "M",
               "[123m]", "{1111z}", "1m1", "0p0p", "E", "r")


def mpsz_text(rng):
    """A hand in mpsz, grouped by suit or tile by tile, red fives and separators and strays at random."""
    tiles = _hand_tiles(rng)
    if rng.random() < 0.5:
        words = [mf.format(tiles)]
    else:
        words = [mf.format([t]) for t in tiles]
    words = [w.replace("5", "0", 1) if rng.random() < 0.2 and w[-1] != "z" else w for w in words]
    text = rng.choice([" ", "", ",", ";", "\t"]).join(words) + rng.choice(["", "", " ", ","])
    return _stray(rng, text, MPSZ_STRAYS)


@pytest.mark.parametrize("seed", range(3))
def test_mpsz_text_matches_the_general_path(seed):
    """Plain mpsz text, read in one pass by the quick path (``_mpsz_counts``), answers as the general
    path: red fives, separators, fifth copies, honours past 7z, digits without a suit, 15 tiles."""
    rng = random.Random(950 + seed)
    for _ in range(1500):
        same_answers(mpsz_text(rng))


CHINESE_VARIANTS = {"万": ("萬",), "筒": ("饼", "餅"), "条": ("索", "條"),
                    "东": ("东风", "東", "東風"), "南": ("南风", "南風"),
                    "西": ("西风", "西風"), "北": ("北风", "北風"), "白": ("白板",),
                    "发": ("发财", "發", "發財", "青发"), "中": ("红中", "紅中")}
CHINESE_STRAYS = ("、", "，", ",", ";", " ", "\t", "十万", "一", "万", "东風", "發财", "青", "红",
                  "0万", "９万", "１筒", "1条", "W1", "1m", "E", "é", "[一万二万三万]", "{东东东东}",
                  "\U0001F007", "五万五万五万五万五万", "x", "\u3000")
UNICODE_STRAYS = ("\ufe0f", "\ufe0e", "、", "，", " ", ";", "\U0001F02A", "\U0001F022", "\U0001F02F", "一万", "1m", "E",
                  "[\U0001F007\U0001F008\U0001F009]", "{\U0001F000\U0001F000\U0001F000\U0001F000}", "x", "é",
                  "\U0001F007" * 5, "\U0001F0A1")


def chinese_text(rng):
    """A hand in Chinese: numerals or digits (full width too) and the suits' and honours' other names."""
    words = []
    for t in _hand_tiles(rng):
        word = mf.format([t], "chinese")
        if rng.random() < 0.3:
            for plain, others in CHINESE_VARIANTS.items():
                word = word.replace(plain, rng.choice(others))
        if t < 27 and rng.random() < 0.15:
            word = rng.choice(["123456789", "１２３４５６７８９"])[t % SUIT_SIZE] + word[1:]
        words.append(word)
    sep = rng.choice([" ", " ", "", "、", "，", ",", "\t"])
    return _stray(rng, sep.join(words) + rng.choice(["", "", " ", "、"]), CHINESE_STRAYS)


def unicode_text(rng):
    """A hand of Unicode tiles, variation selectors and separators and strays at random."""
    names = [mf.format([t], "unicode") for t in _hand_tiles(rng)]
    if rng.random() < 0.3:
        names = [name + rng.choice(["\ufe0f", "\ufe0e"]) for name in names]
    sep = rng.choice(["", "", " ", "，", "、", ","])
    return _stray(rng, sep.join(names) + rng.choice(["", "", " "]), UNICODE_STRAYS)


@pytest.mark.parametrize("seed", range(3))
def test_chinese_and_unicode_text_match_the_general_path(seed):
    """Chinese (two-byte) and Unicode-tile (four-byte) text, read in one pass by the quick path
    (``_chinese_counts``, ``_unicode_counts``), answers as the general path, damaged text included."""
    rng = random.Random(970 + seed)
    for _ in range(1500):
        same_answers(chinese_text(rng))
        same_answers(unicode_text(rng))


@pytest.mark.parametrize("seed", range(3))
def test_mixed_notations_match_the_general_path(seed):
    """Text in two notations at once, or one notation's tile in another's text: the quick readers
    take a notation only where detection would (by the last mark, the first mark, the width)."""
    rng = random.Random(990 + seed)
    makers = (mjai_text, botzone_text, mpsz_text, chinese_text, unicode_text)
    for _ in range(1500):
        first, second = rng.choice(makers)(rng), rng.choice(makers)(rng)
        at = rng.randrange(len(first) + 1)
        cut = rng.randrange(len(second) + 1)
        same_answers(first[:at] + rng.choice(["", " "]) + second[:cut])


def test_text_by_what_it_ends_in():
    """mjai known by its last mark; text ending in a suit letter read as mpsz first; the rest detected."""
    for hand in ("1m 2m 3m 4p 5p 6p 7s 8s 9s E E E N N", "1m1m1m2m3m4m5mr6m7m8m9m9m9m", "1m 2m 3m E E ,;\t",
                 "E 1m", "W1 1m", "1m W1 W2", "W1 E", "E W1", "rW1", "1mr W1", "5mr W1", "W1 5mr", "W1W2W3", ",W1,",
                 "W1 W1 W1 W1 W1", "J3 J3 J3 E", "é W1", "W1 é1", "W19", "W 1", "1 W1", "F4 F5", "J0",
                 "123m456p789s111z22z", "1m 2m 3m 5mr 5m 5m 7p 8p 9p 1s 1s 1s 2s 2s", "W1 W2 W3 F1 F1",
                 "W1 W2 W3 E", "1m 2m 3m W1", "E", "r", "5r", "5mr", "1m1r", "é E", "1m 2m [3m 4m 5m] E",
                 "1m 2m 3m [E E E]", "W1 W1 [W2 W3 W4]", " ", "", "0m 5m 5m E E"):
        same_answers(hand)


def _meld(rng, held):
    """A meld as text (bare, bracketed, red, spaced, in another notation) or a ``Meld``; sometimes bad."""
    t = rng.randrange(N_KINDS)
    if t < 27 and t % SUIT_SIZE < 7 and rng.random() < 0.4:
        tiles, meld = [t, t + 1, t + 2], mf.Meld.chow(t)
    elif rng.random() < 0.75:
        tiles, meld = [t] * 3, mf.Meld.pung(t)
    else:
        concealed = rng.random() < 0.4
        tiles, meld = [t] * 4, mf.Meld.kong(t, concealed=concealed)
    held += tiles
    form = rng.random()
    if form < 0.4:
        return meld
    text = mf.format(tiles)
    if form < 0.5 and "5" in text[:-1] and text[-1] != "z":
        text = text.replace("5", "0", 1)
    elif form < 0.6:
        text = mf.format(tiles, rng.choice(["mjai", "botzone", "chinese", "unicode"]))
    if getattr(meld, "concealed", False):
        text = "{" + text + "}"
    elif rng.random() < 0.3:
        text = "[" + text + "]"
    if rng.random() < 0.2:
        text = rng.choice([" ", "\t", ""]) + text + rng.choice([" ", "\n", ""])
    if rng.random() < 0.08:
        text = rng.choice(["123z", "12m", "[12m]", "{123m}", "1234m", "11m 1m", "[111m", "111m]", "[111m][222m]",
                           "5mr5m5m", "", " ", "x", "1111m1m", "1m 1m 1m", "９９９万"])
    return text


@pytest.mark.parametrize("seed", range(3))
def test_ints_beside_melds_match_the_general_path(seed):
    rng = random.Random(950 + seed)
    for _ in range(2000):
        held: list[int] = []
        melds = [_meld(rng, held) for _ in range(rng.choice([1, 1, 2, 3, 3, 4, 5]))]
        size = max(1, 14 - 3 * len(melds) - rng.choice([0, 0, 1, 2, 3]))
        near = [t for t in held if rng.random() < 0.2]
        tiles = (near + rng.sample(WALL, size))[:size]
        if rng.random() < 0.05:
            tiles[rng.randrange(len(tiles))] = rng.choice([34, -1, True, mf.Tile(3), 2**70, "1m"])
        hand = tiles if rng.random() < 0.7 else tuple(tiles)
        if rng.random() < 0.1:
            melds = rng.choice([tuple(melds), melds[0], melds + [None], melds + [5], [[0, 1, 2]]])
        same_answers(hand, melds=melds)


@pytest.mark.parametrize("seed", range(2))
def test_counts_tuples_and_lists_match_the_general_path(seed):
    rng = random.Random(980 + seed)
    odd = (5, -1, True, 2**70, 1.0, 256, mf.Tile(0))
    for _ in range(2000):
        counts = [0] * N_KINDS
        for t in rng.sample(WALL, rng.choice([0, 1, 2, 5, 8, 11, 13, 14, 14, 15])):
            counts[t] += 1
        if rng.random() < 0.1:
            counts[rng.randrange(N_KINDS)] = rng.choice(odd)
        if rng.random() < 0.05:
            counts = counts[: rng.randrange(N_KINDS + 2)] + [0] * rng.randrange(2)
        hand = counts if rng.random() < 0.5 else tuple(counts)
        kwargs = {"encoding": "counts"}
        if rng.random() < 0.1:
            kwargs["melds"] = rng.choice([["123m"], [mf.Meld.pung(33)], ()])
        same_answers(hand, **kwargs)
