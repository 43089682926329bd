"""The card fields of the deck-building games, declared as family data (see
:mod:`lotr_rules.engine.fields`), and the card class that holds them."""

from __future__ import annotations

from lotr_rules.engine.fields import FieldDecl, card_class

#: The decks a card may start the game in.
DECKS = (
    "main",
    "starter",
    "hero",
    "starting",
    "valor",
    "corruption",
    "archenemy",
    "impossible archenemy",
    "wall",
    "breach",
    "one ring",
)

FIELDS = (
    FieldDecl(
        "title",
        "word",
        "A title that is not a type. `title archenemy` marks an Archenemy: it is defeated rather than "
        "bought, and counts for the tie-break. An Archenemy also says `deck archenemy`.",
        types=("enemy",),
        choices=("archenemy",),
    ),
    FieldDecl(
        "level",
        "number",
        "An Archenemy's level. It decides where the card goes in the Archenemy stack.",
        types=("enemy",),
        low=1,
        high=4,
    ),
    FieldDecl("cost", "number", "The Power needed to buy or defeat the card.", default=0, low=0, high=20),
    FieldDecl(
        "power",
        "number",
        "The Power the card adds when it is played, before its `play` ability runs.",
        default=0,
        low=0,
        high=12,
        reading="When played: gain {value} Power.",
    ),
    FieldDecl(
        "victory",
        "amount",
        "Victory Points at the end of the game: a number, negative for a penalty, or a number "
        "expression worked out at scoring time for the card's owner, such as "
        "`victory number of allies you control`.",
        default=0,
        reading="Worth {value} Victory Point(s) at the end of the game.",
    ),
    FieldDecl("copies", "number", "How many copies of the card the game uses.", default=1, low=1, high=40),
    FieldDecl(
        "deck",
        "words",
        "Which deck or stack the card starts in (see the list of decks below).",
        default="main",
        choices=DECKS,
    ),
    FieldDecl(
        "starting card",
        "card name",
        "On a hero card: the name of the unique card the player begins the game with, in addition to "
        "the set's starting deck.",
        types=("hero",),
    ),
)

#: A deck-building card: the core's card with the fields above.
DeckbuildingCardDef = card_class("deckbuilding", __name__, FIELDS)
