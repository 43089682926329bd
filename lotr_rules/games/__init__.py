"""Game families: the rules each rulebook states in prose, over the engine's primitives.

A set's manifest names its family (``family = "adventure-deck"``); its cards are checked and
compiled against that family's vocabulary, so the same language serves games whose turns have
nothing in common. Each family's package registers itself with the language
(:mod:`lotr_rules.dsl.families`) when it loads; importing this package loads them all.
"""

from __future__ import annotations

from lotr_rules.dsl.families import default_family, family_names, vocabulary_for
from lotr_rules.games import adventure, deckbuilding, lcg

#: the family of a set whose manifest names none (the deck-building games)
DEFAULT_FAMILY = default_family()

__all__ = ["DEFAULT_FAMILY", "adventure", "deckbuilding", "family_names", "lcg", "load_all", "vocabulary_for"]


def load_all() -> None:
    """Make sure every shipped family is registered with the language.

    Importing this package does it; the entry points (the command line, the documentation's
    generator, the tests) call this to say so where they start.
    """
