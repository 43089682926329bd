"""Mix files (``*.mix.toml``): what the linter reports on one and where, and that ``--mix-file``
plays the same game as the command-line options it stands for.

The mixing plans are the Two Towers rulebook's "Combining The Fellowship of the Ring With The
Two Towers" chapter; the plans themselves are tested in test_mix.py. Every lint code has its
own triggering and clean example in the registry, which test_lint_codes.py lints.
"""

from __future__ import annotations

import json
import tomllib
from pathlib import Path
from typing import Any

import pytest

from lotr_rules.agents.bots import HeuristicAgent
from lotr_rules.cards.loader import load_sets, set_folders
from lotr_rules.cards.tomlspans import toml_spans
from lotr_rules.cli import main
from lotr_rules.diagnostics import Diagnostic, Severity
from lotr_rules.errors import UserError
from lotr_rules.games.deckbuilding.config import GameConfig
from lotr_rules.games.deckbuilding.game import DeckbuildingGame
from lotr_rules.games.deckbuilding.mixfile import check_mix_file, load_mix_file
from lotr_rules.lint.codes import CODES, LintCode, layout
from lotr_rules.lint.runner import lint_paths

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = ROOT / "examples"
BOTH = 'sets = ["two-towers", "fellowship"]\n'


def write(folder: Path, name: str, text: str) -> Path:
    path = folder / name
    path.write_text(text, encoding="utf-8")
    return path


def findings(path: Path) -> list[tuple[int, int, str]]:
    return [(d.span.line, d.span.column, d.code) for d in check_mix_file(path, shown=path.name)]


# ---------------------------------------------------------------------- positions
def test_findings_point_at_the_key_or_value(tmp_path: Path) -> None:
    path = write(
        tmp_path,
        "deck.mix.toml",
        BOTH + 'plan = "custom"\n\n[deck]\n  "Lórien Cloak" = 3\n  "Lembass" = 4\n"Elven Cloak" =    0\n',
    )
    # line 6: the unknown name is the key, two spaces in; line 7: the bad count is the value,
    # after four spaces. Columns count characters (the ó of Lórien is one).
    assert findings(path) == [(6, 3, "E174"), (7, 20, "E176")]
    [unknown, _] = check_mix_file(path, shown="deck.mix.toml")
    assert unknown.format_text() == (
        "deck.mix.toml:6:3: E174 no loaded set has a card named 'Lembass' (did you mean 'Lembas'?)"
    )
    assert (unknown.span.end_line, unknown.span.end_column) == (6, 12)


def test_an_item_of_sets_is_found_in_a_multiline_array(tmp_path: Path) -> None:
    path = write(tmp_path, "sets.mix.toml", 'sets = [\n    "two-towers",  # the base set\n    "felowship",\n]\n')
    [(line, column, code)] = findings(path)
    assert (line, column, code) == (3, 5, "E172")
    [diagnostic] = check_mix_file(path)
    assert diagnostic.hint == "did you mean 'fellowship'?"
    assert "loaded sets: fellowship, two-towers" in diagnostic.message


def test_a_toml_syntax_error_has_the_readers_position(tmp_path: Path) -> None:
    path = write(tmp_path, "syntax.mix.toml", BOTH + "plan = plan-1\n")
    [diagnostic] = check_mix_file(path, shown="syntax.mix.toml")
    assert diagnostic.format_text() == "syntax.mix.toml:2:8: E170 mix file is not valid toml: invalid value"
    at_end = write(tmp_path, "end.mix.toml", 'sets = ["two-towers"]\nplan = "plan-1')
    assert findings(at_end) == [(2, 15, "E170")]


def test_a_default_entry_of_the_table_is_reported_at_the_plan(tmp_path: Path) -> None:
    """The rulebook's less-random table names The Fellowship of the Ring, which is not in play
    here: nothing in the file names it, so the plan is what is wrong."""
    path = write(tmp_path, "lr.mix.toml", '# only one set\nsets = ["two-towers"]\nplan = "less-random"\n')
    assert (3, 8, "E178") in findings(path)
    chosen = write(tmp_path, "chosen.mix.toml", BOTH + 'plan = "less-random"\nless_random = { hero = "nowhere" }\n')
    assert findings(chosen) == [(3, 24, "E172")]  # the value "nowhere"


def test_unknown_keys_are_suggested(tmp_path: Path) -> None:
    path = write(tmp_path, "keys.mix.toml", BOTH + 'plna = "plan-1"\n[less_random]\nenemmy = "fellowship"\n')
    diagnostics = check_mix_file(path)
    assert [(d.span.line, d.span.column, d.code, d.hint) for d in diagnostics] == [
        (2, 1, "E171", "did you mean 'plan'?"),
        (3, 2, "E182", None),  # a table without the less-random plan
        (4, 1, "E171", "did you mean 'enemy'?"),
    ]


def test_toml_spans_of_every_shape() -> None:
    text = 'a.b = 1.5\nc = { d = "x", "e f" = [1, 2] }\n[g]\n"h\\u00e9" = """two\nlines"""\n'
    spans = toml_spans(text, "f")
    where = {key: (e.key.line, e.key.column, e.value.line, e.value.column) for key, e in spans.items()}
    assert where[("a", "b")] == (1, 1, 1, 7)
    assert where[("c", "d")] == (2, 7, 2, 11)
    assert where[("c", "e f", 1)] == (2, 28, 2, 28)
    assert where[("g",)] == (3, 2, 3, 2)
    assert where[("g", "hé")] == (4, 1, 4, 13)  # the escape is 6 characters of text
    assert spans[("g", "hé")].value.end_line == 5
    assert set(spans) >= {("a", "b"), ("c",), ("c", "d"), ("c", "e f"), ("c", "e f", 0), ("g",), ("g", "hé")}


# ---------------------------------------------------------------------- what is checked
def test_set_folders_are_relative_to_the_mix_file(tmp_path: Path) -> None:
    (tmp_path / "mixes").mkdir()
    path = write(tmp_path / "mixes", "mine.mix.toml", 'sets = ["two-towers"]\ncards = ["../nowhere", "."]\n')
    assert findings(path) == [(2, 10, "E180"), (2, 24, "E180")]  # missing, and a folder holding no set
    ok = write(tmp_path / "mixes", "ok.mix.toml", 'sets = ["two-towers", "custom-set"]\ncards = ["../custom"]\n')
    custom = tmp_path / "custom"
    custom.mkdir()
    for file in (EXAMPLES / "custom-set").iterdir():
        (custom / file.name).write_bytes(file.read_bytes())
    assert findings(ok) == []


def test_a_set_folder_with_card_errors_is_reported(tmp_path: Path) -> None:
    folder = tmp_path / "broken"
    folder.mkdir()
    write(folder, "set.toml", 'code = "broken"\nname = "Broken"\nlanguage = 5\n')
    write(folder, "bad.card", 'card "Bad" {\n  id bad\n  type alley\n  provenance designed\n  text "x"\n}\n')
    path = write(tmp_path, "b.mix.toml", 'sets = ["two-towers", "broken"]\ncards = ["broken"]\n')
    diagnostics = check_mix_file(path)
    assert [(d.span.line, d.span.column, d.code) for d in diagnostics] == [(2, 10, "E180")]
    assert "1 card error" in diagnostics[0].message and "E112" in (diagnostics[0].hint or "")


def test_shared_names_warn_and_say_which_card_a_name_means(tmp_path: Path) -> None:
    folder = tmp_path / "extra"
    folder.mkdir()
    write(folder, "set.toml", 'code = "extra"\nname = "Extra"\nlanguage = 5\n')
    card = 'card "Lembas" {\n  id lembas\n  type artifact\n  cost 2\n  provenance designed\n  text "+1 Power."\n}\n'
    write(folder, "lembas.card", card)
    listed = write(
        tmp_path,
        "l.mix.toml",
        'sets = ["extra", "two-towers"]\ncards = ["extra"]\nplan = "custom"\n[deck]\nLembas = 5\n',
    )
    [warning] = check_mix_file(listed)
    assert (warning.code, warning.severity, warning.span.line) == ("W210", Severity.WARNING, 5)
    assert "'Lembas' is a card of extra and two-towers" in warning.message
    assert "means extra's main-deck card" in warning.message
    # Starting cards (Courage, Despair), Corruption and The One Ring are shared on purpose.
    assert check_mix_file(write(tmp_path, "both.mix.toml", BOTH)) == []


def test_lint_finds_mix_files_in_folders_and_counts_them(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "mixes").mkdir()
    write(tmp_path / "mixes", "a.mix.toml", BOTH + 'plan = "plan-1"\n')
    write(tmp_path / "mixes", "b.mix.toml", 'sets = ["two-towers"]\nplan = "plan-1"\n')
    write(tmp_path / "mixes", "notes.toml", "not = 'a mix file'\n")
    assert main(["lint", "mixes"]) == 1
    out = capsys.readouterr().out.splitlines()
    assert out == [
        "mixes/b.mix.toml:2:8: E177 plan-1 cannot fill its piles from the sets in play: only 27 of 30 Allies, "
        "26 of 30 Artifacts, 14 of 15 Maneuvers, 4 of 5 Fortunes",
        "2 files checked: 1 error, 0 warnings",
    ]
    assert main(["lint", "mixes/a.mix.toml"]) == 0


def test_the_shipped_example_mixes_are_clean() -> None:
    mixes = sorted((EXAMPLES / "mixes").glob("*.mix.toml"))
    assert len(mixes) >= 4
    diagnostics, files = lint_paths(mixes)
    assert diagnostics == [] and files == len(mixes)


# ---------------------------------------------------------------------- the game agrees
def _setup(config: GameConfig) -> None:
    """Set a game up as the game commands do (a mixed game builds its mix; an unmixed one takes
    every main-deck card of its sets)."""
    DeckbuildingGame(load_sets(), config, [HeuristicAgent(seed=seat) for seat in range(config.players)])


def _config_from_text(text: str) -> GameConfig:
    """The game config a mix file's data stands for, built without the mix-file reader."""
    data = tomllib.loads(text)
    return GameConfig(
        sets=tuple(data["sets"]),
        mix=data.get("plan", ""),
        half=data.get("half", 1),
        less_random=tuple(data.get("less_random", {}).items()),
        custom_deck=tuple(data.get("deck", {}).items()),
    )


#: the codes the mix checks share with the game (the others are about the file itself)
GAME_CODES = ("E172", "E173", "E174", "E175", "E176", "E177", "E178", "E179", "E182")


@pytest.mark.parametrize("code", GAME_CODES)
def test_the_game_refuses_what_the_linter_reports(code: str, tmp_path: Path) -> None:
    entry: LintCode = CODES[code]
    for example, refused in ((entry.bad, True), (entry.good, False)):
        text = layout(example, "mix")["my.mix.toml"]
        path = write(tmp_path, "my.mix.toml", text)
        linted: list[Diagnostic] = check_mix_file(path)
        assert any(d.severity is Severity.ERROR for d in linted) == refused
        config = _config_from_text(text)
        if refused:
            with pytest.raises(UserError) as error:
                _setup(config)
            assert error.value.message in {d.message for d in linted if d.code == code}
        else:
            _setup(config)


def _play(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    assert main(["game", "--players", "2", "--seed", "5", *argv]) == 0
    return capsys.readouterr().out


@pytest.mark.parametrize(
    ("mix_file", "flags"),
    [
        ("plan-1.mix.toml", ["--sets", "two-towers,fellowship", "--mix", "plan-1"]),
        ("less-random.mix.toml", ["--sets", "two-towers,fellowship", "--mix", "less-random"]),
        ("with-custom-set.mix.toml", ["--sets", "two-towers,custom-set", "--cards", str(EXAMPLES / "custom-set")]),
    ],
)
def test_a_mix_file_plays_the_same_game_as_the_flags(
    mix_file: str, flags: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    from_file = _play(capsys, "--mix-file", str(EXAMPLES / "mixes" / mix_file))
    assert from_file == _play(capsys, *flags)
    assert "Game over after" in from_file


def test_a_listed_deck_plays_the_same_game_as_a_deck_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    mix = tomllib.loads((EXAMPLES / "mixes" / "custom-deck.mix.toml").read_text(encoding="utf-8"))
    deck = tmp_path / "deck.json"
    deck.write_text(json.dumps(mix["deck"]), encoding="utf-8")
    record_a, record_b = tmp_path / "a.json", tmp_path / "b.json"
    from_file = _play(capsys, "--mix-file", str(EXAMPLES / "mixes" / "custom-deck.mix.toml"), "--record", str(record_a))
    flags = ["--sets", ",".join(mix["sets"]), "--mix", "custom", "--deck", str(deck), "--record", str(record_b)]
    assert from_file.replace("a.json", "b.json") == _play(capsys, *flags)
    records: list[dict[str, Any]] = [json.loads(r.read_text(encoding="utf-8")) for r in (record_a, record_b)]
    assert records[0] == records[1]
    assert records[0]["config"]["mix"] == "custom"


def test_a_tweaked_table_plays_the_same_game_as_less_random_flags(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = write(tmp_path, "t.mix.toml", BOTH + 'plan = "less-random"\n[less_random]\nenemy = "fellowship"\n')
    flags = ["--sets", "two-towers,fellowship", "--mix", "less-random", "--less-random", "enemy=fellowship"]
    assert _play(capsys, "--mix-file", str(path)) == _play(capsys, *flags)


def test_simulate_takes_a_mix_file(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["simulate", "--games", "2", "--no-progress", "--format", "json"]
    assert main([*argv, "--mix-file", str(EXAMPLES / "mixes" / "plan-1.mix.toml")]) == 0
    from_file = json.loads(capsys.readouterr().out)
    assert main([*argv, "--sets", "two-towers,fellowship", "--mix", "plan-1"]) == 0
    from_flags = json.loads(capsys.readouterr().out)
    for report in (from_file, from_flags):
        del report["timing"]
    assert from_file == from_flags


@pytest.mark.parametrize(
    ("half", "flags"),
    [("", ["--mix", "plan-2"]), ("half = 2\n", ["--mix", "plan-2", "--half", "2"])],
)
def test_a_plan_2_mix_file_is_a_whole_match_unless_it_names_a_half(
    half: str, flags: list[str], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A plan-2 mix file plays the two-game match, as --mix plan-2 does; with a half, that game alone."""
    path = write(tmp_path, "p.mix.toml", BOTH + 'plan = "plan-2"\n' + half)
    from_file = _play(capsys, "--quiet", "--mix-file", str(path))
    assert from_file == _play(capsys, "--quiet", "--sets", "two-towers,fellowship", *flags)
    assert ("Match winner" in from_file) is (not half)


def test_simulate_plays_matches_from_a_plan_2_mix_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = write(tmp_path, "p.mix.toml", BOTH + 'plan = "plan-2"\n')
    argv = ["simulate", "--games", "2", "--players", "2", "--no-progress", "--format", "json"]
    assert main([*argv, "--mix-file", str(path)]) == 0
    from_file = json.loads(capsys.readouterr().out)
    assert main([*argv, "--sets", "two-towers,fellowship", "--mix", "plan-2"]) == 0
    from_flags = json.loads(capsys.readouterr().out)
    for report in (from_file, from_flags):
        del report["timing"]
    assert from_file == from_flags
    assert "match" in json.dumps(from_file)


@pytest.mark.parametrize(
    "flags",
    [
        ["--sets", "two-towers"],
        ["--mix", "plan-2"],
        ["--half", "1"],
        ["--less-random", "hero=fellowship"],
        ["--deck", "deck.toml"],
    ],
)
def test_a_mix_file_with_mix_flags_is_refused(flags: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["game", "--quiet", "--mix-file", str(EXAMPLES / "mixes" / "plan-1.mix.toml"), *flags]) == 2
    err = capsys.readouterr().err
    assert f"--mix-file says everything about the mix: leave out {flags[0]}" in err


def test_a_mix_file_with_errors_is_refused_with_positions(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = write(tmp_path, "bad.mix.toml", 'sets = ["two-towers"]\nplan = "plan-1"\n')
    assert main(["game", "--quiet", "--mix-file", str(path)]) == 2
    err = capsys.readouterr().err
    assert f"{path}:2:8: E177 plan-1 cannot fill its piles" in err
    assert main(["game", "--quiet", "--mix-file", str(tmp_path / "missing.mix.toml")]) == 2
    assert "cannot read mix file" in capsys.readouterr().err
    with pytest.raises(UserError, match="E170"):
        load_mix_file(write(tmp_path, "x.mix.toml", "sets = [\n"))


def test_play_refuses_a_mix_file_with_resume(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    mix = str(EXAMPLES / "mixes" / "plan-1.mix.toml")
    assert main(["play", "--resume", str(tmp_path / "save.json"), "--mix-file", mix]) == 2
    assert "drop --mix-file" in capsys.readouterr().err


def test_the_example_custom_set_folder_is_a_set() -> None:
    assert set_folders(EXAMPLES / "custom-set")  # with-custom-set.mix.toml loads it


def test_the_mixing_page_shows_real_lint_output(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    page = (ROOT / "docs" / "mixing.md").read_text(encoding="utf-8")
    section = page[page.index("### Checking a mix file") :]
    mix_text = section.split("```toml\n", 1)[1].split("```", 1)[0]
    shown = section.split("$ lotr-rules lint my.mix.toml\n", 1)[1].split("```", 1)[0]
    monkeypatch.chdir(tmp_path)
    write(tmp_path, "my.mix.toml", mix_text)
    assert main(["lint", "my.mix.toml"]) == 1
    assert capsys.readouterr().out == shown
