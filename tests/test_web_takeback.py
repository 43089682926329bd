"""Taking a move back at the web table, without a browser: at a table shared by several people
at their own browsers it happens once every person agreed; the host's page cannot take back; the
host's switch turns take-backs off."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette", reason="the web extra is not installed")
pytest.importorskip("multipart", reason="the web extra is not installed")

from starlette.testclient import TestClient

from lotr_rules.session.rebuild import replay_first
from lotr_rules.web.app import create_app
from tests.test_web_seats import TWO_PEOPLE_LCG, Table


@pytest.fixture
def app(tmp_path: Path) -> Any:
    return create_app((), tmp_path / "saves", bot_delay=0.0)


@pytest.fixture
def client(app: Any) -> TestClient:
    return TestClient(app, base_url="http://127.0.0.1")


def _settled(table: Table, before: int) -> int:
    """The decision the game waits for once it no longer stands at ``before``."""
    for _ in range(500):
        at, _request = table.asked()
        if at != before:
            return at
        time.sleep(0.01)
    raise AssertionError("the game did not move")


def test_a_shared_table_takes_back_once_every_person_agrees(app: Any, client: TestClient) -> None:
    table = Table(app, client, TWO_PEOPLE_LCG)
    for _ in range(80):
        at, request = table.asked()
        asker, other = request.player, 1 - request.player
        page = client.post(table.seats[asker] + "/takeback", data={"at": str(at)}).text
        if "Nothing taken back: " in page:
            # answered, and the next decision is tried
            client.post(table.seats[asker] + "/choose", data={"at": str(at), "option": "0"})
            _settled(table, at)
            continue
        assert f"it waits for Player {other + 1} to agree" in page
        assert table.session.decision_number() == at, "nothing is taken back before the others agree"
        assert "Agree to take back" in client.get(table.seats[other] + "/table").text
        # the host's page is no person's: it neither asks nor agrees
        refused = client.post(table.host + "/takeback", data={"at": str(at)}).text
        assert "only the people at the table take moves back" in refused
        client.post(table.seats[other] + "/takeback", data={"at": str(at)})
        now = _settled(table, at)
        assert now < at
        # the record holds the game as played after the take-back: the kept choices, played straight
        record = client.get(table.host + "/record.json").json()
        assert len(record["choices"]) == now
        straight = replay_first("lcg", None, table.session.context["config"], record["choices"], now).game
        assert record["digest"] == straight.state.digest()
        return
    pytest.fail("no decision could be taken back")


def test_the_host_can_turn_take_backs_off(app: Any, client: TestClient) -> None:
    form = {**TWO_PEOPLE_LCG, "seat1": "heuristic", "asked_take_backs": "1"}
    location = str(client.post("/new", data=form, follow_redirects=False).headers["location"])
    session = app.state.table.sessions.get(location.rsplit("/", 1)[1])
    assert not session.take_backs
    table_page = client.get(location).text
    assert 'class="take-back"' not in table_page
    at = session.decision_number()
    page = client.post(location + "/takeback", data={"at": str(at)}).text
    assert "Nothing taken back: take-backs are off at this table." in page
    ticked = {**form, "take_backs": "1"}
    location = str(client.post("/new", data=ticked, follow_redirects=False).headers["location"])
    assert app.state.table.sessions.get(location.rsplit("/", 1)[1]).take_backs
    assert "Allow take-backs" in client.get("/new?family=lcg").text
