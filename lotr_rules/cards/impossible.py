"""Impossible Mode as data: which rules it changes, and whose Impossible Archenemies are met.

Each set says in its manifest which of the known rule changes its Impossible Mode makes
(``impossible_mode = [...]``): The Two Towers' makes three, The Fellowship of the Ring's one
(destroyed Corruptions go back to their stack). A game in Impossible Mode uses one set's pack of
Impossible Archenemies, and that set's rule changes.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from lotr_rules.cards.catalogue import SetInfo
from lotr_rules.engine.cards import CardDef

#: a destroyed Corruption goes back onto the Corruption stack instead of leaving the game
CORRUPTION_RETURNS = "destroyed corruptions return"
#: a player may play a Defense for the player on their right when a Path card Ambushes them
DEFEND_YOUR_RIGHT = "defend the player to your right"
#: the game ends with every player losing when The Wall deck runs out
WALL_DEPLETED_EVERYONE_LOSES = "everyone loses when the wall runs out"
RULES = (CORRUPTION_RETURNS, DEFEND_YOUR_RIGHT, WALL_DEPLETED_EVERYONE_LOSES)
#: the change every Impossible Mode makes: what a game in Impossible Mode keeps when no set in
#: play has Impossible Archenemies
COMMON = frozenset({CORRUPTION_RETURNS})


def read_rules(data: object) -> tuple[tuple[str, ...], str]:
    """The ``impossible_mode`` list of a manifest, or a message saying what is wrong with it."""
    if not isinstance(data, list) or not all(isinstance(rule, str) for rule in data):
        return (), "manifest 'impossible_mode' must be a list of rule changes"
    unknown = [rule for rule in data if rule not in RULES]
    if unknown:
        return (), f"manifest 'impossible_mode' has unknown rule changes {unknown}; known: {', '.join(RULES)}"
    return tuple(data), ""


def impossible_set(
    sets: Sequence[str], archenemies: Sequence[CardDef], impossible: Sequence[CardDef]
) -> str | None:
    """The set whose Impossible Archenemies a game in Impossible Mode meets: the set of the regular
    Archenemies the game would use, when it has a pack; else the first set in play that has one;
    None when no set in play has one."""
    with_pack = {card.set_code for card in impossible}
    for card in archenemies:
        if card.set_code in with_pack:
            return card.set_code
    return next((code for code in sets if code in with_pack), None)


def counters(rules: frozenset[str]) -> dict[str, int]:
    """The state counters that tell the rules which changes are on (one per known change)."""
    return {counter_name(rule): int(rule in rules) for rule in RULES}


def counter_name(rule: str) -> str:
    return f"impossible: {rule}"


def rules_of(code: str | None, infos: Mapping[str, SetInfo]) -> frozenset[str]:
    """The rule changes of ``code``'s Impossible Mode (the common one when there is no such set)."""
    info = infos.get(code) if code is not None else None
    return frozenset(info.impossible_mode) if info is not None else COMMON
