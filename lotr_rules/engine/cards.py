"""Compiled card definitions: immutable, shared by every copy and every game."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING

import attrs

if TYPE_CHECKING:
    from lotr_rules.engine.context import Ctx

Effect = Callable[["Ctx"], None]
NumberFn = Callable[["Ctx"], int]
CondFn = Callable[["Ctx"], bool]


@attrs.frozen(slots=True)
class TriggerDef:
    """A compiled ``when``/``at`` ability.

    ``event`` is the event kind listened to; ``scope`` says where the card must be for the
    trigger to listen ("front": in front of its owner; "self": the event is about this card,
    wherever it is; "turn": registered by an effect for the rest of a turn).
    """

    event: str
    scope: str
    effect: Effect
    matches: Callable[[Ctx, int], bool]
    once: bool = False
    label: str = ""


@attrs.frozen(slots=True)
class QuestDef:
    goal: CondFn
    reward: NumberFn


@attrs.frozen(slots=True, eq=False)
class CardDef:
    """Everything the engine knows about a card, compiled from its script."""

    id: str
    name: str
    set_code: str
    types: frozenset[str]
    #: the game family whose vocabulary the card was compiled against ("deckbuilding")
    family: str = "deckbuilding"
    title: str | None = None
    level: int | None = None
    cost: int = 0
    power: int = 0
    victory: int = 0
    victory_fn: NumberFn | None = None
    copies: int = 1
    deck: str = "main"
    provenance: str = "designed"
    #: the facts of the card that are designed rather than taken from a rulebook (see
    #: :mod:`lotr_rules.cards.provenance`); empty for a rulebook card that designs none
    designed: tuple[str, ...] = ()
    text: str = ""
    notes: str = ""
    starting_card: str | None = None
    #: the Adventure Deck: how many wounds the card deals when drawn, and its ways on
    aggression: int = 0
    directions: tuple[tuple[str, int], ...] = ()
    #: ``effect always``: its effect resolves even when something says to skip it
    effect_always: bool = False
    #: a rule that keeps the card where it is, from its set's manifest ("cannot be destroyed",
    #: "stays in front"; empty for most cards); the family's primitives honour it
    lasting: str = ""
    abilities: Mapping[str, Effect] = attrs.field(factory=dict)
    triggers: tuple[TriggerDef, ...] = ()
    #: every event kind a trigger of this card may listen to, including triggers its effects
    #: register for a turn: the engine skips dispatching events no card in the game listens to
    listens: frozenset[str] = frozenset()
    quest: QuestDef | None = None
    group_ambush_defendable: bool = True
    source_path: str = ""
    source_digest: str = ""

    def has_type(self, card_type: str) -> bool:
        return card_type in self.types

    def has(self, ability: str) -> bool:
        return ability in self.abilities

    def __repr__(self) -> str:
        return f"CardDef({self.name!r})"
