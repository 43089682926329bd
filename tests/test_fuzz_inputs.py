"""Fuzzing the data files anyone may hand a user: mix files, scenario files, saves and records.

Hypothesis writes random files, both random text and random documents of the right shape with
hostile values in them (numbers like 10**30 or -5, NUL bytes, very long strings, deep nesting),
and each is loaded the way the commands load it. Nothing but the project's own user errors may
come out: any other exception (a RecursionError, a MemoryError, a ValueError from a huge number)
fails the test. A short run by default, a long one with ``pytest --long`` (see conftest.py).
"""

from __future__ import annotations

import contextlib
import json
import sys
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from lotr_rules.cards.loader import load_sets
from lotr_rules.errors import UserError
from lotr_rules.games.deckbuilding.config import GameConfig
from lotr_rules.games.deckbuilding.mixfile import check_mix_file
from lotr_rules.games.deckbuilding.record import game_record, read_record, replay
from lotr_rules.games.deckbuilding.scenario import ScenarioError, run, scenario_from_data, scenario_from_text

CARD_NAMES = ("Lembas", "Courage", "Despair", "Lórien Cloak", "Treebeard", "Saruman, Lord of Isengard")
KEYS = (
    "sets", "plan", "half", "deck", "less_random", "cards", "game", "players", "seed", "turn", "power",
    "hand", "deck", "front", "under", "do", "play", "choices", "expect", "shared", "path", "valor",
    "format", "version", "config", "archenemies", "max_turns", "custom_deck", "heroes", "1", "2",
)  # fmt: skip

HOSTILE_INTS = st.sampled_from([10**30, -(10**30), -5, -1, 0, 1, 2, 5, 2**63 - 1, 2**64]) | st.builds(
    pow, st.just(10), st.just(4400)
)
HOSTILE_TEXT = st.one_of(
    st.sampled_from(CARD_NAMES),
    st.sampled_from(["Lembas*1000000000000", "Lembas*-5", "two-towers", "plan-1", "\0", "x" * 5000]),
    st.text(max_size=30),
)
SCALARS = st.one_of(HOSTILE_INTS, st.integers(), HOSTILE_TEXT, st.booleans(), st.none(), st.floats())


def _documents(scalars: st.SearchStrategy[Any] = SCALARS) -> st.SearchStrategy[Any]:
    return st.recursive(
        scalars,
        lambda inner: st.one_of(
            st.lists(inner, max_size=4), st.dictionaries(st.sampled_from(KEYS) | st.text(max_size=8), inner, max_size=5)
        ),
        max_leaves=30,
    )


def _toml_value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value) if abs(value) < 10**30 else "1" + "0" * 30  # TOML integers past 64 bits do not parse
    if isinstance(value, float):
        return repr(value) if value == value and abs(value) != float("inf") else "nan"
    if isinstance(value, str):
        return json.dumps(value)
    if isinstance(value, list):
        return "[" + ", ".join(_toml_value(v) for v in value if v is not None) + "]"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{json.dumps(k)} = {_toml_value(v)}" for k, v in value.items() if v is not None) + "}"
    return '""'


def _toml(document: dict[str, Any]) -> str:
    lines = (f"{json.dumps(key)} = {_toml_value(value)}\n" for key, value in document.items() if value is not None)
    return "".join(lines)


def _json(value: Any) -> str:
    """JSON text of ``value``, numbers of thousands of digits too (as a hostile file holds them)."""
    limit = sys.get_int_max_str_digits()
    sys.set_int_max_str_digits(0)
    try:
        return json.dumps(value)
    finally:
        sys.set_int_max_str_digits(limit)


def _settings(examples: int) -> settings:
    return settings(
        max_examples=examples,
        deadline=None,
        database=None,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
    )


def _one_user_error(action: Any) -> None:
    with contextlib.suppress(UserError):
        action()


def test_random_mix_files(tmp_path: Path, game_count: int) -> None:
    @_settings(game_count)
    @given(st.one_of(st.text(max_size=300), st.dictionaries(st.sampled_from(KEYS), _documents()).map(_toml)))
    def check(text: str) -> None:
        path = tmp_path / "fuzz.mix.toml"
        path.write_text(text, encoding="utf-8", errors="surrogatepass")
        _one_user_error(lambda: check_mix_file(path))

    check()


def test_random_scenario_files(game_count: int) -> None:
    catalogue = load_sets()

    @_settings(game_count)
    @given(st.one_of(st.text(max_size=300), st.dictionaries(st.sampled_from(KEYS), _documents()).map(_toml)))
    def check_text(text: str) -> None:
        _one_user_error(lambda: scenario_from_text(text, "fuzz.toml", catalogue=catalogue))

    @_settings(game_count)
    @given(
        st.fixed_dictionaries(
            {"game": st.dictionaries(st.sampled_from(("players", "seed", "turn", "power", "current")), SCALARS)},
            optional={
                "players": st.dictionaries(st.sampled_from(("1", "2", "0", "9")), _documents()),
                "do": _documents(),
                "expect": _documents(),
                "shared": _documents(),
            },
        )
    )
    def check_data(data: dict[str, Any]) -> None:
        def load_and_run() -> None:
            scenario = scenario_from_data(data, "fuzz.toml", base=Path.cwd(), catalogue=catalogue)
            run(scenario)

        with contextlib.suppress(ScenarioError):
            load_and_run()

    check_text()
    check_data()


def _a_record() -> dict[str, Any]:
    catalogue = load_sets()
    game = replay(catalogue, {"config": GameConfig(players=2, seed=3).to_json(), "cards": {}, "choices": []})
    return game_record(game)


def test_random_and_damaged_records_and_saves(tmp_path: Path, game_count: int) -> None:
    catalogue = load_sets()
    record = _a_record()
    examples = max(10, game_count // 4)  # each one may replay a whole game

    @_settings(examples)
    @given(st.one_of(st.text(max_size=300), _documents().map(_json)))
    def check_text(text: str) -> None:
        path = tmp_path / "fuzz.json"
        path.write_text(text, encoding="utf-8", errors="surrogatepass")
        _one_user_error(lambda: replay(catalogue, read_record(path)))

    @_settings(examples)
    @given(
        key=st.sampled_from(sorted(record)),
        config_key=st.sampled_from(sorted(record["config"])),
        value=_documents(),
        in_config=st.booleans(),
    )
    def check_damaged(key: str, config_key: str, value: Any, in_config: bool) -> None:
        damaged = json.loads(json.dumps(record))
        if in_config:
            damaged["config"][config_key] = value
        else:
            damaged[key] = value
        path = tmp_path / "damaged.json"
        path.write_text(_json(damaged), encoding="utf-8")
        _one_user_error(lambda: replay(catalogue, read_record(path)))

    check_text()
    check_damaged()
