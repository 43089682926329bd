"""What the compiled build (``pip install .`` where a C compiler is found; see hatch_build.py)
needs to know of the classes it compiles, which modules it compiles, and how an editable
install finds its compiled modules.

A compiled class refuses subclasses written in Python unless it says it allows them: the
classes below that other modules (or tests) subclass are marked with :func:`mypyc_attr`. The
mark is read by the compiler alone; at run time it is a no-op, so the pure-Python package needs
nothing more than before.
"""

from __future__ import annotations

import importlib.machinery
import os
import sys
import zlib
from collections.abc import Callable, Mapping, Sequence
from types import ModuleType
from typing import TYPE_CHECKING, Any, TypeVar

__all__ = [
    "COMPILED_MODULES",
    "EDITABLE_FOLDER",
    "StateVar",
    "attribute_names",
    "compiled_modules",
    "mypyc_attr",
    "use_editable_build",
]

if TYPE_CHECKING:
    from mypy_extensions import mypyc_attr as mypyc_attr
    from typing_extensions import TypeVar as StateVar
else:
    _T = TypeVar("_T")

    def mypyc_attr(*_names: str, **_settings: Any) -> Callable[[_T], _T]:
        """The compiler's class mark, doing nothing at run time."""
        return lambda cls: cls

    def StateVar(name: str, *constraints: Any, default: Any = None, **settings: Any) -> Any:
        """A type variable with a default (PEP 696) for the type checker and the compiler, the
        plain ``TypeVar`` at run time: Python before 3.13 takes no default, and the default
        matters to the type checker alone (see ``lotr_rules.engine.game.Game``)."""
        return TypeVar(name, *constraints, **settings)


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
    "lotr_rules.games.lcg.state",
    "lotr_rules.games.lcg.lookup",
    "lotr_rules.games.lcg.triggers",
    "lotr_rules.games.lcg.hooks",
    "lotr_rules.games.lcg.game",
    "lotr_rules.games.lcg.combat",
    "lotr_rules.games.lcg.words",
    "lotr_rules.games.lcg.words_protection",
    "lotr_rules.games.lcg.words_objectives",
    "lotr_rules.games.lcg.words_entering",
    "lotr_rules.games.lcg.outlook",
    "lotr_rules.games.lcg.fight_plan",
    "lotr_rules.games.lcg.bots",
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
        # (a compiled class that allows subclasses lists the __dict__ those subclasses get)
        if name not in ("__dict__", "__weakref__")
    )
    return tuple(dict.fromkeys(found))


#: where an editable install keeps its compiled modules (hatch_build.py's EDITABLE_FOLDER)
EDITABLE_FOLDER = "_lotr_rules_compiled"


class _CompiledModules:
    """Finds the compiled modules of an editable install in their own folder, ahead of the
    sources of the checkout (a finder of ``sys.meta_path``)."""

    def __init__(self, folder: str, extensions: Mapping[str, str]) -> None:
        self.folder = folder
        self.extensions = dict(extensions)

    def find_spec(
        self, fullname: str, path: Sequence[str] | None = None, target: ModuleType | None = None
    ) -> importlib.machinery.ModuleSpec | None:
        extension = self.extensions.get(fullname)
        if extension is None:
            return None
        location = os.path.join(self.folder, *extension.split("/"))
        loader = importlib.machinery.ExtensionFileLoader(fullname, location)
        spec = importlib.machinery.ModuleSpec(fullname, loader, origin=location)
        spec.has_location = True
        return spec


def use_editable_build(manifest: ModuleType | None = None, package: str | None = None) -> bool:
    """Where an editable install was compiled, import its compiled modules, but only while every
    source they were built from is unchanged (the checksums of the manifest): a checkout edited
    since runs its sources, never stale compiled code (all modules or none: compiled code calls
    the compiled classes of the other modules). Whether the compiled modules are used.

    Start-up pays for this (every command imports the package): a failed import where there is
    no manifest, and a checksum of a few sources where there is one."""
    if manifest is None:
        try:
            manifest = __import__(EDITABLE_FOLDER)
        except ImportError:  # a wheel, compiled or not, or an editable install without a compiler
            return False
    folder = os.path.dirname(manifest.__file__ or "")
    package = package if package is not None else os.path.dirname(__file__)
    modules: dict[str, tuple[int, str]] = manifest.MODULES
    for name, (checksum, _extension) in modules.items():
        source = os.path.join(package, *name.split(".")[1:]) + ".py"
        try:
            with open(source, "rb") as file:
                if zlib.crc32(file.read()) != checksum:
                    return False
        except OSError:
            return False
    if any(name in sys.modules for name in modules):  # too late: a source was imported already
        return False
    sys.meta_path.insert(0, _CompiledModules(folder, {name: extension for name, (_c, extension) in modules.items()}))
    return True
