"""W215: a '+N power' whose amount can be negative is a warning; amounts that cannot are clean.

The sign analysis (lotr_rules/dsl/signs.py) follows counts and measures (never negative), the
operators, names bound with 'let', and takes an '(if ... then ... else ...)' as the author's guard.
"""

from __future__ import annotations

import pytest

from lotr_rules.dsl.compiler import Compiler
from lotr_rules.dsl.parser import parse_card
from lotr_rules.games import vocabulary_for


def warned(*statements: str) -> bool:
    body = "".join(f"    {s}\n" for s in statements)
    compiler = Compiler(vocabulary_for("deckbuilding"), "a.card")
    compiler.compile_card(
        parse_card(
            f'card "A" {{\n  id a\n  type ally\n  provenance designed\n  text "A test card."\n'
            f"  play {{\n{body}  }}\n}}\n"
        )
    )
    assert not [d for d in compiler.diagnostics if d.code != "W215"], compiler.diagnostics
    return bool(compiler.diagnostics)


@pytest.mark.parametrize(
    "statements",
    [
        ("+-2 power",),
        ("+(2 - number of cards in hand) power",),
        ("+(0 - players hit) power",),
        ("let X = 1 - number of cards in hand", "+X power"),
        ("+(-1 * number of allies in hand) power",),
        ("+(if players hit > 1 then 1 else -1) power",),
        ("if players hit > 1 {", "  +-1 power", "}"),
        ("+(-4 / 2) power",),
        ("+(number of cards in hand / -2) power",),
        ("+(number of cards in hand % -3) power",),
    ],
)
def test_an_amount_that_can_be_negative_is_warned(statements: tuple[str, ...]) -> None:
    assert warned(*statements)


@pytest.mark.parametrize(
    "statements",
    [
        ("+2 power",),
        ("+(number of cards in hand + 1) power",),
        ("+(-1 * -2) power",),
        ("+(2 * players hit) power",),
        ("let X = number of cards in hand", "+X power"),
        ("+(if number of cards in hand > 2 then number of cards in hand - 2 else 0) power",),
        ("+2 power for each card in hand",),
        ("+(number of cards in hand / 2) power",),
        ("+(-5 % 3) power",),
    ],
)
def test_an_amount_that_cannot_be_negative_is_clean(statements: tuple[str, ...]) -> None:
    assert not warned(*statements)
