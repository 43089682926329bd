"""Findings point at the offending word, and near misses say how the language writes them,
suggesting only words the grammar takes at that place."""

from __future__ import annotations

from pathlib import Path

import pytest

from lotr_rules.diagnostics import Diagnostic
from lotr_rules.dsl import nearmiss
from lotr_rules.lint.runner import lint_paths

MANIFEST = 'code = "demo"\nname = "Demo"\nlanguage = 5\n'


def lint_card(tmp_path: Path, type_word: str, statement: str) -> list[Diagnostic]:
    folder = tmp_path / "demo"
    folder.mkdir()
    (folder / "set.toml").write_text(MANIFEST, encoding="utf-8")
    text = (
        f'card "A" {{\n  id a\n  type {type_word}\n  cost 3\n  provenance designed\n  text "x"\n'
        f"  play {{\n    {statement}\n  }}\n}}\n"
    )
    (folder / "a.card").write_text(text, encoding="utf-8")
    diagnostics, _ = lint_paths([folder])
    return diagnostics


def where(diagnostics: list[Diagnostic], code: str) -> tuple[int, int, str | None]:
    [found] = [d for d in diagnostics if d.code == code]
    return found.span.line, found.span.column, found.hint


def test_an_unknown_type_points_at_the_type_word(tmp_path: Path) -> None:
    """`type aly` is reported at `aly`, not at `type`."""
    assert where(lint_card(tmp_path, "aly", "draw 1"), "E112") == (3, 8, "did you mean 'ally'?")


def test_an_unknown_zone_points_at_the_zone_word(tmp_path: Path) -> None:
    """`from hnad` is reported at `hnad`, not at `from`."""
    assert where(lint_card(tmp_path, "ally", "draw 1 card from hnad"), "E111") == (8, 22, "did you mean 'hand'?")


def test_to_top_of_deck_suggests_on_top_of_deck(tmp_path: Path) -> None:
    found = where(lint_card(tmp_path, "ally", "put a card from hand to top of deck"), "E111")
    assert found == (8, 26, "did you mean 'on top of deck'?")


def test_costing_up_to_suggests_a_where_test(tmp_path: Path) -> None:
    diagnostics = lint_card(tmp_path, "ally", "gain a card costing up to 4")
    [error] = diagnostics
    assert (error.code, error.span.line, error.span.column) == ("E001", 8, 17)
    assert error.message == "unexpected 'costing up to 4'"
    assert error.hint == "did you mean 'where cost <= 4'?"


def test_a_misspelt_player_phrase_suggests_the_player_phrase(tmp_path: Path) -> None:
    """`for each other playr` names no card type: the suggestion is the player phrase it
    resembles, never an unrelated card type."""
    diagnostics = lint_card(tmp_path, "ally", "for each other playr {\n      draw 1\n    }")
    assert [(d.code, d.hint) for d in diagnostics] == [("E113", "did you mean 'other player'?")]
    assert (diagnostics[0].span.line, diagnostics[0].span.column) == (8, 14)


def test_a_near_miss_is_not_offered_where_its_keyword_cannot_stand() -> None:
    """`cost up to 4` as a card field: 'where' cannot start a field, so nothing is suggested."""
    source = 'card "A" {\n  id a\n  cost up to 4\n}\n'
    assert nearmiss.suggest(source, 3, 1, 20) is None


@pytest.mark.parametrize(
    ("statement", "written", "write"),
    [
        ("gain a card costing 3 or less", "costing 3 or less", "where cost <= 3"),
        ("gain a card costing at least 2", "costing at least 2", "where cost >= 2"),
        ("gain a card with cost 5", "with cost 5", "where cost == 5"),
        ("discard a card from hand onto bottom of deck", "onto bottom of deck", "on bottom of deck"),
        ("put a card from hand on the top of your deck", "on the top of your deck", "on top of deck"),
        ("gain 2 power", "gain 2 power", "+2 power"),
        ("destroy a card from your hand", "your hand", "hand"),
        ("draw two cards", "two", "2"),
    ],
)
def test_near_misses(statement: str, written: str, write: str) -> None:
    source = f'card "A" {{\n  id a\n  play {{\n    {statement}\n  }}\n}}\n'
    found = nearmiss.suggest(source, 4, 1, 80)
    assert found is not None
    assert (found.written, found.write) == (written, write)


def test_a_number_word_is_not_turned_into_a_digit_where_no_number_can_stand() -> None:
    """'one' inside a card name's text or after a verb that takes no number gets no suggestion."""
    source = 'card "A" {\n  id a\n  text "one"\n}\n'
    assert nearmiss.suggest(source, 3, 1, 20) is None
    source = 'card "A" {\n  id a\n  play {\n    draw 1 one\n  }\n}\n'
    assert nearmiss.suggest(source, 4, 1, 20) is None
