"""What a face shows for each game family, and the colours of frames and sets.

A family's face is data: which numbers sit in which corner (cost top left, Power and Victory
Points at the foot for the deck-building games; aggression and the ways on for the Adventure
Deck), and the frame colour of each of its card types. A new family (the Living Card Game, with
its spheres, stats and threat) is one more :class:`FamilyFace`: its badges read the card's
fields, and ``frame_key`` may colour frames by something other than the card type (a sphere).
A family, type or set the tables do not know still gets a face: colours then come from the name.
"""

from __future__ import annotations

import colorsys
import hashlib
from collections.abc import Callable, Mapping

import attrs

from lotr_rules.engine.cards import CardDef


@attrs.frozen(slots=True)
class Badge:
    """A number printed in a corner of the face."""

    #: what the number is, written small under it ("Power")
    label: str
    #: "top-left", "bottom-left" or "bottom-right"
    corner: str
    #: "coin" (a round seal), "shield" or "star"
    shape: str
    #: the value shown, or None when the card has no such number worth printing
    value: Callable[[CardDef], str | None]


@attrs.frozen(slots=True)
class FamilyFace:
    badges: tuple[Badge, ...]
    #: frame colours by card type (or by whatever ``frame_key`` returns), then by deck
    frames: Mapping[str, str]
    #: draw the card's ways on (the Adventure Deck's directions) under the picture
    shows_directions: bool = False
    #: the words the frame colour is looked up by, first match wins: the card's types, then deck
    frame_key: Callable[[CardDef], tuple[str, ...]] = attrs.field(
        default=lambda card: (*sorted(card.types), card.field("deck", "main"))
    )


def _signed(value: int) -> str:
    return f"−{-value}" if value < 0 else str(value)


def _cost(card: CardDef) -> str | None:
    return None if "hero" in card.types else str(card.field("cost", 0))


def _power(card: CardDef) -> str | None:
    return str(card.field("power", 0)) if card.field("power", 0) else None


def _victory(card: CardDef) -> str | None:
    if card.field("victory_fn") is not None:
        return "*"
    return _signed(card.field("victory", 0)) if card.field("victory", 0) else None


def _aggression(card: CardDef) -> str:
    return str(card.field("aggression", 0))


def _deckbuilding_types(card: CardDef) -> tuple[str, ...]:
    # An Enemy Ally is framed as both; the order types are declared in keeps Enemy first.
    order = ("enemy", "ally", "artifact", "maneuver", "location", "fortune", "starter", "wall", "hero")
    known = [t for t in order if t in card.types]
    return (*known, *sorted(card.types - set(order)), card.field("deck", "main"))


FACES: dict[str, FamilyFace] = {
    "deckbuilding": FamilyFace(
        badges=(
            Badge("Cost", "top-left", "coin", _cost),
            Badge("Power", "bottom-left", "shield", _power),
            Badge("Victory", "bottom-right", "star", _victory),
        ),
        frames={
            "ally": "#2f5f8f",
            "enemy": "#8b2a22",
            "artifact": "#a57a1c",
            "maneuver": "#5b3f86",
            "location": "#3f6f32",
            "fortune": "#1f7f7a",
            "starter": "#6e604f",
            "wall": "#5d6166",
            "hero": "#8a4b16",
            "corruption": "#3a3a2a",
            "one ring": "#b8912a",
        },
        frame_key=_deckbuilding_types,
    ),
    "adventure-deck": FamilyFace(
        badges=(Badge("Aggression", "top-left", "coin", _aggression),),
        frames={
            "character": "#2f5f8f",
            "enemy": "#8b2a22",
            "place": "#3f6f32",
            "crossroads": "#7a5a36",
        },
        shows_directions=True,
    ),
}

#: the colour of each shipped set's band at the foot of the face
SET_COLOURS = {
    "two-towers": "#6d5326",
    "fellowship": "#2e5a3c",
    "adventure-deck": "#30466b",
}
NEUTRAL = "#5f5a52"


def face_for(card: CardDef) -> FamilyFace:
    """The family's face; for a family without one, the face of the family its fields suggest."""
    face = FACES.get(card.family)
    if face is not None:
        return face
    return FACES["adventure-deck" if card.field("directions", ()) else "deckbuilding"]


def named_colour(name: str, saturation: float = 0.45, lightness: float = 0.32) -> str:
    """A steady colour for a name no table knows: the same name always gets the same colour."""
    hue = int(hashlib.sha256(name.encode("utf-8")).hexdigest()[:4], 16) / 0xFFFF
    red, green, blue = colorsys.hls_to_rgb(hue, lightness, saturation)
    return f"#{round(red * 255):02x}{round(green * 255):02x}{round(blue * 255):02x}"


def frame_colours(card: CardDef, face: FamilyFace) -> tuple[str, ...]:
    """The frame's colour, or two for a card of two types (an Enemy Ally)."""
    keys = face.frame_key(card)
    found = [face.frames[key] for key in keys if key in face.frames]
    typed = [key for key in keys if key in card.types]
    if not found:
        return (named_colour(typed[0]) if typed else NEUTRAL,)
    typed_found = [face.frames[key] for key in typed if key in face.frames]
    if len(typed_found) >= 2:
        return tuple(typed_found[:2])
    return (found[0],)


def set_colour(set_code: str) -> str:
    return SET_COLOURS.get(set_code) or named_colour(set_code, 0.35, 0.3)


def mix(colour: str, other: str, amount: float) -> str:
    """``colour`` moved ``amount`` (0 to 1) of the way to ``other``."""
    a = [int(colour[i : i + 2], 16) for i in (1, 3, 5)]
    b = [int(other[i : i + 2], 16) for i in (1, 3, 5)]
    return "#" + "".join(f"{round(x + (y - x) * amount):02x}" for x, y in zip(a, b, strict=True))
