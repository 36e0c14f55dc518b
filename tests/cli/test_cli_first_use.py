"""What a new user of ``mahjong-fast`` trips on: argument forms, output that fails, odd hands."""
from __future__ import annotations

import io
import os
import shlex
import shutil
import subprocess
import sys

import pytest

import mahjong_fast as mf
from mahjong_fast import _bench
from mahjong_fast._cli import NOTATION_HELP, main

PACKAGE_ROOT = os.path.dirname(os.path.dirname(mf.__file__))


def run(capsys, *argv):
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def run_cli(*argv, stdout=subprocess.PIPE, **env):
    """``python -m mahjong_fast *argv`` in a fresh interpreter on the package under test."""
    full_env = dict(os.environ, PYTHONPATH=PACKAGE_ROOT, **env)
    full_env.setdefault("PYTHONIOENCODING", "utf-8")
    return subprocess.run(
        [sys.executable, "-m", "mahjong_fast", *argv],
        stdout=stdout, stderr=subprocess.PIPE, env=full_env, cwd=PACKAGE_ROOT, check=False,
    )


# ---------------------------------------------------------------- bench


@pytest.mark.parametrize("argv", [
    ["--rows", "1000", "--only", "is_win_batch", "--quick"],
    ["--rows=1000", "--only=is_win_batch", "--quick"],
])
def test_bench_takes_options_in_both_forms(capsys, argv):
    pytest.importorskip("numpy")
    status, out, err = run(capsys, "bench", *argv)
    assert status == 0, err
    assert "is_win_batch, 1,000 rows" in out
    assert "is_win, 14 tiles" not in out


def test_bench_reference_answers_load_from_the_kernel_twins():
    assert len(_bench.reference("is_win")) == _bench.N_HANDS
    assert len(_bench.reference("shanten")) == _bench.N_HANDS
    assert len(_bench.reference("waits")) == _bench.N_HANDS


def test_bench_names_the_implementation(capsys):
    pytest.importorskip("numpy")
    status, out, _ = run(capsys, "bench", "--quick", "--rows", "100", "--only", "is_win_batch")
    assert status == 0 and f"({mf.implementation})" in out.splitlines()[0]


# ---------------------------------------------------------------- --version


def test_version_prints_version_and_implementation(capsys):
    status, out, _ = run(capsys, "--version")
    assert status == 0
    assert out.startswith(f"mahjong-fast {mf.__version__} ({mf.implementation}, Python ")
    assert mf.implementation in ("compiled", "pure-python")


def test_version_reports_pure_python_when_switched_off():
    done = run_cli("--version", MAHJONG_FAST_NO_EXTENSIONS="1")
    assert done.returncode == 0
    assert b"(pure-python, Python " in done.stdout


# ---------------------------------------------------------------- output that cannot be written


class _Failing(io.StringIO):
    def __init__(self, exc: OSError) -> None:
        super().__init__()
        self.exc = exc

    def write(self, text: str) -> int:
        raise self.exc


def test_closed_pipe_in_process_exits_1_quietly(monkeypatch, capsys):
    monkeypatch.setattr(sys, "stdout", _Failing(BrokenPipeError(32, "Broken pipe")))
    assert main(["check", "11123456789999m"]) == 1
    assert capsys.readouterr().err == ""


def test_full_disk_in_process_exits_1_with_one_line(monkeypatch, capsys):
    monkeypatch.setattr(sys, "stdout", _Failing(OSError(28, "No space left on device")))
    assert main(["check", "11123456789999m"]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "No space left on device" in err


def test_closed_pipe_exits_quietly():
    read_end, write_end = os.pipe()
    os.close(read_end)  # the reader is gone before the command writes anything
    with os.fdopen(write_end, "wb") as pipe:
        done = run_cli("check", "11123456789999m", stdout=pipe)
    assert done.returncode == 1
    assert done.stderr == b""


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="needs /dev/full")
@pytest.mark.parametrize("argv", [["check", "11123456789999m"], ["--version"], ["--help"]])
def test_full_disk_says_so_in_one_line(argv):
    with open("/dev/full", "wb") as full:
        done = run_cli(*argv, stdout=full)
    assert done.returncode == 1
    assert b"Traceback" not in done.stderr
    assert done.stderr.count(b"\n") == 1 and b"No space left on device" in done.stderr


# ---------------------------------------------------------------- terminals that are not UTF-8


def test_ascii_stdout_in_process_falls_back_to_mpsz(monkeypatch):
    raw = io.BytesIO()
    stream = io.TextIOWrapper(raw, encoding="ascii")
    monkeypatch.setattr(sys, "stdout", stream)
    assert main(["check", "11123456789999m"]) == 0
    out = raw.getvalue().decode("ascii")
    assert "hand:      11123456789999m" in out
    assert "hu types:  Plain Win, Full Flush, Concealed Hand" in out


@pytest.mark.parametrize("argv, expected", [
    (["check", "11123456789999m"], b"win:       yes"),
    (["check", "1112345678999m"], b"waits:     1m 2m 3m 4m 5m 6m 7m 8m 9m"),
    (["--help"], b"mpsz"),
    (["check", "--help"], b"botzone"),
])
def test_ascii_terminal_is_not_bad_input(argv, expected):
    done = run_cli(*argv, PYTHONIOENCODING="ascii")
    assert done.returncode == 0, done.stderr
    assert expected in done.stdout
    assert b"error" not in done.stderr


def test_ascii_terminal_error_message_is_one_line():
    done = run_cli("check", "一万 九z", PYTHONIOENCODING="ascii")
    assert done.returncode == 2
    assert b"Traceback" not in done.stderr and done.stderr.count(b"\n") == 1


# ---------------------------------------------------------------- hands that cannot be checked


@pytest.mark.parametrize("hand", ["", " "])
def test_empty_hand_is_an_error(capsys, hand):
    status, out, err = run(capsys, "check", hand)
    assert status == 2 and out == ""
    assert "empty hand" in err


def test_sixteen_tiles_are_too_many(capsys):
    status, _, err = run(capsys, "check", "1111222233334444m")
    assert status == 2
    assert "too many tiles" in err and "at most 14" in err
    assert "3n+2" not in err


def test_hand_plus_melds_over_fourteen_says_why(capsys):
    status, _, err = run(capsys, "check", "11123456789999m", "--melds", "123p")
    assert status == 2
    assert "too many tiles" in err and "17" in err
    assert "beside 1 meld the concealed part has at most 11" in err


def test_three_n_tiles_explain_the_count(capsys):
    status, out, _ = run(capsys, "check", "123m", "--melds", "456p")
    assert status == 0
    assert "win:       no (3 concealed tiles beside 1 meld: " in out and "3n+2" in out


# ---------------------------------------------------------------- the help's examples


def _help_examples():
    lines = NOTATION_HELP.split("Examples:", 1)[1].splitlines()
    return [shlex.split(line.split("(")[0])[1:] for line in lines if line.strip().startswith("mahjong-fast")]


@pytest.mark.parametrize("argv", _help_examples(), ids=" ".join)
def test_every_help_example_runs_and_answers(capsys, argv):
    status, out, err = run(capsys, *argv)
    assert status == 0, err
    assert "win:       yes" in out or ("waits:" in out and "waits:     none" not in out)


def test_wild_help_example_is_a_win_of_fourteen_tiles(capsys):
    example = next(a for a in _help_examples() if "--wild" in a)
    hand = mf.Hand(example[1])
    assert hand.size == 14
    assert mf.is_win(hand, wild=example[example.index("--wild") + 1])


# ---------------------------------------------------------------- splits


def test_seven_pairs_prints_pairs_not_standard_splits(capsys):
    status, out, _ = run(capsys, "check", "11223344556677m")
    assert status == 0 and "七小对" in out
    assert "split:" not in out
    assert "  pairs:   11m 22m 33m 44m 55m 66m 77m\n" in out


def test_all_pungs_prints_only_all_pung_splits(capsys):
    _, out, _ = run(capsys, "check", "11122233344455m")
    assert "对对胡" in out
    splits = [line for line in out.splitlines() if "split:" in line]
    assert splits == ["  split:   55m + 111m 222m 333m 444m"]


def test_plain_win_prints_every_split(capsys):
    _, out, _ = run(capsys, "check", "111222333m456p55s")
    assert "平胡" in out
    splits = [line for line in out.splitlines() if "split:" in line]
    assert splits == ["  split:   55s + 123m 123m 123m 456p", "  split:   55s + 456p 111m 222m 333m"]


def test_pair_alone_prints_cleanly(capsys):
    status, out, _ = run(capsys, "check", "11m")
    assert status == 0
    assert "  split:   11m\n" in out


def test_declared_melds_print_in_brackets(capsys):
    _, out, _ = run(capsys, "check", "11m", "--melds", "123p", "555s", "789m", "{7777z}")
    assert "  split:   11m + [123p] [555s] [789m] {7777z}\n" in out


def test_unbuilt_sources_say_pure_python_and_warn_once(tmp_path):
    source = os.path.join(PACKAGE_ROOT, "mahjong_fast")
    shutil.copytree(source, tmp_path / "mahjong_fast",
                    ignore=shutil.ignore_patterns("*.so", "*.pyd", "*.c", "__pycache__"))
    env = dict(os.environ, PYTHONPATH=str(tmp_path), PYTHONIOENCODING="utf-8")
    env.pop("MAHJONG_FAST_NO_EXTENSIONS", None)
    done = subprocess.run([sys.executable, "-m", "mahjong_fast", "--version"],
                          capture_output=True, env=env, cwd=tmp_path, check=False)
    assert done.returncode == 0
    assert b"(pure-python, Python " in done.stdout
    assert done.stderr.count(b"RuntimeWarning") == 1 and b"not built" in done.stderr
