"""Language editions: a set is read with the meanings of the language version it declares, and
``lotr-rules fmt --upgrade`` moves it to the current version doing the same.

The fixture ``tests/fixtures/old-ways`` is a language-1 set written before the ``designed``
field, using constructs whose meaning changed since: it lints clean as written, plays with its
old meanings, and once upgraded lints clean at the current version and plays the same seeded
games, to the digest.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
import strategies
from card_probes import assert_passes, card_text, codes, run_with
from hypothesis import HealthCheck, given, settings

from lotr_rules.agents.bots import HeuristicAgent
from lotr_rules.cards.catalogue import Catalogue
from lotr_rules.cards.loader import load_sets
from lotr_rules.cards.upgrade import plan, upgrade_card
from lotr_rules.cli import main
from lotr_rules.diagnostics import Severity
from lotr_rules.dsl import ast, editions
from lotr_rules.dsl.compiler import Compiler
from lotr_rules.dsl.editions import CHANGES, LANGUAGE_VERSION, changes_after, new_meaning
from lotr_rules.dsl.formatter import format_script
from lotr_rules.dsl.syntax import parse, parse_card
from lotr_rules.games import vocabulary_for
from lotr_rules.games.deckbuilding.config import GameConfig
from lotr_rules.games.deckbuilding.game import DeckbuildingGame
from lotr_rules.games.deckbuilding.vocabulary import vocabulary
from lotr_rules.lint.runner import lint_paths

FIXTURE = Path(__file__).parent / "fixtures" / "old-ways"
CODE = "old-ways"
OLD_CARDS = ("Scout of the Riddermark", "Hoard of the Mark", "Clear the Way")
#: seeds whose games play every card of the fixture (checked below)
SEEDS = (3, 4, 7, 8)


def _copy(tmp_path: Path) -> Path:
    folder = tmp_path / CODE
    shutil.copytree(FIXTURE, folder)
    return folder


def _games(
    catalogue: Catalogue, sets: tuple[str, ...] = ("two-towers", CODE)
) -> list[tuple[str, list[tuple[object, ...]]]]:
    """Seeded two-player games of The Two Towers with the set mixed in: each one's digest and log."""
    out = []
    for seed in SEEDS:
        config = GameConfig(players=2, seed=seed, sets=sets, max_turns=200)
        game = DeckbuildingGame(catalogue, config, [HeuristicAgent(seed=seed + i) for i in range(2)])
        game.play_game()
        out.append((game.state.digest(), list(game.state.log)))
    return out


def _played(log: list[tuple[object, ...]]) -> set[str]:
    return {str(entry[2]) for entry in log if entry[0] == "play" and len(entry) > 2}


# ---------------------------------------------------------------------- the data
def test_every_change_has_a_key_once_a_version_and_a_summary() -> None:
    """The list the loader, the compiler, fmt --upgrade and the reference read is well formed."""
    keys = [change.key for change in CHANGES]
    assert len(keys) == len(set(keys))
    assert all(2 <= change.version <= LANGUAGE_VERSION and change.summary for change in CHANGES)
    assert [c.version for c in CHANGES] == sorted(c.version for c in CHANGES), "oldest first"
    assert max(change.version for change in CHANGES) == LANGUAGE_VERSION
    assert changes_after(LANGUAGE_VERSION) == ()
    assert set(changes_after(1)) == set(CHANGES)


def test_a_construct_has_its_new_meaning_from_its_version_on() -> None:
    for change in CHANGES:
        assert not new_meaning(change.key, change.version - 1)
        assert new_meaning(change.key, change.version) and new_meaning(change.key, LANGUAGE_VERSION)


def test_every_change_is_read_by_a_gate() -> None:
    """A change recorded but read nowhere would make an old set read the new way silently: each
    key is asked about somewhere outside the list itself (``new_meaning("key")``)."""
    package = Path(editions.__file__).resolve().parents[1]
    text = "".join(path.read_text(encoding="utf-8") for path in package.rglob("*.py") if path.name != "editions.py")
    for change in CHANGES:
        assert f'"{change.key}"' in text, f"no gate reads the change '{change.key}'"


# ---------------------------------------------------------------------- the fixture as written
def test_the_old_set_lints_clean_as_written_with_only_the_nudge_to_upgrade() -> None:
    """Language 1 has no 'designed' field (E143 does not apply) and its constructs are its own:
    the one finding is W211, which says how to move the set on."""
    diagnostics, _ = lint_paths([FIXTURE])
    assert [d.code for d in diagnostics] == ["W211"], [d.format_text() for d in diagnostics]
    (nudge,) = diagnostics
    assert "read with its meanings" in nudge.message and "fmt --upgrade" in (nudge.hint or "")


def _compiled(text: str, language: int) -> Compiler:
    compiler = Compiler(vocabulary(), "probe.card", language=language)
    compiler.compile_card(parse_card(text))
    return compiler


def _probe(*body: str) -> str:
    lines = [
        'card "Probe" {',
        "  id probe",
        "  type ally",
        "  cost 1",
        "  provenance designed",
        '  text "A probe."',
        "  play {",
    ]
    return "\n".join([*lines, *(f"    {line}" for line in body), "  }", "}", ""])


def test_e143_applies_from_language_2() -> None:
    text = _probe("+1 power").replace("provenance designed", "provenance rulebook")
    assert not [d for d in _compiled(text, 1).diagnostics if d.code == "E143"]
    assert [d for d in _compiled(text, 2).diagnostics if d.code == "E143"]


def test_an_old_count_in_a_larger_sum_is_refused_not_guessed() -> None:
    """E300: the grouping of '2 * number of ... where cost <= 2 + 1' in language 2 depended on
    brackets the tree does not keep."""
    text = _probe("+(2 * number of cards in hand where cost <= 2 + 1) power")
    assert [d.code for d in _compiled(text, 2).diagnostics] == ["E300"]
    assert [d.code for d in _compiled(text, 3).diagnostics] == []


def test_a_language_1_hero_ability_never_runs_and_is_warned_about() -> None:
    text = _probe().replace("type ally", "type hero\n  deck hero").replace("play {", "ongoing {\n    +1 power")
    compiler = Compiler(vocabulary(), "warden.card", language=1)
    card = compiler.compile_card(parse_card(text))
    assert card is not None and "ongoing" not in card.abilities
    assert [d.code for d in compiler.diagnostics] == ["W300"]
    current = Compiler(vocabulary(), "warden.card").compile_card(parse_card(text))
    assert current is not None and "ongoing" in current.abilities


def test_the_old_set_plays_with_its_old_meanings(tmp_path: Path) -> None:
    """The same cards read as language 3 play other games: the old meanings are really in use
    (and the fixture's cards are really played), so the digests below can tell."""
    old = _games(load_sets((FIXTURE,)))
    assert all(set(OLD_CARDS) <= _played(log) for _digest, log in old), "a game leaves a fixture card unplayed"
    folder = _copy(tmp_path)
    manifest = folder / "set.toml"
    manifest.write_text(manifest.read_text(encoding="utf-8").replace("language = 1", "language = 3"), encoding="utf-8")
    scout = folder / "scout-of-the-riddermark.card"
    scout.write_text(
        scout.read_text(encoding="utf-8").replace("provenance rulebook", 'provenance rulebook\n  designed "none"'),
        encoding="utf-8",
    )
    new = _games(load_sets((folder,)))
    assert [d for d, _ in old] != [d for d, _ in new]


# ---------------------------------------------------------------------- the upgrade
def test_upgrade_lints_clean_and_plays_the_same_games(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The issue's test: after 'fmt --upgrade', the set says the current language, lints clean,
    and plays the same seeded games to the digest."""
    before = _games(load_sets((FIXTURE,)))
    folder = _copy(tmp_path)
    assert main(["fmt", "--upgrade", str(folder)]) == 0
    out = capsys.readouterr().out
    assert f"upgraded set '{CODE}' from language 1 to {LANGUAGE_VERSION}" in out
    assert "hoard-of-the-mark.card:9:7: " in out  # each rewrite is said where it was made
    assert f"language = {LANGUAGE_VERSION}" in (folder / "set.toml").read_text(encoding="utf-8")
    assert "(number of cards in hand where cost <= 1) + 1" in (folder / "hoard-of-the-mark.card").read_text(
        encoding="utf-8"
    )
    assert "# language 1 drew from the deck" in (folder / "scout-of-the-riddermark.card").read_text(encoding="utf-8")
    diagnostics, _ = lint_paths([folder])
    assert diagnostics == [], [d.format_text() for d in diagnostics]
    after = _games(load_sets((folder,)))
    assert [digest for digest, _ in after] == [digest for digest, _ in before]
    assert main(["fmt", "--upgrade", str(folder)]) == 0  # a current set is left as it is
    assert "already" in capsys.readouterr().out


def test_upgrade_check_writes_nothing(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    folder = _copy(tmp_path)
    before = {p.name: p.read_text(encoding="utf-8") for p in folder.iterdir()}
    assert main(["fmt", "--upgrade", "--check", str(folder)]) == 1
    assert "would upgrade set 'old-ways'" in capsys.readouterr().out
    assert {p.name: p.read_text(encoding="utf-8") for p in folder.iterdir()} == before


@pytest.mark.parametrize(
    ("body", "line", "what"),
    [
        (("reveal 1 card as R", "for each card in hand as R {", "  discard R", "}", "destroy R"), 9, "given again"),
        (("draw 1 card", "play a card from hand as P", "destroy P"), 9, "named no cards"),
        (("reveal 1 card as R", "at end of turn {", "  destroy R", "}"), 9, "later block"),
        (("draw all cards from discard pile",), 8, "'draw all'"),
    ],
)
def test_upgrade_names_each_place_a_person_must_check_and_writes_nothing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], body: tuple[str, ...], line: int, what: str
) -> None:
    folder = tmp_path / "old"
    folder.mkdir()
    (folder / "set.toml").write_text('code = "old"\nname = "Old"\nlanguage = 1\n', encoding="utf-8")
    text = _probe(*body)
    (folder / "probe.card").write_text(text, encoding="utf-8")
    assert main(["fmt", "--upgrade", str(folder)]) == 1
    err = capsys.readouterr().err
    assert f"probe.card:{line}:" in err and what in err and "(needs a person)" in err, err
    assert "not upgraded" in err
    assert (folder / "probe.card").read_text(encoding="utf-8") == text
    assert "language = 1" in (folder / "set.toml").read_text(encoding="utf-8")


def test_sets_of_different_versions_mix_in_one_game() -> None:
    """The shipped sets (the current language) and the language-1 fixture load and play together,
    each read with its own meanings."""
    catalogue = load_sets((FIXTURE,))
    assert catalogue.sets[CODE].language == 1
    assert {info.language for info in catalogue.sets.values()} == {1, LANGUAGE_VERSION}
    (digest, log), *_ = _games(catalogue)
    assert digest and log


def test_a_set_for_a_newer_language_is_still_refused(tmp_path: Path) -> None:
    folder = tmp_path / "new"
    folder.mkdir()
    (folder / "set.toml").write_text(f'code = "new"\nname = "New"\nlanguage = {LANGUAGE_VERSION + 1}\n', "utf-8")
    diagnostics, _ = lint_paths([folder])
    assert any(d.code == "E160" and d.severity is Severity.ERROR for d in diagnostics)


# ---------------------------------------------------------------------- each old meaning, played
# The language-2 meanings are checked in tests/test_soundness.py; the same scripts, in a set
# written for language 1, do what they did then.
OLD_MEANINGS = {
    "names-kept-in-later-blocks": (
        (
            "play {",
            "  reveal 1 card from deck as X",
            "  put X on bottom of deck",
            "  at end of turn {",
            "    destroy X",
            "  }",
            "}",
        ),
        "maneuver",
        """
        [players.1]
        hand = ["Probe"]
        deck = ["Courage", "Despair"]
        [[do]]
        play = "Probe"
        [[do]]
        end_turn = true
        [expect.shared]
        destroyed = []
        """,
    ),
    "names-scoped-to-blocks": (
        (
            "play {",
            "  reveal 1 card from deck as X",
            "  for each card in hand as X {",
            "    discard X",
            "  }",
            "  destroy X",
            "}",
        ),
        "maneuver",
        """
        [players.1]
        hand = ["Probe", "Courage"]
        deck = ["Courage", "Despair"]
        [[do]]
        play = "Probe"
        [expect.shared]
        destroyed = ["Courage"]
        """,
    ),
    "as-names-cards-acted-on": (
        ("play {", "  play a card from hand as X", "  destroy X", "}"),
        "maneuver",
        """
        [players.1]
        hand = ["Probe", "Courage"]
        [[do]]
        play = "Probe"
        [expect.players.1]
        played = ["Probe", "Courage"]
        [expect.shared]
        destroyed = []
        """,
    ),
    "all-takes-whole-pile": (
        ("play {", '  destroy all cards from deck where name is "Despair"', "}"),
        "maneuver",
        """
        [players.1]
        hand = ["Probe"]
        deck = ["Despair", "Courage", "Despair"]
        [[do]]
        play = "Probe"
        [expect.players.1]
        deck = ["Despair", "Courage"]
        [expect.shared]
        destroyed = ["Despair"]
        """,
    ),
    "trigger-reveals-return": (
        ("when you play a starter {", "  reveal 2 cards from deck", "}"),
        "location",
        """
        [players.1]
        front = ["Probe"]
        hand = ["Courage"]
        deck = ["Despair", "Courage", "Despair"]
        [[do]]
        play = "Courage"
        [expect.players.1]
        deck = ["Despair"]
        """,
    ),
    "draw-from-other-zones": (
        ("play {", "  reveal 2 cards from deck", "  draw 1 card from revealed", "}"),
        "maneuver",
        """
        [players.1]
        hand = ["Probe"]
        deck = ["Courage", "Despair", "Courage"]
        [[do]]
        play = "Probe"
        [expect.players.1]
        hand = ["Courage"]
        """,
    ),
}


@pytest.mark.parametrize("key", sorted(OLD_MEANINGS))
def test_a_language_1_script_does_what_it_did_then(key: str) -> None:
    """Each change of language 2, read by a set that declares language 1: the old behaviour."""
    from card_probes import assert_passes, card_text, run_with

    lines, kind, scenario = OLD_MEANINGS[key]
    probe = card_text("Probe", *lines, kind=kind)
    assert_passes(run_with(scenario, probe, language=1))
    assert not run_with(scenario, probe).passed, "the current meaning would pass too: the test cannot tell"


def test_the_old_meanings_played_cover_every_language_2_change_that_is_not_a_rule() -> None:
    covered = set(OLD_MEANINGS) | {"hero-abilities-run", "rulebook-cards-say-designed"}
    assert {change.key for change in CHANGES if change.version == 2} == covered


# ---------------------------------------------------------------------- every upgrade, on any card
@given(card=strategies.cards())
@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
def test_every_upgrade_writes_a_card_that_parses_back_and_is_done_in_one_go(card: ast.Card) -> None:
    """Whatever a card holds, each change's upgrade gives a card the formatter writes and the
    parser reads back the same, and a second upgrade finds nothing more to rewrite."""
    written = parse(format_script(ast.Script((card,))))  # with the spans a real file has
    vocab = vocabulary()
    for change in CHANGES:
        if change.upgrade is None:
            continue
        upgraded, _notes = change.upgrade(written.cards[0], vocab)
        again = parse(format_script(ast.Script((upgraded,))))
        assert again.cards[0] == upgraded, change.key
        twice, notes = change.upgrade(again.cards[0], vocab)
        assert twice == upgraded, change.key
        assert all(note.needs_person for note in notes), (change.key, notes)


# ---------------------------------------------------------------------- plain fmt keeps old meanings
@pytest.mark.parametrize(
    ("written", "formatted", "power"),
    [
        # the language-2 meaning: a count plus one, which the canonical text writes with brackets
        ("number of cards in hand where cost <= 2 + 1", "(number of cards in hand where cost <= 2) + 1", 3),
        # a bracketed number stays bracketed: unbracketed, language 2 would read it as the count plus one
        ("number of cards in hand where cost <= (2 + 1)", "number of cards in hand where cost <= (2 + 1)", 2),
    ],
)
def test_fmt_of_a_language_2_set_keeps_its_grouping(tmp_path: Path, written: str, formatted: str, power: int) -> None:
    """Plain 'fmt' writes an old set's counts so they keep the grouping their language gave them:
    the card gives the same Power before and after."""
    from card_probes import assert_passes, run_with

    folder = tmp_path / "two"
    folder.mkdir()
    (folder / "set.toml").write_text('code = "two"\nname = "Two"\nlanguage = 2\n', encoding="utf-8")
    card = folder / "probe.card"
    card.write_text(_probe(f"+({written}) power"), encoding="utf-8")
    assert main(["fmt", str(folder)]) == 0
    after = card.read_text(encoding="utf-8")
    assert formatted in after
    scenario = f"""
        [players.1]
        hand = ["Probe", "Courage", "Despair"]
        [[do]]
        play = "Probe"
        [expect]
        power = {power}
        """
    assert_passes(run_with(scenario, _probe(f"+({written}) power"), language=2))
    assert_passes(run_with(scenario, after, language=2))


def test_fmt_leaves_an_old_count_it_cannot_group_alone(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    folder = tmp_path / "two"
    folder.mkdir()
    (folder / "set.toml").write_text('code = "two"\nname = "Two"\nlanguage = 2\n', encoding="utf-8")
    card = folder / "probe.card"
    text = _probe("+(2 * number of cards in hand where cost <= 2 + 1) power")
    card.write_text(text, encoding="utf-8")
    assert main(["fmt", str(folder)]) == 2
    assert "probe.card:8:" in capsys.readouterr().err
    assert card.read_text(encoding="utf-8") == text


def test_a_current_count_whose_test_ends_in_a_sum_is_written_with_brackets() -> None:
    """The canonical text of a language-3 count: the same in every version of the language."""
    text = _probe("let N = number of cards in hand where cost <= 2 + 1", "+N power")
    card = parse_card(text)
    assert "where cost <= (2 + 1)\n" in format_script(ast.Script((card,)))
    assert parse(format_script(ast.Script((card,)))).cards[0] == card


def test_upgrade_leaves_out_a_language_1_heros_ability_that_never_ran(tmp_path: Path) -> None:
    folder = tmp_path / "old"
    folder.mkdir()
    (folder / "set.toml").write_text('code = "old"\nname = "Old"\nlanguage = 1\n', encoding="utf-8")
    hero = _probe().replace("type ally", "type hero\n  deck hero").replace("play {", "ongoing {\n    +1 power")
    (folder / "probe.card").write_text(hero, encoding="utf-8")
    assert sorted(d.code for d in lint_paths([folder])[0]) == ["W211", "W300"]
    assert main(["fmt", "--upgrade", str(folder)]) == 0
    text = (folder / "probe.card").read_text(encoding="utf-8")
    assert "ongoing" not in text and "type hero" in text
    assert lint_paths([folder])[0] == []


# ---------------------------------------------------------------------- language 4's changes
# The fixture ``tests/fixtures/third-ways`` is a language-3 set holding each construct whose
# meaning changed in language 4; seeds whose games play every one of its cards (checked below).
THIRD = Path(__file__).parent / "fixtures" / "third-ways"
THIRD_CARDS = ("Tally of the Hoard", "Toll of the Fords", "Measure of the Road", "Errand of the Mark")
THIRD_SEEDS = (4, 14, 21, 26)


def _third_games(folder: Path) -> list[tuple[str, list[tuple[object, ...]]]]:
    catalogue = load_sets((folder,))
    out = []
    for seed in THIRD_SEEDS:
        config = GameConfig(players=2, seed=seed, sets=("two-towers", "third-ways"), max_turns=200)
        game = DeckbuildingGame(catalogue, config, [HeuristicAgent(seed=seed + i) for i in range(2)])
        game.play_game()
        out.append((game.state.digest(), list(game.state.log)))
    return out


def test_the_language_3_set_lints_clean_as_written_with_only_the_nudge_to_upgrade() -> None:
    diagnostics, _ = lint_paths([THIRD])
    assert [d.code for d in diagnostics] == ["W211"], [d.format_text() for d in diagnostics]


def test_the_language_3_set_plays_with_its_old_meanings(tmp_path: Path) -> None:
    """Read as language 4 (its card-name test written as the count it was, which language 4 would
    refuse as written), the set plays other games: its old meanings are really in use."""
    old = _third_games(THIRD)
    assert all(set(THIRD_CARDS) <= _played(log) for _digest, log in old), "a game leaves a fixture card unplayed"
    folder = tmp_path / "third-ways"
    shutil.copytree(THIRD, folder)
    manifest = folder / "set.toml"
    manifest.write_text(manifest.read_text(encoding="utf-8").replace("language = 3", "language = 4"), "utf-8")
    measure = folder / "measure-of-the-road.card"
    measure.write_text(measure.read_text(encoding="utf-8").replace("<= Drawn", "<= number of Drawn"), "utf-8")
    new = _third_games(folder)
    assert [d for d, _ in old] != [d for d, _ in new]


def test_upgrade_across_language_4_lints_clean_and_plays_the_same_games(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    before = _third_games(THIRD)
    folder = tmp_path / "third-ways"
    shutil.copytree(THIRD, folder)
    assert main(["fmt", "--upgrade", str(folder)]) == 0
    out = capsys.readouterr().out
    assert f"upgraded set 'third-ways' from language 3 to {LANGUAGE_VERSION}" in out
    for where in ("errand-of-the-mark.card:10:", "toll-of-the-fords.card:9:", "tally-of-the-hoard.card:10:"):
        assert where in out
    assert "measure-of-the-road.card:10:41: 'Drawn'" in out
    texts = {path.name: path.read_text(encoding="utf-8") for path in folder.iterdir()}
    assert "on top of its holder's deck" in texts["errand-of-the-mark.card"]
    assert "cost 1 more for opponents\n" in texts["toll-of-the-fords.card"]
    assert "where cost >= (1 / 2) power" in texts["tally-of-the-hoard.card"]
    assert "# language 3 tested the cost" in texts["tally-of-the-hoard.card"]
    assert "where cost <= number of Drawn + 2\n" in texts["measure-of-the-road.card"]
    diagnostics, _ = lint_paths([folder])
    assert diagnostics == [], [d.format_text() for d in diagnostics]
    after = _third_games(folder)
    assert [digest for digest, _ in after] == [digest for digest, _ in before]
    assert main(["fmt", "--upgrade", str(folder)]) == 0
    assert "already" in capsys.readouterr().out


def _upgraded_from_3(text: str, family: str = "deckbuilding") -> tuple[str, list[str]]:
    """A language-3 card's text as 'fmt --upgrade' writes it, and what it says."""
    card, notes = upgrade_card(parse_card(text), vocabulary_for(family), changes_after(3))
    assert not [note for note in notes if note.needs_person]
    return format_script(ast.Script((card,))), [note.message for note in notes]


def _in_front(line: str) -> str:
    return card_text("Probe", "while in front of you {", f"  {line}", "}", kind="location")


_REVEALED = """
    [game]
    players = 2
    [players.1]
    hand = ["Probe"]
    deck = ["Despair"]
    [players.2]
    deck = ["Lembas", "Courage"]
    [[do]]
    play = "Probe"
    [expect.players.1]
    deck = ["Despair", "Courage"]
    [expect.players.2]
    deck = ["Lembas"]
    """

_ENEMIES_OFFERED = """
    [game]
    players = 2
    power = 1
    [players.1]
    front = ["Probe"]
    [shared]
    path = ["Uruk-hai Scouts", "Lembas", "Edoras", "Elven Cloak", "Treebeard"]
    [expect]
    not_offered = ["buy Uruk-hai Scouts"]
    """

_SIX_IN_HAND = """
    [players.1]
    hand = ["Probe", "Courage", "Courage", "Courage", "Courage", "Lembas", "Edoras"]
    [[do]]
    play = "Probe"
    [expect]
    power = 6
    """

_CLIMB = """
    [players.1]
    hand = ["Probe"]
    deck = ["Edoras"]
    [shared]
    path = ["Treebeard", "Horn of Helm Hammerhand", "Lembas"]
    [[do]]
    play = "Probe"
    [expect.players.1]
    discard = ["Lembas"]
    """

LANGUAGE_4_REWRITES = {
    # a card played from another player's reveal goes back on the deck of the player who played it
    "owner-is-whose-card": (
        card_text(
            "Probe",
            "play {",
            "  for each opponent {",
            "    reveal 1 card from deck",
            "  }",
            "  play a card from revealed by any player as Y",
            "  put Y on top of its owner's deck",
            "}",
        ),
        "put Y on top of its owner's deck",
        "put Y on top of its holder's deck",
        _REVEALED,
    ),
    # it changed the opponent's buys, not yours: with one opponent, 4 less for each opponent would
    # make the Uruk-hai Scouts (4) yours for 0 Power
    "cost-for-each-counts": (
        _in_front("all enemies cost 4 less for each opponent"),
        "for each opponent",
        "all enemies cost 4 less for opponents\n",
        _ENEMIES_OFFERED,
    ),
    # six cards in hand all cost at least 1 / 2 = 0 (the count halved would be 1)
    "arithmetic-after-test-works-on-count": (
        card_text("Probe", "play {", "  +number of cards in hand where cost >= 1 / 2 power", "}"),
        "where cost >= 1 / 2 power",
        "where cost >= (1 / 2) power",
        _SIX_IN_HAND,
    ),
    # one card revealed: costs up to 3, so Lembas is the one card to gain (not up to Edoras's cost + 2)
    "card-name-in-test-refused": (
        card_text(
            "Probe", "play {", "  reveal 1 card from deck as X", "  gain a card from path where cost <= X + 2", "}"
        ),
        "where cost <= X + 2",
        "where cost <= number of X + 2\n",
        _CLIMB,
    ),
}


@pytest.mark.parametrize("key", sorted(LANGUAGE_4_REWRITES))
def test_each_language_4_upgrade_writes_the_old_meaning_and_plays_the_same(key: str) -> None:
    """The card as written does its language-3 thing in a set of language 3; its upgrade says so
    once, writes the spelling of the old meaning, and does the same at the current language,
    where the card as written would not (it does otherwise, or is refused)."""
    written, before, after, scenario = LANGUAGE_4_REWRITES[key]
    assert before in written
    upgraded, said = _upgraded_from_3(written)
    assert after in upgraded and before not in upgraded, upgraded
    assert len(said) == 1, said
    assert_passes(run_with(scenario, written, language=3))
    assert_passes(run_with(scenario, upgraded))
    refused = [code for code in codes(written) if code.startswith("E")]
    assert refused or not run_with(scenario, written).passed, "the new meaning would pass too: the test cannot tell"
    assert _upgraded_from_3(upgraded) == (upgraded, []), "a second upgrade finds nothing"


def test_the_card_games_owners_pile_is_not_rewritten() -> None:
    """The Card Game's 'put' always put a card into its true owner's pile (it honours no holder's
    reading): 'its owner's hand' there is left as it is."""
    text = (Path(__file__).parent.parent / "cardscripts" / "lcg-core" / "gandalfs-search.card").read_text("utf-8")
    card = parse_card(text)
    assert "its owner's hand" in text
    assert upgrade_card(card, vocabulary_for("lcg"), changes_after(3)) == (card, [])


def test_a_name_the_card_also_gives_a_number_is_left_to_a_person() -> None:
    text = card_text(
        "Probe",
        "play {",
        "  let X = 2",
        "  reveal 1 card from deck as X",
        "  gain a card from path where cost <= X + 2",
        "}",
    )
    _card, notes = upgrade_card(parse_card(text), vocabulary(), changes_after(3))
    assert [(note.span.line, note.needs_person) for note in notes] == [(10, True)]


def test_an_old_count_divided_after_its_test_is_read_bracketed_without_a_finding() -> None:
    """A language-3 set reads the count through its upgrade: the '/ 2' is the test's, as the
    bracket the upgrade writes says, so there is nothing to flag; at language 4 it is flagged."""
    text = card_text("Probe", "play {", "  +number of cards in hand where cost >= 1 / 2 power", "}")
    assert [d.code for d in _compiled(text, 3).diagnostics] == []
    assert [d.code for d in _compiled(text, LANGUAGE_VERSION).diagnostics] == ["W310"]


def test_every_shipped_set_and_example_is_current(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """'fmt --upgrade' leaves the sets the project ships as they are: they are written for the
    current language."""
    root = Path(__file__).parent.parent
    folders = sorted(path.parent for path in (root / "cardscripts").glob("*/set.toml"))
    folders += sorted(path.parent for path in (root / "examples").rglob("set.toml"))
    assert folders
    for folder in folders:
        upgrade = plan(folder)
        assert upgrade.language == LANGUAGE_VERSION and not upgrade.rewritten and not upgrade.notes, folder
