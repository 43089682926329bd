"""The search bot's figures page is what the benchmark makes of the runs kept beside it: made
again from benchmarks/search-runs/, in either order, it comes out the same, and every command
the search pages show is one the benchmark accepts."""

from __future__ import annotations

import json
import re
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SCRIPT = "benchmarks/search_strength.py"
RUNS = sorted((ROOT / "benchmarks" / "search-runs").glob("*.json"))
PAGE = ROOT / "docs" / "search-figures.md"


def _make_page(runs: list[Path], out: Path) -> str:
    relative = [path.relative_to(ROOT).as_posix() for path in runs]
    subprocess.run(
        [sys.executable, SCRIPT, "--markdown", *relative, "--page", str(out)],
        cwd=ROOT,
        check=True,
        capture_output=True,
        text=True,
    )
    return out.read_text(encoding="utf-8")


def test_runs_are_kept() -> None:
    assert len(RUNS) >= 8


@pytest.mark.parametrize("order", ["sorted", "reversed"])
def test_the_page_is_made_from_the_kept_runs(order: str, tmp_path: Path) -> None:
    runs = RUNS if order == "sorted" else RUNS[::-1]
    made = _make_page(runs, tmp_path / "page.md")
    if order == "sorted":
        assert made == PAGE.read_text(encoding="utf-8")
    else:
        # the commands are listed as the runs were given; the tables do not depend on it
        def tables(text: str) -> list[str]:
            return [line for line in text.splitlines() if not line.startswith("    python ")]

        assert tables(made) == tables(PAGE.read_text(encoding="utf-8"))


def _commands() -> list[list[str]]:
    found: list[str] = []
    for page in ("search.md", "search-figures.md"):
        text = (ROOT / "docs" / page).read_text(encoding="utf-8").replace("\\\n", " ")
        found += re.findall(rf"python ({re.escape(SCRIPT)}[^`\n]*)", text)
    return [shlex.split(command) for command in dict.fromkeys(found)]


def test_every_option_shown_is_one_the_benchmark_accepts() -> None:
    done = subprocess.run([sys.executable, SCRIPT, "--help"], cwd=ROOT, check=True, capture_output=True, text=True)
    accepted = set(re.findall(r"(--[a-z][a-z-]*)", done.stdout))
    commands = _commands()
    assert len(commands) >= 8
    for command in commands:
        shown = {word for word in command[1:] if word.startswith("--")}
        assert shown <= accepted, (command, shown - accepted)


def _shares(page: str) -> list[tuple[str, str]]:
    return re.findall(r"\| (\d+(?:\.\d+)?) \((\d+(?:\.\d+)?)%\)", page)


def test_no_game_won_reads_as_none_won(tmp_path: Path) -> None:
    """A share under 1% is shown to a tenth of a percent: a single win in 200 games reads 0.5%,
    never 0% beside a count that says otherwise (on the kept page, and on a run made to have
    exactly one win)."""
    shares = _shares(PAGE.read_text(encoding="utf-8"))
    assert shares
    assert all(float(percent) > 0 for won, percent in shares if float(won) > 0)
    lines = [line for path in RUNS for line in json.loads(path.read_text(encoding="utf-8"))["lines"]]
    scenarios = ("passage-through-mirkwood", "journey-down-the-anduin", "escape-from-dol-guldur")
    line = next(line for line in lines if line["bot"] == "search" and line["scenario"] in scenarios)
    made = _page_of(tmp_path, [{**line, "won": 1, "games": 200}])
    assert ("1", "0.5") in _shares(made), made


def _page_of(folder: Path, lines: list[dict[str, object]]) -> str:
    """The figures page the benchmark makes of a run holding ``lines``."""
    run = folder / "run.json"
    run.write_text(json.dumps({"command": "a run made for a test", "lines": lines}))
    subprocess.run(
        [sys.executable, SCRIPT, "--markdown", str(run), "--page", str(folder / "page.md")],
        cwd=ROOT,
        check=True,
        capture_output=True,
        text=True,
    )
    return (folder / "page.md").read_text(encoding="utf-8")


def test_a_rare_win_is_listed_by_its_seed(tmp_path: Path) -> None:
    """A row that won a few games lists them by seed under its scenario's table (so a rare win
    can be looked for again); a row that won more lists none."""
    base = {
        "scenario": "journey-down-the-anduin",
        "budget": 6,
        "games": 200,
        "seeds": [1, 200],
        "interval": [0.0, 0.03],
        "left_first_stage": 0.1,
        "rounds": 5.0,
        "cpu_seconds": 3.0,
        "playouts": 300.0,
    }
    lines = [
        {**base, "decks": ["tactics", "spirit"], "bot": "search", "won": 2, "won_seeds": [57, 160]},
        {**base, "decks": ["tactics", "spirit"], "bot": "heuristic", "budget": None, "won": 0, "won_seeds": []},
        {**base, "decks": ["leadership"], "bot": "search", "won": 6, "won_seeds": [1, 2, 3, 4, 5, 6]},
    ]
    made = _page_of(tmp_path, lines)
    assert "Seeds of the games won, on rows that won 5 or fewer: tactics + spirit (search): 57, 160. " in made, made
    assert "leadership (search): 1" not in made


def _run_script(*words: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, SCRIPT, *words], cwd=ROOT, capture_output=True, text=True)


def test_a_watched_game_is_the_game_its_row_played(tmp_path: Path) -> None:
    """``--watch SEED`` plays a row's game again with its log: the same game as the row's (its
    end agrees with the row's line for that seed), seated as the row seats it."""
    out = tmp_path / "row.json"
    words = ("--scenarios", "journey-down-the-anduin", "--line-ups", "leadership,tactics")
    played = _run_script(
        "--games", "2", "--first-seed", "7", *words, "--budgets", "2", "--no-deckbuilding", "--no-adventure",
        "--workers", "1", "--output", str(out),
    )  # fmt: skip
    assert played.returncode == 0, played.stderr
    lines = json.loads(out.read_text(encoding="utf-8"))["lines"]
    for line in lines:
        budget = str(line["budget"] or 0)
        rounds = 0
        for seed in (7, 8):
            watched = _run_script("--watch", str(seed), *words, "--budgets", budget)
            assert watched.returncode == 0, watched.stderr
            shown = watched.stdout.splitlines()
            bot = "the heuristic bot" if budget == "0" else "the search bot at 2 playouts"
            assert shown[0] == f"Journey Down the Anduin, leadership + tactics, seed {seed}, {bot} in every seat"
            assert "== Round 1" in watched.stdout
            won = shown[-1].startswith("The players won")
            assert won == (seed in line["won_seeds"]), shown[-1]
            found = re.search(r"in round (\d+)", shown[-1])
            assert found, shown[-1]
            rounds += int(found.group(1))
        assert rounds / 2 == line["rounds"], (line, rounds)
    # what cannot be watched is refused with a reason
    refused = _run_script("--watch", "3", "--scenarios", "nowhere")
    assert refused.returncode == 2 and "unknown scenario 'nowhere'" in refused.stderr
    assert "1 or more" in _run_script("--watch", "0").stderr


def test_the_watched_game_shown_in_the_docs_is_what_the_command_prints() -> None:
    """The search docs show a watched game's first and last lines: they are what it prints."""
    text = (ROOT / "docs" / "search.md").read_text(encoding="utf-8")
    found = re.search(r"```\n\$ python (benchmarks/search_strength\.py --watch [^\n]*)\n(.*?)```", text, re.DOTALL)
    assert found, "the search docs show a watched game"
    shown = found.group(2).splitlines()
    assert len(shown) == 2
    printed = _run_script(*shlex.split(found.group(1))[1:])
    assert printed.returncode == 0, printed.stderr
    lines = printed.stdout.splitlines()
    assert [lines[0], lines[-1]] == shown
