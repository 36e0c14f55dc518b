"""Draw bench/comparison.png from a pytest-benchmark JSON file.

    pytest bench --benchmark-json=bench/results.json
    python bench/plot.py [bench/results.json] [-o bench/comparison.png]

One panel per workload (benchmark group), one bar per library: its time per
hand divided by mahjong_fast's (the group's first ``mahjong_fast`` row), on a
log scale, so a bar at 5x means five times slower than mahjong_fast.  A
library that did not give the reference answer on every hand is hatched.
Needs matplotlib (the ``bench`` extra).
"""
from __future__ import annotations

import argparse
import json
import math
from collections import defaultdict
from pathlib import Path

HERE = Path(__file__).resolve().parent


def load(path: Path) -> dict[str, list[dict]]:
    """Benchmarks of a pytest-benchmark JSON file, by group, in run order."""
    groups: dict[str, list[dict]] = defaultdict(list)
    for bench in json.loads(path.read_text())["benchmarks"]:
        info = bench.get("extra_info", {})
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


def plot(groups: dict[str, list[dict]], out: Path) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    names = list(groups)
    fig, axes = plt.subplots(len(names), 1, figsize=(8, 1.2 + 1.1 * sum(len(g) for g in groups.values()) / 2),
                             squeeze=False)
    for ax, name in zip(axes[:, 0], names):
        rows = ratios(groups[name])[::-1]
        labels = [lib for lib, *_ in rows]
        values = [ratio for _, _, ratio, _ in rows]
        colors = ["tab:orange" if lib.startswith("mahjong_fast") else "tab:blue" for lib in labels]
        bars = ax.barh(labels, values, color=colors)
        for bar, (_, per_hand, ratio, correct) in zip(bars, rows):
            if correct is False:
                bar.set_hatch("//")
            ax.text(bar.get_width() * 1.05, bar.get_y() + bar.get_height() / 2,
                    f"{ratio:.2f}x  ({_label(per_hand)}/hand)", va="center", fontsize=8)
        ax.set_xscale("log")
        lo, hi = min(values), max(values)
        ax.set_xlim(10 ** math.floor(math.log10(lo) - 0.1), 10 ** math.ceil(math.log10(hi) + 0.6))
        ax.axvline(1.0, color="gray", linewidth=0.8)
        ax.set_title(name, fontsize=10, loc="left")
        ax.tick_params(labelsize=8)
    axes[-1, 0].set_xlabel(
        "time per hand relative to mahjong_fast (log scale; hatched = not every answer right)"
    )
    fig.tight_layout()
    fig.savefig(out, dpi=120)
    plt.close(fig)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("results", nargs="?", type=Path, default=HERE / "results.json")
    parser.add_argument("-o", "--output", type=Path, default=HERE / "comparison.png")
    args = parser.parse_args(argv)
    groups = load(args.results)
    if not groups:
        parser.error(f"{args.results} holds no benchmarks")
    for name, rows in groups.items():
        print(name)
        for lib, per_hand, ratio, correct in ratios(rows):
            print(f"  {lib:<28} {_label(per_hand):>10}/hand  {ratio:7.2f}x  correct={correct}")
    plot(groups, args.output)
    print(f"wrote {args.output}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
