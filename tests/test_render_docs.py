"""docs/rendering.md shows what its commands print today: each `$ lotr-rules ...` block is run."""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest

from lotr_rules.cli import main

ROOT = Path(__file__).resolve().parents[1]
PAGE = ROOT / "docs" / "rendering.md"


def test_every_command_shown_is_run_by_docgen() -> None:
    """The outputs under the page's commands are written by docgen's examples (which run them);
    only the message of a missing extra, which no run on a full install prints, is checked here."""
    page = PAGE.read_text(encoding="utf-8")
    commands = re.findall(r"^\$ lotr-rules", page, re.M)
    marked = re.findall(r"^<!-- run:[^\n]*-->\n```\n\$ lotr-rules", page, re.M)
    assert len(commands) >= 5 and len(marked) == len(commands)


def test_the_missing_extra_message_is_the_one_shown(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setitem(sys.modules, "cairosvg", None)
    assert main(["render", "Elven Cloak", "--format", "png", "--out", str(tmp_path)]) == 2
    message = capsys.readouterr().err.strip()
    assert f"```\n{message}\n```" in PAGE.read_text(encoding="utf-8")
