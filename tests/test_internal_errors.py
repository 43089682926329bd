"""A bug of ours (an exception no check foresaw) is reported as one: the traceback, then a short
closing line that says it is a bug and not the user's input, exit 2."""

from __future__ import annotations

import argparse

import pytest

from lotr_rules import cli


def _failing(message: str) -> object:
    def run(args: argparse.Namespace) -> int:
        raise RuntimeError(message)

    return run


def test_an_unexpected_exception_is_called_a_bug_and_its_text_kept_short(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    class Parser:
        def __init__(self, words: list[str]) -> None:
            pass

        def parse_args(self, words: list[str]) -> argparse.Namespace:
            return argparse.Namespace(run=_failing("x" * 10_000))

    monkeypatch.setattr(cli, "build_parser", Parser)
    assert cli.main(["cards"]) == 2
    err = capsys.readouterr().err
    last = err.strip().splitlines()[-2]
    assert last.startswith("lotr-rules: internal error: RuntimeError: " + "x" * cli.INTERNAL_ERROR_CHARS + "...")
    assert last.endswith(f"({10_000 - cli.INTERNAL_ERROR_CHARS} more characters)")
    assert len(last) < cli.INTERNAL_ERROR_CHARS + 100
    assert "This is a bug in lotr-rules, not in your input." in err
