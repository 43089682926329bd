"""Every data file a user may be handed (scenario, mix, deck, save or record) is a user error at
worst: a NUL byte or thousands of characters in its path, a device or a FIFO, arrays nested
thousands deep, bytes that are not UTF-8. Each test hands one over and shows the one clean
message, with a position where the file has one."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from lotr_rules.cli import main
from lotr_rules.limits import MAX_DATA_DEPTH, MAX_PATH_CHARS

DEEP_TOML = "a = " + "[" * 5000 + "]" * 5000 + "\n"
DEEP_TABLES = "a = " + "{b = " * 3000 + "1" + "}" * 3000 + "\n"
DEEP_JSON = "[" * 5000 + "]" * 5000


def _commands(path: str) -> list[list[str]]:
    return [
        ["scenario", path],
        ["game", "--quiet", "--mix-file", path],
        ["game", "--quiet", "--mix", "custom", "--deck", path],
        ["replay", path],
        ["play", "--resume", path],
    ]


def _clean(capsys: pytest.CaptureFixture[str], code: int) -> str:
    captured = capsys.readouterr()
    err = captured.err + captured.out
    assert code in (1, 2), err
    assert "internal error" not in err and "Traceback" not in err, err
    return err


@pytest.mark.parametrize("index", range(5))
def test_deep_nesting_is_refused_with_its_position(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], index: int
) -> None:
    suffix = ".json" if index >= 2 else ".toml"
    text = DEEP_JSON if suffix == ".json" else DEEP_TOML
    path = tmp_path / f"deep.mix{suffix}"
    path.write_text(text, encoding="utf-8")
    err = _clean(capsys, main(_commands(str(path))[index]))
    assert f"nests arrays or tables more than {MAX_DATA_DEPTH} deep" in err
    assert f"deep.mix{suffix}:1:" in err


def test_deep_inline_tables_in_a_scenario(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "deep.toml"
    path.write_text(DEEP_TABLES, encoding="utf-8")
    err = _clean(capsys, main(["scenario", str(path)]))
    assert "deep.toml:1:" in err


def test_brackets_inside_strings_and_comments_do_not_count(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "fine.toml"
    path.write_text(
        'title = "' + "[" * 200 + "\"\ncite = '" + "{" * 200 + "'\n# " + "[" * 200 + "\n[game]\nplayers = 1\n",
        encoding="utf-8",
    )
    assert main(["scenario", str(path)]) == 0, capsys.readouterr().err


@pytest.mark.parametrize("name", ["a\0b.toml", "x" * (MAX_PATH_CHARS + 1)])
@pytest.mark.parametrize("index", range(5))
def test_impossible_paths_are_user_errors(capsys: pytest.CaptureFixture[str], name: str, index: int) -> None:
    _clean(capsys, main(_commands(name)[index]))


@pytest.mark.parametrize("index", range(5))
def test_a_device_or_a_fifo_is_refused_unread(tmp_path: Path, capsys: pytest.CaptureFixture[str], index: int) -> None:
    fifo = tmp_path / "pipe.toml"
    os.mkfifo(fifo)
    for path in ("/dev/zero", str(fifo)):
        err = _clean(capsys, main(_commands(path)[index]))
        assert "not a regular file" in err


@pytest.mark.parametrize("index", range(5))
def test_bytes_that_are_not_utf8_give_a_position(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], index: int
) -> None:
    path = tmp_path / "bad.json"
    path.write_bytes(b'{\n  "a": "\xff"\n}\n')
    err = _clean(capsys, main(_commands(str(path))[index]))
    assert "not UTF-8 text" in err or "not utf-8 text" in err
