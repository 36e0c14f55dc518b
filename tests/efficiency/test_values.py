"""``discard_values`` (DESIGN.md, "Value-aware discards"): equal to nekobean/mahjong-cpp 453cae05.

The golden fixtures (tests/data/values/values.json.gz, made by scripts/make_values_fixtures.py with
the oracle) hold every figure of every discard for every turn from the case's turn to 17.  The
compiled run checks every case; the pure-Python run (MAHJONG_FAST_NO_EXTENSIONS=1) a sample
(``PURE_STRIDES``); ``VALUES_ALL=1`` runs every case there too.  The live
comparison runs where the environment variable ``ES_ORACLE`` names the built
``scripts/es_oracle_full.cpp``.
"""
from __future__ import annotations

import gzip
import json
import math
import os
import random
import sys
from pathlib import Path
from typing import Any

import pytest

import mahjong_fast as mf
from mahjong_fast import _values as values
from mahjong_fast._dispatch import NO_EXTENSIONS
from mahjong_fast._values import MAX_STICKS, DiscardValue, discard_values

DATA = Path(__file__).resolve().parents[1] / "data" / "values" / "values.json.gz"
REL = 1e-9
ABS = 1e-12

with gzip.open(DATA, "rt") as _f:
    CASES: list[dict[str, Any]] = json.load(_f)


def _close(a: float, b: float) -> bool:
    return math.isclose(a, b, rel_tol=REL, abs_tol=ABS)


def _args(case: dict[str, Any]) -> dict[str, Any]:
    return {"melds": case["melds"], "turn": case["turn"], "dora": case["dora"], "seat_wind": case["seat_wind"],
            "round_wind": case["round_wind"], "visible": case["visible"] or None, "honba": case["honba"],
            "riichi_sticks": case["riichi_sticks"]}


def _check_case(case: dict[str, Any]) -> None:
    got = discard_values(case["hand"], **_args(case))
    by_name = {d.name: d for d in got}
    assert sorted(by_name) == sorted(case["discards"]), case["hand"]
    for name, curves in case["discards"].items():
        d = by_name[name]
        assert len(d.curves) == len(curves)
        for turn, (mine, theirs) in enumerate(zip(d.curves, curves), case["turn"]):
            for what, a, b in zip(("tenpai", "win", "expected"), mine, theirs):
                assert _close(a, b), f"{case['hand']} discard {name} turn {turn} {what}: {a!r} != {b!r}"


PURE_STRIDES = {-1: 1, 0: 6, 1: 20}
"""The pure-Python run checks every 6th case at ready and every 20th at one from ready (about 30 s);
two and three from ready there only with ``VALUES_ALL=1`` (the pure search takes seconds to minutes a hand)."""


def _selected(shanten: int) -> list[dict[str, Any]]:
    cases = [c for c in CASES if c["shanten"] == shanten]
    if not NO_EXTENSIONS:
        return cases
    return cases[::PURE_STRIDES[shanten]] if shanten in PURE_STRIDES else []


@pytest.mark.parametrize("shanten", [-1, 0, 1, 2, 3])
def test_fixtures_equal_the_oracle(shanten: int) -> None:
    cases = _selected(shanten)
    if not cases:
        pytest.skip("two and three from ready: the compiled run (and VALUES_ALL=1) only")
    for case in cases:
        _check_case(case)


@pytest.mark.slow
@pytest.mark.skipif(not (NO_EXTENSIONS and os.environ.get("VALUES_ALL")),
                    reason="the pure-Python run of every case: MAHJONG_FAST_NO_EXTENSIONS=1 VALUES_ALL=1 (an hour)")
def test_every_fixture_equals_the_oracle() -> None:
    for case in CASES:
        _check_case(case)


def test_fixtures_cover_the_inputs() -> None:
    assert {c["shanten"] for c in CASES} == {-1, 0, 1, 2, 3}
    assert any("0" in "".join(c["melds"]) for c in CASES)  # a red five in a meld
    assert any("{" in "".join(c["melds"]) for c in CASES)  # a concealed kong
    assert len(CASES) >= 300
    assert any("0" in c["hand"] for c in CASES)
    assert any(c["melds"] for c in CASES)
    assert any(c["visible"] for c in CASES)
    assert {c["seat_wind"] for c in CASES} == {"1z", "2z", "3z", "4z"}
    assert any(c["honba"] for c in CASES) and any(c["riichi_sticks"] for c in CASES)
    assert len({c["turn"] for c in CASES}) > 5


@pytest.mark.parametrize("case", [c for c in CASES if c["shanten"] == 0][::10] if NO_EXTENSIONS
                         else [c for c in CASES if c["shanten"] <= 1], ids=lambda c: c["hand"])
def test_curves_fall_and_order_is_best_first(case: dict[str, Any]) -> None:
    got = discard_values(case["hand"], **_args(case))
    keys = [(-d.expected, -d.win, int(d.tile), d.red) for d in got]
    assert keys == sorted(keys)
    for d in got:
        assert (d.tenpai, d.win, d.expected) == d.curves[0]
        for (t0, w0, e0), (t1, w1, e1) in zip(d.curves, d.curves[1:]):
            assert w1 <= w0 + 1e-12 and e1 <= e0 + 1e-9 and t1 <= t0 + 1e-12
        assert 0.0 <= d.win and 0.0 <= d.tenpai and 0.0 <= d.expected
        if not any(n == 4 for n in mf.Hand(case["hand"]).counts):
            assert d.win <= d.tenpai <= 1.0 + 1e-12  # with four of a kind the model's figures can pass 1


def test_red_five_is_its_own_discard() -> None:
    got = discard_values("055m234p678s11z234s", seat_wind="E", round_wind="E")
    names = [d.name for d in got]
    assert "0m" in names and "5m" in names
    red = next(d for d in got if d.red)
    assert red.tile == mf.Tile.M5


def test_example_hand() -> None:
    best = discard_values("123456789m12345p", dora="1z", seat_wind="E", round_wind="E")[0]
    assert best.name == "1p"
    assert isinstance(best, DiscardValue)
    assert len(best.curves) == 17


@pytest.mark.parametrize(("kwargs", "name"), [
    ({"rules": "chinese"}, "rules"),
    ({"rules": "riichi3"}, "rules"),
    ({"turn": 0}, "turn"),
    ({"turn": 18}, "turn"),
    ({"dora": "1z2z3z4z5z6z"}, "dora"),
    ({"seat_wind": "5z"}, "seat_wind"),
    ({"round_wind": "P"}, "round_wind"),
    ({"honba": -1}, "honba"),
    ({"riichi_sticks": -2}, "riichi_sticks"),
    ({"honba": 10**7}, "honba"),
    ({"riichi_sticks": 2**31}, "riichi_sticks"),
    ({"honba": 10**30}, "honba"),
    ({"visible": "1111m"}, "visible"),
])
def test_errors_name_the_argument(kwargs: dict[str, Any], name: str) -> None:
    with pytest.raises(ValueError, match=name):
        discard_values("123456789m12345p", **kwargs)


def test_the_most_honba_and_sticks_add_their_points_to_every_win() -> None:
    base = {d.name: d for d in discard_values("123456789m1235p1z", turn=16)}
    most = discard_values("123456789m1235p1z", turn=16, honba=MAX_STICKS, riichi_sticks=MAX_STICKS)
    assert {d.name for d in most} == set(base)
    for d in most:
        added = (300 + 1000) * MAX_STICKS * d.win
        assert d.win == base[d.name].win and d.expected == pytest.approx(base[d.name].expected + added, rel=1e-9)


@pytest.mark.parametrize("hand", ["123456789m123p", "123456789m123456p"])
def test_a_hand_of_other_than_14_tiles_is_an_error(hand: str) -> None:
    with pytest.raises(ValueError, match="hand14"):
        discard_values(hand)


@pytest.mark.parametrize("hand", ["13579m2468p1357s1z", "147m258p369s12345z"])  # 4 and 6 from ready
def test_a_hand_beyond_three_from_ready_is_an_error(hand: str) -> None:
    # the search grows about fifteenfold per step (4 from ready: over a minute compiled); it refuses at once
    assert mf.shanten(hand, rules="riichi") > values.MAX_FROM_READY == 3
    with pytest.raises(ValueError, match=r"hand14 .* is \d from ready; discard_values searches hands at most 3"):
        discard_values(hand)


def test_a_deep_search_runs_on_its_own_deep_stack(monkeypatch: pytest.MonkeyPatch) -> None:
    # the compiled search recurses in C once per state on a path: thousands at 3 from ready, past
    # a usual thread's 8 MiB stack.  Its thread starts while the stack size is 1 GiB; the size and
    # the recursion limit are as they were after, and the search's answer or error reaches the caller
    import threading

    started: list[tuple[str, int]] = []
    start = threading.Thread.start

    def recording(thread: threading.Thread) -> None:
        started.append((thread.name, threading.stack_size()))
        start(thread)

    monkeypatch.setattr(threading.Thread, "start", recording)
    size, limit = threading.stack_size(), sys.getrecursionlimit()
    assert values._deep(lambda caller: threading.get_ident() != caller, threading.get_ident()) is True
    assert started == [("mahjong_fast discard_values", values._DEEP_STACK)]
    assert (threading.stack_size(), sys.getrecursionlimit()) == (size, limit)
    with pytest.raises(ZeroDivisionError):
        values._deep(lambda: 1 // 0)
    assert threading.stack_size() == size


def _hexes(case: dict[str, Any]) -> list[tuple[str, list[str]]]:
    return [(d.name, [x.hex() for t in d.curves for x in t]) for d in discard_values(case["hand"], **_args(case))]


@pytest.mark.skipif(NO_EXTENSIONS, reason="the pure search takes seconds a hand two from ready")
def test_searches_in_any_order_and_side_by_side_agree() -> None:
    """Whatever one search leaves for the next (the tables' size hints, the process-wide part rows,
    the ura sums of the last hand), the figures are the same, bit for bit, whatever ran before (a
    larger search, a smaller one) and with searches on four threads."""
    from concurrent.futures import ThreadPoolExecutor

    cases = [c for c in CASES if c["shanten"] == 1][:6] + [c for c in CASES if c["shanten"] == 2][:2]
    alone = [_hexes(c) for c in cases]
    assert [_hexes(c) for c in reversed(cases)] == alone[::-1]
    with ThreadPoolExecutor(4) as pool:
        assert list(pool.map(_hexes, cases * 3)) == alone * 3


@pytest.mark.skipif(NO_EXTENSIONS or not sys.platform.startswith("linux"),
                    reason="the compiled search, glibc's MALLOC_PERTURB_")
def test_figures_read_no_memory_the_search_freed() -> None:
    """The search frees its build's arrays, and the figures' layout arrays and the edges, before the
    figures allocate theirs: run where glibc fills every freed byte (``MALLOC_PERTURB_``, every
    allocation through it), the figures are still the same, bit for bit, so none read freed memory."""
    import subprocess

    cases = [c for c in CASES if c["shanten"] == 1][:8] + [c for c in CASES if c["shanten"] == 2][:2]
    child = ("import json, sys\n"
             "from tests.efficiency.test_values import CASES, _hexes\n"
             "picked = [c for c in CASES if c['shanten'] == 1][:8] + [c for c in CASES if c['shanten'] == 2][:2]\n"
             "json.dump([_hexes(c) for c in picked], sys.stdout)\n")
    root = Path(__file__).resolve().parents[2]
    for perturb in ("165", "90"):
        env = dict(os.environ, PYTHONMALLOC="malloc", MALLOC_PERTURB_=perturb)
        env["PYTHONPATH"] = os.pathsep.join([str(root), env.get("PYTHONPATH", "")])
        out = subprocess.run([sys.executable, "-c", child], env=env, cwd=root, capture_output=True, text=True,
                             check=True).stdout
        assert json.loads(out) == [[[name, hexes] for name, hexes in _hexes(c)] for c in cases]


@pytest.mark.skipif(NO_EXTENSIONS, reason="the pure search takes seconds a hand two from ready")
def test_searches_on_threads_leave_the_process_as_found() -> None:
    """The recursion limit and the thread stack size are the whole process's.  Searches two from
    ready (each on a thread of its own with a deep stack), eight on four threads, never change the
    first, not even for a moment, and leave the second as it was.  They once raised the limit and
    could leave it raised; ``json`` in another thread then overflowed its C stack on a deeply
    nested log line (a crash of ``tests/logs/test_logs_hostile.py`` in CI)."""
    import threading
    import time
    from concurrent.futures import ThreadPoolExecutor

    case = next(c for c in CASES if c["hand"] == "2m2m5m6m1p5p5p8p2z6z6z")
    assert case["shanten"] >= values.DEEP_FROM
    limit, size = sys.getrecursionlimit(), threading.stack_size()
    seen: set[int] = set()
    done = threading.Event()

    def watch() -> None:
        while not done.is_set():
            seen.add(sys.getrecursionlimit())
            time.sleep(0.0002)

    watcher = threading.Thread(target=watch)
    watcher.start()
    try:
        alone = _hexes(case)
        with ThreadPoolExecutor(4) as pool:
            assert list(pool.map(_hexes, [case] * 8)) == [alone] * 8
    finally:
        done.set()
        watcher.join()
    assert seen == {limit}
    assert (sys.getrecursionlimit(), threading.stack_size()) == (limit, size)


def test_the_pure_search_keeps_its_path_on_a_list(monkeypatch: pytest.MonkeyPatch) -> None:
    """The pure search walks 113 states deep on this hand one from ready, yet needs no more than a
    few dozen Python frames: it runs under a recursion limit 50 above the caller's depth, with the
    same figures as the compiled search (the golden ones)."""
    import inspect

    from mahjong_fast._kernels import values_py

    case = next(c for c in CASES if c["hand"] == "4m5m5m6m3p6p3z3z")
    monkeypatch.setattr(values, "_search", values_py)
    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(len(inspect.stack()) + 50)
    try:
        _check_case(case)
    finally:
        sys.setrecursionlimit(limit)


def test_melds_count_three_each() -> None:
    with pytest.raises(ValueError, match="hand14"):
        discard_values("123456789m12345p", melds=["[555z]"])
    assert discard_values("456789m12345p", melds=["[555z]"], seat_wind="E", round_wind="E")


@pytest.mark.parametrize(("kwargs", "name"), [({"turn": 1.5}, "turn"), ({"honba": "1"}, "honba")])
def test_type_errors_name_the_argument(kwargs: dict[str, Any], name: str) -> None:
    with pytest.raises(TypeError, match=name):
        discard_values("123456789m12345p", **kwargs)


def _assert_twins_agree(monkeypatch: pytest.MonkeyPatch, cases: list[dict[str, Any]]) -> None:
    """The compiled search and the pure one give the same figures of each case, bit for bit."""
    from mahjong_fast import _values
    from mahjong_fast._kernels import values as compiled
    from mahjong_fast._kernels import values_py as pure

    for case in cases:
        answers = []
        for module in (compiled, pure):
            monkeypatch.setattr(_values, "_search", module)
            answers.append(discard_values(case["hand"], **_args(case)))
        assert answers[0] == answers[1], case["hand"]


@pytest.mark.skipif(NO_EXTENSIONS, reason="MAHJONG_FAST_NO_EXTENSIONS is set")
def test_twins_agree(monkeypatch: pytest.MonkeyPatch) -> None:
    """The compiled search and the pure one give the same figures, bit for bit (on the compiled kernels)."""
    from mahjong_fast._kernels import values as compiled
    from mahjong_fast._kernels import values_py as pure

    _assert_twins_agree(monkeypatch, [c for c in CASES if c["shanten"] <= 1][::10]
                        + [c for c in CASES if c["shanten"] == 2][:2])
    assert compiled.combination(30, 3) == pure.combination(30, 3)
    wall, tiles = [3] * 34, [1] * 34
    assert compiled.ura_distribution(wall, tiles, 2) == pure.ura_distribution(wall, tiles, 2)
    # one indicator: the compiled kernel adds the counts as integers, the same figures
    wall, tiles = [i % 5 for i in range(34)], [(3 * i) % 14 for i in range(34)]
    for indicators in (1, 2, 3):
        assert compiled.ura_distribution(wall, tiles, indicators) == pure.ura_distribution(wall, tiles, indicators)


@pytest.mark.skipif(NO_EXTENSIONS, reason="MAHJONG_FAST_NO_EXTENSIONS is set")
def test_ura_sums_kept_from_the_last_hand_agree() -> None:
    """The compiled ura distribution counts the ways as integers, the tiles of no gain together: on
    walks of hands one or two tiles apart (and with the indicators changing), and on hands of 14
    tiles (most kinds of no gain), every probability is bit for bit the pure twin's."""
    from mahjong_fast._kernels import values as compiled
    from mahjong_fast._kernels import values_py as pure

    rng = random.Random(27)
    wall, tiles = [rng.randint(0, 4) for _ in range(34)], [rng.randint(0, 4) for _ in range(34)]
    met = set()
    for _ in range(3000):
        for _ in range(rng.randint(1, 2)):
            which = rng.choice((wall, tiles))
            which[rng.randrange(34)] = rng.randint(0, 4)
        indicators = rng.choice((2, 2, 3, 4, 5))
        if sum(wall) < indicators:
            continue
        got, want = compiled.ura_distribution(wall, tiles, indicators), pure.ura_distribution(wall, tiles, indicators)
        assert [p.hex() for p in got] == [p.hex() for p in want], (wall, tiles, indicators)
        met.add(indicators)
    assert met == {2, 3, 4, 5}
    for _ in range(1000):
        tiles = [0] * 34
        for kind in rng.sample(range(34), rng.randint(1, 9)):
            tiles[kind] = rng.randint(1, 4)
        wall = [rng.randint(0, 4) for _ in range(34)]
        indicators = rng.choice((1, 2, 3, 4, 5))
        got, want = compiled.ura_distribution(wall, tiles, indicators), pure.ura_distribution(wall, tiles, indicators)
        assert [p.hex() for p in got] == [p.hex() for p in want], (wall, tiles, indicators)


@pytest.mark.skipif(NO_EXTENSIONS, reason="MAHJONG_FAST_NO_EXTENSIONS is set")
def test_twins_agree_on_red_fives(monkeypatch: pytest.MonkeyPatch) -> None:
    """Hands with red fives and dora (their states share splits and ura rows by merged hand in the
    compiled search): the compiled and pure searches give the same figures, bit for bit."""
    cases = [c for c in CASES if "0" in c["hand"] and c["dora"] and c["shanten"] <= 1][:6]
    assert len(cases) == 6
    _assert_twins_agree(monkeypatch, cases)


@pytest.mark.skipif(NO_EXTENSIONS, reason="MAHJONG_FAST_NO_EXTENSIONS is set")
def test_twins_agree_on_pairs_and_orphans_shapes(monkeypatch: pytest.MonkeyPatch) -> None:
    """Random closed hands near seven pairs and thirteen orphans (the compiled search bounds those
    forms' shanten word by word before counting them): the compiled and pure searches give the
    same figures, bit for bit."""
    rng = random.Random(2716)
    kinds = [f"{r}{s}" for s in "mps" for r in range(1, 10)] + [f"{r}z" for r in range(1, 8)]
    orphans = [k for k in kinds if k[1] == "z" or k[0] in "19"]
    cases = []
    while len(cases) < 8:
        if len(cases) % 2:  # orphans and a pair, one or two swapped for any tile
            tiles = rng.sample(orphans, 13) + [rng.choice(orphans)]
        else:  # seven pairs, a tile or two swapped
            tiles = [k for k in rng.sample(kinds, 7) for _ in range(2)]
        for at in rng.sample(range(14), rng.randint(1, 2)):
            tiles[at] = rng.choice(kinds)
        if max(tiles.count(k) for k in tiles) > 4 or mf.shanten("".join(tiles)) > 1:
            continue
        cases.append({"hand": "".join(tiles), "melds": [], "turn": rng.randint(8, 14), "dora": "", "seat_wind": "E",
                      "round_wind": "E", "visible": "", "honba": 0, "riichi_sticks": 0})
    _assert_twins_agree(monkeypatch, cases)


@pytest.mark.skipif(NO_EXTENSIONS, reason="MAHJONG_FAST_NO_EXTENSIONS is set")
def test_avx_and_sse2_figures_agree(monkeypatch: pytest.MonkeyPatch) -> None:
    """The compiled figures summed by AVX (where the processor runs it) and by SSE2 are the same, bit for bit."""
    from mahjong_fast import _values
    from mahjong_fast._kernels import values as compiled

    class Kernel:
        def __init__(self, avx: bool) -> None:
            self.avx = avx

        def search(self, *args: Any) -> Any:
            return compiled.search(*args, avx=self.avx)

    cases = [c for c in CASES if c["shanten"] <= 1][::4] + [c for c in CASES if c["shanten"] == 2][:3]
    for case in cases:
        answers = []
        for avx in (False, True):
            monkeypatch.setattr(_values, "_search", Kernel(avx))
            answers.append([[x.hex() for curve in d.curves for x in curve] for d in discard_values(case["hand"],
                                                                                                 **_args(case))])
        assert answers[0] == answers[1], case["hand"]


ORACLE = os.environ.get("ES_ORACLE")


@pytest.mark.skipif(not ORACLE, reason="ES_ORACLE does not name the built oracle (scripts/es_oracle_full.cpp)")
def test_live_comparison_with_the_oracle() -> None:
    sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "scripts"))
    import make_values_fixtures as gen  # type: ignore[import-not-found]

    rng = random.Random(os.environ.get("ES_SEED", "live"))
    done = 0
    while done < 20:
        case = gen.make_case(rng, rng.choice((0, 1, 1, 2)))
        if case is None:
            continue
        case["discards"] = gen.run(str(ORACLE), case)
        _check_case(case)
        done += 1


# ---------------------------------------------------------------- the command line

CLI_HAND = "222067m345p33667s"
CLI_ARGS = ["--dora", "1z", "--seat-wind", "E", "--round-wind", "S", "--turn", "3", "--visible", "1m2m9s",
            "--honba", "1", "--sticks", "1"]


def _cli_values() -> tuple[DiscardValue, ...]:
    return discard_values(CLI_HAND, dora="1z", seat_wind="E", round_wind="S", turn=3, visible="1m2m9s", honba=1,
                          riichi_sticks=1)


def test_cli_prints_the_values_table(capsys: pytest.CaptureFixture[str]) -> None:
    from mahjong_fast._cli import main

    assert main(["check", CLI_HAND, "--values", *CLI_ARGS]) == 0
    out = capsys.readouterr().out
    lines = out.splitlines()
    at = next(i for i, line in enumerate(lines) if line.startswith("values:"))
    assert "turn 3" in lines[at]
    rows = lines[at + 1:]
    want = _cli_values()
    assert [r.split()[0] for r in rows] == [d.name for d in want]
    assert f"{want[0].expected:8.1f}".strip() in rows[0]
    assert "rules:     riichi" in out


def test_cli_values_json(capsys: pytest.CaptureFixture[str]) -> None:
    from mahjong_fast._cli import main

    assert main(["check", CLI_HAND, "--values", "--json", *CLI_ARGS]) == 0
    report = json.loads(capsys.readouterr().out)
    want = _cli_values()
    assert [v["tile"] for v in report["values"]] == [d.name for d in want]
    for v, d in zip(report["values"], want):
        assert (v["tenpai"], v["win"], v["expected"]) == (d.tenpai, d.win, d.expected)
        assert [c["turn"] for c in v["curves"]] == list(range(3, 18))
        assert [(c["tenpai"], c["win"], c["expected"]) for c in v["curves"]] == list(d.curves)


def test_cli_without_values_has_no_values_key(capsys: pytest.CaptureFixture[str]) -> None:
    from mahjong_fast._cli import main

    assert main(["check", CLI_HAND, "--json"]) == 0
    assert "values" not in json.loads(capsys.readouterr().out)


@pytest.mark.parametrize(("extra", "name"), [(["--turn", "0"], "turn"), (["--rules", "chinese"], "rules"),
                                             (["--seat-wind", "P"], "seat_wind")])
def test_cli_values_errors(capsys: pytest.CaptureFixture[str], extra: list[str], name: str) -> None:
    from mahjong_fast._cli import main

    assert main(["check", CLI_HAND, "--values", *extra]) == 2
    assert name in capsys.readouterr().err


def test_discard_values_survive_pickling():
    import pickle

    values = mf.discard_values("123m456p789s1z23m4m5m")
    back = pickle.loads(pickle.dumps(values))
    assert back == values and [v.name for v in back] == [v.name for v in values]
    assert [(v.tenpai, v.win, v.expected) for v in back] == [(v.tenpai, v.win, v.expected) for v in values]


@pytest.mark.skipif(NO_EXTENSIONS, reason="MAHJONG_FAST_NO_EXTENSIONS is set")
def test_twins_agree_on_random_hands_with_melds(monkeypatch: pytest.MonkeyPatch) -> None:
    """Random hands one from ready with no meld to two (the compiled search tells the kinds a state
    follows by comparing its neighbours' sums with a bound, for every count of sets wanted): the
    compiled and pure searches walk the same number of states and give the same figures, bit for bit."""
    from mahjong_fast import _values
    from mahjong_fast._kernels import values as compiled
    from mahjong_fast._kernels import values_py as pure

    rng = random.Random(1521)
    kinds = [f"{r}{s}" for s in "mps" for r in range(1, 10)] + [f"{r}z" for r in range(1, 8)]
    met = set()
    while len(met) < 3:
        n_melds = len(met)
        melds = [f"[{k}{k}{k}]" for k in rng.sample(kinds, n_melds)]
        tiles = [rng.choice(kinds) for _ in range(14 - 3 * n_melds)]
        held = tiles + [m[1:3] for m in melds for _ in range(3)]
        if max(held.count(k) for k in held) > 4 or mf.shanten("".join(tiles), melds=melds) != 1:
            continue
        answers, turn = [], rng.randint(10, 15)
        for module in (compiled, pure):
            searched: list[int] = []

            class Counting:
                def search(self, *args: Any, module: Any = module, searched: list[int] = searched) -> Any:
                    found, states = module.search(*args)
                    searched.append(states)
                    return found, states

            monkeypatch.setattr(_values, "_search", Counting())
            got = discard_values("".join(tiles), melds=melds, turn=turn)
            answers.append((searched, [(d.name, [x.hex() for curve in d.curves for x in curve]) for d in got]))
        assert answers[0] == answers[1], (tiles, melds)
        met.add(n_melds)
