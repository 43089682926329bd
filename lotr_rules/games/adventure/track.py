"""The turn track of the Adventure Deck play mat: 25 days and nights.

The rulebook's resting example (a rest at the end of turn 9, a sun, passes turn 10, a moon, and
turn 11, a sun, and the next turn played is 12, a moon) fixes the pattern: odd turns are suns
(days), even turns are moons (nights).
"""

from __future__ import annotations

#: how many turns the journey may take
TURNS = 25
#: the health Frodo starts with
START_HEALTH = 10
#: a voluntary rest on a sun moves the turn token on by this many spaces (before the usual one)
REST_COST = 2
#: this many Witch King tokens on the track and the game is lost
WITCH_KINGS_LOSE = 3


def is_moon(turn: int) -> bool:
    """Night: the rest phase rests by itself."""
    return turn % 2 == 0


def is_sun(turn: int) -> bool:
    return not is_moon(turn)


def symbol(turn: int) -> str:
    return "moon" if is_moon(turn) else "sun"
