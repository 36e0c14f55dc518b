"""The contract every kernel shares, in both implementations.

One reader of a 34-count argument (``_counts.read_counts``): every Python-level kernel function
that takes counts accepts the same types and raises the same errors, compiled or pure.  The
lazily built tables survive a race on first use.  Kernel modules point only down.
"""
from __future__ import annotations

import array
import ast
import importlib
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

import mahjong_fast
from mahjong_fast import _c_numbers, _layout
from mahjong_fast._counts import read_counts
from mahjong_fast._dispatch import NO_EXTENSIONS, is_compiled
from mahjong_fast._kernels import KERNELS

from support.hands import tile_counts
from support.impls import REPO_ROOT

np = pytest.importorskip("numpy")

SOURCES = REPO_ROOT / "mahjong_fast"  # the checkout: an install ships no .pyx/.pxd/.pxi
KERNEL_SOURCES = SOURCES / "_kernels"
READS_COUNTS = ("win", "table", "shanten", "decompose", "efficiency")
"""The kernels whose counts (and ``limits``, ``avail``, ``wild``) arguments go through ``read_counts``."""
OTHER_READERS = {
    "hutype": "reads its counts and meld bytes with bytes(), as the classify layer hands them over; "
              "the compiled and pure twins raise alike (below)",
    "batch": "takes 2-D uint8 arrays the batch layer has checked (tests/api/test_batch.py); its rows "
             "agree with the per-hand kernels (below)",
    "logscan": "takes log lines and seat states, not counts (tests/logs/test_logs_replay.py)",
    "mjlogscan": "takes a Tenhou record's text or turns and a round's hands, not counts; its twins are held to "
                 "the same events and stops in tests/logs/test_logs_tenhou.py (test_mjlogscan_twins_agree, "
                 "test_turns_twins_agree, test_numbers_twins_agree)",
    "scoring": "reads its counts with read_counts beside melds, a tile, winds and bits; its twins are held "
               "to the same scores and errors in tests/scoring/test_scoring.py (random wins, test_kernel_ranges)",
    "fans": "reads its counts with read_counts beside melds, a tile, winds and bits; its twins are held to the "
            "same fans in tests/scoring/test_scoring_gb.py (random wins against PyMahjongGB, the twins side by side)",
    "values": "takes the separated 37 counts (red fives apart) that _values builds and checks; its twins are "
              "held to the same figures in tests/efficiency/test_values.py (test_twins_agree)",
}
"""Every other kernel, and why the one-reader rule is not its contract."""
ALIKE = (*READS_COUNTS, "hutype")
"""The kernels whose compiled and pure twins are held to the same answers and errors on every argument below."""


def _module(name: str, pure: bool):
    module = importlib.import_module(f"mahjong_fast._kernels.{name}{'_py' if pure else ''}")
    if not pure and not is_compiled(module):  # pragma: no cover - a broken build
        pytest.fail(f"mahjong_fast._kernels.{name} is not compiled")
    return module


IMPLS = [pytest.param(True, id="pure-python")]
if not NO_EXTENSIONS:
    IMPLS.insert(0, pytest.param(False, id="c-extension"))


WIN = bytes(tile_counts([0, 1, 2, 9, 10, 11, 18, 19, 20, 27, 27, 27, 33, 33]))  # 123m 123p 123s EEE 77z
READY = bytes(tile_counts([0, 1, 2, 9, 10, 11, 18, 19, 20, 27, 27, 27, 33]))  # waits on 7z


FULL = bytes([_layout.MAX_COPIES]) * _layout.N_KINDS
NO_WILD = bytes(_layout.N_KINDS)


def test_every_kernel_has_a_contract_here():
    assert sorted(READS_COUNTS + tuple(OTHER_READERS)) == sorted(KERNELS)
    assert set(ALIKE) <= set(KERNELS)


def calls(name: str, mod):
    """``(label, function of one counts-like argument, a valid argument, its answer)``."""
    if name == "win":
        return [
            ("win_cluster", mod.win_cluster, WIN, True),
            ("win_carry", mod.win_carry, WIN, True),
            ("seven_pairs", mod.seven_pairs, WIN, False),
            ("thirteen_orphans", mod.thirteen_orphans, WIN, False),
            ("is_win_counts", mod.is_win_counts, WIN, True),
            ("is_win_counts carry", lambda c: mod.is_win_counts(c, "carry"), WIN, True),
        ]
    if name == "table":
        return [("win_table", mod.win_table, WIN, True)]
    if name == "decompose":
        split = (33, (("chow", 0), ("chow", 9), ("chow", 18), ("pung", 27)))
        return [("decompose_counts", mod.decompose_counts, WIN, [split])]
    if name == "efficiency":
        after = [127] * _layout.N_KINDS  # NOT_HELD: the shanten after each tile held is 0
        for t in (0, 1, 2, 9, 10, 11, 18, 19, 20, 27, 33):
            after[t] = 0
        return [
            ("useful", lambda c: mod.useful(c, FULL, FULL), READY, (0, 1 << 33, 3)),
            ("useful limits", lambda c: mod.useful(READY, c, FULL), FULL, (0, 1 << 33, 3)),
            ("useful avail", lambda c: mod.useful(READY, FULL, c), FULL, (0, 1 << 33, 3)),
            ("discards", lambda c: mod.discards(c, FULL, FULL).after(), WIN, after),
        ]
    if name == "hutype":  # the answer of the twin under test: compiled and pure are compared below
        return [("hu_type", mod.hu_type, WIN, mod.hu_type(WIN))]
    return [
        ("shanten_counts", mod.shanten_counts, WIN, -1),
        ("is_win_wild", lambda c: mod.is_win_wild(c, 0), WIN, True),
        ("waits_counts", mod.waits_counts, READY, [33]),
        ("shanten_counts limits", lambda c: mod.shanten_counts(WIN, limits=c), FULL, -1),
        ("waits_counts limits", lambda c: mod.waits_counts(READY, limits=c), FULL, [33]),
        ("waits_counts wild", lambda c: mod.waits_counts(READY, wild=c), NO_WILD, [33]),
    ]


def _arg(label: str) -> str:
    return label.split()[-1] if " " in label and label.endswith(("limits", "wild", "avail")) else "counts"


def good_forms(data: bytes) -> list:
    """Every type the reader accepts, holding ``data``."""
    return [
        data,
        bytearray(data),
        list(data),
        tuple(data),
        memoryview(data),
        array.array("b", data),
        np.frombuffer(data, np.uint8).copy(),
        np.array(list(data), np.int64),
        np.repeat(np.frombuffer(data, np.uint8), 2)[::2],  # strided
    ]


@pytest.mark.parametrize("pure", IMPLS)
@pytest.mark.parametrize("name", READS_COUNTS)
def test_every_accepted_type_gives_the_same_answer(name, pure):
    for label, fn, valid, expected in calls(name, _module(name, pure)):
        for value in good_forms(valid):
            assert fn(value) == expected, (label, type(value))


BAD_LENGTHS = [0, 1, 33, 35, 68]


def bad_values(label: str):
    """``(value, exception type, message pattern)`` that every reader must reject alike."""
    arg = _arg(label)
    out = []
    for n in BAD_LENGTHS:
        for value in (bytes(n), [0] * n, bytearray(n)):
            out.append((value, ValueError, rf"^{arg} must hold 34 values, got {n}$"))
    for index, count in ((0, 5), (13, 9), (27, 255), (33, 128)):
        data = bytearray(34)
        data[index] = count
        pattern = rf"^{arg}\[{index}\] = {count} is not a tile count 0-4$"
        out += [(bytes(data), ValueError, pattern), (bytearray(data), ValueError, pattern),
                (list(data), ValueError, pattern),
                (np.frombuffer(bytes(data), np.uint8).copy(), ValueError, pattern)]
    negative = [0] * 34
    negative[3] = -1
    out.append((negative, ValueError, rf"^{arg}\[3\] = -1 is not a tile count 0-4$"))
    big = [0] * 34
    big[30] = 10**20
    out.append((big, ValueError, rf"^{arg}\[30\] = {10**20} is not a tile count 0-4$"))
    for value in ("x" * 34, 34, 3.5, object(), {i: 0 for i in range(34)}):
        out.append((value, TypeError, rf"^{arg} must be bytes, a buffer or a list"))
    for value in ([0.0] * 34, [None] * 34, [True] + [0] * 33, ["1"] * 34):
        out.append((value, TypeError, rf"^{arg} must hold ints"))
    out.append((np.zeros(34, np.float64), TypeError, rf"^{arg} must be a 1-D buffer of integers"))
    out.append((np.zeros((2, 17), np.uint8), TypeError, rf"^{arg} must be a 1-D buffer"))
    return out


@pytest.mark.parametrize("pure", IMPLS)
@pytest.mark.parametrize("name", READS_COUNTS)
def test_one_rule_for_bad_counts(name, pure):
    for label, fn, _, _ in calls(name, _module(name, pure)):
        if label == "waits_counts wild":
            continue  # an empty wild means none: checked below
        for value, exc, pattern in bad_values(label):
            with pytest.raises(exc, match=pattern):
                fn(value)
            with pytest.raises(exc, match=pattern):  # the shared reader says the same
                read_counts(value, _arg(label))


@pytest.mark.parametrize("pure", IMPLS)
def test_wild_argument(pure):
    mod = _module("shanten", pure)
    for empty in (None, b"", bytearray(), [], ()):
        assert mod.waits_counts(READY, wild=empty) == [33]
    assert mod.waits_counts(READY, wild=bytes(33) + b"\x01") == [33]
    wild = bytearray(34)
    wild[33] = 1
    assert mod.waits_counts(bytes(tile_counts([0, 1, 2, 9, 10, 11, 18, 19, 20, 27, 27, 27, 26])),
                            wild=bytes(wild)) == [26, 33]
    for value, exc, pattern in bad_values("waits_counts wild"):
        if isinstance(value, (bytes, bytearray, list)) and len(value) == 0:
            continue
        with pytest.raises(exc, match=pattern):
            mod.waits_counts(READY, wild=value)


@pytest.mark.skipif(NO_EXTENSIONS, reason="MAHJONG_FAST_NO_EXTENSIONS is set")
@pytest.mark.parametrize("name", ALIKE)
def test_compiled_and_pure_raise_alike(name):
    compiled, pure = _module(name, False), _module(name, True)
    for (label, fc, valid, _), (_, fp, _, _) in zip(calls(name, compiled), calls(name, pure)):
        for value, _, _ in bad_values(label) + [(v, None, None) for v in good_forms(valid)]:
            outcomes = []
            for fn in (fc, fp):
                try:
                    outcomes.append(("ok", fn(value)))
                except (TypeError, ValueError) as exc:
                    outcomes.append((type(exc).__name__, str(exc)))
            assert outcomes[0] == outcomes[1], (label, value)


@pytest.mark.parametrize("pure", IMPLS)
@pytest.mark.parametrize("name", ALIKE)
def test_inputs_untouched(name, pure):
    for label, fn, valid, _ in calls(name, _module(name, pure)):
        for value in good_forms(valid)[1:4]:
            before = list(value)
            fn(value)
            assert list(value) == before, label


# ---------------------------------------------------------------- one list of kernels

def _docs_table() -> list[list[str]]:
    """The cells of the kernels table of docs/kernels.md, a row per kernel."""
    lines = (REPO_ROOT / "docs" / "kernels.md").read_text(encoding="utf-8").splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith("| kernel |"))
    rows = []
    for line in lines[start + 2:]:
        if not line.startswith("|"):
            break
        rows.append([cell.strip() for cell in line.strip("|").split("|")])
    return rows


def test_docs_table_has_a_row_per_kernel_in_order():
    names = [re.match(r"`(\w+)`", row[0]).group(1) for row in _docs_table()]
    assert names == list(KERNELS)
    for row in _docs_table():
        for page in re.findall(r"\]\(([\w.]+\.md)\)", row[1]):
            assert (REPO_ROOT / "docs" / page).is_file(), page


@pytest.mark.parametrize("pure", IMPLS)
def test_both_twins_define_the_python_level_of_the_docs_table(pure):
    for name, row in zip(KERNELS, _docs_table()):
        module = _module(name, pure)
        for function in re.findall(r"`(\w+)", row[2]):
            assert hasattr(module, function), f"{module.__name__} has no {function} (docs/kernels.md)"


def test_the_dispatcher_has_every_kernel_and_types_it_by_its_twin():
    from mahjong_fast import _dispatch

    for name in KERNELS:
        module = getattr(_dispatch, name)
        assert module.__name__ in (f"mahjong_fast._kernels.{name}", f"mahjong_fast._kernels.{name}_py")
    tree = ast.parse((SOURCES / "_dispatch.py").read_text(encoding="utf-8"))
    typed = [(node.targets[0].id, node.value.id) for node in ast.walk(tree)
             if isinstance(node, ast.Assign) and isinstance(node.value, ast.Name) and node.value.id.endswith("_py")]
    assert sorted(typed) == sorted([*((k, f"{k}_py") for k in KERNELS), ("api_fast", "_api_fast_py"),
                                   ("scoring_fast", "_scoring_fast_py")])


@pytest.mark.parametrize("pure", IMPLS)
def test_batch_rows_agree_with_the_kernels_per_hand(pure):
    batch, shanten = _module("batch", pure), _module("shanten", pure)
    hands = [WIN, READY, READY[:27] + bytes([0] * 6) + bytes([READY[33]])]
    counts = np.array([list(h) for h in hands], np.uint8)
    for kernel, width, answer in ((batch.SHANTEN, 1, lambda h: shanten.shanten_counts(h) & 0xFF),
                                  (batch.WAITS, 34, lambda h: bytes(int(t in shanten.waits_counts(h))
                                                                    for t in range(34)))):
        rows = [h for h in hands if sum(h) % 3 == 1] if kernel == batch.WAITS else hands
        array = np.array([list(h) for h in rows], np.uint8)
        out = bytearray(len(rows) * width)
        batch.prepare(kernel)
        batch.run_rows(kernel, array, out, 0, len(rows))
        want = b"".join(answer(h) if width > 1 else bytes([answer(h)]) for h in rows)
        assert bytes(out) == want
    before = counts.copy()
    out = bytearray(len(hands))
    batch.run_rows(batch.IS_WIN, counts, out, 0, len(hands))
    assert list(out) == [1, 0, 0] and (counts == before).all()


# ---------------------------------------------------------------- first use from many threads

RACE = r"""
import random, sys, threading
from mahjong_fast._kernels import {name} as k
from mahjong_fast._kernels import {name}_py
rng = random.Random({run})
wall = [t for t in range(34) for _ in range(4)]
hands = []
for _ in range(300):
    c = bytearray(34)
    for t in rng.sample(wall, rng.choice((13, 14))):
        c[t] += 1
    hands.append(bytes(c))
expected = [{answer} for h in hands]
start = threading.Barrier({threads})
errors = []

def work(offset):
    try:
        start.wait()
        for i in range(len(hands)):
            j = (i + offset) % len(hands)
            h = hands[j]
            assert {compiled} == expected[j], h
    except BaseException as exc:
        errors.append(repr(exc))

workers = [threading.Thread(target=work, args=(17 * i,)) for i in range({threads})]
for w in workers:
    w.start()
for w in workers:
    w.join()
print(len(errors), errors[:3])
sys.exit(1 if errors else 0)
"""

ANSWERS = {  # one expression per kernel, on hand h, for module m
    "shanten": "(m.shanten_counts(h), m.waits_counts(h) if sum(h) % 3 == 1 else m.is_win_wild(h, 0))",
    "table": "m.win_table(h)",
}


@pytest.mark.skipif(NO_EXTENSIONS, reason="MAHJONG_FAST_NO_EXTENSIONS is set")
@pytest.mark.parametrize("name", ["shanten", "table"])
def test_first_use_from_many_threads(name):
    """Fresh processes whose threads all make the first call together get right answers."""
    root = Path(mahjong_fast.__file__).parent.parent
    env = dict(os.environ, PYTHONPATH=str(root))
    for run in range(3):
        code = RACE.format(name=name, run=run, threads=8,
                           answer=ANSWERS[name].replace("m.", f"{name}_py."),
                           compiled=ANSWERS[name].replace("m.", "k."))
        done = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True,
                              text=True, timeout=300, check=False, cwd=root)
        assert done.returncode == 0, done.stdout + done.stderr


# ---------------------------------------------------------------- layers

API_LAYER = ("_api", "_api_fast", "_api_fast_py", "_scoring", "_scoring_fast", "_scoring_fast_py", "_classify",
             "_hand", "_meld", "_tile_names", "_tiles", "_tile_lists", "_notation", "_batch", "_dispatch", "_cli",
             "_bench")


def _kernel_sources() -> list[Path]:
    return sorted(p for p in KERNEL_SOURCES.iterdir()
                  if p.suffix in (".py", ".pyx", ".pxd", ".pxi") and p.name != "__init__.py")


def _imported(path: Path) -> list[str]:
    text = path.read_text(encoding="utf-8")
    return re.findall(r"^\s*(?:from\s+(\S+)\s+c?import|c?import\s+(\S+))", text, re.M)


def test_kernels_import_nothing_above_them():
    for path in _kernel_sources():
        for found in _imported(path):
            module = next(m for m in found if m)
            parts = module.lstrip(".").split(".")
            assert not set(parts) & set(API_LAYER), f"{path.name} imports {module}"
            leaf = parts[-1]
            if path.suffix != ".py":
                assert not leaf.endswith("_py"), f"compiled {path.name} imports {module}"


def test_no_function_level_imports_in_kernels():
    for path in _kernel_sources():
        if path.suffix != ".py":
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                for inner in ast.walk(node):
                    assert not isinstance(inner, (ast.Import, ast.ImportFrom)), (
                        f"{path.name}: import inside {node.name}"
                    )


@pytest.mark.parametrize("module", ["shanten", "values"])
def test_includes_stand_on_what_came_before(module):
    """Each .pxi names the ones it stands on, and they come before it in the .pyx."""
    order = re.findall(r'^include "(\S+)"', (KERNEL_SOURCES / f"{module}.pyx").read_text(), re.M)
    assert len(order) >= 4
    for i, name in enumerate(order):
        text = (KERNEL_SOURCES / name).read_text()
        needs = re.search(r"^# Stands on: (.*)$", text, re.M)
        assert needs, f"{name} does not say what it stands on"
        for other in re.findall(module + r"_\w+\.pxi", needs.group(1)):
            assert other in order[:i], f"{name} stands on {other}, which comes later"


@pytest.mark.parametrize("relative", _c_numbers.MODULES)
def test_the_written_pxd_states_every_number_of_its_module(relative):
    """The ``.pxd`` the build writes holds each upper-case int and small-int table of the module, equal."""
    py = importlib.import_module("mahjong_fast." + relative.removesuffix(".py").replace("/", "."))
    text = _c_numbers.pxd_text(vars(py), relative)
    entries = dict(re.findall(r"^    ([A-Z_0-9]+) = ([^\n#]+)$", text, re.MULTILINE))
    tables = {name.upper(): tuple(int(v) for v in values.split(","))
              for name, values in re.findall(r"static const unsigned char mf_(\w+)\[\d+\] = \{([^}]*)\}", text)}
    assert entries, "the .pxd states no numbers"
    expected = {k: v for k, v in vars(py).items() if k.isupper() and not k.startswith("_")}
    assert {k: int(v) for k, v in entries.items()} == {k: v for k, v in expected.items() if type(v) is int}
    assert tables == {k: v for k, v in expected.items() if isinstance(v, tuple) and all(type(x) is int for x in v)}


@pytest.mark.parametrize("relative", _c_numbers.MODULES)
def test_the_built_pxd_is_the_one_its_module_writes_now(relative):
    """A checkout built since its numbers last changed: the compiled kernels saw these numbers."""
    source = SOURCES / relative
    built = source.with_suffix(".pxd")
    if not built.is_file():
        pytest.skip(f"{built.name} is written only by a build of the compiled kernels")
    assert built.read_text(encoding="utf-8") == _c_numbers.pxd_text(_c_numbers.numbers_of(source), source.name)


def test_every_numbers_module_is_written_for_c():
    found = {"_layout.py", *(f"_kernels/{p.name}" for p in (SOURCES / "_kernels").glob("*_flags.py"))}
    assert found == set(_c_numbers.MODULES)


def test_a_count_above_its_limit_is_the_same_error_in_both_implementations():
    counts = bytearray(_layout.N_KINDS)
    for t in (0, 1, 2, 9, 10, 11, 18, 19, 20, 27, 27, 27, 13):
        counts[t] += 1
    limits = bytearray([_layout.MAX_COPIES]) * _layout.N_KINDS
    limits[13] = 0
    calls = [
        ("shanten_counts", (bytes(counts), 0, 0, True, bytes(limits))),
        ("waits_counts", (bytes(counts), 0, True, bytes(limits))),
        ("is_win_wild", (bytes(counts), 1, True, bytes(limits))),
    ]
    modules = [importlib.import_module("mahjong_fast._kernels.shanten_py")]
    if not NO_EXTENSIONS:
        modules.append(importlib.import_module("mahjong_fast._kernels.shanten"))
    for module in modules:
        for name, args in calls:
            with pytest.raises(ValueError, match=r"^counts\[13\] = 1 is above limits\[13\] = 0$"):
                getattr(module, name)(*args)
    counts[5] = 7  # a bad count is named first, as read_counts names it
    for module in modules:
        with pytest.raises(ValueError, match=r"counts\[5\] = 7 is not a tile count"):
            module.shanten_counts(bytes(counts), 0, 0, True, bytes(limits))
