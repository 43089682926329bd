"""Setting up an LCG table for a rule test: a game after setup, and moves that put named test
cards where a test wants them (the rules then run on that state)."""

from __future__ import annotations

from collections.abc import Callable

from lcg_fixtures import Scripted, config

from lotr_rules.engine.decisions import DecisionRequest
from lotr_rules.games.lcg.game import LcgGame
from lotr_rules.games.lcg.state import ENCOUNTER_DECK, STAGING

Answer = Callable[[DecisionRequest], int | None]


def table(players: int = 1, answer: Answer | None = None, seed: int = 1, **kwargs: object) -> LcgGame:
    """A game just after setup (no mulligans), every seat answered by ``answer``."""
    agents = [Scripted(answer) for _ in range(players)]
    return LcgGame(config(players, seed, mulligan=False, **kwargs), agents)


def put(game: LcgGame, name: str, zone: str, owner: int = -1, *, top: bool = False) -> int:
    """Move a copy of ``name`` (one not already in that zone, owned by ``owner`` for player
    cards) into ``zone``; returns its instance."""
    target = game.z(zone, owner)
    for card, record in enumerate(game.records):
        if record.name != name or card in target:
            continue
        if game.owners[card] not in (-1, owner) and owner >= 0:
            continue
        game.move(card, zone, owner, top=top)
        return card
    raise LookupError(f"no free copy of {name}")


def clear_staging(game: LcgGame) -> None:
    for card in list(game.z(STAGING)):
        game.move(card, ENCOUNTER_DECK)


def stack(game: LcgGame, *names: str) -> list[int]:
    """Put these encounter cards on top of the encounter deck, the first named on top."""
    cards = []
    for name in reversed(names):
        deck = game.z(ENCOUNTER_DECK)
        card = next(c for c, r in enumerate(game.records) if r.name == name and c not in deck[: len(cards)])
        game.move(card, ENCOUNTER_DECK, top=True)
        cards.insert(0, card)
    return cards


def labels(request: DecisionRequest) -> list[str]:
    return [option.label for option in request.options]
