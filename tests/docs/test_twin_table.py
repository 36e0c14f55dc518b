"""The twin table of docs/kernels.md: the repeats meant to stay, each a compiled module and its twin.

Every kernel of ``KERNELS`` has its row, in that order, and every row names two files that exist:
a ``.pyx`` and its ``_py.py`` twin, or a ``.pxd`` of flag numbers and the ``.py`` that states them
for Python.  (``duplicates --repo mahjong_fast --min-lines 6`` lists only these pairs.)
"""
from __future__ import annotations

import re

from mahjong_fast._kernels import KERNELS

from support.impls import REPO_ROOT

PACKAGE = REPO_ROOT / "mahjong_fast"


def _twin_rows() -> list[tuple[str, str]]:
    """(compiled, twin) of each row of the table of the section "Twins" of docs/kernels.md."""
    text = (REPO_ROOT / "docs" / "kernels.md").read_text(encoding="utf-8")
    section = text.split("\n## Twins", 1)[1].split("\n## ", 1)[0]
    rows = re.findall(r"^\| `([\w/]+\.(?:pyx|pxd))`[^|]*\| `([\w/]+\.py)` \|", section, re.MULTILINE)
    assert len(rows) >= len(KERNELS)
    return rows


def test_every_kernel_has_its_twin_row_in_order():
    kernels = [c.removeprefix("_kernels/").removesuffix(".pyx") for c, _ in _twin_rows() if c.startswith("_kernels/")
               and c.endswith(".pyx")]
    assert kernels == list(KERNELS)


def test_each_row_names_a_compiled_file_and_its_twin():
    for compiled, twin in _twin_rows():
        assert (PACKAGE / compiled).is_file(), compiled
        assert (PACKAGE / twin).is_file(), twin
        stem = compiled.rsplit(".", 1)[0]
        assert twin == (f"{stem}_py.py" if compiled.endswith(".pyx") else f"{stem}.py"), (compiled, twin)


def test_every_flag_file_has_its_row():
    rows = {compiled for compiled, _ in _twin_rows()}
    for pxd in sorted((PACKAGE / "_kernels").glob("*_flags.pxd")):
        assert f"_kernels/{pxd.name}" in rows, pxd.name
