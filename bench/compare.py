"""Before and after in one run: the rows of ``mahjong-fast bench`` under two builds, taking turns.

    python bench/compare.py --before /path/to/other/venv/bin/python --rounds 3 \\
        --only tiles --only is_win_forms --json bench/compare.json

Each round runs ``mahjong-fast bench --quick --cpu --json`` once under each interpreter (``--before``, then
this one: two checkouts each built in its own venv), so load on a shared machine falls on both
alike; the best time of each row over the rounds is kept.  The rows are this checkout's
(``mahjong_fast/_bench``): the before build runs them too when its tree holds a copy of them
(``--rows-from`` copies this checkout's ``_bench`` there first).  Prints, per row, the ns per hand
before and after and their ratio, and the ratio of each to its group's first row.
"""
from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent


def run_once(python: str, only: list[str], out: Path, repeat: int) -> dict[tuple[str, str], float]:
    """ns per hand of each (workload, row) of one ``mahjong-fast bench`` run under ``python``."""
    args = [python, "-m", "mahjong_fast", "bench", "--quick", "--cpu", "--repeat", str(repeat), "--json", str(out)]
    for name in only:
        args += ["--only", name]
    subprocess.run(args, check=True, stdout=subprocess.DEVNULL, cwd=tempfile.gettempdir())
    rows = json.loads(out.read_text(encoding="utf-8"))["benchmarks"]
    return {(b["extra_info"]["workload"], b["param"]): b["stats"]["min"] / b["extra_info"]["hands_per_call"] * 1e9
            for b in rows}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--before", required=True, help="the Python of the other build (its venv's bin/python)")
    parser.add_argument("--rows-from", action="store_true",
                        help="copy this checkout's mahjong_fast/_bench into the before build's tree first")
    parser.add_argument("--only", action="append", default=[], metavar="WORKLOAD")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--json", type=Path, help="also write the rows here")
    args = parser.parse_args(argv)
    if args.rows_from:
        ask = "import mahjong_fast, os; print(os.path.dirname(mahjong_fast.__file__))"
        where = subprocess.run([args.before, "-c", ask], check=True, capture_output=True, text=True,
                               cwd=tempfile.gettempdir()).stdout.strip()
        for source in (ROOT / "mahjong_fast" / "_bench").glob("*.py"):
            shutil.copy(source, Path(where) / "_bench" / source.name)
    best: dict[str, dict[tuple[str, str], float]] = {"before": {}, "after": {}}
    order: list[tuple[str, str]] = []
    with tempfile.TemporaryDirectory() as tmp:
        for _ in range(args.rounds):
            for label, python in (("before", args.before), ("after", sys.executable)):
                got = run_once(python, args.only, Path(tmp) / f"{label}.json", args.repeat)
                for key, ns in got.items():
                    if key not in order:
                        order.append(key)
                    best[label][key] = min(ns, best[label].get(key, ns))
    out = []
    first: dict[str, tuple[float, float]] = {}
    print(f"{'workload':<22} {'row':<62} {'before':>9} {'after':>9} {'after/before':>12} {'b/1st':>6} {'a/1st':>6}")
    for work, row in order:
        b, a = best["before"].get((work, row)), best["after"].get((work, row))
        if a is None:
            continue
        first.setdefault(work, (b or a, a))
        rb = f"{b / first[work][0]:.2f}" if b else "-"
        print(f"{work:<22} {row[:62]:<62} {b or float('nan'):>9,.0f} {a:>9,.0f} "
              f"{(a / b if b else float('nan')):>12.2f} {rb:>6} {a / first[work][1]:>6.2f}")
        out.append({"workload": work, "row": row, "before_ns": b, "after_ns": a})
    if args.json:
        args.json.write_text(json.dumps({"rounds": args.rounds, "rows": out}, indent=1), encoding="utf-8")
    return 0


if __name__ == "__main__":
    os.environ.pop("MAHJONG_FAST_NO_EXTENSIONS", None)
    raise SystemExit(main())
