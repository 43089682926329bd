"""Deck lists: the plain text format of the starter decks and of deck-building websites' exports.

The deck rules checked here are those of The Lord of the Rings: The Card Game's core rulebook
("Deck Building" and its tournament rules: at most three copies of a title, at most three
heroes, each hero once, 50 cards for tournament play; a card of any sphere is allowed), with made-up card facts:
the rules do not depend on which cards they are.
"""

from __future__ import annotations

from pathlib import Path

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from lotr_rules.cards.decklist import (
    DeckCardFacts,
    check_deck,
    load_deck_list,
    parse_deck_list,
    read_deck_list,
)
from lotr_rules.datafiles import DataFileError
from lotr_rules.limits import MAX_DECK_LINE_COPIES, MAX_DECK_LINES


@attrs.frozen
class Facts:
    is_hero: bool
    sphere: str | None


CARDS: dict[str, DeckCardFacts] = {
    "Strider": Facts(True, "leadership"),
    "Axe Bearer": Facts(True, "tactics"),
    "Old Scholar": Facts(True, "lore"),
    "Wandering Sage": Facts(True, "spirit"),
    "Gate Guard": Facts(False, "leadership"),
    "Hill Scout": Facts(False, "tactics"),
    "Grey Wanderer": Facts(False, None),
    "Quiet Study": Facts(False, "lore"),
}


def problems_of(text: str, **rules: int) -> list[str]:
    deck = parse_deck_list(text, "deck.txt")
    found = [str(problem) for problem in deck.problems]
    found += [str(problem) for problem in check_deck(deck, CARDS.get, CARDS, **rules)]
    return found


STARTER = """\
Leadership and tactics

Heroes
1x Strider
1x Axe Bearer

Allies (7)
3x Gate Guard
3x Hill Scout
1x Grey Wanderer
"""


def test_a_starter_deck_reads_with_its_heroes_apart() -> None:
    deck = parse_deck_list(STARTER, "deck.txt")
    assert deck.problems == ()
    assert deck.title == "Leadership and tactics"
    assert [line.name for line in deck.heroes] == ["Strider", "Axe Bearer"]
    assert deck.copies() == {"Gate Guard": 3, "Hill Scout": 3, "Grey Wanderer": 1}
    assert deck.size == 7
    assert check_deck(deck, CARDS.get, CARDS) == []


def test_a_website_export_reads_the_same_deck() -> None:
    exported = """\
Leadership and tactics

Main Deck
Hero (2)
1x Strider (Core Set)
1x Axe Bearer (Core Set)

Ally (7)
3 x Gate Guard (Core Set)
3× Hill Scout (Core Set)
Grey Wanderer x1

Sideboard
2x Quiet Study (Core Set)

Total Cards: (7)
Cards up to Core Set
"""
    deck = parse_deck_list(exported, "deck.txt")
    assert deck.problems == ()
    starter = parse_deck_list(STARTER, "deck.txt")
    assert [line.name for line in deck.heroes] == [line.name for line in starter.heroes]
    assert deck.copies() == starter.copies()
    assert [line.product for line in deck.heroes] == ["Core Set", "Core Set"]
    assert [(line.name, line.count) for line in deck.sideboard] == [("Quiet Study", 2)]


def test_a_byte_order_mark_and_comments_are_accepted() -> None:
    deck = parse_deck_list("\ufeff# my deck\n// another comment\nHeroes:\n1x Strider\n", "deck.txt")
    assert deck.problems == () and [line.name for line in deck.heroes] == ["Strider"]


def test_a_card_written_without_its_count_is_a_problem_not_a_skipped_line() -> None:
    found = problems_of("Heroes\n1x Strider\nAllies\nGate Guard\n")
    assert found[0] == (
        "deck.txt:4:1: this line is neither a card nor a heading"
        " (write a card as '1x Gate Guard', a heading as 'Gate Guard:')"
    )


def test_every_problem_is_reported_with_its_position_not_only_the_first() -> None:
    found = problems_of("Heroes\n1x Strider\n1x Axe Bearer\nAllies\n0x Gate Guard\n3x Gate Gaurd\n4x Hill Scout\n")
    assert found == [
        "deck.txt:5:1: a line gives 1 to 99 copies of a card, not 0",
        "deck.txt:6:4: no card is named 'Gate Gaurd' (did you mean 'Gate Guard'?)",
        "deck.txt:7:4: a deck has at most 3 copies of 'Hill Scout', this one 4",
    ]


def test_copies_of_a_title_over_several_lines_are_added_up() -> None:
    found = problems_of("Heroes\n1x Strider\n1x Axe Bearer\nAllies\n2x Gate Guard\n2x Gate Guard\n")
    assert found == ["deck.txt:6:4: a deck has at most 3 copies of 'Gate Guard', this one 4"]


def test_a_card_of_a_sphere_no_hero_has_is_legal() -> None:
    """Rules reference, Deck Building: a deck may hold player cards of any sphere (and neutral
    ones); a card no hero's resource icon matches only cannot be paid for. Only more than three
    copies of a title, too many heroes and a hero twice are refused."""
    found = problems_of("Heroes\n1x Strider\nAllies\n3x Hill Scout\n1x Grey Wanderer\n2x Quiet Study\n")
    assert found == []


def test_a_hero_twice_too_many_heroes_and_heroes_in_the_wrong_section() -> None:
    text = (
        "Heroes\n1x Strider\n1x Strider\n1x Axe Bearer\n1x Old Scholar\n1x Wandering Sage\n1x Gate Guard\n"
        "Allies\n1x Strider\n"
    )
    assert problems_of(text) == [
        "deck.txt:3:4: a deck has one copy of a hero at most, and 'Strider' is here twice",
        "deck.txt:7:4: 'Gate Guard' is not a hero: list it with the other cards",
        "deck.txt:6:4: a deck has at most 3 heroes, this one 4",
        "deck.txt:9:4: 'Strider' is a hero: list it under the 'Heroes' heading",
    ]


def test_a_deck_without_heroes_says_where_they_go() -> None:
    assert problems_of("Allies\n1x Gate Guard\n") == [
        "deck.txt:2:4: the deck lists no heroes (put them under a 'Heroes' heading)"
    ]


def test_the_tournament_minimum_is_checked_only_when_asked() -> None:
    assert problems_of(STARTER) == []
    assert problems_of(STARTER, minimum_cards=50) == [
        "deck.txt:10:4: a tournament deck has at least 50 cards besides its heroes, this one 7"
    ]


def test_huge_counts_and_huge_lists_are_findings_in_bounded_time() -> None:
    digits = "9" * 5000
    assert problems_of(f"Heroes\n1x Strider\nAllies\n{digits}x Gate Guard\n")[0].startswith(
        f"deck.txt:4:1: a line gives 1 to {MAX_DECK_LINE_COPIES} copies of a card, not 999999...(5000 digits)"
    )
    deck = parse_deck_list("1x Gate Guard\n" * (MAX_DECK_LINES + 1), "deck.txt")
    assert [str(problem) for problem in deck.problems] == [
        f"deck.txt:{MAX_DECK_LINES + 1}:1: a deck list has at most {MAX_DECK_LINES} lines"
    ]


def test_a_deck_file_is_read_safely_and_its_first_problem_is_the_error(tmp_path: Path) -> None:
    path = tmp_path / "deck.txt"
    path.write_text("Heroes\n1x Strider\nAllies\nGate Guard\nHill Scout\n", encoding="utf-8")
    with pytest.raises(DataFileError) as raised:
        load_deck_list(path)
    assert str(raised.value).endswith("deck.txt:4:1: this line is neither a card nor a heading (and 1 more problem)")
    path.write_bytes(b"Heroes\n1x Str\xffider\n")
    with pytest.raises(DataFileError, match="not UTF-8"):
        read_deck_list(path)
    path.write_text(STARTER, encoding="utf-8")
    assert load_deck_list(path).size == 7


@given(st.text(max_size=400))
def test_any_text_reads_as_a_deck_list_with_problems_never_an_exception(text: str) -> None:
    deck = parse_deck_list(text, "deck.txt")
    check_deck(deck, CARDS.get, CARDS, minimum_cards=50)
    for problem in deck.problems:
        assert problem.span.line >= 1 and problem.span.column >= 1
