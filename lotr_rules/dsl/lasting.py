"""The compiler's part for amounts on cards, stat changes, counters raised, costs and limits.

These statements came with the LCG but belong to the language, for every family that declares
the words they need (:class:`~lotr_rules.engine.registry.Vocabulary`'s ``amounts``, ``stats``,
``counters`` and ``periods``); a family that declares none refuses them (E119), so nothing is
accepted and then ignored.

* ``deal 2 damage to X``, ``heal all damage from X``, ``place 1 progress on active location``,
  ``add 1 resource to X``, ``remove 2 progress from current quest``: an amount of a kind the
  family keeps on cards (E184 for a verb and kind it does not have, or the wrong preposition).
* ``give +1 willpower to X until end of phase``: a lasting change to a stat; in a ``while`` block it
  holds as long as the block's condition does and says no period (E185).
* ``raise threat by 2``, ``reduce threat by 3``: a counter of the game.
* ``cost exhaust this``: a step of what an ability costs, written first in its block; the ability
  can be used only when every step can be paid, and they are paid before the effect. Only a
  command its family can tell is payable may be a cost (E183).
* ``once per round``, ``2 times per phase``: a limit, in one of the family's periods (E186).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING

from lotr_rules.diagnostics import did_you_mean
from lotr_rules.dsl import ast
from lotr_rules.dsl.compile_support import cost_text
from lotr_rules.dsl.formatter import format_stmt
from lotr_rules.engine.cards import CondFn, ConstantDef, CostDef, Effect, NumberFn, TriggerDef
from lotr_rules.engine.context import Ctx
from lotr_rules.engine.registry import Phrase
from lotr_rules.engine.selection import Selection
from lotr_rules.errors import Span

if TYPE_CHECKING:
    # the part of the compiler these phrases use: statements, blocks and what they read
    from lotr_rules.dsl.compile_statements import StatementCompiler

#: the preposition each verb of an amount takes
PREPOSITIONS = {"deal": "to", "heal": "from", "place": "on", "add": "to", "remove": "from"}


def amount_key(verb: str, kind: str) -> str:
    """The vocabulary's key for ``VERB N KIND``: the kind in the singular (``resources``)."""
    if kind.endswith("s") and not kind.endswith("ss"):
        kind = kind[:-1]
    return f"{verb} {kind}"


def _text(stmt: ast.Stmt) -> str:
    return " ".join(line.strip() for line in format_stmt(stmt, 0))


# ------------------------------------------------------------------ amounts on cards
def amount_stmt(self: StatementCompiler, stmt: ast.AmountStmt) -> Effect | None:
    parts = _amount_parts(self, stmt)
    if parts is None:
        return None
    phrase, amount, selection = parts
    self._say(_text(stmt))
    act: Callable[[Ctx, Selection, int | None], None] = phrase.fn  # type: ignore[assignment]

    def run_amount(ctx: Ctx) -> None:
        act(ctx, selection, None if amount is None else amount(ctx))

    return run_amount


def _amount_parts(self: StatementCompiler, stmt: ast.AmountStmt) -> tuple[Phrase, NumberFn | None, Selection] | None:
    """The family's entry for ``VERB N KIND``, its amount (None: all) and its cards, checked."""
    if not self.vocab.amounts:
        self._not_in_family(f"'{stmt.verb} ... {stmt.kind}'", stmt.span, ())
        return None
    key = amount_key(stmt.verb, stmt.kind)
    phrase = self.vocab.amounts.get(key)
    if phrase is None:
        hint = _suggest_key(key, self.vocab.amounts)
        self.error("E184", f"no '{stmt.verb} ... {stmt.kind}' in {family_title(self)}", stmt.span, hint)
        return None
    wanted = PREPOSITIONS[stmt.verb]
    if stmt.prep != wanted:
        self.error(
            "E184",
            f"'{stmt.verb} ... {stmt.kind}' is written with '{wanted}', not '{stmt.prep}'",
            stmt.span,
            f"write: {stmt.verb} N {stmt.kind} {wanted} ...",
        )
        return None
    if stmt.amount is None and not phrase.data.get("all", False):
        self.error("E184", f"'{stmt.verb} all {stmt.kind}' is not something cards can do", stmt.span)
        return None
    amount = self._expr(stmt.amount) if stmt.amount is not None else None
    selection = self._selection(stmt.target, "", role=stmt.verb)
    if selection.binding:
        self._bind_name(selection.binding)
    return phrase, amount, selection


# ------------------------------------------------------------------ stat changes
def give(
    self: StatementCompiler, stmt: ast.GiveStmt, holding: bool = False
) -> tuple[Selection, Phrase, NumberFn] | None:
    """The parts of ``give +N STAT to X``; ``holding``: in a ``while`` block (no period)."""
    if stmt.word:
        return _grant(self, stmt, holding)
    if not self.vocab.stats:
        self._not_in_family("'give ... +N STAT'", stmt.span, ())
        return None
    phrase = self.vocab.stats.get(stmt.stat)
    if phrase is None:
        self.error("E185", f"no stat '{stmt.stat}' to give", stmt.span, _suggest_key(stmt.stat, self.vocab.stats))
        return None
    if holding and stmt.until is not None:
        self.error(
            "E185",
            f"a change in a 'while' block lasts as long as the block holds, not 'until end of {stmt.until}'",
            stmt.span,
            "leave the 'until ...' out",
        )
        return None
    if not holding and stmt.until is None:
        periods = ", ".join(f"'until end of {p}'" for p in self.vocab.periods)
        self.error(
            "E185",
            "a change given by an effect must say how long it lasts",
            stmt.span,
            f"write {periods}, or put it in a 'while' block",
        )
        return None
    if stmt.until is not None and stmt.until not in self.vocab.periods:
        self.error(
            "E185",
            f"no period '{stmt.until}' in {family_title(self)}",
            stmt.span,
            f"the periods: {', '.join(self.vocab.periods)}",
        )
        return None
    amount = self._expr(stmt.amount)
    sign = stmt.sign
    selection = self._selection(stmt.target, "", role="give")
    if selection.binding:
        self._bind_name(selection.binding)
    return selection, phrase, (lambda ctx: sign * amount(ctx))


def _grant(self: StatementCompiler, stmt: ast.GiveStmt, holding: bool) -> tuple[Selection, Phrase, NumberFn] | None:
    """``give trait gondor to X``: a quality the family lets cards gain, held while a ``while``
    block does (E187: no such quality, a word it does not take, or outside a ``while`` block,
    where nothing would ever take it away again)."""
    phrase = self.vocab.grants.get(stmt.stat)
    if phrase is None:
        offered = ", ".join(self.vocab.grants) or "none"
        self.error(
            "E187",
            f"no quality '{stmt.stat}' to give in {family_title(self)}",
            stmt.span,
            _suggest_key(stmt.stat, self.vocab.grants) or f"the qualities: {offered}",
        )
        return None
    choices = phrase.data.get("choices")
    if isinstance(choices, tuple) and stmt.word not in choices:
        self.error(
            "E187",
            f"'{stmt.stat}' takes one of: {', '.join(choices)}, not '{stmt.word}'",
            stmt.span,
            _suggest_key(stmt.word, choices),
        )
        return None
    if not holding or stmt.until is not None:
        self.error(
            "E187",
            f"a {stmt.stat} is given only in a 'while' block, for as long as it holds",
            stmt.span,
            "write it in 'while attached { ... }' (or another 'while' condition), with no 'until ...'",
        )
        return None
    selection = self._selection(stmt.target, "", role="give")
    return selection, phrase, _one


def _one(ctx: Ctx) -> int:
    return 1


def give_effect(self: StatementCompiler, stmt: ast.GiveStmt) -> Effect | None:
    parts = give(self, stmt)
    if parts is None:
        return None
    selection, phrase, amount = parts
    self._say(_text(stmt))
    until = stmt.until
    change: Callable[[Ctx, Selection, int, str | None], None] = phrase.fn  # type: ignore[assignment]

    def run_give(ctx: Ctx) -> None:
        change(ctx, selection, amount(ctx), until)

    return run_give


def constant_of(self: StatementCompiler, stmt: ast.GiveStmt, condition: str) -> ConstantDef | None:
    parts = give(self, stmt, holding=True)
    if parts is None:
        return None
    selection, phrase, amount = parts
    self._say(_text(stmt))
    pick: Callable[[Ctx, Selection], list[int]] = phrase.data["targets"]  # type: ignore[assignment]

    def targets(ctx: Ctx) -> list[int]:
        return pick(ctx, selection)

    return ConstantDef(condition, stmt.stat, targets, amount, _text(stmt), word=stmt.word)


# ------------------------------------------------------------------ counters
def counter_stmt(self: StatementCompiler, stmt: ast.CounterStmt) -> Effect | None:
    counter = self._counter(stmt.counter, stmt.span)
    if counter is None:
        return None
    self._say(_text(stmt))
    amount = self._expr(stmt.amount)
    read: Callable[[Ctx], int] = counter.fn  # type: ignore[assignment]
    write: Callable[[Ctx, int], None] = counter.data["set"]  # type: ignore[assignment]
    sign = 1 if stmt.op == "raise" else -1

    def run_counter(ctx: Ctx) -> None:
        # a negative amount changes nothing: 'raise threat by X' never lowers it
        write(ctx, read(ctx) + sign * max(0, amount(ctx)))

    return run_counter


# ------------------------------------------------------------------ costs
def price_of(self: StatementCompiler, body: ast.Block, what: str) -> tuple[CostDef | None, ast.Block]:
    """The cost steps an ability's block starts with, compiled, and the rest of the block."""
    steps: list[tuple[CondFn, Effect]] = []
    texts: list[str] = []
    index = 0
    while index < len(body) and (isinstance(body[index], ast.CostStep) or _players_cost(body[index])):
        step = body[index]
        index += 1
        if isinstance(step, ast.ForEachStmt):
            compiled = _each_player_cost(self, step, what)
            if compiled is not None:
                steps.append(compiled)
                texts.append(
                    "each player: " + ", ".join(_text(s.step) for s in step.body if isinstance(s, ast.CostStep))
                )
            continue
        assert isinstance(step, ast.CostStep)
        compiled = cost_step(self, step, what)
        if compiled is not None:
            steps.append(compiled)
            texts.append(_text(step.step))
    if not steps:
        return None, body[index:]
    self._say(f"Cost: {'; '.join(texts)}")
    checks = tuple(check for check, _pay in steps)
    pays = tuple(pay for _check, pay in steps)

    def payable(ctx: Ctx) -> bool:
        return all(check(ctx) for check in checks)

    def pay(ctx: Ctx) -> None:
        for one in pays:
            one(ctx)

    return CostDef(payable, pay, "; ".join(texts)), body[index:]


def _players_cost(stmt: ast.Stmt) -> bool:
    """``for each player { cost ... }`` at the top of a block: a cost every player pays."""
    return (
        isinstance(stmt, ast.ForEachStmt)
        and bool(stmt.body)
        and any(isinstance(inner, ast.CostStep) for inner in stmt.body)
    )


#: the players a cost paid by several players may name (asking nobody to find them)
_PAYING_PLAYERS = ("each player",)


def _each_player_cost(self: StatementCompiler, stmt: ast.ForEachStmt, what: str) -> tuple[CondFn, Effect] | None:
    """``for each player { cost exhaust a hero in your play area }``: every player still in the
    game pays the cost; it can be paid only when each of them can pay their part (E132
    otherwise: a block of costs and other statements, or players other than each player)."""
    words = " ".join(stmt.sel.kind or ())
    phrase = words if words in self.vocab.players else "each " + words
    if stmt.sel.quantity is not None or stmt.sel.source is not None or stmt.sel.where is not None:
        phrase = ""
    if phrase not in _PAYING_PLAYERS or phrase not in self.vocab.players:
        self.error(
            "E132",
            f"a cost paid by several players is paid by each player, not '{words}'",
            stmt.span,
            "write: for each player { cost ... }",
        )
        return None
    others = [inner for inner in stmt.body if not isinstance(inner, ast.CostStep)]
    if others:
        self.error(
            "E132",
            "a 'for each player' block of costs holds only 'cost' lines",
            getattr(others[0], "span", stmt.span),
            "write the effect after the block, where it resolves once the costs are paid",
        )
        return None
    chooser: Callable[[Ctx], list[int]] = self.vocab.players[phrase].fn  # type: ignore[assignment]
    parts = [cost_step(self, inner, what) for inner in stmt.body if isinstance(inner, ast.CostStep)]
    if any(part is None for part in parts):
        return None
    checks = tuple(part[0] for part in parts if part is not None)
    pays = tuple(part[1] for part in parts if part is not None)

    def payable(ctx: Ctx) -> bool:
        return all(check(ctx.for_player(player)) for player in chooser(ctx) for check in checks)

    def pay(ctx: Ctx) -> None:
        for player in chooser(ctx):
            for one in pays:
                one(ctx.for_player(player))

    return payable, pay


def cost_step(self: StatementCompiler, step: ast.CostStep, what: str) -> tuple[CondFn, Effect] | None:
    inner = step.step
    if isinstance(inner, ast.AmountStmt):
        return _amount_cost(self, inner, step.span)
    if isinstance(inner, ast.CounterStmt):
        effect = counter_stmt(self, inner)
        if effect is None:
            return None
        if inner.op == "reduce":
            return _lowerable(self, inner), effect
        return _always_payable, effect
    primitive = self.vocab.primitives.get(inner.verb)
    if primitive is not None and primitive.payable is None:
        self.error(
            "E183",
            f"'{inner.verb}' cannot be a cost",
            step.span,
            f"commands that can: {', '.join(sorted(n for n, p in self.vocab.primitives.items() if p.payable))}",
        )
        return None
    effect, selection = self._command_parts(inner)
    if effect is None or primitive is None:
        return None
    check: Callable[[Ctx, Selection | None], bool] = primitive.payable  # type: ignore[assignment]
    pays = primitive.pays
    if pays is not None:
        # paid its own way (only with cards that can pay: RR "Costs"); such a command takes no
        # destination or guard
        def pay(ctx: Ctx) -> None:
            pays(ctx, selection, None, None)

        return (lambda ctx: check(ctx, selection)), pay
    return (lambda ctx: check(ctx, selection)), effect


def _lowerable(self: StatementCompiler, stmt: ast.CounterStmt) -> CondFn:
    """``cost reduce threat by 3``: paid only in full, so the counter must hold the amount."""
    counter = self._counter(stmt.counter, stmt.span)
    assert counter is not None  # counter_stmt has found it
    read: Callable[[Ctx], int] = counter.fn  # type: ignore[assignment]
    amount = self._expr(stmt.amount)
    return lambda ctx: read(ctx) >= max(0, amount(ctx))


def needing_a_player(self: StatementCompiler, price: CostDef | None, body: ast.Block) -> CostDef | None:
    """An ability whose effect starts by choosing a player (``choose another player as P``) is
    offered only while there is one to choose (RR "Target"): the check joins its cost's."""
    first = body[0] if body else None
    if not isinstance(first, ast.ChoosePlayerStmt):
        return price
    phrase = self.vocab.chosen_players.get(" ".join(first.sel.kind or ()))
    if phrase is None:
        return price  # the choice itself is refused (E145)
    players: Callable[[Ctx], list[int]] = phrase.fn  # type: ignore[assignment]
    if price is None:
        return CostDef(lambda ctx: bool(players(ctx)), _pay_nothing, "")
    payable = price.payable
    return CostDef(lambda ctx: bool(players(ctx)) and payable(ctx), price.pay, price.text)


def _pay_nothing(ctx: Ctx) -> None:
    return None


def _amount_cost(self: StatementCompiler, stmt: ast.AmountStmt, span: Span) -> tuple[CondFn, Effect] | None:
    """``cost remove 1 resource from this``: an amount that must be there to be taken."""
    phrase = self.vocab.amounts.get(amount_key(stmt.verb, stmt.kind))
    if phrase is not None and "payable" not in phrase.data:
        self.error("E183", f"'{stmt.verb} ... {stmt.kind}' cannot be a cost", span)
        return None
    parts = _amount_parts(self, stmt)
    if parts is None or phrase is None:
        return None
    _phrase, amount, selection = parts
    self._say(_text(stmt))
    # (a family may pay the cost its own way: only with the cards that can pay it in full)
    act: Callable[[Ctx, Selection, int | None], None] = phrase.data.get("pays") or phrase.fn  # type: ignore[assignment]
    check: Callable[[Ctx, Selection, int | None], bool] = phrase.data["payable"]  # type: ignore[assignment]

    def pay(ctx: Ctx) -> None:
        act(ctx, selection, None if amount is None else amount(ctx))

    return (lambda ctx: check(ctx, selection, None if amount is None else amount(ctx))), pay


def misplaced_cost(self: StatementCompiler, stmt: ast.CostStep) -> None:
    self.error(
        "E183",
        "a cost is written first in the block of an ability that can be paid for",
        stmt.span,
        "move it to the top of an 'action', 'response' or 'travel' block",
    )


# ------------------------------------------------------------------ limits
def limit(self: StatementCompiler, ability: ast.Ability) -> bool:
    """Whether the ability's limit (if any) is in one of the family's periods (E186)."""
    if not ability.once:
        return True
    if ability.period not in self.vocab.periods:
        offered = ", ".join(self.vocab.periods) or "none"
        self.error(
            "E186",
            f"no period '{ability.period}' for a limit in {family_title(self)}",
            ability.span,
            f"the periods: {offered}",
        )
        return False
    if ability.times < 1:
        self.error("E186", "a limit allows at least 1 use", ability.span)
        return False
    if ability.times > 1 and not self.vocab.counted_limits:
        self.error(
            "E186",
            f"a limit in {family_title(self)} allows one use a {ability.period}, not {ability.times}",
            ability.span,
            f"write 'once per {ability.period}'",
        )
        return False
    return True


def family_title(self: StatementCompiler) -> str:
    return self.vocab.title or self.vocab.family


def _always_payable(ctx: Ctx) -> bool:
    return True


def _suggest_key(word: str, choices: Iterable[str]) -> str | None:
    return did_you_mean(word, choices)


def reaction(self: StatementCompiler, ability: ast.Ability) -> TriggerDef | None:
    """``response [limit] after this commits { [cost ...] ... }``, ``forced at end of round { ... }``."""
    words = list(ability.phrase)
    found: tuple[Phrase, list[str]] | None = None
    for entry in self.vocab.triggers.values():
        pattern = entry.data.get("pattern")
        if isinstance(pattern, tuple):
            subject = match_pattern(pattern, words)
            if subject is not None:
                found = (entry, subject)
                break
    text = " ".join(words)
    if found is None:
        self.error(
            "E114",
            f"unknown trigger '{text}'",
            ability.span,
            _suggest_key(
                text, [" ".join(str(w) for w in trigger_words(self, e)) for e in self.vocab.triggers.values()]
            ),
        )
        return None
    entry, subject = found
    if entry.data.get("cancels") is False:
        cancelling = _command_in(ability.body, "cancel")
        if cancelling is not None:
            self.error(
                "E133",
                f"'cancel' answering '{text}' would cancel nothing: only a 'would' point can be cancelled",
                cancelling.span,
                "answer the moment before it happens ('when ... would ...')",
            )
            return None
    matches = subject_test(self, subject, ability.span) if subject else _any_subject
    if matches is None:
        return None
    if not limit(self, ability):
        return None
    kind = ability.kind
    if kind == "forced" and ability.once:
        self.error("E186", "a forced effect has no limit: it resolves every time", ability.span)
        return None
    amount_name = str(entry.data.get("amount", ""))
    if amount_name:
        self._bind_name(amount_name)
        self._numbers.add(amount_name)
    heading = "Response" if kind == "response" else "Forced"
    if ability.once:
        heading += f" ({limit_text(ability)})"
    self._say(f"{heading}, {text}:")
    self._depth = 1
    price, body = price_of(self, ability.body, kind)
    if price is not None and kind == "forced":
        self.error("E183", "a forced effect is not paid for: it has no cost", ability.span)
        return None
    effect = self._block(body)
    return TriggerDef(
        event=str(entry.data["event"]),
        scope="self",
        effect=effect,
        matches=matches,
        label=text,
        kind=kind,
        period=ability.period,
        times=ability.times if ability.once else 1,
        cost=price,
        cancels=_command_in(ability.body, "cancel") is not None,
    )


def _command_in(body: object, verb: str) -> ast.Command | None:
    """The first command ``verb`` anywhere in these statements, nested blocks included."""
    if isinstance(body, ast.Command):
        return body if body.verb == verb else None
    if isinstance(body, list | tuple):
        for item in body:
            found = _command_in(item, verb)
            if found is not None:
                return found
        return None
    fields = getattr(type(body), "__attrs_attrs__", None)
    if fields is None:
        return None
    for field in fields:
        found = _command_in(getattr(body, field.name), verb)
        if found is not None:
            return found
    return None


def trigger_words(self: StatementCompiler, entry: Phrase) -> tuple[str, ...]:
    pattern = entry.data.get("pattern")
    return tuple(str(w) for w in pattern) if isinstance(pattern, tuple) else (entry.words,)


def subject_test(self: StatementCompiler, words: list[str], span: Span) -> Callable[[Ctx, int], bool] | None:
    """The card a trigger's phrase is about: ``this``, a named thing (``attached hero``), or
    ``a KIND [you control]`` where the kind is card types and, for a family with traits,
    traits (``a dwarf hero you control``)."""
    if words == ["this"]:
        return lambda ctx, card: card == ctx.this
    thing = self._named_thing(words)
    if thing is not None:
        spec = self.vocab.zone(str(thing.data["zone"]))
        assert spec is not None and spec.lists is not None
        lists = spec.lists
        return lambda ctx, card: any(card in cards for cards in lists(ctx))
    while words and words[0] in ("a", "an", "each", "any"):
        words = words[1:]
    controlled = words[-2:] == ["you", "control"]
    if controlled:
        words = words[:-2]
    types = [
        w for w in words if self.vocab.card_type(w) is not None or w in ("card", "cards") or w in self.vocab.type_groups
    ]
    traits = [w for w in words if w not in types]
    trait = self.vocab.attributes.get("trait")
    if traits and (trait is None or not trait.data.get("live")):
        self.error("E112", f"unknown card type '{traits[0]}'", span, _suggest_key(traits[0], self.vocab.type_words()))
        return None
    test = self._type_test(types, span) if types else None
    has_trait: Callable[..., object] | None = trait.fn if (traits and trait is not None) else None
    owner = self.vocab.controller

    def is_subject(ctx: Ctx, card: int) -> bool:
        if card < 0:
            return False
        if test is not None and not test(ctx, card):
            return False
        if has_trait is not None and not all(has_trait(ctx, card, word) for word in traits):
            return False
        return not (controlled and owner is not None and owner(ctx, card) != ctx.player)

    return is_subject


def holding(self: StatementCompiler, ability: ast.Ability) -> list[ConstantDef]:
    """``while attached { give +2 willpower to attached hero }``: changes that hold while the
    condition does, read whenever the stat is."""
    condition = " ".join(ability.phrase)
    if condition not in self.vocab.holds:
        self.error(
            "E127",
            f"unknown 'while' condition '{condition}'",
            ability.span,
            _suggest_key(condition, self.vocab.holds) or f"the conditions: {', '.join(self.vocab.holds)}",
        )
        return []
    about = self.vocab.holds[condition].data.get("card_types")
    if about and not self._this_of_kind(tuple(about), f"'while {condition}'", ability.span, "E136"):  # type: ignore[arg-type]
        return []
    self._say(f"While {self.vocab.holds[condition].doc}:")
    self._depth = 1
    out: list[ConstantDef] = []
    for stmt in ability.body:
        if isinstance(stmt, ast.Command) and _holds_while(self, stmt):
            rule = rule_of(self, stmt, condition)
            if rule is not None:
                out.append(rule)
            continue
        if isinstance(stmt, ast.CostStmt):
            cost = cost_constant(self, stmt, condition)
            if cost is not None:
                out.append(cost)
            continue
        if not isinstance(stmt, ast.GiveStmt):
            holding_words = sorted(n for n, p in self.vocab.primitives.items() if "while" in p.contexts)
            self.error(
                "E127",
                f"a 'while {condition}' block holds only 'give' changes, cost changes"
                + (f" and {', '.join(repr(w) for w in holding_words)}" if holding_words else ""),
                getattr(stmt, "span", ability.span),
                "write other effects in an 'action', 'response' or 'forced' ability",
            )
            continue
        constant = constant_of(self, stmt, condition)
        if constant is not None:
            out.append(constant)
    return out


def cost_constant(self: StatementCompiler, stmt: ast.CostStmt, condition: str) -> ConstantDef | None:
    """``while active { all allies cost 1 more }``: the cards of the kind (and test) in any
    player's hand cost that much more or less to play for as long as the condition holds (never
    below 0), read whenever a cost is. Held by a condition, it is a rule of the table: it
    changes every player's cards, so 'next' (one card, once) and 'for ...' (some players) are
    refused (E371)."""
    if stmt.scope == "next" or stmt.players:
        what = "'next'" if stmt.scope == "next" else f"'for {' '.join(stmt.players or ())}'"
        self.error(
            "E371",
            f"a cost change in a 'while {condition}' block cannot say {what}",
            stmt.span,
            "it changes every matching card in every player's hand while the block holds: "
            "write 'all KIND [where TEST] cost N more' (or less)",
        )
        return None
    hands = self.vocab.zone("any hand")
    if hands is None or hands.lists is None:
        self._not_in_family("a cost change in a 'while' block", stmt.span, ())
        return None
    lists = hands.lists
    applies, amount = self._cost_parts(stmt)
    sign = 1 if stmt.way == "more" else -1
    self._say(cost_text(stmt))

    def targets(ctx: Ctx) -> list[int]:
        return [card for cards in lists(ctx) for card in cards if applies(ctx, card)]

    def signed(ctx: Ctx) -> int:
        # a negative amount changes nothing: 'cost X less' never raises a cost
        return sign * max(0, amount(ctx))

    return ConstantDef(condition, "cost", targets, signed, cost_text(stmt))


def _holds_while(self: StatementCompiler, stmt: ast.Command) -> bool:
    """A command its family says can hold in a 'while' block (it names 'while' among its contexts)."""
    primitive = self.vocab.primitives.get(stmt.verb)
    return primitive is not None and "while" in primitive.contexts


def rule_of(self: StatementCompiler, stmt: ast.Command, condition: str) -> ConstantDef | None:
    """``while attached { hold attached enemy }``: the command's rule holds on its cards as long
    as the condition does, a constant named after the command (the game asks whether it holds).
    Nobody is asked anything while a rule holds, so it must name its cards as a whole (E131)."""
    effect, selection = self._command_parts(stmt)
    if effect is None or selection is None:
        return None
    if selection.quantity not in ("ref", "all", "default"):
        self.error(
            "E131",
            f"'{stmt.verb}' in a 'while' block holds on cards named as a whole, not on some to choose",
            stmt.span,
            f"name them: '{stmt.verb} attached enemy', '{stmt.verb} all enemies in staging area'",
        )
        return None
    chosen = selection

    def targets(ctx: Ctx) -> list[int]:
        return chosen.referenced(ctx) if chosen.quantity == "ref" else chosen.candidates(ctx, 1 << 30)

    return ConstantDef(condition, stmt.verb, targets, _one, _text(stmt))


def match_pattern(pattern: tuple[object, ...], words: list[str]) -> list[str] | None:
    """The subject words of a trigger written ``words`` if it fits ``pattern`` (whose ``"{card}"``
    stands for one or more words), else None; [] for a pattern without a subject."""
    parts = [str(p) for p in pattern]
    if "{card}" not in parts:
        return [] if parts == words else None
    at = parts.index("{card}")
    before, after = parts[:at], parts[at + 1 :]
    if len(words) <= len(before) + len(after):
        return None
    if words[: len(before)] != before or (after and words[-len(after) :] != after):
        return None
    return words[len(before) : len(words) - len(after)]


def _any_subject(ctx: Ctx, card: int) -> bool:
    return True


def limit_text(ability: ast.Ability) -> str:
    if ability.times == 1:
        return f"once per {ability.period}"
    return f"{ability.times} times per {ability.period}"


def by_each_player(self: StatementCompiler, ability: ast.Ability, event: bool) -> bool:
    """``action by each player``: whether the family lets every player use a card's Action
    (each for themselves, a limit counted for each), and the card is one in play (E195)."""
    if not self.vocab.each_player_actions:
        self.error(
            "E195",
            f"no Action used by each player in {family_title(self)}",
            ability.span,
            "leave 'by each player' out: the card's controller uses it",
        )
        return False
    if event:
        self.error(
            "E195",
            "an event is played from its owner's hand: other players cannot use it",
            ability.span,
            "leave 'by each player' out",
        )
        return False
    return True
