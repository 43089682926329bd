"""``lotr-rules simulate``: bots play many games (in parallel if asked); print statistics over them."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from lotr_rules.commands.common import add_cards_option, positive_int, seed_int, whole_number
from lotr_rules.commands.game import add_mix_options, mix_options, with_mix_file
from lotr_rules.errors import UserError
from lotr_rules.sim.adventure_report import build_adventure_report, render_adventure_text
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
    parser.add_argument(
        "--players", type=positive_int, help="1 to 5 players (default 4; the Adventure Deck is played alone)"
    )
    parser.add_argument("--seed", type=seed_int, default=1, help="the simulation's seed (default 1)")
    parser.add_argument("--workers", type=workers_int, default=1, help="worker processes (default 1; 0: one per CPU)")
    parser.add_argument(
        "--bot",
        metavar="NAME",
        help="the bots: heuristic or random (default heuristic); for the Adventure Deck a strategy "
        "(shortest, longest, adaptive, random) or all (the default)",
    )
    parser.add_argument("--impossible", action="store_true", help="Impossible Mode")
    parser.add_argument("--archenemies", type=positive_int, help="Archenemy stack size (default 8)")
    parser.add_argument("--sets", default=None, help="comma-separated set codes (default two-towers)")
    add_mix_options(parser)
    parser.add_argument("--format", choices=("text", "json"), default="text", help="report format (default text)")
    parser.add_argument("--output", type=Path, metavar="FILE", help="also write the JSON summary to FILE")
    parser.add_argument("--no-progress", action="store_true", help="no progress bar on stderr")
    add_cards_option(parser)
    parser.set_defaults(run=with_mix_file(run))


ADVENTURE = "adventure-deck"


def settings_from(args: argparse.Namespace, bot: str | None = None) -> SimSettings:
    solo = args.game == ADVENTURE
    mix = mix_options(args)
    return SimSettings(
        family=args.game,
        games=args.games,
        players=args.players if args.players is not None else (1 if solo else 4),
        seed=args.seed,
        bot=bot or args.bot or "heuristic",
        impossible=args.impossible,
        archenemies=args.archenemies,
        sets=tuple(s.strip() for s in args.sets.split(",") if s.strip()),
        card_paths=tuple(str(Path(p).resolve()) for p in args.cards),
        **mix,
        # plan-2 without a half (--half or a mix file's): each simulated game is a whole two-game match
        match=mix["mix"] == "plan-2" and getattr(args, "half", None) is None,
    )


def run(args: argparse.Namespace) -> int:
    output: Path | None = args.output
    if output is not None and not output.parent.is_dir():
        raise UserError(f"cannot write '{output}': folder '{output.parent}' does not exist")
    if args.game == ADVENTURE:
        return _run_adventure(args, output)
    settings = settings_from(args)
    bar = ProgressBar(settings.games, sys.stderr, enabled=False if args.no_progress else None)
    try:
        outcome = run_simulation(settings, args.workers, lambda done, _total: bar.update(done))
    finally:
        bar.close()
    report = build_report(outcome)
    return _emit(args, output, report, render_text(report))


def _run_adventure(args: argparse.Namespace, output: Path | None) -> int:
    """Every strategy (or the one asked for) plays the same seeded games, side by side."""
    from lotr_rules.games.adventure.bots import STRATEGIES

    names = list(STRATEGIES) if args.bot in (None, "all") else [args.bot]
    runs = []
    bar = ProgressBar(args.games * len(names), sys.stderr, enabled=False if args.no_progress else None)
    try:
        for offset, name in enumerate(names):
            runs.append(
                run_simulation(settings_from(args, name), args.workers, _offset_progress(bar, offset * args.games))
            )
    finally:
        bar.close()
    report = build_adventure_report(runs)
    return _emit(args, output, report, render_adventure_text(report))


def _offset_progress(bar: ProgressBar, start: int) -> Callable[[int, int], None]:
    """Progress of one strategy's run, as a part of the whole bar."""
    return lambda done, _total: bar.update(start + done)


def _emit(args: argparse.Namespace, output: Path | None, report: dict[str, Any], lines: list[str]) -> int:
    text = json.dumps(report, indent=2, ensure_ascii=False)
    if output is not None:
        try:
            output.write_text(text + "\n", encoding="utf-8")
        except OSError as error:
            raise UserError(f"cannot write '{output}': {error.strerror}") from None
    if args.format == "json":
        print(text)
    else:
        for line in lines:
            print(line)
        if output is not None:
            print(f"summary written to {output}")
    return 0
