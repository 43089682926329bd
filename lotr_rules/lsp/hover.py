"""What hovering shows: a lint code's explanation, a card's data and text, or a word's reference
entry (what it does, an example)."""

from __future__ import annotations

import re
from pathlib import Path

from lotr_rules.lsp import core, names, vocab
from lotr_rules.lsp.workspace import CardEntry, Workspace, home_of

_CODE = re.compile(r"\b[EW]\d{3}\b")
#: the fields a card's hover lists, in this order, when the card gives them
_SHOWN_FIELDS = (
    "type",
    "sphere",
    "cost",
    "threat-cost",
    "power",
    "victory",
    "willpower",
    "attack",
    "defense-strength",
    "hit-points",
    "traits",
    "keywords",
    "deck",
    "copies",
    "provenance",
)


def hover(path: Path, text: str, line: int, column: int, workspace: Workspace, family: str) -> str | None:
    """The markdown to show for ``line``:``column`` (0-based) of the file, or None."""
    lines = text.split("\n")
    if not 0 <= line < len(lines):
        return None
    row = lines[line]
    for match in _CODE.finditer(row):
        if match.start() <= column <= match.end() and match.group() in core.CODES:
            return code_entry(core.CODES[match.group()])
    written = names.at(text, line, column, deck_list=path.suffix == ".txt")
    if written is not None:
        card = workspace.card_named(written.name, home_of(path))
        if card is not None:
            return card_entry(card)
    if path.suffix != core.SCRIPT_SUFFIX:
        return None
    code = row.split("#", 1)[0]
    found = vocab.at(code, column, family)
    if found is None:
        return None
    return word_entry(found[0])


def code_entry(code: core.LintCode) -> str:
    return f"**{code.code}** ({code.severity.value}): {code.title}\n\n{code.explanation.strip()}"


def card_entry(card: CardEntry) -> str:
    facts = [f"- {key}: {value}" for key in _SHOWN_FIELDS if (value := card.field_text(key))]
    said = card.field_text("text")
    parts = [f"**{card.name}** ({card.set_code})", "\n".join(facts)]
    if said:
        parts.append(f"> {said}")
    return "\n\n".join(part for part in parts if part)


def word_entry(entry: vocab.Entry) -> str:
    parts = [f"**{entry.words}** ({entry.kind})"]
    if entry.doc:
        parts.append(entry.doc)
    if entry.choices:
        parts.append("Values: " + ", ".join(f"`{choice}`" for choice in entry.choices))
    if entry.example:
        parts.append(f"```\n{entry.example}\n```")
    return "\n\n".join(parts)
