"""The parser: total on any text, with readable errors at the right place, and correct positions.

``parse`` must return a Script or raise ScriptSyntaxError, whose span lies inside the text, for
every input: random text, streams of grammar fragments, and valid scripts with characters or
tokens deleted, inserted or swapped. ``--long`` runs the properties over many more inputs.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from lotr_rules.dsl import ast
from lotr_rules.dsl.formatter import format_script
from lotr_rules.dsl.parser import MAX_NESTING, MAX_SCRIPT_BYTES, MAX_TREE_DEPTH, parse, parse_card
from lotr_rules.errors import ScriptSyntaxError
from lotr_rules.resources import grammar_text
from tests.strategies import KEYWORDS, LONG_SETTINGS, PROPERTY_SETTINGS, scripts

ROOT = Path(__file__).resolve().parents[1]
SHIPPED_TEXTS = [
    p.read_text(encoding="utf-8")
    for p in sorted((ROOT / "cardscripts").rglob("*.card")) + sorted((ROOT / "examples").rglob("*.card"))
]

#: Pieces of the language, so that random streams of them reach deep into the grammar.
FRAGMENTS = sorted(
    {f"{k} " for k in KEYWORDS}
    | {"{", "}", "{\n", "}\n", "\n", " ", "(", ")", "+", "-", "*", "=", "<=", "!=", ">"}
    | {'"x" ', '"', "X ", "1 ", "draw ", "cards ", "#c\n", "\\\n", "\t", "\r\n", "@", "\x0c"}
)


def assert_total(text: str) -> ast.Script | ScriptSyntaxError:
    """Parse ``text``: a Script, or a ScriptSyntaxError whose span is inside the text."""
    try:
        script = parse(text, "t.card")
    except ScriptSyntaxError as error:
        lines = text.split("\n")
        span = error.span
        assert span is not None
        assert 1 <= span.line <= len(lines), (span, text)
        assert 1 <= span.column <= len(lines[span.line - 1]) + 1, (span, text)
        assert span.path == "t.card"
        assert error.message and "\n" not in error.message
        return error
    assert isinstance(script, ast.Script)
    return script


def syntax_error(text: str) -> ScriptSyntaxError:
    with pytest.raises(ScriptSyntaxError) as caught:
        parse(text)
    return caught.value


def _card(*lines: str) -> str:
    body = "".join(f"    {line}\n" for line in lines)
    return f'card "X" {{\n  play {{\n{body}  }}\n}}\n'


# ---------------------------------------------------------------------- mutations
@st.composite
def mutated(draw: st.DrawFn, texts: st.SearchStrategy[str]) -> str:
    """A valid script with one to three characters, tokens or lines deleted, inserted or swapped."""
    text = draw(texts)
    for _ in range(draw(st.integers(1, 3))):
        kind = draw(st.sampled_from(["delete", "insert", "swap", "tokens", "lines"]))
        if kind == "tokens" or kind == "lines":
            pieces = re.split(r"(\s+)", text) if kind == "tokens" else text.split("\n")
            if len(pieces) < 2:
                continue
            i, j = draw(st.integers(0, len(pieces) - 1)), draw(st.integers(0, len(pieces) - 1))
            action = draw(st.sampled_from(["swap", "delete", "duplicate"]))
            if action == "swap":
                pieces[i], pieces[j] = pieces[j], pieces[i]
            elif action == "delete":
                del pieces[i]
            else:
                pieces.insert(j, pieces[i])
            text = ("" if kind == "tokens" else "\n").join(pieces)
            continue
        i = draw(st.integers(0, len(text)))
        if kind == "delete":
            text = text[:i] + text[i + draw(st.integers(1, 3)) :]
        elif kind == "insert":
            text = text[:i] + draw(st.one_of(st.sampled_from(FRAGMENTS), st.text(max_size=2))) + text[i:]
        elif len(text) > 1:
            j = draw(st.integers(0, len(text) - 1))
            i = min(i, len(text) - 1)
            chars = list(text)
            chars[i], chars[j] = chars[j], chars[i]
            text = "".join(chars)
    return text


valid_texts = st.one_of(scripts(1).map(format_script), st.sampled_from(SHIPPED_TEXTS or ['card "X" {\n}\n']))
fragment_streams = st.lists(st.sampled_from(FRAGMENTS), max_size=40).map("".join)


# ---------------------------------------------------------------------- totality
@PROPERTY_SETTINGS
@given(st.text())
def test_parse_is_total_on_any_text(text: str) -> None:
    """On any text, parse returns a Script or raises ScriptSyntaxError with a span inside the text."""
    assert_total(text)


@PROPERTY_SETTINGS
@given(fragment_streams)
def test_parse_is_total_on_streams_of_grammar_fragments(text: str) -> None:
    """On any sequence of keywords, braces, operators and other pieces of the language, parse is total."""
    assert_total(text)


@PROPERTY_SETTINGS
@given(mutated(valid_texts))
def test_parse_is_total_on_mutated_scripts(text: str) -> None:
    """On valid scripts with characters, tokens or lines deleted, inserted or swapped, parse is total."""
    assert_total(text)


@pytest.mark.slow
def test_parse_is_total_long(request: pytest.FixtureRequest) -> None:
    """With --long: the totality properties over many more inputs."""
    if not request.config.getoption("--long", default=False):
        pytest.skip("a long property run: use --long")

    @LONG_SETTINGS
    @given(st.one_of(st.text(), fragment_streams, mutated(st.one_of(valid_texts, scripts(3).map(format_script)))))
    def run(text: str) -> None:
        assert_total(text)

    run()


def test_keyword_list_covers_the_grammar() -> None:
    """Every lowercase literal of the grammar is in the strategies' keyword list, so no word collides."""
    literals = set(re.findall(r'"([a-z]+)"', grammar_text()))
    assert literals, "the grammar should have keywords"
    assert literals <= KEYWORDS, sorted(literals - KEYWORDS)


# ---------------------------------------------------------------------- messages
def test_missing_brace_after_play() -> None:
    """A play ability without its '{' says so, naming 'play', on the line of 'play'."""
    error = syntax_error('card "X" {\n  play\n    draw 1\n  }\n}\n')
    assert "missing '{' after 'play'" in error.message
    assert error.code == "E001"
    assert (error.span.line, error.span.column) == (2, 7)
    error = syntax_error('card "X" {\n  play draw 1\n}\n')
    assert "missing '{' after 'play'" in error.message


@pytest.mark.parametrize(
    ("text", "word", "meant"),
    [
        ('card "X" {\n  quest {\n    goalie is here\n    victory 1\n  }\n}\n', "goalie", "goal"),
        (_card("for eachcard in hand {", "}"), "eachcard", "each"),
        ('cards "X" {\n}\n', "cards", "card"),
    ],
)
def test_a_keyword_run_into_the_next_word_is_refused(text: str, word: str, meant: str) -> None:
    """A keyword glued to the next word (``types hero``) is an unknown keyword, not ``type s hero``."""
    error = syntax_error(text)
    assert error.message == f"unknown keyword '{word}'"
    assert error.hint == f"did you mean '{meant}'?"


def test_messages_name_things_not_tokens() -> None:
    """Error messages never show Lark's terminal names, and a long list of expectations is cut short."""
    texts = [
        'card "X" {\n  cost 3 @\n}\n',
        'card "X" {\n  play {\n    if {\n    }\n  }\n}\n',
        'card "X" {\n  play {\n    for each {\n    }\n  }\n}\n',
        'card "X" {\n  play {\n    draw 2 cards where\n  }\n}\n',
        'card "X" {\n  victory (1 + 2\n}\n',
        'card "X" {\n  play {\n',
        "}",
        "card",
    ]
    for text in texts:
        message = syntax_error(text).message
        assert not re.search(r"\b(LBRACE|RBRACE|LPAR|RPAR|_NL|\$END|WORD|VAR|INT|STRING|CMP_OP)\b", message), message
        assert message.count("'") <= 14, message


def test_end_of_file_inside_a_card() -> None:
    """A card cut off before its '}' is reported at the card's '{', which is never closed."""
    error = syntax_error('card "X" {\n  play {\n    draw 1\n  }\n')
    assert error.message == "'{' is never closed: the file ends inside its block"
    assert (error.span.line, error.span.column) == (1, 10)


def test_else_without_if_points_at_the_else() -> None:
    """An 'else' that follows no 'if' block is reported as such, at the 'else'."""
    error = syntax_error(_card("draw 1", "else {", "}"))
    assert error.message == "'else' without 'if'"
    assert (error.span.line, error.span.column) == (4, 5)


def test_unterminated_string_and_stray_characters() -> None:
    """An unclosed string and a character that starts no token get messages of their own."""
    assert syntax_error('card "X" {\n  text "open\n}\n').message == "unterminated string"
    assert syntax_error(_card("draw 1 ;")).message == "unexpected character ';' after '1'"
    assert syntax_error(_card("draw \x00")).message == "unexpected character U+0000 after 'draw'"


def test_misspelt_block_statement_gets_a_did_you_mean() -> None:
    """A misspelt block statement reads as a command, so the parser fails at the '{'; the error
    points at the misspelt word, and the hint names the statement."""
    error = syntax_error(_card("attak each opponent {", "}"))
    assert error.message == "'attak' is not a statement that opens a block"
    assert error.span is not None and error.span.column == 5
    assert error.hint == "did you mean 'attack'?"


def test_power_written_amount_last_gets_a_hint() -> None:
    """'power +2' is a natural slip: the hint shows the amount-first form the language uses."""
    error = syntax_error(_card("power +2"))
    assert error.hint == "Power from a card is written amount first: '+2 power'"
    assert syntax_error(_card("draw +2")).hint is None


def test_error_columns_count_only_newlines_as_line_ends() -> None:
    """Form feeds and U+2028 in comments or strings do not shift the reported line and column."""
    for odd in ("\x0c", "\u2028", "\x85", "\r"):
        error = syntax_error(f'card "X" {{ # a{odd}b\n  text "x{odd}y"\n  cost @\n}}\n')
        assert (error.span.line, error.span.column) == (3, 8), repr(odd)
        error = syntax_error(f'card "X" {{ # a{odd}b\n  cost @\n}}\n')
        assert (error.span.line, error.span.column) == (2, 8), repr(odd)


# ---------------------------------------------------------------------- limits
def test_a_script_over_the_size_limit_is_refused() -> None:
    """A script larger than MAX_SCRIPT_BYTES is refused with E003 before it is parsed."""
    text = 'card "X" {\n' + "# filler\n" * (MAX_SCRIPT_BYTES // 9) + "}\n"
    assert len(text.encode()) > MAX_SCRIPT_BYTES
    error = syntax_error(text)
    assert error.code == "E003"
    assert "larger than" in error.message


def _nested(levels: int) -> str:
    """A card whose blocks nest ``levels`` deep, counting the card's own braces."""
    inner = levels - 2
    return (
        'card "X" {\n  play {\n'
        + "".join("    if X is y {\n" for _ in range(inner))
        + "draw 1\n"
        + "}\n" * inner
        + "  }\n}\n"
    )


def test_nesting_up_to_the_limit_parses_and_beyond_it_is_refused() -> None:
    """Blocks nested MAX_NESTING deep parse; one level more is refused with E003."""
    assert parse(_nested(MAX_NESTING))
    error = syntax_error(_nested(MAX_NESTING + 1))
    assert error.code == "E003"
    assert "nest deeper" in error.message
    brackets = 'card "X" {\n  victory ' + "(" * MAX_NESTING + "1" + ")" * MAX_NESTING + "\n}\n"
    assert syntax_error(brackets).code == "E003"


def test_brackets_in_strings_and_comments_do_not_count_as_nesting() -> None:
    """Braces and brackets inside strings and comments are text, not nesting."""
    text = f'# {"{" * 60}\ncard "{"(" * 60}" {{\n  text "{"{" * 60}"\n}}\n'
    assert parse(text).cards[0].name == "(" * 60
    # and closing ones there cannot hide real nesting
    assert syntax_error(f"# {'}' * 60}\n" + _nested(MAX_NESTING + 1)).code == "E003"


@pytest.mark.parametrize(
    "make",
    [
        lambda n: 'card "X" {\n  victory ' + " + ".join(["1"] * n) + "\n}\n",
        lambda n: 'card "X" {\n  quest {\n    goal ' + "not " * n + "X is y\n    victory 1\n  }\n}\n",
        lambda n: _card("draw cards where " + "not " * n + "cost > 1"),
    ],
    ids=["operators", "not-conditions", "not-predicates"],
)
def test_deep_trees_without_brackets_are_refused_not_crashed(make: object) -> None:
    """Long operator or 'not' chains deeper than MAX_TREE_DEPTH give E003, never a RecursionError."""
    assert callable(make)
    assert parse(make(MAX_TREE_DEPTH // 2))
    # 2,000 deep: ten times the limit, and still under the limit on a script's symbols
    error = syntax_error(make(2000))
    assert error.code == "E003"
    assert "nests too deeply" in error.message
    assert_total(make(2000))


# ---------------------------------------------------------------------- positions and values
def test_node_positions_point_at_their_source() -> None:
    """Spans of cards, names, fields, abilities and statements give the line and column they start at."""
    text = (
        "# a comment\n"
        "\n"
        'card "First" {\n'
        "  id first\n"
        "  play {\n"
        "    draw 2 cards\n"
        "    if X is enemy {\n"
        "      destroy X\n"
        "    }\n"
        "  }\n"
        "}\n"
        'card "Second" {\n'
        "}\n"
    )
    first, second = parse(text, "p.card").cards
    assert (first.span.line, first.span.column) == (3, 1)
    assert first.span.end_line >= 11  # the card's region runs at least to its closing brace
    assert (first.name_span.line, first.name_span.column) == (3, 6)
    id_field, play = first.items
    assert (id_field.span.line, id_field.span.column) == (4, 3)
    assert isinstance(play, ast.Ability) and (play.span.line, play.span.column) == (5, 3)
    draw, if_stmt = play.body
    assert isinstance(draw, ast.Command) and draw.verb == "draw"
    assert (draw.span.line, draw.span.column, draw.span.end_column) == (6, 5, 17)
    assert isinstance(if_stmt, ast.IfStmt) and (if_stmt.span.line, if_stmt.span.column) == (7, 5)
    (destroy,) = if_stmt.branches[0].body
    assert isinstance(destroy, ast.Command) and (destroy.span.line, destroy.span.column) == (8, 7)
    assert (second.span.line, second.name_span.column) == (12, 6)


def test_articles_are_kept() -> None:
    """'a' and 'an' before a card kind are kept apart, so the formatter writes what the author wrote."""
    (an, a) = parse(_card("gain an ally", "gain a card")).cards[0].items[0].body
    assert isinstance(an, ast.Command) and an.sel is not None and an.sel.quantity == ast.Quantity("one", article="an")
    assert isinstance(a, ast.Command) and a.sel is not None and a.sel.quantity == ast.Quantity("one", article="a")


def _stmt(line: str) -> ast.Stmt:
    (stmt,) = parse(_card(line)).cards[0].items[0].body
    return stmt


@pytest.mark.parametrize(
    ("line", "kind", "ref"),
    [
        ("put 2 cards under this", ("cards",), "this"),
        ("put a card under X", ("card",), "var"),
        ("put all cards under it", ("cards",), "it"),
        ("put up to 2 allies under this", ("allies",), "this"),
        ("put random 1 cards of the path under this", ("cards", "of", "the", "path"), "this"),
        ("put cards under this", ("cards",), "this"),
        ("put 2 cards from hand under this", ("cards",), "this"),
        ("put 2 cards where cost > 1 under this", ("cards",), "this"),
    ],
)
def test_under_ends_a_commands_kind_phrase(line: str, kind: tuple[str, ...], ref: str) -> None:
    """In a command, ``under`` says where the cards go, whatever the selection ends with."""
    put = _stmt(line)
    assert isinstance(put, ast.Command) and put.sel is not None
    assert put.sel.kind == kind
    assert isinstance(put.placement, ast.PlaceUnder) and put.placement.ref.kind == ref


def test_under_stays_in_a_kind_phrase_outside_commands() -> None:
    """Where no placement can follow (``for each``, aggregates), ``cards under this`` is a kind and
    a zone; in a command the zone is written as a source."""
    power = _stmt("+1 power for each card under this")
    assert isinstance(power, ast.PowerStmt) and power.per_each is not None
    assert power.per_each.kind == ("card", "under", "this")
    discard = _stmt("discard 2 cards from under this")
    assert isinstance(discard, ast.Command) and discard.placement is None and discard.sel is not None
    assert discard.sel.source == ast.Source("from", ("under", "this"))
    quest_text = 'card "X" {\n  quest {\n    goal number of cards under this >= 3\n    victory 6\n  }\n}\n'
    (quest,) = parse(quest_text).cards[0].items
    assert isinstance(quest, ast.Ability) and isinstance(quest.goal, ast.CondCompare)
    assert isinstance(quest.goal.left, ast.Aggregate) and quest.goal.left.sel.kind == ("cards", "under", "this")


def _cond(text: str) -> ast.Cond:
    stmt = _stmt(f"if {text} {{\n}}")
    assert isinstance(stmt, ast.IfStmt)
    return stmt.branches[0].cond


A = ast.CondIs(ast.Ref("var", "A"), False, "x")
B = ast.CondIs(ast.Ref("var", "B"), False, "x")
C = ast.CondIs(ast.Ref("var", "C"), False, "x")


@pytest.mark.parametrize(
    ("text", "tree"),
    [
        # not binds tightest, then and, then or
        ("not A is x and B is x", ast.CondAnd((ast.CondNot(A), B))),
        ("A is x or B is x and C is x", ast.CondOr((A, ast.CondAnd((B, C))))),
        # brackets group
        ("not (A is x and B is x)", ast.CondNot(ast.CondAnd((A, B)))),
        ("(A is x or B is x) and C is x", ast.CondAnd((ast.CondOr((A, B)), C))),
        ("not (A is x or B is x) or C is x", ast.CondOr((ast.CondNot(ast.CondOr((A, B))), C))),
        # the tree keeps the grouping as written; brackets around one atom leave no trace
        ("(A is x and B is x) and C is x", ast.CondAnd((ast.CondAnd((A, B)), C))),
        ("A is x and B is x and C is x", ast.CondAnd((A, B, C))),
        ("((A is x))", A),
        ("not (not A is x)", ast.CondNot(ast.CondNot(A))),
        ("(the wall is breached)", ast.CondState(("wall", "is", "breached"), article=True)),
        ("(you have an ally) or A is x", ast.CondOr((ast.CondState(("you", "have", "an", "ally")), A))),
    ],
)
def test_bracketed_conditions(text: str, tree: ast.Cond) -> None:
    assert _cond(text) == tree


def test_a_bracket_where_a_condition_starts_may_hold_a_number() -> None:
    """``(X + 1) * 2 > 2``: the bracket is the left side's first atom, not a condition."""
    x_plus_1 = ast.BinOp("+", ast.VarExpr("X"), ast.Num(1))
    assert _cond("(X + 1) * 2 > 2") == ast.CondCompare(ast.BinOp("*", x_plus_1, ast.Num(2)), ">", ast.Num(2))
    assert _cond("not (X) > 1") == ast.CondNot(ast.CondCompare(ast.VarExpr("X"), ">", ast.Num(1)))
    highest = _cond("(highest cost of cards in hand) > 2")
    assert isinstance(highest, ast.CondCompare) and isinstance(highest.left, ast.Aggregate)
    # the words before 'of' are an aggregate's even without brackets
    assert _cond("highest cost of cards in hand > 2") == highest


def test_bracketed_predicates() -> None:
    draw = _stmt('draw cards where not (cost > 1 or type is ally) and name contains "x"')
    assert isinstance(draw, ast.Command) and draw.sel is not None
    cost = ast.PredCompare("cost", ">", ast.Num(1))
    ally = ast.PredIs("type", False, ast.Word("ally"))
    name = ast.PredContains("name", "x")
    assert draw.sel.where == ast.PredAnd((ast.PredNot(ast.PredOr((cost, ally))), name))


def test_a_bracketed_condition_keeps_its_own_span() -> None:
    """As for a bracketed number: the brackets belong to what they stand in, not to what is inside."""
    cond = _cond("(A is x or B is x) and C is x")
    assert isinstance(cond, ast.CondAnd)
    assert (cond.span.column, cond.span.end_column) == (8, 37)  # from the '('
    inner = cond.operands[0]
    assert (inner.span.column, inner.span.end_column) == (9, 25)  # inside the brackets


@pytest.mark.parametrize(
    ("line", "message"),
    [
        ("if (A is x {", "missing ')' after 'x'"),
        ("if not (A is x and the wall is breached {", "missing ')' after 'breached'"),
        ("if (X + 1 > 2 {", "missing ')' after '2'"),
        ("if () {", "unexpected ')' after '(', expected a condition or 'if'"),
        ("if (A is x and {", "missing a condition after 'and'"),
        ("draw cards where (cost > 1", "missing ')' after '1'"),
        ("draw cards where not (cost > 1 and type is ally", "missing ')' after 'ally'"),
        ("draw cards where ()", "missing a card test after '('"),
        ("draw cards where", "missing a card test after 'where'"),
    ],
)
def test_a_missing_bracket_is_named(line: str, message: str) -> None:
    closing = ("}",) if line.endswith("{") else ()
    assert syntax_error(_card(line, *closing)).message == message


def test_paths_and_card_counts() -> None:
    """The script carries its path; parse_card insists on exactly one card."""
    assert parse('card "X" {\n}\n', "a/b.card").path == "a/b.card"
    assert parse_card('card "X" {\n}\n').name == "X"
    with pytest.raises(ScriptSyntaxError) as caught:
        parse_card('card "X" {\n}\ncard "Y" {\n}\n')
    assert caught.value.code == "E002"


def test_a_number_of_thousands_of_digits_is_a_syntax_error() -> None:
    """int() refuses such numbers; parse() must still raise only ScriptSyntaxError."""
    error = syntax_error('card "X" {\n  cost ' + "9" * 5000 + "\n}\n")
    assert error.message == "a number is too long"
