"""``lotr-rules fmt``: rewrite card scripts in the canonical layout (``--check`` only reports)."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from lotr_rules.dsl.comments import format_keeping_comments
from lotr_rules.dsl.syntax import parse
from lotr_rules.errors import ScriptSyntaxError, UserError


def register(sub: argparse._SubParsersAction[Any]) -> None:
    parser = sub.add_parser("fmt", help="format card scripts in the canonical layout")
    parser.add_argument("paths", nargs="+", type=Path, help="card files or folders")
    parser.add_argument("--check", action="store_true", help="change nothing; exit 1 if a file would change")
    parser.set_defaults(run=run)


def _files(paths: list[Path]) -> list[Path]:
    out: list[Path] = []
    for path in paths:
        if path.is_dir():
            out.extend(sorted(path.rglob("*.card")))
        elif path.is_file():
            out.append(path)
        else:
            raise UserError(f"no such file or folder: {path}")
    return out


def run(args: argparse.Namespace) -> int:
    changed = 0
    broken = 0
    for path in _files(args.paths):
        text = path.read_text(encoding="utf-8")
        try:
            formatted = format_keeping_comments(parse(text, str(path)), text)
        except ScriptSyntaxError as error:
            print(f"{error.span}: {error.code} {error.message}", file=sys.stderr)
            broken += 1
            continue
        if formatted != text:
            changed += 1
            if args.check:
                print(f"would reformat {path}")
            else:
                # Write to a sibling file first so an interrupted run never truncates a card.
                temporary = path.with_suffix(path.suffix + ".tmp")
                temporary.write_text(formatted, encoding="utf-8")
                temporary.replace(path)
                print(f"reformatted {path}")
    if broken:
        return 2
    return 1 if args.check and changed else 0
