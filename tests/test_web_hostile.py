"""The web table against an attacker: names pointed at it, IPv6, hidden text direction controls,
a workshop pressed a thousand times, hand-edited saves, a favicon (docs/sharing-safely.md, "The
browser table", lists each guarantee with the test here that holds it)."""

from __future__ import annotations

import html
import http.client
import ipaddress
import json
import re
import socket
import subprocess
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette", reason="the web extra is not installed")
pytest.importorskip("multipart", reason="the web extra is not installed")
pytest.importorskip("uvicorn", reason="the web extra is not installed")

from hypothesis import given
from hypothesis import strategies as st
from starlette.testclient import TestClient

from lotr_rules.web.app import create_app
from lotr_rules.web.hosts import allowed_names, host_name
from tests.memory_cap import memory_capped

ADDRESS = re.compile(r"The table is at (http://(\S+):(\d+)/) \(Ctrl-C stops it\)")


@contextmanager
def serving(tmp_path: Path, *options: str) -> Iterator[tuple[str, int]]:
    """``lotr-rules serve`` on a free port with ``options``: the host and port it printed."""
    process = subprocess.Popen(
        [sys.executable, "-m", "lotr_rules", "serve", "--port", "0", "--saves", str(tmp_path / "saves"), *options],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        assert process.stdout is not None
        line = process.stdout.readline()
        found = ADDRESS.match(line)
        if found is None:
            process.terminate()
            assert process.stderr is not None
            raise AssertionError(line + process.stderr.read())
        yield found.group(2), int(found.group(3))
    finally:
        process.terminate()
        process.wait(timeout=20)


def get(host: str, port: int, host_header: str, path: str = "/") -> tuple[int, str]:
    """GET ``path`` from the server at ``host`` (as printed: an IPv6 address in brackets), saying
    ``host_header`` is the name it was reached by."""
    connection = http.client.HTTPConnection(host.strip("[]"), port, timeout=20)
    try:
        connection.putrequest("GET", path, skip_host=True)
        connection.putheader("Host", host_header)
        connection.endheaders()
        response = connection.getresponse()
        return response.status, response.read().decode("utf-8", "replace")
    finally:
        connection.close()


# ---------------------------------------------------------------------- DNS rebinding
def test_a_table_listening_everywhere_still_answers_only_to_its_own_names(tmp_path: Path) -> None:
    """A page elsewhere that points its own name at this computer (DNS rebinding) is refused even
    with --host 0.0.0.0; the loopback names, the address, and --allow-host names are answered."""
    with serving(tmp_path, "--host", "0.0.0.0", "--allow-host", "table.example") as (_host, port):
        status, text = get("127.0.0.1", port, f"rebound.example:{port}")
        assert status == 400
        assert "does not answer to the name rebound.example" in text
        assert "lotr-rules serve --allow-host rebound.example" in text
        for name in (f"127.0.0.1:{port}", f"localhost:{port}", f"table.example:{port}", f"0.0.0.0:{port}"):
            status, text = get("127.0.0.1", port, name)
            assert status == 200 and "New game" in text, name


def test_the_address_a_request_arrived_at_is_answered_and_other_names_are_not(tmp_path: Path) -> None:
    app = create_app((), tmp_path, bot_delay=0.0, allowed_hosts=allowed_names("0.0.0.0"))
    # TestClient's connection arrives at "testserver"; a name, not an address, so not trusted by itself
    assert TestClient(app, base_url="http://rebound.example").get("/").status_code == 400
    assert TestClient(app, base_url="http://[::1]:8765").get("/").status_code == 200
    assert TestClient(app, base_url="http://LOCALHOST.:8765").get("/").status_code == 200


def test_allow_host_refuses_what_is_not_a_name(capsys: pytest.CaptureFixture[str]) -> None:
    from lotr_rules.cli import main

    assert main(["serve", "--allow-host", "evil.example:80/x"]) == 2
    assert "--allow-host 'evil.example:80/x' is not a host name" in capsys.readouterr().err


@given(st.text(max_size=60))
def test_any_host_header_is_a_plain_name_or_refused_never_an_error(header: str) -> None:
    name = host_name(header)
    if name is None:
        return
    assert name and name == name.lower() and not any(c.isspace() or c in "[]/@" for c in name)
    if ":" in name:  # only an IPv6 address has colons left once the port is gone
        ipaddress.IPv6Address(name)


# ---------------------------------------------------------------------- IPv6
def _ipv6_loopback() -> bool:
    if not socket.has_ipv6:
        return False
    try:
        with socket.socket(socket.AF_INET6, socket.SOCK_STREAM) as sock:
            sock.bind(("::1", 0))
    except OSError:
        return False
    return True


@pytest.mark.skipif(not _ipv6_loopback(), reason="this machine has no IPv6 loopback (::1) to listen on")
def test_serve_on_ipv6_loopback_answers_at_the_address_it_prints(tmp_path: Path) -> None:
    with serving(tmp_path, "--host", "::1") as (host, port):
        assert host == "[::1]"
        status, text = get(host, port, f"[::1]:{port}")
        assert status == 200 and "New game" in text
        assert get(host, port, f"rebound.example:{port}")[0] == 400


# ---------------------------------------------------------------------- the favicon
def test_the_table_has_a_favicon(tmp_path: Path) -> None:
    client = TestClient(create_app((), tmp_path, bot_delay=0.0), base_url="http://127.0.0.1")
    response = client.get("/favicon.ico")
    assert response.status_code == 200 and response.headers["content-type"].startswith("image/svg+xml")
    assert response.text.startswith("<svg") and len(response.content) < 2048
    assert 'rel="icon" href="/static/favicon.svg"' in client.get("/").text
    assert client.get("/static/favicon.svg").content == response.content


# ---------------------------------------------------------------------- the workshop's memory
def card(number: int) -> str:
    """A workshop card of its own name and id (benchmarks/workshop_memory.py tries the same)."""
    return (
        f'card "Trial Warden {number}" {{\n  id trial-warden-{number}\n  type ally\n  cost 3\n  power 2\n'
        '  victory 1\n  copies 2\n  provenance designed\n  text "+2 Power. Draw a card."\n'
        "  play {\n    draw 1\n  }\n}\n"
    )


def test_trying_cards_again_and_again_keeps_a_bounded_number_of_games_and_folders(tmp_path: Path) -> None:
    """Each "Try it" starts a game with a catalogue of its own: the server keeps only the last
    few (MAX_TRIES), removes a try's folder when its game goes, and every folder at shutdown."""
    import gc

    from lotr_rules.cards.catalogue import Catalogue
    from lotr_rules.web.sessions import MAX_TRIES

    app = create_app((), tmp_path / "saves", bot_delay=0.0)
    table = app.state.table
    with TestClient(app, base_url="http://127.0.0.1") as client:
        for number in range(3 * MAX_TRIES + 5):
            response = client.post("/workshop/try", data={"text": card(number), "family": "deckbuilding"})
            assert response.status_code == 200 and f"trying Trial Warden {number}" in response.text
            assert table.sessions.count("tries") <= MAX_TRIES
            assert table.try_sets.held() <= MAX_TRIES
        # a card that does not load leaves no folder behind
        held = table.try_sets.held()
        broken = client.post("/workshop/try", data={"text": 'card "Broken" {\n  id broken\n}\n'})
        assert broken.status_code == 400 and table.try_sets.held() == held
        gc.collect()
        catalogues = sum(1 for thing in gc.get_objects() if isinstance(thing, Catalogue))
        assert catalogues <= MAX_TRIES + 8, f"{catalogues} catalogues are still alive"
        root = table.try_sets.root
    assert not root.exists(), "the workshop's folders outlived the server"


# ---------------------------------------------------------------------- text direction controls
#: a name that a right-to-left override and a line separator would turn around and break
TURNED = "Evil\u202eWarden\u2028X"
SHOWN = "Evil\\u202eWarden\\u2028X"
TURNING = re.compile("[\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069\x00-\x08\x0b-\x1f\x7f-\x9f]")


def turned_card(name: str = TURNED) -> str:
    return (
        f'card "{name}" {{\n  id evil-warden\n  type ally\n  cost 1\n  power 2\n  victory 1\n  copies 2\n'
        '  provenance designed\n  text "+2 Power.\u202e Draw a card."\n  play {\n    draw 1\n  }\n}\n'
    )


def shown_text(page: str) -> str:
    """The page without what it sends back as it came (values of form fields, the script being
    edited): what a person reads."""
    page = re.sub(r'value="[^"]*"', 'value=""', page)
    return re.sub(r"(<textarea[^>]*>)[^<]*(</textarea>)", r"\1\2", page)


def test_a_card_name_that_would_turn_the_page_around_is_shown_escaped(tmp_path: Path) -> None:
    """Card names, card text, titles, options and the log show each direction control and line
    separator as its escape, never acting on the page (the face's SVG and the inspector too)."""
    app = create_app((), tmp_path / "saves", bot_delay=0.0)
    with TestClient(app, base_url="http://127.0.0.1") as client:
        response = client.post("/workshop/try", data={"text": turned_card(), "family": "deckbuilding"})
        assert response.status_code == 200
        assert not TURNING.search(shown_text(response.text))
        assert f"(trying {SHOWN})" in response.text and "+2 Power.\\u202e Draw a card." in response.text
        sid = str(response.url).rsplit("/", 1)[1]
        session = app.state.table.sessions.get(sid)
        for _ in range(20):  # play the hand until the card on the Path can be bought, and buy it
            session.wait_for_news(-1, 20)
            with session.cond:
                at, request = session.decision_number(), session.pending
            assert request is not None
            labels = [option.label for option in request.options]
            buy = next((i for i, label in enumerate(labels) if label.startswith("buy " + TURNED)), None)
            pick = buy if buy is not None else next(i for i, label in enumerate(labels) if label.startswith("play"))
            if buy is not None:
                # (while the card is on the Path: once bought, it lies in a discard pile the
                # table does not show, and a page may not fetch it)
                instance = request.options[buy].card
                face = client.get(f"/game/{sid}/face/{instance}.svg")
                assert SHOWN in face.text and not TURNING.search(face.text)
                inspector = client.get(f"/game/{sid}/card/{instance}")
                assert SHOWN in inspector.text and not TURNING.search(shown_text(inspector.text))
            table = client.post(f"/game/{sid}/choose", data={"at": str(at), "option": str(pick)})
            assert table.status_code == 200 and not TURNING.search(shown_text(table.text))
            if buy is not None:
                break
        assert buy is not None, "the card on the Path was never offered"
        log = table.text[table.text.index('id="log"') :]
        assert SHOWN in log[: log.index("</aside>")], "the log does not show the card's name escaped"


def test_set_data_and_file_names_that_would_turn_the_page_are_shown_escaped(tmp_path: Path) -> None:
    folder = tmp_path / "turned"
    folder.mkdir()
    (folder / "set.toml").write_text(
        'code = "turned"\nname = "Set\u202e of Turns"\nlanguage = 5\nfamily = "deckbuilding"\n', encoding="utf-8"
    )
    (folder / "evil-warden.card").write_text(turned_card(), encoding="utf-8")
    (folder / "plan\u202elmth.mix.toml").write_text('sets = ["two-towers"]\n', encoding="utf-8")
    client = TestClient(create_app((folder,), tmp_path / "saves", bot_delay=0.0), base_url="http://127.0.0.1")
    page = client.get("/new").text
    assert "Set\\u202e of Turns" in page and ">plan\\u202elmth.mix.toml<" in page
    assert not TURNING.search(shown_text(page))
    assert 'value="plan\u202elmth.mix.toml"' in page, "the mix file's name is sent back as it is"


def test_the_workshop_lists_and_marks_the_characters_it_cannot_show(tmp_path: Path) -> None:
    """The script being edited keeps every character (it is the designer's), but the findings
    name each hidden one with its line and column, and the underlay marks where it stands."""
    client = TestClient(create_app((), tmp_path, bot_delay=0.0), base_url="http://127.0.0.1")
    checked = client.post("/workshop/check", data={"text": turned_card(), "family": "deckbuilding"}).text
    assert "evil-warden.card:1:11: U+202E RIGHT-TO-LEFT OVERRIDE" in checked
    assert "evil-warden.card:1:18: U+2028 LINE SEPARATOR" in checked
    assert "evil-warden.card:9:18: U+202E RIGHT-TO-LEFT OVERRIDE" in checked
    assert checked.count('<mark class="hidden-char"') == 3
    assert SHOWN in checked  # the face drawn from it
    assert not TURNING.search(re.sub(r'<mark class="hidden-char"[^>]*>.</mark>', "", checked))
    # a card with errors goes back to the page as it was written, hidden characters and all
    broken = turned_card().replace("type ally", "type allly")
    page = client.post("/workshop/try", data={"text": broken, "family": "deckbuilding"})
    assert page.status_code == 400 and f"card &#34;{TURNED}&#34; {{" in page.text


# ---------------------------------------------------------------------- hand-edited saves
@pytest.fixture(scope="module")
def saves() -> dict[str, dict[str, Any]]:
    """A true save of each family, made at the table a few decisions in."""
    from lotr_rules.web.newgame import Library, new_adventure, new_deckbuilding
    from lotr_rules.web.saves import save_data_of

    library = Library((), bot_delay=0.0)
    made = {}
    two = {"set:two-towers": "1", "players": "2", "seat0": "human", "seat1": "heuristic", "seed": "3"}
    for family, session in (
        ("deckbuilding", new_deckbuilding(library, two)),
        ("adventure-deck", new_adventure(library, {"seed": "3"})),
    ):
        session.start()
        for _ in range(5):
            session.wait_for_news(-1, 10)
            at, version = session.decision_number(), session.version
            assert session.give_answer(at, 0)
            session.wait_for_news(version, 10)
        data = save_data_of(session)
        session.close()
        assert data is not None
        made[family] = data
    return made


def _set(path: str, value: Any) -> Callable[[dict[str, Any]], None]:
    def change(data: dict[str, Any]) -> None:
        *inside, last = path.split(".")
        for key in inside:
            data = data[key]
        data[last] = value

    return change


BENT_SAVES = [
    # (what, family, the change, what the refusal says)
    ("a config that is a list", "deckbuilding", _set("config", [1, 2]), "has a bad game config"),
    ("players as words", "deckbuilding", _set("config.players", "two"), "has a bad game config"),
    ("10**30 players", "deckbuilding", _set("config.players", 10**30), "players must be 1 to 5"),
    ("a seed of 31 digits", "deckbuilding", _set("config.seed", 10**30), "seed must be 0 to"),
    ("10**30 archenemies", "deckbuilding", _set("config.archenemies", 10**30), "archenemies must be 0 to"),
    ("a choice out of range", "deckbuilding", _set("choices", [10**30]), "is not one of the 4 options"),
    ("choices as text", "deckbuilding", _set("choices", "0,0"), "corrupt list of choices"),
    ("a digest that does not match", "deckbuilding", _set("digest", "0" * 32), "does not replay to the game it"),
    ("a card that changed", "deckbuilding", _set("cards.two-towers/Aragorn", "x"), "has changed since"),
    ("a family of no table", "deckbuilding", _set("family", "lcg"), "is a game of lcg, which the"),
    ("another family's state", "deckbuilding", _set("family", "adventure-deck"), "journey"),
    ("a deck-building config", "adventure-deck", _set("config.turns", "many"), "bad journey config"),
    ("a choice out of range", "adventure-deck", _set("choices", [999]), "choice 999 is not one of the 2 options"),
    ("a digest that does not match", "adventure-deck", _set("digest", "0" * 32), "its digest differs"),
    ("another family's state", "adventure-deck", _set("family", "deckbuilding"), "x.json"),
]


@pytest.mark.parametrize("page", ["/resume", "/replay"])
@pytest.mark.parametrize(("what", "family", "change", "says"), BENT_SAVES, ids=[f"{b[1]}: {b[0]}" for b in BENT_SAVES])
def test_a_hand_edited_save_is_refused_with_a_message(
    tmp_path: Path,
    saves: dict[str, dict[str, Any]],
    page: str,
    what: str,
    family: str,
    change: Callable[[dict[str, Any]], None],
    says: str,
) -> None:
    client = TestClient(create_app((), tmp_path, bot_delay=0.0), base_url="http://127.0.0.1")
    data = json.loads(json.dumps(saves[family]))
    change(data)
    with memory_capped():
        response = client.post(page, files={"file": ("x.json", json.dumps(data).encode())}, follow_redirects=False)
    assert response.status_code == 400, f"{what}: {response.status_code}"
    found = re.search(r'class="error"[^>]*>(.*?)</', response.text, flags=re.DOTALL)
    assert found is not None and says in html.unescape(found.group(1)), found and found.group(1)


@pytest.mark.parametrize("page", ["/resume", "/replay"])
def test_a_save_holding_nan_or_infinity_is_refused(tmp_path: Path, saves: dict[str, dict[str, Any]], page: str) -> None:
    client = TestClient(create_app((), tmp_path, bot_delay=0.0), base_url="http://127.0.0.1")
    text = json.dumps(saves["deckbuilding"]).replace('"players": 2', '"players": Infinity')
    response = client.post(page, files={"file": ("x.json", text.encode())})
    assert response.status_code == 400 and "x.json is not a game record (it holds NaN or Infinity" in response.text


@pytest.mark.parametrize("family", ["deckbuilding", "adventure-deck"])
def test_the_saves_unbent_resume_and_replay(tmp_path: Path, saves: dict[str, dict[str, Any]], family: str) -> None:
    """The saves the refusals above bend are good ones: as they are, both pages take them."""
    client = TestClient(create_app((), tmp_path, bot_delay=0.0), base_url="http://127.0.0.1")
    for page in ("/resume", "/replay"):
        body = json.dumps(saves[family]).encode()
        response = client.post(page, files={"file": ("x.json", body)}, follow_redirects=False)
        assert response.status_code == 303, response.text


def test_a_replay_keeps_a_few_steps_built_and_the_server_a_few_replays(
    tmp_path: Path, saves: dict[str, dict[str, Any]]
) -> None:
    from lotr_rules.web.replays import MAX_REPLAYS, STEPS_KEPT

    app = create_app((), tmp_path, bot_delay=0.0)
    client = TestClient(app, base_url="http://127.0.0.1")
    body = json.dumps(saves["deckbuilding"]).encode()
    opened = [
        client.post("/replay", files={"file": ("x.json", body)}, follow_redirects=False).headers["location"]
        for _ in range(MAX_REPLAYS + 2)
    ]
    assert client.get(opened[0]).status_code == 404, "the oldest replay was not let go"
    where = opened[-1]
    last = len(saves["deckbuilding"]["choices"])
    for step in [*range(last + 1), *range(last, -1, -1)]:
        assert client.get(f"{where}/view", params={"step": step}).status_code == 200
    replay = app.state.table.replays.get(where.rsplit("/", 1)[1])
    assert 0 < len(replay.built) <= STEPS_KEPT


# ---------------------------------------------------------------------- the docs
def _browser_section() -> str:
    page = (Path(__file__).parent.parent / "docs" / "sharing-safely.md").read_text(encoding="utf-8")
    start = page.index("## The browser table")
    return page[start : page.index("\n## ", start + 1)]


def test_the_docs_name_only_tests_that_exist() -> None:
    named = set(re.findall(r"`(test_[a-z0-9_]+)`", _browser_section()))
    assert len(named) >= 10
    here = Path(__file__).parent
    sources = [file.read_text(encoding="utf-8") for file in here.glob("test_*.py")]
    defined = {name for text in sources for name in re.findall(r"^def (test_\w+)", text, re.M)}
    assert named <= defined, f"the page names tests that do not exist: {sorted(named - defined)}"


def test_the_docs_state_the_tables_bounds() -> None:
    from lotr_rules.web.replays import MAX_REPLAYS, STEPS_KEPT
    from lotr_rules.web.sessions import MAX_SESSIONS, MAX_TRIES
    from tests.test_web_fuzz import EXAMPLES, LONG_EXAMPLES, SLOWEST

    section = _browser_section()
    assert f"at most {MAX_TRIES} tried games" in section
    assert f"at most {MAX_SESSIONS} games and {MAX_REPLAYS} open replays" in section
    assert f"at most {STEPS_KEPT} of its steps built" in section
    assert f"sends {EXAMPLES} requests in every test run" in section
    assert f"{LONG_EXAMPLES:,}" in section and f"longer than {SLOWEST:.0f} seconds" in section
