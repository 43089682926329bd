"""Whole-game properties of the Adventure Deck over many seeded games.

Hypothesis draws the seeds (and, for the end-of-game property, the configuration); each game is
played by the engine's random agent and by every strategy of lotr_rules/games/adventure/bots.py.
The default run plays a few hundred games; ``pytest --long`` (see conftest.py) plays thousands.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from lotr_rules.agents.bots import RandomAgent
from lotr_rules.cards.loader import load_sets
from lotr_rules.engine.decisions import Agent, DecisionRequest
from lotr_rules.engine.game import Game
from lotr_rules.games import vocabulary_for
from lotr_rules.games.adventure import track
from lotr_rules.games.adventure.bots import STRATEGIES
from lotr_rules.games.adventure.game import (
    HEALTH,
    LOST_TIME,
    QUEST_DECK,
    REASONS,
    WON,
    WOUNDS,
    AdventureConfig,
    AdventureGame,
    conserved,
)

MakeAgent = Callable[[int], Agent]
SEEDS = st.integers(min_value=0, max_value=2**32 - 1)


#: the engine's generic random agent and every named strategy of the family (bots.STRATEGIES)
AGENTS: list[tuple[str, MakeAgent]] = [("engine-random", RandomAgent), *STRATEGIES.items()]
AGENT_IDS = [name for name, _make in AGENTS]


@pytest.fixture
def examples(pytestconfig: pytest.Config) -> int:
    """Games per property and agent: a few hundred, thousands with --long."""
    return 3000 if pytestconfig.getoption("--long") else 150


def run_property(count: int, check: Callable[[int], None]) -> None:
    """Run ``check`` over ``count`` seeds drawn by Hypothesis."""

    @settings(max_examples=count, deadline=None, database=None)
    @given(seed=SEEDS)
    def prop(seed: int) -> None:
        check(seed)

    prop()


def cards() -> list[Any]:
    return load_sets(vocabulary=vocabulary_for("adventure-deck")).cards


class Watched:
    """Wraps an agent and checks the invariants before every decision it is asked."""

    def __init__(self, inner: Agent, check: Callable[[AdventureGame, DecisionRequest], None]) -> None:
        self.inner = inner
        self.check = check
        self.decisions = 0

    def choose(self, game: Game, request: DecisionRequest) -> int:
        assert isinstance(game, AdventureGame)
        self.check(game, request)
        self.decisions += 1
        return self.inner.choose(game, request)


def galadriels(game: AdventureGame) -> int:
    """How many times Galadriel's effect has resolved (each raises the most health by 1)."""
    return sum(1 for entry in game.state.log if entry[:2] == ("effect", "Galadriel"))


def invariants(game: AdventureGame, request: DecisionRequest | None = None) -> None:
    """Rulebook, Game Components and Set Up (54 cards plus the beginning card, 10 health) and
    Resting (wounds heal up to the health, never beyond): every card is in exactly one zone,
    no counter is negative, and the health left is at most the most health, which only
    Galadriel raises."""
    where = f" (at a {request.kind!r} decision)" if request is not None else ""
    assert conserved(game), f"a card is lost or in two zones{where}"
    negative = {name: value for name, value in game.state.counters.items() if value < 0}
    assert not negative, f"negative counters: {negative}"
    assert game.counter(WOUNDS) >= 0
    assert game.health_left() <= game.counter(HEALTH)
    assert game.counter(HEALTH) <= game.config.health + galadriels(game)


def latest_end(turns: int) -> int:
    """The furthest the turn token can be when the game ends, for a journey of ``turns`` turns.

    Rulebook, Resting, and The Card Effects (FAQ), Shelob's Lair: the last turn played starts on
    turn t <= turns; Shelob's Lair moves the token 1 space in step 4, a voluntary rest on a sun 2
    more, and the end of the turn 1. On a sun, Shelob's Lair puts the token on a moon, where
    Frodo rests by himself (t + 2); without it he may rest (t + 3). On a moon, Shelob's Lair puts
    it on a sun, where he may rest (t + 4). So the 25 turns of the rulebook end by turn 28
    (turns + 3), and a journey with an even number of turns by turns + 4.
    """
    return turns + 3 if track.is_sun(turns) else turns + 4


def check_ended(game: AdventureGame, result: dict[str, Any]) -> None:
    config = game.config
    assert game.state.finished
    assert result["reason"] in REASONS
    assert result["won"] == (result["reason"] == WON)
    assert result["turn"] <= latest_end(config.turns)
    if result["won"]:
        assert result["cards left"] == 0
        assert result["turn"] <= config.turns
    if result["reason"] == LOST_TIME:
        assert result["turn"] > config.turns
    else:
        assert result["turn"] <= config.turns + 1  # Shelob's Lair on the last sun


def test_the_rulebooks_journey_ends_by_turn_28() -> None:
    """Rulebook, The Turn Sequence (25 turns) and Resting: see :func:`latest_end`."""
    assert latest_end(track.TURNS) == track.TURNS + 3 == 28


@pytest.mark.parametrize(("name", "make"), AGENTS, ids=AGENT_IDS)
def test_every_game_ends_within_its_turn_limit(name: str, make: MakeAgent, examples: int) -> None:
    """Rulebook, Winning and Losing Conditions: a game is won by reaching the end of the deck
    within the turns or lost by time, health or the Witch Kings, and nothing else; the turn
    token passes the last turn by at most :func:`latest_end`. Half the games keep the
    rulebook's configuration, the others vary the turns, the health and the Witch King track."""
    deck = cards()

    def check(seed: int) -> None:
        config = AdventureConfig(seed=seed)
        if seed % 2:
            config = AdventureConfig(
                seed=seed, turns=1 + seed % 25, health=1 + (seed >> 5) % 15, witch_kings=1 + (seed >> 9) % 4
            )
        game = AdventureGame(deck, make(seed), config)
        check_ended(game, game.play())

    run_property(examples, check)


@pytest.mark.parametrize(("name", "make"), AGENTS, ids=AGENT_IDS)
def test_invariants_hold_at_every_decision(name: str, make: MakeAgent, examples: int) -> None:
    """Rulebook, Game Components, Set Up, Resting: see :func:`invariants`; checked before every
    decision of every game and once more at its end."""
    deck = cards()

    def check(seed: int) -> None:
        agent = Watched(make(seed), invariants)
        game = AdventureGame(deck, agent, AdventureConfig(seed=seed))
        game.on_decision = lambda request, index: invariants(game, request)
        check_ended(game, game.play())
        invariants(game)
        assert agent.decisions >= 1

    run_property(examples, check)


@pytest.mark.parametrize(("name", "make"), AGENTS, ids=AGENT_IDS)
def test_the_same_seed_gives_the_same_game(name: str, make: MakeAgent, examples: int) -> None:
    """Rulebook, Set Up (the deck is shuffled): the shuffle and every random pick come from the
    game's seed, so the same seed and the same agent give the same log and the same end."""
    deck = cards()

    def check(seed: int) -> None:
        first = AdventureGame(deck, make(seed), AdventureConfig(seed=seed))
        second = AdventureGame(deck, make(seed), AdventureConfig(seed=seed))
        assert first.play() == second.play()
        assert first.state.log == second.state.log
        assert first.state.choices == second.state.choices
        assert first.state.digest() == second.state.digest()

    run_property(max(1, examples // 3), check)


def test_different_seeds_give_different_games() -> None:
    """Rulebook, Set Up: the deck is shuffled: two seeds deal two different quest decks."""
    deck = cards()
    orders = {
        tuple(AdventureGame(deck, RandomAgent(0), AdventureConfig(seed=seed)).state.zones[QUEST_DECK])
        for seed in range(20)
    }
    assert len(orders) == 20


@pytest.mark.parametrize(("name", "make"), AGENTS, ids=AGENT_IDS)
def test_a_copy_of_the_state_has_the_same_digest(name: str, make: MakeAgent, examples: int) -> None:
    """A copy of the state (``state.copy()``) taken at any decision has the same digest and the
    same canonical view, and shares no list with the original: changing the game afterwards
    leaves the copy as it was."""
    deck = cards()

    def check(seed: int) -> None:
        copies: list[tuple[Any, str]] = []

        def snapshot(game: AdventureGame, request: DecisionRequest) -> None:
            copy = game.state.copy()
            assert copy.digest() == game.state.digest()
            assert copy.canonical() == game.state.canonical()
            copies.append((copy, copy.digest()))

        game = AdventureGame(deck, Watched(make(seed), snapshot), AdventureConfig(seed=seed))
        game.play()
        final = game.state.copy()
        assert final.digest() == game.state.digest()
        for copy, digest in copies:
            assert copy.digest() == digest, "a copy changed when the game went on"

    run_property(max(1, examples // 3), check)
