"""A readable rendering of a game's log."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from lotr_rules.engine.game import Game


def _who(seat: Any) -> str:
    return f"P{int(seat) + 1}" if isinstance(seat, int) and seat >= 0 else "game"


def render_entry(entry: tuple[Any, ...], viewer: int | None = None) -> str | None:
    """One log entry in words, as ``viewer`` may see it: the cards a player looked at are named to
    that player alone (everyone else learns only how many)."""
    kind = entry[0]
    rest = entry[1:]
    if kind == "turn":
        return f"-- turn {rest[1]}: player {rest[0] + 1}"
    if kind == "forced":
        return None
    if kind == "play":
        return f"  {_who(rest[0])} plays {rest[1]}"
    if kind == "buy":
        return f"  {_who(rest[0])} buys {rest[1]} for {rest[2]}"
    if kind == "gain":
        return f"  {_who(rest[0])} gains {rest[1]}"
    if kind == "destroy":
        return f"  {_who(rest[0])} destroys {rest[1]}"
    if kind == "put":
        return f"  {_who(rest[0])} puts {rest[1]} on the {rest[2]}"
    if kind == "discard":
        return f"  {_who(rest[0])} discards {rest[1]}"
    if kind == "reveal":
        return f"  {_who(rest[0])} reveals {rest[1]}"
    if kind == "look":
        count = rest[1]
        line = f"  {_who(rest[0])} looks at the top {count} card{'' if count == 1 else 's'} of their deck"
        if viewer is not None and viewer == rest[0] and len(rest) > 2 and rest[2]:
            line += f": {', '.join(rest[2])} (from the top; only you see which)"
        return line
    if kind == "wall":
        return f"  {_who(rest[0])} draws Wall card {rest[1]}"
    if kind == "hit":
        return f"  {_who(rest[0])} is hit by the {rest[2]} of {rest[1]}"
    if kind == "defend":
        return f"  {_who(rest[0])} defends with {rest[1]} against {rest[2]}"
    if kind == "archenemy":
        return f"  the Archenemy {rest[0]} is revealed"
    if kind == "fortune":
        return f"  {_who(rest[0])} resolves the Fortune {rest[1]}"
    if kind == "ring":
        return f"  {_who(rest[0])} takes The One Ring"
    if kind == "quest":
        return f"  {_who(rest[0])} completes the Quest of {rest[1]}"
    if kind == "trigger":
        return f"  {rest[1]} ({rest[2]}) acts for {_who(rest[0])}"
    if kind == "pay":
        return f"  {_who(rest[0])} pays {rest[2]} Power for {rest[1]}"
    if kind == "cannot pay":
        return f"  {_who(rest[0])} cannot pay {rest[2]} Power for {rest[1]} (has {rest[3]})"
    if kind == "action":
        paid = f", paying {rest[2]} Power" if rest[2] else ""
        return f"  {_who(rest[0])} uses the action of {rest[1]}{paid}"
    if kind == "reshuffle":
        return f"  {_who(rest[0])} reshuffles"
    if kind == "end":
        return f"== the game ends: {rest[0]}"
    return "  " + " ".join(str(x) for x in entry)


def render_log(game: Game) -> Iterator[str]:
    for entry in game.state.log:
        line = render_entry(entry)
        if line is not None:
            yield line


def result_lines(result: dict[str, Any], you: frozenset[int] = frozenset()) -> list[str]:
    """The final scores of a finished game, one line a player (``you`` marks a person's seat)."""
    heroes = result["heroes"]
    lines = [f"Game over after {result['turns']} turns: {result['reason']}."]
    for seat, score in enumerate(result["scores"]):
        who = ", you" if seat in you else ""
        marker = "  winner" if seat in result["winners"] else ""
        count = result["archenemies"][seat]
        archenemies = f"{count} Archenemy" if count == 1 else f"{count} Archenemies"
        lines.append(f"  player {seat + 1} ({heroes[seat]}{who}): {score} VP, {archenemies}{marker}")
    if not result["winners"]:
        lines.append("  Everyone loses: the forces of Saruman have triumphed.")
    return lines
