"""A card as the web table shows it: its face (drawn by :mod:`lotr_rules.render`), its full
text and its script."""

from __future__ import annotations

import functools
from pathlib import Path
from typing import Any

import attrs

from lotr_rules.cards.provenance import designed_summary
from lotr_rules.datafiles import read_card_text
from lotr_rules.engine.cards import CardDef
from lotr_rules.errors import UserError

#: the order in which a card's types name it on its type line
_TYPE_ORDER = ("hero", "ally", "enemy", "artifact", "maneuver", "location", "fortune", "starter", "wall")


def type_line(card: CardDef) -> str:
    kinds = sorted(card.types, key=lambda t: (_TYPE_ORDER.index(t) if t in _TYPE_ORDER else 99, t))
    words = [k.title() for k in kinds]
    if card.field("title", None):
        words.insert(0, card.field("title", None).title())
    elif (
        card.field("deck", "main") not in ("main", "starter", "starting", "hero")
        and card.field("deck", "main").title() not in words
    ):
        words.insert(0, card.field("deck", "main").title())
    return " ".join(words) or "Card"


def css_kind(card: CardDef) -> str:
    """One word for the card's frame colour."""
    if card.field("title", None) == "archenemy" or card.field("deck", "main") in ("archenemy", "impossible archenemy"):
        return "archenemy"
    if card.field("deck", "main") in ("corruption", "one ring", "valor", "breach"):
        return str(card.field("deck", "main")).replace(" ", "-")
    for kind in _TYPE_ORDER:
        if kind in card.types:
            return kind
    return card.field("deck", "main").replace(" ", "-") or "card"


@functools.lru_cache(maxsize=2048)
def _file_text(path: str) -> str:
    # Read as loading read it (a regular file, of at most the size limit): the file may have been
    # replaced by a FIFO or a device since, which must not hang the server.
    try:
        return read_card_text(Path(path), None)
    except UserError:
        return ""


def script_of(card: CardDef) -> str:
    """The card's script as written (its ``card "Name" { ... }`` block)."""
    if not card.source_path:
        return ""
    text = _file_text(card.source_path)
    start = text.find(f'card "{card.name}"')
    if start < 0:
        return text
    end = text.find('\ncard "', start + 1)
    return text[start : end if end >= 0 else len(text)].rstrip() + "\n"


@attrs.define
class CardView:
    """One card on the table (``instance`` indexes the game's cards; -1 for a card not in a game)."""

    instance: int
    name: str
    kind: str
    type_line: str
    cost: int
    power: int
    victory: int
    text: str
    #: the Adventure Deck: aggression and ways on
    aggression: int = 0
    directions: str = ""
    #: choices on this card: (option index, button text)
    choices: list[tuple[int, str]] = attrs.field(factory=list)
    badge: str = ""
    face_down: bool = False
    #: the instance whose picture is this card's face (copies share one)
    face: int = -1

    @classmethod
    def of(cls, card: CardDef, instance: int = -1) -> CardView:
        return cls(
            instance=instance,
            name=card.name,
            kind=css_kind(card),
            type_line=type_line(card),
            cost=card.field("cost", 0),
            power=card.field("power", 0),
            victory=card.field("victory", 0),
            text=card.text,
            aggression=card.field("aggression", 0),
            directions=", ".join(f"{way} {count}" for way, count in card.field("directions", ())),
            face=instance,
        )


def detail(card: CardDef, set_title: str = "") -> dict[str, Any]:
    """Everything the inspector shows of a card."""
    facts = []
    if card.field("cost", 0) or "hero" not in card.types:
        facts.append(f"cost {card.field('cost', 0)}")
    if card.field("power", 0):
        facts.append(f"+{card.field('power', 0)} Power")
    if card.field("victory", 0):
        facts.append(f"{card.field('victory', 0)} Victory Point{'s' if card.field('victory', 0) != 1 else ''}")
    if card.field("aggression", 0):
        facts.append(f"aggression {card.field('aggression', 0)}")
    if card.field("directions", ()):
        facts.append("ways: " + ", ".join(f"{way} {count}" for way, count in card.field("directions", ())))
    if card.field("copies", 1) != 1:
        facts.append(f"{card.field('copies', 1)} copies")
    return {
        "name": card.name,
        "set": set_title or card.set_code,
        "type_line": type_line(card),
        "facts": ", ".join(facts),
        "text": card.text,
        "provenance": card.provenance,
        "provenance_summary": designed_summary(card),
        "notes": card.notes,
        "script": script_of(card),
    }


def button_text(label: str, name: str) -> str:
    """An option's label as a button on the card it is about: the card's name becomes "this"."""
    text = label.replace(name, "this", 1) if name and name in label else label
    return text[:1].upper() + text[1:]
