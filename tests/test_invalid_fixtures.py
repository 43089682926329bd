"""Invalid card scripts in ``tests/fixtures/invalid/`` and the syntax errors they must give.

Each ``*.card`` file there states its expected error in comment lines of its own:

``# expect: LINE:COL CODE SUBSTRING``
    ``LINE:COL`` is where the error must be reported (1-based; a column counts characters, a tab
    is one); ``CODE`` is the ScriptSyntaxError's code (``E001`` for syntax, ``E003`` for a limit);
    ``SUBSTRING`` is the rest of the line, without its surrounding spaces, and must occur in the
    error's message, case and quotes as written. A file has at least one such line; with several,
    each must hold (they all name the same position and code, and check several parts of the
    message).

``# hint: SUBSTRING``
    Optional: ``SUBSTRING`` must occur in the error's hint (the "did you mean" part).

The expectation lines are ordinary comments, so they count as lines of the file: put them at the
top, and count them in ``LINE``. Parsing stops at the first error, so a file tests one error.
"""

from __future__ import annotations

import re
from pathlib import Path

import attrs
import pytest

from lotr_rules.dsl.parser import parse
from lotr_rules.errors import ScriptSyntaxError

FIXTURES = Path(__file__).resolve().parent / "fixtures" / "invalid"
EXPECT = re.compile(
    r"^#\s*expect:\s*(?P<line>[0-9]+):(?P<column>[0-9]+)\s+(?P<code>[EW][0-9]{3})\s+(?P<text>\S.*?)\s*$"
)
HINT = re.compile(r"^#\s*hint:\s*(?P<text>\S.*?)\s*$")


@attrs.frozen
class Expectation:
    line: int
    column: int
    code: str
    message: str


def expectations(text: str) -> tuple[list[Expectation], list[str]]:
    """The ``# expect:`` and ``# hint:`` lines of a fixture."""
    expects: list[Expectation] = []
    hints: list[str] = []
    for raw in text.splitlines():
        line = raw.strip()
        if match := EXPECT.match(line):
            expects.append(Expectation(int(match["line"]), int(match["column"]), match["code"], match["text"]))
        elif match := HINT.match(line):
            hints.append(match["text"])
        elif re.match(r"^#\s*(expect|hint)\b", line):
            raise AssertionError(f"malformed expectation line: {raw!r}")
    return expects, hints


FILES = sorted(FIXTURES.glob("*.card"))


def test_there_are_fixtures() -> None:
    """The fixture folder holds the invalid scripts this module checks."""
    assert len(FILES) >= 10


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_invalid_script_gives_the_expected_error(path: Path) -> None:
    """Parsing the fixture raises ScriptSyntaxError at the expected position, with its code and message."""
    text = path.read_text(encoding="utf-8")
    expects, hints = expectations(text)
    assert expects, f"{path.name} has no '# expect:' line"
    with pytest.raises(ScriptSyntaxError) as caught:
        parse(text, str(path))
    error = caught.value
    assert error.span is not None
    got = f"{error.span.line}:{error.span.column} {error.code} {error.message}"
    for expect in expects:
        assert (error.span.line, error.span.column) == (expect.line, expect.column), got
        assert error.code == expect.code, got
        assert expect.message in error.message, got
    for hint in hints:
        assert error.hint is not None and hint in error.hint, f"{got} (hint: {error.hint})"
    assert error.span.path == str(path)


def test_expectation_format_is_read_as_documented() -> None:
    """The expectation reader takes position, code and message, and refuses malformed lines."""
    expects, hints = expectations("# expect: 3:14 E001 missing '{' after 'play'\n#hint:  did you mean 'x'? \ncard")
    assert expects == [Expectation(3, 14, "E001", "missing '{' after 'play'")]
    assert hints == ["did you mean 'x'?"]
    with pytest.raises(AssertionError):
        expectations("# expect: 3 E001 no column\n")
