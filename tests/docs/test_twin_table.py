"""The twin table of docs/kernels.md: the repeats meant to stay, each a compiled module and its twin.

Every kernel of ``KERNELS`` has its row, in that order, and every row names two files that exist:
a ``.pyx`` and its ``_py.py`` twin.  (``duplicates --repo mahjong_fast --min-lines 6`` lists only these
pairs; the ``.pxd`` of the numbers modules is written from their Python at build time, see
``tests/kernels/test_kernel_contract.py``.)
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
    rows = re.findall(r"^\| `([\w/]+\.pyx)`[^|]*\| `([\w/]+\.py)` \|", section, re.MULTILINE)
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
        assert twin == compiled.removesuffix(".pyx") + "_py.py", (compiled, twin)

