"""The web table driven as a person would: a real headless Chromium clicking through the pages.

The server runs on a free port of 127.0.0.1 with bots that move at once; every test starts from
the start page and goes only where links and buttons lead.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.web_browser import RunningTable, browser_page, need_browser

#: a decision a person may still have to answer, or the end
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


def _cost(text: str) -> int:
    found = re.search(r"\((\d+)\)", text)
    return int(found.group(1)) if found else 0


def click_like_a_player(page: Any) -> None:
    """One decision, answered as a simple player would: play a card if one can be played,
    else buy the dearest card affordable, else end the turn; anything else: the first choice."""
    buttons = page.locator("#table[data-state=waiting] .choice")
    texts = buttons.all_inner_texts()
    assert texts, "a decision is shown without a single choice"
    pick = next((i for i, t in enumerate(texts) if t.startswith("Play")), None)
    if pick is None:
        buys = [(i, _cost(t)) for i, t in enumerate(texts) if t.startswith(("Buy", "Defeat"))]
        if buys:
            pick = max(buys, key=lambda b: b[1])[0]
    if pick is None:
        pick = next((i for i, t in enumerate(texts) if t == "End turn"), 0)
    click_and_wait(page, buttons.nth(pick))


def click_and_wait(page: Any, button: Any) -> None:
    """Click, then wait for the table the click brings (not the one still showing)."""
    version = page.get_attribute("#table", "data-version")
    button.click()
    page.wait_for_selector(f"#table:not([data-version='{version}'])", state="attached")
    page.wait_for_selector(SETTLED)


def start_two_towers(page: Any, url: str, seed: int = 4, players: int = 2) -> None:
    page.goto(url + "/")
    page.click("text=New game")
    page.fill("#players", str(players))
    page.fill("input[name=seed]", str(seed))
    page.fill("input[name=archenemies]", "3")
    page.click("text=Start the game")
    page.wait_for_selector(SETTLED)


def play_to_the_end(page: Any, limit: int = 2000) -> int:
    clicks = 0
    while page.locator("#table[data-state=over]").count() == 0:
        click_like_a_player(page)
        clicks += 1
        assert clicks < limit, "the game did not end"
    return clicks


def test_a_whole_two_towers_game_against_a_bot(table: RunningTable, page: Any) -> None:
    start_two_towers(page, table.url)
    # the table shows the Path, the stacks, the opponent and your hand as cards
    assert page.locator(".path .card").count() > 0
    assert page.locator(".mine .hand .card").count() > 0
    assert page.locator(".player[data-seat='1']").count() == 1
    # hovering a card shows its full text and its script
    page.hover(".mine .hand .card >> nth=0")
    page.wait_for_selector("#inspector pre.script")
    assert "card \"" in page.inner_text("#inspector pre.script")
    clicks = play_to_the_end(page)
    print(f"{clicks} clicks")
    assert clicks > 10
    assert "The game is over" in page.inner_text("#decision")
    assert page.locator(".result").count() >= 3  # the reason and one line per player


def test_an_adventure_deck_journey(table: RunningTable, page: Any) -> None:
    page.goto(table.url + "/")
    page.click("text=New Adventure Deck journey")
    page.fill("input[name=seed]", "2")
    page.click("text=Set out")
    page.wait_for_selector(SETTLED)
    assert page.locator(".path .card").count() >= 1  # where Frodo stands
    clicks = 0
    while page.locator("#table[data-state=over]").count() == 0:
        buttons = page.locator("#table[data-state=waiting] .choice")
        texts = buttons.all_inner_texts()
        # take the longest way on, and never the Ring: a short journey either way
        pick = next((i for i, t in enumerate(texts) if t.lower() == "no"), len(texts) - 1 if clicks % 2 else 0)
        click_and_wait(page, buttons.nth(pick))
        clicks += 1
        assert clicks < 400
    assert page.locator(".result").count() == 1


def test_save_then_resume_goes_on_with_the_same_game(table: RunningTable, page: Any) -> None:
    start_two_towers(page, table.url, seed=6)
    for _ in range(12):
        click_like_a_player(page)
    hand_before = page.locator(".mine .hand .card").evaluate_all("cards => cards.map(c => c.dataset.card)")
    path_before = page.locator(".path .card").evaluate_all("cards => cards.map(c => c.dataset.card)")
    page.click("button.save")
    page.wait_for_selector("#save-status .saved")
    assert "Saved as game-" in page.inner_text("#save-status")
    # a new visit: the start page, Resume, the save just written
    page.goto(table.url + "/")
    page.click("text=Resume a saved game")
    page.click("button.save-pick >> nth=0")
    page.wait_for_selector(SETTLED)
    assert page.locator(".mine .hand .card").evaluate_all("cards => cards.map(c => c.dataset.card)") == hand_before
    assert page.locator(".path .card").evaluate_all("cards => cards.map(c => c.dataset.card)") == path_before
    assert "(resumed)" in page.inner_text("header.bar h1")
    click_like_a_player(page)  # and it plays on


def test_a_replay_steps_forwards_and_backwards(table: RunningTable, page: Any, tmp_path: Path) -> None:
    from lotr_rules.cli import main

    record = tmp_path / "seed7.json"
    argv = ["game", "--players", "2", "--seed", "7", "--archenemies", "3", "--quiet", "--record", str(record)]
    assert main(argv) == 0
    page.goto(table.url + "/")
    page.click("text=Watch a replay")
    page.set_input_files("input[type=file]", str(record))
    page.click("text=Replay it")
    page.wait_for_selector(".table.replay[data-step='0']")
    last = int(page.get_attribute(".table.replay", "data-last") or 0)
    assert last > 50

    def go(button: str, step: int) -> None:
        page.click(f".steps .step-{button}")
        page.wait_for_selector(f".table.replay[data-step='{step}']")

    go("next", 1)
    asked_at_1 = page.inner_text("#decision")
    go("next", 2)
    go("back", 1)
    assert page.inner_text("#decision") == asked_at_1, "stepping back shows the same step again"
    # a key steps only through a button that is enabled: wait until the step's request is done,
    # as a key pressed while one is under way is ignored
    page.wait_for_selector(".steps .step-next:not([disabled])")
    page.wait_for_function("!document.querySelector('.htmx-request')")
    page.keyboard.press("ArrowRight")
    page.wait_for_selector(".table.replay[data-step='2']")
    turn_before = page.inner_text(".status")
    page.click(".steps .step-next-turn")
    page.wait_for_function("document.querySelector('.status').innerText !== " + repr(turn_before))
    page.click(".steps .step-end")
    page.wait_for_selector(f".table.replay[data-step='{last}']")
    assert "The game is over" in page.inner_text("#decision")
    assert "winner" in page.inner_text("#decision")
    page.go_back()  # the steps are in the browser's history
    page.wait_for_selector(f".table.replay:not([data-step='{last}'])")


def test_the_workshop_underlines_a_typo_where_lint_finds_it_and_fixing_it_clears_it(
    table: RunningTable, page: Any, tmp_path: Path
) -> None:
    from lotr_rules.lint.runner import lint_paths
    from lotr_rules.web.workshop import write_set

    page.goto(table.url + "/")
    page.click("text=Card workshop")
    page.wait_for_selector("#findings .clean")
    script = page.locator("#script")
    good = script.input_value()
    typo = good.replace("draw 1", "drwa 1")
    assert typo != good
    script.fill(typo)
    page.wait_for_selector("#findings li.finding")
    # the same finding, at the same line and column, as lotr-rules lint gives for that file
    path = write_set(tmp_path / "workshop", typo, "deckbuilding")
    expected = [d for d in lint_paths([path])[0]]
    assert len(expected) == 1
    finding = page.locator("#findings li.finding")
    assert finding.get_attribute("data-code") == expected[0].code == "E110"
    assert finding.get_attribute("data-line") == str(expected[0].span.line)
    assert finding.get_attribute("data-column") == str(expected[0].span.column)
    assert f"{path.name}:{expected[0].span.line}:{expected[0].span.column}: E110" in finding.inner_text()
    # underlined in the text, at the word lint points at
    mark = page.locator("#underlay mark")
    assert mark.count() == 1 and mark.inner_text().startswith("drwa")
    assert "last version without errors" in page.inner_text("#face-note")
    # a finding takes the caret to its place
    finding.click()
    caret = page.evaluate("document.getElementById('script').selectionStart")
    assert typo[caret:].startswith("drwa")
    # renaming the card redraws its face; fixing the typo clears the finding and the underline
    script.fill(good.replace("Beacon Warden", "Warden of the Beacon"))
    page.wait_for_selector("#findings .clean")
    assert page.locator("#underlay mark").count() == 0
    page.wait_for_function("document.querySelector('#face svg title').textContent === 'Warden of the Beacon'")
    # and into a game against a bot, where it lies on the Path at once
    page.click("text=Try it in a game against a bot")
    page.wait_for_selector(SETTLED)
    assert "trying Warden of the Beacon" in page.inner_text("header.bar h1")
    assert page.locator(".path .card[data-card='Warden of the Beacon']").count() >= 1


def test_hot_seat_passes_the_screen_between_people(table: RunningTable, page: Any) -> None:
    page.goto(table.url + "/new")
    page.fill("#players", "2")
    page.select_option("select[name=seat1]", "human")
    page.click("text=Start the game")
    page.wait_for_selector("#table[data-state=pass]")
    assert "Pass the screen to Player 1" in page.inner_text("#decision")
    assert page.locator(".hand .card").count() == 0, "no hand shows before its owner has the screen"
    click_and_wait(page, page.locator("button.sit"))
    assert page.locator(".mine[data-seat='0'] .hand .card").count() > 0
    # Player 1 ends the turn: the screen goes to Player 2, hands hidden again
    while page.locator("#table[data-state=pass]").count() == 0:
        buttons = page.locator("#table[data-state=waiting] .choice")
        texts = buttons.all_inner_texts()
        click_and_wait(page, buttons.nth(texts.index("End turn") if "End turn" in texts else 0))
    assert "Pass the screen to Player 2" in page.inner_text("#decision")
    assert page.locator(".hand .card").count() == 0
    click_and_wait(page, page.locator("button.sit"))
    assert page.locator(".mine[data-seat='1'] .hand .card").count() > 0


def test_bots_move_visibly(tmp_path: Path, page: Any) -> None:
    with RunningTable(tmp_path / "saves", bot_delay=0.4) as slow:
        page.goto(slow.url + "/new")
        page.fill("#players", "2")
        page.select_option("select[name=seat0]", "heuristic")
        page.click("text=Start the game")
        page.wait_for_selector("#table[data-state=bots] h2.thinking:has-text('chooses:')")
        assert "(heuristic bot) chooses:" in page.inner_text("h2.thinking")


def test_a_name_that_would_turn_the_page_around_shows_its_escape_in_the_browser(table: RunningTable, page: Any) -> None:
    """In Chromium itself: the workshop lists and marks the hidden characters of a script, and the
    game trying it shows the card's name with each one as its escape, the name read left to right."""
    from tests.test_web_hostile import SHOWN, TURNED, turned_card

    page.goto(table.url + "/workshop")
    page.wait_for_selector("#findings .clean")
    page.locator("#script").fill(turned_card())
    page.wait_for_selector("#findings .hidden-chars li")
    listed = page.locator("#findings .hidden-chars li").all_inner_texts()
    assert [text.split(": ")[0] for text in listed] == [
        "evil-warden.card:1:11",
        "evil-warden.card:1:18",
        "evil-warden.card:9:18",
    ]
    assert page.locator("#underlay mark.hidden-char").count() == 3
    assert page.locator("#script").input_value() == turned_card(), "the script being edited lost a character"
    page.click("text=Try it in a game against a bot")
    page.wait_for_selector(SETTLED)
    heading = page.inner_text("header.bar h1")
    assert f"trying {SHOWN}" in heading and TURNED not in heading
    names = page.eval_on_selector_all(".path .card", "cards => cards.map(card => card.dataset.card)")
    assert SHOWN in names and TURNED not in names
