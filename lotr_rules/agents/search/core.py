"""What every family's search bot shares: the budget and the choice among candidate moves.

At a decision worth searching, the bot takes a few candidate moves (the heuristic bot's own
choice always among them, and first), samples worlds (the hidden cards dealt again, consistently
with what its seat has seen) and, in each world, plays every candidate out with the heuristic bot
(common worlds: every candidate is judged on the same deals, so that a difference between two
candidates is the moves' and not the luck's). The candidate with the best mean wins, provided it
beats the heuristic's choice by a margin: the heuristic's choice is the prior, left only on
evidence. Everything random comes from the bot's own seeded stream, so a game is reproducible
from its seed at a given playout budget, whatever the number of worker processes.
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable, Sequence

import attrs

from lotr_rules.errors import UserError

__all__ = ["DEFAULT_BUDGET", "Budget", "parse_budget", "pick"]

#: playouts per searched decision when none is given: a Card Game (two-handed Passage Through
#: Mirkwood) then takes under 20 seconds of CPU on average (18 measured on a loaded machine;
#: see docs/search.md)
DEFAULT_PLAYOUTS = 6


@attrs.frozen
class Budget:
    """How much a decision may search: a number of playouts, or milliseconds of CPU (a time
    budget plays as many playouts as fit, so its games are not reproducible)."""

    playouts: int = DEFAULT_PLAYOUTS
    milliseconds: int = 0

    def __str__(self) -> str:
        return f"{self.milliseconds}ms" if self.milliseconds else str(self.playouts)


DEFAULT_BUDGET = Budget()
_BUDGET = re.compile(r"^\s*(\d+)\s*(ms)?\s*$")


def parse_budget(text: str | None, default: Budget = DEFAULT_BUDGET) -> Budget:
    """``N`` playouts per decision or ``Nms`` milliseconds of CPU per decision; ``default`` (the
    family's own) when none is given."""
    if text is None or text == "":
        return default
    match = _BUDGET.match(text)
    if match is None or int(match.group(1)) <= 0:
        raise UserError(f"--search-budget takes a number of playouts (6) or of milliseconds (200ms), not {text!r}")
    amount = int(match.group(1))
    return Budget(0, amount) if match.group(2) else Budget(amount, 0)


def pick(
    candidates: Sequence[int],
    playout: Callable[[int, int], float],
    world_seed: Callable[[], int],
    budget: Budget,
    margin: float,
    means: list[float] | None = None,
) -> int:
    """The candidate (an option index) to play: ``candidates[0]`` is the heuristic's choice;
    ``playout(candidate, world)`` plays one out in the world dealt from that seed and returns
    its value (higher is better for the seat); ``world_seed()`` draws the next world's seed.
    Worlds are played until the budget is spent; another candidate replaces the first only when
    its mean is more than ``margin`` above it. ``means``, given, receives each candidate's mean."""
    if not budget.milliseconds:
        candidates = candidates[: budget.playouts]  # never more playouts than the budget
    if len(candidates) < 2:
        return candidates[0]
    totals = [0.0] * len(candidates)
    worlds = 0
    deadline = time.process_time() + budget.milliseconds / 1000 if budget.milliseconds else 0.0
    while True:
        if deadline:
            if worlds and time.process_time() >= deadline:
                break
        elif worlds and (worlds + 1) * len(candidates) > budget.playouts:
            break
        world = world_seed()
        for i, candidate in enumerate(candidates):
            totals[i] += playout(candidate, world)
        worlds += 1
    averages = [total / worlds for total in totals]
    if means is not None:
        means[:] = averages
    best = max(range(len(candidates)), key=lambda i: (averages[i], -i))
    return candidates[best] if averages[best] > averages[0] + margin else candidates[0]
