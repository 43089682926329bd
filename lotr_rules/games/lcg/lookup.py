"""Questions the rules ask thousands of times a game, answered once from the game's records.

Which cards have a Forced effect or a Response at a trigger point, which have an Action, which
'while' blocks change a given stat: the answers depend only on the records, never on the state,
so a game works them out once instead of walking every card's abilities at every event and every
stat read. The rules still ask each card what they asked before, in the same order; the index
only skips the cards that could not answer (an ability at another point, a block changing
another stat), so a game plays exactly as it did without it.

A game's records change only when a card is masked as an enemy (``post-guard``), which replaces
the records tuple: an index remembers the tuple it was built from, and :func:`record_index`
builds a new one when the game's differs.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from lotr_rules.games.lcg.record import Constant, LcgCard

if TYPE_CHECKING:
    from lotr_rules.games.lcg.game import LcgGame

_EMPTY: frozenset[int] = frozenset()


class RecordIndex:
    """What the records of one game hold, by trigger point and by stat."""

    __slots__ = ("actions", "constants", "forced", "from_hand", "records", "responses", "with_triggers")

    def __init__(self, records: tuple[LcgCard, ...], constant_cards: Sequence[int]) -> None:
        self.records = records
        forced: dict[str, set[int]] = {}
        responses: dict[str, set[int]] = {}
        actions: set[int] = set()
        from_hand: set[int] = set()
        for card, record in enumerate(records):
            for trigger in record.triggers:
                if trigger.kind == "forced":
                    forced.setdefault(trigger.point, set()).add(card)
                elif trigger.kind == "response":
                    responses.setdefault(trigger.point, set()).add(card)
                else:
                    actions.add(card)
                if trigger.from_hand:
                    from_hand.add(card)
        #: trigger point -> the cards with a Forced effect (a Response) at it
        self.forced = {point: frozenset(cards) for point, cards in forced.items()}
        self.responses = {point: frozenset(cards) for point, cards in responses.items()}
        #: the cards with an Action, and those with an ability used from their owner's hand
        self.actions = frozenset(actions)
        self.from_hand = frozenset(from_hand)
        #: the cards with any ability at all
        self.with_triggers = frozenset(card for card, record in enumerate(records) if record.triggers)
        changes: dict[str, list[tuple[int, Constant]]] = {}
        for source in constant_cards:
            for constant in records[source].constants:
                changes.setdefault(constant.stat, []).append((source, constant))
        #: stat (or rule, or granted quality) -> the 'while' blocks naming it, as (card, block), in
        #: the order the cards and their blocks come
        self.constants = {stat: tuple(found) for stat, found in changes.items()}

    def forced_at(self, point: str) -> frozenset[int]:
        return self.forced.get(point, _EMPTY)

    def responses_at(self, point: str) -> frozenset[int]:
        return self.responses.get(point, _EMPTY)

    def constants_of(self, stat: str) -> tuple[tuple[int, Constant], ...]:
        return self.constants.get(stat, ())


def record_index(game: LcgGame) -> RecordIndex:
    """The index of the game's records as they are now."""
    index = game.record_index
    if index.records is not game.records:
        index = game.record_index = RecordIndex(game.records, game.constant_cards)
    return index
