"""Write real mjai logs: full hanchan played by mjai's own arena (``mjai.mlibriichi.arena.Match``).

    python scripts/gen_mjai_logs.py OUT_DIR [--games N] [--seed S]

Each game ``game_SSSSS.json.gz`` is played by four ``CallingEngine``s
(tests/support/mjai_games.py), which win, declare riichi and kans, and call pon
and chi, so the logs hold every mjai event type.  The same seed writes the
same log.  Needs the ``mjai`` package (docs/logs.md: how to install it).
"""
from __future__ import annotations

import argparse
import collections
import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from support.mjai_games import play, read_lines  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("out", type=Path, help="the folder to write the logs in")
    parser.add_argument("--games", type=int, default=1, help="how many hanchan (default 1)")
    parser.add_argument("--seed", type=int, default=0, help="the seed of the first game; the next ones follow")
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    start = time.perf_counter()
    kinds: collections.Counter[str] = collections.Counter()
    for seed in range(args.seed, args.seed + args.games):
        path = play(seed, args.out)
        kinds.update(json.loads(line)["type"] for line in read_lines(path))
    took = time.perf_counter() - start
    print(f"{args.games} games in {took:.1f}s into {args.out}")
    print(", ".join(f"{k} {n}" for k, n in sorted(kinds.items())))


if __name__ == "__main__":
    main()
