"""What a player sees of an Adventure Deck game: the play mat, the location, and the log."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from lotr_rules.games.adventure import game as rules
from lotr_rules.games.adventure import track
from lotr_rules.wording import possessive


def render_status(game: rules.AdventureGame) -> str:
    """The play mat as text: the turn track, health, Witch Kings, items, the deck, the location."""
    state = game.state
    turn = state.turn
    location = game.cards[game.location()]
    ways = ", ".join(f"{d} {n}" for d, n in location.directions) or "none"
    ring = "used" if game.counter(rules.RING) else "not used yet"
    lines = [
        f"Turn {turn} of {game.config.turns} ({track.symbol(turn)})   cards left in the quest deck: "
        f"{len(game.z(rules.QUEST_DECK))}",
        f"Health {game.health_left()}/{game.counter(rules.HEALTH)} (wounds {game.counter(rules.WOUNDS)})   "
        f"Witch Kings {game.counter(rules.WITCH_KINGS)}/{game.config.witch_kings}   Ring {ring}",
        f"Armor {game.counter(rules.ARMOR)}   weapons {game.counter(rules.WEAPONS)}   aid {game.counter(rules.AID)}"
        f"   shield {game.counter(rules.SHIELD)}",
        f"You stand on: {location.name} (aggression {location.aggression}; ways: {ways})",
    ]
    if location.text:
        lines.append(f"  {location.text}")
    drawn = game.z(rules.DRAWN)
    if drawn:
        # Drawing blind, only the destination (the last card) is seen.
        seen = drawn[-1:] if rules.BLIND in state.flags else drawn
        names = ", ".join(
            f"{game.card_name(c)} ({game.cards[c].aggression})" if c in seen else "an unseen card" for c in drawn
        )
        lines.append(f"Drawn this turn: {names}   Attack so far: {game.effective_attack()}")
    return "\n".join(lines)


def log_line(entry: Sequence[Any]) -> str | None:
    """One log entry as a sentence; None for book-keeping a reader does not need."""
    kind, *rest = entry
    sentences: dict[str, Callable[[], str]] = {
        "setup": lambda: f"The quest deck holds {rest[0]} cards; the journey starts at {rest[1]}.",
        "turn": lambda: f"-- Turn {rest[0]} ({rest[1]})",
        "travel": lambda: f"You travel {rest[0]}: {rest[1]} card{'s' if rest[1] != 1 else ''}.",
        "ring": lambda: "You put on the Ring" + (" for the first time." if rest[0] == "first use" else " again."),
        "drawn": lambda: f"  drawn: {rest[0]} (aggression {rest[1]})",
        "drawn unseen": lambda: "  drawn: a card you cannot see",
        "aid": lambda: f"  help makes {possessive(rest[0])} aggression 0.",
        "weapon": lambda: f"  a weapon makes {possessive(rest[0])} aggression 0.",
        "attack": lambda: f"The Attack deals {rest[0]} wound{'s' if rest[0] != 1 else ''}.",
        "arrive": lambda: f"You reach {rest[0]}.",
        "effect": lambda: f"{possessive(rest[0])} effect resolves.",
        # a search back (the card found and the cards walked past), then the found card's own
        # search block resolving (its name alone)
        "search": lambda: (
            f"You search back for {rest[0]}, walking past {rest[1]} card(s)."
            if len(rest) > 1
            else f"{possessive(rest[0])} search effect resolves."
        ),
        "effect skipped": lambda: f"{possessive(rest[0])} effect does not resolve.",
        "already resolved": lambda: f"{possessive(rest[0])} effect has already resolved this turn.",
        "advance": lambda: f"You ride {rest[0]} card(s) on.",
        "retreat": lambda: f"You walk back {rest[0]} card(s) to {rest[1]}.",
        "attack cancelled": lambda: f"The Attack counts as 0 after all: {rest[0]} wound(s) heal.",
        "shuffled in": lambda: f"{rest[0]} card(s) are shuffled into the {rest[1]}.",
        "arranged": lambda: f"You put the next {rest[0]} cards back in the order you chose.",
        "rest": lambda: (
            "You rest at night: every wound heals." if rest[0] == "night" else "You rest: every wound heals."
        ),
        "no rest": lambda: "No rest this turn.",
        "overwhelmed": lambda: f"The Attack ({rest[0]}) is too much for your {rest[1]} health.",
        "witch kings": lambda: f"{rest[0]} Witch Kings: they have found you.",
        "end": lambda: f"The journey ends on turn {rest[1]}: {rest[0]}.",
    }
    make = sentences.get(str(kind))
    return make() if make is not None else None


def render_log(log: Sequence[Sequence[Any]], start: int = 0) -> list[str]:
    return [line for entry in log[start:] if (line := log_line(entry)) is not None]


def result_line(result: dict[str, Any]) -> str:
    if result.get("won"):
        return f"You win: the end of the quest deck reached on turn {result['turn']}."
    return f"You lose ({result['reason']}) on turn {result['turn']}, with {result['cards left']} cards still to go."
