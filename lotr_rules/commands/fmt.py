"""``lotr-rules fmt``: rewrite card scripts in the canonical layout (``--check`` only reports)."""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path
from typing import Any

from lotr_rules import atomic
from lotr_rules.datafiles import CardFileError, read_card_text
from lotr_rules.dsl.comments import format_keeping_comments
from lotr_rules.dsl.syntax import parse
from lotr_rules.errors import ScriptSyntaxError, UserError


def register(sub: argparse._SubParsersAction[Any]) -> None:
    parser = sub.add_parser("fmt", help="format card scripts in the canonical layout")
    parser.add_argument("paths", nargs="+", type=Path, help="card files or folders")
    parser.add_argument("--check", action="store_true", help="change nothing; exit 1 if a file would change")
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


def run(args: argparse.Namespace) -> int:
    changed = 0
    broken = 0
    for path, folder in _files(args.paths):
        try:
            # Only a regular file inside the folder, of at most the size limit, is read.
            text = read_card_text(path, folder)
            formatted = format_keeping_comments(parse(text, str(path)), text)
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
