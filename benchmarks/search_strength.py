"""The search bot against the heuristic bot on the same seeds, and its strength against its budget.

    python benchmarks/search_strength.py --games 6 --output search.json
    python benchmarks/search_strength.py --games 200 --budgets 3,6,12,24 --output search.json
    python benchmarks/search_strength.py --markdown search.json   # the figures as tables
    python benchmarks/search_strength.py --deckbuilding 24 --games 20   # one search seat of two

Every line-up plays the same seeded games (seeds 1 to GAMES) once with the heuristic bot in every
seat and once with the search bot at each budget; the search bot's budgets are playouts per
searched decision, so every game is reproducible. Each line records the games won with a 95%
Wilson interval, the mean rounds played, the mean CPU seconds a game took (``process_time``: on a
shared machine, wall time means little) and the playouts a game played. ``--markdown`` prints the
tables of a saved run (win share by line-up, and the strength-against-budget curve as a table).
"""

from __future__ import annotations

import argparse
import json
import math
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import attrs

from lotr_rules.agents.bots import HeuristicAgent
from lotr_rules.agents.search.core import Budget
from lotr_rules.agents.search.deckbuilding import DeckbuildingSearchAgent
from lotr_rules.agents.search.lcg import LcgSearchAgent
from lotr_rules.cards.loader import load_sets
from lotr_rules.engine.decisions import Agent
from lotr_rules.engine.rng import Rng
from lotr_rules.games import vocabulary_for
from lotr_rules.games.deckbuilding.config import GameConfig
from lotr_rules.games.deckbuilding.game import DeckbuildingGame
from lotr_rules.games.lcg.bots import LcgHeuristicAgent
from lotr_rules.games.lcg.game import LcgGame
from lotr_rules.games.lcg.recording import new_table

LINE_UPS = (
    ("passage-through-mirkwood", ("leadership", "tactics")),
    ("journey-down-the-anduin", ("leadership", "tactics")),
)


def wilson(wins: int, games: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a win share."""
    if games == 0:
        return (0.0, 1.0)
    share = wins / games
    centre = (share + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(share * (1 - share) / games + z * z / (4 * games * games)) / (1 + z * z / games)
    return (max(0.0, centre - half), min(1.0, centre + half))


def play_line(scenario: str, decks: Sequence[str], games: int, budget: int | None) -> dict[str, Any]:
    """``games`` seeded games of one line-up: the heuristic bot (``budget`` None) or the search bot."""
    table = new_table(load_sets(vocabulary=vocabulary_for("lcg")), scenario, decks, 1)
    wins = rounds = playouts = 0
    cpu = 0.0
    for seed in range(1, games + 1):
        config = attrs.evolve(table.config, seed=seed)
        agents: list[Agent]
        searchers = [LcgSearchAgent(seed * 8 + seat, Budget(budget)) for seat in range(len(decks))] if budget else []
        agents = list(searchers) if budget else [LcgHeuristicAgent(seed * 8 + seat) for seat in range(len(decks))]
        start = time.process_time()
        game = LcgGame(config, agents)
        result = game.play_game()
        cpu += time.process_time() - start
        wins += bool(result["won"])
        rounds += int(result["rounds"])
        playouts += sum(s.playouts for s in searchers)
    low, high = wilson(wins, games)
    return {
        "scenario": scenario,
        "decks": list(decks),
        "bot": "heuristic" if budget is None else "search",
        "budget": budget,
        "games": games,
        "seeds": [1, games],
        "won": wins,
        "interval": [round(low, 3), round(high, 3)],
        "rounds": round(rounds / games, 2),
        "cpu_seconds": round(cpu / games, 2),
        "playouts": round(playouts / games, 1),
    }


def play_deckbuilding(games: int, budget: int) -> dict[str, Any]:
    """``games`` two-player games of The Two Towers: one search seat (the first seat in odd
    games, the second in even ones) against the heuristic bot, on seeds 1 to ``games``."""
    catalogue = load_sets(())
    wins = 0.0
    cpu = 0.0
    playouts = 0
    for seed in range(1, games + 1):
        seat = seed % 2
        agents: list[Agent] = [HeuristicAgent(seed=Rng(seed).fork(s)) for s in range(2)]
        searcher = DeckbuildingSearchAgent(seed * 8 + seat, Budget(budget))
        agents[seat] = searcher
        start = time.process_time()
        result = DeckbuildingGame(catalogue, GameConfig(players=2, seed=seed, sets=("two-towers",)), agents).play_game()
        cpu += time.process_time() - start
        winners = result["winners"]
        wins += 1 / len(winners) if seat in winners else 0.0
        playouts += searcher.playouts
    low, high = wilson(round(wins), games)
    return {
        "scenario": "two-towers, 2 players",
        "decks": ["search seat"],
        "bot": "search",
        "budget": budget,
        "games": games,
        "seeds": [1, games],
        "won": wins,
        "interval": [round(low, 3), round(high, 3)],
        "rounds": 0,
        "cpu_seconds": round(cpu / games, 2),
        "playouts": round(playouts / games, 1),
    }


def markdown(lines: Sequence[dict[str, Any]]) -> str:
    out = ["| Scenario | Decks | Bot | Budget | Games | Won | 95% interval | Rounds | CPU s a game |", "|---" * 9 + "|"]
    for line in lines:
        low, high = line["interval"]
        budget = line["budget"] if line["budget"] is not None else "-"
        out.append(
            f"| {line['scenario']} | {' + '.join(line['decks'])} | {line['bot']} | {budget} | {line['games']} "
            f"| {line['won']} | {low:.0%} to {high:.0%} | {line['rounds']} | {line['cpu_seconds']} |"
        )
    return "\n".join(out)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=6)
    parser.add_argument("--budgets", default="6", help="comma-separated playouts per decision (default 6)")
    parser.add_argument("--curve", default="", help="scenario for the strength-against-budget curve (default none)")
    parser.add_argument("--output", type=Path)
    parser.add_argument(
        "--deckbuilding", type=int, default=0, metavar="BUDGET", help="play only the deck-building line at BUDGET"
    )
    parser.add_argument("--markdown", type=Path, help="print the tables of a saved run and stop")
    args = parser.parse_args()
    if args.markdown:
        print(markdown(json.loads(args.markdown.read_text())["lines"]))
        return
    budgets = [int(b) for b in args.budgets.split(",") if b]
    lines = []
    if args.deckbuilding:
        lines.append(play_deckbuilding(args.games, args.deckbuilding))
        if args.output:
            args.output.write_text(json.dumps({"lines": lines}, indent=1) + "\n")
        print(markdown(lines))
        return
    for scenario, decks in LINE_UPS:
        for budget in (None, *(budgets if not args.curve or scenario == args.curve else budgets[-1:])):
            line = play_line(scenario, decks, args.games, budget)
            lines.append(line)
            print(json.dumps(line), flush=True)
            if args.output:
                args.output.write_text(json.dumps({"lines": lines}, indent=1) + "\n")
    print(markdown(lines))


if __name__ == "__main__":
    main()
