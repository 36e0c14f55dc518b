"""``mf.discard_values`` beside nekobean/mahjong-cpp's calculator on the same hands, one run each.

The hands are the golden cases (tests/data/values/values.json.gz) at 1, 2 and 3 from ready (their
dora, winds, turn; the oracle's own driver takes no melds or seen tiles, so cases with them are
left out).  The oracle's time is the one its driver prints (``ms=``: ``ExpectedScoreCalculator::calc``
alone, its table loading excluded); ours is ``discard_values`` as a user calls it.  Run

    python bench/values_vs_oracle.py /work/es-oracle/bin/es_oracle [MAX_PER_SHANTEN]

and it prints one row per shanten: hands, mean milliseconds of each, and the ratio.
"""
from __future__ import annotations

import gzip
import json
import statistics
import subprocess
import sys
import time
from pathlib import Path

import mahjong_fast as mf

DATA = Path(__file__).resolve().parents[1] / "tests" / "data" / "values" / "values.json.gz"
WINDS = ("1z", "2z", "3z", "4z")


def oracle_ms(oracle: str, case: dict[str, object]) -> float:
    args = [oracle, str(case["hand"]), str(case["dora"]) or "-", str(WINDS.index(str(case["round_wind"])) + 1),
            str(WINDS.index(str(case["seat_wind"])) + 1), str(case["turn"])]
    out = subprocess.run(args, capture_output=True, text=True, check=True).stdout
    head = next(line for line in out.splitlines() if line.startswith("# "))
    return float(head.split("ms=")[1].split()[0])


def ours_ms(case: dict[str, object]) -> float:
    start = time.perf_counter()
    mf.discard_values(str(case["hand"]), dora=case["dora"], seat_wind=case["seat_wind"],
                      round_wind=case["round_wind"], turn=case["turn"])
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
        chosen = [c for c in cases if c["shanten"] == shanten and not c["melds"] and not c["visible"]
                  and not c["honba"] and not c["riichi_sticks"]][:most]
        if not chosen:
            continue
        mf.discard_values(str(chosen[0]["hand"]))  # tables and imports warm
        theirs = [oracle_ms(oracle, c) for c in chosen]
        ours = [ours_ms(c) for c in chosen]
        a, b = statistics.fmean(theirs), statistics.fmean(ours)
        print(f"| {shanten} | {len(chosen)} | {a:.2f} | {b:.2f} | {a / b:.2f}x |")


if __name__ == "__main__":
    main()
