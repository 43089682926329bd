"""The table as one seat sees it, in text, for a game of any family (the terminal prints it; a
page that wants the same words asks here). A seat sees its own hand, not the others'."""

from __future__ import annotations

from lotr_rules.engine.game import Game
from lotr_rules.errors import ConfigError


def describe(game: Game, seat: int | None) -> str:
    """The table of ``game`` as ``seat`` sees it. None is a watcher: in the deck-building game one
    who sees every hand (a replay's view), in the Card Game the first player's seat."""
    if game.family == "lcg":
        from lotr_rules.games.lcg.game import LcgGame
        from lotr_rules.games.lcg.view import render_status as lcg_status

        assert isinstance(game, LcgGame)
        return lcg_status(game, 0 if seat is None else seat)
    if game.family == "adventure-deck":
        from lotr_rules.games.adventure.game import AdventureGame
        from lotr_rules.games.adventure.view import render_status as journey_status

        assert isinstance(game, AdventureGame)
        return journey_status(game)  # a solo game: the one seat sees everything
    if game.family == "deckbuilding":
        from lotr_rules.games.deckbuilding.game import DeckbuildingGame
        from lotr_rules.games.deckbuilding.screen import render_screen

        assert isinstance(game, DeckbuildingGame)
        return render_screen(game, seat, since=len(game.state.log))
    raise ConfigError(f"no table view for the game '{game.family}'")
