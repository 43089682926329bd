"""The findings of a card file with syntax errors, from what the rest of it says.

The parser sets aside each statement with a syntax error and reads on (see
:mod:`lotr_rules.dsl.recovery`); when the rest parses, the linter checks it like any card, so that
a file's syntax errors and its other findings come in one run. A finding the missing statements
could cause is left out: one on a line set aside, and one about the card as a whole, which may
only lack what was set aside (a field, a name a set-aside statement gives, the ability its text
promises). Those come back, if they still hold, once the syntax errors are fixed.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from lotr_rules.cards.loader import Recovered
from lotr_rules.diagnostics import Diagnostic

#: Findings about what a card lacks or what its statements give one another, which a statement
#: set aside may be the cause of.
WHOLE_CARD_CODES = frozenset(
    {
        "E129",  # an action that could never be used: its cost or block may be set aside
        "E130",  # a name used before it is given: the statement giving it may be set aside
        "E140",  # a missing field: it may be the line set aside
        "E188",  # a field about an ability the card lacks: it may be set aside
        "W201",  # the text promises an ability: it may be set aside
        "W218",  # a chosen player nothing acts on: what acts on it may be set aside
    }
)


def kept(findings: Iterable[Diagnostic], recovered: Mapping[str, Recovered]) -> list[Diagnostic]:
    """The findings of files read in part (``recovered``, by the path the findings name) that
    the statements set aside cannot have caused."""
    out: list[Diagnostic] = []
    for finding in findings:
        partly = recovered.get(finding.span.path)
        if partly is None:
            out.append(finding)
            continue
        if finding.code in WHOLE_CARD_CODES or finding.span.line in partly.set_aside:
            continue
        out.append(finding)
    return out
