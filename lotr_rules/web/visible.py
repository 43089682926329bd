"""Characters that would change how a page reads rather than appear on it, shown as text.

A card name, a deck list or a set's data may hold characters that draw nothing but change what
is around them: the bidirectional controls (U+202E, RIGHT-TO-LEFT OVERRIDE, shows "Gandalf" as
"fladnaG" and can turn a cost or a name around), line and paragraph separators (U+2028, U+2029),
and control characters. The table never lets one act: every text a page shows of a card, a log
or a file goes through :func:`visible`, which writes each such character as its escape
(``\\u202e``, ``\\x1b``), the way the terminal shows control characters.
"""

from __future__ import annotations

import re
import unicodedata

#: the characters shown as escapes: controls other than the newline and the tab (C0, DEL, C1),
#: the bidirectional embeddings, overrides, isolates and marks, and the line and paragraph
#: separators (with NEXT LINE, U+0085, among the C1 controls)
HIDDEN = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]")


def _escape(found: re.Match[str]) -> str:
    code = ord(found.group())
    return f"\\x{code:02x}" if code <= 0xFF else f"\\u{code:04x}"


def visible(text: str) -> str:
    """``text`` with each character of :data:`HIDDEN` written as its escape."""
    return HIDDEN.sub(_escape, text) if HIDDEN.search(text) else text


def hidden_in(text: str) -> list[tuple[int, int, str]]:
    """Where ``text`` holds characters of :data:`HIDDEN`, other than line ends: (line, column,
    the character's name), lines and columns counted from 1."""
    found = []
    for line_number, line in enumerate(text.split("\n"), start=1):
        for match in HIDDEN.finditer(line.rstrip("\r")):
            name = unicodedata.name(match.group(), "") or "a control character"
            found.append((line_number, match.start() + 1, f"U+{ord(match.group()):04X} {name}"))
    return found
