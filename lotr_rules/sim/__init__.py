"""Many bot games in a row (in parallel if asked) and the statistics over them.

:mod:`~lotr_rules.sim.families` is the registry of game families a simulation can run,
:mod:`~lotr_rules.sim.runner` plays the games (one seed per game, so the results do not depend on
how many worker processes share the work), :mod:`~lotr_rules.sim.stats` turns the per-game
results into a summary and :mod:`~lotr_rules.sim.report` prints it.
"""

from __future__ import annotations

from lotr_rules.sim.families import GameFamily, SimSettings, family_names, get_family, register_family
from lotr_rules.sim.results import GameResult
from lotr_rules.sim.runner import SimulationRun, game_seed, run_simulation
from lotr_rules.sim.stats import summarize

__all__ = [
    "GameFamily",
    "GameResult",
    "SimSettings",
    "SimulationRun",
    "family_names",
    "game_seed",
    "get_family",
    "register_family",
    "run_simulation",
    "summarize",
]
