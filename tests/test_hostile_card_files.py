"""A card set from a stranger cannot make a command read outside it, wait, crash, or write raw
control characters to the terminal.

Each test lays out the attack in a set folder (a card file that is a link out of the set, a
device, a FIFO, a folder; a binary file; a byte-order mark; a control character in a card's name,
text or file name; a script of a hundred thousand symbols) and runs the commands that read card
files over it: each gives its clean, coded finding (or works, for a byte-order mark), never a
traceback, never a hang, never a raw escape sequence.
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable
from pathlib import Path

import pytest

from lotr_rules.cli import main
from lotr_rules.datafiles import CardFileError, read_card_text
from lotr_rules.limits import MAX_CARD_FILE_BYTES, MAX_SCRIPT_TOKENS
from lotr_rules.terminal import EscapingStream, escape_controls, has_controls

MANIFEST = 'code = "{code}"\nname = "Test set"\nlanguage = 5\nfamily = "deckbuilding"\n'


def card(name: str, ident: str, text: str = "+1 Power.", body: str = "    +1 power\n") -> str:
    return (
        f'card "{name}" {{\n  id {ident}\n  type ally\n  cost 1\n  power 1\n  victory 1\n  copies 1\n'
        f'  provenance designed\n  text "{text}"\n  play {{\n{body}  }}\n}}\n'
    )


def make_set(root: Path, code: str = "strange", cards: dict[str, str] | None = None) -> Path:
    folder = root / code
    folder.mkdir()
    (folder / "set.toml").write_text(MANIFEST.format(code=code), encoding="utf-8")
    for ident, text in (cards if cards is not None else {"sting": card("Sting", "sting")}).items():
        (folder / f"{ident}.card").write_text(text, encoding="utf-8")
    (root / "plain.toml").write_text("[game]\nplayers = 1\n", encoding="utf-8")
    return folder


def run(capsys: pytest.CaptureFixture[str], argv: list[str]) -> tuple[int, str]:
    """The exit code and everything printed, which must hold no traceback and no raw control
    character (but newlines and tabs)."""
    code = main(argv)
    captured = capsys.readouterr()
    shown = captured.out + captured.err
    assert "Traceback" not in shown and "internal error" not in shown, shown
    assert not has_controls(shown), repr(shown[-500:])
    return code, shown


#: Every command that reads the card files of a set folder, given the folder.
def card_commands(folder: Path) -> dict[str, list[str]]:
    return {
        "lint": ["lint", str(folder)],
        "fmt": ["fmt", "--check", str(folder)],
        "game": ["game", "--quiet", "--players", "1", "--cards", str(folder)],
        "cards": ["cards", "--cards", str(folder)],
        "show": ["show", "Sting", "--cards", str(folder)],
        "scenario": ["scenario", "--cards", str(folder), str(folder.parent / "plain.toml")],
    }


COMMANDS = ("lint", "fmt", "game", "cards", "show", "scenario")


# ---------------------------------------------------------------------- reading outside a set
def _link_out(folder: Path, outside: Path) -> str:
    secret = outside / "secret.card"
    secret.write_text(card("Secret", "secret"), encoding="utf-8")
    (folder / "secret.card").symlink_to(secret)
    return "secret.card"


def _zero(folder: Path, _outside: Path) -> str:
    (folder / "zero.card").symlink_to("/dev/zero")
    return "zero.card"


def _fifo(folder: Path, _outside: Path) -> str:
    os.mkfifo(folder / "pipe.card")
    return "pipe.card"


def _folder(folder: Path, _outside: Path) -> str:
    (folder / "nested.card").mkdir()
    return "nested.card"


TRAPS: dict[str, Callable[[Path, Path], str]] = {"link": _link_out, "device": _zero, "fifo": _fifo, "folder": _folder}


@pytest.mark.parametrize("trap", TRAPS)
@pytest.mark.parametrize("command", COMMANDS)
def test_a_card_file_that_is_not_a_regular_file_in_the_set_is_a_finding_never_read(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], trap: str, command: str
) -> None:
    outside = tmp_path / "home"
    outside.mkdir()
    folder = make_set(tmp_path)
    name = TRAPS[trap](folder, outside)
    started = time.monotonic()
    code, shown = run(capsys, card_commands(folder)[command])
    assert time.monotonic() - started < 30  # a FIFO or /dev/zero was not waited on or read to the end
    assert code in (1, 2), shown
    assert "E004" in shown and name in shown, shown
    assert "Secret" not in shown.replace("secret.card", "")  # the linked file's text is never shown


def test_a_link_out_is_refused_before_it_is_opened(tmp_path: Path) -> None:
    """The link's target is never opened: a FIFO outside the set would block an open for reading."""
    outside = tmp_path / "home"
    outside.mkdir()
    os.mkfifo(outside / "trap")
    folder = make_set(tmp_path)
    (folder / "trap.card").symlink_to(outside / "trap")
    with pytest.raises(CardFileError, match="outside its set folder") as error:
        read_card_text(folder / "trap.card", folder)
    assert error.value.code == "E004"


def test_a_link_inside_the_set_is_read(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    folder = make_set(tmp_path)
    (folder / "shared").mkdir()
    (folder / "sting.card").rename(folder / "shared" / "sting.card")
    (folder / "sting.card").symlink_to(folder / "shared" / "sting.card")
    code, shown = run(capsys, ["lint", str(folder)])
    assert code == 0, shown


@pytest.mark.parametrize("command", ["lint", "game"])
def test_a_manifest_that_is_a_link_out_or_a_fifo_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], command: str
) -> None:
    for index, make in enumerate((lambda path: path.symlink_to(tmp_path / "home.toml"), os.mkfifo)):
        (tmp_path / "home.toml").write_text(MANIFEST.format(code=f"s{index}"), encoding="utf-8")
        folder = make_set(tmp_path, f"s{index}")
        (folder / "set.toml").unlink()
        make(folder / "set.toml")
        code, shown = run(capsys, card_commands(folder)[command])
        assert code in (1, 2) and "E004" in shown and "set.toml" in shown, shown


def test_the_size_is_checked_before_a_byte_is_read(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A sparse card file of a gibibyte is refused by its size (E003), in far less time and memory
    than reading it would take."""
    folder = make_set(tmp_path)
    with (folder / "huge.card").open("wb") as handle:
        handle.truncate(1024**3)
    started = time.monotonic()
    code, shown = run(capsys, ["lint", str(folder)])
    assert time.monotonic() - started < 20
    assert code == 1 and f"huge.card:1:1: E003 the card file is larger than {MAX_CARD_FILE_BYTES // 1024} KiB" in shown


# ---------------------------------------------------------------------- encodings
def test_a_byte_order_mark_is_accepted_in_card_files_and_manifests(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = make_set(tmp_path)
    for name in ("set.toml", "sting.card"):
        path = folder / name
        path.write_bytes(b"\xef\xbb\xbf" + path.read_bytes())
    for command in ("lint", "fmt", "cards", "show"):
        code, shown = run(capsys, card_commands(folder)[command])
        assert code == 0, (command, shown)
    assert (folder / "sting.card").read_bytes().startswith(b"\xef\xbb\xbf")  # fmt left it as it was


@pytest.mark.parametrize("content", [b"\xff\xfe\x00b\x00a\x00d", b"card \x89PNG\r\n\x1a\n\x00\x00"])
@pytest.mark.parametrize("command", COMMANDS)
def test_a_binary_card_file_is_one_finding_naming_the_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], content: bytes, command: str
) -> None:
    folder = make_set(tmp_path)
    (folder / "blob.card").write_bytes(content)
    code, shown = run(capsys, card_commands(folder)[command])
    assert code in (1, 2), shown
    findings = [line for line in shown.splitlines() if "blob.card" in line]
    assert len(findings) == 1, shown
    assert "E001" in findings[0] and ("not utf-8 text" in findings[0] or "unexpected character" in findings[0])


def test_a_binary_deck_file_is_one_clean_error(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    deck = tmp_path / "deck.toml"
    deck.write_bytes(b"\xff\xfe\x00\x01binary")
    code, shown = run(capsys, ["game", "--quiet", "--mix", "custom", "--deck", str(deck)])
    assert code == 2 and "deck.toml" in shown and "not UTF-8 text" in shown, shown
    assert len(shown.strip().splitlines()) == 1


# ---------------------------------------------------------------------- terminal escapes
ESC_NAME = "Sting\x1b[2J\x1b]0;owned\x07"
ESC_TEXT = "Glows \x1b[31mblue\x9b near Orcs."


def _escape_set(tmp_path: Path) -> Path:
    return make_set(tmp_path, cards={"sting": card(ESC_NAME, "sting", ESC_TEXT)})


def test_escape_controls_leaves_newlines_and_tabs() -> None:
    assert escape_controls("a\tb\nc\x1b[1m\x00\x7f\x9b\u00e9") == "a\tb\nc\\x1b[1m\\x00\\x7f\\x9b\u00e9"
    assert not has_controls(escape_controls("".join(map(chr, range(0x200)))).replace("\n", "").replace("\t", ""))


def test_the_linter_warns_of_control_characters_and_shows_them_escaped(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = _escape_set(tmp_path)
    code, shown = run(capsys, ["lint", "--strict", str(folder)])
    assert code == 1
    warnings = [line for line in shown.splitlines() if "W206" in line]
    assert len(warnings) == 2, shown
    assert "card name 'Sting\\x1b[2J\\x1b]0;owned\\x07'" in warnings[0]
    assert "the text of card" in warnings[1]


def test_a_control_character_in_a_file_name_is_warned_of_and_escaped(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = make_set(tmp_path, cards={})
    (folder / "st\x1b[8ming.card").write_text(card("Sting", "sting"), encoding="utf-8")
    code, shown = run(capsys, ["lint", str(folder)])
    assert code == 1  # E152 too: no id can match such a file name
    assert "W206 the file name 'st\\x1b[8ming.card'" in shown, shown
    assert "st\\x1b[8ming.card" in shown


def test_cards_and_show_print_control_characters_escaped(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    folder = _escape_set(tmp_path)
    code, shown = run(capsys, ["cards", "--cards", str(folder)])
    assert code == 0 and "Sting\\x1b[2J" in shown
    code, shown = run(capsys, ["show", ESC_NAME, "--cards", str(folder)])
    assert code == 0 and "Sting\\x1b[2J" in shown and "Glows \\x1b[31mblue\\x9b near Orcs." in shown
    code, shown = run(capsys, ["show", "Nothing\x1b[2J", "--cards", str(folder)])
    assert code == 2 and "Nothing\\x1b[2J" in shown  # an error message quoting the name


def test_the_game_log_prints_control_characters_escaped(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    folder = _escape_set(tmp_path)
    scenario = tmp_path / "sting.toml"
    scenario.write_text(
        '[game]\nplayers = 1\n[players.1]\nhand = ["Sting\\u001b[2J\\u001b]0;owned\\u0007"]\n'
        '[[do]]\nplay = "Sting\\u001b[2J\\u001b]0;owned\\u0007"\n[expect]\npower = 2\n',
        encoding="utf-8",
    )
    code, shown = run(capsys, ["scenario", "--cards", str(folder), str(scenario)])
    assert code == 0, shown
    assert "plays Sting\\x1b[2J\\x1b]0;owned\\x07" in shown


def test_the_play_screen_prints_control_characters_escaped(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    folder = _escape_set(tmp_path)
    deck = tmp_path / "deck.toml"
    deck.write_text('"Sting\\u001b[2J\\u001b]0;owned\\u0007" = 30\n', encoding="utf-8")
    prompts: list[str] = []

    def keyboard(prompt: str = "") -> str:
        prompts.append(prompt)
        if len(prompts) > 3:
            raise EOFError  # the end of input saves the game and quits
        return "1"

    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr("builtins.input", keyboard)
    argv = ["play", "--players", "1", "--sets", "two-towers,strange", "--mix", "custom", "--deck", str(deck)]
    argv += ["--cards", str(folder)]
    code, shown = run(capsys, argv)
    assert code == 0, shown
    assert "Sting\\x1b[2J" in shown
    assert not any(has_controls(prompt) for prompt in prompts)


def test_the_escaping_stream_keeps_the_wrapped_streams_other_features(capsys: pytest.CaptureFixture[str]) -> None:
    import sys

    stream = EscapingStream(sys.stdout)
    assert stream.write("a\x1bb\n") == 4
    stream.flush()
    assert capsys.readouterr().out == "a\\x1bb\n"
    assert stream.isatty() is False


# ---------------------------------------------------------------------- a huge script
def test_a_script_of_a_hundred_thousand_symbols_is_refused_before_it_is_parsed(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    chain = "+".join(["1"] * 120_000)  # 240 KB: under the size limit
    folder = make_set(tmp_path, cards={"sting": card("Sting", "sting", body=f"    let X = {chain}\n    +X power\n")})
    assert (folder / "sting.card").stat().st_size < MAX_CARD_FILE_BYTES
    for command in ("lint", "fmt", "game"):
        started = time.monotonic()
        code, shown = run(capsys, card_commands(folder)[command])
        assert time.monotonic() - started < 10, command
        assert code in (1, 2)
        assert f"E003 script holds more than {MAX_SCRIPT_TOKENS:,} words, numbers and symbols" in shown, shown
        assert "sting.card:11:" in shown  # the position of the first symbol past the limit
