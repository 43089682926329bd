"""A ``choose`` whose options have a price: "pay 1 Tactics resource, or discard this ally".

An option whose block starts with ``cost`` lines is offered only while those costs can be paid
in full; chosen, its costs are paid first (only with what can pay them, as any cost is), then
the rest of its block runs. An option without a cost is always offered. When no option can be
taken, the choice does nothing. The costs are read by the family, as an ability's are
(:func:`lotr_rules.dsl.lasting.price_of`): only a command the family can tell is payable may be
one (E183).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import attrs

from lotr_rules.dsl import ast, lasting
from lotr_rules.engine.cards import CostDef, Effect
from lotr_rules.engine.context import Ctx
from lotr_rules.engine.decisions import Option

if TYPE_CHECKING:
    from lotr_rules.dsl.compile_statements import StatementCompiler


@attrs.frozen(slots=True)
class PricedOption:
    """An option's price (None: free) and its effect once paid."""

    price: CostDef | None
    effect: Effect

    def __call__(self, ctx: Ctx) -> None:
        if self.price is not None:
            self.price.pay(ctx)
        self.effect(ctx)


def has_price(option: ast.Option) -> bool:
    return bool(option.body) and isinstance(option.body[0], ast.CostStep)


def priced(self: StatementCompiler, option: ast.Option) -> tuple[CostDef | None, ast.Block]:
    """The option's price, compiled, and the rest of its block."""
    if not has_price(option):
        return None, option.body
    return lasting.price_of(self, option.body, "option")


def offered(options: tuple[Option, ...], ctx: Ctx) -> tuple[Option, ...]:
    """The options whose price can be paid now."""
    out = []
    for option in options:
        value = option.value
        price = value.price if isinstance(value, PricedOption) else None
        if price is None or price.payable(ctx):
            out.append(option)
    return tuple(out)
