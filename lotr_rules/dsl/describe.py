"""Render a card's AST as plain sentences: what the engine understood the script to say.

This reads the tree, not the author's text, so an author can compare the two and spot a script
that does something other than the card says. Conditions and card tests are written with a
bracket around every ``and``/``or`` inside another operator (``a or (b and c)``), so a reader
needs no precedence rules to see what goes with what.
"""

from __future__ import annotations

from collections.abc import Iterator

from lotr_rules.dsl import ast
from lotr_rules.dsl.formatter import format_cond, format_expr, format_sel

_HEADINGS = {
    "play": "When played",
    "defense": "Defense (may be used to avoid an Attack or Ambush)",
    "ambush": "Ambush (when it enters the Path between turns, the next player is attacked)",
    "group ambush": "Group Ambush (when revealed on the Archenemy stack, every player is attacked)",
    "ongoing": "Ongoing (at the start of each of your turns while in front of you)",
    "fortune": "Fortune (when bought or gained: resolve, then destroy it)",
    "effect": "When this is the last card drawn in a turn",
    "search": "When found by searching back through the discard pile",
}


def _sentence(text: str) -> str:
    text = text.strip()
    return text[:1].upper() + text[1:] + ("" if text.endswith((".", "}")) else ".")


def describe_stmt(stmt: ast.Stmt, depth: int) -> Iterator[str]:
    pad = "  " * depth
    if isinstance(stmt, ast.PowerStmt):
        amount = format_expr(stmt.amount)
        if stmt.per_each is not None:
            yield pad + _sentence(
                f"gain {amount} Power for each card matching: {format_sel(stmt.per_each, explicit=True)}"
            )
        else:
            yield pad + _sentence(f"gain {amount} Power")
    elif isinstance(stmt, ast.LetStmt):
        yield pad + _sentence(f"let {stmt.name} be {format_expr(stmt.value)}")
    elif isinstance(stmt, ast.TokenStmt):
        counter = " ".join(stmt.counter)
        if stmt.amount is None:
            yield pad + _sentence(f"take every token off the {counter}")
        else:
            put, where = ("put", "on") if stmt.op == "add" else ("take", "off")
            if isinstance(stmt.amount, ast.Num):
                yield pad + _sentence(f"{put} {_tokens(stmt.amount.value)} {where} the {counter}")
            else:
                # A number worked out in play reads last, so the counter is not lost inside it.
                yield pad + _sentence(f"{put} tokens {where} the {counter}: as many as {format_expr(stmt.amount)}")
    elif isinstance(stmt, ast.NextTurnStmt):
        yield f"{pad}During your next turn:"
        for inner in stmt.body:
            yield from describe_stmt(inner, depth + 1)
    elif isinstance(stmt, ast.Command):
        parts = [stmt.verb]
        if stmt.sel is not None:
            parts.append(format_sel(stmt.sel, explicit=True))
        if isinstance(stmt.placement, ast.PlaceOn):
            parts.append(f"onto the {stmt.placement.position} of the {' '.join(stmt.placement.pile)}")
        elif isinstance(stmt.placement, ast.PlaceUnder):
            parts.append("under this card" if stmt.placement.ref.kind == "this" else "under it")
        elif isinstance(stmt.placement, ast.PlaceInto):
            parts.append(f"shuffled into the {' '.join(stmt.placement.pile)}")
        if stmt.guard:
            parts.append(f"(without {stmt.guard})")
        yield pad + _sentence(" ".join(parts))
    elif isinstance(stmt, ast.IfStmt):
        for index, branch in enumerate(stmt.branches):
            word = "If" if index == 0 else "Otherwise, if"
            yield f"{pad}{word} {format_cond(branch.cond, explicit=True)}:"
            for inner in branch.body:
                yield from describe_stmt(inner, depth + 1)
        if stmt.otherwise is not None:
            yield f"{pad}Otherwise:"
            for inner in stmt.otherwise:
                yield from describe_stmt(inner, depth + 1)
    elif isinstance(stmt, ast.MayStmt):
        yield f"{pad}You may choose to:"
        for inner in stmt.body:
            yield from describe_stmt(inner, depth + 1)
    elif isinstance(stmt, ast.ChooseStmt):
        yield f"{pad}Choose one:"
        for option in stmt.options:
            yield f'{pad}  "{option.label}":'
            for inner in option.body:
                yield from describe_stmt(inner, depth + 2)
    elif isinstance(stmt, ast.RepeatStmt):
        yield f"{pad}Repeat {format_expr(stmt.count)} times:"
        for inner in stmt.body:
            yield from describe_stmt(inner, depth + 1)
    elif isinstance(stmt, ast.ForEachStmt):
        yield f"{pad}For each {format_sel(stmt.sel, explicit=True)}:"
        for inner in stmt.body:
            yield from describe_stmt(inner, depth + 1)
    elif isinstance(stmt, ast.AttackStmt):
        defense = " (no Defense may avoid it)" if stmt.guard else " (each may avoid it with a Defense)"
        yield f"{pad}Attack {' '.join(stmt.players)}{defense}; each player hit must:"
        for inner in stmt.body:
            yield from describe_stmt(inner, depth + 1)
    else:
        yield f"{pad}For the rest of this turn, {stmt.keyword} {' '.join(stmt.phrase)}:"
        for inner in stmt.body:
            yield from describe_stmt(inner, depth + 1)


def describe_card(card: ast.Card) -> Iterator[str]:
    for item in card.items:
        if isinstance(item, ast.Field):
            if item.key == "power" and isinstance(item.value, int) and item.value:
                yield f"When played: gain {item.value} Power."
            elif item.key == "victory" and not isinstance(item.value, (tuple, str, int)):
                yield f"Worth {format_expr(item.value)} Victory Point(s) at the end of the game."
            continue
        if item.kind == "quest":
            assert item.goal is not None and item.reward is not None
            goal = format_cond(item.goal, explicit=True)
            yield f"Quest: once {goal} while in front of you, worth {format_expr(item.reward)} VP."
            continue
        if item.kind in ("when", "at"):
            yield f"While in front of you, {item.kind} {' '.join(item.phrase)}:"
        else:
            guard = " No Defense may avoid it." if item.guard == "defense" else ""
            if item.always:
                guard = " It resolves even when something says to skip the effect."
            yield f"{_HEADINGS.get(item.kind, item.kind)}:{guard}"
        for stmt in item.body:
            yield from describe_stmt(stmt, 1)


def _tokens(count: int) -> str:
    return f"{count} token" if count == 1 else f"{count} tokens"
