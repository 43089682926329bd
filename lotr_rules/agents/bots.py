"""Bots for the deck-building game.

They look only at the request's options and at public state, as a person would. The random
bot is for property tests (it explores odd corners); the heuristic bot plays its hand, buys by
value, defends when it can and destroys its Despair and Corruption, which is enough to reach and
defeat Saruman in most games.
"""

from __future__ import annotations

from lotr_rules.cards.catalogue import Catalogue
from lotr_rules.engine.cards import CardDef
from lotr_rules.engine.decisions import DecisionRequest
from lotr_rules.engine.facts import DefinitionTable
from lotr_rules.engine.game import Game
from lotr_rules.engine.rng import Rng
from lotr_rules.native import mypyc_attr


@mypyc_attr(allow_interpreted_subclasses=True)
class RandomAgent:
    """Picks uniformly among the options, from its own seeded stream."""

    name = "random"

    def __init__(self, seed: int = 0) -> None:
        self.rng = Rng(seed)

    def choose(self, game: Game, request: DecisionRequest) -> int:
        return self.rng.below(len(request.options))


def card_value(game: Game, card: int) -> float:
    """A rough worth of owning a card: what it cost plus what it scores; junk is negative."""
    return _VALUE[game.cards[card]]


def definition_value(definition: CardDef) -> float:
    """:func:`card_value` of a card that is not (yet) in a game."""
    if definition.deck == "corruption" or _does_nothing(definition):
        return -5.0
    value: float = definition.cost + 1.5 * definition.victory + 0.5 * definition.power
    if definition.title == "archenemy":
        value += 6
    return value


def _does_nothing(definition: CardDef) -> bool:
    """A card that gives nothing when played and nothing at the end (Despair): a dead draw."""
    return (
        definition.cost == 0
        and definition.power == 0
        and not definition.abilities
        and not definition.triggers
        and definition.quest is None
        and definition.victory_fn is None
        and definition.victory <= 0
    )


#: :func:`definition_value` per definition, and the worth of buying it (a Fortune is played and
#: destroyed at once, so it is worth a little whatever it costs): both depend on nothing else.
_VALUE: DefinitionTable[float] = DefinitionTable(definition_value)
_BUY_WORTH: DefinitionTable[float] = DefinitionTable(
    lambda definition: 1.0 if definition.abilities.get("fortune") is not None else definition_value(definition)
)


class HeuristicAgent:
    """Plays everything, buys the most valuable cards it can afford, defends, prunes junk."""

    name = "heuristic"

    def __init__(self, seed: int = 0) -> None:
        self.rng = Rng(seed)

    def choose(self, game: Game, request: DecisionRequest) -> int:
        options = request.options
        kind = request.kind
        if kind == "action":
            first = options[0].value
            if type(first) is tuple and first[0] == "play":
                return 0  # what _action would find first, found without calling it
            return self._action(game, request)
        if kind == "defend":
            # Defend with the least valuable card that can; never decline a Defense.
            best, best_value = 0, float("inf")
            for index, option in enumerate(options):
                if option.card >= 0:
                    value = card_value(game, option.card)
                    if value < best_value:
                        best, best_value = index, value
            return best
        if kind == "destroy":
            return self._pick(game, request, prefer_low=True, junk_only=True)
        if kind in ("discard", "put", "return"):
            return self._pick(game, request, prefer_low=True, junk_only=False)
        if kind in ("gain", "play", "keep"):
            return self._pick(game, request, prefer_low=False, junk_only=False)
        if kind == "hero":
            return self._hero(game, request)
        if kind == "choose a player":
            return self._player(game, request)
        if kind == "may":
            prompt = request.prompt
            if prompt.startswith("destroy") and "where" not in prompt:
                # "may destroy X": only junk is worth destroying.
                return 0 if self._revealed_is_junk(game) else 1
            return 0
        return 0

    def _player(self, game: Game, request: DecisionRequest) -> int:
        """A chosen player is most often the one a card acts against: the leading opponent (by
        score, then the most cards owned), never itself while there is another to choose."""
        score = getattr(game, "score", None)
        best, best_key = 0, (-1.0, -1.0, -1.0)
        for index, option in enumerate(request.options):
            seat = option.value
            if not isinstance(seat, int):
                continue
            mine = 0.0 if seat == request.player else 1.0
            points = float(score(seat)) if callable(score) else 0.0
            owned = float(sum(len(cards) for (_name, owner), cards in game.state.zones.items() if owner == seat))
            key = (mine, points, owned)
            if key > best_key:
                best, best_key = index, key
        return best

    def _hero(self, game: Game, request: DecisionRequest) -> int:
        """A hero for a new game: the one whose starting card is worth most; ties at random."""
        catalogue = getattr(game, "catalogue", None)
        sets: tuple[str, ...] = getattr(getattr(game, "config", None), "sets", ())
        if not isinstance(catalogue, Catalogue):
            return self.rng.below(len(request.options))
        worth = [_starting_value(catalogue, str(option.value), sets) for option in request.options]
        best = [index for index, value in enumerate(worth) if value == max(worth)]
        return best[self.rng.below(len(best))]

    def _revealed_is_junk(self, game: Game) -> bool:
        state = game.state
        revealed = state.zones.get(("revealed", state.current), [])
        return bool(revealed) and card_value(game, revealed[-1]) < 0

    def _pick(self, game: Game, request: DecisionRequest, prefer_low: bool, junk_only: bool) -> int:
        best = -1
        best_value = 0.0
        stop = -1
        for index, option in enumerate(request.options):
            if option.card < 0:
                stop = index
                continue
            value = card_value(game, option.card)
            if junk_only and value >= 0:
                continue
            if best < 0 or (value < best_value if prefer_low else value > best_value):
                best, best_value = index, value
        if best >= 0:
            return best
        if stop >= 0:
            return stop
        # Must pick a non-junk card: take the least valuable.
        lowest, lowest_value = 0, float("inf")
        for index, option in enumerate(request.options):
            value = card_value(game, option.card) if option.card >= 0 else float("inf")
            if value < lowest_value:
                lowest, lowest_value = index, value
        return lowest

    def _action(self, game: Game, request: DecisionRequest) -> int:
        options = request.options
        first = options[0].value
        if type(first) is tuple and first[0] == "play":
            return 0  # what the loop below would find first, found at once
        buy_best, buy_value = -1, 0.0
        end = len(options) - 1
        cards = game.cards
        paid_use = -1
        for index, option in enumerate(options):
            value = option.value
            if not isinstance(value, tuple):
                if value == "end":
                    end = index
                continue
            verb = value[0]
            if verb == "play":
                return index
            if verb == "use":
                # An action that costs nothing is used at once (before buying: it may add Power or
                # draw cards); one that costs Power only when no buy is worth that Power.
                if " (pay " not in option.label:
                    return index
                if paid_use < 0:
                    paid_use = index
                continue
            worth = _BUY_WORTH[cards[option.card]]
            if worth > buy_value:
                buy_best, buy_value = index, worth
        if buy_best >= 0 and buy_value >= 2.0:
            return buy_best
        if paid_use >= 0:
            return paid_use
        return end


def _starting_value(catalogue: Catalogue, hero: str, sets: tuple[str, ...]) -> float:
    definition = catalogue.get(hero, sets)
    if not definition.starting_card:
        return 0.0
    return definition_value(catalogue.get(definition.starting_card, (definition.set_code, *sets)))
