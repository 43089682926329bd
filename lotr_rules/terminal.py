"""Text on its way to a terminal: control characters shown escaped, never sent raw.

A card set from a stranger may put control characters in a card's name or text, or in a file's
name: an ANSI escape sequence sent raw can recolour, clear or rewrite what the terminal shows (a
finding hidden, a prompt faked). Every command's output goes through :class:`EscapingStream`,
installed over ``sys.stdout`` and ``sys.stderr`` by :class:`EscapingOutput` around each command,
so that no output path (the game log, the play screen, ``cards``, ``show``, findings, errors) can
forget it: each C0 or C1 control character other than a newline or a tab, DEL included, is
written as ``\\xNN``, and each character that reorders a line or breaks it unseen (a right-to-left
override, U+2028) as ``\\uNNNN``. The few sequences the tool sends on purpose (clearing the screen between
seats, a progress bar's carriage return) go to :func:`raw` instead.

This module imports next to nothing: the command line installs it before loading a command.
"""

from __future__ import annotations

import re
import sys

TYPE_CHECKING = False  # not typing.TYPE_CHECKING: see lotr_rules.cli
if TYPE_CHECKING:
    from collections.abc import Iterable
    from typing import Any, TextIO

#: C0 controls but newline and tab, DEL, and C1 controls (ESC and CSI among them); and the
#: characters that reorder or break a line without showing themselves: the bidirectional marks,
#: embeddings, overrides and isolates (U+061C, U+200E, U+200F, U+202A to U+202E, U+2066 to
#: U+2069) and the line and paragraph separators (U+2028, U+2029). A right-to-left override in
#: a card's name can make ``Gandalf`` read as another name, or turn a finding's words around.
CONTROLS = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f\u061c\u200e\u200f\u2028-\u202e\u2066-\u2069]")


def _escaped(char: str) -> str:
    code = ord(char)
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


def escape_controls(text: str) -> str:
    """``text`` with every control character but a newline and a tab written as ``\\xNN``, and
    every direction or line-breaking character as ``\\uNNNN``."""
    return CONTROLS.sub(lambda found: _escaped(found.group()), text)


def has_controls(text: str) -> bool:
    return CONTROLS.search(text) is not None


class EscapingStream:
    """A text stream that writes to ``stream`` with control characters escaped; everything else
    (``isatty``, ``fileno``, ``encoding``, ``buffer``...) is the wrapped stream's."""

    def __init__(self, stream: TextIO) -> None:
        self.raw_stream = stream

    def write(self, text: str) -> int:
        self.raw_stream.write(escape_controls(text))
        return len(text)

    def writelines(self, lines: Iterable[str]) -> None:
        for line in lines:
            self.write(line)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.raw_stream, name)


def raw(stream: TextIO | EscapingStream) -> TextIO:
    """The stream under an :class:`EscapingStream`, for the sequences the tool sends on purpose."""
    return stream.raw_stream if isinstance(stream, EscapingStream) else stream


class EscapingOutput:
    """Escape control characters in everything written to ``sys.stdout`` and ``sys.stderr``
    while the block runs (a class, not contextlib, to keep the command line's start-up short)."""

    def __enter__(self) -> None:
        self.saved = (sys.stdout, sys.stderr)
        if not isinstance(sys.stdout, EscapingStream):
            sys.stdout = EscapingStream(sys.stdout)
        if not isinstance(sys.stderr, EscapingStream):
            sys.stderr = EscapingStream(sys.stderr)

    def __exit__(self, *exc: object) -> None:
        sys.stdout, sys.stderr = self.saved
