"""Take the web table's screenshots for the docs: ``python -m tests.web_screenshots docs/images``.

A game of The Two Towers (you and two bots, seed 11) played a few turns in by the browser tests'
simple player, the hand pointed at; the workshop with a typo underlined; and a Card Game of
Passage Through Mirkwood (you and a bot) at a moment when cards of the hand can be played.
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path
from typing import Any

from tests.test_web_browser import SETTLED, click_and_wait, click_like_a_player, start_two_towers
from tests.web_browser import RunningTable, browser_page, chromium_path

SIZE = {"width": 1440, "height": 960}


def take(out: Path) -> list[Path]:
    chromium = chromium_path()
    if chromium is None:
        raise SystemExit("no Chromium here: apt-get install chromium, or set LOTR_RULES_CHROMIUM")
    out.mkdir(parents=True, exist_ok=True)
    written = []
    with tempfile.TemporaryDirectory() as saves, RunningTable(Path(saves)) as table:
        for page in browser_page(chromium):
            page.set_viewport_size(SIZE)
            start_two_towers(page, table.url, seed=11, players=3)
            for _ in range(14):
                click_like_a_player(page)
            # on to a moment with cards to play: the choices lie on the cards
            for _ in range(80):
                if page.locator(".mine .hand .choice").count() >= 4:
                    break
                click_like_a_player(page)
            page.hover(".mine .hand .card >> nth=0")
            page.wait_for_selector("#inspector pre.script")
            page.evaluate("window.scrollTo(0, 0)")
            written.append(out / "web-table.jpg")
            page.screenshot(path=str(written[-1]), type="jpeg", quality=88)

            page.goto(table.url + "/workshop")
            page.wait_for_selector("#findings .clean")
            script = page.locator("#script")
            script.fill(script.input_value().replace("draw 1", "drwa 1"))
            page.wait_for_selector("#findings li.finding")
            written.append(out / "web-workshop.jpg")
            page.screenshot(path=str(written[-1]), type="jpeg", quality=88)

            written.append(out / "web-lcg-table.jpg")
            card_game(page, table.url, written[-1])
    return written


def card_game(page: Any, url: str, path: Path) -> None:
    page.goto(url + "/new?family=lcg")
    page.fill("#players", "2")
    page.click("text=Start the game")
    page.wait_for_selector(SETTLED)
    for _ in range(200):
        if page.locator(".lcg-player.mine .hand .choice").count() >= 2 and page.locator(".token.resources").count():
            break
        click_and_wait(page, page.locator("#table[data-state=waiting] .choice").first)
    page.hover(".lcg-player.mine .heroes .card >> nth=0")
    page.wait_for_selector("#inspector .lcg-fact")
    page.evaluate("window.scrollTo(0, 0)")
    page.screenshot(path=str(path), type="jpeg", quality=88)


if __name__ == "__main__":
    for path in take(Path(sys.argv[1] if len(sys.argv) > 1 else "docs/images")):
        print(f"wrote {path}")
