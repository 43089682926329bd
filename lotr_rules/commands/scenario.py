"""``lotr-rules scenario FILE``: run a scenario file; say which of its expectations hold.

The file's ``[game] family`` picks its reader: ``"lcg"`` for the Card Game, else deck-building.

Exit status: 0 when every expectation holds, 1 when one fails (or a step cannot be done), 2 when
the file itself is bad (not TOML, an unknown key, a card no set has); see docs/scenarios.md.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

from lotr_rules.commands.common import add_cards_option
from lotr_rules.games.deckbuilding import scenario as deckbuilding
from lotr_rules.games.lcg import scenario as lcg
from lotr_rules.scenario_files import read_toml


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
    data = read_toml(args.file)
    extra = tuple(args.cards)
    if lcg.is_lcg(data):
        result = lcg.run(lcg.scenario_from_data(data, str(args.file), base=args.file.parent, extra_cards=extra))
        report = lcg.render_report
    else:
        result = deckbuilding.run(
            deckbuilding.scenario_from_data(data, str(args.file), base=args.file.parent, extra_cards=extra)
        )
        report = deckbuilding.render_report
    if args.json:
        print(json.dumps(result.to_json(), indent=2, ensure_ascii=False))
    else:
        for line in report(result, show_log=not args.no_log):
            print(line)
    return 0 if result.passed else 1
