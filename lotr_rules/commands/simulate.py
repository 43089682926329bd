"""``lotr-rules simulate``: bots play many games (in parallel if asked); print statistics over them."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from lotr_rules.commands.common import add_cards_option, positive_int, seed_int, whole_number
from lotr_rules.commands.game import add_mix_options, mix_options
from lotr_rules.errors import UserError
from lotr_rules.sim.families import SimSettings, family_names
from lotr_rules.sim.progress import ProgressBar
from lotr_rules.sim.report import build_report, render_text
from lotr_rules.sim.runner import run_simulation


def workers_int(text: str) -> int:
    return whole_number(text, 0, "--workers is 0 (one per CPU) or more")


def register(sub: argparse._SubParsersAction[Any]) -> None:
    parser = sub.add_parser(
        "simulate",
        help="bots play many games; show win rates, end reasons and what winners buy",
        description="Bots play many seeded games and the statistics over them are printed. Game i is "
        "played from a seed derived from --seed and i, so the results do not depend on --workers.",
    )
    parser.add_argument(
        "--game", default="deckbuilding", metavar="FAMILY", help=f"game family ({', '.join(family_names())})"
    )
    parser.add_argument("--games", type=positive_int, default=200, help="how many games (default 200)")
    parser.add_argument("--players", type=positive_int, default=4, help="1 to 5 players (default 4)")
    parser.add_argument("--seed", type=seed_int, default=1, help="the simulation's seed (default 1)")
    parser.add_argument("--workers", type=workers_int, default=1, help="worker processes (default 1; 0: one per CPU)")
    parser.add_argument("--bot", default="heuristic", metavar="heuristic|random", help="the bots (default heuristic)")
    parser.add_argument("--impossible", action="store_true", help="Impossible Mode")
    parser.add_argument("--archenemies", type=positive_int, help="Archenemy stack size (default 8)")
    parser.add_argument("--sets", default="two-towers", help="comma-separated set codes (default two-towers)")
    add_mix_options(parser)
    parser.add_argument("--format", choices=("text", "json"), default="text", help="report format (default text)")
    parser.add_argument("--output", type=Path, metavar="FILE", help="also write the JSON summary to FILE")
    parser.add_argument("--no-progress", action="store_true", help="no progress bar on stderr")
    add_cards_option(parser)
    parser.set_defaults(run=run)


def settings_from(args: argparse.Namespace) -> SimSettings:
    return SimSettings(
        family=args.game,
        games=args.games,
        players=args.players,
        seed=args.seed,
        bot=args.bot,
        impossible=args.impossible,
        archenemies=args.archenemies,
        sets=tuple(s.strip() for s in args.sets.split(",") if s.strip()),
        card_paths=tuple(str(Path(p).resolve()) for p in args.cards),
        **mix_options(args),
    )


def run(args: argparse.Namespace) -> int:
    settings = settings_from(args)
    output: Path | None = args.output
    if output is not None and not output.parent.is_dir():
        raise UserError(f"cannot write '{output}': folder '{output.parent}' does not exist")
    bar = ProgressBar(settings.games, sys.stderr, enabled=False if args.no_progress else None)
    try:
        outcome = run_simulation(settings, args.workers, lambda done, _total: bar.update(done))
    finally:
        bar.close()
    report = build_report(outcome)
    text = json.dumps(report, indent=2, ensure_ascii=False)
    if output is not None:
        try:
            output.write_text(text + "\n", encoding="utf-8")
        except OSError as error:
            raise UserError(f"cannot write '{output}': {error.strerror}") from None
    if args.format == "json":
        print(text)
    else:
        for line in render_text(report):
            print(line)
        if output is not None:
            print(f"summary written to {output}")
    return 0
