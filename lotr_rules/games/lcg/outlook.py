"""How well the players stand, as one number, and what an action would do to it.

The heuristic bot cannot read a card's script, so it judges an event or a card's Action by its
result: it plays the action on a copy of the game (its own decisions there made by the plain
heuristic, with no further look-ahead) and compares the table before and after. The number
weighs what the players keep (characters, cards in hand, resources, progress) against what
threatens them (threat, enemies, the staging area), so that an action that kills an enemy,
heals a hero, lowers threat or puts a character into play scores above one that costs a card
and resources for nothing.
"""

from __future__ import annotations

import contextlib
import copy
from collections.abc import Callable
from typing import Any

from lotr_rules.engine.context import Ctx
from lotr_rules.engine.decisions import Agent
from lotr_rules.engine.game import GameOver
from lotr_rules.games.lcg import triggers
from lotr_rules.games.lcg.game import RESOLVED, STAGED, LcgGame
from lotr_rules.games.lcg.record import LcgEvent
from lotr_rules.games.lcg.state import ACTIVE, ENGAGED, HAND, PLAY, QUEST, STAGING, VICTORY

__all__ = ["after", "after_option", "outlook", "ready_after_committing", "wins_if_defeated"]

#: a won or lost game outweighs anything on the table
DECIDED = 1000.0
#: weights of the outlook, in "cards in hand"
HAND_CARD = 1.0
RESOURCE = 0.7
THREAT = 0.6
PROGRESS = 1.2
HERO = 8.0
HERO_HIT_POINT = 1.0
ALLY = 2.0
READY_THREATENED = 1.5
READY_QUIET = 0.3
COMMITTED_WILLPOWER = 1.2
#: an objective the players hold while the quest stage waits for it: a scenario that has them
#: cannot be won without them, so one is worth its claiming cost in threat and more. Counted
#: only then: claimed as soon as their guards were gone, the bot lasted 2.5 rounds of Escape
#: from Dol Guldur alone with the leadership deck instead of 3.5, and left its first stage no
#: more often (100 seeded games). Counted too once the staging step is done when the quest about
#: to resolve fills the stage (claimed then, the stage falls this round, not the next): over 300
#: seeded games of each of nine line-ups (the four starter decks and leadership-spirit alone,
#: four pairs), the bot left the first stage in 102 games instead of 34 (leadership and spirit
#: together: 36 instead of 6), and still won none
OBJECTIVE = 6.0
#: a point of attack or defense of a ready character while engaged enemies are fought
FIGHTING = 0.7


def outlook(game: LcgGame) -> float:
    """The players' standing as one number: higher is better for all of them.

    Characters count by their printed stats, so that a boost lasting only to the end of the
    phase is worth something only where that phase uses it: committed willpower while the
    players quest, attack and defense of ready characters in the combat phase."""
    state = game.state
    if state.finished:
        return DECIDED if state.result.get("won") else -DECIDED
    # (the game's readers are inlined here: the bot works this out for every move it tries; every
    # term is added in the same order as ever, so the sums come out to the same last bit)
    fighting = state.phase == "combat"
    zones = state.zones
    records = game.records
    damage = state.damage
    resources = state.resources
    exhausted = state.exhausted
    stat = game.stat
    score = 0.0
    enemies = [c for c in zones[(STAGING, -1)] if records[c].type == "enemy"]
    refresh = state.phase == "refresh"
    for player in game.active_players():
        engaged = zones[(ENGAGED, player)]
        enemies.extend(engaged)
        # in the refresh phase every card is about to ready anyway
        ready_value = 0.0 if refresh else READY_THREATENED if engaged else READY_QUIET
        score -= THREAT * state.threat[player]
        score += HAND_CARD * len(zones[(HAND, player)])
        for card in zones[(PLAY, player)]:
            record = records[card]
            kind = record.type
            if kind != "hero" and kind != "ally":
                continue  # (characters only)
            hero = kind == "hero"
            score += HERO if hero else ALLY
            score += 0.5 * (record.willpower + record.attack + record.defense)
            # a hero lost may lose the game: its hit points count double an ally's
            score += (HERO_HIT_POINT if hero else 0.5) * (stat(card, "hit_points") - damage.get(card, 0))
            score += RESOURCE * resources.get(card, 0)
            if card not in exhausted:
                score += ready_value
                if fighting and engaged:
                    score += FIGHTING * (stat(card, "attack") + stat(card, "defense"))
    for enemy in enemies:
        if fighting and any(e == enemy for e, _ in state.held_back):
            attack = 0  # held back for this phase: worth something only in the combat phase
        else:
            attack = stat(enemy, "attack") if fighting else records[enemy].attack
        score -= attack + 0.5 * (stat(enemy, "hit_points") - damage.get(enemy, 0))
    score -= game.staging_threat()
    for card in (*zones[(ACTIVE, -1)], *zones[(QUEST, -1)]):
        score += PROGRESS * state.progress.get(card, 0)
    score += 2.0 * len(zones[(VICTORY, -1)])
    if _held_up(game):
        held = [a for a, host in state.attached_to.items() if records[a].type == "objective" and game.owners[host] >= 0]
        score += OBJECTIVE * len(held)
    if state.committed and game.quest_step != RESOLVED:
        # (once the quest is resolved, the characters still committed count for nothing more)
        score += COMMITTED_WILLPOWER * game.committed_willpower()
    return score


def _held_up(game: LcgGame) -> bool:
    """Whether the current quest stage has all its progress and is still there, or will have
    it once this quest phase's quest is resolved: a stage that asks for objectives holds the
    players so, and only then is an objective worth its cost (claimed earlier, it only costs
    threat, and some cost more every round). Claimed before the quest is resolved, the stage
    is defeated this round rather than the next one."""
    stages = game.z(QUEST)
    if not stages:
        return False
    stage = stages[0]
    return game.state.progress.get(stage, 0) + _progress_coming(game) >= game.stat(stage, "quest_points")


def _progress_coming(game: LcgGame) -> int:
    """The progress the quest stage gets when this quest phase's quest is resolved, as the
    table stands now that the staging step is done: the willpower committed beyond the staging
    area's threat, less what the active location takes first (none before the staging step,
    whose cards are still to come, nor once the quest is resolved)."""
    state = game.state
    if state.phase != "quest" or game.quest_step != STAGED or not state.committed:
        return 0
    coming = game.committed_willpower() - game.staging_threat()
    for location in game.z(ACTIVE):
        coming -= max(game.stat(location, "quest_points") - state.progress.get(location, 0), 0)
    return max(coming, 0)


def _trial_copy(game: LcgGame, agent: Callable[[int], Agent]) -> LcgGame:
    """A copy of the game to try a move on: ``agent(seat)`` answers its decisions, and nothing
    is watched or replayed there."""
    twin = game.copy([agent(seat) for seat in range(len(game.agents))])
    twin.on_decision = None
    twin.replay_queue.clear()
    return twin


def after(game: LcgGame, player: int, value: Any, agent: Callable[[int], Agent]) -> float:
    """The outlook once ``player`` has taken the action window option ``value`` (an event played
    or a card's Action used), worked out on a copy of the game; ``agent(seat)`` makes the agents
    that answer the copy's decisions."""
    twin = _trial_copy(game, agent)
    try:
        twin.begin_action()
        if value[0] == "ability":
            triggers.use_action(twin, player, value[1], value[2])
        else:
            twin.play(player, *value)
    except GameOver:
        pass
    return outlook(twin)


def ready_after_committing(game: LcgGame, player: int, card: int, agent: Callable[[int], Agent]) -> bool:
    """Whether ``card``, committed to the quest now, is ready again once the responses to its
    committing have resolved (a hero that may pay to ready himself): worked out on a copy of the
    game, whose decisions ``agent(seat)`` answers."""
    # Most characters have nothing that answers their committing: that is checked on the game
    # itself, with the card exhausted and committed for the time of the check only (new sets, so
    # that the game's own are left exactly as they were), and the copy is made only when some
    # ability could answer.
    state = game.state
    exhausted, committed = state.exhausted, state.committed
    state.exhausted, state.committed = exhausted | {card}, committed | {card}
    try:
        answered = triggers.answerable(game, LcgEvent("committed", player, card))
    finally:
        state.exhausted, state.committed = exhausted, committed
    if not answered:
        return False  # exhausted by committing, and nothing readies it
    twin = _trial_copy(game, agent)
    try:
        twin.state.exhausted.add(card)
        twin.state.committed.add(card)
        triggers.fire(twin, "committed", player, card)
    except GameOver:
        return False
    return twin.ready(card)


def after_option(
    game: LcgGame, player: int, source: int, effect: Callable[[Ctx], None], agent: Callable[[int], Agent]
) -> float:
    """The outlook once ``player`` has picked the option whose effect is ``effect`` of a card's
    "choose one" (``source``'s ability), worked out on a copy of the game. The event the
    ability answers is copied too, so that an option that cancels it cancels only the copy's."""
    twin = _trial_copy(game, agent)
    if game.answering is not None:
        twin.answering = copy.copy(game.answering)
    with contextlib.suppress(GameOver):
        effect(Ctx(twin, player, source))
    return outlook(twin)


def wins_if_defeated(game: LcgGame, enemy: int, agent: Callable[[int], Agent]) -> bool:
    """Whether destroying ``enemy`` would win the game now (a quest stage won only by defeating
    that enemy): worked out on a copy of the game, where the enemy, brought into the staging
    area if it is not in play, is destroyed."""
    twin = _trial_copy(game, agent)
    try:
        if twin.locate(enemy)[0] not in (STAGING, ENGAGED):
            twin.move(enemy, STAGING)
        twin.destroy(enemy)
    except GameOver:
        pass
    return bool(twin.state.finished and twin.state.result.get("won"))
