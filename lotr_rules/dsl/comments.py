"""Keeping an author's ``#`` comments through ``lotr-rules fmt``.

Comments are not part of the syntax tree, so the formatter works without them and this module
puts them back afterwards: the canonical text is parsed again, the two trees (equal by
construction) are walked side by side to learn which new line each old line became, and every
comment is re-attached to the line it belonged to: a trailing comment to the end of its line,
a comment on a line of its own just before the next line of code, at that line's indentation.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

import attrs

from lotr_rules.dsl import ast
from lotr_rules.dsl.formatter import format_script
from lotr_rules.dsl.syntax import parse

_TOKENS = re.compile(r'"(?:\\.|[^"\\\n])*"|#[^\n]*')


@attrs.frozen(slots=True)
class Comment:
    line: int
    text: str
    #: True for a comment after code on the same line
    trailing: bool


def extract_comments(text: str) -> list[Comment]:
    comments: list[Comment] = []
    for number, line in enumerate(text.split("\n"), start=1):
        for match in _TOKENS.finditer(line):
            if match.group().startswith("#"):
                before = line[: match.start()].strip()
                comments.append(Comment(number, match.group().rstrip(), bool(before)))
                break
    return comments


def _node_lines(node: object) -> Iterator[int]:
    """The first line of every node with a position, in a fixed order."""
    if isinstance(node, tuple):
        for item in node:
            yield from _node_lines(item)
        return
    kind = type(node)
    if not attrs.has(kind):
        return
    span = getattr(node, "span", None)
    if span is not None:
        yield span.line
    for field in attrs.fields(kind):
        if field.name in ("span", "name_span"):
            continue
        yield from _node_lines(getattr(node, field.name))


def format_keeping_comments(script: ast.Script, text: str) -> str:
    """The canonical layout of ``script`` (parsed from ``text``) with ``text``'s comments."""
    formatted = format_script(script)
    comments = extract_comments(text)
    if not comments:
        return formatted
    again = parse(formatted)
    mapping: dict[int, int] = {}
    for old, new in zip(_node_lines(script.cards), _node_lines(again.cards), strict=True):
        mapping.setdefault(old, new)
    lines = formatted.rstrip("\n").split("\n")
    trailing: dict[int, list[str]] = {}
    before: dict[int, list[str]] = {}
    at_end: list[str] = []
    old_lines = sorted(mapping)
    for comment in comments:
        if comment.trailing:
            anchors = [old for old in old_lines if old <= comment.line]
            if anchors:
                trailing.setdefault(mapping[anchors[-1]], []).append(comment.text)
                continue
        following = [old for old in old_lines if old > comment.line]
        if following:
            before.setdefault(mapping[following[0]], []).append(comment.text)
        else:
            at_end.append(comment.text)
    out: list[str] = []
    for number, line in enumerate(lines, start=1):
        indent = line[: len(line) - len(line.lstrip())]
        out.extend(indent + comment for comment in before.get(number, []))
        if number in trailing:
            line = line + "  " + " ".join(trailing[number])
        out.append(line)
    out.extend(at_end)
    return "\n".join(out) + "\n"
