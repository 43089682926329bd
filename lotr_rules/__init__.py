"""lotr_rules: a rules-as-data engine for Lord of the Rings card games.

Cards are written in a small card-script language (see ``grammar/cardscript.lark``), compiled
once at load time into effects, and run on a game-agnostic event/trigger core.
"""

__version__ = "0.1.0"

#: The card-script language version this installation understands. A set manifest names the
#: version its scripts are written for; a newer one is refused with a clear error.
LANGUAGE_VERSION = 3

#: What changed meaning since each older version of the card-script language: the migration
#: message a set written for that version gets (W211). Scripts that changed meaning in a way the
#: compiler now refuses get their own finding instead (E124, E125).
LANGUAGE_CHANGES: dict[int, tuple[str, ...]] = {
    1: (
        "a hero card's 'ongoing' and 'when'/'at' abilities run (they never ran)",
        "'as X' after 'play', 'draw', 'return' and 'keep' names the cards acted on (it named none)",
        "'all' from a deck or a stack takes the whole pile (it took the top card)",
        "a name used in a later block ('at end of turn', a 'when' registered by an effect, 'next turn') "
        "has the value it had when the block was set up (it had none)",
        "a name given inside a block is undone when the block ends, so it never overwrites the same "
        "name given around it",
        "cards revealed by a trigger go back on top of the deck when the trigger is over",
        "'draw' from a zone other than the deck, or with 'where', 'up to', 'all' or 'random', "
        "puts the cards chosen into the hand (it drew the top cards of the deck)",
    ),
    2: (
        "in a count or a measure, a '+' or '-' right after a card test's value belongs to the test: "
        "'number of cards in hand where cost <= 2 + 1' counts the cards costing up to 3 (it added 1 "
        "to the count of cards costing up to 2); write '(number of cards in hand where cost <= 2) + 1' "
        "for the old meaning",
    ),
}
