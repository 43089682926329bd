"""Card names where a file writes them: a quoted name in a script, scenario or manifest, and a
deck list line's name (``3x Daughter of the Nimrodel``)."""

from __future__ import annotations

import re
from collections.abc import Iterator

import attrs

_QUOTED = re.compile(r'"((?:[^"\\\n]|\\.)*)"')
#: a deck list line: a count, then the name, perhaps qualified by its set (``Aragorn (lcg-core)``)
_DECK_LINE = re.compile(r"^(\s*\d+\s*x?\s+)(.+?)(\s*\([^()]*\))?\s*$")


@attrs.frozen(slots=True)
class Written:
    """A name as a file writes it: its text and where (0-based line, start and end columns)."""

    name: str
    line: int
    start: int
    end: int


def _unescape(text: str) -> str:
    return text.replace('\\"', '"').replace("\\\\", "\\")


def in_line(line: str, number: int, deck_list: bool) -> Iterator[Written]:
    """The names ``line`` (line ``number``) may write: its quoted texts, or a deck list's name."""
    if deck_list:
        if line.lstrip().startswith("#"):
            return
        match = _DECK_LINE.match(line)
        if match:
            yield Written(match.group(2), number, match.start(2), match.end(2))
        return
    code = line.split("#", 1)[0] if '"' not in line else line
    for match in _QUOTED.finditer(code):
        yield Written(_unescape(match.group(1)), number, match.start(1), match.end(1))


def at(text: str, line: int, column: int, deck_list: bool) -> Written | None:
    """The name written at ``line``:``column`` (0-based), if one is."""
    lines = text.split("\n")
    if not 0 <= line < len(lines):
        return None
    for written in in_line(lines[line], line, deck_list):
        if written.start <= column <= written.end:
            return written
    return None


def occurrences(text: str, name: str, deck_list: bool) -> list[Written]:
    """Every place ``text`` writes the card name ``name`` (exactly, as a whole)."""
    return [
        written
        for number, line in enumerate(text.split("\n"))
        for written in in_line(line, number, deck_list)
        if written.name == name
    ]
