"""``lotr-rules replay``: a recorded game, turn by turn, checked against its digest."""

from __future__ import annotations

import argparse
import builtins
import json
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

import pytest

from lotr_rules.cards.catalogue import Catalogue
from lotr_rules.cards.loader import load_sets
from lotr_rules.cli import main
from lotr_rules.commands import play, replay
from lotr_rules.errors import RecordError


@pytest.fixture(scope="module")
def catalogue() -> Catalogue:
    return load_sets()


@pytest.fixture(autouse=True)
def _cached_cards(monkeypatch: pytest.MonkeyPatch, catalogue: Catalogue) -> None:
    monkeypatch.setattr(replay, "catalogue_from", lambda args: catalogue)
    monkeypatch.setattr(play, "catalogue_from", lambda args: catalogue)


@pytest.fixture(scope="module")
def record(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("records") / "game.json"
    assert main(["game", "--players", "2", "--seed", "3", "--quiet", "--record", str(path)]) == 0
    return path


def _run(argv: Sequence[str]) -> int:
    parser = argparse.ArgumentParser(prog="lotr-rules")
    sub = parser.add_subparsers(dest="command")
    replay.register(sub)
    play.register(sub)
    args = parser.parse_args(argv)
    code: int = args.run(args)
    return code


def _keys(monkeypatch: pytest.MonkeyPatch, answers: Sequence[str]) -> list[str]:
    prompts: list[str] = []
    feed: Iterator[str] = iter(answers)

    def fake_input(prompt: str = "") -> str:
        prompts.append(prompt)
        for answer in feed:
            return answer
        raise EOFError

    monkeypatch.setattr(builtins, "input", fake_input)
    return prompts


def test_replay_prints_the_log_and_checks_the_digest(record: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert _run(["replay", str(record)]) == 0
    out = capsys.readouterr().out
    data = json.loads(record.read_text(encoding="utf-8"))
    assert "-- turn 1: player" in out and f"-- turn {data['result']['turns']}: player" in out
    assert "== the game ends: final archenemy defeated" in out
    assert "Game over after" in out and "winner" in out
    assert f"digest ok ({data['digest']}, finished game)" in out


def test_to_turn_stops_there(record: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert _run(["replay", str(record), "--to-turn", "3"]) == 0
    out = capsys.readouterr().out
    assert "-- turn 3: player" in out and "-- turn 4:" not in out
    assert "Stopped at the end of turn 3" in out
    assert "Turn 3 - " in out and "The Path:" in out and "      hand: " in out
    assert "Game over" not in out and "digest ok" in out


def test_to_turn_past_the_end_is_the_whole_game(record: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert _run(["replay", str(record), "--to-turn", "999"]) == 0
    out = capsys.readouterr().out
    assert "Game over after" in out and "digest ok" in out and "Stopped" not in out


def test_final_prints_only_the_result(record: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert _run(["replay", str(record), "--final"]) == 0
    out = capsys.readouterr().out
    assert "-- turn" not in out and "Game over after" in out and "digest ok" in out
    assert len(out.splitlines()) == 4  # result, two players, digest


def test_step_waits_between_turns(
    record: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    prompts = _keys(monkeypatch, ["", "q"])
    assert _run(["replay", str(record), "--step"]) == 0
    out = capsys.readouterr().out
    assert len(prompts) == 2 and "Enter for the next turn" in prompts[0]
    assert "-- turn 2:" in out and "-- turn 3:" not in out and "stopped after turn 2" in out
    # The end of input stops too, without a traceback.
    _keys(monkeypatch, [])
    assert _run(["replay", str(record), "--step"]) == 0
    assert "stopped after turn 1" in capsys.readouterr().out


def _tampered(record: Path, tmp_path: Path, **changes: Any) -> Path:
    """The record changed, without its checksum (as a record written before checksums), so that
    the checks behind the checksum are reached."""
    data = json.loads(record.read_text(encoding="utf-8"))
    del data["checksum"]
    data.update(changes)
    path = tmp_path / "tampered.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def test_a_wrong_digest_is_an_error(record: Path, tmp_path: Path) -> None:
    with pytest.raises(RecordError, match="does not replay to the game it records"):
        _run(["replay", str(_tampered(record, tmp_path, digest="0" * 32)), "--final"])


def test_a_changed_record_is_damaged_by_its_checksum(record: Path, tmp_path: Path) -> None:
    data = json.loads(record.read_text(encoding="utf-8"))
    data["digest"] = "0" * 32
    path = tmp_path / "edited.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(RecordError, match="is damaged: its checksum does not match"):
        _run(["replay", str(path)])


def test_a_record_the_engine_plays_otherwise_says_at_which_turn(record: Path, tmp_path: Path) -> None:
    data = json.loads(record.read_text(encoding="utf-8"))
    turns = data["turns"]
    real = turns[4][4]
    turns[4] = [*turns[4][:4], "f" * 32]  # turn 5 began in another state, says the record
    with pytest.raises(RecordError) as caught:
        _run(["replay", str(_tampered(record, tmp_path, turns=turns)), "--final"])
    message = str(caught.value)
    assert "part ways during turn 4" in message
    assert f"the record expected turn 5 to begin at choice {turns[4][1] + 1}" in message
    assert f"state {'f' * 32}); here turn 5 begins" in message and f"state {real})" in message


def test_a_record_that_stops_short_is_an_error(record: Path, tmp_path: Path) -> None:
    data = json.loads(record.read_text(encoding="utf-8"))
    with pytest.raises(RecordError, match="stop before the end"):
        _run(["replay", str(_tampered(record, tmp_path, choices=data["choices"][:-5]))])


def test_corrupt_records_are_refused(record: Path, tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text("[", encoding="utf-8")
    with pytest.raises(RecordError, match="not valid JSON"):
        _run(["replay", str(bad)])
    with pytest.raises(RecordError, match="bad game config"):
        _run(["replay", str(_tampered(record, tmp_path, config="four players"))])
    config = json.loads(record.read_text(encoding="utf-8"))["config"]
    with pytest.raises(RecordError, match="use_wall"):
        _run(["replay", str(_tampered(record, tmp_path, config={**config, "use_wall": "yes"}))])


def test_replay_of_a_save_in_progress(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    save = tmp_path / "save.json"
    _keys(monkeypatch, ["1"] * 15)  # then the end of input: save and quit
    _run(["play", "--players", "2", "--seed", "4", "--save", str(save)])
    capsys.readouterr()
    assert _run(["replay", str(save)]) == 0
    out = capsys.readouterr().out
    assert "a game in progress" in out and "digest ok" in out and "game in progress)" in out
