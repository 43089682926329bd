"""The linter's checks of one file against the rest of its set and the sets in view: a name or id
twice in a set (E151, E153), a title two sets give different cards of one deck (W330), a set code
another set already has (E163). The open file is checked as the editor holds it, the others as
read from disk, in the order the linter reads them."""

from __future__ import annotations

import os
from collections.abc import Sequence
from pathlib import Path

from lotr_rules.lsp import core
from lotr_rules.lsp.workspace import SetView, Workspace


def duplicates(view: SetView, real: Path, buffer: core.ParsedFile) -> list[core.Diagnostic]:
    """E151 and E153 for the open file (``buffer``, read from its copy) among its set's files."""
    mine = os.path.abspath(real)
    files = sorted(
        [(os.path.abspath(p.path), p) for p in view.parsed if os.path.abspath(p.path) != mine] + [(mine, buffer)],
        key=lambda entry: entry[0],
    )
    copy = str(buffer.path)
    return [d for d in core.check_duplicates([p for _, p in files]) if d.span.path == copy]


def shared_titles(
    workspace: Workspace,
    home: Path | None,
    real: Path,
    buffer: core.ParsedFile,
    cards: Sequence[core.CardDef],
    vocabulary: core.Vocabulary,
    known: set[str],
) -> list[core.Diagnostic]:
    """W330 for the open file's cards whose title a card of another set in view gives differently."""
    if not vocabulary.one_set_decks or buffer.script is None:
        return []
    titles = {card.name.lower() for card in buffer.script.cards}
    mine = os.path.abspath(real)
    others = [
        parsed
        for view in workspace.sets_in_view(home)
        if view.family == vocabulary.family
        for parsed in view.parsed
        if os.path.abspath(parsed.path) != mine
        and parsed.script is not None
        and any(card.name.lower() in titles for card in parsed.script.cards)
    ]
    if not others:
        return []
    theirs, _ = core.compile_files(others, vocabulary, known)
    found = core.check_shared_titles([*theirs, *cards], [*others, buffer], vocabulary.one_set_decks)
    return [d for d in found if d.span.path == str(buffer.path)]


def code_clash(workspace: Workspace, home: Path, copy: Path, info: core.SetInfo) -> list[core.Diagnostic]:
    """E163 for a manifest (read from its copy in ``copy``) whose code a set loaded before it has."""
    claimed: dict[str, tuple[Path, core.SetInfo]] = {}
    mine = os.path.abspath(home)
    for folder in workspace.reference_folders():
        if os.path.abspath(folder) == mine:
            break
        other = workspace.set_at(folder).info
        if other is not None:
            core.code_clash(other, folder, claimed)
    clash = core.code_clash(info, copy, claimed)
    return [] if clash is None else [clash]
