"""A cache of parsed scripts, so that unchanged cards are not parsed again on every run.

Parsing is most of the cost of loading or linting a set (Lark's LALR parser in Python reads a
typical card in about a millisecond). The cache maps a digest of the script's text, the grammar
and the parser's own source to the pickled syntax tree, so any change to a card or to the
language misses the cache by construction. Scripts with syntax errors are never cached.

It lives in ``$LOTR_RULES_CACHE_DIR``, else ``$XDG_CACHE_HOME/lotr-rules``, else
``~/.cache/lotr-rules``; ``LOTR_RULES_CACHE=off`` turns it off. Entries are only ever written
by lotr_rules itself; an unreadable or foreign entry is ignored and parsed afresh.
"""

from __future__ import annotations

import functools
import hashlib
import os
import pickle
import tempfile
from pathlib import Path

from lotr_rules.dsl import ast
from lotr_rules.dsl.parser import parse
from lotr_rules.resources import grammar_text

_SOURCES = ("ast.py", "parser.py", "fastparse.py")


@functools.cache
def _salt() -> bytes:
    here = Path(__file__).resolve().parent
    digest = hashlib.sha256(grammar_text().encode())
    for name in _SOURCES:
        digest.update((here / name).read_bytes())
    return digest.digest()


def cache_dir() -> Path | None:
    if os.environ.get("LOTR_RULES_CACHE", "").lower() in ("off", "0", "no", "false"):
        return None
    explicit = os.environ.get("LOTR_RULES_CACHE_DIR")
    if explicit:
        return Path(explicit)
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "lotr-rules" / "parsed"


def _entry(text: str) -> Path | None:
    folder = cache_dir()
    if folder is None:
        return None
    key = hashlib.sha256(_salt() + text.encode("utf-8", "surrogatepass")).hexdigest()
    return folder / key[:2] / key


def cached_parse(text: str, path: str = "") -> ast.Script:
    """:func:`~lotr_rules.dsl.parser.parse`, remembering good results between runs."""
    entry = _entry(text)
    if entry is not None:
        try:
            with entry.open("rb") as handle:
                cached = pickle.load(handle)
            if isinstance(cached, ast.Script):
                return ast.Script(cached.cards, path=path)
        except (OSError, pickle.UnpicklingError, EOFError, AttributeError, ImportError, TypeError, ValueError):
            pass
    script = parse(text, path)
    if entry is not None:
        _store(entry, script)
    return script


def _store(entry: Path, script: ast.Script) -> None:
    try:
        entry.parent.mkdir(parents=True, exist_ok=True)
        # Written to a temporary file and renamed, so a reader never sees half an entry.
        handle, temporary = tempfile.mkstemp(dir=entry.parent, prefix=".tmp-")
        with os.fdopen(handle, "wb") as out:
            pickle.dump(ast.Script(script.cards), out, protocol=pickle.HIGHEST_PROTOCOL)
        os.replace(temporary, entry)
    except (OSError, pickle.PicklingError, RecursionError):
        # A cache that cannot be written (read-only home, full disk) only costs speed.
        pass
