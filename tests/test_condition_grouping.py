"""Bracketed conditions and ``under`` in a command, run by the engine.

The parser tests check the trees; these load a small set of designed cards next to The Two
Towers and play them in scenarios, so that what a bracket groups is what the game evaluates, and
a card that puts cards under itself and takes them back from there does both.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from lotr_rules.dsl.compiler import Compiler
from lotr_rules.dsl.describe import describe_card
from lotr_rules.dsl.parser import parse_card
from lotr_rules.games.deckbuilding.scenario import ScenarioResult, run, scenario_from_text
from lotr_rules.games.deckbuilding.vocabulary import vocabulary

SET_TOML = """code = "grouping"
name = "Grouping"
language = 5
family = "deckbuilding"
description = "Designed cards for the tests of bracketed conditions."
"""

#: After the ``put``, the cards under it are 2 and the hand holds what was left. With the
#: brackets, the first test is true unless both hold; written without them (``not a and b``) it
#: would be true only when the hand is not empty and there are fewer than 2 under it.
CELLAR = """card "Test Cellar" {
  id test-cellar
  type location
  cost 1
  copies 1
  provenance designed
  text "Put two cards from your hand under this. +1 Power, or +10 if your hand is not empty."
  play {
    put 2 cards from hand under this
    if not (number of cards under this >= 2 and number of cards in hand >= 1) {
      +1 power
    }
    if (number of cards in hand >= 1 or number of cards under this >= 5) and not number of cards under this >= 5 {
      +10 power
    }
  }
}
"""

VAULT = """card "Test Vault" {
  id test-vault
  type location
  cost 1
  copies 1
  provenance designed
  text "Put a card from your hand under this, then destroy a card from under it."
  play {
    put a card from hand under this
    destroy 1 card from under this
  }
}
"""


@pytest.fixture(scope="module")
def card_set(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("sets") / "grouping"
    folder.mkdir()
    (folder / "set.toml").write_text(SET_TOML, encoding="utf-8")
    (folder / "test-cellar.card").write_text(CELLAR, encoding="utf-8")
    (folder / "test-vault.card").write_text(VAULT, encoding="utf-8")
    return folder


def _play(card_set: Path, card: str, hand: list[str], expect: str) -> ScenarioResult:
    names = ", ".join(f'"{name}"' for name in [card, *hand])
    text = f'title = "t"\n[game]\nplayers = 1\n[players.1]\nhand = [{names}]\n'
    text += f'[[do]]\nplay = "{card}"\n{expect}'
    return run(scenario_from_text(text, "grouping.toml", extra_cards=[card_set]))


@pytest.mark.parametrize(("hand", "power"), [(["Courage*2"], 1), (["Courage*3"], 10)])
def test_brackets_group_what_the_engine_evaluates(card_set: Path, hand: list[str], power: int) -> None:
    """``not (a and b)``: with 2 cards under and an empty hand +1; with a card left in hand the
    ``not`` fails and ``(a or b) and not c`` gives +10."""
    result = _play(card_set, "Test Cellar", hand, f"[expect]\npower = {power}\n")
    assert result.passed, result.failures


def test_cards_go_under_and_come_back_from_under(card_set: Path) -> None:
    expect = '[expect.players.1]\nunder = {"Test Vault" = []}\nhand = []\n[expect.shared]\ndestroyed = 1\n'
    result = _play(card_set, "Test Vault", ["Despair"], expect)
    assert result.passed, result.failures


def test_the_designed_cards_compile_cleanly() -> None:
    for text in (CELLAR, VAULT):
        compiler = Compiler(vocabulary(), "test.card")
        compiler.compile_card(parse_card(text))
        assert compiler.diagnostics == []


def test_a_counted_selection_before_under_is_put_under() -> None:
    """``put 2 cards under this`` is a placement now, so the linter asks for the missing zone
    instead of a destination the author wrote."""
    text = CELLAR.replace("put 2 cards from hand under this", "put 2 cards under this")
    compiler = Compiler(vocabulary(), "test.card")
    compiler.compile_card(parse_card(text))
    (diagnostic,) = compiler.diagnostics
    assert diagnostic.code == "E120"
    assert "no zone" in diagnostic.message


def test_the_describer_brackets_every_nested_and_or() -> None:
    """The describer shows the grouping without relying on precedence: an ``and`` inside an
    ``or`` is bracketed too, though the formatter leaves it bare."""
    text = CELLAR.replace(
        "if (number of cards in hand >= 1 or number of cards under this >= 5) and not",
        "if number of cards in hand >= 1 or number of cards under this >= 5 and not",
    )
    definition = Compiler(vocabulary(), "test.card").compile_card(parse_card(text))
    assert definition is not None
    described = "\n".join(describe_card(definition))
    assert "If not (number of cards under this >= 2 and number of cards in hand >= 1):" in described
    assert (
        "If number of cards in hand >= 1 or (number of cards under this >= 5 and not number of cards under this >= 5):"
        in described
    )
