"""``lotr-rules play``: a person (or several, hot-seat) plays at the terminal against bots.

Save files are game records (see ``games/deckbuilding/record.py``) with one extra key,
``"seats"``: who sits in each seat ("human", "heuristic" or "random"). Saving does not freeze
the game in memory: the record is written, then the game is rebuilt by replaying its choices,
exactly as ``--resume`` does. Bots draw their randomness from the seed and the number of
choices made so far, never from a private stream, so a resumed game goes on exactly as the
uninterrupted one would have.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import attrs

from lotr_rules import atomic
from lotr_rules.agents.human import HumanAgent, QuitRequested, SaveRequested
from lotr_rules.agents.search.core import DEFAULT_BUDGET, Budget, parse_budget
from lotr_rules.agents.search.deckbuilding import deckbuilding_bot
from lotr_rules.cards.catalogue import Catalogue
from lotr_rules.commands.common import add_cards_option, bounded_int, catalogue_from, positive_int, seed_int
from lotr_rules.commands.game import add_mix_options, mix_options, with_mix_file
from lotr_rules.commands.replay import check_config_values
from lotr_rules.commands.search_options import add_search_budget
from lotr_rules.engine.decisions import Agent, DecisionRequest
from lotr_rules.engine.game import Game
from lotr_rules.engine.rng import Rng
from lotr_rules.errors import ConfigError, RecordError, UserError
from lotr_rules.games.deckbuilding.config import STANDARD_ARCHENEMIES, GameConfig
from lotr_rules.games.deckbuilding.game import DeckbuildingGame, hero_named
from lotr_rules.games.deckbuilding.log import result_lines
from lotr_rules.games.deckbuilding.match import PLAN
from lotr_rules.games.deckbuilding.mix import build_mix
from lotr_rules.games.deckbuilding.record import game_record, read_record, record_text, replay

DEFAULT_SAVE = Path("lotr-save.json")
BOTS = ("heuristic", "random", "search")
SEAT_KINDS = ("human", *BOTS)
#: options that set up a new game, and so make no sense with --resume
_NEW_GAME_OPTIONS = (
    "players",
    "humans",
    "hero",
    "seed",
    "impossible",
    "archenemies",
    "bot",
    "sets",
    "mix",
    "half",
    "deck",
    "less_random",
    "mix_file",
)


def register(sub: argparse._SubParsersAction[Any]) -> None:
    from lotr_rules.commands.lcg_options import add_lcg_options

    parser = sub.add_parser("play", help="play a game at the terminal against bots (or hot-seat)")
    parser.add_argument(
        "--game",
        choices=("deckbuilding", "adventure-deck", "lcg"),
        default="deckbuilding",
        help="the game: the deck-building game (default), the Adventure Deck solo game, or the Card Game "
        "(lcg: give --decks, one deck per player)",
    )
    add_lcg_options(parser)
    parser.add_argument(
        "--strategy",
        metavar="NAME",
        help="the Adventure Deck only: watch a strategy play (shortest, longest, adaptive, random)",
    )
    parser.add_argument("--players", type=bounded_int("--players"), default=None, help="1 to 5 players (default 3)")
    parser.add_argument(
        "--humans",
        type=bounded_int("--humans"),
        default=None,
        help="how many seats people play, the first ones (default 1)",
    )
    parser.add_argument(
        "--hero", action="append", default=None, metavar="NAME", help="hero for the next seat, people's seats first"
    )
    parser.add_argument("--seed", type=seed_int, default=None, help="the game's seed (default 1)")
    parser.add_argument("--impossible", action="store_true", default=None, help="Impossible Mode")
    parser.add_argument(
        "--archenemies", type=positive_int, default=None, help=f"Archenemy stack size (default {STANDARD_ARCHENEMIES})"
    )
    parser.add_argument("--bot", choices=BOTS, default=None, help="the bots' kind (default heuristic)")
    add_search_budget(parser)
    parser.add_argument("--sets", default=None, help="comma-separated set codes (default two-towers)")
    add_mix_options(parser, defaults=False)
    parser.add_argument(
        "--save",
        type=Path,
        metavar="FILE",
        help=f"where 's' and the end of input save the game (default {DEFAULT_SAVE}, for the Adventure Deck "
        "lotr-adventure-save.json, or the resumed file)",
    )
    parser.add_argument("--resume", type=Path, metavar="FILE", help="go on with a saved game")
    parser.add_argument(
        "--every-window",
        action="store_true",
        default=None,
        help="the Card Game only: stop at every action window, and show every option (by default a window "
        "where nothing you could do would change anything passes by itself)",
    )
    add_cards_option(parser)
    parser.set_defaults(run=with_mix_file(run, default_sets=None))


# ---------------------------------------------------------------------- seats
class SeatBot:
    """A bot whose every answer depends only on the game: the seed, the seat, the choices so far.

    A bot that kept its own random stream would answer differently after a resume (the replayed
    choices never reach it); this one builds a fresh bot for each decision instead.
    """

    def __init__(self, kind: str, seed: int, seat: int, budget: Budget = DEFAULT_BUDGET) -> None:
        self.kind = kind
        self.seed = seed
        self.seat = seat
        self.budget = budget

    def choose(self, game: Game, request: DecisionRequest) -> int:
        mixed = Rng(self.seed * 16 + self.seat).next32() ^ len(game.state.choices)
        return deckbuilding_bot(self.kind, mixed, self.budget).choose(game, request)


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


def make_agents(seats: Sequence[str], human: HumanAgent, seed: int, budget: Budget = DEFAULT_BUDGET) -> list[Agent]:
    return [human if kind == "human" else SeatBot(kind, seed, seat, budget) for seat, kind in enumerate(seats)]


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


# ---------------------------------------------------------------------- new games
def _heroes(catalogue: Catalogue, config: GameConfig, wanted: Sequence[str]) -> list[str]:
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


def new_game_setup(args: argparse.Namespace, catalogue: Catalogue) -> tuple[GameConfig, list[str]]:
    players = args.players if args.players is not None else 3
    humans = args.humans if args.humans is not None else 1
    if not 0 <= humans <= players:
        raise ConfigError(f"--humans must be 0 to {players} (the number of players), not {humans}")
    seed = args.seed if args.seed is not None else 1
    sets = tuple(s.strip() for s in (args.sets or "two-towers").split(",") if s.strip())
    config = GameConfig(
        players=players,
        seed=seed,
        impossible=bool(args.impossible),
        archenemies=args.archenemies if args.archenemies is not None else STANDARD_ARCHENEMIES,
        sets=sets,
        **mix_options(args),
    )
    config = attrs.evolve(config, heroes=tuple(_heroes(catalogue, config, args.hero or [])))
    bot = args.bot or "heuristic"
    return config, ["human"] * humans + [bot] * (players - humans)


# ---------------------------------------------------------------------- saving and resuming
def save_data(game: DeckbuildingGame, seats: Sequence[str]) -> dict[str, Any]:
    data = game_record(game)
    data["seats"] = list(seats)
    return data


def write_save(path: Path, data: dict[str, Any]) -> None:
    """Write whole or not at all: a crash mid-write must not eat the previous save."""
    try:
        atomic.write_text(path, record_text(data, indent=1))
    except atomic.WriteError as error:
        raise UserError(f"cannot write the save file {path}: {error.reason}") from None


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


# ---------------------------------------------------------------------- the command
def _read_line(prompt: str) -> str:
    # Looked up at each call (not bound at import), so that tests can replace builtins.input.
    return input(prompt)


def _say(text: str) -> None:
    print(text, flush=True)


def run(args: argparse.Namespace) -> int:
    from lotr_rules.commands.lcg import run_play
    from lotr_rules.commands.lcg_options import refuse_lcg_options
    from lotr_rules.commands.play_adventure import is_adventure_save, run_adventure
    from lotr_rules.games.lcg.recording import is_lcg_record

    # a save says which game it is: resuming a game of the Card Game needs no --game
    if args.game == "lcg" or (args.resume is not None and is_lcg_record(args.resume)):
        return run_play(args)
    refuse_lcg_options(args, "this game")

    # a save says which game it is: resuming an Adventure Deck journey needs no --game
    if args.game == "adventure-deck" or (args.resume is not None and is_adventure_save(args.resume)):
        return run_adventure(args)
    if args.strategy is not None:
        raise UserError("--strategy is for the Adventure Deck (--game adventure-deck)")
    catalogue = catalogue_from(args)
    data: dict[str, Any] | None = None
    if args.resume is not None:
        given = [f"--{name.replace('_', '-')}" for name in _NEW_GAME_OPTIONS if getattr(args, name) is not None]
        if given:
            raise UserError(f"--resume takes the game's settings from the save; drop {', '.join(given)}")
        data = read_record(args.resume)
        where = str(args.resume)
        try:
            config = GameConfig.from_json(data.get("config"))
        except ConfigError as error:
            raise RecordError(f"{where} has a bad game config: {error}") from None
        seats = read_seats(data, where, config.players)
        if data.get("finished") is True:
            _say(f"{where} holds a game that is already over.")
        else:
            _say(f"Resuming the game saved in {where}.")
    else:
        config, seats = new_game_setup(args, catalogue)
        where = ""
    save_path: Path = args.save or args.resume or DEFAULT_SAVE
    humans = [seat for seat, kind in enumerate(seats) if kind == "human"]
    human = HumanAgent(
        _read_line,
        _say,
        hot_seat=len(humans) > 1,
        clear=len(humans) > 1 and sys.stdout.isatty(),
        save_path=str(save_path),
    )
    session = Session(catalogue, seats, human, save_path, saved=data is not None, where=where)
    session.budget = parse_budget(args.search_budget)
    # A plan-2 game without --half is a whole match; a save says itself whether it is part of one.
    in_match = isinstance(data.get("match"), dict) if data is not None else args.half is None
    if config.mix == PLAN and in_match:
        from lotr_rules.commands.play_match import run_match

        return run_match(session, config, data)
    game = session.play(config, data)
    if game is None:
        return 0
    for seat in humans[:1]:
        human.show_news(game, seat)
    print_result(game, humans)
    if session.saved:
        write_save(save_path, save_data(game, seats))
        _say(f"The record of the finished game is in {save_path} (watch it with: lotr-rules replay {save_path}).")
    return 0


@attrs.define
class Session:
    """Who plays, and where saves go: what every game played at this terminal shares.

    ``match`` is written into every save (a Plan 2 match's save says which game it holds)."""

    catalogue: Catalogue
    seats: list[str]
    human: HumanAgent
    save_path: Path
    #: whether a save file of this session exists (resumed, or saved since)
    saved: bool
    #: the file the game being played was read from, if any
    where: str = ""
    match: dict[str, Any] = attrs.field(factory=dict)
    #: the search bot's budget (--search-budget)
    budget: Budget = DEFAULT_BUDGET

    @property
    def humans(self) -> list[int]:
        return [seat for seat, kind in enumerate(self.seats) if kind == "human"]

    def agents(self, config: GameConfig) -> list[Agent]:
        return make_agents(self.seats, self.human, config.seed, self.budget)

    def save_data(self, game: DeckbuildingGame) -> dict[str, Any]:
        data = save_data(game, self.seats)
        if self.match:
            data["match"] = self.match
        return data

    def save(self, game: Game, quit: bool) -> bool:
        """Write a save of ``game``; whether to play on (False: the player saved and quit)."""
        assert isinstance(game, DeckbuildingGame)
        self.where = str(self.save_path)
        try:
            write_save(self.save_path, self.save_data(game))
        except UserError as error:
            if quit:
                raise
            # Play on from the record in memory rather than lose the game.
            _say(f"The game was NOT saved: {error}. Playing on.")
            return True
        self.saved = True
        _say(f"Game saved to {self.save_path}.")
        if quit:
            _say(f"Go on with it later: lotr-rules play --resume {self.save_path}")
            return False
        return True

    def quit(self) -> None:
        _say("Quit without saving." + (f" The last save is in {self.save_path}." if self.saved else ""))

    def play(self, config: GameConfig, data: dict[str, Any] | None) -> DeckbuildingGame | None:
        """Play a new game (or go on with the save ``data``) to its end, saving when asked;
        None when the player stopped (saved and quit, or quit)."""
        while True:
            agents = self.agents(config)
            try:
                if data is None:
                    game = DeckbuildingGame(self.catalogue, config, agents)
                    game.play_game()
                    return game
                return resume(self.catalogue, data, agents, self.where or str(self.save_path))
            except SaveRequested as request:
                assert isinstance(request.game, DeckbuildingGame)
                data = self.save_data(request.game)
                if not self.save(request.game, request.quit):
                    return None
            except QuitRequested:
                self.quit()
                return None


def print_result(game: DeckbuildingGame, humans: Sequence[int]) -> None:
    result = game.state.result
    heroes = result["heroes"]
    _say("")
    for line in result_lines(result, frozenset(humans) if len(humans) == 1 else frozenset()):
        _say(line)
    winners = result["winners"]
    if winners:
        names = " and ".join(f"player {w + 1} ({heroes[w]})" for w in winners)
        _say(f"{'Winners' if len(winners) > 1 else 'Winner'}: {names}.")
    _say(f"game digest: {game.state.digest()}")
