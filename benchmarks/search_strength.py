"""The search bot against the heuristic bot on the same seeds, and the figures page it makes.

    python benchmarks/search_strength.py --quick --page docs/search-figures.md
    python benchmarks/search_strength.py --games 200 --budgets 3,6,12 --curve passage-through-mirkwood \\
        --deckbuilding-games 200 --output search.json --page docs/search-figures.md
    python benchmarks/search_strength.py --markdown a.json b.json --page docs/search-figures.md
    python benchmarks/search_strength.py --deckbuilding-only --deckbuilding-budget 24 --games 40

Every line-up plays the same seeded games (seeds 1 to GAMES) once with the heuristic bot in every
seat and once with the search bot; the search bot's budgets are playouts per searched decision,
so every game is reproducible. Each line records the games won with a 95% Wilson interval, the
mean rounds played, the share of games that left the first quest stage, the mean CPU seconds a
game took (``process_time``: on a shared machine, wall time means little) and the playouts a
game played. The Card Game lines cover the core set's three scenarios and the starter line-ups
(each starter deck alone and every pair; ``--line-ups`` narrows them), the curve plays one
scenario's two-handed leadership and tactics line-up at every budget, and the deck-building
lines seat one search bot among heuristic bots in two- and four-player games of The Two Towers
(its seat turning with the seed). ``--quick`` plays a few games of each, to check the script;
``--first-seed`` plays other seeds than 1 to GAMES (a figure checked on games its settings were
not chosen on).
``--page`` writes the figures page; ``--markdown`` rebuilds it (or prints the tables) from a
saved run. ``--watch SEED`` prints the log of one of a row's games (the Card Game lines keep the
seeds of the games they won).
"""

from __future__ import annotations

import argparse
import functools
import json
import math
import multiprocessing
import os
import shlex
import sys
import time
from collections.abc import Callable, Sequence
from itertools import combinations
from pathlib import Path
from typing import Any

import attrs

from lotr_rules.agents.bots import HeuristicAgent
from lotr_rules.agents.search.adventure import DEFAULT_BUDGET as ADVENTURE_BUDGET
from lotr_rules.agents.search.adventure import AdventureSearchAgent
from lotr_rules.agents.search.core import DEFAULT_PLAYOUTS, Budget
from lotr_rules.agents.search.deckbuilding import DEFAULT_BUDGET as DECKBUILDING_BUDGET
from lotr_rules.agents.search.deckbuilding import DeckbuildingSearchAgent
from lotr_rules.agents.search.lcg import LcgSearchAgent
from lotr_rules.cards.catalogue import Catalogue
from lotr_rules.cards.loader import load_sets
from lotr_rules.engine.cards import CardDef
from lotr_rules.engine.decisions import Agent
from lotr_rules.engine.rng import Rng
from lotr_rules.errors import UserError
from lotr_rules.games import vocabulary_for
from lotr_rules.games.adventure.bots import AdaptiveAgent
from lotr_rules.games.adventure.game import AdventureConfig, AdventureGame
from lotr_rules.games.deckbuilding.config import MAX_PLAYERS, GameConfig
from lotr_rules.games.deckbuilding.game import DeckbuildingGame
from lotr_rules.games.lcg.bots import LcgHeuristicAgent
from lotr_rules.games.lcg.game import LcgConfig, LcgGame
from lotr_rules.games.lcg.log import lines as log_lines
from lotr_rules.games.lcg.recording import new_table
from lotr_rules.games.lcg.state import QUEST
from lotr_rules.native import compiled_modules
from lotr_rules.session.lcg import result_line

SCENARIOS = ("passage-through-mirkwood", "journey-down-the-anduin", "escape-from-dol-guldur")
STARTERS = ("leadership", "tactics", "spirit", "lore")
LINE_UPS: tuple[tuple[str, ...], ...] = tuple((deck,) for deck in STARTERS) + tuple(combinations(STARTERS, 2))
CURVE_DECKS = ("leadership", "tactics")
ADVENTURE = "adventure-deck"
QUICK_GAMES = 3


def wilson(wins: float, games: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a win share."""
    if games == 0:
        return (0.0, 1.0)
    share = wins / games
    centre = (share + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(share * (1 - share) / games + z * z / (4 * games * games)) / (1 + z * z / games)
    return (max(0.0, centre - half), min(1.0, centre + half))


@functools.cache
def _table(scenario: str, decks: tuple[str, ...]) -> LcgConfig:
    """A line-up's table, built once in each process that plays it."""
    return new_table(load_sets(vocabulary=vocabulary_for("lcg")), scenario, decks, 1).config


def _lcg_game(scenario: str, decks: tuple[str, ...], seed: int, budget: int | None) -> LcgGame:
    """A line-up's game at ``seed``, seated as its row seats it: the heuristic bot (``budget``
    None or 0) or the search bot in every seat (seeded as ``simulate --game lcg`` seeds its bots)."""
    config = attrs.evolve(_table(scenario, decks), seed=seed)
    agents: list[Agent] = [
        LcgSearchAgent(seed * 8 + seat, Budget(budget)) if budget else LcgHeuristicAgent(seed * 8 + seat)
        for seat in range(len(decks))
    ]
    return LcgGame(config, agents)


def play_lcg_game(scenario: str, decks: tuple[str, ...], seed: int, budget: int | None) -> dict[str, Any]:
    """One seeded game of a line-up: the heuristic bot (``budget`` None) or the search bot."""
    _table(scenario, decks)  # (built once a process: not a game's cost)
    start = time.process_time()
    game = _lcg_game(scenario, decks, seed, budget)
    searchers = [agent for agent in game.agents if isinstance(agent, LcgSearchAgent)]
    result = game.play_game()
    stages = game.z(QUEST)
    return {
        "won": bool(result["won"]),
        "rounds": int(result["rounds"]),
        "left_first": bool(result["won"]) or bool(stages and game.records[stages[0]].stage > 1),
        "cpu": time.process_time() - start,
        "playouts": sum(s.playouts for s in searchers),
    }


def watch_lcg_game(scenario: str, decks: tuple[str, ...], seed: int, budget: int | None) -> list[str]:
    """The log of one row's game at ``seed`` (a game listed under the figures' tables, say),
    played again as the row played it, and how it ended."""
    game = _lcg_game(scenario, decks, seed, budget)
    game.play_game()
    bot = f"the search bot at {budget} playouts" if budget else "the heuristic bot"
    title = f"{_name(scenario)}, {' + '.join(decks)}, seed {seed}, {bot} in every seat"
    return [title, "", *log_lines(game.state.log), "", result_line(game)]


def _play_lcg_game(job: tuple[str, tuple[str, ...], int, int | None]) -> dict[str, Any]:
    return play_lcg_game(*job)


def _progress(label: str, done: int, games: int, won: float, began: float) -> None:
    """One line on standard error, rewritten in place on a terminal: how far a line-up is."""
    elapsed = time.monotonic() - began
    left = elapsed / done * (games - done) if done else 0.0
    text = f"{label}: {done}/{games} games, {won:g} won, {elapsed / 60:.1f} min, about {left / 60:.1f} min left"
    if sys.stderr.isatty():
        end = "\n" if done == games else ""
        print(f"\r{text}\x1b[K", end=end, file=sys.stderr, flush=True)
    elif done == games or done % max(1, games // 10) == 0:
        print(text, file=sys.stderr, flush=True)


def _games(
    jobs: Sequence[tuple[Any, ...]], play: Callable[[Any], dict[str, Any]], workers: int, label: str, won: str
) -> list[dict[str, Any]]:
    """Every job's game, in order, on ``workers`` processes (each game is seeded: the results
    are the same whatever the number), with progress on standard error."""
    results: list[dict[str, Any]] = []
    began = time.monotonic()
    total = 0.0

    def keep(result: dict[str, Any]) -> None:
        nonlocal total
        results.append(result)
        total += float(result[won])
        _progress(label, len(results), len(jobs), total, began)

    if workers <= 1 or len(jobs) < 2:
        for job in jobs:
            keep(play(job))
        return results
    with multiprocessing.Pool(min(workers, len(jobs))) as pool:
        for result in pool.imap(play, jobs):
            keep(result)
    return results


def play_line(
    scenario: str, decks: Sequence[str], games: int, budget: int | None, workers: int = 1, first: int = 1
) -> dict[str, Any]:
    """``games`` seeded games of one line-up (seeds ``first`` on): the heuristic bot (``budget``
    None) or the search bot."""
    decks = tuple(decks)
    bot = "heuristic" if budget is None else f"search {budget}"
    label = f"{scenario}, {' + '.join(decks)}, {bot}"
    jobs = [(scenario, decks, seed, budget) for seed in range(first, first + games)]
    results = _games(jobs, _play_lcg_game, workers, label, "won")
    wins = sum(r["won"] for r in results)
    low, high = wilson(wins, games)
    return {
        "scenario": scenario,
        "decks": list(decks),
        "bot": "heuristic" if budget is None else "search",
        "budget": budget,
        "games": games,
        "seeds": [first, first + games - 1],
        "won": wins,
        # (which games were won: a rare win can be looked for again, and two runs on the same
        # seeds compared game by game)
        "won_seeds": [seed for seed, r in zip(range(first, first + games), results, strict=True) if r["won"]],
        "interval": [round(low, 3), round(high, 3)],
        "left_first_stage": round(sum(r["left_first"] for r in results) / games, 3),
        "rounds": round(sum(r["rounds"] for r in results) / games, 2),
        "cpu_seconds": round(sum(r["cpu"] for r in results) / games, 2),
        "playouts": round(sum(r["playouts"] for r in results) / games, 1),
    }


@functools.cache
def _deckbuilding_catalogue() -> Catalogue:
    return load_sets(())


def play_deckbuilding_game(seed: int, budget: int, players: int) -> dict[str, Any]:
    """One seeded game of The Two Towers: one search seat (seat ``seed % players``) among
    heuristic bots; a tie counts as a share of a win."""
    seat = seed % players
    agents: list[Agent] = [HeuristicAgent(seed=Rng(seed).fork(s)) for s in range(players)]
    searcher = DeckbuildingSearchAgent(seed * 8 + seat, Budget(budget))
    agents[seat] = searcher
    start = time.process_time()
    config = GameConfig(players=players, seed=seed, sets=("two-towers",))
    result = DeckbuildingGame(_deckbuilding_catalogue(), config, agents).play_game()
    winners = result["winners"]
    return {
        "won": 1 / len(winners) if seat in winners else 0.0,
        "cpu": time.process_time() - start,
        "playouts": searcher.playouts,
    }


def _play_deckbuilding_game(job: tuple[int, int, int]) -> dict[str, Any]:
    return play_deckbuilding_game(*job)


def play_deckbuilding(games: int, budget: int, players: int = 2, workers: int = 1, first: int = 1) -> dict[str, Any]:
    """``games`` games of The Two Towers, on seeds ``first`` on, one search seat among
    heuristic bots (its seat turning with the seed)."""
    jobs = [(seed, budget, players) for seed in range(first, first + games)]
    label = f"two-towers, {players} players, search {budget}"
    results = _games(jobs, _play_deckbuilding_game, workers, label, "won")
    wins = sum(r["won"] for r in results)
    low, high = wilson(wins, games)
    return {
        "scenario": f"two-towers, {players} players",
        "decks": ["search seat"],
        "bot": "search",
        "budget": budget,
        "players": players,
        "games": games,
        "seeds": [first, first + games - 1],
        "won": round(wins, 2),
        "fair_share": round(1 / players, 3),
        "interval": [round(low, 3), round(high, 3)],
        "rounds": 0,
        "cpu_seconds": round(sum(r["cpu"] for r in results) / games, 2),
        "playouts": round(sum(r["playouts"] for r in results) / games, 1),
    }


@functools.cache
def _adventure_cards() -> tuple[CardDef, ...]:
    return tuple(load_sets((), vocabulary=vocabulary_for(ADVENTURE)).cards)


def play_adventure_game(seed: int, budget: int | None) -> dict[str, Any]:
    """One seeded journey: the ``adaptive`` strategy (``budget`` None) or the search bot, seeded
    as ``simulate --game adventure-deck`` seeds them."""
    searcher = AdventureSearchAgent(seed, Budget(budget)) if budget else None
    agent: Agent = searcher or AdaptiveAgent(seed)
    start = time.process_time()
    result = AdventureGame(_adventure_cards(), agent, AdventureConfig(seed=seed)).play()
    return {
        "won": bool(result["won"]),
        "turns": int(result["turn"]),
        "cpu": time.process_time() - start,
        "playouts": searcher.playouts if searcher else 0,
    }


def _play_adventure_game(job: tuple[int, int | None]) -> dict[str, Any]:
    return play_adventure_game(*job)


def play_adventure(games: int, budget: int | None, workers: int = 1, first: int = 1) -> dict[str, Any]:
    """``games`` journeys of the Adventure Deck (seeds ``first`` on): ``adaptive`` (``budget``
    None) or the search bot at that budget."""
    bot = "adaptive" if budget is None else f"search {budget}"
    jobs = [(seed, budget) for seed in range(first, first + games)]
    results = _games(jobs, _play_adventure_game, workers, f"adventure-deck, {bot}", "won")
    wins = sum(r["won"] for r in results)
    low, high = wilson(wins, games)
    return {
        "family": ADVENTURE,
        "scenario": ADVENTURE,
        "decks": [],
        "bot": "adaptive" if budget is None else "search",
        "budget": budget,
        "games": games,
        "seeds": [first, first + games - 1],
        "won": wins,
        "interval": [round(low, 3), round(high, 3)],
        "rounds": round(sum(r["turns"] for r in results) / games, 2),
        "cpu_seconds": round(sum(r["cpu"] for r in results) / games, 3),
        "playouts": round(sum(r["playouts"] for r in results) / games, 1),
    }


def _games_cell(line: dict[str, Any]) -> str:
    """A line's games, with its seeds when they do not start at 1."""
    first, last = line.get("seeds", [1, line["games"]])
    return str(line["games"]) if first == 1 else f"{line['games']} (seeds {first} to {last})"


def _interval(line: dict[str, Any]) -> str:
    low, high = line["interval"]
    return f"{low:.0%} to {high:.0%}"


#: a row won this often or less has its games won listed by seed under its table
RARE_WINS = 5


def _rare_wins(rows: Sequence[dict[str, Any]]) -> list[str]:
    """The seeds of the games won on the rows that won a few (runs that kept them), so a rare
    win can be looked for again."""
    found = [
        f"{' + '.join(line['decks'])} ({line['bot']}): {', '.join(map(str, line['won_seeds']))}"
        for line in rows
        if 0 < len(line.get("won_seeds", ())) <= RARE_WINS
    ]
    if not found:
        return []
    return [
        "",
        f"Seeds of the games won, on rows that won {RARE_WINS} or fewer: " + "; ".join(found) + ". "
        "`--watch SEED` with the row's scenario, decks and budget prints such a game's log.",
    ]


def _share(won: float, games: int) -> str:
    """A share of games won, to a tenth of a percent below 1% (a single win in 200 is not 0%)."""
    share = won / games
    return f"{share:.1%}" if 0 < share < 0.01 else f"{share:.0%}"


def markdown(lines: Sequence[dict[str, Any]]) -> str:
    """Every line as one table (the quick look at a run)."""
    out = ["| Scenario | Decks | Bot | Budget | Games | Won | 95% interval | Rounds | CPU s a game |", "|---" * 9 + "|"]
    for line in lines:
        budget = line["budget"] if line["budget"] is not None else "-"
        out.append(
            f"| {line['scenario']} | {' + '.join(line['decks'])} | {line['bot']} | {budget} | {line['games']} "
            f"| {line['won']} | {_interval(line)} | {line['rounds']} | {line['cpu_seconds']} |"
        )
    return "\n".join(out)


NAMES = {
    "passage-through-mirkwood": "Passage Through Mirkwood",
    "journey-down-the-anduin": "Journey Down the Anduin",
    "escape-from-dol-guldur": "Escape from Dol Guldur",
}


def _name(scenario: str) -> str:
    return NAMES.get(scenario, scenario.replace("-", " ").capitalize())


def build() -> str:
    """Which build plays the games: the CPU seconds are about twice as many on the pure-Python one."""
    return "compiled" if compiled_modules() else "pure-Python"


def page(
    lines: Sequence[dict[str, Any]], commands: Sequence[str], builds: Sequence[str] = (), kept_in: str = ""
) -> str:
    """The figures page: per scenario, search against heuristic on each line-up; the curve of
    strength against budget; the deck-building win share. ``builds``: the builds that played;
    ``kept_in``: the folder the saved runs are kept in, if one."""
    played = " and ".join(f"the {name} build" for name in sorted(set(builds))) or "an unrecorded build"
    card = [line for line in lines if "players" not in line and line.get("family") != ADVENTURE]
    curve = [line for line in card if line.get("curve")]
    versus = [line for line in card if not line.get("curve")]
    out = [
        "# The search bot: figures",
        "",
        "How the search bot (see [the search bot](search.md)) fares against the heuristic bot it is",
        "built on, on the same seeded games. This page is generated by `benchmarks/search_strength.py`,",
        f"from the runs{f' saved in `{kept_in}`' if kept_in else ''}",
        "",
        *(f"    {command}" for command in commands),
        "",
        "Each line-up plays seeds 1 to N (N the games on its row, unless the row names its seeds)",
        "once with the heuristic bot in every seat and once with the search bot in every seat.",
        "Intervals are 95% Wilson intervals; CPU seconds are a whole game's, every seat's, on the",
        f"machine that made the page (`process_time`), played on {played} (see",
        "[faster games](playing.md#faster-games-the-compiled-build)).",
    ]
    # the core set's scenarios in their order, then any other; a scenario's line-ups as the
    # starters are listed (so the saved runs may be given in any order)
    known = {scenario: i for i, scenario in enumerate(SCENARIOS)}
    order = {decks: i for i, decks in enumerate(LINE_UPS)}
    versus.sort(
        key=lambda line: (
            known.get(line["scenario"], len(known)),
            line["scenario"],
            order.get(tuple(line["decks"]), len(order)),
            line["seeds"],
        )
    )
    for scenario in dict.fromkeys(line["scenario"] for line in versus):
        out += ["", f"## {_name(scenario)}", ""]
        out += [
            "| Decks | Games | Heuristic won | Search won | Search budget | Search 95% interval "
            "| Left stage 1 (heuristic, search) | Rounds (heuristic, search) | Search CPU s a game |",
            "|---|---:|---:|---:|---:|---|---|---|---:|",
        ]
        rows = [line for line in versus if line["scenario"] == scenario]
        for decks in dict.fromkeys(tuple(line["decks"]) for line in rows):
            for line in (x for x in rows if tuple(x["decks"]) == decks and x["bot"] == "search"):
                # the heuristic bot's games on the same seeds
                same = (x for x in rows if tuple(x["decks"]) == decks and x["seeds"] == line["seeds"])
                base = next((x for x in same if x["bot"] == "heuristic"), None)
                games = line["games"]
                heur = f"{base['won']} ({_share(base['won'], games)})" if base else "-"
                left = f"{base['left_first_stage']:.0%}, " if base else "-, "
                rounds = f"{base['rounds']}, " if base else "-, "
                out.append(
                    f"| {' + '.join(decks)} | {_games_cell(line)} | {heur} "
                    f"| {line['won']} ({_share(line['won'], games)}) "
                    f"| {line['budget']} | {_interval(line)} | {left}{line['left_first_stage']:.0%} "
                    f"| {rounds}{line['rounds']} | {line['cpu_seconds']} |"
                )
        out += _rare_wins(rows)
    if curve:
        scenario = curve[0]["scenario"]
        out += ["", "## Strength against budget", ""]
        out.append(
            f"{_name(scenario)}, {' + '.join(curve[0]['decks'])}, the same seeds at every "
            "budget (playouts per searched decision; 0 is the heuristic bot):"
        )
        out += ["", "| Budget | Games | Won | 95% interval | Rounds | CPU s a game |", "|---:|---:|---:|---|---:|---:|"]
        for line in sorted(curve, key=lambda line: line["budget"] or 0):
            out.append(
                f"| {line['budget'] or 0} | {_games_cell(line)} | {line['won']} ({line['won'] / line['games']:.0%}) "
                f"| {_interval(line)} | {line['rounds']} | {line['cpu_seconds']} |"
            )
    # (each run plays the adaptive strategy beside its budgets: the same seeds' line once)
    once = {(line["budget"], tuple(line["seeds"])): line for line in lines if line.get("family") == ADVENTURE}
    journeys = sorted(once.values(), key=lambda line: (line["budget"] or 0, line["seeds"]))
    if journeys:
        out += ["", "## The Adventure Deck", ""]
        out.append(
            "The solo journey: the `adaptive` strategy (budget 0) and the search bot built on it, on the same "
            "seeds (seeded as `simulate --game adventure-deck` seeds them)."
        )
        played_on = " and ".join(dict.fromkeys(line.get("build") or "an unrecorded" for line in journeys))
        out[-1] += f" CPU seconds on the {played_on} build."
        out += [
            "",
            "| Bot | Budget | Games | Won | 95% interval | Turns | CPU s a game |",
            "|---|---:|---:|---:|---|---:|---:|",
        ]
        for line in journeys:
            out.append(
                f"| {line['bot']} | {line['budget'] or 0} | {_games_cell(line)} "
                f"| {line['won']} ({line['won'] / line['games']:.0%}) | {_interval(line)} | {line['rounds']} "
                f"| {line['cpu_seconds']} |"
            )
    deck = sorted(
        (line for line in lines if "players" in line), key=lambda line: (line["players"], line["budget"], line["seeds"])
    )
    if deck:
        out += ["", "## The deck-building game", ""]
        out.append(
            "The Two Towers: one search seat among heuristic bots (its seat turning with the seed); a tie "
            "counts as a share of a win. The fair share is what a seat as strong as the others would win."
        )
        out += [
            "",
            "| Players | Budget | Games | Search seat's wins | Share | Fair share | 95% interval | CPU s a game |",
            "|---:|---:|---:|---:|---:|---:|---|---:|",
        ]
        for line in deck:
            out.append(
                f"| {line['players']} | {line['budget']} | {_games_cell(line)} | {line['won']} "
                f"| {line['won'] / line['games']:.0%} | {line['fair_share']:.0%} | {_interval(line)} "
                f"| {line['cpu_seconds']} |"
            )
    return "\n".join(out) + "\n"


def _line_ups(text: str) -> list[tuple[str, ...]]:
    """``--line-ups``: decks comma-separated, line-ups semicolon-separated (default the starters)."""
    return [tuple(x.split(",")) for x in text.split(";") if x] or list(LINE_UPS)


def _budgets(parser: argparse.ArgumentParser, text: str) -> list[int]:
    """``--budgets``: playouts per decision, comma-separated (0: the heuristic bot)."""
    try:
        budgets = [int(b) for b in text.split(",") if b] or [DEFAULT_PLAYOUTS]
    except ValueError:
        budgets = [-1]
    if min(budgets) < 0:
        parser.error(f"--budgets takes playouts (0 for the heuristic bot), comma-separated, not {text!r}")
    return budgets


def _watched(parser: argparse.ArgumentParser, args: argparse.Namespace) -> tuple[str, tuple[str, ...], int, int]:
    """The game ``--watch`` asks for: its scenario, line-up, seed and budget."""
    scenarios = [s for s in args.scenarios.split(",") if s]
    line_up = _line_ups(args.line_ups)[0]
    budget = _budgets(parser, args.budgets)[0]
    if args.watch < 1:
        parser.error(f"--watch takes a game's seed (1 or more), not {args.watch}")
    if not scenarios:
        parser.error("--watch needs a scenario (--scenarios)")
    try:
        _table(scenarios[0], line_up)
    except UserError as error:
        parser.error(str(error))
    return scenarios[0], line_up, args.watch, budget


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=0, help="games a line-up (default 200; --quick: 3)")
    parser.add_argument("--quick", action="store_true", help="a few games of everything, to check the script")
    parser.add_argument(
        "--first-seed", type=int, default=1, metavar="N", help="play seeds N to N + games - 1 (default 1)"
    )
    parser.add_argument(
        "--budgets", default="", help=f"playouts per decision, comma-separated (default {DEFAULT_PLAYOUTS})"
    )
    parser.add_argument("--scenarios", default=",".join(SCENARIOS), help="comma-separated scenarios")
    parser.add_argument(
        "--line-ups", default="", help="line-ups, e.g. 'leadership,tactics;spirit' (default the starters)"
    )
    parser.add_argument("--curve", default="", help="scenario for the strength-against-budget curve (default none)")
    parser.add_argument(
        "--deckbuilding-budget",
        type=int,
        default=DECKBUILDING_BUDGET.playouts,
        metavar="N",
        help=f"the deck-building search seat's playouts per decision (default {DECKBUILDING_BUDGET.playouts})",
    )
    parser.add_argument("--deckbuilding-games", type=int, default=0, metavar="N", help="default --games")
    parser.add_argument(
        "--deckbuilding-players", default="2,4", metavar="N,...", help="the deck-building games' sizes (default 2,4)"
    )
    parser.add_argument("--deckbuilding-only", action="store_true")
    parser.add_argument(
        "--adventure-budgets",
        default="",
        metavar="N,...",
        help=f"the Adventure Deck's search budgets, comma-separated (default {ADVENTURE_BUDGET.playouts})",
    )
    parser.add_argument("--adventure-games", type=int, default=0, metavar="N", help="default --games")
    parser.add_argument("--adventure-only", action="store_true", help="play the Adventure Deck's lines alone")
    parser.add_argument("--no-adventure", action="store_true")
    parser.add_argument("--no-deckbuilding", action="store_true")
    parser.add_argument(
        "--workers",
        type=int,
        default=os.cpu_count() or 1,
        help="processes playing games at once (default every core; the figures are the same whatever the number)",
    )
    parser.add_argument(
        "--watch",
        type=int,
        metavar="SEED",
        help="print the log of one Card Game: the first of --scenarios and of --line-ups at this seed, "
        "played by the search bot at the first of --budgets (0: the heuristic bot), as its row played it",
    )
    parser.add_argument("--output", type=Path, help="save the run's lines as JSON")
    parser.add_argument("--page", type=Path, help="write the figures page")
    parser.add_argument(
        "--markdown", type=Path, nargs="+", help="the lines of saved runs: print them (or --page) and stop"
    )
    args = parser.parse_args()
    argv, kept = sys.argv[1:], []
    while argv:  # the command that made a run, less where it was saved
        word = argv.pop(0)
        if word in ("--output", "--page", "--workers"):
            argv = argv[1:]
        elif not word.startswith(("--output=", "--page=", "--workers=")):
            kept.append(word)
    command = " ".join(["python benchmarks/search_strength.py", *map(shlex.quote, kept)])
    if args.markdown:
        # several saved runs (the scenarios run apart, say) make one page
        saved = [json.loads(path.read_text()) for path in args.markdown]
        joined = [{"build": run.get("build", ""), **line} for run in saved for line in run["lines"]]
        if args.page:
            commands = list(dict.fromkeys(run.get("command", command) for run in saved))
            builds = [run.get("build", "") for run in saved if run.get("build")]
            folders = {path.parent.as_posix() for path in args.markdown}
            kept_in = f"{folders.pop()}/" if len(folders) == 1 else ""
            args.page.write_text(page(joined, commands, builds, kept_in))
        else:
            print(markdown(joined))
        return
    if args.watch is not None:
        watched = _watched(parser, args)
        print("\n".join(watch_lcg_game(*watched)))
        return
    if args.workers < 1:
        parser.error(f"--workers takes 1 or more processes, not {args.workers}")
    workers = args.workers
    try:
        sizes = [int(n) for n in args.deckbuilding_players.split(",") if n]
    except ValueError:
        sizes = []
    if not sizes or any(n < 2 or n > MAX_PLAYERS for n in sizes):
        parser.error(
            f"--deckbuilding-players takes sizes from 2 to {MAX_PLAYERS} (a search seat needs an opponent), "
            f"comma-separated, not {args.deckbuilding_players!r}"
        )
    try:
        journey_budgets = [int(b) for b in args.adventure_budgets.split(",") if b] or [ADVENTURE_BUDGET.playouts]
    except ValueError:
        journey_budgets = []
    if not journey_budgets or min(journey_budgets) < 1:
        parser.error(f"--adventure-budgets takes playouts (1 or more), comma-separated, not {args.adventure_budgets!r}")
    if args.adventure_only and (args.deckbuilding_only or args.no_adventure):
        parser.error("--adventure-only plays the Adventure Deck alone: drop --deckbuilding-only and --no-adventure")
    card_game = not (args.deckbuilding_only or args.adventure_only)
    deckbuilding = not (args.no_deckbuilding or args.adventure_only)
    adventure = not (args.no_adventure or args.deckbuilding_only)
    games = args.games or (QUICK_GAMES if args.quick else 200)
    budgets = _budgets(parser, args.budgets)
    line_ups = _line_ups(args.line_ups)
    if args.quick and not args.line_ups:
        line_ups = [CURVE_DECKS]
    lines: list[dict[str, Any]] = []

    def keep(line: dict[str, Any]) -> None:
        lines.append(line)
        print(json.dumps(line), flush=True)
        if args.output:
            args.output.write_text(json.dumps({"command": command, "build": build(), "lines": lines}, indent=1) + "\n")

    if card_game:
        for scenario in (s for s in args.scenarios.split(",") if s):
            for decks in line_ups:
                keep(play_line(scenario, decks, games, None, workers, args.first_seed))
                keep(play_line(scenario, decks, games, budgets[0], workers, args.first_seed))
        if args.curve:
            for budget in (None, *budgets):
                line = play_line(args.curve, CURVE_DECKS, games, budget, workers, args.first_seed)
                line["curve"] = True
                keep(line)
    if deckbuilding:
        deck_games = args.deckbuilding_games or games
        for players in sizes:
            keep(play_deckbuilding(deck_games, args.deckbuilding_budget, players, workers, args.first_seed))
    if adventure:
        journeys = args.adventure_games or games
        for budget in (None, *journey_budgets):
            keep(play_adventure(journeys, budget, workers, args.first_seed))
    if args.page:
        args.page.write_text(page(lines, [command], [build()]))
    print(markdown(lines))


if __name__ == "__main__":
    main()
