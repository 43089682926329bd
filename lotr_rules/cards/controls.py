"""W206: control characters in a card's name, its texts or its file's name.

No output sends them raw to the terminal (see :mod:`lotr_rules.terminal`), but a name that shows
as ``Gandalf\\x1b[31m`` is not the name its author meant, nor one a player can type: the linter
points at each such string so that a set's author (or the person about to load a stranger's set)
sees it.
"""

from __future__ import annotations

from pathlib import Path

from lotr_rules.diagnostics import Diagnostic, Severity
from lotr_rules.dsl import ast
from lotr_rules.errors import Span
from lotr_rules.terminal import CONTROLS, escape_controls

_HINT = "write the text without it; a newline or a tab is allowed"


def check_controls(script: ast.Script, path: str) -> list[Diagnostic]:
    """A W206 warning for each card name, text field and file name holding a control character
    (other than a newline or a tab)."""
    out: list[Diagnostic] = []
    file_name = Path(path).name
    found = CONTROLS.search(file_name)
    if found:
        out.append(_warning(f"the file name '{file_name}'", found.group(), path, None))
    for card in script.cards:
        found = CONTROLS.search(card.name)
        if found:
            out.append(_warning(f"card name '{card.name}'", found.group(), path, card.name_span))
        for item in card.items:
            if isinstance(item, ast.Field) and isinstance(item.value, str):
                found = CONTROLS.search(item.value)
                if found:
                    what = f"the {item.key} of card '{card.name}'"
                    out.append(_warning(what, found.group(), path, item.span))
    return out


def _warning(what: str, char: str, path: str, span: Span | None) -> Diagnostic:
    where = span if span is not None else Span(1, 1, 1, 2, path)
    message = f"{escape_controls(what)} holds the control character {escape_controls(char)}"
    return Diagnostic("W206", Severity.WARNING, message, where.with_path(path), _HINT)
