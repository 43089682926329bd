"""LCG trigger points of the round that the packs after the core set brought: the beginning of
the resource phase (``at beginning of resource phase``, before any resource is collected or card
drawn: a card that gives the first player more cards in that phase answers it) and the end of an
attack for each character that defended it (``after an attack in which this defends resolves``).

The game fires them (:func:`resource_phase_begins`, :func:`defence_resolved`); the phrases are
declared in :mod:`.vocabulary` with the others.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from lotr_rules.games.lcg import triggers
from lotr_rules.games.lcg.state import PLAY

if TYPE_CHECKING:
    from lotr_rules.games.lcg.game import LcgGame

RESOURCE_BEGINS = "resource begins"
DEFENCE_RESOLVED = "defence resolved"

#: (phrase, trigger point, what it answers) for the vocabulary's trigger table
TRIGGER_DOCS = (
    (
        "at beginning of resource phase",
        RESOURCE_BEGINS,
        "as each resource phase begins, before resources are collected and cards drawn",
    ),
    (
        "after an attack in which {card} defends resolves",
        DEFENCE_RESOLVED,
        "after an enemy attack the character defended has resolved (its damage dealt); the "
        "character must still be in play",
    ),
)


def resource_phase_begins(game: LcgGame) -> None:
    """The resource phase has just begun (RR "Framework Events": its first step)."""
    if RESOURCE_BEGINS in game.listened:
        triggers.fire(game, RESOURCE_BEGINS, game.state.first_player)


def defence_resolved(game: LcgGame, player: int, enemy: int, defenders: tuple[int, ...]) -> None:
    """An enemy attack is over: each character that defended it and is still in play answers,
    in the order they were declared (a defender destroyed by the attack answers nothing)."""
    if DEFENCE_RESOLVED not in game.listened or game.state.finished:
        return
    for defender in defenders:
        if defender >= 0 and game.locate(defender)[0] == PLAY and not game.state.finished:
            triggers.fire(game, DEFENCE_RESOLVED, player, defender, source=enemy)
