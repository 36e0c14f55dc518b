"""The rule-bound modules: the public API with one rule set bound (``mahjong_fast.riichi`` & co.).

``install(namespace, rules)`` makes a module of the preset modules (``chinese``,
``riichi``, ``riichi3``, ``sichuan``, ``gb``) the public API of ``mahjong_fast``
under those rules: every public function that takes ``rules=`` is bound to them
(``bound``), every other public name is the same object as in ``mahjong_fast``.
Names are bound on first use, so importing such a module imports no more than
``import mahjong_fast`` does.  Nothing here lists the functions: a public
function is bound because its signature has ``rules``, so a new one is bound
the day it is exported.  Type checkers read the signatures from ``_rule_api.pyi``,
which ``scripts/rule_stubs.py`` writes from the typed definitions.

>>> from mahjong_fast import riichi
>>> riichi.is_win("11223344556677p"), riichi.rules
(True, RULES['riichi'])
"""
from __future__ import annotations

import inspect
import types
from collections.abc import MutableMapping
from typing import Any, Callable

import mahjong_fast

from ._dispatch import api_fast
from ._rules import RULES, Rules, as_rules

RULES_NAME = "rules"
"""The keyword that the bound functions no longer take, and the bound module's name for its ``Rules``."""


def takes_rules(value: object) -> bool:
    """Whether ``value`` is a function with a ``rules`` parameter (a class is not).

    >>> import mahjong_fast as mf
    >>> takes_rules(mf.shanten), takes_rules(mf.parse), takes_rules(mf.Hand)
    (True, False, False)
    """
    if not callable(value) or isinstance(value, type):
        return False
    try:
        return RULES_NAME in inspect.signature(value).parameters
    except (TypeError, ValueError):  # no signature to read: not a function of ours
        return False


def bound(function: Callable[..., Any], rules: Rules, module: str = __name__) -> Callable[..., Any]:
    """``function`` with ``rules=`` bound to ``rules``: same arguments (but ``rules``), answers and errors.

    The compiled fast paths bind in C (``_api_fast.bind``); a Python function is
    copied (``_copy``): either way the bound function runs the code of ``function``
    and costs nothing over passing ``rules=``.  Anything else gets a wrapper.
    Passing ``rules=`` to the bound function is a ``TypeError``, as for any
    unknown keyword.

    >>> import mahjong_fast as mf
    >>> shanten = bound(mf.shanten, mf.RULES["riichi"])
    >>> shanten("11223344556677p") == mf.shanten("11223344556677p", rules="riichi") == -1
    True
    """
    name = function.__name__
    # A preset goes to a Python function by name, which it knows again by a dict lookup.
    given: str | Rules = rules.name if RULES.get(rules.name) is rules else rules
    call = api_fast.bind(function, rules) or _copy(function, given) or _wrapper(function, name, given)
    signature = inspect.signature(function)
    call.__signature__ = signature.replace(  # type: ignore[union-attr]
        parameters=[p for p in signature.parameters.values() if p.name != RULES_NAME]
    )
    call.__name__ = call.__qualname__ = name
    call.__module__ = module
    call.__doc__ = (
        f"``mahjong_fast.{name}`` under rules {rules.name!r}: ``{name}(...)`` is "
        f"``mahjong_fast.{name}(..., rules=RULES[{rules.name!r}])``, with the same arguments but ``rules``, "
        f"the same answers and the same errors."
    )
    return call


HIDDEN = "rules "
"""What ``_copy`` renames the ``rules`` parameter to: not an identifier, so no keyword argument names it."""


def _copy(function: Callable[..., Any], rules: str | Rules) -> Callable[..., Any] | None:
    """A Python function with a keyword-only ``rules``: the same code, its ``rules`` renamed
    ``HIDDEN`` (so a call naming ``rules=`` is refused as an unknown keyword) with ``rules`` as
    its default.  None for any other function."""
    if not isinstance(function, types.FunctionType):
        return None
    code, defaults = function.__code__, function.__kwdefaults__
    if not defaults or RULES_NAME not in defaults or RULES_NAME in code.co_cellvars:
        return None
    names = tuple(HIDDEN if n == RULES_NAME else n for n in code.co_varnames)
    try:
        copy = types.FunctionType(code.replace(co_varnames=names), function.__globals__, function.__name__,
                                  function.__defaults__, function.__closure__)
    except (AttributeError, TypeError, ValueError):  # an interpreter whose code objects cannot be remade
        return None
    copy.__kwdefaults__ = {HIDDEN if k == RULES_NAME else k: rules if k == RULES_NAME else v
                           for k, v in defaults.items()}
    return copy


def _wrapper(function: Callable[..., Any], name: str, rules: str | Rules) -> Callable[..., Any]:
    def call(*args: Any, **kwargs: Any) -> Any:
        if RULES_NAME in kwargs:
            raise TypeError(f"{name}() got an unexpected keyword argument {RULES_NAME!r}")
        return function(*args, rules=rules, **kwargs)

    return call


def install(namespace: MutableMapping[str, Any], rules: str | Rules) -> None:
    """Make the module of ``namespace`` (its ``globals()``) the public API under ``rules``.

    It gets ``rules`` (the ``Rules``), ``__all__`` (the public names of
    ``mahjong_fast`` and ``rules``), a module ``__getattr__`` that binds or
    re-exports a public name on first use and keeps it in ``namespace``, and
    the contract in its docstring, after the first paragraph (the examples follow).
    """
    r = as_rules(rules)
    module = namespace["__name__"]
    title, _, examples = (namespace.get("__doc__") or "").partition("\n\n")
    name = module.rpartition(".")[2]
    namespace["__doc__"] = f"""{title}

A drop-in for ``import mahjong_fast as mf`` (``from mahjong_fast import {name} as mf``): every
public function that takes ``rules=`` (the batch and tile-efficiency ones included) takes every
other argument, and gives the answers and errors of the call with ``rules=RULES[{r.name!r}]``,
without it; ``rules`` is that ``Rules``; every other name is ``mahjong_fast``'s own.

{examples}"""
    public = frozenset(mahjong_fast.__all__)

    def __getattr__(name: str) -> object:
        if name not in public:
            raise AttributeError(f"module {module!r} has no attribute {name!r}")
        value = getattr(mahjong_fast, name)
        if takes_rules(value):
            value = bound(value, r, module)
        namespace[name] = value
        return value

    def __dir__() -> list[str]:
        return sorted(set(namespace) | public)

    namespace.update(
        {
            RULES_NAME: r,
            "__all__": [*mahjong_fast.__all__, RULES_NAME],
            "__getattr__": __getattr__,
            "__dir__": __dir__,
        }
    )
