"""LCG words about the quest: ``conceal``, encounter cards in the staging area that count no
threat for the rest of the phase (see :mod:`.vocabulary`)."""

from __future__ import annotations

from lotr_rules.engine.context import Ctx
from lotr_rules.engine.registry import Primitive
from lotr_rules.engine.selection import Placement, Selection
from lotr_rules.games.lcg.state import CONCEALED, STAGING
from lotr_rules.games.lcg.words import g, pick


def conceal(ctx: Ctx, sel: Selection | None, placement: Placement | None, guard: str | None) -> None:
    """These cards in the staging area count no threat until the end of the phase, whatever
    their threat is then (a change to their threat later in the phase changes nothing)."""
    assert sel is not None
    game = g(ctx)
    for card in pick(ctx, sel, "choose a card to count no threat this phase"):
        if game.locate(card)[0] == STAGING:
            game.add_rule(card, CONCEALED)
            game.log("concealed", game.card_name(card))


CONCEAL = Primitive(
    "conceal",
    "These enemies or locations in the staging area count no threat until the end of the phase.",
    "conceal an enemy in staging area",
    "cards",
    impl=conceal,
    honours=frozenset({"zone", "where", "count", "up to", "all", "random", "as", "name"}),
    from_zones=("staging area",),
)
