"""The keys a set's ``set.toml`` may hold and the kind of value each takes.

:data:`SCHEMA` is the declared schema: every manifest is checked against it before its values
are read, so a misspelt key (``uses_wal``) or a value of the wrong kind (``code = 5``,
``uses_wall = "yes"``) is a finding at the key's line instead of a setting silently ignored or
read as something else. The reference's table of manifest keys lists the same keys (a test holds
it to that). The deeper checks of a value (card names and counts, rule names) stay with the code
that reads it.
"""

from __future__ import annotations

from collections.abc import Mapping

from lotr_rules.cards.tomlspans import toml_spans
from lotr_rules.diagnostics import Diagnostic, Severity, did_you_mean
from lotr_rules.errors import Span

#: What a key's value is, as the schema names it (and as a finding words it).
TEXT = "text"
WHOLE_NUMBER = "a whole number"
TRUE_OR_FALSE = "true or false"
TABLE_OF_COUNTS = "a table of names and whole numbers"
TABLE = "a table"
LIST_OF_TEXT = "a list of text"

#: key -> (the kind of value it takes, whether a manifest must have it)
SCHEMA: Mapping[str, tuple[str, bool]] = {
    "code": (TEXT, True),
    "name": (TEXT, True),
    "language": (WHOLE_NUMBER, True),
    "family": (TEXT, False),
    "uses_wall": (TRUE_OR_FALSE, False),
    "starting_deck": (TABLE_OF_COUNTS, False),
    "short_name": (TEXT, False),
    "rulebook_contents": (TABLE_OF_COUNTS, False),
    "impossible_mode": (LIST_OF_TEXT, False),
    "lasting": (TABLE, False),
    "description": (TEXT, False),
}


def _is_count(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _fits(kind: str, value: object) -> bool:
    if kind == TEXT:
        return isinstance(value, str)
    if kind == WHOLE_NUMBER:
        return _is_count(value)
    if kind == TRUE_OR_FALSE:
        return isinstance(value, bool)
    if kind == TABLE_OF_COUNTS:
        return isinstance(value, dict) and all(_is_count(v) for v in value.values())
    if kind == TABLE:
        return isinstance(value, dict)
    if kind == LIST_OF_TEXT:
        return isinstance(value, list) and all(isinstance(v, str) for v in value)
    raise AssertionError(kind)  # pragma: no cover - every kind of SCHEMA is handled above


def _written(value: object) -> str:
    """What kind of value was written, in a reader's words."""
    if isinstance(value, bool):
        return "true or false"
    if isinstance(value, int):
        return "a number"
    if isinstance(value, float):
        return "a decimal number"
    if isinstance(value, str):
        return "text"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, dict):
        return "a table"
    return "a date or time"


def check_manifest(data: Mapping[str, object], text: str, path: str) -> list[Diagnostic]:
    """Findings for the keys of a manifest (its parsed ``data`` and its ``text``) that the schema
    does not know, that are missing, or whose value is of the wrong kind."""
    try:
        spans = toml_spans(text, path)
    except Exception:  # pragma: no cover - positions are a nicety; the findings stand without them
        spans = {}
    whole = Span(1, 1, 1, 2, path)
    out: list[Diagnostic] = []
    for key, value in data.items():
        entry = spans.get((key,))
        if key not in SCHEMA:
            where = entry.key if entry is not None else whole
            hint = did_you_mean(key, SCHEMA) or "known keys: " + ", ".join(SCHEMA)
            out.append(Diagnostic("E161", Severity.ERROR, f"manifest has an unknown key '{key}'", where, hint))
            continue
        kind, _required = SCHEMA[key]
        if kind == TABLE_OF_COUNTS and isinstance(value, dict) and not _fits(kind, value):
            name, count = next((k, v) for k, v in value.items() if not _is_count(v))
            item = spans.get((key, name))
            where = item.value if item is not None else entry.key if entry is not None else whole
            message = f"manifest '{key}' gives '{name}' {_written(count)}, not a whole number"
            out.append(Diagnostic("E161", Severity.ERROR, message, where))
        elif not _fits(kind, value):
            where = entry.value if entry is not None else whole
            message = f"manifest '{key}' must be {kind}, not {_written(value)}"
            out.append(Diagnostic("E161", Severity.ERROR, message, where))
    for key, (_kind, required) in SCHEMA.items():
        if required and key not in data:
            out.append(Diagnostic("E161", Severity.ERROR, f"manifest has no '{key}'", whole))
    return out
