"""The replay viewer: a record's game at any decision, forwards and backwards.

Step ``k`` is the game as it stood when its ``k``-th recorded choice was asked (step 0: the
first question; the last step: the end, or where the record stops). Each step is rebuilt by
replaying the record's first ``k`` choices and stopping at the next question, so stepping back
is as exact as stepping on; the record is checked once, when it is opened, exactly as
``lotr-rules replay`` checks it.
"""

from __future__ import annotations

import contextlib
import functools
import secrets
import threading
from typing import Any

import attrs

from lotr_rules.cards.catalogue import Catalogue
from lotr_rules.commands.replay import check_config_values
from lotr_rules.engine.decisions import DecisionRequest
from lotr_rules.engine.game import Game
from lotr_rules.errors import ConfigError, RecordError, UserError
from lotr_rules.games.deckbuilding.config import GameConfig
from lotr_rules.games.deckbuilding.game import DeckbuildingGame
from lotr_rules.games.deckbuilding.record import check_record, replay

#: how many replays one server keeps open
MAX_REPLAYS = 16


class _Asked(Exception):
    def __init__(self, request: DecisionRequest) -> None:
        super().__init__("asked")
        self.request = request


class _StopAtNextQuestion:
    def choose(self, game: Game, request: DecisionRequest) -> int:
        raise _Asked(request)


@attrs.frozen
class Step:
    """The game at one step, the question asked there, and the answer the record gives."""

    game: DeckbuildingGame
    request: DecisionRequest | None
    chosen: int | None


@attrs.define(eq=False)
class ReplaySession:
    catalogue: Catalogue
    data: dict[str, Any]
    where: str
    config: GameConfig
    #: the turn in which each recorded choice was made
    turns: list[int]
    finished: bool
    id: str = attrs.field(factory=lambda: secrets.token_urlsafe(9))
    lock: threading.Lock = attrs.field(factory=threading.Lock)

    @property
    def choices(self) -> list[int]:
        return list(self.data["choices"])

    @property
    def last(self) -> int:
        """The last step: every recorded choice made."""
        return len(self.data["choices"])

    @property
    def title(self) -> str:
        state = "the whole game" if self.finished else "a game in progress"
        config = self.config
        return f"{self.where}: {' + '.join(config.sets)}, {config.players} players, seed {config.seed} ({state})"

    def step(self, number: int) -> Step:
        number = max(0, min(number, self.last))
        with self.lock:
            return self._build(number)

    @functools.lru_cache(maxsize=64)  # noqa: B019 - one cache per session; sessions are few and bounded
    def _build(self, number: int) -> Step:
        choices = self.choices
        seats = [_StopAtNextQuestion() for _ in range(self.config.players)]
        game = DeckbuildingGame(self.catalogue, self.config, seats)
        game.replay_queue.extend(choices[:number])
        try:
            game.play_game()
        except _Asked as asked:
            return Step(game, asked.request, choices[number] if number < len(choices) else None)
        return Step(game, None, None)

    def turn_of(self, number: int) -> int:
        return self.turns[number] if number < len(self.turns) else (self.turns[-1] if self.turns else 0)

    def next_turn(self, number: int) -> int:
        """The first step of the next turn (or the last step)."""
        turn = self.turn_of(number)
        for index in range(number + 1, len(self.turns)):
            if self.turns[index] > turn:
                return index
        return self.last

    def previous_turn(self, number: int) -> int:
        """The first step of this turn, or of the turn before when already there."""
        turn = self.turn_of(number)
        start = self._first_of(turn)
        if start < number:
            return start
        return self._first_of(turn - 1) if turn > 0 else 0

    def _first_of(self, turn: int) -> int:
        for index, made in enumerate(self.turns):
            if made >= turn:
                return index
        return self.last


def open_replay(catalogue: Catalogue, data: Any, where: str) -> ReplaySession:
    """Check a record as ``lotr-rules replay`` does, and open it for stepping."""
    data = check_record(data, where)
    if data.get("family", "deckbuilding") != "deckbuilding":
        raise RecordError(f"{where} is a game of {data.get('family')}; the viewer replays the deck-building game")
    check_config_values(data, where)
    try:
        config = GameConfig.from_json(data.get("config"))
        game = replay(catalogue, data)
    except ConfigError as error:
        raise RecordError(f"{where} has a bad game config: {error}") from None
    except UserError as error:
        raise RecordError(f"{where}: {error}") from None
    if game.state.digest() != data.get("digest"):
        raise RecordError(f"{where} does not replay to the game it records (its digest differs)")
    turns: list[int] = []
    probe = DeckbuildingGame(catalogue, config, [_StopAtNextQuestion() for _ in range(config.players)])
    probe.on_decision = lambda request, index: turns.append(probe.state.turn)
    probe.replay_queue.extend(data["choices"])
    with contextlib.suppress(_Asked):  # a game in progress: its record stops at a question
        probe.play_game()
    return ReplaySession(catalogue, data, where, config, turns, game.state.finished)


class ReplayStore:
    def __init__(self, limit: int = MAX_REPLAYS) -> None:
        self.limit = limit
        self._replays: dict[str, ReplaySession] = {}
        self._lock = threading.Lock()

    def add(self, session: ReplaySession) -> ReplaySession:
        with self._lock:
            while len(self._replays) >= self.limit:
                del self._replays[next(iter(self._replays))]
            self._replays[session.id] = session
        return session

    def get(self, replay_id: str) -> ReplaySession | None:
        with self._lock:
            return self._replays.get(replay_id)
