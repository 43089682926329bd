"""Script text to typed AST through Lark: the path :func:`lotr_rules.dsl.syntax.parse` takes
for the scripts the fast parser gives up on, which words what is wrong with them.

The Lark grammar in ``grammar/cardscript.lark`` (LALR, contextual lexer) gives a parse
tree; :class:`_ToAst` turns each rule into its AST class, so nothing downstream ever walks a raw
Lark tree. Syntax errors become :class:`ScriptSyntaxError` with a human sentence ("missing '{'
after 'play'") and a position inside the text; :func:`parse` never raises anything else for any
input, which a property test holds it to.
"""

from __future__ import annotations

import difflib
import functools
import re
from collections.abc import Sequence
from typing import Any

import lark
from lark import Token, Tree, v_args
from lark.exceptions import UnexpectedCharacters, UnexpectedEOF, UnexpectedInput, UnexpectedToken

from lotr_rules.dsl import ast, nearmiss, recovery
from lotr_rules.dsl.syntax import MAX_NESTING, MAX_SCRIPT_BYTES, MAX_TREE_DEPTH, parse, parse_card, unquote
from lotr_rules.errors import ScriptSyntaxError, Span
from lotr_rules.limits import MAX_SYNTAX_ERRORS
from lotr_rules.resources import grammar_text

# The entry points and limits live in the syntax module, which does not load Lark; they are
# named here too, where they have always been importable from.
__all__ = ["MAX_NESTING", "MAX_SCRIPT_BYTES", "MAX_TREE_DEPTH", "parse", "parse_card", "parse_with_lark"]


def _build(**options: Any) -> lark.Lark:
    return lark.Lark(
        grammar_text(),
        parser="lalr",
        lexer="contextual",
        propagate_positions=True,
        maybe_placeholders=True,
        # No ``cache=True``: Lark's cache is a pickle under the shared temporary folder, at a name
        # anyone can compute, so another user could plant one that runs code when loaded.
        **options,
    )


@functools.cache
def _parser() -> lark.Lark:
    return _build()


#: Keyword tokens that ran on into the next word, noticed by the fast parser's lexer callback.
_glued_seen: list[Token] = []
#: The text the fast parser is reading (its lexer callback needs to look one character on).
_fast_source: list[str] = [""]


def _note_glued(token: Token) -> Token:
    end = token.end_pos
    if isinstance(end, int) and _WORD_CHAR.match(_fast_source[0], end) is not None:
        _glued_seen.append(token)
    return token


@functools.cache
def _fast_parser() -> lark.Lark:
    """The same grammar, parsed in one call: about ten times faster than feeding tokens one by
    one, which only the error path needs (to know the token before an error)."""
    return _build(lexer_callbacks=dict.fromkeys(_keywords(), _note_glued))


def _span_of_token(token: Token, path: str = "") -> Span:
    line = token.line or 1
    column = token.column or 1
    end_line = token.end_line or line
    end_column = token.end_column or column + 1
    return Span(line, column, end_line, end_column, path)


def _span_of_meta(meta: Any) -> Span:
    if getattr(meta, "empty", True):
        return Span(1, 1, 1, 1)
    return Span(meta.line, meta.column, meta.end_line, meta.end_column)


def _words(children: Sequence[Any]) -> tuple[str, ...]:
    words: list[str] = []
    for child in children:
        if isinstance(child, Token):
            words.append(str(child))
        elif isinstance(child, Tree):
            words.extend(_words(child.children))
        elif isinstance(child, tuple):
            words.extend(child)
    return tuple(words)


def _unquote(token: Token | str) -> str:
    return unquote(str(token))


def field_value(tokens: list[Token]) -> int | str | tuple[str, ...]:
    """A field's value from its tokens: a lone number is an int, a lone quoted text a string,
    anything else the words as written (numbers and quoted texts among them kept as text)."""
    if len(tokens) == 1 and tokens[0].type == "INT":
        return int(tokens[0])
    if len(tokens) == 1 and tokens[0].type == "STRING":
        return _unquote(tokens[0])
    return tuple(str(token) for token in tokens)


@v_args(meta=True)
class _ToAst(lark.Transformer[Token, ast.Script]):
    """One method per grammar rule; each returns the matching AST node."""

    # ---------------------------------------------------------------- top level
    def start(self, meta: Any, children: list[Any]) -> ast.Script:
        return ast.Script(cards=tuple(c for c in children if isinstance(c, ast.Card)))

    def card(self, meta: Any, children: list[Any]) -> ast.Card:
        name_token = children[0]
        items = tuple(c for c in children[1:] if isinstance(c, (ast.Field, ast.Ability)))
        return ast.Card(
            _unquote(name_token),
            items,
            span=_span_of_meta(meta),
            name_span=_span_of_token(name_token),
        )

    # ---------------------------------------------------------------- fields
    def _field(self, key: str, value: Any, meta: Any) -> ast.Field:
        return ast.Field(key, value, span=_span_of_meta(meta))

    def field(self, meta: Any, c: list[Any]) -> ast.Field:
        # Any field: its name, then its value as written. The family's declaration of the field
        # says what kind of value it takes; the compiler checks it (lotr_rules.engine.fields).
        return self._field(str(c[0]), field_value(c[1:]), meta)

    def victory_field(self, meta: Any, c: list[Any]) -> ast.Field:
        return self._field("victory", c[0], meta)

    def starting_field(self, meta: Any, c: list[Any]) -> ast.Field:
        return self._field("starting card", _unquote(c[0]), meta)

    # ---------------------------------------------------------------- abilities
    def _ability(self, kind: str, meta: Any, **kw: Any) -> ast.Ability:
        return ast.Ability(kind, span=_span_of_meta(meta), **kw)

    def play_ability(self, meta: Any, c: list[Any]) -> ast.Ability:
        return self._ability("play", meta, body=c[0])

    def defense_ability(self, meta: Any, c: list[Any]) -> ast.Ability:
        return self._ability("defense", meta, body=c[0])

    def ambush_ability(self, meta: Any, c: list[Any]) -> ast.Ability:
        return self._ability("ambush", meta, body=c[0])

    def group_ambush_ability(self, meta: Any, c: list[Any]) -> ast.Ability:
        return self._ability("group ambush", meta, guard=c[0], body=c[1])

    def ongoing_ability(self, meta: Any, c: list[Any]) -> ast.Ability:
        return self._ability("ongoing", meta, body=c[0])

    def fortune_ability(self, meta: Any, c: list[Any]) -> ast.Ability:
        return self._ability("fortune", meta, body=c[0])

    def when_ability(self, meta: Any, c: list[Any]) -> ast.Ability:
        return self._ability("when", meta, phrase=c[0], body=c[1])

    def at_ability(self, meta: Any, c: list[Any]) -> ast.Ability:
        return self._ability("at", meta, phrase=c[0], body=c[1])

    def quest_ability(self, meta: Any, c: list[Any]) -> ast.Ability:
        return self._ability("quest", meta, goal=c[0], reward=c[1])

    def effect_ability(self, meta: Any, c: list[Any]) -> ast.Ability:
        return self._ability("effect", meta, always=c[0] is not None, body=c[1])

    def search_ability(self, meta: Any, c: list[Any]) -> ast.Ability:
        return self._ability("search", meta, body=c[0])

    def action_ability(self, meta: Any, c: list[Any]) -> ast.Ability:
        times, period = c[1] if c[1] is not None else (1, "")
        return self._ability(
            "action",
            meta,
            once=c[1] is not None,
            cost=c[2],
            body=c[3],
            period=period,
            times=times,
            by_each_player=c[0] is not None,
        )

    def by_each_player(self, meta: Any, c: list[Any]) -> bool:
        return True

    def response_ability(self, meta: Any, c: list[Any]) -> ast.Ability:
        times, period = c[0] if c[0] is not None else (1, "")
        return self._ability(
            "response", meta, once=c[0] is not None, phrase=c[1], body=c[2], period=period, times=times
        )

    def forced_ability(self, meta: Any, c: list[Any]) -> ast.Ability:
        return self._ability("forced", meta, phrase=c[0], body=c[1])

    def shadow_ability(self, meta: Any, c: list[Any]) -> ast.Ability:
        return self._ability("shadow", meta, body=c[0])

    def travel_ability(self, meta: Any, c: list[Any]) -> ast.Ability:
        return self._ability("travel", meta, body=c[0])

    def once_per(self, meta: Any, c: list[Any]) -> tuple[int, str]:
        return (1, str(c[0]))

    def times_per(self, meta: Any, c: list[Any]) -> tuple[int, str]:
        return (int(c[0]), str(c[1]))

    def action_cost(self, meta: Any, c: list[Any]) -> ast.Expr:
        amount: ast.Expr = c[0]
        return amount

    def while_ability(self, meta: Any, c: list[Any]) -> ast.Ability:
        return self._ability("while", meta, phrase=c[0], body=c[1])

    def guard(self, meta: Any, c: list[Any]) -> str:
        return str(c[0])

    def trigger_phrase(self, meta: Any, c: list[Any]) -> tuple[str, ...]:
        return _words(c)

    def player_phrase(self, meta: Any, c: list[Any]) -> tuple[str, ...]:
        return _words(c)

    def place_phrase(self, meta: Any, c: list[Any]) -> tuple[str, ...]:
        return _words(c)

    def kind_phrase(self, meta: Any, c: list[Any]) -> tuple[str, ...]:
        return _words(c)

    def source_phrase(self, meta: Any, c: list[Any]) -> tuple[str, ...]:
        return _words(c)

    def aggregate_words(self, meta: Any, c: list[Any]) -> tuple[str, ...]:
        return _words(c)

    def article_state(self, meta: Any, c: list[Any]) -> ast.CondState:
        # The article is a keyword the tree keeps: the words are what follows it.
        return ast.CondState(_words(c[1:]), article=True, span=_span_of_meta(meta))

    def plain_state(self, meta: Any, c: list[Any]) -> ast.CondState:
        return ast.CondState(_words(c), span=_span_of_meta(meta))

    def lead_words(self, meta: Any, c: list[Any]) -> tuple[str, ...]:
        return _words(c)

    def block(self, meta: Any, c: list[Any]) -> ast.Block:
        return tuple(c)

    # ---------------------------------------------------------------- statements
    def power_stmt(self, meta: Any, c: list[Any]) -> ast.PowerStmt:
        return ast.PowerStmt(c[0], c[1], span=_span_of_meta(meta))

    def lose_power_stmt(self, meta: Any, c: list[Any]) -> ast.PowerStmt:
        return ast.PowerStmt(c[0], c[1], lose=True, span=_span_of_meta(meta))

    def pay_stmt(self, meta: Any, c: list[Any]) -> ast.PayStmt:
        return ast.PayStmt(c[0], c[1], span=_span_of_meta(meta))

    def cost_change_stmt(self, meta: Any, c: list[Any]) -> ast.CostStmt:
        scope, kind, where, verb, amount, way, players = c
        return ast.CostStmt(scope, kind, where, verb, amount, way, players, span=_span_of_meta(meta))

    def next_scope(self, meta: Any, c: list[Any]) -> str:
        return "next"

    def all_scope(self, meta: Any, c: list[Any]) -> str:
        return "all"

    def cost_kind(self, meta: Any, c: list[Any]) -> tuple[str, ...]:
        return _words(c)

    def cost_verb(self, meta: Any, c: list[Any]) -> str:
        return str(c[0])

    def cost_way(self, meta: Any, c: list[Any]) -> str:
        return str(c[0])

    def per_each(self, meta: Any, c: list[Any]) -> ast.Sel:
        sel: ast.Sel = c[0]
        return sel

    def add_tokens(self, meta: Any, c: list[Any]) -> ast.TokenStmt:
        return ast.TokenStmt("add", c[0], c[1], span=_span_of_meta(meta))

    def remove_tokens(self, meta: Any, c: list[Any]) -> ast.TokenStmt:
        return ast.TokenStmt("remove", c[0], c[1], span=_span_of_meta(meta))

    def remove_all_tokens(self, meta: Any, c: list[Any]) -> ast.TokenStmt:
        return ast.TokenStmt("remove", None, c[0], span=_span_of_meta(meta))

    def counter_phrase(self, meta: Any, c: list[Any]) -> tuple[str, ...]:
        return _words(c)

    def amount_stmt(self, meta: Any, c: list[Any]) -> ast.AmountStmt:
        return ast.AmountStmt(str(c[0]), c[1], str(c[2]), str(c[3]), c[4], span=_span_of_meta(meta))

    def add_amount(self, meta: Any, c: list[Any]) -> ast.AmountStmt:
        return ast.AmountStmt("add", c[0], str(c[1]), "to", c[3], span=_span_of_meta(meta))

    def remove_amount(self, meta: Any, c: list[Any]) -> ast.AmountStmt:
        return ast.AmountStmt("remove", c[0], str(c[1]), "from", c[3], span=_span_of_meta(meta))

    def amount_verb(self, meta: Any, c: list[Any]) -> str:
        return str(c[0])

    def amount(self, meta: Any, c: list[Any]) -> ast.Expr:
        value: ast.Expr = c[0]
        return value

    def all_amount(self, meta: Any, c: list[Any]) -> None:
        return None

    def to_prep(self, meta: Any, c: list[Any]) -> str:
        return "to"

    def on_prep(self, meta: Any, c: list[Any]) -> str:
        return "on"

    def from_prep(self, meta: Any, c: list[Any]) -> str:
        return "from"

    def give_stmt(self, meta: Any, c: list[Any]) -> ast.GiveStmt:
        sign, amount = c[0]
        return ast.GiveStmt(c[3], sign, amount, str(c[1]), c[4], span=_span_of_meta(meta))

    def grant_stmt(self, meta: Any, c: list[Any]) -> ast.GiveStmt:
        # a quality and its word (``trait gondor``): granted, not counted, so no amount
        return ast.GiveStmt(c[3], 1, ast.Num(1), str(c[0]), c[4], span=_span_of_meta(meta), word=str(c[1]))

    def plus_amount(self, meta: Any, c: list[Any]) -> tuple[int, ast.Expr]:
        return (1, c[0])

    def minus_amount(self, meta: Any, c: list[Any]) -> tuple[int, ast.Expr]:
        return (-1, c[0])

    def duration(self, meta: Any, c: list[Any]) -> str:
        return str(c[-1])

    def raise_counter(self, meta: Any, c: list[Any]) -> ast.CounterStmt:
        return ast.CounterStmt("raise", c[0], c[1], span=_span_of_meta(meta))

    def reduce_counter(self, meta: Any, c: list[Any]) -> ast.CounterStmt:
        return ast.CounterStmt("reduce", c[0], c[1], span=_span_of_meta(meta))

    def cost_command(self, meta: Any, c: list[Any]) -> ast.CostStep:
        command = ast.Command(str(c[1]), c[2], c[3], c[4], span=_span_of_meta(meta))
        return ast.CostStep(command, span=_span_of_meta(meta))

    def cost_remove(self, meta: Any, c: list[Any]) -> ast.CostStep:
        step = ast.AmountStmt("remove", c[1], str(c[2]), "from", c[4], span=_span_of_meta(meta))
        return ast.CostStep(step, span=_span_of_meta(meta))

    def cost_raise(self, meta: Any, c: list[Any]) -> ast.CostStep:
        step = ast.CounterStmt("raise", c[1], c[2], span=_span_of_meta(meta))
        return ast.CostStep(step, span=_span_of_meta(meta))

    def cost_reduce(self, meta: Any, c: list[Any]) -> ast.CostStep:
        step = ast.CounterStmt("reduce", c[1], c[2], span=_span_of_meta(meta))
        return ast.CostStep(step, span=_span_of_meta(meta))

    def next_turn_stmt(self, meta: Any, c: list[Any]) -> ast.NextTurnStmt:
        return ast.NextTurnStmt(c[0], span=_span_of_meta(meta))

    def let_stmt(self, meta: Any, c: list[Any]) -> ast.LetStmt:
        return ast.LetStmt(str(c[0]), c[1], span=_span_of_meta(meta))

    def command(self, meta: Any, c: list[Any]) -> ast.Command:
        return ast.Command(str(c[0]), c[1], c[2], c[3], span=_span_of_meta(meta))

    def place_on(self, meta: Any, c: list[Any]) -> ast.PlaceOn:
        return ast.PlaceOn(str(c[0]), c[1], span=_span_of_meta(meta))

    def place_under(self, meta: Any, c: list[Any]) -> ast.PlaceUnder:
        return ast.PlaceUnder(c[0], span=_span_of_meta(meta))

    def place_into(self, meta: Any, c: list[Any]) -> ast.PlaceInto:
        return ast.PlaceInto(c[0], span=_span_of_meta(meta))

    def if_stmt(self, meta: Any, c: list[Any]) -> ast.IfStmt:
        first = ast.Branch(c[0], c[1], span=_span_of_meta(meta))
        elifs = [x for x in c[2:-1] if isinstance(x, ast.Branch)]
        otherwise = c[-1]
        return ast.IfStmt((first, *elifs), otherwise, span=_span_of_meta(meta))

    def elif_clause(self, meta: Any, c: list[Any]) -> ast.Branch:
        return ast.Branch(c[0], c[1], span=_span_of_meta(meta))

    def else_clause(self, meta: Any, c: list[Any]) -> ast.Block:
        block: ast.Block = c[0]
        return block

    def may_block(self, meta: Any, c: list[Any]) -> ast.MayStmt:
        return ast.MayStmt(c[0], braced=True, span=_span_of_meta(meta))

    def may_stmt(self, meta: Any, c: list[Any]) -> ast.MayStmt:
        return ast.MayStmt((c[0],), braced=False, span=_span_of_meta(meta))

    def choose_stmt(self, meta: Any, c: list[Any]) -> ast.ChooseStmt:
        return ast.ChooseStmt(tuple(c), span=_span_of_meta(meta))

    def option(self, meta: Any, c: list[Any]) -> ast.Option:
        return ast.Option(_unquote(c[0]), c[1], span=_span_of_meta(meta))

    def repeat_stmt(self, meta: Any, c: list[Any]) -> ast.RepeatStmt:
        return ast.RepeatStmt(c[0], c[1], span=_span_of_meta(meta))

    def repeat_until_stmt(self, meta: Any, c: list[Any]) -> ast.RepeatUntilStmt:
        return ast.RepeatUntilStmt(c[0], c[1], span=_span_of_meta(meta))

    def choose_player_stmt(self, meta: Any, c: list[Any]) -> ast.ChoosePlayerStmt:
        return ast.ChoosePlayerStmt(c[0], span=_span_of_meta(meta))

    def look_stmt(self, meta: Any, c: list[Any]) -> ast.Command:
        # 'look at' is a command like any other: its primitive is the family's 'look at'
        return ast.Command("look at", c[0], span=_span_of_meta(meta))

    def for_each_stmt(self, meta: Any, c: list[Any]) -> ast.ForEachStmt:
        return ast.ForEachStmt(c[0], c[1], span=_span_of_meta(meta))

    def attack_stmt(self, meta: Any, c: list[Any]) -> ast.AttackStmt:
        return ast.AttackStmt(c[0], c[1], c[2], span=_span_of_meta(meta))

    def when_stmt(self, meta: Any, c: list[Any]) -> ast.TriggerStmt:
        return ast.TriggerStmt("when", c[0], c[1], span=_span_of_meta(meta))

    def at_stmt(self, meta: Any, c: list[Any]) -> ast.TriggerStmt:
        return ast.TriggerStmt("at", c[0], c[1], span=_span_of_meta(meta))

    # ---------------------------------------------------------------- selections
    def sel(self, meta: Any, c: list[Any]) -> ast.Sel:
        span = _span_of_meta(meta)
        if isinstance(c[0], ast.Ref):
            return ast.Sel(ref=c[0], binding=c[1], span=span)
        quantity = c[0] if isinstance(c[0], ast.Quantity) else None
        rest = c[1:] if quantity is not None else c
        kind: tuple[str, ...] | None = None
        if rest and (rest[0] is None or isinstance(rest[0], tuple)) and len(rest) == 4:
            kind = rest[0]
            rest = rest[1:]
        source, where, binding = rest
        return ast.any_number(ast.Sel(quantity, kind, source, where, binding, span=span))

    def exact_quantity(self, meta: Any, c: list[Any]) -> ast.Quantity:
        return ast.Quantity("exact", ast.Num(int(c[0]), span=_span_of_token(c[0])), span=_span_of_meta(meta))

    def one_quantity(self, meta: Any, c: list[Any]) -> ast.Quantity:
        # Where the grammar writes the article as a literal, Lark leaves it out of the tree; then
        # the node's width ("a" or "an") says which one the author wrote.
        width = 0 if meta.empty else meta.end_pos - meta.start_pos
        article = str(c[0]) if c else ("an" if width == 2 else "a")
        return ast.Quantity("one", None, article=article, span=_span_of_meta(meta))

    def all_quantity(self, meta: Any, c: list[Any]) -> ast.Quantity:
        return ast.Quantity("all", span=_span_of_meta(meta))

    def up_to_quantity(self, meta: Any, c: list[Any]) -> ast.Quantity:
        return ast.Quantity("up_to", c[0], span=_span_of_meta(meta))

    def random_quantity(self, meta: Any, c: list[Any]) -> ast.Quantity:
        return ast.Quantity("random", c[0], span=_span_of_meta(meta))

    def from_source(self, meta: Any, c: list[Any]) -> ast.Source:
        return ast.Source("from", c[0], span=_span_of_meta(meta))

    def in_source(self, meta: Any, c: list[Any]) -> ast.Source:
        return ast.Source("in", c[0], span=_span_of_meta(meta))

    def where(self, meta: Any, c: list[Any]) -> ast.Pred:
        pred: ast.Pred = c[0]
        return pred

    def binding(self, meta: Any, c: list[Any]) -> str:
        return str(c[0])

    def var_ref(self, meta: Any, c: list[Any]) -> ast.Ref:
        return ast.Ref("var", str(c[0]), span=_span_of_meta(meta))

    def this_ref(self, meta: Any, c: list[Any]) -> ast.Ref:
        return ast.Ref("this", span=_span_of_meta(meta))

    def it_ref(self, meta: Any, c: list[Any]) -> ast.Ref:
        return ast.Ref("it", span=_span_of_meta(meta))

    # ---------------------------------------------------------------- predicates
    def pred_or(self, meta: Any, c: list[Any]) -> ast.Pred:
        return c[0] if len(c) == 1 else ast.PredOr(tuple(c), span=_span_of_meta(meta))

    def pred_and(self, meta: Any, c: list[Any]) -> ast.Pred:
        return c[0] if len(c) == 1 else ast.PredAnd(tuple(c), span=_span_of_meta(meta))

    def pred_not(self, meta: Any, c: list[Any]) -> ast.PredNot:
        return ast.PredNot(c[0], span=_span_of_meta(meta))

    def pred_compare(self, meta: Any, c: list[Any]) -> ast.PredCompare:
        return ast.PredCompare(str(c[0]), str(c[1]), c[2], span=_span_of_meta(meta))

    def pred_is(self, meta: Any, c: list[Any]) -> ast.PredIs:
        return ast.PredIs(str(c[0]), c[1] is not None, c[2], span=_span_of_meta(meta))

    def pred_contains(self, meta: Any, c: list[Any]) -> ast.PredContains:
        return ast.PredContains(str(c[0]), _unquote(c[1]), span=_span_of_meta(meta))

    def string_value(self, meta: Any, c: list[Any]) -> ast.Str:
        return ast.Str(_unquote(c[0]), span=_span_of_meta(meta))

    def word_value(self, meta: Any, c: list[Any]) -> ast.Word:
        return ast.Word(str(c[0]), span=_span_of_meta(meta))

    def int_value(self, meta: Any, c: list[Any]) -> ast.Num:
        return ast.Num(int(c[0]), span=_span_of_meta(meta))

    # ---------------------------------------------------------------- conditions
    def cond_or(self, meta: Any, c: list[Any]) -> ast.Cond:
        return c[0] if len(c) == 1 else ast.CondOr(tuple(c), span=_span_of_meta(meta))

    def cond_and(self, meta: Any, c: list[Any]) -> ast.Cond:
        return c[0] if len(c) == 1 else ast.CondAnd(tuple(c), span=_span_of_meta(meta))

    def cond_not(self, meta: Any, c: list[Any]) -> ast.CondNot:
        return ast.CondNot(c[0], span=_span_of_meta(meta))

    def cond_compare(self, meta: Any, c: list[Any]) -> ast.CondCompare:
        return ast.CondCompare(c[0], str(c[1]), c[2], span=_span_of_meta(meta))

    def cond_is(self, meta: Any, c: list[Any]) -> ast.CondIs:
        return ast.CondIs(c[0], c[1] is not None, str(c[2]), span=_span_of_meta(meta))

    def cond_named(self, meta: Any, c: list[Any]) -> ast.CondNamed:
        return ast.CondNamed(c[0], _unquote(c[1]), span=_span_of_meta(meta))

    def cond_state(self, meta: Any, c: list[Any]) -> ast.CondState:
        state: ast.CondState = c[0]
        return state

    # ---------------------------------------------------------------- expressions
    def number(self, meta: Any, c: list[Any]) -> ast.Num:
        return ast.Num(int(c[0]), span=_span_of_meta(meta))

    def add(self, meta: Any, c: list[Any]) -> ast.BinOp:
        return ast.BinOp("+", c[0], c[1], span=_span_of_meta(meta))

    def sub(self, meta: Any, c: list[Any]) -> ast.BinOp:
        return ast.BinOp("-", c[0], c[1], span=_span_of_meta(meta))

    def mul(self, meta: Any, c: list[Any]) -> ast.BinOp:
        return ast.BinOp("*", c[0], c[1], span=_span_of_meta(meta))

    def div(self, meta: Any, c: list[Any]) -> ast.BinOp:
        return ast.BinOp("/", c[0], c[1], span=_span_of_meta(meta))

    def mod(self, meta: Any, c: list[Any]) -> ast.BinOp:
        return ast.BinOp("%", c[0], c[1], span=_span_of_meta(meta))

    def word_aggregate(self, meta: Any, c: list[Any]) -> ast.Aggregate:
        word = c[0]
        return ast.Aggregate((str(word),), c[1], span=_span_of_meta(meta))

    def neg(self, meta: Any, c: list[Any]) -> ast.Neg:
        return ast.Neg(c[0], span=_span_of_meta(meta))

    def aggregate(self, meta: Any, c: list[Any]) -> ast.Aggregate:
        return ast.Aggregate(c[0], c[1], span=_span_of_meta(meta))

    def cond_expr(self, meta: Any, c: list[Any]) -> ast.CondExpr:
        return ast.CondExpr(c[0], c[1], c[2], span=_span_of_meta(meta))

    def var_expr(self, meta: Any, c: list[Any]) -> ast.VarExpr:
        return ast.VarExpr(str(c[0]), span=_span_of_meta(meta))

    def players_hit(self, meta: Any, c: list[Any]) -> ast.PlayersHit:
        return ast.PlayersHit(span=_span_of_meta(meta))

    def tokens_on(self, meta: Any, c: list[Any]) -> ast.TokensOn:
        return ast.TokensOn(c[0], span=_span_of_meta(meta))

    def power_expr(self, meta: Any, c: list[Any]) -> ast.PowerRead:
        return ast.PowerRead(span=_span_of_meta(meta))


# ---------------------------------------------------------------------- errors
_TOKEN_NAMES = {
    "LBRACE": "'{'",
    "RBRACE": "'}'",
    "LPAR": "'('",
    "RPAR": "')'",
    "_NL": "a new line",
    "$END": "the end of the file",
    "STRING": "a quoted string",
    "INT": "a number",
    "WORD": "a word",
    "VAR": "a name in capitals",
    "CMP_OP": "a comparison",
    "PLUS": "'+'",
    "MINUS": "'-'",
    "STAR": "'*'",
    "EQUAL": "'='",
}

#: Groups of terminals that together mean one thing, so that an error says "expected a condition"
#: instead of listing ten tokens. Checked in this order; a group is used when all of it is expected.
_GROUPS: tuple[tuple[str, frozenset[str]], ...] = (
    (
        "a card field or ability",
        frozenset(
            {
                *("ID", "TYPE", "TITLE", "LEVEL", "COST", "POWER", "VICTORY", "COPIES", "DECK"),
                *("PROVENANCE", "TEXT", "NOTES", "STARTING", "PLAY", "DEFENSE", "AMBUSH", "GROUP"),
                *("ONGOING", "FORTUNE", "WHEN", "AT", "QUEST", "AGGRESSION", "DIRECTIONS", "EFFECT", "SEARCH"),
                *("ACTION", "WHILE"),
            }
        ),
    ),
    (
        "a statement",
        frozenset(
            {
                "PLUS",
                "LET",
                "IF",
                "MAY",
                "CHOOSE",
                "REPEAT",
                "FOR",
                "ATTACK",
                "WHEN",
                "AT",
                "WORD",
                "ADD",
                "REMOVE",
                "NEXT",
                "PAY",
            }
        ),
    ),
    (
        "a condition",
        frozenset({"LPAR", "MINUS", "INT", "WORD", "PLAYERS", "VAR", "THIS", "IT", "NOT", "THE", "TOKENS", "POWER"}),
    ),
    ("a selection", frozenset({"INT", "A", "AN", "ALL", "UP", "RANDOM", "WORD", "FROM", "IN", "VAR", "THIS", "IT"})),
    ("a number or an expression", frozenset({"LPAR", "MINUS", "INT", "WORD", "PLAYERS", "TOKENS", "POWER"})),
    # after a kind word (``2 cards``): more kind words, a zone, ``where`` or ``as``
    (
        "the rest of a selection",
        frozenset({"WORD", "THIS", "TO", "OF", "A", "AN", "FROM", "IN", "WHERE", "AS"}),
    ),
    ("a trigger phrase", frozenset({"WORD", "OF", "THIS", "TO", "FROM", "IN", "A", "AN"})),
    # after ``where``, ``not`` or '(' in a card test: an attribute's name, ``not`` or a bracket
    ("a card test", frozenset({"LPAR", "NOT", "WORD"})),
)

#: Statements that open a block: a misspelt one reads as a plain command, which then meets '{'.
_BLOCK_STATEMENTS = ("attack", "choose", "for", "if", "may", "repeat", "when", "at", "next", "pay")

#: A keyword must not run on into the next word (see :func:`_glued_keyword`).
_WORD_CHAR = re.compile(r"[A-Za-z0-9_']")
_WORD_TAIL = re.compile(r"[A-Za-z0-9_'-]*")
#: The rest of a word as a reader sees it, letters of any script included (``cöst``).
_READER_WORD_TAIL = re.compile(r"[\w'-]*")


def _describe_terminal(name: str) -> str:
    if name in _TOKEN_NAMES:
        return _TOKEN_NAMES[name]
    keyword = _keyword_of(name)
    return f"'{keyword}'" if keyword else name.lower()


def _describe_expected(expected: set[str]) -> list[str]:
    """Readable names for a set of terminals, with the groups of :data:`_GROUPS` folded in."""
    covered: set[str] = set()
    names: list[str] = []
    for description, members in _GROUPS:
        if members <= expected and not members <= covered:
            names.append(description)
            covered |= members
    names.extend(sorted({_describe_terminal(t) for t in expected - covered}))
    return names


def _one_of(names: list[str]) -> str:
    if len(names) > 6:
        names = [*names[:5], f"{len(names) - 5} other things"]
    if len(names) == 1:
        return names[0]
    return ", ".join(names[:-1]) + " or " + names[-1]


@functools.cache
def _keywords() -> dict[str, str]:
    """Terminal name to keyword text, for every literal keyword of the grammar."""
    out: dict[str, str] = {}
    for terminal in _parser().terminals:
        pattern = terminal.pattern
        if pattern.type == "str" and pattern.value.isalpha():
            out[terminal.name] = pattern.value
    return out


def _keyword_of(name: str) -> str | None:
    return _keywords().get(name)


def _token_text(token: Token) -> str:
    if token.type == "_NL":
        return "end of line"
    if token.type == "$END":
        return "end of file"
    return f"'{token}'"


def _char_text(char: str) -> str:
    return f"'{char}'" if char.isprintable() else f"U+{ord(char):04X}"


def _syntax_message(
    error: UnexpectedInput, previous: Token | None, expected: set[str] | None = None, source: str = ""
) -> tuple[str, str | None]:
    """A human sentence for a parse error, and a hint (a "did you mean", when one fits).

    ``expected`` is what the parser could really take at the error (see :func:`_viable`); by
    default, what the error itself says was expected.
    """
    if expected is None:
        if isinstance(error, UnexpectedToken):
            expected = set(error.expected)
        elif isinstance(error, UnexpectedCharacters):
            expected = set(error.allowed or ())
        else:
            expected = set(getattr(error, "expected", ()) or ())
    expected = set(expected) - {"COMMENT", "<END-OF-FILE>"}
    after = f" after '{previous}'" if previous is not None and previous.type != "_NL" else ""
    if isinstance(error, UnexpectedCharacters):
        if error.char == '"':
            return "unterminated string", "a string must end with '\"' on the same line"
        return f"unexpected character {_char_text(error.char)}{after}", None
    if not isinstance(error, UnexpectedToken):
        return f"unexpected end of file{after}", None
    token = error.token
    if _is_else(token, previous, expected):
        return "'else' without 'if'", "'else' goes right after the '}' that closes an 'if' block"
    found = _token_text(token)
    names = _describe_expected(expected)
    hint: str | None = None
    if token.type in ("WORD", "VAR"):
        # The whole word as written: the lexer stops a word at a letter outside a-z ("cöst").
        tail = _READER_WORD_TAIL.match(source, token.end_pos) if isinstance(token.end_pos, int) else None
        word = str(token) + (tail.group() if tail else "")
        found = f"'{word}'"
        keywords = [_keywords()[t] for t in expected if t in _keywords()]
        close = difflib.get_close_matches(word.lower(), keywords, n=1, cutoff=0.6)
        if close:
            hint = f"did you mean '{close[0]}'?"
    elif token.type == "LBRACE":
        hint = _block_statement_hint(source, token)
    elif str(token) in ("+", "-") and previous is not None and str(previous) == "power":
        # "power +2" in a block: the amount comes first, as on the printed cards
        hint = "Power from a card is written amount first: '+2 power'"
    if token.type == "$END":
        if "RBRACE" in expected:
            return "missing '}' at the end of the file", None
        return f"unexpected end of file{after}, expected {_one_of(names)}", None
    if token.type == "_NL" and "LBRACE" in expected:
        return f"missing '{{'{after}", None
    if len(names) == 1:
        return f"missing {names[0]}{after}", hint
    if token.type in ("WORD", "VAR"):
        keywords = sorted(_keywords()[t] for t in expected if t in _keywords())
        if keywords and len(keywords) == len(expected - {"_NL", "RBRACE"}):
            return f"unknown keyword {found}{after}", hint or f"expected {_one_of(names)}"
    return f"unexpected {found}{after}, expected {_one_of(names)}", hint


def _is_else(token: Token, previous: Token | None, expected: set[str]) -> bool:
    """An 'else' that no 'if' block precedes: at the start of a statement it reads as a command."""
    if token.type == "ELSE" and "ELSE" not in expected:
        return True
    return (
        previous is not None and previous.type == "WORD" and str(previous) == "else" and token.type in ("LBRACE", "IF")
    )


def _block_statement_hint(source: str, token: Token) -> str | None:
    """'did you mean' for ``chose {`` or ``attak each opponent {``: a misspelt block statement."""
    lines = source.split("\n")
    line = (token.line or 1) - 1
    words = lines[line].split() if 0 <= line < len(lines) else []
    if not words or words[0] in _keywords().values():
        return None
    close = difflib.get_close_matches(words[0], _BLOCK_STATEMENTS, n=1, cutoff=0.6)
    return f"did you mean '{close[0]}'?" if close else None


def _misspelt_block_statement(
    error: UnexpectedInput, hint: str | None, source: str, path: str
) -> tuple[str, Span] | None:
    """``atack each opponent {``: the parser fails at the '{', but the offending word is the
    first of the line, which the hint has found close to a statement that opens a block."""
    if not isinstance(error, UnexpectedToken) or error.token.type != "LBRACE" or not (hint or "").startswith("did"):
        return None
    row = error.token.line or 1
    lines = source.split("\n")
    text = lines[row - 1] if 0 < row <= len(lines) else ""
    word = re.match(r"[ \t]*(\S+)", text)
    if word is None:
        return None
    column = word.start(1) + 1
    message = f"'{word.group(1)}' is not a statement that opens a block"
    return message, Span(row, column, row, column + len(word.group(1)), path)


#: The words that open a card's abilities: a misspelt one reads as a field's name up to its '{'.
_ABILITY_WORDS = ("play", "defense", "ambush", "group", "ongoing", "fortune", "when", "at", "quest")
_ABILITY_WORDS_MORE = ("effect", "search", "action", "while")


def _misspelt_ability(
    error: UnexpectedInput, expected: set[str], source: str, path: str
) -> tuple[str, Span, str] | None:
    """``plya {``: any word at the start of a card's line names a field, so the parser fails at
    the '{' a field cannot hold; the offending word is the line's first, close to an ability's."""
    if not isinstance(error, UnexpectedToken) or error.token.type != "LBRACE":
        return None
    if not expected or not expected <= {"WORD", "INT", "STRING", "_NL"}:
        return None
    row = error.token.line or 1
    lines = source.split("\n")
    text = lines[row - 1] if 0 < row <= len(lines) else ""
    word = re.match(r"[ \t]*([a-z][a-z0-9_'-]*)", text)
    if word is None:
        return None
    close = difflib.get_close_matches(word.group(1), (*_ABILITY_WORDS, *_ABILITY_WORDS_MORE), n=1, cutoff=0.6)
    if not close:
        return None
    column = word.start(1) + 1
    span = Span(row, column, row, column + len(word.group(1)), path)
    return f"unknown keyword '{word.group(1)}'", span, f"did you mean '{close[0]}'?"


#: Abilities that are never statements: written inside a block, each is a card's ability misplaced
#: (``when`` and ``at`` are statements too, and a family's command may be named ``play``; those
#: are caught only where the grammar refuses them).
_ABILITY_ONLY = (
    *("play", "defense", "ambush", "group", "ongoing", "fortune", "quest", "effect", "search", "action"),
    *("while", "response", "forced", "shadow", "travel"),
)
#: A line that opens an ability: its word, then anything up to a '{' ending the line, or a ':'
#: straight after the word (how some other card languages open one).
_ABILITY_LINE = re.compile(r"[ \t]*(?P<word>[a-z]+)\b(?:[^{}:]*\{[ \t]*(?:#.*)?|[ \t]*:.*)$")


def _nested_ability(error: UnexpectedInput, source: str, path: str) -> ScriptSyntaxError | None:
    """``play { ... ongoing { ... } }``: an ability written inside another's block, which the
    grammar reads as a command that cannot take a block. Reported at the ability's word, naming
    the ability it stands in (E320); None when the error is about something else."""
    row = getattr(error, "line", None)
    lines = source.split("\n")
    if not isinstance(row, int) or not 1 <= row <= len(lines):
        return None
    line = lines[row - 1]
    opened = _ABILITY_LINE.match(recovery.code_of(line))
    if opened is None or opened.group("word") not in _ABILITY_ONLY:
        return None
    # The blocks open where the line starts, outermost first: the card's, then its ability's.
    outer = recovery.open_blocks(lines[: row - 1])
    word = opened.group("word")
    column = opened.start("word") + 1
    # Indented no deeper than the ability's line, it is the block before it that is not closed.
    if len(outer) < 2 or column - 1 <= outer[1][1]:
        return None
    ability = outer[1][0]
    return ScriptSyntaxError(
        f"'{word}' is an ability: abilities go at the card's top level, not inside '{ability}'",
        Span(row, column, row, column + len(word), path),
        code="E320",
        hint=f"move it out of the '{ability}' block, to after that block's closing '}}'",
    )


#: Abilities and statements whose block follows their word straight away (``play {``).
_BARE_BLOCKS = frozenset(
    {"play", "defense", "ambush", "group ambush", "ongoing", "fortune", "effect", "search", "action", "shadow"}
    | {"travel", "may", "choose", "next turn"}
)

#: Words that open a block, which some card languages open with ':' instead of '{'.
_COLON_BLOCK = re.compile(r"[ \t]*(?P<head>[a-z][a-z ]*[a-z])[ \t]*:")


def _colon_block(error: UnexpectedInput, source: str, path: str) -> tuple[str, str] | None:
    """``play: draw 1``: a block opened with ':'. The message and hint that say how to write it."""
    if not isinstance(error, UnexpectedCharacters) or error.char != ":":
        return None
    lines = source.split("\n")
    row = error.line
    if not 1 <= row <= len(lines):
        return None
    head = _COLON_BLOCK.match(lines[row - 1])
    if head is None or head.end() != error.column:
        return None
    words = head.group("head")
    write = f"write '{words} {{'" if words in _BARE_BLOCKS else "end its first line with '{'"
    return (
        f"':' does not open a block: {write}",
        "put the block's statements on the lines below it and close it with '}' on a line of its own",
    )


def _viable(interactive: Any, fallback: set[str]) -> set[str]:
    """The terminals the parser can really take next. The lexer's own list comes from LALR's
    merged look-aheads and may hold tokens that a pending reduction rules out."""
    try:
        accepts = set(interactive.accepts())
    except Exception:  # pragma: no cover - a best effort for a nicer message, never a failure
        return fallback
    return accepts or fallback


def _lines(text: str) -> list[str]:
    """The text's lines as Lark counts them: only '\\n' ends a line (not '\\f' or U+2028)."""
    lines = text.split("\n")
    if len(lines) > 1 and lines[-1] == "":
        lines.pop()
    return lines


def _error_span(error: UnexpectedInput, text: str, path: str) -> Span:
    line = getattr(error, "line", 1)
    column = getattr(error, "column", 1)
    line = line if isinstance(line, int) and line > 0 else 1
    column = column if isinstance(column, int) and column > 0 else 1
    if isinstance(error, UnexpectedEOF):
        lines = _lines(text)
        line, column = len(lines), len(lines[-1]) + 1
    return Span(line, column, line, column + 1, path)


_STRINGS_AND_COMMENTS = re.compile(r'"(?:\\.|[^"\\\n])*"|#[^\n]*')


def _too_nested(text: str) -> str | None:
    """What nests past :data:`MAX_NESTING` ("blocks", or "brackets" when a '(' went past it),
    or None when nothing does."""
    depth = 0
    # Brackets inside strings and comments are text, not nesting.
    for char in _STRINGS_AND_COMMENTS.sub("", text):
        if char in "{(":
            depth += 1
            if depth > MAX_NESTING:
                return "blocks" if char == "{" else "brackets"
        elif char in "})":
            depth -= 1
    return None


def _too_deep(tree: Tree[Token]) -> Tree[Token] | Token | None:
    """The first node deeper than :data:`MAX_TREE_DEPTH`, found without recursion."""
    stack: list[tuple[Tree[Token] | Token, int]] = [(tree, 1)]
    while stack:
        node, depth = stack.pop()
        if depth > MAX_TREE_DEPTH:
            return node
        if isinstance(node, Tree):
            stack.extend((child, depth + 1) for child in node.children)
    return None


def _glued_keyword(token: Token, source: str) -> bool:
    """A keyword run on into the next word. Where the grammar takes no plain word, the lexer
    matches a keyword as a prefix, so ``types hero`` would read as ``type s hero`` and
    ``goalie`` as ``goal ie``; a keyword must end where a word would."""
    end = token.end_pos
    return token.type in _keywords() and isinstance(end, int) and _WORD_CHAR.match(source, end) is not None


def parse_with_lark(text: str, source: str, path: str = "") -> ast.Script:
    """Parse a script (``source`` is ``text`` ending with a line end) with Lark; raises
    :class:`ScriptSyntaxError` (and nothing else) on bad input. The fast parser checks the
    nesting limit itself, so the check below is needed only on the way here."""
    nested = _too_nested(text)
    if nested is not None:
        # Named for what went past the limit: a bracket is never called a block.
        around = " (with the blocks around them)" if nested == "brackets" else ""
        message = f"{nested} nest deeper than {MAX_NESTING} levels{around}"
        raise ScriptSyntaxError(message, Span(1, 1, 1, 2, path), code="E003")
    tree = _parse_fast(source)
    if tree is None:
        tree = _parse_carefully(text, source, path)
    deep = _too_deep(tree)
    if deep is not None:
        where = _span_of_token(deep, path) if isinstance(deep, Token) else _span_of_meta(deep.meta)
        raise ScriptSyntaxError(
            f"the script nests too deeply: more than {MAX_TREE_DEPTH} levels of blocks, brackets, operators or 'not'",
            _clamp(where, text, path),
            code="E003",
        )
    try:
        script = _ToAst().transform(tree)
    except lark.exceptions.VisitError as error:
        if isinstance(error.orig_exc, ValueError):
            # int() refuses numbers of thousands of digits: no card needs one
            raise ScriptSyntaxError("a number is too long", Span(1, 1, 1, 2, path)) from None
        raise error.orig_exc from None  # pragma: no cover - would be a grammar/AST mismatch
    return _with_path(script, path)


def _parse_fast(source: str) -> Tree[Token] | None:
    """The parse tree of a good script; None when anything is wrong (the careful path then
    finds out what, and says it well)."""
    _glued_seen.clear()
    _fast_source[0] = source
    try:
        tree: Tree[Token] = _fast_parser().parse(source)
    except UnexpectedInput:
        return None
    finally:
        _fast_source[0] = ""
    return None if _glued_seen else tree


def _parse_carefully(text: str, source: str, path: str) -> Tree[Token]:
    """The parse tree of a script the fast path refused; on a syntax error, raises the first
    error with every later one the file holds attached (:attr:`ScriptSyntaxError.further`)."""
    try:
        return _parse_once(text, source, path)
    except ScriptSyntaxError as first:
        found, recovered, set_aside = _every_error(first, text, path)
        found = found[:MAX_SYNTAX_ERRORS]
        if len(found) == MAX_SYNTAX_ERRORS:
            # Say so where the list stops, so that a fixed file's new errors are no surprise.
            last = found[-1]
            cap = f"at most {MAX_SYNTAX_ERRORS} syntax errors of a file are listed"
            assert last.span is not None
            found[-1] = ScriptSyntaxError(
                last.message, last.span, last.code, f"{last.hint}; {cap}" if last.hint else cap
            )
        error = found[0]
        error.further = found[1:]
        if recovered is not None:
            error.partial = _partial(recovered, path)
            error.set_aside = set_aside if error.partial is not None else frozenset()
        raise error from None


def _partial(source: str, path: str) -> ast.Script | None:
    """The script of a text the recovery left parseable, or None if it is not a good one."""
    tree = _parse_fast(source)
    if tree is None or _too_deep(tree) is not None:
        return None
    try:
        script = _ToAst().transform(tree)
    except lark.exceptions.VisitError:
        return None
    return _with_path(script, path)


#: Errors after which the parser reads on: one statement is wrong, the rest of the file may not be.
_RECOVERABLE = frozenset({"E001", "E320"})

#: How many characters the search for further syntax errors may parse in all (see _every_error).
_RECOVERY_BUDGET = 1024 * 1024


def _every_error(
    first: ScriptSyntaxError, text: str, path: str
) -> tuple[list[ScriptSyntaxError], str | None, frozenset[int]]:
    """The first error and the ones after it: the failing statement (its line and the lines
    indented under it) is set aside and the rest parsed again, until the file parses, the cap is
    reached or setting a statement aside would misalign the rest of the file. A '{' never closed
    is reported at the '{', instead of the errors its missing '}' causes further on.

    Also the text with the statements set aside, when it parses (else None), and their lines."""
    lines = _lines(text)
    unclosed = recovery.unclosed_block(lines)
    found: list[ScriptSyntaxError] = []
    error, current = first, text
    recovered: str | None = None
    set_aside: set[int] = set()
    # Each error found costs a parse of the file: a large file gets fewer, so that a stranger's
    # 256 KiB of garbage is read a few times, not MAX_SYNTAX_ERRORS times.
    parses = max(1, _RECOVERY_BUDGET // max(1, len(text)))
    while len(found) < MAX_SYNTAX_ERRORS and parses > 0:
        parses -= 1
        assert error.span is not None
        row = error.span.line
        if unclosed is not None and (unclosed.ends_before is None or row >= unclosed.ends_before):
            break  # the missing '}' is the cause; reported below
        found.extend(_with_brackets(_with_near_miss(error, current, path), lines, path))
        if error.code not in _RECOVERABLE or lines[row - 1].lstrip().startswith("card"):
            break  # a limit, or a card's own first line: everything after would follow from it
        rows = recovery.statement_lines(current.split("\n"), row)
        if rows is None:
            break
        current = recovery.blanked(current, rows)
        set_aside.update(rows)
        source = current if current.endswith("\n") else current + "\n"
        if _parse_fast(source) is not None:
            recovered = source
            break
        try:
            _parse_once(current, source, path)
            recovered = source
            break
        except ScriptSyntaxError as following:
            assert following.span is not None
            if following.span.line <= row or following.span.line in rows:
                break  # no progress: it would only repeat itself
            error = following
    if unclosed is not None:
        found.append(_unclosed_error(unclosed, text, path))
        recovered = None
    if len(found) >= MAX_SYNTAX_ERRORS:
        recovered = None  # errors left unlisted may lie in what was read as good
    return found or [first], recovered, frozenset(set_aside)


def _with_near_miss(error: ScriptSyntaxError, text: str, path: str) -> ScriptSyntaxError:
    """The error, as the phrase it falls in when that is a known near miss (``costing up to 4``),
    with how the language says it."""
    assert error.span is not None
    if error.code != "E001":
        return error  # it says what is wrong already (an ability inside a block)
    found = nearmiss.suggest(text, error.span.line, error.span.column, error.span.column)
    if found is None:
        return error
    span = Span(error.span.line, found.column, error.span.line, found.column + len(found.written), path)
    # "missing a number after 'cost'" says it well already; "unexpected '4' after 'to'" does not.
    message = error.message if error.message.startswith("missing") else f"unexpected '{found.written}'"
    if found.say:
        message = found.say
    return ScriptSyntaxError(message, span, hint=found.hint)


def _unclosed_error(unclosed: recovery.Unclosed, text: str, path: str) -> ScriptSyntaxError:
    span = _clamp(Span(unclosed.line, unclosed.column, unclosed.line, unclosed.column + 1), text, path)
    if unclosed.ends_before is None:
        return ScriptSyntaxError(
            "'{' is never closed: the file ends inside its block", span, hint="add the '}' where its block ends"
        )
    return ScriptSyntaxError(
        f"'{{' is never closed: by its indentation, its block ends before line {unclosed.ends_before}",
        span,
        hint=f"add '}}' before line {unclosed.ends_before}",
    )


def _with_brackets(error: ScriptSyntaxError, lines: list[str], path: str) -> list[ScriptSyntaxError]:
    """The error, worded as a bracket error when its line leaves a '(' open or closes one that
    was never opened: a bracket is named as a bracket, not as a missing block or word."""
    assert error.span is not None
    row = error.span.line
    if not 1 <= row <= len(lines) or error.code != "E001":
        return [error]
    bracket = recovery.open_bracket(lines[row - 1], row)
    if bracket is None or error.message.startswith("missing ')'"):
        return [error]
    span = Span(row, bracket.column, row, bracket.column + 1, path)
    if bracket.char == "(":
        found = ScriptSyntaxError(
            "'(' is not closed on its line", span, hint="a bracket closes with ')' on the line it opens"
        )
    else:
        found = ScriptSyntaxError("')' closes no '('", span, hint="remove it, or open the bracket with '('")
    at_end = error.span.column > len(lines[row - 1].rstrip())
    if error.span.column == bracket.column or at_end:
        return [found]
    return [error, found]


def _parse_once(text: str, source: str, path: str) -> Tree[Token]:
    """Token by token, so that an error knows the token before it and what could have come instead."""
    interactive = _parser().parse_interactive(source)
    before: Token | None = None
    current: Token | None = None
    try:
        for token in interactive.iter_parse():
            if _glued_keyword(token, source):
                tail = _WORD_TAIL.match(source, token.end_pos or 0)
                word = str(token) + (tail.group() if tail else "")
                span = _span_of_token(token, path)
                raise ScriptSyntaxError(
                    f"unknown keyword '{word}'",
                    _clamp(span, text, path),
                    hint=f"did you mean '{token}'?",
                )
            before, current = current, token
        tree: Tree[Token] = interactive.feed_eof(current)  # type: ignore[no-untyped-call]
    except UnexpectedInput as error:
        failed_here = isinstance(error, UnexpectedToken) and error.token is current
        previous = before if failed_here else current
        expected = _viable(interactive, set(getattr(error, "expected", None) or getattr(error, "allowed", None) or ()))
        message, hint = _syntax_message(error, previous, expected, source)
        span = _error_span(error, source, path)
        if message == "'else' without 'if'" and previous is not None and str(previous) == "else":
            span = _span_of_token(previous, path)
        misspelt = _misspelt_block_statement(error, hint, source, path)
        if misspelt is not None:
            message, span = misspelt
        ability = _misspelt_ability(error, expected, source, path)
        if ability is not None:
            message, span, hint = ability
        nested = _nested_ability(error, source, path)
        if nested is not None:
            assert nested.span is not None
            raise ScriptSyntaxError(nested.message, _clamp(nested.span, text, path), "E320", nested.hint) from None
        colon = _colon_block(error, source, path)
        if colon is not None:
            message, hint = colon
        raise ScriptSyntaxError(message, _clamp(span, text, path), hint=hint) from None
    return tree


def _clamp(span: Span, text: str, path: str) -> Span:
    """Keep an error's position inside the text, even for errors at a synthetic final newline."""
    lines = _lines(text)
    line = max(1, min(span.line, len(lines)))
    column = max(1, min(span.column, len(lines[line - 1]) + 1))
    return Span(line, column, line, column + 1, path)


def _with_path(script: ast.Script, path: str) -> ast.Script:
    return ast.Script(script.cards, path=path)


def valid_at(source: str, offset: int) -> frozenset[str]:
    """What the grammar takes at ``offset`` of ``source``: the names of the terminals (``INT``,
    ``PLUS``) and the keywords as written (``on``, ``where``), so that a suggestion never offers
    a word that could not stand there."""
    interactive = _parser().parse_interactive(source[:offset])
    try:
        for _token in interactive.iter_parse():
            pass
    except UnexpectedInput:
        return frozenset()
    accepted = _viable(interactive, set())
    return frozenset(accepted | {_keywords()[name] for name in accepted if name in _keywords()})
