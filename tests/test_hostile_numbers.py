"""Numbers a shared set, scenario, mix or record gives or computes stay in documented ranges.

Each test performs the attack (a number squared in a loop, a Power of thousands of digits, a
trigger that sets itself off, a count of 10**30) and shows the clean outcome: one user error
naming the card or the key, in bounded time and memory.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from lotr_rules.cards.loader import load_folders
from lotr_rules.cli import main
from lotr_rules.engine.game import TRIGGER_DEPTH
from lotr_rules.errors import ConfigError, UserError
from lotr_rules.games.deckbuilding.config import GameConfig
from lotr_rules.games.deckbuilding.mix import deck_entries
from lotr_rules.games.deckbuilding.scenario import ScenarioError, load_scenario, run
from lotr_rules.games.deckbuilding.vocabulary import vocabulary
from lotr_rules.limits import MAX_CARDS_PER_SET, MAX_COPIES_PER_GAME, SCRIPT_NUMBER_MAX, shown_number

MANIFEST = 'code = "{code}"\nname = "Test set"\nlanguage = 5\nfamily = "deckbuilding"\n'


def card(name: str, ident: str, body: str = "", *, power: str = "1", kind: str = "ally") -> str:
    return (
        f'card "{name}" {{\n  id {ident}\n  type {kind}\n  cost 1\n  power {power}\n  victory 1\n  copies 1\n'
        f'  provenance designed\n  text "A test card."\n{body}}}\n'
    )


def make_set(root: Path, code: str, cards: dict[str, str]) -> Path:
    folder = root / code
    folder.mkdir()
    (folder / "set.toml").write_text(MANIFEST.format(code=code), encoding="utf-8")
    for ident, text in cards.items():
        (folder / f"{ident}.card").write_text(text, encoding="utf-8")
    return folder


SQUARER = card("Squarer", "squarer", "  play {\n    let X = 1000\n    let Y = X * X * X\n    +Y power\n  }\n")
#: The loop the issue first found: with one scoping rule for names (an inner ``let`` ends with
#: its block and never overwrites the outer name) it can no longer grow a number at all.
SQUARED_IN_A_LOOP = card(
    "Looper", "looper", "  play {\n    let X = 2\n    repeat 40 {\n      let X = X * X\n    }\n    +X power\n  }\n"
)


def test_a_number_squared_in_a_loop_cannot_grow_past_its_block(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = make_set(tmp_path, "loops", {"looper": SQUARED_IN_A_LOOP})
    assert main(["lint", str(folder)]) == 0
    scenario = tmp_path / "looper.toml"
    scenario.write_text(
        '[game]\nplayers = 1\n[players.1]\nhand = ["Looper"]\n[[do]]\nplay = "Looper"\n[expect]\npower = 3\n',
        encoding="utf-8",
    )
    assert main(["scenario", "--cards", str(folder), str(scenario)]) == 0, capsys.readouterr().out


def test_a_number_computed_past_the_range_lints_clean_and_stops_with_an_error_naming_the_card(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = make_set(tmp_path, "squares", {"squarer": SQUARER})
    assert main(["lint", str(folder)]) == 0
    capsys.readouterr()
    scenario = tmp_path / "squarer.toml"
    scenario.write_text(
        '[game]\nplayers = 1\n[players.1]\nhand = ["Squarer"]\n[[do]]\nplay = "Squarer"\n', encoding="utf-8"
    )
    assert main(["scenario", "--cards", str(folder), str(scenario)]) != 0
    err = capsys.readouterr()
    shown = err.out + err.err
    assert "card 'Squarer' computed the number" in shown
    assert f"-{SCRIPT_NUMBER_MAX} to {SCRIPT_NUMBER_MAX}" in shown
    assert "internal error" not in shown


def test_a_number_written_past_the_range_is_a_lint_error(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    body = f"  play {{\n    +{SCRIPT_NUMBER_MAX + 1} power\n  }}\n"
    folder = make_set(tmp_path, "bigs", {"big-power": card("Big Power", "big-power", body)})
    assert main(["lint", str(folder)]) == 1
    assert f"E142 {SCRIPT_NUMBER_MAX + 1} is out of range" in capsys.readouterr().out


def test_a_power_of_thousands_of_digits_is_refused_with_the_number_elided(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    digits = "9" * 4290
    folder = make_set(tmp_path, "huge", {"huge": card("Huge", "huge", power=digits)})
    assert main(["lint", str(folder)]) == 1
    out = capsys.readouterr().out
    assert "E142 power 999999999999... (4290 digits) is out of range 0 to 12" in out
    assert digits not in out


@pytest.mark.parametrize("digits", ["9" * 5000, "1" + "0" * 4999, "6"])
def test_an_adventure_direction_of_thousands_of_digits_is_a_lint_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], digits: str
) -> None:
    """A direction is read as a count of cards (1 to 5): one past Python's 4300-digit limit on
    converting text to a number used to crash the compiler; it is E142, with the number elided."""
    folder = tmp_path / "roads"
    folder.mkdir()
    (folder / "set.toml").write_text(
        'code = "roads"\nname = "Roads"\nlanguage = 5\nfamily = "adventure-deck"\n', encoding="utf-8"
    )
    (folder / "crossing.card").write_text(
        'card "Crossing" {\n  id crossing\n  type place\n  copies 1\n  aggression 2\n'
        f'  directions up {digits} right 2\n  provenance designed\n  text "A road."\n}}\n',
        encoding="utf-8",
    )
    assert main(["lint", str(folder)]) == 1
    captured = capsys.readouterr()
    out = captured.out + captured.err
    assert "internal error" not in out
    assert "E142 direction up" in out and "is out of range 1 to 5" in out
    assert len(out) < 400  # the number is elided, not printed whole
    if len(digits) > 12:
        assert f"({len(digits)} digits)" in out


def test_shown_number_never_converts_a_huge_number_whole() -> None:
    assert shown_number(-5) == "-5"
    assert shown_number(10**5000) == "100000000000... (5001 digits)"
    assert shown_number(-(10**30)) == "-100000000000... (31 digits)"


def test_a_trigger_that_sets_itself_off_names_the_trigger_depth_limit(tmp_path: Path) -> None:
    """A location revealing a card whenever a card is revealed: a chain without end."""
    echo = card(
        "Echo",
        "echo",
        "  when you reveal a card {\n    reveal 1 card from deck as X\n  }\n",
        kind="location",
        power="0",
    )
    folder = make_set(tmp_path, "echoes", {"echo": echo})
    scenario = tmp_path / "echo.toml"
    scenario.write_text(
        '[game]\nplayers = 1\n[players.1]\nhand = ["Palantír of Orthanc"]\nfront = ["Echo"]\n'
        'deck = ["Courage*80"]\n[[do]]\nplay = "Palantír of Orthanc"\n',
        encoding="utf-8",
    )
    result = run(load_scenario(scenario, extra_cards=[folder]))
    failures = "\n".join(result.failures)
    assert "card 'Echo' went past the trigger-depth limit" in failures
    assert f"more than {TRIGGER_DEPTH} deep" in failures
    assert "effect steps" not in failures


@pytest.mark.parametrize(
    ("line", "piece"),
    [
        ("power = 1000000000000000000", "game.power: must be 0 to 1000000"),
        ("power = -5", "game.power: must be 0 to 1000000, not -5"),
        ("turn = 9000000000000000000", "game.turn: must be 0 to 100000"),
    ],
)
def test_scenario_numbers_outside_their_range_name_the_key(tmp_path: Path, line: str, piece: str) -> None:
    path = tmp_path / "bad.toml"
    path.write_text(f"[game]\nplayers = 1\n{line}\n", encoding="utf-8")
    with pytest.raises(ScenarioError, match=piece):
        load_scenario(path)


@pytest.mark.parametrize(
    "hand",
    [
        '["Lembas*1000000000000000000000000000000"]',
        '["Lembas*' + "9" * 5000 + '"]',
        '[{name = "Lembas", count = 9000000000000000000}]',
        '["Lembas*4000", "Courage*4000"]',
    ],
)
def test_scenario_counts_past_the_copies_cap_are_refused(tmp_path: Path, hand: str) -> None:
    path = tmp_path / "bad.toml"
    path.write_text(f"[game]\nplayers = 1\n[players.1]\nhand = {hand}\n", encoding="utf-8")
    with pytest.raises(ScenarioError, match=str(MAX_COPIES_PER_GAME)):
        load_scenario(path)


@pytest.mark.parametrize("count", [10**30, -5, 0, MAX_COPIES_PER_GAME + 1])
def test_deck_counts_outside_their_range_are_refused(count: int) -> None:
    with pytest.raises(ConfigError, match=f"a count is a whole number, 1 to {MAX_COPIES_PER_GAME}"):
        deck_entries({"Lembas": count}, "deck file 'x.json'")


@pytest.mark.parametrize(
    ("key", "value", "piece"),
    [("seed", 10**30, "seed must be 0 to"), ("seed", -5, "seed must be 0 to"), ("max_turns", 10**30, "max_turns")],
)
def test_record_config_numbers_outside_their_range_are_refused(key: str, value: int, piece: str) -> None:
    with pytest.raises(ConfigError, match=piece):
        GameConfig.from_json({"players": 2, key: value})


def test_a_record_with_a_count_of_ten_to_the_thirty_is_a_user_error(tmp_path: Path) -> None:
    from lotr_rules.games.deckbuilding.record import RECORD_FORMAT, RECORD_VERSION, read_record

    path = tmp_path / "bad.json"
    record = {"format": RECORD_FORMAT, "version": RECORD_VERSION, "cards": {}, "choices": [10**30, -5]}
    path.write_text(json.dumps(record), encoding="utf-8")
    with pytest.raises(UserError, match="corrupt list of choices"):
        read_record(path)


def test_a_manifest_starting_deck_count_past_the_cap_is_refused(tmp_path: Path) -> None:
    folder = make_set(tmp_path, "starts", {})
    (folder / "set.toml").write_text(
        MANIFEST.format(code="starts") + '[starting_deck]\n"Courage" = 9000000000000000000\n', encoding="utf-8"
    )
    _, diagnostics = load_folders([folder], vocabulary())
    assert any("a count is 0 to 40" in d.message for d in diagnostics)


def test_a_set_past_the_card_cap_is_refused_by_name(tmp_path: Path) -> None:
    folder = make_set(tmp_path, "many", {})
    for index in range(MAX_CARDS_PER_SET + 1):
        (folder / f"c{index}.card").write_text("", encoding="utf-8")
    catalogue, diagnostics = load_folders([folder], vocabulary())
    assert [d.message for d in diagnostics] == [
        f"set 'many' has {MAX_CARDS_PER_SET + 1} card files; a set holds at most {MAX_CARDS_PER_SET}"
    ]
    assert not catalogue.cards


def test_a_game_past_the_copies_cap_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    deck = tmp_path / "deck.json"
    deck.write_text(json.dumps({"Lembas": MAX_COPIES_PER_GAME}), encoding="utf-8")
    assert main(["game", "--quiet", "--mix", "custom", "--deck", str(deck)]) == 2
    assert f"more than {MAX_COPIES_PER_GAME} card copies" in capsys.readouterr().err


def _calls_to_load(root: Path, size: int) -> int:
    """The Python function calls made loading a generated set of ``size`` cards: a count of
    operations, the same on every machine, where a time would not be."""
    import sys

    body = "  play {\n    draw 1\n  }\n"
    cards = {f"c{index}": card(f"Generated {index}", f"c{index}", body) for index in range(size)}
    folder = make_set(root, f"gen{size}", cards)
    calls = 0

    def count(frame: object, event: str, arg: object) -> None:
        nonlocal calls
        if event == "call":
            calls += 1

    sys.setprofile(count)
    try:
        catalogue, diagnostics = load_folders([folder], vocabulary())
    finally:
        sys.setprofile(None)
    assert len(catalogue.cards) == size, diagnostics
    return calls


def test_loading_a_set_costs_linearly_in_its_cards(tmp_path: Path) -> None:
    """Four times the cards costs at most a little over four times the work, well below the cap."""
    small, large = _calls_to_load(tmp_path, 50), _calls_to_load(tmp_path, 200)
    assert large <= 4.4 * small, (small, large)
