"""What the compiler's parts share: the words and tables of the language's fields and
abilities, what 'show' says of a compiled phrase, and the small closures compiled effects are
built from (see :mod:`lotr_rules.dsl.compiler`)."""

from __future__ import annotations

import operator
import re
from collections.abc import Callable, Iterable, Sequence

import attrs

from lotr_rules.diagnostics import did_you_mean
from lotr_rules.dsl import ast
from lotr_rules.dsl.formatter import format_expr, format_pred
from lotr_rules.engine.cards import Effect, NumberFn
from lotr_rules.engine.context import Ctx
from lotr_rules.engine.fields import KINDS
from lotr_rules.engine.registry import Vocabulary, ZoneSpec
from lotr_rules.engine.selection import Placement
from lotr_rules.errors import Span
from lotr_rules.limits import SCRIPT_NUMBER_MAX, ScriptNumberError

#: A field value's word, as the grammar's WORD reads it (a generic field's value may also hold
#: numbers and quoted texts, which a word field refuses).
FIELD_WORD = re.compile(r"[a-z][a-z0-9_'-]*")
_DIGITS = re.compile(r"[0-9]+")
REQUIRED_FIELDS = ("id", "type", "provenance", "text")
#: Words of a card's text that promise an ability the script must have.
TEXT_KEYWORDS = {
    "attack": ("attack",),
    "defense": ("defense",),
    "ambush": ("ambush", "group ambush"),
    "ongoing": ("ongoing",),
    "fortune": ("fortune",),
}

ARTICLES = ("a", "an", "the")

#: a family field saying the card's printed cost is X (``variable-cost x``): the number its player
#: chooses and pays when playing it, which its action reads under this name
VARIABLE_COST = ("variable-cost", "X")


def quoted_names(value: tuple[str, ...]) -> bool:
    """Field words that are quoted names only (a lone name is read as a plain text)."""
    return all(len(part) >= 2 and part[0] == part[-1] == '"' for part in value)


def is_directions(value: tuple[str, ...]) -> bool:
    """Pairs of a word and a number (``left 2 up 3``)."""
    pairs = zip(value[::2], value[1::2], strict=False)
    return (
        len(value) % 2 == 0 and bool(value) and all(FIELD_WORD.fullmatch(w) and _DIGITS.fullmatch(n) for w, n in pairs)
    )


def kind_description(kind: str) -> str:
    """'a whole number' for 'number': the kind's description without its example."""
    return KINDS[kind].split(" (")[0]


def suggest(word: str, choices: Iterable[str]) -> str | None:
    return did_you_mean(word, choices)


def says_one(sel: ast.Sel) -> bool | None:
    """Whether a selection's quantity says one card (``an heroe``), several, or nothing."""
    quantity = sel.quantity
    if quantity is None:
        return None
    if quantity.kind == "one":
        return True
    if quantity.kind == "exact" and isinstance(quantity.amount, ast.Num):
        return quantity.amount.value == 1
    return False


# ---------------------------------------------------------------------- economy
#: The words that make a trigger a one-shot for the turn: ``when you play an ally for the first
#: time this turn``.
FIRST_TIME = ("for", "the", "first", "time", "this", "turn")
#: The phrases a ``while`` ability may have.
WHILE_PHRASES = ("in front of you",)


def power_floor(cond: ast.Cond) -> int:
    """The Power a condition makes sure of (``power >= 3``: 3), for W215; 0 when it says nothing."""
    if isinstance(cond, ast.CondAnd):
        return max(power_floor(c) for c in cond.operands)
    if isinstance(cond, ast.CondCompare) and isinstance(cond.left, ast.PowerRead) and isinstance(cond.right, ast.Num):
        if cond.op == ">=":
            return cond.right.value
        if cond.op == ">":
            return cond.right.value + 1
        if cond.op == "==":
            return cond.right.value
    return 0


_NODE_FIELDS: dict[type, tuple[str, ...]] = {}


def node_fields(kind: type) -> tuple[str, ...]:
    """The fields of a syntax tree node that may hold other nodes (none for a span or a word)."""
    names = _NODE_FIELDS.get(kind)
    if names is None:
        names = (
            () if kind is Span or not attrs.has(kind) else tuple(f.name for f in attrs.fields(kind) if f.name != "span")
        )
        _NODE_FIELDS[kind] = names
    return names


def nonzero_constant(expr: ast.Expr) -> bool:
    """A divisor written as a number other than 0 (``2``, ``-3``)."""
    if isinstance(expr, ast.Neg):
        expr = expr.operand
    return isinstance(expr, ast.Num) and expr.value != 0


def bare_names(expr: ast.Expr) -> list[ast.VarExpr]:
    """The names standing as numbers in ``expr`` itself (not inside a measure or a condition)."""
    if isinstance(expr, ast.VarExpr):
        return [expr]
    if isinstance(expr, ast.BinOp):
        return bare_names(expr.left) + bare_names(expr.right)
    if isinstance(expr, ast.Neg):
        return bare_names(expr.operand)
    return []


def last_test(pred: ast.Pred) -> ast.Pred:
    """The test written last in ``pred`` (the one whose value ends the selection)."""
    while isinstance(pred, (ast.PredAnd, ast.PredOr)):
        pred = pred.operands[-1]
    return pred


def with_last_value(pred: ast.Pred, value: ast.Expr) -> ast.Pred:
    """``pred`` with the value of its last test replaced."""
    if isinstance(pred, (ast.PredAnd, ast.PredOr)):
        return attrs.evolve(pred, operands=(*pred.operands[:-1], with_last_value(pred.operands[-1], value)))
    assert isinstance(pred, (ast.PredCompare, ast.PredIs))
    return attrs.evolve(pred, value=value)


def times_one(amount: NumberFn) -> NumberFn:
    return amount


def cost_text(stmt: ast.CostStmt, in_front: bool = False, per_player: bool = False) -> str:
    """What 'show' says a cost change does."""
    kind = " ".join(stmt.kind)
    where = f" where {format_pred(stmt.where, explicit=True)}" if stmt.where is not None else ""
    amount = format_expr(stmt.amount)
    if per_player:
        amount = f"{amount} for {' '.join(stmt.players or ())}"
        stmt = attrs.evolve(stmt, players=None)
    way = f"{amount} {stmt.way}" + (" (never below 0)" if stmt.way == "less" else "")
    if stmt.scope == "next":
        return f"the next {kind}{where} you buy this turn costs {way}"
    if in_front:
        players = f" {' '.join(stmt.players)}" if stmt.players else " you"
        return f"{kind}{where} cost{players} {way}"
    return f"for the rest of this turn, {kind}{where} cost you {way}"


def no_players(ctx: Ctx) -> list[int]:
    return []


def only_you(ctx: Ctx) -> list[int]:
    return [ctx.player]


# ---------------------------------------------------------------------- readings
ABILITY_HEADINGS = {
    "play": "When played",
    "defense": "Defense (may be used to avoid an Attack or Ambush)",
    "ambush": "Ambush (when it enters the Path between turns, the next player is attacked)",
    "group ambush": "Group Ambush (when revealed on the Archenemy stack, every player is attacked)",
    "ongoing": "Ongoing (at the start of each of your turns while in front of you)",
    "fortune": "Fortune (when bought or gained: resolve, then destroy it)",
    "effect": "When this is the last card drawn in a turn",
    "search": "When found by searching back through the discard pile",
}

#: Where a command's cards end, as 'show' says it (by the primitive's ``moves_to``).
DESTINATIONS = {
    "hand": "into your hand",
    "discard": "into your discard pile",
    "destroyed": "to the destroyed pile",
    "revealed": "(face up: back on top of your deck unless an effect moves it)",
    "front": "to stay in front of you",
    "played": "(played, as from your hand)",
    "home": "back to where it came from",
    "quest deck": "back on top of the quest deck, in the order you choose",
    "wall discard pile": "(each resolves, then goes to the wall discard pile)",
}

REF_TEXT = {"this": "this card", "it": "it"}


def sentence(text: str) -> str:
    text = text.strip()
    return text[:1].upper() + text[1:] + ("" if text.endswith((".", ":", "}")) else ".")


def selection_text(sel: ast.Sel, vocab: Vocabulary, zones: list[ZoneSpec], role: str) -> str:
    """A selection as compiled: its quantity, the card types and zones it resolved to (a zone
    not written reads as the default it takes), its test and its name."""
    quantity = sel.quantity
    amount = "1"
    if quantity is not None and quantity.amount is not None:
        amount = format_expr(quantity.amount)
    kind = quantity.kind if quantity is not None else ("all" if role in ("count", "for each") else "one")
    single = kind == "one" or (kind != "all" and amount == "1")
    words = list(sel.kind or ())
    thing = " ".join(words[1:] if words and words[0] == "the" else words)
    types = [t.name for t in (vocab.card_type(w) for w in words) if t is not None]
    if thing in vocab.named_things:
        noun = thing
    elif single:
        noun = " or ".join(types) if types else "card"
    else:
        plurals = {t.name: t.plural for t in vocab.card_types.values()}
        noun = " or ".join(plurals.get(t, t) for t in types) if types else "cards"
    if quantity is None and thing in vocab.named_things:
        lead = f"the {noun}"
    elif kind == "all":
        lead = f"all {noun}"
    elif kind == "up_to" and quantity is not None and quantity.article == ast.ANY_NUMBER:
        lead = f"{ast.ANY_NUMBER} {noun}"
    elif kind == "up_to":
        lead = f"up to {amount} {noun}"
    elif kind == "random":
        lead = f"{amount} {noun} at random"
    else:
        lead = f"{amount} {noun}"
    parts = [lead]
    if zones:
        parts.append("from " + " or ".join(z.name for z in zones))
    if sel.where is not None:
        parts.append("where " + format_pred(sel.where, explicit=True))
    if sel.binding:
        parts.append(f"(named {sel.binding})")
    return " ".join(parts)


def fixed_count(sel: ast.Sel | None) -> int | None:
    """How many cards a selection takes when that is known before play."""
    if sel is None:
        return 1
    if sel.ref is not None:
        return None
    if sel.quantity is None or sel.quantity.kind == "one":
        return 1
    if sel.quantity.kind == "exact" and isinstance(sel.quantity.amount, ast.Num):
        return sel.quantity.amount.value
    return None


def placement_text(placement: Placement) -> str:
    if placement.position == "under":
        return "under " + (REF_TEXT.get(placement.under_ref) or placement.under_name)
    assert placement.zone is not None
    whose = "its holder's" if placement.holder else "its owner's"
    pile = f"{whose} {placement.zone.name}" if placement.owner else f"the {placement.zone.name}"
    if placement.written == "into" and not placement.owner and placement.zone.scope == "player":
        pile = f"your {placement.zone.name}"
    if placement.written == "into":
        return "into play" if placement.zone.name == "play" else f"into {pile}"
    if placement.position == "into":
        return f"shuffled into {pile}"
    return f"onto the {placement.position} of {pile}"


def with_article(words: str) -> str:
    if words.startswith("another "):
        return words
    return ("an " if words[0] in "aeiou" else "a ") + words


def owners_pile(words: Sequence[str]) -> tuple[Sequence[str], bool, bool]:
    """``its owner's deck`` -> (``deck``, True, False): the pile of the player the card belongs
    to; ``its holder's deck`` -> (``deck``, True, True): of the player whose zone holds it now."""
    if len(words) > 2 and words[0] == "its" and words[1] in ("owner's", "holder's"):
        return words[2:], True, words[1] == "holder's"
    return words, False, False


def token_text(stmt: ast.TokenStmt) -> str:
    counter = " ".join(stmt.counter)
    if stmt.amount is None:
        return f"take every token off the {counter}"
    put, where = ("put", "on") if stmt.op == "add" else ("take", "off")
    if isinstance(stmt.amount, ast.Num):
        count = stmt.amount.value
        return f"{put} {count} token{'' if count == 1 else 's'} {where} the {counter}"
    # A number worked out in play reads last, so the counter is not lost inside it.
    return f"{put} tokens {where} the {counter}: as many as {format_expr(stmt.amount)}"


# ---------------------------------------------------------------------- helpers
PART_WORDS = {
    "zone": "a zone to take cards from",
    "where": "'where'",
    "count": "a number of cards",
    "up to": "'up to'",
    "all": "'all'",
    "random": "'random'",
    "as": "'as' (a name for the cards)",
    "name": "a named card ('this', 'it' or a name)",
}


def selection_parts(sel: ast.Sel, vocab: Vocabulary) -> list[tuple[str, Span]]:
    """The parts a selection is written with (keys of SELECTION_PARTS), each with its place."""
    parts: list[tuple[str, Span]] = []
    if sel.ref is not None:
        parts.append(("name", sel.ref.span))
    if sel.quantity is not None:
        kind = sel.quantity.kind
        part = {"exact": "count", "one": "count", "up_to": "up to"}.get(kind, kind)
        parts.append((part, sel.quantity.span))
    if sel.source is not None:
        parts.append(("zone", sel.source.span))
    elif sel.kind:
        words = list(sel.kind)
        if " ".join(words) in vocab.named_things or (words[0] == "the" and " ".join(words[1:]) in vocab.named_things):
            parts.append(("zone", sel.span))
        else:
            while words and (vocab.card_type(words[0]) is not None or words[0] in ("card", "cards")):
                words.pop(0)
            if words:
                parts.append(("zone", sel.span))
    if sel.where is not None:
        parts.append(("where", sel.where.span))
    if sel.binding is not None:
        parts.append(("as", sel.span))
    return parts


def card_types(card: ast.Card) -> tuple[str, ...]:
    field = card.field("type")
    value = field.value if field is not None else ()
    return value if isinstance(value, tuple) else ()


def forgetting(effect: Effect) -> Effect:
    """``effect`` run later with none of the names given where it was set up: how a later block
    read names before language 2."""

    def run_forgetting(ctx: Ctx) -> None:
        ctx.vars = {}
        effect(ctx)

    return run_forgetting


def restoring(effect: Effect, names: frozenset[str]) -> Effect:
    """``effect`` with the names it binds itself put back as they were once it is done, so that
    a block's bindings never overwrite the same names bound around it."""
    if not names:
        return effect
    ordered = tuple(sorted(names))

    def run_restoring(ctx: Ctx) -> None:
        variables = ctx.vars
        saved = [(name, variables.get(name, _UNBOUND)) for name in ordered]
        try:
            effect(ctx)
        finally:
            for name, value in saved:
                if value is _UNBOUND:
                    variables.pop(name, None)
                else:
                    variables[name] = value  # type: ignore[assignment]

    return run_restoring


_UNBOUND = object()


def contains_attack(body: ast.Block) -> bool:
    for stmt in body:
        if isinstance(stmt, ast.AttackStmt):
            return True
        blocks: list[ast.Block] = []
        if isinstance(stmt, ast.IfStmt):
            blocks = [b.body for b in stmt.branches] + ([stmt.otherwise] if stmt.otherwise else [])
        elif isinstance(
            stmt, (ast.MayStmt, ast.RepeatStmt, ast.RepeatUntilStmt, ast.ForEachStmt, ast.TriggerStmt, ast.NextTurnStmt)
        ):
            blocks = [stmt.body]
        elif isinstance(stmt, ast.ChooseStmt):
            blocks = [o.body for o in stmt.options]
        if any(contains_attack(b) for b in blocks):
            return True
    return False


def fixed_cond(cond: ast.Cond) -> bool:
    """Whether a condition reads nothing of the game: only numbers written out and operators."""
    if isinstance(cond, (ast.CondAnd, ast.CondOr)):
        return all(fixed_cond(c) for c in cond.operands)
    if isinstance(cond, ast.CondNot):
        return fixed_cond(cond.operand)
    if isinstance(cond, ast.CondCompare):
        return _fixed_expr(cond.left) and _fixed_expr(cond.right)
    return False


def _fixed_expr(expr: ast.Expr) -> bool:
    if isinstance(expr, ast.Num):
        return True
    if isinstance(expr, ast.BinOp):
        return _fixed_expr(expr.left) and _fixed_expr(expr.right)
    if isinstance(expr, ast.Neg):
        return _fixed_expr(expr.operand)
    return False


def value_text(value: ast.PredValue) -> str:
    if isinstance(value, (ast.Str, ast.Word)):
        return value.text
    return format_expr(value)


def int_or_zero(value: object) -> int:
    return value if isinstance(value, int) else 0


def checked_number(value: int, ctx: Ctx) -> int:
    if -SCRIPT_NUMBER_MAX <= value <= SCRIPT_NUMBER_MAX:
        return value
    raise ScriptNumberError(ctx.game.cards[ctx.this].name if ctx.this >= 0 else "?", value)


def constant_fn(value: int) -> NumberFn:
    return lambda ctx: value


def do_nothing(ctx: Ctx) -> None:
    return None


def any_card(ctx: Ctx, card: int) -> bool:
    return True


def no_card(ctx: Ctx, card: int) -> bool:
    return False


def never_cond(ctx: Ctx) -> bool:
    return False


COMPARE: dict[str, Callable[[int, int], bool]] = {
    "<": operator.lt,
    "<=": operator.le,
    ">": operator.gt,
    ">=": operator.ge,
    "==": operator.eq,
    "!=": operator.ne,
}
