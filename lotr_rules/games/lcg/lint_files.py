"""The deck lists and scenario files of Card Game sets, checked by the linter.

A set of the ``lcg`` family may ship deck lists (``decks/*.txt``; a player's own deck list is
any ``.txt`` file given to lint) and scenarios
(``scenarios/*.toml``; see :mod:`lotr_rules.games.lcg.files`). They are checked against the LCG
cards in view (the sets linted, the shipped sets and those of ``--cards``) with the same checks
a game makes before it starts, so a file that lints clean is one the game plays:

- E193: a deck list line that cannot be read, or a deck-building rule the deck breaks (with
  ``lint --tournament``, also fewer than the tournament minimum of cards);
- W220: a deck list names a card no set in view has (the game refuses the deck until it exists);
- E194: a scenario file that cannot be read, whose quest stages are not quest cards in order, or
  whose setup puts in the staging area a card of none of its encounter sets;
- W221: a scenario names a card or an encounter set no set in view has;
- E330: a deck or scenario names a card (or encounter set) by a title several sets in view
  share, and neither its own set nor a qualifier (``Aragorn (lcg-core)``) says which.
- E350-E353, W350-W351: a scenario's Easy Mode (its ``[easy]`` table) that cannot be read, or
  that leaves out what its encounter deck does not have (see
  :mod:`lotr_rules.games.lcg.easy_mode`).

Unknown names are warnings, not errors, so that a set can ship its decks and scenarios before
its last cards are written; ``lint --strict`` fails on them.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from pathlib import Path

from lotr_rules.cards.loader import MANIFEST, load_folders, read_manifest
from lotr_rules.datafiles import DataFileError, check_inside_set
from lotr_rules.diagnostics import Diagnostic, Severity
from lotr_rules.dsl.families import DataFiles, FileLint
from lotr_rules.errors import Span
from lotr_rules.games.lcg.files import (
    DECK_SUFFIX,
    DECKS,
    FAMILY,
    SCENARIO_SUFFIX,
    SCENARIOS,
    TOURNAMENT_MINIMUM,
    Finding,
    LcgCards,
    deck_problems,
    lcg_cards,
    own_sets,
    read_scenario_file,
    scenario_problems,
)
from lotr_rules.games.lcg.vocabulary import vocabulary


def _family(folder: Path) -> str:
    """The family of the set in ``folder``, read as the loader reads a manifest (never from a
    FIFO, a device or a link out of the folder), or "" if it cannot be read."""
    if not os.path.lexists(folder / MANIFEST):
        return ""
    info, _ = read_manifest(folder)
    return info.family if info is not None else ""


def lcg_files(paths: Sequence[Path], set_folders: Sequence[Path]) -> list[Path]:
    """The deck lists and scenario files to check: those of the LCG sets among ``set_folders``
    (the sets found in the paths linted), and those given as paths themselves."""
    found: dict[Path, Path] = {}
    for folder in set_folders:
        if _family(folder) != FAMILY:
            continue
        for kind, suffix in ((DECKS, DECK_SUFFIX), (SCENARIOS, SCENARIO_SUFFIX)):
            for file in sorted((folder / kind).glob(f"*{suffix}")):
                found.setdefault(Path(os.path.realpath(file)), file)
    for path in paths:
        if is_lcg_file(path):
            found.setdefault(Path(os.path.realpath(path)), path)
    return list(found.values())


def is_lcg_file(path: Path) -> bool:
    """Whether ``path``, given to lint as a file, is a deck list (any ``.txt`` file: a player's
    own deck lives anywhere) or the scenario file of an LCG set."""
    if not path.is_file():
        return False
    if path.suffix == DECK_SUFFIX:
        return True
    kind = {SCENARIO_SUFFIX: SCENARIOS}.get(path.suffix)
    folder = Path(os.path.realpath(path)).parent
    return kind is not None and folder.name == kind and _family(folder.parent) == FAMILY


def check_lcg_files(
    files: Sequence[Path], card_folders: Sequence[Path], shown: dict[Path, str], *, tournament: bool = False
) -> list[Diagnostic]:
    """Findings for each file of ``files`` against the LCG cards of ``card_folders``; with
    ``tournament``, a deck list with fewer cards than tournament play asks for is one too."""
    if not files:
        return []
    catalogue, _ = load_folders([f for f in card_folders if _family(f) == FAMILY], vocabulary())
    cards = lcg_cards(catalogue)
    out: list[Diagnostic] = []
    for path in files:
        where = shown.get(Path(os.path.realpath(path)), str(path))
        try:
            _check_in_its_set(path)
        except DataFileError as error:
            code = "E193" if path.suffix == DECK_SUFFIX else "E194"
            # shown by the link's own name: the file it points to is none of the set's
            out.append(Diagnostic(code, Severity.ERROR, error.reason, Span(1, 1, 1, 2, str(path))))
            continue
        context = own_sets(path, catalogue)
        if path.suffix == DECK_SUFFIX:
            out += [_diagnostic(f, "E193", "W220", where) for f in _deck_findings(path, cards, tournament, context)]
        else:
            scenario, findings = read_scenario_file(path)
            if scenario is not None:
                findings = scenario_problems(scenario, cards, context)
            out += [_diagnostic(f, "E194", "W221", where) for f in findings]
    return out


def _check_in_its_set(path: Path) -> None:
    """A file of a set's ``decks/`` or ``scenarios/`` folder is read only when it lies inside the
    set's folder, as the games read it (see :func:`lotr_rules.datafiles.check_inside_set`)."""
    holder = path.parent
    if holder.name in (DECKS, SCENARIOS) and os.path.lexists(holder.parent / MANIFEST):
        check_inside_set(path, holder.parent, "deck list" if path.suffix == DECK_SUFFIX else "scenario file")


def _deck_findings(path: Path, cards: LcgCards, tournament: bool, context: Sequence[str]) -> list[Finding]:
    from lotr_rules.cards.decklist import read_deck_list

    try:
        deck = read_deck_list(path)
    except DataFileError as error:
        return [Finding(error.reason, error.span or Span(1, 1, 1, 2, str(path)))]
    return deck_problems(deck, cards, minimum_cards=TOURNAMENT_MINIMUM if tournament else None, context=context)


def _diagnostic(finding: Finding, error: str, unknown: str, where: str) -> Diagnostic:
    span = finding.span.with_path(where)
    if finding.code:
        # a finding with a code of its own is an error, or a warning where its code says so
        severity = Severity.WARNING if finding.code.startswith("W") else Severity.ERROR
        return Diagnostic(finding.code, severity, finding.message, span, finding.hint)
    if finding.unknown_name:
        return Diagnostic(unknown, Severity.WARNING, finding.message, span, finding.hint)
    return Diagnostic(error, Severity.ERROR, finding.message, span, finding.hint)


def lint_lcg_files(files: Sequence[Path], lint: FileLint) -> list[Diagnostic]:
    """What ``lotr-rules lint`` reports on the deck lists and scenarios found, against the LCG
    cards of the sets in view and of the sets holding the files."""
    homes = [folder for path in files if (folder := lint.set_folder_of(path)) is not None]
    card_folders = list(dict.fromkeys([*lint.reference_folders, *lint.found_sets, *homes]))
    where = {path.resolve(): lint.display(path.resolve()) for path in files}
    return check_lcg_files(files, card_folders, where, tournament=lint.tournament)


#: the Card Game's deck lists and scenario files, as lint finds and checks them
LCG_FILES = DataFiles("deck list or scenario", is_one=is_lcg_file, find=lcg_files, check=lint_lcg_files)
