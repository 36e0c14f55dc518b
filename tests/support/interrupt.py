"""Ctrl-C in the middle of a long batch: the script the interrupt tests run, and their verdict.

The interrupt comes from the kernel's interval timer (``setitimer``), not from a Python thread: a
timer thread needs the interpreter lock and the scheduler's attention to send its signal, and on a
crowded machine it could be late by the whole call ("finished") or fire before the call began.
The alarm's handler raises SIGINT, the signal Ctrl-C sends, with Python's own handler for it
installed (a script's background job inherits SIGINT ignored); the batch must notice it within a
block of rows.  Times are relative: a thousandth of the rows, warm, is the unit (the whole call is
about 1000 units), the alarm goes off at 20 units, and the interrupt must land within half the
whole call, all measured in the same run.
"""
from __future__ import annotations

import textwrap

from .impls import run_python


def interrupt_batch(call: str, hand: list[int], rows: int) -> str:
    """Run ``mf.<call>(counts)`` on ``rows`` copies of ``hand`` (index34 tiles), interrupted early.

    ``call`` is the call's text with ``counts`` for the array, e.g. ``"shanten_batch(counts, threads=2)"``.
    Returns the script's output: ``interrupted LATE`` (LATE in wholes of the call) or ``finished``.
    """
    script = textwrap.dedent(
        f"""
        import os, signal, time
        import numpy as np
        import mahjong_fast as mf
        hand = np.zeros(34, np.uint8)
        for t in {hand!r}:
            hand[t] += 1
        everything = np.tile(hand, ({rows}, 1))
        counts = everything[:1000]
        mf.{call}  # tables built, pool warm
        counts = everything[:len(everything) // 1000]
        unit = float("inf")
        for _ in range(2):
            start = time.perf_counter()
            mf.{call}
            unit = min(unit, time.perf_counter() - start)
        whole = 1000 * unit
        signal.signal(signal.SIGINT, signal.default_int_handler)  # a parent may have left it ignored
        signal.signal(signal.SIGALRM, lambda *_: os.kill(os.getpid(), signal.SIGINT))
        counts = everything
        try:
            due = time.perf_counter() + 20 * unit
            signal.setitimer(signal.ITIMER_REAL, 20 * unit)
            mf.{call}
        except KeyboardInterrupt:
            print("interrupted", (time.perf_counter() - due) / whole)
        else:
            print("finished")
        """
    )
    out = run_python("-c", script)
    assert out.returncode == 0, out.stderr
    return out.stdout


def assert_interrupted_early(output: str) -> None:
    """The batch stopped at the interrupt, within half the whole call after it."""
    words = output.split()
    assert words[0] == "interrupted", output
    assert float(words[1]) < 0.5, output
