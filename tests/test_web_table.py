"""The web table without a browser: sessions, the same game as at the terminal, the pages' refusals."""

from __future__ import annotations

import argparse
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
from lotr_rules.errors import ConfigError, UserError
from lotr_rules.web.app import create_app
from lotr_rules.web.newgame import Library, new_adventure, new_deckbuilding
from lotr_rules.web.saves import SaveFolder, save_data_of
from lotr_rules.web.sessions import TableSession

TWO_PLAYERS = {"family": "deckbuilding", "set:two-towers": "1", "players": "2", "seat0": "human", "seat1": "heuristic"}


@pytest.fixture(scope="module")
def library() -> Library:
    return Library((), bot_delay=0.0)


@pytest.fixture
def client(tmp_path: Path) -> TestClient:
    return TestClient(create_app((), tmp_path / "saves", bot_delay=0.0), base_url="http://127.0.0.1")


def _play_first_options(session: TableSession, limit: int = 5000) -> None:
    """Answer every decision a person is asked with its first option, to the end."""
    session.start()
    for _ in range(limit):
        session.wait_for_news(-1, 10)
        with session.cond:
            if session.done:
                return
            at, pending = session.decision_number(), session.pending
        if pending is not None:
            session.sit_down(pending.player)
            version = session.version
            assert session.give_answer(at, 0)
            session.wait_for_news(version, 10)
    raise AssertionError("the game did not end")


def _terminal_digest(argv: list[str], monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> str:
    monkeypatch.setattr(builtins, "input", lambda prompt="": "" if prompt.startswith("Pass to") else "1")
    assert main(["play", *argv]) == 0
    lines = [line for line in capsys.readouterr().out.splitlines() if line.startswith("game digest: ")]
    return lines[-1].split(": ")[1]


def test_a_web_game_is_the_terminal_game_for_the_same_seed_and_choices(
    library: Library, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    session = new_deckbuilding(library, {**TWO_PLAYERS, "seed": "5", "archenemies": "3"})
    _play_first_options(session)
    assert session.game is not None and session.game.state.finished and not session.error
    monkeypatch.chdir(tmp_path)
    terminal = _terminal_digest(["--players", "2", "--seed", "5", "--archenemies", "3"], monkeypatch, capsys)
    assert session.game.state.digest() == terminal


def test_hot_seat_hides_hands_until_the_right_person_sits_down(library: Library) -> None:
    form = {**TWO_PLAYERS, "seat1": "human", "seed": "2"}
    session = new_deckbuilding(library, form)
    session.start()
    session.wait_for_news(-1, 10)
    with session.cond:
        assert session.pending is not None and session.pending.player == 0
        at = session.decision_number()
    assert not session.give_answer(at, 0), "answered before anyone took the screen"
    session.sit_down(0)
    assert session.give_answer(at, 0)
    session.close()


def test_two_clicks_on_one_decision_answer_it_once(library: Library) -> None:
    session = new_deckbuilding(library, {**TWO_PLAYERS, "seed": "3"})
    session.start()
    session.wait_for_news(-1, 10)
    at = session.decision_number()
    assert session.give_answer(at, 0)
    assert not session.give_answer(at, 0)
    assert not session.give_answer(at + 50, 0)
    session.close()


def test_an_answer_must_be_one_of_the_options(library: Library) -> None:
    session = new_deckbuilding(library, {**TWO_PLAYERS, "seed": "3"})
    session.start()
    session.wait_for_news(-1, 10)
    at = session.decision_number()
    assert not session.give_answer(at, 999)
    assert not session.give_answer(at, -1)
    session.close()


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"players": "9"}, "the number of players must be 1 to 5"),
        ({"seed": "x"}, "the seed must be a whole number"),
        ({"set:two-towers": ""}, "choose at least one set"),
        ({"mix": "plan-9"}, "unknown mix plan"),
        ({"mix_file": "../../etc/passwd"}, "no mix file '../../etc/passwd' is offered here"),
        ({"seat1": "python"}, "seat 2: 'python' is not a person or a known bot"),
    ],
)
def test_the_new_game_form_says_what_is_wrong(client: TestClient, change: dict[str, str], message: str) -> None:
    response = client.post("/new", data={**TWO_PLAYERS, **change}, follow_redirects=False)
    assert response.status_code == 400
    assert message in response.text.replace("&#39;", "'")


def test_a_new_game_opens_its_table(client: TestClient) -> None:
    response = client.post("/new", data={**TWO_PLAYERS, "seed": "1"}, follow_redirects=True)
    assert response.status_code == 200
    assert 'data-state="waiting"' in response.text
    assert "Your move" in response.text and "End turn" in response.text


def test_an_unknown_game_is_a_page_not_a_traceback(client: TestClient) -> None:
    response = client.get("/game/nope")
    assert response.status_code == 404 and "no such game" in response.text


def test_adventure_strategies_only(library: Library) -> None:
    with pytest.raises(ConfigError, match="not a person or a known strategy"):
        new_adventure(library, {"family": "adventure-deck", "seat0": "os.system"})


def test_saves_are_named_only_from_the_folders_listing(tmp_path: Path) -> None:
    folder = SaveFolder(tmp_path / "saves")
    (tmp_path / "secret.json").write_text("{}", encoding="utf-8")
    for name in ("../secret.json", "/etc/passwd", "secret.json"):
        with pytest.raises(UserError, match="there is no save called"):
            folder.read(name)


def test_a_save_of_the_table_resumes_at_the_terminal(
    library: Library, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    session = new_deckbuilding(library, {**TWO_PLAYERS, "seed": "6", "archenemies": "3"})
    session.start()
    for _ in range(25):  # a few decisions in
        session.wait_for_news(-1, 10)
        at = session.decision_number()
        version = session.version
        assert session.give_answer(at, 0)
        session.wait_for_news(version, 10)
    data = save_data_of(session)
    assert data is not None and data["seats"] == ["human", "heuristic"]
    session.close()
    name = SaveFolder(tmp_path).write(data)
    monkeypatch.chdir(tmp_path)
    resumed = _terminal_digest(["--resume", name], monkeypatch, capsys)
    straight = _terminal_digest(["--players", "2", "--seed", "6", "--archenemies", "3"], monkeypatch, capsys)
    assert resumed == straight


def test_bots_take_their_turns_visibly(library: Library) -> None:
    slow = Library((), bot_delay=0.05)
    session = new_deckbuilding(slow, {**TWO_PLAYERS, "seat0": "heuristic", "seed": "2"})
    session.start()
    seen: set[str] = set()
    deadline = time.monotonic() + 10
    while len(seen) < 3 and time.monotonic() < deadline:
        session.wait_for_news(session.version, 1)
        with session.cond:
            if session.showing is not None:
                request, index = session.showing
                seen.add(request.options[index].label)
    session.close()
    assert len(seen) >= 3


def test_serve_refuses_a_bad_port(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["serve", "--port", "70000"]) == 2
    assert "--port must be 0 to 65535" in capsys.readouterr().err




def test_the_docs_list_every_option_of_serve_and_only_those() -> None:
    from lotr_rules.cli import build_parser

    parser = build_parser()
    commands = next(action for action in parser._actions if isinstance(action, argparse._SubParsersAction))
    serve = commands.choices["serve"]
    flags = {flag for action in serve._actions for flag in action.option_strings}
    options = {flag for flag in flags if flag.startswith("--")} - {"--help"}
    page = (Path(__file__).parent.parent / "docs" / "web.md").read_text(encoding="utf-8")
    documented = set(re.findall(r"^\| `(--[a-z-]+)", page, flags=re.MULTILINE))
    assert documented == options


@pytest.mark.parametrize("page", ["/resume", "/replay"])
def test_an_upload_that_is_no_record_is_refused_with_a_message(client: TestClient, page: str) -> None:
    response = client.post(page, files={"file": ("notes.json", b"not json at all", "application/json")})
    assert response.status_code == 400
    assert "notes.json is not a game record (not valid JSON" in response.text


def test_a_record_that_does_not_replay_is_refused(client: TestClient, tmp_path: Path) -> None:
    record = tmp_path / "seed7.json"
    assert main(["game", "--players", "2", "--seed", "7", "--quiet", "--record", str(record)]) == 0
    data = json.loads(record.read_text(encoding="utf-8"))
    data["choices"] = data["choices"][:-5] + [99] * 5
    response = client.post("/replay", files={"file": ("bent.json", json.dumps(data).encode(), "application/json")})
    assert response.status_code == 400 and "bent.json" in response.text
    data["seats"] = ["human", "heuristic"]
    response = client.post("/resume", files={"file": ("bent.json", json.dumps(data).encode(), "application/json")})
    assert response.status_code == 400 and "does not replay" in response.text


# ---------------------------------------------------------------------- the card workshop
def test_each_starter_card_lints_clean_and_compiles() -> None:
    from lotr_rules.web.workshop import STARTERS, check

    for family, text in STARTERS.items():
        checked = check(text, family)
        assert checked.findings == () and checked.card is not None, family


def test_underline_marks_each_finding_once_and_escapes_the_text() -> None:
    from lotr_rules.web.workshop import Finding, underline

    text = 'card "<b>" {\n  drwa 1\n}\n'
    spans = [
        Finding("E110", "error", "unknown command", 2, 3, 2, 7, ""),
        Finding("E999", "warning", "overlaps the first", 2, 4, 2, 5, ""),
        Finding("E100", "error", "at the end of a line", 1, 13, 1, 13, ""),
    ]
    html = underline(text, spans)
    assert "&lt;b&gt;" in html and "<b>" not in html
    assert html.count("<mark") == 2
    assert 'data-code="E110"' in html and ">drwa</mark>" in html
    assert 'data-code="E100"' in html


def test_the_workshop_refuses_a_script_too_long(client: TestClient) -> None:
    from lotr_rules.web.workshop import MAX_SCRIPT

    response = client.post("/workshop/check", data={"text": "x" * (MAX_SCRIPT + 1), "family": "deckbuilding"})
    assert response.status_code == 400 and "at most" in response.text


def test_a_card_with_errors_is_not_tried(client: TestClient) -> None:
    broken = 'card "Broken" {\n  id broken\n}\n'
    response = client.post("/workshop/try", data={"text": broken, "family": "deckbuilding"})
    assert response.status_code == 400
    assert "card scripts have errors" in response.text


def test_an_adventure_card_is_tried_on_the_quest_deck(client: TestClient) -> None:
    from lotr_rules.web.workshop import STARTERS

    text = STARTERS["adventure-deck"]
    response = client.post("/workshop/try", data={"text": text, "family": "adventure-deck"}, follow_redirects=True)
    assert response.status_code == 200
    assert "trying Quiet Glade" in response.text


def test_the_workshop_starts_from_a_card_of_the_sets(client: TestClient) -> None:
    response = client.get("/workshop", params={"from": "Elven Cloak"})
    assert response.status_code == 200
    assert "card &#34;Elven Cloak&#34;" in response.text or 'card "Elven Cloak"' in response.text.replace("&#34;", '"')


def test_an_adventure_journey_saved_at_the_table_resumes_where_it_stopped(library: Library, tmp_path: Path) -> None:
    from lotr_rules.games.adventure.record import replay_journey
    from lotr_rules.web.newgame import resume_game

    session = new_adventure(library, {"seed": "3"})
    session.start()
    for _ in range(6):
        session.wait_for_news(-1, 10)
        at, version = session.decision_number(), session.version
        assert session.give_answer(at, 0)
        session.wait_for_news(version, 10)
    data = save_data_of(session)
    assert data is not None and data["family"] == "adventure-deck" and data["seats"] == ["human"]
    session.close()
    name = SaveFolder(tmp_path).write(data)
    saved = SaveFolder(tmp_path).read(name)
    resumed = resume_game(library, saved, name)
    resumed.start()
    resumed.wait_for_news(-1, 10)
    assert resumed.game is not None and resumed.game.state.digest() == data["digest"]
    resumed.close()
    # a record whose choices were bent does not resume
    saved["choices"][0] = 9
    with pytest.raises(UserError):
        replay_journey(library.catalogue("adventure-deck").cards, saved, name)


def test_serve_prints_its_address_and_serves_the_table_on_localhost(tmp_path: Path) -> None:
    import subprocess
    import sys
    import urllib.request

    process = subprocess.Popen(
        [sys.executable, "-m", "lotr_rules", "serve", "--port", "0", "--saves", str(tmp_path)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        assert process.stdout is not None
        line = process.stdout.readline()
        found = re.match(r"The table is at (http://127\.0\.0\.1:(\d+)/) \(Ctrl-C stops it\)", line)
        assert found, line + (process.stderr.read() if process.stderr and process.poll() is not None else "")
        with urllib.request.urlopen(found.group(1), timeout=20) as response:
            assert response.status == 200 and b"New game" in response.read()
    finally:
        process.terminate()
        process.wait(timeout=20)


def test_a_page_of_another_site_cannot_start_games_here(client: TestClient) -> None:
    response = client.post("/new", data=TWO_PLAYERS, headers={"Origin": "http://elsewhere.example"})
    assert response.status_code == 403
    same = client.post("/new", data=TWO_PLAYERS, headers={"Origin": "http://127.0.0.1"}, follow_redirects=False)
    assert same.status_code == 303


def test_the_table_answers_only_to_this_computers_names(tmp_path: Path) -> None:
    app = create_app((), tmp_path, bot_delay=0.0)
    assert TestClient(app, base_url="http://127.0.0.1:8765").get("/").status_code == 200
    assert TestClient(app, base_url="http://localhost:8765").get("/").status_code == 200
    assert TestClient(app, base_url="http://rebound.example:8765").get("/").status_code == 400


def test_an_adventure_journey_at_the_table_is_the_terminals_for_the_same_seed_and_choices(library: Library) -> None:
    from lotr_rules.commands.play_adventure import AdventureHuman
    from lotr_rules.games.adventure.game import AdventureConfig, AdventureGame

    session = new_adventure(library, {"seed": "4"})
    _play_first_options(session)
    assert session.game is not None and session.game.state.finished
    terminal = AdventureHuman(lambda prompt: "1", lambda text: None)
    game = AdventureGame(library.catalogue("adventure-deck").cards, terminal, AdventureConfig(seed=4))
    game.play()
    assert session.game.state.digest() == game.state.digest()
    assert session.game.state.choices == game.state.choices


def test_the_replay_viewer_steps_through_an_adventure_journey(library: Library, client: TestClient) -> None:
    session = new_adventure(library, {"seed": "5"})
    _play_first_options(session)
    data = save_data_of(session)
    assert data is not None and data["finished"]
    upload = {"file": ("journey.json", json.dumps(data).encode(), "application/json")}
    response = client.post("/replay", files=upload, follow_redirects=False)
    assert response.status_code == 303, response.text
    where = response.headers["location"]
    first = client.get(f"{where}/view", params={"step": 0})
    assert first.status_code == 200 and "The walker (person) was asked:" in first.text
    last = client.get(f"{where}/view", params={"step": len(data["choices"])})
    assert "The game is over" in last.text and ("You win" in last.text or "You lose" in last.text)
