"""The examples in the docs and docstrings run: every ``>>>`` example must pass.

Docstrings of the package's Python modules are searched by ``doctest``; in
``README.md`` and ``docs/**/*.md`` only fenced code blocks written as doctests
(first line ``>>>``) count, and the blocks of one file share one namespace.
The public functions that the fast paths stand in front of (``is_win``,
``classify``, ...) are documented by their general Python function (``GENERAL``
of ``_api`` and ``_classify``), which ``doctest`` does not find by itself: their
examples run here by name.  Every public function and class, and every public
method and property of a public class, has a docstring with a ``>>>`` example.

The module is marked ``crossversion``: ``.ci/run`` runs it on every supported Python.
"""
from __future__ import annotations

import doctest
import enum
import functools
import importlib
import inspect
import re
from pathlib import Path

import pytest

import mahjong_fast
import mahjong_fast.logs
from mahjong_fast import _api, _classify, _scoring

from support.impls import REPO_ROOT

pytestmark = pytest.mark.crossversion

PACKAGE = Path(mahjong_fast.__file__).parent
MODULES = sorted(
    f"mahjong_fast.{'.'.join(p.relative_to(PACKAGE).with_suffix('').parts)}".replace(".__init__", "")
    for p in PACKAGE.rglob("*.py")
    if p.name != "__main__.py"
)
DOCS = sorted(
    str(p.relative_to(REPO_ROOT)) for p in [REPO_ROOT / "README.md", *sorted((REPO_ROOT / "docs").rglob("*.md"))]
    if p.is_file()
)
GENERAL = {**_api.GENERAL, **_classify.GENERAL, **_scoring.GENERAL}
"""The public functions with fast paths in front: name -> the documented general function."""
PUBLIC_MODULES = (mahjong_fast, mahjong_fast.logs)
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


def documented(module: object, name: str) -> object:
    """The object whose docstring documents ``module.name``."""
    if module is mahjong_fast and name in GENERAL:
        return GENERAL[name]
    return getattr(module, name)


def public_api() -> dict[str, object]:
    """Every public function and class of the package, and every public method and property
    defined by such a class, by qualified name (constants, enum members and fields left out)."""
    found: dict[str, object] = {}
    for module in PUBLIC_MODULES:
        for name in module.__all__:
            obj = documented(module, name)
            if not (inspect.isclass(obj) or callable(obj)) or getattr(obj, "__origin__", None) is not None:
                continue  # a constant, or a type alias such as logs.Source
            found[f"{module.__name__}.{name}"] = obj
            if not inspect.isclass(obj):
                continue
            for attr, value in vars(obj).items():
                if attr.startswith("_") or isinstance(value, enum.Enum):
                    continue
                if isinstance(value, (classmethod, staticmethod)):
                    value = value.__func__
                if isinstance(value, property) or inspect.isfunction(value):
                    found[f"{module.__name__}.{name}.{attr}"] = value
    return found


PUBLIC = public_api()


@pytest.mark.parametrize("name", sorted(PUBLIC))
def test_public_docstrings(name):
    doc = inspect.getdoc(PUBLIC[name]) or ""
    assert doc.strip(), f"{name} has no docstring"
    assert ">>>" in doc, f"the docstring of {name} has no >>> example"


def test_public_api_is_found():
    assert {"mahjong_fast.is_win", "mahjong_fast.Tile.rank", "mahjong_fast.Meld.chow",
            "mahjong_fast.logs.replay"} <= set(PUBLIC)
    assert "mahjong_fast.Tile.M1" not in PUBLIC and "mahjong_fast.ENCODINGS" not in PUBLIC


@pytest.mark.parametrize("name", sorted(GENERAL))
def test_general_docstring_examples(name):
    function = GENERAL[name]
    module = importlib.import_module(function.__module__)
    finder = doctest.DocTestFinder(recurse=False)
    runner = doctest.DocTestRunner(optionflags=FLAGS, verbose=False)
    tests = finder.find(function, f"mahjong_fast.{name}", module=module, globs=vars(module).copy())
    for test in tests:
        runner.run(test)
    results = runner.summarize(verbose=False)
    assert results.attempted > 0, f"mahjong_fast.{name} has no example"
    assert results.failed == 0, f"{results.failed} of {results.attempted} examples of mahjong_fast.{name} failed"


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
