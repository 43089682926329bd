"""Diagnostics: what the linter (and the loader) report about card scripts.

Output follows one convention everywhere: ``path:line:col: CODE message``, 1-based, with a
lowercase message and no trailing period, sorted by position.
"""

from __future__ import annotations

import difflib
import enum
import json
from collections.abc import Iterable

import attrs

from lotr_rules.errors import Span


class Severity(enum.Enum):
    ERROR = "error"
    WARNING = "warning"


@attrs.frozen(slots=True)
class Diagnostic:
    code: str
    severity: Severity
    message: str
    span: Span
    hint: str | None = None

    def sort_key(self) -> tuple[str, int, int, str]:
        return (self.span.path, self.span.line, self.span.column, self.code)

    def format_text(self) -> str:
        text = f"{self.span.path}:{self.span.line}:{self.span.column}: {self.code} {self.message}"
        if self.hint:
            text += f" ({self.hint})"
        return text

    def to_json(self) -> dict[str, object]:
        return {
            "path": self.span.path,
            "line": self.span.line,
            "column": self.span.column,
            "end_line": self.span.end_line,
            "end_column": self.span.end_column,
            "code": self.code,
            "severity": self.severity.value,
            "message": self.message,
            "hint": self.hint,
        }


def did_you_mean(word: str, choices: Iterable[str], *, singular: bool | None = None) -> str | None:
    """A hint naming the choice closest to a misspelt word, or None when nothing is close.

    ``singular`` says which number the author meant (``an heroe``: one); by default a word ending
    in 's' is taken as plural and any other as singular. A choice of that number is preferred.
    """
    best = closest(word, choices, singular=singular)
    return f"did you mean '{best}'?" if best is not None else None


def closest(word: str, choices: Iterable[str], *, singular: bool | None = None) -> str | None:
    """The choice closest to ``word``: of the number the script says, if it says one; then the
    fewest letters to change (``heroe`` is one letter from both ``hero`` and ``heroes``); then
    the number the word's ending suggests; then difflib's likeness. difflib alone prefers the
    longer word it shares more letters with."""
    candidates = difflib.get_close_matches(word, list(choices), n=8, cutoff=0.6)
    if not candidates:
        return None
    plural = word.endswith("s") if singular is None else not singular
    # A number the script says (``an enemie``) comes first; one guessed from the word's last
    # letter only breaks a tie between spellings equally close.
    said = singular is not None
    matcher = difflib.SequenceMatcher(b=word)

    def rank(candidate: str) -> tuple[bool, int, bool, float]:
        matcher.set_seq1(candidate)
        other_number = candidate.endswith("s") != plural
        return (said and other_number, edit_distance(word, candidate), other_number, -matcher.ratio())

    return min(candidates, key=rank)


def edit_distance(first: str, second: str) -> int:
    """Letters inserted, deleted or replaced, or two neighbours swapped, to turn one word into the
    other (the optimal string alignment distance): ``cots`` is one slip from ``cost``, as a typist
    sees it, not two."""
    rows = [list(range(len(second) + 1))]
    for i, a in enumerate(first, 1):
        current = [i]
        for j, b in enumerate(second, 1):
            best = min(rows[-1][j] + 1, current[j - 1] + 1, rows[-1][j - 1] + (a != b))
            if i > 1 and j > 1 and a == second[j - 2] and first[i - 2] == b:
                best = min(best, rows[-2][j - 2] + 1)
            current.append(best)
        rows.append(current)
    return rows[-1][-1]


def sort_diagnostics(items: Iterable[Diagnostic]) -> list[Diagnostic]:
    """Each finding once, by file, line, column and code; findings that tie stay in the order
    they were found (a set would order them by string hashes, which change from run to run)."""
    return sorted(dict.fromkeys(items), key=Diagnostic.sort_key)


def summary_line(diagnostics: list[Diagnostic], files: int) -> str:
    errors = sum(1 for d in diagnostics if d.severity is Severity.ERROR)
    warnings = len(diagnostics) - errors
    if not diagnostics:
        return f"{files} file{'s' if files != 1 else ''} checked, no problems"
    return (
        f"{files} file{'s' if files != 1 else ''} checked: "
        f"{errors} error{'s' if errors != 1 else ''}, {warnings} warning{'s' if warnings != 1 else ''}"
    )


def format_json(diagnostics: list[Diagnostic], files: int) -> str:
    errors = sum(1 for d in diagnostics if d.severity is Severity.ERROR)
    return json.dumps(
        {
            "files": files,
            "errors": errors,
            "warnings": len(diagnostics) - errors,
            "diagnostics": [d.to_json() for d in diagnostics],
        },
        indent=2,
    )
