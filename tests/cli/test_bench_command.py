"""``mahjong-fast bench``: the rows of every workload, ``--pure`` and ``--json``."""
from __future__ import annotations

import json

import pytest

from mahjong_fast import _bench
from mahjong_fast._cli import main


def test_every_workload_has_a_first_row_of_ours_and_unique_rows():
    for work in _bench.workloads(10):
        assert work.rows[0].library.startswith("mahjong_fast"), work.name
        labels = [row.library for row in work.rows]
        assert len(labels) == len(set(labels)), work.name


@pytest.mark.parametrize("json_form", ["split", "joined"])
def test_pure_runs_the_same_rows_again_and_json_holds_both(capsys, tmp_path, json_form):
    pytest.importorskip("numpy")
    out = tmp_path / "rows.json"
    json_args = ["--json", str(out)] if json_form == "split" else [f"--json={out}"]
    argv = ["bench", "--quick", "--rows=200", "--hands", "5", "--repeat=1", "--only", "is_win_batch",
            "--pure", *json_args]
    assert main(argv) == 0
    records = json.loads(out.read_text())["benchmarks"]
    done = {(r["extra_info"]["implementation"], r["extra_info"]["lib"]) for r in records}
    libraries = {row.library for w in _bench.workloads(200) if w.name == "is_win_batch" for row in w.rows}
    assert {lib for _, lib in done} == libraries
    assert {impl for impl, _ in done} <= {"compiled", "pure-python"}
    assert ("pure-python", "mahjong_fast 1 thread") in done
    assert all(r["extra_info"]["correct"] in (True, None) for r in records)


def test_rows_of_ours_agree_with_the_reference_on_a_few_hands():
    for work in _bench.workloads(50):
        for row in work.rows:
            if not row.available() or row.requires in ("riichienv", "mahjong", "MahjongGB", "xiangting", "jansou"):
                continue
            _, hands, agreement = _bench.prepare(work, row, 5)
            assert hands in (5, max(1, 5 // row.fewer), row.hands_per_input), (work.name, row.library, hands)
            assert agreement in (None, 1.0), (work.name, row.library, agreement)


def test_a_group_with_keyword_rows_times_every_row_as_a_users_loop():
    """A row that passes keywords is timed as ``for x in hands: f(x, key=value)``, and so is every other row
    of its group (no lambda frame of the bench's own in one row and not in another)."""
    from mahjong_fast._bench.rows import Row, Workload, bound, star

    seen = []

    def spy(*args, **kw):
        seen.append((args, kw))
        return len(seen)

    keyword = bound(spy, encoding="counts", fifth=False)
    melded = star(spy)
    plain = Row("plain", None, lambda: (spy, [1, 2], None))
    work = Workload("w", "w", [plain, Row("kw", None, lambda: (keyword, [3], None), written=True)])
    assert work.written and not Workload("v", "v", [plain]).written
    timed, hands, _ = _bench.prepare(work, work.rows[0], 5)
    assert hands == 2 and timed() is None  # a loop, not deque(map(...)) of the plain call
    assert seen == [((1,), {}), ((2,), {})]
    seen.clear()
    timed, _, _ = _bench.prepare(work, work.rows[1], 5)
    timed()
    assert seen == [((3,), {"encoding": "counts", "fifth": False})]
    assert keyword(7) == 2 and seen[-1] == ((7,), {"encoding": "counts", "fifth": False})
    seen.clear()
    melded.loop([("h", ["m"])])
    assert melded(("g", ["n"])) == 2
    assert seen == [(("h",), {"melds": ["m"]}), (("g",), {"melds": ["n"]})]
    timed, _, _ = _bench.prepare(Workload("v", "v", [plain]), plain, 5)
    assert timed() is not None  # a group without keyword rows maps the call: deque(map(f, hands), 0)


def test_keyword_rows_are_marked_written():
    for work in _bench.workloads(10):
        for row in work.rows:
            call = row.setup()[0] if row.written else None
            assert call is None or isinstance(call, _bench.rows.Written), (work.name, row.library)
    assert any(w.written for w in _bench.workloads(10) if w.name == "is_win_forms")
    assert not any(w.written for w in _bench.workloads(10) if w.name in ("is_win", "shanten", "waits"))
