"""The card field 'gap' (what a script does not do of its card) and the Card Game galleries'
Coverage table made from it; and 'any number of', read alike by both parsers and written back
as it was."""

from __future__ import annotations

from pathlib import Path

import pytest

from lotr_rules.cli import main
from lotr_rules.diagnostics import Severity
from lotr_rules.docgen.coverage import coverage_section
from lotr_rules.dsl import ast, fastparse
from lotr_rules.dsl.compiler import Compiler
from lotr_rules.dsl.formatter import format_card
from lotr_rules.dsl.parser import parse_card, parse_with_lark
from lotr_rules.engine.cards import CardDef
from lotr_rules.games import vocabulary_for

SCOUT = """card "Test Scout" {
  id test-scout
  type ally
  sphere lore
  cost 1
  willpower 1
  attack 0
  defense-strength 0
  hit-points 1
  provenance designed
  text "A made-up ally."
%s}
"""


def _compile(text: str) -> tuple[CardDef | None, list[str]]:
    compiler = Compiler(vocabulary_for("lcg"), "test-scout.card")
    card = compiler.compile_card(parse_card(text))
    return card, [d.code for d in compiler.diagnostics if d.severity in (Severity.ERROR, Severity.WARNING)]


def test_a_card_without_gap_is_faithful() -> None:
    card, codes = _compile(SCOUT % "")
    assert card is not None and card.gap == () and codes == []


def test_gap_may_be_given_on_several_lines_and_keeps_their_order() -> None:
    card, codes = _compile(SCOUT % '  gap "its Response is not written"\n  gap "Sentinel is missing"\n')
    assert codes == []
    assert card is not None and card.gap == ("its Response is not written", "Sentinel is missing")


def test_a_gap_that_is_not_a_text_or_says_nothing_is_found() -> None:
    assert "E191" in _compile(SCOUT % "  gap missing\n")[1]
    assert _compile(SCOUT % '  gap ""\n')[1] == ["W354"]


def test_the_coverage_table_lists_each_card_as_faithful_or_with_its_gaps() -> None:
    faithful, _ = _compile(SCOUT % "")
    partial, _ = _compile((SCOUT % '  gap "its Response is not written"\n').replace("Test Scout", "Test Ranger"))
    assert faithful is not None and partial is not None
    lines = coverage_section("lcg", [partial, faithful])
    assert lines[0] == "## Coverage"
    assert "1 of the 2 different cards are faithful" in lines[2]
    assert "| Test Ranger | ally | no | its Response is not written |" in lines
    assert "| Test Scout | ally | faithful | — |" in lines
    assert coverage_section("deckbuilding", [faithful]) == []


def test_show_prints_the_gaps(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    folder = tmp_path / "scouts"
    folder.mkdir()
    (folder / "set.toml").write_text('code = "scouts"\nname = "Scouts"\nlanguage = 5\nfamily = "lcg"\n')
    (folder / "test-scout.card").write_text(SCOUT % '  gap "its Response is not written"\n')
    assert main(["show", "Test Scout", "--cards", str(folder)]) == 0
    assert "gap: its Response is not written" in capsys.readouterr().out


ANY = SCOUT % "  action {\n    take any number of cards from top attachments of discard piles\n  }\n"


def test_any_number_of_is_an_up_to_without_bound_in_both_parsers_and_is_written_back() -> None:
    source = ANY
    lark = parse_with_lark(source, source).cards[0]
    fast = fastparse.parse(source)
    assert fast is not None
    for card in (lark, fast.cards[0]):
        ability = next(item for item in card.items if isinstance(item, ast.Ability))
        command = ability.body[0]
        assert isinstance(command, ast.Command) and command.sel is not None
        quantity = command.sel.quantity
        assert quantity is not None and quantity.kind == "up_to" and quantity.article == ast.ANY_NUMBER
        assert command.sel.kind == ("cards",)
    assert "take any number of cards from top attachments of discard piles" in format_card(lark)
