"""The search bot for the Adventure Deck.

The journey is played alone, and what is hidden is the order of the quest deck: Frodo knows
what it still holds (every card passed is in sight) but not which card comes next. As in the
other families (see :mod:`.lcg`), a playout rebuilds the journey from its configuration and the
answers given so far, and deals the world again at the decision searched: the quest deck's cards
are shuffled with the search's own stream, all but those known to lie on top (walked back over,
searched back past or arranged by a card's effect, and not drawn since), and with them any card
drawn blind that still lies in the discard pile, unseen; the game's random stream is seeded
afresh. The candidate is answered and the ``adaptive`` strategy walks on to the journey's end. A
journey is worth 1 when won, and a lost one a share of how far it got, so that among losses the
search prefers the one that came closer.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from lotr_rules.agents.search.core import Budget, pick
from lotr_rules.engine.cards import CardDef
from lotr_rules.engine.decisions import Agent, DecisionRequest
from lotr_rules.engine.game import Game
from lotr_rules.engine.rng import Rng
from lotr_rules.errors import InternalError
from lotr_rules.games.adventure.bots import AdaptiveAgent
from lotr_rules.games.adventure.game import DISCARD, QUEST_DECK, AdventureGame

__all__ = [
    "DEFAULT_BUDGET",
    "SEARCHED",
    "AdventureSearchAgent",
    "determinize",
    "known_on_top",
    "margin_for",
    "unseen_in_discard",
]

#: the decisions searched: the way on (how far to go, or searching back), the Ring, a weapon and
#: resting; the rest (an aid, which lapses unused, a card's "may", the order of arranged cards)
#: are the strategy's
SEARCHED = frozenset({"way", "ring", "weapon", "rest"})
#: playouts per searched decision when none is given. A journey's playout takes a few
#: milliseconds, and a win or a loss is a coin with few sides: the other families' default of
#: 6 leaves one or two journeys a candidate, too few to tell candidates apart (see
#: docs/search.md for the figures it was chosen from)
DEFAULT_BUDGET = Budget(64)
#: the candidates tried at one decision: the strategy's choice and the first others offered
#: (a location has at most three ways, and one search back)
MAX_CANDIDATES = 4
#: how much better than the strategy's choice (a share of a win) a candidate must be. Over
#: seeds 1 to 100 at 64 playouts the search won 48 journeys at 0.05, 55 at 0.1 and 48 at 0.15
#: (``adaptive`` alone: 36); at 16 playouts, 16 at 0.05 and 37 at 0.15: a journey is won or lost
#: on a few draws, and too low a margin lets that noise overrule the strategy
MARGIN = 0.1
#: a smaller budget walks each candidate in fewer journeys, whose mean is noisier still: below
#: 16 journeys a candidate the margin grows as one over the square root of their number (0.2
#: for 4). At 16 playouts (4 journeys for each of 4 candidates) with the margin of 0.1 alone,
#: the search won 125 of seeds 1 to 500 where ``adaptive`` won 186
NOISE = 0.4
#: what a lost journey is worth for each share of the quest deck it got through: it breaks
#: ties between losses and stays well below a win
PROGRESS = 0.2

#: log entries that put known cards on top of the quest deck (how many is the entry's first
#: number after its kind, or for a search the second), that take cards off its top, and that
#: shuffle it
_ON_TOP = {"retreat": 1, "search": 2, "arranged": 1}
_OFF_TOP = {"drawn": None, "drawn unseen": None, "advance": 1}


def known_on_top(game: AdventureGame) -> int:
    """How many of the quest deck's top cards the player knows, in order: those a walk back or
    a search back put there, or a card's effect let the player arrange, and not drawn since."""
    known = 0
    for entry in game.state.log:
        kind = entry[0]
        if kind in _ON_TOP and len(entry) > _ON_TOP[kind]:  # (a search ability's own entry is shorter)
            added = int(entry[_ON_TOP[kind]])
            known = max(known, added) if kind == "arranged" else known + added
        elif kind in _OFF_TOP:
            where = _OFF_TOP[kind]
            known -= 1 if where is None else int(entry[where])
            known = max(known, 0)
        elif kind == "shuffled in" and entry[2] == QUEST_DECK[0]:
            known = 0
    return min(known, len(game.z(QUEST_DECK)))


def unseen_in_discard(game: AdventureGame) -> list[int]:
    """The cards of the discard pile the player never saw (drawn blind), as positions in it:
    the log keeps each blind draw's name only, so they are matched to the discard pile's cards
    of that name from its top down (copies of a card are alike, so which one is not known
    either way). A card that can be searched back for is left out: the way options name it."""
    discard = game.z(DISCARD)
    unseen = [str(entry[1]) for entry in game.state.log if entry[0] == "drawn unseen"]
    # a card that can be searched back for is named by the way options once in the pile: seen
    named = set(game.searchable())
    taken: set[int] = set()
    for name in reversed(unseen):
        for position in range(len(discard) - 1, -1, -1):
            card = discard[position]
            if position not in taken and card not in named and game.card_name(card) == name:
                taken.add(position)
                break
    return sorted(taken)


def determinize(game: AdventureGame, live: AdventureGame, world: int) -> None:
    """Deal again, in ``game`` (in the same state as ``live``), the cards the player cannot
    place: the quest deck below its known top cards, and the unseen cards of the discard pile,
    shuffled together with a stream seeded from ``world``; the game's own stream is replaced by
    one from that seed too. Every pile keeps its size."""
    rng = Rng(world)
    live_deck, deck = live.z(QUEST_DECK), game.z(QUEST_DECK)
    hidden = len(live_deck) - known_on_top(live)  # (the deck's top is the end of the list)
    slots = unseen_in_discard(live)
    discard = live.z(DISCARD)
    pool = sorted(live_deck[:hidden] + [discard[p] for p in slots])
    rng.shuffle(pool)
    deck[:hidden] = pool[:hidden]
    for position, card in zip(slots, pool[hidden:], strict=True):
        game.z(DISCARD)[position] = card
    game.state.rng = Rng(rng.fork(1))


class _Root:
    """The first agent a playout's journey asks once the replay is spent: deals the world again,
    answers the candidate and hands the rest of the journey to the ``adaptive`` strategy."""

    def __init__(self, live: AdventureGame, request: DecisionRequest, candidate: int, world: int) -> None:
        self.live, self.request, self.candidate, self.world = live, request, candidate, world

    def choose(self, game: Game, request: DecisionRequest) -> int:
        if not isinstance(game, AdventureGame):
            raise InternalError("an Adventure Deck playout asked about another game")
        if (request.kind, len(request.options)) != (self.request.kind, len(self.request.options)):
            raise InternalError("a playout's replay did not come back to the decision searched")
        determinize(game, self.live, self.world)
        game.agents = [AdaptiveAgent(Rng(self.world).fork(1))]
        return self.candidate


def _dealt_from(live: AdventureGame) -> list[CardDef]:
    """The cards the journey was dealt from, once each (its own list holds a card once per
    copy, in the order the deal made it, which dealing these again repeats)."""
    return list({id(card): card for card in live.cards}.values())


class AdventureSearchAgent:
    """Answers a searched decision (:data:`SEARCHED`) by walking its candidates out in worlds
    dealt from what the player has seen; every other decision as the ``adaptive`` strategy."""

    name = "search"

    def __init__(self, seed: int = 0, budget: Budget = DEFAULT_BUDGET, *, candidates: int = MAX_CANDIDATES) -> None:
        self.rng = Rng(seed)
        self.budget = budget
        self.candidates = candidates
        self.heuristic = AdaptiveAgent(seed)
        #: playouts played so far, and each candidate's mean at the last decision searched
        self.playouts = 0
        self.means: list[float] = []

    def choose(self, game: Game, request: DecisionRequest) -> int:
        first = self.heuristic.choose(game, request)
        options = request.options
        if not isinstance(game, AdventureGame) or request.kind not in SEARCHED or len(options) < 2:
            return first
        others = [i for i in range(len(options)) if i != first]
        candidates = [first, *others[: self.candidates - 1]]
        worlds = Rng(self.rng.fork(len(game.state.choices)))
        cards = _dealt_from(game)

        def playout(candidate: int, world: int) -> float:
            self.playouts += 1
            return play_out(game, cards, request, candidate, world)

        margin = margin_for(self.budget, len(candidates))
        return pick(candidates, playout, lambda: worlds.fork(worlds.next32()), self.budget, margin, self.means)


def margin_for(budget: Budget, candidates: int) -> float:
    """How much better than the strategy's choice a candidate must be, at this budget: the
    journeys each candidate is walked in (a time budget's are not known beforehand: the plain
    margin)."""
    if budget.milliseconds or budget.playouts <= 0:
        return MARGIN
    journeys = max(1, budget.playouts // max(1, candidates))
    return max(MARGIN, NOISE / math.sqrt(journeys))


def play_out(
    live: AdventureGame, cards: Sequence[CardDef], request: DecisionRequest, candidate: int, world: int
) -> float:
    """The worth of answering ``request`` with ``candidate`` and walking on with the ``adaptive``
    strategy, in the world dealt from ``world``."""
    root: Agent = _Root(live, request, candidate, world)
    twin = AdventureGame(cards, root, live.config)
    twin.replay_queue.extend(live.state.choices)
    result = twin.play()
    if result["won"]:
        return 1.0
    total = len(twin.cards) - 1  # (the beginning card is not part of the deck)
    return PROGRESS * (1 - int(result["cards left"]) / total) if total else 0.0
