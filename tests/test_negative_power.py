"""W212: a '+N power' whose amount can be negative is a warning; amounts that cannot are clean."""

from __future__ import annotations

import pytest

from lotr_rules.dsl.signs import negative_power
from lotr_rules.dsl.syntax import parse


def warned(*statements: str) -> bool:
    body = "".join(f"    {s}\n" for s in statements)
    script = parse(f'card "A" {{\n  id a\n  type ally\n  play {{\n{body}  }}\n}}\n', "a.card")
    found = negative_power(script, "a.card")
    assert all(d.code == "W212" and d.span.path == "a.card" for d in found)
    return bool(found)


@pytest.mark.parametrize(
    "statements",
    [
        ("+-2 power",),
        ("+(2 - number of cards in hand) power",),
        ("+(0 - players hit) power",),
        ("let X = 1 - tokens on witch king track", "+X power"),
        ("+(-1 * number of allies in hand) power",),
        ("+(if players hit > 1 then 1 else -1) power",),
        ("if players hit > 1 {", "  +-1 power", "}"),
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
    ],
)
def test_an_amount_that_cannot_be_negative_is_clean(statements: tuple[str, ...]) -> None:
    assert not warned(*statements)
