"""Language 5's change 'few-from-pile-are-top-cards': in the Card Game, 'discard a card from
deck' discards the top card of the deck; a set written for language 4 keeps the old reading, in
which the player chose any card of the deck. No shipped card of language 4 discarded from a deck
this way, so moving the sets across changed none of them."""

from __future__ import annotations

from pathlib import Path

import pytest

from lotr_rules.games.lcg import scenario as lcg

MILL = """card "Test Mill" {
  id test-mill
  type treachery
  encounter-set "Scenario Tests"
  provenance designed
  text "Test card: When Revealed: discard the top card of your deck."
  when revealed {
    discard a card from deck
  }
}
"""

#: the deck holds Gandalf under Guard of the Citadel (a file writes the top card last)
GAME = """
[game]
family = "lcg"
phase = "quest"
cards = ["mill"]

[players.1]
threat = 28
play = ["Aragorn"]
deck = ["Gandalf", "Guard of the Citadel"]

[shared]
quest = "Flies and Spiders"
encounter_deck = ["Test Mill"]

[[do]]
reveal = 1
{choices}

[expect.players.1]
discard = [{discarded}]
"""


def _run(tmp_path: Path, language: int, choices: str, discarded: str) -> lcg.ScenarioResult:
    folder = tmp_path / "mill"
    folder.mkdir()
    (folder / "set.toml").write_text(f'code = "mill"\nname = "Mill"\nlanguage = {language}\nfamily = "lcg"\n')
    (folder / "test-mill.card").write_text(MILL)
    path = tmp_path / "mill.toml"
    path.write_text(GAME.format(choices=choices, discarded=discarded), encoding="utf-8")
    return lcg.run_scenario(path)


def test_language_5_discards_the_top_card_without_asking(tmp_path: Path) -> None:
    result = _run(tmp_path, 5, "", '"Guard of the Citadel"')
    assert result.passed, result.failures


def test_language_4_lets_the_player_choose_any_card_of_the_deck(tmp_path: Path) -> None:
    result = _run(tmp_path, 4, 'choices = ["Gandalf"]', '"Gandalf"')
    assert result.passed, result.failures


@pytest.mark.parametrize("language", [4, 5])
def test_the_top_card_reading_differs_between_the_languages(tmp_path: Path, language: int) -> None:
    """Under language 5 no choice is asked; under 4 the scripted choice of Gandalf is needed."""
    result = _run(tmp_path, language, "", '"Guard of the Citadel"')
    assert result.passed == (language == 5)
