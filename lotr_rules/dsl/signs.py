"""Whether a number a card computes can be negative (W215, W216): Power and costs never are.

A sign analysis over the number expressions of a card: for each expression, whether it can be
negative and whether it can be positive. Counts and measures of cards (``number of allies you
control``), players hit and tokens are never negative; ``-``, a negative number and a product
of signs can be; a ``let`` name can be when the compiler found its value can be. A
conditional ``(if ... then A else B)`` is taken as the author's guard: it warns only when a
branch is negative whatever the game (``else -2``). Expressions of kinds this module does not
know are taken as never negative, so that the warning is never a guess.
"""

from __future__ import annotations

from lotr_rules.dsl import ast

#: (can be negative, can be positive)
Signs = tuple[bool, bool]
_COUNT: Signs = (False, True)


def _signs(expr: object, negative_names: frozenset[str] | set[str]) -> Signs:
    if isinstance(expr, ast.Num):
        return (expr.value < 0, expr.value > 0)
    if isinstance(expr, ast.Neg):
        negative, positive = _signs(expr.operand, negative_names)
        return (positive, negative)
    if isinstance(expr, ast.BinOp):
        left = _signs(expr.left, negative_names)
        right = _signs(expr.right, negative_names)
        if expr.op == "+":
            return (left[0] or right[0], left[1] or right[1])
        if expr.op == "-":
            return (left[0] or right[1], left[1] or right[0])
        if expr.op == "*":
            negative = (left[0] and right[1]) or (left[1] and right[0])
            positive = (left[1] and right[1]) or (left[0] and right[0])
            return (negative, positive)
        if expr.op == "/":
            # rounding down keeps the sign of the product (1 / -2 is -1)
            return ((left[0] and right[1]) or (left[1] and right[0]), (left[1] and right[1]) or (left[0] and right[0]))
        if expr.op == "%":
            return (right[0], right[1])  # a remainder takes the sign of the divisor
        return _COUNT
    if isinstance(expr, ast.VarExpr):
        # a name bound to a number that can be negative is taken as negative, on the safe side
        return (True, False) if expr.name in negative_names else _COUNT
    if isinstance(expr, ast.CondExpr):
        branches = [_signs(expr.then, negative_names), _signs(expr.otherwise, negative_names)]
        return (any(s[0] and not s[1] for s in branches), any(s[1] for s in branches))
    return _COUNT


def can_be_negative(expr: object, negative_names: frozenset[str] | set[str]) -> bool:
    """Whether a number can come out below 0, on the safe side: a name counts as possibly negative
    when the card binds it to such a number (``negative_names``, which the compiler keeps)."""
    return _signs(expr, negative_names)[0]
