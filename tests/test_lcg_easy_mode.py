"""The Card Game's Easy Mode: each scenario's smaller encounter deck, the heroes' extra resource,
the ``--mode`` option, records that remember the mode, and the lint codes of a scenario's
``[easy]`` table.

Easy Mode is not in the core set's rulebook; the rules are the game's Rules Reference, "Easy
Mode": at setup, the encounter cards marked as not used in Easy Mode are left out of the
encounter deck, and each player adds 1 resource to each of their heroes' resource pools."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from lotr_rules.cards.catalogue import Catalogue
from lotr_rules.cards.loader import load_sets
from lotr_rules.cli import main
from lotr_rules.errors import RecordError, UserError
from lotr_rules.games import vocabulary_for
from lotr_rules.games.lcg.bots import LcgHeuristicAgent
from lotr_rules.games.lcg.files import load_scenario, scenario_modes
from lotr_rules.games.lcg.game import LcgGame
from lotr_rules.games.lcg.modes import MODES, Mode, parse_mode
from lotr_rules.games.lcg.recording import new_table, read_record
from lotr_rules.games.lcg.state import ENCOUNTER_DECK, PLAY, STAGING
from lotr_rules.lint.runner import lint_paths
from lotr_rules.sim.families import SimSettings
from lotr_rules.sim.lcg_report import build_lcg_report, render_lcg_text
from lotr_rules.sim.runner import run_simulation

MINI = Path(__file__).resolve().parent / "data" / "lcg-mini"
CARDS = ["--cards", str(MINI)]
MIRKWOOD = "passage-through-mirkwood"
#: the copies each shipped scenario's Easy Mode leaves out of its encounter deck
LEFT_OUT = {MIRKWOOD: 9, "journey-down-the-anduin": 15, "escape-from-dol-guldur": 11}


@pytest.fixture(scope="module")
def core() -> Catalogue:
    return load_sets(vocabulary=vocabulary_for("lcg"))


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def set_up(catalogue: Catalogue, scenario: str, mode: Mode, decks: tuple[str, ...] = ("leadership",)) -> LcgGame:
    table = new_table(catalogue, scenario, decks, 1, mode)
    return LcgGame(table.config, [LcgHeuristicAgent(seat) for seat in range(len(decks))])


# ---------------------------------------------------------------------- the rules
def test_easy_mirkwood_sets_up_a_smaller_encounter_deck_and_a_resource_on_each_hero(core: Catalogue) -> None:
    """Rules Reference, "Easy Mode": the cards marked as not used in Easy Mode leave the
    encounter deck, and each hero starts with 1 resource in its pool."""
    normal = set_up(core, MIRKWOOD, Mode.NORMAL, ("leadership", "tactics"))
    easy = set_up(core, MIRKWOOD, Mode.EASY, ("leadership", "tactics"))
    # 36 encounter cards, 2 of them in the staging area after setup; Easy Mode leaves out 9
    assert (len(normal.z(ENCOUNTER_DECK)), len(normal.z(STAGING))) == (34, 2)
    assert (len(easy.z(ENCOUNTER_DECK)), len(easy.z(STAGING))) == (25, 2)
    names = [easy.card_name(card) for card in easy.z(ENCOUNTER_DECK)]
    assert "Caught in a Web" not in names and "Hummerhorns" not in names
    assert names.count("The Necromancer's Reach") == 1
    for game, resources in ((normal, 0), (easy, 1)):
        for seat in (0, 1):
            heroes = game.z(PLAY, seat)
            assert len(heroes) == 3
            assert [game.state.resources[hero] for hero in heroes] == [resources] * 3


@pytest.mark.parametrize("scenario", sorted(LEFT_OUT))
def test_every_shipped_scenario_has_an_easy_mode_as_published(core: Catalogue, scenario: str) -> None:
    normal = load_scenario(_scenario_path(scenario), core)
    easy = load_scenario(_scenario_path(scenario), core, mode=Mode.EASY)
    count = sum(record.copies for record in normal.encounter)
    assert sum(record.copies for record in easy.encounter) == count - LEFT_OUT[scenario]
    assert [card.name for card in easy.quest] == [card.name for card in normal.quest]


def _scenario_path(name: str) -> Path:
    from lotr_rules.resources import cardscripts_dir

    return cardscripts_dir() / "lcg-core" / "scenarios" / f"{name}.toml"


def test_simulate_mode_easy_wins_more_often_for_the_same_line_up(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The same line-up and seeds win more games once Easy Mode leaves enemies out of the
    encounter deck (the shipped scenarios' figures, over many more games, are on the strategy
    figures page: there the difference is smaller and depends on the line-up)."""
    folder = _mini(tmp_path, '[easy]\nleave_out = { "Mini Bats" = 2, "Mini Orc" = 1, "Mini Spider" = 2 }\n')
    won = {}
    for mode in ("normal", "easy"):
        argv = ["simulate", "--game", "lcg", "--cards", str(folder), "--scenario", "mini-quest", "--decks", "rangers"]
        code, out, _ = run(capsys, *argv, "--games", "40", "--workers", "1", "--no-progress", "--mode", mode)
        assert code == 0
        won[mode] = int(out.split("  won ", 1)[1].split()[0])
    assert won["easy"] > won["normal"] + 10


# ---------------------------------------------------------------------- a custom scenario's Easy Mode
def _mini(tmp_path: Path, easy: str) -> Path:
    folder = tmp_path / "lcg-mini"
    shutil.copytree(MINI, folder)
    scenario = folder / "scenarios" / "mini-quest.toml"
    scenario.write_text(scenario.read_text() + easy)
    return folder


def test_a_custom_scenario_declares_its_own_easy_mode(tmp_path: Path) -> None:
    folder = _mini(tmp_path, '[easy]\nleave_out = { "Mini Spider" = 2, "Mini Ridge" = 2 }\n')
    catalogue = load_sets((folder,), vocabulary=vocabulary_for("lcg"))
    path = folder / "scenarios" / "mini-quest.toml"
    normal = {r.name: r.copies for r in load_scenario(path, catalogue).encounter}
    easy = {r.name: r.copies for r in load_scenario(path, catalogue, mode=Mode.EASY).encounter}
    assert normal["Mini Spider"] == 3 and easy["Mini Spider"] == 1
    assert "Mini Ridge" in normal and "Mini Ridge" not in easy
    assert {k: v for k, v in easy.items() if k not in ("Mini Spider",)} == {
        k: v for k, v in normal.items() if k not in ("Mini Spider", "Mini Ridge")
    }


def test_easy_mode_of_a_scenario_without_one_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(
        capsys, "game", "--game", "lcg", *CARDS, "--scenario", "mini-quest", "--decks", "wardens", "--mode", "easy"
    )
    assert code == 2
    assert "has no Easy Mode: its file has no [easy] table" in err


# ---------------------------------------------------------------------- the command line and records
def test_game_mode_easy_plays_and_records_the_mode(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    record = tmp_path / "easy.json"
    argv = ["game", "--game", "lcg", "--scenario", MIRKWOOD, "--decks", "leadership", "--quiet"]
    code, out, _ = run(capsys, *argv[:-1], "--mode", "easy")
    assert code == 0
    assert out.startswith("Passage Through Mirkwood (Easy Mode), seed 1: Player 1 leadership\n")
    # --quiet prints no heading: the record holds the mode
    code, out, _ = run(capsys, *argv, "--mode", "easy", "--record", str(record))
    assert code == 0 and "(Easy Mode)" not in out
    data = read_record(record)
    assert data["mode"] == "easy"
    code, out, _ = run(capsys, "replay", str(record))
    assert code == 0 and f"digest ok ({data['digest']}" in out
    assert "(Easy Mode)" in out
    # the same record said to be normal is another game: the cards Easy Mode leaves out are in it
    data["mode"] = "normal"
    record.write_text(json.dumps(data))
    code, _, err = run(capsys, "replay", str(record))
    assert code == 2 and "its card digests are not those of its decks and scenario" in err


def test_play_mode_easy_sets_up_the_easy_game(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    folder = _mini(tmp_path, '[easy]\nleave_out = { "Mini Orc" = 1 }\n')
    argv = ["play", "--game", "lcg", "--cards", str(folder), "--scenario", "mini-quest", "--decks", "rangers"]
    code, out, _ = run(capsys, *argv, "--humans", "0", "--mode", "easy", "--save", str(tmp_path / "save.json"))
    assert code == 0
    assert out.startswith("The Card Game: Mini Quest (Easy Mode), seed 1: Player 1 rangers.")


def test_a_record_without_a_mode_is_a_normal_game(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    record = tmp_path / "normal.json"
    run(capsys, "game", "--game", "lcg", *CARDS, "--scenario", "mini-quest", "--decks", "wardens", "--quiet",
        "--record", str(record))  # fmt: skip
    data = json.loads(record.read_text())
    assert data["mode"] == "normal"
    del data["mode"]  # as records were written before modes existed
    record.write_text(json.dumps(data))
    code, out, _ = run(capsys, "replay", str(record), *CARDS)
    assert code == 0 and f"digest ok ({data['digest']}" in out


def test_a_record_with_an_unknown_mode_is_corrupt(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    record = tmp_path / "odd.json"
    run(capsys, "game", "--game", "lcg", *CARDS, "--scenario", "mini-quest", "--decks", "wardens", "--quiet",
        "--record", str(record))  # fmt: skip
    data = json.loads(record.read_text())
    data["mode"] = "nightmare"
    record.write_text(json.dumps(data))
    with pytest.raises(RecordError, match="its mode 'nightmare' is none of normal, easy"):
        read_record(record)


def test_mode_is_an_option_of_the_card_game_only(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "game", "--mode", "easy")
    assert code == 2 and "--mode: not options of the deck-building game" in err
    with pytest.raises(SystemExit):
        main(["game", "--game", "lcg", "--decks", "leadership", "--mode", "hard"])
    assert "argument --mode: invalid choice: 'hard' (choose from 'normal', 'easy')" in capsys.readouterr().err


def test_a_resumed_game_takes_its_mode_from_the_save(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    save = tmp_path / "save.json"
    save.write_text("{}")
    code, _, err = run(capsys, "play", "--game", "lcg", "--resume", str(save), "--mode", "easy")
    assert code == 2 and "drop --mode" in err


def test_a_new_game_page_can_ask_which_modes_a_scenario_offers(core: Catalogue) -> None:
    assert scenario_modes(core, MIRKWOOD) == (Mode.NORMAL, Mode.EASY)
    mini = load_sets((MINI,), vocabulary=vocabulary_for("lcg"))
    assert scenario_modes(mini, "mini-quest") == (Mode.NORMAL,)


def test_the_mode_words_are_read_for_any_face() -> None:
    assert [mode.value for mode in MODES] == ["normal", "easy"]
    assert parse_mode(" Easy ") is Mode.EASY
    with pytest.raises(UserError, match="the modes are normal, easy"):
        parse_mode("hard")


def test_simulate_says_its_mode(capsys: pytest.CaptureFixture[str]) -> None:
    settings = SimSettings(family="lcg", games=2, players=1, scenario=MIRKWOOD, decks=("leadership",), mode="easy")
    report = build_lcg_report([run_simulation(settings, workers=1)])
    assert report["settings"]["mode"] == "easy"
    assert render_lcg_text(report)[0].startswith(f"The Card Game, scenario {MIRKWOOD} (Easy Mode), ")
    normal = build_lcg_report([run_simulation(SimSettings(**{**settings.to_raw(), "mode": "normal"}), workers=1)])
    assert "mode" not in normal["settings"]


# ---------------------------------------------------------------------- lint: one test a code
def _lint(tmp_path: Path, easy: str, staging: str = "") -> list[tuple[str, str]]:
    folder = tmp_path / "lcg-mini"
    shutil.copytree(MINI, folder)
    text = 'name = "Mini Quest"\nquest = ["Mini Trail", "Mini Ford"]\nencounter_sets = ["Mini Woods", "Mini Orcs"]\n'
    (folder / "scenarios" / "mini-quest.toml").write_text(text + staging + easy)
    diagnostics, _ = lint_paths([folder])
    return [(d.code, d.message) for d in diagnostics]


def test_e350_an_easy_table_that_cannot_be_read(tmp_path: Path) -> None:
    found = _lint(tmp_path, '[easy]\nleave_out = { "Mini Spider" = 0 }\n')
    assert found == [("E350", "'Mini Spider' in 'leave_out' must be a number of copies, 1 or more, not 0")]


def test_e351_easy_mode_leaves_out_a_card_not_in_the_encounter_deck(tmp_path: Path) -> None:
    found = _lint(tmp_path, '[easy]\nleave_out = { "Mini Archer" = 1 }\n')
    assert found == [("E351", "Easy Mode leaves out 'Mini Archer', which is not in the scenario's encounter deck")]


def test_e352_easy_mode_leaves_out_more_copies_than_the_deck_has(tmp_path: Path) -> None:
    found = _lint(tmp_path, '[easy]\nleave_out = { "Mini Bats" = 3 }\n')
    assert found == [("E352", "Easy Mode leaves out 3 copies of 'Mini Bats', but the encounter deck has 2")]


def test_e353_easy_mode_leaves_out_a_card_the_setup_needs(tmp_path: Path) -> None:
    found = _lint(tmp_path, '[easy]\nleave_out = { "Mini Spider" = 3 }\n', staging='staging = ["Mini Spider"]\n')
    assert found == [
        (
            "E353",
            "Easy Mode leaves 0 copies of 'Mini Spider' in the encounter deck, but a quest stage's setup puts 1"
            " in the staging area",
        )
    ]


def test_w350_easy_mode_leaves_out_an_unknown_card(tmp_path: Path) -> None:
    found = _lint(tmp_path, '[easy]\nleave_out = { "Mini Dragon" = 1 }\n')
    assert found == [("W350", "Easy Mode leaves out 'Mini Dragon', which no loaded set has")]


def test_w351_an_easy_mode_that_leaves_nothing_out(tmp_path: Path) -> None:
    found = _lint(tmp_path, "[easy]\n")
    assert [code for code, _ in found] == ["W351"]
    # it plays: Easy Mode is then only the heroes' extra resource
    catalogue = load_sets((tmp_path / "lcg-mini",), vocabulary=vocabulary_for("lcg"))
    path = tmp_path / "lcg-mini" / "scenarios" / "mini-quest.toml"
    easy, normal = (load_scenario(path, catalogue, mode=mode).encounter for mode in (Mode.EASY, Mode.NORMAL))
    assert [(r.name, r.copies) for r in easy] == [(r.name, r.copies) for r in normal]


# ---------------------------------------------------------------------- the figures page
def test_the_figures_page_gives_easy_mode_beside_normal(monkeypatch: pytest.MonkeyPatch) -> None:
    from lotr_rules.docgen import lcg_figures

    def summary(scenario: str, decks: tuple[str, ...], games: int = 100, mode: str = "normal") -> dict[str, object]:
        wins = 60 if mode == "easy" else 20
        return {
            "decks": list(decks),
            "games": 100,
            "wins": wins,
            "win_rate": wins / 100,
            "stages_reached": {"1": 1.0, "2": 0.5},
            "mean_rounds": 7.0,
            "losses": {},
        }

    monkeypatch.setattr(lcg_figures, "summary", summary)
    assert lcg_figures.has_easy_mode(MIRKWOOD)
    lines, _standing, easy = lcg_figures._table(MIRKWOOD)
    assert lines[0].startswith("| Decks | Won | Won in Easy Mode | Reached stage 2 |")
    assert lines[2].startswith("| leadership | 20% | 60% | 50% |")
    assert easy == 0.6
