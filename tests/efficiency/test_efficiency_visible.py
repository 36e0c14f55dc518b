"""``visible=`` of the efficiency functions: every form it takes, and errors said of ``visible``."""
from __future__ import annotations

import array

import pytest

import mahjong_fast as mf

HAND = "123456789m1234p5z"


def totals(**kw):
    return {d.tile: d.useful.total for d in mf.discard_analysis(HAND, **kw)}


def test_visible_in_every_form_gives_the_same_table():
    seen = mf.to_counts("1p1p4p5z")
    want = totals(visible="1p1p4p5z")
    assert want != totals()
    for form in (seen, bytearray(seen), memoryview(seen), array.array("b", seen), [9, 9, 12, 31],
                 mf.parse("1p1p4p5z"), "🀙🀙🀜🀆"):
        assert totals(visible=form) == want, form
    np = pytest.importorskip("numpy")
    assert totals(visible=np.frombuffer(seen, dtype=np.uint8).astype(np.int64)) == want


def test_a_list_of_ints_is_tiles_even_when_it_has_34_of_them():
    tiles = list(range(34))  # one of every tile: seen, not 34 counts
    assert totals(visible=tiles) == totals(visible=mf.to_counts(tiles))


@pytest.mark.parametrize("bad", ["1p1p1p1p1p", [9] * 5])
def test_a_fifth_copy_in_visible_is_named_as_visible(bad):
    with pytest.raises(ValueError, match="1p appears 5 times in visible"):
        mf.discard_analysis(HAND, visible=bad)


def test_visible_and_hand_together_over_four_name_the_tile():
    with pytest.raises(ValueError, match="5z"):
        mf.discard_analysis(HAND, visible="5z5z5z5z")
