"""The search bot's figures page is what the benchmark makes of the runs kept beside it: made
again from benchmarks/search-runs/, in either order, it comes out the same, and every command
the search pages show is one the benchmark accepts."""

from __future__ import annotations

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


def test_no_game_won_reads_as_none_won() -> None:
    """A share under 1% is shown to a tenth of a percent: a single win in 200 games reads 0.5%,
    never 0% beside a count that says otherwise."""
    shares = re.findall(r"\| (\d+(?:\.\d+)?) \((\d+(?:\.\d+)?)%\)", PAGE.read_text(encoding="utf-8"))
    assert shares
    assert all(float(percent) > 0 for won, percent in shares if float(won) > 0)
    assert any(percent == "0.5" for _, percent in shares)  # the Anduin's one win, tactics with spirit
