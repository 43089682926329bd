"""The main phase's options, which the engine keeps in parts and rebuilds only where something
changed, equal at every decision the options worked out from scratch by the rulebook's reading:
play one card of each kind in the hand (its first copy), buy or defeat what the Power pays for on
the Path (one per kind), the top Valor and the face-up Archenemy, or end the turn."""

from __future__ import annotations

import pytest

from lotr_rules.agents.bots import HeuristicAgent, RandomAgent
from lotr_rules.cards.loader import load_sets
from lotr_rules.engine.decisions import DecisionRequest
from lotr_rules.engine.game import Game
from lotr_rules.games.deckbuilding.config import GameConfig
from lotr_rules.games.deckbuilding.game import ARCHENEMY, HAND, PATH, VALOR, DeckbuildingGame


def _from_scratch(game: DeckbuildingGame, player: int) -> list[tuple[str, object]]:
    cards = game.cards
    power = game.state.counters.get("power", 0)
    expected: list[tuple[str, object]] = []
    kinds: list[object] = []
    for card in game.z(HAND, player):
        if cards[card] not in kinds:
            kinds.append(cards[card])
            expected.append((f"play {cards[card].name}", ("play", card)))
    kinds = []
    for card in game.z(PATH):
        if cards[card] not in kinds:
            kinds.append(cards[card])
            if cards[card].cost <= power:
                expected.append((f"buy {cards[card].name} ({cards[card].cost})", ("buy", card)))
    valor = game.z(VALOR)
    if valor and cards[valor[-1]].cost <= power:
        expected.append((f"buy {cards[valor[-1]].name} ({cards[valor[-1]].cost})", ("buy", valor[-1])))
    stack = game.z(ARCHENEMY)
    face_up = game.state.counters.get("archenemy face up", 0) and "defeated this turn" not in game.state.flags
    if stack and face_up and cards[stack[-1]].cost <= power:
        top = cards[stack[-1]]
        expected.append((f"defeat {top.name} ({top.cost})", ("buy", stack[-1])))
    expected.append(("end turn", "end"))
    return expected


class _Checking:
    """Answers as ``inner`` does, after checking each main-phase decision against the options
    worked out from scratch."""

    def __init__(self, inner: HeuristicAgent | RandomAgent) -> None:
        self.inner = inner
        self.checked = 0

    def choose(self, game: Game, request: DecisionRequest) -> int:
        if request.kind == "action":
            assert isinstance(game, DeckbuildingGame)
            offered = [(option.label, option.value) for option in request.options]
            assert offered == _from_scratch(game, request.player)
            assert offered == [(o.label, o.value) for o in game.action_options(request.player)]
            self.checked += 1
        return self.inner.choose(game, request)


@pytest.mark.parametrize("bot", ["random", "heuristic"])
@pytest.mark.parametrize("sets", [("two-towers",), ("fellowship",)])
def test_main_phase_options_equal_the_options_from_scratch(bot: str, sets: tuple[str, ...]) -> None:
    agent = RandomAgent if bot == "random" else HeuristicAgent
    for seed in range(6):
        players = 2 + seed % 3
        seats = [_Checking(agent(seed * 10 + i)) for i in range(players)]
        game = DeckbuildingGame(load_sets(), GameConfig(players=players, seed=seed, sets=sets), seats)
        game.play_game()
        assert sum(seat.checked for seat in seats) > 20
