"""The ``mahjong-fast`` command line, called in-process and as a user would."""
from __future__ import annotations

import pytest

from mahjong_fast._cli import main

from support.impls import run_python


def run(capsys, *argv):
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def test_check_winning_hand(capsys):
    status, out, _ = run(capsys, "check", "11123456789999m")
    assert status == 0
    assert "\U0001F007\U0001F007\U0001F007" in out
    assert "win:       yes" in out
    assert "清一色" in out


def test_check_losing_hand(capsys):
    status, out, _ = run(capsys, "check", "11123456789m1p2s3z")
    assert status == 0 and "win:       no" in out


def test_check_accepts_every_notation(capsys):
    outs = []
    for argv in (["11123456789999m"], ["W1 W1 W1 W2 W3 W4 W5 W6 W7 W8 W9 W9 W9 W9"],
                 ["W1", "W1", "W1", "W2", "W3", "W4", "W5", "W6", "W7", "W8", "W9", "W9", "W9", "W9"],
                 ["一万一万一万二万三万四万五万六万七万八万九万九万九万九万"]):
        status, out, _ = run(capsys, "check", *argv)
        assert status == 0
        outs.append(out)
    assert len(set(outs)) == 1


def test_check_with_melds_and_self_drawn(capsys):
    status, out, _ = run(capsys, "check", "11m", "--melds", "[123p]", "555s", "789m", "[7777z]")
    assert status == 0 and "win:       yes" in out and "全求人" in out
    status, out, _ = run(capsys, "check", "11m", "--melds", "123p", "555s", "789m", "7777z", "--self-drawn")
    assert "全求人" not in out


def test_check_prints_waits_and_shanten(capsys):
    status, out, _ = run(capsys, "check", "1112345678999m")
    assert status == 0
    assert "waits:" in out and "shanten:   0" in out
    waits_line = next(line for line in out.splitlines() if line.startswith("waits:"))
    assert all(f"{r}m" in waits_line for r in range(1, 10))


def test_check_wild(capsys):
    status, out, _ = run(capsys, "check", "123456m456p789s1z7z", "--wild", "7z")
    assert status == 0 and "win:       yes" in out


@pytest.mark.parametrize(
    "hand, message",
    [("11111m", "tile 1m appears 5 times"), ("123x", "123x"), ("W1 J9", "J9"), ("8z", "8z")],
)
def test_bad_input_exits_2_with_message(capsys, hand, message):
    status, _, err = run(capsys, "check", hand)
    assert status == 2
    assert message in err and "Traceback" not in err


def test_help_teaches_the_notations(capsys):
    with pytest.raises(SystemExit) as exit_info:
        main(["check", "--help"])
    out = capsys.readouterr().out
    assert exit_info.value.code == 0
    for word in ("mpsz", "botzone", "unicode", "chinese", "{1111z}", "J3 white"):
        assert word in out


def test_python_dash_m_runs_as_a_user_would(tmp_path):
    done = run_python("-m", "mahjong_fast", "check", "11123456789999m", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert "win:       yes" in done.stdout
    bad = run_python("-m", "mahjong_fast", "check", "11111m", cwd=tmp_path)
    assert bad.returncode == 2 and "appears 5 times" in bad.stderr


def test_check_with_jokers_prints_the_best_hu_type(capsys):
    status, out, _ = run(capsys, "check", "1112345678999m5z", "--wild", "5z")
    assert status == 0
    assert "win:       yes" in out
    assert "Plain Win" in out and "Full Flush" in out  # 5z stands for a character
    assert "split:" not in out  # splits are not shown for hands with jokers


def test_check_prints_the_discard_table_best_first_and_subtracts_visible(capsys):
    import mahjong_fast as mf

    status, out, _ = run(capsys, "check", "123456789m1234p5z")
    assert status == 0 and "discards:" in out
    rows = [line.strip() for line in out.splitlines() if line.strip().startswith("打")]
    best = mf.discard_analysis("123456789m1234p5z")
    assert len(rows) == len(best)
    assert rows[0].startswith(f"打 {best[0].tile} → 摸 ") and f"{best[0].useful.total} 枚" in rows[0]
    _, seen, _ = run(capsys, "check", "123456789m1234p5z", "--visible", "1p1p4p")
    first = [line.strip() for line in seen.splitlines() if line.strip().startswith("打 5z")][0]
    after = mf.discard_analysis("123456789m1234p5z", visible="1p1p4p")
    assert f"{[d for d in after if d.tile == mf.Tile(31)][0].useful.total} 枚" in first


def test_check_prints_useful_tiles_of_13_and_none_for_a_win(capsys):
    _, out, _ = run(capsys, "check", "123456789m123p5z", "--visible", "5z5z")
    assert "useful:    shanten 0: 摸 5z×1, 1 枚" in out
    _, won, _ = run(capsys, "check", "11123456789999m")
    assert "discards:" not in won


def test_check_rejects_bad_visible_tiles(capsys):
    status, _, err = run(capsys, "check", "123456789m1234p5z", "--visible", "5z5z5z5z")
    assert status == 2 and "5z" in err
