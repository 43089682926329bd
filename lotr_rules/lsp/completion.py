"""What may come at the cursor: a card's fields and abilities at the top of its block, a field's
allowed values after its name, the family's words inside an ability, and the names of the cards
in view inside quotes or on a deck list line."""

from __future__ import annotations

import re
from pathlib import Path

import attrs

from lotr_rules.lsp import core, vocab
from lotr_rules.lsp.workspace import Workspace, home_of

CARD_NAME = "card name"
_STRING_OR_COMMENT = re.compile(r'"(?:[^"\\\n]|\\.)*"|#[^\n]*')
#: the words after which a script names a zone (``from hand``, ``into discard pile``)
_BEFORE_A_ZONE = frozenset(("from", "in", "into"))
_DECK_COUNT = re.compile(r"^\s*\d+\s*x?\s+")


@attrs.frozen(slots=True)
class Suggestion:
    label: str
    kind: str
    doc: str = ""


def complete(path: Path, text: str, line: int, column: int, workspace: Workspace, family: str) -> list[Suggestion]:
    lines = text.split("\n")
    if not 0 <= line < len(lines):
        return []
    before = lines[line][:column]
    home = home_of(path)
    if path.suffix == ".txt":
        return _card_names(workspace, home, family) if _DECK_COUNT.match(before) else []
    if before.count('"') % 2 == 1:
        return _card_names(workspace, home, family)
    if path.suffix != core.SCRIPT_SUFFIX or "#" in before:
        return []
    depth = _depth("\n".join([*lines[:line], before]))
    words = before.split()
    typing_first = not words or (len(words) == 1 and not before.endswith(" "))
    if depth == 1:
        if typing_first:
            return [
                Suggestion(e.words, e.kind, e.doc)
                for e in vocab.entries(family)
                if e.kind in (vocab.FIELD, vocab.ABILITY)
            ]
        entry = vocab.field(family, words[0])
        if entry is not None:
            return [Suggestion(choice, vocab.VALUE, entry.doc) for choice in entry.choices]
    if depth >= 2 and words and words[-1] in _BEFORE_A_ZONE and before.endswith(" "):
        return [Suggestion(e.words, e.kind, e.doc) for e in vocab.entries(family) if e.kind == vocab.ZONE]
    if depth >= 2:
        said: dict[str, Suggestion] = {}
        for e in vocab.entries(family):
            if e.kind not in (vocab.FIELD, vocab.ABILITY) and not re.search(r"[A-Z]", e.words):
                said.setdefault(e.words, Suggestion(e.words, e.kind, e.doc))
        return list(said.values())
    return []


def _depth(text: str) -> int:
    """How many blocks are open at the end of ``text`` (braces in strings and comments aside)."""
    code = _STRING_OR_COMMENT.sub("", text)
    return code.count("{") - code.count("}")


def _card_names(workspace: Workspace, home: Path | None, family: str) -> list[Suggestion]:
    seen: dict[str, Suggestion] = {}
    for card in workspace.cards_in_view(home, family):
        seen.setdefault(card.name, Suggestion(card.name, CARD_NAME, f"{card.set_code}: {card.field_text('type')}"))
    return list(seen.values())
