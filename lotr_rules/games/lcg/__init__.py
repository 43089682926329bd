"""The Lord of the Rings: The Card Game (the cooperative Living Card Game), on the same engine.

Players take heroes and a player deck each against a quest deck and an encounter deck that the
game plays. A round has seven phases (resource, planning, quest, travel, encounter, combat,
refresh); :mod:`.record` holds what a card is, :mod:`.state` what changes, :mod:`.game` the
round, :mod:`.combat` the encounter and combat phases, and :mod:`.bots` two agents.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from lotr_rules.dsl.families import DataFiles, Family, register

if TYPE_CHECKING:
    from lotr_rules.engine.registry import Vocabulary


def _vocabulary() -> Vocabulary:
    from lotr_rules.games.lcg.vocabulary import vocabulary

    return vocabulary()


def _data_files() -> Sequence[DataFiles]:
    from lotr_rules.games.lcg.lint_files import LCG_FILES

    return (LCG_FILES,)


register(Family("lcg", _vocabulary, _data_files))
