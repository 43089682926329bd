"""Words authors bring from other card games, and the words the Card Game's scripts use instead.

The linter offers the word on the right where a script uses the one on the left in that place
(a zone, a command, a card type, ...); the reference lists this table (see ``docs/reference.md``).
"""

from __future__ import annotations

from lotr_rules.engine.registry import ForeignWord

FOREIGN_WORDS: tuple[ForeignWord, ...] = (
    # zones
    ForeignWord("graveyard", "zone", "discard pile"),
    ForeignWord("discards", "zone", "discard pile"),
    ForeignWord("trash", "zone", "discard pile"),
    ForeignWord("library", "zone", "deck"),
    ForeignWord("draw pile", "zone", "deck"),
    ForeignWord("battlefield", "zone", "play area"),
    ForeignWord("in play", "zone", "play area"),
    ForeignWord("tableau", "zone", "play area"),
    # commands
    ForeignWord("tap", "command", "exhaust"),
    ForeignWord("untap", "command", "ready"),
    ForeignWord("trash", "command", "discard"),
    ForeignWord("mill", "command", "discard", "from the top of a deck: 'discard 2 cards from deck'"),
    # card types
    ForeignWord("villain", "card type", "enemy"),
    ForeignWord("villains", "card type", "enemies"),
    ForeignWord("monster", "card type", "enemy"),
    ForeignWord("monsters", "card type", "enemies"),
    ForeignWord("equipment", "card type", "attachment"),
    ForeignWord("item", "card type", "attachment"),
    ForeignWord("items", "card type", "attachments"),
    ForeignWord("spell", "card type", "event"),
    ForeignWord("spells", "card type", "events"),
    # players
    ForeignWord("all players", "player", "each player"),
    ForeignWord("every player", "player", "each player"),
    # words of a number or a condition, which the grammar refuses as they stand
    ForeignWord("hand size", "phrase", "number of cards in hand"),
    ForeignWord("deck size", "phrase", "number of cards in deck"),
)
