"""A player's plan for the rest of the round: who quests, who defends which enemy's attack, who
attacks which enemy.

The heuristic bot decides one thing at a time (commit this character, defend this attack), but
those decisions compete for the same characters: one committed to the quest cannot defend, one
that defends cannot attack. Taken alone, each looks best done with the strongest character, and
the bot used to keep its best characters back to defend every attack and have no one left to
attack: engaged enemies piled up round after round. The plan weighs the round as a whole: for
each set of engaged enemies the ready characters could destroy this round, it picks the cheapest
attackers, lets the rest defend or take each attack as costs least, sends the rest to the quest,
and scores the whole by what it gains (enemies destroyed, willpower) against what it costs
(damage, characters destroyed). Only public measures are read: stats as they are now, the
damage taken, the staging area's threat.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations
from typing import NamedTuple

import attrs

from lotr_rules.games.lcg import words_objectives
from lotr_rules.games.lcg.game import LcgGame
from lotr_rules.games.lcg.state import ENGAGED, QUEST, STAGING

__all__ = ["Plan", "QuestNeed", "best_plan", "coming_enemies", "stage_held"]

#: what losing a hero costs, in the plan's units (about a point of damage on a hero): solo, a
#: hero lost is a third of the table and of the resources, and most games end with all of them
HERO_LOST = 30.0
#: a point of damage a hero takes and survives (hit points are not healed by most decks)
HERO_DAMAGE = 1.5
#: a point of damage an ally takes and survives
ALLY_DAMAGE = 0.5
#: an ally destroyed: what it cost to play and what it adds each round
ALLY_LOST = 2.0
#: an enemy destroyed: a base, plus its attack for each round it would otherwise attack again
KILL_BASE = 3.0
KILL_ROUNDS = 2.0
#: a point of willpower committed up to what the quest needs, and beyond it
QUEST_NEEDED = 1.2
QUEST_EXTRA = 0.3
#: how many enemies the plan may set out to destroy in one round, and how many attackers it tries
#: for one set of them (the rest would not change the choice and cost time on every decision)
MOST_TARGETS = 2
MOST_ATTACKERS = 4
#: an enemy the quest stage is held on (the stage has all its progress and is still there, its
#: text keeping it while such an enemy is in play) is worth wearing down over several rounds
#: when it cannot be destroyed in one: each point of damage dealt is worth this share of what
#: destroying it is worth, for each of its hit points (the game cannot go on without it gone)
WEAR_DOWN = 2.0


@attrs.frozen
class QuestNeed:
    """What the quest asks of the player: the willpower already committed and the willpower the
    bot wants committed in all; characters that ready once committed quest for nothing."""

    committed: int
    needed: int
    free_questers: frozenset[int] = frozenset()


@attrs.frozen
class Plan:
    #: characters sent to the quest, best willpower first
    questers: tuple[int, ...]
    #: enemy -> its defender (-1: undefended)
    defender_of: dict[int, int]
    #: the enemies the plan sets out to destroy, and who attacks each
    groups: dict[int, frozenset[int]]
    score: float


# (named tuples rather than attrs classes: the bot weighs its plans at every decision of a
# fight, and a tuple is the cheapest record to make)
class _Enemy(NamedTuple):
    card: int
    #: the attack it is expected to make this round (a face-down shadow card counted as one more)
    attack: int
    defense: int
    hit_points: int
    #: whether it attacks the player this round
    attacks: bool
    #: whether the player's characters may attack it in this combat phase
    attackable: bool


def coming_enemies(game: LcgGame, player: int, *, before_staging: bool) -> list[int]:
    """The enemies that will attack the player this round, as far as the player can tell: those
    engaged with them, and (while the quest has not yet been resolved) those in the staging area
    whose engagement cost the player's threat reaches."""
    engaged = list(game.z(ENGAGED, player))
    if not before_staging:
        return engaged
    threat = game.state.threat[player]
    staged = [c for c in game.z(STAGING) if game.records[c].type == "enemy"]
    return engaged + [e for e in staged if game.stat(e, "engagement_cost") <= threat]


def best_plan(
    game: LcgGame,
    player: int,
    characters: Sequence[int],
    enemies: Sequence[int],
    quest: QuestNeed | None,
    attacking: Sequence[int] | None = None,
) -> Plan:
    """The best plan for these ready characters against these enemies. ``quest`` is None once
    the quest is over (no one can be sent to it). ``attacking`` lists enemies among ``enemies``
    that still attack the player this round (None: all of them)."""
    attack_order = set(enemies if attacking is None else attacking)
    foes = [_enemy(game, player, e, e in attack_order) for e in enemies]
    stats = {c: _Stats.of(game, c) for c in characters}
    attackable = [f for f in foes if f.attackable]
    # undefended damage may go on any hero, ready or not (read once: the game does not change
    # while the plans are weighed)
    hero_hp = {h: game.remaining_hit_points(h) for h in game.heroes(player)}
    best: Plan | None = None
    for foe in attackable if stage_held(game) else ():
        for group in _wearing_groups(game, list(characters), stats, foe):
            damage = sum(stats[c].attack for c in group) - foe.defense
            gain = WEAR_DOWN * _kill_value(foe) * min(damage, foe.hit_points) / max(foe.hit_points, 1)
            plan = _complete(hero_hp, stats, foes, {foe.card: group}, gain, quest)
            if best is None or plan.score > best.score:
                best = plan
    for size in range(min(MOST_TARGETS, len(attackable)) + 1):
        for targets in combinations(attackable, size):
            gain = sum(_kill_value(t) for t in targets)
            groups = _killers(game, list(characters), stats, targets, quest)
            if groups is not None:
                plan = _complete(hero_hp, stats, foes, groups, gain, quest)
                if best is None or plan.score > best.score:
                    best = plan
    assert best is not None  # the empty target set always gives a plan
    return best


def stage_held(game: LcgGame) -> bool:
    """Whether the quest stage in play has all the progress it needs and is still there: its
    text keeps it while some enemy is in play, and only that enemy's end lets the game go on."""
    stages = game.z(QUEST)
    if not stages:
        return False
    points = game.stat(stages[0], "quest_points")
    return points > 0 and game.state.progress.get(stages[0], 0) >= points


def _wearing_groups(
    game: LcgGame, characters: list[int], stats: dict[int, _Stats], target: _Enemy
) -> list[frozenset[int]]:
    """The groups of characters that damage ``target`` without destroying it in one attack (the
    groups that do are the plans' ordinary targets)."""
    able = [c for c in characters if stats[c].attack > 0 and not words_objectives.disarmed(game, c)]
    groups = []
    for size in range(1, min(MOST_ATTACKERS, len(able)) + 1):
        for group in combinations(able, size):
            damage = sum(stats[c].attack for c in group) - target.defense
            if 0 < damage < target.hit_points:
                groups.append(frozenset(group))
    return groups


def _kill_value(foe: _Enemy) -> float:
    return KILL_BASE + KILL_ROUNDS * foe.attack


class _Stats(NamedTuple):
    willpower: int
    attack: int
    defense: int
    hit_points: int
    hero: bool
    cost: int

    @classmethod
    def of(cls, game: LcgGame, card: int) -> _Stats:
        record = game.records[card]
        return cls(
            willpower=game.stat(card, "willpower"),
            attack=game.stat(card, "attack"),
            defense=game.stat(card, "defense"),
            hit_points=game.remaining_hit_points(card),
            hero=record.type == "hero",
            cost=record.cost,
        )


def _enemy(game: LcgGame, player: int, enemy: int, attacks: bool) -> _Enemy:
    attack = game.stat(enemy, "attack")
    where, who = game.locate(enemy)
    if where == STAGING or enemy in game.state.shadow_of.values():
        attack += 1  # a shadow card is dealt or will be: most add attack
    return _Enemy(
        card=enemy,
        attack=attack,
        defense=game.stat(enemy, "defense"),
        hit_points=game.remaining_hit_points(enemy),
        attacks=attacks,
        attackable=where == STAGING or (where == ENGAGED and who == player),
    )


def _killers(
    game: LcgGame,
    characters: list[int],
    stats: dict[int, _Stats],
    targets: tuple[_Enemy, ...],
    quest: QuestNeed | None,
) -> dict[int, frozenset[int]] | None:
    """For each target, the cheapest group of characters that destroys it in one attack (what a
    character costs: what it would add to the quest and to the defense); None when some target
    cannot be destroyed. Characters that ready after committing are free
    for attacks as for the quest."""
    free = quest.free_questers if quest is not None else frozenset()
    groups: dict[int, frozenset[int]] = {}
    used: set[int] = set()
    for target in sorted(targets, key=lambda t: -t.hit_points):
        group = _cheapest_group(game, [c for c in characters if c not in used], stats, target, free)
        if group is None:
            return None
        groups[target.card] = group
        used |= group
    return groups


def _cheapest_group(
    game: LcgGame,
    characters: list[int],
    stats: dict[int, _Stats],
    target: _Enemy,
    free: frozenset[int],
) -> frozenset[int] | None:
    # (an enemy still in the staging area is engaged by the time the players attack)
    able = [c for c in characters if not words_objectives.disarmed(game, c)]
    best: tuple[float, frozenset[int]] | None = None
    for size in range(1, min(MOST_ATTACKERS, len(able)) + 1):
        for group in combinations(able, size):
            power = sum(stats[c].attack for c in group)
            if power - target.defense < target.hit_points:
                continue
            cost = sum(0.0 if c in free else stats[c].willpower + stats[c].defense + 0.1 for c in group)
            if best is None or cost < best[0]:
                best = (cost, frozenset(group))
        if best is not None:
            break  # fewer attackers first: a larger group only costs more
    return best[1] if best else None


def _complete(
    heroes_hit_points: dict[int, int],
    stats: dict[int, _Stats],
    foes: list[_Enemy],
    groups: dict[int, frozenset[int]],
    gain: float,
    quest: QuestNeed | None,
) -> Plan:
    """The plan with these attackers: each attack (strongest first) met the cheapest way by the
    rest, the rest sent to the quest, and the whole scored."""
    attackers = frozenset(c for group in groups.values() for c in group)
    free = quest.free_questers if quest is not None else frozenset()
    # a character that readies after committing quests and still fights
    available = [c for c in stats if c not in attackers or c in free]
    hero_hp = dict(heroes_hit_points)  # (this plan's undefended damage is taken from it)
    defender_of: dict[int, int] = {}
    score = gain
    for foe in sorted((f for f in foes if f.attacks), key=lambda f: -f.attack):
        choice, cost = -1, _undefended_cost(foe.attack, hero_hp)
        for c in available:
            if c in defender_of.values():
                continue
            s = stats[c]
            taken = max(foe.attack - s.defense, 0)
            lost = 0.0 if quest is None or c in free else QUEST_NEEDED * s.willpower
            if taken >= s.hit_points:
                option = (HERO_LOST if s.hero else ALLY_LOST + s.cost) + lost
            else:
                option = _damage_cost(s.hero, taken) + lost
            if option < cost:
                choice, cost = c, option
        defender_of[foe.card] = choice
        score -= cost
        if choice < 0 and hero_hp:
            taker = max(hero_hp, key=lambda h: hero_hp[h])
            hero_hp[taker] -= foe.attack
    questers: tuple[int, ...] = ()
    if quest is not None:
        fighting = set(defender_of.values()) | attackers
        questers = tuple(
            sorted(
                (c for c in stats if (c not in fighting or c in free) and stats[c].willpower > 0),
                key=lambda c: (-stats[c].willpower, c),
            )
        )
        total = quest.committed + sum(stats[c].willpower for c in questers)
        score += QUEST_NEEDED * min(total, quest.needed) + QUEST_EXTRA * max(total - quest.needed, 0)
    return Plan(
        questers=questers,
        defender_of=defender_of,
        groups=groups,
        score=score,
    )


def _undefended_cost(attack: int, hero_hp: dict[int, int]) -> float:
    """An attack no one defends: its damage on the hero with the most hit points left."""
    if attack <= 0:
        return 0.0
    if not hero_hp:
        return HERO_LOST
    most = max(hero_hp.values())
    return HERO_LOST if attack >= most else _damage_cost(True, attack)


def _damage_cost(hero: bool, damage: int) -> float:
    """Damage a character survives: a hero's counts more."""
    return damage * (HERO_DAMAGE if hero else ALLY_DAMAGE)
