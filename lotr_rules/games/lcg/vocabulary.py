"""What LCG card scripts may say: so far, card fields only.

A card file of this family gives its facts as fields (sphere, cost, stats, traits, keywords...,
see :mod:`.fields`) and the converter (:mod:`.convert`) turns the compiled card into the record
the rules play. The language has no LCG statements yet: no ability, trigger or command, so a
card that has one is refused (E119) rather than loaded without what it says.
"""

from __future__ import annotations

import functools

from lotr_rules.engine.registry import CardType, Vocabulary
from lotr_rules.games.lcg.fields import FIELDS, LcgCardDef

CARD_TYPES = (
    CardType("hero", "heroes", "a character a player starts the game with; it collects resources"),
    CardType("ally", "allies", "a character played from a player's hand"),
    CardType("attachment", "attachments", "a card played onto another card in play"),
    CardType("event", "events", "a card played for its effect, then discarded"),
    CardType("enemy", "enemies", "an encounter card that engages players and attacks them"),
    CardType("location", "locations", "an encounter card the players travel to and explore"),
    CardType("treachery", "treacheries", "an encounter card with an effect when it is revealed"),
    CardType("objective", "objectives", "an encounter card the players may claim"),
    CardType("quest", "quests", "a stage of the quest deck, with the progress it needs"),
)

#: the decks a card may start in: player cards in a player's deck, the rest in the scenario's
DECKS = ("player", "encounter", "quest")


@functools.cache
def vocabulary() -> Vocabulary:
    return Vocabulary(
        family="lcg",
        primitives={},
        zones={},
        card_types={t.name: t for t in CARD_TYPES},
        players={},
        states={},
        triggers={},
        aggregates={},
        named_things={},
        attributes={},
        decks=DECKS,
        abilities={},
        fields=FIELDS,
        card_class=LcgCardDef,
        title="the LCG (card fields only, so far)",
        contexts=(),
    )
