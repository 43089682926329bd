"""Records of Adventure Deck journeys: the config, the seed and the list of choices.

The same format as the deck-building game's records (``family`` tells them apart), so that a
save of a journey in progress resumes where it stopped and replays to the same state. Each card
is stored with the digest of its script: a record made with other versions of the cards is
refused rather than replayed into nonsense.
"""

from __future__ import annotations

import contextlib
from collections.abc import Sequence
from typing import Any

from lotr_rules import __version__
from lotr_rules.engine.cards import CardDef
from lotr_rules.engine.decisions import Agent, DecisionRequest
from lotr_rules.engine.game import Game
from lotr_rules.errors import ConfigError, RecordError
from lotr_rules.games.adventure.game import AdventureConfig, AdventureGame

FAMILY = "adventure-deck"
RECORD_FORMAT = "lotr-rules-record"
RECORD_VERSION = 1


def config_json(config: AdventureConfig) -> dict[str, Any]:
    return {
        "seed": config.seed,
        "turns": config.turns,
        "health": config.health,
        "witch_kings": config.witch_kings,
        "sets": list(config.sets),
    }


def config_from_json(data: Any, where: str) -> AdventureConfig:
    if not isinstance(data, dict):
        raise RecordError(f"{where} has no journey config")
    numbers: dict[str, int] = {}
    for key in ("seed", "turns", "health", "witch_kings"):
        value = data.get(key)
        if type(value) is not int or value < 0:
            raise RecordError(f"{where} has a bad journey config: {key} must be a whole number")
        numbers[key] = value
    sets = data.get("sets")
    if not isinstance(sets, list) or not sets or not all(isinstance(code, str) for code in sets):
        raise RecordError(f"{where} has a bad journey config: sets must be a list of set codes")
    config = AdventureConfig(sets=tuple(sets), **numbers)
    try:
        config.check()
    except ConfigError as error:
        raise RecordError(f"{where} has a bad journey config: {error}") from None
    return config


def journey_record(game: AdventureGame) -> dict[str, Any]:
    cards = sorted({(f"{c.set_code}/{c.name}", c.source_digest) for c in game.cards})
    return {
        "format": RECORD_FORMAT,
        "version": RECORD_VERSION,
        "lotr_rules": __version__,
        "family": FAMILY,
        "config": config_json(game.config),
        "choices": list(game.state.choices),
        "cards": {name: digest for name, digest in cards},
        "finished": game.state.finished,
        "digest": game.state.digest(),
        "result": game.state.result,
    }


class _RecordExhausted(Exception):
    pass


class _NoMoreChoices:
    def choose(self, game: Game, request: DecisionRequest) -> int:
        raise _RecordExhausted


class DigestMismatch(RecordError):
    pass


class _CheckWhereItStopped:
    """The first decision asked after the record's choices ran out is where it was saved: the
    state there must have the record's digest."""

    def __init__(self, agent: Agent, digest: str) -> None:
        self.agent = agent
        self.digest = digest
        self.checked = False

    def choose(self, game: Game, request: DecisionRequest) -> int:
        if not self.checked:
            self.checked = True
            if game.state.digest() != self.digest:
                raise DigestMismatch("the record does not replay to the journey it saved")
        return self.agent.choose(game, request)


def replay_journey(
    cards: Sequence[CardDef], data: dict[str, Any], where: str, agent: Agent | None = None
) -> AdventureGame:
    """Rebuild the journey a record describes (checked against its digest); with ``agent``,
    play on from where it stopped to the journey's end."""
    if data.get("family") != FAMILY:
        raise RecordError(f"{where} is not a record of an Adventure Deck journey")
    config = config_from_json(data.get("config"), where)
    known = {(card.set_code, card.name): card.source_digest for card in cards}
    for key, digest in data["cards"].items():
        set_code, _, name = str(key).partition("/")
        if (set_code, name) not in known:
            raise RecordError(f"{where} uses the card '{name}', which no loaded set has")
        if known[(set_code, name)] != digest:
            raise RecordError(f"the card '{name}' has changed since {where} was made; it cannot be replayed")
    digest = str(data.get("digest", ""))
    checker = _CheckWhereItStopped(agent, digest) if agent is not None else None
    seat: Agent = checker if checker is not None else _NoMoreChoices()
    try:
        game = AdventureGame(cards, seat, config)
    except ConfigError as error:
        raise RecordError(f"{where} has a bad journey config: {error}") from None
    game.replay_queue.extend(data["choices"])
    with contextlib.suppress(_RecordExhausted):  # a journey in progress: its record stops at a question
        game.play()
    if game.replay_queue:
        raise RecordError(f"{where} has more choices than its journey asks for; it is corrupt")
    if (checker is None or not checker.checked) and game.state.digest() != digest:
        raise RecordError(f"{where} does not replay to the journey it records (its digest differs)")
    return game
