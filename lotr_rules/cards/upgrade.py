"""Moving a set to the current version of the card-script language, doing what it did.

Each change since the set's version rewrites its cards (see :mod:`lotr_rules.dsl.editions` and
:mod:`lotr_rules.dsl.upgrades`). A set is upgraded whole or not at all: when any place needs a
person (a construct whose old meaning the current language cannot say), nothing is written and
every such place is named, so a set never ends up half in one version and half in another.
"""

from __future__ import annotations

import re
from pathlib import Path

import attrs

from lotr_rules import atomic
from lotr_rules.cards.loader import MANIFEST, SCRIPT_SUFFIX, read_manifest
from lotr_rules.datafiles import CardFileError, read_card_text
from lotr_rules.diagnostics import Diagnostic
from lotr_rules.dsl import ast
from lotr_rules.dsl.comments import format_keeping_comments
from lotr_rules.dsl.editions import LANGUAGE_VERSION, Change, changes_after
from lotr_rules.dsl.families import vocabulary_for
from lotr_rules.dsl.syntax import parse
from lotr_rules.dsl.upgrades import Note
from lotr_rules.engine.registry import Vocabulary
from lotr_rules.errors import ScriptSyntaxError, Span

_LANGUAGE_LINE = re.compile(r"^(\s*language\s*=\s*)([0-9]+)", re.MULTILINE)


@attrs.frozen(slots=True)
class Placed:
    """A note of the upgrade, with the file it is about."""

    path: Path
    note: Note

    def line(self) -> str:
        span = self.note.span
        return f"{self.path}:{span.line}:{span.column}: {self.note.message}"


@attrs.frozen(slots=True)
class SetUpgrade:
    """What upgrading one set does: the files it rewrites (path -> new text) and what it says."""

    folder: Path
    code: str
    language: int
    rewritten: dict[Path, str]
    notes: tuple[Placed, ...]
    #: problems reading the set (a manifest or a card that does not parse): nothing is upgraded
    problems: tuple[str, ...] = ()

    @property
    def needs_person(self) -> tuple[Placed, ...]:
        return tuple(placed for placed in self.notes if placed.note.needs_person)

    @property
    def can_write(self) -> bool:
        return not self.problems and not self.needs_person


def plan(folder: Path) -> SetUpgrade:
    """What upgrading the set in ``folder`` would write and say (nothing is written)."""
    info, problems = read_manifest(folder)
    manifest = folder / MANIFEST
    if info is None:
        return SetUpgrade(folder, folder.name, 0, {}, (), tuple(_shown(d) for d in problems))
    changes = changes_after(info.language)
    rewritten: dict[Path, str] = {}
    notes: list[Placed] = []
    broken: list[str] = []
    for change in changes:
        if change.upgrade is None:
            message = (
                f"language {change.version} changed what cannot be found in a script by itself: "
                f"{change.summary}; check the set against it, then write language = {LANGUAGE_VERSION} here"
            )
            notes.append(Placed(manifest, Note(Span(1, 1, 1, 2), message, needs_person=True)))
    vocabulary = vocabulary_for(info.family)
    for path in sorted(folder.rglob(f"*{SCRIPT_SUFFIX}")):
        try:
            text = read_card_text(path, folder)
            script = parse(text, str(path))
        except CardFileError as error:
            broken.append(
                f"{error.where if error.span is not None else f'{error.shown}:1:1'}: {error.code} {error.reason}"
            )
            continue
        except ScriptSyntaxError as error:
            broken.extend(f"{each.span}: {each.code} {each.message}" for each in (error, *error.further))
            continue
        cards: list[ast.Card] = []
        rewrote = False
        for card in script.cards:
            card, found = upgrade_card(card, vocabulary, changes)
            cards.append(card)
            notes.extend(Placed(path, note) for note in found)
            rewrote = rewrote or any(not note.needs_person for note in found)
        upgraded = attrs.evolve(script, cards=tuple(cards))
        # a rewrite may change only what the tree does not compare (a bracket, told by spans),
        # which the canonical text writes out
        new_text = format_keeping_comments(upgraded, text) if upgraded != script or rewrote else text
        if new_text != text:
            rewritten[path] = new_text
    if changes:
        text = manifest.read_text(encoding="utf-8")
        rewritten[manifest] = _LANGUAGE_LINE.sub(lambda m: f"{m.group(1)}{LANGUAGE_VERSION}", text, count=1)
    notes.sort(key=lambda placed: (str(placed.path), placed.note.span.line, placed.note.span.column))
    return SetUpgrade(folder, info.code, info.language, rewritten, tuple(notes), tuple(broken))


def upgrade_card(card: ast.Card, vocabulary: Vocabulary, changes: tuple[Change, ...]) -> tuple[ast.Card, list[Note]]:
    """``card`` rewritten across ``changes`` (oldest first), with what each rewrite said."""
    notes: list[Note] = []
    for change in changes:
        if change.upgrade is None:
            continue
        card, found = change.upgrade(card, vocabulary)
        notes.extend(found)
    return card, notes


def write(upgrade: SetUpgrade) -> None:
    """Write a planned upgrade whose every place could be kept (see :attr:`SetUpgrade.can_write`)."""
    assert upgrade.can_write
    manifest = upgrade.folder / MANIFEST
    # The cards first, the manifest last: until it says the new version, the set is read as the
    # old one, so an upgrade cut short is run again rather than read half-done.
    for path, text in upgrade.rewritten.items():
        if path != manifest:
            atomic.write_text(path, text)
    if manifest in upgrade.rewritten:
        atomic.write_text(manifest, upgrade.rewritten[manifest])


def _shown(diagnostic: Diagnostic) -> str:
    return diagnostic.format_text()
