"""Short commands load only what they use: ``--help`` loads no command, and reading good card
scripts never loads Lark (the hand-written parser reads them). Checked on the modules a fresh
process has loaded, never on how long it took."""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from lotr_rules import commands
from lotr_rules.cli import build_parser
from lotr_rules.lint import runner

ROOT = Path(__file__).resolve().parents[1]


def modules_after(argv: list[str]) -> set[str]:
    """The modules loaded once ``lotr-rules ARGV`` has run in a fresh interpreter."""
    program = (
        "import json, sys\n"
        "from lotr_rules.cli import main\n"
        "try:\n"
        f"    main({argv!r})\n"
        "except SystemExit:\n"
        "    pass\n"
        "sys.stdout.flush()\n"
        "print('\\n' + json.dumps(sorted(sys.modules)), file=sys.stderr)\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", program], capture_output=True, text=True, cwd=ROOT, check=True, timeout=120
    )
    loaded: list[str] = json.loads(done.stderr.strip().splitlines()[-1])
    return set(loaded)


def test_help_loads_no_command_and_no_lark() -> None:
    loaded = modules_after(["--help"])
    assert "lark" not in loaded
    heavy = {"lotr_rules.dsl.compiler", "lotr_rules.cards.loader", "lotr_rules.engine.game", "attrs"}
    assert not heavy & loaded, sorted(heavy & loaded)
    assert not [name for name in loaded if name.startswith("lotr_rules.commands.")]


@pytest.mark.parametrize(
    ("argv", "unused"),
    [
        # Lark reads the LCG set's triggered abilities and costs, which the fast parser leaves to it
        (["lint", "cardscripts"], ("lotr_rules.agents.bots", "lotr_rules.sim")),
        (["game", "--seed", "3", "--quiet"], ("lark", "lotr_rules.lint.runner", "lotr_rules.sim")),
    ],
)
def test_a_command_loads_only_what_it_uses(argv: list[str], unused: tuple[str, ...]) -> None:
    """Good deck-building card scripts are read without Lark (a game loads no LCG card), and one
    command does not load another's modules."""
    loaded = modules_after(argv)
    assert not [name for name in loaded if name.startswith(unused)], sorted(
        name for name in loaded if name.startswith(unused)
    )
    command = argv[0]
    others = {f"lotr_rules.commands.{name}" for name in commands.COMMANDS if name != command}
    assert not others & loaded, sorted(others & loaded)


def _subcommands(parser: argparse.ArgumentParser) -> dict[str, Any]:
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            return {choice.dest: choice.help for choice in action._choices_actions}
    raise AssertionError("no subcommands")


def test_the_command_list_matches_each_commands_own_help() -> None:
    """``--help`` lists the commands from a table, without loading them: the table must say what
    each command's module registers, in the same order."""
    full = _subcommands(build_parser())
    assert full == commands.COMMANDS
    assert list(full) == list(commands.COMMANDS)
    assert _subcommands(build_parser(["--help"])) == commands.COMMANDS


@pytest.mark.parametrize("name", list(commands.COMMANDS))
def test_each_command_alone_parses_its_own_arguments(name: str, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stop:
        build_parser([name, "--help"]).parse_args([name, "--help"])
    assert stop.value.code == 0
    assert f"usage: lotr-rules {name}" in capsys.readouterr().out


def test_lint_reads_each_manifest_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """Linting a set reads its set.toml once, not once for every card file in it."""
    reads: list[Path] = []
    real = runner.read_manifest

    def counting(folder: Path) -> Any:
        reads.append(folder.resolve())
        return real(folder)

    monkeypatch.setattr(runner, "read_manifest", counting)
    diagnostics, files = runner.lint_paths([ROOT / "cardscripts"])
    assert files > 100
    assert not diagnostics
    assert reads
    assert len(reads) == len(set(reads)), [folder for folder in set(reads) if reads.count(folder) > 1]
