"""Write the README's speed tables from the JSON of one ``mahjong-fast bench --pure --json`` run.

    mahjong-fast bench --pure --json bench/results.json
    python bench/table.py [bench/results.json]

One table per workload, one line per row: the compiled time per hand and its ratio to the
group's first row, then the same for the pure-Python run, then the share of hands answered
as the reference does.
"""
from __future__ import annotations

import argparse
import json
from pathlib import Path

HERE = Path(__file__).resolve().parent


def _time(seconds: float) -> str:
    if seconds >= 1e-3:
        return f"{seconds * 1e3:.2f} ms"
    if seconds >= 1e-6:
        return f"{seconds * 1e6:.2f} µs"
    return f"{seconds * 1e9:.1f} ns"


def _ratio(r: float) -> str:
    return f"{r:.2f}×" if r < 10 else f"{r:.0f}×"


def tables(benchmarks: list[dict]) -> str:
    """Markdown: a table per workload with compiled and pure columns."""
    groups: dict[str, dict[str, dict[str, tuple[float, object]]]] = {}
    for b in benchmarks:
        info = b["extra_info"]
        key = info["workload"]
        groups.setdefault(key, {}).setdefault(info["lib"], {})[info["implementation"]] = (
            b["stats"]["min"] / info["hands_per_call"], info.get("agreement"))
    titles = {b["extra_info"]["workload"]: b["group"] for b in benchmarks
              if b["extra_info"]["implementation"] == "compiled"}
    out = []
    for key, rows in groups.items():
        out.append(f"**{titles.get(key, key)}**\n")
        out.append("| row | compiled | vs first row | pure Python | vs first row | agrees |")
        out.append("| --- | ---: | ---: | ---: | ---: | ---: |")
        first = {impl: next((r[impl][0] for r in rows.values() if impl in r), None)
                 for impl in ("compiled", "pure-python")}
        for lib, by_impl in rows.items():
            cells = []
            for impl in ("compiled", "pure-python"):
                if impl in by_impl and first[impl]:
                    t = by_impl[impl][0]
                    cells += [_time(t), _ratio(t / first[impl])]
                else:
                    cells += ["—", ""]
            agreement = next((a for _, a in by_impl.values() if a is not None), None)
            agrees = "—" if agreement is None else f"{agreement:.1%}"
            out.append(f"| {lib} | {' | '.join(cells)} | {agrees} |")
        out.append("")
    return "\n".join(out)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("results", nargs="?", type=Path, default=HERE / "results.json")
    args = parser.parse_args(argv)
    data = json.loads(args.results.read_text())
    print(tables(data["benchmarks"]))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
