"""Where the grammar and the shipped card scripts live.

In a wheel they are packaged inside ``lotr_rules/`` (see ``pyproject.toml``); in a checkout or an
editable install they are the top-level ``grammar/`` and ``cardscripts/`` folders. Both layouts
are looked up here and nowhere else.
"""

from __future__ import annotations

import functools
from pathlib import Path

_PACKAGE = Path(__file__).resolve().parent


def _find(name: str) -> Path:
    for candidate in (_PACKAGE / name, _PACKAGE.parent / name):
        if candidate.is_dir():
            return candidate
    raise FileNotFoundError(f"the '{name}' folder is missing from this installation of lotr_rules")


def grammar_dir() -> Path:
    return _find("grammar")


def cardscripts_dir() -> Path:
    return _find("cardscripts")


@functools.cache
def grammar_text() -> str:
    return (grammar_dir() / "cardscript.lark").read_text(encoding="utf-8")
