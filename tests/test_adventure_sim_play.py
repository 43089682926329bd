"""Simulating and playing the Adventure Deck from the command line."""

from __future__ import annotations

import argparse
import json
from pathlib import Path

import pytest

from lotr_rules.cli import main
from lotr_rules.commands.play_adventure import AdventureHuman, run_adventure
from lotr_rules.games.adventure.bots import STRATEGIES
from lotr_rules.games.adventure.game import REASONS, WON
from lotr_rules.sim.families import SimSettings
from lotr_rules.sim.runner import run_simulation


def simulate(capsys: pytest.CaptureFixture[str], *extra: str) -> dict[str, object]:
    code = main(["simulate", "--game", "adventure-deck", "--no-progress", "--format", "json", *extra])
    assert code == 0
    report: dict[str, object] = json.loads(capsys.readouterr().out)
    return report


def test_every_strategy_is_reported_with_how_its_losses_happen(capsys: pytest.CaptureFixture[str]) -> None:
    report = simulate(capsys, "--games", "40", "--seed", "5")
    strategies = report["strategies"]
    assert isinstance(strategies, dict)
    assert list(strategies) == list(STRATEGIES)
    for entry in strategies.values():
        losses = sum(entry["losses"][reason]["count"] for reason in REASONS if reason != WON)
        assert entry["games"] == 40
        assert entry["wins"] + losses == 40
        assert entry["losses_total"] == losses


def test_the_adaptive_strategy_wins_more_often_than_always_the_shortest_way(
    capsys: pytest.CaptureFixture[str],
) -> None:
    strategies = simulate(capsys, "--games", "150")["strategies"]
    assert isinstance(strategies, dict)
    assert strategies["adaptive"]["win_rate"] > strategies["shortest"]["win_rate"]
    assert strategies["shortest"]["losses"]["out of time"]["count"] > 0


def test_results_do_not_depend_on_the_number_of_workers() -> None:
    settings = SimSettings(family="adventure-deck", games=12, players=1, seed=9, bot="adaptive", sets=())
    alone = run_simulation(settings, workers=1)
    shared = run_simulation(settings, workers=2)
    assert alone.tally == shared.tally


@pytest.mark.parametrize(
    ("extra", "message"),
    [
        (["--players", "2"], "solo game"),
        (["--bot", "heuristic"], "unknown strategy"),
        (["--impossible"], "deck-building"),
        (["--sets", "two-towers,fellowship"], "unknown set"),
    ],
)
def test_impossible_options_exit_2_with_a_message(
    extra: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    code = main(["simulate", "--game", "adventure-deck", "--no-progress", "--games", "2", *extra])
    assert code == 2
    assert message in capsys.readouterr().err


def test_a_person_plays_a_game_to_its_end_and_bad_input_is_asked_again(
    capsys: pytest.CaptureFixture[str],
) -> None:
    answers = iter(["zero", "9", *["1"] * 400])
    human = AdventureHuman(input_fn=lambda prompt: next(answers), output_fn=print)
    args = argparse.Namespace(seed=4, cards=[], strategy=None)
    assert run_adventure(args, agent=human) == 0
    out = capsys.readouterr().out
    assert "'zero' is not an option" in out and "There is no option 9" in out
    assert "You win" in out or "You lose" in out


def test_the_end_of_input_saves_the_journey_and_says_where(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def no_more(prompt: str) -> str:
        raise EOFError

    monkeypatch.chdir(tmp_path)
    human = AdventureHuman(input_fn=no_more, output_fn=print)
    args = argparse.Namespace(seed=4, cards=[], strategy=None)
    assert run_adventure(args, agent=human) == 0
    out = capsys.readouterr().out
    assert "Game saved to lotr-adventure-save.json." in out
    assert "Go on with it later: lotr-rules play --resume lotr-adventure-save.json" in out
    assert (tmp_path / "lotr-adventure-save.json").is_file()


def test_watching_a_strategy_play_from_the_command_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "--game", "adventure-deck", "--strategy", "adaptive", "--seed", "3"]) == 0
    out = capsys.readouterr().out
    assert "-- Turn 1 (sun)" in out
    assert out.rstrip().splitlines()[-1].startswith(("You win", "You lose"))


def test_strategy_without_the_adventure_deck_is_refused(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    assert main(["play", "--strategy", "adaptive"]) == 2
    assert "--game adventure-deck" in capsys.readouterr().err


@pytest.mark.parametrize(
    "extra",
    [["--players", "2"], ["--hero", "Frodo"], ["--impossible"], ["--mix", "plan-1"], ["--half", "1"]],
)
def test_deckbuilding_options_to_play_the_adventure_deck_exit_2_with_a_message(
    extra: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    """An option only the deck-building game reads is refused, not silently ignored (no game
    starts, so no input is read)."""
    assert main(["play", "--game", "adventure-deck", "--seed", "3", *extra]) == 2
    captured = capsys.readouterr()
    assert f"{extra[0]}: for the deck-building game" in captured.err
    assert "Traceback" not in captured.err and captured.out == ""


def test_the_docs_example_card_lints_clean(tmp_path: Path) -> None:
    """The Adventure Deck page's example card is a real card: it must lint clean."""
    import re

    from lotr_rules.lint.runner import lint_paths

    page = (Path(__file__).resolve().parents[1] / "docs" / "adventure-deck.md").read_text(encoding="utf-8")
    found = re.search(r"```text\n(card \"Old Forest\".*?)```", page, re.S)
    assert found is not None
    folder = tmp_path / "old"
    folder.mkdir()
    (folder / "set.toml").write_text('code = "old"\nname = "Old"\nlanguage = 5\nfamily = "adventure-deck"\n')
    (folder / "old-forest.card").write_text(found.group(1))
    diagnostics, files = lint_paths([folder])
    assert files == 1 and diagnostics == []


#: the command whose figures docs/adventure-deck.md shows (the page names it above its table)
DOCS_COMMAND = ["simulate", "--game", "adventure-deck", "--games", "2000", "--seed", "1"]


def docs_table() -> dict[str, list[str]]:
    """The strategy table of docs/adventure-deck.md: each strategy's row, its name left out."""
    page = (Path(__file__).resolve().parents[1] / "docs" / "adventure-deck.md").read_text(encoding="utf-8")
    assert f"`lotr-rules {' '.join(DOCS_COMMAND)}`" in page, "the page no longer names the command of its figures"
    rows: dict[str, list[str]] = {}
    for line in page.splitlines():
        cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
        if line.startswith("|") and cells[0] in STRATEGIES:
            rows[cells[0]] = cells[1:]
    return rows


def test_the_docs_figures_are_the_current_ones(capsys: pytest.CaptureFixture[str]) -> None:
    """docs/adventure-deck.md shows what its command prints today: the win rate, each way of
    losing and the mean turn of every strategy (8,000 quick games, seeded, so exact)."""
    strategies = simulate(capsys, *DOCS_COMMAND[3:])["strategies"]
    assert isinstance(strategies, dict)
    reasons = [reason for reason in REASONS if reason != WON]
    expected = {
        name: [
            f"{100 * entry['win_rate']:.1f}%",
            *(f"{100 * entry['losses'][reason]['share_of_games']:.1f}%" for reason in reasons),
            f"{entry['mean_turn']:.1f}",
        ]
        for name, entry in strategies.items()
    }
    assert docs_table() == expected


def test_the_docs_table_lists_every_strategy() -> None:
    """The figures table of docs/adventure-deck.md has a row for every strategy, each with the
    win rate, one column per way of losing and the mean turn."""
    table = docs_table()
    assert list(table) == list(STRATEGIES)
    assert all(len(row) == len(REASONS) + 1 for row in table.values())


def test_a_search_back_and_the_found_cards_search_block_both_read_as_sentences() -> None:
    """A search back logs the card found and the cards walked past; the found card's search
    block resolving then logs its name alone (that second entry once broke the log's reading)."""
    from lotr_rules.games.adventure.view import render_log

    lines = render_log([("search", "Aragorn", 3), ("search", "Aragorn")])
    assert lines == ["You search back for Aragorn, walking past 3 card(s).", "Aragorn's search effect resolves."]
