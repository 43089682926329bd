"""``game``, ``play``, ``simulate``, ``serve`` and ``replay`` spell one idea one way: ``--bot`` for
the kind of bot, one default ``--players`` per family, every family wherever games are played,
the Card Game ready to play with no option, and old spellings still read with a note."""

from __future__ import annotations

import builtins
import json
from pathlib import Path

import pytest

from lotr_rules.cli import main
from lotr_rules.commands.lcg_options import FIRST_GAME_DECKS, shipped_decks
from lotr_rules.session import families
from lotr_rules.session import lcg as lcg_session

LCG_MINI = ["--cards", "tests/data/lcg-mini", "--scenario", "mini-quest"]


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def test_game_plays_the_card_game_with_no_other_option(capsys: pytest.CaptureFixture[str]) -> None:
    """With no --decks the seats take the core rulebook's first-game starter decks (its section
    "For the First Game") and play Passage Through Mirkwood."""
    code, out, err = run(capsys, "game", "--game", "lcg")
    assert code == 0, err
    assert out.startswith("Passage Through Mirkwood, seed 1: Player 1 leadership, Player 2 tactics\n")
    assert "The players " in out.splitlines()[-1]


def test_play_plays_the_card_game_with_no_other_option(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.chdir(tmp_path)

    def no_more_input(prompt: str) -> str:
        raise EOFError

    monkeypatch.setattr(builtins, "input", no_more_input)
    code, out, err = run(capsys, "play", "--game", "lcg")
    assert code == 0, err
    assert "The Card Game: Passage Through Mirkwood, seed 1: Player 1 leadership, Player 2 tactics." in out
    saved = json.loads((tmp_path / "lotr-lcg-save.json").read_text())
    assert saved["seats"] == ["human", "heuristic"]


def test_the_session_and_the_command_line_agree_on_the_first_game_decks() -> None:
    assert lcg_session.FIRST_GAME_DECKS == FIRST_GAME_DECKS
    assert families.family("lcg").default_players == lcg_session.DEFAULT_PLAYERS


def test_decks_help_lists_the_decks_the_shipped_sets_hold(capsys: pytest.CaptureFixture[str]) -> None:
    decks = shipped_decks()
    assert {"leadership", "tactics", "spirit", "lore", "leadership-spirit"} <= set(decks)
    for command in ("game", "play", "simulate"):
        with pytest.raises(SystemExit):
            main([command, "--help"])
        shown = " ".join(capsys.readouterr().out.split())
        assert "leadership-spirit" in shown.replace("leadership- spirit", "leadership-spirit"), command


def test_game_accepts_the_adventure_deck_and_its_strategies_are_bots(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "game", "--game", "adventure-deck", "--bot", "longest", "--seed", "3")
    assert code == 0, err
    assert out.startswith("The Adventure Deck, seed 3: the longest strategy walks.")


def test_every_command_that_plays_games_accepts_every_family(capsys: pytest.CaptureFixture[str]) -> None:
    for command in ("game", "play", "simulate"):
        with pytest.raises(SystemExit):
            main([command, "--help"])
        shown = capsys.readouterr().out
        for name in families.names():
            assert name in shown, (command, name)


def test_the_old_strategy_option_still_works_and_names_bot(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "game", "--game", "adventure-deck", "--strategy", "longest", "--seed", "3", "--quiet")
    assert code == 0
    assert "note: --strategy is now --bot (--bot longest)" in err
    assert out == run(capsys, "game", "--game", "adventure-deck", "--bot", "longest", "--seed", "3", "--quiet")[1]


def test_a_bot_of_another_game_is_refused_naming_its_game(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "game", "--bot", "adaptive")
    assert code == 2
    assert "unknown bot 'adaptive' for the deck-building game" in err and "--game adventure-deck" in err


@pytest.mark.parametrize("command", ["game", "simulate"])
def test_players_has_one_default_per_family(command: str, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main([command, "--help"])
    shown = " ".join(capsys.readouterr().out.split())
    assert "the deck-building game: 4" in shown and "the card game: 2" in shown


def test_play_and_game_seat_the_same_default_number_of_deck_building_players(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    from lotr_rules.cards.loader import load_sets
    from lotr_rules.cli import build_parser
    from lotr_rules.commands.play import new_game_setup

    record = tmp_path / "game.json"
    assert main(["game", "--quiet", "--record", str(record)]) == 0
    capsys.readouterr()
    config, seats = new_game_setup(build_parser().parse_args(["play"]), load_sets())
    assert json.loads(record.read_text())["config"]["players"] == config.players == len(seats)
    assert config.players == families.family("deckbuilding").default_players


def test_quiet_with_a_record_prints_no_header(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    record = tmp_path / "r.json"
    argv = ["game", "--game", "lcg", *LCG_MINI, "--decks", "wardens", "--quiet", "--record", str(record)]
    code, out, _ = run(capsys, *argv)
    assert code == 0
    lines = out.splitlines()
    assert lines[0].startswith("The players "), lines  # the result first: no heading
    assert lines[1:] == [f"record written to {record}"]


def test_replay_to_a_round_of_the_card_game_does_not_show_the_ending(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    record = tmp_path / "r.json"
    assert main(["game", "--game", "lcg", "--seed", "2", "--quiet", "--record", str(record)]) == 0
    capsys.readouterr()
    rounds = json.loads(record.read_text())["result"]["rounds"]
    assert rounds > 2
    code, out, err = run(capsys, "replay", str(record), "--to-turn", "1")
    assert code == 0, err
    assert "Stopped at the end of round 1." in out
    assert "The players won" not in out and "The players lost" not in out and "Game over" not in out
    assert "== Round 2" not in out
    assert "digest ok" in out


def test_every_command_of_the_readme_table_is_accepted() -> None:
    """The README's table of commands shows one example per row (inline, so the fenced-block
    check of tests/test_docs_examples.py does not see it): each must still parse, and the Card
    Game has its row."""
    import re
    import shlex

    from lotr_rules.cli import build_parser

    readme = (Path(__file__).resolve().parents[1] / "README.md").read_text(encoding="utf-8")
    rows = [line for line in readme.splitlines() if line.startswith("| `")]
    shown = [found for row in rows for found in re.findall(r"`lotr-rules ([^`]*)`", row.rsplit("|", 2)[-2])]
    assert len(shown) >= len(rows) - 1 and "play --game lcg" in shown
    parser = build_parser()
    for command in shown:
        for part in command.split("&&"):
            parser.parse_args(shlex.split(part.strip().removeprefix("lotr-rules ")))


def test_a_journey_recorded_by_game_is_replayed_by_replay(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """``game --game adventure-deck --record`` writes what ``replay`` steps through, checked
    against its digest, and ``--to-turn`` shows nothing of the journey's end."""
    record = tmp_path / "journey.json"
    assert main(["game", "--game", "adventure-deck", "--seed", "2", "--quiet", "--record", str(record)]) == 0
    result = capsys.readouterr().out.splitlines()[0]
    code, out, err = run(capsys, "replay", str(record))
    assert code == 0, err
    assert result in out and "digest ok" in out
    code, out, _ = run(capsys, "replay", str(record), "--to-turn", "2")
    assert code == 0
    assert "Stopped at the end of turn 2." in out and result not in out and "-- Turn 3" not in out


def test_every_command_with_options_shown_inline_in_the_docs_is_accepted() -> None:
    """A command the docs and the README show in running text (``lotr-rules game --game lcg``),
    not in a fenced block, still parses: an option renamed or removed fails here. Mentions of a
    command by name alone (``lotr-rules replay``) and quoted error messages are not commands."""
    import contextlib
    import io
    import re
    import shlex

    from lotr_rules.cli import build_parser

    root = Path(__file__).resolve().parents[1]
    generated = {"reference.md", "lint-codes.md", "balance.md", "lcg-figures.md"}
    pages = [p for p in sorted((root / "docs").glob("*.md")) if p.name not in generated]
    pages = [p for p in pages if not p.name.startswith("gallery")] + [root / "README.md"]
    parser = build_parser()
    refused, checked = [], 0
    for page in pages:
        for found in re.finditer(r"`lotr-rules ([^`]*)`", page.read_text(encoding="utf-8")):
            for part in found.group(1).split("&&"):
                command = part.strip().removeprefix("lotr-rules ")
                if "--" not in command or "COMMAND" in command or "error:" in command:
                    continue
                checked += 1
                try:
                    with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
                        parser.parse_args(shlex.split(command))
                except SystemExit as stop:
                    if stop.code != 0:  # --help exits 0
                        refused.append(f"{page.name}: lotr-rules {command}")
    assert checked > 20 and refused == []
