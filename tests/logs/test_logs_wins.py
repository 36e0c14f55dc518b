"""``logs.wins``: every ``hora`` of a log scored from the replayed state, against the log's own figures.

Tenhou's records carry Tenhou's own verdict on each win (fu, points, limit, yaku with han, score
changes): every win of the mjx project's records (``tests/data/tenhou``, mjlog and tenhou.net/6) must
score exactly so, read through the log reader, in both kernels.  Logs played by Mortal's engine
(``mjai``'s arena) carry its score changes: ours must be the same on every win.
"""
from __future__ import annotations

import collections
import gzip
import json
import multiprocessing
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

import pytest

from mahjong_fast import _scoring, logs
from mahjong_fast.logs import Win

from support.impls import NO_EXTENSIONS, Impl, data_dir
from support.mjai_games import NEED_MJAI, have_mjai, play

needs_mjai = pytest.mark.skipif(not NEED_MJAI and not have_mjai(),
                                reason="mjai is not installed (docs/logs.md: the test recipe)")
TENHOU = data_dir("tenhou")
MJLOG = sorted((TENHOU / "mjlog").glob("*.mjlog"))
TENHOU6 = sorted((TENHOU / "json").glob("*.json"))
MJAI = sorted(data_dir("mjai").glob("*.json.gz"))
PLAYED = 60 if NO_EXTENSIONS else 200
"""Hanchan played by Mortal's engine and scored in the default run (500 under ``-m slow``)."""


def check_expected(win: Win, where: str) -> None:
    """Our score of one Tenhou win equals the record's own figures."""
    s, e = win.score, win.expected
    assert e is not None, where
    assert s.valid, where
    assert sorted((y.japanese, h) for y, h in s.items) == sorted(e.items), where
    assert (s.han, s.limit, s.points) == (e.han, e.limit, e.points), where
    if e.fu is not None and not s.yakuman:
        assert s.fu == e.fu, where
    assert win.ours == win.deltas == e.deltas, where


@pytest.mark.parametrize("form", ["mjlog", "tenhou6"])
def test_every_tenhou_win_through_the_reader(impl: Impl, monkeypatch: pytest.MonkeyPatch, form: str) -> None:
    monkeypatch.setattr(_scoring, "_kernel", impl.scoring)
    seen: collections.Counter[str] = collections.Counter()
    count = 0
    for path in MJLOG if form == "mjlog" else TENHOU6:
        for win in logs.wins(path):
            check_expected(win, f"{path.name}: round {win.round}, seat {win.seat}")
            seen.update(y.name for y, _ in win.score.items)
            seen["pao"] += win.pao is not None
            seen["fu given"] += win.expected is not None and win.expected.fu is not None
            count += 1
    assert count >= (600 if form == "mjlog" else 250)
    assert {"PINFU", "CHIITOITSU", "RINSHAN", "CHANKAN", "DOUBLE_RIICHI", "IPPATSU", "AKA_DORA", "URA_DORA",
            "TENHOU"} <= set(seen) or form == "tenhou6"
    assert seen["fu given"] > count // 2
    if form == "mjlog":
        assert seen["pao"] >= 1


def test_the_record_forms_give_the_same_wins() -> None:
    """A game read as mjlog, as tenhou.net/6 and as our own mjai conversion: the same wins."""
    both = [(p, TENHOU / "mjlog" / (p.stem + ".mjlog")) for p in TENHOU6]
    both = [(j, m) for j, m in both if m.exists()]
    assert len(both) >= 20
    for j, m in both:
        from_json = [(w.round, w.seat, w.loser, w.score, w.ours) for w in logs.wins(j)]
        from_mjlog = [(w.round, w.seat, w.loser, w.score, w.ours) for w in logs.wins(m)]
        lines = [json.dumps(e, ensure_ascii=False) for e in logs.to_mjai(m)]
        from_mjai = [(w.round, w.seat, w.loser, w.score, w.ours) for w in logs.wins(lines)]
        assert from_mjlog == from_mjai, m.name
        assert from_json == from_mjlog[:len(from_json)], j.name  # first-example.json holds one round
        assert all(w.expected is None for w in logs.wins(lines))


def test_committed_mjai_logs() -> None:
    count = 0
    for path in MJAI:
        for win in logs.wins(path):
            assert win.ours == win.deltas, f"{path.name}: round {win.round}, seat {win.seat}, {win.score}"
            count += 1
    assert count >= 25


def _score_played(seeds: list[int], log_dir: str) -> dict[str, int]:
    """Play the hanchan of ``seeds`` and check every win; counts of what was seen."""
    seen: collections.Counter[str] = collections.Counter()
    for seed in seeds:
        path = play(seed, log_dir)
        for win in logs.wins(path):
            assert win.ours == win.deltas, f"seed {seed}: round {win.round}, seat {win.seat}, {win.score}"
            seen["wins"] += 1
            seen["tsumo"] += win.loser is None
            seen.update(y.name for y, _ in win.score.items)
        seen["games"] += 1
        path.unlink()
    return dict(seen)


def _played(n: int, tmp_path: Path) -> collections.Counter[str]:
    seeds = list(range(3000, 3000 + n))
    context = multiprocessing.get_context("spawn")
    with ProcessPoolExecutor(2, mp_context=context) as pool:
        results = list(pool.map(_score_played, [seeds[0::2], seeds[1::2]], [str(tmp_path)] * 2))
    total: collections.Counter[str] = collections.Counter()
    for r in results:
        total.update(r)
    assert total["games"] == n
    return total


@needs_mjai
def test_played_hanchan_score_as_mortals_engine(tmp_path: Path) -> None:
    total = _played(PLAYED, tmp_path)
    assert total["wins"] > 5 * PLAYED and total["tsumo"] > PLAYED
    assert {"RIICHI", "IPPATSU", "MENZEN_TSUMO", "URA_DORA", "AKA_DORA", "RINSHAN"} <= set(total)


@needs_mjai
@pytest.mark.slow
def test_500_played_hanchan_score_as_mortals_engine(tmp_path: Path) -> None:
    total = _played(500, tmp_path)
    assert total["wins"] > 5 * 500
    assert {"HAITEI", "HOUTEI", "CHANKAN", "DOUBLE_RIICHI"} <= set(total)


@pytest.mark.parametrize(("attribute", "damaged"), [
    ("ten", "30,1000"),            # two figures where Tenhou writes three
    ("ten", "30,x,0"),             # not a number
    ("ten", "30,1000,9"),          # no such limit
    ("yaku", "999,1"),             # no such yaku
])
def test_damaged_win_figures_name_the_file_and_the_win(tmp_path: Path, attribute: str, damaged: str) -> None:
    """An AGARI tag whose own figures cannot be read: a ValueError naming the file and the win, not
    Python's message from deep inside the reader."""
    text = gzip.decompress(MJLOG[0].read_bytes()).decode("utf-8")
    start = text.index("<AGARI ")
    at = text.index(f' {attribute}="', start)
    value_start = at + len(attribute) + 3
    value_end = text.index('"', value_start)
    assert text.index(">", start) > value_end, "the attribute belongs to the first AGARI tag"
    path = tmp_path / "damaged.mjlog"
    path.write_text(text[:value_start] + damaged + text[value_end:], encoding="utf-8")
    with pytest.raises(ValueError, match=r"damaged\.mjlog: win 1: the record's figures are malformed"):
        list(logs.wins(path))
