"""The replay viewer: a record's game at any decision, forwards and backwards.

Step ``k`` is the game as it stood when its ``k``-th recorded choice was asked (step 0: the
first question; the last step: the end, or where the record stops). Each step is rebuilt by
replaying the record's first ``k`` choices and stopping at the next question, so stepping back
is as exact as stepping on; the record is checked once, when it is opened, exactly as
``lotr-rules replay`` checks it.
"""

from __future__ import annotations

import collections
import secrets
import threading
from collections.abc import Callable
from typing import Any

import attrs

from lotr_rules.cards.catalogue import Catalogue
from lotr_rules.engine.game import Game
from lotr_rules.errors import RecordError
from lotr_rules.games.adventure.game import AdventureConfig
from lotr_rules.games.adventure.record import config_from_json, replay_journey
from lotr_rules.games.deckbuilding.config import GameConfig
from lotr_rules.games.deckbuilding.record import check_record
from lotr_rules.session.deckbuilding import record_config, replay_checked
from lotr_rules.session.families import game_builder
from lotr_rules.session.rebuild import Step, decision_turns, first_choices
from lotr_rules.web.replay_turns import TurnSteps

#: how many replays one server keeps open
MAX_REPLAYS = 16
#: how many steps of one replay are kept built (each is a whole game): the page steps one at a
#: time, so a few cover going back and forth, and a replay's memory does not grow with its length
STEPS_KEPT = 8


@attrs.define(eq=False)
class ReplaySession(TurnSteps):
    catalogue: Catalogue
    data: dict[str, Any]
    where: str
    config: GameConfig | AdventureConfig
    #: the turn in which each recorded choice was made
    turns: list[int]
    finished: bool
    id: str = attrs.field(factory=lambda: secrets.token_urlsafe(9))
    lock: threading.Lock = attrs.field(factory=threading.Lock)
    #: the steps built last, kept for stepping back and forth (at most :data:`STEPS_KEPT`)
    built: collections.OrderedDict[int, Step] = attrs.field(factory=collections.OrderedDict)

    @property
    def choices(self) -> list[int]:
        return list(self.data["choices"])

    @property
    def last(self) -> int:
        """The last step: every recorded choice made."""
        return len(self.data["choices"])

    @property
    def family(self) -> str:
        return "adventure-deck" if isinstance(self.config, AdventureConfig) else "deckbuilding"

    @property
    def title(self) -> str:
        state = "the whole game" if self.finished else "a game in progress"
        config = self.config
        if isinstance(config, AdventureConfig):
            return f"{self.where}: the Adventure Deck, seed {config.seed} ({state})"
        return f"{self.where}: {' + '.join(config.sets)}, {config.players} players, seed {config.seed} ({state})"

    def step(self, number: int) -> Step:
        number = max(0, min(number, self.last))
        with self.lock:
            found = self.built.get(number)
            if found is None:
                found = self.built[number] = self._build(number)
                while len(self.built) > STEPS_KEPT:
                    self.built.popitem(last=False)
            self.built.move_to_end(number)
            return found

    def _build(self, number: int) -> Step:
        new_game, run, seats = game_builder(self.family, self.catalogue, self.config)
        return first_choices(new_game, run, seats, self.choices, number)


def open_replay(catalogues: Callable[[str], Catalogue], data: Any, where: str) -> ReplaySession:
    """Check a record as ``lotr-rules replay`` does, and open it for stepping (``catalogues``
    gives the cards of a game family)."""
    data = check_record(data, where)
    family = data.get("family", "deckbuilding")
    config: GameConfig | AdventureConfig
    if family == "adventure-deck":
        catalogue = catalogues(family)
        game: Game = replay_journey(catalogue.cards, data, where)
        config = config_from_json(data.get("config"), where)
    elif family == "deckbuilding":
        catalogue = catalogues(family)
        config = record_config(data, where)
        game = replay_checked(catalogue, data, where, "does not replay to the game it records (its digest differs)")
    else:
        raise RecordError(f"{where} is a game of {family}, which the viewer cannot replay")
    turns = decision_turns(*game_builder(family, catalogue, config), data["choices"])
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
