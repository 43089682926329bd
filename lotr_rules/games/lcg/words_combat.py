"""LCG words of combat: a measure of damage, the attack that destroys an
enemy, enemies held back from attacking, and what goes with them.

Each function here is declared in :mod:`.vocabulary`, beside the others of its kind.
"""

from __future__ import annotations

from lotr_rules.engine.context import Ctx
from lotr_rules.engine.selection import Placement, Selection
from lotr_rules.games.lcg import combat
from lotr_rules.games.lcg.state import ENGAGED, PLAY
from lotr_rules.games.lcg.words import g, pick


# ---------------------------------------------------------------------- measures
def damage_on(ctx: Ctx, cards: list[int]) -> int:
    """``damage of X``: the damage tokens on the cards, added up (0 for none)."""
    damage = g(ctx).state.damage
    return sum(damage.get(card, 0) for card in cards)


# ---------------------------------------------------------------------- commands
def hold_back(ctx: Ctx, sel: Selection | None, placement: Placement | None, guard: str | None) -> None:
    """These enemies cannot attack the player each is engaged with now, until the phase ends
    (an enemy engaged with no player is not held back)."""
    assert sel is not None
    game = g(ctx)
    for enemy in pick(ctx, sel, "choose an enemy to hold back"):
        player = game.engaged_with(enemy)
        if player >= 0 and game.records[enemy].type == "enemy":
            game.state.held_back.add((enemy, player))
            game.log("held back", game.card_name(enemy), player)


def strike(ctx: Ctx, sel: Selection | None, placement: Placement | None, guard: str | None) -> None:
    """Each of these characters of yours attacks on its own, now: you choose an enemy it may
    attack (engaged with you; a Ranged one: engaged with any player; one allowed to attack in
    the staging area: an enemy there too) and the attack resolves
    as a player attack does. It need not be ready (a cost usually exhausted it)."""
    assert sel is not None
    game = g(ctx)
    for attacker in pick(ctx, sel, "choose a character to attack with"):
        if game.locate(attacker) != (PLAY, ctx.player) or not game.records[attacker].is_character:
            continue
        enemies = [e for p in game.turn_order() for e in game.z(ENGAGED, p)] + combat.staged_enemies(game)
        targets = [e for e in enemies if combat.may_attack(game, ctx.player, attacker, e)]
        if not targets:
            continue
        options = [game.card_option(e, f"attack {game.card_name(e)}") for e in targets]
        enemy = game.choose(
            ctx.player, "attack", f"{game.card_name(attacker)} attacks: which enemy?", options, ctx.this
        )
        combat.resolve_player_attack(game, ctx.player, enemy, [attacker])
