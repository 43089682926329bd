"""The Card Game at the web table, in a real headless Chromium: a Passage Through Mirkwood game
started from the start page and played to its end by clicks (a person's seat beside a bot's),
on a desktop screen and on a phone's, with no error in the browser's console."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.web_browser import RunningTable, browser_page, need_browser

#: a decision a person must answer, the screen to be passed on, or the end
SETTLED = "#table[data-state=waiting], #table[data-state=over], #table[data-state=pass]"
PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1500, "height": 1000}


@pytest.fixture(scope="module")
def chromium() -> str:
    return need_browser()


@pytest.fixture
def table(tmp_path: Path, chromium: str) -> Iterator[RunningTable]:
    with RunningTable(tmp_path / "saves") as running:
        yield running


@pytest.fixture
def page(chromium: str) -> Iterator[Any]:
    yield from browser_page(chromium)


def _layout(page: Any) -> dict[str, Any]:
    """What the test checks of the page's layout at one moment."""
    return dict(
        page.evaluate(
            """() => {
            const move = document.querySelector('.your-move');
            const links = [...document.querySelectorAll('nav.top a')].map(a => a.getBoundingClientRect());
            const line = parseFloat(getComputedStyle(document.querySelector('nav.top')).fontSize) * 1.6;
            const turned = document.querySelector('.card.exhausted .face-img');
            return {
                scroll: document.documentElement.scrollWidth - window.innerWidth,
                // one row of links, none of them broken over two lines
                navRows: new Set(links.map(box => Math.round(box.top))).size,
                navTallest: Math.max(...links.map(box => box.height)) / line,
                moveTop: move ? move.getBoundingClientRect().top : null,
                moveBottom: move ? move.getBoundingClientRect().bottom : null,
                height: window.innerHeight,
                turned: turned ? getComputedStyle(turned).transform : null,
            };
        }"""
        )
    )


def _click(page: Any, button: Any) -> None:
    version = page.get_attribute("#table", "data-version")
    button.click()
    page.wait_for_selector(f"#table:not([data-version='{version}'])", state="attached")
    page.wait_for_selector(SETTLED)


@pytest.mark.parametrize(
    ("viewport", "second_seat"),
    [(DESKTOP, "heuristic"), (PHONE, "heuristic"), (PHONE, "human")],
    ids=["desktop", "phone", "phone-hot-seat"],
)
def test_a_mirkwood_game_is_played_to_its_end_by_clicks(
    page: Any, table: RunningTable, viewport: dict[str, int], second_seat: str
) -> None:
    errors: list[str] = []
    page.on("console", lambda message: errors.append(message.text) if message.type == "error" else None)
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.set_viewport_size(viewport)
    page.goto(table.url + "/")
    page.click("text=New Card Game")
    # the click starts a navigation: measure the form once it is there, not the page it leaves
    page.wait_for_selector("#scenario")
    assert _layout(page)["scroll"] <= 0, "the new-game form scrolls sideways"
    page.select_option("#scenario", "passage-through-mirkwood")
    page.fill("#players", "2")
    page.select_option("select[name=seat1]", second_seat)
    page.click("text=Start the game")
    page.wait_for_selector(SETTLED)
    assert "Passage Through Mirkwood" in page.inner_text("#table h1")
    clicks, turned, passes = 0, False, 0
    while page.locator("#table[data-state=over]").count() == 0:
        layout = _layout(page)
        assert layout["scroll"] <= 0, f"the page scrolls sideways by {layout['scroll']}px"
        assert layout["navRows"] == 1 and layout["navTallest"] <= 1, "the navigation wraps"
        if page.locator("#table[data-state=pass]").count():
            # hot-seat: no hand is on the table until the next person says they have the screen
            assert page.locator(".zone.hand").count() == 0
            _click(page, page.locator(".sit"))
            passes += 1
            continue
        # "Your move" is on screen, whatever the width, wherever the last click left the page
        assert layout["moveTop"] is not None and layout["moveTop"] >= 0 and layout["moveBottom"] <= layout["height"]
        turned = turned or layout["turned"] not in (None, "none")
        # a simple player: the first choice laid on a card (commit, play, defend, attack), else
        # the first in the list
        on_cards = page.locator("#table[data-state=waiting] .card .choice")
        _click(page, (on_cards if on_cards.count() else page.locator("#table[data-state=waiting] .choice")).first)
        clicks += 1
        assert clicks < 1500, "the game did not end"
    assert page.locator(".game-over").inner_text() == "The game is over"
    assert "The players" in page.locator("#decision").inner_text()
    assert turned, "no exhausted card was ever drawn turned"
    assert _layout(page)["scroll"] <= 0
    assert errors == []
    assert clicks > 20  # a whole game was played through the page
    assert (passes > 0) == (second_seat == "human")


def test_on_a_phone_a_card_tapped_shows_its_panel_on_screen(page: Any, table: RunningTable) -> None:
    """The card panel sits under the whole table on a narrow screen: a card tapped opens it over
    the foot of the screen, where it can be read, and a tap on it closes it."""
    page.set_viewport_size(PHONE)
    page.goto(table.url + "/new?family=lcg")
    page.fill("#players", "2")
    page.click("text=Start the game")
    page.wait_for_selector(SETTLED)
    page.click(".lcg-player.mine .heroes .card .face-img >> nth=0")
    page.wait_for_selector("#inspector.open .detail h2")
    box = page.evaluate(
        "() => { const r = document.getElementById('inspector').getBoundingClientRect();"
        " return {top: r.top, bottom: r.bottom, height: window.innerHeight}; }"
    )
    assert 0 < box["top"] < box["height"] and box["bottom"] <= box["height"] + 1, box
    page.click("#inspector .detail h2")
    assert page.locator("#inspector.open").count() == 0
