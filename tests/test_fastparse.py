"""The hand-written fast parser against the Lark path.

For every text, :func:`lotr_rules.dsl.fastparse.parse` either gives up (None) or returns exactly
the script the Lark path gives, spans included (spans take no part in AST equality, so they are
compared field by field); and whenever Lark refuses a text, the fast parser gives up on it. The
texts: every shipped card, trees drawn from ``tests.strategies`` and formatted (with their layout
shuffled: comments, blank lines, tabs, CRLF, line continuations), valid scripts mutated, and
keywords dropped into the middle of phrases, where the contextual lexer decides what a word is.
``--long`` runs the properties over many more texts.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any
from unittest import mock

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from lark import Token, Tree
from lark.common import ParserConf
from lark.parsers.lalr_analysis import LALR_Analyzer

from lotr_rules.dsl import ast, fastparse
from lotr_rules.dsl import parser as lark_parser
from lotr_rules.dsl.formatter import format_script
from lotr_rules.dsl.parser import MAX_NESTING, MAX_TREE_DEPTH, parse
from lotr_rules.errors import ScriptSyntaxError
from tests.strategies import KEYWORDS, LONG_SETTINGS, PROPERTY_SETTINGS, scripts
from tests.test_parser import mutated

#: Each text goes through Lark twice, so the default runs take a sixth of the usual examples;
#: ``--long`` runs all the properties together over many more.
SETTINGS = settings(PROPERTY_SETTINGS, max_examples=max(10, PROPERTY_SETTINGS.max_examples // 6))

ROOT = Path(__file__).resolve().parents[1]
CARD_FILES = sorted(
    path
    for folder in ("cardscripts", "examples", "tests/scenarios", "tests/fixtures")
    for path in (ROOT / folder).rglob("*.card")
)
VALID_FILES = [p for p in CARD_FILES if "invalid" not in p.parts]


def _lcg_set(path: Path) -> bool:
    """Whether the card is in an LCG set: the fast parser leaves the LCG's abilities and
    statements (response, forced, give, cost...) to Lark by design."""
    for folder in path.parents:
        manifest = folder / "set.toml"
        if manifest.is_file():
            return 'family = "lcg"' in manifest.read_text(encoding="utf-8")
    return False


#: the shipped cards the fast path must read by itself
FAST_FILES = [p for p in VALID_FILES if not _lcg_set(p)]
INVALID_FILES = [p for p in CARD_FILES if "invalid" in p.parts]
SHIPPED_TEXTS = [p.read_text(encoding="utf-8") for p in VALID_FILES]


# ---------------------------------------------------------------------- the two paths
@contextmanager
def _lark_only() -> Iterator[None]:
    """``parse`` as it was before the fast path: Lark for every text."""
    with mock.patch.object(fastparse, "parse", return_value=None):
        yield


def lark_parse(text: str, path: str = "") -> ast.Script:
    with _lark_only():
        return parse(text, path)


def fast_parse(text: str, path: str = "") -> ast.Script | None:
    """The fast parser on the text ``parse`` would hand it."""
    return fastparse.parse(text if text.endswith("\n") else text + "\n", path)


def assert_same(fast: object, lark: object, where: str = "script") -> None:
    """Equal, and equal in every span too (``==`` on the AST leaves spans out)."""
    assert type(fast) is type(lark), f"{where}: {type(fast).__name__} != {type(lark).__name__}"
    if isinstance(fast, tuple):
        assert isinstance(lark, tuple)
        assert len(fast) == len(lark), f"{where}: {len(fast)} items != {len(lark)}"
        for index, (a, b) in enumerate(zip(fast, lark, strict=True)):
            assert_same(a, b, f"{where}[{index}]")
        return
    kind = type(fast)
    if not attrs.has(kind):
        assert fast == lark, f"{where}: {fast!r} != {lark!r}"
        return
    for field in attrs.fields(kind):
        assert_same(getattr(fast, field.name), getattr(lark, field.name), f"{where}.{field.name}")


def outcome(run: Callable[[], ast.Script]) -> tuple[str, Any]:
    try:
        return "script", run()
    except ScriptSyntaxError as error:
        return "error", (error.message, error.span, error.code, error.hint)
    except Exception as error:  # whatever the Lark path does, parse must do the same
        return "error", (type(error), str(error))


def check_text(text: str) -> ast.Script | None:
    """The fast parser's answer for ``text`` is None or the Lark path's, and None where Lark refuses;
    ``parse`` (fast path first) behaves exactly as the Lark path, errors included."""
    fast = fast_parse(text, "t.card")
    kind, lark = outcome(lambda: lark_parse(text, "t.card"))
    if kind == "error":
        assert fast is None, f"the fast parser accepted a text Lark refuses ({lark[0]}):\n{text}"
    elif fast is not None:
        assert_same(fast, lark)
    got_kind, got = outcome(lambda: parse(text, "t.card"))
    assert got_kind == kind, text
    if kind == "error":
        assert got == lark, text
    else:
        assert_same(got, lark)
    return fast


# ---------------------------------------------------------------------- shipped cards
@pytest.mark.parametrize("path", VALID_FILES, ids=lambda p: str(p.relative_to(ROOT)))
def test_shipped_cards_parse_as_with_lark(path: Path) -> None:
    """Every shipped card: the fast parser reads it (it does not give up) and gives Lark's script."""
    text = path.read_text(encoding="utf-8")
    if path not in FAST_FILES:
        check_text(text)  # it may leave the card to Lark, but never reads it otherwise
        return
    fast = fast_parse(text, str(path))
    assert fast is not None, "the fast parser gave up on a shipped card"
    assert_same(fast, lark_parse(text, str(path)))


def test_the_fast_path_is_taken_for_every_shipped_card() -> None:
    """``parse`` never reaches Lark for the shipped cards (the fast path did not give up)."""
    assert len(VALID_FILES) > 100
    with mock.patch.object(lark_parser, "_parse_fast", side_effect=AssertionError("Lark was used")):
        for path in FAST_FILES:
            parse(path.read_text(encoding="utf-8"), str(path))


@pytest.mark.parametrize("path", INVALID_FILES, ids=lambda p: p.name)
def test_invalid_fixtures_are_left_to_lark(path: Path) -> None:
    """The invalid fixtures: the fast parser gives up, and parse reports Lark's error."""
    text = path.read_text(encoding="utf-8")
    assert fast_parse(text) is None
    assert check_text(text) is None


# ---------------------------------------------------------------------- generated scripts
_PIECES = re.compile(r'"(?:\\.|[^"\\\n])*"|#[^\n]*|\n|[ \t]+|[^\s"#]+|.')


_LINE_ENDS = ["\n", "\n", "\n", "  # note\n", "\n\n", "\n  # {comment}\n", "\r\n", "\t\n", "#\n"]
_INDENTS = ["", "\t", "  ", "    "]
_GAPS = [" ", " ", "  ", "\t", " \\\n  "]


@st.composite
def relaid(draw: st.DrawFn, texts: st.SearchStrategy[str]) -> str:
    """A text with its layout shuffled: comments, blank lines, CRLF, tabs, more spaces, continuations."""
    rnd = draw(st.randoms(use_true_random=False))
    out: list[str] = []
    line_start = True
    for piece in _PIECES.findall(draw(texts)):
        if piece == "\n":
            out.append(rnd.choice(_LINE_ENDS))
            line_start = True
            continue
        if piece.isspace():
            out.append(rnd.choice(_INDENTS if line_start else _GAPS))
        else:
            out.append(piece)
        line_start = False
    return "".join(out)


@SETTINGS
@given(scripts().map(format_script))  # the text, not the tree: a failing tree's report is megabytes
def test_generated_scripts_parse_as_with_lark(text: str) -> None:
    """Any grammatical tree, formatted: the fast parser reads it, and gives Lark's script."""
    assert check_text(text) is not None, text


@SETTINGS
@given(relaid(scripts(1).map(format_script)))
def test_relaid_scripts_parse_as_with_lark(text: str) -> None:
    """With comments, blank lines, tabs, CRLF and continuations the positions still agree."""
    check_text(text)


# ---------------------------------------------------------------------- bad and odd texts
valid_texts = st.one_of(scripts(1).map(format_script), st.sampled_from(SHIPPED_TEXTS))
_WORD = re.compile(r'"(?:\\.|[^"\\\n])*"|#[^\n]*|[a-z][a-z0-9_\'-]*')


@st.composite
def with_a_keyword(draw: st.DrawFn) -> str:
    """A valid text with one of its words replaced by a keyword, or a keyword put before it."""
    text = draw(valid_texts)
    words = [m for m in _WORD.finditer(text) if m.group()[0] not in '"#']
    if not words:
        return text
    word = draw(st.sampled_from(words))
    keyword = draw(st.sampled_from(sorted(KEYWORDS)))
    replace = draw(st.booleans())
    return text[: word.start()] + keyword + ("" if replace else " " + word.group()) + text[word.end() :]


@SETTINGS
@given(mutated(valid_texts))
def test_mutated_scripts(text: str) -> None:
    """Valid scripts with characters, tokens or lines deleted, inserted or swapped."""
    check_text(text)


@SETTINGS
@given(with_a_keyword())
def test_keywords_in_unexpected_places(text: str) -> None:
    """A keyword where a phrase word stood: a keyword only where Lark's state takes it."""
    check_text(text)


@SETTINGS
@given(st.text(max_size=60))
def test_random_text(text: str) -> None:
    check_text(text)


def _card(*lines: str, head: str = "") -> str:
    body = "".join(f"    {line}\n" for line in lines)
    return f'card "X" {{\n{head}  play {{\n{body}  }}\n}}\n'


#: Texts on the edges of the language; for each, True if the fast parser must read it, False if
#: it must give up, None if either is fine (then it must agree with Lark).
EDGE_CASES: list[tuple[str, bool | None]] = [
    ('card "X" {\n  id play\n  title card\n  provenance if\n}\n', True),  # only WORD is taken there
    ('card "X" {\n  type hero and villain\n}\n', True),  # a field's value takes no keyword
    ('card "X" {\n  type of\n  deck the of\n}\n', True),
    ('card "X" {\n  types hero\n}\n', True),  # any word names a field: the compiler checks it
    ('card "X" {\n  traits "Noble" 3 warrior\n  cost "3"\n}\n', True),
    ('card "X" {\n  cost\n}\n', False),  # a field has a value
    ('card "X" {\n  cost X\n}\n', False),  # a name is no field value
    ('card "X" {\n  type hero of villain\n}\n', True),
    (_card("letX = 1"), False),
    (_card("drawX"), None),
    (_card("draw 2cards"), True),
    # In a command's kind phrase 'and' is a plain word (its state is the command's own); the
    # compiler then says the words name no zone.
    (_card("draw 2 cards and more"), True),
    (_card("draw 2 this"), True),  # after a number, 'this' is a plain word: the kind
    (_card("put 2 cards under this"), True),  # 'under' ends a command's kind phrase
    (_card("put 2 cards under X"), True),
    (_card("put a card under it without hope"), True),
    (_card("discard 2 cards from under this"), True),
    (_card("+1 power for each card under this"), True),  # elsewhere it goes on the kind phrase
    (_card("draw up to (number of cards under this) cards under this"), True),
    (_card("if not (X is ally and the wall is breached) {", "}"), True),
    (_card('if (X is ally or Y is enemy) and not (it named "a") {', "}"), True),
    (_card("if ((X + 1) * 2) > 2 or ((this is ally)) {", "}"), True),
    (_card("if (highest cost of cards in hand > 2) {", "}"), True),
    (_card("if highest cost of cards in hand > 2 {", "}"), True),  # words then 'of': an aggregate
    (_card("if (you have played an ally this turn) {", "}"), True),
    (_card("if (X) is y {", "}"), False),
    (_card("if (X is y {", "}"), False),
    (_card("if (X is y)) {", "}"), False),
    (_card("if () {", "}"), False),
    (_card("if (not X) > 1 {", "}"), False),
    (_card("if (if X is y then 1 else 2) > (X) {", "}"), True),
    (_card('draw cards where not (cost > 1 or (type is ally and name contains "x"))'), True),
    (_card("draw cards where (cost > 1"), False),
    (_card("draw cards where ()"), False),
    (_card("put this under X without hope"), True),
    (_card("else"), True),  # a command whose verb is 'else'
    (_card("draw 1", "else {", "}"), False),
    (_card("if (highest cost of cards in hand) > 2 {", "}"), True),
    (_card("if the lord of the rings is in play {", "}"), True),
    (_card("if number of cards from deck in hand or X is y {", "}"), None),
    (_card("draw up to number of cards from deck in hand"), True),
    (_card("may if X > 1"), None),
    (_card("remove all tokens from armor", "add 2 token to witch king track"), True),
    (_card("remove tokens on armor tokens from armor"), True),
    (_card("next turn {", "draw 1", "}"), True),
    (_card('draw cards where not not cost is not 3 and name contains "x" or type is ally'), True),
    (_card("+(if the wall is breached then 0 else 3) power for each ally you control"), True),
    (_card("let N = -(1) * (2 + X) - 3"), True),
    (_card("repeat (1) {", "}"), True),
    ('card "X" {\n  victory-1\n}\n', None),  # VICTORY then '-': Lark reads it, the fast path need not
    ('card "X" {\n  victory (1)\n}\n', True),
    ('card "X" {\n  directions left 2 up 3\n  effect always {\n  }\n}\n', True),
    ('card "X" {\n  quest {\n    goal not this is ally\n    victory tokens on armor\n  }\n}\n', True),
    ('card "X" {\n}card "Y" {\n}', True),
    ('card "X" {\r\n  cost 1\r\n}\r\n', True),
    ('card "X" {\n  cost 1\r}\n', False),  # a lone CR
    ('card "X" {\n  cost \\\n  1\n}\n', True),
    ('card "X" {\n  cost 1\n}\n\\\n\n', False),
    ('\n# lead\n\ncard "X" { # a\n\t# b\n  text "a \\" b \\\\ c"  # c\n}  # d\n# e\n', True),
    ('card "X" {\n  cost ' + "9" * 5000 + "\n}\n", None),
    ('card "é" {\n  text "ü"\n}\n', True),
    ('card "X" {\n  cöst 1\n}\n', False),
    ("", False),
    ("# only a comment\n", False),
]


@pytest.mark.parametrize(("text", "read"), EDGE_CASES, ids=[repr(t[:40]) for t, _ in EDGE_CASES])
def test_edge_cases(text: str, read: bool | None) -> None:
    fast = check_text(text)
    if read is not None:
        assert (fast is not None) == read


# ---------------------------------------------------------------------- limits
def _lark_depth(node: Tree[Token] | Token) -> int:
    if isinstance(node, Tree):
        return 1 + max((_lark_depth(child) for child in node.children if child is not None), default=0)
    return 1


def _deep(kind: str, n: int) -> str:
    if kind == "operators":
        return 'card "X" {\n  victory ' + " + ".join(["1"] * n) + "\n}\n"
    if kind == "left-operands":
        return 'card "X" {\n  victory ' + "(" * min(n, 30) + "1" + ")" * min(n, 30) + " * 2" * n + "\n}\n"
    if kind == "not":
        return 'card "X" {\n  quest {\n    goal ' + "not " * n + "X is y\n    victory 1\n  }\n}\n"
    if kind == "pred-not":
        return _card("draw cards where " + "not " * n + "cost > 1")
    if kind == "aggregates":
        return _card("draw " + "up to number of " * n + "cards")
    if kind == "blocks":
        inner = max(n - 2, 0)
        return 'card "X" {\n  play {\n' + "if X is y {\n" * inner + "draw 1\n" + "}\n" * inner + "  }\n}\n"
    if kind == "cond-brackets":
        return _card("if " + "(" * n + "X is y" + " and not X is y)" * n + " {", "}")
    if kind == "pred-brackets":
        return _card("draw cards where " + "(" * n + "cost > 1" + " or not cost > 2)" * n)
    if kind == "conditional":
        return 'card "X" {\n  victory ' + "(if X is y then 1 else " * n + "1" + ")" * n + "\n}\n"
    return 'card "X" {\n  victory ' + "-(" * n + "1" + ")" * n + "\n}\n"


DEEP_KINDS = [
    *("operators", "left-operands", "not", "pred-not", "aggregates", "blocks", "conditional", "negation"),
    *("cond-brackets", "pred-brackets"),
]


@pytest.mark.parametrize("kind", DEEP_KINDS)
def test_deep_scripts(kind: str) -> None:
    """Near the nesting and tree-depth limits the fast parser gives up in time, never accepting
    a script that Lark refuses; well inside them it reads the script."""
    read_any = False
    # Around the fast parser's own bound, MAX_NESTING and Lark's MAX_TREE_DEPTH.
    for n in [1, 2, 3, 5, 13, 21, 22, 23, 24, 25, 39, 40, 41, 100, 199, 200, 201]:
        text = _deep(kind, n)
        fast = check_text(text)
        read_any = read_any or fast is not None
        if n <= 5:
            assert fast is not None, text
    assert read_any


@settings(SETTINGS, max_examples=max(5, SETTINGS.max_examples // 2))
@given(st.one_of(scripts(2).map(format_script), st.sampled_from([_deep(k, n) for k in DEEP_KINDS for n in (5, 15)])))
def test_the_depth_bound_holds(text: str) -> None:
    """What the fast parser counts bounds the depth of Lark's tree, as its limit assumes."""
    try:
        reader = fastparse._Parser(text)
        reader.script("")
    except fastparse._GiveUp:
        return
    tree = lark_parser._parse_fast(text)
    assert tree is not None
    assert _lark_depth(tree) <= fastparse._BASE_LEVELS + fastparse._LEVELS_PER_NEST * reader.peak
    assert fastparse._BASE_LEVELS + fastparse._LEVELS_PER_NEST * fastparse._MAX_NEST <= MAX_TREE_DEPTH


def test_bracket_nesting_limit() -> None:
    """The fast parser keeps parse's bracket limit: past MAX_NESTING it gives up, and parse says E003."""
    ok = 'card "X" {\n  victory ' + "(" * (MAX_NESTING - 1) + "1" + ")" * (MAX_NESTING - 1) + "\n}\n"
    assert fast_parse(ok) is not None
    deep = 'card "X" {\n  victory ' + "(" * MAX_NESTING + "1" + ")" * MAX_NESTING + "\n}\n"
    assert fast_parse(deep) is None
    with pytest.raises(ScriptSyntaxError) as caught:
        parse(deep)
    assert caught.value.code == "E003"


# ---------------------------------------------------------------------- the keyword tables
def _helpers(item: str) -> str:
    """A kernel item with Lark's numbered helper rules (``__field_plus_2``) named alike."""
    return re.sub(r"__\w+?_(plus|star)_[0-9]+", "__X", item.strip("<>").strip())


#: For each keyword set of the fast parser, the states of Lark's LALR table it stands for, as
#: patterns over their kernels (the items with the dot past the start, " | " between them): the
#: keywords those states take must be exactly the set.
KEYWORD_STATES: dict[str, tuple[str, ...]] = {
    "_CARD": (
        r"start : _NL \* __X",
        r"card : .*RBRACE \*.*",
        r"card : .*RBRACE _NL \*",
        r"field : STARTING \* .*",
    ),
    "_BODY": (
        r"card : CARD STRING LBRACE _NL \* .*",
        r"(field|ability) : .* _NL \*",
    ),
    "_STMT": (
        r"block : LBRACE _NL \* .*",
        r"stmt : simple_stmt _NL \*",
        r"compound_stmt : .* _NL \*",
    ),
    "_ELSE": (r"block : LBRACE _NL (__X )?RBRACE \*",),
    "_SEL_END": (
        r"quantity : (INT|A|AN|ALL) \*",
        r"atom : (INT|VAR) \*",
        r"ref : VAR \*",
        r"atom : .* RPAR \*",
        r"atom : PLAYERS HIT \*",
        r"binding : AS VAR \*",
        r"atom : POWER \*",
    ),
    "_PRED_END": (
        r"pred_value : STRING \*",
        r"pred_atom_value : INT \*",
        r"pred_atom : .* STRING \*",
        r"pred_atom : LPAR pred RPAR \*",
    ),
    "_COST_KIND": (
        r"cost_kind : WORD \*.*",
        r"cost_kind_word : WORD \*",
        r"__X : (__X )?cost_kind_word \*",
    ),
    "_ACTION": (r"ability : ACTION \* .*",),
    "_PER": (r"limit : ONCE \* .*",),
    "_PAY": (r"ability : ACTION limit \* .*",),
    "_LIMIT_END": (r"limit : ONCE PER WORD \*",),
    "_WORDS": (r"__X : (__X )?WORD \*",),
    "_SEL_END_COUNTER": (r"(__X : (__X )?counter_word \*|counter_word : WORD \*)",),
    "_PRED_WORD": (r"pred_atom_value : WORD \* OF sel \| pred_value : WORD \*",),
    "_KIND": (
        r"kind_word : \w+ \*",
        r"kind_phrase : WORD \*.*",
    ),
    "_COMMAND_KIND": (
        r"command_kind_word : \w+ \*",
        r"command_kind_phrase : WORD \*.*",
    ),
    "_SOURCE": (r"source_word : \w+ \*",),
    "_SOURCE_START": (r"source : (FROM|IN) \* source_phrase",),
    "_REF": (r"ref : (THIS|IT) \*",),
    "_SEL_START": (
        r"per_each : FOR EACH \* sel",
        r"compound_stmt : FOR EACH \* .*",
        r"atom : aggregate_words OF \* sel",
        r"compound_stmt : CHOOSE \* .*",
        r"compound_stmt : LOOK AT \* .*",
        r"cond_left_atom : lead_words OF \* sel",
    ),
    "_COMMAND": (r"simple_stmt : WORD \*.*",),
    "_EXPR_START": (
        r"field : VICTORY \* .*",
        r"simple_stmt : (PLUS|MINUS|ADD|LET VAR EQUAL) \* .*",
        r"(compound_stmt|action_cost) : PAY \* .*",
        r"simple_stmt : cost_scope cost_kind (where )?cost_verb \* .*",
        r"sum : sum \w+ \* .*",
        r"product : product (STAR|SLASH|PERCENT) \* .*",
        r"pred_product : pred_product (STAR|SLASH|PERCENT) \* .*",
        r"pred_sum : pred_sum \w+ \* .*",
        r"pred_unary : MINUS \* atom",
        r"cond_atom : cond_left CMP_OP \* .*",
        r"cond_sum : cond_sum \w+ \* .*",
        r"cond_product : cond_product (STAR|SLASH|PERCENT) \* .*",
        r"cond_unary : MINUS \* atom",
        r"(cond_left_)?atom : LPAR IF cond THEN (expr ELSE )?\* .*",
        r"ability : .* VICTORY \* .*",
        # the states before an atom take the same keywords (and no '-')
        r"quantity : (UP TO|RANDOM) \* .*",
        r"unary : MINUS \* atom",
    ),
    "_REPEAT": (r"compound_stmt : REPEAT \* .*",),
    "_AT": (r"compound_stmt : LOOK \* .*",),
    "_PRED_VALUE": (r"pred_atom : WORD (CMP_OP|IS NOT) \* .*",),
    "_IS_VALUE": (r"pred_atom : WORD IS \* .*",),
    "_PAREN": (r"(pred_atom_value|atom) : LPAR \* .*",),
    "_REMOVE": (r"simple_stmt : REMOVE \* .*",),
    "_COND_START": (
        r"compound_stmt : IF \* .*",
        r"compound_stmt : REPEAT UNTIL \* .*",
        r"elif_clause : ELSE IF \* .*",
        r"cond_atom : NOT \* .*",
        r"ability : .* GOAL \* .*",
        r"(cond_left_)?atom : LPAR IF \* .*",
        r"__X : (__X )?(AND|OR) \* cond_\w+",
    ),
    "_COND_PAREN": (r"cond_atom : LPAR \* cond RPAR \| .*",),
    "_COND_WORD": (
        r"lead_words : WORD \*.*",
        r"lead_word : WORD \*",
        r"__X : (__X )?lead_word \*",
        r"__X : __X \* lead_word \| lead_words : WORD __X \*",
        r"cond_left_atom : lead_words \* OF sel \| .*",
    ),
    "_STATE": (
        r"state_(keyword|word) : \w+ \*",
        r"state_phrase : THE WORD \*.*",
        r"state_phrase : lead_words state_keyword \*.*",
    ),
    "_COND_VAR": (r"cond_left_atom : VAR \* \| ref : VAR \*",),
    "_COND_END": (
        r"cond_atom : ref .* (WORD|STRING) \*",
        r"cond_atom : LPAR cond RPAR \*",
    ),
    "_TRIGGER": (
        r"(ability|compound_stmt) : (WHEN|AT|WHILE) \* .*",
        r"trigger_word : \w+ \*",
    ),
    "_TO": (
        r"compound_stmt : ATTACK \* .*",
        r"simple_stmt : cost_scope .* FOR \* player_phrase",
        r"quantity : UP \* .*",
    ),
    "_PLAYER": (r"player_word : \w+ \*",),
    "_PLACE": (r"place_word : \w+ \*",),
    "_OF": (
        r"placement : (INTO|ON WORD OF) \* .*",
        r"placement : ON WORD \* .*",
    ),
    "_NOT": (
        r"where : WHERE \* pred",
        r"pred_atom : NOT \* .*",
        r"__X : (__X )?(AND|OR) \* pred_\w+",
        r"cond_atom : ref IS \* .*",
        r"pred_atom : LPAR \* pred RPAR",
    ),
    "_ATTRIBUTE": (r"pred_atom : WORD \* .*",),
    "_TOKEN_WORD": (r"(amount : ALL \* \| )?simple_stmt : REMOVE ALL \* .*",),
    "_FROM_TO": (r"_token_word : TOKENS? \*",),
    "_EACH": (r"(per_each|compound_stmt) : FOR \* .*",),
    "_FOR": (
        r"simple_stmt : (PLUS|MINUS) expr POWER \*.*",
        r"cost_way : (LESS|MORE) \*",
    ),
    "_MAY": (r"compound_stmt : MAY \* .*",),
    "_OPTION": (
        r"compound_stmt : CHOOSE LBRACE _NL \* .*",
        r"option : .* _NL \*",
    ),
    "_TURN": (r"compound_stmt : NEXT \* .*",),
    "_IF": (r"elif_clause : ELSE \* .*",),
    "_UNDER": (r"placement : UNDER \* ref",),
    "_HIT": (r"(cond_left_)?atom : PLAYERS \* HIT",),
    "_ON": (r"(cond_left_)?atom : TOKENS \* .*",),
    "_GOAL": (r"ability : QUEST LBRACE _NL \* .*",),
    "_VICTORY": (r"ability : QUEST .* cond _NL \* .*",),
    "_ALWAYS": (r"ability : EFFECT \* .*",),
    "_AMBUSH": (r"ability : GROUP \* .*",),
    "_WITHOUT": (r"ability : GROUP AMBUSH \* .*",),
    "_EMPTY": (
        r"field : WORD (_field_value )?\* .*",
        r"_field_(value|part) : .*\*",
        r"guard : WITHOUT .*",
        r"card : CARD (STRING )?\* .*",
        r"(block|card) : .*LBRACE \* .*",
        r"simple_stmt : LET (VAR )?\* .*",
        r"(cond_left_)?atom : TOKENS ON \* .*",
        r"cond_left_atom : LPAR cond_left RPAR \*",
        r"placement : ON \* .*",
        r"pred_atom : WORD CONTAINS \* .*",
        r"cond_atom : ref (IS NOT|NAMED) \* .*",
        r"state_phrase : THE \* .*",
        r"binding : AS \* VAR",
        r"option : OPTION (STRING )?\* .*",
        r"compound_stmt : NEXT TURN \* .*",
        r"simple_stmt : .* _token_word (TO|FROM) \* .*",
        r"ability : QUEST (LBRACE )?\* .*",
        r"ability : QUEST .* expr _NL \* .*",
        r"ability : .* RBRACE \* _NL",
        r"compound_stmt : CHOOSE .* RBRACE \* _NL",
        r"ability : (PLAY|DEFENSE|AMBUSH|ONGOING|FORTUNE) \* .*",
        r"ability : (SEARCH|EFFECT ALWAYS) \* .*",
        r"field : STARTING CARD (STRING )?\* .*",
        r"cost_scope : (NEXT|ALL) \*",
        r"(compound_stmt|action_cost) : PAY expr POWER \*.*",
        r"cond_left_atom : POWER \*",
    ),
}


def test_keyword_sets_match_larks_states() -> None:
    """Each keyword set of the fast parser is the keyword set of the Lark states it stands for.

    The contextual lexer makes a word a keyword exactly where the state it lexes in takes that
    keyword, so the sets must follow the grammar: a change to the grammar shows up here."""
    lark = lark_parser._parser()
    analysis = LALR_Analyzer(ParserConf(lark.rules, {}, lark.options.start), debug=True)
    analysis.compute_lalr()  # type: ignore[no-untyped-call]
    keywords = {name.upper() for name in KEYWORDS}
    states = []
    for state, actions in analysis.parse_table.states.items():
        kernel = " | ".join(sorted(_helpers(str(item)) for item in state if item.index > 0))
        taken = frozenset(name.lower() for name in actions if name in keywords)
        states.append((kernel, taken))
    start = analysis.parse_table.start_states["start"]
    assert frozenset(n.lower() for n in analysis.parse_table.states[start] if n in keywords) == fastparse._CARD
    for name, patterns in KEYWORD_STATES.items():
        expected = getattr(fastparse, name)
        for pattern in patterns:
            matched = [(kernel, taken) for kernel, taken in states if re.fullmatch(pattern, kernel)]
            assert matched, f"{name}: no state matches {pattern!r}"
            for kernel, taken in matched:
                assert taken == expected, f"{name} for {kernel}: Lark takes {sorted(taken)}"


# ---------------------------------------------------------------------- long runs
@pytest.mark.slow
def test_fast_parser_long(request: pytest.FixtureRequest) -> None:
    """With --long: the properties over many more texts."""
    if not request.config.getoption("--long", default=False):
        pytest.skip("a long property run: use --long")

    @LONG_SETTINGS
    @given(
        st.one_of(
            scripts(3).map(format_script),
            relaid(scripts(2).map(format_script)),
            mutated(valid_texts),
            with_a_keyword(),
        )
    )
    def run(text: str) -> None:
        check_text(text)

    run()
