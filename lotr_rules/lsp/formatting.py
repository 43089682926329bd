"""Formatting: the card file in ``fmt``'s canonical layout, comments kept."""

from __future__ import annotations

from lotr_rules.lsp import core


def formatted(text: str, language: int) -> str | None:
    """The text in the canonical layout; None when it does not parse, or when its set is written
    for an older language (``fmt`` regroups such a set's sums first: ``fmt`` itself does that)."""
    if language < core.LANGUAGE_VERSION:
        return None
    try:
        script = core.parse(text)
    except core.ScriptSyntaxError:
        return None
    return core.format_keeping_comments(script, text)
