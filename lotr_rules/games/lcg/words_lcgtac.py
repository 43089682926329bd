"""LCG words the core set's Tactics cards need: a measure of damage, the attack that destroys an
enemy, enemies held back from attacking, and what goes with them.

Each function here is declared in :mod:`.vocabulary`, beside the others of its kind.
"""

from __future__ import annotations

from lotr_rules.engine.context import Ctx
from lotr_rules.games.lcg.words import g


# ---------------------------------------------------------------------- measures
def damage_on(ctx: Ctx, cards: list[int]) -> int:
    """``damage of X``: the damage tokens on the cards, added up (0 for none)."""
    damage = g(ctx).state.damage
    return sum(damage.get(card, 0) for card in cards)
