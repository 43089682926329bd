"""Every syntax error of a card file is reported, each at its own line and column, up to a cap;
an unclosed block is reported at its '{', and a bracket left open is named as a bracket."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from lotr_rules.cards.loader import parse_file
from lotr_rules.dsl.syntax import parse
from lotr_rules.errors import ScriptSyntaxError
from lotr_rules.limits import MAX_SYNTAX_ERRORS
from tests.strategies import PROPERTY_SETTINGS

HEAD = 'card "A" {\n  id a\n  type ally\n  provenance designed\n  text "x"\n'


def errors_of(text: str) -> list[ScriptSyntaxError]:
    with pytest.raises(ScriptSyntaxError) as caught:
        parse(text, "a.card")
    return [caught.value, *caught.value.further]


def positions(text: str) -> list[tuple[int, int, str]]:
    return [(e.span.line, e.span.column, e.message) for e in errors_of(text) if e.span is not None]


def test_three_independent_errors_are_all_reported() -> None:
    """A bad field, a bad statement and a bad statement in a later ability: three findings, in order."""
    text = HEAD + "  cost 3 )\n  play {\n    draw 1 )\n  }\n  ongoing {\n    + power\n  }\n}\n"
    found = positions(text)
    assert [(line, column) for line, column, _ in found] == [(6, 10), (8, 12), (11, 12)]
    assert found[1][2] == "')' closes no '('"


def test_a_bad_block_statement_is_set_aside_with_its_body() -> None:
    """The lines indented under a failing 'if' are skipped with it, so its body and '}' are no
    second error; the error after them still is."""
    text = HEAD + "  play {\n    if {\n      draw 1\n    }\n    draw 1 (\n  }\n}\n"
    found = positions(text)
    assert [line for line, _, _ in found] == [7, 10]


def test_the_number_of_errors_is_capped() -> None:
    """A file of nothing but bad statements gives at most MAX_SYNTAX_ERRORS findings."""
    body = "".join(f"    draw {n} )\n" for n in range(MAX_SYNTAX_ERRORS + 15))
    text = HEAD + "  play {\n" + body + "  }\n}\n"
    found = errors_of(text)
    assert len(found) == MAX_SYNTAX_ERRORS
    assert found[-1].hint is not None and found[-1].hint.endswith(
        f"at most {MAX_SYNTAX_ERRORS} syntax errors of a file are listed"
    )
    assert [e.span.line for e in found if e.span] == list(range(7, 7 + MAX_SYNTAX_ERRORS))


def test_an_unclosed_block_is_reported_at_its_brace_with_the_line_it_should_end_before() -> None:
    """The 'play' block never closes: by its indentation it ends before the 'ongoing' line."""
    text = HEAD + "  play {\n    draw 1\n  ongoing {\n    +1 power\n  }\n}\n"
    error = errors_of(text)[0]
    assert error.span is not None
    assert (error.span.line, error.span.column) == (6, 8)
    assert error.message == "'{' is never closed: by its indentation, its block ends before line 8"
    assert error.hint == "add '}' before line 8"


def test_an_error_before_an_unclosed_block_is_reported_too() -> None:
    text = HEAD + "  cost )\n  play {\n    draw 1\n  ongoing {\n    +1 power\n  }\n}\n"
    assert [(line, column) for line, column, _ in positions(text)] == [(6, 8), (7, 8)]


@pytest.mark.parametrize(
    ("statement", "column", "message"),
    [
        ("draw 1 (", 12, "'(' is not closed on its line"),
        ("draw 1 )", 12, "')' closes no '('"),
        ("+(1 + 2 power", 13, "missing ')' after '2'"),
    ],
)
def test_bracket_errors_name_the_bracket(statement: str, column: int, message: str) -> None:
    text = HEAD + f"  play {{\n    {statement}\n  }}\n}}\n"
    found = positions(text)
    assert (7, column, message) in found, found
    assert not any("'{'" in text or "'}'" in text for _, _, text in found), found


def test_the_linter_reports_each_error_with_file_line_and_column(tmp_path: Path) -> None:
    path = tmp_path / "a.card"
    path.write_text(HEAD + "  cost 3 )\n  play {\n    draw 1 )\n  }\n}\n", encoding="utf-8")
    script, diagnostics = parse_file(path)
    assert script is None
    assert [d.format_text().split(" ")[0] for d in diagnostics] == [f"{path}:6:10:", f"{path}:8:12:"]
    assert {d.code for d in diagnostics} == {"E001"}


def test_fmt_reports_each_error_too_and_leaves_the_file_alone(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from lotr_rules.cli import main

    path = tmp_path / "a.card"
    text = HEAD + "  cost 3 )\n  play {\n    draw 1 )\n  }\n}\n"
    path.write_text(text, encoding="utf-8")
    assert main(["fmt", str(path)]) == 2
    lines = capsys.readouterr().err.splitlines()
    assert [line.split(" ")[0] for line in lines] == [f"{path}:6:10:", f"{path}:8:12:"]
    assert path.read_text(encoding="utf-8") == text


def test_a_file_the_fast_parser_takes_has_no_errors() -> None:
    """Recovery runs only on the error path: a good script parses as before."""
    assert parse(HEAD + "  play {\n    draw 1\n  }\n}\n").cards[0].name == "A"


_LINES = st.sampled_from(
    [
        "    draw 1",
        "    draw 1 )",
        "    draw 1 (",
        "    + power",
        "    if {",
        "    }",
        "  play {",
        "  cost x",
        "  }",
        "",
    ]
)


@PROPERTY_SETTINGS
@given(st.lists(_LINES, max_size=30))
def test_every_error_lies_inside_the_text_and_comes_in_order(lines: list[str]) -> None:
    """Whatever the lines, the findings are at most the cap, each inside the text, in file order
    (the unclosed-block finding, which explains the rest, may come last)."""
    text = HEAD + "\n".join(lines) + "\n}\n"
    try:
        parse(text, "a.card")
    except ScriptSyntaxError as error:
        found = [error, *error.further]
        assert len(found) <= MAX_SYNTAX_ERRORS + 1
        rows = text.split("\n")
        for each in found:
            assert each.span is not None
            assert 1 <= each.span.line <= len(rows)
            assert 1 <= each.span.column <= len(rows[each.span.line - 1]) + 1
        ordered = [e.span.line for e in found if e.span and "never closed" not in e.message]
        assert ordered == sorted(ordered)


def test_brackets_nested_too_deep_are_called_brackets() -> None:
    """Past the nesting limit, a '(' is named a bracket, a '{' a block."""
    deep = "(" * 45 + "1" + ")" * 45
    [error] = errors_of(HEAD + f"  play {{\n    +{deep} power\n  }}\n}}\n")
    assert error.code == "E003"
    assert error.message.startswith("brackets nest deeper than 40 levels")
    blocks = "".join("  " * i + "if X > 1 {\n" for i in range(45)) + "".join("}\n" for _ in range(45))
    [error] = errors_of(HEAD + "  play {\n" + blocks + "  }\n}\n")
    assert error.message.startswith("blocks nest deeper than 40 levels")


_PIECES = st.sampled_from(
    ["{", "}", "(", ")", "\n", "  ", "    ", "draw 1", "play", "if", "card", '"x"', "+1 power", "cost", "#c", "\\\n"]
)


@PROPERTY_SETTINGS
@given(st.lists(_PIECES, max_size=40))
def test_any_text_gives_errors_only_inside_it(pieces: list[str]) -> None:
    """Whatever the text, parsing raises nothing but ScriptSyntaxError, and every error it lists
    lies inside the text."""
    text = HEAD + " ".join(pieces)
    try:
        parse(text, "a.card")
    except ScriptSyntaxError as error:
        rows = text.split("\n")
        for each in (error, *error.further):
            assert each.span is not None
            assert 1 <= each.span.line <= len(rows), (each, text)
            assert 1 <= each.span.column <= len(rows[each.span.line - 1]) + 1, (each, text)
            assert each.message and "\n" not in each.message
