"""`play --hero` names only heroes the game may deal: under a less-random mix, the table's."""

from __future__ import annotations

import argparse

import pytest

from lotr_rules.cards.loader import load_sets
from lotr_rules.commands import play
from lotr_rules.errors import ConfigError

MIXED = ["--players", "2", "--sets", "two-towers,fellowship", "--mix", "less-random", "--seed", "3"]


def _setup(argv: list[str]) -> list[str]:
    parser = argparse.ArgumentParser(prog="lotr-rules")
    sub = parser.add_subparsers(dest="command")
    play.register(sub)
    args = parser.parse_args(["play", *argv])
    config, _seats = play.new_game_setup(args, load_sets())
    return list(config.heroes)


def test_a_hero_the_less_random_table_leaves_out_is_refused() -> None:
    """The recommended table takes the heroes from The Two Towers: a Fellowship hero cannot be
    named (before, play offered him and the game then dealt him anyway)."""
    with pytest.raises(ConfigError, match="no hero named 'Gandalf'"):
        _setup([*MIXED, "--hero", "Gandalf"])


def test_a_hero_of_the_table_set_is_taken_and_the_others_come_from_it_too() -> None:
    heroes = _setup([*MIXED, "--hero", "Legolas"])
    two_towers = {card.name for card in load_sets().in_sets(["two-towers"]) if card.deck == "hero"}
    assert heroes[0].startswith("Legolas")
    assert len(heroes) == 2 and set(heroes) <= two_towers


def test_the_table_can_send_the_heroes_to_the_other_set() -> None:
    heroes = _setup([*MIXED, "--less-random", "hero=fellowship", "--hero", "Gandalf"])
    fellowship = {card.name for card in load_sets().in_sets(["fellowship"]) if card.deck == "hero"}
    assert heroes[0].startswith("Gandalf") and set(heroes) <= fellowship
