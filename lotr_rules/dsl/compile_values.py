"""Compiling what a card reads of the game: selections of cards and their tests, conditions,
and numbers (arithmetic, divisions, Power, counters and names). See :mod:`lotr_rules.dsl.compiler`."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import attrs

from lotr_rules.dsl import ast
from lotr_rules.dsl.compile_base import CompilerBase
from lotr_rules.dsl.compile_support import (
    COMPARE,
    REF_TEXT,
    bare_names,
    checked_number,
    constant_fn,
    int_or_zero,
    last_test,
    never_cond,
    no_card,
    node_fields,
    nonzero_constant,
    says_one,
    selection_text,
    suggest,
    value_text,
    with_last_value,
)
from lotr_rules.dsl.formatter import format_cond, format_expr, format_sel
from lotr_rules.engine.cards import CondFn, NumberFn
from lotr_rules.engine.context import Ctx
from lotr_rules.engine.registry import ZoneSpec
from lotr_rules.engine.selection import CardTest, Selection
from lotr_rules.limits import SCRIPT_NUMBER_MAX, in_script_range, shown_number


class ValueCompiler(CompilerBase):
    """Selections, card tests, conditions and numbers, compiled into functions of the game."""

    def _selection(self, sel: ast.Sel, default_zone: str, role: str) -> Selection:
        label = format_sel(sel)
        if sel.ref is not None:
            self._check_ref(sel.ref)
            reading = REF_TEXT.get(sel.ref.kind, sel.ref.name) + (f" (named {sel.binding})" if sel.binding else "")
            return Selection("ref", None, (), None, sel.binding, sel.ref.kind, sel.ref.name, label, reading)
        zones: list[ZoneSpec] = []
        test: CardTest | None = None
        kind_words = list(sel.kind or ())
        if kind_words:
            thing = self._named_thing(kind_words)
            if thing is not None:
                zone_name = str(thing.data["zone"])
                spec = self.vocab.zone(zone_name)
                assert spec is not None, zone_name
                zones.append(spec)
                kind_words = []
            else:
                type_words: list[str] = []
                while kind_words and (
                    self.vocab.card_type(kind_words[0]) is not None
                    or kind_words[0] in ("card", "cards")
                    or kind_words[0] in self.vocab.type_groups
                ):
                    type_words.append(kind_words.pop(0))
                if not type_words:
                    # Not a type, not a known thing: say which it most resembles.
                    word = kind_words[0]
                    rest = " ".join(kind_words)
                    if self.vocab.zone(rest) is None:
                        vocabulary = [*self.vocab.type_words(), "card", "cards", *list(self.vocab.named_things)]
                        self.error(
                            "E112",
                            f"unknown card type '{word}'",
                            sel.span,
                            self._hint(word, vocabulary, "card type", says_one(sel)),
                        )
                        return Selection("exact", None, (), None, None, label=label)
                test = self._type_test(type_words, sel.span)
                if kind_words:
                    spec = self._zone(kind_words, sel.span)
                    if spec is not None:
                        zones.append(spec)
        named_zone = bool(kind_words)
        if sel.source is not None:
            named_zone = True
            zones.extend(self._zones(sel.source.words, sel.source.span))
        if not zones and default_zone and not named_zone:
            spec = self.vocab.zone(default_zone)
            assert spec is not None
            zones.append(spec)
        # A zone that was written but not understood has had its own E111 already.
        if not zones and not named_zone:
            self.error(
                "E120",
                "this selection says no zone to take cards from",
                sel.span,
                "add one, for example 'from hand' or 'in path'",
            )
        if sel.where is not None:
            where = self._pred(sel.where)
            if test is None:
                test = where
            else:
                first = test

                def both(ctx: Ctx, card: int) -> bool:
                    return first(ctx, card) and where(ctx, card)

                test = both
        quantity = "default"
        amount: NumberFn | None = None
        if sel.quantity is not None:
            quantity = sel.quantity.kind
            if sel.quantity.kind == "one":
                amount = constant_fn(1)
            elif sel.quantity.amount is not None:
                amount = self._expr(sel.quantity.amount)
        reading = selection_text(sel, self.vocab, zones, role)
        if role == "count":
            # a count of a history ('gained this turn') counts the events, not what is left of them
            zones = [attrs.evolve(z, lists=z.history) if z.history is not None else z for z in zones]
        # before language 2, 'all' from a deck or a stack took its top card
        depth = 1 << 30 if self.new_meaning("all-takes-whole-pile") else 1
        binding = sel.binding
        return Selection(quantity, amount, tuple(zones), test, binding, label=label, reading=reading, all_depth=depth)

    # ------------------------------------------------------------------ predicates
    def _pred(self, pred: ast.Pred) -> CardTest:
        if isinstance(pred, ast.PredAnd):
            parts = tuple(self._pred(p) for p in pred.operands)
            return lambda ctx, card: all(p(ctx, card) for p in parts)
        if isinstance(pred, ast.PredOr):
            parts = tuple(self._pred(p) for p in pred.operands)
            return lambda ctx, card: any(p(ctx, card) for p in parts)
        if isinstance(pred, ast.PredNot):
            inner = self._pred(pred.operand)
            return lambda ctx, card: not inner(ctx, card)
        attribute = self.vocab.attributes.get(pred.attribute)
        if attribute is None:
            self.error(
                "E117",
                f"unknown card attribute '{pred.attribute}'",
                pred.span,
                suggest(pred.attribute, self.vocab.attributes),
            )
            return no_card
        getter = attribute.fn
        assert getter is not None
        kind = str(attribute.data["kind"])
        # A family's live attribute reads the card in play as it is now (``fn(ctx, card)``); the
        # others read the card's compiled definition.
        read: Callable[[Ctx, int], Any]
        if attribute.data.get("live"):
            read = getter
        else:

            def read(ctx: Ctx, card: int) -> Any:
                return getter(ctx.game.cards[card])

        if kind == "card":
            return self._same_card(pred, getter)
        if kind == "words":
            if not isinstance(pred, ast.PredIs) or not isinstance(pred.value, ast.Word):
                self.error("E120", f"'{pred.attribute}' is tested with 'is' and a word", pred.span)
                return no_card
            word = pred.value.text
            choices = attribute.data.get("choices")
            if isinstance(choices, tuple) and word not in choices:
                self.error("E120", f"'{pred.attribute} is {word}' is never true", pred.span, suggest(word, choices))
                return no_card
            negated_word = pred.negated
            return lambda ctx, card: bool(getter(ctx, card, word)) != negated_word
        if kind == "names":
            # a card's attachments by title ('attachment is "Snare"'): true if one of them is
            if not isinstance(pred, ast.PredIs) or not isinstance(pred.value, ast.Str):
                self.error("E120", f"'{pred.attribute}' is tested with 'is' and a quoted card name", pred.span)
                return no_card
            self._check_card_name(pred.value.text, pred.value.span)
            title, negated_title = pred.value.text, pred.negated
            return lambda ctx, card: bool(getter(ctx, card, title)) != negated_title
        if isinstance(pred, ast.PredContains):
            if kind != "text":
                self.error("E120", f"'{pred.attribute}' is a {kind}, 'contains' needs text", pred.span)
                return no_card
            needle = pred.text.lower()
            return lambda ctx, card: needle in str(read(ctx, card)).lower()
        value = pred.value
        if kind == "number":
            if isinstance(value, (ast.Str, ast.Word)):
                self.error("E120", f"'{pred.attribute}' is a number, not '{value_text(value)}'", pred.span)
                return no_card
            if not isinstance(value, ast.Num):
                self._card_name_as_number(pred, value)
                # worked out each time a card is tested, from the names and state of the moment
                worked_out = self._expr(value)
                if isinstance(pred, ast.PredIs):
                    negated = pred.negated
                    return lambda ctx, card: (int_or_zero(read(ctx, card)) == worked_out(ctx)) != negated
                compare_with = COMPARE[pred.op]
                return lambda ctx, card: compare_with(int_or_zero(read(ctx, card)), worked_out(ctx))
            number = value.value
            if isinstance(pred, ast.PredIs):
                negated = pred.negated
                return lambda ctx, card: (read(ctx, card) == number) != negated
            compare = COMPARE[pred.op]
            return lambda ctx, card: compare(int_or_zero(read(ctx, card)), number)
        if isinstance(pred, ast.PredCompare) and pred.op not in ("==", "!="):
            self.error("E120", f"'{pred.attribute}' is {kind}, it cannot be compared with '{pred.op}'", pred.span)
            return no_card
        negated = (isinstance(pred, ast.PredIs) and pred.negated) or (
            isinstance(pred, ast.PredCompare) and pred.op == "!="
        )
        if kind == "types":
            if not isinstance(value, ast.Word) or self.vocab.card_type(value.text) is None:
                text = value_text(value)
                self.error(
                    "E112",
                    f"unknown card type '{text}'",
                    pred.span,
                    self._hint(text, self.vocab.type_words(), "card type"),
                )
                return no_card
            card_type = self.vocab.card_type(value.text)
            assert card_type is not None
            wanted = card_type.name
            return lambda ctx, card: (wanted in ctx.game.cards[card].types) != negated
        if not isinstance(value, (ast.Str, ast.Word)):
            self.error("E120", f"'{pred.attribute}' is text, not a number", pred.span)
            return no_card
        if pred.attribute == "name" and isinstance(value, ast.Str):
            self._check_card_name(value.text, value.span)
        text = value.text
        return lambda ctx, card: (read(ctx, card) == text) != negated

    def _card_name_as_number(self, pred: ast.PredCompare | ast.PredIs, value: ast.Expr) -> None:
        """``cost <= X + 2`` where ``X`` names cards (``as X``): as a number, a name of cards is how
        many cards it names, which an author comparing a card's cost seldom means. From language 4
        it is refused (E311) with the spellings that say either; before, it was the count."""
        if not self.new_meaning("card-name-in-test-refused"):
            return
        for name in bare_names(value):
            if name.name in self._numbers or name.name in self._player_names:
                continue
            if not any(name.name in scope for scope in self._bound[-1:]):
                continue  # E130 says so
            attribute = pred.attribute
            self.error(
                "E311",
                f"'{name.name}' names cards: in a card test it would be how many cards it names, not their {attribute}",
                name.span,
                f"write '{attribute} of {name.name}' for their {attribute}, or 'number of {name.name}' for how many",
            )

    def _same_card(self, pred: ast.PredCompare | ast.PredIs | ast.PredContains, getter: Any) -> CardTest:
        """``card is X`` / ``card is not X``: whether the card is one named ``X`` earlier (E120
        for anything but a name of cards)."""
        value = getattr(pred, "value", None)
        bound = isinstance(value, ast.VarExpr) and any(value.name in scope for scope in self._bound[-1:])
        if not isinstance(pred, ast.PredIs) or not isinstance(value, ast.VarExpr) or not bound:
            self.error(
                "E120",
                f"'{pred.attribute}' is tested with 'is' and a name of cards bound before it",
                pred.span,
                "name the cards first ('as X', in a cost too), then write 'card is X' or 'card is not X'",
            )
            return no_card
        name = value.name
        if name in self._player_names or name in self._numbers:
            self.error("E120", f"'{name}' is not a name of cards", pred.span)
            return no_card
        negated = pred.negated
        return lambda ctx, card: bool(getter(ctx, card, name)) != negated

    # ------------------------------------------------------------------ conditions
    def _cond(self, cond: ast.Cond) -> CondFn:
        if isinstance(cond, ast.CondAnd):
            parts = tuple(self._cond(c) for c in cond.operands)
            if len(parts) == 2:  # the usual case, without a generator (conditions run every action)
                first, second = parts
                return lambda ctx: bool(first(ctx) and second(ctx))
            return lambda ctx: all(p(ctx) for p in parts)
        if isinstance(cond, ast.CondOr):
            parts = tuple(self._cond(c) for c in cond.operands)
            if len(parts) == 2:
                first, second = parts
                return lambda ctx: bool(first(ctx) or second(ctx))
            return lambda ctx: any(p(ctx) for p in parts)
        if isinstance(cond, ast.CondNot):
            inner = self._cond(cond.operand)
            return lambda ctx: not inner(ctx)
        if isinstance(cond, ast.CondCompare):
            left, right = self._expr(cond.left), self._expr(cond.right)
            compare = COMPARE[cond.op]
            return lambda ctx: compare(left(ctx), right(ctx))
        if isinstance(cond, ast.CondIs):
            self._check_ref(cond.ref)
            card_type = self.vocab.card_type(cond.word)
            ref = Selection("ref", None, (), None, None, cond.ref.kind, cond.ref.name)
            negated = cond.negated
            if cond.word == "empty":
                return lambda ctx: (not ref.candidates(ctx)) != negated
            in_state = self._state_word(cond.word) if card_type is None else None
            if in_state is not None:
                # `this is committed`: the family's word for how a card is (its `state is ...`)
                word = cond.word

                def is_in_state(ctx: Ctx) -> bool:
                    cards = ref.candidates(ctx)
                    found = bool(cards) and all(in_state(ctx, c, word) for c in cards)
                    return found != negated

                return is_in_state
            if card_type is None:
                self.error(
                    "E112",
                    f"unknown card type '{cond.word}'",
                    cond.span,
                    self._hint(cond.word, self.vocab.type_words(), "card type"),
                )
                return never_cond
            wanted = card_type.name

            def is_type(ctx: Ctx) -> bool:
                cards = ref.candidates(ctx)
                found = bool(cards) and all(wanted in ctx.game.cards[c].types for c in cards)
                return found != negated

            return is_type
        if isinstance(cond, ast.CondNamed):
            self._check_ref(cond.ref)
            self._check_card_name(cond.name, cond.span)
            ref = Selection("ref", None, (), None, None, cond.ref.kind, cond.ref.name)
            name = cond.name
            return lambda ctx: any(ctx.game.cards[c].name == name for c in ref.candidates(ctx))
        assert isinstance(cond, ast.CondState)
        phrase = " ".join(cond.words)
        state = self.vocab.states.get(phrase)
        if state is None:
            text = format_cond(cond)
            self.error("E115", f"unknown condition '{text}'", cond.span, suggest(phrase, self.vocab.states))
            return never_cond
        about = state.data.get("card_types") if state.data else None
        if about and not self._this_of_kind(tuple(about), f"the condition '{phrase}'", cond.span, "E135"):  # type: ignore[arg-type]
            return never_cond
        fn = state.fn
        assert fn is not None
        return fn  # type: ignore[return-value]

    # ------------------------------------------------------------------ numbers
    def _expr(self, expr: ast.Expr) -> NumberFn:
        if isinstance(expr, ast.Num):
            if not in_script_range(expr.value):
                low, high = -SCRIPT_NUMBER_MAX, SCRIPT_NUMBER_MAX
                self.error("E142", f"{shown_number(expr.value)} is out of range {low} to {high}", expr.span)
            return constant_fn(expr.value)
        if isinstance(expr, ast.Neg):
            inner = self._expr(expr.operand)
            return lambda ctx: -inner(ctx)
        if isinstance(expr, ast.PlayersHit):
            return lambda ctx: ctx.hit
        if isinstance(expr, ast.TokensOn):
            counter = self._counter(expr.counter, expr.span)
            if counter is None:
                return constant_fn(0)
            read: NumberFn = counter.fn  # type: ignore[assignment]
            return read
        if isinstance(expr, ast.VarExpr):
            return self._var_expr(expr)
        if isinstance(expr, ast.PowerRead):
            return self._power_read(expr)
        if isinstance(expr, ast.CondExpr):
            test = self._cond(expr.cond)
            self._guarded += 1
            try:
                then, otherwise = self._expr(expr.then), self._expr(expr.otherwise)
            finally:
                self._guarded -= 1
            return lambda ctx: then(ctx) if test(ctx) else otherwise(ctx)
        if isinstance(expr, ast.BinOp):
            # Every result is checked against the range of script numbers, so that a number
            # squared in a loop stops with an error instead of growing without end.
            left, right = self._expr(expr.left), self._expr(expr.right)
            if expr.op == "+":
                return lambda ctx: checked_number(left(ctx) + right(ctx), ctx)
            if expr.op == "-":
                return lambda ctx: checked_number(left(ctx) - right(ctx), ctx)
            if expr.op in ("/", "%"):
                return self._division(expr, left, right)
            return lambda ctx: checked_number(left(ctx) * right(ctx), ctx)
        phrase = " ".join(expr.words)
        aggregate = self.vocab.aggregates.get(phrase)
        if aggregate is None:
            self.error("E116", f"unknown measure '{phrase} of'", expr.span, suggest(phrase, self.vocab.aggregates))
            return constant_fn(0)
        fn = aggregate.fn
        assert fn is not None
        self._measure_parts(expr.sel, f"'{phrase} of'", frozenset())
        selection = self._selection(expr.sel, "", role="count")
        if phrase == "number":
            return selection.count
        return lambda ctx: checked_number(int(fn(ctx, selection.all_cards(ctx))), ctx)  # type: ignore[call-overload]

    def _regroup(self, node: Any) -> Any:
        """The card with each count's trailing arithmetic where the language version reads it
        (:meth:`_test_arithmetic`), so that what is compiled, shown and read is one tree."""
        if isinstance(node, tuple):
            items = tuple(self._regroup(item) for item in node)
            return node if all(a is b for a, b in zip(items, node, strict=True)) else items
        names = node_fields(type(node))
        if not names:
            return node
        changes = {}
        for name in names:
            value = getattr(node, name)
            if value is not None and not isinstance(value, (str, int)):
                new = self._regroup(value)
                if new is not value:
                    changes[name] = new
        if changes:
            node = attrs.evolve(node, **changes)
        if isinstance(node, ast.Aggregate):
            return self._test_arithmetic(node)
        return node

    def _test_arithmetic(self, expr: ast.Aggregate) -> ast.Expr:
        """``number of cards in hand where cost >= 1 / 2``: a '*', '/' or '%' right after the value
        of the count's last card test, with no bracket around it, reads as working on the count
        (one for every two cards costing 1 or more), so from language 4 it does; before, it was
        part of the value tested against (W310 flags the spelling in every version)."""
        where = expr.sel.where
        if where is None or expr.sel.binding is not None:
            return expr
        last = last_test(where)
        if not isinstance(last, (ast.PredCompare, ast.PredIs)):
            return expr
        value = last.value
        span, end = value.span if hasattr(value, "span") else None, expr.span
        if span is None or (span.end_line, span.end_column) != (end.end_line, end.end_column):
            return expr  # a bracket closes after the value: the author grouped it
        if not isinstance(value, ast.BinOp):
            return expr
        if value.op not in ("*", "/", "%"):
            self._ambiguous_sum(value, expr)
            return expr
        trailing: list[ast.BinOp] = []
        base: ast.Expr = value
        while isinstance(base, ast.BinOp) and base.op in ("*", "/", "%") and base.span.column == value.span.column:
            trailing.append(base)
            base = base.left
        regrouped: ast.Expr = attrs.evolve(expr, sel=attrs.evolve(expr.sel, where=with_last_value(where, base)))
        count = format_expr(regrouped)
        ops = "".join(f" {op.op} {format_expr(op.right)}" for op in reversed(trailing))
        tested = f"{last.attribute} {getattr(last, 'op', 'is')} ({format_expr(value)})"
        new = self.new_meaning("arithmetic-after-test-works-on-count")
        reading = f"works on the count: ({count}){ops}" if new else f"is part of the card test: {tested}"
        self.warn(
            "W310",
            f"'{ops.strip()}' right after a card test's value {reading}",
            value.span,
            f"write brackets to say which: '({count}){ops}' or '... where {tested}'",
        )
        if not new:
            return expr
        for op in reversed(trailing):
            regrouped = ast.BinOp(op.op, regrouped, op.right, span=op.span)
        return regrouped

    def _ambiguous_sum(self, value: ast.BinOp, expr: ast.Aggregate) -> None:
        """``where cost >= 1 / 2 + 1``: a sum belongs to the test (language 3), but a '/' inside it
        with no bracket reads either way (W310)."""
        where = expr.sel.where
        assert where is not None
        node: ast.Expr = value
        while isinstance(node, ast.BinOp) and node.op in ("+", "-"):
            left = node.left
            if isinstance(left, ast.BinOp) and left.op in ("*", "/", "%") and left.span.column == node.span.column:
                count = attrs.evolve(expr, sel=attrs.evolve(expr.sel, where=with_last_value(where, left.left)))
                self.warn(
                    "W310",
                    f"'{left.op} {format_expr(left.right)}' inside a card test's sum reads either as part of the "
                    "test or as working on the count",
                    left.span,
                    f"write brackets to say which: '... where ... ({format_expr(value)})' for the test, or "
                    f"'({format_expr(count)}) {left.op} {format_expr(left.right)} ...' for the count",
                )
                return
            node = left

    def _division(self, expr: ast.BinOp, left: NumberFn, right: NumberFn) -> NumberFn:
        """``a / b`` is a divided by b rounded down (towards minus infinity, so ``-7 / 2`` is -4);
        ``a % b`` is what is left over, with the sign of b, so that ``(a / b) * b + a % b`` is a.
        Dividing by zero is refused where it is written (E144); where the divisor is worked out
        in play and comes to 0, ``a / 0`` is 0 and ``a % 0`` is a (the same rule still holds), so a
        running game never stops on a card's arithmetic, and the linter warns of it (W311)."""
        divisor = expr.right
        if isinstance(divisor, ast.Num) and divisor.value == 0:
            word = "divide" if expr.op == "/" else "take the remainder"
            self.error("E144", f"cannot {word} by zero", divisor.span)
        elif not nonzero_constant(divisor) and not self._guarded:
            result = "result is 0" if expr.op == "/" else "remainder is the number divided"
            self.warn(
                "W311",
                f"this divisor can come to 0 in play, and then the {result}",
                divisor.span,
                "say what it is when the divisor is 0: '(if DIVISOR > 0 then N / DIVISOR else 0)', or divide "
                "inside an 'if' that tests it",
            )
        op = expr.op

        def run_division(ctx: Ctx) -> int:
            by = right(ctx)
            value = left(ctx)
            if by == 0:
                return 0 if op == "/" else value
            return checked_number(value // by if op == "/" else value % by, ctx)

        return run_division

    # ------------------------------------------------------------------ Power and costs
    def _power_read(self, expr: ast.PowerRead) -> NumberFn:
        quantity = self.vocab.quantities.get("power")
        if quantity is None or quantity.fn is None:
            self._not_in_family("reading Power ('power')", expr.span, ())
            return constant_fn(0)
        power = self.vocab.primitives["power"]
        if not self._contexts:
            self.error(
                "E125",
                "'power' has no value here: Power exists only during a turn",
                expr.span,
                f"'power' is read in: {', '.join(power.honoured_contexts(self.vocab.contexts))}",
            )
        self._check_context(power, "reading 'power'", expr.span)
        self._power_for_others("reading 'power'", expr.span)
        read: NumberFn = quantity.fn  # type: ignore[assignment]
        return read

    def _var_expr(self, expr: ast.VarExpr) -> NumberFn:
        name = expr.name
        if not any(name in scope for scope in self._bound[-1:]):
            self.error(
                "E130",
                f"'{name}' is used before anything is named '{name}'",
                expr.span,
                "bind it with 'let' or 'as' first",
            )
        elif name in self._player_names:
            self.error(
                "E146",
                f"'{name}' is a player (from 'choose'), not a number",
                expr.span,
                f"act on that player with 'for each {name} {{ ... }}'",
            )

        def var_value(ctx: Ctx) -> int:
            value = ctx.vars.get(name, 0)
            return len(value) if isinstance(value, list) else value

        return var_value
