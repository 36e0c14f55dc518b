"""Reading one log holds no more than its text plus a small constant, whatever its size up to the cap.

A log near ``logs.MAX_LOG`` (the rounds of a committed game repeated, about 330,000 events) is read
in a subprocess by ``replay``, ``decisions`` and ``wins``; the growth of its resident memory (VmHWM
against VmRSS before, the kernels' tables and the readers' caches warmed on a small log first) must
stay under ``MAX_LOG`` plus 8 MiB: the text is kept as the chunks it was read in, and its lines and
events are made as they are consumed, never all at once (before: about 5.7 times the log).
A bound on memory, not on time.
"""
from __future__ import annotations

import gzip
import json
import subprocess
import sys
import textwrap
from pathlib import Path
from typing import Any

import pytest

from mahjong_fast import logs

MJAI = Path(__file__).resolve().parent / "data" / "mjai"
SLACK = 8 << 20
"""What reading may hold beyond the log's text: the line and event at hand, a chunk, the table."""

MEASURE = textwrap.dedent("""
    import json, sys
    from mahjong_fast import logs

    def status(key):
        with open("/proc/self/status") as f:
            return next(int(line.split()[1]) * 1024 for line in f if line.startswith(key))

    path, small, how = sys.argv[1:]
    list(logs.decisions(small)), list(logs.wins(small)), list(logs.replay(small))  # warm
    before = status("VmRSS:")
    if how == "replay":
        n = sum(1 for _ in logs.replay(path))
    elif how == "decisions":
        n = sum(1 for _ in logs.decisions(path, offers=False))
    else:
        n = sum(1 for _ in logs.wins(path))
    print(json.dumps({"n": n, "grown": status("VmHWM:") - before}))
""")


@pytest.fixture(scope="module")
def big_log(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, int]:
    """A valid mjai log of just under ``MAX_LOG`` bytes: one game's rounds over and over; its size."""
    lines = gzip.decompress((MJAI / "game_00000.json.gz").read_bytes()).decode("utf-8").splitlines()
    body = [line for line in lines if '"start_game"' not in line and '"end_game"' not in line]
    round_size = sum(len(line) + 1 for line in body)
    repeats = (logs.MAX_LOG - 4096) // round_size
    text = "\n".join([lines[0], *body * repeats, '{"type":"end_game"}']) + "\n"
    assert logs.MAX_LOG - round_size - 4096 < len(text) <= logs.MAX_LOG
    path = tmp_path_factory.mktemp("big") / "big.json.gz"
    path.write_bytes(gzip.compress(text.encode("utf-8"), 1))
    return path, len(text)


@pytest.mark.parametrize("how", ["replay", "decisions", "wins"])
def test_reading_a_log_near_the_cap_holds_the_text_and_a_constant(big_log: tuple[Path, int], how: str) -> None:
    path, size = big_log
    out = subprocess.run([sys.executable, "-c", MEASURE, str(path), str(MJAI / "game_00001.json.gz"), how],
                         capture_output=True, text=True, check=True, timeout=900)
    result: dict[str, Any] = json.loads(out.stdout)
    assert result["n"] > (1000 if how == "wins" else 100_000)  # wins: one per hora
    assert result["grown"] < size + SLACK, (how, result["grown"] / size)
