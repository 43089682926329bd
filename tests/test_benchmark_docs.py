"""The benchmark commands the performance section of docs/playing.md shows are commands the
scripts accept: each names a script in benchmarks/ and only options that script's parser
knows (the figures beside them come from real runs of those commands), and the flame graphs
the page shows are the files those commands write."""

from __future__ import annotations

import re
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PAGE = ROOT / "docs" / "playing.md"


def _commands() -> list[list[str]]:
    text = PAGE.read_text(encoding="utf-8")
    found = re.findall(r"^python (benchmarks/\S+\.py[^`\n]*)", text, re.MULTILINE)
    found += re.findall(r"`python (benchmarks/\S+\.py[^`]*)`", text)
    return [shlex.split(command) for command in dict.fromkeys(found)]


def _options(script: str) -> set[str]:
    """The options the script's --help lists (its parser, as it runs)."""
    done = subprocess.run(
        [sys.executable, str(ROOT / script), "--help"], capture_output=True, text=True, check=True, cwd=ROOT
    )
    return set(re.findall(r"(--[a-z][a-z-]*)", done.stdout))


def test_the_page_shows_benchmark_commands() -> None:
    scripts = {command[0] for command in _commands()}
    assert {"benchmarks/bench.py", "benchmarks/lcg_speed.py", "benchmarks/flamegraph.py"} <= scripts


@pytest.mark.parametrize("script", sorted({command[0] for command in _commands()}))
def test_every_option_shown_is_one_the_script_accepts(script: str) -> None:
    accepted = _options(script)
    for command in _commands():
        if command[0] == script:
            shown = {word for word in command[1:] if word.startswith("--")}
            assert shown <= accepted, (command, shown - accepted)


def test_the_flame_graphs_shown_are_those_the_commands_write() -> None:
    text = PAGE.read_text(encoding="utf-8")
    written = {
        command[command.index("--output") + 1] for command in _commands() if command[0] == "benchmarks/flamegraph.py"
    }
    shown = {"docs/" + image for image in re.findall(r"\]\((images/flame-[^)]+\.svg)\)", text)}
    assert written and shown == written
    for path in written:
        assert (ROOT / path).read_text(encoding="utf-8").startswith("<svg")
