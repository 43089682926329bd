"""Hypothesis strategies for random but grammatical card-script syntax trees.

Every value built here is one the parser can produce, so ``parse(format_script(x)) == x`` is
expected to hold for all of them. The grammar (``grammar/cardscript.lark``) cannot write down a
few trees at all; the strategies leave those out, each at the place marked "grammar:" below:

* in a command's selection ``under`` ends the kind phrase (it starts the placement), so a
  command's own kind phrase never holds ``under`` (elsewhere one may: ``cards under this``);
* a state phrase's first word is a plain word: ``the`` there is read as the article;
* ``may`` without braces holds exactly one simple statement;
* a selection has at least a quantity, a kind, a source or a reference.

The formatter brackets what the parser would otherwise read differently (a nested ``-``, an
``and``/``or`` inside a ``not``, an ``and`` or an ``or`` of the same kind, an aggregate ending in
``where``/``from`` before ``and``/``or``), so those are generated freely: predicates and
conditions nest in any shape.

Plain words avoid every keyword of the language, wherever they stand: with the contextual lexer a
keyword is one only where the parser can take it, but which states take which keywords is a
detail of the LALR tables, not something a test should depend on. Keywords that the grammar lets
stand inside a phrase (``of``, ``this``, ``to``, ...) are mixed into exactly those phrases.
"""

from __future__ import annotations

import functools
import operator
import os
from collections.abc import Callable
from typing import Any, TypeVar

import attrs
from hypothesis import settings
from hypothesis import strategies as st

from lotr_rules.dsl import ast

T = TypeVar("T")

# ---------------------------------------------------------------------- settings
settings.register_profile("lotr-dsl", max_examples=200, deadline=None)
settings.register_profile("lotr-dsl-long", max_examples=3000, deadline=None)
settings.register_profile("lotr-dsl-quick", max_examples=25, deadline=None)

#: Settings for the heavy property tests: 200 examples, no deadline (the first parse builds the
#: Lark tables). ``LOTR_DSL_PROFILE=lotr-dsl-long`` or ``lotr-dsl-quick`` changes the amount.
PROPERTY_SETTINGS = settings.get_profile(os.environ.get("LOTR_DSL_PROFILE", "lotr-dsl"))
#: For the runs marked ``slow`` (enabled with ``--long``).
LONG_SETTINGS = settings.get_profile("lotr-dsl-long")

# ---------------------------------------------------------------------- words
#: Every keyword of the grammar (``test_parser`` checks that this covers the grammar's literals).
KEYWORDS = frozenset(
    [
        "card",
        "then",
        "until",
        "look",
        "id",
        "type",
        "title",
        "level",
        "cost",
        "power",
        "victory",
        "copies",
        "deck",
        "provenance",
        "text",
        "notes",
        "designed",
        "starting",
        "play",
        "defense",
        "ambush",
        "group",
        "ongoing",
        "fortune",
        "when",
        "at",
        "quest",
        "goal",
        "without",
        "let",
        "for",
        "each",
        "on",
        "under",
        "if",
        "else",
        "may",
        "choose",
        "option",
        "repeat",
        "attack",
        "a",
        "an",
        "all",
        "up",
        "to",
        "random",
        "from",
        "in",
        "where",
        "as",
        "this",
        "it",
        "not",
        "and",
        "or",
        "is",
        "contains",
        "named",
        "the",
        "of",
        "players",
        "player",
        "hit",
        "aggression",
        "directions",
        "effect",
        "always",
        "search",
        "add",
        "remove",
        "token",
        "tokens",
        "into",
        "next",
        "turn",
        "pay",
        "action",
        "once",
        "per",
        "while",
        "costs",
        "less",
        "more",
        "response",
        "forced",
        "shadow",
        "travel",
        "times",
        "deal",
        "heal",
        "place",
        "give",
        "raise",
        "reduce",
        "by",
        "end",
    ]
)

#: Words that read like real card scripts, so that failing examples are easy to follow.
VOCABULARY = (
    "draw",
    "destroy",
    "gain",
    "discard",
    "reveal",
    "put",
    "take",
    "cards",
    "card",
    "enemy",
    "enemies",
    "ally",
    "hand",
    "deck",
    "discard-pile",
    "path",
    "top",
    "bottom",
    "wall",
    "breached",
    "number",
    "highest",
    "lowest",
    "cost",
    "name",
    "opponent",
    "each-player",
    "you",
    "control",
    "turn",
    "end",
    "start",
    "played",
    "corruption",
    "ring",
    "mordor's",
    "x_1",
    "b2",
)

_LOWER = "abcdefghijklmnopqrstuvwxyz"
# WORD is /[a-z][a-z0-9_'-]*/ (built by hand: st.from_regex is several times slower)
_RANDOM_WORD = st.builds(operator.add, st.sampled_from(_LOWER), st.text(_LOWER + "0123456789_'-", max_size=7))

#: A lowercase word the lexer reads as WORD, never a keyword.
words: st.SearchStrategy[str] = st.one_of(st.sampled_from(VOCABULARY), _RANDOM_WORD).filter(lambda w: w not in KEYWORDS)
#: A name in capitals (VAR).
names: st.SearchStrategy[str] = st.builds(
    operator.add, st.sampled_from(_LOWER.upper()), st.text(_LOWER + _LOWER.upper() + "0123456789_", max_size=5)
)
#: Any one-line text: quotes and backslashes included, newlines not (a string cannot hold one).
texts: st.SearchStrategy[str] = st.text(
    st.one_of(st.sampled_from('"\\ #{}'), st.characters(exclude_characters="\n")), max_size=12
)
ints: st.SearchStrategy[int] = st.integers(min_value=0, max_value=10**6)
cmp_ops: st.SearchStrategy[str] = st.sampled_from(["<=", ">=", "==", "!=", "<", ">"])


def _phrase(first: st.SearchStrategy[str], rest: st.SearchStrategy[str], max_size: int = 3) -> Any:
    return st.tuples(first, st.lists(rest, max_size=max_size)).map(lambda p: (p[0], *p[1]))


def _words_with(*keywords: str) -> st.SearchStrategy[str]:
    return st.one_of(words, st.sampled_from(keywords))


#: ``when``/``at`` phrases: WORD | of | this | to | from | in | a | an, in any order.
trigger_phrases = _phrase(
    _words_with("of", "this", "to", "from", "in", "a", "an"), _words_with("of", "this", "to", "from", "in", "a", "an")
)
#: ``attack`` phrases: WORD | to.
player_phrases = _phrase(_words_with("to"), _words_with("to"))
#: The pile of ``on top of ...``: WORD | of.
pile_phrases = _phrase(_words_with("of"), _words_with("of"))
#: A kind phrase starts with a plain word, then WORD | this | to | of | a | an | under.
kind_phrases = _phrase(words, _words_with("this", "to", "of", "a", "an", "under"))
#: ``from``/``in`` phrases: WORD | of | or | this | to.
source_phrases = _phrase(_words_with("of", "or", "this", "to"), _words_with("of", "or", "this", "to"))
#: grammar: a state phrase starts with a plain word (a leading ``the`` is the article); then
#: WORD | in | is | to | the | not.
state_phrases = _phrase(words, _words_with("in", "is", "to", "the", "not"))
#: The counter of ``add 2 tokens to witch king track``: plain words only.
counter_phrases = _phrase(words, words)
#: Field values of several words (``type``, ``deck``) and aggregate words.
word_lists = _phrase(words, words, max_size=2)


def optional(strategy: st.SearchStrategy[T]) -> st.SearchStrategy[T | None]:
    return st.one_of(st.none(), strategy)


def _tuples_of(strategy: st.SearchStrategy[T], min_size: int = 0, max_size: int = 3) -> Any:
    return st.lists(strategy, min_size=min_size, max_size=max_size).map(tuple)


# ---------------------------------------------------------------------- expressions
nums: st.SearchStrategy[ast.Num] = st.builds(ast.Num, ints)
refs: st.SearchStrategy[ast.Ref] = st.one_of(
    st.builds(ast.Ref, st.just("var"), names),
    st.just(ast.Ref("this")),
    st.just(ast.Ref("it")),
)


@functools.cache
def _exprs(depth: int = 2) -> st.SearchStrategy[ast.Expr]:
    """Numbers, names and ``players hit``; with ``depth`` > 0 also operators, negation and aggregates."""
    leaves: st.SearchStrategy[ast.Expr] = st.one_of(
        nums,
        st.just(ast.PlayersHit()),
        st.builds(ast.VarExpr, names),
        st.builds(ast.TokensOn, counter_phrases),
        st.just(ast.PowerRead()),
    )
    if depth <= 0:
        return leaves
    sub = _exprs(depth - 1)
    return st.one_of(
        leaves,
        st.builds(ast.BinOp, st.sampled_from(["+", "-", "*", "/", "%"]), sub, sub),
        st.builds(ast.Neg, sub),
        st.builds(ast.Aggregate, word_lists, _sels(depth - 1)),
    )


# ---------------------------------------------------------------------- selections
@functools.cache
def _quantities(depth: int = 1) -> st.SearchStrategy[ast.Quantity]:
    return st.one_of(
        st.builds(ast.Quantity, st.just("exact"), nums),
        st.builds(ast.Quantity, st.just("one"), st.none(), st.sampled_from(["a", "an"])),
        st.just(ast.Quantity("all")),
        st.builds(ast.Quantity, st.sampled_from(["up_to", "random"]), _exprs(depth)),
    )


sources: st.SearchStrategy[ast.Source] = st.builds(ast.Source, st.sampled_from(["from", "in"]), source_phrases)


@functools.cache
def _sels(depth: int = 1) -> st.SearchStrategy[ast.Sel]:
    """The four shapes of a selection; grammar: never an empty one."""
    where = optional(_preds())
    binding = optional(names)
    return st.one_of(
        st.builds(
            ast.Sel,
            quantity=_quantities(depth),
            kind=optional(kind_phrases),
            source=optional(sources),
            where=where,
            binding=binding,
        ),
        st.builds(ast.Sel, kind=kind_phrases, source=optional(sources), where=where, binding=binding),
        st.builds(ast.Sel, source=sources, where=where, binding=binding),
        st.builds(ast.Sel, ref=refs, binding=binding),
    )


# ---------------------------------------------------------------------- predicates
#: a worked-out number in a card test: names, ``cost of X``, and operators between them
_pred_numbers: st.SearchStrategy[ast.Expr] = st.one_of(
    _exprs(0),
    st.builds(ast.Aggregate, words.map(lambda w: (w,)), st.builds(ast.Sel, ref=refs)),
    st.builds(ast.BinOp, st.sampled_from(["+", "-", "*", "/", "%"]), _exprs(0), _exprs(0)),
)
pred_values: st.SearchStrategy[ast.PredValue] = st.one_of(
    st.builds(ast.Word, words), st.builds(ast.Str, texts), nums, _pred_numbers
)
_pred_atoms: st.SearchStrategy[ast.Pred] = st.one_of(
    st.builds(ast.PredCompare, words, cmp_ops, pred_values),
    st.builds(ast.PredIs, words, st.booleans(), pred_values),
    st.builds(ast.PredContains, words, texts),
)


def _negations(atoms: st.SearchStrategy[T], negate: Callable[[Any], T]) -> st.SearchStrategy[T]:
    """An atom under zero, one or two ``not``s (grammar: ``not`` takes an atom, or a ``not``)."""

    def wrap(pair: tuple[T, int]) -> T:
        value, count = pair
        for _ in range(count):
            value = negate(value)
        return value

    return st.tuples(atoms, st.integers(0, 2)).map(wrap)


def _logic(
    atoms: st.SearchStrategy[T],
    negate: Callable[[Any], T],
    both: Callable[[Any], T],
    either: Callable[[Any], T],
    depth: int,
) -> st.SearchStrategy[T]:
    """``not``/``and``/``or`` over ``atoms`` in any shape, ``depth`` operators deep: an ``or``
    inside an ``and``, an ``and`` inside an ``and`` or a ``not`` are written with brackets."""
    if depth <= 0:
        return atoms
    sub = _logic(atoms, negate, both, either, depth - 1)
    return st.one_of(
        atoms,
        sub.map(negate),
        _tuples_of(sub, 2, 3).map(both),
        _tuples_of(sub, 2, 3).map(either),
    )


@functools.cache
def _preds() -> st.SearchStrategy[ast.Pred]:
    return st.one_of(
        _negations(_pred_atoms, ast.PredNot),
        _logic(_pred_atoms, ast.PredNot, ast.PredAnd, ast.PredOr, 2),
    )


# ---------------------------------------------------------------------- conditions
@functools.cache
def _conds(depth: int = 2) -> st.SearchStrategy[ast.Cond]:
    """Conditions, nesting in any shape like :func:`preds`."""
    atoms = st.one_of(
        st.builds(ast.CondCompare, _exprs(depth), cmp_ops, _exprs(depth)),
        st.builds(ast.CondIs, refs, st.booleans(), words),
        st.builds(ast.CondNamed, refs, texts),
        st.builds(ast.CondState, state_phrases, st.booleans()),
    )
    return st.one_of(
        _negations(atoms, ast.CondNot),
        _logic(atoms, ast.CondNot, ast.CondAnd, ast.CondOr, 2),
    )


# ---------------------------------------------------------------------- statements
placements: st.SearchStrategy[ast.Placement] = st.one_of(
    st.builds(ast.PlaceOn, words, pile_phrases),
    st.builds(ast.PlaceUnder, refs),
    st.builds(ast.PlaceInto, pile_phrases),
)


def _command(parts: tuple[str, ast.Sel | None, ast.Placement | None, str | None]) -> ast.Command:
    verb, sel, placement, guard = parts
    if sel is not None and sel.kind is not None and "under" in sel.kind:
        # grammar: in a command, `under` ends the kind phrase (`put 2 cards under this`)
        sel = attrs.evolve(sel, kind=tuple(word for word in sel.kind if word != "under"))
    return ast.Command(verb, sel, placement, guard)


@functools.cache
def _simple_stmts(depth: int = 1) -> st.SearchStrategy[ast.Stmt]:
    return st.one_of(
        st.builds(ast.PowerStmt, _exprs(depth), optional(_sels(depth))),
        st.builds(ast.PowerStmt, _exprs(depth), optional(_sels(depth)), lose=st.just(True)),
        st.builds(
            ast.CostStmt,
            st.sampled_from(["next", "all"]),
            word_lists,
            optional(_preds()),
            st.sampled_from(["cost", "costs"]),
            _exprs(depth),
            st.sampled_from(["less", "more"]),
            optional(player_phrases),
        ),
        st.builds(ast.LetStmt, names, _exprs(depth)),
        st.builds(ast.TokenStmt, st.sampled_from(["add", "remove"]), _exprs(depth), counter_phrases),
        st.builds(ast.TokenStmt, st.just("remove"), st.none(), counter_phrases),
        st.tuples(words, optional(_sels(depth)), optional(placements), optional(words)).map(_command),
    )


@functools.cache
def _blocks(depth: int = 2) -> st.SearchStrategy[ast.Block]:
    return _tuples_of(_stmts(depth), 0, 3 if depth > 0 else 2)


@functools.cache
def _stmts(depth: int = 2) -> st.SearchStrategy[ast.Stmt]:
    """Any statement; compound ones hold blocks nested at most ``depth`` deep."""
    simple = _simple_stmts(1)
    if depth <= 0:
        return simple
    body = _blocks(depth - 1)
    return st.one_of(
        simple,
        st.builds(ast.IfStmt, _tuples_of(st.builds(ast.Branch, _conds(1), body), 1, 3), optional(body)),
        st.builds(ast.MayStmt, body, st.just(True)),
        # grammar: `may` without braces holds one simple statement
        st.builds(ast.MayStmt, simple.map(lambda s: (s,)), st.just(False)),
        st.builds(ast.ChooseStmt, _tuples_of(st.builds(ast.Option, texts, body), 1, 3)),
        st.builds(ast.RepeatStmt, _exprs(1), body),
        st.builds(ast.RepeatUntilStmt, _conds(1), body),
        st.builds(lambda sel: ast.ChoosePlayerStmt(_command(("choose", sel, None, None)).sel), _sels(1)),
        st.builds(ast.ForEachStmt, _sels(1), body),
        st.builds(ast.AttackStmt, player_phrases, optional(words), body),
        st.builds(ast.TriggerStmt, st.sampled_from(["when", "at"]), trigger_phrases, body),
        st.builds(ast.NextTurnStmt, body),
        st.builds(ast.PayStmt, _exprs(1), body),
    )


# ---------------------------------------------------------------------- cards
fields: st.SearchStrategy[ast.Field] = st.one_of(
    st.builds(ast.Field, st.sampled_from(["id", "title", "provenance"]), words.map(lambda w: (w,))),
    st.builds(ast.Field, st.sampled_from(["type", "deck"]), word_lists),
    st.builds(ast.Field, st.sampled_from(["level", "cost", "power", "copies", "aggression"]), ints),
    # grammar: directions are word and number pairs, kept as words
    st.builds(
        ast.Field,
        st.just("directions"),
        st.lists(st.tuples(words, ints.map(str)), min_size=1, max_size=3).map(
            lambda pairs: tuple(w for pair in pairs for w in pair)
        ),
    ),
    st.builds(ast.Field, st.just("victory"), _exprs(2)),
    st.builds(ast.Field, st.sampled_from(["text", "notes", "starting card", "designed"]), texts),
)


@functools.cache
def _abilities(depth: int = 2) -> st.SearchStrategy[ast.Ability]:
    body = _blocks(depth)
    return st.one_of(
        st.builds(ast.Ability, st.sampled_from(["play", "defense", "ambush", "ongoing", "fortune"]), body),
        st.builds(ast.Ability, st.just("group ambush"), body, guard=optional(words)),
        st.builds(ast.Ability, st.sampled_from(["when", "at"]), body, phrase=trigger_phrases),
        st.builds(ast.Ability, st.just("quest"), goal=_conds(2), reward=_exprs(2)),
        st.builds(ast.Ability, st.just("effect"), body, always=st.booleans()),
        st.builds(ast.Ability, st.just("search"), body),
        st.builds(ast.Ability, st.just("action"), body, once=st.just(False), cost=optional(_exprs(2))),
        st.builds(
            ast.Ability, st.just("action"), body, once=st.just(True), cost=optional(_exprs(2)), period=st.just("turn")
        ),
        st.builds(ast.Ability, st.just("while"), body, phrase=trigger_phrases),
    )


@functools.cache
def _cards(depth: int = 2) -> st.SearchStrategy[ast.Card]:
    return st.builds(ast.Card, texts, _tuples_of(st.one_of(fields, _abilities(depth)), 0, 4))


# ---------------------------------------------------------------------- public
# Composite wrappers: the nested strategies above would print as megabytes of repr in a report.
@st.composite
def exprs(draw: st.DrawFn, depth: int = 2) -> ast.Expr:
    """An expression, operators and aggregates nested at most ``depth`` deep."""
    return draw(_exprs(depth))


@st.composite
def sels(draw: st.DrawFn, depth: int = 1) -> ast.Sel:
    """A card selection (the four shapes of the grammar's ``sel``)."""
    return draw(_sels(depth))


@st.composite
def preds(draw: st.DrawFn) -> ast.Pred:
    """A card predicate (``where ...``)."""
    return draw(_preds())


@st.composite
def conds(draw: st.DrawFn, depth: int = 2) -> ast.Cond:
    """A condition (``if ...``, ``goal ...``)."""
    return draw(_conds(depth))


@st.composite
def stmts(draw: st.DrawFn, depth: int = 2) -> ast.Stmt:
    """A statement, blocks nested at most ``depth`` deep."""
    return draw(_stmts(depth))


@st.composite
def cards(draw: st.DrawFn, depth: int = 2) -> ast.Card:
    """A card with up to four fields and abilities."""
    return draw(_cards(depth))


@st.composite
def scripts(draw: st.DrawFn, depth: int = 2) -> ast.Script:
    """A script of one or two cards, blocks nested at most ``depth + 1`` deep."""
    return draw(st.builds(ast.Script, _tuples_of(_cards(depth), 1, 2)))
