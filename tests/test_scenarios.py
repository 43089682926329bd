"""The scenario format and runner (lotr_rules.games.deckbuilding.scenario) and ``lotr-rules scenario``.

The rule and card scenarios themselves are run by test_rules_two_towers.py and
test_cards_two_towers.py; this module checks the machinery: that a file builds exactly the state
it writes, that every step and answer works as documented, that a wrong file is a clear error
(never a traceback), and that docs/scenarios.md shows what the command really prints.
"""

from __future__ import annotations

import argparse
import json
import re
import shutil
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from lotr_rules import cli
from lotr_rules.commands import scenario as scenario_command
from lotr_rules.errors import UserError
from lotr_rules.games.deckbuilding import game as rules
from lotr_rules.games.deckbuilding.scenario import (
    Answer,
    ScenarioCardError,
    ScenarioError,
    ScenarioKeyError,
    ScenarioResult,
    ScenarioSyntaxError,
    build_game,
    compress,
    match_option,
    run_scenario,
    run_scenario_text,
    scenario_from_text,
)

ROOT = Path(__file__).parent.parent
FORMAT = Path(__file__).parent / "scenarios" / "format"
DOCS = ROOT / "docs" / "scenarios.md"
EXAMPLE_SET = ROOT / "examples" / "custom-set"

BASIC = """
title = "basic"

[game]
players = 2
power = 1

[players.1]
hand = ["Courage*2", {name = "Lembas", count = 2}]
deck = ["Despair", "Edoras"]

[players.2]
hand = ["Elven Cloak"]

[shared]
path = ["Orc Raiders", "Lembas", "Treebeard", "Westfold Men", "Edoras"]
main_deck = ["Warg Pack", "Riders of the Mark"]
valor = 3
corruption = 2
archenemy = ["Saruman, Lord of Isengard", "Corrupted King Theoden"]
one_ring = "behind"
"""


def _run(text: str) -> ScenarioResult:
    return run_scenario_text(text, "test.toml")


def _fails_with(text: str, *pieces: str) -> ScenarioResult:
    result = _run(text)
    assert not result.passed
    joined = "\n".join(result.failures)
    for piece in pieces:
        assert piece in joined, f"{piece!r} not in:\n{joined}"
    return result


# ---------------------------------------------------------------------- building the state
def test_the_state_is_built_exactly_as_written() -> None:
    """Every card named gets one instance in its zone, in order (the top last), nothing else."""
    game = build_game(scenario_from_text(BASIC, "basic.toml"))
    names = {key: [game.cards[c].name for c in cards] for key, cards in game.state.zones.items()}
    assert names[(rules.HAND, 0)] == ["Courage", "Courage", "Lembas", "Lembas"]
    assert names[(rules.DECK, 0)] == ["Despair", "Edoras"]
    assert game.cards[game.z(rules.DECK, 0)[-1]].name == "Edoras"
    assert names[(rules.HAND, 1)] == ["Elven Cloak"]
    assert names[(rules.ARCHENEMY, -1)][-1] == "Corrupted King Théoden"
    assert names[(rules.VALOR, -1)] == ["Valor"] * 3
    assert names[(rules.BEHIND, -1)] == ["The One Ring"]
    assert game.state.counters["power"] == 1
    assert game.state.counters["archenemy face up"] == 1
    assert game.use_wall
    assert game.state.current == 0
    # every card is somewhere exactly once, and there are no other cards
    placed = Counter(c for cards in game.state.zones.values() for c in cards)
    assert sorted(placed) == list(range(len(game.cards)))
    assert set(placed.values()) == {1}
    assert len(game.cards) == 4 + 2 + 1 + 5 + 2 + 3 + 2 + 2 + 1
    empty = [key for key, cards in game.state.zones.items() if not cards]
    assert (rules.WALL, -1) in empty and (rules.DISCARD, 0) in empty and (rules.FRONT, 1) in empty


def test_defaults_an_empty_game_for_the_players_named() -> None:
    scenario = scenario_from_text("[players.3]\nhand = ['Courage']", "x.toml")
    assert scenario.players == 3
    assert scenario.current == 0 and scenario.turn == 1 and scenario.power == 0
    game = build_game(scenario)
    assert len(game.cards) == 1


def test_under_one_ring_and_new_in_path() -> None:
    text = """
    [game]
    players = 2
    current = 2
    [players.1]
    front = ["Dead Marshes"]
    [players.1.under]
    "Dead Marshes" = ["Despair*2"]
    [shared]
    path = ["Orc Raiders*2", "Lembas"]
    new_in_path = ["Orc Raiders"]
    one_ring = 2
    archenemy = ["Uglúk"]
    archenemy_face_up = false
    archenemy_defeated_this_turn = true
    """
    game = build_game(scenario_from_text(text, "x.toml"))
    holder = game.z(rules.FRONT, 0)[0]
    assert [game.cards[c].name for c in game.state.under[holder]] == ["Despair", "Despair"]
    assert game.ring_holder() == 1
    assert len(game.state.marks[("ambush pending", -1)]) == 1
    assert game.state.counters["archenemy face up"] == 0
    assert "defeated this turn" in game.state.flags
    assert game.state.current == 1


def test_use_wall_from_cards_decides_as_a_mixed_game_does() -> None:
    """``use_wall = "from cards"``: The Wall is used when a main-deck card or an Archenemy written
    anywhere in the file is an Enemy, Artifact or Archenemy of a set that uses The Wall; starting
    cards and the Wall cards themselves never count (docs/mixing.md, The Wall)."""

    def wall(cards: str) -> bool:
        text = f"[game]\nsets = ['fellowship', 'two-towers']\nuse_wall = 'from cards'\n{cards}"
        scenario = scenario_from_text(text, "x.toml")
        assert build_game(scenario).use_wall == scenario.use_wall
        return scenario.use_wall

    fellowship_only = "[players.1]\nhand = ['Sting', 'Black Rider', 'Riders of the Mark', 'Edoras']\n"
    assert not wall(fellowship_only)
    assert not wall(fellowship_only + "[shared]\nwall = ['Breached']\nbox = ['Scaling Ladders']\n")
    assert not wall("[players.1]\nhand = ['Andúril', 'Herugrim', 'Courage']\n")  # starting Artifacts
    assert wall("[players.1]\ndiscard = ['Lembas']\n")  # a Two Towers Artifact, wherever it is
    assert wall("[shared]\npath = ['Uruk-hai Scouts']\n")  # a Two Towers Enemy
    assert wall("[shared]\narchenemy = ['Ugluk']\n")  # a Two Towers Archenemy
    assert wall("[players.1]\nfront = ['Edoras']\n[players.1.under]\nEdoras = ['Orc Raiders']\n")
    # without the key, the sets decide, as before
    assert scenario_from_text("[game]\nsets = ['fellowship', 'two-towers']", "x.toml").use_wall


def test_card_names_ignore_case_and_accents() -> None:
    scenario = scenario_from_text(
        "[players.1]\nhand = ['gríma wormtongue', 'MUMAK OF HARAD', 'Eomer, Third Marshal']", "x"
    )
    assert scenario.player_zones[(rules.HAND, 0)] == ("Gríma Wormtongue", "Mûmak of Harad", "Éomer, Third Marshal")


def test_compress_is_the_file_syntax() -> None:
    assert compress(["Courage", "Courage", "Despair", "Courage"]) == ["Courage*2", "Despair", "Courage"]
    assert compress([]) == []


# ---------------------------------------------------------------------- bad files
@pytest.mark.parametrize(
    ("text", "error", "pieces"),
    [
        ("[players.1]\nhand = ['Shieldmaiden of Rohan']", ScenarioCardError, ["players.1.hand[1]", "Shield of Rohan"]),
        ("[players.1]\nhnd = ['Courage']", ScenarioKeyError, ["[players.1]", "unknown key 'hnd'", "'hand'"]),
        ("[game\nplayers = 2", ScenarioSyntaxError, ["not valid TOML", "line 1"]),
        ("[game]\nplayers = 7", ScenarioKeyError, ["game.players", "1 to 5"]),
        ("[game]\nplayers = 'two'", ScenarioKeyError, ["game.players", "whole number"]),
        ("[players.1]\nhand = 'Courage*x'", ScenarioKeyError, ["count after '*'"]),
        ("[players.1]\nhand = [3]", ScenarioKeyError, ["must be a card name"]),
        ("[players.1]\nhand = ['The One Ring']", ScenarioKeyError, ["one_ring"]),
        ("[shared]\nnew_in_path = ['Orc Raiders']", ScenarioKeyError, ["not in the Path"]),
        (
            "[players.1]\n[players.1.under]\n'Dead Marshes' = ['Despair']",
            ScenarioKeyError,
            ["not in front of player 1"],
        ),
        ("[[do]]\nplay = 'Courage'\nplayer = 2", ScenarioKeyError, ["always done by the current player"]),
        ("[[do]]\nplay = 'Courage'\nbuy = 'Lembas'", ScenarioKeyError, ["exactly one of"]),
        ("[[do]]\nend_turn = 1", ScenarioKeyError, ["do[1].end_turn", "must be true"]),
        ("[[do]]\nend_turn = true\nchoices = [{answr = 'yes'}]", ScenarioKeyError, ["unknown key 'answr'"]),
        ("[[do]]\ngain = 'Valor'\nfrom = 'valour'", ScenarioKeyError, ["unknown zone 'valour'", "'valor'"]),
        ("[expect]\npowr = 3", ScenarioKeyError, ["unknown key 'powr'", "'power'"]),
        ("[expect.players.1]\nhand = ['Curage']", ScenarioCardError, ["expect.players.1.hand", "'Courage'"]),
        ("[expect.players.1]\nhand_hass = []", ScenarioKeyError, ["'hand_has'"]),
        ("[expect.players.4]\nhand = 1", ScenarioKeyError, ["players 1 to 1"]),
        ("[game]\nsets = ['the-hobbit']", ScenarioKeyError, ["unknown set 'the-hobbit'"]),
        ("[shared]\none_ring = 'lost'", ScenarioKeyError, ["shared.one_ring"]),
        ("[game]\nuse_wall = 'yes'", ScenarioKeyError, ["game.use_wall", '"from cards"']),
        ("[expect]\nuse_wall = 1", ScenarioKeyError, ["expect.use_wall", "true or false"]),
    ],
)
def test_bad_files_are_clear_user_errors(text: str, error: type[ScenarioError], pieces: list[str]) -> None:
    with pytest.raises(error) as caught:
        scenario_from_text(text, "bad.toml")
    message = str(caught.value)
    assert isinstance(caught.value, UserError)
    assert message.startswith("bad.toml: ")
    for piece in pieces:
        assert piece in message, message


def test_a_missing_file_is_a_user_error(tmp_path: Path) -> None:
    with pytest.raises(ScenarioError, match="no such scenario file"):
        run_scenario(tmp_path / "nothing.toml")
    (tmp_path / "folder.toml").mkdir()
    with pytest.raises(ScenarioError, match="is a folder"):
        run_scenario(tmp_path / "folder.toml")
    (tmp_path / "latin1.toml").write_bytes(b"title = '\xe9'\n")
    with pytest.raises(ScenarioSyntaxError, match="UTF-8"):
        run_scenario(tmp_path / "latin1.toml")


# ---------------------------------------------------------------------- steps and answers
def test_play_and_buy_steps_use_the_engine_s_own_options() -> None:
    result = _run(
        BASIC
        + """
        [[do]]
        play = ["Courage*2"]
        [[do]]
        buy = "Westfold Men"
        [expect]
        power = 1
        not_offered = ["buy Lembas"]
        offered = ["play Lembas", "end turn"]
        [expect.players.1]
        discard = ["Westfold Men"]
        played = 2
        [expect.shared]
        path = ["Orc Raiders", "Lembas", "Treebeard", "Edoras"]
        """
    )
    assert result.passed, result.failures


def test_a_step_that_cannot_be_done_fails_clearly() -> None:
    _fails_with(BASIC + "[[do]]\nplay = 'Treebeard'", "has no Treebeard in hand", "Courage*2, Lembas*2")
    _fails_with(BASIC + "[[do]]\nbuy = 'Treebeard'", "Treebeard costs 7 and player 1 has 1 Power")
    _fails_with(BASIC + "[[do]]\nbuy = 'Gandalf the White'", "not available to buy", "with 1 Power the engine offers")
    _fails_with(BASIC + "[[do]]\ndestroy = 'Treebeard'", "there is no Treebeard in hand or discard")


def test_an_unanswered_decision_fails_and_lists_the_options() -> None:
    text = BASIC.replace('hand = ["Elven Cloak"]', 'hand = ["Elven Cloak", "Shield of Rohan"]')
    text = text.replace('hand = ["Courage*2", {name = "Lembas", count = 2}]', 'hand = ["Warg Pack"]')
    result = _fails_with(
        text + "[[do]]\nplay = 'Warg Pack'",
        "step 1 (play Warg Pack): player 2 was asked 'Warg Pack: defend?' (defend)",
        "no answer left",
        "'take it', 'defend with Elven Cloak', 'defend with Shield of Rohan'",
    )
    assert result.steps_run == 1
    assert any(c.label == "expectations" and not c.ok for c in result.checks)


def test_answers_by_label_number_player_and_kind() -> None:
    text = BASIC.replace('hand = ["Courage*2", {name = "Lembas", count = 2}]', 'hand = ["Warg Pack"]')
    text = text.replace('hand = ["Elven Cloak"]', 'hand = ["Elven Cloak", "Shield of Rohan"]')
    for answer in (
        '"defend with Shield of Rohan"',
        '"DEFEND WITH SHIELD"',
        "{option = 3}",
        '{answer = "shield of rohan", player = 2, kind = "defend"}',
    ):
        result = _run(
            text
            + f"[[do]]\nplay = 'Warg Pack'\nchoices = [{answer}]\n[expect]\nlog_contains = ['P2 defends with Shield']"
        )
        assert result.passed, (answer, result.failures)
        assert result.decisions[0]["answer"] == "defend with Shield of Rohan"
        assert result.decisions[0]["player"] == 2
    _fails_with(text + "[[do]]\nplay = 'Warg Pack'\nchoices = [{answer = 'take it', player = 1}]", "is for player 1")
    _fails_with(text + "[[do]]\nplay = 'Warg Pack'\nchoices = [{answer = 'take it', kind = 'may'}]", "'may' decision")
    _fails_with(text + "[[do]]\nplay = 'Warg Pack'\nchoices = ['defend with']", "picks out none of the options")
    _fails_with(text + "[[do]]\nplay = 'Warg Pack'\nchoices = ['defend with Sting']", "picks out none")


def test_match_option() -> None:
    labels = ["take it", "defend with Elven Cloak (player 2 protects)", "buy Edoras (4)", "buy Edoras (4)"]
    assert match_option(Answer("buy edoras"), labels) == 2
    assert match_option(Answer("defend with Elven Cloak"), labels) == 1
    assert match_option(Answer("take it"), labels) == 0
    assert match_option(Answer("", index=4), labels) == 3
    assert match_option(Answer("", index=5), labels) is None
    assert match_option(Answer("e"), labels) is None  # ambiguous


def test_unused_answers_fail_the_step() -> None:
    _fails_with(BASIC + "[[do]]\nplay = 'Courage'\nchoices = ['yes']", "1 answer(s) not asked for: 'yes'")


def test_start_turn_runs_ambushes_and_ongoing_then_stops() -> None:
    text = """
    [game]
    players = 2
    current = 2
    [players.2]
    hand = ["Courage"]
    front = ["Edoras"]
    [shared]
    path = ["Orc Raiders", "Lembas*4"]
    new_in_path = ["Orc Raiders"]
    corruption = 1
    [[do]]
    start_turn = true
    [expect]
    turn = 2
    current = 2
    power = 1
    log_sequence = ["-- turn 2: player 2", "P2 is hit by the ambush of Orc Raiders"]
    [expect.players.2]
    discard = ["Corruption"]
    hand = ["Courage"]
    """
    result = _run(text)
    assert result.passed, result.failures


def test_take_turn_runs_a_whole_turn_from_the_answers() -> None:
    text = (
        BASIC
        + """
    [[do]]
    take_turn = true
    choices = ["play Courage", "play Lembas", "buy Westfold Men", "end turn"]
    [expect]
    current = 2
    log_sequence = ["P1 plays Courage", "P1 plays Lembas", "P1 buys Westfold Men for 2", "P1 reshuffles"]
    [expect.players.1]
    hand = 5
    """
    )
    result = _run(text)
    assert result.passed, result.failures


def test_gain_destroy_and_draw_wall_for_any_player() -> None:
    text = """
    [game]
    players = 2
    [players.2]
    hand = ["Elven Cloak", "Despair"]
    [shared]
    path = ["Orc Raiders", "Lembas"]
    valor = 3
    wall = ["Scaling Ladders", "Breached"]
    [[do]]
    gain = "Valor"
    player = 2
    [[do]]
    destroy = "Despair"
    player = 2
    [[do]]
    gain = "Orc Raiders"
    from = "path"
    [[do]]
    draw_wall = 1
    player = 2
    [expect]
    wall_breached = true
    current = 1
    [expect.players.1]
    discard = ["Orc Raiders"]
    [expect.players.2]
    discard = ["Valor", "Elven Cloak"]
    front = ["Breached"]
    hand = 0
    [expect.shared]
    destroyed = ["Despair"]
    valor = 2
    path = ["Lembas"]
    """
    result = _run(text)
    assert result.passed, result.failures


def test_a_key_written_twice_is_a_toml_error() -> None:
    with pytest.raises(ScenarioSyntaxError, match=r"test\.toml: is not valid TOML"):
        _run("[players.1]\nhand = []\n[players.1]\ndeck = []\n")


def test_steps_after_the_end_of_the_game_are_not_run() -> None:
    text = """
    [game]
    power = 14
    [shared]
    archenemy = ["Saruman, Lord of Isengard"]
    [[do]]
    defeat = "Saruman"
    [[do]]
    end_turn = true
    """
    _fails_with(
        text.replace('"Saruman"', '"Saruman, Lord of Isengard"'), "step 2 (end_turn) was not run", "final archenemy"
    )


# ---------------------------------------------------------------------- expectations
def test_every_kind_of_expectation() -> None:
    text = (
        BASIC
        + """
    [expect]
    power = 1
    current = 1
    turn = 1
    game_over = false
    wall_breached = false
    archenemy_face_up = true
    one_ring = "behind"
    offered = ["play Courage"]
    not_offered = ["defeat Corrupted King Théoden"]
    log_lacks = ["reshuffles"]
    [expect.players.1]
    hand = ["Lembas*2", "Courage*2"]
    hand_has = ["Courage"]
    hand_lacks = ["Despair"]
    deck_order = ["Despair", "Edoras"]
    deck_top = "Edoras"
    deck_bottom = ["Despair"]
    discard = 0
    vp = 1
    [expect.shared]
    valor = 3
    corruption = ["Corruption*2"]
    main_deck_top = ["Warg Pack", "Riders of the Mark"]
    behind = ["The One Ring"]
    """
    )
    result = _run(text)
    assert result.passed, result.failures
    assert len(result.checks) == 23


def test_failed_expectations_say_what_was_found() -> None:
    text = (
        BASIC
        + """
    [expect]
    power = 5
    reason = "wall deck depleted"
    winners = [1]
    log_contains = ["P1 plays Treebeard"]
    log_sequence = ["a", "b"]
    [expect.players.1]
    hand = ["Courage*3"]
    deck_top = ["Despair"]
    vp = 9
    [expect.shared]
    path = 4
    """
    )
    result = _run(text)
    assert not result.passed
    failures = "\n".join(result.failures)
    for piece in (
        "power is 5: it is 1",
        "(the game has not ended)",
        "no line of the log contains it",
        "'a' does not follow",
        "missing [Courage]",
        "extra [Lembas*2]",
        "the top is ['Edoras']",
        "vp is 9: it is 1",
        "shared.path holds 4 card(s): it holds 5",
    ):
        assert piece in failures, piece
    assert sum(1 for c in result.checks if not c.ok) == 9


def test_the_result_is_json() -> None:
    result = _run(BASIC + "[[do]]\nplay = 'Courage*2'")
    data = json.loads(json.dumps(result.to_json()))
    state = data["state"]
    assert data["passed"] is True
    assert state["game"] == {
        "players": 2,
        "current": 1,
        "turn": 1,
        "power": 3,
        "impossible": False,
        "use_wall": True,
        "game_over": False,
        "result": {},
    }
    assert state["players"]["1"]["played"] == ["Courage*2"]
    assert state["players"]["1"]["hand"] == ["Lembas*2"]
    assert state["players"]["2"]["vp"] == 0
    assert state["shared"]["one_ring"] == "behind"
    assert state["shared"]["valor"] == ["Valor*3"]
    assert data["log"] == ["P1 plays Courage", "P1 plays Courage"]


# ---------------------------------------------------------------------- the command
def _main(argv: list[str], monkeypatch: pytest.MonkeyPatch) -> int:
    """``lotr-rules ARGV``, with the scenario command registered if the CLI does not have it yet."""
    from lotr_rules import commands

    original = commands.register_all

    def register_all(sub: argparse._SubParsersAction[Any]) -> None:
        original(sub)
        if "scenario" not in sub.choices:
            scenario_command.register(sub)

    monkeypatch.setattr(commands, "register_all", register_all)
    return cli.main(argv)


def test_command_exit_codes(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    good = tmp_path / "good.toml"
    good.write_text(BASIC + "[expect]\npower = 1\n", encoding="utf-8")
    bad_expectation = tmp_path / "fails.toml"
    bad_expectation.write_text(BASIC + "[expect]\npower = 2\n", encoding="utf-8")
    bad_file = tmp_path / "bad.toml"
    bad_file.write_text("[players.1]\nhand = ['Curage']\n", encoding="utf-8")

    assert _main(["scenario", str(good)], monkeypatch) == 0
    out = capsys.readouterr().out
    assert "PASS power is 1" in out and "PASS: all 2 checks hold" in out

    assert _main(["scenario", str(bad_expectation)], monkeypatch) == 1
    out = capsys.readouterr().out
    assert "FAIL power is 2: it is 1" in out

    assert _main(["scenario", str(bad_file)], monkeypatch) == 2
    captured = capsys.readouterr()
    assert "bad.toml: players.1.hand[1]: no loaded set has a card named 'Curage'" in captured.err
    assert "did you mean 'Courage'?" in captured.err
    assert "Traceback" not in captured.err

    assert _main(["scenario", str(bad_expectation), "--json"], monkeypatch) == 1
    data = json.loads(capsys.readouterr().out)
    assert data["passed"] is False
    assert data["failures"] == ["power is 2: it is 1"]


def test_cards_of_a_custom_set(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    path = FORMAT / "charge-at-the-fords.toml"
    with pytest.raises(ScenarioCardError, match="Charge at the Fords of Isen"):
        run_scenario(path)
    result = run_scenario(path, extra_cards=[EXAMPLE_SET])
    assert result.passed, result.failures
    # the same set named from the file itself (a path relative to the file, or absolute)
    text = path.read_text(encoding="utf-8").replace("[game]\n", f'[game]\ncards = ["{EXAMPLE_SET}"]\n', 1)
    assert run_scenario_text(text, "with-cards.toml").passed
    assert _main(["scenario", str(path), "--cards", str(EXAMPLE_SET), "--no-log"], monkeypatch) == 0
    assert "P1 plays" not in capsys.readouterr().out


# ---------------------------------------------------------------------- the docs show real runs
def _doc_blocks() -> dict[str, str]:
    """The fenced blocks of docs/scenarios.md that follow a line ``<!-- NAME -->``."""
    text = DOCS.read_text(encoding="utf-8")
    return {m.group(1): m.group(2) for m in re.finditer(r"<!-- (\S+) -->\n```[a-z]*\n(.*?)```", text, re.S)}


def test_docs_worked_example_is_the_real_file_and_output(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """docs/scenarios.md: the example file is this repository's, and each output shown is what
    the command prints for it (run in a folder laid out as the page describes)."""
    blocks = _doc_blocks()
    example = (FORMAT / "charge-at-the-fords.toml").read_text(encoding="utf-8")
    assert blocks["example-file"] == example
    shutil.copytree(EXAMPLE_SET, tmp_path / "my-set")
    (tmp_path / "charge-at-the-fords.toml").write_text(example, encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    for name, block in blocks.items():
        if not name.startswith("run-") or name.startswith("run-lcg"):
            continue  # (the Card Game's example is run by tests/test_lcg_scenarios.py)
        command, *expected = block.splitlines()
        assert command.startswith("$ lotr-rules "), name
        argv = command.removeprefix("$ lotr-rules ").split()
        edit = blocks.get(name.replace("run-", "edit-"))
        target = tmp_path / argv[1]
        if edit is not None:
            target.write_text(_apply_edit(example, edit), encoding="utf-8")
        code = _main(argv, monkeypatch)
        captured = capsys.readouterr()
        shown = [line for line in expected if not line.startswith("(exit ")]
        assert (captured.out + captured.err).splitlines() == shown, name
        exit_line = [line for line in expected if line.startswith("(exit ")]
        assert exit_line == [f"(exit {code})"], name


def _apply_edit(text: str, edit: str) -> str:
    """An ``edit-*`` block: a ``- old`` line followed by ``+ new`` replaces the first line of the
    example equal to ``old``; a ``- old`` line alone deletes it."""
    lines = [line for line in edit.splitlines() if line.startswith(("- ", "+ "))]
    out = text.splitlines()
    index = 0
    while index < len(lines):
        assert lines[index].startswith("- "), lines[index]
        at = out.index(lines[index][2:])
        if index + 1 < len(lines) and lines[index + 1].startswith("+ "):
            out[at] = lines[index + 1][2:]
            index += 2
        else:
            del out[at]
            index += 1
    return "\n".join(out) + "\n"
