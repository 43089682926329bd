"""Writing a save or a record: whole or not at all, so that a crash mid-write eats no earlier save."""

from __future__ import annotations

from pathlib import Path

from lotr_rules import atomic
from lotr_rules.errors import UserError


def write_file(path: Path, text: str, what: str = "save file") -> None:
    """Write ``text`` to ``path`` atomically; a :class:`UserError` says why it could not be."""
    try:
        atomic.write_text(path, text)
    except atomic.WriteError as error:
        raise UserError(f"cannot write the {what} {path}: {error.reason}") from None
