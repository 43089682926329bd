"""Whole games of every core-set scenario with any legal deck built from the core-set pool.

Hypothesis builds each player's deck the way a player would (core rulebook "Deck Building"):
one to three heroes, no hero shared by two players (unique cards, "Unique Cards"), and player
cards of the heroes' spheres or neutral, at most three copies of a title. Each deck is written
as a deck file and read back through the same path `--decks FILE` takes, so the deck's legality
is checked by the project's own deck rules; then a game of a scenario drawn from the shipped
three is played to its end. Every game must end by a rule (the final stage completed, or every
player eliminated; core rulebook "Winning and Losing") with the invariants of
``test_lcg_properties`` holding before every decision. ``pytest --long`` plays many more.
"""

from __future__ import annotations

import functools
import tempfile
from collections.abc import Sequence
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from test_lcg_core_games import CORE, _catalogue, _records
from test_lcg_properties import Watched, agents_for

from lotr_rules.cards.decklist import read_deck_list
from lotr_rules.engine.decisions import Agent
from lotr_rules.games.lcg.files import deck_problems, load_scenario, player_deck
from lotr_rules.games.lcg.game import REASONS, LcgConfig, LcgGame
from lotr_rules.games.lcg.record import LcgCard, PlayerDeck, Scenario

SCENARIOS = ("passage-through-mirkwood", "journey-down-the-anduin", "escape-from-dol-guldur")
PLAYER_CARD_TYPES = ("ally", "attachment", "event")


@functools.cache
def scenario(name: str) -> Scenario:
    return load_scenario(CORE / "scenarios" / f"{name}.toml", _catalogue(), _records())


@functools.cache
def pool() -> tuple[tuple[LcgCard, ...], tuple[LcgCard, ...]]:
    """The core set's heroes and its other player cards, in name order."""
    records = _records()
    cards = sorted(
        (records.get(card.name) for card in _catalogue().in_sets(["lcg-core"])),
        key=lambda record: record.name,
    )
    heroes = tuple(c for c in cards if c.type == "hero")
    others = tuple(c for c in cards if c.type in PLAYER_CARD_TYPES)
    return heroes, others


@st.composite
def decks(draw: st.DrawFn, players: int) -> list[tuple[list[str], list[tuple[int, str]]]]:
    """``players`` legal decks: each a list of hero names and of (copies, card name)."""
    heroes, others = pool()
    order = draw(st.permutations(range(len(heroes))))
    sizes = draw(st.lists(st.integers(min_value=1, max_value=3), min_size=players, max_size=players))
    made = []
    start = 0
    for size in sizes:
        chosen = [heroes[i] for i in order[start : start + size]]
        start += size
        spheres = {hero.sphere for hero in chosen} | {"neutral"}
        allowed = [card.name for card in others if card.sphere in spheres]
        names = draw(st.lists(st.sampled_from(allowed), min_size=8, max_size=20, unique=True))
        copies = draw(st.lists(st.integers(min_value=1, max_value=3), min_size=len(names), max_size=len(names)))
        made.append(([hero.name for hero in chosen], list(zip(copies, names, strict=True))))
    return made


def deck_text(heroes: Sequence[str], cards: Sequence[tuple[int, str]]) -> str:
    lines = ["A deck built for the test", "", "Heroes", *(f"1x {name}" for name in heroes), "", "Cards"]
    lines += [f"{count}x {name}" for count, name in cards]
    return "\n".join(lines) + "\n"


def read_back(text: str) -> PlayerDeck:
    """The deck as `--decks FILE` reads it: a file, its findings, its records."""
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "built.txt"
        path.write_text(text, encoding="utf-8")
        assert deck_problems(read_deck_list(path), _records().cards) == []
        return player_deck(path, _catalogue(), _records())


@pytest.fixture
def examples(pytestconfig: pytest.Config) -> int:
    return 1000 if pytestconfig.getoption("--long") else 30


def test_any_legal_core_set_deck_plays_every_scenario_to_an_end_by_the_rules(examples: int) -> None:
    @settings(max_examples=examples, deadline=None, database=None)
    @given(
        seed=st.integers(min_value=0, max_value=2**32 - 1),
        name=st.sampled_from(SCENARIOS),
        built=st.integers(min_value=1, max_value=2).flatmap(decks),
        kind=st.sampled_from(["random", "heuristic", "mixed"]),
    )
    def prop(seed: int, name: str, built: list[tuple[list[str], list[tuple[int, str]]]], kind: str) -> None:
        players = tuple(read_back(deck_text(heroes, cards)) for heroes, cards in built)
        agents: list[Agent] = [Watched(a) for a in agents_for(kind, len(players), seed)]
        game = LcgGame(LcgConfig(scenario(name), players, seed=seed), agents)
        result = game.play_game()
        assert game.state.finished and result["reason"] in REASONS
        if not result["won"]:
            assert all(game.state.eliminated)
        assert game.all_cards() == list(range(len(game.records)))

    prop()


def test_the_pool_holds_every_sphere_and_every_player_card_type() -> None:
    """The decks drawn above can reach every card: the pool is the core set's twelve heroes and
    its player cards of the four spheres and neutral."""
    heroes, others = pool()
    assert len(heroes) == 12
    assert {c.sphere for c in heroes} == {"leadership", "tactics", "spirit", "lore"}
    assert {c.sphere for c in others} == {"leadership", "tactics", "spirit", "lore", "neutral"}
    assert {c.type for c in others} == set(PLAYER_CARD_TYPES)


def test_a_lone_hero_taken_prisoner_at_setup_ends_the_game_before_its_first_round() -> None:
    """Escape from Dol Guldur's first stage takes a hero prisoner as the game is set up; a player
    whose deck has one hero has none left and is out (core rulebook "Winning and Losing": a
    player with no hero is eliminated), so a solo game is lost before round 1. The game reports
    it as any other loss instead of failing to start."""
    deck = read_back(deck_text(["Aragorn"], [(3, "Guard of the Citadel")]))
    game = LcgGame(LcgConfig(scenario("escape-from-dol-guldur"), (deck,), seed=0), agents_for("heuristic", 1, 0))
    assert game.state.finished and game.state.turn == 0
    result = game.play_game()
    assert result["won"] is False and result["reason"] == "every player was eliminated"
    assert game.state.turn == 0
