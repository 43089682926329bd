"""Statistics over a simulation's per-game results: pure functions, no I/O, no timing.

Rates are fractions (0 to 1), rounded to 4 places so that a summary is stable to compare and to
diff; averages are rounded to 3. On a tie every winner counts as having won the game. The sums
behind every figure are kept by :class:`~lotr_rules.sim.tally.Tally`, which a running simulation
updates game by game; these functions are its summary, section by section, over a list of results.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from lotr_rules.sim.results import GameResult
from lotr_rules.sim.tally import Tally

Results = Sequence[GameResult]


def _section(results: Results, key: str) -> Any:
    return Tally.of(results, by_index=False).summary()[key]


def turn_stats(results: Results) -> dict[str, float]:
    """Average, shortest and longest game, in turns (all players' turns together)."""
    return dict(_section(results, "turns"))


def end_reasons(results: Results) -> dict[str, dict[str, float]]:
    """How each game ended: count and share, the most common reason first."""
    return dict(_section(results, "end_reasons"))


def final_defeated(results: Results) -> dict[str, float]:
    """How many games ended with the final Archenemy (the bottom of the stack) defeated, of those that had one."""
    return dict(_section(results, "final_archenemy_defeated"))


def winner_counts(results: Results) -> dict[str, int]:
    return dict(_section(results, "winners"))


def by_hero(results: Results) -> dict[str, dict[str, float]]:
    """Per hero: games played, games won, win rate and average VP (heroes by name)."""
    return dict(_section(results, "heroes"))


def by_seat(results: Results) -> dict[str, dict[str, float]]:
    """Per seat ("1" is player 1): games, wins, win rate, average VP."""
    return dict(_section(results, "seats"))


def by_turn_order(results: Results) -> dict[str, dict[str, float]]:
    """Per place in the turn order ("1" took the first turn): games, wins, win rate, average VP."""
    return dict(_section(results, "turn_order"))


def vp_stats(results: Results) -> dict[str, float]:
    return dict(_section(results, "vp"))


def card_ownership(results: Results) -> dict[str, dict[str, float]]:
    """Per card: copies owned at the end by all players and by winners (starting decks left out).

    ``per_player`` and ``per_winner`` are copies per player-game and per winner-game, and
    ``winner_lift`` their ratio: above 1, winners ended with more of the card than players do on
    average. Cards are listed by name.
    """
    return dict(_section(results, "cards"))


def summarize(results: Results) -> dict[str, Any]:
    """Every statistic above, under stable keys (timing is the runner's business, not this).

    When the results are two-game matches, the per-game statistics cover both games of every
    match and a ``matches`` entry is added: how many matches, how many shared wins, and match
    win rates by seat and by hero (a hero counts once for each match a player played it in, in
    game 1 or game 2, with that player's match total and match win)."""
    return Tally.of(results, by_index=False).summary()
