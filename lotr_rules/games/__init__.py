"""Game families: the rules each rulebook states in prose, over the engine's primitives.

A set's manifest names its family (``family = "adventure-deck"``); its cards are checked and
compiled against that family's vocabulary, so the same language serves games whose turns have
nothing in common.
"""

from __future__ import annotations

import importlib

from lotr_rules.engine.registry import Vocabulary
from lotr_rules.errors import ConfigError

#: family name -> the module whose ``vocabulary()`` declares what its card scripts may say
FAMILY_VOCABULARIES = {
    "deckbuilding": "lotr_rules.games.deckbuilding.vocabulary",
    "adventure-deck": "lotr_rules.games.adventure.vocabulary",
    "lcg": "lotr_rules.games.lcg.vocabulary",
}
DEFAULT_FAMILY = "deckbuilding"


def family_names() -> list[str]:
    return sorted(FAMILY_VOCABULARIES)


def vocabulary_for(family: str) -> Vocabulary:
    """The vocabulary of ``family``; a :class:`ConfigError` names the known ones otherwise."""
    module = FAMILY_VOCABULARIES.get(family)
    if module is None:
        raise ConfigError(f"unknown game family '{family}'; known families: {', '.join(family_names())}")
    vocabulary: Vocabulary = importlib.import_module(module).vocabulary()
    return vocabulary
