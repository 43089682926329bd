"""Script text to typed AST: the entry point, and the limits every script is held to.

:func:`parse` reads a script with the hand-written parser (:mod:`lotr_rules.dsl.fastparse`), and
only when that gives up does it load Lark and the grammar (:mod:`lotr_rules.dsl.parser`), which
parse the script again and word what is wrong with it. Good scripts, which is nearly all of them,
never load Lark: a command that reads cards starts up without it.
"""

from __future__ import annotations

from lotr_rules.dsl import ast
from lotr_rules.errors import ScriptSyntaxError, Span

#: Scripts larger than this are refused before parsing: a card is a few hundred bytes, and a
#: stranger's multi-megabyte file should not be able to make the linter chew for minutes.
MAX_SCRIPT_BYTES = 256 * 1024
#: Nesting deeper than this is refused: it bounds recursion in every later pass.
MAX_NESTING = 40
#: Parse trees deeper than this are refused too. Operator chains (``1 + 1 + ...``) and ``not not ...``
#: nest without brackets, and every pass over the tree, the Lark path's transformer first, recurses.
MAX_TREE_DEPTH = 200


def unquote(token: str) -> str:
    """A STRING token's text, its escapes undone."""
    text = str(token)[1:-1]
    return text.replace('\\"', '"').replace("\\\\", "\\")


def parse(text: str, path: str = "") -> ast.Script:
    """Parse a script. Raises :class:`ScriptSyntaxError` (and nothing else) on bad input."""
    if len(text.encode("utf-8", "surrogatepass")) > MAX_SCRIPT_BYTES:
        raise ScriptSyntaxError(
            f"script is larger than {MAX_SCRIPT_BYTES // 1024} KiB", Span(1, 1, 1, 2, path), code="E003"
        )
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
