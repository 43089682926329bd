"""Two people at their own browsers, in a real headless Chromium: the host starts a two-player
Card Game "each person at their own browser", each person opens their seat's link in a browser
of their own (a context: its own cookies and pages), answers their own decisions, sees only
their own hand, and sees the other's moves appear on their page without reloading it."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.web_browser import RunningTable, need_browser


@pytest.fixture(scope="module")
def chromium() -> str:
    return need_browser()


@pytest.fixture
def table(tmp_path: Path, chromium: str) -> Iterator[RunningTable]:
    with RunningTable(tmp_path / "saves") as running:
        yield running


@pytest.fixture
def browser(chromium: str) -> Iterator[Any]:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=chromium, args=["--no-sandbox"])
        try:
            yield launched
        finally:
            launched.close()


def _person(browser: Any, errors: list[str]) -> Any:
    """A page in a browser context of its own, as at another person's computer."""
    page = browser.new_context(viewport={"width": 1300, "height": 900}).new_page()
    page.set_default_timeout(15_000)
    page.on("console", lambda message: errors.append(message.text) if message.type == "error" else None)
    page.on("pageerror", lambda error: errors.append(str(error)))
    return page


def _version(page: Any) -> int:
    return int(page.get_attribute("#table", "data-version"))


def _asked(pages: list[Any]) -> int:
    """The seat whose page shows a decision to answer (the pages follow the game by themselves)."""
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        for seat, page in enumerate(pages):
            if page.locator("#table[data-state=waiting]").count():
                return seat
            assert page.locator("#table[data-state=over]").count() == 0, "the game ended"
        time.sleep(0.05)
    raise AssertionError("neither page was ever asked")


def test_two_people_at_their_own_browsers_play_a_card_game(table: RunningTable, browser: Any) -> None:
    errors: list[str] = []
    host = _person(browser, errors)
    host.goto(table.url + "/")
    host.click("text=New Card Game")
    host.select_option("#scenario", "passage-through-mirkwood")
    host.fill("#players", "2")
    host.select_option("select[name=seat1]", "human")
    host.check("input[name=play_at][value=browsers]")
    host.click("text=Start the game")
    host.wait_for_selector("#seat-links")
    links = [link.get_attribute("href") for link in host.locator("a.seat-link").all()]
    assert len(links) == 2
    pages = [_person(browser, errors), _person(browser, errors)]
    for page, link in zip(pages, links, strict=True):
        page.goto(link)
        page.wait_for_selector("#table")
    answered = [0, 0]
    while min(answered) < 2:
        seat = _asked(pages)
        mine, other = pages[seat], pages[1 - seat]
        # each page shows its own hand, never the other's
        assert mine.locator(f".lcg-player[data-seat='{seat}'] .zone.hand").count() == 1
        assert mine.locator(f".lcg-player[data-seat='{1 - seat}'] .zone.hand").count() == 0
        assert other.locator("#table[data-state=waiting]").count() == 0, "both pages are asked at once"
        before = _version(mine)
        on_cards = mine.locator("#table[data-state=waiting] .card .choice")
        (on_cards if on_cards.count() else mine.locator("#table[data-state=waiting] .choice")).first.click()
        mine.wait_for_selector(f"#table:not([data-version='{before}'])", state="attached")
        after = _version(mine)
        # the other person's page shows the move without being reloaded
        other.wait_for_function(f"Number(document.querySelector('#table').dataset.version) >= {after}")
        mine_log = mine.locator("#log li").all_inner_texts()
        assert other.locator("#log li").all_inner_texts()[: len(mine_log)] == mine_log
        answered[seat] += 1
        assert sum(answered) < 60, "one person was never asked"
    assert errors == []
