"""Instructions a call of one row of ``mahjong-fast bench``, counted by callgrind.

Wall clock on a shared machine moves with the load; instruction counts do not.  The row's loop runs
under ``valgrind --tool=callgrind`` twice, once warm-up only and once with ``PASSES`` more passes
over its inputs, and the difference divided by the calls is the steady-state cost of one call, the
bench's own loop around it included (``deque(map(call, inputs))``, as the bench times it).

    python scripts/row_instructions.py WORKLOAD [ROW_PREFIX ...] [--passes N] [--inside FUNCTION]

prints, for each row of ``WORKLOAD`` whose label starts with one of the prefixes (every row
without one), the instructions a call.  ``--inside`` counts only inside a C function (callgrind's
``--toggle-collect``, e.g. ``mf_score_call*``).  Needs valgrind.

    python scripts/row_instructions.py score_gb --passes 2
"""
from __future__ import annotations

import argparse
import re
import subprocess
import sys
import tempfile
from collections import deque
from pathlib import Path
from typing import Any

from mahjong_fast._bench import workloads

RUN = "run"


def _rows(workload: str) -> list[Any]:
    """The rows of ``workload`` whose library is installed here."""
    found = [w for w in workloads() if w.name == workload]
    if not found:
        raise SystemExit(f"no workload {workload!r}")
    return [row for row in found[0].rows if row.available()]


def run_row(workload: str, label: str, passes: int) -> None:
    """The loop callgrind counts: one warm-up pass, then ``passes`` more."""
    for row in _rows(workload):
        if row.library == label:
            call, inputs, _ = row.setup()
            inputs = list(inputs)
            for _ in range(1 + passes):
                deque(map(call, inputs), 0)
            return
    raise SystemExit(f"no row {label!r} in {workload!r}")


def count(workload: str, label: str, passes: int, inside: str | None) -> int:
    """Instructions callgrind collects for the row's loop with ``passes`` passes after the warm-up."""
    with tempfile.TemporaryDirectory() as tmp:
        argv = ["valgrind", "--tool=callgrind", f"--callgrind-out-file={Path(tmp) / 'out'}"]
        if inside:
            argv.append(f"--toggle-collect={inside}")
        argv += [sys.executable, __file__, RUN, workload, label, str(passes)]
        done = subprocess.run(argv, capture_output=True, text=True, check=True)
    found = re.search(r"Collected : (\d+)", done.stderr)
    if found is None:
        raise SystemExit(done.stderr)
    return int(found.group(1))


def main(argv: list[str]) -> None:
    if argv[:1] == [RUN]:
        run_row(argv[1], argv[2], int(argv[3]))
        return
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("workload")
    parser.add_argument("prefixes", nargs="*")
    parser.add_argument("--passes", type=int, default=2)
    parser.add_argument("--inside", default=None)
    args = parser.parse_args(argv)
    for row in _rows(args.workload):
        if args.prefixes and not any(row.library.startswith(p) for p in args.prefixes):
            continue
        _, inputs, _ = row.setup()
        calls = len(list(inputs)) * args.passes
        extra = count(args.workload, row.library, args.passes, args.inside) - count(
            args.workload, row.library, 0, args.inside)
        print(f"{args.workload:<12} {row.library:<50} {extra / calls:>12,.0f} instructions a call")


if __name__ == "__main__":
    main(sys.argv[1:])
