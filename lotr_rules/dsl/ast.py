"""The typed syntax tree of a card script.

One frozen, slotted class per construct. Every node carries its source position in ``span``,
which takes no part in equality, so ``parse(format(card)) == card`` holds even though the
formatter moves things around. The tree is purely syntactic: phrases such as
``cards played this turn`` are kept as words and resolved against the vocabulary by the
checker and the compiler, which is what lets the linter say "did you mean".
"""

from __future__ import annotations

from typing import Union

import attrs

from lotr_rules.errors import NO_SPAN, Span

Words = tuple[str, ...]


def _span() -> Span:
    return attrs.field(default=NO_SPAN, eq=False, repr=False, kw_only=True)


# ------------------------------------------------------------------ expressions
@attrs.frozen(slots=True)
class Num:
    value: int
    span: Span = _span()


@attrs.frozen(slots=True)
class BinOp:
    op: str  # "+", "-", "*", "/" (divided by, rounded down) or "%" (the remainder)
    left: Expr
    right: Expr
    span: Span = _span()


@attrs.frozen(slots=True)
class Neg:
    operand: Expr
    span: Span = _span()


@attrs.frozen(slots=True)
class Aggregate:
    """``number of cards in hand``, ``highest cost of cards in path``, ``level of current archenemy``."""

    words: Words
    sel: Sel
    span: Span = _span()


@attrs.frozen(slots=True)
class VarExpr:
    """A name bound by ``let`` (its number) or by ``as`` (how many cards it names)."""

    name: str
    span: Span = _span()


@attrs.frozen(slots=True)
class CondExpr:
    """``(if the wall is used then 0 else 3)``: a number that depends on the game."""

    cond: Cond
    then: Expr
    otherwise: Expr
    span: Span = _span()


@attrs.frozen(slots=True)
class PlayersHit:
    """How many players the enclosing Attack affected (those who did not defend)."""

    span: Span = _span()


@attrs.frozen(slots=True)
class TokensOn:
    """``tokens on witch king track``: how many tokens a counter of the game holds."""

    counter: Words
    span: Span = _span()


@attrs.frozen(slots=True)
class PowerRead:
    """``power``: the Power the player has now."""

    span: Span = _span()


Expr = Union[Num, BinOp, Neg, Aggregate, PlayersHit, VarExpr, CondExpr, TokensOn, PowerRead]


# ------------------------------------------------------------------ selections
@attrs.frozen(slots=True)
class Quantity:
    kind: str  # "exact", "one", "all", "up_to", "random"
    amount: Expr | None = None
    article: str = ""  # "a" or "an" for kind "one", so formatting keeps the author's word
    span: Span = _span()


#: ``any number of cards``: an ``up to`` with no bound but the cards there are, written so
ANY_NUMBER = "any number of"
#: the bound it stands for (the largest number a script can compute)
ANY_NUMBER_BOUND = 1_000_000


def any_number(sel: Sel) -> Sel:
    """A selection whose kind phrase starts ``any number of`` (``take any number of cards from
    searched where trait is eagle``): as many of the matching cards as the player chooses, none
    to all, an ``up to`` whose bound is every card (its article keeps the words for the
    formatter). Both parsers read it this way."""
    words = sel.kind
    lead = tuple(ANY_NUMBER.split())
    if sel.quantity is not None or words is None or len(words) <= len(lead) or tuple(words[: len(lead)]) != lead:
        return sel
    quantity = Quantity("up_to", Num(ANY_NUMBER_BOUND, span=sel.span), article=ANY_NUMBER, span=sel.span)
    return attrs.evolve(sel, quantity=quantity, kind=tuple(words[len(lead) :]))


@attrs.frozen(slots=True)
class Source:
    preposition: str  # "from" or "in"
    words: Words
    span: Span = _span()


@attrs.frozen(slots=True)
class Ref:
    kind: str  # "var", "this", "it"
    name: str = ""
    span: Span = _span()


@attrs.frozen(slots=True)
class Sel:
    quantity: Quantity | None = None
    kind: Words | None = None
    source: Source | None = None
    where: Pred | None = None
    binding: str | None = None
    ref: Ref | None = None
    span: Span = _span()


# ------------------------------------------------------------------ card predicates
@attrs.frozen(slots=True)
class Word:
    text: str
    span: Span = _span()


@attrs.frozen(slots=True)
class Str:
    text: str
    span: Span = _span()


#: a number compared with may be worked out: any number expression (a plain one is a ``Num``)
PredValue = Union[Word, Str, Expr]


@attrs.frozen(slots=True)
class PredCompare:
    attribute: str
    op: str
    value: PredValue
    span: Span = _span()


@attrs.frozen(slots=True)
class PredIs:
    attribute: str
    negated: bool
    value: PredValue
    span: Span = _span()


@attrs.frozen(slots=True)
class PredContains:
    attribute: str
    text: str
    span: Span = _span()


@attrs.frozen(slots=True)
class PredNot:
    operand: Pred
    span: Span = _span()


@attrs.frozen(slots=True)
class PredAnd:
    operands: tuple[Pred, ...]
    span: Span = _span()


@attrs.frozen(slots=True)
class PredOr:
    operands: tuple[Pred, ...]
    span: Span = _span()


Pred = Union[PredCompare, PredIs, PredContains, PredNot, PredAnd, PredOr]


# ------------------------------------------------------------------ conditions
@attrs.frozen(slots=True)
class CondCompare:
    left: Expr
    op: str
    right: Expr
    span: Span = _span()


@attrs.frozen(slots=True)
class CondIs:
    """``X is enemy``, ``it is not ally``."""

    ref: Ref
    negated: bool
    word: str
    span: Span = _span()


@attrs.frozen(slots=True)
class CondNamed:
    ref: Ref
    name: str
    span: Span = _span()


@attrs.frozen(slots=True)
class CondState:
    """A fact about the game: ``the wall is breached``, ``the one ring is in play``."""

    words: Words
    article: bool = False
    span: Span = _span()


@attrs.frozen(slots=True)
class CondNot:
    operand: Cond
    span: Span = _span()


@attrs.frozen(slots=True)
class CondAnd:
    operands: tuple[Cond, ...]
    span: Span = _span()


@attrs.frozen(slots=True)
class CondOr:
    operands: tuple[Cond, ...]
    span: Span = _span()


Cond = Union[CondCompare, CondIs, CondNamed, CondState, CondNot, CondAnd, CondOr]


# ------------------------------------------------------------------ statements
@attrs.frozen(slots=True)
class PlaceOn:
    """``on top of deck``, ``on bottom of wall deck``."""

    position: str
    pile: Words
    span: Span = _span()


@attrs.frozen(slots=True)
class PlaceUnder:
    ref: Ref
    span: Span = _span()


@attrs.frozen(slots=True)
class PlaceInto:
    """``into quest deck``: shuffled in among a pile's cards."""

    pile: Words
    span: Span = _span()


Placement = Union[PlaceOn, PlaceUnder, PlaceInto]


@attrs.frozen(slots=True)
class PowerStmt:
    """``+2 power`` or ``+1 power for each location you control``."""

    amount: Expr
    per_each: Sel | None = None
    #: ``-2 power``: Power taken away (never below 0)
    lose: bool = False
    span: Span = _span()


@attrs.frozen(slots=True)
class PayStmt:
    """``pay 3 power { ... }``: the block runs only if the Power is there to pay."""

    amount: Expr
    body: Block
    span: Span = _span()


@attrs.frozen(slots=True)
class CostStmt:
    """``next ally costs 2 less``, ``all enemies cost 1 more for each opponent``."""

    scope: str  # "next" or "all"
    kind: Words
    where: Pred | None
    verb: str  # "cost" or "costs", as written
    amount: Expr
    way: str  # "less" or "more"
    players: Words | None = None
    span: Span = _span()


@attrs.frozen(slots=True)
class LetStmt:
    name: str
    value: Expr
    span: Span = _span()


@attrs.frozen(slots=True)
class Command:
    """A primitive: ``draw 2``, ``gain an enemy from path``, ``put X on bottom of deck``."""

    verb: str
    sel: Sel | None = None
    placement: Placement | None = None
    guard: str | None = None
    span: Span = _span()


@attrs.frozen(slots=True)
class Branch:
    cond: Cond
    body: Block
    span: Span = _span()


@attrs.frozen(slots=True)
class IfStmt:
    branches: tuple[Branch, ...]
    otherwise: Block | None = None
    span: Span = _span()


@attrs.frozen(slots=True)
class MayStmt:
    """An optional effect. ``braced`` records whether the author wrote a block."""

    body: Block
    braced: bool = True
    span: Span = _span()


@attrs.frozen(slots=True)
class Option:
    label: str
    body: Block
    span: Span = _span()


@attrs.frozen(slots=True)
class ChooseStmt:
    options: tuple[Option, ...]
    span: Span = _span()


@attrs.frozen(slots=True)
class RepeatStmt:
    count: Expr
    body: Block
    span: Span = _span()


@attrs.frozen(slots=True)
class RepeatUntilStmt:
    """``repeat until CONDITION { ... }``: the block runs, then the condition is checked."""

    cond: Cond
    body: Block
    span: Span = _span()


@attrs.frozen(slots=True)
class ChoosePlayerStmt:
    """``choose an opponent as P``: the player picks a player, named for what follows."""

    sel: Sel
    span: Span = _span()


@attrs.frozen(slots=True)
class ForEachStmt:
    """Iterate over cards (``for each card in hand as X``) or players (``for each opponent``)."""

    sel: Sel
    body: Block
    span: Span = _span()


@attrs.frozen(slots=True)
class AttackStmt:
    players: Words
    guard: str | None
    body: Block
    span: Span = _span()


@attrs.frozen(slots=True)
class TriggerStmt:
    """``at end of turn { ... }`` or ``when you gain ally { ... }`` inside an effect: lasts this turn."""

    keyword: str  # "when" or "at"
    phrase: Words
    body: Block
    span: Span = _span()


@attrs.frozen(slots=True)
class TokenStmt:
    """``add 2 tokens to armor``, ``remove 1 token from health``, ``remove all tokens from ...``."""

    op: str  # "add" or "remove"
    #: how many; None for "all"
    amount: Expr | None
    counter: Words
    span: Span = _span()


@attrs.frozen(slots=True)
class AmountStmt:
    """An amount of a kind the family counts on cards: ``deal 2 damage to X``, ``heal all damage
    from X``, ``place 1 progress on active location``, ``add 1 resource to X``."""

    verb: str  # "deal", "heal", "place", "add" or "remove"
    #: how many; None for "all"
    amount: Expr | None
    kind: str  # the family's word: "damage", "progress", "resource"...
    prep: str  # "to", "on" or "from", as written
    target: Sel
    span: Span = _span()


@attrs.frozen(slots=True)
class GiveStmt:
    """``give +1 willpower to X until end of phase``: a change to a stat of some cards."""

    target: Sel
    sign: int  # 1 or -1
    amount: Expr
    stat: str
    #: ``until end of WORD``: the period it lasts; None inside a ``while`` block (as long as it holds)
    until: str | None = None
    span: Span = _span()
    #: ``give trait gondor to X``: the word of a quality granted (``stat`` names the quality);
    #: empty for a change to a stat
    word: str = ""


@attrs.frozen(slots=True)
class CounterStmt:
    """``raise threat by 2``, ``reduce threat by 3``: a counter of the game, up or down."""

    op: str  # "raise" or "reduce"
    counter: Words
    amount: Expr
    span: Span = _span()


@attrs.frozen(slots=True)
class CostStep:
    """``cost exhaust this``: a step of an ability's cost, paid before its effect resolves."""

    step: Union[Command, CounterStmt, AmountStmt]
    span: Span = _span()


@attrs.frozen(slots=True)
class NextTurnStmt:
    """``next turn { ... }``: a block that takes effect during the player's next turn."""

    body: Block
    span: Span = _span()


Stmt = Union[
    AmountStmt,
    GiveStmt,
    CounterStmt,
    CostStep,
    PowerStmt,
    PayStmt,
    CostStmt,
    TokenStmt,
    NextTurnStmt,
    LetStmt,
    Command,
    IfStmt,
    MayStmt,
    ChooseStmt,
    RepeatStmt,
    RepeatUntilStmt,
    ChoosePlayerStmt,
    ForEachStmt,
    AttackStmt,
    TriggerStmt,
]
Block = tuple[Stmt, ...]


# ------------------------------------------------------------------ cards
@attrs.frozen(slots=True)
class Field:
    """A line of card data. ``value`` is a word tuple, an int, a string or an expression."""

    key: str
    value: Words | int | str | Expr
    span: Span = _span()


@attrs.frozen(slots=True)
class Ability:
    """A block of behaviour: ``play``, ``defense``, ``ambush``, ``group ambush``, ``ongoing``,
    ``fortune``, ``when ...``/``at ...`` triggers, ``quest``, the Adventure Deck's
    ``effect`` and ``search``, and the LCG's ``response ...``, ``forced ...``, ``shadow`` and
    ``travel``. Which of them a card may have is up to its game family."""

    kind: str
    body: Block = ()
    phrase: Words = ()
    guard: str | None = None
    goal: Cond | None = None
    reward: Expr | None = None
    #: ``effect always``: the effect resolves even when a rule or another card says to skip it
    always: bool = False
    #: an ``action`` or ``response``: a limit (``once per turn``, ``2 times per phase``), and the
    #: Power it costs (``pay N power``)
    once: bool = False
    cost: Expr | None = None
    #: the limit's period ("turn", "round", "phase") and how many uses it allows
    period: str = ""
    times: int = 1
    span: Span = _span()
    #: ``action by each player``: every player may use it, a limit counted for each apart
    by_each_player: bool = False


Item = Union[Field, Ability]


@attrs.frozen(slots=True)
class Card:
    name: str
    items: tuple[Item, ...]
    span: Span = _span()
    name_span: Span = _span()

    def field(self, key: str) -> Field | None:
        for item in self.items:
            if isinstance(item, Field) and item.key == key:
                return item
        return None

    def abilities(self) -> tuple[Ability, ...]:
        return tuple(item for item in self.items if isinstance(item, Ability))


@attrs.frozen(slots=True)
class Script:
    """The contents of one script file: usually one card."""

    cards: tuple[Card, ...]
    path: str = attrs.field(default="", eq=False)
