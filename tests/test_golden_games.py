"""Golden whole-game logs: complete games, played by the CLI, pinned line by line.

Each case is a command a user could type; its whole output (the log move by move and the
scores) is kept in ``tests/golden/<case>.txt``. Any change in how a rule, a card or a bot plays
shows up here as a readable diff. When a change is meant (a card retuned, a rule fixed), rewrite
the files with ``pytest tests/test_golden_games.py --update-golden`` and read the diff before
committing it.
"""

from __future__ import annotations

import difflib
import shlex
from pathlib import Path

import pytest

from lotr_rules.cli import main

ROOT = Path(__file__).resolve().parents[1]
GOLDEN = Path(__file__).resolve().parent / "golden"

#: case name -> the command (after ``lotr-rules``), run from the repository's top folder
CASES: dict[str, str] = {
    "two-towers-4-players-seed-7": "game --players 4 --seed 7",
    "two-towers-impossible-3-players": "game --players 3 --seed 11 --impossible",
    "two-towers-random-bots-2-players": "game --players 2 --seed 5 --bot random",
    "fellowship-3-players": "game --sets fellowship --players 3 --seed 5",
    "fellowship-impossible-2-players": "game --sets fellowship --players 2 --seed 9 --impossible",
    "mix-less-random-3-players": "game --sets two-towers,fellowship --mix less-random --players 3 --seed 2",
    "mix-plan-1-4-players": "game --sets two-towers,fellowship --mix plan-1 --players 4 --seed 3",
    "mix-plan-2-match-2-players": "game --sets two-towers,fellowship --mix plan-2 --players 2 --seed 4",
    "custom-set-with-two-towers": "game --cards examples/custom-set --sets two-towers,custom-set --seed 2",
    "adventure-deck-adaptive": "play --game adventure-deck --strategy adaptive --seed 3",
    "adventure-deck-longest": "play --game adventure-deck --strategy longest --seed 8",
    "lcg-mini-2-players": (
        "game --game lcg --cards tests/data/lcg-mini --scenario mini-quest --decks wardens,rangers --seed 3"
    ),
}
#: how much of a difference a failure prints
DIFF_LINES = 60


def play(command: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> str:
    monkeypatch.chdir(ROOT)
    code = main(shlex.split(command))
    out = capsys.readouterr().out
    assert code == 0, f"lotr-rules {command} exited {code}"
    return f"$ lotr-rules {command}\n{out}"


@pytest.mark.parametrize("case", sorted(CASES))
def test_a_whole_game_plays_out_as_recorded(
    case: str, request: pytest.FixtureRequest, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    path = GOLDEN / f"{case}.txt"
    played = play(CASES[case], capsys, monkeypatch)
    if request.config.getoption("--update-golden"):
        path.write_text(played, encoding="utf-8")
        return
    assert path.is_file(), f"no golden log for '{case}': run pytest {__file__} --update-golden"
    expected = path.read_text(encoding="utf-8")
    if played != expected:
        diff = difflib.unified_diff(
            expected.splitlines(), played.splitlines(), f"golden/{case}.txt", "played now", lineterm=""
        )
        shown = "\n".join(list(diff)[:DIFF_LINES])
        pytest.fail(f"the game no longer plays out as recorded (--update-golden if that is meant):\n{shown}")


def test_every_golden_file_has_a_case() -> None:
    """A golden file whose case was removed would never be checked again."""
    assert sorted(p.stem for p in GOLDEN.glob("*.txt")) == sorted(CASES)


def test_the_same_command_plays_the_same_game_twice(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The golden files mean something only if a game depends on nothing but its command."""
    command = CASES["mix-plan-1-4-players"]
    assert play(command, capsys, monkeypatch) == play(command, capsys, monkeypatch)
