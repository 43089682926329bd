"""Every diagnostic code the linter and the loader emit, with why it matters and how to fix it.

This registry is the single source of ``docs/lint-codes.md`` (see
:mod:`lotr_rules.docgen.lint_codes`), and a test lints every ``bad`` example (it must yield its
code) and every ``good`` one (it must not), and checks that the codes here are exactly the codes
the sources emit, so the page can never drift from the checks. The codes are written in
:mod:`lotr_rules.lint.code_entries`, one module a part of the language; what a code is and how an
example becomes a set folder is :mod:`lotr_rules.lint.code_base`.
"""

from __future__ import annotations

from lotr_rules.lint.code_base import (
    EXAMPLE_CARD,
    EXAMPLE_CARD_NAME,
    EXAMPLE_MANIFEST,
    EXAMPLE_MIX_FILE,
    EXAMPLE_SET,
    Kind,
    LintCode,
    layout,
)
from lotr_rules.lint.code_entries import (
    card_data,
    card_game,
    card_game_moves,
    cards_and_sets,
    easy_mode,
    mix_files,
    objective_allies,
    reading,
    spheres_and_shadows,
    standing,
    statements,
    trail,
    vocabulary,
    warnings,
)

__all__ = [
    "CODES",
    "EXAMPLE_CARD",
    "EXAMPLE_CARD_NAME",
    "EXAMPLE_MANIFEST",
    "EXAMPLE_MIX_FILE",
    "EXAMPLE_SET",
    "REGISTRY",
    "Kind",
    "LintCode",
    "layout",
]

REGISTRY: tuple[LintCode, ...] = (
    *reading.ENTRIES,
    *vocabulary.ENTRIES,
    *statements.ENTRIES,
    *card_data.ENTRIES,
    *cards_and_sets.ENTRIES,
    *mix_files.ENTRIES,
    *warnings.ENTRIES,
    *card_game.ENTRIES,
    *card_game_moves.ENTRIES,
    *trail.ENTRIES,
    *spheres_and_shadows.ENTRIES,
    *easy_mode.ENTRIES,
    *objective_allies.ENTRIES,
    *standing.ENTRIES,
)

#: Every code, by code, in the order of the registry (errors by number, then warnings).
CODES: dict[str, LintCode] = {entry.code: entry for entry in REGISTRY}

assert len(CODES) == len(REGISTRY), "a code is listed twice"
