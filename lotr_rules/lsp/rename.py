"""Renaming a card: its ``card "NAME"`` line and every place its set names it (other cards'
scripts, the manifest, deck lists and scenarios), with the texts open in the editor as they are
there."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

from lotr_rules.lsp import names
from lotr_rules.lsp.workspace import Workspace, home_of

#: the files of a set that may name its cards
_SUFFIXES = (".card", ".toml", ".txt")


def edits(
    path: Path, text: str, line: int, column: int, new_name: str, workspace: Workspace, open_texts: Mapping[Path, str]
) -> dict[Path, list[names.Written]] | None:
    """The places to write ``new_name`` in, by file: None when no card's name is at the cursor."""
    written = names.at(text, line, column, deck_list=path.suffix == ".txt")
    if written is None or not new_name.strip() or '"' in new_name or "\n" in new_name:
        return None
    home = home_of(path)
    card = workspace.card_named(written.name, home)
    if card is None:
        return None
    old = card.name
    folder = home_of(card.path)
    files = [path] if folder is None else sorted(p for p in folder.rglob("*") if p.suffix in _SUFFIXES)
    out: dict[Path, list[names.Written]] = {}
    for file in files:
        body = open_texts.get(file)
        if body is None:
            try:
                body = file.read_text(encoding="utf-8")
            except (OSError, UnicodeDecodeError):
                continue
        found = names.occurrences(body, old, deck_list=file.suffix == ".txt")
        if found:
            out[file] = found
    return out
