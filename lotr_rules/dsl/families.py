"""The game families the language serves, as each registers itself when its package loads.

The language, the card loader and the linter name no game: a family (a package of
``lotr_rules.games``) calls :func:`register` with what the language needs from it — the
vocabulary its card scripts may use (their words, zones, card types and fields) and the kinds of
files of its own that lint checks besides card scripts (the deck-building games' mix files, the
Card Game's deck lists and scenarios). Whatever runs games or reads cards (the command line, the
web table, the simulations, the tests) loads the families first (``lotr_rules.games.load_all``).

Both are given as functions, called when first needed: registering costs an import of the
family's package only, so a command that never reads a card builds no vocabulary.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

import attrs

from lotr_rules.errors import ConfigError

if TYPE_CHECKING:
    from lotr_rules.diagnostics import Diagnostic
    from lotr_rules.engine.registry import Vocabulary


@attrs.frozen(slots=True)
class FileLint:
    """What a lint run knows when it checks a family's own files."""

    #: the set folders given with ``--cards``
    extra_sets: Sequence[Path]
    #: the set folders whose cards are in view: the shipped sets, those of ``--cards`` and the
    #: sets of the card files linted
    reference_folders: Sequence[Path]
    #: the set folders found inside the paths linted
    found_sets: Sequence[Path]
    #: the set folder holding a path, if any
    set_folder_of: Callable[[Path], Path | None]
    #: how a file is named in findings (relative to the working folder where it can be)
    display: Callable[[Path], str]
    #: ``lint --tournament``: deck lists are held to the tournament minimum too
    tournament: bool = False


@attrs.frozen(slots=True)
class DataFiles:
    """A kind of file a family reads besides card scripts, which lint checks with them."""

    #: what the files are, for a reader ("mix file")
    name: str
    #: whether a path given to lint is such a file (it is then not read as a card script)
    is_one: Callable[[Path], bool]
    #: the files of this kind among the paths linted and in the set folders found in them
    find: Callable[[Sequence[Path], Sequence[Path]], list[Path]]
    #: the findings for the files found
    check: Callable[[Sequence[Path], FileLint], list[Diagnostic]]


@attrs.frozen(slots=True)
class Family:
    """One game family, as the language knows it."""

    #: the name a set's manifest gives (``family = "adventure-deck"``)
    name: str
    #: builds (once: the families cache it) what the family's card scripts may say
    vocabulary: Callable[[], Vocabulary]
    #: the kinds of files of the family's own that lint checks
    data_files: Callable[[], Sequence[DataFiles]] = tuple
    #: whether a set that names no family, and a card file outside any set, is of this family
    default: bool = False


_FAMILIES: dict[str, Family] = {}


def register(family: Family) -> None:
    """Make ``family`` known to the language; registering the same name again replaces it."""
    if family.default and any(f.default and f.name != family.name for f in _FAMILIES.values()):
        raise ConfigError(f"family '{family.name}' cannot be the default: another family already is")
    _FAMILIES[family.name] = family


def registered() -> Mapping[str, Family]:
    """The families registered so far, by name."""
    return dict(_FAMILIES)


def family_names() -> list[str]:
    return sorted(_FAMILIES)


def is_family(name: str) -> bool:
    return name in _FAMILIES


def _none_loaded() -> ConfigError:
    return ConfigError("no game family is loaded: import lotr_rules.games (lotr_rules.games.load_all()) first")


def default_family() -> str:
    """The family of a set whose manifest names none."""
    for family in _FAMILIES.values():
        if family.default:
            return family.name
    raise _none_loaded()


def vocabulary_for(name: str) -> Vocabulary:
    """The vocabulary of the family ``name``; a :class:`ConfigError` names the known ones otherwise."""
    family = _FAMILIES.get(name)
    if family is None:
        if not _FAMILIES:
            raise _none_loaded()
        raise ConfigError(f"unknown game family '{name}'; known families: {', '.join(family_names())}")
    return family.vocabulary()


def vocabularies() -> list[Vocabulary]:
    """The vocabulary of every family registered, in the order of their names."""
    return [_FAMILIES[name].vocabulary() for name in family_names()]


def data_files() -> list[DataFiles]:
    """Every family's kinds of files of its own, in the order of the families' names."""
    return [kind for name in family_names() for kind in _FAMILIES[name].data_files()]
