"""The parsed-script cache: same trees as parsing, never trusted blindly, never caches errors."""

from __future__ import annotations

from pathlib import Path

import pytest

from lotr_rules.dsl import cache
from lotr_rules.dsl.parser import parse
from lotr_rules.errors import ScriptSyntaxError

CARD = 'card "C" {\n  id c\n  type ally\n  provenance designed\n  text "t"\n  play {\n    draw 1\n  }\n}\n'


@pytest.fixture
def cache_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("LOTR_RULES_CACHE_DIR", str(tmp_path))
    monkeypatch.delenv("LOTR_RULES_CACHE", raising=False)
    return tmp_path


def _entries(folder: Path) -> list[Path]:
    return [p for p in folder.rglob("*") if p.is_file()]


def test_a_cached_parse_equals_a_fresh_one(cache_folder: Path) -> None:
    """The first call parses and stores; the second reads the store; both equal parse()."""
    first = cache.cached_parse(CARD, "a.card")
    assert len(_entries(cache_folder)) == 1
    second = cache.cached_parse(CARD, "b.card")
    assert first == second == parse(CARD)
    assert second.path == "b.card"


def test_a_corrupt_entry_is_ignored(cache_folder: Path) -> None:
    """An entry that is not a pickled script is parsed afresh (and rewritten)."""
    cache.cached_parse(CARD)
    (entry,) = _entries(cache_folder)
    entry.write_bytes(b"not a pickle")
    assert cache.cached_parse(CARD) == parse(CARD)


def test_syntax_errors_are_not_cached(cache_folder: Path) -> None:
    """A script that does not parse raises as usual and leaves nothing in the cache."""
    with pytest.raises(ScriptSyntaxError):
        cache.cached_parse("card {")
    assert _entries(cache_folder) == []


def test_the_cache_can_be_turned_off(cache_folder: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """LOTR_RULES_CACHE=off parses every time and writes nothing."""
    monkeypatch.setenv("LOTR_RULES_CACHE", "off")
    assert cache.cached_parse(CARD) == parse(CARD)
    assert _entries(cache_folder) == []


def test_a_changed_script_misses(cache_folder: Path) -> None:
    """Any change to the text is a different entry."""
    cache.cached_parse(CARD)
    cache.cached_parse(CARD.replace("draw 1", "draw 2"))
    assert len(_entries(cache_folder)) == 2
