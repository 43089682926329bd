"""``lotr-rules game``: bots play one complete game; print its log and the final scores.

With ``--mix plan-2`` and no ``--half`` the bots play the whole two-game match instead
(lotr_rules.games.deckbuilding.match): both games, then the match table.
"""

from __future__ import annotations

import argparse
import functools
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from lotr_rules.agents.search.core import parse_budget
from lotr_rules.agents.search.deckbuilding import DEFAULT_BUDGET as DECKBUILDING_BUDGET
from lotr_rules.cards.catalogue import Catalogue
from lotr_rules.commands.common import add_cards_option, catalogue_from, positive_int, seed_int
from lotr_rules.engine.decisions import Agent
from lotr_rules.errors import UserError
from lotr_rules.games.deckbuilding.config import GameConfig
from lotr_rules.games.deckbuilding.log import render_log, result_lines
from lotr_rules.games.deckbuilding.match import is_match, match_lines, match_record, play_match, second_record_path
from lotr_rules.games.deckbuilding.mix import PLANS
from lotr_rules.games.deckbuilding.record import game_record, record_text
from lotr_rules.session.deckbuilding import make_bot, play_new
from lotr_rules.session.mixing import apply_mix_file, mix_options


def add_mix_options(parser: argparse.ArgumentParser, *, defaults: bool = True) -> None:
    """``--mix`` and the options its plans take (see docs/mixing.md). With ``defaults=False``
    an option not given is None (``play --resume`` refuses new-game options given)."""
    parser.add_argument(
        "--mix",
        choices=tuple(PLANS),
        default="" if defaults else None,
        help="build the main deck from the sets in play by a rulebook plan (default: every main-deck card)",
    )
    # None when not given (a lone plan-2 game is then half 1), so that --mix-file can refuse it
    parser.add_argument(
        "--half",
        type=int,
        choices=(1, 2),
        default=None,
        help="plan-2: play only this game of the match (default: the whole two-game match)",
    )
    parser.add_argument(
        "--deck", type=Path, metavar="FILE", help="custom: the main deck, a TOML or JSON file of card names to counts"
    )
    parser.add_argument(
        "--less-random",
        metavar="TYPE=SET,...",
        help="less-random: change the rulebook's table (types: ally, enemy, artifact, maneuver, location, "
        "fortune, archenemy, hero)",
    )
    parser.add_argument(
        "--mix-file",
        type=Path,
        metavar="FILE",
        help="the sets, set folders, plan and options of a mix, from a mix file (FILE.mix.toml); "
        "instead of --sets, --mix, --half, --deck and --less-random",
    )


def with_mix_file(
    run: Callable[[argparse.Namespace], int], default_sets: str | None = "two-towers"
) -> Callable[[argparse.Namespace], int]:
    """``run``, after ``--mix-file`` has filled in the options it stands for (and ``--sets`` its
    default, ``default_sets``, when neither is given)."""

    @functools.wraps(run)
    def wrapped(args: argparse.Namespace) -> int:
        apply_mix_file(args, default_sets)
        return run(args)

    return wrapped


def register(sub: argparse._SubParsersAction[Any]) -> None:
    from lotr_rules.commands.lcg_options import add_lcg_options
    from lotr_rules.commands.table_options import add_bot_option, add_game_option, add_players_option

    parser = sub.add_parser("game", help="bots play a complete game; show its log and the scores")
    add_game_option(parser)
    add_lcg_options(parser)
    add_players_option(parser)
    parser.add_argument("--seed", type=seed_int, default=1, help="the game's seed (default 1)")
    add_bot_option(parser)
    parser.add_argument("--impossible", action="store_true", help="Impossible Mode")
    parser.add_argument("--archenemies", type=positive_int, default=None, help="Archenemy stack size (default 8)")
    parser.add_argument("--hero", action="append", default=None, metavar="NAME", help="hero for the next seat")
    parser.add_argument("--sets", default=None, help="comma-separated set codes (default two-towers)")
    add_mix_options(parser)
    parser.add_argument("--quiet", action="store_true", help="print only the result")
    parser.add_argument("--record", type=Path, metavar="FILE", help="write the game record (JSON) to FILE")
    add_cards_option(parser)
    # (no default sets here: the Card Game takes none; the deck-building game's is set in run)
    parser.set_defaults(run=with_mix_file(run, default_sets=None))


def run(args: argparse.Namespace) -> int:
    from lotr_rules.commands.lcg import run_game
    from lotr_rules.commands.lcg_options import refuse_lcg_options
    from lotr_rules.commands.table_options import settle
    from lotr_rules.session.deckbuilding import DEFAULT_PLAYERS

    settle(args)
    if args.game == "lcg":
        return run_game(args)
    if args.game == "adventure-deck":
        from lotr_rules.commands.game_adventure import run_journey

        return run_journey(args)
    refuse_lcg_options(args, "the deck-building game")
    if args.players is None:
        args.players = DEFAULT_PLAYERS
    if args.sets is None:
        args.sets = "two-towers"
    if args.record is not None and not args.record.parent.is_dir():
        raise UserError(f"cannot write '{args.record}': folder '{args.record.parent}' does not exist")
    catalogue = catalogue_from(args)
    config = GameConfig(
        players=args.players,
        seed=args.seed,
        heroes=tuple(args.hero or ()),
        impossible=args.impossible,
        archenemies=args.archenemies if args.archenemies is not None else 8,
        sets=tuple(s.strip() for s in args.sets.split(",") if s.strip()),
        **mix_options(args),
    )
    budget = parse_budget(args.search_budget, DECKBUILDING_BUDGET)
    agents = [make_bot(args.bot or "heuristic", args.seed * 10 + i, budget) for i in range(args.players)]
    if is_match(config, args.half is not None):
        return _run_match(args, catalogue, config, agents)
    game = play_new(catalogue, config, agents)
    result = game.state.result
    if not args.quiet:
        for line in render_log(game):
            print(line)
        print()
    for line in result_lines(result):
        print(line)
    if args.record:
        _write_record(args.record, game_record(game))
        print(f"record written to {args.record}")
    return 0


def _run_match(args: argparse.Namespace, catalogue: Catalogue, config: GameConfig, agents: Sequence[Agent]) -> int:
    first, second, match = play_match(catalogue, config, agents)
    for number, game in ((1, first), (2, second)):
        heroes = ", ".join(f"P{seat + 1} {hero}" for seat, hero in enumerate(game.state.result["heroes"]))
        print(f"=== Game {number} of the match (half {number} of the deck): {heroes}")
        if number == 2:
            order = ", ".join(f"P{seat + 1}" for seat in match.order)
            print(f"    (game-2 heroes chosen lowest game-1 score first: {order})")
        if not args.quiet:
            for line in render_log(game):
                print(line)
        for line in result_lines(game.state.result):
            print(line)
        print()
    for line in match_lines(match):
        print(line)
    if args.record:
        second_path = second_record_path(args.record)
        _write_record(args.record, match_record(first, 1))
        _write_record(second_path, match_record(second, 2))
        print(f"game 1's record written to {args.record}, game 2's to {second_path}")
    return 0


def _write_record(path: Path, data: dict[str, Any]) -> None:
    from lotr_rules import atomic

    try:
        atomic.write_text(path, record_text(data))
    except atomic.WriteError as error:
        raise UserError(f"cannot write the record {path}: {error.reason}") from None
