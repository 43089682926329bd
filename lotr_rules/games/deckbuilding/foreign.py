"""Words authors bring from other deck-building games, and the words these games use instead.

The linter offers the word on the right where a script uses the one on the left in that place
(a zone, a command, a card type, ...); the reference lists this table (see ``docs/reference.md``).
"""

from __future__ import annotations

from lotr_rules.engine.registry import ForeignWord

_DESTROYED = "a destroyed card leaves the game"

FOREIGN_WORDS: tuple[ForeignWord, ...] = (
    # zones
    ForeignWord("graveyard", "zone", "discard pile"),
    ForeignWord("discards", "zone", "discard pile"),
    ForeignWord("used", "zone", "discard pile"),
    ForeignWord("line-up", "zone", "path", "the face-up cards to buy"),
    ForeignWord("lineup", "zone", "path", "the face-up cards to buy"),
    ForeignWord("market", "zone", "path", "the face-up cards to buy"),
    ForeignWord("row", "zone", "path", "the face-up cards to buy"),
    ForeignWord("trade row", "zone", "path", "the face-up cards to buy"),
    ForeignWord("center row", "zone", "path", "the face-up cards to buy"),
    ForeignWord("supply", "zone", "path", "the face-up cards to buy"),
    ForeignWord("library", "zone", "deck"),
    ForeignWord("draw pile", "zone", "deck"),
    ForeignWord("trash", "zone", "destroyed pile"),
    ForeignWord("exile", "zone", "destroyed pile"),
    ForeignWord("scrapheap", "zone", "destroyed pile"),
    ForeignWord("play area", "zone", "played this turn"),
    ForeignWord("in play", "zone", "in front of you", "a card that stays in play is a location in front of you"),
    ForeignWord("tableau", "zone", "in front of you"),
    # commands
    ForeignWord("trash", "command", "destroy", _DESTROYED),
    ForeignWord("exile", "command", "destroy", _DESTROYED),
    ForeignWord("banish", "command", "destroy", _DESTROYED),
    ForeignWord("scrap", "command", "destroy", _DESTROYED),
    ForeignWord("sacrifice", "command", "destroy", _DESTROYED),
    ForeignWord("kill", "command", "destroy", _DESTROYED),
    ForeignWord("defeat", "command", "destroy", _DESTROYED),
    ForeignWord("buy", "command", "gain", "a card gained goes to your discard pile"),
    ForeignWord("acquire", "command", "gain", "a card gained goes to your discard pile"),
    ForeignWord("recruit", "command", "gain", "a card gained goes to your discard pile"),
    ForeignWord("purchase", "command", "gain", "a card gained goes to your discard pile"),
    # card types
    ForeignWord("villain", "card type", "enemy"),
    ForeignWord("villains", "card type", "enemies"),
    ForeignWord("monster", "card type", "enemy"),
    ForeignWord("monsters", "card type", "enemies"),
    ForeignWord("equipment", "card type", "artifact"),
    ForeignWord("item", "card type", "artifact"),
    ForeignWord("items", "card type", "artifacts"),
    ForeignWord("spell", "card type", "maneuver"),
    ForeignWord("spells", "card type", "maneuvers"),
    ForeignWord("event", "card type", "maneuver"),
    ForeignWord("events", "card type", "maneuvers"),
    # players
    ForeignWord("each opponents", "player", "each opponent"),
    ForeignWord("all opponents", "player", "each opponent"),
    ForeignWord("every opponent", "player", "each opponent"),
    ForeignWord("all players", "player", "each player"),
    ForeignWord("left player", "player", "player to your left"),
    ForeignWord("right player", "player", "player to your right"),
    # words of a number or a condition, which the grammar refuses as they stand
    ForeignWord("hand size", "phrase", "number of cards in hand"),
    ForeignWord("deck size", "phrase", "number of cards in deck"),
)
