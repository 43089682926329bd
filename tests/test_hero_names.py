"""Naming a hero on the command line or in a config: whole names first, then a unique first word."""

from __future__ import annotations

import pytest

from lotr_rules.agents.bots import RandomAgent
from lotr_rules.cards.loader import load_sets
from lotr_rules.errors import ConfigError
from lotr_rules.games.deckbuilding.config import GameConfig
from lotr_rules.games.deckbuilding.game import DeckbuildingGame, hero_named

BOTH = ["Legolas of the Woodland Realm", "Frodo of the Shire", "Legolas", "Frodo Baggins", "Gimli"]


def test_a_whole_name_wins_over_a_first_word() -> None:
    """ "Legolas" is one hero's whole name and the first word of another's: it means the first."""
    assert hero_named(BOTH, "legolas") == "Legolas"


def test_a_unique_first_word_names_its_hero() -> None:
    assert hero_named(BOTH, "Frodo Baggins") == "Frodo Baggins"
    assert hero_named(["Gimli son of Glóin", "Legolas"], "gimli") == "Gimli son of Glóin"


def test_a_first_word_two_heroes_share_is_refused_naming_both() -> None:
    with pytest.raises(ConfigError, match="'Frodo' could be Frodo of the Shire or Frodo Baggins"):
        hero_named(BOTH, "Frodo")


def test_an_unknown_hero_lists_the_heroes() -> None:
    with pytest.raises(ConfigError, match="no hero named 'Boromir'; heroes: Legolas of the Woodland Realm"):
        hero_named(BOTH, "Boromir")


def test_a_game_with_both_sets_seats_the_hero_named_exactly() -> None:
    config = GameConfig(
        players=2, seed=3, heroes=("Legolas", "Legolas of the Woodland Realm"), sets=("fellowship", "two-towers")
    )
    game = DeckbuildingGame(load_sets(), config, [RandomAgent(seed=1), RandomAgent(seed=2)])
    seated = [game.cards[game.state.zones[("hero", p)][0]].name for p in range(2)]
    assert seated == ["Legolas", "Legolas of the Woodland Realm"]
