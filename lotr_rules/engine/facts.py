"""Facts about a card definition that the hot loop reads, worked out once per definition.

A game holds one instance per physical card, and every game deals its instances in a different
order, so a table keyed by a game's instances is new in every game. A card definition is shared
by all its copies and by every game of a catalogue: facts kept per definition are worked out once
per process, and a game's per-instance tables are one lookup per instance.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TypeVar

from lotr_rules.engine.cards import CardDef

T = TypeVar("T")

#: Definitions compare by identity (``eq=False``), so a dict keyed by them is cheap to read.
#: Each table is emptied when it grows past this size, so a long process that compiles set after
#: set (a test run, an editor) cannot make it grow without end.
_LIMIT = 50_000


class DefinitionTable(dict[CardDef, T]):
    """One fact per definition, worked out by ``compute`` on first use."""

    def __init__(self, compute: Callable[[CardDef], T]) -> None:
        super().__init__()
        self.compute = compute

    def __missing__(self, definition: CardDef) -> T:
        if len(self) >= _LIMIT:
            self.clear()
        value = self.compute(definition)
        self[definition] = value
        return value

    def per_instance(self, cards: Sequence[CardDef]) -> list[T]:
        """The fact for each instance of a game, in instance order (one ``map`` over the table's
        own lookup, which works a missing fact out through ``__missing__``)."""
        return list(map(self.__getitem__, cards))


def _has_scope(scope: str) -> Callable[[CardDef], bool]:
    def has(definition: CardDef) -> bool:
        return any(trigger.scope == scope for trigger in definition.triggers)

    return has


#: whether a card has a trigger about itself ("when this is ..."), wherever it is
HAS_SELF_TRIGGER: DefinitionTable[bool] = DefinitionTable(_has_scope("self"))
#: whether a card has a trigger that listens while it is in front of its owner
HAS_FRONT_TRIGGER: DefinitionTable[bool] = DefinitionTable(_has_scope("front"))
