"""Whole-game checks shared by the property tests of the deck-building engine (unmixed games in
test_game_properties.py, mixed ones in test_mix_properties.py)."""

from __future__ import annotations

from collections import Counter
from typing import Any

from lotr_rules.cards.catalogue import Catalogue
from lotr_rules.engine.decisions import DecisionRequest
from lotr_rules.games.deckbuilding.game import DeckbuildingGame
from lotr_rules.games.deckbuilding.record import game_record, replay

#: the rulebook's three ways a game ends ("turn limit reached" is the engine's safeguard for a
#: stuck game, not one of them)
RULEBOOK_ENDINGS = frozenset({"final archenemy defeated", "path could not be refilled", "wall deck depleted"})


def all_cards(game: DeckbuildingGame) -> list[int]:
    """Every card instance in a zone or under a card, once per place it is found."""
    cards = [c for zone in game.state.zones.values() for c in zone]
    cards.extend(c for under in game.state.under.values() for c in under)
    return cards


def assert_conserved(game: DeckbuildingGame) -> None:
    """Every card instance of the game is in exactly one place."""
    counts = Counter(all_cards(game))
    duplicated = [game.cards[c].name for c, n in counts.items() if n > 1]
    missing = [game.cards[c].name for c in range(len(game.cards)) if c not in counts]
    assert not duplicated, f"cards in two zones at once: {duplicated}"
    assert not missing, f"cards lost: {missing}"


def play_conserving(game: DeckbuildingGame) -> dict[str, Any]:
    """Play the game to its end, checking that cards are conserved before every decision and at
    the end; the game's result."""

    def check(request: DecisionRequest, index: int) -> None:
        assert_conserved(game)

    game.on_decision = check
    result = game.play_game()
    assert_conserved(game)
    return result


def assert_replays(catalogue: Catalogue, game: DeckbuildingGame) -> None:
    """The finished game's record, replayed from its choices alone, ends in the same state."""
    again = replay(catalogue, game_record(game))
    assert again.state.digest() == game.state.digest()
