"""``lotr-rules scenario FILE``: run a scenario file; say which of its expectations hold.

Exit status: 0 when every expectation holds, 1 when one fails (or a step cannot be done), 2 when
the file itself is bad (not TOML, an unknown key, a card no set has); see docs/scenarios.md.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

from lotr_rules.commands.common import add_cards_option
from lotr_rules.games.deckbuilding.scenario import render_report, run_scenario


def register(sub: argparse._SubParsersAction[Any]) -> None:
    parser = sub.add_parser(
        "scenario",
        help="run a scenario file (a set-up game state, steps and expectations); PASS or FAIL each expectation",
    )
    parser.add_argument("file", type=Path, help="the scenario file (TOML)")
    parser.add_argument("--json", action="store_true", help="print the result and the resulting state as JSON")
    parser.add_argument("--no-log", action="store_true", help="leave the game's log out of the readable report")
    add_cards_option(parser)
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    result = run_scenario(args.file, extra_cards=tuple(args.cards))
    if args.json:
        print(json.dumps(result.to_json(), indent=2, ensure_ascii=False))
    else:
        for line in render_report(result, show_log=not args.no_log):
            print(line)
    return 0 if result.passed else 1
