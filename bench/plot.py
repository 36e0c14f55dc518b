"""Draw docs/img/comparison.png, the figure of docs/speed.md, from the JSON of a benchmark run.

    mahjong-fast bench --pure --json bench/results.json    # or: pytest bench --benchmark-json=...
    python bench/plot.py [bench/results.json] [-o docs/img/comparison.png] [--implementation pure-python]

One panel per workload (benchmark group), one bar per library: its time per
hand divided by the group's first row (mahjong_fast's int-list call, or
mahjong_fast beside its peers), on a log scale, so a bar at 5x means five times
slower.  Orange bars are mahjong_fast, blue ones peers and yardsticks.  A
library that did not give the reference answer on every hand is hatched.
Needs matplotlib (the ``bench`` extra).
"""
from __future__ import annotations

import argparse
import json
import math
from collections import defaultdict
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent


def load(path: Path, implementation: str = "compiled") -> dict[str, list[dict]]:
    """Benchmarks of one implementation in a pytest-benchmark JSON file, by group, in run order."""
    groups: dict[str, list[dict]] = defaultdict(list)
    for bench in json.loads(path.read_text())["benchmarks"]:
        info = bench.get("extra_info", {})
        if info.get("implementation", "compiled") != implementation:
            continue
        hands = info.get("hands_per_call", 1)
        groups[bench["group"] or bench["name"]].append(
            {
                "lib": info.get("lib", bench["param"]),
                "per_hand": bench["stats"]["min"] / hands,
                "correct": info.get("correct"),
            }
        )
    return dict(groups)


def ratios(rows: list[dict]) -> list[tuple[str, float, float, object]]:
    """(library, seconds per hand, ratio to mahjong_fast, correct) for one group."""
    base = next((r["per_hand"] for r in rows if r["lib"].startswith("mahjong_fast")), rows[0]["per_hand"])
    return [(r["lib"], r["per_hand"], r["per_hand"] / base, r["correct"]) for r in rows]


def _label(seconds: float) -> str:
    if seconds >= 1e-6:
        return f"{seconds * 1e6:.2f} µs"
    return f"{seconds * 1e9:.0f} ns"


def plot(groups: dict[str, list[dict]], out: Path, title: str = "") -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    names = list(groups)
    columns = 1 if len(names) < 5 else 2
    per_column = [names[i::columns] for i in range(columns)]
    height = max(sum(len(groups[n]) + 2 for n in col) for col in per_column)
    fig = plt.figure(figsize=(8 * columns, 1.0 + 0.28 * height))
    n_rows = max(len(col) for col in per_column)
    heights = [max(len(groups[col[r]]) + 2 for col in per_column if r < len(col)) for r in range(n_rows)]
    grid = fig.add_gridspec(n_rows, columns, height_ratios=heights)
    for c, col in enumerate(per_column):
        for r, name in enumerate(col):
            _panel(fig.add_subplot(grid[r, c]), name, ratios(groups[name])[::-1])
    fig.supxlabel("time per hand relative to the group's first row (log scale; hatched = not every answer right)",
                  fontsize=9)
    if title:
        fig.suptitle(title, fontsize=11)
    fig.tight_layout()
    fig.savefig(out, dpi=110)
    plt.close(fig)


def _panel(ax: Any, name: str, rows: list[tuple[str, float, float, object]]) -> None:
    labels = [lib for lib, *_ in rows]
    values = [ratio for _, _, ratio, _ in rows]
    peers = ("riichienv", "mahjong ", "MahjongGB", "xiangting", "builtin", "numpy")
    colors = ["tab:blue" if lib.startswith(peers) else "tab:orange" for lib in labels]
    bars = ax.barh(labels, values, color=colors)
    for bar, (_, per_hand, ratio, correct) in zip(bars, rows):
        if correct is False:
            bar.set_hatch("//")
        ax.text(bar.get_width() * 1.05, bar.get_y() + bar.get_height() / 2,
                f"{ratio:.2f}x  ({_label(per_hand)})", va="center", fontsize=7)
    ax.set_xscale("log")
    lo, hi = min(values), max(values)
    ax.set_xlim(10 ** math.floor(math.log10(lo) - 0.1), 10 ** math.ceil(math.log10(hi) + 0.8))
    ax.axvline(1.0, color="gray", linewidth=0.8)
    ax.set_title(name, fontsize=9, loc="left")
    ax.tick_params(labelsize=7)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("results", nargs="?", type=Path, default=HERE / "results.json")
    parser.add_argument("-o", "--output", type=Path, default=HERE.parent / "docs" / "img" / "comparison.png")
    parser.add_argument("--implementation", default="compiled", choices=("compiled", "pure-python"))
    args = parser.parse_args(argv)
    groups = load(args.results, args.implementation)
    if not groups:
        parser.error(f"{args.results} holds no benchmarks")
    for name, rows in groups.items():
        print(name)
        for lib, per_hand, ratio, correct in ratios(rows):
            print(f"  {lib:<28} {_label(per_hand):>10}/hand  {ratio:7.2f}x  correct={correct}")
    plot(groups, args.output, f"mahjong_fast ({args.implementation}) and its peers, one run")
    print(f"wrote {args.output}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
