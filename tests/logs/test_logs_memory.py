"""Reading one log holds no more than its text plus a small constant, whatever its size up to the cap.

A log near ``logs.MAX_LOG`` (the rounds of a committed game repeated, about 270,000 events, each
line made distinct by a field of its own: the worst case, no line shared) is read in a subprocess by
``replay``, ``decisions`` and ``wins``; the growth of its resident memory (VmHWM against VmRSS
before, the kernels' tables and the readers' caches warmed on a small log first) must stay under
the log's size plus 12 MiB: the text is kept as the chunks it was read in, and its lines and events
are made as they are consumed, never all at once (measured: 21.5 MB for the 16.5 MB log; before,
with every line and event kept, 221 MB).
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

MJAI = Path(__file__).resolve().parents[1] / "data" / "mjai"
SLACK = 12 << 20
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
    """A valid mjai log of just under ``MAX_LOG`` bytes: one game's rounds over and over, each line
    with a field ``i`` of its own (no two lines alike); its size."""
    lines = gzip.decompress((MJAI / "game_00000.json.gz").read_bytes()).decode("utf-8").splitlines()
    body = [line for line in lines if '"start_game"' not in line and '"end_game"' not in line]
    out, size = [lines[0]], len(lines[0]) + 1
    while size < logs.MAX_LOG - 400_000:
        for line in body:
            out.append(f'{line[:-1]},"i":{len(out)}}}')
            size += len(out[-1]) + 1
    text = "\n".join([*out, '{"type":"end_game"}']) + "\n"
    assert logs.MAX_LOG - 500_000 < len(text) <= logs.MAX_LOG
    path = tmp_path_factory.mktemp("big") / "big.json.gz"
    path.write_bytes(gzip.compress(text.encode("utf-8"), 1))
    return path, len(text)


@pytest.mark.parametrize("how", ["replay", "decisions", "wins"])
def test_reading_a_log_near_the_cap_holds_the_text_and_a_constant(big_log: tuple[Path, int], how: str) -> None:
    path, size = big_log
    out = subprocess.run([sys.executable, "-c", MEASURE, str(path), str(MJAI / "game_00001.json.gz"), how],
                         capture_output=True, text=True, check=True, timeout=900)
    result: dict[str, Any] = json.loads(out.stdout)
    assert result["n"] > (500 if how == "wins" else 100_000)  # wins: one per hora
    assert result["grown"] < size + SLACK, (how, result["grown"] / size)
