"""The Card Game at the web table, without a browser: the new-game form (shipped and uploaded
decks, and the errors of bad deck lists), the table's parts, hot-seat play, saving and
resuming, the replay viewer, and the faces a page may and may not fetch."""

from __future__ import annotations

import builtins
import json
import re
import time
from pathlib import Path

import pytest

pytest.importorskip("starlette", reason="the web extra is not installed")
pytest.importorskip("multipart", reason="the web extra is not installed")

from starlette.testclient import TestClient

from lotr_rules.cli import main
from lotr_rules.games.lcg.recording import read_record, replay, table_from_record
from lotr_rules.web.app import create_app

CORE = Path(__file__).parent.parent / "cardscripts" / "lcg-core"
MIRKWOOD = {"family": "lcg", "scenario": "passage-through-mirkwood", "seed": "3"}
ONE_PERSON_ONE_BOT = {
    **MIRKWOOD,
    "players": "2",
    "seat0": "human",
    "deck0": "leadership",
    "seat1": "heuristic",
    "deck1": "tactics",
}


@pytest.fixture
def client(tmp_path: Path) -> TestClient:
    return TestClient(create_app((), tmp_path / "saves", bot_delay=0.0), base_url="http://127.0.0.1")


def _start(client: TestClient, form: dict[str, str], files: dict[str, tuple[str, bytes, str]] | None = None) -> str:
    response = client.post("/new", data=form, files=files, follow_redirects=False)
    assert response.status_code == 303, response.text
    return str(response.headers["location"])


def _settled(client: TestClient, game: str) -> str:
    """The table once it waits for a person (or the game is over)."""
    for _ in range(200):
        table = client.get(game + "/table").text
        if 'data-state="waiting"' in table or 'data-state="over"' in table or 'data-state="pass"' in table:
            return table
        time.sleep(0.02)
    raise AssertionError("the table never waited for a person")


_FIRST_CHOICE = re.compile(r"hx-vals='\{\"at\": (\d+), \"option\": (\d+)\}'")


def _answer_first(client: TestClient, game: str, table: str) -> str:
    found = _FIRST_CHOICE.search(table)
    assert found is not None, "a decision is shown without a single choice"
    client.post(game + "/choose", data={"at": found.group(1), "option": found.group(2)})
    return _settled(client, game)


def _play_to_the_end(client: TestClient, game: str, limit: int = 600) -> str:
    table = _settled(client, game)
    for _ in range(limit):
        if 'data-state="over"' in table:
            return table
        table = _answer_first(client, game, table)
    raise AssertionError("the game did not end")


# ---------------------------------------------------------------------- a new game
def test_the_form_offers_every_shipped_scenario_and_deck(client: TestClient) -> None:
    page = client.get("/new?family=lcg").text
    for scenario in ("passage-through-mirkwood", "journey-down-the-anduin", "escape-from-dol-guldur"):
        assert f'value="{scenario}"' in page
    for deck in ("leadership", "tactics", "spirit", "lore"):
        assert f'<option value="{deck}"' in page
    assert 'enctype="multipart/form-data"' in page and 'name="decklist0"' in page
    assert 'href="/new?family=lcg"' in client.get("/").text


def test_the_form_offers_the_scenarios_of_sets_given_with_cards(tmp_path: Path) -> None:
    own = tmp_path / "sets" / "my-lcg"
    (own / "scenarios").mkdir(parents=True)
    (own / "set.toml").write_text(
        'code = "my-lcg"\nname = "My quests"\nshort_name = "My quests"\nlanguage = 5\nfamily = "lcg"\n',
        encoding="utf-8",
    )
    mirkwood = (CORE / "scenarios" / "passage-through-mirkwood.toml").read_text(encoding="utf-8")
    (own / "scenarios" / "mirkwood-again.toml").write_text(
        re.sub(r'^name = ".*"$', 'name = "Mirkwood Again"', mirkwood, flags=re.MULTILINE), encoding="utf-8"
    )
    outside = tmp_path / "elsewhere.toml"
    outside.write_text(mirkwood, encoding="utf-8")
    (own / "scenarios" / "linked-out.toml").symlink_to(outside)
    client = TestClient(
        create_app((tmp_path / "sets",), tmp_path / "saves", bot_delay=0.0), base_url="http://127.0.0.1"
    )
    page = client.get("/new?family=lcg").text
    assert '<option value="mirkwood-again" >Mirkwood Again</option>' in page
    assert 'value="linked-out"' in page  # offered by name; starting it says why it cannot be played
    game = client.post("/new", data={**ONE_PERSON_ONE_BOT, "scenario": "mirkwood-again"}, follow_redirects=False)
    assert game.status_code == 303 and "Mirkwood Again" in client.get(game.headers["location"]).text
    refused = client.post("/new", data={**ONE_PERSON_ONE_BOT, "scenario": "linked-out"})
    assert refused.status_code == 400 and "linked-out" in refused.text


def test_a_game_shows_every_part_of_the_table_and_plays_to_its_end(client: TestClient) -> None:
    game = _start(client, ONE_PERSON_ONE_BOT)
    table = _settled(client, game)
    assert "Your move" in table
    for part in ("Quest", "Active location", "Staging area", "Encounter deck", "Victory display", "Engaged enemies"):
        assert part in table, part
    assert re.search(r'class="staging-threat">\d+ threat', table)
    assert re.search(r'class="threat">\d+</b>', table) and "first player" in table
    assert table.count('class="zone heroes"') == 2 and "Your hand" in table
    assert "(heuristic bot)" in table and 'class="log"' in table
    end = _play_to_the_end(client, game)
    assert "The game is over" in end and "The players" in end


def test_the_same_seed_and_choices_play_the_same_game_as_at_the_terminal(
    client: TestClient, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """docs/web.md: a Card Game is set up as ``lotr-rules play --game lcg`` sets it up, with the
    same bots in the same seats."""
    game = _start(client, ONE_PERSON_ONE_BOT)
    _play_to_the_end(client, game)
    web = client.get(game + "/record.json").json()["digest"]
    monkeypatch.setattr(builtins, "input", lambda prompt="": "1")
    argv = ["play", "--game", "lcg", "--decks", "leadership,tactics", "--seed", "3"]
    assert main(argv) == 0
    terminal = [line for line in capsys.readouterr().out.splitlines() if line.startswith("game digest: ")]
    assert terminal == [f"game digest: {web}"]


def test_a_person_sees_only_their_own_hand(client: TestClient) -> None:
    table = _settled(client, _start(client, ONE_PERSON_ONE_BOT))
    assert table.count('class="zone hand"') == 1


def test_hot_seat_hides_the_hands_until_the_screen_is_passed(client: TestClient) -> None:
    form = {**ONE_PERSON_ONE_BOT, "seat1": "human"}
    game = _start(client, form)
    table = _settled(client, game)
    assert "Pass the screen to Player 1" in table and 'class="zone hand"' not in table
    table = client.post(game + "/sit", data={"seat": "0"}).text
    assert "Player 1: your move" in table and table.count('class="zone hand"') == 1


def test_an_uploaded_deck_list_plays(client: TestClient) -> None:
    text = (CORE / "decks" / "spirit.txt").read_bytes()
    form = {**MIRKWOOD, "players": "1", "seat0": "heuristic", "deck0": "upload"}
    game = _start(client, form, {"decklist0": ("my-spirit.txt", text, "text/plain")})
    assert "Player 1 my-spirit.txt" in client.get(game).text


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (b"Heroes\n1x Eowyn\n1x Nobody Of Note\n\nAllies\n3x Snowbourn Scout\n", "my-deck.txt cannot be played"),
        (b"\xff\xfe not text", "my-deck.txt is not UTF-8 text"),
        (b"   \n", "my-deck.txt is empty"),
        (b"3x Forest Spider\n" * 5000, "my-deck.txt is larger than a deck list can be"),
    ],
)
def test_a_bad_deck_list_is_refused_with_a_message_that_names_it(
    client: TestClient, content: bytes, message: str
) -> None:
    form = {**MIRKWOOD, "players": "1", "seat0": "human", "deck0": "upload"}
    response = client.post("/new", data=form, files={"decklist0": ("my-deck.txt", content, "text/plain")})
    assert response.status_code == 400
    assert message in response.text and "lotr-deck-" not in response.text
    assert 'value="upload" selected' in response.text  # the form keeps what was chosen


def test_a_deck_to_upload_must_be_sent(client: TestClient) -> None:
    response = client.post("/new", data={**MIRKWOOD, "players": "1", "deck0": "upload"})
    assert response.status_code == 400 and "Player 1: choose a deck list file to upload" in response.text


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"players": "5"}, "the number of players must be 1 to 4"),
        ({"scenario": "../secrets"}, "no scenario &#39;../secrets&#39; is offered here"),
        ({"deck1": "/etc/passwd"}, "Player 2: no deck &#39;/etc/passwd&#39; is offered here"),
        ({"seat1": "oracle"}, "Player 2: &#39;oracle&#39; is not a person or a known bot"),
        ({"deck1": "leadership"}, "unique hero"),
    ],
)
def test_a_bad_form_is_refused_with_a_message(client: TestClient, change: dict[str, str], message: str) -> None:
    response = client.post("/new", data={**ONE_PERSON_ONE_BOT, **change})
    assert response.status_code == 400 and message in response.text


# ---------------------------------------------------------------------- cards
def test_a_page_fetches_faces_of_cards_in_view_and_never_of_hidden_ones(client: TestClient) -> None:
    game = _start(client, ONE_PERSON_ONE_BOT)
    table = _settled(client, game)
    shown = re.findall(r"/face/(\d+)\.svg", table)
    assert shown
    face = client.get(f"{game}/face/{shown[0]}.svg")
    assert face.status_code == 200 and face.headers["content-type"].startswith("image/svg+xml")
    aragorn = re.search(r'data-card="Aragorn" data-instance="(\d+)"', table)
    assert aragorn is not None
    inspected = client.get(f"{game}/card/{aragorn.group(1)}").text
    assert "threat cost 12" in inspected and "now: Aragorn" in inspected  # its numbers, and its state now
    assert re.search(r'<p class="text">Sentinel\. [^<]*ready himself\.</p>', inspected)  # the text in one piece
    hidden = sorted(set(range(200)) - {int(n) for n in shown})
    refused = [n for n in hidden[:80] if client.get(f"{game}/face/{n}.svg").status_code != 200]
    assert refused, "every card's face could be fetched, decks and the other hand included"


# ---------------------------------------------------------------------- saving
def test_a_saved_game_resumes_where_it_stood(client: TestClient, tmp_path: Path) -> None:
    game = _start(client, ONE_PERSON_ONE_BOT)
    table = _settled(client, game)
    for _ in range(5):
        table = _answer_first(client, game, table)
    saved = client.post(game + "/save").text
    name = re.search(r"Saved as (game-[\w-]+\.json)", saved)
    assert name is not None, saved
    data = json.loads((tmp_path / "saves" / name.group(1)).read_text(encoding="utf-8"))
    assert data["family"] == "lcg" and data["seats"] == ["human", "heuristic"]
    # the save is a save of ``lotr-rules play --game lcg``: its reader takes it as it is
    catalogue = client.app.state.table.lcg.catalogue
    at_table = table_from_record(read_record(tmp_path / "saves" / name.group(1)), catalogue, "save")
    assert replay(at_table, data, "save").state.digest() == data["digest"]
    listed = f"the Card Game, passage-through-mirkwood, 2 players, seed 3: {len(data['choices'])} choices in"
    assert listed in client.get("/resume").text
    response = client.post("/resume", data={"name": name.group(1)}, follow_redirects=False)
    assert response.status_code == 303
    resumed = _settled(client, response.headers["location"])
    assert "(resumed)" in resumed and "Your move" in resumed
    at = _FIRST_CHOICE.search(resumed)
    assert at is not None and int(at.group(1)) == len(data["choices"])


def test_a_save_of_the_table_resumes_at_the_terminal(
    client: TestClient, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """docs/web.md: a Card Game saved at the table goes on with ``lotr-rules play --game lcg --resume``."""
    game = _start(client, ONE_PERSON_ONE_BOT)
    table = _settled(client, game)
    for _ in range(3):
        table = _answer_first(client, game, table)
    save = tmp_path / "from-the-table.json"
    save.write_text(json.dumps(client.get(game + "/record.json").json()), encoding="utf-8")
    monkeypatch.setattr(builtins, "input", lambda prompt="": "1")
    assert main(["play", "--game", "lcg", "--resume", str(save)]) == 0
    out = capsys.readouterr().out
    assert f"Resuming the game saved in {save}" in out and "game digest: " in out


def test_an_edited_save_is_refused(client: TestClient) -> None:
    game = _start(client, ONE_PERSON_ONE_BOT)
    _settled(client, game)
    data = client.get(game + "/record.json").json()
    data["digest"] = "0" * len(data["digest"])
    response = client.post("/resume", files={"file": ("bent.json", json.dumps(data).encode(), "application/json")})
    assert response.status_code == 400 and "bent.json" in response.text


# ---------------------------------------------------------------------- replays
def test_a_finished_game_replays_step_by_step(client: TestClient) -> None:
    game = _start(client, {**ONE_PERSON_ONE_BOT, "seat0": "heuristic"})
    _settled(client, game)
    record = client.get(game + "/record.json").json()
    assert record["finished"]
    opened = client.post(
        "/replay",
        files={"file": ("mirkwood.json", json.dumps(record).encode(), "application/json")},
        follow_redirects=False,
    )
    assert opened.status_code == 303
    where = opened.headers["location"]
    first = client.get(where).text
    assert 'step <b class="step">0</b>' in first and "was asked" in first and "&larr; chosen" in first
    last = len(record["choices"])
    end = client.get(f"{where}/view?step={last}").text
    assert "The game is over" in end
    middle = client.get(f"{where}/view?step={last // 2}").text
    assert f'data-step="{last // 2}"' in middle and "Staging area" in middle
    # the move a step made is marked on the card it was about
    assert any('class="badge">Player' in client.get(f"{where}/view?step={n}").text for n in range(min(last, 30)))
    face = re.search(r"/face/(\d+)\.svg", middle)
    assert face is not None and client.get(f"{where}/face/{face.group(1)}.svg").status_code == 200
    inspected = client.get(f"{where}/card/{face.group(1)}").text
    assert 'class="detail"' in inspected and "lcg-fact" in inspected
    assert client.get(f"{where}/card/99999").status_code == 404


def test_a_record_that_does_not_replay_is_refused(client: TestClient) -> None:
    game = _start(client, {**ONE_PERSON_ONE_BOT, "seat0": "heuristic"})
    _settled(client, game)
    record = client.get(game + "/record.json").json()
    record["choices"] = [*record["choices"][:-3], 40, 40, 40]
    response = client.post("/replay", files={"file": ("bent.json", json.dumps(record).encode(), "application/json")})
    assert response.status_code == 400 and "bent.json" in response.text
