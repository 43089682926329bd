"""Game records: a game is its config, its seed and its list of choices.

A record replays to the same final state; it also serves as a save file (a record of a game
still in progress resumes where it stopped). Each card in the game is stored with the digest of
its script, so a record made with other versions of the cards is refused instead of replaying
into nonsense.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from lotr_rules import __version__
from lotr_rules.cards.catalogue import Catalogue
from lotr_rules.datafiles import DataFileError, read_data_text
from lotr_rules.engine.decisions import Agent, DecisionRequest
from lotr_rules.engine.game import Game
from lotr_rules.errors import RecordError, UserError
from lotr_rules.games.deckbuilding.config import GameConfig
from lotr_rules.games.deckbuilding.game import DeckbuildingGame

RECORD_FORMAT = "lotr-rules-record"
RECORD_VERSION = 1


def game_record(game: DeckbuildingGame) -> dict[str, Any]:
    # Keyed "set/name": sets share some names (each has its own Courage).
    cards = sorted({(f"{c.set_code}/{c.name}", c.source_digest) for c in game.cards})
    return {
        "format": RECORD_FORMAT,
        "version": RECORD_VERSION,
        "lotr_rules": __version__,
        "family": game.family,
        "config": game.config.to_json(),
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


def read_record(path: Path) -> dict[str, Any]:
    try:
        text = read_data_text(path, "record file")
    except DataFileError as error:
        raise RecordError(str(error)) from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as error:
        raise RecordError(f"{path} is not a game record (not valid JSON: {error})") from None
    except ValueError:  # a number of thousands of digits, which Python refuses to convert
        raise RecordError(f"{path} is not a game record: it holds a number of thousands of digits") from None
    return check_record(data, str(path))


def check_record(data: Any, where: str = "record") -> dict[str, Any]:
    if not isinstance(data, dict) or data.get("format") != RECORD_FORMAT:
        raise RecordError(f"{where} is not a lotr-rules game record")
    if data.get("version") != RECORD_VERSION:
        raise RecordError(f"{where} is record version {data.get('version')}, this lotr-rules reads {RECORD_VERSION}")
    choices = data.get("choices")
    if not isinstance(choices, list) or not all(type(c) is int and c >= 0 for c in choices):
        raise RecordError(f"{where} has a corrupt list of choices")
    if not isinstance(data.get("cards"), dict):
        raise RecordError(f"{where} has no card list")
    return data


def replay(
    catalogue: Catalogue,
    data: dict[str, Any],
    agents: Sequence[Agent] | None = None,
) -> DeckbuildingGame:
    """Rebuild the game a record describes. With ``agents``, play on from where it stopped."""
    config = GameConfig.from_json(data.get("config"))
    for key, digest in data["cards"].items():
        set_code, _, name = str(key).partition("/")  # set codes hold no "/"; names may
        try:
            current = catalogue.get(name, (set_code,) if set_code else config.sets).source_digest
        except UserError:
            raise RecordError(f"the record uses the card '{name}', which no loaded set has") from None
        if current != digest:
            raise RecordError(f"the card '{name}' has changed since this record was made; it cannot be replayed")
    seats = list(agents) if agents is not None else [_NoMoreChoices() for _ in range(config.players)]
    game = DeckbuildingGame(catalogue, config, seats)
    game.replay_queue.extend(data["choices"])
    try:
        game.play_game()
    except _RecordExhausted:
        pass
    except UserError as error:
        if not game.replay_queue and agents is not None:
            raise  # the record replayed; this went wrong in the play after it
        raise RecordError(f"the record does not replay: {error}") from None
    if game.replay_queue:
        raise RecordError("the record has more choices than its game asks for; it is corrupt")
    return game
