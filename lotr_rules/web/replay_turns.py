"""Stepping through a replay by turns (rounds in the Card Game): which turn a step is in, and the
first step of the next or of this (or the previous) turn. Shared by every family's replay viewer."""

from __future__ import annotations


class TurnSteps:
    """Turn navigation over ``turns`` (the turn in which each recorded choice was made) and
    ``last`` (the last step: every recorded choice made), which the replay class provides."""

    turns: list[int]

    @property
    def last(self) -> int:
        raise NotImplementedError

    def turn_of(self, number: int) -> int:
        return self.turns[number] if number < len(self.turns) else (self.turns[-1] if self.turns else 0)

    def next_turn(self, number: int) -> int:
        """The first step of the next turn (or the last step)."""
        turn = self.turn_of(number)
        for index in range(number + 1, len(self.turns)):
            if self.turns[index] > turn:
                return index
        return self.last

    def previous_turn(self, number: int) -> int:
        """The first step of this turn, or of the turn before when already there."""
        turn = self.turn_of(number)
        start = self._first_of(turn)
        if start < number:
            return start
        return self._first_of(turn - 1) if turn > 0 else 0

    def _first_of(self, turn: int) -> int:
        for index, made in enumerate(self.turns):
            if made >= turn:
                return index
        return self.last
