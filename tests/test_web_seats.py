"""Several people at their own browsers, without a browser: the host's page gives a secret link
per person's seat; each seat's page shows that seat's hand and no other, fetches only the cards
its seat may see, answers only its seat's decisions and follows the game live; a wrong link finds
nothing, whether or not its game exists. Also: the pictures and texts of cards a deck-building
or Adventure Deck page may fetch, and the Card Game's action windows that pass by themselves."""

from __future__ import annotations

import re
import threading
import time
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest

pytest.importorskip("starlette", reason="the web extra is not installed")
pytest.importorskip("multipart", reason="the web extra is not installed")

from starlette.testclient import TestClient

from lotr_rules.engine.decisions import DecisionRequest
from lotr_rules.games.adventure import game as adventure
from lotr_rules.games.deckbuilding import game as db
from lotr_rules.games.lcg.prompts import WINDOWS, needs_person
from lotr_rules.games.lcg.state import HAND
from lotr_rules.web.app import NEWS_WAIT, create_app
from lotr_rules.web.sessions import TableSession

TWO_PEOPLE_LCG = {
    "family": "lcg",
    "scenario": "passage-through-mirkwood",
    "seed": "3",
    "players": "2",
    "seat0": "human",
    "deck0": "leadership",
    "seat1": "human",
    "deck1": "tactics",
}
TWO_PEOPLE_DECKBUILDING = {
    "family": "deckbuilding",
    "set:two-towers": "1",
    "players": "2",
    "seat0": "human",
    "seat1": "human",
    "seed": "2",
}
SHARED = {"play_at": "browsers"}
_LINK = re.compile(r'<b>Player (\d+)</b>: <a class="seat-link" href="([^"]+)"')


@pytest.fixture
def app(tmp_path: Path) -> Any:
    return create_app((), tmp_path / "saves", bot_delay=0.0)


@pytest.fixture
def client(app: Any) -> TestClient:
    return TestClient(app, base_url="http://127.0.0.1")


class Table:
    """A shared game: the host's page, each person's seat page by seat, and the game itself."""

    def __init__(self, app: Any, client: TestClient, form: dict[str, str]) -> None:
        response = client.post("/new", data={**form, **SHARED}, follow_redirects=False)
        assert response.status_code == 303, response.text
        self.host = str(response.headers["location"])
        assert self.host.startswith("/play/")
        self.sid = self.host.split("/")[2]
        page = client.get(self.host)
        assert page.status_code == 200
        self.host_page = page.text
        self.seats = {int(number) - 1: urlsplit(link).path for number, link in _LINK.findall(page.text)}
        self.session: TableSession = app.state.table.sessions.get(self.sid)

    def asked(self) -> tuple[int, DecisionRequest]:
        """The decision a person must answer now: its number and the request."""
        session = self.session
        for _ in range(500):
            session.wait_for_news(-1, 5)
            with session.cond:
                if session.pending is not None and session.answer is None:
                    return session.decision_number(), session.pending
                assert not session.done, session.error or "the game ended"
            time.sleep(0.01)
        raise AssertionError("no person was ever asked")


def _hand(session: TableSession, seat: int, zone: str = HAND) -> list[int]:
    with session.cond:
        assert session.game is not None
        return list(session.game.z(zone, seat))


# ---------------------------------------------------------------------- the links
def test_the_host_gets_a_secret_link_for_each_persons_seat(app: Any, client: TestClient) -> None:
    table = Table(app, client, {**TWO_PEOPLE_LCG, "players": "3", "seat1": "heuristic", "seat2": "human"})
    assert sorted(table.seats) == [0, 2], "a link for each person's seat, none for the bot's"
    keys = [path.rsplit("/", 1)[1] for path in table.seats.values()] + [table.host.rsplit("/", 1)[1]]
    assert len(set(keys)) == 3 and all(len(key) >= 32 for key in keys)
    assert all(path.startswith(f"/play/{table.sid}/") for path in table.seats.values())
    # the host's page shows no hand, and the game has no one screen to be reached by its number
    table.asked()
    assert 'class="zone hand"' not in client.get(table.host + "/table").text
    assert client.get(f"/game/{table.sid}").status_code == 404
    assert client.get(f"/game/{table.sid}/table").status_code == 404


def test_hot_seat_at_one_screen_stays_the_default(app: Any, client: TestClient) -> None:
    response = client.post("/new", data=TWO_PEOPLE_LCG, follow_redirects=False)
    location = str(response.headers["location"])
    assert location.startswith("/game/")
    session = app.state.table.sessions.get(location.rsplit("/", 1)[1])
    assert session.hot_seat and not session.shared
    assert "seat-link" not in client.get(location).text


def test_a_wrong_or_missing_key_finds_nothing_and_says_nothing_of_the_game(app: Any, client: TestClient) -> None:
    table = Table(app, client, TWO_PEOPLE_LCG)
    other = Table(app, client, TWO_PEOPLE_LCG)
    right_key = table.seats[0].rsplit("/", 1)[1]
    wrong = [
        f"/play/{table.sid}/{'x' * len(right_key)}",  # a wrong key for a game that is here
        f"/play/{table.sid}/{right_key[:-1]}",  # most of a right key
        f"/play/{other.sid}/{right_key}",  # the key of another game
        f"/play/nosuchgame/{right_key}",  # a game that is not here
        f"/game/{table.sid}",  # no key at all
        "/game/nosuchgame",
    ]
    bodies = set()
    for path in wrong:
        for suffix in ("", "/table", "/card/0", "/face/0.svg", "/record.json"):
            response = client.get(path + suffix)
            assert response.status_code == 404, path + suffix
            bodies.add(response.text)
        assert client.post(path + "/choose", data={"at": "0", "option": "0"}).status_code == 404
    assert len(bodies) == 1, "a wrong link says something of whether its game exists"


# ---------------------------------------------------------------------- what each seat sees
def test_each_seat_sees_its_own_hand_and_may_fetch_only_what_it_sees(app: Any, client: TestClient) -> None:
    table = Table(app, client, TWO_PEOPLE_LCG)
    table.asked()
    mine, theirs = _hand(table.session, 0), _hand(table.session, 1)
    assert mine and theirs
    page = client.get(table.seats[0] + "/table").text
    assert "Your hand" in page
    for card in mine:
        assert f'data-instance="{card}"' in page
    for card in theirs:
        assert f'data-instance="{card}"' not in page
    for card in theirs:
        for route in (f"/card/{card}", f"/face/{card}.svg"):
            assert client.get(table.seats[0] + route).status_code == 404
            assert client.get(table.host + route).status_code == 404
            assert client.get(table.seats[1] + route).status_code == 200
    assert client.get(table.seats[0] + f"/face/{mine[0]}.svg").status_code == 200


def test_a_seat_answers_only_its_own_decisions(app: Any, client: TestClient) -> None:
    table = Table(app, client, TWO_PEOPLE_LCG)
    at, request = table.asked()
    other = table.seats[1 - request.player]
    refused = client.post(other + "/choose", data={"at": str(at), "option": "0"})
    assert refused.status_code == 200 and 'data-state="waiting"' not in refused.text
    assert client.post(table.host + "/choose", data={"at": str(at), "option": "0"}).status_code == 403
    assert table.asked() == (at, request), "another seat's answer was taken"
    answered = client.post(table.seats[request.player] + "/choose", data={"at": str(at), "option": "0"})
    assert answered.status_code == 200
    assert table.asked()[0] > at


def test_every_seat_page_follows_the_game_live(app: Any, client: TestClient) -> None:
    table = Table(app, client, TWO_PEOPLE_LCG)
    at, request = table.asked()
    watcher = table.seats[1 - request.player]
    page = client.get(watcher + "/table").text
    version = int(re.search(r'data-version="(\d+)"', page).group(1))  # type: ignore[union-attr]
    assert f'hx-get="{watcher}/table?v={version}"' in page, "a seat not asked does not ask for news"
    assert f"Waiting for Player {request.player + 1}" in page
    news: list[str] = []
    asking = threading.Thread(target=lambda: news.append(client.get(f"{watcher}/table?v={version}").text))
    started = time.monotonic()
    asking.start()
    time.sleep(0.3)
    client.post(table.seats[request.player] + "/choose", data={"at": str(at), "option": "0"})
    asking.join(NEWS_WAIT + 5)
    assert news and time.monotonic() - started < NEWS_WAIT, "the news came only when the wait ran out"
    assert int(re.search(r'data-version="(\d+)"', news[0]).group(1)) > version  # type: ignore[union-attr]


def test_only_the_host_saves_and_a_resumed_shared_game_gets_new_links(app: Any, client: TestClient) -> None:
    table = Table(app, client, TWO_PEOPLE_LCG)
    table.asked()
    assert client.post(table.seats[0] + "/save").status_code == 403
    assert client.get(table.seats[0] + "/record.json").status_code == 403
    assert 'class="save"' not in client.get(table.seats[0] + "/table").text
    saved = client.post(table.host + "/save").text
    name = re.search(r"Saved as ([^:]+):", saved).group(1)  # type: ignore[union-attr]
    response = client.post("/resume", data={"name": name, **SHARED}, follow_redirects=False)
    assert response.status_code == 303
    host = str(response.headers["location"])
    assert host.startswith("/play/") and host != table.host
    links = {urlsplit(link).path for _, link in _LINK.findall(client.get(host).text)}
    assert len(links) == 2 and not links & set(table.seats.values())
    table.session.close()
    resumed = client.get(sorted(links)[0] + "/table")
    assert resumed.status_code == 200 and "(resumed)" in resumed.text


# ---------------------------------------------------------------------- the deck-building game
def test_deckbuilding_seats_see_only_their_own_hands(app: Any, client: TestClient) -> None:
    table = Table(app, client, TWO_PEOPLE_DECKBUILDING)
    at, request = table.asked()
    mine, theirs = _hand(table.session, 0, db.HAND), _hand(table.session, 1, db.HAND)
    assert client.get(table.seats[0] + f"/card/{mine[0]}").status_code == 200
    assert client.get(table.seats[1] + f"/card/{theirs[0]}").status_code == 200
    assert client.get(table.seats[0] + f"/card/{theirs[0]}").status_code == 404
    assert client.get(table.seats[1] + f"/card/{mine[0]}").status_code == 404
    other = table.seats[1 - request.player]
    client.post(other + "/choose", data={"at": str(at), "option": "0"})
    assert table.asked()[0] == at, "another seat's answer was taken"


def test_deckbuilding_card_routes_refuse_cards_the_table_does_not_show(app: Any, client: TestClient) -> None:
    """The one screen of a person against a bot: the bot's hand and every deck stay hidden from
    the card-text and picture routes, as they are from the table."""
    response = client.post("/new", data={**TWO_PEOPLE_DECKBUILDING, "seat1": "heuristic"}, follow_redirects=False)
    game = str(response.headers["location"])
    session: TableSession = app.state.table.sessions.get(game.rsplit("/", 1)[1])
    session.wait_for_news(-1, 10)
    with session.cond:
        assert session.game is not None and session.pending is not None
        cards = session.game.cards
        mine = _hand(session, 0, db.HAND)
        hidden = _hand(session, 1, db.HAND) + _hand(session, 0, db.DECK) + _hand(session, 1, db.DECK)
    page = client.get(game + "/table").text
    pictures = {int(number) for number in re.findall(r"/face/(\d+)\.svg", page)}
    shown = {int(number) for number in re.findall(r"/card/(\d+)\"", page)}
    assert set(mine) <= shown
    for card in mine:
        assert client.get(f"{game}/card/{card}").status_code == 200
    for picture in pictures:
        assert client.get(f"{game}/face/{picture}.svg").status_code == 200
    refused = [card for card in hidden if card not in shown | pictures]
    assert refused
    for card in refused:
        assert client.get(f"{game}/card/{card}").status_code == 404, cards[card].name
        assert client.get(f"{game}/face/{card}.svg").status_code == 404, cards[card].name


# ---------------------------------------------------------------------- action windows
def _windows_asked(app: Any, client: TestClient, form: dict[str, str], decisions: int) -> tuple[int, int]:
    """Play ``decisions`` decisions of a person against a bot by the first option each time:
    (how many action windows were asked, how many of them with nothing worth doing)."""
    response = client.post("/new", data=form, follow_redirects=False)
    game = str(response.headers["location"])
    session: TableSession = app.state.table.sessions.get(game.rsplit("/", 1)[1])
    windows = idle = 0
    for _ in range(decisions):
        session.wait_for_news(-1, 10)
        with session.cond:
            if session.done:
                break
            request, at = session.pending, session.decision_number()
            assert request is not None and session.game is not None
            if request.kind in WINDOWS:
                windows += 1
                idle += not needs_person(session.game, request)  # type: ignore[arg-type]
        client.post(game + "/choose", data={"at": str(at), "option": "0"})
    return windows, idle


ONE_PERSON_LCG = {**TWO_PEOPLE_LCG, "seat1": "heuristic"}


def test_action_windows_with_nothing_worth_doing_pass_by_themselves(app: Any, client: TestClient) -> None:
    _windows, idle = _windows_asked(app, client, ONE_PERSON_LCG, 40)
    assert idle == 0, "a window with nothing worth doing was asked"


def test_stop_at_every_action_window_asks_them_all(app: Any, client: TestClient) -> None:
    assert 'name="every_window"' in client.get("/new?family=lcg").text
    _windows, idle = _windows_asked(app, client, {**ONE_PERSON_LCG, "every_window": "1"}, 40)
    assert idle > 0, "no window with nothing worth doing was asked"


def test_adventure_card_routes_refuse_the_quest_deck(app: Any, client: TestClient) -> None:
    """The Adventure Deck's quest deck is face down: a page may fetch none of its cards."""
    response = client.post(
        "/new", data={"family": "adventure-deck", "seat0": "human", "seed": "1"}, follow_redirects=False
    )
    game = str(response.headers["location"])
    session: TableSession = app.state.table.sessions.get(game.rsplit("/", 1)[1])
    session.wait_for_news(-1, 10)
    with session.cond:
        assert session.game is not None
        deck = list(session.game.z(adventure.QUEST_DECK))
    page = client.get(game + "/table").text
    pictures = {int(number) for number in re.findall(r"/face/(\d+)\.svg", page)}
    shown = {int(number) for number in re.findall(r"/card/(\d+)\"", page)}
    assert shown and all(client.get(f"{game}/card/{card}").status_code == 200 for card in shown)
    refused = [card for card in deck if card not in shown | pictures]
    assert refused
    for card in refused:
        assert client.get(f"{game}/card/{card}").status_code == 404
        assert client.get(f"{game}/face/{card}.svg").status_code == 404
