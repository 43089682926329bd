"""Mix files: one TOML file that says everything about a mix (see docs/mixing.md, "Mix files").

A mix file names the sets in play, the extra set folders to load (relative to the file, so a
set of your own mixes in like a shipped one), the plan, and the plan's options::

    sets = ["two-towers", "fellowship"]
    plan = "less-random"

    [less_random]
    enemy = "fellowship"

:func:`check_mix_file` is what ``lotr-rules lint`` reports on one, with each finding at the key
or value it is about; :func:`load_mix_file` is what the game commands read, refusing a file with
errors. Both run the checks of :mod:`lotr_rules.games.deckbuilding.mix_checks`, which a game runs too.
"""

from __future__ import annotations

import os
import re
import tomllib
from collections.abc import Sequence
from pathlib import Path
from typing import Any, cast

import attrs

from lotr_rules.cards.catalogue import Catalogue
from lotr_rules.cards.loader import load_folders, load_sets, set_folders
from lotr_rules.cards.tomlspans import Entry, toml_spans
from lotr_rules.datafiles import DataFileError, check_path, is_folder, path_problem, read_data_text, shown_path
from lotr_rules.diagnostics import Diagnostic, Severity, did_you_mean, sort_diagnostics
from lotr_rules.dsl.families import DataFiles, FileLint
from lotr_rules.engine.registry import Vocabulary
from lotr_rules.errors import ConfigError, Span, UserError
from lotr_rules.games.deckbuilding.config import GameConfig
from lotr_rules.games.deckbuilding.mix_checks import (
    BAD_VALUE,
    UNKNOWN_KEY,
    KeyPath,
    MixProblem,
    catalogue_problems,
    config_problems,
)
from lotr_rules.resources import cardscripts_dir

MIX_SUFFIX = ".mix.toml"
#: every key a mix file may have, in the order the docs list them
KEYS = ("description", "sets", "cards", "plan", "half", "less_random", "deck")

SYNTAX = "E170"
BAD_FOLDER = "E180"

_TOML_POSITION = re.compile(r"\s*\(at line (\d+), column (\d+)\)$")
_TOML_END = re.compile(r"\s*\(at end of document\)$")


@attrs.frozen(slots=True)
class MixFile:
    path: Path
    #: the sets in play and the mix options, as a game config holds them
    config: GameConfig
    #: the extra set folders the file loads (absolute)
    folders: tuple[Path, ...]
    #: plan-2: the file names a half, so it is one game of a match, not the whole match
    one_game: bool = False

    def mix_options(self) -> dict[str, Any]:
        """The GameConfig fields of the mix options (``sets`` apart)."""
        return {
            "mix": self.config.mix,
            "half": self.config.half,
            "less_random": self.config.less_random,
            "custom_deck": self.config.custom_deck,
        }


def is_mix_file(path: Path) -> bool:
    return path.name.endswith(MIX_SUFFIX)


def check_mix_file(path: Path, extra_sets: Sequence[Path] = (), shown: str | None = None) -> list[Diagnostic]:
    """Every problem of the mix file at ``path`` (``shown`` is the path to print), sorted."""
    _, diagnostics = _check(path, extra_sets, shown if shown is not None else str(path))
    return diagnostics


def find_mix_files(paths: Sequence[Path], _set_folders: Sequence[Path] = ()) -> list[Path]:
    """The mix files among ``paths`` and inside the folders of ``paths``."""
    found: dict[Path, Path] = {}
    for path in paths:
        candidates = sorted(path.rglob(f"*{MIX_SUFFIX}")) if path.is_dir() else [path] if is_mix_file(path) else []
        for file in candidates:
            found.setdefault(file.resolve(), file)
    return list(found.values())


def lint_mix_files(files: Sequence[Path], lint: FileLint) -> list[Diagnostic]:
    """What ``lotr-rules lint`` reports on the mix files found: each against the shipped sets,
    the ``--cards`` sets and the set folders it loads itself."""
    return [d for mix in files for d in check_mix_file(mix, lint.extra_sets, lint.display(mix.resolve()))]


#: the deck-building games' mix files, as lint finds and checks them
MIX_FILES = DataFiles("mix file", is_one=is_mix_file, find=find_mix_files, check=lint_mix_files)


def load_mix_file(path: Path, extra_sets: Sequence[Path] = ()) -> tuple[MixFile, list[Diagnostic]]:
    """The mix a game is played with, and the file's warnings; a file with errors is refused."""
    try:
        check_path(path, "mix file")
    except DataFileError as error:
        raise UserError(f"cannot read mix file '{error.shown}': {error.reason}") from None
    if not path.is_file():
        why = "the mix file is not a regular file" if path.exists() else "no such file"
        raise UserError(f"cannot read mix file '{path}': {why}")
    mix, diagnostics = _check(path, extra_sets, str(path))
    errors = [d for d in diagnostics if d.severity is Severity.ERROR]
    if errors or mix is None:
        shown = "\n".join(d.format_text() for d in errors)
        raise ConfigError(f"mix file '{path}' has errors (run 'lotr-rules lint {path}'):\n{shown}")
    return mix, [d for d in diagnostics if d.severity is Severity.WARNING]


def _check(path: Path, extra_sets: Sequence[Path], shown: str) -> tuple[MixFile | None, list[Diagnostic]]:
    start = Span(1, 1, 1, 2, shown)
    try:
        text = read_data_text(path, "mix file")
    except DataFileError as error:
        if error.span is None:
            raise UserError(f"cannot read mix file '{error.shown}': {error.reason}") from None
        return None, [Diagnostic(SYNTAX, Severity.ERROR, error.reason, error.span.with_path(shown))]
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        return None, [_syntax_error(str(error), text, shown)]
    spans = toml_spans(text, shown)
    problems, folders = _shape_problems(data, path.parent)
    config = GameConfig(
        sets=tuple(s for s in data.get("sets", ()) if isinstance(s, str)) if isinstance(data.get("sets"), list) else (),
        mix=data["plan"] if isinstance(data.get("plan"), str) else "",
        # Values of the wrong kind are passed on as they are: the mix checks report them.
        half=cast(int, data.get("half", 1)),
        less_random=tuple(_table(data, "less_random")),
        custom_deck=tuple(_table(data, "deck")),
    )
    catalogue, card_errors = _catalogue([*extra_sets, *(folder for _, _, folder in folders)])
    problems.extend(_broken_folders(folders, card_errors))
    problems.extend(config_problems(config))
    problems.extend(catalogue_problems(catalogue, config))
    diagnostics = [_diagnostic(problem, spans, start) for problem in problems]
    mix = MixFile(path, config, tuple(folder for _, _, folder in folders), one_game="half" in data)
    return mix, sort_diagnostics(diagnostics)


def _syntax_error(message: str, text: str, shown: str) -> Diagnostic:
    found = _TOML_POSITION.search(message)
    if found:
        line, column = int(found.group(1)), int(found.group(2))
    else:
        lines = text.splitlines() or [""]
        line, column = len(lines), len(lines[-1]) + 1
    reason = _TOML_END.sub("", _TOML_POSITION.sub("", message))
    reason = reason[:1].lower() + reason[1:]
    return Diagnostic(
        SYNTAX, Severity.ERROR, f"mix file is not valid toml: {reason}", Span(line, column, line, column + 1, shown)
    )


def _table(data: dict[str, Any], key: str) -> list[tuple[Any, Any]]:
    value = data.get(key, {})
    return list(value.items()) if isinstance(value, dict) else []


def _shape_problems(data: dict[str, Any], home: Path) -> tuple[list[MixProblem], list[tuple[int, str, Path]]]:
    """Unknown keys, values of the wrong kind, and the extra set folders (those that exist)."""
    out: list[MixProblem] = []
    for key in data:
        if key not in KEYS:
            hint = did_you_mean(key, KEYS)
            out.append(
                MixProblem(
                    UNKNOWN_KEY, f"unknown key '{key}' in a mix file; keys: {', '.join(KEYS)}", (key,), "key", hint
                )
            )
    sets = data.get("sets")
    if sets is None:
        out.append(MixProblem(BAD_VALUE, "a mix file needs 'sets', the list of set codes in play", ()))
    else:
        out.extend(_strings(sets, "sets", "set codes"))
    for key in ("description", "plan"):
        if key in data and not isinstance(data[key], str):
            out.append(MixProblem(BAD_VALUE, f"'{key}' must be text, not {data[key]!r}", (key,)))
    for key in ("less_random", "deck"):
        if key in data and not isinstance(data[key], dict):
            out.append(MixProblem(BAD_VALUE, f"'{key}' must be a table, not {data[key]!r}", (key,)))
    folders: list[tuple[int, str, Path]] = []
    cards = data.get("cards", [])
    out.extend(_strings(cards, "cards", "folders"))
    for index, item in enumerate(cards if isinstance(cards, list) else []):
        if not isinstance(item, str):
            continue
        problem = path_problem(item)
        if problem is not None:
            out.append(MixProblem(BAD_FOLDER, f"the path '{shown_path(item)}' in 'cards' {problem}", ("cards", index)))
            continue
        folder = Path(os.path.realpath(home / item))  # not resolve(): a loop of links raises there
        if not is_folder(folder):
            out.append(
                MixProblem(
                    BAD_FOLDER,
                    f"set folder '{item}' does not exist (paths are relative to the mix file)",
                    ("cards", index),
                )
            )
        elif not set_folders(folder):
            out.append(MixProblem(BAD_FOLDER, f"'{item}' holds no set (a folder with a set.toml)", ("cards", index)))
        else:
            folders.append((index, item, folder))
    return out, folders


def _strings(value: object, key: str, what: str) -> list[MixProblem]:
    if not isinstance(value, list):
        return [MixProblem(BAD_VALUE, f"'{key}' must be a list of {what}, not {value!r}", (key,))]
    return [
        MixProblem(BAD_VALUE, f"'{key}' must list {what} as text, not {item!r}", (key, index))
        for index, item in enumerate(value)
        if not isinstance(item, str) or not item.strip()
    ]


def _catalogue(extra: Sequence[Path]) -> tuple[Catalogue, list[Diagnostic]]:
    """The cards a mix is checked against: the shipped sets and the extra folders, and the errors
    of their cards (cards with errors are left out of the catalogue)."""
    if not extra:
        return load_sets(), []
    folders = set_folders(cardscripts_dir())
    for path in extra:
        if path.is_dir():
            folders.extend(f for f in set_folders(path) if f not in folders)
    catalogue, diagnostics = load_folders(folders, _deckbuilding())
    return catalogue, [d for d in diagnostics if d.severity is Severity.ERROR]


def _broken_folders(folders: Sequence[tuple[int, str, Path]], errors: Sequence[Diagnostic]) -> list[MixProblem]:
    """A mix file's set folder whose cards have errors: a game would refuse to load it."""
    out: list[MixProblem] = []
    for index, item, folder in folders:
        inside = [d for d in errors if Path(d.span.path).resolve().is_relative_to(folder)]
        if inside:
            out.append(
                MixProblem(
                    BAD_FOLDER,
                    f"set folder '{item}' has {len(inside)} card error{'s' if len(inside) != 1 else ''}, "
                    f"so a game cannot load it",
                    ("cards", index),
                    hint=f"lint the folder itself: {inside[0].format_text()}",
                )
            )
    return out


def _deckbuilding() -> Vocabulary:
    from lotr_rules.games.deckbuilding.vocabulary import vocabulary

    return vocabulary()


def _diagnostic(problem: MixProblem, spans: dict[KeyPath, Entry], start: Span) -> Diagnostic:
    severity = Severity.WARNING if problem.warning else Severity.ERROR
    return Diagnostic(problem.code, severity, problem.message, _locate(problem, spans, start), problem.hint)


def _locate(problem: MixProblem, spans: dict[KeyPath, Entry], start: Span) -> Span:
    """The span of the problem's key or value; of the nearest enclosing entry the file has when
    the entry itself is not written (a default), or the file's start."""
    where = problem.where
    while where:
        entry = spans.get(where)
        if entry is not None:
            return entry.key if problem.part == "key" or where != problem.where else entry.value
        where = where[:-1]
    return start
