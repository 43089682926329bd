"""What the language server finds is what ``lotr-rules lint`` finds: for the bad example of every
lint code, each card file and manifest of the example, checked as an editor holds it, has the
linter's findings (code, line, column and message) for that file.

The one difference is on purpose: a card whose set.toml does not read is told so at its top (the
linter says it once, on the manifest), so the checks here leave that finding aside. No pygls is
needed: the checking is the server's own module.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from lotr_rules.lint.codes import CODES, LintCode
from lotr_rules.lint.runner import lint_paths
from lotr_rules.lsp.findings import Checker
from lotr_rules.lsp.workspace import Workspace
from tests.test_lint_codes import write_set

#: the start of the finding a card gets for its set's unreadable manifest
MANIFEST_SAID = "this card's set.toml does not read: "


@pytest.fixture(scope="module")
def checker() -> Iterator[Checker]:
    found = Checker(Workspace())
    yield found
    found.close()


def as_lint_says(findings: object) -> set[tuple[str, int, int, str]]:
    return {(d.code, d.span.line, d.span.column, d.message) for d in findings}  # type: ignore[attr-defined]


@pytest.mark.parametrize("entry", CODES.values(), ids=list(CODES))
def test_the_server_finds_what_lint_finds(entry: LintCode, checker: Checker, tmp_path: Path) -> None:
    home = write_set(tmp_path, entry.bad, entry.kind)
    linted, _ = lint_paths([home])
    compared = 0
    for path in sorted(home.rglob("*")):
        if (path.suffix != ".card" and path.name != "set.toml") or not path.is_file():
            continue  # an editor opens files (a folder named like a card is one of the examples)
        real = path.resolve()
        theirs = as_lint_says(d for d in linted if Path(d.span.path).resolve() == real)
        mine = as_lint_says(
            d
            for d in checker.findings(real, path.read_text(encoding="utf-8"))
            if not d.message.startswith(MANIFEST_SAID)
        )
        assert mine == theirs, path.name
        compared += 1
    assert compared or entry.kind == "mix"
