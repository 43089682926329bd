"""PettingZoo environments over the rules engine, for reinforcement learning (docs/pettingzoo.md).

``env(game="lcg", scenario=..., decks=[...])`` and ``env(game="deckbuilding", players=N)`` make an
AEC environment: a fixed-size observation of what the seat may see with the ``action_mask`` of
the pending decision's options, and a Discrete action space. It needs the optional ``rl`` extra
(PettingZoo, Gymnasium, NumPy), never a dependency of the rules engine itself.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

try:
    import gymnasium  # noqa: F401
    import numpy  # noqa: F401
    import pettingzoo  # noqa: F401
except ModuleNotFoundError as missing:
    # only a missing package of the extra is the extra's fault; anything else is raised as it is
    if (missing.name or "").partition(".")[0] not in ("gymnasium", "numpy", "pettingzoo"):
        raise
    raise ImportError(
        f"lotr_rules.pettingzoo needs the 'rl' extra ({missing.name} is not installed): pip install 'lotr-rules[rl]'"
    ) from missing

from lotr_rules.errors import UserError
from lotr_rules.pettingzoo.features import MAX_ACTIONS, sections

if TYPE_CHECKING:
    from lotr_rules.pettingzoo.environment import LotrEnv

GAMES = ("lcg", "deckbuilding")

__all__ = ["GAMES", "MAX_ACTIONS", "env", "sections"]


def env(
    game: str = "lcg",
    *,
    scenario: str | None = None,
    decks: Sequence[str] | str | None = None,
    players: int = 2,
    sets: Sequence[str] | None = None,
    cards: Sequence[str | Path] = (),
    render_mode: str | None = None,
    max_decisions: int | None = None,
    seed: int = 0,
    **options: Any,
) -> LotrEnv:
    """An AEC environment for one family.

    ``game="lcg"``: ``scenario`` (default Passage Through Mirkwood) and ``decks``, one deck name or
    file a seat (a list, or one string separated by commas). ``game="deckbuilding"``: ``players``
    (1 to 5), ``sets`` (default The Two Towers) and any other field of the deck-building game's
    configuration as a keyword (``impossible=True``, ``archenemies=4``...). ``cards``: more card
    set folders to load. ``max_decisions``: truncate an episode after that many decisions.
    ``seed``: the game seed of the first ``reset()`` without one (each later one takes the next).
    """
    from lotr_rules.pettingzoo.environment import LotrEnv
    from lotr_rules.pettingzoo.families import DEFAULT_SCENARIO, DeckbuildingFamily, Family, LcgFamily

    family: Family
    if game == "lcg":
        if options or sets is not None:
            unknown = sorted([*options, *(["sets"] if sets is not None else [])])
            raise UserError(f"option(s) {', '.join(unknown)} are for the deck-building games, not the Card Game")
        if not decks:
            raise UserError("the Card Game needs decks: env(game='lcg', decks=['leadership', 'tactics'])")
        family = LcgFamily(scenario or DEFAULT_SCENARIO, decks, cards)
    elif game == "deckbuilding":
        if scenario is not None or decks is not None:
            raise UserError("scenario and decks are for the Card Game (game='lcg'), not the deck-building games")
        family = DeckbuildingFamily(players, sets, cards, options)
    else:
        raise UserError(f"unknown game {game!r}; games: {', '.join(GAMES)}")
    return LotrEnv(family, render_mode=render_mode, max_decisions=max_decisions, seed=seed)
