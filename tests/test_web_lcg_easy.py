"""Easy Mode from the browser's new-game page: the form offers the modes, a game started in Easy
Mode is set up with the smaller encounter deck (its save says so, as ``play --mode easy``'s
does), and a scenario whose file declares no Easy Mode refuses it, saying why."""

from __future__ import annotations

import json
import re
import time
from pathlib import Path

import pytest

pytest.importorskip("starlette", reason="the web extra is not installed")
pytest.importorskip("multipart", reason="the web extra is not installed")

from starlette.testclient import TestClient

from lotr_rules.web.app import create_app

TWO_SEATS = {
    "family": "lcg",
    "scenario": "passage-through-mirkwood",
    "seed": "3",
    "players": "2",
    "seat0": "human",
    "deck0": "leadership",
    "seat1": "heuristic",
    "deck1": "tactics",
}


@pytest.fixture
def client(tmp_path: Path) -> TestClient:
    return TestClient(create_app((), tmp_path / "saves", bot_delay=0.0), base_url="http://127.0.0.1")


def _saved(client: TestClient, tmp_path: Path, form: dict[str, str]) -> dict[str, object]:
    response = client.post("/new", data=form, follow_redirects=False)
    assert response.status_code == 303, response.text
    game = str(response.headers["location"])
    for _ in range(200):
        if "Your move" in client.get(game + "/table").text:
            break
        time.sleep(0.02)
    saved = client.post(game + "/save").text
    name = re.search(r"Saved as (game-[\w-]+\.json)", saved)
    assert name is not None, saved
    data: dict[str, object] = json.loads((tmp_path / "saves" / name.group(1)).read_text(encoding="utf-8"))
    return data


def test_the_form_offers_easy_mode(client: TestClient) -> None:
    page = client.get("/new?family=lcg").text
    assert '<select name="mode"' in page
    assert 'value="normal"' in page and 'value="easy"' in page


def test_a_game_started_in_easy_mode_is_set_up_in_easy_mode(client: TestClient, tmp_path: Path) -> None:
    easy = _saved(client, tmp_path, {**TWO_SEATS, "mode": "easy"})
    normal = _saved(client, tmp_path, TWO_SEATS)
    assert easy["mode"] == "easy"
    assert normal.get("mode", "normal") == "normal"
    # the same seed and decks: only the mode differs, so the encounter cards differ
    assert easy["digest"] != normal["digest"]


def test_easy_mode_of_a_scenario_without_one_is_refused(tmp_path: Path) -> None:
    core = Path(__file__).parent.parent / "cardscripts" / "lcg-core"
    own = tmp_path / "sets" / "my-lcg"
    (own / "scenarios").mkdir(parents=True)
    (own / "set.toml").write_text(
        'code = "my-lcg"\nname = "My quests"\nshort_name = "My quests"\nlanguage = 5\nfamily = "lcg"\n',
        encoding="utf-8",
    )
    mirkwood = (core / "scenarios" / "passage-through-mirkwood.toml").read_text(encoding="utf-8")
    plain = re.sub(r"^\[easy[\].].*?(?=^\[|\Z)", "", mirkwood, flags=re.MULTILINE | re.DOTALL)
    assert "[easy" not in plain
    plain = re.sub(r'^name = ".*"$', 'name = "Mirkwood Plain"', plain, flags=re.MULTILINE)
    (own / "scenarios" / "mirkwood-plain.toml").write_text(plain, encoding="utf-8")
    client = TestClient(create_app((own,), tmp_path / "saves", bot_delay=0.0), base_url="http://127.0.0.1")
    response = client.post(
        "/new", data={**TWO_SEATS, "scenario": "mirkwood-plain", "mode": "easy"}, follow_redirects=False
    )
    assert response.status_code == 400
    assert "declares no Easy Mode" in response.text
