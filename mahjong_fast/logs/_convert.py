"""``mahjong-fast convert LOG [--out FILE]``: a game log as mjai JSON lines.

LOG is a Tenhou record (mjlog XML, plain or gzip, or tenhou.net/6 JSON, told
apart by content) or an mjai log; the events go to FILE (gzipped when it ends
in .gz) or to stdout, one JSON object a line, as Mortal's engine writes them.
"""
from __future__ import annotations

import argparse
import gzip
from collections.abc import Sequence
from typing import IO

from ._reader import read_events


def run(argv: Sequence[str], stdout: IO[str]) -> int:
    """Run ``mahjong-fast convert`` with ``argv`` (the words after ``convert``); the exit status."""
    parser = argparse.ArgumentParser(prog="mahjong-fast convert", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("log", metavar="LOG", help="the log: an mjlog record, a tenhou.net/6 JSON, or mjai")
    parser.add_argument("--out", metavar="FILE", help="write the mjai lines to FILE (.gz: gzipped), not stdout")
    args = parser.parse_args(list(argv))
    _, lines, _, _ = read_events(args.log)  # an mjai log is checked line by line before it is copied
    text = "".join(line + "\n" for line in lines)
    if args.out is None:
        stdout.write(text)
    elif args.out.endswith(".gz"):
        with gzip.open(args.out, "wt", encoding="utf-8") as f:
            f.write(text)
    else:
        with open(args.out, "w", encoding="utf-8") as f:
            f.write(text)
    return 0
