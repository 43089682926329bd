"""A fast path for :func:`lotr_rules.dsl.syntax.parse`: script text straight to the typed AST.

Lark's LALR parser, run in Python, builds a parse tree that :class:`~lotr_rules.dsl.parser._ToAst`
then walks again; together they cost about a millisecond a card. This module reads a script with
one regular expression and a recursive-descent parser that builds the AST directly, several times
faster. It is an optimisation only: ``grammar/cardscript.lark`` stays the definition of the
language, and :func:`parse` returns ``None`` ("ask Lark") at the first thing it does not expect.
It never raises and never words an error: for a script it gives up on, Lark parses the text again
and reports what is wrong. For a script it accepts, it returns exactly what the Lark path returns,
the positions (``span``) of every node included; the tests hold it to that.

Three things about the Lark path are easy to get wrong and are copied with care:

* **Which words are keywords.** The contextual lexer lexes each token in the parser state left by
  the token before, and a word is a keyword only if that state takes the keyword, else it is a
  plain WORD (``id play`` has the id "play"). LALR states merge the look-aheads of every context
  with the same items, so a state often takes keywords that cannot follow here: after a kind word
  (``2 cards``) the word ``and`` is the keyword AND even in a command, where it then fails. So the
  parser carries, from each token it takes, the keyword set of the state Lark would be in after it
  (:data:`_KIND`, :data:`_SEL_END`, ...; a test checks each against the states of Lark's LALR
  table it stands for), and a word in that set is the keyword. A keyword that the grammar cannot
  take at that point is a syntax error for Lark, so the parser gives up on it.
* **Positions.** With ``propagate_positions`` a rule spans from the first to the last token it
  read, the anonymous ones (``{``, a line end with the comments and indentation after it) included,
  so a field ends at the start of the next line. A bracketed expression, condition or card test
  keeps the span of what is inside the brackets, but a rule it starts or ends spans the brackets
  too (``(1) + 2`` starts at the ``(``). Both fall out of taking every span from the first to the
  last token a rule consumed. A ``(`` where a condition starts may hold a condition or the number
  a comparison starts with; the parser reads its first atom either way, and that atom (or the
  token after the ``)``) tells which, as the grammar's ``cond_left`` does.
* **Limits.** :func:`~lotr_rules.dsl.syntax.parse` checks the script's size before calling
  :func:`parse`. The bracket nesting limit (:data:`MAX_NESTING`) is checked here, while reading the
  tokens, so that ``parse`` needs its own check only for the scripts it hands to Lark; the depth of
  the parse tree (:data:`MAX_TREE_DEPTH`) is bounded here by counting the constructs that nest,
  giving up well before the limit could be passed.

The cost that is left is mostly the regular expression and building the AST's attrs objects; the
spans are shared between nodes and cards (:data:`_SPANS`), as cards repeat each other's layout.
"""

from __future__ import annotations

import re

from lotr_rules.dsl import ast
from lotr_rules.dsl.syntax import MAX_NESTING, MAX_TREE_DEPTH
from lotr_rules.dsl.syntax import unquote as _unquote
from lotr_rules.errors import Span

#: The condition nodes, to tell a bracket's condition from a bracket's number.
_COND_NODES = (ast.CondCompare, ast.CondIs, ast.CondNamed, ast.CondState, ast.CondNot, ast.CondAnd, ast.CondOr)


class _GiveUp(Exception):
    """Anything unexpected: the Lark path takes over."""


def _string(token: str) -> str:
    """A STRING token's text; most have no escape, for which the Lark path's ``_unquote`` is a copy."""
    inner = token[1:-1]
    return _unquote(token) if "\\" in inner else inner


# ---------------------------------------------------------------------- tokens
# One alternation of the grammar's terminals (WORD, _NL with the comments and blank lines it
# swallows, VAR, INT, STRING, CMP_OP, punctuation, and the ignored line continuation), spaces and
# tabs before a token folded into its match. ``findall`` without groups is the fastest way through
# it; a character that starts no token is skipped by it, which the tokenizer notices as a gap. A
# keyword is a WORD here: the parser tells them apart. STRING is written as an unrolled loop,
# the same language as the grammar's ``"(\\.|[^"\\\n])*"`` but several times faster to match.
_TOKEN = re.compile(
    r"[ \t]*(?:[a-z][a-z0-9_'-]*"
    r"|(?:#[^\n]*)?(?:\r?\n[ \t]*(?:#[^\n]*)?)+"
    r"|[A-Z][A-Za-z0-9_]*"
    r"|[0-9]+"
    r'|"[^"\\\n]*(?:\\.[^"\\\n]*)*"'
    r"|<=|>=|==|!=|[<>{}()+\-*/%=]"
    r"|\\\r?\n)"
)
#: A token's kind from its first character: "w" a word, "N" a line end (_NL), "V" VAR, "I" INT,
#: "S" STRING, "C" CMP_OP, "\\" a line continuation, punctuation itself; "$" ends the tokens.
#: The parser's peek turns "w" into the keyword or "WORD".
_KIND_OF = {
    **dict.fromkeys("abcdefghijklmnopqrstuvwxyz", "w"),
    **dict.fromkeys("ABCDEFGHIJKLMNOPQRSTUVWXYZ", "V"),
    **dict.fromkeys("0123456789", "I"),
    **dict.fromkeys("#\r\n", "N"),
    **dict.fromkeys("<>!", "C"),
    **{c: c for c in "{}()+-*/%="},
    '"': "S",
    "\\": "\\",
}

# ---------------------------------------------------------------------- keyword sets
# The keywords the Lark parser's state takes after a token, by what that token was. Where a
# state also takes WORD, any other word is a WORD; where it does not, any other word is an error.
_EMPTY: frozenset[str] = frozenset()
_CARD = frozenset({"card"})
#: The keywords that start a card item; any other word starts a field (``cost 3``).
_BODY = frozenset(
    {
        *("ambush", "at", "defense", "effect", "fortune", "group", "ongoing", "play", "quest"),
        *("search", "starting", "victory", "when", "action", "while"),
        *("response", "forced", "shadow", "travel"),
    }
)
#: Abilities this parser leaves to Lark (the LCG's, which no shipped deck-building card has).
_LARK_ABILITIES = frozenset({"response", "forced", "shadow", "travel"})
#: Statements this parser leaves to Lark (amounts on cards, stat changes, counters and costs).
_LARK_STATEMENTS = frozenset({"deal", "heal", "place", "give", "raise", "reduce", "cost"})
_STMT = frozenset(
    {"add", "all", "at", "attack", "choose", "for", "if", "let", "look", "may", "next", "pay", "remove", "repeat"}
    | {"when"}
    | {"deal", "heal", "place", "give", "raise", "reduce", "cost"}
)
#: After anything that can end a selection, a predicate or an atom (``2``, ``X``, ``)``, ``hit``):
#: one state for all of them, with every context's look-aheads merged.
_SEL_END = frozenset(
    {
        *("and", "as", "else", "from", "in", "into", "on", "or", "power", "then", "token", "tokens"),
        *("under", "where", "without", "less", "more"),
        # a selection may end a stat change, which a period may follow (`until end of phase`)
        "until",
        # a number in a card test ends the test, and a cost change's `cost`/`costs` may follow
        # it: every state an atom ends in merges that look-ahead
        *("cost", "costs"),
    }
)
#: After the end of a card test: a cost change's ``cost``/``costs`` may follow it too.
_PRED_END = _SEL_END
#: After a word of a counter (its own rule): what ends a number.
_SEL_END_COUNTER = _SEL_END | {"by"}
#: After a word of ``type``/``deck`` values and aggregate words (one shared ``WORD+``).
_WORDS = frozenset({"of"})
_KIND = _SEL_END | {"a", "an", "of", "this", "to"}
#: After a word value in a card test: ``of`` makes it a measure (``cost of X``).
_PRED_WORD = _SEL_END | {"of"}
#: After a word of a command's kind phrase: that state is the command's own (``under`` ends the
#: phrase there), so it lacks the look-aheads other contexts merge into ``_KIND``.
_COMMAND_KIND = frozenset(
    {"a", "an", "as", "from", "in", "into", "of", "on", "this", "to", "under", "where", "without", "until"}
)
_SOURCE = _SEL_END | {"of", "this", "to"}
_SOURCE_START = frozenset({"of", "or", "this", "to"})
_REF = _SEL_END | {"is", "named"}
_SEL_START = frozenset({"a", "all", "an", "from", "in", "it", "random", "this", "up"})
_COMMAND = frozenset({"a", "all", "an", "from", "in", "into", "it", "on", "random", "this", "under", "up", "without"})
_EXPR_START = frozenset({"players", "power", "tokens"})
#: After ``repeat``: a number, or ``until`` and a condition.
_REPEAT = _EXPR_START | {"until"}
_AT = frozenset({"at"})
#: After a card test's comparison: a value, which may be a worked-out number.
_PRED_VALUE = _EXPR_START
#: What a worked-out number in a card test may start with, but a word.
_PRED_NUMBER_START = frozenset({"I", "V", "(", "-", "players", "power", "tokens"})
#: After ``ATTRIBUTE is``: ``not``, or a value.
_IS_VALUE = _PRED_VALUE | {"not"}
_PAREN = frozenset({"if", "players", "power", "tokens"})
_REMOVE = frozenset({"all", "players", "power", "tokens"})
_COND_START = frozenset({"it", "not", "players", "power", "the", "this", "tokens"})
#: After a '(' where a condition starts: a bracketed condition, number or ``(if ...)``.
_COND_PAREN = _COND_START | {"if"}
#: After the first word of a condition: a state phrase goes on, or ``of`` makes it an aggregate.
_COND_WORD = frozenset({"a", "an", "and", "in", "is", "not", "of", "or", "the", "then", "this", "to"})
_STATE = _COND_WORD - {"of"}
_COND_VAR = frozenset({"is", "named"})
_COND_END = frozenset({"and", "or", "then"})
_TRIGGER = frozenset({"a", "an", "from", "in", "of", "this", "to"})
_PLAYER = frozenset({"to", "without"})
_PLACE = frozenset({"of", "without"})
_OF = frozenset({"of"})
_NOT = frozenset({"not"})
_TOKEN_WORD = frozenset({"token", "tokens"})
_FROM_TO = frozenset({"from", "to"})
_EACH = frozenset({"each"})
_FOR = frozenset({"for"})
_MAY = frozenset({"add", "all", "let", "next", "remove"}) | _LARK_STATEMENTS
#: After a word of a cost change's kind (``next ally costs 2 less``).
_COST_KIND = frozenset({"cost", "costs", "where"})
_ACTION = frozenset({"by", "once", "pay"})
_PER = frozenset({"per"})
_PAY = frozenset({"pay"})
#: After a limit's period (``once per turn``): an action's ``pay`` or a response's trigger words.
_LIMIT_END = _PAY | _TRIGGER
_OPTION = frozenset({"option"})
_TURN = frozenset({"turn"})
_IF = frozenset({"if"})
_ELSE = frozenset({"else"})
_UNDER = frozenset({"it", "this"})
_ATTRIBUTE = frozenset({"contains", "is"})
_HIT = frozenset({"hit"})
_ON = frozenset({"on"})
_TO = frozenset({"to"})
_GOAL = frozenset({"goal"})
_VICTORY = frozenset({"victory"})
_ALWAYS = frozenset({"always"})
_AMBUSH = frozenset({"ambush"})
_WITHOUT = frozenset({"without"})

#: What goes on a phrase after a word of it (the grammar's ``kind_word``, ``source_word``, ...):
#: keywords, and "WORD" for any other word.
_KIND_GOES_ON = frozenset({"this", "to", "of", "a", "an", "under"})
_COMMAND_KIND_GOES_ON = _KIND_GOES_ON - {"under"}
_SOURCE_WORDS = frozenset({"WORD", "of", "or", "this", "to"})
_TRIGGER_WORDS = frozenset({"WORD", *_TRIGGER})
_STATE_WORDS = frozenset({"WORD", "in", "is", "to", "the", "a", "an", "this", "not"})
_PLACE_WORDS = frozenset({"WORD", "of"})
_PLAYER_WORDS = frozenset({"WORD", "to"})
_OPERATORS = frozenset({"+", "-", "*", "/", "%"})
_PRODUCT_OPERATORS = frozenset({"*", "/", "%"})
#: What can start a selection after a command's verb.
_SEL_FIRST = frozenset({"I", "V", "WORD", "a", "an", "all", "up", "random", "from", "in", "this", "it"})

#: The tokens a field's value is made of: words, numbers and quoted texts.
_FIELD_PARTS = frozenset({"w", "I", "S"})
_PLAIN_ABILITIES = frozenset({"play", "defense", "ambush", "ongoing", "fortune", "search"})
#: The keywords the state after a card item's keyword takes (most take none).
_AFTER_ITEM = {
    "victory": _EXPR_START,
    "starting": _CARD,
    "when": _TRIGGER,
    "at": _TRIGGER,
    "effect": _ALWAYS,
    "group": _AMBUSH,
    "action": _ACTION,
    "while": _TRIGGER,
}

#: The parse tree's depth is bounded by counting the constructs that nest (blocks, operators,
#: ``not``, ``-``, ``(if ...)``, aggregates, ``up to``/``random`` quantities, bracketed conditions
#: and card tests, which may hold an ``and`` inside an ``or``; brackets round a number add no level
#: to Lark's tree and are bounded by MAX_NESTING anyway). Lark's tree has at most 5 levels
#: above the first of them, 7 from one to the next (``block > may_stmt > command > sel > where >
#: pred_or > pred_and > pred_not``) and 10 from the last one down to a token, so N of them nested
#: make it at most 8 + 7 N deep: within the :data:`_BASE_LEVELS` + :data:`_LEVELS_PER_NEST` N
#: allowed for. Past :data:`_MAX_NEST` the parser gives up, before MAX_TREE_DEPTH could be passed.
_LEVELS_PER_NEST = 8
_BASE_LEVELS = 10
_MAX_NEST = (MAX_TREE_DEPTH - _BASE_LEVELS) // _LEVELS_PER_NEST


#: Spans by their two ends' places. Cards share their layout (the same fields on the same lines,
#: statements at the same indentation), so most spans recur, across cards as well as within one:
#: shared, immutable Span objects cost a dictionary look-up instead of an attrs constructor.
_SPANS: dict[tuple[tuple[int, int, int, int], tuple[int, int, int, int]], Span] = {}
#: The cache is emptied when it reaches this size, so that it cannot grow without end.
_SPAN_CACHE_SIZE = 20_000


def parse(source: str, path: str = "") -> ast.Script | None:
    """The script in ``source`` (which ends with a line end), or None to leave it to Lark."""
    try:
        return _Parser(source).script(path)
    except _GiveUp:
        return None


class _Parser:
    __slots__ = ("after", "depth", "i", "kinds", "peak", "places", "texts")

    def __init__(self, source: str) -> None:
        kinds: list[str] = []
        texts: list[str] = []
        #: (line, column, end line, end column) of each token, as Lark counts them
        places: list[tuple[int, int, int, int]] = []
        line = 1
        line_start = pos = brackets = 0
        kind_of = _KIND_OF
        for raw in _TOKEN.findall(source):
            text = raw
            start = pos
            first = raw[0]
            if first == " " or first == "\t":
                text = raw.lstrip(" \t")
                start += len(raw) - len(text)
                first = text[0]
            pos += len(raw)
            kind = kind_of[first]
            if kind == "w":
                pass
            elif kind == "N" or kind == "\\":
                # Lark counts only '\n' as a line end, and only these two terminals hold one.
                last = start + text.rindex("\n") + 1
                end_line = line + text.count("\n")
                if kind == "N":
                    kinds.append("N")
                    texts.append(text)
                    places.append((line, start - line_start + 1, end_line, pos - last + 1))
                line = end_line
                line_start = last
                continue
            elif kind == "V":
                if start == pos - len(raw) and kinds and kinds[-1] == "w":
                    # ``letX``: Lark refuses a keyword run on into a name; a plain word followed
                    # by a name is rare enough to leave to Lark as well.
                    raise _GiveUp
            elif kind == "{" or kind == "(":
                # parse's limit on nesting, which it leaves to this parser for good scripts.
                brackets += 1
                if brackets > MAX_NESTING:
                    raise _GiveUp
            elif kind == "}" or kind == ")":
                brackets -= 1
            elif kind == "=" and text == "==":
                kind = "C"
            kinds.append(kind)
            texts.append(text)
            column = start - line_start + 1
            places.append((line, column, line, column + len(text)))
        if pos != len(source):
            raise _GiveUp  # a character that starts no token
        # Enough ends for the parser to look two tokens on without running out.
        kinds += ("$", "$", "$")
        texts += ("", "", "")
        places += ((line, 1, line, 1),) * 3
        self.kinds = kinds
        self.texts = texts
        self.places = places
        self.i = 0
        self.after: frozenset[str] = _CARD
        self.depth = 0
        self.peak = 0

    # ------------------------------------------------------------------ reading tokens
    def _peek(self) -> str:
        """The next token's kind; a word is its keyword if the current state takes it, else WORD."""
        i = self.i
        kind = self.kinds[i]
        if kind == "w":
            text = self.texts[i]
            return text if text in self.after else "WORD"
        return kind

    def _take(self, after: frozenset[str]) -> int:
        """Consume the next token; ``after`` is the keyword set of Lark's state after it."""
        i = self.i
        self.i = i + 1
        self.after = after
        return i

    def _expect(self, kind: str, after: frozenset[str]) -> int:
        if self._peek() != kind:
            raise _GiveUp
        return self._take(after)

    def _span(self, first: int, last: int = -1) -> Span:
        """From token ``first`` to ``last``, by default the last token consumed."""
        places = self.places
        key = (places[first], places[self.i - 1 if last < 0 else last])
        span = _SPANS.get(key)
        if span is None:
            if len(_SPANS) >= _SPAN_CACHE_SIZE:
                _SPANS.clear()
            start, end = key
            span = _SPANS[key] = Span(start[0], start[1], end[2], end[3])
        return span

    def _int(self, index: int) -> int:
        try:
            return int(self.texts[index])
        except ValueError:  # more digits than int() reads: Lark's path decides what to say
            raise _GiveUp from None

    def _nest(self) -> None:
        depth = self.depth + 1
        if depth > _MAX_NEST:
            raise _GiveUp
        self.depth = depth
        if depth > self.peak:
            self.peak = depth

    # ------------------------------------------------------------------ cards
    def script(self, path: str) -> ast.Script:
        if self._peek() == "N":
            self._take(_CARD)
        cards = [self._card()]
        while self._peek() != "$":
            cards.append(self._card())
        return ast.Script(tuple(cards), path=path)

    def _card(self) -> ast.Card:
        # Cards, fields and the common simple statements read the token lists directly: these
        # paths are most of the work, and a method call per token would double it.
        kinds = self.kinds
        start = self.i
        if kinds[start] != "w" or self.texts[start] != "card" or kinds[start + 1] != "S":
            raise _GiveUp
        if kinds[start + 2] != "{" or kinds[start + 3] != "N":
            raise _GiveUp
        self.i = start + 4
        items: list[ast.Item] = []
        texts = self.texts
        while True:
            i = self.i
            kind = kinds[i]
            if kind == "}":
                break
            # The state takes the items' keywords, and any other word as a field's name.
            if kind != "w":
                raise _GiveUp
            items.append(self._item(texts[i]) if texts[i] in _BODY else self._field())
        end = self.i
        if kinds[end + 1] == "N":
            end += 1
        self.i = end + 1
        self.after = _CARD
        return ast.Card(
            _string(texts[start + 1]),
            tuple(items),
            span=self._span(start),
            name_span=self._span(start + 1, start + 1),
        )

    def _item(self, kind: str) -> ast.Item:
        start = self.i
        kinds = self.kinds
        texts = self.texts
        value: ast.Words | int | str | ast.Expr
        if kind == "starting":
            after = kinds[start + 1]
            if after != "w" or texts[start + 1] != "card" or kinds[start + 2] != "S" or kinds[start + 3] != "N":
                raise _GiveUp
            value = _string(texts[start + 2])
            kind = "starting card"
            end = start + 3
        else:
            self._take(_AFTER_ITEM.get(kind, _EMPTY))
            if kind != "victory":
                return self._ability(kind, start)
            value = self._expr()
            end = self._expect("N", _BODY)
        self.i = end + 1
        self.after = _BODY
        return ast.Field(kind, value, span=self._span(start))

    def _field(self) -> ast.Field:
        """A field: its name, its value's words, numbers and quoted texts, and a line end. After
        the name and after each part the state takes no keyword (the grammar's ``field``)."""
        start = self.i
        kinds = self.kinds
        texts = self.texts
        end = start + 1
        while kinds[end] in _FIELD_PARTS:
            end += 1
        if end == start + 1 or kinds[end] != "N":
            raise _GiveUp
        value: int | str | tuple[str, ...]
        if end == start + 2 and kinds[start + 1] == "I":
            value = self._int(start + 1)
        elif end == start + 2 and kinds[start + 1] == "S":
            value = _string(texts[start + 1])
        else:
            value = tuple(texts[start + 1 : end])
        self.i = end + 1
        self.after = _BODY
        return ast.Field(texts[start], value, span=self._span(start))

    def _ability(self, kind: str, start: int) -> ast.Ability:
        # The keyword is taken already.
        if kind in _LARK_ABILITIES:
            raise _GiveUp
        if kind in _PLAIN_ABILITIES:
            body = self._block()
            self._expect("N", _BODY)
            return ast.Ability(kind, body, span=self._span(start))
        if kind == "when" or kind == "at" or kind == "while":
            phrase = self._phrase(_TRIGGER_WORDS, _TRIGGER)
            body = self._block()
            self._expect("N", _BODY)
            return ast.Ability(kind, body, phrase=phrase, span=self._span(start))
        if kind == "action":
            if self._peek() == "by":
                raise _GiveUp  # 'action by each player' is left to Lark
            once = self._peek() == "once"
            if once:
                # only 'once per turn' here: any other limit is left to Lark
                self._take(_PER)
                self._expect("per", _EMPTY)
                if self._peek() != "WORD" or self.texts[self.i] != "turn":
                    raise _GiveUp
                self._take(_LIMIT_END)
            cost: ast.Expr | None = None
            if self._peek() == "pay":
                self._take(_EXPR_START)
                cost = self._expr()
                self._expect("power", _EMPTY)
            body = self._block()
            self._expect("N", _BODY)
            period = "turn" if once else ""
            return ast.Ability("action", body, once=once, cost=cost, period=period, span=self._span(start))
        if kind == "effect":
            always = self._peek() == "always"
            if always:
                self._take(_EMPTY)
            body = self._block()
            self._expect("N", _BODY)
            return ast.Ability("effect", body, always=always, span=self._span(start))
        if kind == "group":
            self._expect("ambush", _WITHOUT)
            guard = self._guard()
            body = self._block()
            self._expect("N", _BODY)
            return ast.Ability("group ambush", body, guard=guard, span=self._span(start))
        if kind == "quest":
            self._expect("{", _EMPTY)
            self._expect("N", _GOAL)
            self._expect("goal", _COND_START)
            goal = self._cond()
            self._expect("N", _VICTORY)
            self._expect("victory", _EXPR_START)
            reward = self._expr()
            self._expect("N", _EMPTY)
            self._expect("}", _EMPTY)
            self._expect("N", _BODY)
            return ast.Ability("quest", goal=goal, reward=reward, span=self._span(start))
        raise _GiveUp

    def _guard(self) -> str | None:
        """``without WORD``, if the next word is ``without`` in the current state."""
        if self._peek() != "without":
            return None
        self._take(_EMPTY)
        return self.texts[self._expect("WORD", _EMPTY)]

    def _phrase(self, words: frozenset[str], after: frozenset[str]) -> ast.Words:
        """One or more words, each a WORD or one of the keywords in ``words``."""
        if self._peek() not in words:
            raise _GiveUp
        out = [self.texts[self._take(after)]]
        while self._peek() in words:
            out.append(self.texts[self._take(after)])
        return tuple(out)

    # ------------------------------------------------------------------ statements
    def _block(self) -> ast.Block:
        self._nest()
        kinds = self.kinds
        texts = self.texts
        i = self.i
        if kinds[i] != "{" or kinds[i + 1] != "N":
            raise _GiveUp
        self.i = i + 2
        stmts: list[ast.Stmt] = []
        while True:
            i = self.i
            kind = kinds[i]
            if kind == "w":
                word = texts[i]
                if word not in _STMT:
                    # A plain word starts a command, the commonest statement.
                    stmts.append(self._command(i))
                    if kinds[self.i] != "N":
                        raise _GiveUp
                    self.i += 1
                    continue
                kind = word
            elif kind == "}":
                # Every block's '}' leaves the same state, which takes 'else'.
                self.i = i + 1
                self.after = _ELSE
                self.depth -= 1
                return tuple(stmts)
            self.after = _STMT
            stmts.append(self._stmt(kind))

    def _stmt(self, kind: str) -> ast.Stmt:
        start = self.i
        if kind in _LARK_STATEMENTS:
            raise _GiveUp
        if kind == "if":
            return self._if(start)
        if kind == "for":
            self._take(_EACH)
            self._expect("each", _SEL_START)
            sel = self._sel()
            body = self._block()
            self._expect("N", _STMT)
            return ast.ForEachStmt(sel, body, span=self._span(start))
        if kind == "may":
            self._take(_MAY)
            if self._peek() == "{":
                body = self._block()
                self._expect("N", _STMT)
                return ast.MayStmt(body, braced=True, span=self._span(start))
            inner = self._simple(self._peek())
            self._expect("N", _STMT)
            return ast.MayStmt((inner,), braced=False, span=self._span(start))
        if kind == "when" or kind == "at":
            self._take(_TRIGGER)
            phrase = self._phrase(_TRIGGER_WORDS, _TRIGGER)
            body = self._block()
            self._expect("N", _STMT)
            return ast.TriggerStmt(kind, phrase, body, span=self._span(start))
        if kind == "choose":
            self._take(_SEL_START)
            if self._peek() != "{":
                chosen = self._sel(in_command=True)
                self._expect("N", _STMT)
                return ast.ChoosePlayerStmt(chosen, span=self._span(start))
            self._expect("{", _EMPTY)
            self._expect("N", _OPTION)
            options: list[ast.Option] = []
            while True:
                option = self._expect("option", _EMPTY)
                label = _string(self.texts[self._expect("S", _EMPTY)])
                body = self._block()
                self._expect("N", _OPTION)
                options.append(ast.Option(label, body, span=self._span(option)))
                if self._peek() == "}":
                    break
            self._take(_EMPTY)
            self._expect("N", _STMT)
            return ast.ChooseStmt(tuple(options), span=self._span(start))
        if kind == "repeat":
            self._take(_REPEAT)
            if self._peek() == "until":
                self._take(_COND_START)
                until = self._cond()
                body = self._block()
                self._expect("N", _STMT)
                return ast.RepeatUntilStmt(until, body, span=self._span(start))
            count = self._expr()
            body = self._block()
            self._expect("N", _STMT)
            return ast.RepeatStmt(count, body, span=self._span(start))
        if kind == "attack":
            self._take(_TO)
            players = self._phrase(_PLAYER_WORDS, _PLAYER)
            guard = self._guard()
            body = self._block()
            self._expect("N", _STMT)
            return ast.AttackStmt(players, guard, body, span=self._span(start))
        if kind == "look":
            self._take(_AT)
            self._expect("at", _SEL_START)
            looked = self._sel(in_command=True)
            self._expect("N", _STMT)
            return ast.Command("look at", looked, span=self._span(start))
        if kind == "pay":
            self._take(_EXPR_START)
            amount = self._expr()
            self._expect("power", _EMPTY)
            body = self._block()
            self._expect("N", _STMT)
            return ast.PayStmt(amount, body, span=self._span(start))
        if kind == "next" and self.kinds[start + 1] == "w" and self.texts[start + 1] == "turn":
            self._take(_TURN)
            self._expect("turn", _EMPTY)
            body = self._block()
            self._expect("N", _STMT)
            return ast.NextTurnStmt(body, span=self._span(start))
        stmt = self._simple(kind)
        # A simple statement's line end is the enclosing ``stmt``'s, outside its span.
        self._expect("N", _STMT)
        return stmt

    def _if(self, start: int) -> ast.IfStmt:
        self._take(_COND_START)
        cond = self._cond()
        body = self._block()
        elifs: list[ast.Branch] = []
        otherwise: ast.Block | None = None
        while self._peek() == "else":
            branch = self._take(_IF)
            if self._peek() != "if":
                otherwise = self._block()
                break
            self._take(_COND_START)
            elif_cond = self._cond()
            elif_body = self._block()
            elifs.append(ast.Branch(elif_cond, elif_body, span=self._span(branch)))
        self._expect("N", _STMT)
        span = self._span(start)
        # The first branch has the whole statement's span, as in the Lark path.
        return ast.IfStmt((ast.Branch(cond, body, span=span), *elifs), otherwise, span=span)

    def _simple(self, kind: str) -> ast.Stmt:
        start = self.i
        if kind in _LARK_STATEMENTS:
            raise _GiveUp
        if kind == "WORD":
            return self._command(start)
        if kind == "+" or kind == "-":
            self._take(_EXPR_START)
            amount = self._expr()
            self._expect("power", _FOR)
            per_each: ast.Sel | None = None
            if self._peek() == "for":
                self._take(_EACH)
                self._expect("each", _SEL_START)
                per_each = self._sel()
            return ast.PowerStmt(amount, per_each, lose=kind == "-", span=self._span(start))
        if kind == "next" or kind == "all":
            return self._cost(start)
        if kind == "let":
            self._take(_EMPTY)
            name = self.texts[self._expect("V", _EMPTY)]
            self._expect("=", _EXPR_START)
            return ast.LetStmt(name, self._expr(), span=self._span(start))
        if kind == "add":
            self._take(_EXPR_START)
            amount = self._expr()
            self._token_word("to")
            return ast.TokenStmt("add", amount, self._counter(), span=self._span(start))
        if kind == "remove":
            self._take(_REMOVE)
            count: ast.Expr | None = None
            if self._peek() == "all":
                self._take(_TOKEN_WORD)
            else:
                count = self._expr()
            self._token_word("from")
            return ast.TokenStmt("remove", count, self._counter(), span=self._span(start))
        raise _GiveUp

    def _cost(self, start: int) -> ast.CostStmt:
        """``next ally costs 2 less``, ``all enemies where cost >= 2 cost 1 more for each opponent``."""
        scope = self.texts[self._take(_TURN)]
        kind = [self.texts[self._expect("WORD", _COST_KIND)]]
        while self._peek() == "WORD":
            kind.append(self.texts[self._take(_COST_KIND)])
        where: ast.Pred | None = None
        if self._peek() == "where":
            self._take(_NOT)
            self._nest()
            where = self._pred()
            self.depth -= 1
        verb = self._peek()
        if verb != "cost" and verb != "costs":
            raise _GiveUp
        self._take(_EXPR_START)
        amount = self._expr()
        way = self._peek()
        if way != "less" and way != "more":
            raise _GiveUp
        self._take(_FOR)
        players: ast.Words | None = None
        if self._peek() == "for":
            self._take(_TO)
            players = self._phrase(_PLAYER_WORDS, _PLAYER)
        return ast.CostStmt(scope, tuple(kind), where, verb, amount, way, players, span=self._span(start))

    def _token_word(self, preposition: str) -> None:
        """``token``/``tokens`` and then ``to`` or ``from``."""
        if self._peek() not in _TOKEN_WORD:
            raise _GiveUp
        self._take(_FROM_TO)
        self._expect(preposition, _EMPTY)

    def _counter(self) -> ast.Words:
        """A counter's words; the state before the first takes only WORD."""
        # a counter's words have their own rule: what may end a number may follow them
        words = [self.texts[self._expect("WORD", _SEL_END)]]
        while self._peek() == "WORD":
            words.append(self.texts[self._take(_SEL_END)])
        return tuple(words)

    def _command(self, start: int) -> ast.Command:
        """``WORD [sel] [placement] [guard]``, the verb at token ``start``."""
        texts = self.texts
        verb = texts[start]
        i = self.i = start + 1
        kind = self.kinds[i]
        if kind == "w":
            word = texts[i]
            kind = word if word in _COMMAND else "WORD"
        elif kind == "N":
            return ast.Command(verb, span=self._span(start))
        self.after = _COMMAND
        sel = None
        if kind in _SEL_FIRST:
            sel = self._sel(in_command=True)
            kind = self._peek()
            if kind == "N":
                return ast.Command(verb, sel, span=self._span(start))
        placement: ast.Placement | None = None
        if kind == "on":
            at = self._take(_EMPTY)
            position = self.texts[self._expect("WORD", _OF)]
            self._expect("of", _OF)
            placement = ast.PlaceOn(position, self._phrase(_PLACE_WORDS, _PLACE), span=self._span(at))
        elif kind == "under":
            at = self._take(_UNDER)
            placement = ast.PlaceUnder(self._ref(self._peek()), span=self._span(at))
        elif kind == "into":
            at = self._take(_OF)
            placement = ast.PlaceInto(self._phrase(_PLACE_WORDS, _PLACE), span=self._span(at))
        guard = self._guard()
        return ast.Command(verb, sel, placement, guard, span=self._span(start))

    # ------------------------------------------------------------------ selections
    def _ref(self, kind: str) -> ast.Ref:
        at = self.i
        if kind == "V":
            name = self.texts[self._take(_SEL_END)]
            return ast.Ref("var", name, span=self._span(at))
        if kind == "this" or kind == "it":
            self._take(_REF)
            return ast.Ref(kind, span=self._span(at))
        raise _GiveUp

    def _sel(self, in_command: bool = False) -> ast.Sel:
        """A selection; ``in_command``: a command's, whose kind phrase ``under`` ends."""
        start = self.i
        kind = self._peek()
        quantity: ast.Quantity | None = None
        if kind == "I" or kind == "a" or kind == "an" or kind == "all":
            self.i = start + 1
            self.after = _SEL_END
            span = self._span(start)
            if kind == "I":
                quantity = ast.Quantity("exact", ast.Num(self._int(start), span=span), span=span)
            elif kind == "all":
                quantity = ast.Quantity("all", span=span)
            else:
                quantity = ast.Quantity("one", None, article=kind, span=span)
            kind = self.kinds[start + 1]
            if kind == "N":  # ``draw 2``: nothing more
                return ast.Sel(quantity, span=span)
        elif kind == "up" or kind == "random":
            if kind == "up":
                self._take(_TO)
                self._expect("to", _EXPR_START)
            else:
                self._take(_EXPR_START)
            self._nest()
            amount = self._atom()
            self.depth -= 1
            quantity = ast.Quantity("up_to" if kind == "up" else "random", amount, span=self._span(start))
        elif kind == "V" or kind == "this" or kind == "it":
            ref = self._ref(kind)
            return ast.Sel(ref=ref, binding=self._binding(), span=self._span(start))
        words: ast.Words | None = None
        if self._peek() == "WORD":
            # The kind phrase: after each of its words the state takes _KIND's keywords, and of
            # those 'this', 'to', 'of', 'a', 'an' and 'under' go on the phrase (in a command,
            # _COMMAND_KIND's, and 'under' ends the phrase).
            kinds = self.kinds
            texts = self.texts
            keywords, goes_on = (_COMMAND_KIND, _COMMAND_KIND_GOES_ON) if in_command else (_KIND, _KIND_GOES_ON)
            i = self.i
            end = i + 1
            while kinds[end] == "w" and (texts[end] in goes_on or texts[end] not in keywords):
                end += 1
            words = tuple(texts[i:end])
            self.i = end
            self.after = keywords
        source: ast.Source | None = None
        kind = self._peek()
        if kind == "from" or kind == "in":
            at = self._take(_SOURCE_START)
            source = ast.Source(kind, self._phrase(_SOURCE_WORDS, _SOURCE), span=self._span(at))
        elif quantity is None and words is None:
            raise _GiveUp  # not a selection at all
        where: ast.Pred | None = None
        if self._peek() == "where":
            self._take(_NOT)
            where = self._pred()
        return ast.any_number(ast.Sel(quantity, words, source, where, self._binding(), span=self._span(start)))

    def _binding(self) -> str | None:
        if self._peek() != "as":
            return None
        self._take(_EMPTY)
        return self.texts[self._expect("V", _SEL_END)]

    # ------------------------------------------------------------------ predicates
    def _pred(self) -> ast.Pred:
        start = self.i
        first = self._pred_and()
        if self._peek() != "or":
            return first
        operands = [first]
        while self._peek() == "or":
            self._take(_NOT)
            operands.append(self._pred_and())
        return ast.PredOr(tuple(operands), span=self._span(start))

    def _pred_and(self) -> ast.Pred:
        start = self.i
        first = self._pred_atom()
        if self._peek() != "and":
            return first
        operands = [first]
        while self._peek() == "and":
            self._take(_NOT)
            operands.append(self._pred_atom())
        return ast.PredAnd(tuple(operands), span=self._span(start))

    def _pred_atom(self) -> ast.Pred:
        start = self.i
        kind = self._peek()
        if kind == "not":
            self._take(_NOT)
            self._nest()
            operand = self._pred_atom()
            self.depth -= 1
            return ast.PredNot(operand, span=self._span(start))
        if kind == "(":
            # Brackets only group: the predicate inside keeps its own span.
            self._take(_NOT)
            self._nest()
            inner = self._pred()
            self.depth -= 1
            self._expect(")", _PRED_END)
            return inner
        if kind != "WORD":
            raise _GiveUp
        attribute = self.texts[self._take(_ATTRIBUTE)]
        kind = self._peek()
        if kind == "C":
            op = self.texts[self._take(_PRED_VALUE)]
            return ast.PredCompare(attribute, op, self._pred_value(), span=self._span(start))
        if kind == "is":
            self._take(_IS_VALUE)
            negated = self._peek() == "not"
            if negated:
                self._take(_PRED_VALUE)
            return ast.PredIs(attribute, negated, self._pred_value(), span=self._span(start))
        if kind == "contains":
            self._take(_EMPTY)
            text = _string(self.texts[self._expect("S", _PRED_END)])
            return ast.PredContains(attribute, text, span=self._span(start))
        raise _GiveUp

    def _pred_value(self) -> ast.PredValue:
        at = self.i
        kind = self._peek()
        if kind == "S":
            self._take(_PRED_END)
            return ast.Str(_string(self.texts[at]), span=self._span(at))
        if kind == "WORD":
            self._take(_PRED_WORD)
            if self._peek() != "of":
                return ast.Word(self.texts[at], span=self._span(at))
            # a worked-out number that starts with a one-word measure (`cost of X + 2`)
            measure = self._aggregate_rest((self.texts[at],), at)
            return self._expr(at, measure)
        if kind in _PRED_NUMBER_START:
            return self._expr()
        raise _GiveUp

    # ------------------------------------------------------------------ conditions
    def _cond(self, start: int = -1, first: ast.Cond | None = None) -> ast.Cond:
        """``first`` is an atom the caller has read already, from token ``start``."""
        if first is None:
            start = self.i
        first = self._cond_and(start, first)
        if self._peek() != "or":
            return first
        operands = [first]
        while self._peek() == "or":
            self._take(_COND_START)
            operands.append(self._cond_and())
        return ast.CondOr(tuple(operands), span=self._span(start))

    def _cond_and(self, start: int = -1, first: ast.Cond | None = None) -> ast.Cond:
        if first is None:
            start = self.i
            first = self._cond_atom()
        if self._peek() != "and":
            return first
        operands = [first]
        while self._peek() == "and":
            self._take(_COND_START)
            operands.append(self._cond_atom())
        return ast.CondAnd(tuple(operands), span=self._span(start))

    def _cond_atom(self) -> ast.Cond:
        atom = self._cond_atom_or_number(False)
        if not isinstance(atom, _COND_NODES):
            raise _GiveUp  # pragma: no cover - only a bracket's first atom may be a number
        return atom

    def _in_brackets(self) -> ast.Cond | ast.Expr:
        """What a '(' where a condition starts holds: a condition, or the number that starts the
        left side of a comparison (``(X + 1) > 2``); the token after the ')' tells which."""
        start = self.i
        first = self._cond_atom_or_number(True)
        if not isinstance(first, _COND_NODES):
            return first
        return self._cond(start, first)

    def _cond_atom_or_number(self, number_ok: bool) -> ast.Cond | ast.Expr:
        """A condition's atom; with ``number_ok``, the number a bracket holds is returned too."""
        start = self.i
        kind = self._peek()
        if kind == "not":
            self._take(_COND_START)
            self._nest()
            operand = self._cond_atom()
            self.depth -= 1
            return ast.CondNot(operand, span=self._span(start))
        if kind == "(" and not (self.kinds[start + 1] == "w" and self.texts[start + 1] == "if"):
            self._take(_COND_PAREN)
            self._nest()
            inner = self._in_brackets()
            self.depth -= 1
            if isinstance(inner, _COND_NODES):
                # Brackets only group: the condition inside keeps its own span.
                self._expect(")", _COND_END)
                return inner
            self._expect(")", _EMPTY)
            # The bracketed number is the first atom of the comparison's left side, which spans
            # the brackets (the number itself keeps its own span).
            return self._compare(start, self._expr(start, inner), number_ok)
        if kind == "the":
            self._take(_EMPTY)
            words = [self.texts[self._expect("WORD", _STATE)]]
            return self._state(words, True, start)
        if kind == "this" or kind == "it":
            return self._ref_cond(self._ref(kind), start)
        left: ast.Expr
        if kind == "V":
            # A name is a reference before 'is'/'named', else the start of an expression.
            name = self.texts[self._take(_COND_VAR)]
            if self._peek() in _COND_VAR:
                return self._ref_cond(ast.Ref("var", name, span=self._span(start)), start)
            left = self._expr(start, ast.VarExpr(name, span=self._span(start)))
        elif kind == "WORD":
            # Words start a state phrase ("you have played an ally"), or, before 'of', an
            # aggregate ("highest cost of ..."): the grammar reads them alike until then.
            words = [self.texts[self._take(_COND_WORD)]]
            while self._peek() == "WORD":
                words.append(self.texts[self._take(_COND_WORD)])
            if self._peek() != "of":
                return self._state(words, False, start)
            left = self._expr(start, self._aggregate_rest(tuple(words), start))
        else:
            left = self._expr()
        return self._compare(start, left, number_ok)

    def _compare(self, start: int, left: ast.Expr, number_ok: bool) -> ast.Cond | ast.Expr:
        """The rest of a comparison whose left side has been read (from token ``start``)."""
        if self._peek() != "C":
            if number_ok and self._peek() == ")":
                return left
            raise _GiveUp
        op = self.texts[self._take(_EXPR_START)]
        right = self._expr()
        return ast.CondCompare(left, op, right, span=self._span(start))

    def _state(self, words: list[str], article: bool, start: int) -> ast.CondState:
        while self._peek() in _STATE_WORDS:
            words.append(self.texts[self._take(_STATE)])
        return ast.CondState(tuple(words), article=article, span=self._span(start))

    def _ref_cond(self, ref: ast.Ref, start: int) -> ast.Cond:
        kind = self._peek()
        if kind == "is":
            self._take(_NOT)
            negated = self._peek() == "not"
            if negated:
                self._take(_EMPTY)
            word = self.texts[self._expect("WORD", _COND_END)]
            return ast.CondIs(ref, negated, word, span=self._span(start))
        if kind == "named":
            self._take(_EMPTY)
            name = _string(self.texts[self._expect("S", _COND_END)])
            return ast.CondNamed(ref, name, span=self._span(start))
        raise _GiveUp

    # ------------------------------------------------------------------ expressions
    def _expr(self, start: int = -1, first: ast.Expr | None = None) -> ast.Expr:
        """``sum``; ``first`` is an atom the caller has read already, from token ``start``."""
        if first is None:
            start = self.i
            kind = self.kinds[start]
            if (kind == "I" or kind == "V") and self.kinds[start + 1] not in _OPERATORS:
                # A lone number or name, the commonest expression: no operator chain to count.
                self.i = start + 1
                self.after = _SEL_END
                if kind == "I":
                    return ast.Num(self._int(start), span=self._span(start))
                return ast.VarExpr(self.texts[start], span=self._span(start))
        # Operators chain to the left, so the first operand ends up deepest: the chain's
        # length adds to the deepest of its operands, known only once they are read.
        peak = self.peak
        self.peak = self.depth
        left = self._product(start, first)
        chain = 0
        while True:
            kind = self._peek()
            if kind != "+" and kind != "-":
                break
            self._take(_EXPR_START)
            right = self._product(self.i, None)
            left = ast.BinOp(kind, left, right, span=self._span(start))
            chain += 1
        return self._chained(left, chain, peak)

    def _product(self, start: int, first: ast.Expr | None) -> ast.Expr:
        peak = self.peak
        self.peak = self.depth
        left = first if first is not None else self._unary()
        chain = 0
        while (op := self._peek()) in _PRODUCT_OPERATORS:
            self._take(_EXPR_START)
            right = self._unary()
            left = ast.BinOp(op, left, right, span=self._span(start))
            chain += 1
        return self._chained(left, chain, peak)

    def _chained(self, node: ast.Expr, chain: int, peak: int) -> ast.Expr:
        deepest = self.peak + chain
        if deepest > _MAX_NEST:
            raise _GiveUp
        self.peak = max(peak, deepest)
        return node

    def _unary(self) -> ast.Expr:
        if self._peek() != "-":
            return self._atom()
        start = self._take(_EXPR_START)
        self._nest()
        operand = self._atom()
        self.depth -= 1
        return ast.Neg(operand, span=self._span(start))

    def _atom(self) -> ast.Expr:
        start = self.i
        kind = self._peek()
        if kind == "I":
            self._take(_SEL_END)
            return ast.Num(self._int(start), span=self._span(start))
        if kind == "V":
            self._take(_SEL_END)
            return ast.VarExpr(self.texts[start], span=self._span(start))
        if kind == "WORD":
            words = [self.texts[self._take(_WORDS)]]
            while self._peek() == "WORD":
                words.append(self.texts[self._take(_WORDS)])
            if self._peek() != "of":
                raise _GiveUp
            return self._aggregate_rest(tuple(words), start)
        if kind == "(":
            self._take(_PAREN)
            if self._peek() == "if":
                self._nest()
                self._take(_COND_START)
                cond = self._cond()
                self._expect("then", _EXPR_START)
                then = self._expr()
                self._expect("else", _EXPR_START)
                otherwise = self._expr()
                self._expect(")", _SEL_END)
                self.depth -= 1
                return ast.CondExpr(cond, then, otherwise, span=self._span(start))
            # A bracketed expression keeps its own span (what it starts or ends spans the brackets)
            # and adds no level to Lark's tree.
            inner = self._expr()
            self._expect(")", _SEL_END)
            return inner
        if kind == "players":
            self._take(_HIT)
            self._expect("hit", _SEL_END)
            return ast.PlayersHit(span=self._span(start))
        if kind == "tokens":
            self._take(_ON)
            self._expect("on", _EMPTY)
            return ast.TokensOn(self._counter(), span=self._span(start))
        if kind == "power":
            self._take(_SEL_END)
            return ast.PowerRead(span=self._span(start))
        raise _GiveUp

    def _aggregate_rest(self, words: ast.Words, start: int) -> ast.Aggregate:
        """``of`` and the selection after an aggregate's words, which start at token ``start``."""
        self._take(_SEL_START)
        self._nest()
        sel = self._sel()
        self.depth -= 1
        return ast.Aggregate(words, sel, span=self._span(start))
