"""The lint-code registry against the linter: every example does what the docs say it does.

Each ``bad`` example must yield its code and each ``good`` one must lint clean; the codes in the
registry must be exactly the codes the sources emit; and ``lotr-rules lint`` must keep its
documented output format and exit codes.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from lotr_rules.cli import main
from lotr_rules.diagnostics import Diagnostic, Severity
from lotr_rules.docgen import lint_codes as page
from lotr_rules.lint.codes import CODES, EXAMPLE_SET, Kind, LintCode, layout
from lotr_rules.lint.runner import lint_paths
from lotr_rules.terminal import escape_controls, has_controls

SOURCES = Path(__file__).resolve().parents[1] / "lotr_rules"
#: Files that list codes without emitting them: the registry, its entries and the page written from it.
NOT_EMITTERS = {
    SOURCES / "lint" / "codes.py",
    *(SOURCES / "lint" / "code_entries").glob("*.py"),
    SOURCES / "docgen" / "lint_codes.py",
}
CODE_LITERAL = re.compile(r"""["']([EW][0-9]{3})["']""")
LINE = re.compile(r"^(?P<path>[^:\n]+):(?P<line>[0-9]+):(?P<col>[0-9]+): (?P<code>[EW][0-9]{3}) (?P<message>.+)$")
SUMMARY = re.compile(r"^[0-9]+ files? checked(, no problems|: [0-9]+ errors?, [0-9]+ warnings?)$")


def write_set(root: Path, example: str, kind: Kind, folder: str = EXAMPLE_SET) -> Path:
    """Lay an example out as a set folder under ``root``; returns the folder."""
    target = root / folder
    for name, text in layout(example, kind).items():
        path = target / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return target


def lint_example(root: Path, example: str, kind: Kind) -> list[Diagnostic]:
    diagnostics, _ = lint_paths([write_set(root, example, kind)])
    return diagnostics


def shown(diagnostics: list[Diagnostic]) -> str:
    return "\n".join(d.format_text() for d in diagnostics) or "(nothing)"


# ---------------------------------------------------------------------- the registry itself
@pytest.mark.parametrize("entry", CODES.values(), ids=list(CODES))
def test_entry_is_well_formed(entry: LintCode) -> None:
    assert re.fullmatch(r"[EW][0-9]{3}", entry.code)
    assert entry.kind in ("card", "manifest", "set", "mix")
    assert entry.title and "\n" not in entry.title
    assert entry.title == entry.title.lower(), entry.title
    assert not entry.title.endswith(".")
    assert len(entry.explanation) > 40
    assert entry.bad.strip() and entry.good.strip() and entry.bad != entry.good


@pytest.mark.parametrize("entry", CODES.values(), ids=list(CODES))
def test_bad_example_yields_its_code(entry: LintCode, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    diagnostics = lint_example(tmp_path, entry.bad, entry.kind)
    found = [d for d in diagnostics if d.code == entry.code]
    assert found, f"{entry.code} not reported for its bad example; got:\n{shown(diagnostics)}"
    assert any(d.severity is entry.severity for d in found), shown(found)


@pytest.mark.parametrize("entry", CODES.values(), ids=list(CODES))
def test_good_example_is_clean(entry: LintCode, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    diagnostics = lint_example(tmp_path, entry.good, entry.kind)
    assert not [d for d in diagnostics if d.code == entry.code], shown(diagnostics)
    assert not [d for d in diagnostics if d.severity is Severity.ERROR], shown(diagnostics)
    assert diagnostics == [], shown(diagnostics)


def test_explanations_list_the_whole_vocabulary() -> None:
    """Where an explanation lists the words a check accepts, it lists all of them."""
    from lotr_rules.games.deckbuilding.vocabulary import vocabulary

    vocab = vocabulary()
    listed = {
        "E110": [name for name, p in vocab.primitives.items() if not p.syntax],
        "E113": list(vocab.players),
        "E116": list(vocab.aggregates),
        "E117": list(vocab.attributes),
        "E118": [*vocab.provenances, *vocab.decks],
        "E122": [f"without {g}" for p in vocab.primitives.values() for g in p.guards],
    }
    for code, words in listed.items():
        explanation = CODES[code].explanation
        missing = [w for w in words if not re.search(rf"\b{re.escape(w)}\b", explanation)]
        assert not missing, f"{code}'s explanation does not mention {missing}"


def emitted_codes() -> dict[str, list[str]]:
    """Every code literal in the package's sources, with where it appears."""
    found: dict[str, list[str]] = {}
    for path in sorted(SOURCES.rglob("*.py")):
        if path in NOT_EMITTERS:
            continue
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            for code in CODE_LITERAL.findall(line):
                found.setdefault(code, []).append(f"{path.relative_to(SOURCES.parent)}:{number}")
    return found


def test_every_emitted_code_is_registered() -> None:
    emitted = emitted_codes()
    missing = {code: where for code, where in emitted.items() if code not in CODES}
    assert not missing, f"codes emitted but not in the registry (lotr_rules/lint/code_entries): {missing}"


def test_every_registered_code_is_emitted() -> None:
    emitted = emitted_codes()
    assert emitted, "no code literals found: has the package moved?"
    stale = sorted(set(CODES) - set(emitted))
    assert not stale, f"codes in the registry (lotr_rules/lint/code_entries) that nothing emits any more: {stale}"


def test_layout_splits_files_and_adds_a_manifest() -> None:
    files = layout("# file: a.card\nA\n# file: sub/b.card\nB\n", "set")
    assert files == {"a.card": "A\n", "sub/b.card": "B\n", "set.toml": files["set.toml"]}
    assert "language = 5" in files["set.toml"]
    card = layout('card "X" {\n  id some-card\n}\n', "card")
    assert set(card) == {"some-card.card", "set.toml"}
    manifest = layout('code = "demo"\n', "manifest")
    assert manifest["set.toml"] == 'code = "demo"\n'
    assert any(name.endswith(".card") for name in manifest)


# ---------------------------------------------------------------------- the docs page
def test_page_lists_every_code_with_its_examples() -> None:
    text = page.render()
    assert page.PAGE == "lint-codes.md"
    for entry in CODES.values():
        assert f"### {entry.code}\n" in text
        assert entry.title in text
        # shown as the tool shows them: a control character (W206's example) escaped
        assert escape_controls(entry.bad.rstrip()) in text and entry.good.rstrip() in text
    assert not has_controls(text.replace("\n", "").replace("\t", ""))
    for needed in ("--format json", "--strict", "lotr-rules lint my-cards/ --cards other-set/", "lotr-rules-lint"):
        assert needed in text


def test_page_is_current() -> None:
    path = Path(__file__).resolve().parents[1] / "docs" / page.PAGE
    assert path.read_text(encoding="utf-8") == page.render(), "run 'python -m lotr_rules.docgen'"


def test_page_samples_are_real_output(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(tmp_path)
    for code in ("E110", "E112"):
        write_set(tmp_path, CODES[code].bad, "card", folder="my-cards")
    (tmp_path / "my-cards" / "set.toml").write_text('code = "my-cards"\nname = "My cards"\nlanguage = 5\n')
    assert main(["lint", "my-cards/"]) == 1
    assert capsys.readouterr().out.rstrip("\n") == page.SAMPLE_TEXT
    assert main(["lint", "my-cards/gandalf.card", "--format", "json"]) == 1
    assert capsys.readouterr().out.rstrip("\n") == page.SAMPLE_JSON


def test_pre_commit_hook_is_defined() -> None:
    import yaml  # the test extra installs it: a missing one fails here rather than skipping

    hooks = yaml.safe_load((Path(__file__).resolve().parents[1] / ".pre-commit-hooks.yaml").read_text())
    hook = next(h for h in hooks if h["id"] == "lotr-rules-lint")
    assert hook["language"] == "python"
    assert hook["entry"] == "lotr-rules lint"
    assert hook["pass_filenames"] is True
    assert re.search(hook["files"], "cards/gandalf.card") and not re.search(hook["files"], "set.toml")


# ---------------------------------------------------------------------- the command line
@pytest.fixture
def messy(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A set folder with several errors and a warning, in several files; the cwd is its parent."""
    monkeypatch.chdir(tmp_path)
    for code in ("E130", "E112", "E141", "W203"):
        write_set(tmp_path, CODES[code].bad, "card")
    return Path(EXAMPLE_SET)


def test_text_output_is_sorted_lines_then_summary(messy: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["lint", str(messy)]) == 1
    lines = capsys.readouterr().out.splitlines()
    *findings, summary = lines
    assert len(findings) >= 4
    parsed = [LINE.match(line) for line in findings]
    assert all(parsed), [line for line, m in zip(findings, parsed, strict=True) if not m]
    keys = [(m["path"], int(m["line"]), int(m["col"]), m["code"]) for m in parsed if m]
    assert keys == sorted(keys)
    assert {k[3] for k in keys} >= {"E130", "E112", "E141", "W203"}
    assert all(Path(k[0]).parts[0] == EXAMPLE_SET for k in keys), "paths are relative to the cwd"
    assert SUMMARY.match(summary), summary
    assert summary == "4 files checked: 4 errors, 1 warning"


def test_json_output_has_the_documented_fields(messy: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["lint", str(messy), "--format", "json"]) == 1
    data = json.loads(capsys.readouterr().out)
    assert set(data) == {"files", "errors", "warnings", "diagnostics"}
    assert (data["files"], data["errors"], data["warnings"]) == (4, 4, 1)
    fields = {"path", "line", "column", "end_line", "end_column", "code", "severity", "message", "hint"}
    for item in data["diagnostics"]:
        assert set(item) == fields
        assert item["severity"] in ("error", "warning")
        assert item["code"] in CODES and CODES[item["code"]].severity.value == item["severity"]
        assert isinstance(item["line"], int) and item["line"] >= 1 and item["column"] >= 1
        assert item["hint"] is None or isinstance(item["hint"], str)
    assert len(data["diagnostics"]) == data["errors"] + data["warnings"]


def test_clean_folder_exits_0(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(tmp_path)
    folder = write_set(tmp_path, CODES["E110"].good, "card")
    assert main(["lint", str(folder)]) == 0
    assert capsys.readouterr().out.splitlines() == ["1 file checked, no problems"]


def test_warnings_exit_0_unless_strict(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(tmp_path)
    folder = write_set(tmp_path, CODES["W201"].bad, "card")
    assert main(["lint", str(folder)]) == 0
    out = capsys.readouterr().out.splitlines()
    assert [LINE.match(line)["code"] for line in out[:-1]] == ["W201"]  # type: ignore[index]
    assert out[-1] == "1 file checked: 0 errors, 1 warning"
    assert main(["lint", "--strict", str(folder)]) == 1


def test_nonexistent_path_exits_2(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(tmp_path)
    assert main(["lint", "no-such-folder"]) == 2
    captured = capsys.readouterr()
    assert "no-such-folder" in captured.err
    assert captured.out == ""


def test_bad_option_exits_2(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_info:
        main(["lint", "--format", "yaml"])
    assert exit_info.value.code == 2


def test_cards_option_makes_other_sets_names_known(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(tmp_path)
    other = tmp_path / "other-set"
    other.mkdir()
    (other / "set.toml").write_text('code = "other-set"\nname = "Other"\nlanguage = 5\n')
    (other / "radagast.card").write_text(
        'card "Radagast" {\n  id radagast\n  type ally\n  provenance designed\n  text "+1 Power."\n}\n'
    )
    mine = tmp_path / "my-cards"
    mine.mkdir()
    (mine / "set.toml").write_text('code = "my-cards"\nname = "Mine"\nlanguage = 5\n')
    (mine / "call.card").write_text(
        'card "Call" {\n  id call\n  type maneuver\n  provenance designed\n  text "Gain Radagast."\n'
        '  play {\n    gain a card from path where name is "Radagast"\n  }\n}\n'
    )
    assert main(["lint", "my-cards/"]) == 1
    assert "E150" in capsys.readouterr().out
    assert main(["lint", "my-cards/", "--cards", "other-set/"]) == 0
    assert capsys.readouterr().out.splitlines() == ["1 file checked, no problems"]
