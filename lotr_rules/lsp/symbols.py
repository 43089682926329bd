"""Document symbols: a card, its fields, its abilities and the blocks inside them, as an outline."""

from __future__ import annotations

import attrs

from lotr_rules.lsp import core

#: the statements with blocks the outline shows, and what it calls them
_BLOCKS = {
    "IfStmt": "if",
    "MayStmt": "may",
    "ChooseStmt": "choose",
    "Option": "option",
    "RepeatStmt": "repeat",
    "RepeatUntilStmt": "repeat until",
    "ForEachStmt": "for each",
    "AttackStmt": "attack",
    "TriggerStmt": "when",
    "PayStmt": "pay",
    "NextTurnStmt": "next turn",
    "Branch": "branch",
}


@attrs.frozen(slots=True)
class Symbol:
    name: str
    kind: str  # "card", "field", "ability" or "block"
    span: core.Span
    children: tuple[Symbol, ...] = ()


def outline(text: str) -> list[Symbol]:
    """The outline of a card file, or nothing while it does not parse."""
    try:
        script = core.parse(text)
    except core.ScriptSyntaxError as error:
        if error.partial is None:
            return []
        script = error.partial
    return [_card(card) for card in script.cards]


def _card(card: core.ast.Card) -> Symbol:
    children: list[Symbol] = []
    for item in card.items:
        if isinstance(item, core.ast.Field):
            children.append(Symbol(item.key, "field", item.span))
        elif isinstance(item, core.ast.Ability):
            label = " ".join((item.kind, *item.phrase))
            children.append(Symbol(label, "ability", item.span, _blocks(item.body)))
    return Symbol(card.name, "card", card.span, tuple(children))


def _blocks(body: object) -> tuple[Symbol, ...]:
    out: list[Symbol] = []
    if not isinstance(body, tuple):
        return ()
    for statement in body:
        name = _BLOCKS.get(type(statement).__name__)
        if name is None:
            continue
        nested: list[Symbol] = []
        for part in ("body", "branches", "options", "otherwise"):
            inner = getattr(statement, part, None)
            if isinstance(inner, tuple):
                nested.extend(_blocks(inner))
        label = getattr(statement, "label", "") or name
        out.append(Symbol(label if name == "option" else name, "block", statement.span, tuple(nested)))
    return tuple(out)
