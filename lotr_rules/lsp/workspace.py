"""Which set a file belongs to, its family, and the cards of the sets it plays with.

A file belongs to the set of the nearest folder above it with a ``set.toml`` (as the linter
decides). The sets in view are that set, the shipped sets and any set folders the editor names
(the ``cards`` initialization option, as ``lint --cards``): their cards are parsed once and kept
until a file of their folder changes on disk, so a keystroke costs one file's parse and compile.
"""

from __future__ import annotations

import gc
import os
from collections.abc import Iterable, Sequence
from pathlib import Path

import attrs

from lotr_rules.lsp import core


@attrs.frozen(slots=True)
class CardEntry:
    """One card of a set in view: where it is written and what it says."""

    name: str
    path: Path
    set_code: str
    family: str
    card: core.ast.Card

    def field_text(self, key: str) -> str:
        """A field's value as a script writes it ("" when the card does not give it)."""
        found = self.card.field(key)
        if found is None:
            return ""
        value = found.value
        if isinstance(value, tuple):
            return " ".join(str(word) for word in value)
        return str(value) if isinstance(value, int | str) else ""


@attrs.frozen(slots=True)
class SetView:
    """A set folder as read: its manifest (None if it does not read), the manifest's findings,
    its parsed card files and the cards in them."""

    folder: Path
    info: core.SetInfo | None
    problems: tuple[core.Diagnostic, ...]
    parsed: tuple[core.ParsedFile, ...]
    cards: tuple[CardEntry, ...]

    @property
    def family(self) -> str:
        return self.info.family if self.info is not None else core.DEFAULT_FAMILY

    @property
    def code(self) -> str:
        return self.info.code if self.info is not None else self.folder.name

    @property
    def language(self) -> int:
        return self.info.language if self.info is not None else core.LANGUAGE_VERSION


def home_of(path: Path) -> Path | None:
    """The set folder ``path`` belongs to: the nearest folder above it with a manifest (links not
    followed: a card file is looked at where it was found)."""
    for folder in Path(os.path.abspath(path)).parents:
        if (folder / core.MANIFEST).is_file():
            return folder
    return None


def read_set(folder: Path) -> SetView:
    """A set folder read from disk; a manifest that does not read leaves ``info`` None and says
    why in ``problems``, and card files that do not parse are skipped."""
    info, problems = core.read_manifest(folder)
    family = info.family if info is not None else core.DEFAULT_FAMILY
    code = info.code if info is not None else folder.name
    language = info.language if info is not None else core.LANGUAGE_VERSION
    parsed: list[core.ParsedFile] = []
    cards: list[CardEntry] = []
    for file in sorted(folder.rglob(f"*{core.SCRIPT_SUFFIX}")):
        script, _ = core.parse_file(file, folder)
        if script is None:
            continue
        parsed.append(core.ParsedFile(file, code, script, language))
        cards.extend(CardEntry(card.name, file, code, family, card) for card in script.cards)
    return SetView(folder, info, tuple(problems), tuple(parsed), tuple(cards))


class Workspace:
    """The sets in view, read once each and read again when a file of theirs changes."""

    def __init__(self, extra_sets: Sequence[Path] = ()) -> None:
        self.extra_sets = [Path(p) for p in extra_sets]
        self._sets: dict[Path, SetView] = {}
        self._reference: list[Path] | None = None
        self._lasting: dict[tuple[Path | None, str], dict[str, core.LastingCard]] = {}

    def reference_folders(self) -> list[Path]:
        """The shipped sets and the editor's extra ones, as the linter sees them."""
        if self._reference is None:
            folders = core.set_folders(core.cardscripts_dir())
            for extra in self.extra_sets:
                if extra.is_dir():
                    folders.extend(core.set_folders(extra))
            self._reference = list(dict.fromkeys(Path(os.path.abspath(f)) for f in folders))
        return self._reference

    def set_at(self, folder: Path) -> SetView:
        folder = Path(os.path.abspath(folder))
        view = self._sets.get(folder)
        if view is None:
            view = self._sets[folder] = read_set(folder)
            # The sets' cards live as long as the server: the collector need not look at them again
            # on every change (a full collection over them is a pause one would see).
            gc.freeze()
        return view

    def folders_in_view(self, home: Path | None) -> list[Path]:
        folders = list(self.reference_folders())
        if home is not None and Path(os.path.abspath(home)) not in folders:
            folders.append(Path(os.path.abspath(home)))
        return folders

    def sets_in_view(self, home: Path | None) -> list[SetView]:
        return [self.set_at(folder) for folder in self.folders_in_view(home)]

    def cards_in_view(self, home: Path | None, family: str | None = None) -> list[CardEntry]:
        """The cards of the sets in view (of one family, if given), the home set's first."""
        views = self.sets_in_view(home)
        if home is not None:
            mine = Path(os.path.abspath(home))
            views.sort(key=lambda view: view.folder != mine)
        return [card for view in views for card in view.cards if family is None or card.family == family]

    def known_names(self, home: Path | None) -> set[str]:
        return {card.name for card in self.cards_in_view(home)}

    def card_named(self, name: str, home: Path | None) -> CardEntry | None:
        """The card of that title, its own set's first (titles of the Card Game repeat)."""
        lowered = name.lower()
        return next((card for card in self.cards_in_view(home) if card.name.lower() == lowered), None)

    def lasting(self, home: Path | None, family: str) -> dict[str, core.LastingCard]:
        """The cards a rule keeps where they are, for the checks of one family's scripts."""
        key = (home, family)
        found = self._lasting.get(key)
        if found is None:
            views = [view for view in self.sets_in_view(home) if view.info is not None and view.family == family]
            infos = [view.info for view in views if view.info is not None]
            parsed = [p for view in self.sets_in_view(home) for p in view.parsed]
            found = self._lasting[key] = dict(core.lasting_of(infos, parsed, core.vocabulary_for(family)))
        return found

    def forget(self, paths: Iterable[Path]) -> None:
        """Drop what was read of the sets holding ``paths`` (files changed on disk)."""
        for path in paths:
            home = home_of(path)
            if home is None:
                continue
            self._sets.pop(Path(os.path.abspath(home)), None)
            if path.name == core.MANIFEST:
                self._reference = None
        self._lasting.clear()
