"""The engine's public entry points the language server uses, in one place.

The server's other modules import the engine only through this one, so that a change to where
the loader, the linter or the family registry keep something is one edit here.
"""

from __future__ import annotations

from lotr_rules.cards.catalogue import SetInfo
from lotr_rules.cards.gap_comments import check_gap_comments
from lotr_rules.cards.lasting import LastingCard
from lotr_rules.cards.loader import (
    MANIFEST,
    SCRIPT_SUFFIX,
    ParsedFile,
    check_duplicates,
    check_shared_titles,
    code_clash,
    compile_files,
    lasting_of,
    parse_file,
    parse_file_recovering,
    read_manifest,
    set_folders,
)
from lotr_rules.diagnostics import Diagnostic, Severity, sort_diagnostics
from lotr_rules.dsl import ast
from lotr_rules.dsl.comments import format_keeping_comments
from lotr_rules.dsl.editions import LANGUAGE_VERSION
from lotr_rules.dsl.syntax import parse
from lotr_rules.engine.cards import CardDef
from lotr_rules.engine.fields import COMMON_FIELDS
from lotr_rules.engine.registry import Vocabulary
from lotr_rules.errors import ScriptSyntaxError, Span
from lotr_rules.games import DEFAULT_FAMILY, family_names, vocabulary_for
from lotr_rules.games.deckbuilding.mixfile import MIX_SUFFIX
from lotr_rules.limits import MAX_CARD_FILE_BYTES
from lotr_rules.lint import partial
from lotr_rules.lint.codes import CODES, LintCode
from lotr_rules.lint.foreign import with_foreign_phrases
from lotr_rules.lint.runner import lint_paths
from lotr_rules.resources import cardscripts_dir, grammar_text

__all__ = [
    "CODES",
    "COMMON_FIELDS",
    "DEFAULT_FAMILY",
    "LANGUAGE_VERSION",
    "MANIFEST",
    "MAX_CARD_FILE_BYTES",
    "MIX_SUFFIX",
    "SCRIPT_SUFFIX",
    "CardDef",
    "Diagnostic",
    "LastingCard",
    "LintCode",
    "ParsedFile",
    "ScriptSyntaxError",
    "SetInfo",
    "Severity",
    "Span",
    "Vocabulary",
    "ast",
    "cardscripts_dir",
    "check_duplicates",
    "check_gap_comments",
    "check_shared_titles",
    "code_clash",
    "compile_files",
    "family_names",
    "format_keeping_comments",
    "grammar_text",
    "lasting_of",
    "lint_paths",
    "parse",
    "parse_file",
    "parse_file_recovering",
    "partial",
    "read_manifest",
    "set_folders",
    "sort_diagnostics",
    "vocabulary_for",
    "with_foreign_phrases",
]
