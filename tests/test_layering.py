"""The language knows no game built on it: the card-script language (``lotr_rules.dsl``), the
card loader (``lotr_rules.cards``) and the linter (``lotr_rules.lint``) import no game family,
and each imports nothing of the layers above it. The families register what the language needs
from them (:mod:`lotr_rules.dsl.families`) when they load.

Read from the source with :mod:`ast`, so that an import inside a function, or under
``TYPE_CHECKING``, counts as much as one at the top of a module."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from lotr_rules.dsl import families

PACKAGE = Path(__file__).resolve().parents[1] / "lotr_rules"

#: each lower layer, with the packages it must not import
FORBIDDEN = {
    "dsl": ("lotr_rules.games", "lotr_rules.cards", "lotr_rules.lint", "lotr_rules.commands", "lotr_rules.web"),
    "cards": ("lotr_rules.games", "lotr_rules.lint", "lotr_rules.commands", "lotr_rules.web"),
    "lint": ("lotr_rules.games", "lotr_rules.commands", "lotr_rules.web"),
}


def imported_modules(path: Path, package: str | None = None) -> list[tuple[int, str]]:
    """Every module ``path`` imports, with its line: ``from lotr_rules import games`` counts as
    ``lotr_rules.games``, and a relative import is made absolute (from ``package``, by default
    the one holding ``path``)."""
    if package is None:
        package = ".".join(path.relative_to(PACKAGE.parent).with_suffix("").parts[:-1])
    found: list[tuple[int, str]] = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        if isinstance(node, ast.Import):
            found.extend((node.lineno, alias.name) for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = package.split(".")
                up = parts[: len(parts) - node.level + 1]
                base = ".".join([*up, base] if base else up)
            found.append((node.lineno, base))
            found.extend((node.lineno, f"{base}.{alias.name}") for alias in node.names)
    return found


def _within(module: str, package: str) -> bool:
    return module == package or module.startswith(package + ".")


def layer_violations(layer: str) -> list[str]:
    """Each import of a forbidden package, once per line: ``path:line: imports package``."""
    out: dict[str, None] = {}
    for path in sorted((PACKAGE / layer).rglob("*.py")):
        for line, module in imported_modules(path):
            for package in FORBIDDEN[layer]:
                if _within(module, package):
                    out[f"{path.relative_to(PACKAGE.parent)}:{line}: imports {package}"] = None
    return list(out)


@pytest.mark.parametrize("layer", sorted(FORBIDDEN))
def test_the_language_layers_import_no_family_and_nothing_above_them(layer: str) -> None:
    assert layer_violations(layer) == []


def test_the_walk_sees_every_spelling_of_an_import(tmp_path: Path) -> None:
    """The check above fails on each way of writing an import of a family."""
    spellings = [
        "import lotr_rules.games.deckbuilding.vocabulary",
        "from lotr_rules.games import vocabulary_for",
        "from lotr_rules import games",
        "from ..games.lcg import files",
        "def later() -> None:\n    from lotr_rules.games.adventure import vocabulary",
    ]
    for text in spellings:
        probe = tmp_path / "probe.py"
        probe.write_text(text + "\n", encoding="utf-8")
        modules = [module for _, module in imported_modules(probe, "lotr_rules.dsl")]
        assert any(_within(module, "lotr_rules.games") for module in modules), text


def test_every_shipped_family_registers_with_the_language() -> None:
    """Loading the families (as the command line does) registers each with its vocabulary, and
    the deck-building games are the default family."""
    assert families.family_names() == ["adventure-deck", "deckbuilding", "lcg"]
    assert families.default_family() == "deckbuilding"
    for name in families.family_names():
        assert families.vocabulary_for(name).family == name
    assert [kind.name for kind in families.data_files()] == ["mix file", "deck list or scenario"]
