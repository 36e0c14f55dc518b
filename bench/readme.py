"""Rewrite the README's speed section from the JSON of one ``mahjong-fast bench --pure --json`` run.

    mahjong-fast bench --pure --repeat 7 --json bench/results.json > bench/readme-run.txt
    cp bench/results.json bench/readme-run.json
    python bench/readme.py bench/readme-run.json --machine "..."

Everything from ``## Speed`` to the paragraph that starts ``**Tables.**`` is replaced.
"""
from __future__ import annotations

import argparse
import json
import re
import sys
import textwrap
from collections import Counter
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from table import _index, _ratio, _time, headline, tables  # noqa: E402

INTRO = """## Speed

Measured in one run on {machine}, with

```sh
{command}
```

the compiled rows first, then the same rows in a fresh interpreter with `MAHJONG_FAST_NO_EXTENSIONS=1`.
Every row maps its call over the same 1,000 hands (the pure-Python rows over the first {pure_hands}; the
tile-efficiency rows whose check is slow are checked on a share of them, and timed on it in pure Python,
as `mahjong_fast/_bench.py` says), each library fed its native input prepared beforehand (index34 list,
34 counts, 136-ids, Botzone names), so a time per hand includes a Python-level loop (`deque(map(f,
hands), 0)`). The rows of a group take turns, {repeat} times, and the best time of each is kept; the
machine is shared and noisy, so the **ratios** are the figures to quote, not the absolute times. The
run's output and rows are in `bench/readme-run.txt` and `bench/readme-run.json`; `python bench/readme.py
bench/results.json` writes this section from such a file and `python bench/plot.py` the figure;
`mahjong-fast bench --quick` prints the same rows on your machine, and `pytest bench --benchmark-only`
runs them under pytest-benchmark (with the kernel-level microbenchmarks of `bench/test_bench_kernels.py`
and `bench/test_bench_shanten.py`).

### Beside the peers

{headline}

Ratios in brackets are to mahjong_fast's compiled row; a tile-efficiency peer's, to our row under its
rules (riichi, or GB for PyMahjongGB) on the same hands. {agreement} All rows of ours gave the reference
answer (the pure-Python kernels) on every hand.

![comparison](bench/comparison.png)

### Every entry point and input form

The first row of each table is the baseline its ratios are quoted against: the int-list call on the
same hands. Compiled and pure-Python columns come from the same run.

{tables}
"""


WILD_WAITS = ("waits_forms", 'list with 1-2 jokers, wild="7z"', "pure-python")

EFFICIENCY = (
    ("useful", "`useful_tiles`, 13 tiles", "mahjong_fast list of 13 ints", (
        ("xiangting necessary tiles", "`xiangting.calculate_necessary_tiles` (a mask)", 'rules="riichi"'),
        ("MahjongGB per-form useful tiles", "PyMahjongGB per-form useful tiles", 'rules="gb"'))),
    ("discards", "`discard_analysis`, 14 tiles", "mahjong_fast list of 14 ints", (
        ("xiangting loop", "`xiangting` loop over the discards", 'rules="riichi"'),
        ("jansou discard_evaluation", "jansou `discard_evaluation`", 'rules="riichi"'))),
    ("two_step", "`discard_analysis(two_step=True)`", "mahjong_fast list of 14 ints", (
        ("jansou discard_evaluation", "jansou `discard_evaluation` (no two-step)", "mahjong_fast"),)),
)
"""Lines of the peers table for tile efficiency: workload, title, our row, and per peer (its row's
label prefix, its name, the label prefix of our row it is compared with: the same rules)."""


def efficiency_headline(bench: list[dict]) -> list[str]:
    """Markdown lines of the peers table for tile efficiency and its batch (none if the run has no such rows)."""
    at = _index(bench)

    def find(work: str, prefix: str, impl: str = "compiled") -> float | None:
        return next((t for (w, lib, i), t in at.items() if w == work and i == impl and lib.startswith(prefix)), None)

    out = []
    for work, title, ours_row, peers in EFFICIENCY:
        ours = at.get((work, ours_row, "compiled"))
        if ours is None:
            continue
        pure = at.get((work, ours_row, "pure-python"))
        cells = []
        for prefix, name, against in peers:
            t, base = find(work, prefix), find(work, against)
            if t is not None and base is not None:
                cells.append(f"{name} {_time(t)} ({_ratio(t / base)})")
        out.append(f"| {title} | **{_time(ours)}** | {_time(pure) if pure else '—'} | — | — | "
                   f"{'; '.join(cells) or '—'} |")
    one = at.get(("efficiency_batch", "mahjong_fast discard_analysis_batch 1 thread", "compiled"))
    two = at.get(("efficiency_batch", "discard_analysis_batch 2 threads", "compiled"))
    if one is not None and two is not None:
        pure = at.get(("efficiency_batch", "mahjong_fast discard_analysis_batch 1 thread", "pure-python"))
        out.append(f"| `discard_analysis_batch`, uint8 rows | **{_time(one)}/row** 1 thread, {_time(two)}/row "
                   f"2 threads ({_ratio(one / two)} faster) | {_time(pure) + '/row' if pure else '—'} | — | — | — |")
    return out


def peers_table(bench: list[dict]) -> str:
    """The peers table: ``table.headline`` with the tile-efficiency lines before its batch line."""
    lines = headline(bench).split("\n")
    return "\n".join(lines[:-1] + efficiency_headline(bench) + lines[-1:])


def fallback(bench: list[dict]) -> str:
    """The README's sentence on the pure-Python figures, from the run."""
    at = _index(bench)

    def pure(work: str, row: str = "mahjong_fast") -> float:
        return at[(work, row, "pure-python")]

    agari, shanten = pure("is_win", "mahjong Agari.is_agari"), pure("shanten", "mahjong Shanten")
    return ("Without the compiled kernels, the pure-Python fallbacks are exact but slower (the same run, "
            f"caches warm): `is_win` {_time(pure('is_win'))} a hand ({pure('is_win') / agari:.1f}× `mahjong`'s "
            f"`Agari.is_agari`), `shanten` {_time(pure('shanten'))} ({pure('shanten') / shanten:.1f}× "
            "`mahjong`'s `Shanten`; a first pass over hands whose suits it has not met costs several times "
            f"more), `waits` {_time(pure('waits'))}, `waits` with one or two jokers {_time(at[WILD_WAITS])}).")


def slower(bench: list[dict]) -> str:
    """How much slower pure Python is on is_win, shanten and waits, from the run."""
    at = _index(bench)
    ratios = [at[(w, "mahjong_fast", "pure-python")] / at[(w, "mahjong_fast", "compiled")]
              for w in ("is_win", "shanten", "waits")]
    return f'`"pure-python"` is\nabout {round(min(ratios), -1):.0f}-{round(max(ratios), -1):.0f}× slower (see Speed).'


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("results", type=Path)
    parser.add_argument("--readme", type=Path, default=HERE.parent / "README.md")
    parser.add_argument("--machine", default="a shared 2-core Xeon")
    args = parser.parse_args(argv)
    data = json.loads(args.results.read_text())
    bench = data["benchmarks"]
    pure_hands = Counter(b["extra_info"]["hands_per_call"] for b in bench
                         if b["extra_info"]["implementation"] == "pure-python").most_common(1)[0][0]
    notes = []
    for b in bench:
        info = b["extra_info"]
        if info["implementation"] == "compiled" and info.get("agreement") not in (None, 1.0):
            notes.append(f"{info['lib']} ({info['workload']}) agrees on {info['agreement']:.1%} of hands")
    agreement = ("Peers that follow other rules differ: " + "; ".join(notes) + " (MahjongGB counts the knitted "
                 "forms of Chinese Official rules; riichienv and xiangting follow riichi rules, no seven pairs "
                 "with four identical tiles).") if notes else ""
    text = INTRO.format(machine=args.machine, command=data.get("command", "mahjong-fast bench --pure"),
                        pure_hands=pure_hands, repeat=data.get("repeat", 5), headline=peers_table(bench),
                        agreement=agreement, tables=tables(bench))
    readme = args.readme.read_text()
    start, end = readme.index("## Speed\n"), readme.index("**Tables.**")
    readme = readme[:start] + text + "\n" + readme[end:]
    start = readme.index("Without the", readme.index("**Tables.**"))
    end = readme.index(").", start) + 2
    readme = readme[:start] + fallback(bench) + readme[end:]
    start = readme.index("**Tables.**")
    end = readme.index("\n\n", start)
    readme = readme[:start] + textwrap.fill(readme[start:end], 100) + readme[end:]
    args.readme.write_text(re.sub(r'`"pure-python"` is\s+about [^.]*slower\.', slower(bench), readme, count=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
