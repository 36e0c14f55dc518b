"""Write ``mahjong_fast/_rule_api.pyi``: the signatures of the rule-bound modules, for type checkers.

The rule-bound modules (``mahjong_fast.riichi`` & co., ``mahjong_fast/_bound.py``) are
built at run time; type checkers read them through ``from ._rule_api import *``.  This
program writes that stub from the typed definitions of the public functions (the
modules ``mahjong_fast/__init__.py`` imports them from), each function that takes
``rules`` without it, and re-exports every other public name (``X as X``: a star import
of the stub takes exactly these, the functions and ``rules``).  ``tests/rules/test_bound.py``
checks that the committed stub is what it writes.

    python scripts/rule_stubs.py           # write the stub
    python scripts/rule_stubs.py --check   # exit 1 if it is stale
"""
from __future__ import annotations

import ast
import builtins
import sys
from pathlib import Path

import mahjong_fast
from mahjong_fast._bound import takes_rules

STDLIB = frozenset({"collections", "typing"})
"""The standard-library modules the typed signatures import from, where ``sys.stdlib_module_names`` is missing."""
PACKAGE = Path(__file__).resolve().parents[1] / "mahjong_fast"
STUB = PACKAGE / "_rule_api.pyi"
LINE = 120
HEADER = '''"""The names of the rule-bound modules (``mahjong_fast.riichi`` & co.): the public API, ``rules=`` bound.

Written by ``scripts/rule_stubs.py`` from the typed definitions; do not edit.
"""
'''


def _tree(module: str) -> ast.Module:
    path = PACKAGE / (module.replace(".", "/") + ".py")
    return ast.parse(path.read_text(encoding="utf-8"))


def _absolute(module: str | None, level: int, where: str) -> str:
    """The absolute name of a ``from`` import written in module ``where`` (``_api``, ``logs._x``)."""
    if not level:
        return module or ""
    parts = ["mahjong_fast", *where.split(".")][:-level]
    return ".".join(parts + ([module] if module else []))


def _bindings(module: str) -> dict[str, str]:
    """Each top-level name of ``module`` (TYPE_CHECKING imports included) -> the import line that binds it."""
    found: dict[str, str] = {}
    nodes = list(_tree(module).body)
    while nodes:
        node = nodes.pop(0)
        if isinstance(node, ast.If):
            nodes[:0] = node.body + node.orelse
        elif isinstance(node, ast.ImportFrom):
            source = _absolute(node.module, node.level, module)
            for a in node.names:
                found[a.asname or a.name] = f"from {source} import {a.name}" + (f" as {a.asname}" if a.asname else "")
        elif isinstance(node, ast.Import):
            for a in node.names:
                found[a.asname or a.name] = f"import {a.name}" + (f" as {a.asname}" if a.asname else "")
        elif isinstance(node, (ast.ClassDef, ast.FunctionDef)):
            found[node.name] = f"from mahjong_fast.{module} import {node.name}"
        elif isinstance(node, (ast.Assign, ast.AnnAssign)):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            for t in targets:
                if isinstance(t, ast.Name):
                    found[t.id] = f"from mahjong_fast.{module} import {t.id}"
    return found


def public_sources() -> dict[str, str]:
    """Each public name of ``mahjong_fast`` -> the module (``_api``, ``_batch`` ...) defining it for type checkers."""
    sources = {}
    for line in _bindings("__init__").values():
        if line.startswith("from mahjong_fast."):
            module, _, rest = line[len("from mahjong_fast."):].partition(" import ")
            sources[rest.split(" as ")[-1]] = module
    return {name: sources.get(name, "__init__") for name in mahjong_fast.__all__}


def _member_order(name: str) -> tuple[int, str]:
    """isort's (and ruff's) order of the names of one import: constants, classes, the rest."""
    if name.isupper():
        return 0, name
    return (1 if name[0].isupper() else 2), name


def _section(line: str) -> int:
    """0 standard library, 1 third party, 2 mahjong_fast: the import sections, in order."""
    top = line.split()[1].split(".")[0]
    if top == "mahjong_fast":
        return 2
    return 0 if top in getattr(sys, "stdlib_module_names", STDLIB) else 1


def _function(module: str, name: str) -> ast.FunctionDef | None:
    for node in _tree(module).body:
        if isinstance(node, ast.FunctionDef) and node.name == name:
            return node
    return None


def _names(node: ast.AST) -> set[str]:
    return {n.id for n in ast.walk(node) if isinstance(n, ast.Name)}


def _signature(f: ast.FunctionDef) -> str:
    """``def name(...) -> R: ...`` without ``rules``, on one line if it fits, else the parameters on
    indented lines filled up to ``LINE`` (as the package writes a long signature)."""
    args = f.args
    params: list[str] = []

    def one(a: ast.arg, default: ast.expr | None) -> str:
        text = a.arg + (f": {ast.unparse(a.annotation)}" if a.annotation else "")
        if default is not None:
            text += " = ..." if a.annotation else "=..."
        return text

    positional = args.posonlyargs + args.args
    defaults: list[ast.expr | None] = [None] * (len(positional) - len(args.defaults)) + list(args.defaults)
    for k, (a, d) in enumerate(zip(positional, defaults)):
        params.append(one(a, d))
        if args.posonlyargs and k == len(args.posonlyargs) - 1:
            params.append("/")
    keywords = [(a, d) for a, d in zip(args.kwonlyargs, args.kw_defaults) if a.arg != "rules"]
    if args.vararg:
        params.append("*" + one(args.vararg, None))
    elif keywords:
        params.append("*")
    params += [one(a, d) for a, d in keywords]
    if args.kwarg:
        params.append("**" + one(args.kwarg, None))
    returns = f" -> {ast.unparse(f.returns)}" if f.returns else ""
    line = f"def {f.name}({', '.join(params)}){returns}: ..."
    if len(line) <= LINE:
        return line
    rows: list[str] = []
    for p in params:
        if rows and 4 + len(rows[-1]) + len(p) + 2 <= LINE:
            rows[-1] += f" {p},"
        else:
            rows.append(f"{p},")
    body = "".join(f"    {row}\n" for row in rows)
    return f"def {f.name}(\n{body}){returns}: ..."


def stub() -> str:
    """The text of ``_rule_api.pyi``."""
    sources = public_sources()
    imports: set[str] = set()
    defs: list[str] = []
    exported: list[str] = []
    for name in sorted(sources):
        f = _function(sources[name], name)
        if not takes_rules(getattr(mahjong_fast, name)) or f is None:
            exported.append(name)
            continue
        defs.append(_signature(f))
        binds = _bindings(sources[name])
        kept = [a for a in f.args.args + f.args.kwonlyargs if a.arg != "rules"]
        used = set().union(*(_names(a.annotation) for a in kept if a.annotation), _names(f.returns or ast.Constant(0)))
        for n in used - set(dir(builtins)) - set(sources):
            imports.add(binds.get(n) or f"from mahjong_fast.{sources[name]} import {n}")
    imports.update(f"from mahjong_fast import {n} as {n}" for n in exported)
    sections: list[list[str]] = [[], [], []]
    for line in sorted(imports, key=lambda i: (i.split(" import ")[0], _member_order(i.split()[-1]))):
        sections[_section(line)].append(line)
    blocks = [
        HEADER,
        "\n\n".join("\n".join(lines) for lines in sections if lines) + "\n",
        'rules: Rules\n"""The rule set the module binds."""\n',
        "\n\n".join(defs) + "\n",
    ]
    return "\n".join(blocks)


def main(argv: list[str]) -> int:
    text = stub()
    if "--check" in argv:
        if not STUB.is_file() or STUB.read_text(encoding="utf-8") != text:
            print(f"{STUB} is stale: run python scripts/rule_stubs.py", file=sys.stderr)
            return 1
        return 0
    STUB.write_text(text, encoding="utf-8")
    print(f"wrote {STUB}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
