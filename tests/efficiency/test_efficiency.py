"""The public tile-efficiency API: useful_tiles, discard_analysis, their batches and the text.

Tested as dispatched (the suite runs again under ``MAHJONG_FAST_NO_EXTENSIONS=1``); answers are
checked against a brute force through the public ``mf.shanten`` (remove each tile, add each
tile), on a few hundred hands (a few dozen on pure Python).
"""
from __future__ import annotations

import random

import pytest

import mahjong_fast as mf
from mahjong_fast import _dispatch, _efficiency, _efficiency_batch
from mahjong_fast._hand import as_hand
from mahjong_fast._layout import N_KINDS
from mahjong_fast._options import read_options
from mahjong_fast._rules import RULES

from support.hands import melds_and_limits, mixed_hand

np = pytest.importorskip("numpy")
COMPILED = _dispatch.is_compiled(_dispatch.efficiency)
T = mf.Tile
NOTATIONS = ("mpsz", "mjai", "botzone", "unicode", "chinese")


def n_hands(compiled: int, pure: int) -> int:
    return compiled if COMPILED else pure


def tiles_of(counts) -> list[int]:
    return [t for t in range(N_KINDS) for _ in range(counts[t])]


def brute_useful(hand, melds=(), seen=None, rules=None):
    """(shanten, {tile: unseen}) of a 3n+1 hand through the public shanten."""
    h = mf.Hand(hand, melds)
    s = mf.shanten(h, rules=rules)
    limits = RULES[rules or "chinese"].limits
    seen = seen or [0] * N_KINDS
    counts = {}
    for t in range(N_KINDS):
        if h.all_counts[t] < limits[t]:
            if mf.shanten(sorted([*h.tiles, t]), melds=melds, rules=rules) < s:
                counts[T(t)] = limits[t] - h.all_counts[t] - seen[t]
    return s, counts


# ---------------------------------------------------------------- worked examples

def test_worked_example():
    table = mf.discard_analysis("456m2379p23455s44z", two_step=True)
    assert table.shanten == 1
    best = table[0]
    assert (str(best.tile), best.shanten, best.backward) == ("7p", 1, False)
    assert [str(t) for t in best.useful.tiles] == ["1p", "4p", "5s", "4z"]
    assert best.useful.counts == {T.from_str("1p"): 4, T.from_str("4p"): 4, T.from_str("5s"): 2, T.from_str("4z"): 2}
    assert best.useful.total == 12
    assert best.two_step == pytest.approx(64 / 12)
    assert best.improvements is None
    assert [str(d.tile) for d in table][:2] == ["7p", "9p"]
    assert all(d.backward == (d.shanten > 1) for d in table)


def test_useful_tiles_shape():
    u = mf.useful_tiles("123m456p789s1122z")
    assert (u.shanten, [str(t) for t in u.tiles], u.total) == (0, ["1z", "2z"], 4)
    assert u.counts == {T.from_str("1z"): 2, T.from_str("2z"): 2}
    assert isinstance(u.tiles[0], mf.Tile) and u.tiles == sorted(u.tiles)


def test_visible_subtracts_and_stays_useful_at_zero():
    u = mf.useful_tiles("123m456p789s1122z", visible="11z2z")
    assert u.counts == {T.from_str("1z"): 0, T.from_str("2z"): 1}
    assert u.total == 1 and [str(t) for t in u.tiles] == ["1z", "2z"]
    counts = bytes(1 if t == 28 else 0 for t in range(N_KINDS))
    assert mf.useful_tiles("123m456p789s1122z", visible=counts).total == 3
    assert mf.useful_tiles("123m456p789s1122z", visible=np.array(list(counts))).total == 3
    assert mf.useful_tiles("123m456p789s1122z", visible=[28]).total == 3


def test_discarded_tile_is_unseen_again():
    table = mf.discard_analysis("123m456p789s11223z")
    row = next(d for d in table if str(d.tile) == "1z")
    assert row.useful.counts[T.from_str("1z")] == 3  # two held before the discard, one is back


def test_complete_hand_every_discard_backward():
    table = mf.discard_analysis("123m456p789s11z222z")
    assert table.shanten == -1 and all(d.backward for d in table) and len(table) == 11


def test_order_and_tie_break():
    for hand in ("23346m2345p12388s", "1112345678999m1z", "19m19p19s1234567z6z"):
        rows = list(mf.discard_analysis(hand))
        keys = [(d.shanten, -d.useful.total, int(d.tile)) for d in rows]
        assert keys == sorted(keys)
        assert len({d.tile for d in rows}) == len(rows)


def test_two_step_undefined_is_zero_and_tenpai_improvements():
    table = mf.discard_analysis("123m456p789s11223z", two_step=True)
    ready = [d for d in table if d.shanten == 0]
    assert ready and all(d.two_step == 0.0 and isinstance(d.improvements, dict) for d in ready)
    one = [d for d in table if d.shanten == 1]
    assert all(d.good_shape is not None and 0 <= d.good_shape <= 1 for d in one if d.useful.total)
    assert all(d.improvements is None for d in one)
    # a single wait on 1z; drawing 2s or 5s and discarding 1z waits on 2s and 5s (6 unseen > 3)
    tanki = next(d for d in mf.discard_analysis("123m456p789s234s1z7z", two_step=True) if str(d.tile) == "7z")
    assert tanki.shanten == 0 and [str(t) for t in tanki.useful.tiles] == ["1z"]
    assert {str(t) for t in tanki.improvements} >= {"2s", "5s"}
    assert not {"1z", "7z", "3s"} & {str(t) for t in tanki.improvements}


# ---------------------------------------------------------------- brute force through mf.shanten

@pytest.mark.parametrize("rules", [None, "riichi", "riichi3", "sichuan", "gb"])
def test_against_public_shanten(rules):
    rng = random.Random(7)
    limits = RULES[rules or "chinese"].limits
    exist = [t for t in range(N_KINDS) if limits[t]]
    for i in range(n_hands(120, 3)):
        wall = [t for t in exist for _ in range(4)]
        hand = sorted(rng.sample(wall, 14))
        seen = [0] * N_KINDS
        if i % 2:
            for t in rng.sample(exist, 6):
                seen[t] = rng.randint(0, limits[t] - hand.count(t))
        table = mf.discard_analysis(hand, visible=bytes(seen), rules=rules)
        assert table.shanten == mf.shanten(hand, rules=rules)
        assert sorted(int(d.tile) for d in table) == sorted(set(hand))
        for d in table:
            rest = list(hand)
            rest.remove(int(d.tile))
            s, counts = brute_useful(rest, seen=seen, rules=rules)
            assert (d.shanten, d.useful.counts, d.backward) == (s, counts, s > table.shanten), (hand, d)


def test_melds_against_public_shanten():
    rng = random.Random(8)
    for _ in range(n_hands(150, 5)):
        used, _ = melds_and_limits(rng, 1)
        melds = []
        t = next(t for t in range(N_KINDS) if used[t])
        kind = "chow" if used[t] == 1 else "pung" if used[t] == 3 else "kong"
        melds = [mf.Meld(kind, t)]
        pool = [u for u in range(N_KINDS) for _ in range(4 - used[u])]
        hand = rng.sample(pool, 10)
        u = mf.useful_tiles(hand, melds=melds)
        s, counts = brute_useful(hand, melds)
        assert (u.shanten, u.counts) == (s, counts)


def test_wild():
    rng = random.Random(9)
    for _ in range(n_hands(60, 3)):
        hand = tiles_of(mixed_hand(rng, 13))
        u = mf.useful_tiles(hand, wild="5z")
        s = mf.shanten(hand, wild="5z")
        useful = [T(t) for t in range(N_KINDS) if hand.count(t) < 4 and mf.shanten(sorted([*hand, t]), wild="5z") < s]
        assert (u.shanten, u.tiles) == (s, useful)


# ---------------------------------------------------------------- errors

def test_errors():
    with pytest.raises(ValueError, match="3n\\+1"):
        mf.useful_tiles("123m456p789s11223z")
    with pytest.raises(ValueError, match="3n\\+2"):
        mf.discard_analysis("123m456p789s1122z")
    with pytest.raises(ValueError, match="1z: hand, melds and visible hold 5 copies"):
        mf.useful_tiles("123m456p789s1122z", visible="111z")
    with pytest.raises(ValueError, match="visible holds 2m, which does not exist"):
        mf.useful_tiles("19m123p456p789s11z", visible="2m", rules="riichi3")
    with pytest.raises(ValueError, match="hand holds 1z"):
        mf.useful_tiles("123m456p789s1122z", rules="sichuan")
    with pytest.raises(ValueError, match="unknown rules"):
        mf.useful_tiles("123m456p789s1122z", rules="nope")
    with pytest.raises(TypeError, match="two_step"):
        mf.discard_analysis("123m456p789s11223z", two_step=1)
    with pytest.raises(TypeError, match="fifth"):
        mf.useful_tiles("123m456p789s1122z", fifth=None)
    with pytest.raises(ValueError, match="visible"):
        mf.useful_tiles("123m456p789s1122z", visible=bytes([5]) * N_KINDS)
    with pytest.raises(IndexError):
        mf.discard_analysis("123m456p789s11223z")[99]


def test_quick_lane_matches_general_path():
    rng = random.Random(10)
    for _ in range(n_hands(300, 10)):
        hand = tiles_of(mixed_hand(rng, 14))
        quick = mf.discard_analysis(hand)
        general = mf.discard_analysis(mf.Hand(hand))
        assert [(d.tile, d.shanten, d.useful) for d in quick] == [(d.tile, d.shanten, d.useful) for d in general]
    assert len(mf.discard_analysis([0, 0])) == 1
    with pytest.raises(ValueError):
        mf.discard_analysis([0, 0, 0, 0, 0])


@pytest.mark.parametrize("rules", ["riichi", "riichi3", "sichuan", "gb", RULES["riichi"]])
def test_quick_lane_under_rules_matches_general_path(rules):
    """A list of ints under ``rules=`` takes the quick lane; a ``Hand`` the general path: same
    tables, same useful tiles, same errors (a tile the rules leave out)."""
    rng = random.Random(11)
    for _ in range(n_hands(200, 10)):
        hand = tiles_of(mixed_hand(rng, 14))
        try:
            general = mf.discard_analysis(mf.Hand(hand), rules=rules)
        except ValueError as exc:
            with pytest.raises(ValueError, match=str(exc).split(",")[0]):
                mf.discard_analysis(hand, rules=rules)
            continue
        quick = mf.discard_analysis(hand, rules=rules)
        assert [(d.tile, d.shanten, d.useful) for d in quick] == [(d.tile, d.shanten, d.useful) for d in general]
        assert mf.useful_tiles(hand[1:], rules=rules) == mf.useful_tiles(mf.Hand(hand[1:]), rules=rules)


@pytest.mark.parametrize("rules", [None, "riichi", RULES["riichi"]])
def test_quick_lane_with_two_step_matches_general_path(rules):
    """``two_step=True`` on a list of ints takes the quick lane too: every figure of every row
    (two-step, improvements, good shape) as the general path gives it for the same hand as a ``Hand``."""
    def rows(table):
        return [(d.tile, d.shanten, d.useful, d.two_step, d.improvements, d.good_shape) for d in table]

    rng = random.Random(12)
    for _ in range(n_hands(150, 1)):
        hand = tiles_of(mixed_hand(rng, 14))
        try:
            general = mf.discard_analysis(mf.Hand(hand), rules=rules, two_step=True)
        except ValueError as exc:
            with pytest.raises(ValueError, match=str(exc).split(",")[0]):
                mf.discard_analysis(hand, rules=rules, two_step=True)
            continue
        assert rows(mf.discard_analysis(hand, rules=rules, two_step=True)) == rows(general)
        assert rows(mf.discard_analysis(tuple(hand), rules=rules, two_step=True)) == rows(general)


def _args_cases(rng):
    """Calls of every kind the C reader of the efficiency arguments meets: hands as ints, text and
    a Hand, melds, visible as a list, counts or text, each preset, wild kinds, and bad input."""
    for _ in range(n_hands(400, 40)):
        size = rng.choice((14, 13, 11, 10))
        counts = mixed_hand(rng, size)
        hand = tiles_of(counts)
        melds = []
        if size < 13:
            used, _ = melds_and_limits(rng, 1)
            t = next(t for t in range(N_KINDS) if used[t])
            melds = [mf.Meld("chow" if used[t] == 1 else "pung" if used[t] == 3 else "kong", t)]
            melds = rng.choice((melds, [str(melds[0])]))
        seen = [0] * N_KINDS
        for t in rng.sample(range(N_KINDS), rng.randrange(6)):
            seen[t] = rng.randrange(3)
        visible = rng.choice((None, tiles_of(seen), bytes(seen), mf.format(tiles_of(seen)) if any(seen) else "", [],
                              mf.format(tiles_of(seen), notation=rng.choice(NOTATIONS))))
        form = rng.choice((hand, tuple(hand), mf.format(hand), mf.Hand(hand)))
        rules = rng.choice((None, "riichi", "chinese", "riichi3", "sichuan", "gb", RULES["riichi"]))
        wild = rng.choice((None, None, None, "5z", [T(33)]))
        yield form, melds, visible, rules, wild
    yield [0, 0, 0, 0, 0], (), None, None, None             # five copies
    yield list(range(14)), (), [0, 0, 0, 0], None, None      # hand and visible: five copies of 1m
    yield list(range(14)), (), bytes(33), None, None         # 33 counts
    yield list(range(14)), (), [34], None, None              # not a tile
    yield [1, 2, 3] + list(range(9, 20)), (), None, "riichi3", None  # 2m under three-player riichi
    yield list(range(14)), (), None, "nonsense", None
    yield list(range(14)), (), None, None, 7                 # a wild that is no tile form


@pytest.mark.skipif(not COMPILED, reason="the compiled reader of the efficiency arguments")
def test_compiled_argument_reader_matches_the_general_one():
    """Where the C reader answers it gives exactly ``_kernel_args``'s arguments; where the general
    reader raises it leaves the call to it (None)."""
    rng = random.Random(31)
    answered = 0
    for hand, melds, visible, rules, wild in _args_cases(rng):
        for residue, name in ((2, "discard_analysis"), (1, "useful_tiles")):
            try:
                options = read_options(melds=melds, visible=visible, rules=rules, wild=wild)
                want = _efficiency._kernel_args(hand, options, residue, name)
            except (ValueError, TypeError):
                want = None
            got = _dispatch.api_fast.efficiency_args(
                hand, melds, visible, _efficiency._DEFAULT_RULES if rules is None else rules, wild, True, None,
                residue,
            )
            if got is not None:
                answered += 1
                assert got == want, (hand, melds, visible, rules, wild, residue)
    assert answered > n_hands(150, 15)


def _tile_lists(rng):
    """Lists of seen tiles as ``visible=`` and ``dora=`` take them: 1 to 136 tiles in every
    notation and as index34 ints, red fives, and damaged ones (a character added or dropped, a
    fifth copy, a meld, a bad tile)."""
    for _ in range(n_hands(500, 50)):
        seen = [0] * N_KINDS
        for t in rng.sample(range(N_KINDS), rng.randrange(1, N_KINDS + 1)):
            seen[t] = rng.randrange(1, 5)
        tiles = tiles_of(seen)
        rng.shuffle(tiles)
        text = mf.format(tiles, notation=rng.choice(NOTATIONS))
        yield tiles
        yield tuple(tiles)
        yield text
        for five, red in (("5m", "0m"), ("5p", "0p"), ("5s", "0s"), ("5m", "5mr"), ("5s", "5sr")):
            if five in text:
                yield text.replace(five, red, rng.randrange(1, 3))
        at = rng.randrange(len(text) + 1)
        yield text[:at] + rng.choice("0123456789mpszEWrC[]{} ,万东🀄x") + text[at:]
        yield text[:at] + text[at + 1:]
        yield text + " " + mf.format([tiles[0]] * 4, notation=rng.choice(NOTATIONS))
        yield tiles + [rng.choice((tiles[0], 34, -1, True, 3.0))]
    yield ""
    yield "   "
    yield "123m[456p]"
    yield "1m" * 200


@pytest.mark.skipif(not COMPILED, reason="the compiled reader of lists of seen tiles")
def test_compiled_tile_list_reader_matches_as_hand():
    """``tile_list`` (how ``discard_values`` reads ``visible`` and ``dora``) gives ``as_hand``'s
    counts and red fives wherever it answers, and leaves to it whatever it raises on."""
    rng = random.Random(47)
    answered = refused = 0
    for tiles in _tile_lists(rng):
        for encoding in (None, "index34"):
            got = _dispatch.api_fast.tile_list(tiles, encoding)
            try:
                h = as_hand(tiles, (), encoding, "visible")
                want = (bytes(h.counts), tuple(h.red))
            except (ValueError, TypeError):
                want = None
            if got is not None:
                answered += 1
                assert encoding is None and got == want, (tiles, got, want)
            elif want is None:
                refused += 1
    assert answered > n_hands(2000, 200) and refused > n_hands(500, 50)


# ---------------------------------------------------------------- batches

def _rows(seed, n, size):
    rng = random.Random(seed)
    return np.array([mixed_hand(rng, size) for _ in range(n)], dtype=np.uint8)


@pytest.mark.parametrize("threads", [None, 1, 2, 3])
def test_batch_equals_single_calls(threads):
    n = n_hands(600, 8)
    c14 = _rows(1, n, 14)
    c13 = _rows(2, n, 13)
    seen = np.zeros((n, N_KINDS), dtype=np.int64)
    seen[:, 27] = np.minimum(1, 4 - c14[:, 27])
    got = mf.discard_analysis_batch(c14, visible=seen, threads=threads)
    for r in range(0, n, 7):
        table = mf.discard_analysis(c14[r].tobytes(), encoding="counts", visible=seen[r].astype(np.uint8).tobytes())
        want_sh = np.full(N_KINDS, _efficiency_batch.NOT_HELD, dtype=np.int8)
        want_u = np.zeros(N_KINDS, dtype=np.int16)
        for d in table:
            want_sh[int(d.tile)] = d.shanten
            want_u[int(d.tile)] = d.useful.total
        assert (got.shanten[r] == want_sh).all() and (got.useful[r] == want_u).all()
        held = c14[r] > 0
        assert (got.keep[r] == (held & (want_sh == table.shanten))).all()
        assert (got.back[r] == (held & (want_sh > table.shanten))).all()
    sh, mask, tot = mf.useful_tiles_batch(c13, threads=threads)
    for r in range(0, n, 7):
        u = mf.useful_tiles(c13[r].tobytes(), encoding="counts")
        assert (sh[r], tot[r]) == (u.shanten, u.total)
        assert [T(t) for t in np.nonzero(mask[r])[0]] == u.tiles


def test_batch_dtypes_layouts_and_inputs_untouched():
    c = _rows(3, n_hands(50, 6), 14)
    want = mf.discard_analysis_batch(c)
    for arr in (c.astype(np.int64), np.asfortranarray(c.astype(np.int16)), c.astype(np.uint32)[::-1][::-1]):
        before = arr.copy()
        got = mf.discard_analysis_batch(arr)
        assert (arr == before).all()
        assert all((a == b).all() for a, b in zip(got, want))
    seen = np.zeros(N_KINDS, dtype=np.int8)
    mf.useful_tiles_batch(_rows(4, 5, 13), visible=seen)
    assert want.shanten.dtype == np.int8 and want.useful.dtype == np.int16 and want.keep.dtype == bool
    sh, mask, tot = mf.useful_tiles_batch(_rows(4, 5, 13))
    assert (sh.dtype, mask.dtype, tot.dtype, mask.shape) == (np.int8, bool, np.int16, (5, N_KINDS))


def test_batch_errors_name_the_row():
    c = _rows(5, 10, 14)
    bad = c.copy()
    bad[6, 0] += 1
    bad[6, 1] = 0
    bad[6, 2] = 0
    with pytest.raises(ValueError, match="row 6"):
        mf.discard_analysis_batch(bad)
    with pytest.raises(ValueError, match="row 3"):
        mf.useful_tiles_batch(np.vstack([_rows(6, 3, 13), c[:1], _rows(7, 2, 13)]))
    seen = np.zeros((10, N_KINDS), dtype=np.uint8)
    t = int(np.argmax(c[4]))
    seen[4, t] = 5 - c[4, t]
    with pytest.raises(ValueError, match=f"counts row 4: tile {mf.Tile(t)}"):
        mf.discard_analysis_batch(c, visible=seen)
    with pytest.raises(ValueError, match="row 2 holds 1z, which does not exist"):
        mf.discard_analysis_batch(np.array([[1] * 14 + [0] * 20] * 2 + [[0] * 27 + [2] + [0] * 6]), rules="sichuan")
    with pytest.raises(TypeError):
        mf.discard_analysis_batch(c.astype(float))
    with pytest.raises(ValueError, match="visible"):
        mf.discard_analysis_batch(c, visible=np.zeros((3, N_KINDS), dtype=np.uint8))


# ---------------------------------------------------------------- text

def test_render():
    text = mf.discard_analysis("456m2379p23455s44z", two_step=True).render()
    lines = text.splitlines()
    assert lines[0] == "shanten 1"
    assert lines[1].startswith("打 7p → 摸 1p 4p 5s 4z, 12 枚, two-step 5.33")
    assert "向听倒退" in lines[-1]
    assert mf.useful_tiles("123m456p789s1122z", visible="1z").render() == "shanten 0: 摸 1z×1 2z×2, 3 枚"
    assert mf.useful_tiles("123m456p789s1122z").render(plain=True) == "shanten 0: draw 1z x2 2z x2, 4 tiles"
    plain = mf.discard_analysis("456m2379p23455s44z", two_step=True).render(plain=True).splitlines()
    assert plain[1].startswith("discard 7p -> draw 1p 4p 5s 4z, 12 tiles, two-step 5.33, good shape 33%")
    assert plain[-1].endswith("backward)") and all(line.isascii() for line in plain)


@pytest.mark.skipif(not COMPILED, reason="pure Python rows hold the GIL; the compiled run covers it")
@pytest.mark.parametrize("threads", [1, 2])
def test_ctrl_c_interrupts_a_long_batch(threads):
    from support.interrupt import assert_interrupted_early, interrupt_batch

    hand = [0, 0, 0, 1, 2, 3, 4, 5, 6, 7, 8, 8, 8, 27]
    assert_interrupted_early(interrupt_batch(f"discard_analysis_batch(counts, threads={threads})", hand, 2_000_000))


@pytest.mark.parametrize("two_step", [False, True])
def test_a_discard_analysis_survives_pickling(two_step):
    # A table goes to another process (multiprocessing, Dask) by pickle; the compiled kernel's
    # own pickling once cut its shanten array at the first 0 and failed with IndexError.
    import pickle

    rng = random.Random(7)
    for _ in range(8):
        table = mf.discard_analysis(tiles_of(mixed_hand(rng, 14)), two_step=two_step)
        table[0]  # a row built before pickling is built again after
        back = pickle.loads(pickle.dumps(table))
        assert type(back) is type(table) and back.shanten == table.shanten and len(back) == len(table)
        assert [repr(row) for row in back] == [repr(row) for row in table]
        assert [(row.useful, row.two_step, row.improvements, row.good_shape) for row in back] == [
            (row.useful, row.two_step, row.improvements, row.good_shape) for row in table]
