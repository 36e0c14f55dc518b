"""The public API type-checks for a user (py.typed + typed fallbacks)."""
from __future__ import annotations

import subprocess

import pytest

from support.impls import run_python

pytest.importorskip("mypy")

USER_CODE = '''
import numpy as np
import mahjong_fast as mf

ok: bool = mf.is_win("11123456789999m", strategy="carry")
ws: list[mf.Tile] = mf.waits([0, 0, 0, 1, 2, 3, 4, 5, 6, 7, 8, 8, 8], wild="7z")
n: int = mf.shanten("123m456p789s1234z", form="standard")
hu: mf.HuType = mf.classify("11123456789999m", self_drawn=True)
ds: list[mf.Decomposition] = mf.decompose("111222333m444p55s")
h: mf.Hand = mf.parse("123m [456p]")
m: mf.Meld = mf.Meld.kong(mf.Tile.WHITE, concealed=True)
c: bytes = mf.to_counts(h)
s: str = mf.format(h, "unicode")
wins = mf.is_win_batch(np.zeros((3, 34), dtype=np.uint8), threads=2)
'''

RULE_BOUND_CODE = '''
import numpy as np
from mahjong_fast import riichi
from mahjong_fast import gb as mf

n: int = riichi.shanten("123m456p789s1122z", form="standard")
ok: bool = riichi.is_win([0, 0, 0, 1, 2, 3, 4, 5, 6, 7, 8, 8, 8, 8], strategy="carry")
ws: list[riichi.Tile] = riichi.waits("1112345678999p", melds=())
hu: mf.HuType = mf.classify("147m258p369s12345z", self_drawn=True)
u: riichi.UsefulTiles = riichi.useful_tiles("123m456p789s1123z", visible="1z")
d: riichi.DiscardAnalysis = riichi.discard_analysis("123m456p789s11234z", two_step=True)
b = riichi.shanten_batch(np.zeros((2, 34), dtype=np.uint8), threads=1)
r: riichi.Rules = riichi.rules
h: mf.Hand = mf.parse("123m")
'''

RULE_BOUND_BAD_CODE = '''
from mahjong_fast import riichi

n: str = riichi.shanten("123m")
riichi.shanten("1234m", rules="gb")
riichi.no_such_name
'''

BAD_CODE = '''
import mahjong_fast as mf

n: str = mf.shanten("123m")
'''


def _mypy(tmp_path, code: str) -> subprocess.CompletedProcess:
    path = tmp_path / "user.py"
    path.write_text(code)
    return run_python("-m", "mypy", "--no-incremental", "--strict", str(path), cwd=tmp_path)


def test_public_api_type_checks(tmp_path):
    done = _mypy(tmp_path, USER_CODE)
    assert done.returncode == 0, done.stdout + done.stderr


def test_type_checker_sees_the_real_signatures(tmp_path):
    done = _mypy(tmp_path, BAD_CODE)
    assert done.returncode == 1 and "int" in done.stdout, done.stdout


def test_rule_bound_modules_type_check(tmp_path):
    done = _mypy(tmp_path, RULE_BOUND_CODE)
    assert done.returncode == 0, done.stdout + done.stderr


def test_rule_bound_modules_have_the_real_signatures(tmp_path):
    done = _mypy(tmp_path, RULE_BOUND_BAD_CODE)
    assert done.returncode == 1, done.stdout
    assert 'has type "int", variable has type "str"' in done.stdout
    assert 'Unexpected keyword argument "rules"' in done.stdout
    assert 'has no attribute "no_such_name"' in done.stdout
