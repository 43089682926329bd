"""The linter's findings for one open file, from the text in the editor.

A card file or manifest is checked as the editor holds it, before it is saved: its text is put in
a private copy of its place (a folder named as its set's, the same file name) and read there by the
loader's own functions, so every check the linter makes of one file (the syntax, the compiler
against the family's vocabulary and the card names in view, the lasting cards) sees it as ``lint``
would see it saved. Deck lists, scenarios and mix files refer to other files by where they are:
they are checked as saved, by the linter itself.

No file makes this fail: a file it cannot read is a finding, and an error of ours is one too
(without a code), so the editor always hears what happened.
"""

from __future__ import annotations

import hashlib
import os
import shutil
import tempfile
from pathlib import Path

import attrs

from lotr_rules import atomic
from lotr_rules.lsp import core, setwide
from lotr_rules.lsp.workspace import Workspace, home_of

#: the kinds of file the server checks
CARD, MANIFEST, DECK, SCENARIO, MIX, OTHER = "card", "manifest", "deck", "scenario", "mix", "other"


def kind_of(path: Path) -> str:
    if path.name == core.MANIFEST:
        return MANIFEST
    if path.suffix == core.SCRIPT_SUFFIX:
        return CARD
    if path.name.endswith(core.MIX_SUFFIX):
        return MIX
    if path.suffix == ".txt" and home_of(path) is not None:  # a text file of a set: a deck list
        return DECK
    if path.suffix == ".toml" and path.parent.name == "scenarios":
        return SCENARIO
    return OTHER


class Checker:
    """Finds the findings of open files; keeps one private folder for the copies it reads."""

    def __init__(self, workspace: Workspace) -> None:
        self.workspace = workspace
        self._copies = Path(tempfile.mkdtemp(prefix="lotr-rules-lsp-"))

    def close(self) -> None:
        shutil.rmtree(self._copies, ignore_errors=True)

    def findings(self, path: Path, text: str) -> list[core.Diagnostic]:
        """Every finding for the file at ``path`` whose text in the editor is ``text``."""
        try:
            kind = kind_of(path)
            if kind == CARD:
                return core.sort_diagnostics(self._card(path, text))
            if kind == MANIFEST:
                return core.sort_diagnostics(self._manifest(path, text))
            if kind in (DECK, SCENARIO, MIX):
                return self._saved(path)
            return []
        except Exception as error:  # a bug of ours: said in the editor, never a dead server
            message = f"internal error while checking this file: {type(error).__name__}: {error}"
            return [core.Diagnostic("", core.Severity.ERROR, message, core.Span(1, 1, 1, 2, str(path)))]

    def _copy(self, path: Path, text: str, home: Path | None) -> tuple[Path, Path]:
        """The private copy of ``path`` holding ``text``, and the copy of its set folder."""
        # one folder for each set, named as the set's (a manifest's code is checked against it)
        where = hashlib.sha256(os.fsencode(os.path.abspath(home if home is not None else path.parent))).hexdigest()
        folder = self._copies / where[:16] / (home.name if home is not None else "loose")
        inside = Path(path.name)
        if home is not None and _under(path, home):
            inside = Path(os.path.abspath(path)).relative_to(os.path.abspath(home))
        copy = folder / inside
        copy.parent.mkdir(parents=True, exist_ok=True)
        atomic.write_bytes(copy, text.encode("utf-8", "surrogateescape"))
        return copy, folder

    def _card(self, path: Path, text: str) -> list[core.Diagnostic]:
        home = home_of(path)
        found: list[core.Diagnostic] = []
        if home is None:
            found.append(outside_any_set(path))
            family, code, language = core.DEFAULT_FAMILY, "custom", core.LANGUAGE_VERSION
        else:
            view = self.workspace.set_at(home)
            if view.info is None:
                found.extend(_manifest_broken(path, view.problems))
            family, code, language = view.family, view.code, view.language
        shown = str(path)
        if os.path.islink(path):  # read as the linter reads it: a link out of its set is not read
            _, refused, _ = core.parse_file_recovering(path, home)
            if any(d.code == "E004" for d in refused):
                return found + _moved(refused, shown)
        copy, folder = self._copy(path, text, home)
        script, errors, recovered = core.parse_file_recovering(copy, folder)
        vocabulary = core.vocabulary_for(family)
        if errors:
            errors = core.with_foreign_phrases(errors, copy, vocabulary)
        found.extend(_moved(errors, shown))
        if script is not None:
            # (the linter's word on a gap written as a comment: W355)
            found.extend(_moved(core.check_gap_comments(copy, folder), shown))
        known = self.workspace.known_names(home)
        lasting = self.workspace.lasting(home, family)
        readable = script if script is not None else recovered.script if recovered is not None else None
        if readable is not None:
            known = known | {card.name for card in readable.cards}
            parsed = core.ParsedFile(copy, code, readable, language)
            cards, problems = core.compile_files([parsed], vocabulary, known, lasting)
            if script is None and recovered is not None:
                problems = core.partial.kept(problems, {str(copy): recovered})
            else:
                if home is not None:
                    problems.extend(setwide.duplicates(self.workspace.set_at(home), path, parsed))
                problems.extend(setwide.shared_titles(self.workspace, home, path, parsed, cards, vocabulary, known))
            found.extend(_moved(problems, shown))
        return found

    def _manifest(self, path: Path, text: str) -> list[core.Diagnostic]:
        _, folder = self._copy(path, text, path.parent)
        info, problems = core.read_manifest(folder)
        if info is not None:
            problems.extend(setwide.code_clash(self.workspace, path.parent, folder, info))
        return _moved(problems, str(path))

    def _saved(self, path: Path) -> list[core.Diagnostic]:
        """A deck list, scenario or mix file, checked by the linter as it is on disk."""
        if not path.is_file():
            return []
        extra = self.workspace.extra_sets
        diagnostics, _ = core.lint_paths([path], extra)
        real = os.path.realpath(path)
        return [
            attrs.evolve(d, span=d.span.with_path(str(path)))
            for d in diagnostics
            if os.path.realpath(d.span.path) == real
        ]


def outside_any_set(path: Path) -> core.Diagnostic:
    """The linter's warning for a card file that no set holds (a game refuses it)."""
    return core.Diagnostic(
        "E161",
        core.Severity.WARNING,
        f"card file outside any set: no {core.MANIFEST} in its folder or above it",
        core.Span(1, 1, 1, 2, str(path)),
        f"a game loads only sets: add a {core.MANIFEST} with 'code', 'name' and 'language'",
    )


def _manifest_broken(path: Path, problems: tuple[core.Diagnostic, ...]) -> list[core.Diagnostic]:
    """The manifest's own findings, said at the top of a card of its set: the card cannot be
    checked as its set means it until the manifest reads."""
    out = []
    for problem in problems:
        if problem.severity is core.Severity.ERROR:
            message = f"this card's {core.MANIFEST} does not read: {problem.message}"
            out.append(attrs.evolve(problem, message=message, span=core.Span(1, 1, 1, 2, str(path))))
    return out


def _moved(diagnostics: list[core.Diagnostic], shown: str) -> list[core.Diagnostic]:
    return [attrs.evolve(d, span=d.span.with_path(shown)) for d in diagnostics]


def _under(path: Path, folder: Path) -> bool:
    try:
        Path(os.path.abspath(path)).relative_to(os.path.abspath(folder))
    except ValueError:
        return False
    return True
