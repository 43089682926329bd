"""docs/pettingzoo.md cannot drift: its Python examples run here, their output is the output the
page shows, and its table of the observation's sections is :func:`lotr_rules.pettingzoo.sections`."""

from __future__ import annotations

import contextlib
import io
import re
from pathlib import Path

import pytest

pytest.importorskip("pettingzoo", reason="needs the rl extra")

from lotr_rules.pettingzoo import sections

ROOT = Path(__file__).resolve().parents[1]
PAGE = ROOT / "docs" / "pettingzoo.md"
BLOCK = re.compile(r"^<!-- pettingzoo: (?P<kind>run|output) (?P<name>\w+) -->\n```\w*\n(?P<body>.*?)^```$", re.M | re.S)


def _blocks(kind: str) -> dict[str, str]:
    text = PAGE.read_text(encoding="utf-8")
    return {m.group("name"): m.group("body") for m in BLOCK.finditer(text) if m.group("kind") == kind}


def test_the_page_has_its_examples() -> None:
    assert set(_blocks("run")) == {"making", "random", "training"}
    assert set(_blocks("output")) <= set(_blocks("run"))


@pytest.mark.parametrize("name", ["making", "random", "training"])
def test_each_example_runs_and_prints_what_the_page_shows(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)  # the examples name card folders from the repository's root
    printed = io.StringIO()
    namespace: dict[str, object] = {"__name__": f"docs_pettingzoo_{name}"}
    with contextlib.redirect_stdout(printed):
        exec(compile(_blocks("run")[name], f"docs/pettingzoo.md ({name})", "exec"), namespace)
    for table in [value for value in namespace.values() if hasattr(value, "possible_agents")]:
        table.close()  # type: ignore[attr-defined]
    shown = _blocks("output").get(name)
    if shown is not None:
        assert printed.getvalue() == shown


def test_the_sections_table_is_the_layout() -> None:
    text = PAGE.read_text(encoding="utf-8")
    table = text.split("<!-- pettingzoo: sections -->\n", 1)[1].split("\n\n", 1)[0]
    rows = [[cell.strip() for cell in line.strip("|").split("|")] for line in table.splitlines()[2:]]
    lcg, deckbuilding = sections("lcg"), sections("deckbuilding")
    assert len(rows) == len(lcg) + 1 == len(deckbuilding) + 1
    for row, (lcg_name, lcg_width), (db_name, db_width) in zip(rows, lcg, deckbuilding, strict=False):
        assert lcg_name in row[0] and db_name in row[0]
        assert (int(row[1]), int(row[2])) == (lcg_width, db_width)
    total = rows[-1]
    assert (total[1], total[2]) == (f"**{sum(w for _, w in lcg)}**", f"**{sum(w for _, w in deckbuilding)}**")
