"""The families a table can seat, and what each needs said once for both faces.

The entry of a family names its default number of players (one default, the same in every
command and in the browser), its bots (the Adventure Deck's strategies are its bots), the kind a
bot game uses unless told, and how a game of it is built again from its setup and choices
(:func:`game_builder`, for replays and taking moves back). Registering a family here is what gives
it the terminal's commands and the browser's table. Light on imports: ``--help`` reads it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import attrs

from lotr_rules.errors import ConfigError


@attrs.frozen
class Family:
    name: str
    #: how a page or a heading names it
    title: str
    default_players: int
    max_players: int
    bots: tuple[str, ...]
    default_bot: str
    #: how a sentence names it
    named: str
    #: what its bots are called (the Adventure Deck's are strategies)
    bot_word: str = "bot"


FAMILIES: dict[str, Family] = {
    family.name: family
    for family in (
        Family(
            "deckbuilding",
            "The deck-building game",
            4,
            5,
            ("heuristic", "random", "search"),
            "heuristic",
            "the deck-building game",
        ),
        Family(
            "adventure-deck",
            "The Adventure Deck (solo)",
            1,
            1,
            ("shortest", "longest", "adaptive", "random", "search"),
            "adaptive",
            "the Adventure Deck",
            "strategy",
        ),
        Family("lcg", "The Card Game", 2, 4, ("heuristic", "random", "search"), "heuristic", "the Card Game"),
    )
}
DEFAULT = "deckbuilding"


def names() -> list[str]:
    return list(FAMILIES)


def family(name: str) -> Family:
    found = FAMILIES.get(name)
    if found is None:
        raise ConfigError(f"unknown game '{name}'; the games: {', '.join(FAMILIES)}")
    return found


def game_builder(name: str, catalogue: Any, config: Any) -> tuple[Any, Any, int]:
    """How to build a game of family ``name`` again, for :mod:`lotr_rules.session.rebuild`:
    ``(new_game, run, seats)`` for the game set up from ``catalogue`` and ``config`` (the
    family's own config: a GameConfig, an AdventureConfig or an LcgConfig)."""
    if name == "adventure-deck":
        from lotr_rules.games.adventure.game import AdventureGame

        def new_journey(agents: Sequence[Any], choices: Sequence[int]) -> Any:
            game = AdventureGame(catalogue.cards, agents[0], config)
            game.replay_queue.extend(choices)
            return game

        return new_journey, lambda game: game.play(), 1
    if name == "lcg":
        from lotr_rules.games.lcg.game import LcgGame

        def new_lcg(agents: Sequence[Any], choices: Sequence[int]) -> Any:
            return LcgGame(config, agents, replay=choices)

        return new_lcg, lambda game: game.play_game(), len(config.players)
    if name == "deckbuilding":
        from lotr_rules.games.deckbuilding.game import DeckbuildingGame

        def new_deckbuilding(agents: Sequence[Any], choices: Sequence[int]) -> Any:
            game = DeckbuildingGame(catalogue, config, agents)
            game.replay_queue.extend(choices)
            return game

        return new_deckbuilding, lambda game: game.play_game(), config.players
    raise ConfigError(f"no table for the game '{name}'")
