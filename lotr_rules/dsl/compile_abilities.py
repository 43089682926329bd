"""Compiling a card's abilities: triggers (a card's and those its effects set up), ``while``
abilities and actions. See :mod:`lotr_rules.dsl.compiler`."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from lotr_rules.dsl import ast, lasting
from lotr_rules.dsl.compile_statements import StatementCompiler
from lotr_rules.dsl.compile_support import (
    ARTICLES,
    FIRST_TIME,
    VARIABLE_COST,
    WHILE_PHRASES,
    any_card,
    card_types,
    cost_text,
    forgetting,
    only_you,
    suggest,
)
from lotr_rules.dsl.formatter import format_expr
from lotr_rules.dsl.nearmiss import first_time_rewrite
from lotr_rules.engine.cards import ActionDef, CostChangeDef, Effect, NumberFn, TriggerDef
from lotr_rules.engine.context import Ctx
from lotr_rules.engine.registry import Phrase
from lotr_rules.errors import Span
from lotr_rules.limits import MAX_ACTION_USES


class AbilityCompiler(StatementCompiler):
    """Triggers, ``while`` abilities and actions."""

    def _turn_trigger(self, stmt: ast.TriggerStmt) -> Effect | None:
        # It runs later, with the names bound so far as they are when it is registered.
        self._open_scope()
        words = " ".join((stmt.keyword, *stmt.phrase))
        self._contexts.append("end of turn" if words == "at end of turn" else "trigger")
        try:
            trigger = self._trigger(stmt.keyword, stmt.phrase, stmt.body, stmt.span, scope="turn")
        finally:
            self._contexts.pop()
            self._close_scope()
        if trigger is None:
            return None
        if "register trigger" not in self.vocab.primitives:
            self._not_in_family(f"'{stmt.keyword} ...' inside an effect", stmt.span, ())
            return None
        register = self.vocab.primitives["register trigger"].impl
        assert register is not None

        def run_register(ctx: Ctx) -> None:
            register(ctx, trigger)

        return run_register

    def _card_trigger(self, ability: ast.Ability) -> TriggerDef | None:
        return self._trigger(ability.kind, ability.phrase, ability.body, ability.span, scope="front")

    def _trigger(
        self, keyword: str, phrase: Sequence[str], body: ast.Block, span: Span, scope: str
    ) -> TriggerDef | None:
        words = [w for w in phrase]
        rewrite = first_time_rewrite(keyword, words)
        if rewrite is not None:
            message = "'first time this turn' is written 'for the first time this turn', at the end of the trigger"
            self.error("E321", message, span, f"write '{rewrite}'")
            return None
        first_time = words[-len(FIRST_TIME) :] == list(FIRST_TIME) and len(words) > len(FIRST_TIME)
        if first_time:
            words = words[: -len(FIRST_TIME)]
        entry: Phrase | None = None
        rest: list[str] = []
        for size in range(len(words), 0, -1):
            candidate = self.vocab.triggers.get(f"{keyword} " + " ".join(words[:size]))
            if candidate is not None:
                entry, rest = candidate, words[size:]
                break
        if entry is None:
            text = f"{keyword} " + " ".join(words)
            self.error("E114", f"unknown trigger '{text}'", span, suggest(text, self.vocab.triggers))
            return None
        event = str(entry.data["event"])
        if scope == "turn" and entry.data.get("waits") is False:
            # a family that says which of its triggers an effect can wait for refuses the rest
            waits = [t.words for t in self.vocab.triggers.values() if t.data.get("waits")]
            self.error(
                "E114",
                f"an effect cannot wait for '{entry.words}' in {self.vocab.title or self.vocab.family}",
                span,
                "it can wait for: " + ", ".join(waits),
            )
            return None
        self._listens.add(event)
        trigger_scope = str(entry.data.get("scope", scope))
        if scope == "turn" and trigger_scope == "front":
            trigger_scope = "turn"
        filters = bool(entry.data.get("filter", False))
        matches: Callable[[Ctx, int], bool] = any_card
        if rest:
            if not filters:
                self.error("E114", f"trigger '{keyword} {' '.join(words)}' takes no card filter", span)
                return None
            matches = self._trigger_filter(rest, span)
        once = bool(entry.data.get("once", False)) and scope == "turn"
        label = f"{keyword} {' '.join(words)}"
        if first_time:
            first = self._first_time(keyword, entry, trigger_scope, once, matches, span)
            if first is None:
                return None
            matches = first
            label += " " + " ".join(FIRST_TIME)
        if trigger_scope == "self":
            heading = f"{entry.doc}, wherever it is:"
        elif trigger_scope == "turn" and entry.data.get("waits"):
            heading = f"Once, {label}:"  # an effect waiting for the end of a phase or round
        elif trigger_scope == "turn":
            heading = f"{'Once' if once else 'Every time'} this turn, {label}:"
        elif "hero" in self._contexts:
            heading = f"While this is your hero, {label}:"
        else:
            heading = f"While in front of you, {label}:"
        self._reading.append("  " * self._depth + heading[:1].upper() + heading[1:])
        self._depth += 1
        self._unsure += 1
        try:
            effect = self._block(body)
        finally:
            self._depth -= 1
            self._unsure -= 1
        if trigger_scope == "turn" and not self.new_meaning("names-kept-in-later-blocks"):
            effect = forgetting(effect)
        return TriggerDef(
            event=event,
            scope=trigger_scope,
            effect=effect,
            matches=matches,
            once=once,
            label=label,
            tidies=self.new_meaning("trigger-reveals-return"),
        )

    def _first_time(
        self,
        keyword: str,
        entry: Phrase,
        scope: str,
        once: bool,
        matches: Callable[[Ctx, int], bool],
        span: Span,
    ) -> Callable[[Ctx, int], bool] | None:
        """``when you play an ally for the first time this turn``: the event must be the first
        of its kind this turn (for its player) that the phrase's card filter lets through."""
        if not self.vocab.turn_counts:
            self._not_in_family("'for the first time this turn'", span, ())
            return None
        if keyword != "when" or scope == "self" or once:
            self.error(
                "E126",
                f"'{keyword} {entry.words}' cannot be written 'for the first time this turn'",
                span,
                "it goes after a 'when you ...' phrase about your events, such as 'when you play an ally'",
            )
            return None
        event = str(entry.data["event"])
        self._counts.add(event)
        key = f"{event} this turn"

        def first_time(ctx: Ctx, card: int) -> bool:
            if not matches(ctx, card):
                return False
            seen = ctx.game.state.marks.get((key, ctx.player), ())
            return sum(1 for c in seen if matches(ctx, c)) == 1

        return first_time

    def _trigger_filter(self, words: list[str], span: Span) -> Callable[[Ctx, int], bool]:
        while words and words[0] in ARTICLES:
            words = words[1:]
        controlled = False
        if words[-2:] == ["you", "control"]:
            controlled = True
            words = words[:-2]
        test = self._type_test(words, span) if words else None

        def matches(ctx: Ctx, card: int) -> bool:
            if card < 0:
                return False
            if controlled and not ctx.vars.get("__origin"):
                return False
            return test is None or test(ctx, card)

        return matches

    def _while(self, ability: ast.Ability) -> tuple[CostChangeDef, ...]:
        """``while in front of you { all enemies cost 1 more for opponents }``."""
        phrase = " ".join(ability.phrase)
        primitive = self.vocab.primitives.get("cost change")
        if primitive is None:
            self._not_in_family("'while'", ability.span, ())
            return ()
        if phrase not in WHILE_PHRASES:
            self.error(
                "E127",
                f"unknown 'while' phrase '{phrase}'",
                ability.span,
                suggest(phrase, WHILE_PHRASES) or f"write: while {WHILE_PHRASES[0]}",
            )
            return ()
        self._say("While in front of you:")
        changes: list[CostChangeDef] = []
        self._depth = 1
        for stmt in ability.body:
            if not isinstance(stmt, ast.CostStmt):
                self.error(
                    "E127",
                    "a 'while in front of you' block holds only cost changes",
                    getattr(stmt, "span", ability.span),
                    "write other effects in an 'ongoing' block or a 'when'/'at' ability",
                )
                continue
            if stmt.scope == "next":
                self.error(
                    "E128",
                    "'next' cannot be written in a 'while in front of you' block",
                    stmt.span,
                    "a change that holds while the card is in front of you is 'all ...'; "
                    "'next ... costs' goes in an effect, for the rest of the turn",
                )
                continue
            players: Callable[[Ctx], list[int]] = only_you
            amount_per = self._cost_per_player(stmt)
            if stmt.players and amount_per is None:
                found = self._players(stmt.players, stmt.span)
                if found is None:
                    continue
                players = found
            applies, amount = self._cost_parts(stmt)
            if amount_per is not None:
                amount = amount_per(amount)
            self._say(cost_text(stmt, in_front=True, per_player=amount_per is not None))
            changes.append(
                CostChangeDef(players=players, test=applies, amount=amount, sign=1 if stmt.way == "more" else -1)
            )
        return tuple(changes)

    def _action(self, card: ast.Card, ability: ast.Ability, base: list[str], hero: bool) -> ActionDef | None:
        """``action [once per turn] [pay N power] { ... }``."""
        if "fortune" in card_types(card):
            self.error(
                "E129",
                "a Fortune's action could never be used",
                ability.span,
                "a Fortune is destroyed as soon as it resolves, so it is never in front of you or in play",
            )
            return None
        self._reset_names([*base, "action"])
        x_field, x_name = VARIABLE_COST
        if x_field in self._field_items:
            # the number its player chose (and paid) when playing the card
            self._bind_name(x_name)
            self._numbers.add(x_name)
        cost: NumberFn | None = None
        if ability.cost is not None:
            cost = self._expr(ability.cost)
            if self._can_be_negative(ability.cost):
                self.warn(
                    "W215",
                    "the Power to pay can be negative",
                    ability.cost.span,
                    "a negative amount pays nothing: Power is never added by paying",
                )
        if not lasting.limit(self, ability):
            return None
        event = "event" in card_types(card)
        paid = ability.cost is not None or any(isinstance(stmt, ast.CostStep) for stmt in ability.body[:1])
        if not paid and not ability.once and not event:
            period = self.vocab.periods[0] if self.vocab.periods else "turn"
            self.warn(
                "W217",
                f"this action costs nothing and is not once per {period}",
                ability.span,
                f"it can be used {MAX_ACTION_USES} times a {period}; give it a limit ('once per {period}') or a cost",
            )
        if "power" in self.vocab.primitives:
            how = ["once per turn" if ability.once else "any number of times a turn"]
            if ability.cost is not None:
                how.append(f"paying {format_expr(ability.cost)} Power each time")
            self._say(f"Action (use it during your main phase, {', '.join(how)}):")
        elif event:
            self._say("Action (play it from your hand in an action window):")
        else:
            limit = f", {lasting.limit_text(ability)}" if ability.once else ""
            if ability.by_each_player:
                limit = f", by each player for themselves{limit}{' each' if ability.once else ''}"
            self._say(f"Action (use it in an action window{limit}):")
        self._depth = 1
        price, body = lasting.price_of(self, ability.body, "action")
        price = lasting.needing_a_player(self, price, body)
        effect = self._block(body)
        times = ability.times if ability.once else 1
        if ability.by_each_player and not lasting.by_each_player(self, ability, event):
            return None
        return ActionDef(
            effect=effect,
            once=ability.once,
            cost=cost,
            period=ability.period,
            times=times,
            price=price,
            by_each_player=ability.by_each_player,
        )
