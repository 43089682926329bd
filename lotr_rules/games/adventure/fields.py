"""The card fields of the Adventure Deck, declared as family data (see
:mod:`lotr_rules.engine.fields`), and the card class that holds them."""

from __future__ import annotations

from lotr_rules.engine.fields import FieldDecl, card_class

#: The ways a crossroads card may lead on.
DIRECTIONS = ("left", "up", "right")
#: The decks a card may start the game in.
DECKS = ("main", "beginning")

FIELDS = (
    FieldDecl("copies", "number", "How many copies of the card the game uses.", default=1, low=1, high=40),
    FieldDecl(
        "deck",
        "words",
        "Which deck the card starts in: `main` (the quest deck) or `beginning`.",
        default="main",
        choices=DECKS,
    ),
    FieldDecl(
        "aggression",
        "number",
        "The card's aggression number: the wounds it deals when drawn.",
        default=0,
        low=0,
        high=3,
    ),
    FieldDecl(
        "directions",
        "directions",
        "The ways on from this card, each a direction (`left`, `up`, `right`) and how many cards "
        "travelling it takes.",
        default=(),
        choices=DIRECTIONS,
        low=1,
        high=5,
    ),
)

#: An Adventure Deck card: the core's card with the fields above.
AdventureDeckCardDef = card_class("adventure-deck", __name__, FIELDS)
