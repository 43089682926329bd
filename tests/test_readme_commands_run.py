"""The README's table of commands shows one example per row, inline (so the fenced-block checks of
tests/test_docs_examples.py do not see it, and tests/test_commands_agree.py only parses it): each
example is run here as a reader would type it, in a fresh folder beside the repository's
examples, and must succeed and do what its row says.

Three are not run as shown: ``serve --open`` serves pages until it is stopped and opens a browser,
and ``lsp`` talks to an editor until the editor stops it, so both are only parsed (the language
server's own tests start it with a real client); ``simulate --games 1000`` takes half a minute,
so it runs with its shown options but fewer games. ``play`` examples read a quit and a "yes" from standard input.
"""

from __future__ import annotations

import re
import shlex
from pathlib import Path

import pytest

from lotr_rules.cli import build_parser
from lotr_rules.docgen.examples import _TypedAnswers, run_command

ROOT = Path(__file__).resolve().parents[1]
#: what the examples name beside the folder they run in
LINKED = ("examples", "cardscripts", "tests")
#: examples only parsed, and why
PARSED_ONLY = {
    "serve --open": "serves pages until stopped",
    "lsp": "talks to an editor over standard input and output until the editor stops it",
}
#: examples run with an option changed to keep the test fast: (shown, run instead)
SHORTENED = {"--games 1000": "--games 12"}
#: what a person types at the examples that ask (quit, then yes)
ANSWERS = {"play": ("q", "y")}


def _table() -> list[tuple[str, list[str]]]:
    """Each row of the README's command table: (its commands cell, its example commands)."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    table = readme[readme.index("| command | what it does | example |") :]
    rows = [line for line in table.splitlines()[2:] if line.startswith("| ")]
    rows = rows[: next((n for n, row in enumerate(rows) if not row.startswith("| `")), len(rows))]
    out = []
    for row in rows:
        cells = [cell.strip() for cell in row.strip("|").split(" | ")]
        examples = [
            part.strip() for found in re.findall(r"`lotr-rules ([^`]*)`", cells[-1]) for part in found.split("&&")
        ]
        out.append((cells[0], [example.removeprefix("lotr-rules ") for example in examples]))
    return out


EXAMPLES = [example for _cell, examples in _table() for example in examples]


def test_the_table_has_an_example_for_every_command() -> None:
    commands = set()
    for cell, examples in _table():
        assert examples, f"the row of {cell} shows no example"
        named = set(re.findall(r"`(\w+)", cell))
        assert {example.split()[0] for example in examples} <= named | {"game"}, cell
        commands |= named
    parser = build_parser()
    every = next(action for action in parser._actions if action.dest == "command").choices
    assert every is not None
    assert set(every) == commands, "a command has no row in the README, or a row no command"


def test_the_card_game_has_its_row() -> None:
    assert any("game --game lcg" in cell and "play --game lcg" in examples for cell, examples in _table())


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """One folder for every example, in the table's order (``replay`` reads what ``game`` wrote)."""
    where = tmp_path_factory.mktemp("readme")
    for linked in LINKED:
        (where / linked).symlink_to(ROOT / linked, target_is_directory=True)
    return where


@pytest.mark.parametrize("example", EXAMPLES)
def test_the_example_runs(example: str, folder: Path) -> None:
    argv = shlex.split(example)
    if example in PARSED_ONLY:
        build_parser().parse_args(argv)
        return
    for shown, instead in SHORTENED.items():
        argv = shlex.split(example.replace(shown, instead))
    code, lines = run_command(argv, folder, _TypedAnswers(ANSWERS.get(argv[0], ()), None))
    output = "\n".join(lines)
    assert code == 0, f"lotr-rules {example} exited with {code}:\n{output[-2000:]}"
    assert "error" not in output.lower() or argv[0] in ("lint", "show"), output[-2000:]
    for written in re.findall(r"(?:--out|--record) (\S+)", example):
        assert (folder / written).exists(), f"lotr-rules {example} did not write {written}"
        assert written in output, f"lotr-rules {example} does not say it wrote {written}"
