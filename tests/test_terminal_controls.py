"""The terminal's controls, the same for every game: card text on ``i N``, questions in plain
words, the table drawn again only when it changed, and saving at the end of input."""

from __future__ import annotations

import argparse
import builtins
import json
from collections.abc import Iterator, Sequence
from pathlib import Path

import pytest

from lotr_rules.agents.controls import Answer, card_info, read_answer
from lotr_rules.agents.human import HumanAgent
from lotr_rules.cards.loader import load_sets
from lotr_rules.cli import main
from lotr_rules.commands.play_adventure import AdventureHuman, run_adventure
from lotr_rules.dsl import ast
from lotr_rules.dsl.parser import parse
from lotr_rules.dsl.plain import may_words
from lotr_rules.engine.context import Ctx
from lotr_rules.engine.decisions import DecisionRequest, Option
from lotr_rules.games import vocabulary_for
from lotr_rules.games.deckbuilding.config import GameConfig
from lotr_rules.games.deckbuilding.game import PATH, DeckbuildingGame


class _Keyboard:
    def __init__(self, answers: Sequence[str]) -> None:
        self.answers: Iterator[str] = iter(answers)

    def __call__(self, prompt: str = "") -> str:
        for answer in self.answers:
            return answer
        raise EOFError


class _NoAgent:
    def choose(self, game: object, request: DecisionRequest) -> int:
        raise AssertionError("not asked")


@pytest.mark.parametrize(
    "typed, expected",
    [
        ("3", Answer("pick", 3)),
        ("i 2", Answer("info", text="2")),
        ("i2", Answer("info", text="2")),
        ("? 2", Answer("info", text="2")),
        ("I Treebeard", Answer("info", text="Treebeard")),
        ("i", Answer("info")),
        ("?", Answer("help")),
        ("s", Answer("save")),
        ("q", Answer("quit")),
        ("l", Answer("log")),
        ("r", Answer("screen")),
        ("", Answer("empty")),
        ("idle", Answer("unknown", text="idle")),
    ],
)
def test_what_a_typed_line_asks_for(typed: str, expected: Answer) -> None:
    assert read_answer(typed) == expected


def _game() -> DeckbuildingGame:
    return DeckbuildingGame(load_sets(), GameConfig(players=2, seed=3), [_NoAgent(), _NoAgent()])


def test_i_n_shows_the_full_text_of_the_card_an_option_is_about() -> None:
    game = _game()
    card = game.z(PATH)[0]
    definition = game.cards[card]
    request = DecisionRequest(
        0, "action", "your move", (Option("end turn"), Option(f"buy {definition.name}", card=card))
    )
    shown = "\n".join(card_info(game, request, "2"))
    assert shown.startswith(definition.name)
    assert " ".join(definition.text.split()) in " ".join(shown.split())
    assert f"Cost {definition.cost}" in shown
    assert card_info(game, request, "1") == ["Option 1 (end turn) is not about a card."]
    assert card_info(game, request, "7") == ["There is no option 7: options go from 1 to 2."]


def test_i_name_finds_any_card_of_the_game_by_a_part_of_its_name() -> None:
    game = _game()
    request = DecisionRequest(0, "action", "your move", (Option("a"), Option("b")))
    assert card_info(game, request, "elven cloak")[0].startswith("Elven Cloak")
    assert card_info(game, request, "Tree")[0].startswith("Treebeard")
    assert card_info(game, request, "Nazgûl of Nowhere") == ["No card of this game is called 'Nazgûl of Nowhere'."]


def test_the_human_agent_answers_i_and_goes_on_asking() -> None:
    game = _game()
    card = game.z(PATH)[0]
    out: list[str] = []
    agent = HumanAgent(_Keyboard(["i 2", "2"]), out.append)
    request = DecisionRequest(0, "action", "your move", (Option("end turn"), Option("buy it", card=card)))
    assert agent.choose(game, request) == 1
    assert game.cards[card].name in "\n".join(out[out.index("  2) buy it") + 1 :])


def _may(script: str) -> ast.Block:
    card = parse(f'card "T" {{\n  type ally\n  play {{\n    {script}\n  }}\n}}\n', "t.card").cards[0]
    item = next(i for i in card.items if not isinstance(i, ast.Field))
    stmt = item.body[0]
    assert isinstance(stmt, ast.MayStmt)
    return stmt.body


class _Names:
    def card_name(self, card: int) -> str:
        return {5: "Orc Patrol", 7: "Elven Cloak"}[card]


@pytest.mark.parametrize(
    "script, words",
    [
        ('may destroy a card from hand where name is "Despair"', "destroy a Despair from your hand?"),
        ("may destroy X", "destroy Orc Patrol?"),
        ("may discard this", "discard Elven Cloak?"),
        (
            "may put 1 enemy from path on bottom of main deck",
            "put 1 enemy from the Path on the bottom of the main deck?",
        ),
        ("may destroy up to 2 cards from hand", "destroy up to 2 cards from your hand?"),
        ("may gain an enemy from path where cost <= 3", "gain an enemy with cost at most 3 from the Path?"),
    ],
)
def test_optional_effects_ask_about_cards_in_plain_words(script: str, words: str) -> None:
    ctx = Ctx(_Names(), 0, 7)  # type: ignore[arg-type]
    ctx.vars["X"] = [5]
    assert may_words(_may(script), vocabulary_for("deckbuilding").zones)(ctx) == words


def test_a_may_question_reaches_a_person_in_words_and_a_bot_as_the_script_says() -> None:
    """What Do You Smell? reveals a card and may destroy it: the person is asked about the card."""
    asked: list[DecisionRequest] = []

    class Recorder:
        def choose(self, game: object, request: DecisionRequest) -> int:
            asked.append(request)
            return 1

    for seed in range(60):
        game = DeckbuildingGame(load_sets(), GameConfig(players=2, seed=seed), [Recorder(), Recorder()])
        game.play_game()
        smell = [r for r in asked if r.kind == "may" and r.prompt == "destroy X?"]
        if smell:
            break
    else:
        pytest.fail("no game asked 'may destroy X'")
    request = smell[0]
    assert request.words.startswith("destroy ") and "X" not in request.words
    assert request.question == request.words


def test_the_adventure_deck_has_the_same_keys(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    human = AdventureHuman(input_fn=_Keyboard(["?", "i 1", "i gandalf", "1", "s", "q", "y"]), output_fn=print)
    args = argparse.Namespace(seed=4, cards=[], strategy=None, save=tmp_path / "journey.json", resume=None)
    assert run_adventure(args, agent=human) == 0
    out = capsys.readouterr().out
    assert "i N, ? N  show the full text of the card option N is about" in out
    assert "Gandalf  (Character)" in out
    assert f"Game saved to {tmp_path / 'journey.json'}." in out
    assert "the journey is left unfinished" in out


def test_an_adventure_save_resumes_where_it_stopped(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    save = tmp_path / "journey.json"
    monkeypatch.setattr(builtins, "input", _Keyboard(["1", "2", "2"]))
    assert main(["play", "--game", "adventure-deck", "--seed", "5", "--save", str(save)]) == 0
    first = json.loads(save.read_text(encoding="utf-8"))
    assert first["choices"] == [0, 1, 1] and first["seed"] == 5
    # --resume alone: the save says which game it is
    monkeypatch.setattr(builtins, "input", _Keyboard(["1"]))
    assert main(["play", "--resume", str(save)]) == 0
    out = capsys.readouterr().out
    assert f"Resuming the journey saved in {save}." in out
    assert json.loads(save.read_text(encoding="utf-8"))["choices"] == [0, 1, 1, 0]


def test_an_edited_adventure_save_is_refused(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    save = tmp_path / "journey.json"
    monkeypatch.setattr(builtins, "input", _Keyboard(["1", "2"]))
    assert main(["play", "--game", "adventure-deck", "--save", str(save)]) == 0
    data = json.loads(save.read_text(encoding="utf-8"))
    data["digest"] = "0" * len(data["digest"])
    save.write_text(json.dumps(data), encoding="utf-8")
    assert main(["play", "--resume", str(save)]) == 2
    assert "does not replay to the journey it saved" in capsys.readouterr().err
    save.write_text("{}", encoding="utf-8")
    assert main(["play", "--game", "adventure-deck", "--resume", str(save)]) == 2
    assert "is not an Adventure Deck save" in capsys.readouterr().err
