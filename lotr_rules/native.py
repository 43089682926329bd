"""What the optional compiled build (``LOTR_RULES_COMPILE=1 pip install .``) needs to know of
the classes it compiles, and which modules it compiles.

A compiled class refuses subclasses written in Python unless it says it allows them: the
classes below that other modules (or tests) subclass are marked with :func:`mypyc_attr`. The
mark is read by the compiler alone; at run time it is a no-op, so the pure-Python package needs
nothing more than before.
"""

from __future__ import annotations

import importlib.machinery
import sys
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, TypeVar

if TYPE_CHECKING:
    from mypy_extensions import mypyc_attr as mypyc_attr
else:
    _T = TypeVar("_T")

    def mypyc_attr(*_names: str, **_settings: Any) -> Callable[[_T], _T]:
        """The compiler's class mark, doing nothing at run time."""
        return lambda cls: cls


#: The modules the compiled build compiles: the hot path of a deck-building game (the turn, the
#: vocabulary's primitives, the compiled card effects, the bots, the engine under them).
COMPILED_MODULES = (
    "lotr_rules.engine.context",
    "lotr_rules.engine.game",
    "lotr_rules.engine.rng",
    "lotr_rules.engine.selection",
    "lotr_rules.dsl.compile_support",
    "lotr_rules.dsl.compile_base",
    "lotr_rules.dsl.compile_values",
    "lotr_rules.dsl.compile_commands",
    "lotr_rules.dsl.compile_statements",
    "lotr_rules.dsl.compile_abilities",
    "lotr_rules.dsl.compile_fields",
    "lotr_rules.dsl.compiler",
    "lotr_rules.games.deckbuilding.game",
    "lotr_rules.games.deckbuilding.vocabulary",
    "lotr_rules.agents.bots",
)


def compiled_modules() -> list[str]:
    """The modules of :data:`COMPILED_MODULES` that this installation runs compiled (loaded from
    an extension module rather than from Python source): all of them in the compiled build,
    none in the pure-Python one."""
    suffixes = tuple(importlib.machinery.EXTENSION_SUFFIXES)
    found = []
    for name in COMPILED_MODULES:
        __import__(name)
        path = getattr(sys.modules[name], "__file__", None) or ""
        if path.endswith(suffixes):
            found.append(name)
    return found


def attribute_names(cls: type) -> tuple[str, ...]:
    """The attributes an instance of ``cls`` holds: its class's slots and its bases', or, where
    a class is compiled (the compiled build), the attributes the compiler lists: a compiled class
    keeps no ``__slots__``, so copying code asks here rather than reading them."""
    found = (
        name
        for klass in cls.__mro__
        for name in vars(klass).get("__slots__", ()) or vars(klass).get("__mypyc_attrs__", ())
    )
    return tuple(dict.fromkeys(found))
