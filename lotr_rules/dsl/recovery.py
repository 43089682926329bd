"""What the layout of a script says about its syntax errors: which block a missing '}' belongs
to, which bracket is left open, and which lines to set aside to look for the next error.

The parser stops at its first error. To report every error of a file, :mod:`lotr_rules.dsl.parser`
blanks out the statement that failed (its line, and the lines indented under it) and parses
again; the functions here choose those lines. They read the text only: braces and brackets
outside strings and comments, and each line's indentation, which in a card script always shows
its nesting (the formatter writes it so, and a hand-written card nearly always follows it).
"""

from __future__ import annotations

import re

import attrs

#: Strings and comments, where braces and brackets are text.
_STRINGS_AND_COMMENTS = re.compile(r'"(?:\\.|[^"\\\n])*"|#[^\n]*')


def _code(line: str) -> str:
    """The line with its strings and comment replaced by spaces (columns kept)."""
    return _STRINGS_AND_COMMENTS.sub(lambda m: " " * len(m.group()), line)


def code_of(line: str) -> str:
    """The line with its strings and comment blanked out: what its braces and words really are."""
    return _code(line)


def open_blocks(lines: list[str]) -> list[tuple[str, int]]:
    """The first word and the indentation of the line of each '{' still open after ``lines``,
    outermost first (``[('card', 0), ('play', 2)]`` inside a card's ``play`` block)."""
    opened: list[tuple[str, int]] = []
    for raw in lines:
        code = _code(raw)
        words = code.split()
        for char in code:
            if char == "{":
                opened.append((words[0] if words else "", _indent(raw)))
            elif char == "}" and opened:
                opened.pop()
    return opened


def _indent(line: str) -> int:
    return len(line) - len(line.lstrip(" \t"))


def _blank(line: str) -> bool:
    return not _code(line).strip()


@attrs.frozen(slots=True)
class Unclosed:
    """A '{' no '}' closes: where it is, and the first line its block should not reach."""

    line: int
    column: int
    ends_before: int | None  # None: the file ends inside the block


@attrs.frozen(slots=True)
class Bracket:
    """A '(' left open on its line, or a ')' with no '(' to close."""

    line: int
    column: int
    char: str


def unclosed_block(lines: list[str]) -> Unclosed | None:
    """The '{' that is never closed, when the file has more '{' than '}'.

    The braces are matched as written; the '{' left open is the one whose block, by its
    indentation, ends first: the first later line that is indented no deeper than the line of the
    '{' (and is not its '}') shows where its '}' should have been.
    """
    opened: list[tuple[int, int, int]] = []  # (line, column, indentation of its line)
    found: Unclosed | None = None
    total = 0
    for raw in lines:
        code = _code(raw)
        total += code.count("{") - code.count("}")
    if total <= 0:
        return None
    for number, raw in enumerate(lines, 1):
        code = _code(raw)
        if not code.strip():
            continue
        indent = _indent(raw)
        stripped = code.strip()
        # A line indented no deeper than an open '{' line ends that block, unless it closes it.
        while opened and indent <= opened[-1][2] and not stripped.startswith("}"):
            line, column, _ = opened.pop()
            if found is None:
                found = Unclosed(line, column, number)
        for column, char in enumerate(code, 1):
            if char == "{":
                opened.append((number, column, indent))
            elif char == "}" and opened:
                opened.pop()
    if found is not None:
        return found
    if opened:
        line, column, _ = opened[-1]
        return Unclosed(line, column, None)
    return None


def open_bracket(line_text: str, number: int) -> Bracket | None:
    """The first bracket on a line that has no partner on that line (brackets never span lines)."""
    if line_text.rstrip().endswith("\\"):
        return None  # a continued line: its bracket may close on the next
    stack: list[int] = []
    for column, char in enumerate(_code(line_text), 1):
        if char == "(":
            stack.append(column)
        elif char == ")":
            if not stack:
                return Bracket(number, column, ")")
            stack.pop()
    return Bracket(number, stack[-1], "(") if stack else None


def statement_lines(lines: list[str], number: int) -> range | None:
    """The lines that make up the statement starting on line ``number``: its own, and the ones
    indented under it with their closing '}' (and any ``} else {`` part). None when the lines do
    not balance their braces, so that setting them aside would misalign the rest of the file."""
    if not 1 <= number <= len(lines):
        return None
    first = lines[number - 1]
    indent = _indent(first)
    end = number
    while end < len(lines):
        following = lines[end]
        closing = _indent(following) == indent and _code(following).strip().startswith("}")
        if _blank(following) or _indent(following) > indent or closing:
            end += 1
        else:
            break
    # Blank lines after the statement belong to what follows.
    while end > number and _blank(lines[end - 1]):
        end -= 1
    depth = 0
    for raw in lines[number - 1 : end]:
        code = _code(raw)
        depth += code.count("{") - code.count("}")
    if depth != 0:
        return None
    return range(number, end + 1)


def blanked(text: str, rows: range) -> str:
    """``text`` with the lines of ``rows`` (1-based) emptied, their line ends kept."""
    lines = text.split("\n")
    for row in rows:
        if 1 <= row <= len(lines):
            lines[row - 1] = ""
    return "\n".join(lines)
