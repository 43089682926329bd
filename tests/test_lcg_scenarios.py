"""Card Game scenario files (lotr_rules.games.lcg.scenario): every file in tests/scenarios/lcg
passes, a file builds exactly the table it writes, and a wrong file is a clear error naming the
file and the field (never a traceback).

The files are the rules tests themselves: each says in ``cite`` the rule it checks.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from lotr_rules import cli
from lotr_rules.cards.loader import load_sets
from lotr_rules.games import vocabulary_for
from lotr_rules.games.lcg import scenario as lcg
from lotr_rules.games.lcg.state import ACTIVE, DECK, ENCOUNTER_DECK, PLAY, QUEST, SHADOWS, STAGING
from lotr_rules.scenario_files import ScenarioCardError, ScenarioError, ScenarioKeyError

FOLDER = Path(__file__).parent / "scenarios" / "lcg"
FILES = sorted(FOLDER.glob("*.toml"))


def test_there_are_enough_card_game_scenario_files() -> None:
    assert len(FILES) >= 40


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_scenario_file(path: Path) -> None:
    result = lcg.run_scenario(path)
    assert result.passed, "\n".join(lcg.render_report(result))


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_every_file_cites_the_rule_it_checks(path: Path) -> None:
    scenario = lcg.load_scenario(path)
    assert scenario.title and scenario.cite, f"{path.name} needs a title and a cite"


TABLE = """
[game]
family = "lcg"
phase = "combat"
round = 3
first_player = 2
players = 2

[players.1]
threat = 31
play = [{name = "Gimli", damage = 2, resources = 3, exhausted = true, attached = ["Citadel Plate"]}]
deck = ["Gandalf", "Beorn"]

[players.2]
threat = 27
play = ["Legolas"]
engaged = [{name = "Forest Spider", damage = 1, shadow = ["Old Forest Road"]}]

[shared]
quest = {name = "Flies and Spiders", progress = 4}
staging = ["King Spider"]
active = [{name = "Mountains of Mirkwood", progress = 2}]
encounter_deck = ["Hummerhorns", "Wargs"]
"""


def test_a_file_builds_exactly_the_table_it_writes() -> None:
    """Every card where the file puts it, in its state; piles with the last card written on top."""
    game = lcg.build_game(lcg.scenario_from_text(TABLE, "table.toml"))
    state = game.state
    names = {game.card_name(c): c for c in range(len(game.records))}
    assert len(game.records) == 12
    assert (state.phase, state.turn, state.first_player, state.threat) == ("combat", 3, 1, [31, 27])
    gimli, plate = names["Gimli"], names["Citadel Plate"]
    assert game.locate(gimli) == (PLAY, 0) and game.locate(plate) == (PLAY, 0)
    assert state.attached_to == {plate: gimli}
    assert (state.damage[gimli], state.resources[gimli], gimli in state.exhausted) == (2, 3, True)
    assert [game.card_name(c) for c in game.z(DECK, 0)] == ["Beorn", "Gandalf"]  # the engine draws from the front
    spider, road = names["Forest Spider"], names["Old Forest Road"]
    assert game.engaged_with(spider) == 1 and state.damage[spider] == 1
    assert game.locate(road) == (SHADOWS, -1) and state.shadow_of == {road: spider}
    assert state.progress[names["Flies and Spiders"]] == 4 and game.z(QUEST) == [names["Flies and Spiders"]]
    assert game.z(ACTIVE) == [names["Mountains of Mirkwood"]] and game.z(STAGING) == [names["King Spider"]]
    assert [game.card_name(c) for c in game.z(ENCOUNTER_DECK)] == ["Wargs", "Hummerhorns"]
    assert state.resources[names["Legolas"]] == 0  # a hero in play has a pool, empty or not
    assert game.owners[gimli] == 0 and game.owners[spider] == -1


def test_the_resulting_state_uses_the_files_own_terms() -> None:
    result = lcg.run_scenario_text(TABLE, "table.toml")
    assert result.passed
    view = result.state
    assert view["players"]["1"]["deck"] == ["Gandalf", "Beorn"]
    assert view["shared"]["shadows"] == ["Old Forest Road"]
    assert view["cards"]["Gimli"] == {"damage": 2, "resources": 3, "exhausted": True, "attached": ["Citadel Plate"]}
    assert view["game"] == {
        "players": 2,
        "round": 3,
        "phase": "combat",
        "first_player": 2,
        "game_over": False,
        "result": {},
    }


def test_a_failed_expectation_says_what_is_there_instead() -> None:
    text = TABLE + '\n[expect.players.1]\nthreat = 30\n\n[expect.cards.Gimli]\ndamage = 1\nattached_to = "Legolas"\n'
    result = lcg.run_scenario_text(text, "table.toml")
    assert not result.passed
    assert "players.1.threat is 30: it is 31" in result.failures
    assert "Gimli: damage is 1: it is 2" in result.failures
    assert "Gimli: attached_to is 'Legolas': it is 'nothing'" in result.failures


def test_a_card_expected_but_not_in_the_game_is_a_failed_check() -> None:
    result = lcg.run_scenario_text(TABLE + "\n[expect.cards.Faramir]\nexhausted = false\n", "table.toml")
    assert result.failures == ("Faramir: exhausted is false: it is not in the game",)


def test_a_step_that_cannot_be_done_fails_with_what_is_offered() -> None:
    text = TABLE.replace('phase = "combat"', 'phase = "planning"') + '\n[[do]]\nplay = "Gandalf"\n'
    result = lcg.run_scenario_text(text, "table.toml")
    expected = "step 1 (play Gandalf (player 1)): player 1 has no Gandalf in hand; the hand holds nothing"
    assert result.failures[0] == expected


def test_a_decision_without_an_answer_stops_the_step() -> None:
    text = TABLE + '\n[[do]]\nrun_phase = "combat"\n'
    result = lcg.run_scenario_text(text, "table.toml")
    assert result.failures[0].startswith("step 1 (run_phase combat (player 1)): player 2 was asked")


BAD_FILES = [
    ('[game]\nfamily = "lcg"\nphase = "questing"\n', ScenarioKeyError, "game.phase: unknown phase 'questing'"),
    ('[game]\nfamily = "lcg"\ncolour = 1\n', ScenarioKeyError, "[game]: unknown key 'colour'"),
    ('[game]\nfamily = "lcg"\n[players.1]\nplay = ["Aragron"]\n', ScenarioCardError, "players.1.play[1]: no loaded"),
    (
        '[game]\nfamily = "lcg"\n[players.1]\nhand = ["Forest Spider"]\n',
        ScenarioKeyError,
        "players.1.hand[1]: 'Forest Spider' is an encounter card",
    ),
    (
        '[game]\nfamily = "lcg"\n[shared]\nstaging = ["Gandalf"]\n',
        ScenarioKeyError,
        "shared.staging[1]: 'Gandalf' is a player card (ally)",
    ),
    (
        '[game]\nfamily = "lcg"\n[players.1]\nhand = [{name = "Gandalf", damage = 1}]\n',
        ScenarioKeyError,
        "players.1.hand[1].damage: only a card in play has 'damage'",
    ),
    (
        '[game]\nfamily = "lcg"\n[shared]\nquest = ["Flies and Spiders", "A Fork in the Road"]\n',
        ScenarioKeyError,
        "shared.quest: holds one card at most, not 2",
    ),
    (
        '[game]\nfamily = "lcg"\n[players.1]\nplay = [{name = "Aragorn", shadow = ["Wargs"]}]\n',
        ScenarioKeyError,
        "players.1.play[1].shadow: only an enemy is dealt shadow cards",
    ),
    (
        '[game]\nfamily = "lcg"\n[players.1]\nplay = [{name = "Aragorn", attached = ["Gandalf"]}]\n',
        ScenarioKeyError,
        "players.1.play[1].attached[1]: 'Gandalf' (ally) cannot be attached to a card",
    ),
    (
        '[game]\nfamily = "lcg"\n[players.1]\nengaged = [{name = "Wargs", shadow = [{name = "Wargs", damage = 1}]}]\n',
        ScenarioKeyError,
        "players.1.engaged[1].shadow[1].damage: a shadow card, face down, has no 'damage'",
    ),
    ('[game]\nfamily = "lcg"\n[[do]]\nrun_phase = "lunch"\n', ScenarioKeyError, "do[1].run_phase: unknown phase"),
    ('[game]\nfamily = "lcg"\n[[do]]\ndamage = "Aragorn"\n', ScenarioKeyError, "do[1]: 'damage' needs an 'amount'"),
    ('[game]\nfamily = "lcg"\n[[do]]\nrun_round = true\nto = "Aragorn"\n', ScenarioKeyError, "do[1].to"),
    ('[game]\nfamily = "lcg"\n[expect.cards.Aragorn]\nzone = "pocket"\n', ScenarioKeyError, "unknown zone 'pocket'"),
    ('[game]\nfamily = "lcg"\n[expect.players.3]\nthreat = 1\n', ScenarioKeyError, "the game has players 1 to 1"),
    ('[game]\nfamily = "lcg"\n[[do]]\nplay = "Gandalf"\nplay2 = 1\n', ScenarioKeyError, "unknown key 'play2'"),
]


@pytest.mark.parametrize(("text", "error", "message"), BAD_FILES, ids=[m for _, _, m in BAD_FILES])
def test_a_bad_file_is_a_clear_error_naming_the_field(text: str, error: type[ScenarioError], message: str) -> None:
    with pytest.raises(error) as raised:
        lcg.scenario_from_text(text, "bad.toml")
    assert str(raised.value).startswith("bad.toml: ")
    assert message in str(raised.value)


def test_the_command_runs_a_card_game_file_by_its_family(capsys: pytest.CaptureFixture[str]) -> None:
    path = FOLDER / "planning-attachment.toml"
    assert cli.main(["scenario", str(path), "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["passed"] and out["state"]["cards"]["Gimli"]["attached"] == ["Citadel Plate"]


def test_the_command_says_a_bad_card_game_file_is_bad(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "bad.toml"
    path.write_text('[game]\nfamily = "lcg"\n[players.1]\nplay = ["Aragron"]\n', encoding="utf-8")
    assert cli.main(["scenario", str(path)]) == 2
    err = capsys.readouterr().err
    assert f"{path}: players.1.play[1]: no loaded set has a card named 'Aragron'" in err
    assert "did you mean 'Aragorn'?" in err


def test_a_file_of_an_unknown_family_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "odd.toml"
    path.write_text('[game]\nfamily = "chess"\n', encoding="utf-8")
    assert cli.main(["scenario", str(path)]) == 2
    assert "game.family: unknown family 'chess'" in capsys.readouterr().err


def test_docs_card_game_example_is_the_real_file_and_output(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """docs/scenarios.md, "The Card Game": the example is this repository's file, and the output
    shown is what the command prints for it."""
    text = (Path(__file__).parent.parent / "docs" / "scenarios.md").read_text(encoding="utf-8")
    blocks = {m.group(1): m.group(2) for m in re.finditer(r"<!-- (\S+) -->\n```[a-z]*\n(.*?)```", text, re.S)}
    example = (FOLDER / "combat-defend.toml").read_text(encoding="utf-8")
    assert blocks["lcg-example-file"] == example
    (tmp_path / "combat-defend.toml").write_text(example, encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    command, *expected = blocks["run-lcg-combat"].splitlines()
    assert command == "$ lotr-rules scenario combat-defend.toml"
    code = cli.main(command.removeprefix("$ lotr-rules ").split())
    assert capsys.readouterr().out.splitlines() == expected[:-1]
    assert expected[-1] == f"(exit {code})"


# ---------------------------------------------------------------------- no input is a traceback
_NAMES = st.sampled_from(["Aragorn", "Gimli", "Gandalf", "Forest Spider", "Old Forest Road", "Flies and Spiders", "x"])
_VALUES = st.recursive(
    st.one_of(st.booleans(), st.integers(-3, 60), _NAMES, st.text(max_size=8)),
    lambda inner: st.one_of(
        st.lists(inner, max_size=4),
        st.dictionaries(st.sampled_from([*lcg.CARD_KEYS, *lcg.STEP_KEYS, "zone"]), inner, max_size=4),
    ),
    max_leaves=12,
)
_PLAYER = st.dictionaries(st.sampled_from(lcg.PLAYER_KEYS), _VALUES, max_size=3)
_DOCUMENTS = st.fixed_dictionaries(
    {
        "game": st.dictionaries(st.sampled_from(lcg.GAME_KEYS[1:]), _VALUES, max_size=2).map(
            lambda g: {**g, "family": "lcg"}
        )
    },
    optional={
        "players": st.dictionaries(st.sampled_from(["1", "2", "5", "x"]), _PLAYER, max_size=2),
        "shared": st.dictionaries(st.sampled_from(lcg.SHARED_KEYS), _VALUES, max_size=3),
        "do": st.lists(st.dictionaries(st.sampled_from(lcg.STEP_KEYS), _VALUES, max_size=3), max_size=2),
        "expect": st.dictionaries(st.sampled_from([*lcg.EXPECT_KEYS, *lcg.EXPECT_TABLES]), _VALUES, max_size=3),
    },
)
_CATALOGUE = load_sets(vocabulary=vocabulary_for("lcg"))


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(_DOCUMENTS)
def test_any_file_is_run_or_refused_with_a_clear_error(document: dict[str, Any]) -> None:
    """Whatever a file holds, it is read and run (passing or failing), or refused naming the file."""
    try:
        scenario = lcg.scenario_from_data(document, "fuzz.toml", base=Path.cwd(), catalogue=_CATALOGUE)
    except ScenarioError as error:
        assert str(error).startswith("fuzz.toml: ")
        return
    result = lcg.run(scenario)
    assert result.checks[0].ok, result.checks[0].detail  # every card is in exactly one place


def test_a_file_loading_a_card_of_two_types_is_refused_with_its_code(tmp_path: Path) -> None:
    """A card of two types (not an objective ally) would be refused by a game; the file's card folder is
    refused at once (E340)."""
    folder = tmp_path / "allies"
    folder.mkdir()
    (folder / "set.toml").write_text('code = "allies"\nname = "Allies"\nlanguage = 5\nfamily = "lcg"\n')
    (folder / "scout.card").write_text(
        'card "Scout" {\n  id scout\n  type enemy location\n  encounter-set "Woods"\n'
        '  provenance designed\n  text "A made-up card."\n}\n'
    )
    path = tmp_path / "scout.toml"
    path.write_text('[game]\nfamily = "lcg"\ncards = ["allies"]\n', encoding="utf-8")
    with pytest.raises(ScenarioError) as raised:
        lcg.run_scenario(path)
    message = str(raised.value)
    assert message.startswith(f"{path}: loading the card sets: ")
    assert "E340 a card of the LCG has one type, not 2 ('enemy location')" in message
