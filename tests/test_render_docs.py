"""docs/rendering.md shows what its commands print today: each `$ lotr-rules ...` block is run."""

from __future__ import annotations

import re
import shlex
import shutil
import sys
from pathlib import Path

import pytest

from lotr_rules.cli import main

ROOT = Path(__file__).resolve().parents[1]
PAGE = ROOT / "docs" / "rendering.md"


def _blocks() -> list[tuple[str, str]]:
    """Each shown command and the output under it."""
    found = re.findall(r"^```\n\$ (lotr-rules [^\n]*)\n(.*?)^```", PAGE.read_text(encoding="utf-8"), re.M | re.S)
    return [(command, output) for command, output in found]


def test_the_page_shows_commands() -> None:
    assert len(_blocks()) >= 5


@pytest.mark.parametrize("command, output", _blocks(), ids=[command for command, _ in _blocks()])
def test_each_command_prints_what_the_page_shows(
    command: str, output: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    shutil.copytree(ROOT / "examples", tmp_path / "examples")
    monkeypatch.chdir(tmp_path)
    assert main(shlex.split(command)[1:]) == 0
    assert capsys.readouterr().out == output


def test_the_missing_extra_message_is_the_one_shown(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setitem(sys.modules, "cairosvg", None)
    assert main(["render", "Elven Cloak", "--format", "png", "--out", str(tmp_path)]) == 2
    message = capsys.readouterr().err.strip()
    assert f"```\n{message}\n```" in PAGE.read_text(encoding="utf-8")
