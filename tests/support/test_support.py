"""The shared test helpers do what the other tests rely on."""
from __future__ import annotations

import random

import pytest

from mahjong_fast._bench.hands import KNITTED_SETS
from mahjong_fast._layout import N_KINDS

from support.hands import counts_of, mixed_hand, tile_counts, tiles_of
from support.hu_rules import KNITTED_SETS as SPELLED
from support.impls import IMPL_IDS, NO_EXTENSIONS, REPO_ROOT, data_dir, implementations


def test_missing_data_fails_and_says_where():
    with pytest.raises(AssertionError, match=r"no-such-data.*not found at .*tests/data/no-such-data"):
        data_dir("no-such-data")


def test_majiang_core_data_is_in_the_repository():
    path = data_dir("majiang-core")
    assert path == REPO_ROOT / "tests" / "data" / "majiang-core"
    names = sorted(p.name for p in path.glob("xiangting_*.json.gz"))
    assert names == [f"xiangting_{k}.json.gz" for k in (1, 2, 3, 4)]
    assert "MIT License" in (path / "LICENSE").read_text() and (path / "README.md").is_file()


def test_implementations_follow_the_switch():
    assert IMPL_IDS == (("pure-python",) if NO_EXTENSIONS else ("c-extension", "pure-python"))
    assert [impl.name for impl in implementations()] == list(IMPL_IDS)
    assert [impl.compiled for impl in implementations()] == [name == "c-extension" for name in IMPL_IDS]


def test_counts_of():
    counts = counts_of("123m0p99s77z")
    assert len(counts) == N_KINDS and sum(counts) == 8
    assert tiles_of(counts) == [0, 1, 2, 13, 26, 26, 33, 33]


def test_no_test_reads_outside_the_repository():
    """A user's clone has nothing beside it: no test, helper or CI stage may look for ``../shared``."""
    sources = [*(REPO_ROOT / "tests").rglob("*.py"), REPO_ROOT / ".ci" / "run"]
    needle = "shared" + "/data"
    beside = [str(p.relative_to(REPO_ROOT)) for p in sources if needle in p.read_text(encoding="utf-8")]
    assert beside == [], beside
    ci = (REPO_ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert 'git clone -q --no-hardlinks "$(pwd)" "$work/clone/mahjong_fast"' in ci
    assert '[[ ! -e $root/../shared ]]' in ci


def test_the_generators_knitted_sets_are_the_ones_spelled_out_as_text():
    assert list(KNITTED_SETS) == [tuple(k) for k in SPELLED]


def test_tile_counts_is_the_inverse_of_tiles_of():
    rng = random.Random(4)
    for n in (0, 1, 13, 14):
        counts = mixed_hand(rng, n)
        assert tile_counts(tiles_of(counts)) == counts and sum(counts) == n
