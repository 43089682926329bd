"""The formatter: ``parse(format_script(s)) == s``, idempotence and the canonical layout.

The property tests draw syntax trees from :mod:`tests.strategies`; ``--long`` runs them over
many more trees.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given

from lotr_rules.dsl import ast
from lotr_rules.dsl.formatter import format_script
from lotr_rules.dsl.parser import parse
from tests.strategies import LONG_SETTINGS, PROPERTY_SETTINGS, conds, exprs, scripts

ROOT = Path(__file__).resolve().parents[1]
SHIPPED = sorted((ROOT / "cardscripts").rglob("*.card")) + sorted((ROOT / "examples").rglob("*.card"))


def _card(*body: str, head: str = "") -> str:
    """A one-card script whose play ability holds ``body``, formatted canonically."""
    lines = "".join(f"    {line}\n" for line in body)
    return f'card "X" {{\n{head}  play {{\n{lines}  }}\n}}\n'


def _check_round_trip(script: ast.Script) -> None:
    text = format_script(script)
    assert parse(text) == script, text


def _check_idempotent(script: ast.Script) -> None:
    once = format_script(script)
    assert format_script(parse(once)) == once


# ---------------------------------------------------------------------- properties
@PROPERTY_SETTINGS
@given(scripts())
def test_format_then_parse_gives_the_tree_back(script: ast.Script) -> None:
    """Parsing the formatted text of any grammatical tree gives back an equal tree."""
    _check_round_trip(script)


@PROPERTY_SETTINGS
@given(scripts())
def test_formatting_is_idempotent(script: ast.Script) -> None:
    """Formatting the parse of formatted text changes nothing: format(parse(format(s))) == format(s)."""
    _check_idempotent(script)


@PROPERTY_SETTINGS
@given(exprs(3))
def test_expressions_round_trip_in_every_expression_position(expr: ast.Expr) -> None:
    """A deeper expression survives formatting as a victory value, a repeat count and a power amount."""
    card = ast.Card(
        "X",
        (
            ast.Field("victory", expr),
            ast.Ability("play", (ast.RepeatStmt(expr, ()), ast.PowerStmt(expr), ast.LetStmt("N", expr))),
        ),
    )
    _check_round_trip(ast.Script((card,)))


@PROPERTY_SETTINGS
@given(conds(3))
def test_conditions_round_trip_in_if_and_quest(cond: ast.Cond) -> None:
    """A deeper condition survives formatting as an if condition, an else-if condition and a quest goal."""
    stmt = ast.IfStmt((ast.Branch(cond, ()), ast.Branch(cond, ())), ())
    card = ast.Card("X", (ast.Ability("play", (stmt,)), ast.Ability("quest", goal=cond, reward=ast.Num(1))))
    _check_round_trip(ast.Script((card,)))


@pytest.mark.slow
def test_round_trip_and_idempotence_long(request: pytest.FixtureRequest) -> None:
    """With --long: the round-trip and idempotence properties over many more trees."""
    if not request.config.getoption("--long", default=False):
        pytest.skip("a long property run: use --long")

    @LONG_SETTINGS
    @given(scripts(3))
    def run(script: ast.Script) -> None:
        _check_round_trip(script)
        _check_idempotent(script)

    run()


@pytest.mark.parametrize("path", SHIPPED, ids=lambda p: str(p.relative_to(ROOT)))
def test_shipped_scripts_round_trip(path: Path) -> None:
    """Every shipped card script round-trips through the formatter, and its formatting is stable."""
    script = parse(path.read_text(encoding="utf-8"), str(path))
    _check_round_trip(script)
    _check_idempotent(script)


# ---------------------------------------------------------------------- canonical layout
def test_messy_layout_becomes_canonical() -> None:
    """Spacing, indentation, blank lines and line continuations are normalised to the canonical layout."""
    messy = (
        '\n\ncard   "Messy"{\n'
        "id    messy\n"
        "\t\ttype   hero   ally\n"
        "\n"
        "cost 3\n"
        "   play   {\n"
        "draw   2 cards   from   deck\n"
        "      if X is enemy{\n"
        "   destroy   X\n"
        "        }   else   if not X is ally {\n"
        "} else {\n"
        "may   draw 1\n"
        "}\n"
        "put X \\\n"
        "    on top of deck\n"
        "    }\n"
        "}\n\n\n\n"
        'card "Second" {\n'
        "}"
    )
    assert format_script(parse(messy)) == (
        'card "Messy" {\n'
        "  id messy\n"
        "  type hero ally\n"
        "  cost 3\n"
        "  play {\n"
        "    draw 2 cards from deck\n"
        "    if X is enemy {\n"
        "      destroy X\n"
        "    } else if not X is ally {\n"
        "    } else {\n"
        "      may draw 1\n"
        "    }\n"
        "    put X on top of deck\n"
        "  }\n"
        "}\n"
        "\n"
        'card "Second" {\n'
        "}\n"
    )


def test_every_compound_statement_is_laid_out_with_two_space_blocks() -> None:
    """Each compound statement opens its block at the end of its line and closes it on its own line."""
    text = (
        'card "Blocks" {\n'
        " group ambush without defense {\n"
        "  choose {\n"
        '   option "one" {\n'
        "    repeat 2 { \n"
        "     for each opponent {\n"
        "      attack player to your left {\n"
        "       at end of turn {\n"
        "        may {\n"
        "         +1 power for each ally you control\n"
        "        }\n"
        "       }\n"
        "      }\n"
        "     }\n"
        "    }\n"
        "   }\n"
        '   option "two" {\n'
        "   }\n"
        "  }\n"
        " }\n"
        " quest {\n"
        "      goal number of cards under this >= 4\n"
        "      victory 5\n"
        " }\n"
        "}\n"
    )
    assert format_script(parse(text)) == (
        'card "Blocks" {\n'
        "  group ambush without defense {\n"
        "    choose {\n"
        '      option "one" {\n'
        "        repeat 2 {\n"
        "          for each opponent {\n"
        "            attack player to your left {\n"
        "              at end of turn {\n"
        "                may {\n"
        "                  +1 power for each ally you control\n"
        "                }\n"
        "              }\n"
        "            }\n"
        "          }\n"
        "        }\n"
        "      }\n"
        '      option "two" {\n'
        "      }\n"
        "    }\n"
        "  }\n"
        "  quest {\n"
        "    goal number of cards under this >= 4\n"
        "    victory 5\n"
        "  }\n"
        "}\n"
    )


@pytest.mark.parametrize(
    ("written", "canonical"),
    [
        ("victory ((1 + 2)) * (3)", "victory (1 + 2) * 3"),
        ("victory (1 - 2) - 3", "victory 1 - 2 - 3"),
        ("victory 1 - (2 - 3)", "victory 1 - (2 - 3)"),
        ("victory 1 + (2 * 3)", "victory 1 + 2 * 3"),
        ("victory -(1 + 2)", "victory -(1 + 2)"),
        ("victory 2*number of cards   in hand", "victory 2 * number of cards in hand"),
        # a negation of a negation keeps its brackets: `--1` does not parse
        ("victory -(-1)", "victory -(-1)"),
    ],
)
def test_expression_brackets_only_where_needed(written: str, canonical: str) -> None:
    """Brackets stay exactly where precedence, associativity or the grammar needs them."""
    assert format_script(parse(f'card "X" {{\n  {written}\n}}\n')) == f'card "X" {{\n  {canonical}\n}}\n'


@pytest.mark.parametrize(
    ("written", "canonical"),
    [
        ("destroy up to (2) cards", "destroy up to 2 cards"),
        ("discard random (number of cards in hand) cards", "discard random (number of cards in hand) cards"),
        ("gain an ally", "gain an ally"),
        ("gain a  ally", "gain a ally"),
        (
            'take   all cards in hand   where name is "Ring" or cost>=2 as Y',
            'take all cards in hand where name is "Ring" or cost >= 2 as Y',
        ),
        # an aggregate of several words at the start of a condition needs no brackets: the
        # words read as a state phrase until 'of' makes them an aggregate ...
        ("if (highest cost of cards in path) >= 2 {", "if highest cost of cards in path >= 2 {"),
        ("if (highest cost of cards)+1 >= 2 {", "if highest cost of cards + 1 >= 2 {"),
        # ... but one whose `where` or `in` would swallow the next `and`/`or` keeps them
        (
            "if 1 < (number of cards in hand) or the wall is breached {",
            "if 1 < (number of cards in hand) or the wall is breached {",
        ),
        (
            "if 1 < (number of cards where cost > 2) and it is ally {",
            "if 1 < (number of cards where cost > 2) and it is ally {",
        ),
        ("if 1 < (number of cards in hand) and it is ally {", "if 1 < number of cards in hand and it is ally {"),
        ("if 1 < (number of cards where cost > 2) {", "if 1 < number of cards where cost > 2 {"),
        # brackets in conditions and card tests stay where they change the grouping ...
        ("if not (X is y and Y is z) {", "if not (X is y and Y is z) {"),
        ("if not (X is y or Y is z) {", "if not (X is y or Y is z) {"),
        ("if (X is y or Y is z) and the wall is breached {", "if (X is y or Y is z) and the wall is breached {"),
        ("if X is y and (Y is z or it is ally) {", "if X is y and (Y is z or it is ally) {"),
        ("draw cards where not (cost > 1 or type is ally)", "draw cards where not (cost > 1 or type is ally)"),
        (
            "draw cards where (cost > 1 or cost < 3) and type is ally",
            "draw cards where (cost > 1 or cost < 3) and type is ally",
        ),
        # ... and where the tree has a chain inside a chain of its own kind, as written
        ("if (X is y and Y is z) and it is ally {", "if (X is y and Y is z) and it is ally {"),
        (
            "draw cards where cost > 1 or (cost < 3 or type is ally)",
            "draw cards where cost > 1 or (cost < 3 or type is ally)",
        ),
        # ... and go where they change nothing
        ("if ((X is y)) and (not Y is z) {", "if X is y and not Y is z {"),
        ("if (X is y and Y is z) or it is ally {", "if X is y and Y is z or it is ally {"),
        ("if not (not X is y) {", "if not not X is y {"),
        ("draw cards where (not cost > 1) and (type is ally)", "draw cards where not cost > 1 and type is ally"),
        ("if (X + 1) > 2 {", "if X + 1 > 2 {"),
        ("if ((X + 1) * 2 > 2) {", "if (X + 1) * 2 > 2 {"),
        # `under` in a command is the destination
        ("put  2 cards  under   this", "put 2 cards under this"),
    ],
)
def test_selection_and_condition_layout(written: str, canonical: str) -> None:
    """Selections and conditions are spaced canonically; brackets stay only where the parser needs them."""
    closing = ("}",) if written.endswith("{") else ()
    assert format_script(parse(_card(written, *closing))) == _card(canonical, *closing)


def test_strings_keep_their_escapes() -> None:
    """Quotes and backslashes in strings are escaped so that the text reads back the same."""
    text = 'card "Say \\"hi\\" \\\\o/" {\n  text "a \\"quote\\" and a \\\\"\n}\n'
    script = parse(text)
    assert script.cards[0].name == 'Say "hi" \\o/'
    assert script.cards[0].field("text") == ast.Field("text", 'a "quote" and a \\')
    assert format_script(script) == text


def test_conditional_number_round_trips() -> None:
    """A conditional number, ``(if COND then A else B)``, formats and parses back unchanged."""
    text = (
        'card "C" {\n  id c\n  type location\n  victory (if the wall is used then 0 else 3)\n'
        '  provenance designed\n  text "t"\n  play {\n'
        "    +(if number of cards in hand >= 2 then 2 else 1) power\n  }\n}\n"
    )
    script = parse(text)
    assert format_script(script) == text
    assert parse(format_script(script)) == script
