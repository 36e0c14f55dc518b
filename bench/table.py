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


def _index(benchmarks: list[dict]) -> dict[tuple[str, str, str], float]:
    """Seconds per hand by (workload, row, implementation)."""
    return {(b["extra_info"]["workload"], b["extra_info"]["lib"], b["extra_info"]["implementation"]):
            b["stats"]["min"] / b["extra_info"]["hands_per_call"] for b in benchmarks}


def headline(benchmarks: list[dict]) -> str:
    """Markdown: mahjong_fast beside its peers, ratios to the compiled mahjong_fast row."""
    at = _index(benchmarks)
    out = ["| workload | mahjong_fast | pure Python | riichienv (Rust) | `mahjong` | other |",
           "| --- | --- | --- | --- | --- | --- |"]
    titles = {"is_win": "`is_win`, list of 14 index34 ints", "shanten": "`shanten`, 13 tiles",
              "waits": "`waits`, 13 tiles"}
    for work, title in titles.items():
        ours = at[(work, "mahjong_fast", "compiled")]
        pure = at.get((work, "mahjong_fast", "pure-python"))
        peers = [(lib, t) for (w, lib, impl), t in at.items()
                 if w == work and impl == "compiled" and lib != "mahjong_fast"]
        cells = {"riichienv": [], "mahjong ": [], "": []}
        for lib, t in peers:
            column = next((c for c in ("riichienv", "mahjong ") if lib.startswith(c)), "")
            cells[column].append(f"{lib.split(' ', 1)[1] if column else lib} {_time(t)} ({_ratio(t / ours)})")
        out.append(f"| {title} | **{_time(ours)}** | {_time(pure) if pure else '—'} | "
                   + " | ".join("; ".join(cells[c]) or "—" for c in ("riichienv", "mahjong ", "")) + " |")
    batch = {lib: t for (w, lib, impl), t in at.items() if w == "is_win_batch" and impl == "compiled"}
    one, two = batch["mahjong_fast 1 thread"], batch["mahjong_fast 2 threads"]
    pure = at.get(("is_win_batch", "mahjong_fast 1 thread", "pure-python"))
    total = batch.get("numpy counts.sum(axis=1)")
    out.append(f"| `is_win_batch`, uint8 rows | **{_time(one)}/row** 1 thread, {_time(two)}/row 2 threads "
               f"({_ratio(one / two)} faster) | {_time(pure) + '/row' if pure else '—'} | — | — | "
               + (f"numpy `counts.sum(axis=1)` {_time(total)}/row ({_ratio(total / one)})" if total else "—")
               + " |")
    return "\n".join(out)


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
    print(headline(data["benchmarks"]))
    print()
    print(tables(data["benchmarks"]))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
