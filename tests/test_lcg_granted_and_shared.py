"""The LCG words for qualities granted while attached, a card named before ('card is X'), a cost
of lowering threat, control passing to another player, and Actions used by each player: how
they are written, formatted back and refused where they cannot run."""

from __future__ import annotations

import pytest

from lotr_rules.diagnostics import Diagnostic
from lotr_rules.dsl import fastparse
from lotr_rules.dsl.compiler import Compiler
from lotr_rules.dsl.formatter import format_card
from lotr_rules.dsl.parser import parse_card
from lotr_rules.engine.cards import CardDef
from lotr_rules.games import vocabulary_for

LCG = vocabulary_for("lcg")


def compiled(text: str) -> tuple[CardDef | None, list[Diagnostic]]:
    compiler = Compiler(LCG, "test.card")
    return compiler.compile_card(parse_card(text)), compiler.diagnostics


def codes(text: str) -> list[str]:
    return [d.code for d in compiled(text)[1] if d.code.startswith("E")]


def attachment(body: str) -> str:
    return (
        'card "Test Token" {\n  id test-token\n  type attachment\n  sphere leadership\n  cost 1\n'
        '  attach-to hero\n  provenance designed\n  text "A made-up card."\n' + body + "}\n"
    )


def ally(body: str) -> str:
    return (
        'card "Test Friend" {\n  id test-friend\n  type ally\n  sphere spirit\n  cost 1\n  willpower 1\n'
        "  attack 1\n  defense-strength 1\n  hit-points 2\n  provenance designed\n"
        '  text "A made-up card."\n' + body + "}\n"
    )


def event(body: str) -> str:
    return (
        'card "Test Call" {\n  id test-call\n  type event\n  sphere leadership\n  cost 0\n'
        '  provenance designed\n  text "A made-up card."\n' + body + "}\n"
    )


GRANT = attachment(
    "  while attached {\n    give trait gondor to attached hero\n"
    '    give resource-icon spirit to attached hero where name is "Aragorn"\n  }\n'
)
SHARED = ally("  action by each player once per round {\n    cost discard a card from hand\n    draw 1\n  }\n")
HANDED = ally(
    "  action {\n    cost reduce threat by 3\n    choose another player as P\n"
    "    for each P {\n      control this\n      raise threat by 3\n    }\n  }\n"
)
OTHER = event(
    "  action {\n    cost exhaust a hero in your play area as Paid\n"
    "    ready a hero in play where card is not Paid\n  }\n"
)


@pytest.mark.parametrize("text", [GRANT, SHARED, HANDED, OTHER])
def test_the_words_compile_and_format_back_to_what_was_written(text: str) -> None:
    card, diagnostics = compiled(text)
    assert card is not None, [str(d) for d in diagnostics]
    assert format_card(parse_card(text)) == text


@pytest.mark.parametrize("text", [GRANT, SHARED, HANDED])
def test_the_fast_parser_leaves_the_new_forms_to_lark(text: str) -> None:
    assert fastparse.parse(text) is None


def test_a_quality_is_granted_only_in_a_while_block() -> None:
    """E187: outside a 'while' block nothing would take the trait away again."""
    assert codes(attachment("  action {\n    give trait gondor to attached hero\n  }\n")) == ["E187"]
    text = attachment("  while attached {\n    give trait gondor to attached hero until end of phase\n  }\n")
    assert codes(text) == ["E187"]


def test_a_quality_the_family_does_not_have_or_a_word_it_does_not_take() -> None:
    """E187: only traits and resource icons, and an icon only of a sphere with resources."""
    assert codes(attachment("  while attached {\n    give title steward to attached hero\n  }\n")) == ["E187"]
    assert codes(attachment("  while attached {\n    give resource-icon neutral to attached hero\n  }\n")) == ["E187"]


def test_an_action_by_each_player_is_not_an_events() -> None:
    """E195: an event is played from its owner's hand; other players cannot use it."""
    assert codes(event("  action by each player {\n    draw 1\n  }\n")) == ["E195"]


def test_card_is_needs_a_name_of_cards_bound_before() -> None:
    """E120: 'card is X' compares with cards named earlier; a word, a number or an unbound name
    could never be compared."""
    assert codes(event("  action {\n    ready a hero in play where card is not Paid\n  }\n")) == ["E120"]
    assert codes(event("  action {\n    ready a hero in play where card is hero\n  }\n")) == ["E120"]
    text = event("  action {\n    choose a player as P\n    ready a hero in play where card is not P\n  }\n")
    assert "E120" in codes(text)
