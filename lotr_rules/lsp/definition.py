"""Go to definition: from a card name to the ``card "NAME"`` line of its file."""

from __future__ import annotations

from pathlib import Path

import attrs

from lotr_rules.lsp import names
from lotr_rules.lsp.workspace import Workspace, home_of


@attrs.frozen(slots=True)
class Place:
    """A 0-based place in a file."""

    path: Path
    line: int
    start: int
    end: int


def definition(path: Path, text: str, line: int, column: int, workspace: Workspace) -> Place | None:
    written = names.at(text, line, column, deck_list=path.suffix == ".txt")
    if written is None:
        return None
    card = workspace.card_named(written.name, home_of(path))
    if card is None:
        return None
    span = card.card.name_span
    # the name inside its quotes
    return Place(card.path, span.line - 1, span.column, span.end_column - 2)
