"""Griffe extension (mkdocs.yml): a public name without a docstring or a ``>>>`` example warns.

``mkdocs build --strict`` turns the warning into a failure, so the API reference
cannot silently show an undocumented function.  Read statically from the sources,
as the reference itself is: the names exported by ``mahjong_fast`` and
``mahjong_fast.logs`` (their ``__all__``) that are functions or classes, and the
public methods and properties those classes define.  tests/docs/test_doctests.py
checks the same at run time.

A docstring's shared parts (a line ``{threads}`` and the like, filled by
``mahjong_fast._docs.shared_doc`` when the function is defined) are filled here
too, so the reference shows the text ``help()`` shows.
"""
from __future__ import annotations

from typing import Any

import griffe

from mahjong_fast._docs import fill

PACKAGE = "mahjong_fast"
PUBLIC_MODULES = ("mahjong_fast", "mahjong_fast.logs")


def _lacks(obj: griffe.Object) -> str | None:
    """What the docstring of ``obj`` lacks, or None."""
    if obj.docstring is None or not obj.docstring.value.strip():
        return "has no docstring"
    if ">>>" not in obj.docstring.value:
        return "has no >>> example in its docstring"
    return None


def _documented(module: griffe.Module) -> list[tuple[str, griffe.Object]]:
    """The public functions and classes of ``module`` and the public methods and properties of the classes."""
    found: list[tuple[str, griffe.Object]] = []
    for name in sorted(module.exports or ()):
        if name not in module.members:
            continue
        member = module.members[name]
        obj = member.final_target if member.is_alias else member
        if not (obj.is_function or obj.is_class):
            continue  # constants and type aliases: their attribute docstrings are optional
        found.append((f"{module.path}.{name}", obj))
        if obj.is_class:
            for attr, value in obj.members.items():
                if attr.startswith("_") or value.is_alias:
                    continue
                if not (value.is_function or "property" in value.labels):
                    continue  # fields and enum members are documented by the class
                found.append((f"{module.path}.{name}.{attr}", value))
    return found


class PublicDocstrings(griffe.Extension):
    """Warn for each public function, class, method or property without a docstring example."""

    def on_instance(self, *, obj: griffe.Object, **kwargs: Any) -> None:
        if obj.docstring is not None and "{" in obj.docstring.value:
            obj.docstring.value = fill(obj.docstring.value)

    def on_package(self, *, pkg: griffe.Module, **kwargs: Any) -> None:
        if pkg.path != PACKAGE:
            return
        for path in PUBLIC_MODULES:
            module = pkg if path == PACKAGE else pkg.modules_collection[path]
            for name, obj in _documented(module):
                lack = _lacks(obj)
                if lack:
                    griffe.logger.warning(f"{obj.relative_filepath}:{obj.lineno}: {name} {lack}")
