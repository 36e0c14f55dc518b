"""``mahjong-fast convert LOG [--out FILE]``: a game log as mjai JSON lines.

LOG is a Tenhou record (mjlog XML, plain or gzip, or tenhou.net/6 JSON, told
apart by content) or an mjai log; the events go to FILE (gzipped when it ends
in .gz) or to stdout, one JSON object a line, as Mortal's engine writes them.
The log is read as it comes (memory bounded as the readers' are) and its lines are
held in a spool file until the last is checked: a bad log writes nothing.
"""
from __future__ import annotations

import argparse
import gzip
import shutil
import tempfile
from collections.abc import Sequence
from typing import IO

from ._reader import read_source, stream_events

SPOOL = 1 << 22
"""Bytes of converted lines held in memory before the spool moves to a temporary file."""


def run(argv: Sequence[str], stdout: IO[str]) -> int:
    """Run ``mahjong-fast convert`` with ``argv`` (the words after ``convert``); the exit status."""
    parser = argparse.ArgumentParser(prog="mahjong-fast convert", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("log", metavar="LOG", help="the log: an mjlog record, a tenhou.net/6 JSON, or mjai")
    parser.add_argument("--out", metavar="FILE", help="write the mjai lines to FILE (.gz: gzipped), not stdout")
    args = parser.parse_args(list(argv))
    name, lines, events, _ = read_source(args.log)
    with tempfile.SpooledTemporaryFile(SPOOL, mode="w+", encoding="utf-8") as spool:
        for _, line, _ in stream_events(name, lines, events):  # each line checked before any is written
            spool.write(line)
            spool.write("\n")
        spool.seek(0)
        if args.out is None:
            shutil.copyfileobj(spool, stdout)
        elif args.out.endswith(".gz"):
            with gzip.open(args.out, "wt", encoding="utf-8") as f:
                shutil.copyfileobj(spool, f)
        else:
            with open(args.out, "w", encoding="utf-8") as f:
                shutil.copyfileobj(spool, f)
    return 0
