"""The Adventure Deck for the simulator: one strategy plays every game of a run.

A game's result keeps the strategy as its "hero", 1 or 0 as its score, and how the journey ended
as its reason, so the shared runner (workers, seeds, progress) serves this family unchanged.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from lotr_rules.agents.search.core import parse_budget
from lotr_rules.cards.catalogue import Catalogue
from lotr_rules.cards.loader import load_sets
from lotr_rules.errors import ConfigError
from lotr_rules.games import vocabulary_for
from lotr_rules.games.adventure.bots import STRATEGIES
from lotr_rules.games.adventure.game import AdventureConfig, AdventureGame
from lotr_rules.session import adventure as session
from lotr_rules.sim.families import SimSettings, register_family
from lotr_rules.sim.results import GameResult

FAMILY = "adventure-deck"
DEFAULT_SET = "adventure-deck"


class AdventureDeckFamily:
    name = FAMILY
    description = "the Adventure Deck solo game"
    bots = session.BOTS

    def load(self, card_paths: Sequence[Path]) -> Catalogue:
        return load_sets(tuple(card_paths), vocabulary=vocabulary_for(FAMILY))

    def _sets(self, settings: SimSettings) -> tuple[str, ...]:
        # The deck-building default ("two-towers") means "not chosen" here.
        return (DEFAULT_SET,) if settings.sets in ((), ("two-towers",)) else settings.sets

    def check(self, catalogue: Catalogue, settings: SimSettings) -> None:
        if settings.bot not in session.BOTS:
            raise ConfigError(f"unknown strategy '{settings.bot}'; strategies: {', '.join(session.BOTS)}, or all")
        if settings.players != 1:
            raise ConfigError("the Adventure Deck is a solo game: --players must be 1")
        if settings.impossible or settings.archenemies is not None or settings.mix:
            raise ConfigError("--impossible, --archenemies and the mixing options are for the deck-building games")
        catalogue.in_sets(self._sets(settings))  # an unknown set is an error
        parse_budget(settings.search_budget)  # a budget it cannot read is refused before any game
        AdventureGame(catalogue.cards, STRATEGIES["adaptive"](0), AdventureConfig(sets=self._sets(settings)))

    def play(self, catalogue: Catalogue, settings: SimSettings, index: int, seed: int) -> GameResult:
        budget = parse_budget(settings.search_budget) if settings.search_budget else None
        agent = session.make_bot(settings.bot, seed, budget)
        game = AdventureGame(catalogue.cards, agent, AdventureConfig(seed=seed, sets=self._sets(settings)))
        result = game.play()
        won = bool(result["won"])
        return GameResult(
            index=index,
            seed=seed,
            reason=str(result["reason"]),
            turns=int(result["turn"]),
            heroes=(settings.bot,),
            scores=(1 if won else 0,),
            winners=(0,) if won else (),
        )


register_family(AdventureDeckFamily())
