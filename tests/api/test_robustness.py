"""No input crashes: every public entry point answers or raises ValueError/TypeError.

The compiled fast paths and the pure-Python wrappers must also agree on which
inputs they accept and what they answer.
"""
from __future__ import annotations

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

import mahjong_fast as mf

from support.impls import general_api

ATOMS = st.sampled_from(
    [0, 1, 33, 34, -1, 2**63, -(2**63), 2**200, 1.5, None, True, "1m", "x", b"\x00", np.int64(3), np.uint8(200)]
)
TILE_LISTS = st.lists(st.integers(-2, 40), max_size=40)
COUNTS = st.one_of(
    st.binary(min_size=33, max_size=35),
    st.lists(st.integers(-1, 6), min_size=33, max_size=35),
    st.builds(lambda xs: np.array(xs, dtype=np.int64), st.lists(st.integers(0, 5), min_size=34, max_size=34)),
)
TEXT = st.text(alphabet="0123456789mpsz []{}WBTFJ东白🀄", max_size=30)
HANDS = st.recursive(st.one_of(ATOMS, TILE_LISTS, COUNTS, TEXT), lambda inner: st.tuples(inner, inner), max_leaves=6)
OPTIONS = st.sampled_from(
    [{}, {"encoding": "counts"}, {"encoding": "index136"}, {"encoding": "decimal"}, {"encoding": 3},
     {"melds": ["123m"]}, {"melds": 5}, {"wild": "7z"}, {"wild": [0, 99]}, {"fifth": 0}]
)
GENERAL_IS_WIN, GENERAL_SHANTEN, GENERAL_WAITS = general_api()
PAIRS = [(mf.is_win, GENERAL_IS_WIN), (mf.waits, GENERAL_WAITS), (mf.shanten, GENERAL_SHANTEN)]


def _outcome(f, hand, options):
    try:
        return f(hand, **options)
    except (ValueError, TypeError) as exc:
        return type(exc)


@settings(max_examples=1500, deadline=None)
@given(HANDS, OPTIONS, st.sampled_from(range(len(PAIRS))))
def test_any_input_answers_or_raises_a_clear_error(hand, options, which):
    fast, slow = PAIRS[which]
    assert _outcome(fast, hand, options) == _outcome(slow, hand, options)


@settings(max_examples=500, deadline=None)
@given(HANDS, st.sampled_from([{}, {"melds": ["123m"]}, {"encoding": "counts"}, {"self_drawn": 1}]))
def test_classify_and_decompose_never_crash(hand, options):
    for f in (mf.classify, mf.decompose):
        opts = dict(options)
        if f is mf.decompose:
            opts.pop("self_drawn", None)
        _outcome(f, hand, opts)
