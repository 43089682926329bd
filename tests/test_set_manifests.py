"""Set manifests against their declared schema, set codes that collide, and folders that hold
no set: each a finding at the key's line, or a refusal by name, never a silent load."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest

from lotr_rules.cards.loader import SetLoadError, load_sets, read_manifest
from lotr_rules.cards.manifest_schema import SCHEMA, check_manifest
from lotr_rules.lint.runner import lint_paths

ROOT = Path(__file__).resolve().parents[1]
CARD = 'card "Beorn" {\n  id beorn\n  type ally\n  cost 2\n  provenance designed\n  text "+1 Power."\n}\n'


def make_set(root: Path, manifest: str, folder: str = "mine") -> Path:
    target = root / folder
    target.mkdir(parents=True)
    (target / "set.toml").write_text(manifest, encoding="utf-8")
    (target / "beorn.card").write_text(CARD, encoding="utf-8")
    return target


def findings(root: Path, manifest: str) -> list[tuple[int, int, str, str | None]]:
    folder = make_set(root, manifest)
    _info, problems = read_manifest(folder)
    return [(d.span.line, d.span.column, d.message, d.hint) for d in problems]


def test_wrong_value_types_are_findings_at_their_values(tmp_path: Path) -> None:
    manifest = 'code = 5\nname = "Mine"\nlanguage = 5\nuses_wall = "yes"\n'
    assert findings(tmp_path, manifest) == [
        (1, 8, "manifest 'code' must be text, not a number", None),
        (4, 13, "manifest 'uses_wall' must be true or false, not text", None),
    ]


def test_an_unknown_key_is_a_finding_with_the_key_it_resembles(tmp_path: Path) -> None:
    manifest = 'code = "mine"\nname = "Mine"\nlanguage = 5\nuses_wal = true\n'
    assert findings(tmp_path, manifest) == [
        (4, 1, "manifest has an unknown key 'uses_wal'", "did you mean 'uses_wall'?"),
    ]


def test_a_count_that_is_not_a_number_is_found_at_its_entry(tmp_path: Path) -> None:
    manifest = 'code = "mine"\nname = "Mine"\nlanguage = 5\n\n[starting_deck]\n"Beorn" = "two"\n'
    assert findings(tmp_path, manifest) == [
        (6, 11, "manifest 'starting_deck' gives 'Beorn' text, not a whole number", None)
    ]


def test_true_is_not_a_language_number(tmp_path: Path) -> None:
    """TOML's true is a bool, which Python counts as an int: the schema does not."""
    found = findings(tmp_path, 'code = "mine"\nname = "Mine"\nlanguage = true\n')
    assert [m for _, _, m, _ in found] == ["manifest 'language' must be a whole number, not true or false"]


@pytest.mark.parametrize("path", sorted([*ROOT.glob("cardscripts/*/set.toml"), *ROOT.glob("examples/*/set.toml")]))
def test_every_shipped_and_example_manifest_fits_the_schema(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    assert check_manifest(tomllib.loads(text), text, str(path)) == []


def test_the_reference_lists_exactly_the_schema_keys() -> None:
    """The reference's table of manifest keys and the schema name the same keys, required alike."""
    text = (ROOT / "docs" / "reference.md").read_text(encoding="utf-8")
    section = text.split("## Sets", 1)[1].split("\n## ", 1)[0]
    rows = re.findall(r"^\| `([a-z_]+)` \| (yes|no) \|", section, re.MULTILINE)
    assert {key: required == "yes" for key, required in rows} == {key: req for key, (_, req) in SCHEMA.items()}


def test_a_set_with_a_shipped_sets_code_is_refused_by_name(tmp_path: Path) -> None:
    folder = make_set(tmp_path, 'code = "two-towers"\nname = "Impostor"\nlanguage = 5\n', "two-towers")
    with pytest.raises(SetLoadError) as caught:
        load_sets((folder,))
    [clash] = [d for d in caught.value.diagnostics if d.code == "E163"]
    assert "'Impostor'" in clash.message and "the shipped set" in clash.message
    assert (clash.span.line, clash.span.column) == (1, 8)


def test_two_user_sets_with_one_code_are_refused(tmp_path: Path) -> None:
    first = make_set(tmp_path, 'code = "mine"\nname = "Mine"\nlanguage = 5\n', "mine")
    second = make_set(tmp_path / "other", 'code = "mine"\nname = "Also mine"\nlanguage = 5\n', "mine")
    with pytest.raises(SetLoadError) as caught:
        load_sets((first, second))
    assert [d.code for d in caught.value.diagnostics if d.code == "E163"] == ["E163"]
    assert "'Also mine'" in str(caught.value)


def test_the_same_folder_given_twice_is_one_set(tmp_path: Path) -> None:
    folder = make_set(tmp_path, 'code = "mine"\nname = "Mine"\nlanguage = 5\n')
    catalogue = load_sets((folder, tmp_path / "mine" / ".." / "mine"))
    assert "mine" in catalogue.sets


def test_the_linter_reports_the_clash_too(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    folder = make_set(tmp_path, 'code = "fellowship"\nname = "Impostor"\nlanguage = 5\n', "fellowship")
    diagnostics, _ = lint_paths([folder])
    assert [d.code for d in diagnostics if d.severity.value == "error"] == ["E163"]


def test_a_folder_without_a_manifest_is_refused_not_loaded_empty(tmp_path: Path) -> None:
    (tmp_path / "loose").mkdir()
    (tmp_path / "loose" / "beorn.card").write_text(CARD, encoding="utf-8")
    with pytest.raises(SetLoadError) as caught:
        load_sets((tmp_path / "loose",))
    assert "holds no set" in str(caught.value)


def test_the_linter_warns_of_cards_outside_any_set(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "loose").mkdir()
    (tmp_path / "loose" / "beorn.card").write_text(CARD, encoding="utf-8")
    diagnostics, files = lint_paths([tmp_path / "loose"])
    assert files == 1
    assert [(d.code, d.severity.value) for d in diagnostics] == [("E161", "warning")]
    assert "outside any set" in diagnostics[0].message
