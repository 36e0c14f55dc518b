"""``mf.discard_values`` beside nekobean/mahjong-cpp's calculator on the same hands, one run each.

The hands are the golden cases (tests/data/values/values.json.gz) at 0-3 from ready, every input
of theirs (dora, winds, turn, melds, seen tiles, honba, sticks).  The oracle is
``scripts/es_oracle_full.cpp`` (built as scripts/make_values_fixtures.py says); its time is the one
it prints (``ms=``: ``ExpectedScoreCalculator::calc`` alone, its table loading excluded); ours is
``discard_values`` as a user calls it, its tables warm.  Run

    python bench/values_vs_oracle.py ORACLE [MAX_PER_SHANTEN] [--before PYTHON] [--rounds N] [--warm K]

and it prints one row per shanten: hands, mean milliseconds of each, and the ratio.  With
``--before PYTHON`` (an interpreter whose ``mahjong_fast`` is another build, say main's) each
hand is also timed there, in a process of its own answering case by case, alternated with the
oracle and this build, so that the two builds meet the same load; with ``--rounds N`` each hand is
timed N times in turn by each and the least of each kept.  Each of those times is of one calculation
just after the other programs ran (caches cold, as a program meets a call now and then); with ``--warm
K`` each is instead the least of K calculations of the hand in a row in one process, by the oracle
(``ES_REPEAT=K``) and by each build alike (caches warm, as in a bot's loop over its turns).
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


def oracle_ms(oracle: str, case: dict[str, Any], warm: int = 1) -> float:
    args = [oracle, str(case["hand"]), str(case["dora"]) or "-", str(WINDS.index(str(case["round_wind"])) + 1),
            str(WINDS.index(str(case["seat_wind"])) + 1), str(case["turn"]), str(case["honba"]),
            str(case["riichi_sticks"]), str(case["oracle_melds"])]
    env = dict(os.environ, ES_WALL=" ".join(map(str, wall37(case))), ES_REPEAT=str(warm))
    out = subprocess.run(args, capture_output=True, text=True, check=True, env=env).stdout
    head = next(line for line in out.splitlines() if line.startswith("# "))
    return float(head.split("ms=")[1].split()[0])


def ours_ms(case: dict[str, Any], warm: int = 1) -> float:
    """The least of ``warm`` calls' milliseconds, the arguments taken from the case before the clock
    starts (as the oracle's time leaves out its reading of them)."""
    hand, melds, turn, dora, seat_wind, round_wind = (case["hand"], case["melds"], case["turn"], case["dora"],
                                                      case["seat_wind"], case["round_wind"])
    visible, honba, riichi_sticks = case["visible"] or None, case["honba"], case["riichi_sticks"]
    least = float("inf")
    for _ in range(warm):
        start = time.perf_counter()
        mf.discard_values(hand, melds=melds, turn=turn, dora=dora, seat_wind=seat_wind, round_wind=round_wind,
                          visible=visible, honba=honba, riichi_sticks=riichi_sticks)
        least = min(least, time.perf_counter() - start)
    return least * 1000


class Before:
    """Another build's ``discard_values``, timed in a process of its own (``--serve``) case by case."""

    def __init__(self, python: str) -> None:
        self.process = subprocess.Popen([python, __file__, "--serve"], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                        text=True, cwd="/")

    def ms(self, index: int, warm: int = 1) -> float:
        assert self.process.stdin is not None and self.process.stdout is not None
        self.process.stdin.write(f"{index} {warm}\n")
        self.process.stdin.flush()
        return float(self.process.stdout.readline())


def serve(cases: list[dict[str, Any]]) -> None:
    for line in sys.stdin:
        index, warm = map(int, line.split())
        print(ours_ms(cases[index], warm), flush=True)


def _option(args: list[str], flag: str) -> str | None:
    """The value after ``flag`` in ``args``, both taken out, or None when it is not there."""
    if flag not in args:
        return None
    at = args.index(flag)
    value = args[at + 1]
    del args[at:at + 2]
    return value


def main() -> None:
    args = sys.argv[1:]
    with gzip.open(DATA, "rt") as f:
        cases = json.load(f)
    if args == ["--serve"]:
        serve(cases)
        return
    warm = int(_option(args, "--warm") or 1)
    before_python = _option(args, "--before")
    before = Before(before_python) if before_python else None
    rounds = int(_option(args, "--rounds") or 1)
    oracle = args[0]
    most = int(args[1]) if len(args) > 1 else 30
    print(f"implementation: {mf.implementation}; " + (f"each time the least of {warm} in a row" if warm > 1
                                                       else "each time one calculation"))
    if before is None:
        print("| from ready | hands | mahjong-cpp ms (mean) | discard_values ms (mean) | ratio |")
        print("| --- | --- | --- | --- | --- |")
    else:
        print("| from ready | hands | mahjong-cpp | before | after | ratio before | ratio after |")
        print("| --- | --- | --- | --- | --- | --- | --- |")
    for shanten in (0, 1, 2, 3):
        chosen = [(i, c) for i, c in enumerate(cases) if c["shanten"] == shanten][:most]
        if not chosen:
            continue
        mf.discard_values(str(chosen[0][1]["hand"]))  # tables and imports warm
        if before is not None:
            before.ms(chosen[0][0])
        theirs, ours, old = [], [], []
        for i, c in chosen:  # alternated, so that a busy machine slows each alike
            times: tuple[list[float], list[float], list[float]] = ([], [], [])
            for _ in range(rounds):
                times[0].append(oracle_ms(oracle, c, warm))
                if before is not None:
                    times[2].append(before.ms(i, warm))
                times[1].append(ours_ms(c, warm))
            theirs.append(min(times[0]))
            ours.append(min(times[1]))
            if before is not None:
                old.append(min(times[2]))
        a, b = statistics.fmean(theirs), statistics.fmean(ours)
        if before is None:
            print(f"| {shanten} | {len(chosen)} | {a:.2f} | {b:.2f} | {a / b:.2f}x |", flush=True)
        else:
            o = statistics.fmean(old)
            print(f"| {shanten} | {len(chosen)} | {a:.2f} | {o:.2f} | {b:.2f} | {a / o:.2f}x | {a / b:.2f}x |",
                  flush=True)


if __name__ == "__main__":
    main()
