"""The terminal player: the screen, the human agent's input handling, and ``lotr-rules play``."""

from __future__ import annotations

import argparse
import builtins
import json
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any

import pytest

from lotr_rules.agents.human import HumanAgent, QuitRequested, SaveRequested
from lotr_rules.cards.catalogue import Catalogue
from lotr_rules.cards.loader import load_sets
from lotr_rules.commands import play
from lotr_rules.engine.decisions import DecisionRequest, Option
from lotr_rules.errors import RecordError, UserError
from lotr_rules.games.deckbuilding.config import GameConfig
from lotr_rules.games.deckbuilding.game import HAND, PATH, DeckbuildingGame
from lotr_rules.games.deckbuilding.screen import render_screen


@pytest.fixture(scope="module")
def catalogue() -> Catalogue:
    return load_sets()


@pytest.fixture(autouse=True)
def _cached_cards(monkeypatch: pytest.MonkeyPatch, catalogue: Catalogue) -> None:
    # Loading the card scripts is the slow part of a run; every test shares one catalogue.
    monkeypatch.setattr(play, "catalogue_from", lambda args: catalogue)


class _NoAgent:
    def choose(self, game: object, request: DecisionRequest) -> int:
        raise AssertionError("not asked")


def _game(catalogue: Catalogue, players: int = 2, seed: int = 3) -> DeckbuildingGame:
    return DeckbuildingGame(catalogue, GameConfig(players=players, seed=seed), [_NoAgent()] * players)


def _request(player: int = 0, count: int = 3) -> DecisionRequest:
    return DecisionRequest(player, "action", "your move", tuple(Option(f"option {i}") for i in range(count)))


class Script:
    """Scripted keyboard: answers from a list, then a default answer (or the end of input)."""

    def __init__(self, answers: Sequence[str] = (), then: str | None = "1") -> None:
        self.answers: Iterator[str] = iter(answers)
        self.then = then
        self.prompts: list[str] = []

    def __call__(self, prompt: str = "") -> str:
        self.prompts.append(prompt)
        if prompt.startswith("Pass to"):
            return ""
        for answer in self.answers:
            return answer
        if self.then is None:
            raise EOFError
        return self.then


def _agent(script: Script, **options: Any) -> tuple[HumanAgent, list[str]]:
    out: list[str] = []
    return HumanAgent(script, out.append, **options), out


def _play(argv: Sequence[str], script: Callable[[str], str], monkeypatch: pytest.MonkeyPatch) -> int:
    parser = argparse.ArgumentParser(prog="lotr-rules")
    sub = parser.add_subparsers(dest="command")
    play.register(sub)
    args = parser.parse_args(["play", *argv])
    monkeypatch.setattr(builtins, "input", script)
    code: int = args.run(args)
    return code


def _digest(output: str) -> str:
    lines = [line for line in output.splitlines() if line.startswith("game digest: ")]
    assert lines, output[-2000:]
    return lines[-1].split(": ")[1]


# ---------------------------------------------------------------------- the screen
def test_screen_shows_what_the_seat_may_know(catalogue: Catalogue) -> None:
    game = _game(catalogue)
    screen = render_screen(game, 0)
    first_path = game.cards[game.z(PATH)[0]].name
    for expected in ("Turn 0", "Power 0", "The Path:", first_path, "cost", "Valor: ", "top costs", "Corruption: "):
        assert expected in screen
    assert "Archenemy: " in screen and "level 1" in screen
    assert "The Wall: 10 cards left, holding" in screen or "The Wall: 11 cards left, holding" in screen
    assert "The One Ring: behind the stacks" in screen
    assert "\n  P1 " in screen and "\n  P2 " in screen and "[you" in screen
    assert "Your hand: " in screen
    assert "      hand: " not in screen  # another seat's hand stays hidden
    assert "      hand: " in render_screen(game, None)  # a spectator sees every hand


def test_screen_lists_the_hand_and_marks_ambushes(catalogue: Catalogue) -> None:
    for seed in range(30):
        game = _game(catalogue, seed=seed)
        if any("ambush" in game.cards[c].abilities for c in game.z(PATH)):
            break
    else:
        pytest.skip("no seed with an Ambush in the opening Path")
    screen = render_screen(game, 1)
    assert "Ambush" in screen and "AMBUSH next turn" not in screen  # it entered the Path at setup
    game.state.marks[("ambush pending", -1)].extend(game.z(PATH))
    assert "AMBUSH next turn" in render_screen(game, 1)
    hand = screen.split("Your hand: ")[1]
    for card in game.z(HAND, 1):
        assert game.cards[card].name in hand


def test_long_card_lists_wrap_between_names(catalogue: Catalogue) -> None:
    game = _game(catalogue)
    by_name = {game.cards[i].name: i for i in range(len(game.cards))}
    longest = sorted(by_name, key=len)[-6:]
    hand = game.z(HAND, 0)
    hand[:] = [by_name[name] for name in longest]  # only for the display: no game is played on
    block = render_screen(game, 0).split("Your hand: ")[1].splitlines()
    assert len(block) > 1
    assert all(len("Your hand: " + line) <= 78 for line in block[:1]) and all(len(line) <= 78 for line in block[1:])
    assert all(line.startswith(" " * len("Your hand: ")) for line in block[1:])
    assert all(line.endswith(",") for line in block[:-1])  # lines break between names
    joined = " ".join(part.strip() for part in block)
    assert all(name in joined for name in longest)


def test_screen_shows_only_new_log_lines(catalogue: Catalogue) -> None:
    game = _game(catalogue)
    for n in range(20):
        game.log("play", 0, f"Card{n}")
    screen = render_screen(game, 0, since=0, log_lines=12)
    assert "P1 plays Card19" in screen and "P1 plays Card8" in screen
    assert "P1 plays Card7" not in screen
    assert "8 earlier lines not shown" in screen
    later = render_screen(game, 0, since=18)
    assert "Since your last look:" in later and "Card17" not in later and "Card18" in later
    assert "Since your last look" not in render_screen(game, 0, since=len(game.state.log))


# ---------------------------------------------------------------------- the human agent
def test_bad_input_asks_again(catalogue: Catalogue) -> None:
    game = _game(catalogue)
    script = Script(["", "abc", "0", "4", "-1", "?", " 2 "])
    agent, out = _agent(script)
    assert agent.choose(game, _request()) == 1
    text = "\n".join(out)
    assert "Your move:" in text and "  1) option 0" in text and "  3) option 2" in text
    assert "Type a number from 1 to 3" in text
    assert "'abc' is not an option" in text
    assert "There is no option 0" in text and "There is no option 4" in text
    assert "'-1' is not an option" in text
    assert "s, save" in text and "q, quit" in text
    assert len(script.prompts) == 7
    assert text.count("== Turn") == 1  # the screen is shown once, not at every retry


def test_commands_save_quit_and_end_of_input(catalogue: Catalogue) -> None:
    game = _game(catalogue)
    with pytest.raises(SaveRequested) as saved:
        _agent(Script(["save"]))[0].choose(game, _request())
    assert saved.value.game is game and not saved.value.quit
    with pytest.raises(SaveRequested) as eof:
        _agent(Script([], then=None))[0].choose(game, _request())
    assert eof.value.quit
    with pytest.raises(QuitRequested):
        _agent(Script(["q", "y"]))[0].choose(game, _request())
    with pytest.raises(SaveRequested) as save_quit:
        _agent(Script(["quit", "s"]))[0].choose(game, _request())
    assert save_quit.value.quit
    agent, out = _agent(Script(["q", "n", "3"]))
    assert agent.choose(game, _request()) == 2
    assert "Playing on." in out


def test_each_screen_shows_what_is_new(catalogue: Catalogue) -> None:
    game = _game(catalogue)
    game.log("play", 1, "Courage")
    agent, out = _agent(Script(["1", "1", "1"]))
    agent.choose(game, _request())
    first = "\n".join(out)
    out.clear()
    game.log("play", 1, "Despair")
    agent.choose(game, _request())
    second = "\n".join(out)
    assert "== Turn" in first and "P2 plays Courage" in first
    # the table itself did not change: it is not drawn again, only what happened is told
    assert "== Turn" not in second
    assert "P2 plays Despair" in second and "P2 plays Courage" not in second
    out.clear()
    game.state.counters["power"] = 3
    agent.choose(game, _request())
    assert "Power 3" in "\n".join(out)  # a change on the table draws it again


def test_hot_seat_asks_to_pass_the_terminal(catalogue: Catalogue) -> None:
    game = _game(catalogue)
    script = Script(["1", "1", "1"])
    agent, _out = _agent(script, hot_seat=True)
    agent.choose(game, _request(0))
    agent.choose(game, _request(0))
    agent.choose(game, _request(1))
    passes = [p for p in script.prompts if p.startswith("Pass to")]
    assert len(passes) == 2
    assert passes[0].startswith("Pass to Player 1 (") and passes[1].startswith("Pass to Player 2 (")


# ---------------------------------------------------------------------- lotr-rules play
def test_a_whole_game_picking_option_one(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(tmp_path)
    assert _play(["--players", "2", "--seed", "3"], Script(), monkeypatch) == 0
    out = capsys.readouterr().out
    assert "Game over after" in out and "VP" in out and "Winner" in out
    assert "(you)" not in out and ", you)" in out
    assert not (tmp_path / "lotr-save.json").exists()  # never saved: nothing written
    _digest(out)


def test_save_and_resume_reach_the_same_end(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = ["--players", "2", "--seed", "3"]
    _play(argv, Script(), monkeypatch)
    straight = _digest(capsys.readouterr().out)

    save = tmp_path / "game.json"
    # Save after 30 answers, then quit without saving again.
    _play([*argv, "--save", str(save)], Script(["1"] * 30 + ["s", "q", "y"]), monkeypatch)
    out = capsys.readouterr().out
    assert f"Game saved to {save}." in out and "Quit without saving. The last save is in" in out
    data = json.loads(save.read_text(encoding="utf-8"))
    assert data["seats"] == ["human", "heuristic"] and not data["finished"]
    assert len(data["choices"]) > 30  # the bot's choices are in it too

    _play(["--resume", str(save)], Script(), monkeypatch)
    out = capsys.readouterr().out
    assert _digest(out) == straight
    finished = json.loads(save.read_text(encoding="utf-8"))
    assert finished["finished"] and finished["digest"] == straight and finished["seats"] == data["seats"]

    # Saving and playing on changes nothing either.
    _play([*argv, "--save", str(tmp_path / "other.json")], Script(["1"] * 10 + ["s"]), monkeypatch)
    assert _digest(capsys.readouterr().out) == straight


def test_end_of_input_saves_and_quits(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = ["--players", "3", "--seed", "5", "--bot", "random", "--humans", "2"]
    _play(argv, Script(), monkeypatch)
    straight = _digest(capsys.readouterr().out)
    monkeypatch.chdir(tmp_path)
    script = Script(["1"] * 25, then=None)
    assert _play(argv, script, monkeypatch) == 0
    out = capsys.readouterr().out
    assert "Game saved to lotr-save.json." in out and "play --resume lotr-save.json" in out
    assert any(p.startswith("Pass to Player 2") for p in script.prompts)
    assert json.loads((tmp_path / "lotr-save.json").read_text(encoding="utf-8"))["seats"] == [
        "human",
        "human",
        "random",
    ]
    # Random bots draw from the seed and the choices so far, so they too play on as before.
    _play(["--resume", "lotr-save.json"], Script(), monkeypatch)
    assert _digest(capsys.readouterr().out) == straight


def test_heroes_go_to_the_human_seats_first(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    _play(["--players", "3", "--hero", "gimli", "--archenemies", "3"], Script(), monkeypatch)
    out = capsys.readouterr().out
    assert "player 1 (Gimli, you)" in out
    with pytest.raises(UserError, match="no hero named 'Bilbo'"):
        _play(["--hero", "Bilbo"], Script(), monkeypatch)
    with pytest.raises(UserError, match="--humans"):
        _play(["--players", "2", "--humans", "3"], Script(), monkeypatch)


def _saved(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, *, checksum: bool = False) -> dict[str, Any]:
    """A save of a game in progress; without its checksum unless asked (a record written before
    checksums is still read, so every check behind the checksum can be reached)."""
    save = tmp_path / "save.json"
    _play(["--players", "2", "--seed", "3", "--save", str(save)], Script(["1"] * 20, then=None), monkeypatch)
    data: dict[str, Any] = json.loads(save.read_text(encoding="utf-8"))
    if not checksum:
        del data["checksum"]
    return data


@pytest.mark.parametrize(
    ("corrupt", "message"),
    [
        (lambda data: "{not json", "not valid JSON"),
        (lambda data: json.dumps({**data, "format": "chess"}), "not a lotr-rules game record"),
        (lambda data: json.dumps([1, 2, 3]), "not a lotr-rules game record"),
        (
            lambda data: json.dumps({**data, "choices": [*data["choices"][:5], 99, *data["choices"][6:]]}),
            r"in turn \d+, at the record's choice 6: choice 99 is not one of the \d options of '.*'",
        ),
        (lambda data: json.dumps({**data, "choices": [*data["choices"], "x"]}), "corrupt list of choices"),
        (lambda data: json.dumps({**data, "choices": data["choices"][:-3]}), "does not replay to the game"),
        (lambda data: json.dumps({**data, "digest": "0" * 32}), "does not replay to the game"),
        (lambda data: json.dumps({k: v for k, v in data.items() if k != "seats"}), "not a save file"),
        (lambda data: json.dumps({**data, "seats": ["human"]}), "1 seats for a 2-player game"),
        (lambda data: json.dumps({**data, "config": {**data["config"], "players": "many"}}), "bad game config"),
        (
            lambda data: json.dumps({**data, "config": {**data["config"], "players": 9}, "seats": ["human"] * 9}),
            "bad game config: a game config's players must be 1 to 5",
        ),
        (lambda data: json.dumps({**data, "config": {**data["config"], "use_wall": "yes"}}), "bad game config"),
        (lambda data: json.dumps({**data, "cards": {**data["cards"], "two-towers/Courage": "f00"}}), "has changed"),
    ],
)
def test_a_corrupt_save_is_refused(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, corrupt: Callable[[dict[str, Any]], str], message: str
) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text(corrupt(_saved(tmp_path, monkeypatch)), encoding="utf-8")
    with pytest.raises(RecordError, match=message):
        _play(["--resume", str(bad)], Script(), monkeypatch)


def test_a_damaged_save_is_reported_once_and_spoils_nothing_else(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    data = _saved(tmp_path, monkeypatch, checksum=True)
    save = tmp_path / "save.json"
    text = json.dumps(data, indent=1)
    # One character changed on disk, as a bad sector or a careless edit would.
    damaged = text.replace('"finished": false', '"finished": true', 1)
    assert damaged != text
    save.write_text(damaged, encoding="utf-8")
    with pytest.raises(RecordError, match="is damaged: its checksum does not match its contents") as caught:
        _play(["--resume", str(save)], Script(), monkeypatch)
    assert str(caught.value).replace(str(save), "FILE").count("checksum") == 1
    capsys.readouterr()
    # A new game saved over it, and resumed: the damaged file stands in the way of nothing.
    _play(["--players", "2", "--seed", "3", "--save", str(save)], Script(["1"] * 4 + ["s", "q", "y"]), monkeypatch)
    _play(["--resume", str(save)], Script(), monkeypatch)
    assert "Resuming the game saved in" in capsys.readouterr().out


def test_a_save_that_the_engine_plays_differently_says_where(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A save whose turns the engine plays another way (a rule changed since, say): the error
    names the turn and the choice where they part ways, and what each expected there."""
    data = _saved(tmp_path, monkeypatch)
    turns = data["turns"]
    assert [point[0] for point in turns[:3]] == [1, 2, 3]  # one checkpoint a turn
    # The record remembers turn 3 as beginning with another decision than this engine asks.
    turns[2] = [turns[2][0], turns[2][1], "a decision this engine never asks", 9, "0" * 32]
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(RecordError) as caught:
        _play(["--resume", str(bad)], Script(), monkeypatch)
    message = str(caught.value)
    assert "part ways during turn 2 (after choice" in message
    assert "the record expected turn 3 to begin at choice" in message
    assert "'a decision this engine never asks' (9 options" in message
    assert f"here turn 3 begins at choice {turns[2][1] + 1} with" in message


def test_resume_takes_its_settings_from_the_save(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    _saved(tmp_path, monkeypatch)
    with pytest.raises(UserError, match="drop --players, --seed"):
        _play(["--resume", str(tmp_path / "save.json"), "--players", "3", "--seed", "2"], Script(), monkeypatch)
    with pytest.raises(UserError, match="no such record file"):
        _play(["--resume", str(tmp_path / "missing.json")], Script(), monkeypatch)


def test_resuming_a_finished_game_shows_its_result(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    save = tmp_path / "save.json"
    _play(["--players", "2", "--seed", "3", "--save", str(save)], Script(["1"] * 5 + ["s"]), monkeypatch)
    digest = _digest(capsys.readouterr().out)
    _play(["--resume", str(save)], Script([], then=None), monkeypatch)
    out = capsys.readouterr().out
    assert "already over" in out and _digest(out) == digest


def test_a_save_that_cannot_be_written_plays_on(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = ["--players", "2", "--seed", "3"]
    _play(argv, Script(), monkeypatch)
    straight = _digest(capsys.readouterr().out)
    nowhere = tmp_path / "no such folder" / "save.json"
    _play([*argv, "--save", str(nowhere)], Script(["1"] * 8 + ["s"]), monkeypatch)
    out = capsys.readouterr().out
    assert "The game was NOT saved: cannot write the save file" in out and _digest(out) == straight
    # At the end of input there is no playing on: the error is reported.
    with pytest.raises(UserError, match="cannot write the save file"):
        _play([*argv, "--save", str(nowhere)], Script(["1"] * 8, then=None), monkeypatch)


def test_the_screen_fits_an_80_column_terminal(catalogue: Catalogue) -> None:
    for seed in range(5):
        game = _game(catalogue, players=5, seed=seed)
        game.state.marks[("ambush pending", -1)].extend(game.z(PATH))  # the longest Path lines
        for seat in (0, 4, None):
            assert max(len(line) for line in render_screen(game, seat).splitlines()) <= 80
