"""The ``.pxd`` of each numbers module, written from its Python at build time: one home for each number.

The tile layout (``_layout.py``) and the kernels' flag bits and ids (``_kernels/*_flags.py``) are
stated once, in Python.  ``setup.py`` calls :func:`write` before it compiles, which turns every
upper-case ``int`` of such a module into a ``cdef enum`` entry and every upper-case tuple of small
ints into a ``static const unsigned char mf_<name>[]`` array, declared under the same name for
Cython.  The written files are build products (``.gitignore``), never edited by hand.

Imports nothing from the package, so ``setup.py`` can load it before anything is built.

>>> print(pxd_text({"N_KINDS": 34, "ORPHANS": (0, 8), "SUIT_LETTERS": "mpsz"}, "_layout.py"))
... # doctest: +NORMALIZE_WHITESPACE
# cython: language_level=3
# Written from _layout.py by mahjong_fast/_c_numbers.py at build time; edit the .py, not this file.
<BLANKLINE>
cdef enum:
    N_KINDS = 34
<BLANKLINE>
cdef extern from *:
    \"\"\"
    static const unsigned char mf_orphans[2] = {0, 8};
    \"\"\"
    const unsigned char ORPHANS "mf_orphans"[2]
"""
from __future__ import annotations

import importlib.util
from collections.abc import Mapping
from pathlib import Path

MODULES = ("_layout.py", "_kernels/hu_flags.py", "_kernels/rule_flags.py", "_kernels/score_flags.py",
           "_kernels/fan_flags.py", "_kernels/mjlog_flags.py")
"""The numbers modules, relative to the package folder; each gets a ``.pxd`` beside it."""

_PER_LINE = 24


def numbers_of(path: Path) -> dict[str, object]:
    """The names of the module at ``path``, run on its own (it imports nothing from the package)."""
    spec = importlib.util.spec_from_file_location(f"_numbers_{path.stem}", path)
    assert spec is not None and spec.loader is not None, path
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return vars(module)


def _table(value: object) -> tuple[int, ...] | None:
    """``value`` if it is a tuple of ints 0-255 (a C ``unsigned char`` array), else None."""
    if isinstance(value, tuple) and value and all(type(v) is int and 0 <= v <= 255 for v in value):
        return value
    return None


def pxd_text(names: Mapping[str, object], source: str) -> str:
    """The ``.pxd`` that states the upper-case ints and small-int tuples of ``names`` for C."""
    numbers = [(name, value) for name, value in names.items() if name.isupper() and type(value) is int]
    tables = [(name, table) for name, value in names.items() if name.isupper() and (table := _table(value))]
    lines = ["# cython: language_level=3",
             f"# Written from {source} by mahjong_fast/_c_numbers.py at build time; edit the .py, not this file.",
             "", "cdef enum:"]
    lines += [f"    {name} = {value}" for name, value in numbers]
    if tables:
        lines += ["", "cdef extern from *:", '    """']
        for name, values in tables:
            items = [str(v) for v in values]
            rows = [", ".join(items[i:i + _PER_LINE]) for i in range(0, len(items), _PER_LINE)]
            lines.append(f"    static const unsigned char mf_{name.lower()}[{len(values)}] = {{"
                         + ",\n        ".join(rows) + "};")
        lines.append('    """')
        lines += [f'    const unsigned char {name} "mf_{name.lower()}"[{len(values)}]' for name, values in tables]
    return "\n".join(lines) + "\n"


def write(package: Path) -> list[Path]:
    """Write the ``.pxd`` of every numbers module under ``package``; only files whose text changed.

    Leaving an unchanged file alone keeps its time, so the kernels that cimport it are not rebuilt.
    """
    written = []
    for relative in MODULES:
        source = package / relative
        target = source.with_suffix(".pxd")
        text = pxd_text(numbers_of(source), source.name)
        if not target.is_file() or target.read_text(encoding="utf-8") != text:
            target.write_text(text, encoding="utf-8")
            written.append(target)
    return written
