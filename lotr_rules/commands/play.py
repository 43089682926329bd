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

from lotr_rules.agents.controls import TakeBackRequested
from lotr_rules.agents.human import HumanAgent, QuitRequested, SaveRequested
from lotr_rules.agents.search.core import Budget, parse_budget
from lotr_rules.agents.search.deckbuilding import DEFAULT_BUDGET
from lotr_rules.cards.catalogue import Catalogue
from lotr_rules.commands.common import add_cards_option, bounded_int, catalogue_from, positive_int, seed_int
from lotr_rules.commands.game import add_mix_options, with_mix_file
from lotr_rules.commands.table_options import settle
from lotr_rules.engine.decisions import Agent
from lotr_rules.engine.game import Game
from lotr_rules.errors import ConfigError, RecordError, UserError
from lotr_rules.games.deckbuilding.config import STANDARD_ARCHENEMIES, GameConfig
from lotr_rules.games.deckbuilding.game import DeckbuildingGame
from lotr_rules.games.deckbuilding.log import result_lines
from lotr_rules.games.deckbuilding.match import PLAN
from lotr_rules.games.deckbuilding.record import read_record
from lotr_rules.session.deckbuilding import (
    BOTS,
    SEAT_KINDS,
    make_agents,
    new_game_setup,
    play_new,
    read_seats,
    resume,
    save_data,
    write_save,
)
from lotr_rules.session.rebuild import replay_first
from lotr_rules.session.takeback import take_back

DEFAULT_SAVE = Path("lotr-save.json")
#: what this module has always offered, now set up by the session layer
__all__ = ["BOTS", "SEAT_KINDS", "new_game_setup", "read_seats", "resume", "save_data", "write_save"]
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
    from lotr_rules.commands.table_options import add_bot_option, add_game_option, add_players_option

    parser = sub.add_parser("play", help="play a game at the terminal against bots (or hot-seat)")
    add_game_option(parser)
    add_lcg_options(parser)
    add_players_option(parser)
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
    add_bot_option(parser, also="; --bot NAME alone with --game adventure-deck: watch that strategy play")
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


# ---------------------------------------------------------------------- the command
def _read_line(prompt: str) -> str:
    # Looked up at each call (not bound at import), so that tests can replace builtins.input.
    return input(prompt)


def _say(text: str) -> None:
    print(text, flush=True)


def run(args: argparse.Namespace) -> int:
    settle(args)
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
    session.budget = parse_budget(args.search_budget, DEFAULT_BUDGET)
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
        people = self.humans
        self.human.take_backs = lambda game: take_back(
            "deckbuilding", self.catalogue, config, game.state.choices, people
        )
        while True:
            agents = self.agents(config)
            try:
                if data is None:
                    return play_new(self.catalogue, config, agents)
                return resume(self.catalogue, data, agents, self.where or str(self.save_path))
            except SaveRequested as request:
                assert isinstance(request.game, DeckbuildingGame)
                data = self.save_data(request.game)
                if not self.save(request.game, request.quit):
                    return None
            except TakeBackRequested as request:
                back = replay_first("deckbuilding", self.catalogue, config, request.game.state.choices, request.keep)
                assert isinstance(back.game, DeckbuildingGame)
                data = self.save_data(back.game)
                taken = len(request.game.state.choices) - request.keep
                _say(f"Taken back: {taken} choice{'s' if taken != 1 else ''} (yours, and what followed it).")
                self.human.forget_screens(len(back.game.state.log))
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
