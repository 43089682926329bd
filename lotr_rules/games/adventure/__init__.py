"""The Adventure Deck: a solo journey through a 54-card quest deck, on the same engine and
card-script language as the deck-building games."""

from __future__ import annotations

from typing import TYPE_CHECKING

from lotr_rules.dsl.families import Family, register

if TYPE_CHECKING:
    from lotr_rules.engine.registry import Vocabulary


def _vocabulary() -> Vocabulary:
    from lotr_rules.games.adventure.vocabulary import vocabulary

    return vocabulary()


register(Family("adventure-deck", _vocabulary))
