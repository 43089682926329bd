"""W355: a card's gap written as a comment (``# gap: ...``) rather than as the field ``gap
"..."``. A comment is not read, so the galleries' Coverage table would show the card as
faithful; the field is what says what a script leaves out."""

from __future__ import annotations

import re
from pathlib import Path

from lotr_rules.datafiles import CardFileError, read_card_text
from lotr_rules.diagnostics import Diagnostic, Severity
from lotr_rules.errors import Span

#: a comment that opens with the word "gap" and a colon, alone on its line or after code
_GAP_COMMENT = re.compile(r"#\s*gap\s*:\s*(.*)$", re.IGNORECASE)


def check_gap_comments(path: Path, folder: Path | None) -> list[Diagnostic]:
    """A W355 warning for each ``# gap:`` comment of the card file (read as every card file is,
    only inside its set folder: see :func:`~lotr_rules.datafiles.read_card_text`)."""
    try:
        text = read_card_text(path, folder)
    except CardFileError:
        return []
    out: list[Diagnostic] = []
    for number, line in enumerate(text.splitlines(), start=1):
        found = _GAP_COMMENT.search(line)
        if found is None or '"' in line[: found.start()]:
            continue  # (a '#' inside a quoted text is no comment)
        column = found.start() + 1
        what = found.group(1).strip().replace('"', "'")
        out.append(
            Diagnostic(
                "W355",
                Severity.WARNING,
                "a gap written as a comment is not read: the card counts as faithful",
                Span(number, column, number, len(line) + 1, str(path)),
                f'write it as the field: gap "{what or "..."}"',
            )
        )
    return out
