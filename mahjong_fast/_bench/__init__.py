"""The benchmark of `mahjong-fast bench` and `bench/`, and the one source of generated hands.

The workloads are shared with the pytest-benchmark suite (``bench/``), so the
command and the suite measure the same rows:

* Each workload is one group of rows on the same hands, 1,000 of them drawn
  once from a fixed seed: built wins, seven pairs and thirteen orphans, near
  misses (one tile of a win swapped) and plain random draws, so every branch of
  every library is taken.  No hand holds four identical tiles: riichi rules
  (``riichienv``, ``mahjong``, ``xiangting``) and Chinese rules disagree on
  seven pairs there.
* The first row of a group is the baseline its ratios are quoted against: the
  index34 int-list call for the groups of input forms and keywords, mahjong_fast
  for the groups with peers.  Each row feeds its inputs already converted (text,
  136-ids, counts, ``Meld`` objects...); one timed call maps it over all hands
  with ``deque(map(f, hands), 0)``, the cheapest loop Python has, so the
  figure per hand is the call and little else.  Builtin ``sum()`` over the same
  lists and ``counts.sum(axis=1)`` are the "cost of a call" yardsticks.
* The batch functions run on 1,000,000 rows of uint8 counts (the hands tiled).
* Tile efficiency (``useful_tiles``, ``discard_analysis``, their batches) is slow to check:
  the pure-Python twin takes 3 ms to 0.25 s a hand, about 1 s with the two-step figures.
  Its slow rows (``Row.fewer``) are timed on every hand but checked on the first ones only:
  a tenth for ``useful_tiles`` under rules, a twentieth for ``discard_analysis`` (50 hands),
  a fiftieth with the two-step figures; without the compiled kernels they are timed on
  those only.  (On 50 hands the compiled kernel's tables stay in cache and it looks about
  25% faster than on 1,000.)  The efficiency batches run a tenth of the rows (a 500th
  without the compiled kernels), the discards checked on their first 50.  The ``visible=``
  rows see 20 tiles drawn from the wall outside each hand.

Answers are checked beside the speed against the pure-Python kernels
(``_kernels.*_py``): "correct" is the share of hands on which a row agrees,
which for peers also measures where their rules differ: MahjongGB's shanten
counts the knitted forms, riichienv and xiangting follow riichi rules on seven
pairs and waits.  A peer row of tile efficiency is checked against the rule set it
plays (riichi, or GB for MahjongGB), on what it answers (xiangting: a mask).
``--pure`` runs the same rows again without the compiled kernels, in a fresh
interpreter.

The modules, each standing on the ones before it: ``hands`` (the hands, and the random draws
the tests, ``bench/`` and ``scripts/fuzz.py`` share), ``hu_hands`` (random whole hands for the
hu-type tests), ``answers`` (the reference answers and how a row's answer is read), ``rows``
(a row, its workload, how it is timed and checked, the input forms), ``peers`` (the adapters of
the peer libraries), ``workloads`` (the table of groups) and ``run`` (the command).  What a hand
is worth has modules of its own: ``riichi_wins`` and ``gb_wins`` (random winning situations, and
the peers' readings of them, which the scoring tests share), ``situations`` (the inputs and
answers of the worth workloads) and ``worth`` (the ``score``, ``score_gb`` and
``discard_values`` workloads).
"""
from __future__ import annotations

from .answers import reference
from .hands import N_HANDS, SEED
from .rows import Row, Workload, prepare
from .run import run
from .workloads import BATCH_ROWS, PURE_BATCH_ROWS, PURE_HANDS, workloads

__all__ = [
    "BATCH_ROWS",
    "N_HANDS",
    "PURE_BATCH_ROWS",
    "PURE_HANDS",
    "SEED",
    "Row",
    "Workload",
    "prepare",
    "reference",
    "run",
    "workloads",
]
