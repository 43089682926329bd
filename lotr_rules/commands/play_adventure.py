"""``lotr-rules play --game adventure-deck``: the Adventure Deck at the terminal.

A person answers every decision from a numbered menu, with the same keys as the deck-building
game (see :mod:`lotr_rules.agents.controls`): ``i N`` shows a card, ``s`` saves, ``q`` quits, and
the end of input saves and quits (or a strategy plays while you watch, with ``--bot NAME``).

A save holds the seed, the sets and every choice made; resuming replays the choices and checks
the journey reached is the one saved (its digest), then asks again what was being asked.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable
from pathlib import Path
from typing import Any

from lotr_rules.agents.controls import Seat, TakeBackRequested, ask_for_choice, take_back_key
from lotr_rules.agents.human import QuitRequested, SaveRequested
from lotr_rules.agents.search.core import parse_budget
from lotr_rules.cards.loader import load_sets
from lotr_rules.engine.decisions import Agent, DecisionRequest
from lotr_rules.engine.game import Game
from lotr_rules.errors import ConfigError, UserError
from lotr_rules.games import vocabulary_for
from lotr_rules.games.adventure.game import AdventureConfig, AdventureGame
from lotr_rules.games.adventure.view import render_log, render_status, result_line
from lotr_rules.session import adventure as adventure_session
from lotr_rules.session.adventure import ResumeCheck as _ResumeCheck
from lotr_rules.session.adventure import is_save as is_adventure_save
from lotr_rules.session.adventure import read_save, save_data, write_save
from lotr_rules.session.rebuild import replay_first
from lotr_rules.session.takeback import TakeBack, take_back
from lotr_rules.terminal import escape_controls

__all__ = ["AdventureHuman", "is_adventure_save", "read_save", "run_adventure", "save_data"]

DEFAULT_SAVE = Path("lotr-adventure-save.json")
FAMILY = "adventure-deck"


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
        #: how many choices a take-back keeps (set by :func:`run_adventure`)
        self.take_backs: Callable[[Game], TakeBack] | None = None

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
            take_back=take_back_key(game, self.output_fn, self.take_backs),
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
    ("humans", "--humans"),
    ("hero", "--hero"),
    ("impossible", "--impossible"),
    ("archenemies", "--archenemies"),
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
            f"{', '.join(given)}: for the deck-building game; the Adventure Deck takes --seed, --bot, "
            "--save, --resume and --cards"
        )


def run_adventure(args: argparse.Namespace, agent: Agent | None = None) -> int:
    refuse_deckbuilding_options(args)
    # --bot names the strategy to watch (--strategy, its old name, is read into it by the command)
    strategy: str | None = getattr(args, "bot", None) or getattr(args, "strategy", None)
    if strategy is not None and strategy not in adventure_session.BOTS:
        raise ConfigError(f"unknown strategy '{strategy}'; strategies: {', '.join(adventure_session.BOTS)}")
    resume: Path | None = getattr(args, "resume", None)
    data: dict[str, Any] | None = None
    if resume is not None:
        if args.seed is not None or strategy is not None:
            raise UserError("--resume takes the journey's seed from the save; drop --seed and --bot")
        data = read_save(resume)
    seed = int(data["seed"]) if data else args.seed if args.seed is not None else 1
    config = AdventureConfig(seed=seed, sets=tuple(data["sets"]) if data else ("adventure-deck",))
    save_path: Path = getattr(args, "save", None) or resume or DEFAULT_SAVE
    catalogue = load_sets(tuple(args.cards), vocabulary=vocabulary_for("adventure-deck"))
    watching = strategy is not None
    budget = parse_budget(args.search_budget) if getattr(args, "search_budget", None) else None
    player: Agent = agent or (
        adventure_session.make_bot(strategy, seed, budget)
        if strategy is not None
        else AdventureHuman(save_path=str(save_path))
    )
    if isinstance(player, AdventureHuman) and not player.save_path:
        player.save_path = str(save_path)
    if isinstance(player, AdventureHuman):
        player.take_backs = lambda game: take_back(FAMILY, catalogue, config, game.state.choices, [0])
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
        except TakeBackRequested as request:
            choices = list(request.game.state.choices[: request.keep])
            data = None  # the journey is rebuilt from its own choices: nothing to check
            taken = len(request.game.state.choices) - request.keep
            print(f"Taken back: {taken} choice{'s' if taken != 1 else ''}.")
            if isinstance(player, AdventureHuman):
                back = replay_first(FAMILY, catalogue, config, choices, len(choices)).game
                player.seen, player.mat = len(back.state.log), ""
        except QuitRequested:
            last = f" The last save is in {save_path}." if saved or resume is not None else ""
            print(f"\nYou stop here; the journey is left unfinished.{last}")
            return 0
    shown = 0 if watching or not isinstance(player, AdventureHuman) else player.seen
    for line in render_log(game.state.log, shown):
        print(line)
    print(result_line(result))
    return 0
