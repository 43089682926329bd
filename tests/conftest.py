"""Shared test options: ``--long`` runs the property tests over many more games."""

from __future__ import annotations

import pytest


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption("--long", action="store_true", help="run the long property runs (thousands of games)")


@pytest.fixture
def game_count(request: pytest.FixtureRequest) -> int:
    """How many seeded games a whole-game property test plays: few in CI, many with --long."""
    return 2000 if request.config.getoption("--long") else 40
