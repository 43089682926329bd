"""LCG words for counting and adding up over a selection, and for a stat as printed rather than
as it is now: the measures ``threat of X``, ``hit-points of X`` and ``cost of X`` (added up
over the cards), ``printed-attack of X`` and the other printed stats, and the card tests
``printed-attack``, ``printed-threat``... (``where printed-attack < attack``).

A stat as it is now (``attack``) counts what attachments, lasting effects and 'while' blocks
add; the printed one is the card's own figure, whatever changes it. A card's ``cost`` is always
the printed one. Declared in :mod:`.vocabulary`.
"""

from __future__ import annotations

from collections.abc import Callable

from lotr_rules.engine.context import Ctx
from lotr_rules.engine.registry import Phrase
from lotr_rules.games.lcg.words import STAT_NAMES, g

#: the stats a script reads as printed, by their script name
PRINTED = {f"printed-{name}": stat for name, stat in STAT_NAMES.items()}


def _now_summed(stat: str) -> Callable[[Ctx, list[int]], int]:
    def read(ctx: Ctx, cards: list[int]) -> int:
        game = g(ctx)
        return sum(game.stat(card, stat) for card in cards)

    return read


def _printed_summed(stat: str) -> Callable[[Ctx, list[int]], int]:
    def read(ctx: Ctx, cards: list[int]) -> int:
        records = g(ctx).records
        return sum(int(getattr(records[card], stat)) for card in cards)

    return read


def _printed(stat: str) -> Callable[[Ctx, int], int]:
    def read(ctx: Ctx, card: int) -> int:
        return int(getattr(g(ctx).records[card], stat))

    return read


def cost_of(ctx: Ctx, cards: list[int]) -> int:
    records = g(ctx).records
    return sum(records[card].cost for card in cards)


#: measures added up over the cards (``threat of all cards in staging area``)
AGGREGATES = (
    Phrase("threat", "the threat of the cards as it is now, added up", _now_summed("threat")),
    Phrase("hit-points", "the hit points of the cards as they are now, added up", _now_summed("hit_points")),
    Phrase("cost", "the printed costs of the cards, added up", cost_of),
    *(
        Phrase(word, f"the printed {word.removeprefix('printed-')} of the cards, added up", _printed_summed(stat))
        for word, stat in PRINTED.items()
    ),
)

#: card tests of a printed stat (``where printed-attack < attack``)
ATTRIBUTES = tuple(
    Phrase(
        word,
        f"the card's printed {word.removeprefix('printed-')}, whatever changes it",
        _printed(stat),
        data={"kind": "number", "live": True},
    )
    for word, stat in PRINTED.items()
)
