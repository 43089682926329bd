"""A path written inside a file (a mix file's or a scenario's ``cards``, a deck named by a saved
run or record, a simulation output file's card folders) is checked before the system is asked:
a NUL byte, thousands of characters or a part longer than any file name can be is one clean
error naming the file and the field, never "internal error". And a file a set provides in its
``decks/`` or ``scenarios/`` folder is read only when it lies inside the set, as its card files.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from lotr_rules.cli import main
from lotr_rules.datafiles import DataFileError, field_path, path_problem
from lotr_rules.limits import MAX_PATH_CHARS

#: (name, a path no file can have, the words the error gives)
BAD_PATHS = (
    ("nul", "a\0b", "holds a NUL byte"),
    ("long", "x/" * (MAX_PATH_CHARS // 2 + 1), f"is longer than {MAX_PATH_CHARS:,} characters"),
    ("long-part", "y" * 300, "has a part longer than 255 bytes"),
)


def _clean(capsys: pytest.CaptureFixture[str], code: int) -> str:
    captured = capsys.readouterr()
    text = captured.err + captured.out
    assert code in (1, 2), text
    assert "internal error" not in text and "Traceback" not in text, text[:2000]
    return text


def _toml_string(text: str) -> str:
    return json.dumps(text)  # a JSON string is a TOML basic string (a NUL written \u0000)


@pytest.mark.parametrize(("name", "path", "words"), BAD_PATHS, ids=[b[0] for b in BAD_PATHS])
def test_path_problem_names_each_impossible_path(name: str, path: str, words: str) -> None:
    assert words in (path_problem(path) or "")
    with pytest.raises(DataFileError) as caught:
        field_path(path, Path("."), "game.toml", "cards")
    assert str(caught.value).startswith("game.toml: the path ") and "in 'cards'" in str(caught.value)


def test_an_ordinary_path_has_no_problem() -> None:
    assert path_problem("../my-sets/elves") is None
    assert field_path("elves", Path("sets"), "a.toml", "cards") == Path("sets/elves")


@pytest.mark.parametrize(("name", "path", "words"), BAD_PATHS, ids=[b[0] for b in BAD_PATHS])
@pytest.mark.parametrize("command", ["game", "lint"])
def test_a_mix_file_cards_path_is_a_finding_at_its_position(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], name: str, path: str, words: str, command: str
) -> None:
    mix = tmp_path / "bad.mix.toml"
    mix.write_text(f'sets = ["two-towers"]\ncards = [{_toml_string(path)}]\n', encoding="utf-8")
    argv = ["game", "--quiet", "--mix-file", str(mix)] if command == "game" else ["lint", str(mix)]
    text = _clean(capsys, main(argv))
    assert "bad.mix.toml:2:10: E180 the path " in text and f"in 'cards' {words}" in text


@pytest.mark.parametrize(("name", "path", "words"), BAD_PATHS, ids=[b[0] for b in BAD_PATHS])
def test_a_scenario_cards_path_names_the_file_and_the_key(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], name: str, path: str, words: str
) -> None:
    scenario = tmp_path / "bad.toml"
    scenario.write_text(f"[game]\nplayers = 1\ncards = [{_toml_string(path)}]\n", encoding="utf-8")
    text = _clean(capsys, main(["scenario", str(scenario)]))
    assert "bad.toml: game.cards: the path " in text and words in text


def test_a_scenario_cards_path_in_a_loop_of_links_is_not_a_folder(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    os.symlink(tmp_path / "loop", tmp_path / "loop")
    scenario = tmp_path / "loop.toml"
    scenario.write_text('[game]\nplayers = 1\ncards = ["loop"]\n', encoding="utf-8")
    text = _clean(capsys, main(["scenario", str(scenario)]))
    assert "game.cards: 'loop' is not a folder" in text


@pytest.mark.parametrize(("name", "path", "words"), BAD_PATHS, ids=[b[0] for b in BAD_PATHS])
def test_a_deck_named_on_the_command_line_or_in_a_record_is_checked(
    capsys: pytest.CaptureFixture[str], name: str, path: str, words: str
) -> None:
    text = _clean(capsys, main(["game", "--game", "lcg", "--quiet", "--decks", path]))
    assert "the deck '" in text and words in text


def test_a_scenario_name_cannot_climb_out_of_the_sets(capsys: pytest.CaptureFixture[str]) -> None:
    text = _clean(
        capsys, main(["game", "--game", "lcg", "--quiet", "--scenario", "../../../etc/passwd", "--decks", "lore"])
    )
    assert "holds a path separator" in text


# ---------------------------------------------------------------------- a set's own files
LCG_MANIFEST = 'code = "linked"\nname = "Linked"\nlanguage = 5\nfamily = "lcg"\n'
DECK = "Heroes\n1x Aragorn\n1x Gimli\n1x Legolas\n"


def _lcg_set_with_links(tmp_path: Path) -> tuple[Path, Path]:
    """A set whose deck and scenario are links to files outside it (a user's own files)."""
    outside = tmp_path / "home"
    outside.mkdir()
    (outside / "secret.txt").write_text(DECK, encoding="utf-8")
    (outside / "secret.toml").write_text('name = "Secret"\n', encoding="utf-8")
    folder = tmp_path / "linked"
    (folder / "decks").mkdir(parents=True)
    (folder / "scenarios").mkdir()
    (folder / "set.toml").write_text(LCG_MANIFEST, encoding="utf-8")
    os.symlink(outside / "secret.txt", folder / "decks" / "stolen.txt")
    os.symlink(outside / "secret.toml", folder / "scenarios" / "stolen.toml")
    return folder, outside


def test_a_set_deck_that_links_out_of_the_set_is_not_read(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    folder, _ = _lcg_set_with_links(tmp_path)
    text = _clean(capsys, main(["game", "--game", "lcg", "--quiet", "--cards", str(folder), "--decks", "stolen"]))
    assert "the deck list is a link to " in text and "outside its set folder; it is not read" in text


def test_a_set_scenario_that_links_out_of_the_set_is_not_read(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder, _ = _lcg_set_with_links(tmp_path)
    argv = ["game", "--game", "lcg", "--quiet", "--cards", str(folder), "--scenario", "stolen", "--decks", "leadership"]
    text = _clean(capsys, main(argv))
    assert "the scenario file is a link to " in text and "outside its set folder; it is not read" in text


def test_a_whole_decks_folder_linked_out_of_the_set_is_not_read(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    outside = tmp_path / "home"
    outside.mkdir()
    (outside / "mine.txt").write_text(DECK, encoding="utf-8")
    folder = tmp_path / "linked"
    folder.mkdir()
    (folder / "set.toml").write_text(LCG_MANIFEST, encoding="utf-8")
    os.symlink(outside, folder / "decks")
    text = _clean(capsys, main(["game", "--game", "lcg", "--quiet", "--cards", str(folder), "--decks", "mine"]))
    assert "outside its set folder; it is not read" in text


def test_the_linter_reports_a_set_file_that_links_out(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    folder, _ = _lcg_set_with_links(tmp_path)
    assert main(["lint", str(folder)]) == 1
    out = capsys.readouterr().out
    assert "stolen.txt:1:1: E193 the deck list is a link to " in out
    assert "stolen.toml:1:1: E194 the scenario file is a link to " in out
    assert "Heroes" not in out and "Secret" not in out


def test_a_link_inside_the_set_is_read(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The rule is about leaving the set, not about links: one deck may stand for another."""
    folder = tmp_path / "linked"
    (folder / "decks").mkdir(parents=True)
    (folder / "set.toml").write_text(LCG_MANIFEST, encoding="utf-8")
    (folder / "decks" / "real.txt").write_text("Heroes\n1x Nobody Known\n", encoding="utf-8")
    os.symlink(folder / "decks" / "real.txt", folder / "decks" / "alias.txt")
    main(["game", "--game", "lcg", "--quiet", "--cards", str(folder), "--decks", "alias"])
    text = capsys.readouterr().err
    assert "outside its set folder" not in text and "Nobody Known" in text
