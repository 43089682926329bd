"""The Cerberus deck-building rules shared by The Two Towers and The Fellowship of the Ring."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from lotr_rules.dsl.families import DataFiles, Family, register

if TYPE_CHECKING:
    from lotr_rules.engine.registry import Vocabulary


def _vocabulary() -> Vocabulary:
    from lotr_rules.games.deckbuilding.vocabulary import vocabulary

    return vocabulary()


def _data_files() -> Sequence[DataFiles]:
    from lotr_rules.games.deckbuilding.mixfile import MIX_FILES

    return (MIX_FILES,)


# A set that names no family is one of these games (they were the first the language served).
register(Family("deckbuilding", _vocabulary, _data_files, default=True))
