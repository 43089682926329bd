"""The deck-building games (The Two Towers, Fellowship) through the session layer: set up from
options, seats, saves (a game record with the seats added), resuming and checked replays.

A save is a game record (:mod:`lotr_rules.games.deckbuilding.record`) with one extra key,
``"seats"``: who sits in each seat (``"human"`` or a bot's kind).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import attrs

from lotr_rules.agents.bots import HeuristicAgent, RandomAgent
from lotr_rules.agents.search.core import Budget
from lotr_rules.agents.search.deckbuilding import DEFAULT_BUDGET, DeckbuildingSearchAgent
from lotr_rules.cards.catalogue import Catalogue
from lotr_rules.engine.decisions import Agent, DecisionRequest
from lotr_rules.engine.game import Game
from lotr_rules.engine.rng import Rng
from lotr_rules.errors import ConfigError, RecordError, UserError
from lotr_rules.games.deckbuilding.config import STANDARD_ARCHENEMIES, GameConfig
from lotr_rules.games.deckbuilding.game import DeckbuildingGame, hero_named
from lotr_rules.games.deckbuilding.mix import build_mix
from lotr_rules.games.deckbuilding.record import game_record, record_text, replay
from lotr_rules.session import saving
from lotr_rules.session.mixing import mix_options
from lotr_rules.session.options import DeckbuildingOptions
from lotr_rules.session.seats import HUMAN, NoQuestionsYet, SeatBot, seat_kinds, with_budget

FAMILY = "deckbuilding"
BOTS = ("heuristic", "random", "search")
SEAT_KINDS = (HUMAN, *BOTS)
DEFAULT_PLAYERS = 4
DEFAULT_SETS = "two-towers"


def make_bot(kind: str, seed: int, budget: Budget = DEFAULT_BUDGET) -> Agent:
    """The deck-building bot of ``kind``; ``budget`` is the search bot's (see :mod:`lotr_rules.agents.search`)."""
    if kind == "search":
        return DeckbuildingSearchAgent(seed, budget)
    return HeuristicAgent(seed=seed) if kind == "heuristic" else RandomAgent(seed=seed)


def seat_bot(kind: str, seed: int, seat: int, budget: Budget = DEFAULT_BUDGET) -> Agent:
    return SeatBot(kind, seed, seat, with_budget(make_bot, budget))


def make_agents(seats: Sequence[str], person: Agent, seed: int, budget: Budget = DEFAULT_BUDGET) -> list[Agent]:
    return [person if kind == HUMAN else seat_bot(kind, seed, seat, budget) for seat, kind in enumerate(seats)]


# ---------------------------------------------------------------------- new games
def chosen_heroes(catalogue: Catalogue, config: GameConfig, wanted: Sequence[str]) -> list[str]:
    """The named heroes for the first seats; the other seats get heroes dealt from the seed.
    Only the heroes the game may deal can be named: under a less-random mix, those of the
    table's hero set."""
    players, seed = config.players, config.seed
    if not wanted:
        return []
    if len(wanted) > players:
        raise ConfigError(f"{len(wanted)} heroes named for {players} players")
    if config.mix:
        heroes = [h.name for h in build_mix(catalogue, config).heroes]
    else:
        heroes = [h.name for h in catalogue.by_deck(config.sets).get("hero", [])]
    taken = [hero_named(heroes, name) for name in wanted]
    rest = [h for h in heroes if h not in taken]
    missing = players - len(taken)
    if missing > len(rest):
        raise ConfigError(f"the sets in play have {len(heroes)} heroes for {players} players")
    Rng(seed).shuffle(rest)
    return taken + rest[:missing]


def new_game_setup(options: DeckbuildingOptions | Any, catalogue: Catalogue) -> tuple[GameConfig, list[str]]:
    """The config and seats of a new game from the new-game options (a
    :class:`~lotr_rules.session.options.DeckbuildingOptions`, or the command line's parsed
    options, which carry the same names; any of them None for its default)."""
    players = options.players if options.players is not None else DEFAULT_PLAYERS
    humans = getattr(options, "humans", None)
    seed = options.seed if options.seed is not None else 1
    sets = tuple(s.strip() for s in (options.sets or DEFAULT_SETS).split(",") if s.strip())
    config = GameConfig(
        players=players,
        seed=seed,
        impossible=bool(options.impossible),
        archenemies=options.archenemies if options.archenemies is not None else STANDARD_ARCHENEMIES,
        sets=sets,
        **mix_options(options),
    )
    config = attrs.evolve(config, heroes=tuple(chosen_heroes(catalogue, config, options.hero or [])))
    return config, seat_kinds(players, humans if humans is not None else 1, options.bot or "heuristic")


def check_setup(catalogue: Catalogue, config: GameConfig) -> None:
    """Set the game up without playing it: a config it cannot be set up from is refused now."""
    DeckbuildingGame(catalogue, config, [NoQuestionsYet() for _ in range(config.players)])


def title(config: GameConfig) -> str:
    mix = f", {config.mix}" + (f" half {config.half}" if config.mix == "plan-2" else "") if config.mix else ""
    mode = ", Impossible Mode" if config.impossible else ""
    return f"{' + '.join(config.sets)}: {config.players} players, seed {config.seed}{mix}{mode}"


def play_new(catalogue: Catalogue, config: GameConfig, agents: Sequence[Agent]) -> DeckbuildingGame:
    game = DeckbuildingGame(catalogue, config, agents)
    game.play_game()
    return game


# ---------------------------------------------------------------------- saves
def save_data(game: DeckbuildingGame, seats: Sequence[str]) -> dict[str, Any]:
    data = game_record(game)
    data["seats"] = list(seats)
    return data


def write_save(path: Any, data: dict[str, Any]) -> None:
    """Write whole or not at all: a crash mid-write must not eat the previous save."""
    saving.write_file(path, record_text(data, indent=1))


def read_seats(data: dict[str, Any], where: str, players: int) -> list[str]:
    seats = data.get("seats")
    if not isinstance(seats, list) or not all(isinstance(s, str) and s in SEAT_KINDS for s in seats):
        raise RecordError(
            f"{where} is a game record but not a save file of 'lotr-rules play' (it says nothing of who plays"
            " which seat); watch it with 'lotr-rules replay'"
        )
    if len(seats) != players:
        raise RecordError(f"{where} is corrupt: it has {len(seats)} seats for a {players}-player game")
    return seats


def check_config_values(data: dict[str, Any], where: str) -> None:
    """What ``GameConfig.from_json`` lets through but setup cannot use (it would crash on it)."""
    config = data.get("config")
    if isinstance(config, dict) and config.get("use_wall") not in (None, True, False):
        raise RecordError(f"{where} has a bad game config: use_wall must be true, false or null")


def record_config(data: dict[str, Any], where: str) -> GameConfig:
    """The config of a record or save, refused before anything is built from it (the config's
    reader checks the number of players: a game's seats are made before the game checks the
    rest, and a save saying 10**30 players would fill the memory first)."""
    try:
        return GameConfig.from_json(data.get("config"))
    except ConfigError as error:
        raise RecordError(f"{where} has a bad game config: {error}") from None


#: what a record whose replay does not reach its digest is told (a save, to be resumed)
NOT_THE_SAVED_GAME = (
    "does not replay to the game it saved (it was edited, or made with other rules); it cannot be resumed"
)


def replay_checked(
    catalogue: Catalogue, data: dict[str, Any], where: str, mismatch: str = NOT_THE_SAVED_GAME
) -> DeckbuildingGame:
    """The record's game, replayed to where its choices stop, refused unless it has the
    record's digest there (``mismatch`` says what it is then, after the record's name)."""
    check_config_values(data, where)
    try:
        game = replay(catalogue, data)
    except ConfigError as error:
        raise RecordError(f"{where} has a bad game config: {error}") from None
    except UserError as error:  # what was wrong, said of the file it was wrong in
        text = str(error)
        raise RecordError(text if text.startswith(where) else f"{where}: {text}") from None
    if game.state.digest() != data.get("digest"):
        raise RecordError(f"{where} {mismatch}")
    return game


class _DigestMismatch(Exception):
    pass


class _ResumeCheck:
    """Wraps a seat: the first decision asked after the saved choices have run out is the one the
    game was saved at, so the state there must have the save's digest."""

    def __init__(self, agent: Agent, shared: dict[str, Any]) -> None:
        self.agent = agent
        self.shared = shared

    def choose(self, game: Game, request: DecisionRequest) -> int:
        if not self.shared["checked"]:
            self.shared["checked"] = True
            if game.state.digest() != self.shared["digest"]:
                raise _DigestMismatch
        return self.agent.choose(game, request)


def resume(catalogue: Catalogue, data: dict[str, Any], agents: Sequence[Agent], where: str) -> DeckbuildingGame:
    """Replay a save's choices, check the state reached is the one saved, then play on with ``agents``."""
    digest = data.get("digest")
    if not isinstance(digest, str):
        raise RecordError(f"{where} has no digest; it is corrupt")
    check_config_values(data, where)
    shared: dict[str, Any] = {"checked": False, "digest": digest}
    checked = [_ResumeCheck(agent, shared) for agent in agents]
    mismatch = RecordError(
        f"{where} does not replay to the game it saved (it was edited, or made with other rules); it cannot be resumed"
    )
    try:
        game = replay(catalogue, data, checked)
    except _DigestMismatch:
        raise mismatch from None
    except RecordError:
        raise
    except ConfigError as error:
        raise RecordError(f"{where} has a bad game config: {error}") from None
    if not shared["checked"] and game.state.digest() != digest:
        raise mismatch
    return game
