"""The language constructs the Adventure Deck brought, and the rule that each family's cards are
checked against that family's vocabulary only.

The constructs are general (tokens on counters, next-turn blocks, conditions on the way chosen,
shuffling into a pile, commands of several words): these tests write them the way a card author
would and check what the parser, the formatter, the describer and the compiler make of them.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from lotr_rules.diagnostics import Diagnostic
from lotr_rules.dsl import ast
from lotr_rules.dsl.compiler import Compiler
from lotr_rules.dsl.describe import describe_card
from lotr_rules.dsl.formatter import format_card
from lotr_rules.dsl.parser import parse, parse_card
from lotr_rules.engine.cards import CardDef
from lotr_rules.engine.registry import Vocabulary
from lotr_rules.games import family_names, vocabulary_for
from lotr_rules.lint.runner import lint_paths

ADVENTURE_HEAD = """card "Test" {
  id test
  type place
  aggression 1
  directions left 2 up 3
  provenance designed
  text "A test card."
"""


def adventure(*lines: str) -> str:
    return ADVENTURE_HEAD + "".join(f"  {line}\n" for line in lines) + "}\n"


def compile_with(vocabulary: Vocabulary, text: str) -> tuple[object, list[Diagnostic]]:
    compiler = Compiler(vocabulary, "test.card")
    definition = compiler.compile_card(parse_card(text))
    return definition, compiler.diagnostics


def codes(diagnostics: list[Diagnostic]) -> list[str]:
    return [d.code for d in diagnostics]


# ---------------------------------------------------------------------- syntax
def test_token_statements_parse_into_token_nodes() -> None:
    card = parse_card(
        adventure(
            "effect {",
            "  add 1 token to witch king track",
            "  remove 2 tokens from attack",
            "  remove all tokens from aid",
            "}",
        )
    )
    body = card.abilities()[0].body
    assert body == (
        ast.TokenStmt("add", ast.Num(1), ("witch", "king", "track")),
        ast.TokenStmt("remove", ast.Num(2), ("attack",)),
        ast.TokenStmt("remove", None, ("aid",)),
    )


def test_token_and_tokens_mean_the_same_and_format_to_the_reading_one() -> None:
    """`1 tokens` and `2 token` parse the same as `1 token` and `2 tokens`; the formatter writes
    the one that reads right."""
    odd = parse_card(adventure("effect {", "  add 1 tokens to armor", "  add 2 token to armor", "}"))
    text = format_card(odd)
    assert "add 1 token to armor" in text and "add 2 tokens to armor" in text
    assert parse_card(text) == odd


def test_tokens_on_a_counter_is_a_number() -> None:
    card = parse_card(
        adventure("effect {", "  if tokens on ring > 0 {", "    add tokens on attack tokens to attack", "  }", "}")
    )
    branch = card.abilities()[0].body[0]
    assert isinstance(branch, ast.IfStmt)
    condition = branch.branches[0].cond
    assert isinstance(condition, ast.CondCompare) and condition.left == ast.TokensOn(("ring",))
    assert branch.branches[0].body[0] == ast.TokenStmt("add", ast.TokensOn(("attack",)), ("attack",))


def test_effect_always_search_and_the_adventure_fields() -> None:
    card = parse_card(adventure("effect always {", "  cancel attack", "}", "search {", "  retreat 1", "}"))
    effect, search = card.abilities()
    assert (effect.kind, effect.always, search.kind, search.always) == ("effect", True, "search", False)
    directions = card.field("directions")
    assert directions is not None and directions.value == ("left", "2", "up", "3")
    assert parse_card(format_card(card)) == card
    assert "effect always {" in format_card(card)


def test_next_turn_block_into_placement_and_not_in_a_state_phrase_round_trip() -> None:
    text = adventure(
        "effect {",
        "  next turn {",
        "    if direction is not left {",
        "      travel blind",
        "    }",
        "  }",
        "  shuffle random 3 cards from discard pile into quest deck",
        "}",
    )
    card = parse_card(text)
    assert format_card(card) == text
    definition, _ = compile_with(vocabulary_for("adventure-deck"), text)
    assert isinstance(definition, CardDef)
    described = "\n".join(describe_card(definition))
    assert "During your next turn:" in described
    assert "shuffled into the quest deck" in described


def test_a_misspelt_next_turn_gets_a_did_you_mean() -> None:
    from lotr_rules.errors import ScriptSyntaxError

    with pytest.raises(ScriptSyntaxError) as caught:
        parse(adventure("effect {", "  nxt turn {", "    cannot rest", "  }", "}"))
    assert caught.value.hint == "did you mean 'next'?"


# ---------------------------------------------------------------------- the adventure vocabulary
def test_every_shipped_construct_compiles_against_the_adventure_vocabulary() -> None:
    definition, diagnostics = compile_with(
        vocabulary_for("adventure-deck"),
        adventure(
            "effect {",
            "  add 1 token to witch king track",
            "  cannot rest",
            "  may advance 2",
            "  next turn {",
            "    when you draw your first card {",
            "      remove aggression of it tokens from attack",
            "    }",
            "  }",
            "}",
        ),
    )
    assert diagnostics == []
    assert definition is not None


def test_an_unknown_counter_is_e123_with_a_suggestion() -> None:
    _, diagnostics = compile_with(
        vocabulary_for("adventure-deck"), adventure("effect {", "  add 1 token to armour", "}")
    )
    assert codes(diagnostics) == ["E123"]
    assert diagnostics[0].hint == "did you mean 'armor'?"


def test_a_direction_outside_the_family_or_range_is_reported() -> None:
    text = ADVENTURE_HEAD.replace("directions left 2 up 3", "directions left 6 down 2") + "}\n"
    _, diagnostics = compile_with(vocabulary_for("adventure-deck"), text)
    assert sorted(codes(diagnostics)) == ["E118", "E142"]


def test_shuffle_takes_into_and_nothing_else() -> None:
    _, diagnostics = compile_with(
        vocabulary_for("adventure-deck"),
        adventure("effect {", "  shuffle all cards from discard pile on top of quest deck", "}"),
    )
    assert codes(diagnostics) == ["E121"]


def test_power_is_not_part_of_the_adventure_deck() -> None:
    _, diagnostics = compile_with(vocabulary_for("adventure-deck"), adventure("effect {", "  +1 power", "}"))
    assert codes(diagnostics) == ["E119"]


# ---------------------------------------------------------------------- the deck-building vocabulary
DECKBUILDING_CARD = """card "Test" {{
  id test
  type ally
  provenance designed
  text "A test card."
{body}}}
"""


@pytest.mark.parametrize(
    "body",
    [
        "  play {\n    next turn {\n      draw 1\n    }\n  }\n",
        "  play {\n    add 1 token to armor\n  }\n",
        "  effect {\n    draw 1\n  }\n",
        "  aggression 2\n",
    ],
    ids=["next turn", "tokens", "effect ability", "aggression field"],
)
def test_adventure_constructs_are_e119_in_a_deckbuilding_card(body: str) -> None:
    _, diagnostics = compile_with(vocabulary_for("deckbuilding"), DECKBUILDING_CARD.format(body=body))
    assert codes(diagnostics) == ["E119"]
    assert "the deck-building games" in diagnostics[0].message or "deckbuilding" in diagnostics[0].message


def test_every_family_is_known_and_an_unknown_one_is_refused(tmp_path: Path) -> None:
    assert family_names() == ["adventure-deck", "deckbuilding", "lcg"]
    folder = tmp_path / "odd"
    folder.mkdir()
    (folder / "set.toml").write_text('code = "odd"\nname = "Odd"\nlanguage = 5\nfamily = "chess"\n')
    diagnostics, _ = lint_paths([folder])
    assert [(d.code, "chess" in d.message) for d in diagnostics] == [("E161", True)]


def test_the_linter_checks_each_set_against_its_own_family(tmp_path: Path) -> None:
    """An adventure set and a deck-building set linted together: each is clean in its family."""
    adventure_set = tmp_path / "journey"
    adventure_set.mkdir()
    (adventure_set / "set.toml").write_text(
        'code = "journey"\nname = "Journey"\nlanguage = 5\nfamily = "adventure-deck"\n'
    )
    (adventure_set / "test.card").write_text(adventure("effect {", "  cannot rest", "}"))
    deck_set = tmp_path / "allies"
    deck_set.mkdir()
    (deck_set / "set.toml").write_text('code = "allies"\nname = "Allies"\nlanguage = 5\n')
    (deck_set / "test.card").write_text(DECKBUILDING_CARD.format(body="  play {\n    draw 1\n  }\n"))
    diagnostics, files = lint_paths([adventure_set, deck_set])
    assert files == 2
    assert diagnostics == []
