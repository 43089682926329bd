"""A game rebuilt from what it was set up from and its first N choices, stopped at the next question.

This is how a replay steps back as exactly as it steps on, and what taking a move back builds on:
the game after ``choices[:n]`` is the game set up again with those choices queued, run until it
asks a question the queue cannot answer.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Sequence

import attrs

from lotr_rules.engine.decisions import Agent, DecisionRequest
from lotr_rules.engine.game import Game

#: builds the game, not yet played, with these agents at its seats (each answers "stop") and
#: these choices queued to answer its questions first (a game that asks during its setup may
#: raise :class:`Asked` from here)
NewGame = Callable[[Sequence[Agent], Sequence[int]], Game]
#: runs a game to its end (or until a seat raises)
RunGame = Callable[[Game], object]


class Asked(Exception):
    """The queued choices ran out: the game asks ``request`` next."""

    def __init__(self, request: DecisionRequest, game: Game) -> None:
        super().__init__("asked")
        self.request = request
        #: the game asking (which may still be in its setup, so not yet returned by its constructor)
        self.game = game


class StopAtNextQuestion:
    def choose(self, game: Game, request: DecisionRequest) -> int:
        raise Asked(request, game)


@attrs.frozen
class Step:
    """The game at one step, the question asked there, and the answer the record gives."""

    game: Game
    request: DecisionRequest | None
    chosen: int | None


def first_choices(new_game: NewGame, run: RunGame, seats: int, choices: Sequence[int], number: int) -> Step:
    """The game after ``choices[:number]``, standing at the question asked next (or at its end)."""
    number = max(0, min(number, len(choices)))
    try:
        game = new_game([StopAtNextQuestion() for _ in range(seats)], choices[:number])
        run(game)
    except Asked as asked:
        return Step(asked.game, asked.request, choices[number] if number < len(choices) else None)
    return Step(game, None, None)


def decision_turns(new_game: NewGame, run: RunGame, seats: int, choices: Sequence[int]) -> list[int]:
    """The turn (or round) in which each of ``choices`` was made."""
    try:
        probe = new_game([StopAtNextQuestion() for _ in range(seats)], choices)
    except Asked as asked:  # the record stops during the setup
        return [asked.game.state.turn] * len(asked.game.state.choices)
    # the choices of a setup made in the constructor, before anyone could watch
    turns: list[int] = [probe.state.turn] * len(probe.state.choices)
    probe.on_decision = lambda request, index: turns.append(probe.state.turn)
    with contextlib.suppress(Asked):  # a game in progress: its record stops at a question
        run(probe)
    return turns


def replay_first(family: str, catalogue: object, config: object, choices: Sequence[int], number: int) -> Step:
    """The game of ``family`` set up from ``catalogue`` and ``config`` after its first ``number``
    recorded ``choices``: one call, for stepping through a replay or taking moves back."""
    from lotr_rules.session.families import game_builder

    new_game, run, seats = game_builder(family, catalogue, config)
    return first_choices(new_game, run, seats, choices, number)
