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


def test_the_readme_does_not_say_the_card_game_is_still_to_come() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "on its way" not in readme
    assert "`lotr-rules play --game lcg`" in readme


def test_the_web_page_describes_the_card_games_table() -> None:
    """docs/web.md says how to start a Card Game in the browser and what its table shows."""
    web = (ROOT / "docs" / "web.md").read_text(encoding="utf-8")
    section = web[web.index("## The Card Game's table") :]
    section = section[: section.index("\n## ", 1)]
    for part in ("quest", "staging area", "encounter deck", "victory display", "threat", "shadow", "exhausted"):
        assert part in section, f"docs/web.md's Card Game table says nothing of the {part}"
    assert "New Card Game" in web and "Stop at every action" in section
