"""LCG words for the core set's Leadership cards: the engagement areas of the other players, and
the player who controlled the card a triggered ability answers.

Declared in :mod:`.vocabulary`, each with one line of its own.
"""

from __future__ import annotations

from lotr_rules.engine.context import Ctx
from lotr_rules.engine.registry import Phrase, ZoneSpec
from lotr_rules.games.lcg.state import ENGAGED
from lotr_rules.games.lcg.words import g


def other_engagement_areas(ctx: Ctx) -> list[list[int]]:
    """The enemies engaged with each player but you, in turn order."""
    game = g(ctx)
    return [game.z(ENGAGED, p) for p in game.turn_order() if p != ctx.player]


def controller_of_it(ctx: Ctx) -> list[int]:
    """The player who controlled the card the ability answers (``it``). A card that has left play
    is in a zone of its owner's, who is the player that controlled it: no core set card changes
    who controls a player card."""
    game = g(ctx)
    if ctx.it < 0:
        return []
    player = game.controller(ctx.it)
    return [] if player < 0 or game.state.eliminated[player] else [player]


OTHER_ENGAGEMENT_AREAS = ZoneSpec(
    "another engagement area",
    "the enemies engaged with the other players",
    ("engaged with another player",),
    "union",
    other_engagement_areas,
)
CONTROLLER_OF_IT = Phrase(
    "player who controlled it",
    "the player who controlled the card the ability answers ('for each player who controlled it { draw 2 }')",
    controller_of_it,
)
