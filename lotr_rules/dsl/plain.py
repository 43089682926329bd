"""Optional effects asked of a person in plain words: "destroy Orc Patrol?", not "destroy X?".

A ``may`` asks its player whether to do something. The question the engine passes to agents is
the script's own text (bots read it), but a person should be asked about cards, not variables:
:func:`may_words` turns the body of a ``may`` into a sentence built when the question is asked,
naming the cards its variables hold then ("destroy X" becomes "destroy Orc Patrol") and saying
selections as a player would ("a card from hand where name is "Despair"" becomes "a Despair
from your hand"). Statements it has no plain words for keep the script's text.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from lotr_rules.dsl import ast
from lotr_rules.dsl.formatter import format_expr, format_pred, format_stmt
from lotr_rules.engine.context import Ctx
from lotr_rules.engine.registry import ZoneSpec

Words = Callable[[Ctx], str]

#: words of the game that are names, written with a capital in a sentence
_PROPER = {"path": "Path", "valor": "Valor", "corruption": "Corruption", "wall": "Wall", "archenemy": "Archenemy"}
_COMPARISONS = {"<=": "at most", ">=": "at least", "<": "less than", ">": "more than", "==": "", "!=": "other than"}
_IRREGULAR_PLURALS = {"ally": "allies", "enemy": "enemies", "cards": "cards", "enemies": "enemies"}


def may_words(body: ast.Block, zones: Mapping[str, ZoneSpec], asked: Mapping[str, str] | None = None) -> Words:
    """The question a ``may`` with this body asks, in plain words, ending in a question mark;
    ``asked``: the words of the commands that have their own (:attr:`Primitive.asked`)."""
    parts = [_stmt_words(stmt, zones, asked or {}) for stmt in body]

    def words(ctx: Ctx) -> str:
        return ", then ".join(part(ctx) for part in parts) + "?"

    return words


def _fixed(text: str) -> Words:
    return lambda ctx: text


def _stmt_words(stmt: ast.Stmt, zones: Mapping[str, ZoneSpec], asked: Mapping[str, str]) -> Words:
    if isinstance(stmt, ast.Command):
        return _command_words(stmt, zones, asked.get(stmt.verb, ""))
    if isinstance(stmt, ast.PowerStmt) and stmt.per_each is None:
        return _fixed(f"gain {format_expr(stmt.amount)} Power")
    return _fixed(" ".join(line.strip() for line in format_stmt(stmt, 0)))


def _command_words(command: ast.Command, zones: Mapping[str, ZoneSpec], asked: str = "") -> Words:
    verb = command.verb
    selection = _selection_words(command.sel, zones) if command.sel is not None else _fixed("")
    placement = _placement_words(command.placement, zones)
    guard = f" (without {command.guard})" if command.guard else ""

    def words(ctx: Ctx) -> str:
        chosen = selection(ctx)
        if asked:
            return asked.replace("{n}", chosen) + guard
        return " ".join(part for part in (verb, chosen, placement) if part) + guard

    return words


def _selection_words(sel: ast.Sel, zones: Mapping[str, ZoneSpec]) -> Words:
    if sel.ref is not None:
        return _ref_words(sel.ref)
    amount, plural = _quantity_words(sel.quantity)
    kind = " ".join(sel.kind) if sel.kind else ("card" if sel.source or sel.where else "")
    named = _named(sel.where)
    if named is not None:
        # "a card where name is "Despair"": a Despair
        kind, where = (named + ("s" if plural and not named.endswith("s") else "")), ""
    else:
        where = _pred_words(sel.where) if sel.where is not None else ""
    if kind:
        kind = _plural(kind) if plural else _singular(kind)
    elif plural or amount:
        kind = "cards" if plural else "card"
    source = ""
    if sel.source is not None:
        source = f"{sel.source.preposition} {_zone_words(sel.source.words, zones)}"
    text = " ".join(part for part in (amount, kind, where, source) if part)
    return _fixed(text)


def _quantity_words(quantity: ast.Quantity | None) -> tuple[str, bool]:
    """The words of a quantity, and whether the things counted are several."""
    if quantity is None:
        return "", False
    if quantity.kind == "one":
        return quantity.article or "a", False
    if quantity.kind == "all":
        return "all", True
    if quantity.article == ast.ANY_NUMBER:
        return ast.ANY_NUMBER, True
    assert quantity.amount is not None
    number = format_expr(quantity.amount)
    several = not (isinstance(quantity.amount, ast.Num) and quantity.amount.value == 1)
    if quantity.kind == "exact":
        return number, several
    word = "up to" if quantity.kind == "up_to" else "random"
    return f"{word} {number}", several


def _named(pred: ast.Pred | None) -> str | None:
    named = isinstance(pred, ast.PredIs) and pred.attribute == "name" and not pred.negated
    if named and isinstance(pred, ast.PredIs) and isinstance(pred.value, ast.Str):
        return pred.value.text
    return None


def _pred_words(pred: ast.Pred) -> str:
    if isinstance(pred, ast.PredCompare) and isinstance(pred.value, ast.Num):
        comparison = _COMPARISONS.get(pred.op)
        if comparison is not None:
            return f"with {pred.attribute} {comparison} {pred.value.value}".replace("  ", " ")
    if isinstance(pred, ast.PredIs) and pred.attribute == "type" and isinstance(pred.value, ast.Word):
        article = "an" if pred.value.text[:1] in "aeiou" else "a"
        return f"that is {'not ' if pred.negated else ''}{article} {pred.value.text}"
    return f"where {format_pred(pred)}"


def _ref_words(ref: ast.Ref) -> Words:
    if ref.kind == "this":
        return lambda ctx: ctx.game.card_name(ctx.this) if ctx.this >= 0 else "this card"
    if ref.kind == "it":
        return lambda ctx: ctx.game.card_name(ctx.it) if ctx.it >= 0 else "it"
    name = ref.name

    def held(ctx: Ctx) -> str:
        value = ctx.vars.get(name)
        cards = [value] if isinstance(value, int) else list(value or [])
        names = [ctx.game.card_name(card) for card in cards if card >= 0]
        if not names:
            return "no card"
        return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]

    return held


def _placement_words(placement: ast.Placement | None, zones: Mapping[str, ZoneSpec]) -> str:
    if isinstance(placement, ast.PlaceOn):
        return f"on the {placement.position} of {_zone_words(placement.pile, zones)}"
    if isinstance(placement, ast.PlaceUnder):
        return "under this card" if placement.ref.kind == "this" else "under it"
    if isinstance(placement, ast.PlaceInto):
        return f"shuffled into {_zone_words(placement.pile, zones)}"
    return ""


def _zone_words(words: tuple[str, ...], zones: Mapping[str, ZoneSpec]) -> str:
    name = " ".join(words)
    spec = zones.get(name) or next((z for z in zones.values() if name in z.aliases), None)
    shown = " ".join(_PROPER.get(word, word) for word in name.split())
    if spec is not None and spec.scope == "player":
        return f"your {shown}"
    return shown if shown.lower().startswith(("the ", "your ")) else f"the {shown}"


def _plural(kind: str) -> str:
    last = kind.split()[-1]
    plural = _IRREGULAR_PLURALS.get(last) or (last if last.endswith("s") else last + "s")
    return " ".join([*kind.split()[:-1], plural])


def _singular(kind: str) -> str:
    return {"cards": "card", "enemies": "enemy", "allies": "ally"}.get(kind, kind)
