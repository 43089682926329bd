"""``lotr-rules lint``: check card scripts; ``path:line:col: CODE message`` per finding."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from lotr_rules.commands.common import add_cards_option
from lotr_rules.diagnostics import Severity, format_json, summary_line
from lotr_rules.lint.runner import lint_paths
from lotr_rules.resources import cardscripts_dir


def register(sub: argparse._SubParsersAction[Any]) -> None:
    parser = sub.add_parser("lint", help="check card scripts and mix files; report problems with file:line:col")
    parser.add_argument(
        "paths", nargs="*", type=Path, help="card files, mix files (.mix.toml) or folders (default: the shipped sets)"
    )
    parser.add_argument("--format", choices=("text", "json"), default="text")
    parser.add_argument("--strict", action="store_true", help="treat warnings as errors")
    parser.add_argument(
        "--tournament",
        action="store_true",
        help="hold LCG deck lists to tournament play's minimum of 50 cards besides the heroes",
    )
    add_cards_option(parser)
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    paths = args.paths or [cardscripts_dir()]
    diagnostics, files = lint_paths(paths, args.cards, tournament=args.tournament)
    if args.format == "json":
        print(format_json(diagnostics, files))
    else:
        for diagnostic in diagnostics:
            print(diagnostic.format_text())
        print(summary_line(diagnostics, files))
    failing = {Severity.ERROR, Severity.WARNING} if args.strict else {Severity.ERROR}
    return 1 if any(d.severity in failing for d in diagnostics) else 0
