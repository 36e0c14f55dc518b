"""The hu-type kernel (compiled and pure Python) against a naive classifier.

The reference (``support.hu_types.naive_hu``) enumerates every split of the
concealed counts and applies DESIGN.md's rules literally.
"""
from __future__ import annotations

import importlib
import random

import pytest

import mahjong_fast as mf
from mahjong_fast._classify import HuType
from mahjong_fast._dispatch import is_compiled
from mahjong_fast._layout import N_KINDS

from support.hu_types import (
    CONCEALED_KONG,
    HUTYPE_KERNELS,
    meld_bytes,
    naive_hu,
    random_case,
)


@pytest.fixture(params=list(HUTYPE_KERNELS), scope="module")
def kernel(request):
    """The hu-type kernel module of each implementation under test."""
    module = importlib.import_module(HUTYPE_KERNELS[request.param])
    assert is_compiled(module) == (request.param == "c-extension")
    return module


# --- tests ---------------------------------------------------------------------

def test_reference_on_known_hands():
    def hu(text: str) -> int:
        return naive_hu(list(mf.to_counts(text)), [], False)

    assert hu("11223344556677m") == HuType.QI_XIAO_DUI | HuType.QING_YI_SE | HuType.MEN_QING
    assert hu("11112233445566m") & HuType.QI_DA_DUI
    assert hu("119m19p19s1234567z") & HuType.SHI_SAN_YAO
    assert hu("111222333m44455p") & HuType.DUI_DUI_HU
    assert hu("11122233344455z") == HuType.DUI_DUI_HU | HuType.ZI_YI_SE | HuType.MEN_QING


def test_kernel_matches_naive_reference(kernel):
    rng = random.Random(20261130)
    n = 50_000 if is_compiled(kernel) else 20_000
    wins = 0
    for _ in range(n):
        c, melds, self_drawn = random_case(rng)
        expected = naive_hu(c, melds, self_drawn)
        got = kernel.hu_type(bytes(c), meld_bytes(melds), self_drawn)
        assert got == expected, (c, melds, self_drawn, HuType(got), HuType(expected))
        wins += expected != 0
    assert wins > n // 2


def test_kernel_covers_every_flag(kernel):
    rng = random.Random(7)
    seen = 0
    for _ in range(20_000):
        c, melds, self_drawn = random_case(rng)
        seen |= kernel.hu_type(bytes(c), meld_bytes(melds), self_drawn)
    knitted = HuType.QUAN_BU_KAO | HuType.QI_XING_BU_KAO | HuType.ZU_HE_LONG  # only under rules with knitted forms
    assert seen == sum(HuType.SHAPES) + sum(HuType.MODIFIERS) - knitted


@pytest.mark.parametrize("counts, melds", [
    (bytes(33), b""),                                  # 33 values
    (bytes([5] + [0] * 33), b""),                      # a count of 5
    (bytes([2] + [0] * 33), bytes([0 << 6 | 8] * 4)),  # a chow starting at 9m
    (bytes([2] + [0] * 33), bytes([1 << 6 | 34] * 4)),  # tile 34
    (bytes([2] + [0] * 33), bytes([1 << 6 | 1] * 2 + [1 << 6 | 2] * 2)),  # 6 copies of 2m
    (bytes([2] + [0] * 33), bytes([1 << 6 | 1])),      # 5 tiles
])
def test_kernel_errors_agree(kernel, counts, melds):
    pure = importlib.import_module("mahjong_fast._kernels.hutype_py")
    with pytest.raises(ValueError) as expected:
        pure.hu_type(counts, melds)
    with pytest.raises(ValueError) as got:
        kernel.hu_type(counts, melds)
    assert str(got.value) == str(expected.value)


def test_classify_uses_the_kernel_rules():
    rng = random.Random(11)
    for _ in range(3000):
        c, melds, self_drawn = random_case(rng)
        objs = [mf.Meld(("chow", "pung", "kong", "kong")[k], t, k == CONCEALED_KONG)
                for k, t in melds]
        tiles = [t for t in range(N_KINDS) for _ in range(c[t])]
        got = mf.classify(tiles, melds=objs, self_drawn=self_drawn)
        assert int(got) == naive_hu(c, melds, self_drawn)
