"""``lotr-rules fmt`` keeps an author's comments, where they were, and stays idempotent."""

from __future__ import annotations

from pathlib import Path

import pytest

from lotr_rules.dsl.comments import extract_comments, format_keeping_comments
from lotr_rules.dsl.parser import parse

MESSY = """# a set of my own
card "X" {   # the card line
  id   x
  type ally
      # about the play block
  play {
        # inside play
    gain   an enemy from path   # trailing
  }
  text "a # inside a string is not a comment"
}
"""


def _fmt(text: str) -> str:
    return format_keeping_comments(parse(text), text)


def test_every_comment_survives_formatting() -> None:
    """Each comment of the input appears in the output, and none is invented."""
    out = _fmt(MESSY)
    assert [c.text for c in extract_comments(out)] == [c.text for c in extract_comments(MESSY)]


def test_comments_stay_attached_to_their_lines() -> None:
    """Trailing comments stay on their line; own-line comments precede the next code line."""
    lines = _fmt(MESSY).splitlines()
    assert lines[0] == "# a set of my own"
    assert lines[1] == 'card "X" {  # the card line'
    assert "  # about the play block" in lines
    assert lines[lines.index("  # about the play block") + 1] == "  play {"
    assert "    gain an enemy from path  # trailing" in lines


def test_a_hash_inside_a_string_is_text() -> None:
    """A '#' inside a quoted string is part of the string, not a comment."""
    assert all("inside a string" not in c.text for c in extract_comments(MESSY))


def test_formatting_with_comments_is_idempotent() -> None:
    """Formatting the formatted text changes nothing."""
    once = _fmt(MESSY)
    assert _fmt(once) == once


@pytest.mark.parametrize("path", sorted(Path(__file__).resolve().parents[1].glob("cardscripts/**/*.card"))[:20])
def test_shipped_cards_are_already_formatted(path: Path) -> None:
    """The shipped scripts are in the canonical layout (fmt --check passes on them)."""
    text = path.read_text(encoding="utf-8")
    assert _fmt(text) == text
