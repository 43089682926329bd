"""The search bot for the deck-building games.

As in the Card Game (see :mod:`.lcg`), a playout rebuilds the game from its configuration and the
answers given so far, and deals the world again at the decision searched: every player's deck,
the opponents' hands (dealt again from their hands and decks together) and the main deck are
gathered, sorted and shuffled with the search's own stream, and the game's random stream is
seeded afresh. A game lasts a few milliseconds, so a playout plays to the end with the heuristic
bot in every seat, and is worth the seat's share of the win (a point or two of score margin
breaking ties between losses).
"""

from __future__ import annotations

from lotr_rules.agents.bots import HeuristicAgent
from lotr_rules.agents.search.core import Budget, pick
from lotr_rules.engine.decisions import Agent, DecisionRequest
from lotr_rules.engine.game import Game
from lotr_rules.engine.rng import Rng
from lotr_rules.errors import InternalError
from lotr_rules.games.deckbuilding.game import DECK, HAND, MAIN, DeckbuildingGame

__all__ = ["DEFAULT_BUDGET", "SEARCHED", "DeckbuildingSearchAgent", "determinize"]

#: the decisions searched: what to buy or use (an action that is not a card played from the
#: hand: the heuristic plays its whole hand first, and rightly), what to gain, keep or destroy
SEARCHED = frozenset({"action", "gain", "keep", "destroy"})
#: the candidates tried at one decision: the heuristic's choice and the first others offered
MAX_CANDIDATES = 4
#: playouts per searched decision when none is given: a whole game is a playout here, a few
#: milliseconds, so this family affords more than the Card Game's 6. One search seat against a
#: heuristic seat, two-player games of The Two Towers, seeds 1 to 200 (docs/search-figures.md):
#: 113 games won at 6 playouts, 114.5 at 24 and 149 at 64 (74.5%), which costs about 8 CPU seconds
#: a game on a loaded machine (compiled build): about 0.2 for each of the 46 decisions it searches
DEFAULT_BUDGET = Budget(64)
#: how much better than the heuristic's choice (a share of a win) a candidate must be
MARGIN = 0.05
#: a point of score margin, in shares of a win (only breaks ties between equal win shares)
SCORE_POINT = 0.002


class _Root:
    """The first agent a playout's game asks once the replay is spent: deals the world again,
    answers the candidate and hands every seat to the heuristic bot."""

    def __init__(self, live: DeckbuildingGame, request: DecisionRequest, candidate: int, world: int) -> None:
        self.live, self.request, self.candidate, self.world = live, request, candidate, world

    def choose(self, game: Game, request: DecisionRequest) -> int:
        if not isinstance(game, DeckbuildingGame):
            raise InternalError("a deck-building playout asked about another game")
        if (request.player, request.kind, len(request.options)) != (
            self.request.player,
            self.request.kind,
            len(self.request.options),
        ):
            raise InternalError("a playout's replay did not come back to the decision searched")
        determinize(game, self.live, request.player, self.world)
        rng = Rng(self.world)
        game.agents = [HeuristicAgent(seed=rng.fork(seat)) for seat in range(len(game.agents))]
        return self.candidate


def determinize(game: DeckbuildingGame, live: DeckbuildingGame, seat: int, world: int) -> None:
    """Deal the cards ``seat`` cannot see in ``game`` again (in place, so that the game's own
    references to its piles stay good), from the sets of hidden cards of ``live``."""
    rng = Rng(world)
    zones, live_zones = game.state.zones, live.state.zones
    for player in range(game.state.num_players):
        hand_key, deck_key = (HAND, player), (DECK, player)
        hidden_hand = player != seat
        hand_size = len(live_zones[hand_key]) if hidden_hand else 0
        pool = sorted(live_zones[deck_key] + (live_zones[hand_key] if hidden_hand else []))
        rng.shuffle(pool)
        if hidden_hand:
            zones[hand_key][:] = pool[:hand_size]
        zones[deck_key][:] = pool[hand_size:]
    main = sorted(live_zones[(MAIN, -1)])
    rng.shuffle(main)
    zones[(MAIN, -1)][:] = main
    game.state.rng = Rng(rng.fork(game.state.num_players))


class DeckbuildingSearchAgent:
    """Answers a searched decision (:data:`SEARCHED`) by playing out its best candidates in
    worlds dealt from what its seat has seen; every other decision as the heuristic bot."""

    name = "search"

    def __init__(self, seed: int = 0, budget: Budget = DEFAULT_BUDGET, *, candidates: int = MAX_CANDIDATES) -> None:
        self.rng = Rng(seed)
        self.candidates = candidates
        self.budget = budget
        self.heuristic = HeuristicAgent(seed)
        #: playouts played so far, and each candidate's mean at the last decision searched
        self.playouts = 0
        self.means: list[float] = []

    def choose(self, game: Game, request: DecisionRequest) -> int:
        first = self.heuristic.choose(game, request)
        options = request.options
        if not isinstance(game, DeckbuildingGame) or request.kind not in SEARCHED or len(options) < 2:
            return first
        value = options[first].value
        if request.kind == "action" and isinstance(value, tuple) and value[0] == "play":
            return first  # a card in hand is played: nothing to weigh
        others = [i for i in range(len(options)) if i != first]
        candidates = [first, *others[: self.candidates - 1]]
        worlds = Rng(self.rng.fork(len(game.state.choices)))

        def playout(candidate: int, world: int) -> float:
            self.playouts += 1
            return _play_out(game, request, candidate, world)

        return pick(candidates, playout, lambda: worlds.fork(worlds.next32()), self.budget, MARGIN, self.means)


def _play_out(live: DeckbuildingGame, request: DecisionRequest, candidate: int, world: int) -> float:
    root = _Root(live, request, candidate, world)
    agents: list[Agent] = [root] * len(live.agents)
    twin = DeckbuildingGame(live.catalogue, live.config, agents)
    twin.replay_queue.extend(live.state.choices)
    result = twin.play_game()
    seat = request.player
    winners = result.get("winners", [])
    share = 1.0 / len(winners) if seat in winners else 0.0
    scores = result.get("scores", [])
    others = max((s for p, s in enumerate(scores) if p != seat), default=0)
    margin = scores[seat] - others if scores else 0
    return share + SCORE_POINT * margin
