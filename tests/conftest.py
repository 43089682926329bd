"""Shared test options: ``--long`` runs the property tests over many more games, and the fuzzers
over many more inputs (as does ``LOTR_RULES_FUZZ_EXAMPLES=N``);
``--update-golden`` rewrites the golden whole-game logs (tests/golden) from the current engine."""

from __future__ import annotations

import os

import pytest

from lotr_rules.games import load_all

# The game families register with the language, as the command line has them do when it starts.
load_all()


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption("--long", action="store_true", help="run the long property runs (thousands of games)")
    parser.addoption(
        "--update-golden", action="store_true", help="rewrite the golden game logs in tests/golden instead of checking"
    )


@pytest.fixture
def game_count(request: pytest.FixtureRequest) -> int:
    """How many seeded games a whole-game property test plays: few in CI, many with --long."""
    return 2000 if request.config.getoption("--long") else 40


@pytest.fixture
def fuzz_examples(request: pytest.FixtureRequest) -> int:
    """How many inputs each whole-command fuzzer tries: a few on every run (seconds), a thousand
    with ``--long``, or ``LOTR_RULES_FUZZ_EXAMPLES`` (the scheduled job's budget, see
    docs/sharing-safely.md)."""
    chosen = os.environ.get("LOTR_RULES_FUZZ_EXAMPLES", "")
    if chosen.isdigit() and int(chosen) > 0:
        return int(chosen)
    return 1000 if request.config.getoption("--long") else 6
