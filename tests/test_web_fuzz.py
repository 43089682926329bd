"""Fuzzing the web table: hostile values posted to every form and asked of every page.

Hypothesis builds requests to each route of the application (through Starlette's test client;
no server, no browser): the new-game, resume, replay and workshop forms with their own fields and
others, filled with huge and negative numbers, paths, NUL bytes, direction controls, long texts
and random bytes; uploads of random bytes and of records bent in random places; answers to
decisions that do not exist; ids of games and cards that do not exist. Every answer must be a
page or a clear refusal (a 4xx with a message): never a 500 or an "internal error", never a
request that takes more than :data:`SLOWEST` seconds, and the server's memory must stay within
:data:`MEMORY_MARGIN` of where it began.

The default run is short (about :data:`EXAMPLES` requests, a few seconds), so that every test
run has it; ``pytest --long`` sends :data:`LONG_EXAMPLES`, and ``LOTR_WEB_FUZZ_EXAMPLES=N``
any number (the scheduled long run, docs/sharing-safely.md).
"""

from __future__ import annotations

import json
import os
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette", reason="the web extra is not installed")
pytest.importorskip("multipart", reason="the web extra is not installed")

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from starlette.testclient import TestClient

from lotr_rules.web import app as web_app
from lotr_rules.web.app import create_app
from lotr_rules.web.newgame import Library, new_deckbuilding
from lotr_rules.web.saves import save_data_of
from lotr_rules.web.workshop import STARTERS
from tests.memory_cap import memory_capped

#: requests in the default run, and with --long
EXAMPLES = 40
LONG_EXAMPLES = 3000
#: the longest one request may take (the slowest honest one, trying a card, takes well under it)
SLOWEST = 30.0
#: how much the server's resident memory may grow over a whole run
MEMORY_MARGIN = 300 * 1024 * 1024
#: the address space the run may add (threads reserve much more than they use): past it a
#: request that builds something huge fails with a MemoryError instead of starving the machine
MEMORY_CAP = 4 << 30

HOSTILE_NUMBERS = ("0", "1", "2", "-1", "-0", "5", "99", "1e9", "NaN", "inf", "0x10", "9" * 5000, "1_000", " 3 ")
HOSTILE_TEXT = st.one_of(
    st.sampled_from(HOSTILE_NUMBERS),
    st.sampled_from(
        [
            "",
            "human",
            "heuristic",
            "random",
            "os.system",
            "deckbuilding",
            "adventure-deck",
            "lcg",
            "two-towers",
            "plan-1",
            "custom",
            "../../etc/passwd",
            "/dev/zero",
            "\0",
            "Evil\u202eWarden\u2028",
            "<script>alert(1)</script>",
            "{{ 7 * 7 }}",
            "x" * 30_000,
            "Aragorn",
            "on",
        ]
    ),
    st.text(max_size=40),
)
FORM_KEYS = st.sampled_from(
    [
        "family",
        "players",
        "seed",
        "archenemies",
        "half",
        "mix",
        "mix_file",
        "impossible",
        "hero",
        "seat0",
        "seat1",
        "seat4",
        "set:two-towers",
        "set:fellowship",
        "set:nope",
        "text",
        "from",
        "name",
        "at",
        "option",
        "seat",
        "file",
    ]
) | st.text(max_size=12)


@pytest.fixture(scope="module")
def examples(pytestconfig: pytest.Config) -> int:
    given_number = os.environ.get("LOTR_WEB_FUZZ_EXAMPLES", "")
    if given_number.isdigit():
        return int(given_number)
    return LONG_EXAMPLES if pytestconfig.getoption("--long") else EXAMPLES


@pytest.fixture(scope="module")
def record() -> dict[str, Any]:
    """A true save of the table: a few decisions into a two-player game."""
    session = new_deckbuilding(
        Library((), bot_delay=0.0),
        {"set:two-towers": "1", "players": "2", "seat0": "human", "seat1": "heuristic", "seed": "4"},
    )
    session.start()
    for _ in range(6):
        session.wait_for_news(-1, 10)
        at, version = session.decision_number(), session.version
        assert session.give_answer(at, 0)
        session.wait_for_news(version, 10)
    data = save_data_of(session)
    session.close()
    assert data is not None
    return data


@pytest.fixture(scope="module")
def table(tmp_path_factory: pytest.TempPathFactory, record: dict[str, Any]) -> Iterator[tuple[TestClient, str, str]]:
    """The application, with one game (its id) and one replay open (its id)."""
    saves = tmp_path_factory.mktemp("fuzz-saves")
    (saves / "good.json").write_text(json.dumps(record), encoding="utf-8")
    app = create_app((), saves, bot_delay=0.0)
    with TestClient(app, base_url="http://127.0.0.1", raise_server_exceptions=False) as client:
        started = client.post(
            "/new", data={"set:two-towers": "1", "players": "2", "seat1": "heuristic"}, follow_redirects=False
        )
        assert started.status_code == 303, started.text
        opened = client.post("/replay", data={"name": "good.json"}, follow_redirects=False)
        assert opened.status_code == 303, opened.text
        yield client, started.headers["location"].rsplit("/", 1)[1], opened.headers["location"].rsplit("/", 1)[1]


def _bent(record: dict[str, Any]) -> st.SearchStrategy[bytes]:
    """The record with one value replaced by a hostile one (as a person editing it might)."""
    values = st.one_of(
        st.sampled_from([10**30, -(10**30), -1, 0, 2**64, 1.5, True, None, "", "x", [], {}, [10**30], ["human"]]),
        st.integers(),
        st.text(max_size=20),
    )
    keys = st.sampled_from(["family", "config", "choices", "cards", "digest", "seats", "turns", "version", "format"])
    config_keys = st.sampled_from(["players", "seed", "archenemies", "sets", "heroes", "max_turns", "impossible"])

    def bend(key: str, config_key: str, value: Any, inside: bool) -> bytes:
        data = json.loads(json.dumps(record))
        if inside:
            data["config"][config_key] = value
        else:
            data[key] = value
        return json.dumps(data).encode()

    return st.builds(bend, keys, config_keys, values, st.booleans())


def _requests(sid: str, rid: str, record: dict[str, Any]) -> st.SearchStrategy[tuple[str, str, dict[str, Any]]]:
    ids = st.sampled_from([sid, rid, "nope", "..", "%2e%2e", "0" * 200])
    numbers = st.sampled_from(HOSTILE_NUMBERS) | st.integers().map(str)
    forms = st.dictionaries(FORM_KEYS, HOSTILE_TEXT, max_size=8)
    uploads = st.one_of(st.binary(max_size=300), _bent(record), st.just(json.dumps(record).encode()))
    scripts = st.one_of(
        HOSTILE_TEXT,
        st.sampled_from(list(STARTERS.values())),
        st.builds(lambda text, at, cut: text[:at] + cut + text[at:], st.sampled_from(list(STARTERS.values())),
                  st.integers(0, 300), HOSTILE_TEXT),
    )  # fmt: skip
    families = st.sampled_from(["deckbuilding", "adventure-deck", "lcg", ""]) | HOSTILE_TEXT
    answers = st.sampled_from(["choose", "sit", "save"])
    # a shared game's pages, by keys that are no game's (the games here are played at one screen)
    keys = st.sampled_from(["x" * 32, "%00", "%2e%2e", "\u00e9", "0" * 300]) | st.text(
        alphabet="abcdefghijklmnopqrstuvwxyz0123456789-_", min_size=1, max_size=40
    )
    seat_pages = st.sampled_from(["", "/table", "/card/1", "/face/1.svg", "/record.json"])
    return st.one_of(
        st.tuples(st.just("GET"), st.sampled_from(["/", "/new", "/resume", "/replay", "/workshop", "/favicon.ico"]),
                  st.fixed_dictionaries({"params": forms})),
        st.tuples(st.just("POST"), st.sampled_from(["/new", "/resume", "/replay"]),
                  st.fixed_dictionaries({"data": forms})),
        st.tuples(st.just("POST"), st.sampled_from(["/resume", "/replay"]),
                  st.fixed_dictionaries({"files": uploads.map(lambda body: {"file": ("bent.json", body)})})),
        st.tuples(st.just("POST"), st.sampled_from(["/workshop/check", "/workshop/try"]),
                  st.fixed_dictionaries({"data": st.fixed_dictionaries({"text": scripts, "family": families})})),
        st.tuples(st.just("GET"), st.builds(lambda i, n: f"/game/{i}/card/{n}", ids, numbers), st.just({})),
        st.tuples(st.just("GET"), st.builds(lambda i, n: f"/game/{i}/face/{n}.svg", ids, numbers), st.just({})),
        st.tuples(st.just("GET"), st.builds(lambda i: f"/game/{i}/table", ids),
                  st.fixed_dictionaries({"params": st.fixed_dictionaries({"v": numbers})})),
        st.tuples(st.just("GET"), st.builds(lambda i: f"/game/{i}/record.json", ids), st.just({})),
        st.tuples(st.just("POST"), st.builds(lambda i, end: f"/game/{i}/{end}", ids, answers),
                  st.fixed_dictionaries({"data": st.fixed_dictionaries({"at": numbers, "option": numbers,
                                                                        "seat": numbers})})),
        st.tuples(st.just("GET"), st.builds(lambda i, key, end: f"/play/{i}/{key}{end}", ids, keys, seat_pages),
                  st.just({})),
        st.tuples(st.just("POST"), st.builds(lambda i, key, end: f"/play/{i}/{key}/{end}", ids, keys, answers),
                  st.fixed_dictionaries({"data": st.fixed_dictionaries({"at": numbers, "option": numbers})})),
        st.tuples(st.just("GET"), st.builds(lambda i: f"/replay/{i}", ids),
                  st.fixed_dictionaries({"params": st.fixed_dictionaries({"step": numbers})})),
        st.tuples(st.just("GET"), st.builds(lambda i: f"/replay/{i}/view", ids),
                  st.fixed_dictionaries({"params": st.fixed_dictionaries({"step": numbers})})),
        st.tuples(st.just("GET"), st.builds(lambda i, n: f"/replay/{i}/card/{n}", ids, numbers), st.just({})),
        st.tuples(st.just("GET"), st.builds(lambda i, n: f"/replay/{i}/face/{n}.svg", ids, numbers), st.just({})),
    )  # fmt: skip


def _resident() -> int:
    try:
        for line in Path("/proc/self/status").read_text(encoding="ascii").splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) * 1024
    except OSError:
        pass
    return 0


def test_every_form_and_page_answers_hostile_values_with_a_page_or_a_refusal(
    table: tuple[TestClient, str, str], record: dict[str, Any], examples: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    client, sid, rid = table
    # a page asking for news waits up to NEWS_WAIT for the game to move: the fuzzer does not wait
    monkeypatch.setattr(web_app, "NEWS_WAIT", 0.05)
    before = _resident()

    @settings(
        max_examples=examples,
        deadline=None,
        database=None,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large, HealthCheck.function_scoped_fixture],
    )
    @given(_requests(sid, rid, record))
    def answer(request: tuple[str, str, dict[str, Any]]) -> None:
        method, path, options = request
        started = time.monotonic()
        response = client.request(method, path, follow_redirects=False, **options)
        took = time.monotonic() - started
        assert response.status_code < 500, f"{method} {path}: {response.status_code}\n{response.text[:2000]}"
        assert "internal error" not in response.text, f"{method} {path}: {response.text[:2000]}"
        assert took < SLOWEST, f"{method} {path} took {took:.1f} s"
        if 400 <= response.status_code < 500:
            assert response.text.strip(), f"{method} {path}: a refusal that says nothing"

    with memory_capped(MEMORY_CAP):
        answer()
    if before:
        grown = _resident() - before
        assert grown < MEMORY_MARGIN, f"the server grew by {grown // 2**20} MiB over {examples} requests"
