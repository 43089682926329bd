"""The families register with the language (lotr_rules.dsl.families), and the compiler, the loader
and the linter serve whatever is registered: a family added from outside lotr_rules.games is
read, checked and linted with no change to them."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from pathlib import Path

import pytest

from lotr_rules.cards.loader import load_folders, read_manifest
from lotr_rules.diagnostics import Diagnostic, Severity
from lotr_rules.dsl import families
from lotr_rules.dsl.compiler import Compiler
from lotr_rules.dsl.editions import LANGUAGE_VERSION
from lotr_rules.dsl.parser import parse_card
from lotr_rules.engine.fields import FieldDecl, card_class
from lotr_rules.engine.registry import CardType, Vocabulary
from lotr_rules.errors import ConfigError, Span
from lotr_rules.games import vocabulary_for
from lotr_rules.lint.runner import lint_paths

PROBE_FIELDS = (FieldDecl("lantern", "number", "how bright it shines", default=0, low=0, high=9),)
ProbeCardDef = card_class("probe-game", __name__, PROBE_FIELDS)


def probe_vocabulary() -> Vocabulary:
    return Vocabulary(
        family="probe-game",
        primitives={},
        zones={},
        card_types={"relic": CardType("relic", "relics", "a relic")},
        players={},
        states={},
        triggers={},
        aggregates={},
        named_things={},
        attributes={},
        decks=("main",),
        abilities={},
        fields=PROBE_FIELDS,
        card_class=ProbeCardDef,
        title="the probe game",
    )


def _is_probe(path: Path) -> bool:
    return path.name.endswith(".probe")


def _find_probes(paths: Sequence[Path], _sets: Sequence[Path]) -> list[Path]:
    return [f for p in paths for f in (sorted(p.rglob("*.probe")) if p.is_dir() else [p] if _is_probe(p) else [])]


def _check_probes(files: Sequence[Path], lint: families.FileLint) -> list[Diagnostic]:
    return [Diagnostic("E999", Severity.ERROR, "a probe file", Span(1, 1, 1, 2, lint.display(f))) for f in files]


PROBES = families.DataFiles("probe file", is_one=_is_probe, find=_find_probes, check=_check_probes)


@pytest.fixture
def probe_family(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """The probe game registered for one test; the registry is as it was afterwards."""
    monkeypatch.setattr(families, "_FAMILIES", dict(families.registered()))
    families.register(families.Family("probe-game", probe_vocabulary, lambda: (PROBES,)))
    yield


CARD = 'card "Lamp" {\n  id lamp\n  type relic\n  lantern 4\n  provenance designed\n  text "It shines."\n}\n'


def manifest(family: str) -> str:
    return f'code = "lamps"\nname = "Lamps"\nlanguage = {LANGUAGE_VERSION}\nfamily = "{family}"\n'


def test_a_set_of_a_registered_family_loads_with_its_vocabulary(probe_family: None, tmp_path: Path) -> None:
    folder = tmp_path / "lamps"
    folder.mkdir()
    (folder / "set.toml").write_text(manifest("probe-game"))
    (folder / "lamp.card").write_text(CARD)
    info, problems = read_manifest(folder)
    assert problems == [] and info is not None and info.family == "probe-game"
    catalogue, diagnostics = load_folders([folder], vocabulary_for("probe-game"))
    assert [d for d in diagnostics if d.severity is Severity.ERROR] == []
    assert catalogue.get("Lamp").field("lantern", 0) == 4


def test_a_manifest_naming_no_registered_family_lists_those_registered(tmp_path: Path) -> None:
    (tmp_path / "set.toml").write_text(manifest("probe-game"))
    info, problems = read_manifest(tmp_path)
    assert info is None and [d.code for d in problems] == ["E161"]
    assert problems[0].hint == "known families: adventure-deck, deckbuilding, lcg"


def test_the_field_of_a_registered_family_is_e119_in_another(probe_family: None) -> None:
    """The compiler asks the registry which family a field is of (E119 rather than E190)."""
    text = 'card "Lamp" {\n  id lamp\n  type ally\n  lantern 4\n  provenance designed\n  text "It shines."\n}\n'
    compiler = Compiler(vocabulary_for("deckbuilding"), "lamp.card")
    compiler.compile_card(parse_card(text))
    assert [d.code for d in compiler.diagnostics] == ["E119"]


def test_lint_checks_the_files_a_registered_family_declares(probe_family: None, tmp_path: Path) -> None:
    probe = tmp_path / "lamps.probe"
    probe.write_text("not a card script\n")
    diagnostics, files = lint_paths([probe])
    assert [d.code for d in diagnostics] == ["E999"]
    assert files == 1
    diagnostics, files = lint_paths([tmp_path])
    assert [d.code for d in diagnostics] == ["E999"]


def test_with_no_family_registered_the_language_says_to_load_them(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(families, "_FAMILIES", {})
    with pytest.raises(ConfigError, match="no game family is loaded"):
        families.vocabulary_for("deckbuilding")
    with pytest.raises(ConfigError, match="no game family is loaded"):
        families.default_family()


def test_only_one_family_is_the_default(probe_family: None) -> None:
    with pytest.raises(ConfigError, match="another family already is"):
        families.register(families.Family("probe-game", probe_vocabulary, default=True))
