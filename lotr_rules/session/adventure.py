"""The Adventure Deck (solo) through the session layer: the journey's config, its strategies (the
family's bots), saves and resuming.

Two save formats are read: the terminal's (:data:`SAVE_FORMAT`: seed, sets, choices, digest) and
the journey record with the seat added (what the browser writes, :func:`journey_save`).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from lotr_rules.agents.search.core import Budget
from lotr_rules.datafiles import DataFileError, read_json
from lotr_rules.engine.decisions import Agent, DecisionRequest
from lotr_rules.engine.game import Game
from lotr_rules.errors import ConfigError, RecordError, UserError
from lotr_rules.games.adventure.bots import STRATEGIES
from lotr_rules.games.adventure.game import AdventureConfig, AdventureGame
from lotr_rules.games.adventure.record import journey_record

FAMILY = "adventure-deck"
SAVE_FORMAT = "lotr-rules adventure-deck save"
SAVE_VERSION = 1
#: the Adventure Deck is played alone
DEFAULT_PLAYERS = 1
#: a bot of the Adventure Deck is one of its strategies, or the search bot (built on ``adaptive``)
SEARCH = "search"
BOTS = (*STRATEGIES, SEARCH)
#: the strategy a bot game plays with when none is named
DEFAULT_BOT = "adaptive"


def make_bot(kind: str, seed: int, budget: Budget | None = None) -> Agent:
    """The strategy ``kind``, or the search bot with ``budget`` (None: the Adventure Deck's own
    default, :data:`~lotr_rules.agents.search.adventure.DEFAULT_BUDGET`); a
    :class:`ConfigError` names the known ones otherwise."""
    if kind == SEARCH:
        from lotr_rules.agents.search.adventure import DEFAULT_BUDGET, AdventureSearchAgent

        return AdventureSearchAgent(seed, budget or DEFAULT_BUDGET)
    if kind not in STRATEGIES:
        raise ConfigError(f"unknown strategy '{kind}'; the Adventure Deck's bots: {', '.join(BOTS)}")
    return STRATEGIES[kind](seed)


def new_config(seed: int | None) -> AdventureConfig:
    return AdventureConfig(seed=1 if seed is None else seed, sets=("adventure-deck",))


def check_setup(cards: Any, config: AdventureConfig) -> None:
    """Set the journey up without walking it: a config it cannot be set up from is refused now."""
    from lotr_rules.session.seats import NoQuestionsYet

    AdventureGame(cards, NoQuestionsYet(), config)


def play_new(cards: Any, config: AdventureConfig, agent: Agent) -> AdventureGame:
    game = AdventureGame(cards, agent, config)
    game.play()
    return game


# ---------------------------------------------------------------------- the terminal's saves
def save_data(game: AdventureGame) -> dict[str, Any]:
    return {
        "format": SAVE_FORMAT,
        "version": SAVE_VERSION,
        "seed": game.config.seed,
        "sets": list(game.config.sets),
        "choices": list(game.state.choices),
        "digest": game.state.digest(),
    }


def is_save(path: Path) -> bool:
    """Whether ``path`` holds an Adventure Deck save (so ``play --resume`` knows the game)."""
    try:
        data = read_json(path, "save file")
    except UserError:
        return False
    return isinstance(data, dict) and data.get("format") == SAVE_FORMAT


def read_save(path: Path) -> dict[str, Any]:
    try:
        data = read_json(path, "save file")
    except DataFileError as error:
        raise RecordError(str(error)) from None
    if not isinstance(data, dict) or data.get("format") != SAVE_FORMAT:
        raise RecordError(f"{path} is not an Adventure Deck save")
    if data.get("version") != SAVE_VERSION:
        raise RecordError(f"{path} is save version {data.get('version')}, this lotr-rules reads {SAVE_VERSION}")
    choices, seed, sets = data.get("choices"), data.get("seed"), data.get("sets")
    if not isinstance(choices, list) or not all(type(c) is int and c >= 0 for c in choices):
        raise RecordError(f"{path} has a corrupt list of choices")
    if type(seed) is not int or seed < 0 or not isinstance(data.get("digest"), str):
        raise RecordError(f"{path} is corrupt: it has no seed or no digest")
    if not isinstance(sets, list) or not sets or not all(isinstance(code, str) for code in sets):
        raise RecordError(f"{path} is corrupt: it names no sets")
    return data


class ResumeCheck:
    """The first question asked once the saved choices have run out is the one the journey was
    saved at: the state there must have the save's digest."""

    def __init__(self, agent: Agent, digest: str, where: str) -> None:
        self.agent = agent
        self.digest = digest
        self.where = where
        self.checked = False

    def choose(self, game: Game, request: DecisionRequest) -> int:
        if not self.checked:
            self.checked = True
            if game.state.digest() != self.digest:
                raise RecordError(f"{self.where} does not replay to the journey it saved; it cannot be resumed")
        return self.agent.choose(game, request)


# ---------------------------------------------------------------------- the browser's saves
def journey_save(game: AdventureGame, seats: list[str]) -> dict[str, Any]:
    """The journey's record with who walks (a person or a strategy)."""
    data = journey_record(game)
    data["seats"] = list(seats)
    return data


def write_save(path: Path, data: dict[str, Any]) -> None:
    """Write a save (either format) whole or not at all, with the checksum every record carries."""
    from lotr_rules.games.deckbuilding.record import record_text
    from lotr_rules.session import saving

    saving.write_file(path, record_text(data, indent=1))
