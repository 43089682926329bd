"""The Card Game (``lcg``) through the session layer: a table set up from a scenario, one deck per
seat and a seed; seats of people and bots; saves, resuming and checked replays.

A record (``game --game lcg --record FILE``) and a save (``play --game lcg``, or the browser) are
one JSON format (:mod:`lotr_rules.games.lcg.recording`); a save also says who plays each seat.
For a first game the core rulebook has each player take the starter deck of one sphere and play
Passage Through Mirkwood: with no decks named, the seats get the starter decks in the order the
rulebook lists the spheres (leadership, tactics, spirit, lore).

What a face calls: :func:`new_setup` (a new game from scenario, decks, seed and seats),
:meth:`LcgSetup.agents` and :func:`play_new` (play it), :func:`save_data` and :func:`write` (save
it), :func:`read` and :func:`setup_of_save` then :func:`resume` (go on with a save),
:func:`replay_record`, :func:`step` and :func:`rounds_of` (replay a record step by step), and
:func:`lotr_rules.session.describe.describe` (the table for a seat).
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

import attrs

from lotr_rules.agents.search.core import DEFAULT_BUDGET, Budget
from lotr_rules.agents.search.lcg import LcgSearchAgent
from lotr_rules.cards.catalogue import Catalogue
from lotr_rules.engine.decisions import Agent
from lotr_rules.errors import RecordError, UserError
from lotr_rules.games.lcg.bots import LcgHeuristicAgent, RandomAgent
from lotr_rules.games.lcg.game import LcgGame
from lotr_rules.games.lcg.modes import DEFAULT_MODE, Mode
from lotr_rules.games.lcg.recording import (
    LcgTable,
    game_record,
    new_table,
    read_record,
    record_text,
    replay,
    table_from_record,
)
from lotr_rules.session import saving
from lotr_rules.session.families import game_builder
from lotr_rules.session.rebuild import Step, decision_turns, replay_first
from lotr_rules.session.seats import HUMAN, SeatBot, check_kinds, seat_kinds, with_budget

FAMILY = "lcg"
BOTS = ("heuristic", "random", "search")
DEFAULT_SCENARIO = "passage-through-mirkwood"
#: the core rulebook's starter decks for a first game, in the order it lists the spheres
FIRST_GAME_DECKS = ("leadership", "tactics", "spirit", "lore")
DEFAULT_PLAYERS = 2
MAX_PLAYERS = 4


def make_bot(kind: str, seed: int, budget: Budget = DEFAULT_BUDGET) -> Agent:
    """The Card Game's bot of ``kind``; ``budget`` is the search bot's (see :mod:`lotr_rules.agents.search`)."""
    if kind == "search":
        return LcgSearchAgent(seed, budget)
    return LcgHeuristicAgent(seed) if kind == "heuristic" else RandomAgent(seed)


def default_decks(players: int | None) -> list[str]:
    """The first-game starter decks for ``players`` seats (default :data:`DEFAULT_PLAYERS`)."""
    count = DEFAULT_PLAYERS if players is None else players
    if not 1 <= count <= MAX_PLAYERS:
        raise UserError(f"the Card Game is for 1 to {MAX_PLAYERS} players, not {count}")
    return list(FIRST_GAME_DECKS[:count])


@attrs.frozen
class LcgSetup:
    """A Card Game as it is set up: the table (scenario, decks, seed) and who sits at each seat."""

    table: LcgTable
    seats: tuple[str, ...]
    #: the search bot's budget (not saved: a resumed game takes the one given again)
    budget: Budget = DEFAULT_BUDGET

    @property
    def seed(self) -> int:
        return self.table.config.seed

    @property
    def title(self) -> str:
        return heading(self.table)

    def agents(self, person: Agent) -> list[Agent]:
        """``person`` at the people's seats; a bot that answers the same after a resume at the others."""
        return [
            person if kind == HUMAN else SeatBot(kind, self.seed, seat, with_budget(make_bot, self.budget))
            for seat, kind in enumerate(self.seats)
        ]


def new_setup(
    catalogue: Catalogue,
    *,
    scenario: str | None = None,
    decks: Sequence[str] | None = None,
    players: int | None = None,
    seed: int = 1,
    seats: Sequence[str] | None = None,
    humans: int | None = None,
    bot: str = "heuristic",
    mode: Mode = DEFAULT_MODE,
    budget: Budget = DEFAULT_BUDGET,
) -> LcgSetup:
    """A new game: ``scenario`` (a scenario a loaded set ships), one deck per seat (shipped deck
    names or deck files' paths; by default the first-game decks for ``players``), the seed, and
    the seats (``seats`` kind by kind, or ``humans`` people first then bots of kind ``bot``), and
    the scenario's ``mode`` (normal or easy)."""
    if decks is None:
        decks = default_decks(players)
    elif players is not None and players != len(decks):
        raise UserError(f"{players} players need {players} decks, not {len(decks)}")
    table = new_table(catalogue, scenario or DEFAULT_SCENARIO, list(decks), seed, mode)
    count = len(table.labels)
    if seats is None:
        kinds = seat_kinds(count, 1 if humans is None else humans, bot)
    else:
        if len(seats) != count:
            raise UserError(f"{count} decks need {count} seats, not {len(seats)}")
        kinds = check_kinds(seats, BOTS)
    return LcgSetup(table, tuple(kinds), budget)


def heading(table: LcgTable) -> str:
    decks = ", ".join(f"Player {seat + 1} {label}" for seat, label in enumerate(table.labels))
    mode = " (Easy Mode)" if table.config.mode is Mode.EASY else ""
    return f"{table.config.scenario.name}{mode}, seed {table.config.seed}: {decks}"


def result_line(game: LcgGame) -> str:
    result = game.state.result
    threat = ", ".join(f"Player {p + 1} {t}" for p, t in enumerate(result["threat"]))
    outcome = "The players won" if result["won"] else "The players lost"
    return (
        f"{outcome}: {result['reason']} in round {result['rounds']} "
        f"(threat: {threat}; victory points: {result['victory points']})"
    )


def play_new(setup: LcgSetup, agents: Sequence[Agent]) -> LcgGame:
    game = LcgGame(setup.table.config, agents)
    game.play_game()
    return game


# ---------------------------------------------------------------------- saves and records
def save_data(game: LcgGame, setup: LcgSetup) -> dict[str, Any]:
    data = game_record(game, setup.table)
    data["seats"] = list(setup.seats)
    return data


def write(path: Path, data: dict[str, Any], what: str = "save file") -> None:
    saving.write_file(path, record_text(data), what)


def read(path: Path) -> dict[str, Any]:
    """A record or save of the Card Game, checked for its shape."""
    return read_record(path)


def setup_of_save(data: dict[str, Any], catalogue: Catalogue, where: str) -> LcgSetup:
    """The setup a save was played from; a record without seats is not a save."""
    seats = data.get("seats")
    if seats is None:
        raise RecordError(
            f"{where} is a game record, not a save of 'lotr-rules play' (it says nothing of who plays which"
            " seat); watch it with 'lotr-rules replay'"
        )
    return LcgSetup(table_from_record(data, catalogue, where), tuple(seats))


def resume(setup: LcgSetup, data: dict[str, Any], where: str, agents: Sequence[Agent]) -> LcgGame:
    """The saved game replayed, checked to be the one saved, and played on by ``agents``."""
    return replay(setup.table, data, where, agents)


def replay_record(data: dict[str, Any], catalogue: Catalogue, where: str) -> tuple[LcgTable, LcgGame]:
    """A record's game replayed to where its choices stop, checked against its digest."""
    table = table_from_record(data, catalogue, where)
    return table, replay(table, data, where)


def record_data(game: LcgGame, setup: LcgSetup) -> dict[str, Any]:
    """The game's record (a save without its seats: what ``game --record`` writes)."""
    return game_record(game, setup.table)


def step(table: LcgTable, choices: Sequence[int], number: int) -> Step:
    """The game after its first ``number`` recorded ``choices``, standing at the question asked
    next (a replay's step, or a game with its last moves taken back)."""
    return replay_first(FAMILY, None, table.config, choices, number)


def rounds_of(table: LcgTable, choices: Sequence[int]) -> list[int]:
    """The round in which each of ``choices`` was made (0: during the setup)."""
    return decision_turns(*game_builder(FAMILY, None, table.config), choices)
