"""Every public entry point and input form beside the peers (pytest-benchmark, orjson style).

One group per workload, one row per library or input form, the rows of ``mahjong-fast bench``
(``mahjong_fast/_bench.py`` describes the hands and how each row is fed).  Run

    pytest bench/test_bench_api.py --benchmark-only --benchmark-json=bench/results.json
    python bench/plot.py

``extra_info["correct"]`` records beside each speed whether the row gave the reference answer
on every hand, ``extra_info["agreement"]`` on what share.  Without the compiled kernels
(``MAHJONG_FAST_NO_EXTENSIONS=1``) the rows run on 100 hands and 10,000 batch rows.
"""
from __future__ import annotations

import pytest

from mahjong_fast import _bench
from mahjong_fast._dispatch import NO_EXTENSIONS

HANDS = _bench.PURE_HANDS if NO_EXTENSIONS else _bench.N_HANDS
ROWS = _bench.PURE_BATCH_ROWS if NO_EXTENSIONS else _bench.BATCH_ROWS
WORKLOADS = _bench.workloads(ROWS)
PEERS = {"riichienv", "mahjong", "MahjongGB", "xiangting", "jansou"}
CASES = [
    pytest.param(work, row, id=f"{work.name}-{row.library}")
    for work in WORKLOADS
    for row in work.rows
]


@pytest.mark.parametrize(("work", "row"), CASES)
def test_row(benchmark, work: _bench.Workload, row: _bench.Row) -> None:
    if row.requires:
        pytest.importorskip(row.requires)
    timed, hands, agreement = _bench.prepare(work, row, HANDS)
    benchmark.group = work.title
    benchmark.extra_info["lib"] = row.library
    benchmark.extra_info["workload"] = work.name
    benchmark.extra_info["hands_per_call"] = hands
    benchmark.extra_info["correct"] = None if agreement is None else agreement == 1.0
    benchmark.extra_info["agreement"] = agreement
    benchmark.extra_info["implementation"] = "pure-python" if NO_EXTENSIONS else "compiled"
    benchmark(timed)
    if row.requires not in PEERS:  # peers may follow other rules; every row of ours must agree
        assert agreement in (None, 1.0), f"{row.library}: {agreement:.1%} of the reference answers"


# ---------------------------------------------------------------- rule-bound modules
# ``riichi.shanten(h)`` beside ``mf.shanten(h, rules="riichi")``: the bound module should cost
# nothing more (the compiled fast paths bind in C, a Python function is bound as a copy of itself).
# One group per call, one row per spelling, on the same random 14-tile hands (seed 20, their 13-tile
# hands for waits and useful_tiles); the rows must give the same answers.

def _rule_bound_hands() -> list[list[int]]:
    import random

    rng = random.Random(20)
    wall = [t for t in range(34) for _ in range(4)]
    return [sorted(rng.sample(wall, 14)) for _ in range(HANDS)]


RULE_BOUND_HANDS = _rule_bound_hands()
RULE_BOUND_CALLS = {
    "shanten": lambda h: h,
    "waits": lambda h: h[1:],
    "useful_tiles": lambda h: h[1:],
}


def _rule_bound_rows():
    import mahjong_fast as mf
    from mahjong_fast import riichi

    riichi_rules = mf.RULES["riichi"]
    for name in RULE_BOUND_CALLS:
        plain, bound = getattr(mf, name), getattr(riichi, name)
        yield pytest.param(name, "rules='riichi'", lambda h, f=plain: f(h, rules="riichi"), id=f"{name}-str")
        yield pytest.param(name, "rules=RULES['riichi']", lambda h, f=plain: f(h, rules=riichi_rules),
                           id=f"{name}-obj")
        yield pytest.param(name, "riichi module", bound, id=f"{name}-riichi")


@pytest.mark.parametrize(("name", "spelling", "call"), list(_rule_bound_rows()))
def test_rule_bound(benchmark, name: str, spelling: str, call) -> None:
    from mahjong_fast import riichi

    hands = [RULE_BOUND_CALLS[name](h) for h in RULE_BOUND_HANDS]
    benchmark.group = f"rule-bound module: {name} (riichi)"
    benchmark.extra_info["lib"] = spelling
    benchmark.extra_info["hands_per_call"] = len(hands)
    benchmark.extra_info["implementation"] = "pure-python" if NO_EXTENSIONS else "compiled"
    reference = getattr(riichi, name)
    benchmark.extra_info["correct"] = all(call(h) == reference(h) for h in hands)

    def run() -> None:
        for h in hands:
            call(h)

    benchmark(run)
    assert benchmark.extra_info["correct"]
