"""Whole-game properties of the LCG over many seeded games of the test-only fixture cards.

Hypothesis draws the seed, the number of players, the agents (the engine's random agent, the
cooperative heuristic bot) and the cards (the plain fixtures, or those with Forced effects,
Responses, cancels, card Actions and attachments on any host). Every game must end by a rule
(the final stage completed, or every player eliminated); every card is in exactly one zone
before every decision; the per-card state only ever speaks of cards where the rules allow it; a
copy of a game and a replay of its choices reach the same digest. ``pytest --long`` plays many more games.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from lcg_fixtures import config, heuristic, random_agents, trigger_config

from lotr_rules.engine.decisions import Agent, DecisionRequest
from lotr_rules.engine.game import Game, GameOver
from lotr_rules.errors import InternalError
from lotr_rules.games.lcg.game import IN_PLAY, REASONS, THREAT_LIMIT, LcgConfig, LcgGame
from lotr_rules.games.lcg.state import ACTIVE, ENGAGED, PLAY, SHADOWS, STAGING

SEEDS = st.integers(min_value=0, max_value=2**32 - 1)
PLAYERS = st.integers(min_value=1, max_value=4)
KINDS = st.sampled_from(["random", "heuristic", "mixed"])
#: the plain fixture cards, or the cards with Forced effects, Responses, cancels, Actions and
#: attachments on other players' cards, enemies and locations (both sides of the table)
CARDS = st.sampled_from([config, trigger_config])


@pytest.fixture
def examples(pytestconfig: pytest.Config) -> int:
    return 1500 if pytestconfig.getoption("--long") else 60


def agents_for(kind: str, players: int, seed: int) -> list[Agent]:
    if kind == "random":
        return list(random_agents(players, seed))
    if kind == "heuristic":
        return list(heuristic(players, seed))
    return [heuristic(players, seed)[p] if p % 2 else random_agents(players, seed)[p] for p in range(players)]


def check_state(game: LcgGame) -> None:
    """The invariants that hold whenever a decision is asked."""
    state = game.state
    assert game.all_cards() == list(range(len(game.records)))  # every card, once
    in_play = {c for p in range(state.num_players) for c in game.z(PLAY, p)}
    for attachment, host in state.attached_to.items():
        # attachments sit in a play area; hosts may also be enemies and locations in play
        assert attachment in in_play and game.locate(host)[0] in IN_PLAY
    for shadow, enemy in state.shadow_of.items():
        assert shadow in game.z(SHADOWS) and game.locate(enemy)[0] == ENGAGED
    # a committed character stays committed if a card readies it (it may then defend)
    assert all(game.locate(c)[0] == PLAY and game.records[c].type in ("hero", "ally") for c in state.committed)
    for player in game.active_players():
        assert state.threat[player] < THREAT_LIMIT
        assert game.heroes(player)
    for card, damage in state.damage.items():
        assert 0 < damage < game.stat(card, "hit_points")
    assert all(amount >= 0 for amount in state.resources.values())
    assert len(game.z(ACTIVE)) <= 1
    for key, until in state.used.items():  # only limited abilities are remembered
        assert game.records[key[0]].triggers[key[1]].limit == until
    assert all(game.records[c].type != "treachery" for c in game.z(STAGING))


class Watched:
    def __init__(self, inner: Agent) -> None:
        self.inner = inner

    def choose(self, game: Game, request: DecisionRequest) -> int:
        assert isinstance(game, LcgGame)
        check_state(game)
        return self.inner.choose(game, request)


Make = Callable[..., LcgConfig]


def run_property(count: int, check: Callable[[int, int, str, Make], None]) -> None:
    @settings(max_examples=count, deadline=None, database=None)
    @given(seed=SEEDS, players=PLAYERS, kind=KINDS, make=CARDS)
    def prop(seed: int, players: int, kind: str, make: Make) -> None:
        check(seed, players, kind, make)

    prop()


def test_every_game_ends_by_a_rule_and_conserves_its_cards(examples: int) -> None:
    def check(seed: int, players: int, kind: str, make: Make) -> None:
        agents: list[Agent] = [Watched(a) for a in agents_for(kind, players, seed)]
        game = LcgGame(make(players, seed), agents)
        result = game.play_game()
        assert game.state.finished and result["reason"] in REASONS
        assert result["won"] == any(e[0] == "game over" and e[1] == REASONS[0] for e in game.state.log)
        if not result["won"]:
            assert all(game.state.eliminated)
        assert game.all_cards() == list(range(len(game.records)))

    run_property(examples, check)


class NoAnswers:
    def choose(self, game: Game, request: DecisionRequest) -> int:
        raise InternalError("a replay asked an agent")


def test_replaying_the_choices_reaches_the_same_digest(examples: int) -> None:
    def check(seed: int, players: int, kind: str, make: Make) -> None:
        game = LcgGame(make(players, seed), agents_for(kind, players, seed))
        game.play_game()
        again = LcgGame(make(players, seed), [NoAnswers() for _ in range(players)], game.state.choices)
        again.play_game()
        assert again.state.digest() == game.state.digest()
        assert again.state.log == game.state.log

    run_property(examples // 2, check)


def test_a_copy_plays_on_exactly_like_the_original(examples: int) -> None:
    def check(seed: int, players: int, kind: str, make: Make) -> None:
        game = LcgGame(make(players, seed), agents_for(kind, players, seed))
        try:
            for _ in range(seed % 4):
                game.play_round()
        except GameOver:
            return
        twin = game.copy(agents_for(kind, players, seed + 1))
        assert twin.state.digest() == game.state.digest()
        game.agents = agents_for(kind, players, seed + 1)
        game.play_game()
        assert twin.state.digest() != game.state.digest() or twin.state.finished
        twin.play_game()
        assert twin.state.digest() == game.state.digest()

    run_property(examples // 2, check)
