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
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from lotr_rules import atomic
from lotr_rules.agents.controls import Seat, ask_for_choice
from lotr_rules.agents.human import QuitRequested, SaveRequested
from lotr_rules.agents.search.core import DEFAULT_BUDGET, Budget, parse_budget
from lotr_rules.agents.search.lcg import LcgSearchAgent
from lotr_rules.cards.catalogue import Catalogue
from lotr_rules.cards.loader import load_sets
from lotr_rules.commands.lcg_options import DECKBUILDING_OPTIONS, DEFAULT_SCENARIO, refuse
from lotr_rules.engine.decisions import Agent, DecisionRequest
from lotr_rules.engine.game import Game
from lotr_rules.engine.rng import Rng
from lotr_rules.errors import UserError
from lotr_rules.games import vocabulary_for
from lotr_rules.games.lcg.bots import LcgHeuristicAgent, RandomAgent
from lotr_rules.games.lcg.files import split_decks
from lotr_rules.games.lcg.game import LcgGame
from lotr_rules.games.lcg.log import lines
from lotr_rules.games.lcg.prompts import needs_person, worth_offering
from lotr_rules.games.lcg.recording import (
    LcgTable,
    game_record,
    new_table,
    read_record,
    record_text,
    replay,
    table_from_record,
)
from lotr_rules.games.lcg.view import render_status
from lotr_rules.terminal import escape_controls

FAMILY = "lcg"
DEFAULT_SAVE = Path("lotr-lcg-save.json")
BOTS = ("heuristic", "random", "search")


def catalogue(args: argparse.Namespace) -> Catalogue:
    return load_sets(tuple(args.cards), vocabulary=vocabulary_for(FAMILY))


def table_from_args(args: argparse.Namespace, cards: Catalogue) -> LcgTable:
    decks = split_decks(args.decks) if args.decks is not None else None
    if decks is None:
        raise UserError("--decks is needed: one deck per player, like --decks leadership,tactics")
    seed = args.seed if args.seed is not None else 1
    return new_table(cards, args.scenario or DEFAULT_SCENARIO, decks, seed)


def _bot(kind: str, seed: int, budget: Budget = DEFAULT_BUDGET) -> Agent:
    if kind == "search":
        return LcgSearchAgent(seed, budget)
    return LcgHeuristicAgent(seed) if kind == "heuristic" else RandomAgent(seed)


def result_line(game: LcgGame) -> str:
    result = game.state.result
    threat = ", ".join(f"Player {p + 1} {t}" for p, t in enumerate(result["threat"]))
    outcome = "The players won" if result["won"] else "The players lost"
    return (
        f"{outcome}: {result['reason']} in round {result['rounds']} "
        f"(threat: {threat}; victory points: {result['victory points']})"
    )


def _write(path: Path, data: dict[str, Any], what: str) -> None:
    try:
        atomic.write_text(path, record_text(data))
    except atomic.WriteError as error:
        raise UserError(f"cannot write the {what} {path}: {error.reason}") from None


def _heading(table: LcgTable) -> str:
    decks = ", ".join(f"Player {seat + 1} {label}" for seat, label in enumerate(table.labels))
    return f"{table.config.scenario.name}, seed {table.config.seed}: {decks}"


# ---------------------------------------------------------------------- game
def run_game(args: argparse.Namespace) -> int:
    refuse(args, DECKBUILDING_OPTIONS, "the Card Game")
    if args.record is not None and not args.record.parent.is_dir():
        raise UserError(f"cannot write '{args.record}': folder '{args.record.parent}' does not exist")
    table = table_from_args(args, catalogue(args))
    seed = table.config.seed
    budget = parse_budget(getattr(args, "search_budget", None))
    game = LcgGame(table.config, [_bot(args.bot, seed * 10 + seat, budget) for seat in range(len(table.labels))])
    game.play_game()
    print(_heading(table))
    if not args.quiet:
        for line in lines(game.state.log):
            print(line)
        print()
    print(result_line(game))
    if args.record is not None:
        _write(args.record, game_record(game, table), "record")
        print(f"record written to {args.record}")
    return 0


# ---------------------------------------------------------------------- replay
def run_replay(args: argparse.Namespace) -> int:
    where = str(args.record)
    data = read_record(args.record)
    table = table_from_record(data, catalogue(args), where)
    game = replay(table, data, where)
    if not args.final:
        print(f"{where}: {_heading(table)}; {len(data['choices'])} choices")
        shown = lines(game.state.log)
        last = args.to_turn
        rounds = _rounds(shown)
        for number, chunk in rounds:
            if last is not None and number > last:
                print(f"Stopped at the end of round {last}.")
                break
            print("\n".join(chunk))
            if args.step and number < rounds[-1][0] and (last is None or number < last):
                answer = _ask(f"[round {number}: Enter for the next round, q to stop] ")
                if answer is None or answer.strip().lower() in ("q", "quit"):
                    print(f"stopped after round {number}")
                    return 0
        print()
    if game.state.finished:
        print(result_line(game))
    else:
        print(f"The game is in progress: {len(game.state.choices)} choices made, round {game.state.turn}.")
    state = "finished game" if game.state.finished else "game in progress"
    print(f"digest ok ({game.state.digest()}, {state})")
    return 0


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


class SeatBot:
    """A bot whose every answer depends only on the game: the seed, the seat, the choices so far
    (a bot with a stream of its own would answer differently once a save is resumed)."""

    def __init__(self, kind: str, seed: int, seat: int, budget: Budget = DEFAULT_BUDGET) -> None:
        self.kind = kind
        self.seed = seed
        self.seat = seat
        self.budget = budget

    def choose(self, game: Game, request: DecisionRequest) -> int:
        mixed = Rng(self.seed * 16 + self.seat).next32() ^ len(game.state.choices)
        return _bot(self.kind, mixed, self.budget).choose(game, request)


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
    ("seed", "--seed"),
    ("humans", "--humans"),
    ("bot", "--bot"),
)


def save_data(game: LcgGame, table: LcgTable, seats: Sequence[str]) -> dict[str, Any]:
    data = game_record(game, table)
    data["seats"] = list(seats)
    return data


def run_play(args: argparse.Namespace, human: LcgHuman | None = None) -> int:
    refuse(args, DECKBUILDING_OPTIONS, "the Card Game")
    cards = catalogue(args)
    data: dict[str, Any] | None = None
    if args.resume is not None:
        given = [flag for attribute, flag in _NEW_GAME if getattr(args, attribute, None) is not None]
        if given:
            raise UserError(f"--resume takes the game's settings from the save; drop {', '.join(given)}")
        where = str(args.resume)
        data = read_record(args.resume)
        seats = data.get("seats")
        if seats is None:
            raise UserError(
                f"{where} is a game record, not a save of 'lotr-rules play' (it says nothing of who plays which"
                " seat); watch it with 'lotr-rules replay'"
            )
        table = table_from_record(data, cards, where)
        print(f"Resuming the game saved in {where}: {_heading(table)}.")
    else:
        table = table_from_args(args, cards)
        players = len(table.labels)
        humans = args.humans if args.humans is not None else 1
        if not 0 <= humans <= players:
            raise UserError(f"--humans must be 0 to {players} (the number of decks), not {humans}")
        seats = ["human"] * humans + [args.bot or "heuristic"] * (players - humans)
        print(f"The Card Game: {_heading(table)}. Type ? for the keys.")
    save_path: Path = args.save or args.resume or DEFAULT_SAVE
    people = [seat for seat, kind in enumerate(seats) if kind == "human"]
    person = human or LcgHuman(save_path=str(save_path), hot_seat=len(people) > 1)
    if getattr(args, "every_window", None):
        person.every_window = True
    person.save_path = person.save_path or str(save_path)
    seed = table.config.seed
    budget = parse_budget(getattr(args, "search_budget", None))
    saved = data is not None
    while True:
        agents: list[Agent] = [
            person if kind == "human" else SeatBot(kind, seed, seat, budget) for seat, kind in enumerate(seats)
        ]
        try:
            if data is None:
                game = LcgGame(table.config, agents)
                game.play_game()
            else:
                game = replay(table, data, str(save_path), agents)
            break
        except SaveRequested as request:
            assert isinstance(request.game, LcgGame)
            data = save_data(request.game, table, seats)
            _write(save_path, data, "save file")
            saved = True
            print(f"Game saved to {save_path}.")
            if request.quit:
                print(f"Go on with it later: lotr-rules play --game lcg --resume {save_path}")
                return 0
            # the game goes on from the save, replayed: its log so far has been shown
            person.seen = len(request.game.state.log)
        except QuitRequested:
            print("Quit without saving." + (f" The last save is in {save_path}." if saved else ""))
            return 0
    person.news(game)
    print(result_line(game))
    print(f"game digest: {game.state.digest()}")
    if saved:
        _write(save_path, save_data(game, table, seats), "save file")
        print(f"The record of the finished game is in {save_path} (watch it with: lotr-rules replay {save_path}).")
    return 0
