"""Game records: a game is its config, its seed and its list of choices.

A record replays to the same final state; it also serves as a save file (a record of a game
still in progress resumes where it stopped). Each card in the game is stored with the digest of
its script, so a record made with other versions of the cards is refused instead of replaying
into nonsense.

A record also keeps, for every turn, a checkpoint: the number of the turn's first choice, what
that decision asked, how many options it had and the digest of the state then. A replay compares
its own checkpoints with them as it goes, so when a record and the engine part ways the error says
in which turn, at which choice, and what each expected there. A checksum over the whole record
(``checksum``) tells a damaged or hand-edited file from one made with other rules.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from lotr_rules import __version__
from lotr_rules.cards.catalogue import Catalogue
from lotr_rules.datafiles import DataFileError, read_data_text
from lotr_rules.engine.decisions import Agent, DecisionRequest
from lotr_rules.engine.game import Game
from lotr_rules.errors import IllegalChoiceError, RecordError, UserError
from lotr_rules.games.deckbuilding.config import GameConfig
from lotr_rules.games.deckbuilding.game import DeckbuildingGame

RECORD_FORMAT = "lotr-rules-record"
RECORD_VERSION = 1


def game_record(game: DeckbuildingGame) -> dict[str, Any]:
    # Keyed "set/name": sets share some names (each has its own Courage).
    cards = sorted({(f"{c.set_code}/{c.name}", c.source_digest) for c in game.cards})
    data = {
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
    data["turns"] = checkpoints(game.catalogue, data)
    return data


#: a turn's checkpoint: [turn, number of its first choice (from 0), the decision's prompt, how
#: many options it offered, the digest of the state once the choice was made]
Checkpoint = list[Any]


class _Checkpoints:
    """A game's ``on_decision`` hook: takes a checkpoint at the first decision of every turn, and
    compares it with the record's (``expected``) while the record's choices last."""

    def __init__(self, game: Game, expected: Sequence[Any] | None = None, recorded: int = 0) -> None:
        self.game = game
        self.expected = list(expected) if isinstance(expected, list) else None
        self.recorded = recorded
        self.taken: list[Checkpoint] = []
        self._turn: int | None = None

    def __call__(self, request: DecisionRequest, index: int) -> None:
        state = self.game.state
        if state.turn == self._turn:
            return
        self._turn = state.turn
        number = len(state.choices) - 1
        point = [state.turn, number, request.prompt, len(request.options), state.digest()]
        self.taken.append(point)
        if self.expected is None or number >= self.recorded or len(self.taken) > len(self.expected):
            return
        wanted = self.expected[len(self.taken) - 1]
        if wanted != point:
            raise RecordError(self._parted(wanted, point))

    def _parted(self, wanted: Any, point: Checkpoint) -> str:
        if len(self.taken) > 1:
            last = self.taken[-2]
            where = f"during turn {last[0]} (after choice {last[1] + 1}, where they still agreed)"
        else:
            where = "before the first turn"
        try:
            turn, number, prompt, options, digest = wanted
            theirs = f"turn {turn} to begin at choice {number + 1} with '{prompt}' ({options} options, state {digest})"
        except (TypeError, ValueError):
            theirs = f"a damaged checkpoint {wanted!r}"
        ours = (
            f"turn {point[0]} begins at choice {point[1] + 1} with '{point[2]}' "
            f"({point[3]} options, state {point[4]})"
        )
        return f"the record and this engine part ways {where}: the record expected {theirs}; here {ours}"


def checkpoints(catalogue: Catalogue, data: dict[str, Any]) -> list[Checkpoint]:
    """The per-turn checkpoints of the game ``data`` records (replayed afresh to take them)."""
    config = GameConfig.from_json(data.get("config"))
    game = DeckbuildingGame(catalogue, config, [_NoMoreChoices() for _ in range(config.players)])
    hook = _Checkpoints(game)
    game.on_decision = hook
    game.replay_queue.extend(data["choices"])
    with contextlib.suppress(_RecordExhausted):
        game.play_game()
    return hook.taken


def record_checksum(data: dict[str, Any]) -> str:
    """SHA-256 of everything in a record but its ``checksum``, written in one canonical way."""
    body = {key: value for key, value in data.items() if key != "checksum"}
    text = json.dumps(body, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def record_text(data: dict[str, Any], indent: int = 2) -> str:
    """A record as the text of its file, its checksum set last (after every other key is in)."""
    return json.dumps({**data, "checksum": record_checksum(data)}, indent=indent)


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
    data = check_record(data, str(path))
    checksum = data.get("checksum")
    # Records written before checksums have none; one that has a checksum must match it.
    if checksum is not None and checksum != record_checksum(data):
        raise RecordError(
            f"{path} is damaged: its checksum does not match its contents (the file was edited or corrupted), "
            "so it can be neither replayed nor resumed"
        )
    return data


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
    hook = _Checkpoints(game, data.get("turns"), len(data["choices"]))
    game.on_decision = hook
    game.replay_queue.extend(data["choices"])
    try:
        game.play_game()
    except _RecordExhausted:
        pass
    except RecordError:
        raise
    except IllegalChoiceError as error:
        number = len(game.state.choices) + 1
        agreed = f" (they agreed up to the start of turn {hook.taken[-1][0]})" if hook.taken else ""
        raise RecordError(
            f"the record does not replay: in turn {game.state.turn}, at the record's choice {number}: {error}{agreed}"
        ) from None
    except UserError as error:
        if not game.replay_queue and agents is not None:
            raise  # the record replayed; this went wrong in the play after it
        raise RecordError(f"the record does not replay: {error}") from None
    game.on_decision = None
    if game.replay_queue:
        raise RecordError("the record has more choices than its game asks for; it is corrupt")
    return game
