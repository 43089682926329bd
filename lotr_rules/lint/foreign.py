"""Another game's phrase where a syntax error falls: ``if hand size > 4`` reads as a condition
the grammar cannot finish, so the error says what the family writes instead.

The parser knows no family; the linter does, and the family's table of foreign words
(:attr:`lotr_rules.engine.registry.Vocabulary.foreign_words`) says which phrases to look for.
Words standing where the grammar takes any word (a zone, a command) reach the compiler instead,
which offers the family's word itself.
"""

from __future__ import annotations

import re
from pathlib import Path

import attrs

from lotr_rules.diagnostics import Diagnostic
from lotr_rules.dsl.recovery import code_of
from lotr_rules.engine.registry import Vocabulary
from lotr_rules.errors import Span


def with_foreign_phrases(diagnostics: list[Diagnostic], path: Path, vocabulary: Vocabulary) -> list[Diagnostic]:
    """The findings, each syntax error that falls in or after another game's phrase on its line
    reported at that phrase, with the family's words for it."""
    phrases = [entry for entry in vocabulary.foreign_words if entry.context == "phrase"]
    if not phrases or not any(d.code == "E001" for d in diagnostics):
        return diagnostics
    try:
        lines = path.read_text(encoding="utf-8").split("\n")
    except (OSError, UnicodeDecodeError):
        return diagnostics
    out: list[Diagnostic] = []
    for finding in diagnostics:
        span = finding.span
        if finding.code != "E001" or not 1 <= span.line <= len(lines):
            out.append(finding)
            continue
        text = code_of(lines[span.line - 1])  # not inside a string or a comment
        found = None
        for entry in phrases:
            for match in re.finditer(rf"(?<![\w'-]){re.escape(entry.word)}(?![\w'-])", text):
                # the parser stops at the phrase or somewhere after it on its line, never before
                if match.start() < span.column:
                    found = (entry, match)
        if found is None:
            out.append(finding)
            continue
        entry, match = found
        where = Span(span.line, match.start() + 1, span.line, match.end() + 1, span.path)
        out.append(attrs.evolve(finding, message=f"unexpected '{entry.word}'", span=where, hint=entry.hint))
    return out
