"""What a Card Game face shows, as data: its colours, its icons, and the numbers a card prints.

A player card's frame is the colour of its sphere, and a seal at its top right holds the sphere's
icon; an encounter or quest card is coloured by its type. Every number the card has is a
:class:`Number`: a hero's threat cost and an ally's cost sit in the seal at the top left, a
character's willpower, attack, defense and hit points down the stat column beside the picture, an
enemy's engagement cost at the top left and its threat, attack, defense and hit points in the
column, a location's threat and quest points in the two top seals, victory points in a star at
the foot. :func:`numbers` reads them from the card's fields, so the face, its accessible label
and the terminal's text all say the same.

The icons are our own drawings (no font or picture is referred to): paths about a centre, about
one unit across, scaled where they are placed.
"""

from __future__ import annotations

import math

import attrs

from lotr_rules.engine.cards import CardDef

PLAYER_TYPES = ("hero", "ally", "attachment", "event")
ENCOUNTER_TYPES = ("enemy", "location", "treachery", "objective")

SPHERE_COLOURS = {
    "leadership": "#5e2a7e",
    "tactics": "#9b2226",
    "spirit": "#1f6fa8",
    "lore": "#2e7d32",
    "neutral": "#6b665c",
}
TYPE_COLOURS = {
    "enemy": "#6e2b1f",
    "location": "#4b5b2a",
    "treachery": "#3d2f52",
    "objective": "#8a6d1f",
    "quest": "#7a5f3a",
}
#: the colour of a type the tables do not know
OTHER_COLOUR = "#5f5a52"


def _star_path(points: int, outer: float, inner: float) -> str:
    corners = []
    for index in range(points * 2):
        radius = outer if index % 2 == 0 else inner
        angle = math.pi * index / points - math.pi / 2
        corners.append(f"{radius * math.cos(angle):.2f} {radius * math.sin(angle):.2f}")
    return "M" + "L".join(corners) + "Z"


#: each sphere's icon: a crown, crossed blades, a flame, a leaf, a ring
SPHERE_ICONS = {
    "leadership": "M-1 0.65L-1 -0.45L-0.5 0.05L0 -0.9L0.5 0.05L1 -0.45L1 0.65Z",
    "tactics": "M-0.95 -0.75L-0.75 -0.95L0.95 0.75L0.75 0.95ZM0.95 -0.75L0.75 -0.95L-0.95 0.75L-0.75 0.95Z",
    "spirit": "M0 -1C0.55 -0.3 0.8 0.1 0.8 0.4A0.8 0.6 0 0 1 -0.8 0.4C-0.8 0.1 -0.55 -0.3 0 -1Z",
    "lore": "M0 -1C0.85 -0.5 0.85 0.5 0 1C-0.85 0.5 -0.85 -0.5 0 -1ZM-0.06 -0.7V0.8H0.06V-0.7Z",
    "neutral": "M0 -0.8A0.8 0.8 0 1 1 0 0.8A0.8 0.8 0 1 1 0 -0.8Z"
    "M0 -0.45A0.45 0.45 0 1 0 0 0.45A0.45 0.45 0 1 0 0 -0.45Z",
}
#: each stat's icon: a sun for willpower, a sword, a shield, a heart for hit points, an eye for
#: threat, a compass star for quest points
STAT_ICONS = {
    "willpower": _star_path(8, 1.0, 0.5),
    "attack": "M0 -1.05L0.16 -0.8V0.3H0.55V0.48H0.12V0.95H-0.12V0.48H-0.55V0.3H-0.16V-0.8Z",
    "defense": "M-0.8 -0.9H0.8V-0.1C0.8 0.5 0.35 0.8 0 1C-0.35 0.8 -0.8 0.5 -0.8 -0.1Z",
    "hit-points": "M0 0.95C-1.25 0.1 -0.9 -0.95 0 -0.4C0.9 -0.95 1.25 0.1 0 0.95Z",
    "threat": "M-1 0C-0.5 -0.7 0.5 -0.7 1 0C0.5 0.7 -0.5 0.7 -1 0ZM0 -0.3A0.3 0.3 0 1 0 0 0.3A0.3 0.3 0 1 0 0 -0.3Z",
    "quest-points": _star_path(4, 1.0, 0.32),
}


@attrs.frozen(slots=True)
class Number:
    """One number a card prints, and where."""

    #: the card's field it comes from ("engagement-cost"), also the class of its group on the face
    field: str
    #: the words for it ("engagement cost")
    words: str
    #: what is printed: "25", "X", "1B"
    value: str
    #: "top-left", "top-right", "column" (beside the picture) or "foot" (a star at the bottom right)
    place: str
    #: the short label printed under a seal's number
    label: str = ""


def fields_of(card: CardDef) -> dict[str, object]:
    return card.family_fields


def family_type(card: CardDef) -> str:
    """The card's one Card Game type (a card has one), or "" for none known."""
    for kind in (*PLAYER_TYPES, *ENCOUNTER_TYPES, "quest"):
        if kind in card.types:
            return kind
    return ""


def is_player_card(card: CardDef) -> bool:
    return family_type(card) in PLAYER_TYPES


def sphere(card: CardDef) -> str:
    value = str(fields_of(card).get("sphere", "neutral"))
    return value if value in SPHERE_COLOURS else "neutral"


def frame_colour(card: CardDef) -> str:
    kind = family_type(card)
    if kind in PLAYER_TYPES:
        return SPHERE_COLOURS[sphere(card)]
    return TYPE_COLOURS.get(kind, OTHER_COLOUR)


def _int(card: CardDef, name: str) -> int:
    value = fields_of(card).get(name, 0)
    return value if isinstance(value, int) else 0


def _stats(card: CardDef, first: tuple[str, str]) -> list[Number]:
    """The stat column: ``first`` (willpower or threat), then attack, defense, hit points."""
    rows = (first, ("attack", "attack"), ("defense-strength", "defense"), ("hit-points", "hit points"))
    return [Number(name, words, str(_int(card, name)), "column") for name, words in rows]


def numbers(card: CardDef, side: str = "b") -> list[Number]:
    """The numbers ``card`` prints (on ``side`` "a" or "b" of a quest card), in reading order."""
    kind = family_type(card)
    found: list[Number] = []
    if kind == "hero":
        found.append(Number("threat-cost", "threat cost", str(_int(card, "threat-cost")), "top-left", "Threat"))
    elif kind in ("ally", "attachment", "event"):
        cost = "X" if fields_of(card).get("variable-cost") else str(_int(card, "cost"))
        found.append(Number("cost", "cost", cost, "top-left", "Cost"))
    if kind in ("hero", "ally"):
        found.extend(_stats(card, ("willpower", "willpower")))
    elif kind == "enemy":
        engagement = str(_int(card, "engagement-cost"))
        found.append(Number("engagement-cost", "engagement cost", engagement, "top-left", "Engage"))
        found.extend(_stats(card, ("threat", "threat")))
    elif kind == "location":
        found.append(Number("threat", "threat", str(_int(card, "threat")), "top-left", "Threat"))
        found.append(Number("quest-points", "quest points", str(_int(card, "quest-points")), "top-right", "Quest"))
    elif kind == "quest":
        stage = _int(card, "stage")
        found.append(Number("stage", "stage", f"{stage}{side.upper()}", "top-left", "Stage"))
        if side == "b" and _int(card, "quest-points"):
            quest_points = str(_int(card, "quest-points"))
            found.append(Number("quest-points", "quest points", quest_points, "top-right", "Quest"))
    if _int(card, "victory-points") and (kind != "quest" or side == "b"):
        found.append(Number("victory-points", "victory", str(_int(card, "victory-points")), "foot", "Victory"))
    return found


def traits(card: CardDef) -> str:
    """The card's traits as printed: each capitalised, followed by a full stop ("Dol Guldur. Orc.")."""
    words = str(fields_of(card).get("traits", "")).split()
    return " ".join(" ".join(part.capitalize() for part in word.split("-")) + "." for word in words)


def is_unique(card: CardDef) -> bool:
    return "unique" in str(fields_of(card).get("keywords", "")).split()


def unsaid_keywords(card: CardDef) -> str:
    """The keywords (and Doomed) the card has that its text does not already say, as printed
    ("Surge. Doomed 1."): a card's text usually opens with them, not always."""
    said = card.text.lower()
    words = [word.capitalize() for word in str(fields_of(card).get("keywords", "")).split() if word != "unique"]
    if _int(card, "doomed"):
        words.append(f"Doomed {_int(card, 'doomed')}")
    return " ".join(f"{word}." for word in words if word.lower() not in said)


def type_words(card: CardDef) -> str:
    """The type line: the type and the sphere for a player card, the type and the encounter set
    for the others."""
    kind = family_type(card)
    words = [kind.capitalize() if kind else "Card"]
    if kind in PLAYER_TYPES:
        words.append(sphere(card).capitalize())
    elif fields_of(card).get("encounter-set"):
        words.append(str(fields_of(card)["encounter-set"]))
    return " · ".join(words)


def spoken_numbers(card: CardDef, side: str = "b") -> str:
    """The numbers in words, for a face's accessible label and the terminal: "engagement cost 25,
    threat 2, ..."."""
    return ", ".join(f"{number.words} {number.value}" for number in numbers(card, side))
