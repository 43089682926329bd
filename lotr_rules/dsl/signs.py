"""Whether a number a card computes can be negative (W215, W216): Power and costs never are.

A sign analysis over the number expressions of a card: for each expression, whether it can be
negative and whether it can be positive. Counts and measures of cards (``number of allies you
control``), players hit and tokens are never negative; ``-``, a negative number and a product
of signs can be; a ``let`` name is as its value (every value the card binds it to). A
conditional ``(if ... then A else B)`` is taken as the author's guard: it warns only when a
branch is negative whatever the game (``else -2``). Expressions of kinds this module does not
know are taken as never negative, so that the warning is never a guess.
"""

from __future__ import annotations

from lotr_rules.dsl import ast

#: (can be negative, can be positive)
Signs = tuple[bool, bool]
_COUNT: Signs = (False, True)


def _signs(expr: object, lets: dict[str, list[object]], seen: frozenset[str] = frozenset()) -> Signs:
    if isinstance(expr, ast.Num):
        return (expr.value < 0, expr.value > 0)
    if isinstance(expr, ast.Neg):
        negative, positive = _signs(expr.operand, lets, seen)
        return (positive, negative)
    if isinstance(expr, ast.BinOp):
        left = _signs(expr.left, lets, seen)
        right = _signs(expr.right, lets, seen)
        if expr.op == "+":
            return (left[0] or right[0], left[1] or right[1])
        if expr.op == "-":
            return (left[0] or right[1], left[1] or right[0])
        if expr.op == "*":
            negative = (left[0] and right[1]) or (left[1] and right[0])
            positive = (left[1] and right[1]) or (left[0] and right[0])
            return (negative, positive)
        return _COUNT
    if isinstance(expr, ast.VarExpr):
        values = lets.get(expr.name)
        if not values or expr.name in seen:
            return _COUNT  # a card name's count, or a name read in its own value
        found = [_signs(value, lets, seen | {expr.name}) for value in values]
        return (any(s[0] for s in found), any(s[1] for s in found))
    if isinstance(expr, ast.CondExpr):
        branches = [_signs(expr.then, lets, seen), _signs(expr.otherwise, lets, seen)]
        return (any(s[0] and not s[1] for s in branches), any(s[1] for s in branches))
    return _COUNT


def can_be_negative(expr: object, negative_names: frozenset[str] | set[str]) -> bool:
    """Whether a number can come out below 0, on the safe side: a name counts as possibly negative
    when the card binds it to such a number (``negative_names``, which the compiler keeps)."""
    lets: dict[str, list[object]] = {
        name: [
            ast.Num(
                -1,
            )
        ]
        for name in negative_names
    }
    return _signs(expr, lets)[0]
