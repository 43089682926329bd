"""Playing the Card Game from the command line: ``game``, ``play``, ``replay`` and ``simulate`` with
``--game lcg``, the deck and scenario files they read, and their errors.

Most of the core set's cards are still to be written, so the commands are exercised on the small
made-up set in ``tests/data/lcg-mini`` (cards with fields only, two decks, a three-stage
scenario whose last stage has two alternatives), given with ``--cards``. The shipped starter
decks are checked against the cards as far as they exist: see the last tests.
"""

from __future__ import annotations

import builtins
import collections
import json
import re
import shutil
from pathlib import Path

import pytest

from lotr_rules.cards.catalogue import Catalogue
from lotr_rules.cards.decklist import read_deck_list
from lotr_rules.cards.loader import load_sets
from lotr_rules.cli import main
from lotr_rules.errors import UserError
from lotr_rules.games import vocabulary_for
from lotr_rules.games.lcg.bots import LcgHeuristicAgent
from lotr_rules.games.lcg.files import (
    Records,
    deck_problems,
    find_deck,
    load_scenario,
    read_scenario_file,
    scenario_problems,
)
from lotr_rules.games.lcg.game import LcgGame
from lotr_rules.games.lcg.recording import new_table
from lotr_rules.lint.runner import lint_paths
from lotr_rules.resources import cardscripts_dir

MINI = Path(__file__).resolve().parent / "data" / "lcg-mini"
CARDS = ["--cards", str(MINI)]
SETUP = [*CARDS, "--scenario", "mini-quest"]
CORE = cardscripts_dir() / "lcg-core"
STARTERS = ("leadership", "tactics", "spirit", "lore")


@pytest.fixture(scope="module")
def catalogue() -> Catalogue:
    return load_sets((MINI,), vocabulary=vocabulary_for("lcg"))


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


# ---------------------------------------------------------------------- scenario files
def test_a_scenario_file_builds_the_scenario_from_the_loaded_cards(catalogue: Catalogue) -> None:
    scenario = load_scenario(MINI / "scenarios" / "mini-quest.toml", catalogue)
    assert scenario.name == "Mini Quest"
    assert [card.name for card in scenario.quest] == ["Mini Trail", "Mini Ford", "Mini Left Path", "Mini Right Path"]
    assert [card.stage for card in scenario.quest] == [1, 2, 3, 3]
    # every card of the two encounter sets, each record once (the game deals its copies)
    assert {card.name for card in scenario.encounter} == {
        "Mini Spider",
        "Mini Bats",
        "Mini Orc",
        "Mini Glade",
        "Mini Ridge",
    }
    assert scenario.quest[0].setup_staging == ("Mini Spider",)


def test_a_stage_with_alternatives_plays_one_of_them_picked_at_random(catalogue: Catalogue) -> None:
    """Core rulebook, Passage Through Mirkwood: stage 3 is one of two quest cards, chosen at random."""
    picked: collections.Counter[str] = collections.Counter()
    for seed in range(40):
        table = new_table(catalogue, "mini-quest", ["wardens", "rangers"], seed)
        game = LcgGame(table.config, [LcgHeuristicAgent(seed), LcgHeuristicAgent(seed + 1)])
        game.play_game()
        stages = [entry for entry in game.state.log if entry[0] == "quest stage"]
        assert [entry[1] for entry in stages] == sorted(entry[1] for entry in stages)
        assert len({entry[1] for entry in stages}) == len(stages)  # no stage played twice
        for entry in game.state.log:
            if entry[0] == "quest picked":
                picked[entry[2]] += 1
        if game.state.result["won"]:
            assert stages[-1][1] == 3
        assert len(game.all_cards()) == len(game.records)  # every card in exactly one zone
    assert set(picked) == {"Mini Left Path", "Mini Right Path"}


def test_what_is_wrong_with_a_scenario_file_is_said_at_its_line(tmp_path: Path, catalogue: Catalogue) -> None:
    bad = tmp_path / "bad.toml"
    bad.write_text('name = "X"\nquest = ["Mini Ford", "Mini Trail"]\nencounter_set = ["Mini Woods"]\n')
    scenario, problems = read_scenario_file(bad)
    assert scenario is None
    assert [str(p) for p in problems] == [
        f"{bad}:3:1: a scenario file has no key 'encounter_set' (did you mean 'encounter_sets'?)",
        f"{bad}:1:1: the scenario file has no 'encounter_sets'",
    ]
    bad.write_text('name = "X"\nquest = ["Mini Ford", "Mini Trail", "Mini Spider"]\nencounter_sets = ["Woods"]\n')
    with pytest.raises(UserError) as caught:
        load_scenario(bad, catalogue)
    message = str(caught.value)
    assert f"{bad}:2:9: quest entry 2 is stage 1, not after the stage before it (2)" in message
    assert "'Mini Spider' (quest entry 3) is not a quest card" in message
    assert "no loaded card belongs to the encounter set 'Woods'" in message


def test_a_missing_quest_card_is_named(tmp_path: Path, catalogue: Catalogue) -> None:
    path = tmp_path / "gone.toml"
    path.write_text('name = "X"\nquest = ["Mini Trail", "Mini Lost Road"]\nencounter_sets = ["Mini Woods"]\n')
    with pytest.raises(UserError, match="no loaded set has the quest card 'Mini Lost Road'"):
        load_scenario(path, catalogue)


# ---------------------------------------------------------------------- deck files
def test_decks_are_found_by_name_or_path(catalogue: Catalogue) -> None:
    assert find_deck(catalogue, "wardens") == MINI / "decks" / "wardens.txt"
    assert find_deck(catalogue, str(MINI / "decks" / "rangers.txt")) == MINI / "decks" / "rangers.txt"
    assert find_deck(catalogue, "leadership") == CORE / "decks" / "leadership.txt"
    with pytest.raises(UserError, match=r"unknown deck 'wardes'.*did you mean 'wardens'"):
        find_deck(catalogue, "wardes")
    with pytest.raises(UserError, match="no deck file"):
        find_deck(catalogue, "nowhere/deck.txt")


def test_a_deck_that_breaks_the_rules_says_where(tmp_path: Path, catalogue: Catalogue) -> None:
    path = tmp_path / "bad.txt"
    path.write_text("Heroes\n1x Mini Captain\n1x Mini Bowman\n\nAllies\n4x Mini Axeman\n2x Mini Spidr\n1x Mini Orc\n")
    deck = read_deck_list(path)
    found = [str(problem) for problem in deck_problems(deck, Records(catalogue).cards)]
    assert any(":6:4: a deck has at most 3 copies of 'Mini Axeman'" in f for f in found), found
    assert any(":7:4: no card is named 'Mini Spidr' (did you mean 'Mini Spider'?)" in f for f in found), found
    assert any(":8:4: 'Mini Orc' is an encounter or quest card (enemy), not a player card" in f for f in found)


# ---------------------------------------------------------------------- game, record, replay
def test_game_plays_a_whole_game_with_a_readable_log(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "game", "--game", "lcg", *SETUP, "--decks", "wardens,rangers", "--seed", "3")
    assert code == 0
    assert out.startswith("Mini Quest, seed 3: Player 1 wardens, Player 2 rangers\n")
    for phase in ("resource", "planning", "quest", "travel", "encounter", "combat", "refresh"):
        assert f"-- {phase.capitalize()} phase" in out
    assert "== Round 1 (Player 1 is the first player)" in out
    assert re.search(r"^The players (won|lost): .* in round \d+ \(threat: Player 1 \d+, Player 2 \d+", out, re.M)


def test_a_record_replays_to_its_digest(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    record = tmp_path / "game.json"
    argv = ["game", "--game", "lcg", *SETUP, "--decks", "wardens,rangers", "--seed", "5", "--quiet"]
    code, out, _ = run(capsys, *argv, "--record", str(record))
    assert code == 0 and f"record written to {record}" in out
    data = json.loads(record.read_text())
    code, out, _ = run(capsys, "replay", str(record), *CARDS)
    assert code == 0
    assert f"digest ok ({data['digest']}, finished game)" in out
    assert "-- Combat phase" in out
    code, out, _ = run(capsys, "replay", str(record), *CARDS, "--to-turn", "1")
    assert "Stopped at the end of round 1." in out and "== Round 2" not in out
    # the same command gives the same game
    again = tmp_path / "again.json"
    run(capsys, *argv, "--record", str(again))
    assert json.loads(again.read_text())["digest"] == data["digest"]


def test_a_changed_record_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    record = tmp_path / "game.json"
    run(capsys, "game", "--game", "lcg", *SETUP, "--decks", "wardens", "--quiet", "--record", str(record))
    data = json.loads(record.read_text())
    data["choices"] = data["choices"][:-3]
    record.write_text(json.dumps(data))
    code, _, err = run(capsys, "replay", str(record), *CARDS)
    assert code == 2 and "does not replay to the game it records" in err
    data["version"] = 99
    record.write_text(json.dumps(data))
    code, _, err = run(capsys, "replay", str(record), *CARDS)
    assert code == 2 and "record version 99, this lotr-rules reads 1" in err
    code, _, err = run(capsys, "replay", str(record))
    assert code == 2


# ---------------------------------------------------------------------- play, save, resume
class Answers:
    """Typed answers: ``first`` ones, then "1" until ``stop`` answers were given (then the end of
    input, which saves and quits)."""

    def __init__(self, stop: int | None = None) -> None:
        self.given = 0
        self.stop = stop

    def __call__(self, prompt: str) -> str:
        if self.stop is not None and self.given >= self.stop:
            raise EOFError
        self.given += 1
        return "1"


def play(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, answers: Answers, *argv: str) -> str:
    monkeypatch.setattr(builtins, "input", answers)
    code = main(["play", *argv])
    out, err = capsys.readouterr()
    assert code == 0, err
    return out


def _digest(out: str) -> str:
    found = re.findall(r"^game digest: (\w+)$", out, re.M)
    assert found, out[-1500:]
    return str(found[-1])


def test_save_and_resume_give_the_game_played_straight_through(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    new = ["--game", "lcg", *SETUP, "--decks", "wardens,rangers", "--seed", "4"]
    straight = play(capsys, monkeypatch, Answers(), *new, "--save", str(tmp_path / "unused.json"))
    save = tmp_path / "save.json"
    out = play(capsys, monkeypatch, Answers(stop=12), *new, "--save", str(save))
    assert f"Game saved to {save}." in out and "lotr-rules play --game lcg --resume" in out
    saved = json.loads(save.read_text())
    assert saved["seats"] == ["human", "heuristic"] and not saved["finished"]
    code, replayed, _ = run(capsys, "replay", str(save), *CARDS, "--final")
    assert code == 0 and f"digest ok ({saved['digest']}, game in progress)" in replayed
    resumed = play(capsys, monkeypatch, Answers(), "--resume", str(save), *CARDS)
    assert "Resuming the game saved in" in resumed
    assert _digest(resumed) == _digest(straight)
    # the finished game's record is in the save file, and replays to the same digest
    code, replayed, _ = run(capsys, "replay", str(save), *CARDS, "--final")
    assert code == 0 and f"digest ok ({_digest(straight)}, finished game)" in replayed


def test_a_person_sees_the_table_and_a_menu(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    save = str(tmp_path / "save.json")
    out = play(capsys, monkeypatch, Answers(stop=3), "--game", "lcg", *SETUP, "--decks", "wardens", "--save", save)
    assert "Player 1 (you): threat 18" in out
    assert "Mini Captain (2wp 2att 2def 5/5hp; 0 leadership resources)" in out
    assert "Your hand: " in out
    assert "Shuffle your hand back and draw 6 new cards?\n  1) yes\n  2) no" in out


def test_a_foreign_or_corrupt_save_is_a_clear_error(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    broken = tmp_path / "broken.json"
    broken.write_text("{ not json")
    code, _, err = run(capsys, "play", "--game", "lcg", "--resume", str(broken), *CARDS)
    assert code == 2 and "lotr-rules: error:" in err and "Traceback" not in err
    foreign = tmp_path / "foreign.json"
    foreign.write_text(json.dumps({"format": "lotr-rules-record", "version": 1}))
    code, _, err = run(capsys, "play", "--game", "lcg", "--resume", str(foreign), *CARDS)
    assert code == 2 and "not a record of the Card Game" in err
    record = tmp_path / "record.json"
    run(capsys, "game", "--game", "lcg", *SETUP, "--decks", "wardens", "--quiet", "--record", str(record))
    code, _, err = run(capsys, "play", "--resume", str(record), *CARDS)
    assert code == 2 and "not a save of 'lotr-rules play'" in err
    data = json.loads(record.read_text())
    data["seats"] = ["human", "human"]
    record.write_text(json.dumps(data))
    code, _, err = run(capsys, "play", "--resume", str(record), *CARDS)
    assert code == 2 and "is corrupt: its seats" in err


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["game", "--game", "lcg", *SETUP, "--decks", "wardens,rangers,a,b,c"], "1 to 4 players: give 1 to 4 decks"),
        (["game", "--game", "lcg", *SETUP, "--decks", "wardens", "--mix", "plan-1"], "--mix: not options of"),
        (["game", "--game", "lcg", *SETUP, "--decks", "wardens", "--players", "2"], "2 players need 2 decks, not 1"),
        (["game", "--game", "lcg", *SETUP, "--decks", "nobody"], "unknown deck 'nobody'"),
        (["game", "--game", "lcg", *CARDS, "--scenario", "nowhere", "--decks", "wardens"], "unknown scenario"),
        (["game", "--game", "lcg", *SETUP, "--decks", "wardens,"], "--decks takes deck names"),
        (["game", "--game", "lcg", *SETUP, "--decks", "wardens,wardens"], "unique hero Mini Captain"),
        (["game", "--decks", "wardens"], "--decks: not options of the deck-building game"),
        (["play", "--game", "lcg", *SETUP, "--decks", "wardens", "--humans", "2"], "--humans must be 0 to 1"),
        (["play", "--game", "lcg", "--resume", "x.json", "--decks", "wardens"], "drop --decks"),
        (["simulate", "--game", "lcg", *SETUP, "--decks", "wardens", "--players", "2"], "2 players need 2 decks"),
        (["simulate", "--scenario", "mini-quest", "--games", "1"], "--scenario: not options of this game"),
    ],
)
def test_impossible_options_are_clear_errors(argv: list[str], message: str, capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, *argv)
    assert code == 2
    assert message in err and "Traceback" not in err


# ---------------------------------------------------------------------- simulate
def test_simulate_reports_each_line_up_the_same_with_any_number_of_workers(
    capsys: pytest.CaptureFixture[str],
) -> None:
    argv = ["simulate", "--game", "lcg", *SETUP, "--decks", "wardens,rangers", "--decks", "rangers"]
    argv += ["--games", "6", "--no-progress", "--format", "json"]
    reports = []
    for workers in ("1", "2"):
        code, out, _ = run(capsys, *argv, "--workers", workers)
        assert code == 0
        reports.append(json.loads(out))
    timing = ("wall_seconds", "games_per_second")
    one, two = ([{k: v for k, v in line.items() if k not in timing} for line in r["line_ups"]] for r in reports)
    assert one == two
    first, second = one
    assert first["decks"] == ["wardens", "rangers"] and second["decks"] == ["rangers"]
    assert first["seats"] == ["wardens (Mini Captain, Mini Herald)", "rangers (Mini Bowman, Mini Shieldmaid)"]
    for line in one:
        lost = sum(loss["count"] for loss in line["losses"].values())
        assert line["wins"] + lost == line["games"] == 6
        assert all(reason.startswith("lost: ") for reason in line["losses"])
        assert 1 <= line["rounds_min"] <= line["mean_rounds"] <= line["rounds_max"]
        # every game starts at stage 1; fewer games reach each later stage; a won game reached
        # the last stage
        reached = list(line["stages_reached"].values())
        assert reached[0] == 1.0 and reached == sorted(reached, reverse=True)
        assert reached[-1] >= line["wins"] / line["games"]
    code, out, _ = run(capsys, *argv[:-2])
    assert "wardens + rangers: 6 games" in out and "rounds played:" in out and re.search(r"won \d+ \(", out)
    assert re.search(r"quest stage reached: 1 100\.0%, 2 \d+\.\d%", out)


def test_a_tally_written_before_stages_were_counted_still_reads() -> None:
    """A simulation saved by an earlier version (its tally has no 'stages') resumes: the games
    it counted simply say no stage."""
    from lotr_rules.sim.results import GameResult
    from lotr_rules.sim.tally import Tally

    result = GameResult(index=0, seed=1, reason="won", turns=5, heroes=("a",), scores=(1,), winners=(0,), stage=3)
    assert GameResult.from_json(result.to_json()) == result
    tally = Tally.of([result])
    assert tally.stages == {"3": 1}
    written = tally.to_json()
    assert Tally.from_json(written) == tally
    del written["stages"]
    assert Tally.from_json(written).stages == {}
    plain = GameResult(index=0, seed=1, reason="won", turns=5, heroes=("a",), scores=(1,), winners=(0,))
    assert "stage" not in plain.to_json()


# ---------------------------------------------------------------------- cards and show
def test_cards_and_show_give_the_lcg_fields(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "cards", "--game", "lcg", *CARDS, "--set", "lcg-mini", "--type", "hero")
    header = out.splitlines()[0].split()
    assert code == 0
    assert header[:8] == ["name", "set", "type", "sphere", "threat-cost", "willpower", "attack", "defense-strength"]
    assert "power" not in header
    assert re.search(r"^Mini Captain +lcg-mini +hero +leadership +10 +2 +2 +2 +5 ", out, re.M)
    code, out, _ = run(capsys, "show", *CARDS, "Mini Bats")
    assert "  attack: 1   defense-strength: 0   hit-points: 2   keywords: surge   engagement-cost: 10" in out
    assert "doomed" not in out  # a default no card could write is no value


# ---------------------------------------------------------------------- lint
def test_lint_checks_the_decks_and_scenarios_of_a_set(tmp_path: Path) -> None:
    diagnostics, _ = lint_paths([MINI])
    assert diagnostics == []
    diagnostics, _ = lint_paths([CORE])
    assert {d.code for d in diagnostics} <= {"W220", "W221"}  # only cards still to be written


# ---------------------------------------------------------------------- the shipped starter decks
def test_the_starter_decks_are_the_rulebooks() -> None:
    """Core rulebook, "For the First Game": the heroes of each sphere's starter deck, its player
    cards, and one Gandalf in each."""
    heroes = {
        "leadership": ["Aragorn", "Glóin", "Théodred"],
        "tactics": ["Legolas", "Gimli", "Thalin"],
        "spirit": ["Éowyn", "Dunhere", "Eleanor"],
        "lore": ["Glorfindel", "Denethor", "Beravor"],
    }
    for name in STARTERS:
        deck = read_deck_list(CORE / "decks" / f"{name}.txt")
        assert deck.problems == ()
        assert [line.name for line in deck.heroes] == heroes[name]
        assert deck.copies()["Gandalf"] == 1
        assert deck.size == 30  # 29 cards of the sphere (the core set's copies) and Gandalf


def _missing_cards() -> list[str]:
    """The cards the starter decks name that the shipped sets do not have yet."""
    cards = Records(load_sets(vocabulary=vocabulary_for("lcg"))).cards
    decks = [read_deck_list(CORE / "decks" / f"{name}.txt") for name in STARTERS]
    wanted = {line.name for deck in decks for line in (*deck.heroes, *deck.cards)}
    return sorted(wanted - set(cards))


def _scenario_missing() -> list[str]:
    """What Passage Through Mirkwood names that the shipped sets do not have yet."""
    scenario, problems = read_scenario_file(CORE / "scenarios" / "passage-through-mirkwood.toml")
    assert scenario is not None, problems
    cards = Records(load_sets(vocabulary=vocabulary_for("lcg"))).cards
    return [p.message for p in scenario_problems(scenario, cards)]


MISSING = _missing_cards()
SCENARIO_MISSING = _scenario_missing()


@pytest.mark.skipif(bool(MISSING), reason=f"core set cards not written yet: {', '.join(MISSING)}")
def test_the_starter_decks_keep_the_deck_building_rules() -> None:
    cards = Records(load_sets(vocabulary=vocabulary_for("lcg"))).cards
    for name in STARTERS:
        assert deck_problems(read_deck_list(CORE / "decks" / f"{name}.txt"), cards) == [], name


@pytest.mark.skipif(bool(SCENARIO_MISSING), reason="; ".join(SCENARIO_MISSING) or "-")
def test_passage_through_mirkwood_is_made_of_the_shipped_cards() -> None:
    catalogue = load_sets(vocabulary=vocabulary_for("lcg"))
    scenario = load_scenario(CORE / "scenarios" / "passage-through-mirkwood.toml", catalogue)
    assert [card.stage for card in scenario.quest] == [1, 2, 3, 3]
    assert {card.encounter_set for card in scenario.encounter} == {
        "Passage Through Mirkwood",
        "Spiders of Mirkwood",
        "Dol Guldur Orcs",
    }


@pytest.mark.skipif(
    bool(MISSING or SCENARIO_MISSING), reason="the core set's starter decks or scenario cards are not all written yet"
)
def test_the_starter_decks_play_passage_through_mirkwood(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "game", "--game", "lcg", "--decks", "leadership,tactics", "--quiet")
    assert code == 0, err
    assert re.search(r"^The players (won|lost): ", out, re.M)


class Typed(Answers):
    """The given lines first, then "1" as Answers does."""

    def __init__(self, lines: list[str], stop: int | None = None) -> None:
        super().__init__(stop)
        self.lines = list(lines)

    def __call__(self, prompt: str) -> str:
        if self.lines:
            return self.lines.pop(0)
        return super().__call__(prompt)


def test_i_shows_a_cards_face_and_its_state_in_play(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """`i NAME` shows a card's printed numbers, traits, keywords and text, never where a copy is;
    `i N` shows the card an option is about, with its state while it is in play."""
    save = str(tmp_path / "save.json")
    typed = Typed(["i mini captain", "i mini wizard", "2"], stop=8)
    out = play(capsys, monkeypatch, typed, "--game", "lcg", *SETUP, "--decks", "wardens", "--save", save)
    assert (
        "Mini Captain  (unique leadership hero)\n  threat cost 10   willpower 2   attack 2   defense 2   hit points 5"
        in out
    )
    assert "  keywords: Sentinel" in out
    assert "Mini Wizard  (unique neutral ally)" in out
    assert "now:" not in out.split("Mini Wizard  (unique neutral ally)")[1].split("Choose")[0]


def test_lint_says_a_quest_stage_sets_up_a_card_the_encounter_deck_lacks(tmp_path: Path) -> None:
    """A stage's setup takes its cards from the encounter deck, which holds only the scenario's
    encounter sets (RR "Setup"): a game refuses the scenario at its start, so lint says so (E194)."""
    folder = tmp_path / "lcg-mini"
    shutil.copytree(MINI, folder)
    trail = folder / "mini-trail.card"
    trail.write_text(trail.read_text().replace("  quest-points 3\n", '  quest-points 3\n  setup-staging "Mini Orc"\n'))
    (folder / "scenarios" / "mini-quest.toml").write_text(
        'name = "Mini Quest"\nquest = ["Mini Trail", "Mini Ford"]\nencounter_sets = ["Mini Woods"]\n'
    )
    diagnostics, _ = lint_paths([folder])
    assert [(d.code, d.message) for d in diagnostics] == [
        (
            "E194",
            "the quest card 'Mini Trail' sets up 'Mini Orc', which is in none of the scenario's encounter sets"
            " (so not in its encounter deck)",
        )
    ]
    catalogue = load_sets((folder,), vocabulary=vocabulary_for("lcg"))
    with pytest.raises(UserError, match="sets up 'Mini Orc', which is in none"):
        load_scenario(folder / "scenarios" / "mini-quest.toml", catalogue)
