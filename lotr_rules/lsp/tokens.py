"""Semantic tokens: each word of a card file coloured by what it is in its family's language."""

from __future__ import annotations

import functools
import re

from lotr_rules.lsp import vocab

#: the token types the server declares, by index; a word's kind maps onto one of them
LEGEND = (
    "keyword",
    "function",
    "property",
    "variable",
    "type",
    "event",
    "enumMember",
    "string",
    "number",
    "comment",
    "class",
)
_TYPE_OF_KIND = {
    vocab.COMMAND: "function",
    vocab.ABILITY: "keyword",
    vocab.FIELD: "property",
    vocab.ZONE: "variable",
    vocab.CARD_TYPE: "type",
    vocab.PHRASE: "event",
    vocab.VALUE: "enumMember",
    vocab.KEYWORD: "keyword",
}
#: in the order a word of several kinds is coloured as
_PRIORITY = (
    vocab.ABILITY,
    vocab.FIELD,
    vocab.COMMAND,
    vocab.CARD_TYPE,
    vocab.ZONE,
    vocab.VALUE,
    vocab.PHRASE,
    vocab.KEYWORD,
)
_LEXEME = re.compile(r'(?P<string>"(?:[^"\\\n]|\\.)*"?)|(?P<comment>#.*)|(?P<number>(?<![\w-])\d+(?![\w-]))')


@functools.cache
def _words(family: str) -> tuple[re.Pattern[str], dict[str, str]]:
    kinds: dict[str, str] = {}
    for entry in sorted(vocab.entries(family), key=lambda e: _PRIORITY.index(e.kind)):
        if not re.search(r"[A-Z]", entry.words):
            kinds.setdefault(entry.words, _TYPE_OF_KIND[entry.kind])
    alternatives = "|".join(re.escape(words) for words in sorted(kinds, key=len, reverse=True))
    return re.compile(rf"(?<![\w-])(?:{alternatives})(?![\w-])"), kinds


def tokens(text: str, family: str, card_names: frozenset[str] = frozenset()) -> list[tuple[int, int, int, str]]:
    """Each token as (0-based line, start, length, token type), in order."""
    pattern, kinds = _words(family)
    out: list[tuple[int, int, int, str]] = []
    for number, line in enumerate(text.split("\n")):
        found: list[tuple[int, int, str]] = []
        last = 0
        for lexeme in _LEXEME.finditer(line):
            found.extend(_in_code(pattern, kinds, line[last : lexeme.start()], last))
            kind = lexeme.lastgroup or "string"
            if kind == "string" and lexeme.group()[1:-1] in card_names:
                kind = "class"
            found.append((lexeme.start(), lexeme.end() - lexeme.start(), kind))
            last = lexeme.end()
        found.extend(_in_code(pattern, kinds, line[last:], last))
        out.extend((number, start, length, kind) for start, length, kind in sorted(found))
    return out


def _in_code(pattern: re.Pattern[str], kinds: dict[str, str], code: str, offset: int) -> list[tuple[int, int, str]]:
    return [(offset + m.start(), m.end() - m.start(), kinds[m.group()]) for m in pattern.finditer(code)]


def encoded(found: list[tuple[int, int, int, str]]) -> list[int]:
    """The tokens in the protocol's relative encoding (five numbers each)."""
    data: list[int] = []
    line = start = 0
    for number, column, length, kind in found:
        delta_start = column - start if number == line else column
        data.extend((number - line, delta_start, length, LEGEND.index(kind), 0))
        line, start = number, column
    return data
