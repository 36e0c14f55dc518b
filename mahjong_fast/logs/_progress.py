"""A progress bar on stderr for long runs: drawn only on a terminal, and only once a run takes a while."""
from __future__ import annotations

import time
from typing import IO

WIDTH = 30
DELAY = 0.5
"""Seconds before the bar first shows: short runs stay quiet."""


class Progress:
    """``update(done, total)`` redraws the bar; ``close()`` ends its line."""

    def __init__(self, stream: IO[str], *, force: bool = False) -> None:
        self.stream = stream
        self.start = time.monotonic()
        isatty = getattr(stream, "isatty", None)
        self.enabled = force or bool(isatty and isatty())
        self.delay = 0.0 if force else DELAY
        self.drawn = False

    def update(self, done: int, total: int) -> None:
        elapsed = time.monotonic() - self.start
        if not self.enabled or (elapsed < self.delay and done < total):
            return
        filled = WIDTH * done // max(total, 1)
        rate = done / elapsed if elapsed > 0 else 0.0
        left = (total - done) / rate if rate > 0 else 0.0
        self.stream.write(f"\r[{'#' * filled}{'.' * (WIDTH - filled)}] {done}/{total} logs, "
                          f"{elapsed:.0f}s, ~{left:.0f}s left ")
        self.stream.flush()
        self.drawn = True

    def close(self) -> None:
        if self.drawn:
            self.stream.write("\n")
            self.stream.flush()
