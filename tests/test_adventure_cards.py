"""The Adventure Deck's card set: what the rulebook fixes (54 cards and a beginning card, the
names of its FAQ, directions of 1 to 5 cards, aggression 0 to 3) and what is designed (and marked
so); and that the deck-building sets and their language are as they were."""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import pytest

from lotr_rules.cards.loader import load_sets
from lotr_rules.diagnostics import Severity
from lotr_rules.engine.cards import CardDef
from lotr_rules.games import vocabulary_for
from lotr_rules.lint.runner import lint_paths

#: Rulebook, The Card Effects (FAQ): every card it names, spelt as its headings spell them
FAQ_NAMES = (
    "Aragorn",
    "Witch King",
    "Galadriel",
    "Gollum",
    "Arwen",
    "Shelob's Lair",
    "Faramir",
    "Gandalf",
    "The Rohirrim",
    "Legolas",
    "Gimli",
    "Osgiliath",
    "Treebeard",
    "Troll",
    "Goblins",
    "Sauron",
    "A Thick Fog in the Woods",
    "Into the Caves",
    "Isengard Gates",
    "The Marshes",
    "The Mountain Path",
    "The Old Tavern",
    "Wondering in the Woods",
    "Minas Tirith",
    "Rinvendale",
    "Cross Roads",
)

#: Rulebook, The Card Effects (FAQ): the cards whose effect depends on the way travelled next,
#: and that way (going left lifts the fog, going straight on passes the gates, ...)
CONDITIONED = {
    "A Thick Fog in the Woods": "left",
    "Into the Caves": "right",
    "Isengard Gates": "up",
    "The Marshes": "right",
    "The Mountain Path": "up",
    "The Old Tavern": "up",
    "Wondering in the Woods": "up",
}

#: the deck-building sets as they were when the Adventure Deck came: card definitions and copies
DECKBUILDING_SETS = {"fellowship": (101, 233), "two-towers": (92, 250)}


def adventure_cards() -> list[CardDef]:
    return [card for card in load_sets(vocabulary=vocabulary_for("adventure-deck")).cards]


def by_name() -> dict[str, CardDef]:
    return {card.name: card for card in adventure_cards()}


def test_the_set_is_54_quest_cards_and_a_beginning_card() -> None:
    """Rulebook, Game Components: a deck of 54 cards and one beginning card."""
    cards = adventure_cards()
    assert {card.set_code for card in cards} == {"adventure-deck"}
    beginnings = [card for card in cards if card.deck == "beginning"]
    assert len(beginnings) == 1
    assert beginnings[0].copies == 1
    quest = [card for card in cards if card.deck == "main"]
    assert len(quest) + len(beginnings) == len(cards)
    assert sum(card.copies for card in quest) == 54


def test_the_beginning_card_offers_1_or_3() -> None:
    """Rulebook, Set Up: the first way taken from the beginning card is one card or three."""
    (beginning,) = [card for card in adventure_cards() if card.deck == "beginning"]
    assert sorted(count for _way, count in beginning.directions) == [1, 3]


@pytest.mark.parametrize("name", FAQ_NAMES)
def test_every_card_the_faq_names_exists(name: str) -> None:
    """Rulebook, The Card Effects (FAQ): each entry's card is in the set, under the rulebook's
    spelling (its printed headings: "Rinvendale", not the body's "Rivendale"; "Cross Roads";
    "Wondering in the Woods"; but "The Rohirrim", where the heading prints "The Rohirim"), and it
    is a quest-deck card scripted from the rulebook."""
    cards = by_name()
    assert name in cards, f"no card named {name!r}"
    card = cards[name]
    assert card.deck == "main"
    assert card.provenance == "rulebook"


def test_the_cards_not_in_the_faq_are_designed() -> None:
    """Rulebook, Game Components: 54 cards, but the FAQ names fewer; the others (the FAQ allows
    cards with no effect at all) are designed, and say so."""
    others = [card for card in adventure_cards() if card.name not in FAQ_NAMES and card.deck == "main"]
    assert others
    for card in others:
        assert card.provenance == "designed", card.name


def test_cross_roads_have_no_effect() -> None:
    """Rulebook, The Card Effects (FAQ), Cross Roads: the card has no effect."""
    card = by_name()["Cross Roads"]
    assert not card.abilities
    assert not card.triggers


@pytest.mark.parametrize("card", adventure_cards(), ids=lambda card: card.id)
def test_every_card_has_directions_and_an_aggression(card: CardDef) -> None:
    """Rulebook, Game Overview: a card's ways are among up, left and right, each taking 1 to 5
    cards, and its aggression is 0 to 3."""
    ways = [way for way, _count in card.directions]
    assert 1 <= len(ways) <= 3, card.name
    assert len(set(ways)) == len(ways), card.name
    assert set(ways) <= {"left", "up", "right"}, card.name
    assert all(1 <= count <= 5 for _way, count in card.directions), card.name
    assert 0 <= card.aggression <= 3, card.name
    assert card.copies >= 1


@pytest.mark.parametrize("card", adventure_cards(), ids=lambda card: card.id)
def test_provenance_and_notes_say_what_is_designed(card: CardDef) -> None:
    """Rulebook, Card Anatomy (directions, aggression and effects are what matters) and The Card
    Effects (FAQ): a card scripted from the rulebook has notes saying which of its parts are
    designed (the rulebook gives no card's directions or aggression); a designed card says it
    is designed."""
    assert card.provenance in ("rulebook", "designed")
    assert card.notes, card.name
    assert "designed" in card.notes or "ours" in card.notes, card.name
    assert card.text, card.name
    if card.provenance == "rulebook" and card.deck == "main":
        assert "effect is the rulebook's" in card.notes, card.name
        for part in ("directions", "aggression"):
            assert part in card.notes, (card.name, part)
    if card.provenance == "designed":
        assert "designed" in card.notes, card.name


def script_text(card: CardDef) -> str:
    path = Path(card.source_path)
    assert path.is_file(), card.source_path
    return path.read_text(encoding="utf-8")


@pytest.mark.parametrize(("name", "way"), sorted(CONDITIONED.items()))
def test_direction_conditioned_cards_offer_that_direction(name: str, way: str) -> None:
    """Rulebook, The Card Effects (FAQ), A Thick Fog in the Woods, Into the Caves, Isengard
    Gates, The Marshes, The Mountain Path, The Old Tavern, Wondering in the Woods: each acts on
    the way travelled from it, so it offers the way its condition names, and another one (else
    the condition would decide nothing); its script tests that way."""
    card = by_name()[name]
    ways = [direction for direction, _count in card.directions]
    assert way in ways, f"{name} does not offer {way}: {ways}"
    assert len(ways) >= 2
    assert re.search(rf"direction is (not )?{way}\b", script_text(card)), name


def test_every_condition_in_a_script_names_an_offered_direction() -> None:
    """Rulebook, Game Overview, Crossroads: the ways on are the card's own: a script that tests
    the way travelled from it tests one its card offers."""
    for card in adventure_cards():
        if not card.source_path:
            continue
        for named in re.findall(r"direction is (?:not )?(\w+)", script_text(card)):
            assert named in [way for way, _count in card.directions], (card.name, named)


def test_the_deckbuilding_sets_load_unchanged() -> None:
    """The deck-building sets did not change with the Adventure Deck: the same sets, the same
    number of cards and copies, and none of the adventure fields."""
    catalogue = load_sets()
    assert sorted(catalogue.sets) == sorted(DECKBUILDING_SETS)
    definitions = Counter(card.set_code for card in catalogue.cards)
    copies = Counter(card.set_code for card in catalogue.cards for _ in range(card.copies))
    assert {code: (definitions[code], copies[code]) for code in definitions} == DECKBUILDING_SETS
    for card in catalogue.cards:
        assert "aggression" not in card.family_fields and not card.effect_always, card.name
    assert all(info.family == "deckbuilding" for info in catalogue.sets.values())


def test_the_adventure_set_stays_out_of_the_deckbuilding_catalogue() -> None:
    """Each family loads only its own sets: no adventure card among the deck-building ones."""
    names = {card.name for card in load_sets().cards}
    assert "Cross Roads" not in names and "Rinvendale" not in names


def write_set(folder: Path, family: str, card: str) -> Path:
    folder.mkdir()
    (folder / "set.toml").write_text(f'code = "{folder.name}"\nname = "Test"\nlanguage = 5\nfamily = "{family}"\n')
    (folder / "test.card").write_text(card)
    return folder


DECKBUILDING_CARD = """card "Test" {{
  id test
  type ally
  provenance designed
  text "A test card."
{body}}}
"""

ADVENTURE_CARD = """card "Test" {{
  id test
  type place
  aggression 1
  directions left 2 up 3
  provenance designed
  text "A test card."
{body}}}
"""


def error_codes(folder: Path) -> list[str]:
    diagnostics, files = lint_paths([folder])
    assert files == 1
    return [d.code for d in diagnostics if d.severity is Severity.ERROR]


def test_a_clean_deckbuilding_card_lints_clean(tmp_path: Path) -> None:
    """The counter-check of the E119 tests: the same card with a deck-building body is clean."""
    folder = write_set(
        tmp_path / "allies", "deckbuilding", DECKBUILDING_CARD.format(body="  play {\n    draw 1\n  }\n")
    )
    assert error_codes(folder) == []


@pytest.mark.parametrize(
    "body",
    [
        "  play {\n    next turn {\n      draw 1\n    }\n  }\n",
        "  play {\n    add 1 token to armor\n  }\n",
        "  effect {\n    draw 1\n  }\n",
        "  directions left 2 up 3\n",
    ],
    ids=["next turn", "add token", "effect ability", "directions"],
)
def test_adventure_constructs_in_a_deckbuilding_card_are_e119(tmp_path: Path, body: str) -> None:
    """The language's adventure constructs are not part of the deck-building games: the linter
    reports E119 for each in a set whose family is deckbuilding."""
    folder = write_set(tmp_path / "allies", "deckbuilding", DECKBUILDING_CARD.format(body=body))
    assert error_codes(folder) == ["E119"]


def test_a_clean_adventure_card_lints_clean(tmp_path: Path) -> None:
    """The counter-check of the E123 test: a known counter is clean."""
    folder = write_set(
        tmp_path / "journey",
        "adventure-deck",
        ADVENTURE_CARD.format(body="  effect {\n    add 1 token to armor\n  }\n"),
    )
    assert error_codes(folder) == []


def test_an_unknown_counter_in_an_adventure_card_is_e123(tmp_path: Path) -> None:
    """An adventure card putting tokens on a counter the game does not keep gets E123."""
    folder = write_set(
        tmp_path / "journey",
        "adventure-deck",
        ADVENTURE_CARD.format(body="  effect {\n    add 1 token to ring wraith track\n  }\n"),
    )
    assert error_codes(folder) == ["E123"]


def test_the_shipped_adventure_set_lints_clean() -> None:
    """The shipped set itself has no error."""
    folder = Path(adventure_cards()[0].source_path).parent
    diagnostics, files = lint_paths([folder])
    assert files == len(adventure_cards())
    assert [d.format_text() for d in diagnostics if d.severity is Severity.ERROR] == []
