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
#: how many turns without progress make a game that hit the turn limit a stalled one
STALL_TURNS = 100
#: the log entries that move a game towards one of the rulebook's endings: a card leaving the Path
#: or a stack (bought, defeated or gained), a Wall card drawn
PROGRESS = frozenset({"buy", "gain", "wall"})


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


def assert_ends_by_the_rules(game: DeckbuildingGame) -> None:
    """The finished game ended by one of the rulebook's endings, or it had stalled: the engine's
    turn limit is allowed only after many turns in which nobody bought or gained a card or drew
    from The Wall. (Random players can stall a game that way: by destroying their decks down to
    a card or two, they leave nobody with the Power to buy anything, and the rules never end it.)"""
    reason = game.state.result.get("reason")
    if reason in RULEBOOK_ENDINGS:
        return
    assert reason == "turn limit reached", f"the game ended by {reason!r}"
    turns = 0
    for entry in reversed(game.state.log):
        if entry[0] == "turn":
            turns += 1
            if turns > STALL_TURNS:
                return
        assert entry[0] not in PROGRESS, f"the game hit the turn limit while still moving: {entry}"
    raise AssertionError("the game hit the turn limit with fewer turns in its log than a stall takes")


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
