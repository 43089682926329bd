"""Pointing a finding at the word that is wrong.

The compiler knows which phrase of a script it could not read (``unknown card type 'aly'``) but
its positions are those of the syntax node around it (the ``type`` field, the selection), because
the syntax tree keeps words, not the place of each word. This pass moves such a finding onto the
word itself (``type aly`` points at ``aly``, ``from hnad`` at ``hnad``) by finding the quoted
phrase in the node's text, and adds a near-miss suggestion (:mod:`lotr_rules.dsl.nearmiss`)
where the phrase is one.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

import attrs

from lotr_rules.diagnostics import Diagnostic
from lotr_rules.dsl import nearmiss

_QUOTED = re.compile(r"'([^']+)'")
#: The messages that name a word the compiler did not know: the finding belongs on that word.
_UNKNOWN = re.compile(r"^unknown [a-z ]+ '")


def pointed(diagnostics: Iterable[Diagnostic], text: str) -> list[Diagnostic]:
    """``diagnostics`` of one file whose text is ``text``, each at its word where it names one."""
    lines = text.split("\n")
    return [_pointed(d, text, lines) for d in diagnostics]


def _pointed(diagnostic: Diagnostic, text: str, lines: list[str]) -> Diagnostic:
    span = diagnostic.span
    if not 1 <= span.line <= len(lines):
        return diagnostic
    quoted = _QUOTED.search(diagnostic.message)
    if _UNKNOWN.match(diagnostic.message) and quoted is not None:
        words = quoted.group(1).split()
        pattern = re.compile(r"(?<![\w'-])" + r"\s+".join(map(re.escape, words)) + r"(?![\w'-])")
        # Only inside the node: on its first line from its column, or on its later lines.
        last_line = min(span.end_line, len(lines))
        for row in range(span.line, last_line + 1):
            start = span.column - 1 if row == span.line else 0
            match = pattern.search(lines[row - 1], start)
            if match is not None:
                span = attrs.evolve(span, line=row, column=match.start() + 1, end_line=row, end_column=match.end() + 1)
                break
    hint = diagnostic.hint
    if diagnostic.code in _NEAR_MISS_CODES and span.line == span.end_line:
        found = nearmiss.suggest(text, span.line, span.column, max(span.column, span.end_column - 1))
        if found is not None:
            # The near miss is the offending phrase: point at it.
            hint = found.hint
            span = attrs.evolve(span, column=found.column, end_column=found.column + len(found.written))
    if span == diagnostic.span and hint == diagnostic.hint:
        return diagnostic
    return attrs.evolve(diagnostic, span=span, hint=hint)


#: Findings a near miss explains: an unknown zone, card type or player phrase.
_NEAR_MISS_CODES = frozenset({"E111", "E112", "E113"})
