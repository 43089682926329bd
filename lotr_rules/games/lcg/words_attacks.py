"""LCG words for who takes part in an attack: the enemy a player attack is against, and a
player allowed to declare several defenders against each attack this phase.

Declared in :mod:`.vocabulary`, each with one line of its own; the rules they change are in
:mod:`.combat`.
"""

from __future__ import annotations

from lotr_rules.engine.context import Ctx
from lotr_rules.engine.registry import Phrase, Primitive, ZoneSpec
from lotr_rules.engine.selection import Placement, Selection
from lotr_rules.games.lcg.words import g

#: the permission 'allow several defenders' gives, as the state keeps it
SEVERAL_DEFENDERS = "several defenders"


def attacked_enemy(ctx: Ctx) -> list[list[int]]:
    """The enemy a player attack is against, from its choice until the attack has resolved."""
    enemy = g(ctx).attack_target
    return [[enemy]] if enemy >= 0 else [[]]


def allow_several_defenders(ctx: Ctx, sel: Selection | None, placement: Placement | None, guard: str | None) -> None:
    """You may declare any number of defenders against each enemy attacking you, until the end
    of the phase (the rules in :func:`.combat.more_defenders`)."""
    game = g(ctx)
    game.state.permitted.add((SEVERAL_DEFENDERS, ctx.player))
    game.log("several defenders", ctx.player)


ATTACKED = ZoneSpec(
    "target",
    "the enemy a player attack is against now",
    (),
    "shared",
    attacked_enemy,
)
ATTACKED_ENEMY = Phrase(
    "attacked enemy",
    "the enemy a player attack (or a character attacking at once) is against now",
    data={"zone": "target"},
)
ALLOW_SEVERAL_DEFENDERS = Primitive(
    "allow several defenders",
    "Until the end of the phase, you may declare any number of defenders against each enemy "
    "attacking you; their defense is added up and the damage goes on one of them.",
    "allow several defenders",
    "none",
    impl=allow_several_defenders,
)
