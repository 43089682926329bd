"""``lotr-rules fmt``: rewrite card scripts in the canonical layout (``--check`` only reports);
``--upgrade`` moves whole sets to the current version of the language, doing what they did."""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path
from typing import Any

import attrs

from lotr_rules import atomic
from lotr_rules.datafiles import CardFileError, read_card_text
from lotr_rules.dsl import ast
from lotr_rules.dsl.comments import format_keeping_comments
from lotr_rules.dsl.syntax import parse
from lotr_rules.errors import ScriptSyntaxError, Span, UserError


def register(sub: argparse._SubParsersAction[Any]) -> None:
    parser = sub.add_parser("fmt", help="format card scripts in the canonical layout")
    parser.add_argument("paths", nargs="+", type=Path, help="card files or folders")
    parser.add_argument("--check", action="store_true", help="change nothing; exit 1 if a file would change")
    parser.add_argument(
        "--upgrade",
        action="store_true",
        help="rewrite each set named (a folder with a set.toml, or a folder of them) for the current "
        "language version, keeping what its cards do; names the places a person must check",
    )
    parser.set_defaults(run=run)


def _files(paths: list[Path]) -> list[tuple[Path, Path | None]]:
    """Each card file to format, with the folder it must lie inside (the folder it was found in,
    or None for a file named on its own)."""
    out: list[tuple[Path, Path | None]] = []
    for path in paths:
        if path.is_dir():
            out.extend((file, path) for file in sorted(path.rglob("*.card")))
        elif os.path.lexists(path):  # a file, or a link, device or FIFO that reading refuses
            out.append((path, None))
        else:
            raise UserError(f"no such file or folder: {path}")
    return out


def _grouped_as_written(script: ast.Script, path: Path, homes: dict[Path, tuple[int, str]]) -> ast.Script:
    """``script`` as its set's language groups it: in a set written before language 3, an operator
    after a count's card test belongs to the count, so the canonical text (which brackets a test's
    worked-out number) writes the count in brackets instead; where that cannot be told, the file
    is left alone (:class:`_Ungroupable`)."""
    from lotr_rules.cards.loader import read_manifest
    from lotr_rules.dsl.editions import LANGUAGE_VERSION, new_meaning
    from lotr_rules.dsl.upgrades import old_sums
    from lotr_rules.games import vocabulary_for

    home = next((p for p in Path(os.path.abspath(path)).parents if (p / "set.toml").is_file()), None)
    if home is None:
        return script
    if home not in homes:
        info, _ = read_manifest(home)
        homes[home] = (info.language, info.family) if info is not None else (LANGUAGE_VERSION, "")
    language, family = homes[home]
    if new_meaning("test-takes-following-sum", language):
        return script
    cards: list[ast.Card] = []
    for card in script.cards:
        grouped, notes = old_sums(card, vocabulary_for(family))
        stuck = [note for note in notes if note.needs_person]
        if stuck:
            raise _Ungroupable(stuck[0].span, stuck[0].message)
        cards.append(grouped)
    return attrs.evolve(script, cards=tuple(cards))


class _Ungroupable(Exception):
    def __init__(self, span: Span, message: str) -> None:
        super().__init__(message)
        self.span = span


def run(args: argparse.Namespace) -> int:
    if args.upgrade:
        return run_upgrade(args.paths, args.check)
    changed = 0
    broken = 0
    homes: dict[Path, tuple[int, str]] = {}
    for path, folder in _files(args.paths):
        try:
            # Only a regular file inside the folder, of at most the size limit, is read.
            text = read_card_text(path, folder)
            script = _grouped_as_written(parse(text, str(path)), path, homes)
            formatted = format_keeping_comments(script, text)
        except _Ungroupable as error:
            where = f"{path}:{error.span.line}:{error.span.column}"
            print(f"{where}: E300 {error} (left as it is: fmt --upgrade names what to do)", file=sys.stderr)
            broken += 1
            continue
        except CardFileError as error:
            where = error.where if error.span is not None else f"{error.shown}:1:1"
            print(f"{where}: {error.code} {error.reason}", file=sys.stderr)
            broken += 1
            continue
        except ScriptSyntaxError as error:
            # Every syntax error of the file, as lint reports them: the author fixes them in one go.
            for each in (error, *error.further):
                hint = f" ({each.hint})" if each.hint else ""
                print(f"{each.span}: {each.code} {each.message}{hint}", file=sys.stderr)
            broken += 1
            continue
        if formatted != text:
            changed += 1
            if args.check:
                print(f"would reformat {path}")
            else:
                # Whole or not at all, and never through a link a set may ship beside its cards.
                atomic.write_text(path, formatted)
                print(f"reformatted {path}")
    if broken:
        return 2
    return 1 if args.check and changed else 0


def run_upgrade(paths: list[Path], check: bool) -> int:
    """Upgrade each set in ``paths``: 0 when every set is current (or was made so), 1 when a set
    needs a person (or, with ``check``, would change), 2 when a set cannot be read."""
    from lotr_rules.cards.loader import no_set_here, set_folders
    from lotr_rules.cards.upgrade import plan, write
    from lotr_rules.dsl.editions import LANGUAGE_VERSION

    folders: list[Path] = []
    for path in paths:
        if not path.is_dir():
            raise UserError(f"'{path}' is not a set folder: --upgrade takes sets (folders with a set.toml)")
        found = set_folders(path)
        if not found:
            print(no_set_here(path).format_text(), file=sys.stderr)
            return 2
        folders.extend(found)
    status = 0
    for folder in folders:
        upgrade = plan(folder)
        if upgrade.problems:
            for problem in upgrade.problems:
                print(problem, file=sys.stderr)
            print(f"set in {folder} not upgraded: it does not read cleanly", file=sys.stderr)
            status = 2
            continue
        if upgrade.language >= LANGUAGE_VERSION:
            print(f"set '{upgrade.code}' is written for language {LANGUAGE_VERSION} already")
            continue
        for placed in upgrade.notes:
            if not placed.note.needs_person:
                print(placed.line())
        if upgrade.needs_person:
            for placed in upgrade.needs_person:
                print(f"{placed.line()} (needs a person)", file=sys.stderr)
            count = len(upgrade.needs_person)
            print(
                f"set '{upgrade.code}' not upgraded: {count} place{' needs' if count == 1 else 's need'} a person; "
                f"change them so they mean the same in language {upgrade.language} and {LANGUAGE_VERSION}, "
                "then run this again",
                file=sys.stderr,
            )
            status = max(status, 1)
            continue
        cards = sum(1 for path in upgrade.rewritten if path.suffix == ".card")
        files = f"{cards} card file{'' if cards == 1 else 's'} rewritten"
        what = f"language {upgrade.language} to {LANGUAGE_VERSION} ({files})"
        if check:
            print(f"would upgrade set '{upgrade.code}' from {what}")
            status = max(status, 1)
            continue
        write(upgrade)
        print(f"upgraded set '{upgrade.code}' from {what}")
    return status
