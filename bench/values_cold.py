"""``mf.discard_values`` with its caches cold and warm, on the golden hands at one distance from ready.

``bench/values_vs_oracle.py`` times each of our calls just after the oracle ran, a program that
pushes our tables and objects out of the caches.  This times the same calls alone: each hand once
just after a pass writing a buffer larger than the last-level cache (cold), then as the least of
three calls in a row (warm), over several rounds, the least of each kept.  Run

    python bench/values_cold.py [FROM_READY] [HANDS] [ROUNDS]

(defaults 1, 12, 5) and it prints the mean milliseconds a hand, cold and warm, and their gap.
"""
from __future__ import annotations

import gzip
import json
import statistics
import sys
import time
from pathlib import Path
from typing import Any

import mahjong_fast as mf

DATA = Path(__file__).resolve().parents[1] / "tests" / "data" / "values" / "values.json.gz"
EVICT = bytearray(128 << 20)   # past the last-level cache of the machines we time on (32 MB)
LINES = bytes(len(EVICT) // 64)


def evict() -> None:
    """Every cache line of ``EVICT`` written, the caches' earlier contents pushed out."""
    EVICT[::64] = LINES


def call_ms(case: dict[str, Any]) -> float:
    """One call's milliseconds, the arguments taken from the case before the clock starts."""
    hand, melds, turn, dora, seat_wind, round_wind = (case["hand"], case["melds"], case["turn"], case["dora"],
                                                      case["seat_wind"], case["round_wind"])
    visible, honba, riichi_sticks = case["visible"] or None, case["honba"], case["riichi_sticks"]
    start = time.perf_counter()
    mf.discard_values(hand, melds=melds, turn=turn, dora=dora, seat_wind=seat_wind, round_wind=round_wind,
                      visible=visible, honba=honba, riichi_sticks=riichi_sticks)
    return (time.perf_counter() - start) * 1000


def main() -> None:
    from_ready, hands, rounds = (list(map(int, sys.argv[1:4])) + [1, 12, 5][len(sys.argv) - 1:])[:3]
    with gzip.open(DATA, "rt") as f:
        chosen = [c for c in json.load(f) if c["shanten"] == from_ready][:hands]
    for case in chosen:  # the process's tables built, the hands' parts met
        call_ms(case)
    cold: list[list[float]] = [[] for _ in chosen]
    warm: list[list[float]] = [[] for _ in chosen]
    for _ in range(rounds):
        for i, case in enumerate(chosen):
            evict()
            cold[i].append(call_ms(case))
            warm[i].append(min(call_ms(case) for _ in range(3)))
    a = statistics.fmean(min(t) for t in cold)
    b = statistics.fmean(min(t) for t in warm)
    print(f"{mf.implementation}, {from_ready} from ready, {len(chosen)} hands: cold {a:.3f} ms, warm {b:.3f} ms, "
          f"gap {a - b:.3f} ms ({(a - b) / a:.0%} of cold)")


if __name__ == "__main__":
    main()
