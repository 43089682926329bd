"""A player's own Card Game decks: deck lists kept anywhere are linted and played, names are
matched as players type them, ``lint --tournament`` holds a deck to the tournament minimum, and
``cards --game lcg`` filters the pool by sphere, trait and cost.

Deck-building rules: the core rulebook's "The Player Deck" section (at most three copies of a
title; a card of any sphere may be included) and the publisher's Rules Reference ("Deck
Building": at least 50 cards for tournament play)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from lotr_rules.cards.decklist import parse_deck_list
from lotr_rules.cards.loader import load_sets
from lotr_rules.cli import main
from lotr_rules.games import vocabulary_for
from lotr_rules.games.lcg.files import Records, canonical_names, folded, player_deck
from lotr_rules.resources import cardscripts_dir

MINI = Path(__file__).resolve().parent / "data" / "lcg-mini"
CORE_DECKS = cardscripts_dir() / "lcg-core" / "decks"


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_names_are_matched_as_players_type_them() -> None:
    assert folded("Glóin") == folded("gloin") == folded("GLOIN ")
    assert folded("Lórien’s Wealth") == folded("Lorien's  Wealth")
    cards = Records(load_sets(vocabulary=vocabulary_for("lcg"))).cards
    deck = parse_deck_list("Heroes\n1x gloin\n1x ARAGORN (Core Set)\n\nAllies\n2x guard of the citadel\n")
    fixed = canonical_names(deck, cards)
    assert [line.name for line in fixed.heroes] == ["Glóin", "Aragorn"]
    assert [line.name for line in fixed.cards] == ["Guard of the Citadel"]
    assert fixed.heroes[0].span == deck.heroes[0].span  # findings still point at the line


def test_a_deck_list_anywhere_is_linted_as_a_deck(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    deck = tmp_path / "my deck.txt"
    deck.write_text("My deck\nHeroes\n1x Aragorn (Core Set)\n1x Theodred\n\nAllies\n4x Guard of the Citadl\n")
    code, out, _ = run(capsys, "lint", str(deck))
    assert code == 0  # an unknown name is a warning: the deck may name cards still to be written
    assert "my deck.txt:7:4: W220 no card is named 'Guard of the Citadl'" in out
    assert "(did you mean 'Guard of the Citadel'?)" in out
    assert "E001" not in out  # never read as a card script
    deck.write_text("Heroes\n1x Aragorn\n1x Théodred\n\nAllies\n4x Guard of the Citadel\n")
    code, out, _ = run(capsys, "lint", str(deck))
    assert code == 1
    assert "my deck.txt:6:4: E193 a deck has at most 3 copies of 'Guard of the Citadel', this one 4" in out


def test_lint_tournament_asks_for_fifty_cards(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    deck = tmp_path / "small.txt"
    deck.write_text("Heroes\n1x Aragorn\n\nAllies\n3x Guard of the Citadel\n")
    code, out, _ = run(capsys, "lint", str(deck))
    assert code == 0 and "tournament" not in out
    code, out, _ = run(capsys, "lint", "--tournament", str(deck))
    assert code == 1
    assert "small.txt:5:4: E193 a tournament deck has at least 50 cards besides its heroes, this one 3" in out


def test_a_deck_with_names_typed_loosely_plays(tmp_path: Path) -> None:
    deck = tmp_path / "mine.txt"
    deck.write_text("Heroes\n1x mini captain\n\nAllies\n3x MINI SPEARMAN\n")
    catalogue = load_sets((MINI,), vocabulary=vocabulary_for("lcg"))
    made = player_deck(deck, catalogue)
    assert [h.name for h in made.heroes] == ["Mini Captain"]
    assert [c.name for c in made.deck] == ["Mini Spearman"] * 3


def test_cards_filters_the_pool(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "cards", "--game", "lcg", "--sphere", "lore", "--cost", "0-1")
    names = [line.split("  ")[0] for line in out.splitlines()[1:-1]]
    assert code == 0 and names and "Henamarth Riversong" in names
    rows = out.splitlines()[1:-1]
    assert all(re.search(r"\blore\b", row) for row in rows)
    code, out, _ = run(capsys, "cards", "--game", "lcg", "--trait", "Dol Guldur")
    assert {"Dol Guldur Orcs", "Necromancer's Pass"} <= {line.split("  ")[0] for line in out.splitlines()}
    code, out, _ = run(capsys, "cards", "--game", "lcg", "--cost", "5+", "--type", "ally")
    assert "Gandalf" in out and "Guard of the Citadel" not in out
    code, out, _ = run(capsys, "cards", "--game", "lcg", "--sphere", "shadow")
    assert out.strip() == "no card matches these filters"


@pytest.mark.parametrize(
    ("spec", "message"),
    [("x", "'x' is not a cost: write N, N-M or N+"), ("3-1", "'3-1' goes from 3 down to 1: write 1-3")],
)
def test_a_bad_cost_filter_is_a_clear_error(capsys: pytest.CaptureFixture[str], spec: str, message: str) -> None:
    with pytest.raises(SystemExit) as stop:
        main(["cards", "--game", "lcg", "--cost", spec])
    assert stop.value.code == 2
    assert message in capsys.readouterr().err


def test_card_list_cards_say_where_they_come_from(capsys: pytest.CaptureFixture[str]) -> None:
    """The core set's cards take their facts from the public card list, not from a rulebook:
    tables and show say so."""
    _, out, _ = run(capsys, "cards", "--game", "lcg", "--sphere", "leadership", "--type", "hero")
    assert re.search(r"^Aragorn .* card list$", out, re.M)
    assert out.splitlines()[-1].endswith("with the effect the card list gives")
    _, out, _ = run(capsys, "show", "Aragorn")
    assert "provenance: card list" in out


# ---------------------------------------------------------------------- the designed deck
def test_the_designed_deck_lints_clean_for_tournament_play(capsys: pytest.CaptureFixture[str]) -> None:
    """The shipped leadership and spirit deck is ours, and says so in its file; it keeps the
    deck-building rules, the tournament's 50 cards included."""
    path = CORE_DECKS / "leadership-spirit.txt"
    text = path.read_text(encoding="utf-8")
    assert "Designed by lotr_rules, not a deck of the core rulebook" in text
    code, out, _ = run(capsys, "lint", "--tournament", "--strict", str(path))
    assert code == 0, out
    assert "no problems" in out


def test_the_designed_deck_is_found_by_name_and_plays_a_whole_game(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(
        capsys,
        "game",
        "--game",
        "lcg",
        "--scenario",
        "passage-through-mirkwood",
        "--decks",
        "leadership-spirit",
        "--seed",
        "4",
    )
    assert code == 0, err
    assert out.startswith("Passage Through Mirkwood, seed 4: Player 1 leadership-spirit\n")
    assert "Player 1 commits Éowyn to the quest" in out
    assert re.search(r"^The players (won|lost): ", out, re.M)
