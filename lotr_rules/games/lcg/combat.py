"""The encounter and combat phases: engagement, shadow cards, enemy attacks, player attacks.

Functions of the game rather than methods, so that :mod:`.game` stays about the round and this
module about fighting. The order of everything follows the published rules; where they leave a
choice to the players, it is a decision of the player concerned.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from lotr_rules.engine.decisions import Option
from lotr_rules.games.lcg import (
    triggers,
    words_entering,
    words_objectives,
    words_shadows,
    words_standing,
    words_timing,
)
from lotr_rules.games.lcg.state import (
    CANNOT_ATTACK,
    ELUDE,
    ENCOUNTER_DECK,
    ENGAGED,
    PLAY,
    SHADOWS,
    STAGING,
    TRAMPLE,
)
from lotr_rules.games.lcg.words_attacks import SEVERAL_DEFENDERS

if TYPE_CHECKING:
    from lotr_rules.games.lcg.game import LcgGame

NO_DEFENDER = Option("no defender (undefended)", None)
NO_MORE_DEFENDERS = Option("no more defenders", None)
DONE = Option("done", None)


# ---------------------------------------------------------------------- encounter phase
def encounter_phase(game: LcgGame) -> None:
    game.action_window("encounter begins")
    for player in game.turn_order():
        # an enemy that eludes optional engagement is not offered (it may still engage by a check)
        enemies = [e for e in staged_enemies(game) if not game.rule_holds(e, ELUDE)]
        if enemies and not game.state.eliminated[player]:
            options = [
                Option("engage no enemy", None),
                *(game.card_option(e, f"engage {game.card_name(e)}") for e in enemies),
            ]
            enemy = game.choose(player, "engage", "Engage an enemy from the staging area?", options)
            if enemy is not None:
                engage(game, player, enemy)
    game.action_window("after optional engagement")
    engagement_checks(game)
    game.action_window("encounter")


def staged_enemies(game: LcgGame) -> list[int]:
    return [c for c in game.z(STAGING) if game.records[c].type == "enemy"]


def engage(game: LcgGame, player: int, enemy: int) -> None:
    game.move(enemy, ENGAGED, player)
    game.log("engaged", player, game.card_name(enemy))
    triggers.fire(game, "engaged", player, enemy)


def engagement_checks(game: LcgGame) -> None:
    """In turn order, each player engages the staged enemy with the highest engagement cost at or
    below their threat; round after round until no enemy engages. An effect may cancel them
    (a stage that says no engagement checks are made)."""
    asked = "would check engagement" in game.listened
    if asked and triggers.fire(game, "would check engagement", game.state.first_player).cancelled:
        game.log("no engagement checks")
        return
    while True:
        engaged_any = False
        for player in game.turn_order():
            if game.state.eliminated[player]:
                continue
            threat = game.state.threat[player]
            eligible = [e for e in staged_enemies(game) if game.stat(e, "engagement_cost") <= threat]
            if not eligible:
                continue
            highest = max(game.stat(e, "engagement_cost") for e in eligible)
            tied = [e for e in eligible if game.stat(e, "engagement_cost") == highest]
            enemy = game.choose(
                player, "engagement tie", "Which enemy engages you?", [game.card_option(e) for e in tied]
            )
            engage(game, player, enemy)
            engaged_any = True
        if not engaged_any:
            return


# ---------------------------------------------------------------------- combat phase
def combat_phase(game: LcgGame) -> None:
    deal_shadow_cards(game)
    game.action_window("after dealing shadow cards")
    game.state.attacked.clear()
    for player in game.turn_order():
        while not game.state.eliminated[player]:
            waiting = [
                e for e in game.z(ENGAGED, player) if e not in game.state.attacked and not held_back(game, e, player)
            ]
            if not waiting:
                break
            options = [game.card_option(e, f"{game.card_name(e)} attacks") for e in waiting]
            enemy = game.choose(player, "enemy attack", "Which enemy attacks next?", options)
            game.action_window("before a defender is declared")
            if game.locate(enemy) == (ENGAGED, player) and not game.state.eliminated[player]:
                enemy_attack(game, player, enemy)
                game.action_window("after an enemy attack")
    game.action_window("after enemy attacks")
    for player in game.turn_order():
        if not game.state.eliminated[player]:
            player_attacks(game, player)
    game.action_window("after player attacks")
    for shadow in list(game.z(SHADOWS)):
        game.discard(shadow)
    game.state.attacked.clear()


def held_back(game: LcgGame, enemy: int, player: int) -> bool:
    """Whether the enemy cannot attack the player: held back for the phase, or by a card's
    lasting rule (an attachment's 'while attached { hold attached enemy }')."""
    return (enemy, player) in game.state.held_back or game.rule_holds(enemy, CANNOT_ATTACK)


def deal_shadow_cards(game: LcgGame) -> None:
    """One face-down card to each engaged enemy: the first player's enemies first, each player's
    in order of engagement cost, highest first. No reshuffle outside the quest phase. Then each
    player whose enemies were dealt one may answer it (RR "Combat Phase", step 1)."""
    _deal(game)
    if "shadows dealt" in game.listened:
        for player in game.turn_order():
            if any(game.engaged_with(enemy) == player for enemy in game.state.shadow_of.values()):
                triggers.fire(game, "shadows dealt", player)


def _deal(game: LcgGame) -> None:
    for player in game.turn_order():
        enemies = sorted(game.z(ENGAGED, player), key=lambda e: -game.stat(e, "engagement_cost"))
        for enemy in enemies:
            if not deal_one_shadow(game, enemy):
                return


def deal_one_shadow(game: LcgGame, enemy: int) -> bool:
    """The top encounter card face down to ``enemy`` as a shadow card; False when the deck is empty."""
    deck = game.z(ENCOUNTER_DECK)
    if not deck:
        return False
    shadow = deck[0]
    game.move(shadow, SHADOWS)
    game.state.shadow_of[shadow] = enemy
    game.log("shadow dealt", game.card_name(enemy))
    return True


def defenders(game: LcgGame, player: int) -> list[int]:
    """Ready characters of the attacked player, and ready Sentinel characters of the others."""
    own = [c for c in game.characters(player) if game.ready(c)]
    others = [
        c
        for p in game.turn_order()
        if p != player
        for c in game.characters(p)
        if game.ready(c) and game.records[c].sentinel
    ]
    # a character a card keeps from defending ('disarm' in a 'while' block) is never offered
    return [c for c in own + others if not words_objectives.disarmed(game, c)]


def enemy_attack(game: LcgGame, player: int, enemy: int) -> None:
    state = game.state
    state.attacked.add(enemy)
    game.attacking, game.defending = enemy, -1
    try:
        _resolve_attack(game, player, enemy)
        defenders_of_attack = (game.defending, *game.more_defenders)
        # what an effect set to wait for the end of this attack does ('at end of attack')
        words_entering.resolve_waiting(game, "attack ends")
    finally:
        game.attacking, game.defending = -1, -1
        game.more_defenders = []
    # (after the attack's own state is cleared: an answer may make another attack)
    words_timing.defence_resolved(game, player, enemy, defenders_of_attack)


def _resolve_attack(game: LcgGame, player: int, enemy: int) -> None:
    state = game.state
    if "attacks" in game.listened:
        # "when this attacks": as the attack begins, before the defender is declared
        triggers.fire(game, "attacks", player, enemy)
        if state.eliminated[player] or game.locate(enemy) != (ENGAGED, player):
            return
    options = [NO_DEFENDER, *(game.card_option(c, f"defend with {game.card_name(c)}") for c in defenders(game, player))]
    defender = game.choose(player, "defend", f"{game.card_name(enemy)} attacks: declare a defender", options, enemy)
    game.defending = -1 if defender is None else defender
    if defender is not None:
        words_standing.exhaust_defender(game, defender, enemy)
        game.log("defends", game.card_name(defender), game.card_name(enemy))
        triggers.fire(game, "defended", player, defender, source=enemy)
        more_defenders(game, player, enemy)
        game.action_window("after a defender is declared")
    for shadow in [s for s, e in sorted(state.shadow_of.items()) if e == enemy]:
        record = game.records[shadow]
        if game.locate(shadow)[0] != SHADOWS:
            continue  # an earlier effect discarded it
        game.log("shadow revealed", game.card_name(shadow))
        if record.shadow is not None:
            game.begin_action()
            # A rule of the defender's ('cancel-shadows') cancels it as it would resolve; else a
            # Response may cancel it before it resolves (RR "Cancel").
            if (
                words_shadows.cancels_shadow(game, player, shadow)
                or triggers.fire(game, "would shadow", player, shadow, source=shadow).cancelled
            ):
                game.log("cancelled", game.card_name(shadow), "shadow")
            else:
                record.shadow(game, player, shadow)
                game.check_lethal()
                if "shadow resolved" in game.listened and not state.finished:
                    triggers.fire(game, "shadow resolved", player, enemy, source=shadow)
    if state.eliminated[player] or game.locate(enemy) != (ENGAGED, player):
        return  # the shadow effect ended the attack
    attack = game.stat(enemy, "attack")
    if defender is not None:
        defended_damage(game, player, enemy, attack)
    else:
        heroes = game.heroes(player)
        if heroes and attack > 0:
            options = [game.card_option(h, f"{game.card_name(h)} takes {attack} damage") for h in heroes]
            prompt = f"Undefended attack of {attack}: which hero takes it?"
            hero = game.choose(player, "undefended", prompt, options, enemy)
            combat_damage(game, player, enemy, hero, attack)
    if not state.finished:
        triggers.fire(game, "attacked", player, enemy)


def more_defenders(game: LcgGame, player: int, enemy: int) -> None:
    """A player allowed several defenders this phase declares more, one at a time, after the
    first (RR "Defending": each must be a ready character it could declare)."""
    if (SEVERAL_DEFENDERS, player) not in game.state.permitted:
        return
    while not game.state.eliminated[player]:
        free = defenders(game, player)
        if not free:
            return
        options = [NO_MORE_DEFENDERS, *(game.card_option(c, f"also defend with {game.card_name(c)}") for c in free)]
        prompt = f"{game.card_name(enemy)} attacks: declare another defender?"
        defender = game.choose(player, "more defenders", prompt, options, enemy)
        if defender is None:
            return
        words_standing.exhaust_defender(game, defender, enemy)
        game.more_defenders = [*game.more_defenders, defender]  # a new list: a copy of the game keeps its own
        game.log("defends", game.card_name(defender), game.card_name(enemy))
        triggers.fire(game, "defended", player, defender, source=enemy)


def defended_damage(game: LcgGame, player: int, enemy: int, attack: int) -> None:
    """The defenders still in play take the attack less their defense, added up; with several,
    all of that damage goes on the one the defending player chooses (the FAQ's ruling on
    several defenders)."""
    standing = [c for c in (game.defending, *game.more_defenders) if game.locate(c)[0] == PLAY]
    if not standing:
        return
    damage = attack - sum(game.stat(c, "defense") for c in standing)
    if damage <= 0:
        return
    options = [game.card_option(c, f"{game.card_name(c)} takes {damage} damage") for c in standing]
    prompt = f"{damage} damage from {game.card_name(enemy)}: which defender takes it?"
    taker = game.choose(player, "defender damage", prompt, options, enemy)
    combat_damage(game, player, enemy, taker, damage)


def combat_damage(game: LcgGame, player: int, enemy: int, character: int, damage: int) -> None:
    """An enemy's attack damages a character; an enemy that tramples turns the damage beyond
    the character's remaining hit points into threat for the attacked player."""
    excess = damage - game.remaining_hit_points(character)
    destroyed = game.deal_damage(character, damage, enemy)
    # only damage that destroyed the character went beyond it (a Response may have lowered it)
    if destroyed and excess > 0 and game.rule_holds(enemy, TRAMPLE) and not game.state.eliminated[player]:
        game.log("threat from excess damage", game.card_name(enemy), excess)
        game.raise_threat(player, excess)


def attack_targets(game: LcgGame, player: int, done: set[int]) -> list[int]:
    ready = [c for c in game.characters(player) if game.ready(c) and not words_objectives.disarmed(game, c)]
    if not ready:
        return []
    targets = [e for e in game.z(ENGAGED, player) if e not in done]
    if any(game.records[c].ranged for c in ready):
        targets += [e for p in game.turn_order() if p != player for e in game.z(ENGAGED, p) if e not in done]
    if any(game.records[c].attacks_staging_alone for c in ready):
        targets += [e for e in staged_enemies(game) if e not in done]
    return targets


def may_attack(game: LcgGame, player: int, character: int, enemy: int) -> bool:
    """Whether a character of the player may attack this enemy: one engaged with the player; a
    Ranged one, an enemy engaged with another player (RR "Ranged"); one allowed to, an enemy in
    the staging area."""
    where, who = game.locate(enemy)
    record = game.records[character]
    if words_objectives.disarmed(game, character):
        return False  # a card keeps it from attacking ('disarm')
    if where == STAGING:
        return record.attacks_staging_alone
    return where == ENGAGED and (who == player or record.ranged)


def attack_strength(game: LcgGame, attackers: list[int], enemy: int) -> int:
    """The attack these characters would have, added up, in an attack against this enemy (a
    stat may depend on the enemy attacked): a measure for agents weighing an attack."""
    target, declared = game.attack_target, game.declared_attackers
    game.attack_target, game.declared_attackers = enemy, list(attackers)
    try:
        return sum(game.stat(c, "attack") for c in attackers)
    finally:
        game.attack_target, game.declared_attackers = target, declared


def player_attacks(game: LcgGame, player: int) -> None:
    """The player declares attacks one enemy at a time: a target, then one or more attackers."""
    done: set[int] = set()
    while not game.state.eliminated[player]:
        targets = attack_targets(game, player, done)
        if not targets:
            return
        options = [
            Option("no more attacks", None),
            *(game.card_option(e, f"attack {game.card_name(e)}") for e in targets),
        ]
        enemy = game.choose(player, "attack", "Attack an enemy?", options)
        if enemy is None:
            return
        done.add(enemy)
        where = game.locate(enemy)[0]
        attackers: list[int] = []
        # for agents weighing whether to add another, and for stats that depend on the attack
        game.declared_attackers, game.attack_target = attackers, enemy
        try:
            _declare_and_resolve(game, player, enemy, where, attackers)
        finally:
            game.declared_attackers, game.attack_target = [], -1


def _declare_and_resolve(game: LcgGame, player: int, enemy: int, where: str, attackers: list[int]) -> None:
    """Attackers declared one at a time (against an enemy in the staging area: one only), then
    the action window and the attack's damage, if the enemy is still where it was."""
    while True:
        free = [c for c in game.characters(player) if game.ready(c) and may_attack(game, player, c, enemy)]
        if not free or (where == STAGING and attackers):
            break
        options = [DONE] if attackers else []
        options += [game.card_option(c, f"attack with {game.card_name(c)}") for c in free]
        attacker = game.choose(player, "attackers", f"Who attacks {game.card_name(enemy)}?", options, enemy)
        if attacker is None:
            break
        game.state.exhausted.add(attacker)
        attackers.append(attacker)
    if not attackers:
        return
    game.action_window("after attackers are declared")
    if game.locate(enemy)[0] != where:
        return  # an action removed the enemy before the damage
    resolve_player_attack(game, player, enemy, attackers)
    game.declared_attackers, game.attack_target = [], -1  # the attack is over
    game.action_window("after an attack")


def resolve_player_attack(game: LcgGame, player: int, enemy: int, attackers: list[int]) -> None:
    """The declared attackers still in play deal their attack less the enemy's defense; if that
    destroys the enemy, each of them has taken part in an attack that destroyed it."""
    attackers = [c for c in attackers if game.locate(c)[0] == PLAY]
    target, declared = game.attack_target, game.declared_attackers
    # the attack's own stats read the enemy attacked and the characters attacking it
    game.attack_target, game.declared_attackers = enemy, attackers
    try:
        total = sum(game.stat(c, "attack") for c in attackers)
        game.log("attacks", player, [game.card_name(c) for c in attackers], game.card_name(enemy), total)
        destroyed = game.deal_damage(enemy, total - game.stat(enemy, "defense"))
    finally:
        game.attack_target, game.declared_attackers = target, declared
    if destroyed:
        for attacker in attackers:
            triggers.fire(game, "won attack", player, attacker, source=enemy)
