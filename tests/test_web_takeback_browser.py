"""Taking a move back at the web table, in a real headless Chromium: the Take back button and
Ctrl+Z take back the person's last decision, and the host's switch on the new-game page turns
take-backs off."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.web_browser import RunningTable, browser_page, need_browser

SETTLED = "#table[data-state=waiting], #table[data-state=over], #table[data-state=pass]"


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


def _act(page: Any, act: Any) -> None:
    version = page.get_attribute("#table", "data-version")
    act()
    page.wait_for_selector(f"#table:not([data-version='{version}'])", state="attached")
    page.wait_for_selector(SETTLED)


def _decision(page: Any) -> int:
    """The number of the decision the table waits for (what the Take back button sends)."""
    return int(json.loads(page.get_attribute("#table .take-back", "hx-vals"))["at"])


def _start(page: Any, table: RunningTable, take_backs: bool = True) -> None:
    page.goto(table.url + "/")
    page.click("text=New Card Game")
    page.select_option("#scenario", "passage-through-mirkwood")
    page.fill("#players", "1")
    if not take_backs:
        page.uncheck("#new-lcg input[name=take_backs]")
    page.click("text=Start the game")
    page.wait_for_selector(SETTLED)


def _take_back_somewhere(page: Any, take: Any) -> tuple[int, int]:
    """Play first choices until ``take`` takes a decision back: (the decision waited for
    before, and after)."""
    for _ in range(60):
        _act(page, lambda: page.locator("#table[data-state=waiting] .choice").first.click())
        if page.locator("#table[data-state=waiting]").count() == 0:
            continue
        before = _decision(page)
        _act(page, take)
        if page.locator(".take-back-note").count():
            assert "Nothing taken back: " in page.inner_text(".take-back-note")
            continue
        return before, _decision(page)
    raise AssertionError("no decision could be taken back")


def test_the_button_and_ctrl_z_take_back_the_last_decision(page: Any, table: RunningTable) -> None:
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    _start(page, table)
    before, after = _take_back_somewhere(page, lambda: page.click("#table .take-back"))
    assert after < before
    before, after = _take_back_somewhere(page, lambda: page.keyboard.press("Control+z"))
    assert after < before
    assert errors == []


def test_the_host_can_turn_take_backs_off(page: Any, table: RunningTable) -> None:
    _start(page, table, take_backs=False)
    assert page.locator("#table[data-state=waiting]").count() == 1
    assert page.locator("#table .take-back").count() == 0
