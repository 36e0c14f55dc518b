"""``mf.discard_values`` beside nekobean/mahjong-cpp's calculator on the same hands, one run each.

The hands are the golden cases (tests/data/values/values.json.gz) at 0-3 from ready, every input
of theirs (dora, winds, turn, melds, seen tiles, honba, sticks).  The oracle is
``scripts/es_oracle_full.cpp`` (built as scripts/make_values_fixtures.py says); its time is the one
it prints (``ms=``: ``ExpectedScoreCalculator::calc`` alone, its table loading excluded); ours is
``discard_values`` as a user calls it, its tables warm.  Run

    python bench/values_vs_oracle.py ORACLE [MAX_PER_SHANTEN]

and it prints one row per shanten: hands, mean milliseconds of each, and the ratio.
"""
from __future__ import annotations

import gzip
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import mahjong_fast as mf

ROOT = Path(__file__).resolve().parents[1]
DATA = ROOT / "tests" / "data" / "values" / "values.json.gz"
sys.path.insert(0, str(ROOT / "scripts"))
from make_values_fixtures import WINDS, wall37  # noqa: E402


def oracle_ms(oracle: str, case: dict[str, Any]) -> float:
    args = [oracle, str(case["hand"]), str(case["dora"]) or "-", str(WINDS.index(str(case["round_wind"])) + 1),
            str(WINDS.index(str(case["seat_wind"])) + 1), str(case["turn"]), str(case["honba"]),
            str(case["riichi_sticks"]), str(case["oracle_melds"])]
    env = dict(os.environ, ES_WALL=" ".join(map(str, wall37(case))))
    out = subprocess.run(args, capture_output=True, text=True, check=True, env=env).stdout
    head = next(line for line in out.splitlines() if line.startswith("# "))
    return float(head.split("ms=")[1].split()[0])


def ours_ms(case: dict[str, Any]) -> float:
    start = time.perf_counter()
    mf.discard_values(case["hand"], melds=case["melds"], turn=case["turn"], dora=case["dora"],
                      seat_wind=case["seat_wind"], round_wind=case["round_wind"], visible=case["visible"] or None,
                      honba=case["honba"], riichi_sticks=case["riichi_sticks"])
    return (time.perf_counter() - start) * 1000


def main() -> None:
    oracle = sys.argv[1]
    most = int(sys.argv[2]) if len(sys.argv) > 2 else 30
    with gzip.open(DATA, "rt") as f:
        cases = json.load(f)
    print(f"implementation: {mf.implementation}")
    print("| from ready | hands | mahjong-cpp ms (mean) | discard_values ms (mean) | ratio |")
    print("| --- | --- | --- | --- | --- |")
    for shanten in (0, 1, 2, 3):
        chosen = [c for c in cases if c["shanten"] == shanten][:most]
        if not chosen:
            continue
        mf.discard_values(str(chosen[0]["hand"]))  # tables and imports warm
        theirs, ours = [], []
        for c in chosen:  # alternated, so that a busy machine slows both alike
            theirs.append(oracle_ms(oracle, c))
            ours.append(ours_ms(c))
        a, b = statistics.fmean(theirs), statistics.fmean(ours)
        print(f"| {shanten} | {len(chosen)} | {a:.2f} | {b:.2f} | {a / b:.2f}x |", flush=True)


if __name__ == "__main__":
    main()
