"""``mahjong-fast bench``: time every workload, its rows taking turns, and print a table.

Each repeat times every row of a group once, so load on a shared machine falls on all rows of a
group alike and their ratios hold; the best time of each row is kept.  ``--pure`` runs the same
rows again without the compiled kernels, in a fresh interpreter; ``--json`` writes the rows in
the layout of a pytest-benchmark JSON file, which ``bench/plot.py`` and ``bench/readme.py`` read.
"""
from __future__ import annotations

import argparse
import json
import os
import platform
import subprocess
import sys
import tempfile
import time
import timeit
from collections.abc import Callable, Sequence
from typing import Any

from .hands import N_HANDS
from .rows import Row, Workload, prepare
from .workloads import BATCH_ROWS, PURE_BATCH_ROWS, PURE_HANDS, workloads


def _time_group(timed: Sequence[Callable[[], Any]], budget: float, repeat: int,
                clock: Callable[[], float] = time.perf_counter) -> list[float]:
    """Best seconds per call of each function, the group's rows taking turns.

    Each repeat times every row once (about ``budget / repeat`` seconds each), so load on a
    shared machine falls on all rows of a group alike and their ratios hold.
    """
    numbers = [max(1, int(budget / repeat / max(timeit.timeit(f, number=1, timer=clock), 1e-9))) for f in timed]
    best = [float("inf")] * len(timed)
    for _ in range(repeat):
        for i, (f, number) in enumerate(zip(timed, numbers)):
            best[i] = min(best[i], timeit.timeit(f, number=number, timer=clock) / number)
    return best


def _record(work: Workload, row: Row, seconds: float, hands: int, correct: float | None,
            implementation: str) -> dict[str, Any]:
    """One row in the layout of a pytest-benchmark JSON file, which ``bench/plot.py`` reads."""
    return {
        "group": work.title,
        "name": f"{work.name}[{row.library}]",
        "param": row.library,
        "extra_info": {"lib": row.library, "workload": work.name, "hands_per_call": hands,
                       "correct": None if correct is None else correct == 1.0, "agreement": correct,
                       "implementation": implementation},
        "stats": {"min": seconds},
    }


def run(argv: Sequence[str] | None = None) -> int:
    """Print a table of time per hand and ratios for each workload; 0 on success."""
    names = [w.name for w in workloads(1)]
    parser = argparse.ArgumentParser(
        prog="mahjong-fast bench",
        description="Time every public entry point of mahjong_fast, in every input form, beside the peers "
                    "installed here.")
    parser.add_argument("--quick", action="store_true", help="short timings (about 0.2 s a row) and 100,000 batch rows")
    parser.add_argument("--rows", type=int, default=None,
                        help=f"batch rows (default {BATCH_ROWS:,}; {PURE_BATCH_ROWS:,} without the compiled kernels)")
    parser.add_argument("--hands", type=int, default=None,
                        help=f"hands per row (default {N_HANDS:,}; {PURE_HANDS} without the compiled kernels)")
    parser.add_argument("--repeat", type=int, default=5,
                        help="timing repeats, the rows of a group taking turns; the best is kept (default 5)")
    parser.add_argument("--only", choices=names, action="append", metavar="WORKLOAD",
                        help=f"run only this workload (repeatable): {', '.join(names)}")
    parser.add_argument("--pure", action="store_true",
                        help="then run the same rows without the compiled kernels (MAHJONG_FAST_NO_EXTENSIONS=1)")
    parser.add_argument("--json", metavar="FILE", help="also write the rows to FILE (pytest-benchmark layout)")
    parser.add_argument("--cpu", action="store_true",
                        help="time on the thread's CPU clock, not the wall clock: on a loaded machine the waits for "
                             "a core are left out")
    args = parser.parse_args(argv)
    import mahjong_fast

    implementation = mahjong_fast.implementation
    pure = implementation != "compiled"
    rows = args.rows or (PURE_BATCH_ROWS if pure else 100_000 if args.quick else BATCH_ROWS)
    hands = min(N_HANDS, args.hands or (PURE_HANDS if pure else N_HANDS))
    budget = 0.2 if args.quick else 1.0

    out = sys.stdout
    out.write(f"mahjong_fast {mahjong_fast.__version__} ({implementation}) on Python {sys.version.split()[0]}, "
              f"{platform.machine()}, {os.cpu_count()} CPUs\n\n")
    header = f"{'workload':<32} {'row':<44} {'ns/hand':>11} {'vs first':>9} {'correct':>8}\n"
    out.write(header + "-" * (len(header) - 1) + "\n")
    records = []
    for work in workloads(rows):
        if args.only and work.name not in args.only:
            continue
        ready = []
        for row in work.rows:
            if row.available():
                ready.append((row, *prepare(work, row, hands)))
            else:
                out.write(f"{work.title:<32} {row.library:<44} {'not installed':>11}\n")
        times = _time_group([timed for _, timed, _, _ in ready], budget, args.repeat,
                            time.thread_time if args.cpu else time.perf_counter)
        base = None
        for (row, _, covered, correct), seconds in zip(ready, times):
            per_hand = seconds / covered * 1e9
            if base is None:
                base = per_hand
            right = "-" if correct is None else f"{correct:.1%}"
            out.write(f"{work.title:<32} {row.library:<44} {per_hand:>11,.1f} {per_hand / base:>8.2f}x {right:>8}\n")
            records.append(_record(work, row, seconds, covered, correct, implementation))
        out.flush()
        out.write("\n")
    out.write(f"ns/hand: best of {args.repeat} repeats over {hands:,} hands ({rows:,} batch rows), the rows of "
              "a group taking turns; ratio > 1 means slower than the group's first row.\n")
    if args.pure and not pure:
        out.write("\n")
        out.flush()
        with tempfile.TemporaryDirectory() as tmp:
            child_json = os.path.join(tmp, "pure.json")
            child = [a for a in (argv if argv is not None else sys.argv[2:]) if a != "--pure"]
            child = [a for i, a in enumerate(child) if not (a.startswith("--json") or child[i - 1:i] == ["--json"])]
            root = os.path.dirname(os.path.dirname(os.path.abspath(mahjong_fast.__file__)))
            path = os.pathsep.join(p for p in (root, os.environ.get("PYTHONPATH")) if p)
            env = dict(os.environ, MAHJONG_FAST_NO_EXTENSIONS="1", PYTHONPATH=path)
            status = subprocess.call([sys.executable, "-m", "mahjong_fast", "bench", *child, "--json", child_json],
                                     env=env)
            if status:
                return status
            with open(child_json, encoding="utf-8") as f:
                records += json.load(f)["benchmarks"]
    if args.json:
        with open(args.json, "w", encoding="utf-8") as f:
            json.dump({"machine_info": {"python": sys.version, "machine": platform.machine(),
                                        "processor": platform.processor(), "cpus": os.cpu_count()},
                       "command": "mahjong-fast bench " + " ".join(argv if argv is not None else sys.argv[2:]),
                       "repeat": args.repeat,
                       "benchmarks": records}, f, indent=1)
    return 0
