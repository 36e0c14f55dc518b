"""Write docs/speed.md and the README's headline speed table from one ``mahjong-fast bench --pure --json`` run.

    mahjong-fast bench --pure --repeat 7 --json bench/results.json > bench/readme-run.txt
    cp bench/results.json bench/readme-run.json
    python bench/readme.py bench/readme-run.json --machine "..."
    python bench/plot.py bench/readme-run.json           # the figure, docs/img/comparison.png

``docs/speed.md`` is written whole: how the run was made, mahjong_fast beside its peers, the
figure, a table per workload (compiled and pure Python) and the tables' sizes.  In README.md
only what lies between the markers ``<!-- speed -->`` and ``<!-- /speed -->`` is replaced, by
the headline table (a line per headline: is_win, shanten, waits, discard_analysis, the two-step
figures, the batch, the game logs) and a link to docs/speed.md.  ``--machine`` describes the
machine of the run; it is kept in the JSON (``machine_description``), so the files can be
written again from it alone (``--check`` says whether they are up to date; a test holds them so).
"""
from __future__ import annotations

import argparse
import json
import re
import sys
import textwrap
from collections import Counter
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
SPEED = ROOT / "docs" / "speed.md"
IMPLEMENTATIONS = ROOT / "docs" / "implementations.md"
README = ROOT / "README.md"
RESULTS = HERE / "readme-run.json"
START, END = "<!-- speed -->", "<!-- /speed -->"
sys.path.insert(0, str(HERE))

from table import _index, _ratio, _time, headline, tables  # noqa: E402

PAGE = """# Speed

Measured in one run on {machine}, with

```sh
{command}
```

the compiled rows first, then the same rows in a fresh interpreter with `MAHJONG_FAST_NO_EXTENSIONS=1`.
Every row maps its call over the same 1,000 hands (the pure-Python rows over the first {pure_hands}; the
tile-efficiency rows whose check is slow are checked on a share of them, and timed on it in pure Python,
as `mahjong_fast/_bench/` says), each library fed its native input prepared beforehand (index34 list,
34 counts, 136-ids, Botzone names), so a time per hand includes a Python-level loop: `deque(map(f,
hands), 0)`, or, in a group with a call that passes keywords, the `for` loop a user writes around it
(`for x in hands: f(x, encoding="counts")`) for every row of the group alike, so that a keyword row pays
no frame of the bench's own (before session 19 such rows paid a lambda's, about 30-50 ns). The rows of a
group take turns, {repeat} times, and the best time of each is kept; the
machine is shared and noisy, so the **ratios** are the figures to quote, not the absolute times. The
run's output and rows are in `bench/readme-run.txt` and `bench/readme-run.json`; `python bench/readme.py
bench/results.json` writes this page (and the README's headline table) from such a file and `python
bench/plot.py` the figure; `mahjong-fast bench --quick` prints the same rows on your machine, and `pytest
bench --benchmark-only` runs them under pytest-benchmark (with the kernel-level microbenchmarks of
`bench/test_bench_kernels.py` and `bench/test_bench_shanten.py`).

## Beside the peers

{headline}

Ratios in brackets are to mahjong_fast's compiled row; a tile-efficiency peer's, to our row under its
rules (riichi, or GB for PyMahjongGB) on the same hands. {agreement} All rows of ours gave the reference
answer (the pure-Python kernels) on every hand.

![comparison](img/comparison.png)

## Every entry point and input form

The first row of each table is the baseline its ratios are quoted against: the int-list call on the
same hands. Compiled and pure-Python columns come from the same run.

{tables}
{sizes}

## Call paths beside the int list

A bot passes `rules="riichi"` on every call and often holds its hand as 34 counts. One pass made both
cheaper, counted with callgrind on 2,000 fixed random hands (instructions per call inside the public
function, keyword parsing included; before the pass and after; in brackets, `rules=None` or the 34
counts as a list after it, for comparison):

| call | before | after |
| --- | ---: | ---: |
| `shanten`, `rules="riichi"` (`rules=None`: 1,172) | 2,271 | 1,259 |
| `shanten`, `rules="gb"` / `RULES["gb"]` | 2,879 | 2,112 |
| `waits`, `rules="riichi"` (`rules=None`: 1,872) | 3,880 | 1,962 |
| `is_win`, `rules="riichi"` (`rules=None`: 874) | 1,933 | 959 |
| `is_win`, 34 counts as bytes / numpy uint8 row (list: 1,179) | 1,131 / 1,072 | 701 / 730 |
| `shanten`, 34 counts as bytes / numpy row (list: 1,520) | 1,391 / 1,450 | 1,042 / 1,071 |
| `waits`, 34 counts as bytes / numpy row (list: 2,223) | 2,081 / 2,140 | 1,745 / 1,774 |

The name of a rule set was already read once (the last `rules=` is known again by identity); the time
went to the kernels' rule path, which ranks and rescans the counts for every rule set. A rule set that
plays every tile and drops no suit (riichi, GB, custom seven-pairs or thirteen-orphans switches), with
no jokers, now
takes the plain path of the default rules (`_shanten_plain_rules`, `_waits_plain_rules` in
`_kernels/shanten_plain.pxi`: the same words and tabulated products, seven pairs of seven kinds counted on
the words, GB's knitted forms from the same products); `is_win` under riichi asks the win table and
goes to the kernel only for a win holding four of a kind (its only seven pairs may not count). 34 counts
as bytes or a numpy uint8 row are read in place by the quick path (`_quick_count_row`), as a list of
counts is, instead of by the general reader. In one wall-clock turn of `mahjong-fast bench --quick
--repeat 5` (main's build, then this one; load 4-6), `34 counts, bytes` went from 3.34× to 1.54× the
int-list `is_win`, the numpy row from 3.11× to 1.58×, `rules="riichi"` `shanten` from 2.52× to 1.63×
(`rules=None` 1.48×). On a quiet machine after the merge (load about 1; `--quick --repeat 3`, the
session's quiet run before it beside): `34 counts, bytes` 2.58× → 1.46× the int-list `is_win`, the numpy
row 2.59× → 1.49×; `shanten` of 34 counts as bytes 2.02× → 1.41×, `waits` 1.91× → 1.42×; `shanten`
under `rules="riichi"` 2.24× → 1.66× (`rules=None` 1.53×; riichienv 2.90×), under `rules="gb"` 2.64× →
2.34×; `waits` under `rules="riichi"` 2.71× → 1.49× (`rules=None` 1.52×), under `rules="gb"` 2.68× →
2.56×; a prebuilt `Hand` (its counts read as bytes) 1.96× → 1.13× for `is_win`, 1.71× → 1.14× for
`shanten`, 1.58× → 1.18× for `waits`. Answers and errors are held to the general path by
`tests/api/test_fast_rows_and_rules.py` (bytes, bytearray, memoryview, numpy rows of other dtypes,
strides and shapes, wrong lengths and counts, preset names, `Rules` objects and wrong rules), and the
kernels under such rules to their pure twins. GB's waits (3,868 then) took the rule path for its
knitted waits; since session 15 they take the plain path whenever no knitted form is one tile away
(`_knitted_may_wait`; 4,180 → 2,508 instructions a call of the bench row, `rules="riichi"` 2,361; see
[waits](waits.md)). Left: `is_win` under GB asks the kernel for every hand the table does not call a win.

A second pass (session 13) cut the call of one hand and no keyword, the call the README's peer rows
time. Counted with callgrind over 2,000 calls of the README's hands (`hands13`/`hands14`), GC off,
instructions per call including the caller's loop (about 330; riichienv's `calculate_shanten` in the
same loop: about 3,500, ±100 between runs), main's build then this one:

| call | before | after |
| --- | ---: | ---: |
| `shanten(13 ints)` | 1,442 | 1,232 |
| `waits(13 ints)` | 1,919 | 1,721 |
| `is_win(14 ints)` | 1,176 | 834 |
| `is_win(14 ints, fifth=False)` (through a lambda) | 2,188 | 1,689 |

Where the 100-odd ns of `shanten` went: the plain kernel 460 instructions, reading the list 275
(about 20 an item), Cython's parsing of the seven keywords 110 (a `values[7]` array, a new reference
and a release for each default), the body 85, and the interpreter's call. Three changes:
`is_win`, `shanten` and `waits` of `_api_fast` keep their compiled functions, but their vectorcall
slot now points at a small C function that sends a call of one positional argument and no keyword
straight to the body with every keyword at its default, as the parsing would, and any other call to
the function's own vectorcall (signature, docstring, errors and `bind` unchanged;
`mf_one_hand_install`, a no-op where the type has no vectorcall slot). A list or tuple of cached
small ints is read by address, as `_read_small_codes` reads the other encodings, with the win
table's suit codes summed by weight (`_quick_small_items`); anything else goes to the old loop. And
`fifth=False` without wild kinds takes the quick paths under the default rules (no jokers, so it
reads as `fifth=True` there). Wall clock, `min` of 30 × 1,000 calls, main then this branch, twice
each (load 1.7): `shanten` 113 → 96-99 ns, 2.72-2.78× → 3.34-3.66× riichienv (308-361 ns);
`is_win` 81 → 56-58 ns; `is_win(fifth=False)` through the bench's lambda 171 → 133-138 ns, though as
a ratio of the faster int-list call it reads 2.1× → 2.4× (the lambda frame and the keyword parse,
about 75 ns, are left). `waits` stays at about 19-20× riichienv's `get_waits` under load (185 vs
3,589 ns at load 2.7; main 191 ns). Answers and errors: 317,376 outcomes of `is_win`/`shanten`/`waits`
on random and damaged hands (bad items, five copies, 15 tiles, wrong types, melds as text and
objects, `rules=`, `wild=`, `fifth=False`) hash identical to main's build;
`test_one_hand_calls_match_the_keyword_parse` holds the one-hand call to the same call with its
keywords spelled out and to the general path, and `test_one_hand_calls_keep_the_argument_errors`
the argument errors. Considered, not built: a per-suit table from the base-5 suit code straight to the
capped row (5^9 entries, 3.9 MB: three random reads out of cache would likely cost more than the
34-position rank they replace; not measured). Left: melds as text (a cache of parsed meld texts), GB's
knitted waits only for hands of 10 or more kinds, and the keyword parse of a call with keywords (a C
parse of the kwnames, as the one-hand call does for none).

The same session's end, quiet (load 0.4, every helper stopped), `bench/compare.py --rows-from --rounds 2
--repeat 3` with the session's first build as before (`bench/compare-run.txt`): `is_win` 81 → 60 ns,
`shanten` 110 → 93 ns (riichienv 2.79× → 3.37×), `waits` 176 → 168 ns (riichienv 20.7× → 21.8×),
`discard_analysis(two_step=True)` 18.8 → 16.0 µs, `discard_values` 0.96×; every other row within 0.94-1.06×
but `34 counts, list` (148 → 164 ns: its path is unchanged, a 34-item list never reaches the new reader)
and `Meld.parse` (122 → 133 ns, unchanged code). The input forms' absolute times did not move, so beside
the faster int-list call they now read 2.0-2.7× (34 counts 2.0-2.7×, index136 and codes 2.4×, text 2.0-2.5×).

A third pass (session 14) took the input forms. The one-hand C entry of `is_win`, `shanten` and `waits`
now takes keywords too: each name of the kwnames is looked up by identity among the def's keyword names
(interned; names and defaults taken from the function's own code object and `__kwdefaults__` at import),
and the body is called with the defaults filled in; a name not found so (unknown, or equal but not the
interned string), a repeat, no hand or two go to the function's own vectorcall, so errors are its own
(`test_keyword_calls_match_the_functions_own_parse` holds random keyword sets, in any order and with
bad values, to the own parse and to the general path). A list of 34 counts is tested once after its
loop (largest offset, OR of the low bits). Text without melds joins the quick path: plain mpsz is read
in one table-driven pass that sums the win table's suit codes as it goes (`_mpsz_counts`), other
notations by the old reader without the detours. And a meld as text is first looked up in a table of
every plain mpsz meld text (3-4 digits and a suit letter, bare or in brackets; 2,048 slots, filled at
import by `_one_meld_mpsz` itself, so its entries are that reader's answers; about 3 M instructions,
under 1% of `import mahjong_fast`). Callgrind, instructions a call of each `mahjong-fast bench` row
(its `deque(map(...))` loop and, for the keyword rows, the lambda frame of about 570 included), main
then this pass: the int list 640 → 641, through the lambda 1,212 → 1,213; `34 counts, list` 1,883 →
1,678, bytes 1,405 → 1,352, index136 and codes 1,610-1,651 → 1,560-1,601, `fifth=False` 1,456 → 1,398;
mpsz text 1,304 → 971 (`shanten` 1,563 → 1,345, `waits` 2,053 → 1,837), botzone 1,488 → 1,399, unicode
1,435 → 1,322, chinese 1,702 → 1,588, mjai 1,638 → 1,426; 5 ints + 3 melds as text 2,058 → 1,761 (melds=()
through the same lambda 1,479 → 1,429), 5 tiles as text + 3 melds 2,503 → 1,940, 3 `Meld` objects 1,826 →
1,776. So beside the bare int list the text forms read 1.5-2.5× (mpsz 1.5×) and the keyword forms 2.1-2.6×,
of which the lambda frame alone is 0.9×; melds as text cost 1.23× the same call without melds (objects
1.24×). Left: the lambda frame is the bench's, not the library's; the non-mpsz text readers (20-30
instructions a character); GB's knitted waits.

Then (calls16) the other notations joined mpsz on the one-pass readers (`_api_fast_notations.pxi`):
botzone, mjai, Chinese (two-byte data read directly, numerals and suits from the CJK class table) and
Unicode tiles (four-byte data, a 34-entry table) are each read straight into the counts and the win
table's suit codes, without `_read_text`'s detection, tile buffer, per-tile checks and suit-code pass.
Exact by construction: `_notation_counts` runs a reader only where detection (`_notation_of`) would pick
the same notation for every text the reader accepts (one-byte text ending in a suit letter: mpsz; in a
digit: botzone, whose first mark, a letter and a digit, decides; in a mark of mjai: mjai; two-byte text
holding a tile holds a wide character: Chinese; four-byte text holding a Unicode tile: unicode), and each
reader accepts a subset of what its old reader accepts, with the same tiles; anything else goes to
`_read_text` as before. `test_chinese_and_unicode_text_match_the_general_path` and
`test_mixed_notations_match_the_general_path` hold random text (variant names, full-width digits,
separators, variation selectors, fifth copies, bad ranks, brackets, strays, two notations spliced) to the
general path. Callgrind, `scripts/row_instructions.py is_win_forms --passes 4` with `PYTHONHASHSEED=0`,
main's figures above then this pass: mpsz 971 → 962 (its code unchanged: the cross-check), botzone 1,399 →
1,040, unicode 1,322 → 896; chinese 1,588 → 1,610 and mjai 1,426 → 1,632 (the int list read 494 in this run
against main's 641: these two rows move with the run). One run of a plain loop over 500 of the bench's
hands (callgrind, 4 passes less 1, this build) puts chinese and mjai text 621 and 628 instructions a call
above the int list, where main's rows put them 947 and 785 above. Left: a same-run before/after of every
text row (and `shanten`/`waits` on chinese text); GB's knitted waits
(`waits_rules_c` could answer `_waits_plain_rules` without the knitted bit whenever `_knitted_ready` is
false, the very gate its rule path uses).

The object rows (session 16, #25): `Hand(...)` and `Meld(...)` paid Python's class call before any C ran:
`type.__call__` packing the keywords into a dict, `__init__`'s frame unpacking them, then the
`READERS.hand` call. While `READERS` holds the compiled builders, each class's own call (its
`tp_vectorcall`, which a subclass does not inherit) now reads the arguments in C (the names and defaults
taken from `__init__` at import; a name not found by identity, a repeat, too many or too few go to the
class's own `__new__` and `__init__`, so every argument error is Python's own) and fills a new instance
through the same builder (`_fill_hand`, `_fill_meld`); a call the builder does not vouch for takes the
class's own call too, so the general code gives the answer or the error. `parse`'s compiled reader makes
the `Hand` itself (no `Hand.__new__` from Python, and `parse` asks it before `parse_hand`'s frame), and
`format`/`Hand.encode` read a hand's slots in place. `test_hand_called_any_way_is_the_general_hand` and
`test_meld_called_any_way_is_the_general_meld` hold random positional/keyword mixes (unknown names,
repeats, bad values) to the general call. Callgrind, instructions a call of each row of `tiles`
(`deque(map(...))` over the 1,000 hands ×10 after two warm-up passes, collected inside `deque` only,
`PYTHONHASHSEED=0`), main then this pass: `Hand(34 counts, list)` 5,565 → 3,092, `Hand(tenhou codes)`
5,785 → 3,312, `Hand(5 ints, 3 melds as text)` 6,735 → 4,245, 3 `Meld` objects 6,537 → 4,050, list of 14
ints 3,843 → 2,387, mpsz text 4,379 → 2,923, index136 5,856 → 3,383, the other codes 5,604-5,612 →
3,127-3,135, bytes 5,245 → 2,768, `Hand(Hand)` 3,206 → 1,766; `parse` 5,057-5,864 → 3,497-4,299;
`Meld.chow` 4,127 → 1,602, `Meld.pung` 4,240 → 1,713, `Meld("kong", tile, True)` 3,479 → 1,954;
`format(Hand)` 2,687 → 2,448 (other notations −230), `str(Hand)` 3,109 → 2,870, `Hand.encode` −110; the
rest unchanged. Wall clock (min of 15 passes, main and this build interleaved twice, load 4): `Hand(34
counts, list)` 1,078 → 360 ns, `Hand(tenhou codes)` 707 → 391, `Hand(5 ints, 3 melds as text)` 873 → 478,
`parse(mpsz)` 974 → 623, `Meld.chow` 551 → 274. Tried, dropped: `Hand.encode`'s loop on C ints with the
code of each kind worked out once (no fewer instructions). Left: the Python frames of `parse`,
`format`, `to_counts` and `Hand.encode` (about 600 instructions each; CPython 3.11 inlines Python
calls without their vectorcall, so a C entry in front of a Python function would not always be taken).
"""
"""docs/speed.md, written whole from one run."""

SIZES = ("**Tables.** The `table` strategy packs two bits per suit code (base-5 code of a suit's nine counts, "
         '5⁹ = 1,953,125 codes: "melds only" and "melds plus one pair") into 477 KiB, built in C on first use '
         "in about 7 ms. Shanten and waits use per-suit distance tables (row ids per suit vector plus "
         "precomputed suit-pair combinations), about 2.0 MB, built on first use in about 0.12 s. Nothing is "
         "downloaded or cached on disk; `import mahjong_fast` builds no table. {fallback}")
"""The closing paragraph: the tables' sizes and build times, and the pure-Python figures of the run."""

LOGS = ("game logs: read, track the seats, judge each discard", "260,000 discards/s, one core",
        "none measured ([docs/logs.md](docs/logs.md#speed))")
"""The headline line of the game logs, measured apart (``python bench/test_bench_logs.py``, docs/logs.md)."""
APART = {"values": "mahjong-cpp (C++), measured apart ([docs/values.md](docs/values.md#exactness-and-speed))"}
"""The peer cell of a headline whose peer is no Python library (``bench/values_vs_oracle.py``)."""

DEFAULT_MACHINE = "a shared 2-core machine"


WILD_WAITS = ("waits_forms", 'list with 1-2 jokers, wild="7z"', "pure-python")

PEERED = (
    ("useful", "`useful_tiles`, 13 tiles", "mahjong_fast list of 13 ints", (
        ("xiangting necessary tiles", "`xiangting.calculate_necessary_tiles` (a mask)", 'rules="riichi"'),
        ("MahjongGB per-form useful tiles", "PyMahjongGB per-form useful tiles", 'rules="gb"'))),
    ("discards", "`discard_analysis`, 14 tiles", "mahjong_fast list of 14 ints", (
        ("xiangting loop", "`xiangting` loop over the discards", 'rules="riichi"'),
        ("jansou discard_evaluation", "jansou `discard_evaluation`", 'rules="riichi"'))),
    ("two_step", "`discard_analysis(two_step=True)`", "mahjong_fast list of 14 ints", (
        ("jansou discard_evaluation", "jansou `discard_evaluation` (no two-step)", "mahjong_fast"),)),
    ("score", "`score`, riichi wins", "mahjong_fast mpsz text + keywords", (
        ("riichienv HandEvaluator", "riichienv `HandEvaluator.calc`", "mahjong_fast"),
        ("mahjong HandCalculator", "`mahjong` `estimate_hand_value`", "mahjong_fast"))),
    ("score_gb", "`score`, gb wins", "mahjong_fast mpsz text + keywords", (
        ("MahjongGB MahjongFanCalculator", "PyMahjongGB `MahjongFanCalculator`", "mahjong_fast"),)),
    ("values", "`discard_values`, one step from ready", "mahjong_fast list of 14 ints", ()),
)
"""Lines of the peers table for tile efficiency and what a hand is worth: workload, title, our row, and
per peer (its row's label prefix, its name, the label prefix of our row it is compared with: the same
rules).  ``discard_values``' peer is a C++ program, measured apart (docs/values.md)."""


def _find(at: dict[tuple[str, str, str], float], work: str, prefix: str, impl: str = "compiled") -> float | None:
    """Seconds per hand of the first row of ``work`` whose label starts with ``prefix``."""
    return next((t for (w, lib, i), t in at.items() if w == work and i == impl and lib.startswith(prefix)), None)


def peered_lines(bench: list[dict]) -> list[str]:
    """Markdown lines of the peers table for tile efficiency, its batch (after the two-step line) and what
    a hand is worth (none for workloads the run lacks)."""
    at = _index(bench)
    out = []
    for work, title, ours_row, peers in PEERED:
        ours = at.get((work, ours_row, "compiled"))
        if ours is not None:
            pure = at.get((work, ours_row, "pure-python"))
            cells = []
            for prefix, name, against in peers:
                t, base = _find(at, work, prefix), _find(at, work, against)
                if t is not None and base is not None:
                    cells.append(f"{name} {_time(t)} ({_ratio(t / base)})")
            out.append(f"| {title} | **{_time(ours)}** | {_time(pure) if pure else '—'} | — | — | "
                       f"{'; '.join(cells) or '—'} |")
        if work == "two_step":
            out += _discard_batch_line(at)
    return out


def _discard_batch_line(at: dict[tuple[str, str, str], float]) -> list[str]:
    one = at.get(("efficiency_batch", "mahjong_fast discard_analysis_batch 1 thread", "compiled"))
    two = at.get(("efficiency_batch", "discard_analysis_batch 2 threads", "compiled"))
    if one is None or two is None:
        return []
    pure = at.get(("efficiency_batch", "mahjong_fast discard_analysis_batch 1 thread", "pure-python"))
    return [f"| `discard_analysis_batch`, uint8 rows | **{_time(one)}/row** 1 thread, {_time(two)}/row "
            f"2 threads ({_ratio(one / two)} faster) | {_time(pure) + '/row' if pure else '—'} | — | — | — |"]


def peers_table(bench: list[dict]) -> str:
    """The peers table: ``table.headline`` with the tile-efficiency lines before its batch line."""
    lines = headline(bench).split("\n")
    return "\n".join(lines[:-1] + peered_lines(bench) + lines[-1:])


def fallback(bench: list[dict]) -> str:
    """The README's sentence on the pure-Python figures, from the run."""
    at = _index(bench)

    def pure(work: str, row: str = "mahjong_fast") -> float:
        return at[(work, row, "pure-python")]

    agari, shanten = pure("is_win", "mahjong Agari.is_agari"), pure("shanten", "mahjong Shanten")
    return ("Without the compiled kernels, the pure-Python fallbacks are exact but slower (the same run, "
            f"caches warm): `is_win` {_time(pure('is_win'))} a hand ({pure('is_win') / agari:.1f}× `mahjong`'s "
            f"`Agari.is_agari`), `shanten` {_time(pure('shanten'))} ({pure('shanten') / shanten:.1f}× "
            "`mahjong`'s `Shanten`; a first pass over hands whose suits it has not met costs several times "
            f"more), `waits` {_time(pure('waits'))}, `waits` with one or two jokers {_time(at[WILD_WAITS])}).")


def slower(bench: list[dict]) -> str:
    """How much slower pure Python is on is_win, shanten and waits, from the run."""
    at = _index(bench)
    ratios = [at[(w, "mahjong_fast", "pure-python")] / at[(w, "mahjong_fast", "compiled")]
              for w in ("is_win", "shanten", "waits")]
    return f"about {round(min(ratios), -1):.0f}-{round(max(ratios), -1):.0f}× slower (see [speed](speed.md))"


SLOWER = re.compile(r"about \d+-\d+× slower \(see \[speed\]\(speed\.md\)\)")
"""The figure of docs/implementations.md that follows the run."""

SHORT = {"mahjong": "`mahjong`", "MahjongGB": "PyMahjongGB", "MahjongGB MahjongFanCalculator": "PyMahjongGB",
         "mahjong HandCalculator": "`mahjong`", "xiangting loop": "`xiangting` loop",
         "jansou discard_evaluation": "jansou"}
"""A peer's name in the headline table, by the start of its rows' labels."""


def _fastest(at: dict[tuple[str, str, str], float], work: str, peers: list[tuple[str, str]]) -> str:
    """"name time (ratio)" of the fastest of ``peers`` (label prefix, prefix of our row it is compared with)."""
    found = []
    for prefix, against in peers:
        t, base = _find(at, work, prefix), _find(at, work, against)
        if t is not None and base is not None:
            found.append((t / base, t, SHORT.get(prefix.strip(), prefix.split()[0])))
    if not found:
        return "—"
    ratio, t, name = min(found)
    return f"{name} {_time(t)} ({_ratio(ratio)})"


def headline_lines(bench: list[dict]) -> str:
    """The README's headline table: a line per headline, mahjong_fast's time and the fastest peer measured."""
    at = _index(bench)
    out = ["| call | mahjong_fast | fastest peer measured |", "| --- | --- | --- |"]
    for work, title in (("is_win", "`is_win`, 14 tiles"), ("shanten", "`shanten`, 13 tiles"),
                        ("waits", "`waits`, 13 tiles")):
        peers = sorted({lib.split()[0] + " " for (w, lib, i) in at if w == work and i == "compiled"
                        and not lib.startswith(("mahjong_fast", "builtin"))})  # "mahjong " is not mahjong_fast
        out.append(f"| {title} | {_time(at[(work, 'mahjong_fast', 'compiled')])} | "
                   f"{_fastest(at, work, [(p, 'mahjong_fast') for p in peers])} |")
    for work, title, ours_row, peers in PEERED[1:]:
        if (work, ours_row, "compiled") in at:
            pairs = [(prefix, against) for prefix, _, against in peers]
            peer = APART[work] if work in APART else _fastest(at, work, pairs)
            out.append(f"| {title} | {_time(at[(work, ours_row, 'compiled')])} | {peer} |")
    one = at[("is_win_batch", "mahjong_fast 1 thread", "compiled")]
    total = at.get(("is_win_batch", "numpy counts.sum(axis=1)", "compiled"))
    out.append(f"| `is_win_batch`, per row | {_time(one)} | "
               + (f"numpy row sum {_time(total)} ({_ratio(total / one)})" if total else "—") + " |")
    out.append("| " + " | ".join(LOGS) + " |")
    return "\n".join(out)


def readme_block(data: dict[str, Any]) -> str:
    """What README.md holds between its speed markers."""
    return f"{START}\n{headline_lines(data['benchmarks'])}\n{END}"


def speed_page(data: dict[str, Any], machine: str | None = None) -> str:
    """docs/speed.md from the JSON of one run."""
    bench = data["benchmarks"]
    pure_hands = Counter(b["extra_info"]["hands_per_call"] for b in bench
                         if b["extra_info"]["implementation"] == "pure-python").most_common(1)[0][0]
    notes = []
    for b in bench:
        info = b["extra_info"]
        if info["implementation"] == "compiled" and info.get("agreement") not in (None, 1.0):
            notes.append(f"{info['lib']} ({info['workload']}) agrees on {info['agreement']:.1%} of hands")
    agreement = ("Peers that follow other rules differ: " + "; ".join(notes) + " (MahjongGB counts the knitted "
                 "forms of Chinese Official rules; riichienv and xiangting follow riichi rules, no seven pairs "
                 "with four identical tiles).") if notes else ""
    return PAGE.format(machine=machine or data.get("machine_description", DEFAULT_MACHINE),
                       command=data.get("command", "mahjong-fast bench --pure"), pure_hands=pure_hands,
                       repeat=data.get("repeat", 5), headline=peers_table(bench), agreement=agreement,
                       tables=tables(bench), sizes=textwrap.fill(SIZES.format(fallback=fallback(bench)), 100))


def with_block(readme: str, block: str) -> str:
    """``readme`` with ``block`` in place of what lies between its speed markers (ValueError without them)."""
    start, end = readme.find(START), readme.find(END)
    if start < 0 or end < start:
        raise ValueError(f"no {START} ... {END} markers: put them where the headline speed table goes "
                         "(in the Speed section), then run bench/readme.py again")
    return readme[:start] + block + readme[end + len(END):]


def written(data: dict[str, Any], readme: str, implementations: str,
            machine: str | None = None) -> tuple[str, str, str]:
    """The text of docs/speed.md, README.md and docs/implementations.md, from the JSON of one run and
    the README and docs/implementations.md as they are."""
    bench = data["benchmarks"]
    return (speed_page(data, machine), with_block(readme, readme_block(data)),
            SLOWER.sub(slower(bench), implementations, count=1))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("results", type=Path, nargs="?", default=RESULTS)
    parser.add_argument("--readme", type=Path, default=README)
    parser.add_argument("--speed", type=Path, default=SPEED, help="the page to write (default docs/speed.md)")
    parser.add_argument("--machine", help="the machine of the run, in words (kept in the JSON)")
    parser.add_argument("--check", action="store_true", help="write nothing; exit 1 if a file is not up to date")
    args = parser.parse_args(argv)
    data = json.loads(args.results.read_text(encoding="utf-8"))
    if args.machine and not args.check and data.get("machine_description") != args.machine:
        data["machine_description"] = args.machine
        args.results.write_text(json.dumps(data, indent=1), encoding="utf-8")
    files = (args.speed, args.readme, IMPLEMENTATIONS)
    try:
        texts = written(data, args.readme.read_text(encoding="utf-8"), IMPLEMENTATIONS.read_text(encoding="utf-8"),
                        args.machine)
    except ValueError as exc:
        print(f"bench/readme.py: {args.readme} has {exc}", file=sys.stderr)
        return 2
    stale = [path for path, text in zip(files, texts) if not path.is_file() or path.read_text(encoding="utf-8") != text]
    if args.check:
        for path in stale:
            print(f"{path} is not what bench/readme.py writes from {args.results}", file=sys.stderr)
        return 1 if stale else 0
    for path in stale:
        path.write_text(texts[files.index(path)], encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
