"""The Card Game (``--game lcg``) on the command line: ``game``, ``play`` and ``replay``.

A game is set up from a scenario (``--scenario NAME``, a scenario file a loaded set ships) and one
deck per player (``--decks NAME,NAME``: decks a loaded set ships, or deck files' paths). The
record ``--record`` writes, the save ``play`` writes and what ``replay`` reads are one format
(:mod:`lotr_rules.games.lcg.recording`). People play with the keys of every family
(:mod:`lotr_rules.agents.controls`); bots draw their randomness from the seed, the seat and the
number of choices made, so a resumed game goes on exactly as the uninterrupted one would have.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable
from pathlib import Path
from typing import Any

import attrs

from lotr_rules.agents.controls import Seat, TakeBackRequested, ask_for_choice, take_back_key
from lotr_rules.agents.human import QuitRequested, SaveRequested
from lotr_rules.agents.search.core import parse_budget
from lotr_rules.cards.catalogue import Catalogue
from lotr_rules.cards.loader import load_sets
from lotr_rules.commands.lcg_options import DECKBUILDING_OPTIONS, refuse
from lotr_rules.engine.decisions import DecisionRequest
from lotr_rules.engine.game import Game
from lotr_rules.errors import UserError
from lotr_rules.games import vocabulary_for
from lotr_rules.games.lcg.files import split_decks
from lotr_rules.games.lcg.game import LcgGame
from lotr_rules.games.lcg.log import lines
from lotr_rules.games.lcg.modes import DEFAULT_MODE, Mode, parse_mode
from lotr_rules.games.lcg.prompts import needs_person, worth_offering
from lotr_rules.games.lcg.recording import LcgTable
from lotr_rules.games.lcg.view import render_status
from lotr_rules.session import lcg as session
from lotr_rules.session.describe import describe
from lotr_rules.session.takeback import TakeBack, lcg_asks, take_back
from lotr_rules.terminal import escape_controls

FAMILY = "lcg"
DEFAULT_SAVE = Path("lotr-lcg-save.json")
BOTS = session.BOTS
result_line = session.result_line
_heading = session.heading


def catalogue(args: argparse.Namespace) -> Catalogue:
    return load_sets(tuple(args.cards), vocabulary=vocabulary_for(FAMILY))


def setup_from_args(args: argparse.Namespace, cards: Catalogue, humans: int) -> session.LcgSetup:
    """The new game the options ask for: with no ``--decks``, the first-game starter decks for
    ``--players`` seats (see :mod:`lotr_rules.session.lcg`)."""
    return session.new_setup(
        cards,
        scenario=args.scenario,
        decks=split_decks(args.decks) if args.decks is not None else None,
        players=getattr(args, "players", None),
        seed=args.seed if args.seed is not None else 1,
        humans=humans,
        bot=args.bot or "heuristic",
        mode=mode_from_args(args),
        budget=parse_budget(getattr(args, "search_budget", None)),
    )


def mode_from_args(args: argparse.Namespace) -> Mode:
    """``--mode``: the scenario's mode, normal when not given."""
    given = getattr(args, "mode", None)
    return parse_mode(given) if given is not None else DEFAULT_MODE


# ---------------------------------------------------------------------- game
def run_game(args: argparse.Namespace) -> int:
    refuse(args, DECKBUILDING_OPTIONS, "the Card Game")
    if args.record is not None and not args.record.parent.is_dir():
        raise UserError(f"cannot write '{args.record}': folder '{args.record.parent}' does not exist")
    setup = setup_from_args(args, catalogue(args), humans=0)
    seed = setup.seed
    bots = [session.make_bot(kind, seed * 10 + seat, setup.budget) for seat, kind in enumerate(setup.seats)]
    game = LcgGame(setup.table.config, bots)
    game.play_game()
    if not args.quiet:  # --quiet: the result alone
        print(setup.title)
        for line in lines(game.state.log):
            print(line)
        print()
    print(result_line(game))
    if args.record is not None:
        session.write(args.record, session.record_data(game, setup), "record")
        print(f"record written to {args.record}")
    return 0


# ---------------------------------------------------------------------- replay
def run_replay(args: argparse.Namespace) -> int:
    where = str(args.record)
    data = session.read(args.record)
    table, game = session.replay_record(data, catalogue(args), where)
    last = args.to_turn
    stopped = last is not None and _rounds_played(game) > last
    if not args.final:
        print(f"{where}: {_heading(table)}; {len(data['choices'])} choices")
        rounds = _rounds(lines(game.state.log))
        for number, chunk in rounds:
            if last is not None and number > last:
                break
            print("\n".join(chunk))
            if args.step and number < rounds[-1][0] and (last is None or number < last):
                answer = _ask(f"[round {number}: Enter for the next round, q to stop] ")
                if answer is None or answer.strip().lower() in ("q", "quit"):
                    print(f"stopped after round {number}")
                    return 0
        print()
    if stopped and not args.final:
        # the table where the chosen round ended, and nothing of what came after it
        assert last is not None
        at = _end_of_round(table, data["choices"], last)
        print(describe(at, 0))
        print(f"Stopped at the end of round {last}.")
    elif game.state.finished:
        print(result_line(game))
    else:
        print(f"The game is in progress: {len(game.state.choices)} choices made, round {game.state.turn}.")
    state = "finished game" if game.state.finished else "game in progress"
    print(f"digest ok ({game.state.digest()}, {state})")
    return 0


def _rounds_played(game: LcgGame) -> int:
    return int(game.state.turn)


def _end_of_round(table: LcgTable, choices: list[int], last: int) -> LcgGame:
    """The recorded game rebuilt up to the first choice made after round ``last``."""
    rounds = session.rounds_of(table, choices)
    upto = next((index for index, made in enumerate(rounds) if made > last), len(choices))
    game = session.step(table, choices, upto).game
    assert isinstance(game, LcgGame)
    return game


def _rounds(shown: list[str]) -> list[tuple[int, list[str]]]:
    """The log in chunks, one per round (round 0: the setup)."""
    chunks: list[tuple[int, list[str]]] = [(0, [])]
    for line in shown:
        if line.startswith("== Round "):
            chunks.append((len(chunks), []))
        chunks[-1][1].append(line)
    return [chunk for chunk in chunks if chunk[1]]


def _read_line(prompt: str) -> str:
    # Looked up at each call (not bound at import), so that tests can replace builtins.input.
    return input(prompt)


def _ask(prompt: str) -> str | None:
    try:
        return _read_line(prompt)
    except (EOFError, KeyboardInterrupt):
        print()
        return None


# ---------------------------------------------------------------------- play
_ROUND = (
    "The Card Game: a round goes resource, planning, quest, travel, encounter, combat, refresh.\n"
    "Between steps an action window lets each player, in turn, play an event or use an Action (or pass)."
)
#: what ``?`` adds for the Card Game, by default and with ``--every-window``
CARD_GAME_HELP = (
    _ROUND + "\nA window where nothing you could play would change anything passes by itself, and cards\n"
    "that would change nothing now are left out of the menus (play --every-window shows them all)."
)
CARD_GAME_HELP_EVERY_WINDOW = _ROUND + "\nYou are asked at every window, every option shown (--every-window)."


class LcgHuman:
    """The people at the terminal (one, or several taking turns at one keyboard): what happened
    since they last chose, the table when it changed, and a numbered menu."""

    name = "human"

    def __init__(
        self,
        input_fn: Callable[[str], str] | None = None,
        output_fn: Callable[[str], None] = print,
        save_path: str = "",
        hot_seat: bool = False,
        every_window: bool = False,
    ) -> None:
        # input is looked up at each call, not bound here, so that a test can replace it
        self.input_fn = input_fn or (lambda prompt: _read_line(prompt))
        self.output_fn = output_fn
        self.save_path = save_path
        self.hot_seat = hot_seat
        #: stop at every action window, every option shown (else see :mod:`~lotr_rules.games.lcg.prompts`)
        self.every_window = every_window
        self.seen = 0
        self.table = ""
        #: how many choices a take-back keeps (set by :func:`run_play`)
        self.take_backs: Callable[[Game], TakeBack] | None = None

    def _read(self, game: Game, prompt: str) -> str:
        try:
            return self.input_fn(escape_controls(prompt)).strip()  # input() may bypass sys.stdout
        except (EOFError, KeyboardInterrupt):
            self.output_fn("")
            raise SaveRequested(game, quit=True) from None

    def news(self, game: LcgGame) -> None:
        """The log lines written since the last look."""
        fresh = lines(game.state.log[self.seen :])
        self.seen = len(game.state.log)
        if fresh:
            self.output_fn("\n".join(fresh))

    def choose(self, game: Game, request: DecisionRequest) -> int:
        assert isinstance(game, LcgGame)
        shown = tuple(range(len(request.options)))
        if not self.every_window:
            if not needs_person(game, request):
                return next(i for i, option in enumerate(request.options) if option.value is None)  # pass
            shown = worth_offering(game, request)
        asked = request._replace(options=tuple(request.options[i] for i in shown))
        return shown[self._ask(game, asked, len(request.options) - len(shown))]

    def _ask(self, game: LcgGame, request: DecisionRequest, hidden: int) -> int:
        """The person's answer to ``request`` (the options worth showing; ``hidden``: how many
        options were left out because they would change nothing)."""
        self.news(game)
        seat = request.player
        table = render_status(game, seat)
        if table != self.table:
            self.output_fn("")
            self.output_fn(table)
            self.table = table
        self._menu(request, hidden)

        def raise_save() -> None:
            raise SaveRequested(game)

        def show_log() -> None:
            self.output_fn("\n".join(lines(game.state.log)) or "(nothing has happened yet)")
            self._menu(request, hidden)

        def redraw() -> None:
            self.output_fn(render_status(game, seat))
            self._menu(request, hidden)

        keys = Seat(
            read=lambda prompt: self._read(game, prompt),
            say=self.output_fn,
            save_path=self.save_path,
            save=raise_save,
            quit=lambda: self._confirm_quit(game),
            show_log=show_log,
            show_screen=redraw,
            help=CARD_GAME_HELP if not self.every_window else CARD_GAME_HELP_EVERY_WINDOW,
            take_back=take_back_key(game, self.output_fn, self.take_backs),
            turn="round",
        )
        return ask_for_choice(game, request, keys)

    def _menu(self, request: DecisionRequest, hidden: int = 0) -> None:
        who = f"Player {request.player + 1}: " if self.hot_seat else ""
        self.output_fn(who + request.question)
        for number, option in enumerate(request.options, start=1):
            self.output_fn(f"  {number}) {option.label}")
        if hidden:
            left_out = f"{hidden} card{'s' if hidden != 1 else ''} you could play would change nothing now"
            self.output_fn(f"  ({left_out}: not shown; play --every-window shows every option)")

    def _confirm_quit(self, game: Game) -> None:
        answer = self._read(game, "Quit? y = quit without saving, s = save and quit, anything else = keep playing: ")
        if answer.lower() in ("y", "yes"):
            raise QuitRequested
        if answer.lower() in ("s", "save"):
            raise SaveRequested(game, quit=True)
        self.output_fn("Playing on.")


#: the options that set up a new game, which a resumed game takes from its save
_NEW_GAME = (
    ("decks", "--decks"),
    ("scenario", "--scenario"),
    ("mode", "--mode"),
    ("seed", "--seed"),
    ("humans", "--humans"),
    ("bot", "--bot"),
    ("players", "--players"),
)


def run_play(args: argparse.Namespace, human: LcgHuman | None = None) -> int:
    refuse(args, DECKBUILDING_OPTIONS, "the Card Game")
    cards = catalogue(args)
    data: dict[str, Any] | None = None
    if args.resume is not None:
        given = [flag for attribute, flag in _NEW_GAME if getattr(args, attribute, None) is not None]
        if given:
            raise UserError(f"--resume takes the game's settings from the save; drop {', '.join(given)}")
        where = str(args.resume)
        data = session.read(args.resume)
        setup = session.setup_of_save(data, cards, where)
        print(f"Resuming the game saved in {where}: {setup.title}.")
    else:
        setup = setup_from_args(args, cards, humans=args.humans if args.humans is not None else 1)
        print(f"The Card Game: {setup.title}. Type ? for the keys.")
    # the search bot's budget is not saved: a resumed game takes the one given now
    setup = attrs.evolve(setup, budget=parse_budget(getattr(args, "search_budget", None)))
    save_path: Path = args.save or args.resume or DEFAULT_SAVE
    people = [seat for seat, kind in enumerate(setup.seats) if kind == "human"]
    person = human or LcgHuman(save_path=str(save_path), hot_seat=len(people) > 1)
    if getattr(args, "every_window", None):
        person.every_window = True
    person.save_path = person.save_path or str(save_path)
    saved = data is not None
    config = setup.table.config

    def finder(game: Game) -> TakeBack:
        return take_back(FAMILY, None, config, game.state.choices, people, lcg_asks(person.every_window), "round")

    person.take_backs = finder
    while True:
        agents = setup.agents(person)
        try:
            if data is None:
                game = session.play_new(setup, agents)
            else:
                game = session.resume(setup, data, str(save_path), agents)
            break
        except SaveRequested as request:
            assert isinstance(request.game, LcgGame)
            data = session.save_data(request.game, setup)
            session.write(save_path, data)
            saved = True
            print(f"Game saved to {save_path}.")
            if request.quit:
                print(f"Go on with it later: lotr-rules play --game lcg --resume {save_path}")
                return 0
            # the game goes on from the save, replayed: its log so far has been shown
            person.seen = len(request.game.state.log)
        except TakeBackRequested as request:
            back = session.step(setup.table, request.game.state.choices, request.keep).game
            assert isinstance(back, LcgGame)
            data = session.save_data(back, setup)
            taken = len(request.game.state.choices) - request.keep
            print(f"Taken back: {taken} choice{'s' if taken != 1 else ''} (yours, and what followed it).")
            person.seen, person.table = len(back.state.log), ""
        except QuitRequested:
            print("Quit without saving." + (f" The last save is in {save_path}." if saved else ""))
            return 0
    person.news(game)
    print(result_line(game))
    print(f"game digest: {game.state.digest()}")
    if saved:
        session.write(save_path, session.save_data(game, setup))
        print(f"The record of the finished game is in {save_path} (watch it with: lotr-rules replay {save_path}).")
    return 0
