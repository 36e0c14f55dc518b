"""``mahjong-fast analyze LOG...``: judge every discard of game logs (mjai, Tenhou) for tile efficiency.

Prints a summary per player, and on request writes the per-discard table
(``--out``, Parquet or CSV) and a plot (``--plot``).  ``--workers N`` runs on a
local Dask cluster of N processes, ``--scheduler ADDRESS`` on a running one;
the rows are the same as in one process.  ``--skip-bad`` leaves out a
malformed or inconsistent log and lists each one left out, and why, at the end
(on stderr).
"""
from __future__ import annotations

import argparse
import json
import os
import sys
import warnings
from collections.abc import Sequence
from pathlib import Path
from typing import IO, Any

from ._analysis import BadLogWarning, analyze
from ._progress import Progress
from ._report import MAX_SHANTEN_SHOWN, format_summary, plot, summary, write_table

DESCRIPTION = "judge every discard of mjai logs for tile efficiency (needs the [logs] extra)"
LOG_SUFFIXES = (".json", ".jsonl", ".json.gz", ".jsonl.gz", ".mjlog", ".mjlog.gz", ".xml", ".xml.gz")
"""The files a folder stands for: mjai logs and Tenhou records (any file named on its own is read,
whatever its name: the reader tells the forms apart by content)."""
OUT_SUFFIXES = (".parquet", ".pq", ".csv")


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("logs", nargs="+", metavar="LOG",
                        help="mjai logs or Tenhou records (mjlog XML, tenhou.net/6 JSON), or folders of them")
    parser.add_argument("--rules", default="riichi", help="the rule set of the judgement (default: riichi)")
    parser.add_argument("--out", metavar="FILE", help="write the per-discard table to FILE.parquet or FILE.csv")
    parser.add_argument("--plot", metavar="FILE.png", help="draw the efficiency-best rate by shanten and turn")
    where = parser.add_mutually_exclusive_group()
    where.add_argument("--scheduler", metavar="ADDRESS", help="run on the Dask scheduler at ADDRESS")
    where.add_argument("--workers", type=int, metavar="N", help="run on a local Dask cluster of N processes")
    parser.add_argument("--files-per-task", type=int, metavar="K",
                        help="log files per cluster task (default: enough for eight tasks a worker)")
    parser.add_argument("--skip-bad", action="store_true",
                        help="leave out a malformed or inconsistent log (and say which, and why, at the end) "
                             "instead of stopping at it")
    parser.add_argument("--json", action="store_true",
                        help="print the summary as one JSON object (schema: docs/cli.md)")
    parser.add_argument("--progress", action="store_true",
                        help="always draw the progress bar (by default: on a terminal, for runs over half a second)")


def add_parser(subparsers: Any) -> argparse.ArgumentParser:
    """Register ``analyze`` on a ``mahjong-fast`` subparsers object."""
    parser: argparse.ArgumentParser = subparsers.add_parser("analyze", help=DESCRIPTION, description=__doc__,
                                                            formatter_class=argparse.RawDescriptionHelpFormatter)
    add_arguments(parser)
    return parser


def expand(paths: Sequence[str]) -> list[str]:
    """The log files named: a folder stands for its logs (sorted by name)."""
    found: list[str] = []
    for p in paths:
        if os.path.isdir(p):
            inside = sorted(str(f) for f in Path(p).iterdir() if f.name.endswith(LOG_SUFFIXES) and f.is_file())
            if not inside:
                raise ValueError(f"{p}: no mjai log in this folder ({', '.join(LOG_SUFFIXES)})")
            found += inside
        else:
            found.append(p)
    return found


def _client(args: argparse.Namespace) -> Any:
    if args.scheduler is None and args.workers is None:
        return None
    from ._require import require

    distributed = require("distributed", "--scheduler/--workers")
    if args.scheduler is not None:
        return distributed.Client(args.scheduler)
    if args.workers < 1:
        raise ValueError(f"--workers must be at least 1, not {args.workers}")
    cluster = distributed.LocalCluster(n_workers=args.workers, threads_per_worker=1, processes=True,
                                       dashboard_address=":0")
    return distributed.Client(cluster)


def run(argv: Sequence[str], stdout: IO[str] | None = None, stderr: IO[str] | None = None) -> int:
    """Run ``mahjong-fast analyze`` with ``argv`` (the words after ``analyze``); the exit status."""
    stdout = sys.stdout if stdout is None else stdout
    stderr = sys.stderr if stderr is None else stderr
    parser = argparse.ArgumentParser(prog="mahjong-fast analyze", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    add_arguments(parser)
    args = parser.parse_args(list(argv))
    try:
        return _run(args, stdout, stderr)
    except ImportError as exc:
        stderr.write(f"mahjong-fast: error: {exc}\n")
        return 2


def _run(args: argparse.Namespace, stdout: IO[str], stderr: IO[str]) -> int:
    if args.out is not None and not args.out.lower().endswith(OUT_SUFFIXES):  # before the long run, not after
        raise ValueError(f"--out: cannot tell the format of {args.out!r}; name it .parquet or .csv")
    paths = expand(args.logs)
    bar = Progress(stderr, force=args.progress)
    client = _client(args)
    try:
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always", BadLogWarning)
            table = analyze(paths, rules=args.rules, client=client, files_per_task=args.files_per_task,
                            progress=bar.update, errors="skip" if args.skip_bad else "raise")
    finally:
        bar.close()
        if client is not None:
            cluster = client.cluster
            client.close()
            if cluster is not None and args.workers is not None:
                cluster.close()
    bad = [str(w.message) for w in caught if issubclass(w.category, BadLogWarning)]
    for w in caught:
        if not issubclass(w.category, BadLogWarning):
            warnings.warn_explicit(w.message, w.category, w.filename, w.lineno)
    if bad:
        stderr.write(f"skipped {len(bad)} bad log{'s' if len(bad) > 1 else ''} of {len(paths)}:\n")
        stderr.writelines(f"  {message}\n" for message in bad)
    read = len(paths) - len(bad)
    rows = summary(table)
    if args.out is not None:
        write_table(table, args.out)
    if args.plot is not None:
        plot(table, args.plot)
    if args.json:
        report = summary_report(rows, discards=table.num_rows, logs=read, rules=args.rules, out=args.out,
                                plot=args.plot)
        stdout.write(json.dumps(report, ensure_ascii=False) + "\n")
        return 0
    stdout.write(f"{table.num_rows} discards in {read} logs (rules: {args.rules})\n")
    stdout.write(format_summary(rows) + "\n")
    if args.out is not None:
        stdout.write(f"table: {args.out}\n")
    if args.plot is not None:
        stdout.write(f"plot: {args.plot}\n")
    return 0


def summary_report(rows: list[dict[str, Any]], *, discards: int, logs: int, rules: str, out: str | None = None,
                   plot: str | None = None) -> dict[str, Any]:
    """The summary of ``analyze`` as the object ``--json`` writes (schema: docs/cli.md): the text
    table's figures unrounded, each rate beside the discards it counts.

    >>> rows = [{"player": "A", "discards": 2, "best": 0.5, "lost": 1.0,
    ...          "by_shanten": {-1: (None, 0), 0: (1.0, 1), 1: (0.0, 1), 2: (None, 0), 3: (None, 0), 4: (None, 0)}}]
    >>> r = summary_report(rows, discards=3, logs=1, rules="riichi")
    >>> r["players"][0]["by_shanten"]["1"], r["players"][0]["by_shanten"]["4+"]
    ({'best': 0.0, 'discards': 1}, {'best': None, 'discards': 0})
    """
    players = [
        {"player": r["player"], "discards": r["discards"], "best": r["best"], "lost": r["lost"],
         "by_shanten": {_shanten_key(s): {"best": rate, "discards": n} for s, (rate, n) in r["by_shanten"].items()}}
        for r in rows
    ]
    return {"rules": rules, "logs": logs, "discards": discards, "players": players, "out": out, "plot": plot}


def _shanten_key(shanten: int) -> str:
    return f"{shanten}+" if shanten == MAX_SHANTEN_SHOWN else str(shanten)


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m mahjong_fast.logs._cli LOG...``: the command on its own."""
    try:
        return run(sys.argv[1:] if argv is None else argv)
    except ValueError as exc:
        sys.stderr.write(f"mahjong-fast: error: {exc}\n")
        return 2


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
