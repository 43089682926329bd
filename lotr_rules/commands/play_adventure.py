"""``lotr-rules play --game adventure-deck``: the Adventure Deck at the terminal.

A person answers every decision from a numbered menu (or a strategy plays while you watch, with
``--strategy``). Bad input is asked again; the end of input ends the game politely.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable

from lotr_rules.cards.loader import load_sets
from lotr_rules.engine.decisions import Agent, DecisionRequest
from lotr_rules.engine.game import Game
from lotr_rules.errors import ConfigError
from lotr_rules.games import vocabulary_for
from lotr_rules.games.adventure.bots import STRATEGIES
from lotr_rules.games.adventure.game import AdventureConfig, AdventureGame
from lotr_rules.games.adventure.view import render_log, render_status, result_line


class StoppedPlaying(Exception):
    """The player ended the input or typed q."""


class AdventureHuman:
    """A person at the terminal: the play mat, what happened since, and a numbered menu."""

    name = "human"

    def __init__(self, input_fn: Callable[[str], str] = input, output_fn: Callable[[str], None] = print) -> None:
        self.input_fn = input_fn
        self.output_fn = output_fn
        self.seen = 0

    def choose(self, game: Game, request: DecisionRequest) -> int:
        assert isinstance(game, AdventureGame)
        news = render_log(game.state.log, self.seen)
        self.seen = len(game.state.log)
        if news:
            self.output_fn("\n".join(news))
        self.output_fn("")
        self.output_fn(render_status(game))
        self.output_fn(request.prompt)
        for number, option in enumerate(request.options, start=1):
            self.output_fn(f"  {number}) {option.label}")
        count = len(request.options)
        while True:
            try:
                answer = self.input_fn(f"Choose 1-{count} (q to stop): ").strip().lower()
            except (EOFError, KeyboardInterrupt):
                raise StoppedPlaying from None
            if answer in ("q", "quit"):
                raise StoppedPlaying
            if answer.isdigit() and 1 <= int(answer) <= count:
                return int(answer) - 1
            self.output_fn(f"'{answer}' is not an option: type a number from 1 to {count}.")


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
    ("save", "--save"),
    ("resume", "--resume"),
)


def refuse_deckbuilding_options(args: argparse.Namespace) -> None:
    """An option the Adventure Deck would silently ignore is a mistake worth saying (a solo game
    has no seats, heroes or mixing, and it is not saved)."""
    given = [option for attribute, option in DECKBUILDING_ONLY if getattr(args, attribute, None) is not None]
    if given:
        raise ConfigError(
            f"{', '.join(given)}: for the deck-building game; the Adventure Deck takes --seed, --strategy and --cards"
        )


def run_adventure(args: argparse.Namespace, agent: Agent | None = None) -> int:
    refuse_deckbuilding_options(args)
    strategy: str | None = getattr(args, "strategy", None)
    if strategy is not None and strategy not in STRATEGIES:
        raise ConfigError(f"unknown strategy '{strategy}'; strategies: {', '.join(STRATEGIES)}")
    seed = args.seed if args.seed is not None else 1
    catalogue = load_sets(tuple(args.cards), vocabulary=vocabulary_for("adventure-deck"))
    watching = strategy is not None
    player: Agent = agent or (STRATEGIES[strategy](seed) if strategy is not None else AdventureHuman())
    game = AdventureGame(catalogue.cards, player, AdventureConfig(seed=seed))
    print(f"The Adventure Deck, seed {seed}: cross the quest deck within {game.config.turns} turns.")
    try:
        result = game.play()
    except StoppedPlaying:
        print("\nYou stop here; the journey is left unfinished.")
        return 0
    shown = 0 if watching or not isinstance(player, AdventureHuman) else player.seen
    for line in render_log(game.state.log, shown):
        print(line)
    print(result_line(result))
    return 0
