"""Compiled card definitions: immutable, shared by every copy and every game."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any, ClassVar

import attrs

if TYPE_CHECKING:
    from lotr_rules.engine.context import Ctx
    from lotr_rules.engine.fields import FieldDecl

Effect = Callable[["Ctx"], None]
NumberFn = Callable[["Ctx"], int]
CondFn = Callable[["Ctx"], bool]


@attrs.frozen(slots=True)
class CostDef:
    """What an ability costs (``cost exhaust this``): whether it can be paid now, and paying it."""

    payable: CondFn
    pay: Effect
    #: the steps as written, for people
    text: str = ""


@attrs.frozen(slots=True)
class ConstantDef:
    """A change that holds while a condition of the card does (``while attached { give attached
    hero +2 willpower }``): read whenever a stat is read, never stored."""

    #: the condition's words, as the family names it ("attached", "in play", "committed")
    condition: str
    stat: str
    #: the cards it changes, worked out for the card that makes the change (``ctx.this``)
    targets: Callable[[Ctx], list[int]]
    amount: NumberFn
    text: str = ""
    #: a quality granted (``stat`` "trait", ``word`` "gondor"); empty for a change to a stat
    word: str = ""


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
    #: the LCG's kinds: "forced" or "response" ("" for a ``when``/``at`` ability)
    kind: str = ""
    #: a limit: at most ``times`` uses per ``period`` ("" for none)
    period: str = ""
    times: int = 1
    #: what it costs, paid before its effect (None: nothing)
    cost: CostDef | None = None
    #: its effect holds a 'cancel' (the LCG: not usable against an effect that cannot be cancelled)
    cancels: bool = False
    #: whether the family's tidy-up follows its effect (cards it revealed go back): not for the
    #: triggers of sets written before language 2
    tidies: bool = True


@attrs.frozen(slots=True)
class Move:
    """One command's move of cards, as compiled: from which zones, to where, how many.

    ``count`` is None when the number is only known in play (a name, 'all', 'up to', a number
    worked out). ``sure`` is False when the command may not run or may run several times (inside
    'if', 'may', 'choose', 'repeat', 'for each', an Attack's block or a later block).
    """

    ability: str
    verb: str
    sources: tuple[str, ...]
    destination: str
    count: int | None
    sure: bool


@attrs.frozen(slots=True)
class ActionDef:
    """A compiled ``action`` ability: used when its player chooses, during their main phase.

    ``cost`` is the Power it costs each time (None: nothing); ``once``: at most once a turn."""

    effect: Effect
    once: bool = False
    cost: NumberFn | None = None
    #: a limit's period and uses ("turn" for ``once per turn``)
    period: str = ""
    times: int = 1
    #: what else it costs, paid before its effect (``cost exhaust this``)
    price: CostDef | None = None
    #: every player may use it, not only the card's controller (``action by each player``)
    by_each_player: bool = False


@attrs.frozen(slots=True)
class CostChangeDef:
    """A change to what some cards cost some players: ``all enemies cost 1 more for each
    opponent`` in a ``while in front of you`` block (``players`` worked out for the card's
    owner), or, registered by an effect, for the rest of a turn."""

    #: the players whose buys it changes, worked out for the card's owner
    players: Callable[[Ctx], list[int]]
    #: which cards it changes (``ctx.this`` is the card that makes the change)
    test: Callable[[Ctx, int], bool]
    #: by how much (a negative amount changes nothing)
    amount: NumberFn
    #: 1: the cards cost more; -1: less
    sign: int = -1
    #: only the next matching buy (``next ally costs 2 less``)
    once: bool = False


@attrs.frozen(slots=True)
class QuestDef:
    goal: CondFn
    reward: NumberFn


@attrs.frozen(slots=True, eq=False)
class CardDef:
    """Everything the engine knows about a card, compiled from its script.

    It holds what every game's cards have. The fields of one game family (a cost, an
    aggression...) are declared by the family (:mod:`lotr_rules.engine.fields`) and live on the
    family's subclass, made by :func:`~lotr_rules.engine.fields.card_class`, one slot each:
    ``card.family_fields`` lists them."""

    #: the family's field declarations (empty here: the core declares none)
    field_decls: ClassVar[tuple[FieldDecl, ...]] = ()

    id: str
    name: str
    set_code: str
    types: frozenset[str]
    #: the game family whose vocabulary the card was compiled against ("deckbuilding")
    family: str = ""
    provenance: str = "designed"
    #: the facts of the card that are designed rather than taken from a rulebook (see
    #: :mod:`lotr_rules.cards.provenance`); empty for a rulebook card that designs none
    designed: tuple[str, ...] = ()
    text: str = ""
    notes: str = ""
    #: what the script does not do of what the card says, one line each (``gap "..."``, which
    #: may be given again); empty: the script does all of it (the galleries' coverage table)
    gap: tuple[str, ...] = ()
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
    #: its ``action`` ability, if it has one
    action: ActionDef | None = None
    #: the cost changes that hold while it is in front of its owner (``while in front of you``)
    cost_changes: tuple[CostChangeDef, ...] = ()
    #: whether any of its effects changes what cards cost (the game then prices every buy)
    changes_costs: bool = False
    #: the event kinds the game must count per turn for its 'for the first time this turn' triggers
    counts: frozenset[str] = frozenset()
    #: the changes it makes while a condition holds (``while attached { give ... }``)
    constants: tuple[ConstantDef, ...] = ()
    #: what its abilities other than actions and triggers cost, by ability ("travel")
    costs: Mapping[str, CostDef] = attrs.field(factory=dict)
    group_ambush_defendable: bool = True
    source_path: str = ""
    source_digest: str = ""
    #: what the engine understood the script to say, one line a step ('show' prints it)
    reading: tuple[str, ...] = ()
    #: the moves of cards its abilities make, as 'show' states them (see :class:`Move`)
    moves: tuple[Move, ...] = ()

    @property
    def family_fields(self) -> dict[str, object]:
        """The card's family fields by name, defaults filled in (``{"cost": 3, ...}``)."""
        return {decl.name: getattr(self, decl.attr) for decl in self.field_decls}

    def field(self, name: str, default: Any = None) -> Any:
        """A family field's value by name ("starting card"), or ``default`` when the card's
        family has no such field: for code that shows cards of every family. The game loop
        reads its own family's fields as attributes (``card.cost``)."""
        return getattr(self, name.replace(" ", "_"), default)

    if TYPE_CHECKING:
        # A family field is an attribute of the family's card class, unknown to the core's type.
        def __getattr__(self, name: str) -> Any: ...

    def has_type(self, card_type: str) -> bool:
        return card_type in self.types

    def has(self, ability: str) -> bool:
        return ability in self.abilities

    def __repr__(self) -> str:
        return f"CardDef({self.name!r})"
