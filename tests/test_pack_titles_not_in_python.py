"""No card of the Card Game's adventure packs is named in the package's Python: each pack's cards,
quests and scenario special rules are data, written in the card language, so a new pack needs no
code. A card named in Python would be a special case the language could not say."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKS = ("the-hunt-for-gollum", "conflict-at-the-carrock")
_TITLE = re.compile(r'^card "((?:[^"\\]|\\.)*)"', re.M)


def _titles(pack: str) -> list[str]:
    titles = []
    for path in sorted((ROOT / "cardscripts" / pack).glob("*.card")):
        match = _TITLE.search(path.read_text(encoding="utf-8"))
        assert match is not None, f"{path.name} has no card title"
        titles.append(match.group(1))
    return titles


@pytest.mark.parametrize("pack", PACKS)
def test_no_title_of_the_pack_appears_in_the_package(pack: str) -> None:
    titles = _titles(pack)
    assert len(titles) >= 20, f"{pack}: only {len(titles)} cards were read"
    sources = {path: path.read_text(encoding="utf-8") for path in (ROOT / "lotr_rules").rglob("*.py")}
    named = sorted(
        f"{title!r} in {path.relative_to(ROOT).as_posix()}"
        for title in titles
        for path, text in sources.items()
        if re.search(rf"(?<![\w]){re.escape(title)}(?![\w])", text)
    )
    assert named == [], "pack titles named in Python: " + ", ".join(named)
