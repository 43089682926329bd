"""Script text to typed AST: the entry point, and the limits every script is held to.

:func:`parse` reads a script with the hand-written parser (:mod:`lotr_rules.dsl.fastparse`), and
only when that gives up does it load Lark and the grammar (:mod:`lotr_rules.dsl.parser`), which
parse the script again and word what is wrong with it. Good scripts, which is nearly all of them,
never load Lark: a command that reads cards starts up without it.
"""

from __future__ import annotations

import re

from lotr_rules.dsl import ast
from lotr_rules.errors import ScriptSyntaxError, Span
from lotr_rules.limits import MAX_CARD_FILE_BYTES, MAX_SCRIPT_TOKENS

#: Scripts larger than this are refused before parsing: a card is a few hundred bytes, and a
#: stranger's multi-megabyte file should not be able to make the linter chew for minutes.
MAX_SCRIPT_BYTES = MAX_CARD_FILE_BYTES
#: Nesting deeper than this is refused: it bounds recursion in every later pass.
MAX_NESTING = 40
#: Parse trees deeper than this are refused too. Operator chains (``1 + 1 + ...``) and ``not not ...``
#: nest without brackets, and every pass over the tree, the Lark path's transformer first, recurses.
MAX_TREE_DEPTH = 200


def unquote(token: str) -> str:
    """A STRING token's text, its escapes undone."""
    text = str(token)[1:-1]
    return text.replace('\\"', '"').replace("\\\\", "\\")


#: One word, number, string or symbol of a script, or a comment (which does not count).
_TOKEN = re.compile(r'"(?:[^"\\\n]|\\.)*"|#[^\n]*|\w+|\S')


def check_token_count(text: str, path: str = "") -> None:
    """Refuse a script of more than :data:`MAX_SCRIPT_TOKENS` words, numbers and symbols, at the
    first one past the limit, before either parser starts: a long chain such as ``1+1+1...`` is
    well under the size limit and would keep a parser busy for seconds. One pass of a regular
    expression, and none at all for a script too short to hold that many."""
    if len(text) <= MAX_SCRIPT_TOKENS:
        return
    count = 0
    for token in _TOKEN.finditer(text):
        if token.group().startswith("#"):
            continue
        count += 1
        if count > MAX_SCRIPT_TOKENS:
            line = text.count("\n", 0, token.start()) + 1
            column = token.start() - (text.rfind("\n", 0, token.start()) + 1) + 1
            raise ScriptSyntaxError(
                f"script holds more than {MAX_SCRIPT_TOKENS:,} words, numbers and symbols",
                Span(line, column, line, column + 1, path),
                code="E003",
                hint="a card needs a few hundred at most: simplify the expression or split the effect",
            )


def parse(text: str, path: str = "") -> ast.Script:
    """Parse a script. Raises :class:`ScriptSyntaxError` (and nothing else) on bad input."""
    if len(text.encode("utf-8", "surrogatepass")) > MAX_SCRIPT_BYTES:
        raise ScriptSyntaxError(
            f"script is larger than {MAX_SCRIPT_BYTES // 1024} KiB", Span(1, 1, 1, 2, path), code="E003"
        )
    check_token_count(text, path)
    source = text if text.endswith("\n") else text + "\n"
    # The hand-written parser reads good scripts several times faster and gives up (None) on
    # anything it is not sure of, a script nesting deeper than MAX_NESTING included; Lark then
    # parses the text and words the errors.
    from lotr_rules.dsl import fastparse

    script = fastparse.parse(source, path)
    if script is not None:
        return script
    from lotr_rules.dsl import parser

    return parser.parse_with_lark(text, source, path)


def parse_card(text: str, path: str = "") -> ast.Card:
    """Parse a script that must hold exactly one card."""
    script = parse(text, path)
    if len(script.cards) != 1:
        raise ScriptSyntaxError(
            f"a card file holds exactly one card, this one holds {len(script.cards)}",
            Span(1, 1, 1, 2, path),
            code="E002",
        )
    return script.cards[0]
