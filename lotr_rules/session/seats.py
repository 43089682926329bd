"""Who sits at each seat: a person or a kind of bot, and bots that answer the same after a resume.

A seat's kind is ``"human"`` or the name of one of its family's bots. A bot that kept a random
stream of its own would answer differently once a saved game is resumed (the replayed choices
never reach it); a :class:`SeatBot` builds a fresh bot for each decision instead, from the seed,
the seat and the number of choices made so far: the same game goes on the same way.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from lotr_rules.agents.search.core import Budget
from lotr_rules.engine.decisions import Agent, DecisionRequest
from lotr_rules.engine.game import Game
from lotr_rules.engine.rng import Rng
from lotr_rules.errors import ConfigError

HUMAN = "human"

#: a family's bot of a kind, from a seed
BotMaker = Callable[[str, int], Agent]
#: a family's bot of a kind, from a seed and the search bot's budget
BudgetedBotMaker = Callable[[str, int, Budget], Agent]
#: the kinds of bot that think long, and only on copies of the game they are shown (the search
#: bot): a table may let pages read the game while they think
THINKS_APART = frozenset({"search"})


def with_budget(make: BudgetedBotMaker, budget: Budget) -> BotMaker:
    """``make`` with the search bot's budget fixed: every bot of a table searches alike."""

    def made(kind: str, seed: int) -> Agent:
        return make(kind, seed, budget)

    return made


class SeatBot:
    """A bot whose every answer depends only on the game: the seed, the seat, the choices so far."""

    def __init__(self, kind: str, seed: int, seat: int, make: BotMaker, name: str = "bot") -> None:
        self.kind = kind
        self.seed = seed
        self.seat = seat
        self._make = make
        #: what a table shows of the seat's player
        self.name = name
        #: whether the bot only reads the game while it thinks (see :data:`THINKS_APART`)
        self.thinks_apart = kind in THINKS_APART

    def choose(self, game: Game, request: DecisionRequest) -> int:
        mixed = Rng(self.seed * 16 + self.seat).next32() ^ len(game.state.choices)
        return self._make(self.kind, mixed).choose(game, request)


class NoQuestionsYet:
    """A seat for a game being set up only to see that it can be: a question asked before the
    game has begun is a setup that cannot work."""

    def choose(self, game: Game, request: DecisionRequest) -> int:
        raise ConfigError("a new game asked a question before it began")


def seat_kinds(players: int, humans: int, bot: str) -> list[str]:
    """People in the first ``humans`` seats, bots of kind ``bot`` in the others."""
    if not 0 <= humans <= players:
        raise ConfigError(f"--humans must be 0 to {players} (the number of players), not {humans}")
    return [HUMAN] * humans + [bot] * (players - humans)


def check_kinds(seats: Sequence[str], bots: Sequence[str]) -> list[str]:
    """The seats, each a person or one of ``bots``; a :class:`ConfigError` names a stranger."""
    for number, kind in enumerate(seats, start=1):
        if kind != HUMAN and kind not in bots:
            raise ConfigError(f"seat {number}: '{kind}' is not a person or a known bot ({', '.join(bots)})")
    return list(seats)


def seat_agents(seats: Sequence[str], person: Agent, seed: int, make: BotMaker) -> list[Agent]:
    """The agents of a table: ``person`` at every person's seat, a :class:`SeatBot` at the others."""
    return [person if kind == HUMAN else SeatBot(kind, seed, seat, make) for seat, kind in enumerate(seats)]


def people(seats: Sequence[str]) -> list[int]:
    return [seat for seat, kind in enumerate(seats) if kind == HUMAN]
