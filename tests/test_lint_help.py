"""Where card authors coming from other games stumble, the linter says what to write: an ability
nested in a block, a cost change without 'all', 'first time this turn' written another way, the
words of other games, a misspelt word in the number meant; and a file's syntax errors hide none
of its other findings."""

from __future__ import annotations

import tempfile
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from lotr_rules.cards.loader import ParsedFile, compile_files, parse_file, parse_file_recovering
from lotr_rules.cli import main
from lotr_rules.diagnostics import Diagnostic, closest, did_you_mean, edit_distance, sort_diagnostics
from lotr_rules.dsl.nearmiss import first_time_rewrite, plural
from lotr_rules.dsl.syntax import parse
from lotr_rules.engine.registry import FOREIGN_CONTEXTS, Vocabulary
from lotr_rules.errors import ScriptSyntaxError
from lotr_rules.games import family_names, vocabulary_for
from lotr_rules.lint import partial
from lotr_rules.lint.partial import WHOLE_CARD_CODES
from lotr_rules.lint.runner import lint_paths
from tests.strategies import PROPERTY_SETTINGS

MANIFEST = 'code = "demo"\nname = "Demo"\nlanguage = 5\n'
HEAD = 'card "A" {\n  id a\n  type ally\n  cost 1\n  provenance designed\n  text "Draw a card."\n'


def card(*body: str) -> str:
    """A card file with ``body`` as its lines after the fields (each indented as written)."""
    return HEAD + "".join(line + "\n" for line in body) + "}\n"


def lint_files(root: Path, files: dict[str, str]) -> list[Diagnostic]:
    folder = root / "demo"
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "set.toml").write_text(MANIFEST, encoding="utf-8")
    for name, text in files.items():
        (folder / name).write_text(text, encoding="utf-8")
    found, _ = lint_paths([folder])
    return found


def lint_card(root: Path, text: str) -> list[Diagnostic]:
    return lint_files(root, {"a.card": text})


def shown(found: list[Diagnostic]) -> list[str]:
    """Each finding as ``line:col: CODE message (hint)``, without its path."""
    return [d.format_text().split(":", 1)[1] for d in found]


def errors_of(text: str) -> list[ScriptSyntaxError]:
    with pytest.raises(ScriptSyntaxError) as caught:
        parse(text, "a.card")
    return [caught.value, *caught.value.further]


# ---------------------------------------------------------------------- abilities inside a block
def test_an_ability_inside_play_is_named_at_its_word(tmp_path: Path) -> None:
    """'ongoing { ... }' inside 'play': reported at 'ongoing' (line 9, column 5), naming both."""
    text = card("  play {", "    draw 1", "    ongoing {", "      +1 power", "    }", "  }")
    assert shown(lint_card(tmp_path, text)) == [
        "9:5: E320 'ongoing' is an ability: abilities go at the card's top level, not inside 'play' "
        "(move it out of the 'play' block, to after that block's closing '}')"
    ]


@pytest.mark.parametrize(
    "nested",
    ["    defense {", "    action once per turn {", "    ambush: draw 1", "    if power > 2 {\n      fortune {"],
)
def test_any_ability_in_any_block_is_reported_as_one(nested: str) -> None:
    """Whatever the ability and however deep, the error is E320 at the ability's word."""
    text = card(
        "  play {", "    draw 1", nested, "      draw 1", "    }", *(["    }"] if "if" in nested else []), "  }"
    )
    found = errors_of(text)
    word_line = 9 + nested.count("\n")
    assert [(e.code, e.span.line if e.span else 0) for e in found] == [("E320", word_line)]


def test_when_inside_a_block_is_a_statement_not_a_misplaced_ability() -> None:
    """'when' and 'at' may stand in a block: they listen for the rest of the turn."""
    parse(card("  play {", "    when you play an ally {", "      draw 1", "    }", "  }"), "a.card")


def test_an_ability_at_the_top_level_after_an_unclosed_block_is_the_missing_brace() -> None:
    """Indented as a top-level ability, it is the block before it that is not closed."""
    text = card("  play {", "    draw 1", "  ongoing {", "    +1 power", "  }")
    assert [(e.code, e.message.split(":")[0]) for e in errors_of(text)] == [("E001", "'{' is never closed")]


def test_a_block_opened_with_a_colon_says_how_to_open_it() -> None:
    """'play: draw 1': the ':' is reported where it is, with the '{' to write."""
    (error,) = errors_of(card("  play: draw 1"))
    assert error.span is not None
    assert (error.span.line, error.span.column) == (7, 7)
    assert error.message == "':' does not open a block: write 'play {'"


# ---------------------------------------------------------------------- cost changes
@pytest.mark.parametrize(
    ("written", "write"),
    [
        ("allies cost 1 less", "all allies cost 1 less"),
        ("enemies costs X more", "all enemies cost X more"),
        ("the next ally costs 2 less", "next ally costs 2 less"),
        ("your next hero costs 1 less", "next hero costs 1 less"),
        ("each ally costs 1 less", "all allies cost 1 less"),
        ("every hero costs 2 more", "all heroes cost 2 more"),
    ],
)
def test_a_cost_change_without_all_or_next_suggests_it(tmp_path: Path, written: str, write: str) -> None:
    """At the statement's first word: what a cost change starts with, and the whole phrase to write."""
    text = card("  ongoing {", f"    {written}", "  }")
    assert shown(lint_card(tmp_path, text)) == [
        f"8:5: E001 a change to what cards cost starts with 'all' or 'next' (did you mean '{write}'?)"
    ]


@pytest.mark.parametrize("family", family_names())
def test_the_plural_of_every_card_type_is_spelt_as_its_family_spells_it(family: str) -> None:
    """'each ally' is suggested as 'all allies': the plural rule holds for every card type."""
    for card_type in vocabulary_for(family).card_types.values():
        assert plural(card_type.name) == card_type.plural


def test_the_suggested_cost_change_lints_clean(tmp_path: Path) -> None:
    assert lint_card(tmp_path, card("  ongoing {", "    all allies cost 1 less", "  }")) == []


# ---------------------------------------------------------------------- first time this turn
@pytest.mark.parametrize(
    "phrase",
    [
        "you play an ally first time this turn",
        "you play an ally the first time this turn",
        "you play an ally for the first time each turn",
        "first time this turn you play an ally",
        "the first time each turn you play an ally",
        "you first play an ally this turn",
    ],
)
def test_first_time_written_another_way_names_the_right_spelling(tmp_path: Path, phrase: str) -> None:
    """E321 at the trigger, with the whole trigger as the language writes it."""
    text = card(f"  when {phrase} {{", "    draw 1", "  }")
    assert shown(lint_card(tmp_path, text)) == [
        "7:3: E321 'first time this turn' is written 'for the first time this turn', at the end of the "
        "trigger (write 'when you play an ally for the first time this turn')"
    ]


def test_the_right_spelling_of_first_time_is_not_rewritten(tmp_path: Path) -> None:
    assert (
        first_time_rewrite("when", ["you", "play", "an", "ally", "for", "the", "first", "time", "this", "turn"]) is None
    )
    assert first_time_rewrite("when", ["you", "play", "an", "ally"]) is None
    text = card("  when you play an ally for the first time this turn {", "    draw 1", "  }")
    assert lint_card(tmp_path, text) == []


# ---------------------------------------------------------------------- other games' words
@pytest.mark.parametrize(
    ("line", "column", "finding"),
    [
        (
            "gain a card from graveyard",
            22,
            "E111 unknown zone 'graveyard' ('graveyard' is another game's word: write 'discard pile')",
        ),
        (
            "trash a card from hand",
            5,
            "E110 unknown command 'trash' ('trash' is another game's word: write "
            "'destroy'; a destroyed card leaves the game)",
        ),
        (
            "gain a card from line-up",
            22,
            "E111 unknown zone 'line-up' ('line-up' is another game's word: write 'path'; the face-up cards to buy)",
        ),
        (
            "gain 2 villains from path",
            12,
            "E112 unknown card type 'villains' ('villains' is another game's word: write 'enemies')",
        ),
        (
            "if hand size > 4 {\n      draw 1\n    }",
            8,
            "E001 unexpected 'hand size' ('hand size' is another game's word: write 'number of cards in hand')",
        ),
    ],
)
def test_other_games_words_get_ours(tmp_path: Path, line: str, column: int, finding: str) -> None:
    """The family's word for the same thing, at the foreign word."""
    text = card("  play {", f"    {line}", "  }")
    assert shown(lint_card(tmp_path, text)) == [f"8:{column}: {finding}"]


def _fits(vocab: Vocabulary, context: str, words: str) -> bool:
    if context == "zone":
        return vocab.zone(words) is not None
    if context == "command":
        return words in vocab.primitives
    if context == "card type":
        return vocab.card_type(words) is not None
    if context == "player":
        return words in vocab.players
    return bool(words)


@pytest.mark.parametrize("family", family_names())
def test_every_foreign_word_maps_to_a_word_of_its_family(family: str) -> None:
    """Each entry's word is one the family does not know in that place, and ours is one it does."""
    vocab = vocabulary_for(family)
    for entry in vocab.foreign_words:
        assert entry.context in FOREIGN_CONTEXTS, entry
        assert _fits(vocab, entry.context, entry.ours), entry
        if entry.context != "phrase":
            assert not _fits(vocab, entry.context, entry.word), entry
    assert len({(e.word, e.context) for e in vocab.foreign_words}) == len(vocab.foreign_words)


@pytest.mark.parametrize("measure", ["number of cards in hand", "number of cards in deck"])
def test_the_words_offered_for_a_phrase_lint_clean(tmp_path: Path, measure: str) -> None:
    text = card("  play {", f"    if {measure} > 4 {{", "      draw 1", "    }", "  }")
    assert lint_card(tmp_path, text) == []


def test_a_foreign_phrase_in_a_comment_is_not_blamed(tmp_path: Path) -> None:
    """The syntax error stays where it is when 'hand size' is only in the line's comment."""
    found = lint_card(tmp_path, card("  play {", "    draw 1 )  # hand size", "  }"))
    assert shown(found) == ["8:12: E001 ')' closes no '(' (remove it, or open the bracket with '(')"]


def test_a_family_without_the_word_gets_no_foreign_hint() -> None:
    """The Card Game has no path: 'line-up' is offered nothing of the deck-building games."""
    vocab = vocabulary_for("lcg")
    assert vocab.foreign("line-up", "zone") is None
    assert vocabulary_for("deckbuilding").foreign("line-up", "zone") is not None


# ---------------------------------------------------------------------- the number meant
def test_an_heroe_is_one_hero(tmp_path: Path) -> None:
    """'an heroe': one letter from 'hero' and from 'heroes'; the article says one."""
    found = lint_card(tmp_path, card("  play {", "    destroy an heroe from hand", "  }"))
    assert shown(found) == ["8:16: E112 unknown card type 'heroe' (did you mean 'hero'?)"]


@pytest.mark.parametrize(
    ("word", "singular", "meant"),
    [
        ("heroe", None, "hero"),
        ("heroe", True, "hero"),
        ("heroe", False, "heroes"),
        ("heros", None, "heroes"),
        ("alies", None, "allies"),
        ("aly", None, "ally"),
        ("enemie", True, "enemy"),
    ],
)
def test_did_you_mean_prefers_the_closest_spelling_then_the_number(
    word: str, singular: bool | None, meant: str
) -> None:
    choices = ["hero", "heroes", "ally", "allies", "enemy", "enemies"]
    assert did_you_mean(word, choices, singular=singular) == f"did you mean '{meant}'?"


@given(st.text(alphabet="abcdehilorsy", min_size=1, max_size=8))
@PROPERTY_SETTINGS
def test_the_closest_choice_is_never_further_in_spelling_than_another_close_one(word: str) -> None:
    """Among the choices difflib finds close, none needs fewer letters changed than the one chosen."""
    import difflib

    choices = ["hero", "heroes", "ally", "allies", "enemy", "enemies", "hand", "deck", "discard pile"]
    best = closest(word, choices)
    close = difflib.get_close_matches(word, choices, n=8, cutoff=0.6)
    assert (best is None) == (not close)
    if best is not None:
        assert all(edit_distance(word, best) <= edit_distance(word, other) for other in close)


# ---------------------------------------------------------------------- syntax and semantics in one run
def test_a_broken_ability_hides_no_other_finding_of_its_card(tmp_path: Path) -> None:
    """One ability with a syntax error, one with an unknown zone: both reported in one run."""
    text = card("  play {", "    draw 1 from hnd", "  }", "  ongoing {", "    draw 1 )", "  }")
    assert shown(lint_card(tmp_path, text)) == [
        "8:17: E111 unknown zone 'hnd' (did you mean 'hand'?)",
        "11:12: E001 ')' closes no '(' (remove it, or open the bracket with '(')",
    ]


def test_the_command_line_prints_syntax_and_other_findings_together(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """``lotr-rules lint`` on a card with a nested ability and an unknown zone: both, by position."""
    monkeypatch.chdir(tmp_path)
    text = card("  play {", "    gain a card from graveyard", "    ongoing {", "      +1 power", "    }", "  }")
    lint_files(tmp_path, {"a.card": text})
    assert main(["lint", "demo"]) == 1
    assert capsys.readouterr().out.splitlines() == [
        "demo/a.card:8:22: E111 unknown zone 'graveyard' ('graveyard' is another game's word: write 'discard pile')",
        "demo/a.card:9:5: E320 'ongoing' is an ability: abilities go at the card's top level, not inside 'play' "
        "(move it out of the 'play' block, to after that block's closing '}')",
        "1 file checked: 2 errors, 0 warnings",
    ]


def test_a_set_with_a_broken_card_reports_the_others_and_the_rest_of_it(tmp_path: Path) -> None:
    """The broken card's other ability and the other card's problem both come with the syntax error."""
    broken = card("  play {", "    draw 1 )", "    gain a card from graveyard", "  }")
    other = card("  play {", "    destroy an heroe from hand", "  }").replace('"A"', '"B"').replace("id a", "id b")
    found = lint_files(tmp_path, {"a.card": broken, "b.card": other})
    assert [(Path(d.span.path).name, d.span.line, d.code) for d in found] == [
        ("a.card", 8, "E001"),
        ("a.card", 9, "E111"),
        ("b.card", 8, "E112"),
    ]


def test_a_broken_card_is_still_a_name_the_others_may_use(tmp_path: Path) -> None:
    """Card B names card A, whose file has a syntax error: only A's error, no unknown name in B."""
    broken = card("  play {", "    draw 1 )", "  }")
    naming = (
        card("  play {", '    may destroy a card from hand where name is "A"', "  }")
        .replace('"A" {', '"B" {')
        .replace("id a", "id b")
    )
    found = lint_files(tmp_path, {"a.card": broken, "b.card": naming})
    assert [(Path(d.span.path).name, d.code) for d in found] == [("a.card", "E001")]


def test_what_a_set_aside_statement_would_have_given_is_not_reported_missing(tmp_path: Path) -> None:
    """The broken 'let' would have named X: no 'name used before it is given' for the line using it."""
    text = card("  play {", "    let X = (2", "    +X power", "  }")
    found = lint_card(tmp_path, text)
    assert [d.code for d in found] == ["E001"]


def test_a_file_read_in_part_is_never_loaded() -> None:
    """The loader a game uses refuses the file; only the linter sees what the rest says."""
    path = Path(__file__).parent / "data" / "does-not-exist.card"
    assert parse_file(path)[0] is None


def test_the_partial_script_leaves_out_exactly_the_lines_set_aside(tmp_path: Path) -> None:
    path = tmp_path / "a.card"
    path.write_text(card("  play {", "    draw 1 )", "    draw 2", "  }"), encoding="utf-8")
    script, errors, recovered = parse_file_recovering(path)
    assert script is None and [d.code for d in errors] == ["E001"]
    assert recovered is not None and recovered.set_aside == frozenset({8})
    (ability,) = [item for item in recovered.script.cards[0].items if getattr(item, "kind", "") == "play"]
    assert len(ability.body) == 1


STATEMENTS = (
    "draw 1",
    "draw 1 from hnd",
    "gain a card from graveyard",
    "destroy an heroe from hand",
    "+1 power",
    "trash a card",
)
#: Statements with a syntax error and balanced braces (a '{' never closed stops all checking).
BROKEN = ("draw 1 )", "+ power", "draw (1", "gain a card costing 2 or less", "allies cost 1 less", "ongoing: +1 power")


def checked(path: Path, text: str) -> list[Diagnostic]:
    """What the linter finds in one card file, the way its runner does it for a file with syntax
    errors (without reading the shipped sets, which these statements do not name)."""
    path.write_text(text, encoding="utf-8")
    _, errors, recovered = parse_file_recovering(path)
    scripts = [ParsedFile(path, "demo", recovered.script if recovered else parse_file(path)[0])]
    _, problems = compile_files(scripts, vocabulary_for("deckbuilding"), set())
    if recovered is not None:
        problems = partial.kept(problems, {str(path): recovered})
    return sort_diagnostics([*errors, *problems])


@given(
    st.lists(st.sampled_from(STATEMENTS), min_size=1, max_size=4),
    st.sampled_from(BROKEN),
    st.integers(min_value=0, max_value=4),
)
@settings(PROPERTY_SETTINGS, max_examples=min(60, PROPERTY_SETTINGS.max_examples))
def test_a_broken_statement_changes_no_other_finding(good: list[str], broken: str, where: int) -> None:
    """The findings of a card with one broken statement are its syntax error and exactly the
    findings of the same card without that statement (less those about the card as a whole)."""
    place = min(where, len(good))
    without = card("  play {", *(f"    {s}" for s in good), "  }")
    with_it = card("  play {", *(f"    {s}" for s in [*good[:place], broken, *good[place:]]), "  }")
    with tempfile.TemporaryDirectory() as folder:
        clean = checked(Path(folder) / "a.card", without)
        found = checked(Path(folder) / "a.card", with_it)
    broken_line = 8 + place
    syntax = [d for d in found if d.span.line == broken_line]
    assert syntax and all(d.code in ("E001", "E320") for d in syntax)
    moved = [(d.span.line - (d.span.line > broken_line), d.code, d.message) for d in found if d not in syntax]
    expected = [(d.span.line, d.code, d.message) for d in clean if d.code not in WHOLE_CARD_CODES]
    assert moved == expected
