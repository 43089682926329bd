"""The Hunt for Gollum, as shipped: its scenario file builds the decks the public scenario list
gives (normal and Easy Mode), its first stage's setup reveals one encounter card per player, and
bots play it to an end by a rule, with the language of its set (5)."""

from __future__ import annotations

import functools
from collections import Counter

import pytest
from test_lcg_properties import agents_for

from lotr_rules.cards.catalogue import Catalogue
from lotr_rules.cards.loader import load_sets
from lotr_rules.games import vocabulary_for
from lotr_rules.games.lcg.files import Records, load_scenario, player_deck
from lotr_rules.games.lcg.game import REASONS, LcgConfig, LcgGame
from lotr_rules.games.lcg.modes import Mode
from lotr_rules.games.lcg.record import Scenario
from lotr_rules.games.lcg.state import STAGING
from lotr_rules.resources import cardscripts_dir

HUNT = cardscripts_dir() / "the-hunt-for-gollum"
CORE = cardscripts_dir() / "lcg-core"

#: the scenario decks as the public list gives them (encounter deck, by title), normal then easy
NORMAL = {
    "Flooding": 2, "Goblintown Scavengers": 2, "Hunters from Mordor": 5, "Old Wives' Tales": 3,
    "River Ninglor": 2, "Signs of Gollum": 4, "The East Bank": 2, "The Eaves of Mirkwood": 3,
    "The Old Ford": 2, "The West Bank": 2, "Eastern Crows": 3, "Evil Storm": 3, "Pursued by Shadow": 2,
    "Treacherous Fog": 2, "Misty Mountain Goblins": 3, "Massing at Night": 1, "Banks of the Anduin": 2,
    "Gladden Fields": 3, "False Lead": 2,
}  # fmt: skip
EASY = {
    **NORMAL, "Goblintown Scavengers": 1, "Hunters from Mordor": 2, "Old Wives' Tales": 1, "Eastern Crows": 1,
    "Evil Storm": 2, "Gladden Fields": 1,
}  # fmt: skip
del EASY["Massing at Night"]


@functools.cache
def _catalogue() -> Catalogue:
    return load_sets(vocabulary=vocabulary_for("lcg"))


@functools.cache
def _records() -> Records:
    return Records(_catalogue())


def _scenario(mode: Mode = Mode.NORMAL) -> Scenario:
    return load_scenario(HUNT / "scenarios" / "the-hunt-for-gollum.toml", _catalogue(), _records(), mode)


def _deck(scenario: Scenario) -> dict[str, int]:
    return dict(Counter({card.name: card.copies for card in scenario.encounter}))


@pytest.mark.parametrize(("mode", "wanted"), [(Mode.NORMAL, NORMAL), (Mode.EASY, EASY)])
def test_the_encounter_deck_is_the_public_list(mode: Mode, wanted: dict[str, int]) -> None:
    scenario = _scenario(mode)
    assert [card.name for card in scenario.quest] == ["The Hunt Begins", "A New Terror Abroad", "On the Trail"]
    assert _deck(scenario) == wanted


@pytest.mark.parametrize("players", [1, 2, 3])
def test_setup_reveals_one_encounter_card_per_player(players: int) -> None:
    decks = tuple(player_deck(CORE / "decks" / f"{name}.txt", _catalogue(), _records()) for name in
                  ("leadership", "tactics", "spirit")[:players])  # fmt: skip
    game = LcgGame(LcgConfig(_scenario(), decks, seed=3, mulligan=False), agents_for("heuristic", players, 3))
    revealed = [line for line in game.state.log if line[0] == "revealed"]
    assert len(revealed) >= players  # (a surge reveals one more)
    assert game.z(STAGING) or game.state.finished


def test_bots_play_games_to_an_end_by_a_rule() -> None:
    decks = tuple(player_deck(CORE / "decks" / f"{n}.txt", _catalogue(), _records()) for n in ("tactics", "spirit"))
    for seed in range(4):
        game = LcgGame(
            LcgConfig(_scenario(Mode.EASY), decks, seed=seed, mode=Mode.EASY), agents_for("heuristic", 2, seed)
        )
        result = game.play_game()
        assert result["reason"] in REASONS


def test_the_card_facts_agree_with_the_public_card_list() -> None:
    """A few facts of the pack's encounter and quest cards, as the public card list gives them."""
    facts = {card.name: card for card in _scenario().encounter}
    assert facts["Hunters from Mordor"].engagement_cost == 34
    assert facts["Goblintown Scavengers"].engagement_cost == 12
    assert facts["Flooding"].doomed == 1 and facts["Flooding"].surge
    assert facts["Signs of Gollum"].guarded
    assert {card.name: card.quest_points for card in _scenario().quest} == {
        "The Hunt Begins": 8, "A New Terror Abroad": 10, "On the Trail": 8,
    }  # fmt: skip
