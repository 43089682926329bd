"""docs/playing.md shows the terminal as it is: its example screens are checked against a real run
of ``lotr-rules play --players 2 --seed 3`` fed the answers the page shows."""

from __future__ import annotations

import builtins
import re
from collections.abc import Iterator, Sequence
from pathlib import Path

import pytest

from lotr_rules.cli import main

PAGE = Path(__file__).resolve().parents[1] / "docs" / "playing.md"


def _block_after(marker: str) -> str:
    """The first code block after ``marker`` on the page."""
    text = PAGE.read_text(encoding="utf-8")
    start = text.index(marker)
    match = re.search(r"^```\n(.*?)^```", text[start:], re.M | re.S)
    assert match is not None, marker
    return match.group(1)


class _Keyboard:
    """Answers, echoed as a terminal shows them, then the end of input."""

    def __init__(self, answers: Sequence[str]) -> None:
        self.answers: Iterator[str] = iter(answers)

    def __call__(self, prompt: str = "") -> str:
        for answer in self.answers:
            print(prompt + answer)
            return answer
        print(prompt, end="")  # Ctrl-D ends the input without a new line
        raise EOFError


def _run(answers: Sequence[str], monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> str:
    monkeypatch.setattr(builtins, "input", _Keyboard(answers))
    assert main(["play", "--players", "2", "--seed", "3"]) == 0
    # a prompt ends in a space the page's lines do not keep
    return "\n".join(line.rstrip() for line in capsys.readouterr().out.splitlines()) + "\n"


@pytest.fixture(autouse=True)
def _in_a_scratch_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)  # the end of input saves into the current folder


def test_the_first_screen_is_the_one_shown(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    assert _block_after("### The screen and the menu") in _run(["1"], monkeypatch, capsys)


def test_i_n_shows_what_the_page_says(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    shown = _block_after("For example, `i 2` at the first screen above")
    assert "Choose 1-3 (? for help, i N for a card): i 2\n" + shown in _run(["i 2"], monkeypatch, capsys)


def test_the_end_of_input_saves_as_the_page_says(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    shown = _block_after("saying where it was")
    assert shown in _run([], monkeypatch, capsys)
    assert Path("lotr-save.json").is_file()
