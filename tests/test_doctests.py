"""The examples in the docs and docstrings run: every ``>>>`` example must pass.

Docstrings of the package's Python modules are searched by ``doctest``; in
``README.md`` and ``docs/*.md`` only fenced code blocks written as doctests
(first line ``>>>``) count, and the blocks of one file share one namespace.
"""
from __future__ import annotations

import doctest
import functools
import importlib
import re
from pathlib import Path

import pytest

import mahjong_fast

from support.impls import REPO_ROOT

PACKAGE = Path(mahjong_fast.__file__).parent
MODULES = sorted(
    f"mahjong_fast.{'.'.join(p.relative_to(PACKAGE).with_suffix('').parts)}".replace(".__init__", "")
    for p in PACKAGE.rglob("*.py")
    if p.name != "__main__.py"
)
DOCS = sorted(
    str(p.relative_to(REPO_ROOT)) for p in [REPO_ROOT / "README.md", *sorted((REPO_ROOT / "docs").glob("*.md"))]
    if p.is_file()
)
FENCE = re.compile(r"^(?P<indent>[ \t]*)(?P<fence>```+|~~~+)[^\n]*\n(?P<body>.*?)^(?P=indent)(?P=fence)[ \t]*$",
                   re.MULTILINE | re.DOTALL)
FLAGS = doctest.ELLIPSIS


def doctest_blocks(text: str) -> str:
    """The fenced code blocks of markdown ``text`` that are doctests, joined by blank lines."""
    blocks = []
    for match in FENCE.finditer(text):
        body = match.group("body")
        lines = [line[len(match.group("indent")):] for line in body.splitlines()]
        first = next((line for line in lines if line.strip()), "")
        if first.lstrip().startswith(">>>"):
            blocks.append("\n".join(lines))
    return "\n\n".join(blocks)


@functools.cache
def run_module(name: str) -> doctest.TestResults:
    module = importlib.import_module(name)
    return doctest.testmod(module, optionflags=FLAGS, verbose=False, report=True)


@functools.cache
def run_doc(path: str) -> doctest.TestResults:
    text = doctest_blocks((REPO_ROOT / path).read_text(encoding="utf-8"))
    parser = doctest.DocTestParser()
    test = parser.get_doctest(text, {"__name__": "__doctest__"}, path, path, 0)
    runner = doctest.DocTestRunner(optionflags=FLAGS, verbose=False)
    runner.run(test)
    return runner.summarize(verbose=False)


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name):
    results = run_module(name)
    assert results.failed == 0, f"{results.failed} of {results.attempted} examples in {name} failed"


@pytest.mark.parametrize("path", DOCS)
def test_markdown_examples(path):
    results = run_doc(path)
    assert results.failed == 0, f"{results.failed} of {results.attempted} examples in {path} failed"


def test_examples_exist():
    attempted = sum(run_module(m).attempted for m in MODULES) + sum(run_doc(p).attempted for p in DOCS)
    assert attempted > 0


def test_markdown_blocks_are_found():
    text = "intro\n\n```python\n>>> 1 + 1\n2\n```\n\n```python\nx = 1\n```\n\n  ```\n  >>> x = 3\n  ```\n"
    assert doctest_blocks(text) == ">>> 1 + 1\n2\n\n>>> x = 3"
