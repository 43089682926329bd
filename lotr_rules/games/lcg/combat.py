"""The encounter and combat phases: engagement, shadow cards, enemy attacks, player attacks.

Functions of the game rather than methods, so that :mod:`.game` stays about the round and this
module about fighting. The order of everything follows the published rules; where they leave a
choice to the players, it is a decision of the player concerned.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from lotr_rules.engine.decisions import Option
from lotr_rules.games.lcg import triggers
from lotr_rules.games.lcg.state import CANNOT_ATTACK, ENCOUNTER_DECK, ENGAGED, SHADOWS, STAGING

if TYPE_CHECKING:
    from lotr_rules.games.lcg.game import LcgGame

NO_DEFENDER = Option("no defender (undefended)", None)
DONE = Option("done", None)


# ---------------------------------------------------------------------- encounter phase
def encounter_phase(game: LcgGame) -> None:
    game.action_window("encounter begins")
    for player in game.turn_order():
        enemies = staged_enemies(game)
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
    below their threat; round after round until no enemy engages."""
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
            deck = game.z(ENCOUNTER_DECK)
            if not deck:
                return
            shadow = deck[0]
            game.move(shadow, SHADOWS)
            game.state.shadow_of[shadow] = enemy
            game.log("shadow dealt", game.card_name(enemy))


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
    return own + others


def enemy_attack(game: LcgGame, player: int, enemy: int) -> None:
    state = game.state
    state.attacked.add(enemy)
    game.attacking, game.defending = enemy, -1
    try:
        _resolve_attack(game, player, enemy)
    finally:
        game.attacking, game.defending = -1, -1


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
        state.exhausted.add(defender)
        game.log("defends", game.card_name(defender), game.card_name(enemy))
        triggers.fire(game, "defended", player, defender, source=enemy)
        game.action_window("after a defender is declared")
    for shadow in [s for s, e in sorted(state.shadow_of.items()) if e == enemy]:
        record = game.records[shadow]
        if game.locate(shadow)[0] != SHADOWS:
            continue  # an earlier effect discarded it
        game.log("shadow revealed", record.name)
        if record.shadow is not None:
            game.begin_action()
            # A Response may cancel the shadow effect before it resolves (RR "Cancel").
            if triggers.fire(game, "would shadow", player, shadow, source=shadow).cancelled:
                game.log("cancelled", record.name, "shadow")
            else:
                record.shadow(game, player, shadow)
                game.check_lethal()
    if state.eliminated[player] or game.locate(enemy) != (ENGAGED, player):
        return  # the shadow effect ended the attack
    attack = game.stat(enemy, "attack")
    if defender is not None:
        if game.locate(defender)[0] == "play area":
            game.deal_damage(defender, attack - game.stat(defender, "defense"), enemy)
    else:
        heroes = game.heroes(player)
        if heroes and attack > 0:
            options = [game.card_option(h, f"{game.card_name(h)} takes {attack} damage") for h in heroes]
            prompt = f"Undefended attack of {attack}: which hero takes it?"
            hero = game.choose(player, "undefended", prompt, options, enemy)
            game.deal_damage(hero, attack, enemy)
    if not state.finished:
        triggers.fire(game, "attacked", player, enemy)


def attack_targets(game: LcgGame, player: int, done: set[int]) -> list[int]:
    ready = [c for c in game.characters(player) if game.ready(c)]
    if not ready:
        return []
    targets = [e for e in game.z(ENGAGED, player) if e not in done]
    if any(game.records[c].ranged for c in ready):
        targets += [e for p in game.turn_order() if p != player for e in game.z(ENGAGED, p) if e not in done]
    return targets


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
        ranged_only = game.engaged_with(enemy) != player
        attackers: list[int] = []
        game.declared_attackers = attackers  # for agents weighing whether to add another
        while True:
            free = [c for c in game.characters(player) if game.ready(c) and (game.records[c].ranged or not ranged_only)]
            if not free:
                break
            options = [DONE] if attackers else []
            options += [game.card_option(c, f"attack with {game.card_name(c)}") for c in free]
            attacker = game.choose(player, "attackers", f"Who attacks {game.card_name(enemy)}?", options, enemy)
            if attacker is None:
                break
            game.state.exhausted.add(attacker)
            attackers.append(attacker)
        game.declared_attackers = []
        if not attackers:
            continue
        game.action_window("after attackers are declared")
        if game.locate(enemy)[0] != ENGAGED:
            continue  # an action removed the enemy before the damage
        resolve_player_attack(game, player, enemy, attackers)
        game.action_window("after an attack")


def resolve_player_attack(game: LcgGame, player: int, enemy: int, attackers: list[int]) -> None:
    """The declared attackers still in play deal their attack less the enemy's defense; if that
    destroys the enemy, each of them has taken part in an attack that destroyed it."""
    attackers = [c for c in attackers if game.locate(c)[0] == "play area"]
    total = sum(game.stat(c, "attack") for c in attackers)
    game.log("attacks", player, [game.card_name(c) for c in attackers], game.card_name(enemy), total)
    if game.deal_damage(enemy, total - game.stat(enemy, "defense")):
        for attacker in attackers:
            triggers.fire(game, "won attack", player, attacker, source=enemy)
