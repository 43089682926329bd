"""The English the logs share."""

from __future__ import annotations

import pytest

from lotr_rules.wording import possessive


@pytest.mark.parametrize(
    ("name", "expected"),
    [("Troll", "Troll's"), ("Goblins", "Goblins'"), ("Isengard Gates", "Isengard Gates'"), ("Moss", "Moss's")],
)
def test_possessive(name: str, expected: str) -> None:
    assert possessive(name) == expected
