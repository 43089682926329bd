"""Strategies for the Adventure Deck: agents that walk the quest deck by a rule of thumb.

They see what a player at the table sees: the location's ways, the counters on the play mat, how
many cards are left, and (counting the cards already passed) what the rest of the deck holds.

- ``shortest`` always takes the shortest way;
- ``longest`` always takes the longest way;
- ``adaptive`` keeps the pace the deck and the turn track need and weighs each way's likely
  Attack against the health it has left, puts on the Ring to survive a step that would likely
  kill, uses weapons on the worst cards, rests when badly hurt and time allows, and searches back
  for a searchable card (Aragorn) when the Witch Kings are close;
- ``random`` picks among the options at random (for property tests).

All but ``random`` share the same sense for the smaller choices (the Ring only against a likely
lethal step, weapons and aid on the worst cards, resting when hurt), so the strategies differ in
the one choice that matters most: how far to go each turn.
"""

from __future__ import annotations

import math
from typing import Any

from lotr_rules.engine.decisions import DecisionRequest
from lotr_rules.engine.game import Game
from lotr_rules.engine.rng import Rng
from lotr_rules.games.adventure import game as rules
from lotr_rules.games.adventure import track


def _adventure(game: Game) -> rules.AdventureGame:
    assert isinstance(game, rules.AdventureGame)
    return game


def mean_aggression(game: rules.AdventureGame) -> float:
    """The average aggression of the cards still on the quest deck."""
    deck = game.z(rules.QUEST_DECK)
    if not deck:
        return 0.0
    total: int = sum(game.cards[card].aggression for card in deck)
    return total / len(deck)


def lethal_risk(game: rules.AdventureGame, count: int, health: int | None = None) -> float:
    """The chance that drawing ``count`` cards deals at least the health left (a normal
    approximation of the aggression of ``count`` cards drawn from what the deck holds)."""
    deck = game.z(rules.QUEST_DECK)
    count = min(count, len(deck))
    if count <= 0:
        return 0.0
    values = [game.cards[card].aggression for card in deck]
    mean = sum(values) / len(values)
    variance = sum((v - mean) ** 2 for v in values) / len(values)
    # drawing without replacement narrows the spread
    shrink = (len(values) - count) / (len(values) - 1) if len(values) > 1 else 0.0
    mu = count * mean
    sigma = math.sqrt(max(1e-9, count * variance * shrink))
    left = (game.health_left() if health is None else health) + game.counter(rules.ARMOR) + game.counter(rules.SHIELD)
    z = (left - 0.5 - mu) / sigma
    return 0.5 * math.erfc(z / math.sqrt(2))


def step_of(game: rules.AdventureGame) -> int:
    """How many cards this turn's chosen way takes."""
    ways: dict[str, int] = dict(game.cards[game.location()].directions)
    return ways.get(game.direction(), 1)


#: log entries that move cards on or off the quest deck: after one, what a walk back put on top
#: of it is no longer known to be there
_DECK_MOVES = frozenset({"drawn", "drawn unseen", "advance", "shuffled in", "search", "arranged"})


def walked_back_over(game: rules.AdventureGame) -> int:
    """How many cards a walk back (Gollum's) has just put on top of the quest deck, untouched
    since: the player saw them go back, so they are known, and the deepest of them is the card
    that walked back. 0 when the last move of the quest deck was something else."""
    for entry in reversed(game.state.log):
        if entry[0] == "retreat":
            return int(entry[1])
        if entry[0] in _DECK_MOVES:
            return 0
    return 0


def travels(game: rules.AdventureGame, request: DecisionRequest) -> list[int]:
    """The indices of the ways on, leaving out (when another way remains) the one that would end
    on the card that just walked Frodo back: taking it again only walks him back again."""
    ways = [i for i, o in enumerate(request.options) if _value(o.value)[0] == "travel"]
    back = walked_back_over(game)
    if back and len(game.z(rules.QUEST_DECK)) >= back:
        fresh = [i for i in ways if int(_value(request.options[i].value)[2]) != back]
        if fresh:
            return fresh
    return ways


def _yes_no(request: DecisionRequest, answer: bool) -> int:
    for index, option in enumerate(request.options):
        if option.value is answer:
            return index
    return 0


class CautiousAgent:
    """The smaller choices every strategy here shares; subclasses choose the way."""

    name = "cautious"

    def __init__(self, seed: int = 0) -> None:
        self.rng = Rng(seed)

    def choose(self, game: Game, request: DecisionRequest) -> int:
        adventure = _adventure(game)
        kind = request.kind
        if kind == "way":
            return self.way(adventure, request)
        if kind == "ring":
            return _yes_no(request, self.wants_ring(adventure))
        if kind in ("weapon", "aid"):
            return _yes_no(request, self.wants_item(adventure, request, kind))
        if kind == "rest":
            return _yes_no(request, self.wants_rest(adventure))
        if kind == "may":
            return _yes_no(request, self.wants_may(adventure, request))
        if kind == "arrange":
            # Meet the gentlest card first.
            return min(range(len(request.options)), key=lambda i: adventure.cards[request.options[i].card].aggression)
        return 0

    # ------------------------------------------------------------------ the way
    def way(self, game: rules.AdventureGame, request: DecisionRequest) -> int:
        return min(travels(game, request), key=lambda i: _value(request.options[i].value)[2])

    # ------------------------------------------------------------------ the rest
    def wants_ring(self, game: rules.AdventureGame) -> bool:
        """Only to live through a step that would likely kill, and never for the last token."""
        if game.counter(rules.WITCH_KINGS) + 1 >= game.config.witch_kings:
            return False
        expected = step_of(game) * mean_aggression(game) - game.counter(rules.ARMOR) - game.counter(rules.SHIELD)
        return expected + 1.0 >= game.health_left()

    def wants_item(self, game: rules.AdventureGame, request: DecisionRequest, kind: str) -> bool:
        card = request.source
        added = game.cards[card].aggression if card >= 0 else 0
        if kind == "aid":
            return added >= 1  # aid lapses at the end of the turn: use it
        close = game.effective_attack() + 2 >= game.health_left()
        return added >= 3 or (added >= 2 and close)

    def wants_rest(self, game: rules.AdventureGame) -> bool:
        """Rest when hurt, if the turns left still allow the cards left at a fair pace."""
        cards_left = len(game.z(rules.QUEST_DECK))
        turns_after = game.turns_left() - 1 - track.REST_COST
        hurt = game.counter(rules.WOUNDS) * 2 >= game.counter(rules.HEALTH)
        return hurt and turns_after > 0 and cards_left <= turns_after * 3

    def wants_may(self, game: rules.AdventureGame, request: DecisionRequest) -> bool:
        # Riding on, looking ahead and skipping a foe's effect all help; skipping a friend's does not.
        prompt = request.prompt
        if "skip effect" in prompt:
            return "enemy" in game.cards[game.location()].types
        return True


class ShortestAgent(CautiousAgent):
    """Always the shortest way."""

    name = "shortest"


class LongestAgent(CautiousAgent):
    """Always the longest way."""

    name = "longest"

    def way(self, game: rules.AdventureGame, request: DecisionRequest) -> int:
        return max(travels(game, request), key=lambda i: _value(request.options[i].value)[2])


class AdaptiveAgent(CautiousAgent):
    """Keeps the pace it needs, as safely as its health allows."""

    name = "adaptive"
    #: the chance of dying it accepts for a step
    RISK = 0.15
    #: the chance of dying above which it puts on the Ring
    RING = 0.9
    #: the chance of dying on a 3-card step tomorrow above which it rests on a sun
    REST = 0.1

    def way(self, game: rules.AdventureGame, request: DecisionRequest) -> int:
        options = request.options
        cards_left = len(game.z(rules.QUEST_DECK))
        turns_left = max(1, game.turns_left())
        pace = cards_left / turns_left
        witch_kings = game.counter(rules.WITCH_KINGS)
        ring_spare = witch_kings + 1 < game.config.witch_kings
        for index, option in enumerate(options):
            value = _value(option.value)
            # Searching back costs a turn but takes a token off a nearly full track.
            if value[0] == "search" and not ring_spare and pace < 2.2:
                return index
        # The longest way whose chance of dying (after the Ring, if it would be put on) is
        # acceptable; the more behind the pace, the more risk is acceptable.
        ways = sorted(travels(game, request), key=lambda i: -int(_value(options[i].value)[2]))
        acceptable = self.RISK + (0.1 if pace > 2.5 else 0.0)
        safest, safest_risk = ways[-1], float("inf")
        for index in ways:
            count = int(_value(options[index].value)[2])
            risk = lethal_risk(game, count)
            if ring_spare and risk > self.RING:
                risk = lethal_risk(game, 0)
            if count >= cards_left and risk < 0.5:
                return index  # the end is in reach
            if risk <= acceptable:
                return index
            if risk < safest_risk:
                safest, safest_risk = index, risk
        return safest

    def wants_ring(self, game: rules.AdventureGame) -> bool:
        witch_kings = game.counter(rules.WITCH_KINGS)
        if witch_kings + 1 >= game.config.witch_kings:
            return False
        risk = lethal_risk(game, step_of(game))
        # Witch King cards put tokens on the track too, so the Ring is kept for near-certain death,
        # or for a likely one while the track is still empty.
        return risk > self.RING or (witch_kings == 0 and risk > 0.5)

    def wants_rest(self, game: rules.AdventureGame) -> bool:
        """Rest on a sun when the next turn (a moon, with today's wounds) would be too risky and
        the turns left still allow the cards left."""
        cards_left = len(game.z(rules.QUEST_DECK))
        turns_after = game.turns_left() - 1 - track.REST_COST
        if turns_after <= 0 or cards_left > turns_after * 2.8:
            return False
        return lethal_risk(game, 3) > self.REST


class RandomStrategy:
    """Uniformly random answers, from its own seeded stream."""

    name = "random"

    def __init__(self, seed: int = 0) -> None:
        self.rng = Rng(seed)

    def choose(self, game: Game, request: DecisionRequest) -> int:
        return self.rng.below(len(request.options))


def _value(value: object) -> tuple[Any, ...]:
    assert isinstance(value, tuple)
    return value


STRATEGIES: dict[str, type[CautiousAgent] | type[RandomStrategy]] = {
    "shortest": ShortestAgent,
    "longest": LongestAgent,
    "adaptive": AdaptiveAgent,
    "random": RandomStrategy,
}
