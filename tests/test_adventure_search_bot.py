"""The search bot in the Adventure Deck (issue 33: the search bot in every family).

What the player cannot see is the order of the quest deck (all but the cards known to lie on
top) and any card drawn blind: the search decides the same whatever that order, it deals only
those cards again, it is reproducible from its seed at a given budget, and `game`, `play`,
`simulate` and the session layer seat it with the budget given or the family's own default.
"""

from __future__ import annotations

import functools

import pytest

from lotr_rules.agents.search import adventure as search_adventure
from lotr_rules.agents.search.adventure import (
    DEFAULT_BUDGET,
    AdventureSearchAgent,
    determinize,
    known_on_top,
    unseen_in_discard,
)
from lotr_rules.agents.search.core import Budget
from lotr_rules.cards.loader import load_sets
from lotr_rules.cli import main
from lotr_rules.engine.cards import CardDef
from lotr_rules.engine.decisions import DecisionRequest
from lotr_rules.engine.game import Game
from lotr_rules.engine.rng import Rng
from lotr_rules.errors import ConfigError
from lotr_rules.games import vocabulary_for
from lotr_rules.games.adventure.bots import AdaptiveAgent
from lotr_rules.games.adventure.game import DISCARD, QUEST_DECK, AdventureConfig, AdventureGame
from lotr_rules.session import adventure as session
from lotr_rules.sim.families import SimSettings
from lotr_rules.sim.runner import run_simulation


@functools.cache
def _cards() -> tuple[CardDef, ...]:
    return tuple(load_sets((), vocabulary=vocabulary_for("adventure-deck")).cards)


class _Found(Exception):
    """Stops a journey at the decision a test looks at."""


class _Probe:
    """The adaptive strategy, stopping the journey at the ``nth`` way with two ways or more."""

    def __init__(self, nth: int, found: list[DecisionRequest]) -> None:
        self.bot = AdaptiveAgent(0)
        self.nth, self.found = nth, found

    def choose(self, game: Game, request: DecisionRequest) -> int:
        if request.kind == "way" and len(request.options) >= 2:
            self.nth -= 1
            if self.nth < 0:
                self.found.append(request)
                raise _Found
        return self.bot.choose(game, request)


def _at_way(nth: int = 3, seed: int = 5) -> tuple[AdventureGame, DecisionRequest]:
    found: list[DecisionRequest] = []
    game = AdventureGame(_cards(), _Probe(nth, found), AdventureConfig(seed=seed))
    with pytest.raises(_Found):
        game.play()
    return game, found[0]


def _search(game: AdventureGame, request: DecisionRequest, playouts: int = 12) -> tuple[int, list[float]]:
    agent = AdventureSearchAgent(7, Budget(playouts))
    choice = agent.choose(game, request)
    return choice, list(agent.means)


def _reorder_hidden(game: AdventureGame) -> None:
    """Change what the player cannot see, and nothing else: the order of the quest deck below
    its known top cards, and the game's random stream."""
    deck = game.z(QUEST_DECK)
    hidden = len(deck) - known_on_top(game)
    deck[:hidden] = list(reversed(deck[:hidden]))
    game.state.rng = Rng(13579)


def test_the_search_decides_the_same_whatever_the_hidden_order() -> None:
    """The playouts' values, not only the move, are compared: any hidden card read would change them."""
    for nth in (1, 4):
        game, request = _at_way(nth)
        before = _search(game, request)
        assert len(before[1]) >= 2
        _reorder_hidden(game)
        assert _search(game, request) == before


def test_the_invariance_test_would_see_a_search_reading_the_deck(monkeypatch: pytest.MonkeyPatch) -> None:
    """The check above can fail: a search that kept the real order gives other values once it changes."""

    def leaky(twin: AdventureGame, live: AdventureGame, world: int) -> None:
        twin.z(QUEST_DECK)[:] = live.z(QUEST_DECK)
        twin.state.rng = live.state.rng.copy()

    monkeypatch.setattr(search_adventure, "determinize", leaky)
    game, request = _at_way(4)
    before = _search(game, request)
    _reorder_hidden(game)
    assert _search(game, request)[1] != before[1]


def test_a_world_deals_again_only_the_cards_the_player_cannot_place() -> None:
    game, _ = _at_way(4)
    twin = AdventureGame(_cards(), AdaptiveAgent(0), AdventureConfig(seed=5))
    twin.state = game.state.copy()
    determinize(twin, game, 99)
    deck, live_deck = twin.z(QUEST_DECK), game.z(QUEST_DECK)
    known = known_on_top(game)
    assert sorted(deck) == sorted(live_deck)
    assert deck[len(deck) - known :] == live_deck[len(live_deck) - known :]
    assert deck != live_deck  # (54 cards less those passed: a shuffle that changes nothing is not met)
    for zone in game.state.zones:
        if zone not in (QUEST_DECK, DISCARD):
            assert twin.state.zones[zone] == game.state.zones[zone]


def _log_game(*entries: tuple[object, ...], deck: int = 10) -> AdventureGame:
    game = AdventureGame(_cards(), AdaptiveAgent(0), AdventureConfig(seed=2))
    game.z(QUEST_DECK)[:] = game.z(QUEST_DECK)[:deck]
    game.state.log[:] = list(entries)
    return game


def test_cards_put_back_on_top_are_known_until_drawn_or_shuffled() -> None:
    assert known_on_top(_log_game(("retreat", 3, "Bree"))) == 3
    assert known_on_top(_log_game(("retreat", 3, "Bree"), ("drawn", "Bree", 1))) == 2
    assert known_on_top(_log_game(("search", "Aragorn", 4), ("advance", 3))) == 1
    assert known_on_top(_log_game(("arranged", 3), ("retreat", 1, "Bree"))) == 4
    assert known_on_top(_log_game(("retreat", 2, "Bree"), ("shuffled in", 1, QUEST_DECK[0]))) == 0
    # a search ability's own entry (the card's name alone) puts nothing on top
    assert known_on_top(_log_game(("search", "Aragorn"))) == 0
    assert known_on_top(_log_game(("retreat", 30, "Bree"), deck=5)) == 5


def test_a_card_drawn_blind_is_dealt_again_with_the_deck() -> None:
    game = _log_game()
    deck = game.z(QUEST_DECK)
    seen_card = deck.pop()
    blind = next(card for card in reversed(deck) if game.card_name(card) != game.card_name(seen_card))
    deck.remove(blind)
    discard = game.z(DISCARD)
    discard[:] = [seen_card, blind]
    game.state.log[:] = [("drawn", game.card_name(seen_card), 0), ("drawn unseen", game.card_name(blind))]
    assert unseen_in_discard(game) == [1]
    pool = sorted([*deck, blind])
    dealt: set[int] = set()
    for world in range(40):
        twin = AdventureGame(_cards(), AdaptiveAgent(0), AdventureConfig(seed=2))
        twin.state = game.state.copy()
        determinize(twin, game, world)
        assert sorted([*twin.z(QUEST_DECK), twin.z(DISCARD)[1]]) == pool
        assert twin.z(DISCARD)[0] == seen_card
        dealt.add(twin.z(DISCARD)[1])
    assert len(dealt) > 1


def test_a_search_journey_is_reproducible_from_its_seed() -> None:
    def walk() -> tuple[list[int], dict[str, object]]:
        game = AdventureGame(_cards(), AdventureSearchAgent(4, Budget(4)), AdventureConfig(seed=8))
        result = game.play()
        return list(game.state.choices), dict(result)

    assert walk() == walk()


def test_the_session_layer_seats_the_search_bot_with_the_budget_given_or_its_own_default() -> None:
    default = session.make_bot("search", 3)
    assert isinstance(default, AdventureSearchAgent) and default.budget == DEFAULT_BUDGET
    given = session.make_bot("search", 3, Budget(9))
    assert isinstance(given, AdventureSearchAgent) and given.budget == Budget(9)
    assert "search" in session.BOTS
    with pytest.raises(ConfigError, match="search"):
        session.make_bot("clever", 3)


def test_game_play_and_simulate_take_the_search_bot(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["game", "--game", "adventure-deck", "--bot", "search", "--search-budget", "3", "--seed", "2"]) == 0
    out = capsys.readouterr().out
    assert "the search bot walks" in out and ("You win" in out or "You lose" in out)
    assert main(["play", "--game", "adventure-deck", "--bot", "search", "--search-budget", "3", "--seed", "2"]) == 0
    assert "The journey ends" in capsys.readouterr().out
    settings = SimSettings(
        family="adventure-deck", games=3, seed=4, bot="search", players=1, search_budget="3", sets=("adventure-deck",)
    )
    one, two = run_simulation(settings, workers=1), run_simulation(settings, workers=2)
    assert one.tally == two.tally


def test_a_bad_budget_is_refused_before_the_journey(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["game", "--game", "adventure-deck", "--bot", "search", "--search-budget", "lots"])
    assert "--search-budget" in capsys.readouterr().err


def test_a_smaller_budget_needs_a_wider_margin_to_overrule_the_strategy() -> None:
    assert search_adventure.margin_for(DEFAULT_BUDGET, 4) == search_adventure.MARGIN  # 16 journeys each
    assert search_adventure.margin_for(Budget(16), 4) == pytest.approx(0.2)  # 4 journeys each
    assert search_adventure.margin_for(Budget(16), 2) == pytest.approx(0.4 / 8**0.5)
    assert search_adventure.margin_for(Budget(1000), 4) == search_adventure.MARGIN
    assert search_adventure.margin_for(Budget(0, 50), 4) == search_adventure.MARGIN  # time: not known beforehand
