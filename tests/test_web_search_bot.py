"""The search bot at the web table (issue 33): offered by both new-game forms from the session
layer's bot lists, plays there with the server's budget, and a table whose bot thinks long
still answers its pages."""

from __future__ import annotations

import threading
import time
from pathlib import Path

import pytest

pytest.importorskip("starlette", reason="the web extra is not installed")
pytest.importorskip("multipart", reason="the web extra is not installed")

from starlette.testclient import TestClient

from lotr_rules.agents.search.core import DEFAULT_BUDGET, Budget
from lotr_rules.engine.decisions import Agent, DecisionRequest
from lotr_rules.engine.game import Game
from lotr_rules.games.lcg.bots import LcgHeuristicAgent
from lotr_rules.session import lcg as session_lcg
from lotr_rules.web.app import create_app


@pytest.fixture
def client(tmp_path: Path) -> TestClient:
    app = create_app((), tmp_path / "saves", bot_delay=0.0, search_budget=Budget(2))
    return TestClient(app, base_url="http://127.0.0.1")


def _start(client: TestClient, form: dict[str, str]) -> str:
    response = client.post("/new", data=form, follow_redirects=False)
    assert response.status_code == 303, response.text
    return str(response.headers["location"])


def test_both_new_game_forms_offer_the_search_bot(client: TestClient) -> None:
    for family in ("deckbuilding", "lcg"):
        page = client.get(f"/new?family={family}").text
        assert 'value="search"' in page and "search bot" in page, family


def test_search_bots_play_a_deck_building_game_to_its_end_at_the_table(client: TestClient) -> None:
    form = {"family": "deckbuilding", "players": "2", "seed": "3", "set:two-towers": "1"}
    game = _start(client, {**form, "seat0": "search", "seat1": "search"})
    for _ in range(600):
        if 'data-state="over"' in client.get(game + "/table").text:
            return
        time.sleep(0.05)
    raise AssertionError("the search bots never finished their game")


def test_a_table_answers_its_pages_while_its_bot_thinks(client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    """The search bot takes seconds a decision: it thinks apart from the game's lock, so the
    table's page is drawn meanwhile (before, every page of the table waited for the bot)."""
    thinking, go_on = threading.Event(), threading.Event()

    class Slow:
        def __init__(self, seed: int) -> None:
            self.bot = LcgHeuristicAgent(seed)

        def choose(self, game: Game, request: DecisionRequest) -> int:
            thinking.set()
            go_on.wait(20)
            return self.bot.choose(game, request)

    def slow_bot(kind: str, seed: int, budget: Budget = DEFAULT_BUDGET) -> Agent:
        return Slow(seed)

    monkeypatch.setattr(session_lcg, "make_bot", slow_bot)
    form = {"family": "lcg", "scenario": "passage-through-mirkwood", "seed": "3", "players": "2"}
    game = _start(client, {**form, "seat0": "search", "deck0": "leadership", "seat1": "search", "deck1": "tactics"})
    try:
        assert thinking.wait(20)
        drawn: list[int] = []
        reader = threading.Thread(target=lambda: drawn.append(client.get(game + "/table").status_code), daemon=True)
        reader.start()
        reader.join(5)
        assert drawn == [200]
    finally:
        go_on.set()


def test_the_adventure_form_offers_the_search_bot_and_it_walks_a_journey_to_its_end(client: TestClient) -> None:
    page = client.get("/new?family=adventure-deck").text
    assert 'value="search"' in page and "the search bot (watch)" in page
    game = _start(client, {"family": "adventure-deck", "seed": "3", "seat0": "search"})
    for _ in range(600):
        if 'data-state="over"' in client.get(game + "/table").text:
            return
        time.sleep(0.05)
    raise AssertionError("the search bot never finished its journey")
