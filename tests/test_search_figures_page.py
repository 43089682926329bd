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
    run = tmp_path / "one-win.json"
    run.write_text(json.dumps({"command": "a run with one win", "lines": [{**line, "won": 1, "games": 200}]}))
    subprocess.run(
        [sys.executable, SCRIPT, "--markdown", str(run), "--page", str(tmp_path / "page.md")],
        cwd=ROOT,
        check=True,
        capture_output=True,
        text=True,
    )
    made = (tmp_path / "page.md").read_text(encoding="utf-8")
    assert ("1", "0.5") in _shares(made), made
