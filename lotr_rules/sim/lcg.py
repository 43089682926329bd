"""The Card Game for the simulator: bots play one scenario with one line-up of decks.

A game's result keeps each seat's deck and heroes as its "hero", 1 for every seat when the players
won (it is a cooperative game: all win or all lose), the rounds played as its turns, and how the
game ended as its reason: a loss says how the players went out (threat or heroes destroyed), so
the shared runner and tally serve this family unchanged.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import attrs

from lotr_rules.agents.search.core import parse_budget
from lotr_rules.cards.catalogue import Catalogue
from lotr_rules.cards.loader import load_sets
from lotr_rules.engine.decisions import Agent
from lotr_rules.errors import ConfigError
from lotr_rules.games import vocabulary_for
from lotr_rules.games.lcg.game import WON, LcgGame
from lotr_rules.games.lcg.modes import parse_mode
from lotr_rules.games.lcg.recording import LcgTable, new_table
from lotr_rules.games.lcg.state import QUEST, QUEST_DONE
from lotr_rules.session import lcg as session
from lotr_rules.sim.families import SimSettings, register_family
from lotr_rules.sim.results import GameResult

FAMILY = "lcg"
BOTS = session.BOTS


def loss_reason(game: LcgGame) -> str:
    """How a lost game was lost: the reasons the players went out, each once, in alphabetical
    order (so that two players out for the same two reasons count as one way to lose, whichever
    went out first)."""
    distinct = sorted({str(entry[2]) for entry in game.state.log if entry[0] == "eliminated"})
    return "lost: " + " and ".join(distinct) if distinct else "lost"


def stage_reached(game: LcgGame) -> int:
    """The quest stage the game ended at: the current one, or the last completed when none is."""
    current = game.z(QUEST)
    if current:
        return game.records[current[0]].stage
    return max((game.records[c].stage for c in game.z(QUEST_DONE)), default=0)


def seat_name(label: str, heroes: Sequence[str]) -> str:
    return f"{label} ({', '.join(heroes)})"


class LcgFamily:
    name = FAMILY
    description = "The Lord of the Rings: The Card Game (cooperative)"
    bots = BOTS

    def __init__(self) -> None:
        #: tables by scenario and decks, built once per process
        self._tables: dict[tuple[str, tuple[str, ...], str], LcgTable] = {}

    def load(self, card_paths: Sequence[Path]) -> Catalogue:
        return load_sets(tuple(card_paths), vocabulary=vocabulary_for(FAMILY))

    def table(self, catalogue: Catalogue, settings: SimSettings) -> LcgTable:
        key = (settings.scenario, settings.decks, settings.mode)
        table = self._tables.get(key)
        if table is None:
            mode = parse_mode(settings.mode)
            table = self._tables[key] = new_table(catalogue, settings.scenario, settings.decks, 1, mode)
        return table

    def check(self, catalogue: Catalogue, settings: SimSettings) -> None:
        if settings.bot not in BOTS:
            raise ConfigError(f"unknown bot '{settings.bot}' for the Card Game; bots: {', '.join(BOTS)}")
        if settings.impossible or settings.archenemies is not None or settings.mix:
            raise ConfigError("--impossible, --archenemies and the mixing options are for the deck-building games")
        if not settings.scenario or not settings.decks:
            raise ConfigError("the Card Game needs a scenario and decks (--scenario, --decks)")
        self.table(catalogue, settings)

    def play(self, catalogue: Catalogue, settings: SimSettings, index: int, seed: int) -> GameResult:
        table = self.table(catalogue, settings)
        config = attrs.evolve(table.config, seed=seed)
        players = len(config.players)
        budget = parse_budget(settings.search_budget)
        agents: list[Agent] = [session.make_bot(settings.bot, seed * 8 + seat, budget) for seat in range(players)]
        game = LcgGame(config, agents)
        result = game.play_game()
        won = result["reason"] == WON
        return GameResult(
            index=index,
            seed=seed,
            reason=str(result["reason"]) if won else loss_reason(game),
            turns=int(result["rounds"]),
            heroes=tuple(
                seat_name(label, [hero.name for hero in deck.heroes])
                for label, deck in zip(table.labels, config.players, strict=True)
            ),
            scores=tuple(1 if won else 0 for _ in range(players)),
            winners=tuple(range(players)) if won else (),
            stage=stage_reached(game),
        )


register_family(LcgFamily())
