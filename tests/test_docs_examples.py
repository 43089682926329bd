"""The examples of the hand-written docs pages and the README cannot drift from what the tool prints.

Every block showing a command with its output is marked for ``lotr_rules.docgen.examples``, which
runs the command and writes the output in; ``python -m lotr_rules.docgen --check`` (in CI) then
fails when a page shows anything else. These tests check that no such block escapes the marking,
that every command the docs show without output is one the tool accepts, and the runner itself.
"""

from __future__ import annotations

import re
import shlex
from pathlib import Path

import pytest

from lotr_rules.cli import build_parser
from lotr_rules.docgen import examples, pages
from lotr_rules.docgen.examples import EDITS, ExampleError, excerpt, render_page, run_command
from lotr_rules.sim.progress import render_bar

ROOT = Path(__file__).resolve().parents[1]
DOCS = ROOT / "docs"
#: pages written by docgen from the code (their examples come from the code too)
GENERATED = {"reference.md", "lint-codes.md", "balance.md", "lcg-figures.md"} | {
    p for p in pages() if p.startswith("gallery")
}
HAND_WRITTEN = [
    *sorted(p.name for p in DOCS.glob("*.md") if p.name not in GENERATED and not p.name.startswith("gallery")),
    "../README.md",
]
FENCE = re.compile(r"(?P<marker><!--[^\n]*-->\n)?```[^\n]*\n(?P<body>.*?)^```$", re.M | re.S)


def _text(page: str) -> str:
    return (DOCS / page).read_text(encoding="utf-8")


def _blocks(page: str) -> list[tuple[str, str, int]]:
    """Every fenced block of the page: its marker line (or ''), its text and its line number."""
    text = _text(page)
    return [
        (m.group("marker") or "", m.group("body"), text.count("\n", 0, m.start()) + 1) for m in FENCE.finditer(text)
    ]


def test_every_page_with_examples_is_rendered_by_docgen() -> None:
    """A marked page that docgen does not know would never be checked."""
    for page in HAND_WRITTEN:
        if examples.MARKER.search(_text(page)):
            assert page in examples.PAGES, page
            assert page in pages(), page


@pytest.mark.parametrize("page", HAND_WRITTEN)
def test_every_command_with_output_is_marked(page: str) -> None:
    """A block that shows a command's output (a ``$ lotr-rules`` line) is run by docgen, or, on the
    scenarios page, by its own test (tests/test_scenarios.py)."""
    for marker, body, line in _blocks(page):
        if any(row.startswith("$ lotr-rules") for row in body.splitlines()):
            assert marker.startswith(("<!-- run:", "<!-- run-")), f"docs/{page}:{line} shows output no run checks"


def _shown_commands(page: str) -> list[tuple[str, int]]:
    """The ``lotr-rules`` command lines of the page's fenced blocks that are shown without output."""
    out = []
    for marker, body, line in _blocks(page):
        if marker.startswith(("<!-- run", "<!-- copy", "<!-- file", "<!-- example")):
            continue
        for row in body.splitlines():
            for part in row.split("&&"):
                part = part.split("#", 1)[0].strip()
                found = re.search(r"(?:^|/)lotr-rules (.*)$", part)
                if found:
                    out.append((found.group(1), line))
    return out


@pytest.mark.parametrize("page", HAND_WRITTEN)
def test_every_command_shown_is_accepted(page: str) -> None:
    """A command the docs show without its output still has options the tool knows."""
    parser = build_parser()
    for command, line in _shown_commands(page):
        argv = shlex.split(command)
        try:
            parser.parse_args(argv)
        except SystemExit as stop:  # argparse refuses with exit status 2
            pytest.fail(f"docs/{page}:{line}: 'lotr-rules {command}' is refused ({stop.code})")


def test_the_readme_and_home_page_commands_are_checked() -> None:
    assert _shown_commands("../README.md"), "the README shows commands"
    assert any("game --players 4 --seed 7" in c for c, _ in _shown_commands("index.md"))


def test_the_progress_bar_sample_is_what_the_bar_draws() -> None:
    """docs/playing.md shows the bar for 205 of 400 games at 48.8 games a second."""
    sample = next(line for line in _text("playing.md").splitlines() if line.startswith("[#"))
    assert sample == render_bar(205, 400, 205 / 48.8)


# ---------------------------------------------------------------------- the runner
LINES = ["a", "-- turn 1: p", "b", "c", "-- turn 2: p", "d", "e", "== end", "f"]


def test_no_option_shows_everything() -> None:
    assert excerpt(LINES, {}) == LINES


def test_head_tail_and_elisions() -> None:
    assert excerpt(LINES, {"head": "2", "tail": "1"}) == ["a", "-- turn 1: p", "...", "f"]


def test_from_until() -> None:
    assert excerpt(LINES, {"from": "^b", "until": "^d"}) == ["...", "b", "c", "-- turn 2: p", "d", "..."]


def test_match_first() -> None:
    assert excerpt(LINES, {"match": "turn", "first": "1"}) == ["...", "-- turn 1: p", "..."]


def test_turn_is_the_whole_turn_holding_the_line() -> None:
    assert excerpt(LINES, {"turn": "^e"}) == ["...", "-- turn 2: p", "d", "e", "..."]


def test_hide_leaves_out_matching_lines() -> None:
    assert excerpt(LINES, {"hide": "^[bc]$"}) == ["a", "-- turn 1: p", "...", "-- turn 2: p", "d", "e", "== end", "f"]


def test_a_pick_that_matches_nothing_is_an_error() -> None:
    with pytest.raises(ExampleError, match="no line matches"):
        excerpt(LINES, {"turn": "nothing"})


def test_run_command_captures_output_and_status(tmp_path: Path) -> None:
    code, lines = run_command(["show", "No Such Card"], tmp_path)
    assert code == 2
    assert lines == ["lotr-rules: error: no loaded set has a card named 'No Such Card'"]


def _page(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, text: str) -> str:
    """Render ``text`` as a page of a repository whose examples and tests are the real ones."""
    (tmp_path / "docs").mkdir()
    for linked in examples.LINKED:
        (tmp_path / linked).symlink_to(ROOT / linked, target_is_directory=True)
    (tmp_path / "docs" / "page.md").write_text(text, encoding="utf-8")
    monkeypatch.setattr(examples, "repository", lambda: tmp_path)
    return render_page("page.md")


def test_a_run_block_gets_the_real_output(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    text = "Intro\n\n<!-- run: exit=2 -->\n```\n$ lotr-rules show Xyzzyq\nstale output\n```\n\nAfter.\n"
    rendered = _page(tmp_path, monkeypatch, text)
    assert rendered == text.replace("stale output", "lotr-rules: error: no loaded set has a card named 'Xyzzyq'")


def test_a_wrong_exit_status_stops_docgen_with_the_line(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    with pytest.raises(ExampleError, match=r"docs/page.md:3: .* exited with 2, not 0"):
        _page(tmp_path, monkeypatch, "Intro\n\n<!-- run: -->\n```\n$ lotr-rules show Nothing\n```\n")


def test_files_and_edits_reach_the_commands(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    card = "examples/custom-set/charge-at-the-fords-of-isen.card"
    text = (
        "<!-- file: my-set/set.toml -->\n```toml\n"
        'code = "my-set"\nname = "Mine"\nlanguage = 5\nfamily = "deckbuilding"\n```\n\n'
        f"<!-- file: my-set/charge-at-the-fords-of-isen.card from={card} -->\n```text\nold\n```\n\n"
        "<!-- run: edit=misspelt-corruption exit=1 -->\n```\n$ lotr-rules lint my-set\n```\n"
    )
    rendered = _page(tmp_path, monkeypatch, text)
    assert (ROOT / card).read_text(encoding="utf-8") in rendered
    assert "E112 unknown card type 'coruption'" in rendered


def test_typed_answers_are_echoed_after_their_prompt(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    text = '<!-- run: input=q|s from=": q$" -->\n```\n$ lotr-rules play --players 2 --seed 3\n```\n'
    rendered = _page(tmp_path, monkeypatch, text)
    assert "Choose 1-3 (? for help, i N for a card): q\nQuit? y = quit without saving" in rendered
    assert "Game saved to lotr-save.json." in rendered


def test_unknown_options_are_refused(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    with pytest.raises(ExampleError, match="unknown option colour"):
        _page(tmp_path, monkeypatch, "<!-- run: colour=red -->\n```\n$ lotr-rules cards\n```\n")


def test_unknown_edits_are_refused(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    with pytest.raises(ExampleError, match="no edit named 'nope'"):
        _page(tmp_path, monkeypatch, "<!-- run: edit=nope -->\n```\n$ lotr-rules cards\n```\n")


def test_every_edit_is_used_by_a_page() -> None:
    used = {name for page in examples.PAGES for name in re.findall(r"edit=(\S+)", _text(page))}
    assert used == set(EDITS)


def test_bad_option_values_are_refused(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    with pytest.raises(ExampleError, match=r"docs/page.md:1: bad option"):
        _page(tmp_path, monkeypatch, '<!-- run: match="(" -->\n```\n$ lotr-rules cards --set two-towers\n```\n')
