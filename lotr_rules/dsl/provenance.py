"""Which facts of a card its ``designed`` field may name: the rule the compiler checks (E143).

A card's ``provenance`` says where its effect comes from. A ``rulebook`` card must say, in its
``designed`` field, which of its other facts are ours (``designed "none"`` when the rulebook
gives everything), and the field may name only facts the card carries. How a card's provenance
is shown to a reader is :mod:`lotr_rules.cards.provenance`.
"""

from __future__ import annotations

#: the facts a ``designed`` field may name, each with the words a reader sees
FACTS: dict[str, str] = {
    "name": "name",
    "effect": "effect",
    "cost": "cost",
    "power": "Power",
    "victory": "Victory Points",
    "copies": "number of copies",
    "level": "level",
    "starting-card": "starting card",
    "aggression": "aggression number",
    "directions": "directions",
}
#: the field each fact is written in, for the facts that are a field of their own
FACT_FIELDS = {
    "cost": "cost",
    "power": "power",
    "victory": "victory",
    "level": "level",
    "starting-card": "starting card",
    "aggression": "aggression",
    "directions": "directions",
}
#: facts every card has, written or not (a card's name, its effect, its copies: 1 by default)
ALWAYS = ("name", "effect", "copies")
NONE = "none"


def designed_words(value: object) -> tuple[str, ...]:
    """The facts a ``designed "..."`` field names: words separated by spaces or commas."""
    return tuple(str(value).replace(",", " ").split()) if isinstance(value, str) else ()
