"""Whole games of the real core set: Passage Through Mirkwood with the four starter decks, as
shipped, over many seeded games.

Hypothesis draws the seed, the number of players (1 to 4, each with a different starter deck, as
the heroes are unique) and the agents (the engine's random agent, the cooperative heuristic bot,
or both at one table). Every game must end by a rule (the final stage completed, or every player
eliminated, core rulebook "Winning and Losing"); the invariants of ``test_lcg_properties`` hold
before every decision (every card in exactly one zone, attachments on hosts in play, shadow cards
on engaged enemies...); replaying a game's choices and playing on from a copy reach the same
digest. The card scripts run here as they do for a person: a script that fails, loops or breaks
an invariant in any of these games fails the test. ``pytest --long`` plays thousands.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from test_lcg_properties import NoAnswers, Watched, agents_for

from lotr_rules.cards.catalogue import Catalogue
from lotr_rules.cards.loader import load_sets
from lotr_rules.engine.decisions import Agent
from lotr_rules.engine.game import GameOver
from lotr_rules.errors import UserError
from lotr_rules.games import vocabulary_for
from lotr_rules.games.lcg.files import Records, load_scenario, player_deck
from lotr_rules.games.lcg.game import REASONS, LcgConfig, LcgGame
from lotr_rules.games.lcg.record import PlayerDeck, Scenario
from lotr_rules.resources import cardscripts_dir

CORE = cardscripts_dir() / "lcg-core"
STARTERS = ("leadership", "tactics", "spirit", "lore")


@functools.cache
def _catalogue() -> Catalogue:
    return load_sets(vocabulary=vocabulary_for("lcg"))


@functools.cache
def _records() -> Records:
    return Records(_catalogue())


@functools.cache
def starter(name: str) -> PlayerDeck:
    return player_deck(CORE / "decks" / f"{name}.txt", _catalogue(), _records())


@functools.cache
def mirkwood() -> Scenario:
    return load_scenario(CORE / "scenarios" / "passage-through-mirkwood.toml", _catalogue(), _records())


def _unplayable() -> str:
    """Why the shipped decks and scenario cannot be played yet ("" once they can)."""
    try:
        mirkwood()
        for name in STARTERS:
            starter(name)
    except UserError as error:
        return str(error).splitlines()[0]
    return ""


UNPLAYABLE = _unplayable()
pytestmark = pytest.mark.skipif(bool(UNPLAYABLE), reason=f"the core set is not complete yet: {UNPLAYABLE}")

SEEDS = st.integers(min_value=0, max_value=2**32 - 1)
PLAYERS = st.integers(min_value=1, max_value=4)
KINDS = st.sampled_from(["random", "heuristic", "mixed"])


def config(players: int, seed: int) -> LcgConfig:
    """``players`` different starter decks, the first one picked by the seed."""
    decks = tuple(starter(STARTERS[(seed + p) % len(STARTERS)]) for p in range(players))
    return LcgConfig(mirkwood(), decks, seed=seed)


@pytest.fixture
def examples(pytestconfig: pytest.Config) -> int:
    return 2000 if pytestconfig.getoption("--long") else 40


def run_property(count: int, check: Callable[[int, int, str], None]) -> None:
    @settings(max_examples=count, deadline=None, database=None)
    @given(seed=SEEDS, players=PLAYERS, kind=KINDS)
    def prop(seed: int, players: int, kind: str) -> None:
        check(seed, players, kind)

    prop()


def test_every_game_ends_by_a_rule_and_keeps_the_invariants(examples: int) -> None:
    def check(seed: int, players: int, kind: str) -> None:
        agents: list[Agent] = [Watched(a) for a in agents_for(kind, players, seed)]
        game = LcgGame(config(players, seed), agents)
        result = game.play_game()
        assert game.state.finished and result["reason"] in REASONS
        if not result["won"]:
            assert all(game.state.eliminated)
        assert game.all_cards() == list(range(len(game.records)))

    run_property(examples, check)


def test_replaying_a_core_set_game_reaches_the_same_digest(examples: int) -> None:
    def check(seed: int, players: int, kind: str) -> None:
        game = LcgGame(config(players, seed), agents_for(kind, players, seed))
        game.play_game()
        again = LcgGame(config(players, seed), [NoAnswers() for _ in range(players)], game.state.choices)
        again.play_game()
        assert again.state.digest() == game.state.digest()
        assert again.state.log == game.state.log

    run_property(max(examples // 4, 10), check)


def test_a_copy_of_a_core_set_game_plays_on_like_the_original(examples: int) -> None:
    def check(seed: int, players: int, kind: str) -> None:
        game = LcgGame(config(players, seed), agents_for(kind, players, seed))
        try:
            for _ in range(seed % 5):
                game.play_round()
        except GameOver:
            return
        twin = game.copy(agents_for(kind, players, seed + 1))
        game.agents = agents_for(kind, players, seed + 1)
        game.play_game()
        twin.play_game()
        assert twin.state.digest() == game.state.digest()

    run_property(max(examples // 4, 10), check)


def test_the_heuristic_bot_wins_a_real_share_with_a_good_deck() -> None:
    """The heuristic bot plays the leadership starter deck well enough to win a share of games
    of the easiest scenario alone, where the random bot wins none (measured on these 60 seeds:
    10 and 0; the figures per deck and line-up are in docs/lcg-rules.md)."""
    games = 60

    def wins(kind: str) -> int:
        return sum(
            bool(
                LcgGame(
                    LcgConfig(mirkwood(), (starter("leadership"),), seed=seed), agents_for(kind, 1, seed)
                ).play_game()["won"]
            )
            for seed in range(games)
        )

    assert wins("heuristic") >= 6
    assert wins("random") == 0


def test_every_core_set_card_has_a_test_naming_it() -> None:
    """Each card of the core set and of the scenario is played in some scenario test: its name
    appears, quoted, in the LCG tests."""
    tests = "".join(path.read_text(encoding="utf-8") for path in Path(__file__).parent.glob("test_lcg*.py"))
    names = [card.name for card in _catalogue().in_sets(["lcg-core"])]
    untested = sorted({name for name in names if f'"{name}"' not in tests})
    assert names and not untested
