"""How each game family is set up, played, seen and scored for the environments.

A :class:`Family` builds its cards once (so a bad scenario, deck or option is refused when the
environment is made, not at its first reset), then plays any number of games from a seed with
the seats' agents.

Rewards, given once, when the game ends: the Card Game is cooperative, so every seat gets +1
when the players win and -1 when they lose; in the deck-building games each winner (more than
one on a shared win) gets +1 and every other seat -1.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any, Protocol

import attrs

from lotr_rules.cards.loader import load_sets
from lotr_rules.engine.decisions import Agent, DecisionRequest
from lotr_rules.engine.game import Game
from lotr_rules.errors import UserError
from lotr_rules.games import vocabulary_for
from lotr_rules.games.deckbuilding.config import GameConfig
from lotr_rules.games.deckbuilding.game import DeckbuildingGame
from lotr_rules.games.lcg.files import split_decks
from lotr_rules.games.lcg.game import WON, LcgGame
from lotr_rules.games.lcg.recording import new_table
from lotr_rules.pettingzoo.deckbuilding_features import observe_deckbuilding
from lotr_rules.pettingzoo.features import Vector
from lotr_rules.pettingzoo.lcg_features import observe_lcg

#: the Card Game's scenario when none is named
DEFAULT_SCENARIO = "passage-through-mirkwood"


class Family(Protocol):
    name: str
    players: int

    def run(self, agents: Sequence[Agent], seed: int) -> tuple[Game, dict[str, Any]]: ...

    def observe(self, game: Game, seat: int, request: DecisionRequest | None) -> Vector: ...

    def rewards(self, result: dict[str, Any]) -> list[float]: ...

    def render(self, game: Game, seat: int) -> str: ...


class _Refuse:
    """Stands in for the seats while a game is only set up to check its options."""

    def choose(self, game: Game, request: DecisionRequest) -> int:
        raise UserError("setting the game up asked a question")


class LcgFamily:
    name = "lcg"

    def __init__(self, scenario: str, decks: Sequence[str] | str, cards: Sequence[str | Path]) -> None:
        catalogue = load_sets(tuple(Path(c) for c in cards), vocabulary=vocabulary_for("lcg"))
        specs = split_decks(decks) if isinstance(decks, str) else list(decks)
        self.table = new_table(catalogue, scenario, specs, 1)
        self.players = len(specs)

    def run(self, agents: Sequence[Agent], seed: int) -> tuple[Game, dict[str, Any]]:
        game = LcgGame(attrs.evolve(self.table.config, seed=seed), agents)
        return game, game.play_game()

    def observe(self, game: Game, seat: int, request: DecisionRequest | None) -> Vector:
        assert isinstance(game, LcgGame)
        return observe_lcg(game, seat, request)

    def rewards(self, result: dict[str, Any]) -> list[float]:
        shared = 1.0 if result.get("reason") == WON else -1.0
        return [shared] * self.players

    def render(self, game: Game, seat: int) -> str:
        from lotr_rules.games.lcg.view import render_status

        assert isinstance(game, LcgGame)
        return render_status(game, seat)


class DeckbuildingFamily:
    name = "deckbuilding"

    def __init__(
        self, players: int, sets: Sequence[str] | None, cards: Sequence[str | Path], options: dict[str, Any]
    ) -> None:
        self.catalogue = load_sets(tuple(Path(c) for c in cards))
        fields = {field.name for field in attrs.fields(GameConfig)} - {"players", "seed", "sets"}
        unknown = sorted(set(options) - fields)
        if unknown:
            raise UserError(
                f"unknown deck-building option(s) {', '.join(unknown)}; options: {', '.join(sorted(fields))}"
            )
        if sets is not None:
            options = {**options, "sets": tuple(sets)}
        self.config = GameConfig(players=players, **options)
        self.players = players
        self.config.check_mix()
        DeckbuildingGame(self.catalogue, self.config, [_Refuse()] * players)  # checks the rest

    def run(self, agents: Sequence[Agent], seed: int) -> tuple[Game, dict[str, Any]]:
        game = DeckbuildingGame(self.catalogue, attrs.evolve(self.config, seed=seed), agents)
        return game, game.play_game()

    def observe(self, game: Game, seat: int, request: DecisionRequest | None) -> Vector:
        assert isinstance(game, DeckbuildingGame)
        return observe_deckbuilding(game, seat, request)

    def rewards(self, result: dict[str, Any]) -> list[float]:
        winners = {int(w) for w in result.get("winners", ())}
        return [1.0 if seat in winners else -1.0 for seat in range(self.players)]

    def render(self, game: Game, seat: int) -> str:
        from lotr_rules.games.deckbuilding.screen import render_screen

        assert isinstance(game, DeckbuildingGame)
        return render_screen(game, seat, log_lines=0)
