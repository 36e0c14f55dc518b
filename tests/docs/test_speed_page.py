"""docs/speed.md, the README's headline speed table and the pure-Python figure of
docs/implementations.md are what bench/readme.py writes from the committed run
(bench/readme-run.json): generated, never edited by hand."""
from __future__ import annotations

import importlib.util
import json
import re
import sys

import pytest

from support.impls import REPO_ROOT

BENCH = REPO_ROOT / "bench"


@pytest.fixture(scope="module")
def readme():
    """bench/readme.py, loaded as a module (it reads bench/table.py beside it)."""
    if not (BENCH / "readme.py").is_file():  # pragma: no cover - a tree without bench/
        pytest.fail(f"{BENCH / 'readme.py'} not found")
    sys.path.insert(0, str(BENCH))
    try:
        spec = importlib.util.spec_from_file_location("bench_readme", BENCH / "readme.py")
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
    finally:
        sys.path.remove(str(BENCH))
    return module


@pytest.fixture(scope="module")
def written(readme):
    data = json.loads((BENCH / "readme-run.json").read_text(encoding="utf-8"))
    return readme.written(data, (REPO_ROOT / "README.md").read_text(encoding="utf-8"),
                          (REPO_ROOT / "docs" / "implementations.md").read_text(encoding="utf-8"))


def test_speed_page_is_generated(written):
    page, _, _ = written
    assert (REPO_ROOT / "docs" / "speed.md").read_text(encoding="utf-8") == page, (
        "docs/speed.md is not what `python bench/readme.py` writes from bench/readme-run.json: run it")


def test_readme_headline_table_is_generated(written):
    _, readme_text, implementations = written
    assert (REPO_ROOT / "README.md").read_text(encoding="utf-8") == readme_text, (
        "README.md's <!-- speed --> block is not what `python bench/readme.py` writes: run it")
    assert (REPO_ROOT / "docs" / "implementations.md").read_text(encoding="utf-8") == implementations, (
        "docs/implementations.md's pure-Python figure is not the run's: run `python bench/readme.py`")


def test_the_page_links_resolve_inside_docs(written):
    page, _, _ = written
    for target in re.findall(r"\]\(([^)#\s]+)", page):
        assert (REPO_ROOT / "docs" / target).is_file(), target


def test_missing_markers_are_a_clear_error(readme):
    with pytest.raises(ValueError, match=r"^no <!-- speed --> \.\.\. <!-- /speed --> markers"):
        readme.with_block("# README\n\n## Speed\n", "x")
