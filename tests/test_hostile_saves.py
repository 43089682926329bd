"""A save or record edited by hand is refused with one clear message by ``replay`` and by
``play --resume``, in every family: wrong types, numbers of thirty digits, a digest or checksum
that does not match, choices out of range, another family's format, nesting past the limit, a
file past the size limit. Never a traceback, never "internal error"."""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from lotr_rules.cli import main
from lotr_rules.errors import RecordError
from lotr_rules.games.adventure.game import AdventureConfig
from lotr_rules.games.adventure.record import config_from_json, config_json
from lotr_rules.games.deckbuilding.record import record_checksum
from lotr_rules.limits import MAX_DATA_DEPTH, MAX_DATA_FILE_BYTES

FAMILIES = ("deckbuilding", "lcg", "adventure-deck")


def _eof(prompt: str = "") -> str:
    raise EOFError  # the end of input: a game being played is saved and left


@pytest.fixture(scope="module")
def originals(tmp_path_factory: pytest.TempPathFactory) -> dict[str, dict[str, Any]]:
    """A real record or save of each family, made by the commands."""
    folder = tmp_path_factory.mktemp("made")
    made: dict[str, dict[str, Any]] = {}
    commands = {
        "deckbuilding": ["game", "--quiet", "--players", "1", "--seed", "3", "--record"],
        "lcg": ["game", "--game", "lcg", "--quiet", "--decks", "leadership", "--record"],
        "adventure-deck": ["play", "--game", "adventure-deck", "--save"],
    }
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr("builtins.input", _eof)
        for family, argv in commands.items():
            path = folder / f"{family}.json"
            assert main([*argv, str(path)]) == 0
            made[family] = json.loads(path.read_text(encoding="utf-8"))
    return made


def _forged(data: dict[str, Any]) -> dict[str, Any]:
    if "checksum" in data:
        data["checksum"] = record_checksum(data)  # as a forger would: the checksum is no signature
    return data


def _changed(key: str, value: Any) -> Callable[[dict[str, Any]], dict[str, Any]]:
    def change(data: dict[str, Any]) -> dict[str, Any]:
        if key not in data:
            return data  # a key this family's files do not have
        return _forged({**data, key: value})

    return change


def _in_config(key: str, value: Any) -> Callable[[dict[str, Any]], dict[str, Any]]:
    def change(data: dict[str, Any]) -> dict[str, Any]:
        if not isinstance(data.get("config"), dict):
            return data
        return _forged({**data, "config": {**data["config"], key: value}})

    return change


def _in_config_if_there(key: str, value: Any) -> Callable[[dict[str, Any]], dict[str, Any]]:
    """An edit of a key that only some families' configs have (another family would ignore it)."""
    def change(data: dict[str, Any]) -> dict[str, Any]:
        if not isinstance(data.get("config"), dict) or key not in data["config"]:
            return data
        return _in_config(key, value)(data)

    return change


def _first_hero(value: Any) -> Callable[[dict[str, Any]], dict[str, Any]]:
    def change(data: dict[str, Any]) -> dict[str, Any]:
        data = json.loads(json.dumps(data))
        if "decks" in data:
            data["decks"][0]["heroes"][0] = value
        return data

    return change


#: (what the edit is, the edit)
EDITS: dict[str, Callable[[dict[str, Any]], dict[str, Any]]] = {
    "choices of the wrong type": _changed("choices", "all of them"),
    "a choice out of range": _changed("choices", [10**9]),
    "a negative choice": _changed("choices", [-1]),
    "a seed of thirty digits": _changed("seed", 10**30),
    "a seed that is text": _changed("seed", "one"),
    "a config seed of thirty digits": _in_config("seed", 10**30),
    "a config of a billion players": _in_config("players", 10**9),
    "a config naming no set": _in_config("sets", []),
    "a config of 2.0 players": _in_config("players", 2.0),
    "a config of infinitely many players": _in_config("players", float("inf")),
    "a config whose sets are one text": _in_config("sets", "two-towers"),
    "a config whose heroes are one text": _in_config("heroes", "Frodo"),
    "a journey of thirty-digit turns": _in_config_if_there("turns", 10**30),
    "a journey of thirty-digit health": _in_config_if_there("health", 10**30),
    "a digest that does not match": _changed("digest", "0" * 32),
    "the version of tomorrow": _changed("version", 10**30),
    "a config that is a list": _changed("config", [1, 2, 3]),
    "cards that are a number": _changed("cards", 7),
    "a deck naming an unknown card": _first_hero("Nobody At All"),
    "a deck naming a card with a NUL": _first_hero("Gan\0dalf"),
    "another family's format (deck-building)": _changed("format", "lotr-rules-record"),
    "another family's format (LCG)": _changed("format", "lotr-rules lcg record"),
    "another family's format (Adventure Deck)": _changed("format", "lotr-rules adventure-deck save"),
}


def _clean(capsys: pytest.CaptureFixture[str], argv: list[str]) -> str:
    try:
        code: object = main(argv)
    except SystemExit as stopped:
        code = stopped.code
    captured = capsys.readouterr()
    shown = captured.out + captured.err
    assert "internal error" not in shown and "Traceback" not in shown, shown[-2000:]
    assert code in (1, 2), (code, shown[-2000:])
    return shown


@pytest.mark.parametrize("edit", sorted(EDITS))
@pytest.mark.parametrize("family", FAMILIES)
def test_an_edited_save_or_record_is_refused_cleanly(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    originals: dict[str, dict[str, Any]],
    family: str,
    edit: str,
) -> None:
    edited = EDITS[edit](json.loads(json.dumps(originals[family])))
    if edited == originals[family]:
        pytest.skip(f"a {family} file has nothing to edit that way")
    path = tmp_path / "edited.json"
    path.write_text(json.dumps(edited), encoding="utf-8")
    monkeypatch.setattr("builtins.input", _eof)
    monkeypatch.chdir(tmp_path)
    _clean(capsys, ["replay", "--final", str(path)])
    _clean(capsys, ["play", "--resume", str(path), "--save", str(tmp_path / "again.json")])


def test_an_lcg_record_whose_deck_names_a_card_it_does_not_list_names_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], originals: dict[str, dict[str, Any]]
) -> None:
    path = tmp_path / "edited.json"
    path.write_text(json.dumps(_first_hero("Nobody At All")(originals["lcg"])), encoding="utf-8")
    shown = _clean(capsys, ["replay", str(path)])
    assert "is corrupt: its decks name 'Nobody At All', which its card digests do not" in shown


@pytest.mark.parametrize("command", [["replay"], ["play", "--resume"]])
def test_a_save_nested_too_deep_or_too_large_is_refused_unread(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], command: list[str]
) -> None:
    deep = tmp_path / "deep.json"
    deep.write_text('{"choices": ' + "[" * 5000 + "]" * 5000 + "}", encoding="utf-8")
    shown = _clean(capsys, [*command, str(deep)])
    assert f"nests arrays or tables more than {MAX_DATA_DEPTH} deep" in shown and "deep.json:1:" in shown
    huge = tmp_path / "huge.json"
    with huge.open("wb") as out:
        out.truncate(MAX_DATA_FILE_BYTES + 1)  # a sparse file: no disk spent, the size is what counts
    shown = _clean(capsys, [*command, str(huge)])
    assert f"is larger than {MAX_DATA_FILE_BYTES // (1024 * 1024)} MiB" in shown
    os.unlink(huge)


@pytest.mark.parametrize(
    ("family", "key", "value", "message"),
    [
        ("deckbuilding", "players", 1.0, "players must be a whole number, not 1.0"),
        ("deckbuilding", "sets", "two-towers", "sets must be a list of names, not 'two-towers'"),
        ("deckbuilding", "impossible", "yes", "impossible must be true or false, not 'yes'"),
    ],
)
def test_a_config_value_of_the_wrong_kind_is_named_not_read_otherwise(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    originals: dict[str, dict[str, Any]],
    family: str,
    key: str,
    value: Any,
    message: str,
) -> None:
    """A hand-edited config value is refused by name: 1.0 players is not rounded to 1, a set
    named by one text is not read letter by letter, a journey of 10**30 turns is not set up."""
    path = tmp_path / "edited.json"
    path.write_text(json.dumps(_in_config(key, value)(json.loads(json.dumps(originals[family])))), encoding="utf-8")
    assert message in _clean(capsys, ["replay", "--final", str(path)])


@pytest.mark.parametrize("key", ["turns", "health", "witch_kings"])
def test_a_journey_record_of_thirty_digit_tracks_is_refused(key: str) -> None:
    """A journey record (the browser table's) whose track is 10**30 long is refused, not set up
    as a journey that never ends by time."""
    config = {**config_json(AdventureConfig()), key: 10**30}
    with pytest.raises(RecordError, match=f"{key} is at most 1000"):
        config_from_json(config, "edited.json")
