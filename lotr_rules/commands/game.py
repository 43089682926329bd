"""``lotr-rules game``: bots play one complete game; print its log and the final scores."""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

from lotr_rules.agents.bots import HeuristicAgent, RandomAgent
from lotr_rules.commands.common import add_cards_option, catalogue_from, positive_int, seed_int
from lotr_rules.games.deckbuilding.config import GameConfig
from lotr_rules.games.deckbuilding.game import DeckbuildingGame
from lotr_rules.games.deckbuilding.log import render_log
from lotr_rules.games.deckbuilding.record import game_record


def register(sub: argparse._SubParsersAction[Any]) -> None:
    parser = sub.add_parser("game", help="bots play a complete game; show its log and the scores")
    parser.add_argument("--players", type=positive_int, default=4, help="1 to 5 players (default 4)")
    parser.add_argument("--seed", type=seed_int, default=1, help="the game's seed (default 1)")
    parser.add_argument("--bot", choices=("heuristic", "random"), default="heuristic")
    parser.add_argument("--impossible", action="store_true", help="Impossible Mode")
    parser.add_argument("--archenemies", type=positive_int, default=8, help="Archenemy stack size (default 8)")
    parser.add_argument("--hero", action="append", default=[], metavar="NAME", help="hero for the next seat")
    parser.add_argument("--sets", default="two-towers", help="comma-separated set codes (default two-towers)")
    parser.add_argument("--quiet", action="store_true", help="print only the result")
    parser.add_argument("--record", type=Path, metavar="FILE", help="write the game record (JSON) to FILE")
    add_cards_option(parser)
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    catalogue = catalogue_from(args)
    config = GameConfig(
        players=args.players,
        seed=args.seed,
        heroes=tuple(args.hero),
        impossible=args.impossible,
        archenemies=args.archenemies,
        sets=tuple(s.strip() for s in args.sets.split(",") if s.strip()),
    )
    bot = HeuristicAgent if args.bot == "heuristic" else RandomAgent
    game = DeckbuildingGame(catalogue, config, [bot(seed=args.seed * 10 + i) for i in range(args.players)])
    result = game.play_game()
    if not args.quiet:
        for line in render_log(game):
            print(line)
        print()
    heroes = result["heroes"]
    print(f"Game over after {result['turns']} turns: {result['reason']}.")
    for seat, score in enumerate(result["scores"]):
        marker = "  winner" if seat in result["winners"] else ""
        print(f"  player {seat + 1} ({heroes[seat]}): {score} VP, {result['archenemies'][seat]} Archenemies{marker}")
    if not result["winners"]:
        print("  Everyone loses: the forces of Saruman have triumphed.")
    if args.record:
        args.record.write_text(json.dumps(game_record(game), indent=2), encoding="utf-8")
        print(f"record written to {args.record}")
    return 0
