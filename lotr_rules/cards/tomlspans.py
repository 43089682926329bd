"""Where each key and value of a TOML file is: tomllib reads the data but gives no positions.

:func:`toml_spans` scans the text of a file that tomllib has already accepted and maps every key
path to the span of its key and of its value, so a check on the data can point at the text:
``("deck", "Lembas")`` is the entry ``"Lembas" = 4`` of the ``[deck]`` table (or of an inline
``deck = {...}``, or the dotted ``deck.Lembas = 4``), and ``("sets", 1)`` is the second item of
the ``sets`` array. A table header ``[deck]`` gives ``("deck",)`` both spans on its name.

It is a scanner, not a second TOML parser: it understands the structure (headers, keys, dotted
keys, arrays, inline tables) and the extent of each value, and trusts tomllib for the rest.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

import attrs

from lotr_rules.errors import Span

KeyPath = tuple[str | int, ...]

_PUNCT = "[]{}=,."
_ESCAPES = {"b": "\b", "t": "\t", "n": "\n", "f": "\f", "r": "\r", '"': '"', "\\": "\\"}
_UNICODE_ESCAPE = re.compile(r"\\u([0-9a-fA-F]{4})|\\U([0-9a-fA-F]{8})")


@attrs.frozen(slots=True)
class Token:
    kind: str  # "string", "bare", "newline", or the punctuation character itself
    text: str  # a string's value (escapes decoded), a bare word, or the punctuation
    line: int
    column: int
    end_line: int
    end_column: int


@attrs.frozen(slots=True)
class Entry:
    key: Span
    value: Span


def toml_spans(text: str, path: str = "") -> dict[KeyPath, Entry]:
    """Every key path of ``text`` (valid TOML) with the spans of its key and its value."""
    return _Scanner(list(_tokens(text)), path).scan()


def _tokens(text: str) -> Iterator[Token]:
    line, column, i = 1, 1, 0
    while i < len(text):
        char = text[i]
        start_line, start_column = line, column
        if char in " \t\r":
            i, column = i + 1, column + 1
            continue
        if char == "#":
            while i < len(text) and text[i] != "\n":
                i, column = i + 1, column + 1
            continue
        if char == "\n":
            yield Token("newline", "\n", line, column, line, column + 1)
            i, line, column = i + 1, line + 1, 1
            continue
        if char in "\"'":
            quote = text[i : i + 3] if text[i : i + 3] in ('"""', "'''") else char
            end = _string_end(text, i + len(quote), quote)
            raw = text[i + len(quote) : end - len(quote)]
            for passed in text[i:end]:
                line, column = (line + 1, 1) if passed == "\n" else (line, column + 1)
            i = end
            value = _unescape(raw) if quote[0] == '"' else raw
            yield Token("string", value, start_line, start_column, line, column)
            continue
        if char in _PUNCT and not (char == "." and _in_number(text, i)):
            i, column = i + 1, column + 1
            yield Token(char, char, start_line, start_column, line, column)
            continue
        end = i
        while end < len(text) and text[end] not in " \t\r\n#,[]{}=\"'":
            if text[end] == "." and not _in_number(text, end):
                break
            end += 1
        end = max(end, i + 1)
        yield Token("bare", text[i:end], line, column, line, column + end - i)
        column += end - i
        i = end


def _in_number(text: str, dot: int) -> bool:
    """Whether the '.' at ``dot`` is a decimal point (between digits) rather than a key separator."""
    return 0 < dot < len(text) - 1 and text[dot - 1].isdigit() and text[dot + 1].isdigit()


def _string_end(text: str, start: int, quote: str) -> int:
    """The index just after the closing quote of a string whose body starts at ``start``."""
    i = start
    while i < len(text):
        if quote[0] == '"' and text[i] == "\\":
            i += 2
            continue
        if text.startswith(quote, i):
            # A multi-line string may end with up to two quotes of its own before the closing three.
            end = i + len(quote)
            while len(quote) == 3 and end < len(text) and text[end] == quote[0] and end - i < 5:
                end += 1
            return end
        i += 1
    return len(text)


def _unescape(raw: str) -> str:
    def replace(match: re.Match[str]) -> str:
        return chr(int(match.group(1) or match.group(2), 16))

    out: list[str] = []
    i = 0
    while i < len(raw):
        if raw[i] == "\\" and i + 1 < len(raw):
            follower = raw[i + 1]
            if follower in _ESCAPES:
                out.append(_ESCAPES[follower])
                i += 2
                continue
            unicode = _UNICODE_ESCAPE.match(raw, i)
            if unicode:
                out.append(replace(unicode))
                i = unicode.end()
                continue
        out.append(raw[i])
        i += 1
    return "".join(out)


class _Scanner:
    def __init__(self, tokens: list[Token], path: str) -> None:
        self.tokens = tokens
        self.at = 0
        self.path = path
        self.found: dict[KeyPath, Entry] = {}

    def scan(self) -> dict[KeyPath, Entry]:
        table: KeyPath = ()
        while self._peek() is not None:
            token = self._peek()
            assert token is not None
            if token.kind == "newline":
                self.at += 1
            elif token.kind == "[":
                table = self._header()
            else:
                self._pair(table)
                self._skip_to_line_end()
        return self.found

    # ------------------------------------------------------------------ pieces of the grammar
    def _header(self) -> KeyPath:
        self.at += 1
        array_of_tables = self._eat("[")
        key, span = self._key()
        self._eat("]")
        if array_of_tables:
            self._eat("]")
        self.found.setdefault(key, Entry(span, span))
        self._skip_to_line_end()
        return key

    def _pair(self, table: KeyPath) -> None:
        key, key_span = self._key()
        self._eat("=")
        full = table + key
        value = self._value(full)
        self.found[full] = Entry(key_span, value)

    def _key(self) -> tuple[KeyPath, Span]:
        parts: list[str] = []
        first = last = self._next()
        parts.append(first.text)
        while self._eat("."):
            last = self._next()
            parts.append(last.text)
        return tuple(parts), self._span(first, last)

    def _value(self, key: KeyPath) -> Span:
        first = self._next()
        if first.kind == "[":
            index = 0
            while True:
                self._skip_newlines()
                if self._eat("]") or self._peek() is None:
                    break
                self.found[(*key, index)] = Entry(span := self._value((*key, index)), span)
                index += 1
                self._skip_newlines()
                self._eat(",")
            return self._span(first, self.tokens[self.at - 1])
        if first.kind == "{":
            while not self._eat("}") and self._peek() is not None:
                if not self._eat(","):
                    self._pair(key)
            return self._span(first, self.tokens[self.at - 1])
        last = first
        # A bare value such as a date-time can be several bare words (1979-05-27 07:32:00).
        while (nxt := self._peek()) is not None and nxt.kind == "bare" and nxt.line == last.line:
            last = self._next()
        return self._span(first, last)

    # ------------------------------------------------------------------ token helpers
    def _peek(self) -> Token | None:
        return self.tokens[self.at] if self.at < len(self.tokens) else None

    def _next(self) -> Token:
        token = self._peek()
        if token is None:
            # Only reached on text tomllib would refuse; point at the end rather than fail.
            last = self.tokens[-1] if self.tokens else Token("newline", "", 1, 1, 1, 1)
            return last
        self.at += 1
        return token

    def _eat(self, kind: str) -> bool:
        token = self._peek()
        if token is not None and token.kind == kind:
            self.at += 1
            return True
        return False

    def _skip_newlines(self) -> None:
        while self._eat("newline"):
            pass

    def _skip_to_line_end(self) -> None:
        while (token := self._peek()) is not None and token.kind != "newline":
            self.at += 1

    def _span(self, first: Token, last: Token) -> Span:
        return Span(first.line, first.column, last.end_line, last.end_column, self.path)
