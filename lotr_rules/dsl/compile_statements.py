"""Compiling statements and blocks: Power, payments, cost changes, tokens, ``if``, ``choose``,
loops, ``for each`` and the names each block binds. See :mod:`lotr_rules.dsl.compiler`."""

from __future__ import annotations

from collections.abc import Callable

from lotr_rules.dsl import ast, lasting, paid_choices
from lotr_rules.dsl.compile_commands import CommandCompiler
from lotr_rules.dsl.compile_support import (
    checked_number,
    cost_text,
    do_nothing,
    fixed_cond,
    forgetting,
    no_players,
    power_floor,
    restoring,
    suggest,
    times_one,
    token_text,
    with_article,
)
from lotr_rules.dsl.formatter import format_cond, format_expr, format_sel, format_stmt
from lotr_rules.dsl.plain import may_words
from lotr_rules.engine.cards import CondFn, CostChangeDef, Effect, NumberFn
from lotr_rules.engine.context import Ctx
from lotr_rules.engine.decisions import Option
from lotr_rules.limits import MAX_LOOP_ROUNDS, shown_number


class StatementCompiler(CommandCompiler):
    """Statements and the blocks that hold them, compiled into effects."""

    def _nested(self, body: ast.Block, context: str = "") -> Effect:
        """A block inside a statement that may run it not exactly once (its reading indented)."""
        self._depth += 1
        self._unsure += 1
        try:
            return self._scoped(body, context)
        finally:
            self._depth -= 1
            self._unsure -= 1

    # ------------------------------------------------------------------ blocks
    def _block(self, body: ast.Block) -> Effect:
        effects = [e for e in (self._stmt(stmt) for stmt in body) if e is not None]
        if not effects:
            return do_nothing
        if len(effects) == 1:
            return effects[0]
        steps = tuple(effects)

        def run_block(ctx: Ctx) -> None:
            for effect in steps:
                effect(ctx)

        return run_block

    def _scoped(self, body: ast.Block, context: str = "") -> Effect:
        self._open_scope()
        if context:
            self._contexts.append(context)
        try:
            effect = self._block(body)
        finally:
            if context:
                self._contexts.pop()
            own = self._close_scope()
        return restoring(effect, own) if self.new_meaning("names-scoped-to-blocks") else effect

    def _stmt(self, stmt: ast.Stmt) -> Effect | None:
        if isinstance(stmt, ast.AmountStmt):
            return lasting.amount_stmt(self, stmt)
        if isinstance(stmt, ast.GiveStmt):
            return lasting.give_effect(self, stmt)
        if isinstance(stmt, ast.CounterStmt):
            return lasting.counter_stmt(self, stmt)
        if isinstance(stmt, ast.CostStep):
            lasting.misplaced_cost(self, stmt)
            return None
        if isinstance(stmt, ast.PowerStmt):
            if stmt.lose:
                return self._lose_power(stmt)
            return self._power(stmt)
        if isinstance(stmt, ast.PayStmt):
            return self._pay(stmt)
        if isinstance(stmt, ast.CostStmt):
            return self._cost_change(stmt)
        if isinstance(stmt, ast.LetStmt):
            self._say(f"let {stmt.name} be {format_expr(stmt.value)}")
            value = self._expr(stmt.value)
            name = stmt.name
            self._bind_name(name)
            self._numbers.add(name)
            self._player_names.discard(name)
            if self._can_be_negative(stmt.value):
                self._negative_names.add(name)
            else:
                self._negative_names.discard(name)

            def run_let(ctx: Ctx) -> None:
                ctx.vars[name] = value(ctx)

            return run_let
        if isinstance(stmt, ast.Command):
            return self._command(stmt)
        if isinstance(stmt, ast.TokenStmt):
            return self._tokens(stmt)
        if isinstance(stmt, ast.NextTurnStmt):
            return self._next_turn(stmt)
        if isinstance(stmt, ast.IfStmt):
            return self._if(stmt)
        if isinstance(stmt, ast.MayStmt):
            self._say("You may choose to:")
            body = self._nested(stmt.body)
            prompt = " ".join(line.strip() for s in stmt.body for line in format_stmt(s, 0))
            # bots read the script's text; a person is asked about the cards themselves
            asked = {name: primitive.asked for name, primitive in self.vocab.primitives.items() if primitive.asked}
            words = may_words(stmt.body, self.vocab.zones, asked)

            def run_may(ctx: Ctx) -> None:
                if ctx.game.ask_yes_no(ctx.player, "may", f"{prompt}?", ctx.this, words(ctx)):
                    body(ctx)

            return run_may
        if isinstance(stmt, ast.ChooseStmt):
            return self._choose(stmt)
        if isinstance(stmt, ast.RepeatStmt):
            count = self._expr(stmt.count)
            if isinstance(stmt.count, ast.Num) and stmt.count.value > MAX_LOOP_ROUNDS:
                self.error(
                    "E312",
                    f"a loop runs at most {MAX_LOOP_ROUNDS} rounds, not {shown_number(stmt.count.value)}",
                    stmt.count.span,
                    f"write a number up to {MAX_LOOP_ROUNDS}",
                )
            bound = "" if isinstance(stmt.count, ast.Num) else f" (at most {MAX_LOOP_ROUNDS})"
            self._say(f"Repeat {format_expr(stmt.count)} times{bound}:")
            body = self._nested(stmt.body)

            def run_repeat(ctx: Ctx) -> None:
                for _ in range(min(count(ctx), MAX_LOOP_ROUNDS)):
                    ctx.game.step(ctx.this)
                    body(ctx)

            return run_repeat
        if isinstance(stmt, ast.RepeatUntilStmt):
            return self._repeat_until(stmt)
        if isinstance(stmt, ast.ChoosePlayerStmt):
            return self._choose_player(stmt)
        if isinstance(stmt, ast.ForEachStmt):
            return self._for_each(stmt)
        if isinstance(stmt, ast.AttackStmt):
            return self._attack(stmt)
        return self._turn_trigger(stmt)

    def _power(self, stmt: ast.PowerStmt) -> Effect | None:
        amount = self._expr(stmt.amount)
        primitive = self.vocab.primitives.get("power")
        if primitive is None:
            self._not_in_family("Power", stmt.span, ())
            return None
        if not self._check_context(primitive, "'+N power'", stmt.span):
            return None
        if self._power_for_others("'+N power'", stmt.span):
            return None
        if self._can_be_negative(stmt.amount):
            self.warn(
                "W215",
                "this can add a negative amount of Power",
                stmt.amount.span,
                "Power never goes below 0; to spend Power only when it is there, write 'pay N power { ... }'",
            )
        if stmt.per_each is None:
            gained = "as much Power as you have" if isinstance(stmt.amount, ast.PowerRead) else None
            self._say(f"gain {gained or format_expr(stmt.amount) + ' Power'}")
        impl = primitive.impl
        assert impl is not None
        if stmt.per_each is None:
            if isinstance(stmt.amount, ast.Num):
                constant = stmt.amount.value

                def run_power_constant(ctx: Ctx) -> None:
                    impl(ctx, constant)

                return run_power_constant

            def run_power(ctx: Ctx) -> None:
                impl(ctx, amount(ctx))

            return run_power
        per_count, per_reading = self._per_each(stmt.per_each)
        self._say(f"gain {format_expr(stmt.amount)} Power for each of {per_reading}")

        def run_power_each(ctx: Ctx) -> None:
            impl(ctx, checked_number(amount(ctx) * per_count(ctx), ctx))

        return run_power_each

    def _per_each(self, sel: ast.Sel) -> tuple[NumberFn, str]:
        """What '+N power for each ...' multiplies by: the players of a player phrase ('for each
        opponent': how many opponents you have), or the cards a selection counts."""
        players = self._player_phrase(sel)
        if players is not None:
            chooser: Callable[[Ctx], list[int]] = players.fn  # type: ignore[assignment]
            return (lambda ctx: len(chooser(ctx))), players.words
        self._measure_parts(sel, "'for each' after Power", frozenset())
        per = self._selection(sel, default_zone="", role="count")
        return per.count, per.reading

    def _tokens(self, stmt: ast.TokenStmt) -> Effect | None:
        self._say(token_text(stmt))
        amount = self._expr(stmt.amount) if stmt.amount is not None else None
        counter = self._counter(stmt.counter, stmt.span)
        if counter is None:
            return None
        read: Callable[[Ctx], int] = counter.fn  # type: ignore[assignment]
        write: Callable[[Ctx, int], None] = counter.data["set"]  # type: ignore[assignment]
        if amount is None:
            return lambda ctx: write(ctx, 0)
        sign = 1 if stmt.op == "add" else -1

        def run_tokens(ctx: Ctx) -> None:
            # A counter never holds fewer than no tokens: taking 3 off 1 leaves none.
            write(ctx, checked_number(max(0, read(ctx) + sign * amount(ctx)), ctx))

        return run_tokens

    def _next_turn(self, stmt: ast.NextTurnStmt) -> Effect | None:
        primitive = self.vocab.primitives.get("next turn")
        # It runs later, with the names bound so far as they are when it is set up.
        self._reading.append("  " * self._depth + "During your next turn:")
        body = self._nested(stmt.body, "next turn")
        if not self.new_meaning("names-kept-in-later-blocks"):
            body = forgetting(body)
        if primitive is None or primitive.impl is None:
            self._not_in_family("'next turn'", stmt.span, ())
            return None
        register = primitive.impl

        def run_next_turn(ctx: Ctx) -> None:
            register(ctx, body)

        return run_next_turn

    # ------------------------------------------------------------------ control flow
    def _if(self, stmt: ast.IfStmt) -> Effect:
        compiled: list[tuple[CondFn, Effect]] = []
        for index, branch in enumerate(stmt.branches):
            word = "If" if index == 0 else "Otherwise, if"
            self._reading.append("  " * self._depth + f"{word} {format_cond(branch.cond, explicit=True)}:")
            test = self._cond(branch.cond)
            self._power_floor.append(max(self._power_floor[-1], power_floor(branch.cond)))
            self._guarded += 1
            try:
                compiled.append((test, self._nested(branch.body)))
            finally:
                self._power_floor.pop()
                self._guarded -= 1
        branches = tuple(compiled)
        otherwise: Effect | None = None
        if stmt.otherwise is not None:
            self._reading.append("  " * self._depth + "Otherwise:")
            otherwise = self._nested(stmt.otherwise)
        if len(branches) == 1:
            test, body = branches[0]

            def run_if(ctx: Ctx) -> None:
                if test(ctx):
                    body(ctx)
                elif otherwise is not None:
                    otherwise(ctx)

            return run_if

        def run_if_chain(ctx: Ctx) -> None:
            for test, body in branches:
                if test(ctx):
                    body(ctx)
                    return
            if otherwise is not None:
                otherwise(ctx)

        return run_if_chain

    def _choose(self, stmt: ast.ChooseStmt) -> Effect:
        self._say("Choose one:")
        compiled: list[Option] = []
        self._depth += 1
        for option in stmt.options:
            self._reading.append("  " * self._depth + f'"{option.label}":')
            # an option that starts with 'cost' lines is offered only while they can be paid
            self._depth += 1  # (its price reads inside the option, as its block does)
            price, body = paid_choices.priced(self, option)
            self._depth -= 1
            compiled.append(Option(option.label, paid_choices.PricedOption(price, self._nested(body))))
        self._depth -= 1
        options = tuple(compiled)
        any_price = any(paid_choices.has_price(option) for option in stmt.options)

        def run_choose(ctx: Ctx) -> None:
            open_ = paid_choices.offered(options, ctx) if any_price else options
            if not open_:
                return  # no option can be paid for: the choice does nothing
            chosen = ctx.game.ask(ctx.player, "choose", "choose one", open_, ctx.this)
            effect = chosen.value
            assert callable(effect)
            effect(ctx)

        return run_choose

    def _repeat_until(self, stmt: ast.RepeatUntilStmt) -> Effect:
        """``repeat until CONDITION { ... }``: the condition is checked before each round, and the
        loop runs at most :data:`MAX_LOOP_ROUNDS` rounds, so one whose condition never comes
        true ends there and the effect goes on."""
        test = self._cond(stmt.cond)
        if fixed_cond(stmt.cond):
            self.warn(
                "W219",
                "this 'repeat until' condition reads nothing in the game, so it holds from the start "
                f"(the block never runs) or never (the block runs {MAX_LOOP_ROUNDS} times)",
                stmt.cond.span,
                "test a measure, a name or a state the block can change: 'until number of cards in hand >= 5'",
            )
        self._say(f"Until {format_cond(stmt.cond, explicit=True)}, repeat (at most {MAX_LOOP_ROUNDS} times):")
        body = self._nested(stmt.body)

        def run_repeat_until(ctx: Ctx) -> None:
            for _ in range(MAX_LOOP_ROUNDS):
                if test(ctx):
                    return
                ctx.game.step(ctx.this)
                body(ctx)

        return run_repeat_until

    def _choose_player(self, stmt: ast.ChoosePlayerStmt) -> Effect | None:
        """``choose a player as P`` / ``choose an opponent as P``: the acting player picks one,
        and ``P`` names that player for ``for each P { ... }`` after it."""
        sel = stmt.sel
        words = " ".join(sel.kind or ())
        if not self.vocab.chosen_players:
            self._not_in_family("choosing a player", stmt.span, ())
            return None
        phrase = self.vocab.chosen_players.get(words)
        offered = [with_article(w) for w in self.vocab.chosen_players]
        if phrase is None or sel.source is not None or sel.where is not None or sel.ref is not None:
            self.error(
                "E145",
                f"'choose {format_sel(sel)}' is not a choice of a player",
                sel.span,
                "write one of: " + ", ".join(f"choose {o} as P" for o in offered),
            )
            return None
        if sel.quantity is not None and sel.quantity.kind != "one":
            self.error("E145", "a player is chosen one at a time: write 'a' or 'an'", sel.quantity.span)
            return None
        if sel.binding is None:
            self.error(
                "E145",
                f"the chosen player has no name, so nothing can act on them: 'choose {format_sel(sel)} as P'",
                sel.span,
            )
            return None
        name = sel.binding
        self._bind_name(name)
        self._player_names.add(name)
        self._chosen_unused[name] = stmt.span
        self._numbers.discard(name)
        self._say(f"choose {phrase.doc} (named {name})")
        choices: Callable[[Ctx], list[int]] = phrase.fn  # type: ignore[assignment]
        card_name = self._card_name

        def run_choose_player(ctx: Ctx) -> None:
            game = ctx.game
            seats = choices(ctx)
            if not seats:
                ctx.vars[name] = -1
                return
            options = [Option("you" if p == ctx.player else f"player {p + 1}", p) for p in seats]
            asked = f"{card_name}: choose {with_article(words)}"
            answer = game.ask(ctx.player, "choose a player", asked, options, ctx.this)
            ctx.vars[name] = int(answer.value)  # type: ignore[call-overload]

        return run_choose_player

    def _for_chosen_player(self, stmt: ast.ForEachStmt, name: str) -> Effect:
        self._reading.append("  " * self._depth + f"For {name}:")
        self._for_players.append(name)
        try:
            body = self._nested(stmt.body)
        finally:
            self._for_players.pop()

        def run_for_chosen(ctx: Ctx) -> None:
            seat = ctx.vars.get(name, -1)
            if isinstance(seat, int) and seat >= 0:
                ctx.game.step(ctx.this)
                body(ctx.for_player(seat))

        return run_for_chosen

    def _for_each(self, stmt: ast.ForEachStmt) -> Effect:
        sel = stmt.sel
        if sel.ref is not None and sel.ref.kind == "var" and sel.ref.name in self._player_names:
            self._chosen_unused.pop(sel.ref.name, None)
            if sel.binding is not None:
                self.error("E146", f"'{sel.ref.name}' is a player: it takes no 'as'", sel.span)
            return self._for_chosen_player(stmt, sel.ref.name)
        words = " ".join(sel.kind or ())
        players = self.vocab.players.get(words) if sel.quantity is None and sel.source is None else None
        if players is None and words:
            players = self.vocab.players.get("each " + words)
        if players is not None and sel.where is None and sel.ref is None:
            chooser: Callable[[Ctx], list[int]] = players.fn  # type: ignore[assignment]
            assert chooser is not None
            self._reading.append("  " * self._depth + f"For {players.words}:")
            if players.words != "you":
                self._for_players.append(" ".join(sel.kind or ()))
            try:
                body = self._nested(stmt.body)
            finally:
                if players.words != "you":
                    self._for_players.pop()

            def run_for_players(ctx: Ctx) -> None:
                for player in chooser(ctx):
                    ctx.game.step(ctx.this)
                    body(ctx.for_player(player))

            return run_for_players
        if self._misspelt_players(sel, words):
            return do_nothing
        self._measure_parts(sel, "'for each'", frozenset({"as"}))
        selection = self._selection(sel, "", role="for each")
        binding = sel.binding
        self._reading.append("  " * self._depth + f"For each {selection.reading}:")
        self._open_scope()
        self._depth += 1
        self._unsure += 1
        if binding:
            self._bind_name(binding)
        try:
            body = self._block(stmt.body)
        finally:
            self._depth -= 1
            self._unsure -= 1
            own = self._close_scope()
        if binding is None:
            self.warn("W203", "'for each' over cards names no card ('as X'), so the body cannot refer to it", stmt.span)

        def run_for_cards(ctx: Ctx) -> None:
            for card in selection.all_cards(ctx):
                ctx.game.step(ctx.this)
                if binding:
                    ctx.vars[binding] = [card]
                body(ctx)

        if not self.new_meaning("names-scoped-to-blocks"):
            return run_for_cards
        return restoring(run_for_cards, own)

    def _misspelt_players(self, sel: ast.Sel, words: str) -> bool:
        """``for each other playr``: words that name no card type but nearly a player phrase are
        reported as a player phrase, with the phrase they resemble (a card type would be an
        unrelated suggestion)."""
        kind = sel.kind or ()
        if not kind or sel.quantity is not None or sel.source is not None or sel.where is not None:
            return False
        if self.vocab.card_type(kind[0]) is not None or kind[0] in ("card", "cards") or self._named_thing(list(kind)):
            return False
        phrases = [phrase.removeprefix("each ") for phrase in self.vocab.players]
        hint = suggest(words, phrases)
        if hint is None:
            return False
        self.error("E113", f"unknown player phrase '{words}'", sel.span, hint)
        return True

    def _attack(self, stmt: ast.AttackStmt) -> Effect | None:
        targets = self._players(stmt.players, stmt.span)
        if stmt.guard is not None and stmt.guard != "defense":
            self.error("E122", f"unknown guard 'without {stmt.guard}'", stmt.span, "only 'without defense' is known")
        defense = " (no Defense may avoid it)" if stmt.guard else " (each may avoid it with a Defense)"
        self._say(f"Attack {' '.join(stmt.players)}{defense}; each player hit must:")
        body = self._nested(stmt.body, "attack")
        if targets is None:
            return None
        defendable = stmt.guard is None
        if "attack" not in self.vocab.primitives:
            self._not_in_family("an Attack on other players", stmt.span, ())
            return None
        attack = self.vocab.primitives["attack"].impl
        assert attack is not None

        def run_attack(ctx: Ctx) -> None:
            attack(ctx, targets, body, defendable)

        return run_attack

    def _lose_power(self, stmt: ast.PowerStmt) -> Effect | None:
        amount = self._expr(stmt.amount)
        primitive = self.vocab.primitives.get("lose power")
        if primitive is None or primitive.impl is None:
            self._not_in_family("'-N power'", stmt.span, ())
            return None
        if not self._check_context(primitive, "'-N power'", stmt.span):
            return None
        if self._power_for_others("'-N power'", stmt.span):
            return None
        if stmt.per_each is not None:
            per_count, per_reading = self._per_each(stmt.per_each)
            base = amount
            amount = lambda ctx: checked_number(base(ctx) * per_count(ctx), ctx)  # noqa: E731
            self._say(f"lose {format_expr(stmt.amount)} Power for each of {per_reading} (never below 0)")
        else:
            self._say(f"lose {format_expr(stmt.amount)} Power (never below 0)")
        floor = self._power_floor[-1]
        sure = isinstance(stmt.amount, ast.Num) and stmt.per_each is None and stmt.amount.value <= floor
        if not sure:
            self.warn(
                "W215",
                "this can take Power below 0, where it stops",
                stmt.span,
                f"write 'pay {format_expr(stmt.amount)} power {{ ... }}' to spend it only when it is there,"
                " or put it inside 'if power >= N'",
            )
        impl = primitive.impl

        def run_lose_power(ctx: Ctx) -> None:
            impl(ctx, amount(ctx))

        return run_lose_power

    def _pay(self, stmt: ast.PayStmt) -> Effect | None:
        amount = self._expr(stmt.amount)
        primitive = self.vocab.primitives.get("pay")
        if primitive is None or primitive.impl is None:
            self._not_in_family("'pay N power'", stmt.span, ())
            self._nested(stmt.body)
            return None
        honoured = self._check_context(primitive, "'pay N power'", stmt.span)
        honoured = not self._power_for_others("'pay N power'", stmt.span) and honoured
        if self._can_be_negative(stmt.amount):
            self.warn(
                "W215",
                "the Power to pay can be negative",
                stmt.amount.span,
                "a negative amount pays nothing: Power is never added by paying",
            )
        self._say(f"Pay {format_expr(stmt.amount)} Power; only if you can:")
        floor = 0
        if isinstance(stmt.amount, ast.Num):
            floor = 0  # what is left after paying is unknown
        self._power_floor.append(floor)
        try:
            body = self._nested(stmt.body)
        finally:
            self._power_floor.pop()
        if not honoured:
            return None
        pay = primitive.impl

        def run_pay(ctx: Ctx) -> None:
            if pay(ctx, amount(ctx)):
                body(ctx)

        return run_pay

    def _cost_parts(self, stmt: ast.CostStmt) -> tuple[Callable[[Ctx, int], bool], NumberFn]:
        """The test of the cards a cost change is about, and its amount."""
        test = self._type_test(stmt.kind, stmt.span)
        where = self._pred(stmt.where) if stmt.where is not None else None
        amount = self._expr(stmt.amount)
        if self._can_be_negative(stmt.amount):
            self.warn(
                "W216",
                "the amount of this cost change can be negative",
                stmt.amount.span,
                "a cost change of a negative amount changes nothing; write 'less' or 'more' for the way it goes",
            )

        def applies(ctx: Ctx, card: int) -> bool:
            return (test is None or test(ctx, card)) and (where is None or where(ctx, card))

        return applies, amount

    def _cost_change(self, stmt: ast.CostStmt) -> Effect | None:
        primitive = self.vocab.primitives.get("cost change")
        if primitive is None or primitive.impl is None:
            self._not_in_family("a cost change", stmt.span, ())
            return None
        if "while" in self._contexts:
            return None  # compiled by _while
        honoured = self._check_context(primitive, "a cost change", stmt.span)
        honoured = not self._power_for_others("a cost change", stmt.span) and honoured
        amount_per = self._cost_per_player(stmt)
        if stmt.players and amount_per is None:
            self.error(
                "E128",
                "a cost change for other players can only hold while a card is in front of you",
                stmt.span,
                "this one lasts only the rest of this turn, in which only you buy: "
                "put it in a 'while in front of you' block, or drop 'for ...'",
            )
            honoured = False
        applies, amount = self._cost_parts(stmt)
        if amount_per is not None:
            amount = amount_per(amount)
        self._changes_costs = True
        self._say(cost_text(stmt, per_player=amount_per is not None))
        if not honoured:
            return None
        sign = 1 if stmt.way == "more" else -1
        change = CostChangeDef(players=no_players, test=applies, amount=amount, sign=sign, once=stmt.scope == "next")
        impl = primitive.impl

        def run_cost_change(ctx: Ctx) -> None:
            impl(ctx, change)

        return run_cost_change

    def _cost_per_player(self, stmt: ast.CostStmt) -> Callable[[NumberFn], NumberFn] | None:
        """``all allies cost 1 less for each opponent``: the amount is counted once for each of
        those players, and the change is to your own buys (language 4; before, it changed the
        buys of each of those players). Whose buys a change in front of you changes is written
        without 'each': ``for opponents``, ``for player to your left``."""
        words = stmt.players or ()
        if not words or words[0] != "each" or not self.new_meaning("cost-for-each-counts"):
            return None
        counted = self._players(words, stmt.span)
        if counted is None:
            return times_one

        def per_player(amount: NumberFn) -> NumberFn:
            def counted_amount(ctx: Ctx) -> int:
                return checked_number(amount(ctx) * len(counted(ctx)), ctx)

            return counted_amount

        return per_player

    def _turn_trigger(self, stmt: ast.TriggerStmt) -> Effect | None:
        """A trigger a statement sets up: an ability, compiled by
        :class:`~lotr_rules.dsl.compile_abilities.AbilityCompiler`."""
        raise NotImplementedError
