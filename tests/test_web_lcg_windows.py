"""The Card Game's action windows at the web table offer what the terminal offers: the options
that can do something now, with a line saying how many were left out, unless the game was
started with "Stop at every action window"."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette", reason="the web extra is not installed")
pytest.importorskip("multipart", reason="the web extra is not installed")

from starlette.testclient import TestClient

from lotr_rules.games.lcg.game import LcgGame
from lotr_rules.games.lcg.prompts import WINDOWS, worth_offering
from lotr_rules.web.app import create_app
from lotr_rules.web.sessions import TableSession

ONE_PERSON = {
    "family": "lcg",
    "scenario": "passage-through-mirkwood",
    "seed": "3",
    "players": "2",
    "seat0": "human",
    "deck0": "leadership",
    "seat1": "heuristic",
    "deck1": "tactics",
}
_OPTION = re.compile(r'"option": (\d+)\}')


@pytest.fixture
def app(tmp_path: Path) -> Any:
    return create_app((), tmp_path / "saves", bot_delay=0.0)


def _windows(app: Any, form: dict[str, str], decisions: int) -> list[tuple[set[int], set[int], str]]:
    """Play ``decisions`` decisions of the person (passing every action window, the first option
    otherwise); for each window asked with an option that would change nothing: (the options
    the page offers, the options worth offering, the page)."""
    client = TestClient(app, base_url="http://127.0.0.1")
    game = str(client.post("/new", data=form, follow_redirects=False).headers["location"])
    session: TableSession = app.state.table.sessions.get(game.rsplit("/", 1)[1])
    found = []
    for _ in range(decisions):
        session.wait_for_news(-1, 10)
        with session.cond:
            if session.done:
                break
            request, at = session.pending, session.decision_number()
            assert request is not None and isinstance(session.game, LcgGame)
            worth = set(worth_offering(session.game, request))
        answer = 0
        if request.kind in WINDOWS:
            answer = next(i for i, option in enumerate(request.options) if option.value is None)
            if len(worth) < len(request.options):
                page = client.get(game + "/table").text
                decision = page[page.index('id="decision"') :]
                found.append(({int(n) for n in _OPTION.findall(page)}, worth, decision))
        client.post(game + "/choose", data={"at": str(at), "option": str(answer)})
    return found


def test_an_action_window_offers_only_what_would_change_something(app: Any) -> None:
    windows = _windows(app, ONE_PERSON, 120)
    assert windows, "no action window had an option that would change nothing"
    for offered, worth, decision in windows:
        assert offered == worth
        hidden = re.search(r"(\d+) cards? you could play would change nothing now", decision)
        assert hidden is not None, decision[:2000]


def test_stop_at_every_action_window_offers_every_option(app: Any) -> None:
    windows = _windows(app, {**ONE_PERSON, "every_window": "1"}, 120)
    assert windows, "no action window had an option that would change nothing"
    for offered, worth, decision in windows:
        assert offered > worth
        assert "would change nothing now" not in decision
