"""What ``mahjong-fast analyze`` makes of the table: a summary per player, a file, a plot.

Forced discards (made in riichi) are left out of the summary and the plot:
the player had no choice.
"""
from __future__ import annotations

from pathlib import Path
from typing import Any

from ._require import require

MAX_SHANTEN_SHOWN = 4
"""Shanten above this one share the last column (``4+``)."""


def _numpy_columns(table: Any, names: tuple[str, ...]) -> dict[str, Any]:
    return {n: table.column(n).to_numpy(zero_copy_only=False) for n in names}


def summary(table: Any) -> list[dict[str, Any]]:
    """Per player (in order of first appearance): discards judged, efficiency-best rate overall and by
    shanten before the discard (``-1`` ... ``4+``), average useful tiles lost."""
    np = require("numpy", "the analyze summary")
    c = _numpy_columns(table, ("player", "forced", "shanten_before", "best", "lost"))
    free = ~c["forced"]
    players = list(dict.fromkeys(c["player"][free].tolist()))
    rows = []
    for player in players:
        mine = free & (c["player"] == player)
        shanten = np.minimum(c["shanten_before"][mine], MAX_SHANTEN_SHOWN)
        best = c["best"][mine]
        by = {}
        for s in range(-1, MAX_SHANTEN_SHOWN + 1):
            at = shanten == s
            by[s] = (float(best[at].mean()), int(at.sum())) if at.any() else (None, 0)
        rows.append({"player": player, "discards": int(mine.sum()), "best": float(best.mean()),
                     "by_shanten": by, "lost": float(c["lost"][mine].mean())})
    return rows


def format_summary(rows: list[dict[str, Any]]) -> str:
    """The summary as a text table: one line per player."""
    head = ["player", "discards", "best"] + [_label(s) for s in range(-1, MAX_SHANTEN_SHOWN + 1)] + ["lost/disc"]
    lines = [head]
    for r in rows:
        cells = [str(r["player"]), str(r["discards"]), f"{r['best']:.1%}"]
        cells += ["-" if rate is None else f"{rate:.1%}" for rate, _ in r["by_shanten"].values()]
        cells.append(f"{r['lost']:.2f}")
        lines.append(cells)
    widths = [max(len(line[i]) for line in lines) for i in range(len(head))]
    text = [" ".join(cell.rjust(w) if i else cell.ljust(w) for i, (cell, w) in enumerate(zip(line, widths)))
            for line in lines]
    note = ("best: share of discards that were efficiency-best; columns -1..4+: the same by shanten before the "
            "discard; lost/disc: unseen useful tiles given up per discard (riichi-forced discards left out)")
    return "\n".join(text + [note])


def _label(shanten: int) -> str:
    return f"sh{shanten}+" if shanten == MAX_SHANTEN_SHOWN else f"sh{shanten}"


def write_table(table: Any, path: str) -> None:
    """The table to ``path``: Parquet for ``.parquet``/``.pq``, CSV for ``.csv``."""
    suffix = Path(path).suffix.lower()
    if suffix in (".parquet", ".pq"):
        require("pyarrow.parquet", "--out FILE.parquet").write_table(table, path)
    elif suffix == ".csv":
        require("pyarrow.csv", "--out FILE.csv").write_csv(table, path)
    else:
        raise ValueError(f"--out: cannot tell the format of {path!r}; name it .parquet or .csv")


def plot(table: Any, path: str) -> None:
    """A PNG of the efficiency-best rate by turn, one line per shanten before the discard."""
    np = require("numpy", "--plot")
    matplotlib = require("matplotlib", "--plot")
    matplotlib.use("Agg")
    pyplot = require("matplotlib.pyplot", "--plot")
    c = _numpy_columns(table, ("forced", "shanten_before", "best", "turn"))
    free = ~c["forced"]
    shanten = np.minimum(c["shanten_before"][free], MAX_SHANTEN_SHOWN)
    best, turn = c["best"][free], c["turn"][free]
    fig, ax = pyplot.subplots(figsize=(8, 5))
    for s in range(0, MAX_SHANTEN_SHOWN + 1):
        at = shanten == s
        if not at.any():
            continue
        turns = np.unique(turn[at])
        rates = [best[at & (turn == t)].mean() for t in turns]
        ax.plot(turns, rates, marker="o", markersize=3, label=f"shanten {s}{'+' if s == MAX_SHANTEN_SHOWN else ''}")
    ax.set_xlabel("turn (the seat's own draws and calls in the round)")
    ax.set_ylabel("efficiency-best discards")
    ax.set_ylim(0, 1.02)
    ax.set_title(f"Efficiency-best rate by shanten and turn ({int(free.sum())} discards)")
    ax.grid(alpha=0.3)
    ax.legend()
    fig.tight_layout()
    fig.savefig(path, dpi=100)
    pyplot.close(fig)
