"""The shared test helpers do what the other tests rely on."""
from __future__ import annotations

import pytest

from mahjong_fast._layout import N_KINDS

from support.hands import counts_of, tiles_of
from support.impls import IMPL_IDS, NO_EXTENSIONS, REPO_ROOT, data_dir, implementations


def test_missing_external_data_fails_and_says_where():
    with pytest.raises(AssertionError, match=r"no-such-data.*not found.*\.\./shared/data/no-such-data"):
        data_dir("no-such-data")


def test_majiang_core_data_is_found_beside_the_checkout():
    path = data_dir("majiang-core")
    assert sorted(p.name for p in path.glob("xiangting_*.json")) == [f"xiangting_{k}.json" for k in (1, 2, 3, 4)]
    assert (REPO_ROOT / "tests" / "support" / "impls.py").is_file()


def test_implementations_follow_the_switch():
    assert IMPL_IDS == (("pure-python",) if NO_EXTENSIONS else ("c-extension", "pure-python"))
    assert [impl.name for impl in implementations()] == list(IMPL_IDS)
    assert [impl.compiled for impl in implementations()] == [name == "c-extension" for name in IMPL_IDS]


def test_counts_of():
    counts = counts_of("123m0p99s77z")
    assert len(counts) == N_KINDS and sum(counts) == 8
    assert tiles_of(counts) == [0, 1, 2, 13, 26, 26, 33, 33]
