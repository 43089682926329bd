"""``lotr-rules play --game adventure-deck``: the Adventure Deck at the terminal.

A person answers every decision from a numbered menu, with the same keys as the deck-building
game (see :mod:`lotr_rules.agents.controls`): ``i N`` shows a card, ``s`` saves, ``q`` quits, and
the end of input saves and quits (or a strategy plays while you watch, with ``--strategy``).

A save holds the seed, the sets and every choice made; resuming replays the choices and checks
the journey reached is the one saved (its digest), then asks again what was being asked.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable
from pathlib import Path
from typing import Any

from lotr_rules.agents.controls import Seat, ask_for_choice
from lotr_rules.agents.human import QuitRequested, SaveRequested
from lotr_rules.cards.loader import load_sets
from lotr_rules.datafiles import DataFileError, read_json
from lotr_rules.engine.decisions import Agent, DecisionRequest
from lotr_rules.engine.game import Game
from lotr_rules.errors import ConfigError, RecordError, UserError
from lotr_rules.games import vocabulary_for
from lotr_rules.games.adventure.bots import STRATEGIES
from lotr_rules.games.adventure.game import AdventureConfig, AdventureGame
from lotr_rules.games.adventure.view import render_log, render_status, result_line
from lotr_rules.terminal import escape_controls

SAVE_FORMAT = "lotr-rules adventure-deck save"
SAVE_VERSION = 1
DEFAULT_SAVE = Path("lotr-adventure-save.json")


class AdventureHuman:
    """A person at the terminal: the play mat (drawn again only when it changed), what happened
    since, and a numbered menu."""

    name = "human"

    def __init__(
        self,
        input_fn: Callable[[str], str] | None = None,
        output_fn: Callable[[str], None] = print,
        save_path: str = "",
    ) -> None:
        # input is looked up at each call, not bound here, so that a test can replace it
        self.input_fn = input_fn or (lambda prompt: input(prompt))
        self.output_fn = output_fn
        self.save_path = save_path
        self.seen = 0
        self.mat = ""

    def _read(self, game: Game, prompt: str) -> str:
        try:
            return self.input_fn(escape_controls(prompt)).strip()  # input() may bypass sys.stdout
        except (EOFError, KeyboardInterrupt):
            self.output_fn("")
            raise SaveRequested(game, quit=True) from None

    def choose(self, game: Game, request: DecisionRequest) -> int:
        assert isinstance(game, AdventureGame)
        news = render_log(game.state.log, self.seen)
        self.seen = len(game.state.log)
        if news:
            self.output_fn("\n".join(news))
        mat = render_status(game)
        if mat != self.mat:
            self.output_fn("")
            self.output_fn(mat)
            self.mat = mat
        self._menu(request)

        def raise_save() -> None:
            raise SaveRequested(game)

        def show_log() -> None:
            self.output_fn("\n".join(render_log(game.state.log)) or "(nothing has happened yet)")
            self._menu(request)

        def redraw() -> None:
            self.output_fn(render_status(game))
            self._menu(request)

        keys = Seat(
            read=lambda prompt: self._read(game, prompt),
            say=self.output_fn,
            save_path=self.save_path,
            save=raise_save,
            quit=lambda: self._confirm_quit(game),
            show_log=show_log,
            show_screen=redraw,
        )
        return ask_for_choice(game, request, keys)

    def _menu(self, request: DecisionRequest) -> None:
        self.output_fn(request.question)
        for number, option in enumerate(request.options, start=1):
            self.output_fn(f"  {number}) {option.label}")

    def _confirm_quit(self, game: Game) -> None:
        answer = self._read(game, "Quit? y = quit without saving, s = save and quit, anything else = keep playing: ")
        if answer.lower() in ("y", "yes"):
            raise QuitRequested
        if answer.lower() in ("s", "save"):
            raise SaveRequested(game, quit=True)
        self.output_fn("Playing on.")


#: ``play`` options that only the deck-building game reads (the attribute and the option's name)
DECKBUILDING_ONLY = (
    ("players", "--players"),
    ("humans", "--humans"),
    ("hero", "--hero"),
    ("impossible", "--impossible"),
    ("archenemies", "--archenemies"),
    ("bot", "--bot"),
    ("sets", "--sets"),
    ("mix", "--mix"),
    ("half", "--half"),
    ("deck", "--deck"),
    ("less_random", "--less-random"),
)


def refuse_deckbuilding_options(args: argparse.Namespace) -> None:
    """An option the Adventure Deck would silently ignore is a mistake worth saying (a solo game
    has no seats, heroes or mixing)."""
    given = [option for attribute, option in DECKBUILDING_ONLY if getattr(args, attribute, None) is not None]
    if given:
        raise ConfigError(
            f"{', '.join(given)}: for the deck-building game; the Adventure Deck takes --seed, --strategy, "
            "--save, --resume and --cards"
        )


class _ResumeCheck:
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


def save_data(game: AdventureGame) -> dict[str, Any]:
    return {
        "format": SAVE_FORMAT,
        "version": SAVE_VERSION,
        "seed": game.config.seed,
        "sets": list(game.config.sets),
        "choices": list(game.state.choices),
        "digest": game.state.digest(),
    }


def is_adventure_save(path: Path) -> bool:
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


def run_adventure(args: argparse.Namespace, agent: Agent | None = None) -> int:
    from lotr_rules.commands.play import write_save

    refuse_deckbuilding_options(args)
    strategy: str | None = getattr(args, "strategy", None)
    if strategy is not None and strategy not in STRATEGIES:
        raise ConfigError(f"unknown strategy '{strategy}'; strategies: {', '.join(STRATEGIES)}")
    resume: Path | None = getattr(args, "resume", None)
    data: dict[str, Any] | None = None
    if resume is not None:
        if args.seed is not None or strategy is not None:
            raise UserError("--resume takes the journey's seed from the save; drop --seed and --strategy")
        data = read_save(resume)
    seed = int(data["seed"]) if data else args.seed if args.seed is not None else 1
    config = AdventureConfig(seed=seed, sets=tuple(data["sets"]) if data else ("adventure-deck",))
    save_path: Path = getattr(args, "save", None) or resume or DEFAULT_SAVE
    catalogue = load_sets(tuple(args.cards), vocabulary=vocabulary_for("adventure-deck"))
    watching = strategy is not None
    player: Agent = agent or (
        STRATEGIES[strategy](seed) if strategy is not None else AdventureHuman(save_path=str(save_path))
    )
    if isinstance(player, AdventureHuman) and not player.save_path:
        player.save_path = str(save_path)
    choices: list[int] = list(data["choices"]) if data else []
    if data:
        print(f"Resuming the journey saved in {resume}.")
    else:
        turns = AdventureConfig().turns
        print(f"The Adventure Deck, seed {seed}: cross the quest deck within {turns} turns.")
    saved = False
    while True:
        # checked even with no choices made: the journey must start where the save says it stood
        seat: Agent = _ResumeCheck(player, str(data["digest"]), str(resume)) if data else player
        game = AdventureGame(catalogue.cards, seat, config)
        game.replay_queue.extend(choices)
        try:
            result = game.play()
            break
        except SaveRequested as request:
            assert isinstance(request.game, AdventureGame)
            choices = list(request.game.state.choices)
            data = None  # the save just written is this very journey: no need to check it again
            write_save(save_path, save_data(request.game))
            saved = True
            print(f"Game saved to {save_path}.")
            if request.quit:
                print(f"Go on with it later: lotr-rules play --resume {save_path}")
                return 0
        except QuitRequested:
            last = f" The last save is in {save_path}." if saved or resume is not None else ""
            print(f"\nYou stop here; the journey is left unfinished.{last}")
            return 0
    shown = 0 if watching or not isinstance(player, AdventureHuman) else player.seen
    for line in render_log(game.state.log, shown):
        print(line)
    print(result_line(result))
    return 0
