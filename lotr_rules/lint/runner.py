"""Lint files and folders of card scripts against the shipped sets (and any others named).

Each path may be a ``.card`` file, a set folder (with ``set.toml``) or a folder of set folders.
Card names a script refers to must exist in some loaded set: the files being linted, the
shipped sets, and the extra sets given with ``--cards``.

The files a family reads besides card scripts (the deck-building games' mix files, the Card
Game's deck lists and scenarios), given as paths or found in the folders given, are checked too,
each by the family that registered it (see :mod:`lotr_rules.dsl.families`).
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from pathlib import Path

import attrs

from lotr_rules.cards.catalogue import SetInfo
from lotr_rules.cards.gap_comments import check_gap_comments
from lotr_rules.cards.loader import (
    MANIFEST,
    SCRIPT_SUFFIX,
    ParsedFile,
    Recovered,
    check_duplicates,
    check_shared_titles,
    code_clash,
    compile_files,
    lasting_of,
    parse_file,
    parse_file_recovering,
    read_manifest,
    set_folders,
    too_many_cards,
)
from lotr_rules.diagnostics import Diagnostic, Severity, sort_diagnostics
from lotr_rules.dsl.editions import LANGUAGE_VERSION
from lotr_rules.dsl.families import FileLint, data_files, default_family, vocabulary_for
from lotr_rules.engine.cards import CardDef
from lotr_rules.engine.registry import Vocabulary
from lotr_rules.errors import Span, UserError
from lotr_rules.lint import partial
from lotr_rules.lint.foreign import with_foreign_phrases
from lotr_rules.resources import cardscripts_dir

#: The manifests read during one lint_paths call, by folder: a set's manifest is read once, not
#: once for each of its card files.
_manifests: dict[Path, tuple[SetInfo | None, list[Diagnostic]]] = {}


def _read_manifest(folder: Path) -> tuple[SetInfo | None, list[Diagnostic]]:
    found = _manifests.get(folder)
    if found is None:
        found = _manifests[folder] = read_manifest(folder)
    return found


def _family_of(path: Path) -> str:
    """The game family a card file is written for: its set's, or the deck-building games' for
    a loose file outside any set."""
    folder = _set_folder_of(path)
    if folder is None:
        return default_family()
    info, _ = _read_manifest(folder)
    return info.family if info is not None else default_family()


def _shared_titles(
    cards: Sequence[CardDef],
    linted: Sequence[ParsedFile],
    everything: Sequence[ParsedFile],
    vocabulary: Vocabulary,
    known: set[str],
) -> list[Diagnostic]:
    """W330 for the linted cards whose title a card of another set in view has, differently.
    Only the cards in view that share a linted card's title are compiled to compare them."""
    titles = {card.name.lower() for card in cards}
    mine = {id(p) for p in linted}
    others = [
        parsed
        for parsed in everything
        if id(parsed) not in mine
        and parsed.script is not None
        and any(card.name.lower() in titles for card in parsed.script.cards)
        and _family_of(parsed.path) == vocabulary.family
    ]
    decks = vocabulary.one_set_decks
    if not others:
        return check_shared_titles(cards, linted, decks)
    theirs, _ = compile_files(others, vocabulary, known)
    paths = {str(p.path) for p in linted}
    found = check_shared_titles([*theirs, *cards], [*others, *linted], decks)
    return [d for d in found if d.span.path in paths]


def _set_code_for(path: Path) -> tuple[str, list[Diagnostic]]:
    """The set a loose card file belongs to: the nearest folder above it with a manifest."""
    for folder in _absolute(path).parents:
        if (folder / MANIFEST).is_file():
            info, problems = _read_manifest(folder)
            return (info.code if info else folder.name), problems
    return "custom", []


def _set_folder_of(path: Path) -> Path | None:
    for folder in _absolute(path).parents:
        if (folder / MANIFEST).is_file():
            return folder
    return None


def _absolute(path: Path) -> Path:
    """``path`` made absolute without following its links: a card file that is a link is looked
    at where it was found (in its set folder), not where it points."""
    return Path(os.path.abspath(path))


def collect(paths: Sequence[Path]) -> tuple[list[tuple[Path, str]], list[Diagnostic]]:
    """The card files among ``paths`` and in their folders, each once, as found (links not
    followed, so that one pointing out of its set is reported, not read), with its set's code."""
    files: list[tuple[Path, str]] = []
    diagnostics: list[Diagnostic] = []
    for path in paths:
        if path.is_file() and any(kind.is_one(path) for kind in data_files()):
            continue  # a family's own file, checked by its family (see _lint_paths)
        if path.is_dir():
            folders = set_folders(path)
            if not folders:
                loose = False
                for file in sorted(path.rglob(f"*{SCRIPT_SUFFIX}")):
                    code, problems = _set_code_for(file)
                    diagnostics.extend(problems)
                    files.append((file, code))
                    loose = loose or _set_folder_of(file) is None
                if loose:
                    diagnostics.append(_outside_any_set(path))
            for folder in folders:
                info, problems = _read_manifest(folder)
                diagnostics.extend(problems)
                code = info.code if info else folder.name
                found = sorted(folder.rglob(f"*{SCRIPT_SUFFIX}"))
                too_many = too_many_cards(code, len(found), folder)  # as a game refuses it
                if too_many is not None:
                    diagnostics.append(too_many)
                files.extend((file, code) for file in found)
        elif os.path.lexists(path):  # a file, or a link, device or FIFO that reading refuses
            code, problems = _set_code_for(path)
            diagnostics.extend(problems)
            files.append((path, code))
        else:
            raise UserError(f"no such file or folder: {path}")
    unique: dict[Path, tuple[Path, str]] = {}
    for file, code in files:
        unique.setdefault(file.resolve(), (_absolute(file), code))
    return list(unique.values()), diagnostics


def _outside_any_set(folder: Path) -> Diagnostic:
    return Diagnostic(
        "E161",
        Severity.WARNING,
        f"card files outside any set: no {MANIFEST} in '{_display(folder.resolve())}' or above it",
        Span(1, 1, 1, 2, _display(folder.resolve() / MANIFEST)),
        f"a game loads only sets, and refuses this folder: add a {MANIFEST} with 'code', 'name' and 'language'",
    )


def _code_clashes(folders: Sequence[Path]) -> list[Diagnostic]:
    """E163 for each set whose code an earlier one (shipped sets first) already has."""
    claimed: dict[str, tuple[Path, SetInfo]] = {}
    out: list[Diagnostic] = []
    seen: set[Path] = set()
    for folder in folders:
        if folder.resolve() in seen:
            continue
        seen.add(folder.resolve())
        info, _ = _read_manifest(folder)
        if info is not None:
            clash = code_clash(info, folder, claimed)
            if clash is not None:
                out.append(attrs.evolve(clash, span=clash.span.with_path(_display(folder.resolve() / MANIFEST))))
    return out


def _display(path: Path) -> str:
    try:
        return str(path.relative_to(Path.cwd()))
    except ValueError:
        return str(path)


def lint_paths(
    paths: Sequence[Path], extra_sets: Sequence[Path] = (), *, tournament: bool = False
) -> tuple[list[Diagnostic], int]:
    """Every diagnostic for the given paths, sorted, and how many files were read; with
    ``tournament``, deck lists are held to the tournament minimum of cards too."""
    _manifests.clear()
    try:
        return _lint_paths(paths, extra_sets, tournament)
    finally:
        _manifests.clear()


def _lint_paths(paths: Sequence[Path], extra_sets: Sequence[Path], tournament: bool) -> tuple[list[Diagnostic], int]:
    files, diagnostics = collect(paths)
    parsed: list[ParsedFile] = []
    # Files with syntax errors, as far as the parser could read them (see lotr_rules.lint.partial).
    partly: dict[str, tuple[str, ParsedFile, Recovered]] = {}
    for path, code in files:
        shown = Path(_display(path))
        script, errors, recovered = parse_file_recovering(shown if shown.exists() else path, _set_folder_of(path))
        if errors:
            errors = with_foreign_phrases(errors, path, vocabulary_for(_family_of(path)))
        diagnostics.extend(errors)
        home = _set_folder_of(path)
        info = _read_manifest(home)[0] if home is not None else None
        language = info.language if info is not None else LANGUAGE_VERSION
        parsed.append(ParsedFile(shown, code, script, language))
        if script is not None:
            diagnostics.extend(check_gap_comments(shown if shown.exists() else path, _set_folder_of(path)))
        if recovered is not None:
            partly[str(shown)] = (_family_of(path), ParsedFile(shown, code, recovered.script, language), recovered)
    known = {card.name for p in parsed if p.script for card in p.script.cards}
    known.update(card.name for _, p, _r in partly.values() if p.script for card in p.script.cards)
    linted = {p.path.resolve() for p in parsed}
    reference_folders = set_folders(cardscripts_dir()) + [f for e in extra_sets for f in set_folders(e)]
    # A card file linted on its own still sees the other cards of its set (pre-commit passes
    # only the changed files).
    for path, _code in files:
        home = _set_folder_of(path)
        if home is not None and home not in reference_folders:
            reference_folders.append(home)
    linted_sets = [f for p, _c in files if (f := _set_folder_of(p)) is not None]
    diagnostics.extend(_code_clashes([*reference_folders, *linted_sets]))
    # The manifests of every set in view say which cards a rule keeps where they are (W205).
    infos: dict[str, SetInfo] = {}
    everything: list[ParsedFile] = list(parsed)
    for folder in [*reference_folders, *(f for p, _c in files if (f := _set_folder_of(p)) is not None)]:
        info, _ = _read_manifest(folder)
        if info is not None:
            infos.setdefault(info.code, info)
    for folder in reference_folders:
        info, _ = _read_manifest(folder)
        for file in folder.rglob(f"*{SCRIPT_SUFFIX}"):
            if file.resolve() in linted:
                continue
            script, _ = parse_file(file, folder)
            if script is not None:
                known.update(card.name for card in script.cards)
                language = info.language if info else LANGUAGE_VERSION
                everything.append(ParsedFile(file, info.code if info else folder.name, script, language))
    # Each family's cards are checked against its own vocabulary.
    by_family: dict[str, list[ParsedFile]] = {}
    for (path, _code), parsed_file in zip(files, parsed, strict=True):
        by_family.setdefault(_family_of(path), []).append(parsed_file)
    for family, family_files in sorted(by_family.items()):
        vocabulary: Vocabulary = vocabulary_for(family)
        family_infos = [info for info in infos.values() if info.family == family]
        lasting = lasting_of(family_infos, everything, vocabulary)
        cards, problems = compile_files(family_files, vocabulary, known, lasting)
        diagnostics.extend(problems)
        read_in_part = {path: entry for path, entry in partly.items() if entry[0] == family}
        if read_in_part:
            _, problems = compile_files([p for _, p, _r in read_in_part.values()], vocabulary, known, lasting)
            diagnostics.extend(partial.kept(problems, {path: r for path, (_, _p, r) in read_in_part.items()}))
        if vocabulary.one_set_decks:
            diagnostics.extend(_shared_titles(cards, family_files, everything, vocabulary, known))
    diagnostics.extend(check_duplicates(parsed))
    # The families' own files (the deck-building games' mix files, the Card Game's deck lists
    # and scenarios), each checked by its family against the cards in view.
    found_sets = [f for p in paths if p.is_dir() for f in set_folders(p)]
    lint = FileLint(extra_sets, reference_folders, found_sets, _set_folder_of, _display, tournament)
    others = 0
    for kind in data_files():
        found = kind.find(paths, found_sets)
        others += len(found)
        if found:
            diagnostics.extend(kind.check(found, lint))
    if not files and not others and not diagnostics:
        diagnostics.append(
            Diagnostic(
                "E162",
                Severity.WARNING,
                "no card scripts found here",
                Span(1, 1, 1, 2, ", ".join(str(p) for p in paths)),
            )
        )
    return sort_diagnostics(diagnostics), len(files) + others
