"""The replay viewer for the Card Game: a record's game at any decision, forwards and backwards.

As for the other games (:mod:`lotr_rules.web.replays`), step ``k`` is the game as it stood when
its ``k``-th recorded choice was asked, rebuilt by replaying the record's first ``k`` choices; the
record is checked once, when it is opened, exactly as ``lotr-rules replay`` checks it. The
choices are given by a seat that answers from the record, so that the round of every choice is
known (a Card Game asks its first questions while it is being set up).
"""

from __future__ import annotations

import collections
import secrets
import threading
from collections.abc import Sequence
from typing import Any

import attrs

from lotr_rules.cards.catalogue import Catalogue
from lotr_rules.engine.cards import CardDef
from lotr_rules.engine.decisions import DecisionRequest
from lotr_rules.engine.game import Game
from lotr_rules.games.lcg.game import LcgGame
from lotr_rules.games.lcg.recording import LcgTable, replay, table_from_record
from lotr_rules.web.lcg_games import checked_record, definitions, title_of
from lotr_rules.web.replay_turns import TurnSteps

#: how many steps of one replay are kept built (see :mod:`lotr_rules.web.replays`)
STEPS_KEPT = 8
MAX_REPLAYS = 16


class _Asked(Exception):
    def __init__(self, game: LcgGame, request: DecisionRequest) -> None:
        super().__init__("asked")
        self.game = game
        self.request = request


class _FromRecord:
    """Every seat: answers with the record's next choice, noting the round it was made in, and
    stops the game at the first question the record does not answer."""

    def __init__(self, choices: Sequence[int]) -> None:
        self.choices = list(choices)
        self.rounds: list[int] = []

    def choose(self, game: Game, request: DecisionRequest) -> int:
        assert isinstance(game, LcgGame)
        made = len(self.rounds)
        if made >= len(self.choices):
            raise _Asked(game, request)
        self.rounds.append(game.state.turn)
        return self.choices[made]


@attrs.frozen
class LcgStep:
    game: LcgGame
    request: DecisionRequest | None
    chosen: int | None


def _build(table: LcgTable, choices: Sequence[int]) -> tuple[LcgStep, list[int]]:
    seat = _FromRecord(choices)
    try:
        game = LcgGame(table.config, [seat] * len(table.config.players))
        game.play_game()
    except _Asked as asked:
        return LcgStep(asked.game, asked.request, None), seat.rounds
    return LcgStep(game, None, None), seat.rounds


@attrs.define(eq=False)
class LcgReplay(TurnSteps):
    catalogue: Catalogue
    table: LcgTable
    data: dict[str, Any]
    where: str
    #: the round in which each recorded choice was made
    turns: list[int]
    finished: bool
    id: str = attrs.field(factory=lambda: secrets.token_urlsafe(9))
    lock: threading.Lock = attrs.field(factory=threading.Lock)
    built: collections.OrderedDict[int, LcgStep] = attrs.field(factory=collections.OrderedDict)
    cards: list[CardDef] = attrs.field(factory=list)

    family = "lcg"

    @property
    def last(self) -> int:
        return len(self.data["choices"])

    @property
    def title(self) -> str:
        state = "the whole game" if self.finished else "a game in progress"
        return f"{self.where}: {title_of(self.table)} ({state})"

    def step(self, number: int) -> LcgStep:
        number = max(0, min(number, self.last))
        with self.lock:
            found = self.built.get(number)
            if found is None:
                choices = self.data["choices"]
                built, _rounds = _build(self.table, choices[:number])
                chosen = choices[number] if number < len(choices) and built.request is not None else None
                found = self.built[number] = LcgStep(built.game, built.request, chosen)
                while len(self.built) > STEPS_KEPT:
                    self.built.popitem(last=False)
            self.built.move_to_end(number)
            return found


def open_lcg_replay(catalogue: Catalogue, data: Any, where: str) -> LcgReplay:
    """Check a Card Game record as ``lotr-rules replay`` does, and open it for stepping."""
    data = checked_record(data, where)
    table = table_from_record(data, catalogue, where)
    game = replay(table, data, where)  # refuses a record that does not replay to its digest
    _end, turns = _build(table, data["choices"])
    opened = LcgReplay(catalogue, table, data, where, turns, game.state.finished)
    opened.cards = definitions(game, table, catalogue)
    return opened


class LcgReplayStore:
    def __init__(self, limit: int = MAX_REPLAYS) -> None:
        self.limit = limit
        self._replays: dict[str, LcgReplay] = {}
        self._lock = threading.Lock()

    def add(self, opened: LcgReplay) -> LcgReplay:
        with self._lock:
            while len(self._replays) >= self.limit:
                del self._replays[next(iter(self._replays))]
            self._replays[opened.id] = opened
        return opened

    def get(self, replay_id: str) -> LcgReplay | None:
        with self._lock:
            return self._replays.get(replay_id)
