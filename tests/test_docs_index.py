"""Every page of the docs can be found: the site's navigation (mkdocs.yml) lists it and the home
page (docs/index.md) links to it, so a page added for a game (the Card Game's, say) is not
left where nobody looks."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PAGES = sorted(p.name for p in (ROOT / "docs").glob("*.md") if p.name != "index.md")


@pytest.mark.parametrize("page", PAGES)
def test_the_navigation_lists_the_page(page: str) -> None:
    nav = (ROOT / "mkdocs.yml").read_text(encoding="utf-8")
    assert re.search(rf":\s+{re.escape(page)}\s*$", nav, re.M), f"mkdocs.yml's nav does not list {page}"


@pytest.mark.parametrize("page", PAGES)
def test_the_home_page_links_to_the_page(page: str) -> None:
    home = (ROOT / "docs" / "index.md").read_text(encoding="utf-8")
    assert f"]({page})" in home or f"]({page}#" in home, f"docs/index.md does not link to {page}"


def test_the_home_page_shows_the_card_game_command() -> None:
    home = (ROOT / "docs" / "index.md").read_text(encoding="utf-8")
    assert "| `lotr-rules play --game lcg` |" in home
